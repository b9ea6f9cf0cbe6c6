"""The map: map.txt (the terrain, row by row) and map.toml (everything placed on it).

map.toml is read into ``MapFile``; each position it names is then checked against the terrain
(on the map, on land or at sea as it must be), and the whole becomes the engine's ``MapData``.
"""

from __future__ import annotations

from pathlib import Path

from ..enums import NavalSide, Terrain
from ..hexgrid import Grid, Hex, distance
from .models import Beach, MapData, MapFile
from .source import DataError, Path_, Source

RIVER_TERRAINS = (Terrain.RIVER, Terrain.SWAMP, Terrain.TOWN, Terrain.BEACH)  # what a river runs through


def load_map(root: Path, strict: bool = True) -> MapData:
    meta = Source(root / "map.toml", root).parse_toml()
    f = meta.structure(MapFile)
    terrain, cols, rows = read_map_text(Source(root / "map.txt", root), f.legend, strict)
    board = _Board(meta, Grid(cols, rows), terrain)
    board.check_places(f)
    board.check_beaches(f.beach)
    board.check_lines(f)
    naval_side = board.naval_side(f.naval_range.rows)
    for n, h in f.waiting.items():
        board.position(("waiting", n), h, land=False)
    landing = {h: b.name for b in f.beach for h in b.positions}
    for u, hs in f.drop_zones.items():
        board.positions(("drop_zones", u), hs, land=True)
        for i, h in enumerate(hs):  # (the divisions drop behind the beaches: docs/rules.md, Airborne drops)
            if h in landing:
                raise meta.error(("drop_zones", u, i), f"drop zone {list(h)} is a landing position of {landing[h]}")
    for name, h in f.entry.items():
        board.position(("entry", name), h, land=True)
        if strict and not board.grid.on_edge(h):
            raise meta.error(("entry", name), f"entry position {list(h)} is not on the map's edge")
    board.distinct("entry", f.entry, "entry road")
    return MapData(board.grid, terrain, f.legend, f.towns, f.places, f.objectives, f.beach, f.rivers, f.flooded,
                   naval_side, f.waiting, f.drop_zones, f.entry)


