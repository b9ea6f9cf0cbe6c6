"""Events: what an action caused, for the message log and the screens.

Every event has ``text``, one line for the log; some carry data a front end
shows in its own way (the logistics report, a combat result, the score).
"""

from __future__ import annotations

from typing import Any

import attrs

from .hexgrid import Hex
from .results import FinalReport, TurnPoints


@attrs.frozen
class Event:
    text: str

    @property
    def kind(self) -> str:
        return type(self).__name__


@attrs.frozen
class Message(Event):
    pass


@attrs.frozen
class PhaseStarted(Event):
    turn: str
    phase: str


@attrs.frozen
class SettingChosen(Event):
    question: str
    value: Any


@attrs.frozen
class DropResult(Event):
    unit: str
    zone: Hex
    landed_at: Hex
    drifted: int
    cp_lost: int


@attrs.frozen
class LogisticsReport(Event):
    turn: str
    weather: str
    transport: int
    arrived: dict[str, int]  # what the transport brought to each pool
    upkeep: int  # general supply paid
    pools: dict[str, int]
    out_of_supply: tuple[str, ...]
    deprived: tuple[str, ...]  # units that got no general supply
    attrition: int  # Allied CP lost to lack of supply
    reinforcements: tuple[str, ...]
    weather_percent: int


@attrs.frozen
class UnitMoved(Event):
    unit: str
    origin: Hex
    to: Hex
    cost: int
    fuel: int
    mp_left: int


@attrs.frozen
class AssaultBegun(Event):
    """A unit crosses to a beach still held by its coastal defence: it pays its amphibious supply and its
    supplies reach the pools now; the rounds of the fight follow (CombatResult each), then Landed."""
    unit: str
    beach: str
    to: Hex
    amphibious: int
    brought: dict[str, int]


@attrs.frozen
class Landed(Event):
    """A landing, whole. After a fight (``rounds`` > 0) its amphibious supply and what it brought were
    paid into and out of the pools when it crossed (AssaultBegun)."""
    unit: str
    beach: str
    to: Hex
    rounds: int
    cp_lost: int
    amphibious: int  # amphibious supply spent on the landing
    brought: dict[str, int]  # what the unit brought into the fuel, general and combat pools


@attrs.frozen
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


@attrs.frozen
class UnitEliminated(Event):
    unit: str
    cadre: bool


@attrs.frozen
class MarkerDestroyed(Event):
    beach: str


@attrs.frozen
class TurnEnded(Event):
    turn: str
    score: float
    adjusted_score: float
    weather_percent: int
    points: TurnPoints


@attrs.frozen
class GameEnded(Event):
    report: FinalReport
