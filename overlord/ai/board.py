"""What a computer player reads off the board: strengths, threats, reach and supply.

Everything here is what a player sees on the 1981 screen (every unit is
visible); nothing reads the random generator.
"""

from __future__ import annotations

import heapq
import math

from ..engine import view
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex
from ..engine.view import ASHORE, enemy, position_of

PASSING_ENEMY = 6.0  # movement points: what the walk of field() counts for passing a position an enemy holds
NO_SOURCE = 99  # the distance to supply from a position with no source at all (beyond any supply range)


def on_intact_beach(g: Game, hex_: Hex) -> bool:
    """Whether ``hex_`` is a landing position of a beach whose marker stands (a German entering it destroys
    the marker, and with it the beach's landings and supply)."""
    beach = g.data.map.beach_of_position(hex_)
    return beach is not None and g.beaches[beach.name].marker_intact


def terrain_defence(g: Game, hex_: Hex) -> float:
    """The Terrain Effects chart's defence multiplier of a position."""
    return g.data.charts.terrain[g.data.map.terrain[hex_]].defence


def strength(g: Game, uid: str) -> float:
    """A unit's strength before terrain: CP x effectiveness."""
    u = g.unit(uid)
    return u.cp * view.effectiveness(g, u)


def defence_at(g: Game, uid: str, hex_: Hex) -> float:
    """How strongly a unit would defend at a position."""
    return strength(g, uid) * g.data.charts.terrain[g.data.map.terrain[hex_]].defence


def defence_here(g: Game, uid: str) -> float:
    """How strongly a unit defends where it stands (at least 1, to divide by)."""
    return max(defence_at(g, uid, position_of(g.unit(uid))), 1.0)


def attack_from(g: Game, uid: str, hex_: Hex) -> float:
    return strength(g, uid) * g.data.charts.terrain[g.data.map.terrain[hex_]].attack


def threat(g: Game, enemies: list[str]) -> float:
    """The attack strength of ``enemies`` from where they stand."""
    return sum(attack_from(g, e, position_of(g.unit(e))) for e in enemies)


def combat_units(g: Game, side: str) -> list[str]:
    return [u.id for u in g.units(side, ASHORE, combat=True)]


def allied_positions(g: Game) -> list[Hex]:
    """Where the Allied combat units ashore stand, in order-of-battle order."""
    return [position_of(u) for u in g.units(Side.ALLIED, ASHORE, combat=True)]


def objective_positions(g: Game) -> list[Hex]:
    """Every objective position, objective by objective (the map's order)."""
    return [h for hexes in g.data.map.objectives.values() for h in hexes]


def reach(g: Game, uid: str, mp: float | None = None) -> dict[Hex, tuple[float, Hex | None]]:
    """Positions a unit ashore can reach this phase: cost and the previous position on the way.

    Moving next to an enemy ends the walk there; infiltration is only tried by
    units that may infiltrate. The first step is always possible.
    """
    data = g.data
    spec = g.spec(uid)
    u = g.unit(uid)
    side = spec.side
    zoc = g.zoc(enemy(side))
    budget = u.mp if mp is None else mp
    start = position_of(u)
    best: dict[Hex, tuple[float, Hex | None]] = {start: (0.0, None)}
    heap = [(0.0, start)]
    occupant, depot, step_points = g.occupant, spec.is_depot, view.land_step_points
    pop, push, near = heapq.heappop, heapq.heappush, data.map.land_neighbours
    while heap:
        d, h = pop(heap)
        if d > best[h][0]:
            continue
        in_zoc = h in zoc
        if h != start and in_zoc:
            continue
        for n in near(h):
            occ = occupant(n)
            if occ is not None and not depot:
                continue
            if depot and (g.depot_at(n) is not None or (occ is not None and g.side_of(occ) != side)):
                continue
            cost = step_points(data, spec, n, in_zoc, n in zoc)  # the rules' own count of the step
            if cost is None:
                continue
            nd = d + cost
            if nd > budget and h != start:
                continue
            if nd > budget and h == start and u.moved:
                continue
            if n not in best or nd < best[n][0]:
                best[n] = (nd, h)
                push(heap, (nd, n))
    return best


def path_to(best: dict[Hex, tuple[float, Hex | None]], target: Hex) -> list[Hex]:
    path = [target]
    while (previous := best[path[-1]][1]) is not None:
        path.append(previous)
    path.reverse()
    return path[1:]


def field(g: Game, goals: list[Hex], side: str, block_enemy: bool = True) -> dict[Hex, float]:
    """Movement-point distance from every land position to the nearest goal (terrain only)."""
    m = g.data.map
    cost = g.data.movement_cost
    # the positions an enemy unit holds cost more to pass (a walk around them is usually shorter)
    blocked = {h for h, uid in g.occupants() if g.side_of(uid) != side} if block_enemy else set()
    dist: dict[Hex, float] = {}
    heap = []
    for goal in goals:
        dist[goal] = 0.0
        heap.append((0.0, goal))
    heapq.heapify(heap)
    pop, push, near = heapq.heappop, heapq.heappush, m.land_neighbours
    while heap:
        d, h = pop(heap)
        if d > dist[h]:
            continue
        step = d + cost[h]  # the cost of stepping from a neighbour into h (the walk is reversed)
        for n in near(h):
            nd = step + PASSING_ENEMY if n in blocked else step
            if nd < dist.get(n, math.inf):
                dist[n] = nd
                push(heap, (nd, n))
    return dist


def supply_sources(g: Game, nation: str) -> list[Hex]:
    return view.allied_sources(g, nation)


def supply_distance(sources: list[Hex], hex_: Hex) -> int:
    """Positions from ``hex_`` to the nearest supply source (NO_SOURCE with none)."""
    found = view.source_distance(hex_, sources)
    return NO_SOURCE if found is None else found


def odds_with(g: Game, attackers: list[str], defender: str) -> float:
    if not attackers:
        return 0.0
    return view.odds(g, attackers, defender)
