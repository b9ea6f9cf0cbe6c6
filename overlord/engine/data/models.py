"""The typed model of data/: an attrs class for each file and each table in it.

The classes mirror the files: a class's fields are the file's keys (so an error names the field
as the file writes it), each field's validators hold its limits, and a file may hold no key its
class does not name. The loaders (maps.py, oob.py, charts.py, house_rules.py) structure each
file into its class and check the files against each other; the engine reads these classes.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs
from cattrs.errors import IterableValidationError, IterableValidationNote

from ..enums import NATIONS, SIDES, FuelClass, Infiltration, NavalSide, Nation, Side, Terrain, Weather
from ..hexgrid import Grid, Hex
from ..records import FrozenRecord
from ..settings import LEVELS, SCENARIOS, Ratings
from .checks import (Check, Fault, Number, between, checked, converter, divisor, each, keys, kind, length, one_of, sums_to)

TERRAINS = tuple(Terrain)
WEATHERS = tuple(Weather)
CATEGORIES = ("fuel", "general", "combat", "amphibious")
RATINGS = Ratings.ASKED  # the seven ratings
RATING_NAMES = tuple(a.name for a in attrs.fields(Ratings))  # the seven, and the one only an optional rule changes
INFILTRATIONS = tuple(Infiltration)
FUEL_CLASSES = tuple(FuelClass)


def maybe(*checks: Check) -> Check:
    """``checks``, for a value that may be left out (None)."""
    def check(value: Any) -> None:
        for one in checks if value is not None else ():
            one(value)
    return check


def equal_to(expected: tuple[Any, ...]) -> Check:
    def check(value: tuple[Any, ...]) -> None:
        if tuple(value) != expected:
            raise Fault(f"should be {list(expected)}")
    return check


# --------------------------------------------------------------------------- ranges drawn at random
class Span(NamedTuple):
    """A chart's ``[low, high]`` range of whole numbers."""
    low: int
    high: int


def _span(value: Any, _: Any = None) -> Span:
    low, high = converter.structure(value, tuple[int, int])
    if low > high:
        raise Fault(f"range {value} runs backwards")
    return Span(low, high)


def _span_or_none(value: Any, _: Any = None) -> Span | None:
    return None if value == "N/A" else _span(value)  # "N/A": the chart has no range there


converter.register_structure_hook(Span, _span)
converter.register_structure_hook_func(lambda t: t == (Span | None), _span_or_none)


def span_within(low: int | None = None, high: int | None = None) -> Check:
    def check(span: Span | None) -> None:
        for i, end in enumerate(span or ()):
            try:
                between(low, high)(end)
            except Fault as fault:
                raise fault.under(i) from None
    return check


def _follow_on(rows: tuple[Any, ...], what: str) -> None:
    """Each row's ``points`` range begins where the one before ends, the first at 0."""
    if not rows or rows[0].points.low != 0:
        raise Fault(f"the first row must start at 0 {what}")
    for i in range(1, len(rows)):
        if rows[i].points.low != rows[i - 1].points.high + 1:
            raise Fault("point ranges must follow on from each other", (i, "points"))


# --------------------------------------------------------------------------- map.toml
def _map_codes(legend: dict[str, str]) -> None:
    for code in legend:
        if len(code) != 1 or code.isspace():
            raise Fault("a map code must be one visible character", (code,))


@attrs.frozen(repr=False, eq=False)
class Beach(FrozenRecord):
    name: str
    nation: Nation = attrs.field(validator=checked(one_of(NATIONS[Side.ALLIED])))
    marker: Hex
    positions: tuple[Hex, ...]


@attrs.frozen(repr=False, eq=False)
class NavalRange(FrozenRecord):
    rows: tuple[str, ...]  # one letter a position: o ocean side, c continent side, x ocean side east of Caen


@attrs.frozen(repr=False, eq=False)
class MapFile(FrozenRecord):
    legend: dict[str, Terrain] = attrs.field(validator=checked(_map_codes, each(one_of(TERRAINS))))
    towns: dict[str, Hex]
    places: dict[str, Hex]
    objectives: dict[str, tuple[Hex, ...]]
    beach: tuple[Beach, ...]
    rivers: dict[str, tuple[Hex, ...]]
    flooded: dict[str, tuple[Hex, ...]]
    naval_range: NavalRange
    waiting: dict[Nation, Hex] = attrs.field(validator=checked(keys(NATIONS[Side.ALLIED])))
    drop_zones: dict[str, tuple[Hex, ...]]
    entry: dict[str, Hex]


