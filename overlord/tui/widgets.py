"""The game screen's widgets: the map, the side panel, the prompt, the status line and the log."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Callable

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ..engine.events import (CombatResult, DropResult, Event, GameEnded, Landed, LogisticsReport, MarkerDestroyed,
                             PhaseStarted, SettingChosen, TurnEnded, UnitEliminated)
from ..engine.hexgrid import Hex
from .maprender import Layout, MapOptions, render_map
from .wording import event_text

if TYPE_CHECKING:
    from ..engine.game import Game


class MapView(Widget):
    """The hex map, drawn in the layout its screen chose; a click on a position is posted as Clicked."""

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

    def render(self) -> Text:
        session = getattr(self.app, "session", None)
        if session is None:
            return Text("")
        opts = self.options()
        self.layout_drawn = Layout.of(session.game, opts.cell, opts.tall)
        return render_map(session.game, opts)

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
        """Update only on a change: every update costs the screen a new layout."""
        if content != self.shown:
            self.shown = content
            self.update(content)


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

    def add(self, event: Event) -> None:
        session = getattr(self.app, "session", None)
        line = event_line(event, session.game if session is not None else None)
        self.entries.append(line)
        if self.wrapped_at:
            self.write(line, width=self.wrapped_at)

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width and width != self.wrapped_at:
            self.wrapped_at = width
            self.clear()
            for line in self.entries:
                self.write(line, width=width, scroll_end=False)
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)  # the newest in view


STRONG = (CombatResult, DropResult, Landed, UnitEliminated, MarkerDestroyed, GameEnded)


def event_line(event: Event, game: Game | None = None) -> Text:
    text = event_text(event, game)
    if isinstance(event, PhaseStarted):
        return Text(f"-- {text} --", style="bold reverse" if event.phase == "logistics" else "bold")
    if isinstance(event, (TurnEnded, LogisticsReport)):
        return Text(text, style="italic")
    if isinstance(event, SettingChosen):
        return Text(text, style="dim")
    return Text(text, style="bold" if isinstance(event, STRONG) else "")
