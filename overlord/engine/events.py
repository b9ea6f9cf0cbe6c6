"""Events: what an action caused, as data (who, what, where, how many), for the log, the screens and the tools.

An event holds no words: units by their ids, positions as hexes, beaches and turns by their names, the
numbers. The words of each (the log's line, in good grammar for plural units) are made in one place outside
the engine, ``overlord.words``, from the event and the game data.
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from .hexgrid import Hex
from .records import FrozenRecord
from .results import FinalReport, TurnPoints


@attrs.frozen(repr=False, eq=False)
class Event(FrozenRecord):
    @property
    def kind(self) -> str:
        return type(self).__name__


@attrs.frozen(repr=False, eq=False)
class PhaseStarted(Event):
    turn: str
    phase: str  # a Phase's value, or "logistics" for the start of a turn


@attrs.frozen(repr=False, eq=False)
class SettingChosen(Event):
    question: str
    value: str


@attrs.frozen(repr=False, eq=False)
class DropResult(Event):
    unit: str
    zone: Hex
    landed_at: Hex
    drifted: int  # positions drifted
    cp_lost: int
    over_water: bool = False  # some sticks drifted over the sea


@attrs.frozen(repr=False, eq=False)
class TransportAllocated(Event):
    """The Allied transport priorities for a turn, in percent."""
    turn: str
    fuel: int
    general: int
    combat: int
    amphibious: int


@attrs.frozen(repr=False, eq=False)
class InterdictionGrounded(Event):
    """No interdiction is possible this turn: the aircraft are grounded."""


@attrs.frozen(repr=False, eq=False)
class InterdictionFlown(Event):
    air_points: int
    effective: int  # after the weather
    weather: str


@attrs.frozen(repr=False, eq=False)
class InterdictionCost(Event):
    """What the interdiction took from the German units' movement, in all."""
    movement_points: int


@attrs.frozen(repr=False, eq=False)
class LogisticsReport(Event):
    turn: str
    weather: str
    transport: int
    arrived: dict[str, int]  # what the transport brought to each pool
    upkeep: int  # general supply paid
    pools: dict[str, int]
    out_of_supply: tuple[str, ...]  # Allied units beyond supply lines
    deprived: tuple[str, ...]  # units that got no general supply
    attrition: int  # Allied CP lost to lack of supply
    reinforcements: tuple[str, ...]  # German units that entered the map
    weather_percent: int
    german_cut_off: tuple[str, ...] = ()  # German units that could not trace supply (they lose CP this turn)
    german_attrition: int = 0  # German CP lost to being cut off


@attrs.frozen(repr=False, eq=False)
class ReinforcementEntered(Event):
    unit: str
    entry: str  # the map.toml entry's name
    to: Hex


@attrs.frozen(repr=False, eq=False)
class ReinforcementBlocked(Event):
    """A German reinforcement's entry is blocked: it tries again next turn."""
    unit: str
    entry: str


class Motion(StrEnum):
    """How a unit came to move."""
    MOVE = "move"  # a step of its movement, on land
    SAIL = "sail"  # a step at sea
    RETREAT = "retreat"
    ADVANCE = "advance"  # into the position a defender left


@attrs.frozen(repr=False, eq=False)
class UnitMoved(Event):
    unit: str
    origin: Hex
    to: Hex
    cost: int
    fuel: int
    mp_left: int
    motion: Motion = Motion.MOVE
    stops: bool = False  # it entered an enemy zone of control and its movement ends


@attrs.frozen(repr=False, eq=False)
class InfiltrationFailed(Event):
    """A unit failed to infiltrate and is pinned where it is."""
    unit: str


@attrs.frozen(repr=False, eq=False)
class AssaultBegun(Event):
    """A unit crosses to a beach still held by its coastal defence: it pays its amphibious supply and its
    supplies reach the pools now; the rounds of the fight follow (CombatResult each), then Landed."""
    unit: str
    beach: str
    to: Hex
    amphibious: int
    brought: dict[str, int]


@attrs.frozen(repr=False, eq=False)
class Landed(Event):
    """A landing, whole. After a fight (``rounds`` > 0) its amphibious supply and what it brought were
    paid into and out of the pools when it crossed (AssaultBegun); ``destroyed``: it never came ashore."""
    unit: str
    beach: str
    to: Hex
    rounds: int
    cp_lost: int
    amphibious: int  # amphibious supply spent on the landing
    brought: dict[str, int]  # what the unit brought into the fuel, general and combat pools
    destroyed: bool = False
    stops: bool = False  # it landed next to the enemy and its movement ends


@attrs.frozen(repr=False, eq=False)
class CombatResult(Event):
    attackers: tuple[str, ...]
    defender: str
    odds: float
    attack_level: int
    defence_level: int
    attacker_losses: int
    defender_losses: int
    retreat: bool
    eliminated: bool
    second_combat: bool
    combat_supply: int  # Allied combat supply spent on the fight (attacking or defending)
    beach: str | None = None  # a landing's round against this beach's coastal defence
    round: int = 0  # which round of the landing (1, 2, ...); 0 for a combat on land
    # the Allied naval and air points of the fight (the attackers' or the Allied defender's support), and the CP the
    # Bombardment Losses chart's draw made of them: added to the German defender's losses, or taken from the Allied
    # defender's (no more than it would have lost); the card gave the chart's range where the dice had fallen
    naval: int = 0
    air: int = 0
    bombardment: int = 0


@attrs.frozen(repr=False, eq=False)
class AttacksHeldBack(Event):
    """A combat phase ends (or never starts) with units beside the enemy that could not attack for want of
    supply: the Allied combat supply pool could not pay for a Recon attack by them, or the German units were cut
    off. (Without it the phase ended with no word why.)"""
    side: str
    units: tuple[str, ...]
    combat_supply: int  # the Allied combat supply pool at the time (0 for the German)


@attrs.frozen(repr=False, eq=False)
class MovesHeldBack(Event):
    """An Allied movement phase ends (or never starts) with units ashore that had movement points and a step to
    take but could not pay its fuel. (Without it the phase ended with no word why: found by a helper.)"""
    units: tuple[str, ...]
    fuel: int  # the fuel pool at the time


@attrs.frozen(repr=False, eq=False)
class RetreatRefused(Event):
    """The defender holds its ground instead of retreating, at the cost of more CP."""
    unit: str
    cp_lost: int


@attrs.frozen(repr=False, eq=False)
class RetreatedNextToEnemy(Event):
    """The defender retreated next to an enemy unit and lost more CP."""
    unit: str
    cp_lost: int


@attrs.frozen(repr=False, eq=False)
class CadreTrapped(Event):
    """A defender's cadre has nowhere to retreat to and is destroyed."""
    unit: str


@attrs.frozen(repr=False, eq=False)
class SecondCombatOffered(Event):
    """The attackers, having eliminated the defender, may attack again (second combat)."""
    attackers: tuple[str, ...]


@attrs.frozen(repr=False, eq=False)
class UnitEliminated(Event):
    unit: str
    cadre: bool


@attrs.frozen(repr=False, eq=False)
class MarkerDestroyed(Event):
    beach: str


@attrs.frozen(repr=False, eq=False)
class TurnEnded(Event):
    turn: str
    score: float
    adjusted_score: float
    weather_percent: int
    points: TurnPoints  # the ground's points this turn, to a tenth


@attrs.frozen(repr=False, eq=False)
class GameEnded(Event):
    report: FinalReport