@attrs.frozen(eq=False)
class MapData:
    """The map, loaded once per data folder. Compared and hashed by identity, so that a front end
    may key what it works out from a map on the map itself (functools.cache)."""
    grid: Grid
    terrain: dict[Hex, Terrain]
    codes: dict[str, Terrain]
    towns: dict[str, Hex]
    places: dict[str, Hex]
    objectives: dict[str, tuple[Hex, ...]]
    beaches: tuple[Beach, ...]
    rivers: dict[str, tuple[Hex, ...]]
    flooded: dict[str, tuple[Hex, ...]]
    naval_side: dict[Hex, NavalSide]
    waiting: dict[Nation, Hex]
    drop_zones: dict[str, tuple[Hex, ...]]
    entry: dict[str, Hex]
    # worked out once from the fields above (walks over the land ask for them constantly)
    _names: dict[Hex, str] = attrs.field(init=False, repr=False)
    _land_neighbours: dict[Hex, tuple[Hex, ...]] = attrs.field(init=False, repr=False)
    _objective_hexes: dict[Hex, str] = attrs.field(init=False, repr=False)
    _beaches_by_name: dict[str, Beach] = attrs.field(init=False, repr=False)
    _beach_by_marker: dict[Hex, Beach] = attrs.field(init=False, repr=False)
    _beach_by_position: dict[Hex, Beach] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        names = {h: n for n, h in self.places.items()}
        names.update({h: n for n, h in self.towns.items()})
        derived = {
            "_names": names,
            "_land_neighbours": {h: tuple(n for _, n in self.grid.adjacent(h) if self.is_land(n))
                                 for h in self.grid.positions()},
            "_objective_hexes": {h: o for o, hs in self.objectives.items() for h in hs},
            "_beaches_by_name": {b.name: b for b in self.beaches},
            "_beach_by_marker": {b.marker: b for b in self.beaches},
            "_beach_by_position": {p: b for b in self.beaches for p in b.positions},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # attrs' way to set a frozen class's derived fields

    @property
    def cols(self) -> int:
        return self.grid.cols

    @property
    def rows(self) -> int:
        return self.grid.rows

    def is_land(self, hex_: Hex) -> bool:
        return self.terrain.get(hex_, Terrain.OCEAN) != Terrain.OCEAN

    def on_continent_side(self, hex_: Hex) -> bool:
        """Beyond the naval range (where Allied units score, and ships cannot support)."""
        return self.naval_side[hex_] == NavalSide.CONTINENT

    def on_scoring_ocean_side(self, hex_: Hex) -> bool:
        """Within the naval range and not east of Caen: where German units score (Victory Points chart)."""
        return self.naval_side[hex_] == NavalSide.OCEAN

    def land_neighbours(self, hex_: Hex) -> tuple[Hex, ...]:
        """The land positions next to ``hex_``."""
        return self._land_neighbours[hex_]

    def name_of(self, hex_: Hex) -> str | None:
        return self._names.get(hex_)

    def describe(self, hex_: Hex) -> str:
        """A position in words: its name, or its terrain and where it is ("swamp (4,5)", as the cards write it)."""
        return self._names.get(hex_) or f"{self.terrain[hex_]} ({hex_[0]},{hex_[1]})"

    def objective_of(self, hex_: Hex) -> str | None:
        return self._objective_hexes.get(hex_)

    def beach(self, name: str) -> Beach:
        return self._beaches_by_name[name]

    def beach_of_marker(self, hex_: Hex) -> Beach | None:
        return self._beach_by_marker.get(hex_)

    def beach_of_position(self, hex_: Hex) -> Beach | None:
        return self._beach_by_position.get(hex_)


# --------------------------------------------------------------------------- oob.toml
@attrs.frozen(repr=False, eq=False)
class UnitType(FrozenRecord):
    movement: int = attrs.field(validator=checked(between(0, 30)))
    infiltration: Infiltration = attrs.field(validator=checked(one_of(INFILTRATIONS)))
    fuel_class: FuelClass = attrs.field(validator=checked(one_of(FUEL_CLASSES)))
    lands_anywhere: bool = False  # may land from next to its beachhead marker, on any land beside it


@attrs.frozen(repr=False, eq=False)
class UnitEntry(FrozenRecord):
    """A ``[[unit]]`` as oob.toml writes it (movement, infiltration and fuel class may come from its type)."""
    id: str
    name: str
    side: Side
    nation: Nation
    type: str
    cp: int = attrs.field(validator=checked(between(0, 400)))
    leadership: int = attrs.field(validator=checked(between(1, LEVELS)))
    why: str
    arrival: str | None = None
    start: Hex | None = None
    entry: str | None = None
    beach: str | None = None
    movement: int | None = attrs.field(validator=checked(maybe(between(0, 30))), default=None)
    infiltration: Infiltration | None = attrs.field(validator=checked(maybe(one_of(INFILTRATIONS))), default=None)
    fuel_class: FuelClass | None = attrs.field(validator=checked(maybe(one_of(FUEL_CLASSES))), default=None)


@attrs.frozen(repr=False, eq=False)
class OrderOfBattleFile(FrozenRecord):
    types: dict[Side, dict[str, UnitType]] = attrs.field(validator=checked(keys(SIDES)))
    unit: tuple[UnitEntry, ...]


@attrs.frozen(repr=False, eq=False)
class UnitSpec(FrozenRecord):
    """What never changes about a unit."""
    id: str
    name: str
    side: Side
    nation: Nation
    type: str
    cp: int
    leadership: int
    movement: int
    infiltration: Infiltration
    fuel_class: FuelClass
    arrival: str | None  # a turn label, "drop", or None for units in place on D-Day
    start: Hex | None
    entry: str | None
    beach: str | None
    why: str
    lands_anywhere: bool = False  # rangers and commandos: more latitude in where they land
    # from the type, as plain fields (the rules ask them in their inner loops)
    is_depot: bool = attrs.field(init=False, repr=False)
    is_coastal: bool = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "is_depot", self.type == "depot")
        object.__setattr__(self, "is_coastal", self.type == "coastal")


