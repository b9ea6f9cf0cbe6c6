"""The order of battle: oob.toml, every formation of both sides, checked against the map and the charts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..enums import NATIONS, Side
from ..hexgrid import Hex
from .checks import one_of
from .models import AlliedForcesChart, MapData, OrderOfBattleFile, UnitEntry, UnitSpec
from .source import DataError, Source


def load_oob(root: Path, map_: MapData, turns: tuple[str, ...], forces: AlliedForcesChart,
             strict: bool = True) -> dict[str, UnitSpec]:
    src = Source(root / "oob.toml", root).parse_toml()
    f = src.structure(OrderOfBattleFile)
    units: dict[str, UnitSpec] = {}
    occupied: dict[Hex, str] = {}
    for i, entry in enumerate(f.unit):
        path = ("unit", i)
        if entry.id in units:
            raise src.error(path + ("id",), f"unit id {entry.id!r} is used twice")
        src.check(path + ("nation",), entry.nation, one_of(NATIONS[entry.side]))
        src.check(path + ("type",), entry.type, one_of(f.types[entry.side]))
        if entry.cp == 0 and entry.type != "depot":
            raise src.error(path + ("cp",), f"{entry.id} has 0 CP; only a depot has none (a combat unit at 0 is eliminated)")
        if entry.start is not None:
            _check_start(src, path, entry.id, entry.start, map_, occupied)
        _check_arrival(src, path, entry, map_, turns)
        units[entry.id] = _spec(entry, f)
    for uid in map_.drop_zones:
        if uid not in units:
            raise DataError(src.name, None, "unit", f"map.toml has drop zones for {uid!r}, which is not in the order of battle")
    if strict:
        _check_allied_forces(src, units, forces)
    for b in map_.beaches:
        if not any(u.beach == b.name for u in units.values()):
            raise DataError(src.name, None, "unit", f"no coastal defence unit holds {b.name} beach")
    return units


def _spec(entry: UnitEntry, f: OrderOfBattleFile) -> UnitSpec:
    """The unit as the engine sees it: what it does not give itself comes from its type."""
    kind = f.types[entry.side][entry.type]
    return UnitSpec(
        id=entry.id, name=entry.name, side=entry.side, nation=entry.nation, type=entry.type, cp=entry.cp,
        leadership=entry.leadership,
        movement=kind.movement if entry.movement is None else entry.movement,
        infiltration=kind.infiltration if entry.infiltration is None else entry.infiltration,
        fuel_class=kind.fuel_class if entry.fuel_class is None else entry.fuel_class,
        arrival=entry.arrival, start=entry.start, entry=entry.entry, beach=entry.beach, why=entry.why,
        lands_anywhere=kind.lands_anywhere)


def _check_start(src: Source, path: tuple[Any, ...], uid: str, start: Hex, map_: MapData,
                 occupied: dict[Hex, str]) -> None:
    if not map_.grid.on_map(start):
        raise src.error(path + ("start",), f"{uid} starts off the map at {list(start)}")
    if not map_.is_land(start):
        raise src.error(path + ("start",), f"{uid} starts on the ocean at {list(start)}")
    if start in occupied:
        raise src.error(path + ("start",), f"{uid} and {occupied[start]} both start at {list(start)}; one unit per land position")
    occupied[start] = uid


def _check_arrival(src: Source, path: tuple[Any, ...], entry: UnitEntry, map_: MapData, turns: tuple[str, ...]) -> None:
    """When and where a unit comes into the game, as its side and type need."""
    uid = entry.id
    if entry.arrival is not None:
        src.check(path + ("arrival",), entry.arrival, one_of(turns + ("drop",)))
    if entry.entry is not None:
        src.check(path + ("entry",), entry.entry, one_of(map_.entry))
    if entry.beach is not None:
        src.check(path + ("beach",), entry.beach, one_of(b.name for b in map_.beaches))
    if entry.side == Side.ALLIED and entry.arrival is None:
        raise src.error(path + ("arrival",), f"Allied unit {uid} needs an arrival turn (or \"drop\")")
    coastal = entry.type == "coastal"
    if entry.side == Side.GERMAN and coastal and entry.beach is None:
        raise src.error(path + ("beach",), f"coastal defence unit {uid} needs a beach")
    if entry.side == Side.GERMAN and not coastal and entry.start is None and (entry.arrival is None or entry.entry is None):
        raise src.error(path, f"German unit {uid} needs a start position, or an arrival turn and an entry position")
    if entry.arrival == "drop" and uid not in map_.drop_zones:
        raise src.error(path + ("arrival",), f"airborne unit {uid} has no drop zones in map.toml")


def _check_allied_forces(src: Source, units: dict[str, UnitSpec], forces: AlliedForcesChart) -> None:
    """The Allied combat formations are the rulebook's Allied Forces table, type by type and nation by nation."""
    counts: dict[tuple[str, str], int] = {}
    for u in units.values():
        if u.side == Side.ALLIED and not u.is_depot:
            counts[(u.type, u.nation)] = counts.get((u.type, u.nation), 0) + 1
    for utype, _ in counts:
        if utype not in forces.formations:
            raise DataError(src.name, None, "unit", f"Allied type {utype!r} is not in the rulebook's Allied Forces table")
    for utype, by_nation in forces.formations.items():
        for nation, wanted in by_nation.items():
            have = counts.get((utype, nation), 0)
            if have != wanted:
                raise DataError(src.name, None, "unit",
                                f"{have} {nation} {utype} formations; the rulebook's Allied Forces table has {wanted}")
