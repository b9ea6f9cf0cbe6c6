"""The game state: plain attrs values, all of it serializable.

Everything that changes during a game lives here, including the random
generator's state, so that a snapshot restores a game exactly. Static facts
(names, types, the map, the charts) stay in data/ and are not copied in.

``GameState.copy`` copies it for ``Game.clone``: what never changes once made
(settings, allocations, turn records) is frozen and shared, the rest copied.
The records are flat (numbers, strings, tuples, enums, lists of ids), so a
record is copied by passing its own fields to its class, far quicker than a
deep copy.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from .enums import CombatStep, Phase, Side, UnitStatus, Weather
from .hexgrid import Hex
from .records import FrozenRecord, Key, Record, values_of
from .results import FinalReport, PerCategory, PoolLevels, TurnRecord
from .rng import Rng
from .settings import Settings

if TYPE_CHECKING:
    from .view import UnitView

# A unit's status, by the short names the rules use (enums.UnitStatus says what each means).
PENDING = UnitStatus.PENDING
AFLOAT = UnitStatus.AFLOAT
ASHORE = UnitStatus.ASHORE
COASTAL = UnitStatus.COASTAL
ELIMINATED = UnitStatus.ELIMINATED


@attrs.define(repr=False, eq=False)
class UnitState(Record):
    id: str
    status: UnitStatus
    cp: int
    max_cp: int
    leadership: int
    arrival: int | None = None  # turn index it becomes available (None: from the start)
    position: Hex | None = None
    fatigue: int = 0
    mp: int = 0  # movement points left this movement phase
    ocean_steps: int = 0  # ocean moves left this movement phase
    moved: bool = False  # has spent movement points this phase (its first step is always allowed)
    stopped: bool = False  # its movement has ended this phase (zone of control, infiltration, ...)
    acted: bool = False  # moved or fought this turn (resting units recover and get replacements)
    attacks: int = 0  # attacks made this combat phase
    interdicted: int = 0  # movement points taken by air interdiction this turn (German)
    in_supply: bool = True
    general_supplied: bool = True
    cadre: bool = False
    beach: str | None = None  # the beach it landed at (Allied) or holds (coastal defence)


@attrs.define(repr=False, eq=False)
class Pools(PerCategory, Record):
    fuel: int = 0
    general: int = 0
    combat: int = 0
    amphibious: int = 0

    def levels(self) -> PoolLevels:
        return PoolLevels(self.fuel, self.general, self.combat, self.amphibious)


@attrs.frozen(repr=False, eq=False)
class Allocation(PerCategory, FrozenRecord):
    """Transport priorities, in percent."""
    fuel: int
    general: int
    combat: int
    amphibious: int


@attrs.define(repr=False, eq=False)
class BeachState(Record):
    name: str
    marker_intact: bool = True
    landed_cp: int = 0
    # the assault, as it went (simulate --json and the final report's "dday"): rounds against the coastal
    # defence, the CP each side lost in them, the movement points the first unit ashore had left, and the
    # turn the beach was cleared
    rounds: int = 0
    allied_cp_lost: int = 0
    german_cp_lost: int = 0
    first_mp_left: int | None = None
    cleared: str | None = None


@attrs.define(repr=False, eq=False)
class Tally(Record):
    """Running counts the victory points are made of."""
    german_casualties: int = 0
    allied_casualties: int = 0
    allied_supply_casualties: int = 0  # Allied CP lost for lack of general supply
    german_eliminated: int = 0
    allied_eliminated: int = 0
    objectives: float = 0.0  # Allied points for objectives held, per turn
    objectives_final: float = 0.0  # Allied points for objectives held at the end
    continent_side: float = 0.0  # Allied points for units beyond the naval range
    ocean_side: float = 0.0  # German points for units within the naval range


# --------------------------------------------------------------------------- phase states
@attrs.define(repr=False, eq=False)
class SetupState(Record):
    """The scenario questions still to ask, in order."""
    queue: list[str] = attrs.Factory(list)


@attrs.define(repr=False, eq=False)
class AirborneState(Record):
    division: int = 0  # index into the drop order
    candidate: int = 0  # index into that division's drop zones


@attrs.frozen(repr=False, eq=False)
class AssaultState(FrozenRecord):
    """A landing fighting a beach's coastal defence (landing.py): one round after another, each asking
    for support, the attack level and the defence level (``step``). Frozen: changed by attrs.evolve."""
    unit: str
    beach: str
    target: Hex  # the landing position
    step: CombatStep
    naval: int = 0  # this round's support
    air: int = 0
    attack_level: int = 0
    rounds: int = 0  # rounds fought so far
    lost: int = 0  # CP the lander has lost so far
    amphibious: int = 0  # amphibious supply paid for the landing
    brought: tuple[int, int, int] = (0, 0, 0)  # the fuel, general and combat supply it brought across


@attrs.define(repr=False, eq=False)
class MovementState(Record):
    side: Side
    cycle: int = 1
    order: list[str] = attrs.Factory(list)
    index: int = 0
    assault: AssaultState | None = None  # a landing fighting the coastal defence, between two steps


@attrs.define(repr=False, eq=False)
class CombatState(Record):
    side: Side  # the attacker
    pass_no: int = 1
    candidates: list[str] = attrs.Factory(list)
    index: int = 0
    step: CombatStep = CombatStep.DEFENDER
    defender: str | None = None
    attackers: list[str] = attrs.Factory(list)  # chosen for this combat
    offers: list[str] = attrs.Factory(list)  # attackers still to be offered
    naval: int = 0
    air: int = 0
    defence_naval: int = 0
    defence_air: int = 0
    attack_level: int = 0
    defence_level: int = 0
    retreat_unit: str | None = None
    retreat_cadre: bool = False
    vacated: Hex | None = None
    advancers: list[str] = attrs.Factory(list)
    second: list[str] = attrs.Factory(list)  # the attackers entitled to a second combat
    second_active: bool = False  # offering the second combat's defenders now
    main_candidates: list[str] = attrs.Factory(list)  # the main cycle, kept during a second combat
    main_index: int = 0


@attrs.define(repr=False, eq=False)
class GameState(Record):
    settings: Settings
    seed: int
    rng: Rng
    questions_asked: bool = False  # the game began with the scenario questions (settings answered in play)
    phase: Phase = Phase.QUESTIONS
    turn: int = 0
    units: dict[str, UnitState] = attrs.Factory(dict)
    beaches: dict[str, BeachState] = attrs.Factory(dict)
    pools: Pools = attrs.Factory(Pools)
    allocation: Allocation | None = None  # for the next turn
    weather: Weather | None = None
    weather_history: dict[str, Weather] = attrs.Factory(dict)  # turn -> its weather
    transport: int = 0
    air_left: int = 0
    naval_left: int = 0
    interdiction: int = -1  # air points flown this turn (-1: not yet asked)
    tally: Tally = attrs.Factory(Tally)
    history: list[TurnRecord] = attrs.Factory(list)
    formations_landed_dday: int = 0  # Allied formations on the continent at the end of D-Day
    objectives_taken: dict[str, str] = attrs.Factory(dict)  # objective -> turn it was first held
    setup: SetupState | None = None
    airborne: AirborneState | None = None
    movement: MovementState | None = None
    combat: CombatState | None = None
    final_report: FinalReport | None = None

    def copy(self, rng: Rng | None = None) -> GameState:
        """A copy that shares nothing mutable with this state (``rng``: another generator for it)."""
        twin = _copy_record(self)  # the frozen and immutable fields, shared
        twin.rng = Rng(self.rng.state) if rng is None else rng
        twin.units = {uid: _copy_record(u) for uid, u in self.units.items()}
        twin.beaches = {name: _copy_record(b) for name, b in self.beaches.items()}
        twin.pools = _copy_record(self.pools)
        twin.weather_history = dict(self.weather_history)
        twin.tally = _copy_record(self.tally)
        twin.history = list(self.history)
        twin.objectives_taken = dict(self.objectives_taken)
        for name in ("setup", "airborne", "movement", "combat"):
            phase_state = getattr(self, name)
            if phase_state is not None:
                setattr(twin, name, _copy_record(phase_state, lists=True))
        return twin

    # The state of the phase in hand, for the rules of that phase (which only run while it is there).
    def current_setup(self) -> SetupState:
        return present(self.setup, "the scenario questions' state")

    def current_airborne(self) -> AirborneState:
        return present(self.airborne, "the airborne drops' state")

    def current_movement(self) -> MovementState:
        return present(self.movement, "the movement phase's state")

    def current_combat(self) -> CombatState:
        return present(self.combat, "the combat phase's state")

    def current_weather(self) -> Weather:
        """This turn's weather, drawn as a turn with phases starts (the last turn has none)."""
        return present(self.weather, "this turn's weather")

    def current_assault(self) -> AssaultState:
        """The landing fighting the coastal defence, in a movement phase."""
        return present(self.current_movement().assault, "the landing's assault")