# --------------------------------------------------------------------------- charts/turns.toml
@attrs.frozen(repr=False, eq=False)
class Scenario(FrozenRecord):
    name: str
    last_turn: str


def _distinct_from_dday(turns: tuple[str, ...]) -> None:
    if len(set(turns)) != len(turns) or not turns or turns[0] != "D-Day":
        raise Fault("turns must be distinct and begin with D-Day")


@attrs.frozen(repr=False, eq=False)
class TurnsChart(FrozenRecord):
    turns: tuple[str, ...] = attrs.field(validator=checked(_distinct_from_dday))
    dates: tuple[str, ...]
    scenarios: dict[str, Scenario] = attrs.field(validator=checked(keys(SCENARIOS)))

    def __attrs_post_init__(self) -> None:
        _under(("dates",), length(len(self.turns)), self.dates)
        for key, scenario in self.scenarios.items():
            _under(("scenarios", key, "last_turn"), one_of(self.turns), scenario.last_turn)


def _under(path: tuple[Any, ...], check: Check, value: Any) -> None:
    try:
        check(value)
    except Fault as fault:
        raise fault.under(*path) from None


# --------------------------------------------------------------------------- charts/transport.toml, weather.toml
@attrs.frozen(repr=False, eq=False)
class HumanGerman(FrozenRecord):
    """Against a human German: more transport, more air and naval points."""
    transport_percent: int = attrs.field(validator=checked(between(0, 100)))
    air_naval_percent: int = attrs.field(validator=checked(between(0, 200)))


@attrs.frozen(repr=False, eq=False)
class TransportChart(FrozenRecord):
    weathers: tuple[Weather, ...] = attrs.field(validator=checked(equal_to(WEATHERS)))
    ranges: dict[str, dict[str, Span | None]] = attrs.field(validator=checked(each(keys(WEATHERS), each(span_within(0)))))
    human_german: HumanGerman


@attrs.frozen(repr=False, eq=False)
class WeatherChart(FrozenRecord):
    weathers: tuple[Weather, ...] = attrs.field(validator=checked(equal_to(WEATHERS)))
    probability: dict[str, dict[str, int]] = attrs.field(
        validator=checked(each(keys(WEATHERS), each(between(0, 100)), sums_to(100, "chances"))))


# --------------------------------------------------------------------------- supply expenditure charts
@attrs.frozen(repr=False, eq=False)
class FuelChart(FrozenRecord):
    per_movement_point: dict[str, int] = attrs.field(  # by fuel class
        validator=checked(keys(FUEL_CLASSES), each(between(0))))
    base_combat_points: int = attrs.field(validator=checked(between(1)))


@attrs.frozen(repr=False, eq=False)
class Fraction(FrozenRecord):
    numerator: int = attrs.field(validator=checked(between(0)))
    denominator: int = attrs.field(validator=checked(between(1)))

    def of(self, amount: float) -> float:
        return amount * self.numerator / self.denominator


@attrs.frozen(repr=False, eq=False)
class GeneralSupplyChart(FrozenRecord):
    in_enemy_zoc: Fraction
    otherwise: Fraction


@attrs.frozen(repr=False, eq=False)
class AmphibiousSupplyChart(FrozenRecord):
    per_combat_point: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class CombatSupplyChart(FrozenRecord):
    base_combat_points: int = attrs.field(validator=checked(between(1)))
    rows: tuple[tuple[int, ...], ...] = attrs.field(  # [defence-1][attack-1]
        validator=checked(length(LEVELS), each(length(LEVELS), each(between(0)))))


