"""Path finding for the computer players (they see only what a player sees)."""

from __future__ import annotations

import heapq
from collections import deque

from ..engine.game import Game
from ..engine.view import enemy
from ..engine.hexgrid import Hex, direction_to


def ocean_path(g: Game, start: Hex, goal: Hex) -> list[int] | None:
    """Directions through ocean positions from ``start`` to ``goal`` (an ocean position)."""
    m = g.data.map
    if start == goal:
        return []
    prev: dict[Hex, Hex] = {start: start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for _, n in m.grid.adjacent(h):
            if n in prev or m.is_land(n):
                continue
            prev[n] = h
            if n == goal:
                path = [n]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                path.reverse()
                return [direction_to(a, b) for a, b in zip(path, path[1:])]
            queue.append(n)
    return None


def land_costs(g: Game, side: str, start: Hex, avoid_zoc: bool = True, limit: float = 99.0) -> dict[Hex, float]:
    """Cheapest movement-point cost from ``start`` to every land position it could walk to.

    Enemy-occupied positions are impassable; entering an enemy zone of control
    costs the chart's extra and ends the walk there (it is reachable, but not
    beyond) unless ``avoid_zoc`` is False, in which case it only costs more.
    """
    m = g.data.map
    charts = g.data.charts
    zoc = g.zoc(enemy(side))
    dist = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist.get(h, 1e9) or d > limit:
            continue
        if h != start and h in zoc and avoid_zoc:
            continue  # movement ends next to the enemy
        for _, n in m.grid.adjacent(h):
            if not m.is_land(n):
                continue
            occ = g.occupant(n)
            if occ is not None and g.side_of(occ) != side:
                continue
            cost = charts.terrain[m.terrain[n]].movement + 0.3
            if n in zoc:
                cost += charts.infiltration.infiltration_cost if h in zoc else charts.infiltration.enter_enemy_zoc_cost
            nd = d + cost
            if nd < dist.get(n, 1e9):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


def first_step_towards(g: Game, side: str, start: Hex, goal: Hex, avoid_zoc: bool = False) -> int | None:
    """The direction of the first step of a cheapest walk from ``start`` to ``goal``."""
    back = land_costs(g, side, goal, avoid_zoc=avoid_zoc) if g.data.map.is_land(goal) else {}
    best, best_d = None, back.get(start, 1e9)
    for d, n in g.data.map.grid.adjacent(start):
        if n in back and back[n] < best_d:
            best, best_d = d, back[n]
    return best
