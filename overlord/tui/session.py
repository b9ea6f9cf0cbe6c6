"""One game being played: the engine game, its computer players, the log, and autosave.

No Textual here: the app drives a Session, and tests can too. The game's id and its
autosave slot are explained in overlord/saves.py: a session writes only its own slot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..ai import default_player
from ..ai.common import safe_action
from ..engine.actions import Action
from ..engine.events import (CombatResult, DropResult, Event, LogisticsReport, MarkerDestroyed, TurnEnded,
                             UnitEliminated)
from ..engine.game import Game
from ..engine.prompts import QuestionPrompt
from ..saves import (AUTOSAVE, OpenedSave, file_stamp, free_autosave_slot, is_autosave_slot, new_game_id,
                     other_branches, saves_dir, write_save)

SIDES = ("allied", "german")
NEWS = (DropResult, CombatResult, UnitEliminated, MarkerDestroyed)  # repeated above a report, not to be missed


def autosave_path() -> Path:
    """The first autosave slot: where a game autosaves unless another game in progress holds it."""
    return saves_dir() / f"{AUTOSAVE}.json"


class Session:
    def __init__(self, game: Game, game_id: str = "") -> None:
        self.game = game
        self.game_id = game_id or new_game_id()
        self.players: dict[str, object] = {}
        self.log: list[Event] = list(game.opening_events)
        self.pages: list[Event] = []  # reports waiting to be shown (logistics, end of turn)
        self.recent: list[Event] = []  # what happened since the person at the keyboard last answered
        self.seat: str | None = None  # the side the human at the keyboard is playing now (hot-seat)
        self.seat_left: dict[str, int] = {}  # the log's length when each side last gave up the keyboard
        self.notes: list[str] = []  # news about saving for the player (the app shows them)
        self._saved_phase: tuple[int, str] | None = None
        self.saved_in: Path | None = None  # the file that holds the game as far as it was last saved
        self._saved_actions = -1  # how many actions that file holds
        self.slot: Path | None = None  # this game's autosave slot, once it has one
        self._slot_stamp: tuple | None = None  # the slot as this game last wrote or read it
        self._lost: set[Path] = set()  # slots another game took over

    @classmethod
    def resumed(cls, game: Game, loaded: OpenedSave | None = None) -> "Session":
        """A session for a loaded game, its log rebuilt by replaying its actions (the reports are not shown again)."""
        session = cls(game, loaded.game_id if loaded is not None else "")
        try:
            _, events = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        except Exception:  # the log is a courtesy; a game that loaded is playable without it
            events = []
        session.log = events[-400:]
        session._saved_phase = (game.turn, game.phase)
        if loaded is not None:
            session.saved_in, session._saved_actions = loaded.path, len(game.actions)
            if is_autosave_slot(loaded.path) and _same_folder(loaded.path.parent, saves_dir()):
                session.slot, session._slot_stamp = loaded.path, loaded.stamp  # an autosave goes on in its slot
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
        side = side or self.game.prompt.side
        if self.seat is not None and self.seat != side:
            self.seat_left[self.seat] = len(self.log)
        self.seat = side

    def news_for(self, side: str) -> list[Event]:
        """What happened since ``side``'s player last gave up the keyboard (hot-seat)."""
        return self.log[self.seat_left.get(side, len(self.log)):]

    # ------------------------------------------------------------------ playing
    def computer_player(self) -> Any:  # (any computer player: each has choose(game) -> Action)
        """The computer player of the side to move, made the first time it is needed."""
        side = self.game.prompt.side
        player = self.players.get(side)
        if player is None:
            player = self.players[side] = default_player(side, self.game.seed)
        return player

    def computer_action(self) -> Action:
        """The computer's answer, chosen on the game itself (the app has it chosen on a copy, in a thread)."""
        return self.take_choice(think(self.computer_player(), self.game))

    def take_choice(self, choice: Action | Exception | None) -> Action:
        """The action to play for what the computer player chose (``think``): its choice when legal, else a
        safe answer, with a note for the person at the keyboard when the player failed."""
        if isinstance(choice, Exception):  # a computer player's fault must not end the person's game
            side = self.game.prompt.side
            self.notes.append(f"The computer {side} could not decide ({type(choice).__name__}); it took a safe answer.")
            choice = None
        if choice is None or choice not in self.game.legal_actions():
            choice = safe_action(self.game)
        return choice

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
    def autosave(self, avoid: Path | None = None) -> Path | None:
        """Bring the game's autosave up to date (never writing ``avoid``). Returns the file that holds the
        game, None when nothing has been played and nothing saved; raises OSError when it cannot write."""
        if not self.game.actions or len(self.game.actions) == self._saved_actions:
            return self.saved_in  # nothing new to save
        slot = self._own_slot(avoid)
        write_save(self.game, slot, name=slot.stem, game_id=self.game_id)
        self.slot, self._slot_stamp = slot, file_stamp(slot)
        self.saved_in, self._saved_actions = slot, len(self.game.actions)
        return slot

    def _own_slot(self, avoid: Path | None) -> Path:
        """The slot to write: this game's own while nobody else has written it since, else the next free one."""
        slot = self.slot
        if slot is not None and slot != avoid:
            if file_stamp(slot) in (None, self._slot_stamp):
                return slot
            self._lost.add(slot)  # another program wrote it: it holds that game now
        new = free_autosave_slot(saves_dir(), self.game_id, self._lost | ({avoid} if avoid else set()),
                                 self.game.actions)
        if slot is not None and new != slot:
            self.notes.append(f"{slot.name} holds another game now; this game autosaves to {new.name}.")
        elif slot is None:
            for other, turn in other_branches(saves_dir(), self.game_id, new):
                self.notes.append(f"{other.name} keeps this game's other position ({turn}); played on from an "
                                  f"earlier save, this game autosaves to {new.name}.")
        return new

    def rescue(self, fault: bool) -> Path | None:
        """Save the game as the program ends without being asked (a fault, a closed browser page). After a fault
        the game is first made again from its actions: an action cut off by the fault may have changed part of
        the state, but only whole actions are in the list."""
        if fault and self.game.actions:
            self.game, _ = Game.replay(self.game.initial_settings, self.game.seed, self.game.actions, self.game.data)
        return self.autosave()

    def autosave_if_new_phase(self) -> bool:
        """Autosave once at each new phase; raises OSError when the autosave cannot be written."""
        key = (self.game.turn, self.game.phase)
        if not self.game.actions:  # nothing played yet: the last game's autosave is worth more than this one
            return False
        if key == self._saved_phase:
            return False
        self._saved_phase = key
        self.autosave()
        return True

    def save(self, name: str) -> Path:
        """Save under the player's name (save_name_problem says whether it may be used); raises OSError."""
        return write_save(self.game, save_path(name), name=name, game_id=self.game_id)


def think(player, game: Game) -> Action | Exception | None:
    """What a computer player chooses for ``game``, or the exception it raised. Run in a thread on a copy of the
    game that nothing else touches, it leaves the game being shown alone."""
    try:
        choice: Action = player.choose(game)
        return choice
    except Exception as exc:  # noqa: BLE001 - given to take_choice, which says so and answers safely
        return exc


def save_path(name: str) -> Path:
    return saves_dir() / f"{safe_filename(name)}.json"


def safe_filename(name: str) -> str:
    """A file name from what the player typed: letters, digits, - and _ only ("" when nothing is left)."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip())
    cleaned = "-".join(part for part in cleaned.split("-") if part)
    return cleaned[:60]


def save_name_problem(name: str) -> str | None:
    """Why a name typed for a save cannot be used, or None."""
    stem = safe_filename(name)
    if not stem:
        return "A save's name needs a letter or a digit."
    if is_autosave_slot(Path(f"{stem}.json")):
        return f"{stem!r} is kept for the game's own autosaves; choose another name."
    return None


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
