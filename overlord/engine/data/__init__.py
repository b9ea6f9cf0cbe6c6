"""Every number of the game, loaded from data/ and validated at start-up.

``load_data()`` reads the map (map.txt and map.toml: maps.py), the order of battle (oob.toml:
oob.py), every rulebook chart (charts/*.toml: charts.py) and the house rules (rules.toml:
house_rules.py), each structured into its typed attrs classes (models.py) by a strict cattrs
converter (checks.py), checks them against each other and the rulebook's counts, and returns one
frozen ``GameData``. A bad file raises ``DataError`` naming the file, the line and the field
(source.py).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import attrs

from ..digest import sha256
from ..enums import Terrain
from ..hexgrid import Hex
from ..records import FrozenRecord
from .charts import load_charts
from .checks import forget_generated_hooks, keys
from .house_rules import load_rules
from .maps import load_map
from ..settings import LEVELS
from .models import (CATEGORIES, FUEL_CLASSES, INFILTRATIONS, RATING_NAMES, RATINGS, TERRAINS, WEATHERS, Beach,
                     BombardmentRow, Charts, Fraction, MapData, RatingSet, Rules, Span, TerrainEffects, UnitSpec)
from .oob import load_oob
from ...files import read_regular
from .source import MAX_DATA_BYTES, DataError, Source

__all__ = [
    "CATEGORIES", "FUEL_CLASSES", "INFILTRATIONS", "LEVELS", "RATINGS", "RATING_NAMES", "TERRAINS", "WEATHERS",
    "Beach", "BombardmentRow", "Charts", "DataError", "Fraction", "GameData", "MapData", "RatingSet", "Rules",
    "Span", "TerrainEffects", "UnitSpec", "cached_data",
    "default_data_dir", "load_data",
]


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


@attrs.frozen(repr=False, eq=False)
class GameData(FrozenRecord):
    root: Path
    map: MapData
    units: dict[str, UnitSpec]
    charts: Charts
    rules: Rules = attrs.field(eq=False)
    # what the files held, as a hash: a save records it, so one that no longer replays can say the data differ
    fingerprint: str = attrs.field(default="", eq=False)
    # The movement points to enter each land position (the Terrain Effects chart over the map),
    # for the rules and the computer players' path finding alike; worked out once, when loaded.
    movement_cost: dict[Hex, float] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        terrain = self.charts.terrain
        object.__setattr__(self, "movement_cost", {h: terrain[t].movement for h, t in self.map.terrain.items()
                                                   if t != Terrain.OCEAN})

    def unit(self, uid: str) -> UnitSpec:
        return self.units[uid]


def load_data(root: Path | None = None, strict: bool = True) -> GameData:
    """Load and validate every data file. Raises DataError on the first problem.

    ``strict=False`` (for benchmarks on generated maps only) lets the map be any
    size and the order of battle any strength.
    """
    root = Path(root) if root is not None else default_data_dir()
    if not root.is_dir():
        why = "is a file, not the data folder" if root.exists() else "the data folder is missing"
        raise DataError(str(root), None, "", why)
    charts, chart_sources = load_charts(root)
    map_ = load_map(root, strict)
    units = load_oob(root, map_, charts.turns, charts.allied_forces, strict)
    rules = load_rules(root, charts, map_, chart_sources)
    _check_against_the_map(root, map_, units, charts, chart_sources)
    return GameData(root=root, map=map_, units=units, charts=charts, rules=rules, fingerprint=fingerprint(root))


def fingerprint(root: Path) -> str:
    """A short hash of every data file's name and bytes (the files have been read and checked already)."""
    digest = sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".toml", ".txt") and p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(read_regular(path, MAX_DATA_BYTES)[0] + b"\0")
    return digest.hexdigest()[:16]


def _check_against_the_map(root: Path, map_: MapData, units: dict[str, UnitSpec], charts: Charts,
                           chart_sources: dict[str, Source]) -> None:
    """What the charts and the map say of each other and of the order of battle."""
    for uid, zones in map_.drop_zones.items():
        for i, z in enumerate(zones):
            for other in units.values():
                if other.start == z:
                    src = Source(root / "map.toml", root)
                    raise src.error(("drop_zones", uid, i), f"drop zone {list(z)} is where {other.id} starts")
    chart_sources["victory_points"].check(("objectives",), charts.victory_points.objectives, keys(map_.objectives))
    types = {u.type for u in units.values()}
    for i, t in enumerate(charts.terrain.ocean_attack_exempt_types):
        if t not in types:
            raise chart_sources["terrain"].error(("ocean_attack_exempt_types", i), f"{t!r} is not a unit type of the "
                                                                                  "order of battle")


@functools.lru_cache(maxsize=4)
def cached_data(root: str | None = None) -> GameData:
    """The game data, loaded once per folder (the game's own load: its structuring functions are not kept)."""
    data = load_data(Path(root) if root else None)
    forget_generated_hooks()
    return data
