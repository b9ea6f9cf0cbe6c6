"""A game played again, position by position, for the replay viewer: no Textual here.

A game is (settings, seed, actions), and the engine replays it exactly. ``Replay`` plays the actions once, from
the start (``run``, which a front end runs in a thread: the first positions can be looked at while the last are
still being replayed), and keeps for every action the events it caused and who answered what; and at the start
of every phase a copy of the game (a checkpoint, ``Game.clone``: about 40 KB, some 80 a campaign). Position
``n`` is the game after its first ``n`` actions: the nearest checkpoint at or before it, played forward (a
phase is at most a few hundred actions, a few milliseconds), never a copy kept for every action.

    replay = Replay.of(game)          # or Replay(settings, seed, actions)
    replay.run()                      # (in a thread) replays, recording
    replay.game_at(n)                 # the game after n actions
    replay.next_phase(n), replay.turn_starts, replay.events_between(a, b), ...

The review of the other side's turn (``review_start``, ``shown_to``) is the same replay, limited to the
positions from the side's last answer before the other side's last turn, and without the positions that would
show an answer of the other side that no event has made public yet (a level, support, a retreat, an advance:
session.HIDDEN).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import view
from .engine.actions import Action
from .engine.data import GameData
from .engine.enums import Phase
from .engine.events import Event
from .engine.game import Game, IllegalAction
from .engine.prompts import AdvancePrompt, RetreatPrompt, StrategyPrompt, SupportPrompt
from .engine.settings import Settings
from .engine.state import GameState
from .engine.results import CategoryPoints
from .plaintext import printable
from .saves import document_record, read_document, replay_differs, safe_filename, saved_snapshot

# The choices the other side must not see made before their results are public (session.HIDDEN, which this
# module does not import: the session brings the computer players with it)
HIDDEN = (StrategyPrompt, SupportPrompt, RetreatPrompt, AdvancePrompt)


@dataclass(frozen=True)
class Asked:
    """The question an action answered: the side asked, whether the other side may not see the answer before
    its results (a hidden choice), and the turn and phase it was asked in."""
    side: str
    hidden: bool
    turn: int
    phase: str


@dataclass(frozen=True)
class Where:
    """A position's turn and phase (``label``: the turn's date, as the game names it)."""
    turn: int
    label: str
    phase: str


class Replay:
    """A game's positions, replayed once from its start (``run``) and then looked at in any order."""

    def __init__(self, settings: Settings | None, seed: int, actions: Sequence[Action],
                 data: GameData | None = None) -> None:
        self.settings, self.seed, self.data = settings, seed, data
        self.actions: tuple[Action, ...] = tuple(actions)
        start = Game.new(settings, seed, data)
        self.opening: tuple[Event, ...] = tuple(start.opening_events)
        # per action, appended as it is replayed (by ``run``, perhaps in a thread: a list is only ever appended to,
        # and ``played`` counts what is complete, so the positions up to it may be read meanwhile)
        self.events: list[tuple[Event, ...]] = []
        self.asked: list[Asked] = []
        self.where: list[Where] = [where(start)]  # position n's turn and phase (n from 0 to played)
        self.checkpoints: list[int] = [0]  # the positions kept as games, in order
        self._kept: dict[int, Game] = {0: start.clone()}
        self.phase_starts: list[int] = [0]  # the positions that begin a phase (the game's first, too)
        self.turn_starts: list[int] = [0]
        # the score's categories as each turn began (view.turn_start_points, without replaying again)
        self.turn_points: dict[int, CategoryPoints] = {start.turn: view.category_points(start)}
        self.played = 0  # the actions replayed so far
        self.over = False  # the game replayed to its end (known once replayed): every choice in it is public
        self.failure: str | None = None  # why the replay stopped short of the last action, if it did
        self._game = start  # the position last asked for (game_at), played on when the next is later
        self._at = 0
        self.saved: tuple[dict[str, Any], GameState] | None = None  # a save's document and the state it holds (``check``)
        self.name = ""  # the save's name, when it is a save's

    @classmethod
    def of(cls, game: Game) -> Replay:
        """The replay of a game as far as it has been played."""
        return cls(game.initial_settings, game.seed, game.actions, game.data)

    @classmethod
    def of_save(cls, path: Path | str) -> Replay:
        """The replay of a save, read but not yet replayed (``run``); SaveError, one line, for a file that is not a
        save, or whose state snapshot is malformed (as loading it). ``check`` compares the last position with the
        one the save holds."""
        doc = read_document(path)
        settings, actions = document_record(doc, path)
        replay = cls(settings, doc["seed"], actions)
        replay.saved = doc, saved_snapshot(doc, path)
        # (named as the Load list names it: a copy or a renamed file by its file's name, not the one saved in it)
        saved, stem = str(doc.get("name") or ""), Path(path).stem
        replay.name = printable(saved if saved and safe_filename(saved) == stem else stem, 30)
        return replay

    def check(self) -> str | None:
        """Once replayed: why the last position is not the game the save holds, or None when it is."""
        if self.failure is not None:
            return self.failure
        if self.saved is not None:  # (as loading and `overlord replay` judge it)
            return replay_differs(*self.saved, self.game_at(self.played)) or None
        return None

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def done(self) -> bool:
        return self.played == self.total or self.failure is not None

    # ------------------------------------------------------------------ replaying
    def run(self, stop: object = None) -> None:
        """Replay every action from the start, recording as it goes. ``stop``: anything with an ``is_cancelled``
        (a Textual worker) that ends the replay early when set."""
        game = Game.new(self.settings, self.seed, self.data)
        for n, action in enumerate(self.actions):
            if getattr(stop, "is_cancelled", False):
                return
            p = game.prompt
            asked = Asked(str(p.side), isinstance(p, HIDDEN), game.turn, str(game.phase))
            try:
                events = game.apply(action)
            except IllegalAction as exc:  # a save that does not replay (edited, or of other rules): said by the viewer
                self.failure = f"action {n + 1} cannot be replayed ({exc.reason})"  # (not the engine's list of answers)
                return
            self._record(n + 1, game, asked, tuple(events))
        self.over = game.over

    def _record(self, n: int, game: Game, asked: Asked, events: tuple[Event, ...]) -> None:
        here, before = where(game), self.where[-1]
        self.events.append(events)
        self.asked.append(asked)
        self.where.append(here)
        if (here.turn, here.phase) != (before.turn, before.phase):
            self._kept[n] = game.clone()  # (kept before it is listed: a reader finds it once listed)
            self.checkpoints.append(n)
            self.phase_starts.append(n)
            if here.turn != before.turn:
                self.turn_points.setdefault(here.turn, view.category_points(game))
                self.turn_starts.append(n)
        self.played = n

    # ------------------------------------------------------------------ positions
    def game_at(self, n: int) -> Game:
        """The game after its first ``n`` actions (n up to ``played``). The viewer's own: it may be looked at, but
        is played on by the next call, so a caller wanting to keep it takes a clone."""
        if not 0 <= n <= self.played:
            raise ValueError(f"position {n} is not replayed yet (0 to {self.played})")
        if n < self._at or self._kept_between(self._at, n):
            k = self.checkpoints[bisect.bisect_right(self.checkpoints, n) - 1]
            self._game, self._at = self._kept[k].clone(), k
        while self._at < n:
            self._game.apply(self.actions[self._at])
            self._at += 1
        return self._game

    def _kept_between(self, a: int, b: int) -> bool:
        """Is there a checkpoint after position ``a`` and at or before ``b`` (a shorter way there)?"""
        i = bisect.bisect_right(self.checkpoints, a)
        return i < len(self.checkpoints) and self.checkpoints[i] <= b

    def events_between(self, a: int, b: int) -> list[Event]:
        """The events of the actions from position ``a`` to position ``b`` (the game's opening ones at 0)."""
        out = list(self.opening) if a == 0 else []
        for events in self.events[a:b]:
            out.extend(events)
        return out

    def events_to(self, n: int) -> list[Event]:
        """Every event from the game's start to position ``n``."""
        return self.events_between(0, n)

    # ------------------------------------------------------------------ steps
    def next_phase(self, n: int) -> int:
        return _after(self.phase_starts, n, self.played)

    def previous_phase(self, n: int) -> int:
        return _before(self.phase_starts, n)

    def next_turn(self, n: int) -> int:
        return _after(self.turn_starts, n, self.played)

    def previous_turn(self, n: int) -> int:
        return _before(self.turn_starts, n)

    def turns(self) -> list[tuple[str, int]]:
        """The turns replayed so far: (the turn's date, its first position)."""
        return [(self.where[n].label, n) for n in self.turn_starts if n <= self.played]

    # ------------------------------------------------------------------ the review of the other side's turn
    def review_start(self, side: str) -> int:
        """Where the review of the other side's last turn begins: after ``side``'s last answer of its own turn
        (not a defence, a retreat or an advance in the other side's combat) before the other side's last turn.
        The answers ``side`` has given since, in its present turn, do not hide it (an Allied player who had
        answered the allocation found nothing to review)."""
        enemy = enemy_of(side)
        own = [a.side == side and not a.phase.startswith(enemy) for a in self.asked[:self.played]]
        theirs = [a.side == enemy and not a.phase.startswith(side) for a in self.asked[:self.played]]
        last_theirs = next((i for i in range(self.played - 1, -1, -1) if theirs[i]), None)
        before = range(self.played - 1 if last_theirs is None else last_theirs, -1, -1)
        mine = next((i for i in before if own[i]), None)
        if mine is not None:
            return mine + 1
        # never yet: from the board as the set-up's answers left it (before them the map is empty)
        return next((i for i in range(self.played) if self.asked[i].phase != Phase.QUESTIONS), 0)

    def shown_to(self, side: str, n: int) -> bool:
        """May position ``n`` be shown to ``side``'s player? Not when the action just before it was the other
        side's hidden choice and caused nothing public yet (the choice is seen in the fight's result)."""
        if n == 0:
            return True
        a = self.asked[n - 1]
        return not (a.hidden and a.side != side and not self.events[n - 1])

    def public(self, n: int) -> bool:
        """May position ``n`` be shown to anyone? In a game not over, not when the action just before it was
        either side's hidden choice and caused nothing public yet: whoever watches a save may be about to play
        it on (a German who saw the Allied support and attack level before choosing his defence)."""
        return self.over or n == 0 or not (self.asked[n - 1].hidden and not self.events[n - 1])


def where(game: Game) -> Where:
    return Where(game.turn, game.turn_label, str(game.phase))


def enemy_of(side: str) -> str:
    return {"allied": "german", "german": "allied"}.get(side, "")


def _after(starts: list[int], n: int, last: int) -> int:
    """The first of ``starts`` after ``n`` (``last`` when there is none)."""
    i = bisect.bisect_right(starts, n)
    return starts[i] if i < len(starts) and starts[i] <= last else last


def _before(starts: list[int], n: int) -> int:
    """The last of ``starts`` before ``n`` (0 when there is none)."""
    i = bisect.bisect_left(starts, n)
    return starts[i - 1] if i > 0 else 0
