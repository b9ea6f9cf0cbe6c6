"""The game screen's widgets: the map, the side panel, the prompt, the status line and the log."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ..engine.events import (CombatResult, DropResult, Event, GameEnded, Landed, LogisticsReport, MarkerDestroyed,
                             PhaseStarted, SettingChosen, TurnEnded, UnitEliminated)
from .maprender import MapOptions, map_height, map_width, render_map


class MapView(Widget):
    """The hex map; it picks the compact or wide drawing to fit its size."""

    can_focus = False

    def __init__(self, options: Callable[[], MapOptions], **kw) -> None:
        super().__init__(**kw)
        self.options = options

    def layout_for(self, width: int, height: int) -> tuple[int, bool]:
        game = self.app.session.game
        cell = 4 if width >= map_width(game, 4) else 2
        tall = cell == 4 and height >= map_height(game, True)
        return cell, tall

    def render(self) -> Text:
        session = getattr(self.app, "session", None)
        if session is None:
            return Text("")
        opts = self.options()
        opts.cell, opts.tall = self.layout_for(self.size.width, self.size.height)
        return render_map(session.game, opts)


class Panel(Static):
    can_focus = False
    shown: Text | str | None = None

    def show(self, content: Text | str) -> None:
        """Update only on a change: every update costs the screen a new layout."""
        if content != self.shown:
            self.shown = content
            self.update(content)


class MessageLog(RichLog):
    """Every event, newest at the bottom."""

    can_focus = False

    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=1000, auto_scroll=True, **kw)

    def add(self, event: Event) -> None:
        self.write(event_line(event))


STRONG = (CombatResult, DropResult, Landed, UnitEliminated, MarkerDestroyed, GameEnded)


def event_line(event: Event) -> Text:
    if isinstance(event, PhaseStarted):
        return Text(f"-- {event.text} --", style="bold reverse" if event.phase == "logistics" else "bold")
    if isinstance(event, (TurnEnded, LogisticsReport)):
        return Text(event.text, style="italic")
    if isinstance(event, SettingChosen):
        return Text(event.text, style="dim")
    return Text(event.text, style="bold" if isinstance(event, STRONG) else "")
