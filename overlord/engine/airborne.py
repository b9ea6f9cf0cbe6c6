"""Airborne drops (rulebook, Summary of Game Play II).

After the scenario questions the three parachute divisions are dropped in
turn: the 82nd, the 101st, the British 6th. The engine offers one candidate
zone at a time, the historical one first; "Y" drops there, "N" offers the next
free zone, cycling until one is accepted. The division may then drift
(docs/rules.md, Airborne drops): with rules.airborne.drift_chance percent it is
carried 1 to drift_max positions in a random direction; carried over the sea it
comes down on the last land position of its path and loses water_loss_percent;
onto an occupied position, or a landing position of a beach not yet cleared, it
comes down on the nearest free land position; in a swamp it loses
swamp_loss_percent; next to the enemy it starts scattered and fatigued.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import landing
from .actions import Answer
from .enums import Side, Terrain
from .events import DropResult, Event
from .hexgrid import Hex, distance, neighbour
from .prompts import DropZonePrompt
from .state import ASHORE, PENDING, AirborneState, present
from .util import percent_of

if TYPE_CHECKING:
    from .game import Game


def drop_order(g: "Game") -> list[str]:
    return [uid for uid in g.data.map.drop_zones if uid in g.state.units]


def begin(g: "Game", events: list[Event]) -> bool:
    g.state.airborne = AirborneState()
    return not _done(g)


def _done(g: "Game") -> bool:
    """True when every division has dropped: the phase is over and its state cleared."""
    if _current(g) is not None:
        return False
    g.state.airborne = None
    return True


def _current(g: "Game") -> str | None:
    order = drop_order(g)
    a = g.state.current_airborne()
    while a.division < len(order):
        uid = order[a.division]
        if g.unit(uid).status == PENDING:
            return uid
        a.division += 1
    return None


def free_zones(g: "Game", uid: str) -> list[Hex]:
    zones = [z for z in g.data.map.drop_zones[uid] if _free(g, z)]
    return zones or [g.data.map.drop_zones[uid][0]]


def _free(g: "Game", hex_: Hex) -> bool:
    return (g.data.map.is_land(hex_) and g.occupant(hex_) is None and g.depot_at(hex_) is None
            and not _defended_beach(g, hex_))


def _defended_beach(g: "Game", hex_: Hex) -> bool:
    """A landing position of a beach not yet cleared: its coastal defence's ground. The divisions drop "behind the
    enemy beaches" (rulebook, Overview); one that came down on Ouistreham stood on Sword's landing position and
    never fought its coastal defence (docs/rules.md, Airborne drops)."""
    beach = g.data.map.beach_of_position(hex_)
    return beach is not None and not landing.beach_cleared(g, beach)


def prompt(g: "Game") -> DropZonePrompt:
    uid = present(_current(g), "the division to drop")  # asked only until every division has dropped
    zones = free_zones(g, uid)
    i = g.state.current_airborne().candidate % len(zones)
    return DropZonePrompt(side=Side.ALLIED, unit=uid, zone=zones[i], candidate=i, candidates=len(zones))


def legal_actions(g: "Game", p: DropZonePrompt) -> list[Answer]:
    return [Answer("Y"), Answer("N")]


def apply(g: "Game", action: Answer, events: list[Event]) -> bool:
    """Drop the division (Y) or offer the next zone (N); True once every division has dropped."""
    a = g.state.current_airborne()
    if action.choice == "N":
        a.candidate += 1
        return False
    p = prompt(g)
    events.append(drop(g, p.unit, p.zone))
    a.division += 1
    a.candidate = 0
    return _done(g)


def drop(g: "Game", uid: str, zone: Hex) -> DropResult:
    """Drop a division on ``zone``, drift it, and put it on the map."""
    rules = g.data.rules.airborne
    m = g.data.map
    rng = g.rng
    u = g.record(uid)
    spot, drifted, over_water = zone, 0, False
    if rng.percent(rules.drift_chance):
        direction = rng.randint(1, 6)
        steps = rng.randint(1, rules.drift_max)
        last_land = zone
        for _ in range(steps):
            nxt = neighbour(spot, direction)
            if not m.grid.on_map(nxt):
                break
            spot, drifted = nxt, drifted + 1
            if m.is_land(spot):
                last_land = spot
            else:
                over_water = True
        spot = last_land
    if not _free(g, spot):
        spot = nearest_free(g, spot)
    loss = 0
    if over_water:
        loss += percent_of(u.cp, rules.water_loss_percent)
    if m.terrain[spot] == Terrain.SWAMP:
        loss += percent_of(u.cp, rules.swamp_loss_percent)
    loss = min(loss, u.cp - 1)
    u.cp -= loss
    g.state.tally.allied_casualties += loss
    g.place(uid, spot, ASHORE)
    if drifted:
        u.fatigue += rules.scattered_fatigue
    if g.in_enemy_zoc(uid):
        u.fatigue += rules.enemy_fatigue
    u.fatigue = min(u.fatigue, g.data.rules.fatigue.max)
    return DropResult(unit=uid, zone=zone, landed_at=spot, drifted=drifted, cp_lost=loss, over_water=over_water)


def nearest_free(g: "Game", hex_: Hex) -> Hex:
    """The free land position nearest ``hex_`` (ties: northernmost, then westernmost)."""
    grid = g.data.map.grid
    for radius in range(1, max(grid.cols, grid.rows)):
        ring = sorted((h for h in grid.within(hex_, radius) if distance(h, hex_) == radius), key=lambda h: (h[1], h[0]))
        for h in ring:
            if _free(g, h):
                return h
    raise RuntimeError("no free land position on the map")