class _Board:
    """map.toml's positions checked against the terrain read from map.txt."""

    def __init__(self, src: Source, grid: Grid, terrain: dict[Hex, Terrain]) -> None:
        self.src, self.grid, self.terrain = src, grid, terrain

    def position(self, path: Path_, h: Hex, land: bool | None = None) -> None:
        """On the map; on land (``land`` True) or at sea (False)."""
        if not self.grid.on_map(h):
            raise self.src.error(path, f"position {list(h)} is off the {self.grid.cols} x {self.grid.rows} map")
        if land is True and self.terrain[h] == Terrain.OCEAN:
            raise self.src.error(path, f"position {list(h)} is ocean; it must be on land")
        if land is False and self.terrain[h] != Terrain.OCEAN:
            raise self.src.error(path, f"position {list(h)} is {self.terrain[h]}; it must be ocean")

    def positions(self, path: Path_, hexes: tuple[Hex, ...], land: bool | None = None) -> None:
        for i, h in enumerate(hexes):
            self.position(path + (i,), h, land)

    def in_town(self, path: Path_, h: Hex, what: str) -> None:
        if self.terrain[h] != Terrain.TOWN:
            raise self.src.error(path, f"{what} at {list(h)} is on {self.terrain[h]}, not a town position")

    def distinct(self, table: str, named: dict[str, Hex], what: str) -> None:
        """No two names of a table on one position (a town, an entry road: one each a position)."""
        seen: dict[Hex, str] = {}
        for n, h in named.items():
            if h in seen:
                raise self.src.error((table, n), f"{n} is at {list(h)}, the {what} {seen[h]}'s position")
            seen[h] = n

    def check_places(self, f: MapFile) -> None:
        for n, h in f.towns.items():
            self.position(("towns", n), h, land=True)
            self.in_town(("towns", n), h, n)
        self.distinct("towns", f.towns, "town")
        for n, h in f.places.items():
            self.position(("places", n), h, land=True)
        for n, hs in f.objectives.items():
            self.positions(("objectives", n), hs, land=True)
            for i, h in enumerate(hs):
                self.in_town(("objectives", n, i), h, "objective position")

    def check_beaches(self, beaches: tuple[Beach, ...]) -> None:
        for i, b in enumerate(beaches):
            path = ("beach", i)
            self.position(path + ("marker",), b.marker, land=False)
            self.positions(path + ("positions",), b.positions, land=True)
            if not b.positions:
                raise self.src.error(path + ("positions",), "a beach needs at least one landing position")
            for j, p in enumerate(b.positions):
                if distance(p, b.marker) != 1:
                    raise self.src.error(path + ("positions", j),
                                         f"landing position {list(p)} is not next to the marker {list(b.marker)}")

    def check_lines(self, f: MapFile) -> None:
        """Rivers run from position to next position through river country; flooded land is swamp."""
        for n, chain in f.rivers.items():
            self.positions(("rivers", n), chain, land=True)
            for j, h in enumerate(chain):
                if self.terrain[h] not in RIVER_TERRAINS:
                    raise self.src.error(("rivers", n, j), f"{n} at {list(h)} crosses {self.terrain[h]}; rivers run "
                                                           f"through {', '.join(RIVER_TERRAINS)} positions")
                if j and distance(chain[j - 1], h) != 1:
                    raise self.src.error(("rivers", n, j), f"{n} jumps from {list(chain[j - 1])} to {list(h)}")
        for n, hs in f.flooded.items():
            self.positions(("flooded", n), hs, land=True)
            for j, h in enumerate(hs):
                if self.terrain[h] != Terrain.SWAMP:
                    raise self.src.error(("flooded", n, j), f"flooded position {list(h)} is {self.terrain[h]}, not swamp")

    def naval_side(self, lines: tuple[str, ...]) -> dict[Hex, NavalSide]:
        """Each position's side of the naval-range line, from one row of letters per map row."""
        path = ("naval_range", "rows")
        if len(lines) != self.grid.rows:
            raise self.src.error(path, f"should have {self.grid.rows} entries, has {len(lines)}")
        side = {}
        for r, line in enumerate(lines):
            if len(line) != self.grid.cols:
                raise self.src.error(path + (r,), f"row {r} has {len(line)} letters; the map has {self.grid.cols} columns")
            for c, letter in enumerate(line):
                if letter not in tuple(NavalSide):
                    raise self.src.error(path + (r,), f"unknown letter {letter!r} at column {c} (use o, c or x)")
                if self.terrain[(c, r)] == Terrain.OCEAN and letter != NavalSide.OCEAN:
                    raise self.src.error(path + (r,), f"ocean position [{c}, {r}] must be on the ocean side (o)")
                side[(c, r)] = NavalSide(letter)
        return side


def read_map_text(src: Source, legend: dict[str, Terrain], strict: bool = True) -> tuple[dict[Hex, Terrain], int, int]:
    """map.txt: ``row N`` and one legend code a position, row by row; (terrain, columns, rows)."""
    terrain: dict[Hex, Terrain] = {}
    width = None
    row = 0
    for lineno, line in enumerate(src.lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        words = line.split()
        if len(words) < 3 or words[0] != "row" or not words[1].isdigit():
            raise DataError(src.name, lineno, f"row {row}", "expected 'row N' followed by one code per position")
        if int(words[1]) != row:
            raise DataError(src.name, lineno, f"row {row}", f"rows must be numbered in order; found row {words[1]}")
        cells = words[2:]
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise DataError(src.name, lineno, f"row {row}", f"has {len(cells)} positions; row 0 has {width}")
        for col, code in enumerate(cells):
            if code not in legend:
                raise DataError(src.name, lineno, f"row {row} column {col}", f"unknown terrain code {code!r}")
            terrain[(col, row)] = legend[code]
        row += 1
    if width is None:
        raise DataError(src.name, None, "rows", "the map has no rows")
    if strict and row != 12:
        raise DataError(src.name, None, "rows", f"the map must have 12 rows (0 = Cherbourg's line, 11 = the southern edge); it has {row}")
    if strict and not 18 <= width <= 24:
        raise DataError(src.name, None, "columns", f"the map should be 18-24 columns wide; it is {width}")
    return terrain, width, row
