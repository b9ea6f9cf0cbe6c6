"""The game screen's widgets: the map, the side panel, the prompt, the status line and the log."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Callable

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ..engine.events import (AttacksHeldBack, CombatResult, DropResult, Event, GameEnded, Landed, LogisticsReport,
                             MarkerDestroyed, MovesHeldBack, PhaseStarted, SettingChosen, TransportAllocated, TurnEnded,
                             UnitEliminated)
from ..engine.hexgrid import Hex
from .maprender import DrawnRows, Layout, MapOptions, map_lines
from .wording import event_text

if TYPE_CHECKING:
    from ..engine.game import Game


class MapView(Widget):
    """The hex map, drawn in the layout its screen chose; a click on a position is posted as Clicked.

    Drawn line by line (Textual's line API), not as one piece of text: a key press redraws the map, and turning
    the whole map into Textual's own text every time was most of a key press's cost. A line keeps its strip
    while it reads the same (most lines of the map do from one press to the next)."""

    can_focus = False

    class Clicked(Message):
        """A position of the map was clicked."""

        def __init__(self, position: Hex) -> None:
            super().__init__()
            self.position = position

    def __init__(self, options: Callable[[], MapOptions], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.options = options
        self.layout_drawn: Layout | None = None  # the geometry of the map last drawn, for clicks
        self.strips: list[Strip] = []  # the lines as drawn, made afresh whenever the widget is refreshed
        self.drawn: dict[tuple[object, ...], Strip] = {}  # a line's text and styles -> its strip, as last drawn
        self.rows = DrawnRows()  # the map's rows as last drawn
        self.base = Style()  # the widget's own style, under every line

    def redraw(self) -> None:
        """Draw the map afresh now, and repaint only the lines that changed (a key press changes a few; a
        refresh repaints them all)."""
        before = self.strips
        if self._dirty_regions or not self.size or not before:
            self.refresh()  # (a whole repaint is due anyway: the map is drawn when it is painted)
            return
        self.draw()
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, (old, new) in enumerate(zip(before, self.strips)) if old is not new]
        if len(before) != len(self.strips):
            self.refresh()
        elif changed:
            self.refresh(*changed)
            self._dirty_regions.clear()  # (they are drawn: what a refresh marks here asks render_line to draw)

    def render_line(self, y: int) -> Strip:
        if self._dirty_regions:  # (a refresh of the whole widget, or of a part, by Textual or by us)
            self.draw()
        return self.strips[y] if y < len(self.strips) else Strip.blank(self.size.width, self.rich_style)

    def draw(self) -> None:
        """The map's lines as strips, a line that reads as it did last time keeping its strip."""
        self._dirty_regions.clear()
        game = self.shown()
        if game is None:
            self.strips = []
            return
        opts = self.options()
        self.layout_drawn = Layout.of(game, opts.cell, opts.tall)
        base, console = self.rich_style, self.app.console
        if base != self.base:  # (the theme changed: every line is made again)
            self.base, self.drawn = base, {}
        drawn: dict[tuple[object, ...], Strip] = {}
        strips = []
        for line in map_lines(game, opts, self.rows):
            key = (line.plain, line.style, *line.spans)
            strip = self.drawn.get(key) or drawn.get(key)
            if strip is None:
                strip = text_strip(line, console, base)
            drawn[key] = strip
            strips.append(strip)
        self.drawn, self.strips = drawn, strips

    def shown(self) -> Game | None:
        """The game the map shows: the one being played (a replay's map shows another)."""
        session = getattr(self.app, "session", None)
        return session.game if session is not None else None

    def on_click(self, event: events.Click) -> None:
        if self.layout_drawn is None:
            return
        position = self.layout_drawn.hex_at(event.x, event.y)
        if position is not None:
            event.stop()
            self.post_message(self.Clicked(position))


class Panel(Static):
    can_focus = False
    shown: Text | str | None = None

    def show(self, content: Text | str) -> None:
        """Update only on a change, and lay the screen out again only when the panel's height may change: a new
        layout costs a key press more than anything else redrawn (the side panel and the status line have
        heights of their own; only the question's follows its lines)."""
        if content == self.shown:
            return
        self.shown = content
        height = self.styles.height
        width = self.content_size.width
        if height is None or not height.is_auto or not width:
            self.update(content, layout=height is None or height.is_auto)
            return
        lines = self.get_content_height(self.size, self.size, width)
        self.update(content, layout=False)
        if self.get_content_height(self.size, self.size, width) != lines:
            self.refresh(layout=True)


class CardPanel(Panel):
    """The side panel: lines that never wrap, each cut to the panel's width, drawn line by line (Textual's line
    API, as the map is). Turning the whole panel into Textual's own text at every key press cost as much as the
    rest of the screen's repaint; a line keeps its strip while it reads the same, and only the lines that
    changed are repainted."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Text] = []
        self.drawn: dict[tuple[object, ...], Strip] = {}  # a line's width, text and styles -> its strip
        self.base = Style()  # the panel's own style, under every line
        # the last line in sight when the lines run on below it, if it is ``more_from`` or a line after it: where the
        # rest is (None: nothing said). At 80x24 the points' rows were cut with no sign, and those in sight did not
        # add up to the total above them; a line of the card above them (a warning) is never put out of sight.
        self.more: Text | None = None
        self.more_from = 0
        self.more_shown: int | None = None  # the line the note stood on when the lines were last shown

    def show(self, content: Text | str) -> None:
        if content == self.shown:
            return
        self.shown = content
        before = self.lines
        text = content if isinstance(content, Text) else Text(content)
        self.lines = list(text.split("\n", allow_blank=True))
        at, self.more_shown = self.more_shown, self.more_at()  # (where the note stood, and stands now)
        if len(before) != len(self.lines) or not self.size or at != self.more_shown:
            self.refresh()
            return
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, (old, new) in enumerate(zip(before, self.lines))
                   if not _same_line(old, new)]
        if changed:
            self.refresh(*changed)

    def render(self) -> Text:
        """What the panel shows, whole (as a Static's render: what the tests and the help read)."""
        return self.shown if isinstance(self.shown, Text) else Text(self.shown or "")

    def more_at(self) -> int | None:
        """The line in sight that says where the rest is (None: the lines fit, or none is said): the last, or the
        points' heading where the last would leave it alone above that word (found by a helper at 80x24)."""
        last = self.content_size.height - 1
        if self.more is None or not self.more_from <= last < len(self.lines) - 1:
            return None
        return last - 1 if self.more_from and last - 1 == self.more_from else last

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.rich_style
        if base != self.base:  # (the theme changed: every line is made again)
            self.base, self.drawn = base, {}
        if y >= len(self.lines) or width <= 0:
            return Strip.blank(width, base)
        line = self.lines[y]
        at = self.more_at()
        if y == at:
            line = self.more or line
        elif at is not None and y > at:
            return Strip.blank(width, base)
        key = (width, line.plain, line.style, *line.spans)
        strip = self.drawn.get(key)
        if strip is None:
            cut = line.copy()
            cut.truncate(width, overflow="ellipsis")
            strip = text_strip(cut, self.app.console, base)
            if len(self.drawn) > 200:  # (cards come and go: the strips of the last few are kept)
                self.drawn.clear()
            self.drawn[key] = strip
        return strip


def text_strip(line: Text, console: Console, base: Style) -> Strip:
    """One line of text as a strip on a widget's own style (the map's lines, the side panel's). A Text renders its
    own style only under its spans, so it is laid under them here (the map's ruler has none)."""
    style = console.get_style(line.style) if line.style else None
    return Strip(Segment.apply_style(line.render(console), style)).apply_style(base)


def _same_line(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans


class MessageLog(RichLog):
    """Every event, newest at the bottom; wrapped to the log's width, and wrapped afresh whenever that changes
    (RichLog wraps a line once, when it is written, and left alone to the console's width)."""

    can_focus = False
    KEEP = 1000

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=self.KEEP, auto_scroll=True,
                         min_width=20, id=id)
        self.entries: deque[Text] = deque(maxlen=self.KEEP)
        self.wrapped_at = 0  # the width the lines shown were wrapped to (0: the log has no size yet)
        self.newest_due = False  # show_newest is to come

    def add(self, event: Event) -> None:
        session = getattr(self.app, "session", None)
        if isinstance(event, TransportAllocated) and session is not None and session.allocation_hidden:
            return  # (the German playing the computer Allies is not told their plan)
        line = event_line(event, session.game if session is not None else None)
        self.entries.append(line)
        if self.wrapped_at:
            self.write(line, width=self.wrapped_at, scroll_end=False)
            self.newest_later()

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width and width != self.wrapped_at:
            self.wrapped_at = width
            self.clear()
            for line in self.entries:
                self.write(line, width=width, scroll_end=False)
        if width:  # the newest in view, at any change of size: made shorter (the question beside it grown taller,
            # the terminal less high), it hid its newest lines, a landing's round among them (found by a helper)
            self.newest_later()

    def newest_later(self) -> None:
        """show_newest once the lines are laid out: once for a burst of events (a computer's turn hurried)."""
        if not self.newest_due:
            self.newest_due = True
            self.call_after_refresh(self.show_newest)

    def show_newest(self) -> None:
        """Scroll to the end; but where the newest entry is taller than the log, to its first line: at 80x24 the log
        may have a line, and a wrapped entry showed its last words alone ("fight its way ashore")."""
        self.newest_due = False
        if not self.entries or not self.wrapped_at or not self.is_mounted:  # (a screen taken down meanwhile)
            return
        taller = len(self.entries[-1].wrap(self.app.console, self.wrapped_at)) - self.scrollable_content_region.height
        self.scroll_to(y=max(0, self.max_scroll_y - max(0, taller)), animate=False, immediate=True)


STRONG = (CombatResult, DropResult, Landed, UnitEliminated, MarkerDestroyed, GameEnded, AttacksHeldBack, MovesHeldBack)


def event_line(event: Event, game: Game | None = None) -> Text:
    text = event_text(event, game)
    if isinstance(event, PhaseStarted):
        return Text(f"-- {text} --", style="bold reverse" if event.phase == "logistics" else "bold")
    if isinstance(event, (TurnEnded, LogisticsReport)):
        return Text(text, style="italic")
    if isinstance(event, SettingChosen):
        return Text(text, style="dim")
    return Text(text, style="bold" if isinstance(event, STRONG) else "")
