"""Every rulebook chart, as the game uses it (the same text as ``overlord charts``)."""

from __future__ import annotations

import re

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..engine.data import cached_data
from ..reports import CHARTS, chart_names, render_chart
from .keybar import QUIET_GAME_KEYS, KeyBar
from .styles import GAME_CSS


def chart_renderable(text: str) -> Group:
    """A chart as the command prints it, made to fit any width: its tables become tables whose cells wrap,
    its notes wrap as paragraphs. A table is a header line, a line of dashes under each column, and the
    rows after it whose every gap between columns is blank."""
    lines = text.splitlines()
    parts: list[RenderableType] = [Text(lines[0], style="bold")]  # the chart's title
    i = 1
    while i < len(lines):
        spans = _columns(lines[i + 1]) if i + 1 < len(lines) else []
        if not spans:
            parts.append(Text(lines[i]))
            i += 1
            continue
        rows = [lines[i]]
        i += 2
        while i < len(lines) and lines[i].strip() and _fits(lines[i], spans):
            rows.append(lines[i])
            i += 1
        parts.append(_table(rows, spans))
    return Group(*parts)


def _columns(line: str) -> list[tuple[int, int]]:
    """The columns a line of dashes marks ([] if it is not one): (start, end) of each run of dashes."""
    if not line.strip() or set(line) - {"-", " "}:
        return []
    return [(m.start(), m.end()) for m in re.finditer(r"-+", line)]


def _fits(line: str, spans: list[tuple[int, int]]) -> bool:
    """Whether a line is a row of the table: blank between the columns, and no longer than the table."""
    gaps = [range(end, start) for (_, end), (start, _) in zip(spans, spans[1:])]
    return len(line) <= spans[-1][1] and all(line[x:x + 1] in ("", " ") for gap in gaps for x in gap)


def _table(rows: list[str], spans: list[tuple[int, int]]) -> Table:
    cells = [[row[start:spans[j + 1][0] if j + 1 < len(spans) else None].strip() for j, (start, _) in
              enumerate(spans)] for row in rows]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, collapse_padding=True)
    for j, head in enumerate(cells[0]):
        if all(_numeric(r[j]) for r in cells[1:] if r[j]):  # numbers are never broken: the words wrap instead
            width = max(len(r[j]) for r in cells[1:])
            table.add_column(head, justify="right", no_wrap=True, min_width=width)
        else:
            table.add_column(head, overflow="fold")
    for row in cells[1:]:
        table.add_row(*row)
    return table


def _numeric(cell: str) -> bool:
    return all(ch in "0123456789-/%.:x+ NA" for ch in cell)


LIST_WIDTH = 26  # the list of charts (game.tcss): at 80 columns the longest names are cut
WHOLE_NAMES = 36  # ... where the screen has room, wide enough for every chart's whole name (32) and the list's edges
ROOM_FOR_NAMES = 120  # the screen's width from which it has


class ChartsScreen(ModalScreen[None]):
    CSS_PATH = GAME_CSS
    KEY_HINTS = [("↑/↓", "Chart")]
    BINDINGS = [
        Binding("escape,q,f2", "close", "Close"),
        Binding("pageup", "scroll_body(0, -10)", "Scroll", show=False, priority=True),  # not the list's paging
        Binding("pagedown", "scroll_body(0, 10)", "Scroll", priority=True),
        Binding("left", "scroll_body(-10, 0)", "Scroll", show=False),
        Binding("right", "scroll_body(10, 0)", "Scroll", show=False),
        *QUIET_GAME_KEYS,
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="charts"):
            yield OptionList(*(Option(CHARTS[n], id=n) for n in chart_names()), id="chart-list")
            with ScrollableContainer(id="chart-body", can_focus=False):
                yield Static(id="chart-text")
        yield KeyBar()

    def on_mount(self) -> None:
        menu = self.query_one("#chart-list", OptionList)
        menu.focus()
        menu.highlighted = 0
        self.show(chart_names()[0])

    def on_resize(self, event: Resize) -> None:
        """At 200 columns the names were cut at 24 characters beside a chart using a third of the room."""
        width = WHOLE_NAMES if event.size.width >= ROOM_FOR_NAMES else LIST_WIDTH
        self.query_one("#chart-list", OptionList).styles.width = width

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:  # every option is made with its chart's name for its id
            self.show(event.option.id)

    def show(self, name: str) -> None:
        self.query_one("#chart-text", Static).update(chart_renderable(render_chart(cached_data(), name)))

    def action_scroll_body(self, dx: int, dy: int) -> None:
        body = self.query_one("#chart-body")
        body.scroll_relative(dx, dy, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