# --------------------------------------------------------------------------- combat charts
@attrs.frozen(repr=False, eq=False)
class BombardmentRow(FrozenRecord):
    points: Span = attrs.field(validator=checked(span_within(0)))
    german_extra: Span = attrs.field(validator=checked(span_within(0)))  # extra losses for a German defender
    allied_reduction: Span = attrs.field(validator=checked(span_within(0)))  # fewer losses for an Allied defender


@attrs.frozen(repr=False, eq=False)
class BombardmentChart(FrozenRecord):
    rows: tuple[BombardmentRow, ...] = attrs.field(validator=checked(lambda rows: _follow_on(rows, "points")))


@attrs.frozen(repr=False, eq=False)
class InfiltrationChances(FrozenRecord):
    allied_armoured: int = attrs.field(validator=checked(between(0, 100)))
    human_german_mechanised: int = attrs.field(validator=checked(between(0, 100)))
    human_german_infantry: int = attrs.field(validator=checked(between(0, 100)))
    computer_german_mechanised: int = attrs.field(validator=checked(between(0, 100)))
    computer_german_infantry: int = attrs.field(validator=checked(between(0, 100)))


@attrs.frozen(repr=False, eq=False)
class InfiltrationChart(FrozenRecord):
    enter_enemy_zoc_cost: int = attrs.field(validator=checked(between(0)))
    infiltration_cost: int = attrs.field(validator=checked(between(0)))
    chance: InfiltrationChances


@attrs.frozen(repr=False, eq=False)
class CombatRow(FrozenRecord):
    pair: tuple[int, int] = attrs.field(validator=checked(each(between(1, LEVELS))))  # (attack level, defence level)
    losses: tuple[tuple[int, int], ...] = attrs.field(  # (attacker, defender) by odds column
        validator=checked(each(each(between(0)))))


def _increasing(values: tuple[float, ...]) -> None:
    if list(values) != sorted(values):
        raise Fault("odds must increase")


@attrs.frozen(repr=False, eq=False)
class CombatResultsChart(FrozenRecord):
    odds: tuple[str, ...] = attrs.field(validator=checked(length(6)))
    odds_values: tuple[float, ...] = attrs.field(validator=checked(each(between(0)), _increasing))
    extra_attacker_percent: int = attrs.field(validator=checked(between(0)))
    random_loss_max: int = attrs.field(validator=checked(between(0)))
    rows: tuple[CombatRow, ...] = attrs.field(validator=checked(length(LEVELS)))
    # worked out once: the cells by strategy pair; the printed pair for each gap between the levels
    # (attack at least defence); and what every printed pair's levels add up to
    cells: dict[tuple[int, int], tuple[tuple[int, int], ...]] = attrs.field(init=False, repr=False)
    row_for_gap: dict[int, tuple[int, int]] = attrs.field(init=False, repr=False)
    pair_total: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _under(("odds_values",), length(len(self.odds)), self.odds_values)
        cells: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        for i, row in enumerate(self.rows):
            if row.pair in cells:
                raise Fault(f"strategy pair {list(row.pair)} appears twice", ("rows", i, "pair"))
            if sum(row.pair) != sum(self.rows[0].pair):
                raise Fault(f"the printed pairs' levels must add up alike ({sum(self.rows[0].pair)})", ("rows", i, "pair"))
            _under(("rows", i, "losses"), length(len(self.odds)), row.losses)
            cells[row.pair] = row.losses
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "row_for_gap", {a - d: (a, d) for a, d in cells if a >= d})
        object.__setattr__(self, "pair_total", sum(self.rows[0].pair))
        if sorted(self.row_for_gap) != list(range(0, LEVELS, 2)):
            raise Fault("the printed pairs must be those whose levels add up to the same total", ("rows",))


def _in_order(levels: tuple[Any, ...]) -> None:
    if [x.level for x in levels] != list(range(1, LEVELS + 1)):
        raise Fault(f"levels must run 1 to {LEVELS} in order")


@attrs.frozen(repr=False, eq=False)
class AttackLevel(FrozenRecord):
    level: int
    name: str
    short: str = ""  # the name where room is short (the side panel at 80 columns); the name itself if not given

    @property
    def brief(self) -> str:
        return self.short or self.name


@attrs.frozen(repr=False, eq=False)
class DefenceLevel(FrozenRecord):
    level: int
    name: str
    automatic_retreat: bool  # the defender retreats at this level whatever the result
    short: str = ""  # as AttackLevel.short

    @property
    def brief(self) -> str:
        return self.short or self.name


@attrs.frozen(repr=False, eq=False)
class StrategyLevelsChart(FrozenRecord):
    second_combat_attack_levels: tuple[int, ...] = attrs.field(validator=checked(each(between(1, LEVELS))))
    second_combat_defence_levels: tuple[int, ...] = attrs.field(validator=checked(each(between(1, LEVELS))))
    defence: tuple[DefenceLevel, ...] = attrs.field(validator=checked(_in_order))
    attack: tuple[AttackLevel, ...] = attrs.field(validator=checked(_in_order))

    @property
    def highest(self) -> int:
        """The most intense level."""
        return len(self.attack)

    def retreats(self, defence_level: int) -> bool:
        """Whether a defender at this level retreats whatever the result."""
        return self.defence[defence_level - 1].automatic_retreat


