"""Losses, elimination and cadres, shared by combat, landings and supply attrition.

Every combat point lost is counted for the victory points (rulebook, Victory
Points: casualties; Allied casualties from lack of general supply separately).
An eliminated Allied unit is gone; an eliminated German unit forms a cadre
(rulebook, Combat) unless it was destroyed retreating next to the enemy,
refusing to retreat, by supply attrition, or was a cadre already.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .enums import Side
from .events import Event, MarkerDestroyed, UnitEliminated
from .hexgrid import Hex
from .state import ELIMINATED

if TYPE_CHECKING:
    from .game import Game


def inflict(g: "Game", uid: str, amount: int, events: list[Event], *, supply: bool = False,
            cadre: bool = True) -> bool:
    """Take ``amount`` CP from a unit; returns True if that eliminated it (a cadre may remain)."""
    u = g.record(uid)
    amount = max(0, min(amount, u.cp))
    u.cp -= amount
    tally = g.state.tally
    if g.side_of(uid) == Side.ALLIED:
        if supply:
            tally.allied_supply_casualties += amount
        else:
            tally.allied_casualties += amount
    else:
        tally.german_casualties += amount
    if u.cp > 0:
        return False
    eliminate(g, uid, events, cadre=cadre)
    return True


def eliminate(g: "Game", uid: str, events: list[Event], cadre: bool = True) -> None:
    u = g.record(uid)
    spec = g.spec(uid)
    tally = g.state.tally
    if spec.side == Side.GERMAN and cadre and not u.cadre and not spec.is_coastal:
        rules = g.data.rules.combat
        u.cp = max(rules.cadre_minimum, u.max_cp * rules.cadre_percent // 100)
        u.cadre = True
        tally.german_eliminated += 1
        events.append(UnitEliminated(unit=uid, cadre=True))
        return
    if spec.side == Side.GERMAN:
        if not u.cadre:
            tally.german_eliminated += 1
    else:
        tally.allied_eliminated += 1
    g.lift(uid)
    u.status, u.position, u.cp = ELIMINATED, None, 0
    events.append(UnitEliminated(unit=uid, cadre=False))


def overrun(g: "Game", hex_: Hex) -> tuple[str | None, str | None]:
    """What a German unit entering ``hex_`` destroys: (the beach whose marker falls, the depot eliminated), each
    None when there is none (german_occupies; a front end says it before the step)."""
    beach = g.data.map.beach_of_position(hex_)
    marker = beach.name if beach is not None and g.state.beaches[beach.name].marker_intact else None
    return marker, g.depot_at(hex_)


def german_occupies(g: "Game", hex_: Hex, events: list[Event]) -> None:
    """A German unit has entered ``hex_``: a beach there loses its marker, a depot there is destroyed."""
    marker, depot = overrun(g, hex_)
    if marker is not None:
        g.state.beaches[marker].marker_intact = False
        events.append(MarkerDestroyed(beach=marker))
    if depot is not None:
        eliminate(g, depot, events, cadre=False)
