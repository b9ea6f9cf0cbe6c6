"""Every number of the game, loaded from data/ and validated at start-up.

``load_data()`` reads the map (map.txt and map.toml), the order of battle
(oob.toml), every rulebook chart (charts/*.toml) and the house rules
(rules.toml), checks them against each other and the rulebook's counts, and
returns one frozen ``GameData``. A bad file raises ``DataError`` naming the
file, the line and the field.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs

from .datafiles import DataError, Source
from .hexgrid import Grid, Hex, distance

TERRAINS = ("clear", "town", "bocage", "swamp", "river", "beach", "ocean")
WEATHERS = ("clear", "cloudy", "overcast", "storm")
SIDES = ("allied", "german")
NATIONS = {"allied": ("US", "BC"), "german": ("DE",)}
CATEGORIES = ("fuel", "general", "combat", "amphibious")
RATINGS = ("combat_points", "leadership", "transport", "airpower", "naval", "coastal_defence", "reinforcements")


def default_data_dir() -> Path:
    """Where the game's data is: $OVERLORD_DATA; else the copy an installed wheel carries inside the
    package (overlord/_data); else data/ at the top of the source checkout the game runs from."""
    env = os.environ.get("OVERLORD_DATA")
    if env:
        return Path(env)
    import overlord  # the top package (already imported: the engine is part of it)
    # its folder, as importlib.resources.files("overlord") gives for an installed wheel; not that
    # function itself, which imports tempfile and so the global random into the engine
    package = Path(overlord.__file__).resolve().parent
    if (package / "_data").is_dir():
        return package / "_data"
    return package.parent / "data"


# --------------------------------------------------------------------------- map
@attrs.frozen
class Beach:
    name: str
    nation: str
    marker: Hex
    positions: tuple[Hex, ...]


@attrs.frozen(slots=False, eq=False)
class MapData:
    """The map, loaded once per data folder. Compared and hashed by identity, so that a front end
    may key what it works out from a map on the map itself (functools.cache)."""
    grid: Grid = attrs.field(eq=False)
    terrain: dict[Hex, str]
    codes: dict[str, str]
    towns: dict[str, Hex]
    places: dict[str, Hex]
    objectives: dict[str, tuple[Hex, ...]]
    beaches: tuple[Beach, ...]
    rivers: dict[str, tuple[Hex, ...]]
    flooded: dict[str, tuple[Hex, ...]]
    naval_side: dict[Hex, str]
    waiting: dict[str, Hex]
    drop_zones: dict[str, tuple[Hex, ...]]
    entry: dict[str, Hex]

    @property
    def cols(self) -> int:
        return self.grid.cols

    @property
    def rows(self) -> int:
        return self.grid.rows

    def is_land(self, hex_: Hex) -> bool:
        return self.terrain.get(hex_, "ocean") != "ocean"

    def land_neighbours(self, hex_: Hex) -> tuple[Hex, ...]:
        """The land positions next to ``hex_`` (worked out once; walks over the land ask for them constantly)."""
        return self._land_neighbours[hex_]

    def name_of(self, hex_: Hex) -> str | None:
        return self._names.get(hex_)

    def describe(self, hex_: Hex) -> str:
        """A position in words: its name, or its terrain and where it is ("swamp 4,5")."""
        return self._names.get(hex_) or f"{self.terrain[hex_]} {hex_[0]},{hex_[1]}"

    def objective_of(self, hex_: Hex) -> str | None:
        return self._objective_hexes.get(hex_)

    def beach(self, name: str) -> Beach:
        return self._beaches_by_name[name]

    def beach_of_marker(self, hex_: Hex) -> Beach | None:
        return self._beach_by_marker.get(hex_)

    def beach_of_position(self, hex_: Hex) -> Beach | None:
        return self._beach_by_position.get(hex_)

    def __attrs_post_init__(self) -> None:
        names = {h: n for n, h in self.places.items()}
        names.update({h: n for n, h in self.towns.items()})
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_land_neighbours", {
            h: tuple(n for _, n in self.grid.adjacent(h) if self.is_land(n)) for h in self.grid.positions()})
        object.__setattr__(self, "_objective_hexes", {h: o for o, hs in self.objectives.items() for h in hs})
        object.__setattr__(self, "_beaches_by_name", {b.name: b for b in self.beaches})
        object.__setattr__(self, "_beach_by_marker", {b.marker: b for b in self.beaches})
        object.__setattr__(self, "_beach_by_position", {p: b for b in self.beaches for p in b.positions})


def load_map(root: Path, terrain_names: tuple[str, ...], strict: bool = True) -> MapData:
    meta = Source(root / "map.toml", root).parse_toml()
    legend = {}
    for code in meta.table(("legend",)):
        if len(code) != 1 or code.isspace():
            raise meta.error(("legend", code), "a map code must be one visible character")
        legend[code] = meta.str(("legend", code), terrain_names)
    terrain, cols, rows = _read_map_text(Source(root / "map.txt", root), legend, strict)
    grid = Grid(cols, rows)

    def position(path, land: bool | None = None) -> Hex:
        h = meta.hex(path)
        if not grid.on_map(h):
            raise meta.error(path, f"position {list(h)} is off the {cols} x {rows} map")
        if land is True and terrain[h] == "ocean":
            raise meta.error(path, f"position {list(h)} is ocean; it must be on land")
        if land is False and terrain[h] != "ocean":
            raise meta.error(path, f"position {list(h)} is {terrain[h]}; it must be ocean")
        return h

    def positions(path, land=None) -> tuple[Hex, ...]:
        return tuple(position(path + (i,), land) for i in range(len(meta.array(path))))

    towns = {n: position(("towns", n), True) for n in meta.table(("towns",))}
    for n, h in towns.items():
        if terrain[h] != "town":
            raise meta.error(("towns", n), f"{n} at {list(h)} is on {terrain[h]}, not a town position")
    places = {n: position(("places", n), True) for n in meta.table(("places",))}
    objectives = {n: positions(("objectives", n), True) for n in meta.table(("objectives",))}
    for n, hs in objectives.items():
        for i, h in enumerate(hs):
            if terrain[h] != "town":
                raise meta.error(("objectives", n, i), f"objective position {list(h)} is not a town position")

    beaches = []
    for i, _ in enumerate(meta.array(("beach",))):
        path = ("beach", i)
        name = meta.str(path + ("name",))
        nation = meta.str(path + ("nation",), NATIONS["allied"])
        marker = position(path + ("marker",), False)
        pos = positions(path + ("positions",), True)
        if not pos:
            raise meta.error(path + ("positions",), "a beach needs at least one landing position")
        for j, p in enumerate(pos):
            if distance(p, marker) != 1:
                raise meta.error(path + ("positions", j), f"landing position {list(p)} is not next to the marker {list(marker)}")
        beaches.append(Beach(name, nation, marker, pos))

    rivers = {}
    for n in meta.table(("rivers",)):
        chain = positions(("rivers", n), True)
        for j, h in enumerate(chain):
            if terrain[h] not in ("river", "swamp", "town", "beach"):
                raise meta.error(("rivers", n, j), f"{n} at {list(h)} crosses {terrain[h]}; rivers run through river, swamp, town or beach positions")
            if j and distance(chain[j - 1], h) != 1:
                raise meta.error(("rivers", n, j), f"{n} jumps from {list(chain[j - 1])} to {list(h)}")
        rivers[n] = chain
    flooded = {n: positions(("flooded", n), True) for n in meta.table(("flooded",))}
    for n, hs in flooded.items():
        for j, h in enumerate(hs):
            if terrain[h] != "swamp":
                raise meta.error(("flooded", n, j), f"flooded position {list(h)} is {terrain[h]}, not swamp")

    naval_rows = meta.array(("naval_range", "rows"), rows)
    naval_side = {}
    for r in range(rows):
        line = meta.str(("naval_range", "rows", r))
        if len(line) != cols:
            raise meta.error(("naval_range", "rows", r), f"row {r} has {len(line)} letters; the map has {cols} columns")
        for c, letter in enumerate(line):
            if letter not in "ocx":
                raise meta.error(("naval_range", "rows", r), f"unknown letter {letter!r} at column {c} (use o, c or x)")
            if terrain[(c, r)] == "ocean" and letter != "o":
                raise meta.error(("naval_range", "rows", r), f"ocean position [{c}, {r}] must be on the ocean side (o)")
            naval_side[(c, r)] = letter
    del naval_rows

    waiting = {n: position(("waiting", n), False) for n in meta.table(("waiting",))}
    for nation in NATIONS["allied"]:
        if nation not in waiting:
            raise meta.error(("waiting",), f"no waiting position for {nation} formations")
    drop_zones = {u: positions(("drop_zones", u), True) for u in meta.table(("drop_zones",))}
    entry = {n: position(("entry", n), True) for n in meta.table(("entry",))}
    for n, h in entry.items():
        if strict and not grid.on_edge(h):
            raise meta.error(("entry", n), f"entry position {list(h)} is not on the map's edge")
    return MapData(grid, terrain, legend, towns, places, objectives, tuple(beaches), rivers, flooded,
                   naval_side, waiting, drop_zones, entry)


def _read_map_text(src: Source, legend: dict[str, str], strict: bool = True) -> tuple[dict[Hex, str], int, int]:
    terrain: dict[Hex, str] = {}
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


# --------------------------------------------------------------------------- order of battle
@attrs.frozen
class UnitSpec:
    id: str
    name: str
    side: str
    nation: str
    type: str
    cp: int
    leadership: int
    movement: int
    infiltration: str
    fuel_class: str
    arrival: str | None  # a turn label, "drop", or None for units in place on D-Day
    start: Hex | None
    entry: str | None
    beach: str | None
    why: str

    @property
    def is_depot(self) -> bool:
        return self.type == "depot"

    @property
    def is_coastal(self) -> bool:
        return self.type == "coastal"

    @property
    def is_airborne(self) -> bool:
        return self.type == "airborne"

    @property
    def lands_anywhere(self) -> bool:
        """Rangers and commandos: more latitude in where they land, not halved from the ocean."""
        return self.type in ("ranger", "commando")


def load_oob(root: Path, map_: MapData, turns: tuple[str, ...], forces: dict, strict: bool = True) -> dict[str, UnitSpec]:
    src = Source(root / "oob.toml", root).parse_toml()
    types = {side: src.table(("types", side)) for side in SIDES}
    for side, table in types.items():
        for t in table:
            src.int(("types", side, t, "movement"), 0, 30)
            src.str(("types", side, t, "infiltration"), ("none", "armoured", "mechanised", "infantry"))
            src.str(("types", side, t, "fuel_class"), ("infantry", "mechanised"))
    units: dict[str, UnitSpec] = {}
    occupied: dict[Hex, str] = {}
    for i, _ in enumerate(src.array(("unit",))):
        p = ("unit", i)
        uid = src.str(p + ("id",))
        if uid in units:
            raise src.error(p + ("id",), f"unit id {uid!r} is used twice")
        side = src.str(p + ("side",), SIDES)
        nation = src.str(p + ("nation",), NATIONS[side])
        utype = src.str(p + ("type",), tuple(types[side]))
        tdef = types[side][utype]
        get = lambda key, kind, *a: kind(p + (key,), *a) if src.has(p + (key,)) else tdef[key]  # noqa: E731
        start = entry = beach = arrival = None
        if src.has(p + ("start",)):
            start = src.hex(p + ("start",))
            if not map_.grid.on_map(start):
                raise src.error(p + ("start",), f"{uid} starts off the map at {list(start)}")
            if not map_.is_land(start):
                raise src.error(p + ("start",), f"{uid} starts on the ocean at {list(start)}")
            if start in occupied:
                raise src.error(p + ("start",), f"{uid} and {occupied[start]} both start at {list(start)}; one unit per land position")
            occupied[start] = uid
        if src.has(p + ("arrival",)):
            arrival = src.str(p + ("arrival",), turns + ("drop",))
        if src.has(p + ("entry",)):
            entry = src.str(p + ("entry",), tuple(map_.entry))
        if src.has(p + ("beach",)):
            beach = src.str(p + ("beach",), tuple(b.name for b in map_.beaches))
        if side == "allied" and arrival is None:
            raise src.error(p + ("arrival",), f"Allied unit {uid} needs an arrival turn (or \"drop\")")
        if side == "german" and utype == "coastal" and beach is None:
            raise src.error(p + ("beach",), f"coastal defence unit {uid} needs a beach")
        if side == "german" and utype != "coastal" and start is None and (arrival is None or entry is None):
            raise src.error(p, f"German unit {uid} needs a start position, or an arrival turn and an entry position")
        if arrival == "drop" and uid not in map_.drop_zones:
            raise src.error(p + ("arrival",), f"airborne unit {uid} has no drop zones in map.toml")
        units[uid] = UnitSpec(
            id=uid, name=src.str(p + ("name",)), side=side, nation=nation, type=utype,
            cp=src.int(p + ("cp",), 0, 400), leadership=src.int(p + ("leadership",), 1, 9),
            movement=get("movement", src.int, 0, 30), infiltration=get("infiltration", src.str),
            fuel_class=get("fuel_class", src.str), arrival=arrival, start=start, entry=entry,
            beach=beach, why=src.str(p + ("why",)),
        )
    for uid in map_.drop_zones:
        if uid not in units:
            raise DataError(src.name, None, "unit", f"map.toml has drop zones for {uid!r}, which is not in the order of battle")
    if strict:
        _check_allied_forces(src, units, forces)
    for b in map_.beaches:
        if not any(u.beach == b.name for u in units.values()):
            raise DataError(src.name, None, "unit", f"no coastal defence unit holds {b.name} beach")
    return units


def _check_allied_forces(src: Source, units: dict[str, UnitSpec], forces: dict) -> None:
    counts: dict[tuple[str, str], int] = {}
    for u in units.values():
        if u.side == "allied" and not u.is_depot:
            counts[(u.type, u.nation)] = counts.get((u.type, u.nation), 0) + 1
    for (utype, nation), _ in counts.items():
        if utype not in forces:
            raise DataError(src.name, None, "unit", f"Allied type {utype!r} is not in the rulebook's Allied Forces table")
    for utype, by_nation in forces.items():
        for nation, wanted in by_nation.items():
            have = counts.get((utype, nation), 0)
            if have != wanted:
                raise DataError(src.name, None, "unit",
                                f"{have} {nation} {utype} formations; the rulebook's Allied Forces table has {wanted}")


# --------------------------------------------------------------------------- charts
@attrs.frozen
class Strategy:
    level: int
    name: str
    automatic_retreat: bool = False


@attrs.frozen
class Charts:
    turns: tuple[str, ...]
    dates: tuple[str, ...]
    scenarios: dict[str, dict[str, str]]
    transport: dict[str, dict[str, tuple[int, int] | None]]
    human_german_transport_percent: int
    human_german_air_naval_percent: int
    weather: dict[str, dict[str, int]]
    fuel_per_mp: dict[str, int]
    fuel_base_cp: int
    general_zoc: tuple[int, int]
    general_otherwise: tuple[int, int]
    amphibious_per_cp: int
    combat_supply: tuple[tuple[int, ...], ...]  # [defence-1][attack-1]
    combat_supply_base_cp: int
    bombardment: tuple[tuple[tuple[int, int], tuple[int, int], tuple[int, int]], ...]
    enter_zoc_cost: int
    infiltration_cost: int
    infiltration_chance: dict[str, int]
    combat_odds: tuple[str, ...]
    combat_odds_values: tuple[float, ...]
    combat_results: dict[tuple[int, int], tuple[tuple[int, int], ...]]
    extra_attacker_percent: int
    random_loss_max: int
    defence_levels: tuple[Strategy, ...]
    attack_levels: tuple[Strategy, ...]
    second_combat_attack: tuple[int, ...]
    second_combat_defence: tuple[int, ...]
    victory_points: dict[str, Any]
    victory_levels: tuple[str, ...]
    victory_minimum: dict[str, dict[str, int]]
    suggested_allocation: dict[str, dict[str, int]]
    terrain: dict[str, dict[str, float]]
    extra_point_percent: int
    extra_point_exempt: tuple[str, ...]
    ocean_attack_exempt_types: tuple[str, ...]
    interdiction: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    interdiction_weather_reduction: dict[str, int]
    difficulty: dict[str, dict[str, Any]]
    optional_rules: dict[str, dict[str, Any]]
    weather_examples: tuple[dict[str, int], ...]
    allied_forces: dict[str, dict[str, int]]
    allied_totals: dict[str, int]

    def turn_index(self, label: str) -> int:
        return self.turns.index(label)


def load_charts(root: Path) -> Charts:
    d = root / "charts"
    src = {name: Source(d / f"{name}.toml", root).parse_toml() for name in (
        "turns", "transport", "weather", "fuel", "general_supply", "amphibious_supply", "combat_supply",
        "bombardment", "infiltration", "combat_results", "strategy_levels", "victory_points",
        "victory_conditions", "suggested_allocation", "terrain", "interdiction", "difficulty",
        "optional_rules", "allied_forces")}

    s = src["turns"]
    turns = tuple(s.str(("turns", i)) for i in range(len(s.array(("turns",)))))
    dates = tuple(s.str(("dates", i)) for i in range(len(s.array(("dates",), len(turns)))))
    if len(set(turns)) != len(turns) or turns[0] != "D-Day":
        raise s.error(("turns",), "turns must be distinct and begin with D-Day")
    scenarios = {}
    for key in s.table(("scenarios",)):
        scenarios[key] = {"name": s.str(("scenarios", key, "name")),
                          "last_turn": s.str(("scenarios", key, "last_turn"), turns)}
    for key in ("campaign", "two-week"):
        if key not in scenarios:
            raise s.error(("scenarios",), f"scenario {key!r} is missing")
    play_turns = turns[:-1]  # every turn but the last has transport and weather

    s = src["transport"]
    if tuple(s.array(("weathers",))) != WEATHERS:
        raise s.error(("weathers",), f"should be {list(WEATHERS)}")
    transport: dict[str, dict[str, tuple[int, int] | None]] = {}
    for t in play_turns:
        transport[t] = {}
        for w in WEATHERS:
            value = s.at(("ranges", t, w))
            transport[t][w] = None if value == "N/A" else s.pair(("ranges", t, w), 0)
    _no_extra_keys(s, ("ranges",), play_turns)
    htp = s.int(("human_german", "transport_percent"), 0, 100)
    hanp = s.int(("human_german", "air_naval_percent"), 0, 200)

    s = src["weather"]
    weather = {}
    for t in play_turns:
        weather[t] = {w: s.int(("probability", t, w), 0, 100) for w in WEATHERS}
        if sum(weather[t].values()) != 100:
            raise s.error(("probability", t), f"the chances for {t} add up to {sum(weather[t].values())}, not 100")
        for w in WEATHERS:
            if weather[t][w] > 0 and transport[t][w] is None:
                raise s.error(("probability", t, w), f"{w} weather is possible on {t} but the transport chart has no range for it")
    _no_extra_keys(s, ("probability",), play_turns)

    s = src["fuel"]
    fuel = {k: s.int(("per_movement_point", k), 0) for k in ("infantry", "mechanised")}
    fuel_base = s.int(("base_combat_points",), 1)
    s = src["general_supply"]
    gz = (s.int(("in_enemy_zoc", "numerator"), 0), s.int(("in_enemy_zoc", "denominator"), 1))
    go = (s.int(("otherwise", "numerator"), 0), s.int(("otherwise", "denominator"), 1))
    amph = src["amphibious_supply"].int(("per_combat_point",), 0)

    s = src["combat_supply"]
    rows = s.array(("rows",), 9)
    cs = tuple(tuple(s.int(("rows", r, a), 0) for a in range(len(s.array(("rows", r), 9)))) for r in range(len(rows)))
    cs_base = s.int(("base_combat_points",), 1)

    s = src["bombardment"]
    bomb = []
    for i, _ in enumerate(s.array(("rows",))):
        p = ("rows", i)
        row = (s.pair(p + ("points",), 0), s.pair(p + ("german_extra",), 0), s.pair(p + ("allied_reduction",), 0))
        if bomb and row[0][0] != bomb[-1][0][1] + 1:
            raise s.error(p + ("points",), "point ranges must follow on from each other")
        bomb.append(row)
    if not bomb or bomb[0][0][0] != 0:
        raise s.error(("rows",), "the first row must start at 0 points")

    s = src["infiltration"]
    zoc_cost = s.int(("enter_enemy_zoc_cost",), 0)
    inf_cost = s.int(("infiltration_cost",), 0)
    chance = {k: s.int(("chance", k), 0, 100) for k in (
        "allied_armoured", "human_german_mechanised", "human_german_infantry",
        "computer_german_mechanised", "computer_german_infantry")}

    s = src["combat_results"]
    odds = tuple(s.str(("odds", i)) for i in range(len(s.array(("odds",), 6))))
    odds_values = tuple(float(s.number(("odds_values", i), 0)) for i in range(len(s.array(("odds_values",), len(odds)))))
    if list(odds_values) != sorted(odds_values):
        raise s.error(("odds_values",), "odds must increase")
    results = {}
    for i, _ in enumerate(s.array(("rows",), 9)):
        p = ("rows", i)
        s.array(p + ("pair",), 2)
        pair = (s.int(p + ("pair", 0), 1, 9), s.int(p + ("pair", 1), 1, 9))
        s.array(p + ("losses",), len(odds))
        cells = []
        for j in range(len(odds)):
            s.array(p + ("losses", j), 2)
            cells.append((s.int(p + ("losses", j, 0), 0), s.int(p + ("losses", j, 1), 0)))
        if pair in results:
            raise s.error(p + ("pair",), f"strategy pair {list(pair)} appears twice")
        results[pair] = tuple(cells)
    extra_pct = s.int(("extra_attacker_percent",), 0)
    rnd = s.int(("random_loss_max",), 0)

    s = src["strategy_levels"]
    defence = tuple(Strategy(s.int(("defence", i, "level"), 1, 9), s.str(("defence", i, "name")),
                             s.bool(("defence", i, "automatic_retreat"))) for i in range(len(s.array(("defence",), 9))))
    attack = tuple(Strategy(s.int(("attack", i, "level"), 1, 9), s.str(("attack", i, "name")))
                   for i in range(len(s.array(("attack",), 9))))
    for name, levels in (("defence", defence), ("attack", attack)):
        if [x.level for x in levels] != list(range(1, 10)):
            raise s.error((name,), "levels must run 1 to 9 in order")
    sca = tuple(s.int(("second_combat_attack_levels", i), 1, 9) for i in range(len(s.array(("second_combat_attack_levels",)))))
    scd = tuple(s.int(("second_combat_defence_levels", i), 1, 9) for i in range(len(s.array(("second_combat_defence_levels",)))))

    s = src["victory_points"]
    vp: dict[str, Any] = {"objectives": {}}
    for obj in s.table(("objectives",)):
        vp["objectives"][obj] = {k: s.int(("objectives", obj, k), 0) for k in ("per_turn", "final")}
    vp["ocean_first_turn"] = s.str(("german_ocean_side", "first_turn"), turns)
    vp["ocean_first_points"] = s.int(("german_ocean_side", "first_points"), 0)
    vp["ocean_increase"] = s.int(("german_ocean_side", "increase_per_turn"), 0)
    vp["continent_cp_divisor"] = s.int(("allied_continent_side", "cp_divisor"), 1)
    vp["eliminated_german"] = s.int(("eliminated", "german_unit"), 0)
    vp["eliminated_allied"] = s.int(("eliminated", "allied_unit"), 0)
    vp["german_casualty"] = s.number(("casualties", "german_casualty_point"), 0)
    vp["allied_casualty"] = s.number(("casualties", "allied_casualty_point"), 0)
    vp["allied_supply_casualty"] = s.number(("casualties", "allied_out_of_general_supply"), 0)

    s = src["victory_conditions"]
    levels = tuple(s.str(("levels", i)) for i in range(len(s.array(("levels",), 6))))
    vmin = {}
    for sc in ("campaign", "two-week"):
        vmin[sc] = {lvl: s.int(("minimum_score", sc, lvl)) for lvl in levels[:-1]}
        values = list(vmin[sc].values())
        if values != sorted(values, reverse=True):
            raise s.error(("minimum_score", sc), "minimum scores must fall from Allied Strategic to German Operational")

    s = src["suggested_allocation"]
    sugg = {}
    for t in s.table(("allocated_for",)):
        if t not in turns:
            raise s.error(("allocated_for", t), f"{t!r} is not a turn")
        sugg[t] = {c: s.int(("allocated_for", t, c), 0, 99) for c in CATEGORIES}
        if sum(sugg[t].values()) != 100:
            raise s.error(("allocated_for", t), f"the allocation for {t} adds up to {sum(sugg[t].values())}, not 100")

    s = src["terrain"]
    terrain = {}
    for name in TERRAINS:
        # moving onto land costs at least 1 point (0 would let a unit move for ever); the ocean is sailed
        terrain[name] = {k: s.number(("terrain", name, k), 1 if k == "movement" and name != "ocean" else 0)
                         for k in ("movement", "defence", "attack")}
    _no_extra_keys(s, ("terrain",), TERRAINS)
    xpct = s.int(("extra_point_percent",), 0, 100)
    xex = tuple(s.str(("extra_point_exempt", i), TERRAINS) for i in range(len(s.array(("extra_point_exempt",)))))
    oex = tuple(s.str(("ocean_attack_exempt_types", i)) for i in range(len(s.array(("ocean_attack_exempt_types",)))))

    s = src["interdiction"]
    inter = []
    for i, _ in enumerate(s.array(("rows",))):
        p = ("rows", i)
        row = (s.pair(p + ("points",), 0, 99), s.pair(p + ("decrease",), 0))
        if inter and row[0][0] != inter[-1][0][1] + 1:
            raise s.error(p + ("points",), "point ranges must follow on from each other")
        inter.append(row)
    if not inter or inter[0][0][0] != 0 or inter[-1][0][1] != 99:
        raise s.error(("rows",), "rows must cover 0 to 99 air points")
    iwr = {w: s.int(("weather_percent_reduction", w), 0, 100) for w in WEATHERS}

    def rating_sets(s: Source, top: tuple) -> dict[str, dict[str, Any]]:
        out = {}
        for key in s.table(top):
            p = top + (key,)
            if not isinstance(s.at(p), dict) or "name" not in s.at(p):
                continue
            ratings = {r: s.int(p + ("ratings", r), 1, 9) for r in s.table(p + ("ratings",))}
            for r in ratings:
                if r not in RATINGS + ("us_leadership",):
                    raise s.error(p + ("ratings", r), f"unknown rating {r!r}")
            out[key] = {"name": s.str(p + ("name",)), "ratings": ratings,
                        "german_dday_movement": s.bool(p + ("german_dday_movement",))}
            if s.has(p + ("display_delay",)):
                out[key]["display_delay"] = s.int(p + ("display_delay",), 0, 9)
        return out

    difficulty = rating_sets(src["difficulty"], ())
    optional = rating_sets(src["optional_rules"], ())
    s = src["optional_rules"]
    examples = tuple({k: s.int(("weather_adjustment", "examples", i, k)) for k in ("score", "weather_percent", "adjusted")}
                     for i in range(len(s.array(("weather_adjustment", "examples")))))

    s = src["allied_forces"]
    forces = {t: {n: s.int(("formations", t, n), 0) for n in ("US", "BC")} for t in s.table(("formations",))}
    totals = {k: s.int(("totals", k), 0) for k in ("US", "BC", "all")}
    for n in ("US", "BC"):
        if sum(f[n] for f in forces.values()) != totals[n]:
            raise s.error(("totals", n), f"the {n} formations add up to {sum(f[n] for f in forces.values())}, not {totals[n]}")
    if totals["US"] + totals["BC"] != totals["all"]:
        raise s.error(("totals", "all"), "US and BC totals do not add up")

    return Charts(
        turns=turns, dates=dates, scenarios=scenarios, transport=transport,
        human_german_transport_percent=htp, human_german_air_naval_percent=hanp, weather=weather,
        fuel_per_mp=fuel, fuel_base_cp=fuel_base, general_zoc=gz, general_otherwise=go,
        amphibious_per_cp=amph, combat_supply=cs, combat_supply_base_cp=cs_base, bombardment=tuple(bomb),
        enter_zoc_cost=zoc_cost, infiltration_cost=inf_cost, infiltration_chance=chance,
        combat_odds=odds, combat_odds_values=odds_values, combat_results=results,
        extra_attacker_percent=extra_pct, random_loss_max=rnd, defence_levels=defence, attack_levels=attack,
        second_combat_attack=sca, second_combat_defence=scd, victory_points=vp, victory_levels=levels,
        victory_minimum=vmin, suggested_allocation=sugg, terrain=terrain, extra_point_percent=xpct,
        extra_point_exempt=xex, ocean_attack_exempt_types=oex, interdiction=tuple(inter),
        interdiction_weather_reduction=iwr, difficulty=difficulty, optional_rules=optional,
        weather_examples=examples, allied_forces=forces, allied_totals=totals,
    )


def _no_extra_keys(s: Source, path: tuple, allowed) -> None:
    for key in s.table(path):
        if key not in allowed:
            raise s.error(path + (key,), f"unexpected entry {key!r}")


# --------------------------------------------------------------------------- house rules
# The shape of rules.toml: section -> key -> kind. "pct" is a whole percentage.
_RULES_SCHEMA: dict[str, dict[str, Any]] = {
    "ratings": {"historical": ("ratings",), "combat_points_percent": int, "transport_percent": int,
                "airpower_percent": int, "naval_percent": int, "coastal_defence_percent": int,
                "reinforcement_turns_per_point": float},
    "setup": {"default_display_delay": int},
    "dday": {"allocation": ("allocation",), "initial_pools": ("pools",)},
    "landing_supply": {"fuel": float, "general": float, "combat": float},
    "transport": {"marker_destroyed_percent": int},
    "supply": {"range": int, "first_trace_turn": str, "out_of_supply_cp_percent": int,
               "out_of_supply_fatigue": int, "no_general_supply_cp_percent": int,
               "no_general_supply_fatigue": int},
    "german_supply": {"fortress_sources": list, "out_of_supply_cp_percent": int,
                      "out_of_supply_fatigue": int, "out_of_supply_strength_percent": int},
    "fatigue": {"max": int, "per_movement_point": int, "attack_per_level": int, "defence_per_level": int,
                "retreat": int, "recovery_per_turn": int, "rest_recovery": int, "rear_recovery": int},
    "effectiveness": {"base": float, "per_leadership": float, "fatigue_divisor": float, "minimum": float},
    "strategy_limits": {"free_fatigue_per_leadership": int, "fatigue_per_level": int},
    "replacements": {"allied_rest_percent": int, "allied_line_percent": int,
                     "german_loss_fraction": int, "german_percent": int},
    "movement": {"max_cycles": int, "ocean_steps": int},
    "airborne": {"drift_chance": int, "drift_max": int, "water_loss_percent": int, "swamp_loss_percent": int,
                 "enemy_fatigue": int, "scattered_fatigue": int},
    "landing": {"round_cost": int, "cleared_cp": int},
    "combat": {"base_cp": int, "engagement_min": float, "engagement_max": float, "odds_cap": float,
               "no_combat_supply_strength": int, "refuse_retreat_percent": int,
               "retreat_next_to_enemy_percent": int, "cadre_percent": int, "cadre_minimum": int,
               "max_attacks_per_phase": int, "forced_retreat_odds": ("levels",)},
    "support": {"air_points": int, "naval_points": int, "weather_percent": ("weathers",), "naval_storm_percent": int},
}


# Bounds beyond "a number, not negative" (low, high). A percentage or a chance is at most 100; a divisor, a
# count of cycles or a maximum at least 1; a rating's change per point at most 25% (rating 1 is four
# points below the historical 5, and must leave something).
_PER_POINT = (0, 25)
_RULES_BOUNDS: dict[tuple[str, str], tuple[float | None, float | None]] = {
    ("ratings", "combat_points_percent"): _PER_POINT, ("ratings", "transport_percent"): _PER_POINT,
    ("ratings", "airpower_percent"): _PER_POINT, ("ratings", "naval_percent"): _PER_POINT,
    ("ratings", "coastal_defence_percent"): _PER_POINT,
    ("setup", "default_display_delay"): (0, 9),
    ("supply", "range"): (1, None),
    ("fatigue", "max"): (1, 99),
    ("effectiveness", "minimum"): (0, 1),
    ("strategy_limits", "fatigue_per_level"): (1, None),  # divides the fatigue
    ("replacements", "german_loss_fraction"): (1, None),  # the fraction 1/N
    ("movement", "max_cycles"): (1, None),
    ("combat", "base_cp"): (1, None),  # divides the engagement
    ("combat", "no_combat_supply_strength"): (0, 100),
    ("combat", "max_attacks_per_phase"): (1, None),
}
_ABOVE_ZERO = {("effectiveness", "fatigue_divisor"), ("combat", "odds_cap")}  # fractions allowed, not 0
_AT_MOST = {("combat", "engagement_min"): ("combat", "engagement_max")}  # a minimum at most its maximum


def _rule_bounds(section: str, key: str) -> tuple[float | None, float | None]:
    if (section, key) in _RULES_BOUNDS:
        return _RULES_BOUNDS[(section, key)]
    return (0, 100) if key.endswith(("_percent", "_chance")) else (0, None)


def load_rules(root: Path, turns: tuple[str, ...], towns: dict[str, Hex]) -> SimpleNamespace:
    src = Source(root / "rules.toml", root).parse_toml()
    out = SimpleNamespace()
    for section, keys in _RULES_SCHEMA.items():
        src.table((section,))
        ns = SimpleNamespace()
        for key, kind in keys.items():
            p = (section, key)
            if kind is int:
                value: Any = src.int(p, *_rule_bounds(section, key))
            elif kind is float:
                value = float(src.number(p, *_rule_bounds(section, key)))
                if p in _ABOVE_ZERO and value <= 0:
                    raise src.error(p, f"is {value}; it divides, so it must be above 0")
            elif kind is str:
                value = src.str(p)
            elif kind is list:
                value = list(src.array(p))
            elif kind == ("ratings",):
                value = {r: src.int(p + (r,), 1, 9) for r in RATINGS + ("us_leadership",)}
            elif kind == ("allocation",):
                value = {c: src.int(p + (c,), 0, 100) for c in CATEGORIES}
                if sum(value.values()) != 100:
                    raise src.error(p, "the D-Day allocation must add up to 100")
            elif kind == ("pools",):
                value = {c: src.int(p + (c,), 0) for c in CATEGORIES}
            elif kind == ("levels",):
                value = {int(k): float(src.number(p + (k,), 0)) for k in src.table(p)}
            elif kind == ("weathers",):
                value = {w: src.int(p + (w,), 0, 100) for w in WEATHERS}
            setattr(ns, key, value)
        for key in src.table((section,)):
            if key not in keys:
                raise src.error((section, key), f"unknown setting {key!r}")
        setattr(out, section, ns)
    for key in src.data:
        if key not in _RULES_SCHEMA:
            raise src.error((key,), f"unknown section {key!r}")
    for (section, key), (top_section, top) in _AT_MOST.items():
        low, high = getattr(getattr(out, section), key), getattr(getattr(out, top_section), top)
        if low > high:
            raise src.error((section, key), f"is {low}, above {top} ({high}); a minimum is at most its maximum")
    if out.supply.first_trace_turn not in turns:
        raise src.error(("supply", "first_trace_turn"), f"{out.supply.first_trace_turn!r} is not a turn")
    for i, town in enumerate(out.german_supply.fortress_sources):
        if town not in towns:
            raise src.error(("german_supply", "fortress_sources", i), f"{town!r} is not a town on the map")
    for lvl in out.combat.forced_retreat_odds:
        if not 4 <= lvl <= 9:
            raise src.error(("combat", "forced_retreat_odds", str(lvl)), "levels 1-3 always retreat; give 4-9 only")
    return out


# --------------------------------------------------------------------------- everything
@attrs.frozen
class GameData:
    root: Path
    map: MapData
    units: dict[str, UnitSpec]
    charts: Charts
    rules: SimpleNamespace = attrs.field(eq=False)
    # The movement points to enter each land position (the Terrain Effects chart over the map),
    # for the rules and the computer players' path finding alike; worked out once, when loaded.
    movement_cost: dict[Hex, float] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        terrain = self.charts.terrain
        object.__setattr__(self, "movement_cost", {h: terrain[t]["movement"] for h, t in self.map.terrain.items()
                                                   if t != "ocean"})

    def unit(self, uid: str) -> UnitSpec:
        return self.units[uid]


def load_data(root: Path | None = None, strict: bool = True) -> GameData:
    """Load and validate every data file. Raises DataError on the first problem.

    ``strict=False`` (for benchmarks on generated maps only) lets the map be any
    size and the order of battle any strength.
    """
    root = Path(root) if root is not None else default_data_dir()
    if not root.is_dir():
        raise DataError(str(root), None, "", "the data folder is missing")
    charts = load_charts(root)
    map_ = load_map(root, TERRAINS, strict)
    units = load_oob(root, map_, charts.turns, charts.allied_forces, strict)
    rules = load_rules(root, charts.turns, map_.towns)
    for uid, zones in map_.drop_zones.items():
        for i, z in enumerate(zones):
            for other in units.values():
                if other.start == z:
                    src = Source(root / "map.toml", root)
                    raise src.error(("drop_zones", uid, i), f"drop zone {list(z)} is where {other.id} starts")
    return GameData(root=root, map=map_, units=units, charts=charts, rules=rules)


@functools.lru_cache(maxsize=4)
def cached_data(root: str | None = None) -> GameData:
    """The game data, loaded once per folder."""
    return load_data(Path(root) if root else None)
