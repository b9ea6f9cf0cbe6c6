"""Every rulebook chart, as the game uses it (the same text as ``overlord charts``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..engine.data import cached_data
from ..reports import CHARTS, chart_names, render_chart
from .keybar import KeyBar
from .styles import GAME_CSS


class ChartsScreen(ModalScreen[None]):
    CSS_PATH = GAME_CSS
    KEY_HINTS = [("↑/↓", "Chart")]
    BINDINGS = [
        Binding("escape,q,f2", "close", "Close"),
        Binding("pageup", "scroll_body(0, -10)", "Scroll", show=False),
        Binding("pagedown", "scroll_body(0, 10)", "Scroll"),
        Binding("left", "scroll_body(-10, 0)", "Scroll", show=False),
        Binding("right", "scroll_body(10, 0)", "Scroll", show=False),
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

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option.id)

    def show(self, name: str) -> None:
        self.query_one("#chart-text", Static).update(Text(render_chart(cached_data(), name), no_wrap=True))

    def action_scroll_body(self, dx: int, dy: int) -> None:
        body = self.query_one("#chart-body")
        body.scroll_relative(dx, dy, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