_Value = TypeVar("_Value")


def present(value: _Value | None, what: str) -> _Value:
    """``value``, which the rule asking for it is sure is there (the phase in hand guarantees it):
    the checker's narrowing, and a clear error should that ever be wrong (``what`` names it)."""
    if value is None:
        raise AssertionError(f"{what}: missing")
    return value


def position_of(u: UnitView) -> Hex:
    """Where a unit on the map stands (ashore, at sea, or a coastal defence fighting a landing): for
    the rules that ask it only of such a unit (a unit still to arrive or eliminated has none)."""
    if u.position is None:
        raise AssertionError(f"{u.id} is not on the map")
    return u.position


@functools.cache
def _fields_of(cls: type[Any]) -> Key:
    """A record's field values, as a tuple whatever their number (a one-field record, the scenario questions' state,
    was once copied from its list's items)."""
    return values_of(tuple(f.name for f in attrs.fields(cls)))


_Record = TypeVar("_Record", bound=attrs.AttrsInstance)


def _copy_record(record: _Record, lists: bool = False) -> _Record:
    """A copy of an attrs record holding immutable values, made by passing its fields to its class;
    with ``lists`` its lists (of ids) are copied too."""
    cls = type(record)
    values: Any = _fields_of(cls)(record)
    if lists:
        values = [list(v) if type(v) is list else v for v in values]
    return cls(*values)