# --------------------------------------------------------------------------- victory charts
@attrs.frozen(repr=False, eq=False)
class ObjectivePoints(FrozenRecord):
    per_turn: int = attrs.field(validator=checked(between(0)))
    final: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class OceanSidePoints(FrozenRecord):
    first_turn: str
    first_points: int = attrs.field(validator=checked(between(0)))
    increase_per_turn: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class ContinentSidePoints(FrozenRecord):
    cp_divisor: int = attrs.field(validator=checked(between(1)))


@attrs.frozen(repr=False, eq=False)
class EliminationPoints(FrozenRecord):
    german_unit: int = attrs.field(validator=checked(between(0)))
    allied_unit: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class CasualtyPoints(FrozenRecord):
    german_casualty_point: Number = attrs.field(validator=checked(between(0)))
    allied_casualty_point: Number = attrs.field(validator=checked(between(0)))
    allied_out_of_general_supply: Number = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class VictoryPointsChart(FrozenRecord):
    objectives: dict[str, ObjectivePoints]
    german_ocean_side: OceanSidePoints
    allied_continent_side: ContinentSidePoints
    eliminated: EliminationPoints
    casualties: CasualtyPoints


def _falling(minimums: dict[str, int]) -> None:
    if list(minimums.values()) != sorted(minimums.values(), reverse=True):
        raise Fault("minimum scores must fall from the first level to the last")


@attrs.frozen(repr=False, eq=False)
class VictoryConditionsChart(FrozenRecord):
    levels: tuple[str, ...] = attrs.field(validator=checked(length(6)))
    minimum_score: dict[str, dict[str, int]]  # by scenario, then level (the last level has none)

    def __attrs_post_init__(self) -> None:
        _under(("minimum_score",), each(keys(self.levels[:-1]), _falling), self.minimum_score)


@attrs.frozen(repr=False, eq=False)
class SuggestedAllocationChart(FrozenRecord):
    categories: tuple[str, ...] = attrs.field(validator=checked(equal_to(CATEGORIES)))
    allocated_for: dict[str, dict[str, int]] = attrs.field(
        validator=checked(each(keys(CATEGORIES), each(between(0, 100)), sums_to(100, "percentages"))))


# --------------------------------------------------------------------------- charts/terrain.toml, interdiction.toml
@attrs.frozen(repr=False, eq=False)
class TerrainEffects(FrozenRecord):
    movement: Number = attrs.field(validator=checked(between(0)))  # points to enter
    defence: Number = attrs.field(validator=checked(between(0)))  # the defender's strength there, times this
    attack: Number = attrs.field(validator=checked(between(0)))  # an attacker's strength attacking from there, times this


def _land_costs_something(terrain: dict[str, TerrainEffects]) -> None:
    """Moving onto land costs at least 1 point (0 would let a unit move for ever); the ocean is sailed."""
    for name, effects in terrain.items():
        if name != Terrain.OCEAN:
            _under((name, "movement"), between(1), effects.movement)


@attrs.frozen(repr=False, eq=False)
class TerrainChart(FrozenRecord):
    extra_point_percent: int = attrs.field(  # the chance that a step costs one point more
        validator=checked(between(0, 100)))
    extra_point_exempt: tuple[Terrain, ...] = attrs.field(validator=checked(each(one_of(TERRAINS))))
    ocean_attack_exempt_types: tuple[str, ...]  # not halved attacking from the ocean
    terrain: dict[str, TerrainEffects] = attrs.field(validator=checked(keys(TERRAINS), _land_costs_something))

    def __getitem__(self, name: str) -> TerrainEffects:
        """A terrain's row of the chart."""
        return self.terrain[name]


@attrs.frozen(repr=False, eq=False)
class InterdictionRow(FrozenRecord):
    points: Span = attrs.field(validator=checked(span_within(0)))
    decrease: Span = attrs.field(validator=checked(span_within(0)))  # movement points each German unit loses


@attrs.frozen(repr=False, eq=False)
class InterdictionChart(FrozenRecord):
    rows: tuple[InterdictionRow, ...] = attrs.field(validator=checked(lambda rows: _follow_on(rows, "air points")))
    weather_percent_reduction: dict[str, int] = attrs.field(validator=checked(keys(WEATHERS), each(between(0, 100))))


