"""The game: state plus data, the order of play, and the public API.

    game = Game.new(settings, seed)     # or Game.new(None, seed) to ask the scenario questions
    game.prompt                          # what is being asked, and of which side
    game.legal_actions()                 # the legal answers (a sequence)
    events = game.apply(action)          # IllegalAction if not legal; nothing changes then

``Game.apply`` hands the answer to the phase in hand (a handler in
phases.HANDLERS) and, when that ends the phase, runs the game on in one loop
(``Game._advance``, whose docstring gives the order of a whole game) to the
next question.

Front ends read the board through Game's public methods and properties, which
hand out the engine's records typed read-only (engine/view.py explains it and
gathers the rules helpers they may call); the rules change the records through
``game.state``.
"""

from __future__ import annotations

import json
from collections.abc import ItemsView, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Iterator

from . import logistics, setup, victory
from .actions import Action, shown, wrong_type
from .data import GameData, UnitSpec, cached_data
from .digest import sha256
from .enums import TURN_PHASES, Phase, Side, UnitStatus, Weather
from .events import Event
from .hexgrid import Hex
from .phases import HANDLERS, PhaseHandler
from .prompts import GameOverPrompt, Prompt
from .results import FinalReport, TurnRecord
from .rng import SEED_RANGE, Rng, seed_in_range, seed_state
from .settings import Settings
from .state import AFLOAT, ASHORE, COASTAL, GameState, SetupState, UnitState
from .util import enemy

if TYPE_CHECKING:
    from .view import BeachView, PoolsView, UnitView


# The edition of the rules: raised whenever a change to the rules changes how a game plays (the golden games
# are then regenerated). A save records it, so that one that no longer replays can say why.
RULES_EDITION = 3

class IllegalAction(ValueError):
    """An action that the current prompt does not allow. The game is unchanged. ``reason``: why, without the list
    of legal answers the message may end with (a player's screen says the one, a program's log the other)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason


def check_seed(seed: Any, name: str) -> None:
    """A seed is a whole number in the generator's range: TypeError or ValueError naming ``name`` otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"{name} must be a whole number, not {seed!r}")
    if not seed_in_range(seed):
        raise ValueError(f"the {name} must be {SEED_RANGE}")


