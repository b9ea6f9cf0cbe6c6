"""Path finding for the computer players (they see only what a player sees)."""

from __future__ import annotations

from collections import deque

from ..engine.game import Game
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
                steps = [direction_to(a, b) for a, b in zip(path, path[1:])]
                return [d for d in steps if d is not None]  # each step is to a neighbour: none is left out
            queue.append(n)
    return None