# --------------------------------------------------------------------------- difficulty and optional rules
@attrs.frozen(repr=False, eq=False)
class RatingSet(FrozenRecord):
    """A difficulty level or an optional rule: historical ratings but for those it names."""
    name: str
    ratings: dict[str, int] = attrs.field(validator=checked(keys(RATING_NAMES, exactly=False), each(between(1, LEVELS))))
    german_dday_movement: bool
    display_delay: int | None = attrs.field(validator=checked(maybe(between(0, LEVELS))), default=None)


@attrs.frozen(repr=False, eq=False)
class WeatherExample(FrozenRecord):
    score: int
    weather_percent: int
    adjusted: int


@attrs.frozen(repr=False, eq=False)
class WeatherAdjustment(FrozenRecord):
    examples: tuple[WeatherExample, ...]  # the rulebook's worked examples


@attrs.frozen(repr=False, eq=False)
class OptionalRulesChart(FrozenRecord):
    """optional_rules.toml: the optional rules, each a table of its own, and the weather adjustment."""
    rules: dict[str, RatingSet]
    weather_adjustment: WeatherAdjustment


def _optional_rules(value: Any, _: Any = None) -> OptionalRulesChart:
    if not isinstance(value, dict):
        raise Fault(f"should be a table, not {kind(value)}")
    if "weather_adjustment" not in value:
        raise Fault("is missing", ("weather_adjustment",), missing=True)
    rules = {k: v for k, v in value.items() if k != "weather_adjustment"}
    return OptionalRulesChart(rules=converter.structure(rules, dict[str, RatingSet]),
                              weather_adjustment=_structure_at("weather_adjustment", value, WeatherAdjustment))


def _structure_at(key: str, table: dict[str, Any], cls: type) -> Any:
    """``table[key]`` as ``cls``, a fault in it told as under ``key`` (as cattrs tells a table's)."""
    try:
        return converter.structure(table[key], cls)
    except Exception as exc:
        exc.add_note(IterableValidationNote(f"Structuring @ {key}", key, cls))
        raise IterableValidationError(f"While structuring {key}", [exc], cls) from None


converter.register_structure_hook(OptionalRulesChart, _optional_rules)


@attrs.frozen(repr=False, eq=False)
class AlliedForcesChart(FrozenRecord):
    formations: dict[str, dict[Nation, int]] = attrs.field(
        validator=checked(each(keys(NATIONS[Side.ALLIED]), each(between(0)))))
    totals: dict[str, int] = attrs.field(validator=checked(keys(("US", "BC", "all")), each(between(0))))

    def __attrs_post_init__(self) -> None:
        for nation in NATIONS[Side.ALLIED]:
            total = sum(by_nation[nation] for by_nation in self.formations.values())
            if total != self.totals[nation]:
                raise Fault(f"the {nation} formations add up to {total}, not {self.totals[nation]}", ("totals", nation))
        if self.totals["US"] + self.totals["BC"] != self.totals["all"]:
            raise Fault("US and BC totals do not add up", ("totals", "all"))


