"""The Allied plans as data: data/plans.toml, read and checked like the rest of data/.

A plan is what an Allied computer player plays: each unit's drive (the places it makes for, in order),
where the D-Day formations land, and the few weights it is played with (``Plan``). The file names its
drives, landings and weights; ``load_plans`` reads it with the engine's strict reader (a bad value is a
``DataError`` naming the file, the line and the field), checks every unit, place, beach and turn in it
against the game's data, and lays each plan's drives over each other.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..engine.data import DataError, GameData, cached_data
from ..engine.data.checks import Fault, between, each, forget_generated_hooks, one_of
from ..engine.data.source import Source
from ..engine.enums import NATIONS, Side
from ..engine.hexgrid import Hex
from ..engine.records import FrozenRecord

FILE = "plans.toml"

Place = str | Hex  # a town or place of the map, or a position (col, row)
Drives = dict[str, tuple[Place, ...]]  # unit -> the places it drives through, in order


@attrs.frozen(repr=False, eq=False)
class Plan(FrozenRecord):
    """What makes an Allied plan: drives, beaches and a few weights (data/plans.toml says what each means)."""

    drives: Drives
    landings: dict[str, str]  # D-Day formation -> its beach
    beaches: tuple[str, ...]  # the only beaches later formations land at (any nation's); () = their nation's
    continent_weight: float  # the continent-side points (Victory Points chart) of a position, when moving
    stacked_depots: bool  # depots stand under combat units that have finished moving
    raiders: tuple[str, ...]  # units that weigh the continent side by raider_weight instead
    raider_weight: float
    follow_chart: bool  # the Suggested Transport Allocation chart while it has the turn (else by need)
    firepower: bool  # attack at every chance, with every air and naval point
    later: Drives | None  # drives that replace ``drives`` from the turn ``switch`` (a feint)
    switch: str | None
    later_weight: float  # continent_weight from then on
    min_gain: float  # an attack must promise this many more German than Allied casualties
    guard_beaches: bool  # guards on the threatened landing positions, and what goes with them
    ocean_side_siege: float  # standing beside a German unit on the ocean side, per point it scores there a turn
    later_static: Drives | None = None  # ``later`` when the German may not move on D-Day (the commander's plans)

    def with_static_german(self) -> Plan:
        """This plan as played against a German who may not move on D-Day: its static later drives, if any."""
        return self if self.later_static is None else attrs.evolve(self, later=self.later_static)


@attrs.frozen(repr=False, eq=False)
class Plans(FrozenRecord):
    """Every plan of data/plans.toml, ready to play."""

    plans: dict[str, Plan]  # by name: the scripted plans, "historical" and the adversaries
    commander_plans: dict[str, Plan]  # the plans the Allied commander chooses among, in the file's order
    first_plan: str  # the commander's plan on D-Day
    replan: tuple[str, ...]  # the turns at whose start the commander looks ahead
    default_drives: dict[str, tuple[Place, ...]]  # by nation: for a unit its plan gives no drive
    cliff_landers: frozenset[str]  # units that may also land beside their beach's marker
    cotentin: Cotentin
    generals: dict[str, General] = attrs.field(factory=dict)  # the Allied generals (the commander, some plans)


@attrs.frozen(repr=False, eq=False)
class General(FrozenRecord):
    """An Allied general: the commander choosing among some plans only, landing by ``first_plan``."""

    first_plan: str
    plans: dict[str, Plan]  # by name, in the file's order
    replan: tuple[str, ...] = ()  # the turns at whose start he looks ahead; () = the commander's


@attrs.frozen(repr=False, eq=False)
class Cotentin(FrozenRecord):
    """After D-Day, a formation of ``nation`` whose drive begins at or west of the corner's column and at or
    north of its row lands at ``beach``."""

    nation: str
    corner: Hex
    beach: str

    def lands(self, nation: str, first_place: Hex) -> str | None:
        """The beach a formation driving first on ``first_place`` lands at, if the Cotentin decides it."""
        inside = first_place[0] <= self.corner[0] and first_place[1] <= self.corner[1]
        return self.beach if nation == self.nation and inside else None


# --------------------------------------------------------------------------- the file, as written
@attrs.frozen(repr=False, eq=False)
class PlanTable(FrozenRecord):
    """One [plans.NAME] table, its weights completed from [defaults]."""

    drives: tuple[str, ...]
    continent_weight: float
    stacked_depots: bool
    raider_weight: float
    follow_chart: bool
    firepower: bool
    later_weight: float
    min_gain: float
    guard_beaches: bool
    ocean_side_siege: float
    landings: str | None = None
    beaches: tuple[str, ...] = ()
    raiders: tuple[str, ...] = ()
    later: tuple[str, ...] = ()
    switch: str | None = None
    later_static: tuple[str, ...] = ()


@attrs.frozen(repr=False, eq=False)
class CommanderTable(FrozenRecord):
    first_plan: str
    replan: tuple[str, ...]
    plans: dict[str, PlanTable]


@attrs.frozen(repr=False, eq=False)
class GeneralTable(FrozenRecord):
    first_plan: str
    plans: tuple[str, ...]  # names of [commander.plans], else of [plans]
    replan: tuple[str, ...] = ()  # () = the commander's
    later_static: bool = True  # false: his plans' later drives whatever the German's D-Day movement


@attrs.frozen(repr=False, eq=False)
class PlansFile(FrozenRecord):
    cotentin: Cotentin
    cliff_landers: tuple[str, ...]
    default_drives: dict[str, tuple[Any, ...]]
    defaults: dict[str, Any]
    landings: dict[str, dict[str, str]]
    drives: dict[str, dict[str, tuple[Any, ...]]]
    plans: dict[str, PlanTable]
    commander: CommanderTable
    generals: dict[str, GeneralTable] = attrs.field(factory=dict)


# --------------------------------------------------------------------------- reading it
_loaded: dict[tuple[str, str], Plans] = {}


def plans_of(data: GameData | None = None) -> Plans:
    """The plans of a data folder, read and checked once per folder: by default the game's data folder
    ($OVERLORD_DATA, else data/), which is where a player made by name reads its plan from."""
    data = cached_data() if data is None else data
    key = (str(data.root), data.fingerprint)
    if key not in _loaded:
        _loaded[key] = load_plans(data)
        forget_generated_hooks()  # as cached_data does: the structuring functions made for the plans, used once
    return _loaded[key]


def load_plans(data: GameData) -> Plans:
    """Read data/plans.toml and check it against the game's data. Raises DataError on the first fault."""
    src = Source(data.root / FILE, data.root).parse_toml()
    _complete_weights(src)
    file = src.structure(PlansFile)
    _check(src, file, data)
    tables = {name: _drives(table) for name, table in file.drives.items()}
    plans = {name: _plan(table, file, tables) for name, table in file.plans.items()}
    commander = {name: _plan(table, file, tables) for name, table in file.commander.plans.items()}
    generals = {name: _general(g, commander, plans) for name, g in file.generals.items()}
    return Plans(plans=plans, commander_plans=commander, first_plan=file.commander.first_plan,
                 replan=file.commander.replan, default_drives={n: _places(p) for n, p in file.default_drives.items()},
                 cliff_landers=frozenset(file.cliff_landers), cotentin=file.cotentin, generals=generals)


