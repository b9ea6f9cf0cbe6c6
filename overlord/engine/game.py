"""The game: state plus data, the phase machine, and the public API.

    game = Game.new(settings, seed)     # or Game.new(None, seed) to ask the scenario questions
    game.prompt                          # what is being asked, and of which side
    game.legal_actions()                 # the legal answers (a sequence)
    events = game.apply(action)          # IllegalAction if not legal; nothing changes then

The turn runs as DESIGN.md sets out: logistics, allocation, interdiction,
Allied movement and combat, German movement and combat, end of turn. Each
phase is a module with ``begin``, ``prompt``, ``legal_actions`` and ``apply``;
``begin`` returns False when the phase has nothing to ask (it is skipped).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Iterator

from . import airborne, phases, setup
from .actions import Action
from .data import GameData, UnitSpec, cached_data
from .events import Event
from .hexgrid import Hex
from .prompts import GameOverPrompt, Prompt
from .rng import SEED_RANGE, Rng, seed_in_range, seed_state
from .settings import Settings
from .state import AFLOAT, ASHORE, COASTAL, GameState, SetupState, UnitState
from .util import enemy

TURN_PHASES = ("allocation", "interdiction", "allied_movement", "allied_combat", "german_movement", "german_combat")
SIDES = ("allied", "german")


class IllegalAction(ValueError):
    """An action that the current prompt does not allow. The game is unchanged."""


class Game:
    def __init__(self, state: GameState, data: GameData | None = None) -> None:
        self.state = state
        self.data = data if data is not None else cached_data()
        self.actions: list[Action] = []
        self.opening_events: list[Event] = []
        self._prompt: Prompt | None = None
        self._legal: Sequence[Action] | None = None
        self.scratch: dict = {}  # derived values the rules work out once per state (never saved)
        self._rebuild_index()

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, settings: Settings | None = None, seed: int = 0, data: GameData | None = None) -> "Game":
        """A new game. With ``settings`` None the 1981 scenario questions are asked first."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be a whole number, not {seed!r}")
        if not seed_in_range(seed):
            raise ValueError(f"the seed must be {SEED_RANGE}")
        state = GameState(settings=settings or Settings(), seed=seed, rng=Rng(seed_state(seed)))
        game = cls(state, data)
        events: list[Event] = []
        if settings is None:
            state.questions_asked = True
            state.phase = "questions"
            state.setup = SetupState(queue=list(setup.FIRST_QUESTIONS))
        else:
            game._begin_game(events)
        game.opening_events = events
        return game

    @classmethod
    def replay(cls, settings: Settings | None, seed: int, actions: Sequence[Action],
               data: GameData | None = None) -> tuple["Game", list[Event]]:
        """Play ``actions`` from a new game; returns the game and every event, in order."""
        game = cls.new(settings, seed, data)
        events = list(game.opening_events)
        for action in actions:
            events.extend(game.apply(action))
        return game, events

    # ------------------------------------------------------------------ public API
    @property
    def prompt(self) -> Prompt:
        if self._prompt is None:
            if self.state.phase == "game_over":
                self._prompt = GameOverPrompt(side="none")
            else:
                self._prompt = self._handler().prompt(self)
        return self._prompt

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            prompt = self.prompt
            self._legal = () if isinstance(prompt, GameOverPrompt) else self._handler().legal_actions(self, prompt)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused."""
        if self.over:
            raise IllegalAction("the game is over: no more actions")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if action not in self.legal_actions():
            raise IllegalAction(self._why_illegal(action))
        events: list[Event] = []
        self.scratch.clear()
        try:
            self._handler().apply(self, action, events)
        finally:
            self.scratch.clear()
        self.actions.append(action)
        self._prompt = None
        self._legal = None
        return events

    @property
    def over(self) -> bool:
        return self.state.phase == "game_over"

    @property
    def initial_settings(self) -> Settings | None:
        """The settings the game was created with (None if it began with the scenario questions)."""
        return None if self.state.questions_asked else self.state.settings

    @property
    def rng(self) -> Rng:
        return self.state.rng

    def state_hash(self) -> str:
        from .serialize import state_to_dict
        text = json.dumps(state_to_dict(self.state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def _why_illegal(self, action: Action) -> str:
        prompt = self.prompt
        reason = _number_answer_fault(prompt, action)
        if reason:
            return f"{action!r} is not a legal answer to {prompt.kind}: {reason}"
        legal = self.legal_actions()
        sample = ", ".join(repr(a) for a in list(legal[:8]))
        more = f" (and {len(legal) - 8} more)" if len(legal) > 8 else ""
        return f"{action!r} is not a legal answer to {prompt.kind} ({prompt.side}); legal: {sample}{more}"

    def _handler(self):
        return phases.HANDLERS[self.state.phase]

    # ------------------------------------------------------------------ turns
    @property
    def turn_label(self) -> str:
        return self.data.charts.turns[self.state.turn]

    @property
    def last_turn(self) -> int:
        last = self.data.charts.scenarios[self.state.settings.scenario]["last_turn"]
        return self.data.charts.turn_index(last)

    @property
    def is_last_turn(self) -> bool:
        return self.state.turn >= self.last_turn

    def turn_of(self, label: str) -> int:
        return self.data.charts.turn_index(label)

    # ------------------------------------------------------------------ the phase machine
    def end_phase(self, events: list[Event]) -> None:
        """The current phase is over: go on to the next one that has something to ask."""
        phase = self.state.phase
        if phase == "questions":
            self.state.setup = None
            self._begin_game(events)
            return
        if phase == "airborne":
            self.state.airborne = None
            self._start_turn(events)
            return
        self._run_phases(TURN_PHASES.index(phase) + 1, events)

    def _begin_game(self, events: list[Event]) -> None:
        setup.place_units(self)
        self._rebuild_index()
        self.state.phase = "airborne"
        if not airborne.begin(self, events):
            self.end_phase(events)

    def _start_turn(self, events: list[Event]) -> None:
        phases.start_turn(self, events)
        self._run_phases(0, events)

    def _run_phases(self, start: int, events: list[Event]) -> None:
        # the last turn of a scenario has no allocation, movement or combat: only the reckoning
        for phase in TURN_PHASES[start:] if not self.is_last_turn else ():
            self.state.phase = phase
            if phases.HANDLERS[phase].begin(self, events):
                return
        phases.end_turn(self, events)
        if self.state.turn >= self.last_turn:
            self.state.phase = "game_over"
            phases.end_game(self, events)
            return
        self.state.turn += 1
        self._start_turn(events)

    # ------------------------------------------------------------------ the board
    def spec(self, uid: str) -> UnitSpec:
        return self.data.units[uid]

    def unit(self, uid: str) -> UnitState:
        return self.state.units[uid]

    def side_of(self, uid: str) -> str:
        return self.data.units[uid].side

    def occupant(self, hex_: Hex) -> str | None:
        """The combat unit ashore at ``hex_`` (one per land position), if any."""
        return self._occupant.get(hex_)

    def occupants(self):
        """(position, unit) for every combat unit ashore."""
        return self._occupant.items()

    def depot_at(self, hex_: Hex) -> str | None:
        return self._depot.get(hex_)

    def units(self, side: str | None = None, status: str | None = ASHORE, combat: bool | None = None) -> Iterator[UnitState]:
        """Units in order-of-battle order, filtered by side, status and combat (not depot)."""
        for uid, u in self.state.units.items():
            spec = self.data.units[uid]
            if side is not None and spec.side != side:
                continue
            if status is not None and u.status != status:
                continue
            if combat is not None and (not spec.is_depot) != combat:
                continue
            yield u

    def place(self, uid: str, hex_: Hex, status: str = ASHORE) -> None:
        """Put a unit on a position (lifting it from where it was)."""
        self.lift(uid)
        self.scratch.clear()
        u = self.state.units[uid]
        u.position = hex_
        u.status = status
        if status == ASHORE:
            if self.data.units[uid].is_depot:
                self._depot[hex_] = uid
            else:
                self._occupant[hex_] = uid
                self._zoc_cache.clear()

    def lift(self, uid: str) -> None:
        """Take a unit off the board index (its status and position are the caller's to set)."""
        u = self.state.units[uid]
        self.scratch.clear()
        if u.position is not None and u.status == ASHORE:
            if self._depot.get(u.position) == uid:
                del self._depot[u.position]
            if self._occupant.get(u.position) == uid:
                del self._occupant[u.position]
                self._zoc_cache.clear()

    def zoc(self, side: str) -> frozenset[Hex]:
        """Positions in the zone of control of ``side``'s combat units ashore (next to them)."""
        cached = self._zoc_cache.get(side)
        if cached is None:
            grid = self.data.map.grid
            hexes: set[Hex] = set()
            for pos, uid in self._occupant.items():
                if self.data.units[uid].side == side:
                    hexes.update(grid.neighbours(pos))
            cached = self._zoc_cache[side] = frozenset(hexes)
        return cached

    def in_enemy_zoc(self, uid: str, hex_: Hex | None = None) -> bool:
        u = self.state.units[uid]
        pos = hex_ if hex_ is not None else u.position
        return pos is not None and self.data.map.is_land(pos) and pos in self.zoc(enemy(self.side_of(uid)))

    def adjacent_units(self, hex_: Hex, side: str) -> list[str]:
        """Combat units of ``side`` ashore next to ``hex_``, in direction order."""
        out = []
        for _, n in self.data.map.grid.adjacent(hex_):
            uid = self._occupant.get(n)
            if uid is not None and self.data.units[uid].side == side:
                out.append(uid)
        return out

    def _rebuild_index(self) -> None:
        self._occupant: dict[Hex, str] = {}
        self._depot: dict[Hex, str] = {}
        self._zoc_cache: dict[str, frozenset[Hex]] = {}
        for uid, u in self.state.units.items():
            if u.status == ASHORE and u.position is not None:
                if self.data.units[uid].is_depot:
                    self._depot[u.position] = uid
                else:
                    self._occupant[u.position] = uid

    def afloat_at(self, hex_: Hex) -> list[str]:
        return [uid for uid, u in self.state.units.items() if u.status == AFLOAT and u.position == hex_]

    def coastal_defender(self, beach: str) -> UnitState | None:
        for u in self.state.units.values():
            if u.status == COASTAL and u.beach == beach:
                return u
        return None


def _number_answer_fault(prompt, action) -> str | None:
    """For the questions answered with numbers, what is wrong with the numbers (the list of every legal
    answer, 176,847 allocations, says nothing useful)."""
    from .actions import Allocate, Interdict, Support
    from .prompts import AllocationPrompt, InterdictionPrompt, SupportPrompt
    if isinstance(prompt, AllocationPrompt) and isinstance(action, Allocate):
        values = action.as_dict().values()
        if any(not isinstance(v, int) or not 0 <= v <= 99 for v in values):
            return "each percentage is two digits, 00-99"
        if sum(values) != 100:
            return f"the four percentages must add up to 100, not {sum(values)}"
    if isinstance(prompt, InterdictionPrompt) and isinstance(action, Interdict):
        return f"air points are 00-{prompt.max_points:02d} this turn"
    if isinstance(prompt, SupportPrompt) and isinstance(action, Support):
        return f"naval points are 00-{prompt.naval_max:02d} and air points 00-{prompt.air_max:02d} here"
    return None