@attrs.frozen(repr=False, eq=False)
class Charts(FrozenRecord):
    """Every rulebook chart (charts/*.toml), a section per file; the turns file's three are its own."""
    turns: tuple[str, ...]
    dates: tuple[str, ...]
    scenarios: dict[str, Scenario]
    transport: TransportChart
    weather: WeatherChart
    fuel: FuelChart
    general_supply: GeneralSupplyChart
    amphibious_supply: AmphibiousSupplyChart
    combat_supply: CombatSupplyChart
    bombardment: BombardmentChart
    infiltration: InfiltrationChart
    combat_results: CombatResultsChart
    strategy_levels: StrategyLevelsChart
    victory_points: VictoryPointsChart
    victory_conditions: VictoryConditionsChart
    suggested_allocation: SuggestedAllocationChart
    terrain: TerrainChart
    interdiction: InterdictionChart
    difficulty: dict[str, RatingSet]
    optional_rules: OptionalRulesChart
    allied_forces: AlliedForcesChart
    _turn_index: dict[str, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_turn_index", {t: i for i, t in enumerate(self.turns)})

    def turn_index(self, label: str) -> int:
        return self._turn_index[label]

    def rating_set(self, key: str) -> RatingSet:
        """A difficulty level or an optional rule, by its key."""
        return self.difficulty[key] if key in self.difficulty else self.optional_rules.rules[key]


# --------------------------------------------------------------------------- rules.toml
_PERCENT = between(0, 100)
# Counts a phase loops over (cycles, passes, steps) and points whose every split is an answer offered: far
# above the rulebook's (5 cycles, 2 passes, 200 air points), low enough that no data file can make a phase
# or a list of answers endless.
MAX_LOOPS = 100
MAX_POINTS = 9999
# A rating's change per point is at most 25%: rating 1 is four points below the historical 5, and
# must leave something.
_PER_POINT = between(0, 25)


@attrs.frozen(repr=False, eq=False)
class RatingRules(FrozenRecord):
    historical: dict[str, int] = attrs.field(validator=checked(keys(RATING_NAMES), each(between(1, LEVELS))))
    combat_points_percent: int = attrs.field(validator=checked(_PER_POINT))
    transport_percent: int = attrs.field(validator=checked(_PER_POINT))
    airpower_percent: int = attrs.field(validator=checked(_PER_POINT))
    naval_percent: int = attrs.field(validator=checked(_PER_POINT))
    coastal_defence_percent: int = attrs.field(validator=checked(_PER_POINT))
    reinforcement_turns_per_point: float = attrs.field(validator=checked(between(0)))

    def points_from_historical(self, ratings: Ratings, name: str) -> int:
        """How many points the settings' rating ``name`` is above its historical value (below: negative)."""
        rating: int = getattr(ratings, name)
        return rating - self.historical[name]

    def factor(self, ratings: Ratings, name: str) -> float:
        """What the rating ``name`` multiplies its quantity by: 1 at the historical rating, and its
        percentage (``<name>_percent``) more for each point above, less for each point below."""
        percent: int = getattr(self, f"{name}_percent")
        return 1 + percent * self.points_from_historical(ratings, name) / 100


@attrs.frozen(repr=False, eq=False)
class SetupRules(FrozenRecord):
    default_display_delay: int = attrs.field(validator=checked(between(0, LEVELS)))


@attrs.frozen(repr=False, eq=False)
class DDayRules(FrozenRecord):
    allocation: dict[str, int] = attrs.field(
        validator=checked(keys(CATEGORIES), each(_PERCENT), sums_to(100, "D-Day percentages")))
    initial_pools: dict[str, int] = attrs.field(validator=checked(keys(CATEGORIES), each(between(0))))


@attrs.frozen(repr=False, eq=False)
class LandingSupplyRules(FrozenRecord):
    fuel: float = attrs.field(validator=checked(between(0)))
    general: float = attrs.field(validator=checked(between(0)))
    combat: float = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class TransportRules(FrozenRecord):
    marker_destroyed_percent: int = attrs.field(validator=checked(_PERCENT))


@attrs.frozen(repr=False, eq=False)
class SupplyRules(FrozenRecord):
    range: int = attrs.field(validator=checked(between(1)))
    first_trace_turn: str
    out_of_supply_cp_percent: int = attrs.field(validator=checked(_PERCENT))
    out_of_supply_fatigue: int = attrs.field(validator=checked(between(0)))
    no_general_supply_cp_percent: int = attrs.field(validator=checked(_PERCENT))
    no_general_supply_fatigue: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class GermanSupplyRules(FrozenRecord):
    fortress_sources: tuple[str, ...]
    out_of_supply_cp_percent: int = attrs.field(validator=checked(_PERCENT))
    out_of_supply_fatigue: int = attrs.field(validator=checked(between(0)))
    out_of_supply_strength_percent: int = attrs.field(validator=checked(_PERCENT))


@attrs.frozen(repr=False, eq=False)
class ReinforcementRules(FrozenRecord):
    entry_detour: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class FatigueRules(FrozenRecord):
    max: int = attrs.field(validator=checked(between(1, 99)))
    per_movement_point: int = attrs.field(validator=checked(between(0)))
    attack_per_level: int = attrs.field(validator=checked(between(0)))
    defence_per_level: int = attrs.field(validator=checked(between(0)))
    retreat: int = attrs.field(validator=checked(between(0)))
    recovery_per_turn: int = attrs.field(validator=checked(between(0)))
    rest_recovery: int = attrs.field(validator=checked(between(0)))
    rear_recovery: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class EffectivenessRules(FrozenRecord):
    base: float = attrs.field(validator=checked(between(0)))
    per_leadership: float = attrs.field(validator=checked(between(0)))
    fatigue_divisor: float = attrs.field(validator=checked(divisor))
    minimum: float = attrs.field(validator=checked(between(0, 1)))


@attrs.frozen(repr=False, eq=False)
class StrategyLimitRules(FrozenRecord):
    free_fatigue_per_leadership: int = attrs.field(validator=checked(between(0)))
    fatigue_per_level: int = attrs.field(validator=checked(between(1)))  # divides the fatigue


@attrs.frozen(repr=False, eq=False)
class ReplacementRules(FrozenRecord):
    allied_rest_percent: int = attrs.field(validator=checked(_PERCENT))
    allied_line_percent: int = attrs.field(validator=checked(_PERCENT))
    german_loss_fraction: int = attrs.field(validator=checked(between(1)))  # the fraction 1/N
    german_percent: int = attrs.field(validator=checked(_PERCENT))
    cadre_recovered_fraction: int = attrs.field(validator=checked(between(1)))  # the fraction 1/N


@attrs.frozen(repr=False, eq=False)
class MovementRules(FrozenRecord):
    # counts the movement phase loops over: bounded, so that no data file can make a phase go on for ever
    max_cycles: int = attrs.field(validator=checked(between(1, MAX_LOOPS)))
    ocean_steps: int = attrs.field(validator=checked(between(0, MAX_LOOPS)))


@attrs.frozen(repr=False, eq=False)
class AirborneRules(FrozenRecord):
    drift_chance: int = attrs.field(validator=checked(_PERCENT))
    drift_max: int = attrs.field(validator=checked(between(0, MAX_LOOPS)))
    water_loss_percent: int = attrs.field(validator=checked(_PERCENT))
    swamp_loss_percent: int = attrs.field(validator=checked(_PERCENT))
    enemy_fatigue: int = attrs.field(validator=checked(between(0)))
    scattered_fatigue: int = attrs.field(validator=checked(between(0)))


@attrs.frozen(repr=False, eq=False)
class LandingRules(FrozenRecord):
    round_cost: int = attrs.field(  # movement points each round against the coastal defence costs
        validator=checked(between(0)))
    cleared_cp: int = attrs.field(validator=checked(between(0)))
    assault_troops_strength: float = attrs.field(  # rangers' and commandos' strength assaulting a beach
        validator=checked(between(1, 10)))


def _forced_retreat_levels(value: Any, _: Any = None) -> dict[int, float]:
    """``{ 4 = 2.5, ... }``: TOML's keys are text; these are strategy levels."""
    table = converter.structure(value, dict[str, float])
    for key in table:
        if not key.isdigit():
            raise Fault(f"{key!r} is not a strategy level", (key,))
    return {int(k): v for k, v in table.items()}


converter.register_structure_hook_func(lambda t: t == dict[int, float], _forced_retreat_levels)


@attrs.frozen(repr=False, eq=False)
class CombatRules(FrozenRecord):
    passes: int = attrs.field(validator=checked(between(1, MAX_LOOPS)))  # (bounded: the combat phase loops over them)
    base_cp: int = attrs.field(validator=checked(between(1)))  # divides the engagement
    engagement_min: float = attrs.field(validator=checked(between(0)))
    engagement_max: float = attrs.field(validator=checked(between(0)))
    odds_cap: float = attrs.field(validator=checked(divisor))
    no_combat_supply_strength: int = attrs.field(validator=checked(_PERCENT))
    refuse_retreat_percent: int = attrs.field(validator=checked(_PERCENT))
    retreat_next_to_enemy_percent: int = attrs.field(validator=checked(_PERCENT))
    cadre_percent: int = attrs.field(validator=checked(_PERCENT))
    cadre_minimum: int = attrs.field(validator=checked(between(0)))
    max_attacks_per_phase: int = attrs.field(validator=checked(between(1, MAX_LOOPS)))
    forced_retreat_odds: dict[int, float] = attrs.field(validator=checked(each(between(0))))  # by defence level

    def __attrs_post_init__(self) -> None:
        if self.engagement_min > self.engagement_max:
            raise Fault(f"is {self.engagement_min}, above engagement_max ({self.engagement_max}); a minimum is at "
                        "most its maximum", ("engagement_min",))
        for level in self.forced_retreat_odds:
            _under(("forced_retreat_odds", str(level)), between(1, LEVELS), level)


@attrs.frozen(repr=False, eq=False)
class SupportRules(FrozenRecord):
    air_points: int = attrs.field(  # (bounded: the answers offered are every split of them)
        validator=checked(between(0, MAX_POINTS)))
    naval_points: int = attrs.field(validator=checked(between(0, MAX_POINTS)))
    weather_percent: dict[str, int] = attrs.field(validator=checked(keys(WEATHERS), each(_PERCENT)))  # of the air points
    naval_weather_percent: dict[str, int] = attrs.field(validator=checked(keys(WEATHERS), each(_PERCENT)))


@attrs.frozen(repr=False, eq=False)
class AnswerRules(FrozenRecord):
    largest_number: int = attrs.field(validator=checked(between(1, MAX_POINTS)))


@attrs.frozen(repr=False, eq=False)
class Rules(FrozenRecord):
    """The house rules (rules.toml): every number the rulebook does not print, a section per area."""
    ratings: RatingRules
    setup: SetupRules
    dday: DDayRules
    landing_supply: LandingSupplyRules
    transport: TransportRules
    supply: SupplyRules
    german_supply: GermanSupplyRules
    reinforcements: ReinforcementRules
    fatigue: FatigueRules
    effectiveness: EffectivenessRules
    strategy_limits: StrategyLimitRules
    replacements: ReplacementRules
    movement: MovementRules
    airborne: AirborneRules
    landing: LandingRules
    combat: CombatRules
    support: SupportRules
    answers: AnswerRules