def _general(table: GeneralTable, commander: dict[str, Plan], plans: dict[str, Plan]) -> General:
    chosen = {p: commander.get(p) or plans[p] for p in table.plans}
    if not table.later_static:
        chosen = {p: attrs.evolve(plan, later_static=None) for p, plan in chosen.items()}
    return General(table.first_plan, chosen, table.replan)


def _complete_weights(src: Source) -> None:
    """Each plan's weights: [defaults], and what the plan says over them."""
    defaults = src.data.get("defaults")
    if not isinstance(defaults, dict):
        return  # structure() says what is wrong
    for tables in (src.data.get("plans"), src.data.get("commander", {}).get("plans")):
        if isinstance(tables, dict):
            for name, table in tables.items():
                if isinstance(table, dict):
                    tables[name] = {**defaults, **table}


def _plan(table: PlanTable, file: PlansFile, tables: dict[str, Drives]) -> Plan:
    return Plan(drives=_laid_over(table.drives, tables), landings=file.landings[table.landings] if table.landings else {},
                beaches=table.beaches, continent_weight=table.continent_weight, stacked_depots=table.stacked_depots,
                raiders=table.raiders, raider_weight=table.raider_weight, follow_chart=table.follow_chart,
                firepower=table.firepower, later=_laid_over_if_any(table.later, tables),
                switch=table.switch, later_weight=table.later_weight, min_gain=table.min_gain,
                guard_beaches=table.guard_beaches, ocean_side_siege=table.ocean_side_siege,
                later_static=_laid_over_if_any(table.later_static, tables))


def _laid_over(names: tuple[str, ...], tables: dict[str, Drives]) -> Drives:
    """Drive tables laid over each other in order: a later table's units replace an earlier's."""
    drives: Drives = {}
    for name in names:
        drives.update(tables[name])
    return drives