class Game:
    def __init__(self, state: GameState, data: GameData | None = None) -> None:
        self.state = state
        self.data = data if data is not None else cached_data()
        self.actions: list[Action] = []
        self.opening_events: list[Event] = []
        # What is worked out from the state, never saved. Game alone keeps these up to date: it
        # forgets them whenever the state changes (see changed and edited).
        self._prompt: Prompt | None = None
        self._legal: Sequence[Action] | None = None
        self._memo: dict[str, dict[Any, Any]] = {}  # values the rules work out once per state (see memo)
        self._occupant: dict[Hex, str] = {}  # the board index: combat unit ashore by position
        self._depot: dict[Hex, str] = {}  # depot ashore by position
        self._zoc_cache: dict[str, frozenset[Hex]] = {}  # zone of control by side
        self._rebuild_index()

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, settings: Settings | None = None, seed: int = 0, data: GameData | None = None) -> "Game":
        """A new game. With ``settings`` None the 1981 scenario questions are asked first."""
        check_seed(seed, "seed")
        state = GameState(settings=settings or Settings(), seed=seed, rng=Rng(seed_state(seed)))
        game = cls(state, data)
        setup.check_preset(game.data, state.settings.preset)
        events: list[Event] = []
        if settings is None:
            state.questions_asked = True
            state.phase = Phase.QUESTIONS
            state.setup = SetupState(queue=list(setup.FIRST_QUESTIONS))
        else:  # the settings answer the questions: straight on to the board and the drops
            game._advance(events)
        game.opening_events = events
        return game

    def clone(self, reseed: int | None = None) -> Game:
        """A copy of the game that shares nothing mutable with it, for a computer player that
        searches: played on with the same actions it gives the same prompts, legal actions, events
        and state hashes. With ``reseed`` its random generator is a fresh one from that seed, so
        that a search cannot see the game's own future draws.

        The frozen data and settings are shared; the state is copied field by field
        (GameState.copy) and the board index copied rather than rebuilt.
        """
        if reseed is not None:
            check_seed(reseed, "reseed")
        twin = Game.__new__(Game)  # not __init__: it would rebuild the board index
        twin.state = self.state.copy(None if reseed is None else Rng(seed_state(reseed)))
        twin.data = self.data
        twin.actions = list(self.actions)
        twin.opening_events = list(self.opening_events)
        twin._prompt = self._prompt  # frozen, and drawn from the state without chance
        twin._legal = list(self._legal) if isinstance(self._legal, list) else self._legal
        twin._memo = {}
        twin._occupant = dict(self._occupant)
        twin._depot = dict(self._depot)
        twin._zoc_cache = dict(self._zoc_cache)  # of frozensets
        return twin

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
            if self.state.phase == Phase.GAME_OVER:
                self._prompt = GameOverPrompt(side=Side.NONE)
            else:
                self._prompt = self._handler().prompt(self)
        return self._prompt

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            prompt = self.prompt
            self._legal = () if isinstance(prompt, GameOverPrompt) else self._handler().legal_actions(self, prompt)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        return isinstance(action, Action) and wrong_type(action) is None and action in self.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused.

        The phase in hand carries the answer out; when that ends the phase the game runs on
        (``_advance``) to the next question, or to its end.
        """
        if self.over:
            raise IllegalAction("the game is over: no more actions")
        if not isinstance(action, Action):
            raise IllegalAction(f"{shown(action)} is not an action")
        if action not in self.legal_actions():
            reason, legal = self._why_illegal(action)
            raise IllegalAction(reason + legal, reason)
        fault = wrong_type(action)  # (equal to a legal answer, but with a float or a bool for a whole number)
        if fault is not None:
            raise IllegalAction(f"{shown(action)} is not a legal answer to {self.prompt.kind}: {fault}")
        events: list[Event] = []
        self.changed()
        try:
            if self._handler().apply(self, action, events):
                self._advance(events)
        finally:
            self.changed()
        self.actions.append(action)
        return events

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.GAME_OVER

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
        return sha256(text.encode()).hexdigest()

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is not legal, and (where that is all it says) the first legal answers, to add to it."""
        prompt = self.prompt
        reason = _number_answer_fault(prompt, action, self.data.rules.answers.largest_number)
        if reason:
            return f"{shown(action)} is not a legal answer to {prompt.kind}: {reason}", ""
        legal = self.legal_actions()
        sample = ", ".join(repr(a) for a in list(legal[:8]))
        more = f" (and {len(legal) - 8} more)" if len(legal) > 8 else ""
        return f"{shown(action)} is not a legal answer to {prompt.kind} ({prompt.side})", f"; legal: {sample}{more}"

    def _handler(self) -> PhaseHandler[Any, Any]:
        return HANDLERS[self.state.phase]

    # ------------------------------------------------------------------ the order of play
    def _advance(self, events: list[Event]) -> None:
        """The phase in hand is over: run the game on to the next phase that asks something.

        A whole game, in order (a phase with nothing to ask is skipped):

            questions         the scenario questions (only in a game made with Game.new(None, seed))
              > the units are placed
            airborne          the three parachute drops
            every turn, D-Day first:
              > logistics     weather, transport, arrivals, supply lines, upkeep (logistics.start_turn)
              allocation, interdiction, allied_movement, allied_combat, german_movement, german_combat
                              (the scenario's last turn has none of these: only the reckoning)
              > end of turn   the turn's victory points (victory.end_turn)
            game_over         after the last turn, with the final report (victory.end_game)

        (> marks the steps that run by themselves, between phases.)
        """
        while True:
            phase = self._next_phase(events)
            self.state.phase = phase
            if phase == Phase.GAME_OVER or self._begin(phase, events):
                return

    def _next_phase(self, events: list[Event]) -> Phase:
        """The phase after the current one, running the steps that come between them."""
        phase = self.state.phase
        if phase == Phase.QUESTIONS:  # the answers are in: set up the board
            setup.place_units(self)
            self.edited()
            return Phase.AIRBORNE
        if phase in TURN_PHASES and phase != TURN_PHASES[-1]:
            return TURN_PHASES[TURN_PHASES.index(phase) + 1]
        if phase != Phase.AIRBORNE:  # the turn is over
            victory.end_turn(self, events)
            if self.is_last_turn:
                victory.end_game(self, events)
                return Phase.GAME_OVER
            self.state.turn += 1
        logistics.start_turn(self, events)  # a new turn (D-Day, after the drops)
        return TURN_PHASES[0]

    def _begin(self, phase: Phase, events: list[Event]) -> bool:
        """Start ``phase``; True if it has something to ask."""
        if phase in TURN_PHASES and self.is_last_turn:
            return False  # the scenario's last turn has no allocation, movement or combat
        return HANDLERS[phase].begin(self, events)

    @property
    def german_still(self) -> bool:
        """The German neither moves nor attacks (so never advances) this turn: D-Day without the
        option "German movement on D-Day" (rulebook, Scenario Selection; docs/rules.md)."""
        return self.state.turn == 0 and not self.state.settings.german_dday_movement

    # ------------------------------------------------------------------ turns
    @property
    def turn_label(self) -> str:
        return self.data.charts.turns[self.state.turn]

    @property
    def last_turn(self) -> int:
        last = self.data.charts.scenarios[self.state.settings.scenario].last_turn
        return self.data.charts.turn_index(last)

    @property
    def is_last_turn(self) -> bool:
        return self.state.turn >= self.last_turn

    def turn_of(self, label: str) -> int:
        return self.data.charts.turn_index(label)

    # ------------------------------------------------------------------ what the players see
    # (read-only views of the state, for front ends and computer players: engine/view.py)
    @property
    def turn(self) -> int:
        """The turn's index (0 is D-Day; turn_label names it)."""
        return self.state.turn

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def settings(self) -> Settings:
        return self.state.settings

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def weather(self) -> Weather | None:
        """This turn's weather (None before D-Day's logistics and on the last turn)."""
        return self.state.weather

    @property
    def pools(self) -> PoolsView:
        return self.state.pools

    @property
    def air_left(self) -> int:
        """Air points left this turn, for interdiction and combat support."""
        return self.state.air_left

    @property
    def naval_left(self) -> int:
        return self.state.naval_left

    @property
    def interdiction(self) -> int:
        """Air points flown on interdiction this turn (-1: not yet asked)."""
        return self.state.interdiction

    @property
    def beaches(self) -> Mapping[str, BeachView]:
        return self.state.beaches

    @property
    def formations_landed_dday(self) -> int:
        """How many Allied formations were ashore at the end of D-Day (so far, during D-Day)."""
        return self.state.formations_landed_dday

    @property
    def objectives_taken(self) -> Mapping[str, str]:
        """Each objective the Allies have held, with the turn they first held it."""
        return self.state.objectives_taken

    @property
    def history(self) -> Sequence[TurnRecord]:
        """Every turn played, as it ended."""
        return self.state.history

    @property
    def final_report(self) -> FinalReport | None:
        """The report written when the game ended (victory.final_report); None until then."""
        return self.state.final_report

    @property
    def movement_cycle(self) -> int | None:
        """The movement phase's cycle (1-max_cycles), None outside a movement phase."""
        mv = self.state.movement
        return None if mv is None else mv.cycle

    @property
    def combat_pass(self) -> int | None:
        """The combat phase's pass (1 to rules.combat.passes), None outside a combat phase."""
        c = self.state.combat
        return None if c is None else c.pass_no

    # ------------------------------------------------------------------ the board
    def spec(self, uid: str) -> UnitSpec:
        return self.data.units[uid]

    def unit(self, uid: str) -> UnitView:
        """The unit as it stands, read-only (the rules change it through record)."""
        return self.state.units[uid]

    def record(self, uid: str) -> UnitState:
        """For the rules: the unit's own record, to change."""
        return self.state.units[uid]

    def side_of(self, uid: str) -> str:
        return self.data.units[uid].side

    def occupant(self, hex_: Hex) -> str | None:
        """The combat unit ashore at ``hex_`` (one per land position), if any."""
        return self._occupant.get(hex_)

    def occupants(self) -> ItemsView[Hex, str]:
        """(position, unit) for every combat unit ashore."""
        return self._occupant.items()

    def depot_at(self, hex_: Hex) -> str | None:
        return self._depot.get(hex_)

    def units(self, side: str | None = None, status: UnitStatus | None = ASHORE,
              combat: bool | None = None) -> Iterator[UnitView]:
        """Units in order-of-battle order, filtered by side, status and combat (not depot), read-only
        (the rules change them through state.units: see records)."""
        return self.records(side, status, combat)

    def records(self, side: str | None = None, status: UnitStatus | None = ASHORE,
                combat: bool | None = None) -> Iterator[UnitState]:
        """For the rules: the units' own records, to change, filtered as by units()."""
        for uid, u in self.state.units.items():
            spec = self.data.units[uid]
            if side is not None and spec.side != side:
                continue
            if status is not None and u.status != status:
                continue
            if combat is not None and (not spec.is_depot) != combat:
                continue
            yield u

    def place(self, uid: str, hex_: Hex, status: UnitStatus = ASHORE) -> None:
        """Put a unit on a position (lifting it from where it was)."""
        self.lift(uid)
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
        self.changed()
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

    # ------------------------------------------------------------------ what is worked out from the state
    def memo(self, name: str) -> dict[Any, Any]:
        """A dict where a rule keeps what it works out once per state (``name`` keeps rules apart).
        Game empties it whenever the state changes."""
        found = self._memo.get(name)
        if found is None:
            found = self._memo[name] = {}
        return found

    def changed(self) -> None:
        """Forget what was worked out from the state: the prompt, the legal actions, the rules' memos.

        Game does this itself after every action and whenever it moves a unit (place, lift); a rule
        that changes units otherwise in the middle of an action (movement points, a unit stopped)
        calls it before asking again what they may do.
        """
        self._memo.clear()
        self._prompt = None
        self._legal = None

    def edited(self) -> None:
        """The state was edited from outside the rules (a test or a tool building a position, a
        phase begun by hand): rebuild the board index from the units and forget everything worked
        out from the state as it was."""
        self._rebuild_index()
        self.changed()

    def _rebuild_index(self) -> None:
        self._occupant.clear()
        self._depot.clear()
        self._zoc_cache.clear()
        for uid, u in self.state.units.items():
            if u.status == ASHORE and u.position is not None:
                if self.data.units[uid].is_depot:
                    self._depot[u.position] = uid
                else:
                    self._occupant[u.position] = uid

    def afloat_at(self, hex_: Hex) -> list[str]:
        return [uid for uid, u in self.state.units.items() if u.status == AFLOAT and u.position == hex_]

    def coastal_defender(self, beach: str) -> UnitView | None:
        for u in self.state.units.values():
            if u.status == COASTAL and u.beach == beach:
                return u
        return None


def _number_answer_fault(prompt: Prompt, action: Action, largest: int) -> str | None:
    """For the questions answered with numbers, what is wrong with the numbers (the list of every legal
    answer, 176,847 allocations, says nothing useful). ``largest`` is rules.answers.largest_number."""
    from .actions import Allocate, Interdict, Support
    from .prompts import AllocationPrompt, InterdictionPrompt, SupportPrompt
    if isinstance(prompt, AllocationPrompt) and isinstance(action, Allocate):
        values = action.as_dict().values()
        if any(not isinstance(v, int) or not 0 <= v <= largest for v in values):
            return f"each percentage is two digits, 00-{largest:02d}"
        if sum(values) != 100:
            return f"the four percentages must add up to 100, not {sum(values)}"
    if isinstance(prompt, InterdictionPrompt) and isinstance(action, Interdict):
        return f"air points are 00-{prompt.max_points:02d} this turn"
    if isinstance(prompt, SupportPrompt) and isinstance(action, Support):
        return f"naval points are 00-{prompt.naval_max:02d} and air points 00-{prompt.air_max:02d} here"
    return None

