"""One game being played: the engine game, its computer players, the log, and autosave.

No Textual here: the app drives a Session, and tests can too.
"""

from __future__ import annotations

from pathlib import Path

from ..ai import default_player
from ..engine.actions import Action
from ..engine.events import (CombatResult, DropResult, Event, LogisticsReport, MarkerDestroyed, TurnEnded,
                             UnitEliminated)
from ..engine.game import Game
from ..engine.prompts import QuestionPrompt
from ..saves import saves_dir, write_save

SIDES = ("allied", "german")
AUTOSAVE = "autosave.json"
NEWS = (DropResult, CombatResult, UnitEliminated, MarkerDestroyed)  # repeated above a report, not to be missed


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE


class Session:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.players: dict[str, object] = {}
        self.log: list[Event] = list(game.opening_events)
        self.pages: list[Event] = []  # reports waiting to be shown (logistics, end of turn)
        self.recent: list[Event] = []  # what happened since the person at the keyboard last answered
        self.seat: str | None = None  # the side the human at the keyboard is playing now (hot-seat)
        self._saved_phase: tuple[int, str] | None = None

    @classmethod
    def resumed(cls, game: Game) -> "Session":
        """A session for a loaded game, its log rebuilt by replaying its actions (the reports are not shown again)."""
        session = cls(game)
        try:
            _, events = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        except Exception:  # the log is a courtesy; a game that loaded is playable without it
            events = []
        session.log = events[-400:]
        session._saved_phase = (game.turn, game.phase)
        return session

    # ------------------------------------------------------------------ who plays
    def is_computer(self, side: str) -> bool:
        if side not in SIDES or isinstance(self.game.prompt, QuestionPrompt):
            return False  # the scenario questions are always asked of the person at the keyboard
        return self.game.settings.player(side) == "computer"

    @property
    def humans(self) -> list[str]:
        return [s for s in SIDES if self.game.settings.player(s) == "human"]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) == 2

    @property
    def human_to_move(self) -> bool:
        return not self.game.over and not self.is_computer(self.game.prompt.side)

    def needs_handover(self) -> bool:
        """Two players share the keyboard and the other one must answer now."""
        side = self.game.prompt.side
        if not self.hot_seat or side not in SIDES or isinstance(self.game.prompt, QuestionPrompt):
            return False
        return self.seat is not None and self.seat != side

    def take_seat(self, side: str | None = None) -> None:
        self.seat = side or self.game.prompt.side

    # ------------------------------------------------------------------ playing
    def computer_action(self) -> Action:
        side = self.game.prompt.side
        player = self.players.get(side)
        if player is None:
            player = self.players[side] = default_player(side, self.game.seed)
        return player.choose(self.game)

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (IllegalAction propagates, nothing changed); keep its events."""
        events = self.game.apply(action)
        self.log.extend(events)
        self.recent.extend(events)
        self.pages.extend(e for e in events if isinstance(e, (LogisticsReport, TurnEnded)))
        return events

    def take_pages(self) -> list[Event]:
        """The reports to show, after the fighting that came just before them."""
        fights = [e for e in self.recent if isinstance(e, NEWS)]
        self.recent = []
        pages, self.pages = self.pages, []
        return fights + pages

    # ------------------------------------------------------------------ saving
    def autosave(self) -> Path | None:
        try:
            return write_save(self.game, autosave_path(), name="autosave")
        except OSError:
            return None

    def autosave_if_new_phase(self) -> bool:
        key = (self.game.turn, self.game.phase)
        if not self.game.actions:  # nothing played yet: the last game's autosave is worth more than this one
            return False
        if key == self._saved_phase:
            return False
        self._saved_phase = key
        self.autosave()
        return True

    def save(self, name: str) -> Path:
        return write_save(self.game, saves_dir() / f"{safe_filename(name)}.json", name=name)


def safe_filename(name: str) -> str:
    """A file name from what the player typed: letters, digits, - and _ only."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip())
    cleaned = "-".join(part for part in cleaned.split("-") if part)
    return cleaned[:60] or "save"