def _laid_over_if_any(names: tuple[str, ...], tables: dict[str, Drives]) -> Drives | None:
    """A plan's optional drives (its later ones): None when it names no table."""
    return _laid_over(names, tables) if names else None


def _drives(table: dict[str, tuple[Any, ...]]) -> Drives:
    return {uid: _places(places) for uid, places in table.items()}


def _places(places: tuple[Any, ...]) -> tuple[Place, ...]:
    return tuple(p if isinstance(p, str) else (p[0], p[1]) for p in places)


# --------------------------------------------------------------------------- checking it against the game's data
def _check(src: Source, file: PlansFile, data: GameData) -> None:
    allied = [uid for uid, spec in data.units.items() if spec.side == Side.ALLIED]
    unit, beach = one_of(allied), one_of(b.name for b in data.map.beaches)
    place = _place(data)
    src.check(("cliff_landers",), file.cliff_landers, each(unit))
    src.check(("cotentin", "nation"), file.cotentin.nation, one_of(NATIONS[Side.ALLIED]))
    src.check(("cotentin", "corner"), file.cotentin.corner, _on_map(data))
    src.check(("cotentin", "beach"), file.cotentin.beach, beach)
    src.check(("default_drives",), file.default_drives, _keys(one_of(NATIONS[Side.ALLIED])), each(each(place)))
    for name, table in file.landings.items():
        src.check(("landings", name), table, _keys(unit), each(beach))
    for name, drives in file.drives.items():
        src.check(("drives", name), drives, _keys(unit), each(each(place)))
    for name, plan in file.plans.items():
        _check_plan(src, ("plans", name), plan, file, data, unit, beach)
    for name, plan in file.commander.plans.items():
        _check_plan(src, ("commander", "plans", name), plan, file, data, unit, beach)
    src.check(("commander", "first_plan"), file.commander.first_plan, one_of(file.commander.plans))
    src.check(("commander", "replan"), file.commander.replan, each(one_of(data.charts.turns)))
    for name, general in file.generals.items():
        src.check(("generals", name, "plans"), general.plans, each(one_of([*file.commander.plans, *file.plans])))
        src.check(("generals", name, "first_plan"), general.first_plan, one_of(general.plans))
        src.check(("generals", name, "replan"), general.replan, each(one_of(data.charts.turns)))


def _check_plan(src: Source, path: tuple[str, ...], plan: PlanTable, file: PlansFile, data: GameData,
                unit: Callable[[Any], None], beach: Callable[[Any], None]) -> None:
    for weight in ("continent_weight", "raider_weight", "later_weight"):
        src.check(path + (weight,), getattr(plan, weight), between(0))
    drive_tables = one_of(file.drives)
    src.check(path + ("drives",), plan.drives, each(drive_tables))
    src.check(path + ("later",), plan.later, each(drive_tables))
    src.check(path + ("later_static",), plan.later_static, each(drive_tables))
    if plan.landings is not None:
        src.check(path + ("landings",), plan.landings, one_of(file.landings))
    src.check(path + ("beaches",), plan.beaches, each(beach))
    src.check(path + ("raiders",), plan.raiders, each(unit))
    if plan.switch is not None:
        src.check(path + ("switch",), plan.switch, one_of(data.charts.turns))


def _keys(check: Callable[[Any], None]) -> Callable[[dict[str, Any]], None]:
    """Every key of a table passes ``check`` (a fault is told at the key's line)."""
    def checked(table: dict[str, Any]) -> None:
        for key in table:
            try:
                check(key)
            except Fault as fault:
                raise Fault(fault.message, (key,)) from None
    return checked


def _on_map(data: GameData) -> Callable[[Any], None]:
    def check(value: Hex) -> None:
        if not data.map.grid.on_map(value):
            raise Fault(f"{list(value)} is off the {data.map.grid.cols} x {data.map.grid.rows} map")
    return check


def _place(data: GameData) -> Callable[[Any], None]:
    """A place of a drive: a town or place of the map by name, or [col, row], a land position."""
    m = data.map

    def check(value: Any) -> None:
        if isinstance(value, str):
            if value not in m.towns and value not in m.places:
                raise Fault(f"{value!r} is not a town or place of the map")
            return
        if (not isinstance(value, (list, tuple)) or len(value) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)):
            raise Fault(f"is {value!r}: a place is a town's or place's name, or a position [col, row]")
        if not m.is_land((value[0], value[1])):
            raise Fault(f"{list(value)} is not a land position of the map")
    return check


__all__ = ["DataError", "FILE", "General", "Place", "Plan", "Plans", "load_plans", "plans_of"]
