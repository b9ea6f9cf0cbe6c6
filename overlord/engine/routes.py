"""Move by destination: the cheapest way on land from a unit to a position, as the rules count it, and why a
step is refused (a rules helper: it draws no chance and changes nothing).

A step costs what movement.land_step_points says (the Terrain Effects chart's points, +4 for entering an
enemy zone of control, +8 instead when the step infiltrates from one into another), with the chart's
chance of one point more; entering a zone of control ends the unit's move, so a route passes through no
zone of control: it may start in one and leave it, and may end in one. The route is found over the board
as it stands (the Dijkstra walk of the computers' ocean_path, by points instead of steps), then walked with
the unit's movement points and the fuel pool, twice: with no chance point drawn and with every one drawn,
so that where the unit stops is a range where chance decides. The front end commits a route one compass
step at a time (the same Move actions, so the dice are the compass keys'), and step_refused says why a
step the unit cannot take is refused.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

import attrs

from . import logistics
from .enums import NavalSide, Side
from .hexgrid import Hex, direction_to, neighbour
from .movement import infiltration_chance, land_step_points
from .records import FrozenRecord
from .state import AFLOAT, ASHORE, position_of, present
from .supply import allied_sources, german_cut_off_at, traced_on, within_supply_range
from .util import enemy, is_there

if TYPE_CHECKING:
    from .game import Game

GROUND = {"clear": "clear ground"}  # a terrain as a refusal names it ("the swamp costs 4", "the clear ground ...")


@attrs.frozen(repr=False, eq=False)
class RouteStep(FrozenRecord):
    """One step of a route: its direction key, the position entered and its terrain, its points before the
    chance point (``mp``) and whether that chance applies (``extra``), its enemy zone of control ("enters",
    "infiltrates" or None) and the enemy units making it, the infiltration's chance (100 when there is none
    to roll), and its fuel with no chance point drawn and with it."""
    direction: int
    to: Hex
    terrain: str
    mp: int
    extra: bool
    zone: str | None
    enemies: tuple[str, ...]
    chance: int
    fuel: tuple[int, int]


@attrs.frozen(repr=False, eq=False)
class Route(FrozenRecord):
    """A unit's cheapest way to ``destination`` (``steps``; none, with ``reason``, when there is no way), and
    what this phase's movement points and fuel make of it: ``reach`` steps taken when no chance point is
    drawn, ``reach_surely`` when every one is (and the infiltration, if any, fails); ``mp_left`` the points
    left at each of those stops (with every chance point drawn, with none); ``short`` why the unit stops
    before the destination when no chance point is drawn (None: it gets there); at the stop with no chance
    point drawn, ``in_supply`` (Allied: within supply lines as traced now, always True before they are
    traced; German: a position that traces supply) and ``naval_side`` (the position's side of the
    naval-range line: NavalSide's "c" continent, "o" ocean, "x" east of Caen); ``spent`` the fewest and most
    movement points the unit may spend on it this phase, over every draw of the chance points and a failed
    infiltration: what tires it (fatigue.tired)."""
    unit: str
    start: Hex
    destination: Hex
    steps: tuple[RouteStep, ...] = ()
    reason: str | None = None
    reach: int = 0
    reach_surely: int = 0
    mp_left: tuple[int, int] = (0, 0)
    short: str | None = None
    in_supply: bool = True
    naval_side: str = NavalSide.OCEAN
    spent: tuple[int, int] = (0, 0)

    @property
    def cost(self) -> tuple[int, int]:
        """The whole route's movement points: with no chance point drawn, and with every one drawn."""
        low = sum(s.mp for s in self.steps)
        return low, low + sum(s.extra for s in self.steps)

    @property
    def stop(self) -> Hex:
        """Where the unit stops this phase when no chance point is drawn."""
        return self.steps[self.reach - 1].to if self.reach else self.start

    @property
    def stop_surely(self) -> Hex:
        """Where it stops at the least: every chance point drawn, and the infiltration (if any) failed."""
        return self.steps[self.reach_surely - 1].to if self.reach_surely else self.start


# --------------------------------------------------------------------------- the route
def route(g: "Game", uid: str, destination: Hex) -> Route:
    """The cheapest way for a unit ashore to ``destination`` this movement phase, and where it stops."""
    u = g.unit(uid)
    start = position_of(u)
    refused = _unreachable(g, uid, start, destination)
    if refused is not None:
        return Route(uid, start, destination, reason=refused)
    path = _cheapest(g, uid, start, destination)
    if path is None:
        return Route(uid, start, destination, reason=_no_way(g, uid, start, destination))
    steps = tuple(_step(g, uid, a, b) for a, b in zip([start, *path], path))
    return _walk(g, uid, start, destination, steps)


def _unreachable(g: "Game", uid: str, start: Hex, to: Hex) -> str | None:
    """Why the unit cannot go to ``to`` whatever the way (None: there may be a way)."""
    u = g.unit(uid)
    m = g.data.map
    if u.status == AFLOAT:
        return "it is at sea: sail with the compass keys or B, and land from a beachhead marker"
    if u.status != ASHORE:
        return "it is not on the map"
    if to == start:
        return "it is there"
    if not m.grid.on_map(to):
        return "that is off the map"
    if not m.is_land(to):
        return "that is the sea: a unit ashore moves on land"
    return blocked(g, uid, to)


def blocked(g: "Game", uid: str, target: Hex) -> str | None:
    """Why no step of the unit may enter ``target`` (stacking: one combat unit a position; a depot may share
    one with a friendly combat unit), as movement's steps on land judge it; None if a step may."""
    spec = g.spec(uid)
    occupant = g.occupant(target)
    if spec.is_depot:
        if g.depot_at(target) is not None:
            return "a depot is there already"
        if occupant is not None and g.side_of(occupant) != spec.side:
            return is_there(g.spec(occupant).name)
        return None
    if occupant is not None and occupant != uid:
        return is_there(g.spec(occupant).name)
    return None


def _cheapest(g: "Game", uid: str, start: Hex, to: Hex) -> list[Hex] | None:
    """The positions of the cheapest way from ``start`` to ``to`` (``start`` left out), by the steps' points
    and then the fewest chance points; None if there is none. A position in an enemy zone of control ends the
    way there (entering one ends the move), and the start's own zone may only be left."""
    spec = g.spec(uid)
    m = g.data.map
    zoc = g.zoc(enemy(spec.side))
    best: dict[Hex, tuple[int, int]] = {start: (0, 0)}
    came: dict[Hex, Hex] = {}
    queue: list[tuple[int, int, int, Hex]] = [(0, 0, 0, start)]
    order = 0  # ties go to the way found first (in direction order): the same route every time
    while queue:
        points, chances, _, here = heapq.heappop(queue)
        if here == to:
            path = [to]
            while path[-1] in came and came[path[-1]] != start:
                path.append(came[path[-1]])
            return path[::-1]
        if (points, chances) > best[here] or (here != start and here in zoc):
            continue
        for _, there in m.grid.adjacent(here):
            if not m.is_land(there) or blocked(g, uid, there) is not None:
                continue
            cost = land_step_points(g.data, spec, there, here in zoc, there in zoc)
            if cost is None:
                continue
            key = (points + cost, chances + _extra(g, there))
            if there not in best or key < best[there]:
                best[there], came[there] = key, here
                order += 1
                heapq.heappush(queue, (*key, order, there))
    return None


def _no_way(g: "Game", uid: str, start: Hex, to: Hex) -> str:
    spec = g.spec(uid)
    zoc = g.zoc(enemy(spec.side))
    if to in g.data.map.grid.neighbours(start) and start in zoc and to in zoc:
        return cannot_infiltrate(g, uid)
    return ("no way there: enemy zones of control (entering one ends a move) and the positions taken close "
            "every way")


def cannot_infiltrate(g: "Game", uid: str) -> str:
    """Why a unit next to an enemy may not step to another position next to an enemy."""
    spec = g.spec(uid)
    who = "; only armoured divisions may" if spec.side == Side.ALLIED else ""
    return f"from next to an enemy to next to an enemy is infiltration, which {spec.name} may not try{who}"


def _extra(g: "Game", target: Hex) -> int:
    """1 where the Terrain Effects chart's chance of a point more applies, else 0."""
    return int(g.data.map.terrain[target] not in g.data.charts.terrain.extra_point_exempt)


def _step(g: "Game", uid: str, here: Hex, there: Hex) -> RouteStep:
    spec = g.spec(uid)
    zoc = g.zoc(enemy(spec.side))
    cost = land_step_points(g.data, spec, there, here in zoc, there in zoc)
    if cost is None:
        raise AssertionError("a route's step is one the unit may take")
    zone = None if there not in zoc else "infiltrates" if here in zoc else "enters"
    enemies = tuple(g.adjacent_units(there, enemy(spec.side))) if zone else ()
    extra = bool(_extra(g, there))
    fuel = (logistics.fuel_cost(g, uid, cost), logistics.fuel_cost(g, uid, cost + extra))
    direction = present(direction_to(here, there), "a step to a neighbour")
    return RouteStep(direction, there, str(g.data.map.terrain[there]), cost, extra, zone, enemies,
                     infiltration_chance(g, uid) if zone == "infiltrates" else 100, fuel)


def _walk(g: "Game", uid: str, start: Hex, to: Hex, steps: tuple[RouteStep, ...]) -> Route:
    """Where the unit's movement points and the fuel pool take it along the steps: with no chance point drawn
    (the most it goes) and with every one drawn (the least)."""
    u = g.unit(uid)
    fuel = g.pools.fuel if g.side_of(uid) == Side.ALLIED else None
    reach, left, short = _taken(u.mp, u.moved, u.stopped, fuel, steps, 0)
    surely, least, _ = _taken(u.mp, u.moved, u.stopped, fuel, steps, 1)
    if surely and steps[surely - 1].zone == "infiltrates":
        surely -= 1  # a failed infiltration leaves the unit where it was
    if short is not None and reach < len(steps):
        short = step_words(g, uid, steps[reach], left, _fuel_left(fuel, steps[:reach]))
    stop = steps[reach - 1].to if reach else start
    return Route(uid, start, to, steps, None, reach, surely, (least, left), short,
                 _supplied_at(g, uid, stop), str(g.data.map.naval_side[stop]),
                 _spent(u.mp, u.moved, u.stopped, fuel, steps))


def _taken(mp: int, moved: bool, stopped: bool, fuel: int | None, steps: tuple[RouteStep, ...],
           extra: int) -> tuple[int, int, str | None]:
    """(steps taken, movement points left, "short" if stopped before the end) with ``extra`` (0 or 1) drawn at
    each step where the chance point applies: the rules' steps on land (movement._land_costs, _arrive)."""
    if stopped or mp <= 0:
        return 0, max(mp, 0), "short"
    for i, s in enumerate(steps):
        if _stops_before(s, mp, moved, fuel):
            return i, mp, "short"
        mp = max(0, mp - s.mp - extra * s.extra)
        moved = True
        if fuel is not None:
            fuel -= min(s.fuel[extra], fuel)
        if s.zone is not None:
            return i + 1, 0, None  # next to the enemy, the move ends (the route ends there too)
    return len(steps), mp, None


def _stops_before(s: RouteStep, mp: int, moved: bool, fuel: int | None) -> bool:
    """Does the unit stop before the step: too few points for it (but for the phase's first step, always taken), or
    too little fuel for it without the chance point?"""
    return moved and s.mp > mp or fuel is not None and s.fuel[0] > fuel


def _spent(mp: int, moved: bool, stopped: bool, fuel: int | None, steps: tuple[RouteStep, ...]) -> tuple[int, int]:
    """The fewest and most movement points spent along the steps, over every draw of the chance points and an
    infiltration failing, taking steps as ``_taken`` does. No draw and every draw are not the ends: a point drawn
    early stops the unit sooner, one drawn late is taken even if it leaves the unit short (found by a helper)."""
    if stopped or mp <= 0:
        return 0, 0
    ends: set[int] = set()
    going = {(mp, fuel, 0, moved)}  # (points left, fuel left, points spent, moved) of each way the walk may go
    for s in steps:
        on: set[tuple[int, int | None, int, bool]] = set()
        for left, fuel_left, spent, has_moved in going:
            if _stops_before(s, left, has_moved, fuel_left):
                ends.add(spent)
                continue
            if s.chance < 100:
                ends.add(spent)  # the infiltration fails: the unit stays, its move over, nothing spent
            for extra in (0, 1) if s.extra else (0,):
                if s.zone is not None:
                    ends.add(spent + s.mp + extra)  # next to the enemy, the move ends
                    continue
                fuel_after = None if fuel_left is None else fuel_left - min(s.fuel[extra], fuel_left)
                on.add((max(0, left - s.mp - extra), fuel_after, spent + s.mp + extra, True))
        going = on
    ends |= {spent for _, _, spent, _ in going}
    return min(ends), max(ends)


def _fuel_left(fuel: int | None, taken: tuple[RouteStep, ...]) -> int | None:
    return None if fuel is None else fuel - sum(s.fuel[0] for s in taken)


def _supplied_at(g: "Game", uid: str, hex_: Hex) -> bool:
    spec = g.spec(uid)
    if spec.side == Side.GERMAN:
        return not german_cut_off_at(g, uid, hex_)
    if not traced_on(g, g.turn + 1):
        return True
    return within_supply_range(g, hex_, allied_sources(g, spec.nation, without=uid if spec.is_depot else None))


# --------------------------------------------------------------------------- a step refused, in words
def step_words(g: "Game", uid: str, s: RouteStep, mp_left: int, fuel_left: int | None = None) -> str:
    """Why a step is beyond the unit now: its points against the points left ("the swamp costs 4 + 4 for
    entering the zone of control of the 91st Air Landing Division: 8 MP needed, 4 left"), or the fuel it needs."""
    if g.unit(uid).stopped:
        return "its movement is over for this phase (it stopped next to the enemy)"
    terrain = g.data.charts.terrain[g.data.map.terrain[s.to]].movement
    chart = g.data.charts.infiltration
    words = f"the {GROUND.get(s.terrain, s.terrain)} costs {terrain}"
    if s.zone is not None:
        names = " and ".join(f"the {g.spec(e).name}" for e in s.enemies)
        extra = chart.enter_enemy_zoc_cost if s.zone == "enters" else chart.infiltration_cost
        what = "entering" if s.zone == "enters" else "infiltrating into"
        words += f" + {extra} for {what} the zone of control of {names}"
    if fuel_left is not None and s.fuel[0] > fuel_left:
        return f"{words}, and {s.fuel[0]} fuel: the pool has {fuel_left}"
    return f"{words}: {s.mp} MP needed, {mp_left} left"


def step_refused(g: "Game", uid: str, direction: int) -> str | None:
    """Why a unit ashore may not step that way now, in words (None if it may, or if it is not ashore): the
    edge of the map, the sea, a unit there, infiltration it may not try, the points or the fuel."""
    u = g.unit(uid)
    if u.status != ASHORE:
        return None
    here = position_of(u)
    target = neighbour(here, direction)
    reason = _unreachable(g, uid, here, target)
    if reason is not None:
        return reason
    spec = g.spec(uid)
    zoc = g.zoc(enemy(spec.side))
    if land_step_points(g.data, spec, target, here in zoc, target in zoc) is None:
        return cannot_infiltrate(g, uid)
    s = _step(g, uid, here, target)
    fuel = g.pools.fuel if spec.side == Side.ALLIED else None
    if u.stopped or u.mp <= 0 or u.moved and s.mp > u.mp or fuel is not None and s.fuel[0] > fuel:
        return step_words(g, uid, s, u.mp, fuel)
    return None
