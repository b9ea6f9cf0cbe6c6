"""The hex grid: pointy-topped hexes in offset coordinates, odd rows shifted right.

A position is a ``(col, row)`` tuple. Row 0 is Cherbourg's line, the last row the
southern edge. Directions are numbered as on the 1981 compass, clockwise from
upper-left::

       1   2
     6   *   3
       5   4
"""

from __future__ import annotations

from typing import Iterator

Hex = tuple[int, int]

DIRECTIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

# (dcol, drow) for each direction; odd rows sit half a hex to the right, so the
# diagonal neighbours of an odd row are one column further right.
_EVEN_ROW = {1: (-1, -1), 2: (0, -1), 3: (1, 0), 4: (0, 1), 5: (-1, 1), 6: (-1, 0)}
_ODD_ROW = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (1, 1), 5: (0, 1), 6: (-1, 0)}


def neighbour(hex_: Hex, direction: int) -> Hex:
    """The position one step from ``hex_`` in ``direction`` (it may be off the map)."""
    col, row = hex_
    dcol, drow = (_ODD_ROW if row & 1 else _EVEN_ROW)[direction]
    return (col + dcol, row + drow)


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two positions (offset to cube co-ordinates inline: the computer players ask this constantly)."""
    (ac, ar), (bc, br) = a, b
    dx = (ac - (ar - (ar & 1)) // 2) - (bc - (br - (br & 1)) // 2)
    dz = ar - br
    return max(abs(dx), abs(dz), abs(dx + dz))


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to an adjacent ``b``, or None if not adjacent."""
    for d in DIRECTIONS:
        if neighbour(a, d) == b:
            return d
    return None


class Grid:
    """A rectangular map of ``cols`` x ``rows`` positions with its edges."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols = cols
        self.rows = rows
        # One tuple for each position, shared by the tables built from the grid (the adjacency below, and the
        # tables keyed by ``positions()``): a neighbour is the very tuple of the position it is, not a copy of
        # it for each of its six neighbours (some 80 KB of the game's memory).
        self._positions: tuple[Hex, ...] = tuple((col, row) for row in range(rows) for col in range(cols))
        on_map = {h: h for h in self._positions}
        # Adjacency is asked for constantly, so it is worked out once.
        self._adjacent: dict[Hex, tuple[tuple[int, Hex], ...]] = {
            h: tuple((d, on_map[n]) for d in DIRECTIONS if (n := neighbour(h, d)) in on_map)
            for h in self._positions
        }

    def on_map(self, hex_: Hex) -> bool:
        col, row = hex_
        return 0 <= col < self.cols and 0 <= row < self.rows

    def positions(self) -> Iterator[Hex]:
        """Every position, row by row."""
        return iter(self._positions)

    def adjacent(self, hex_: Hex) -> tuple[tuple[int, Hex], ...]:
        """``(direction, position)`` for each neighbour that is on the map."""
        return self._adjacent[hex_]

    def neighbours(self, hex_: Hex) -> list[Hex]:
        return [n for _, n in self._adjacent[hex_]]

    def on_edge(self, hex_: Hex) -> bool:
        col, row = hex_
        return col in (0, self.cols - 1) or row in (0, self.rows - 1)

    def within(self, centre: Hex, radius: int) -> list[Hex]:
        """Every on-map position at most ``radius`` steps from ``centre``."""
        col, row = centre
        return [
            (c, r)
            for r in range(max(0, row - radius), min(self.rows, row + radius + 1))
            for c in range(max(0, col - radius - 1), min(self.cols, col + radius + 2))
            if distance(centre, (c, r)) <= radius
        ]
