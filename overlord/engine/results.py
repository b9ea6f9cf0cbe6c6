"""What the score and the end of a game come to, as typed records: the points by category, the points a
turn's ground scores, a turn's record, and the final report.

Each is a frozen attrs class. ``to_dict()`` gives the plain JSON-ready form (a dict of the fields, the
enums as their strings) that saves, ``overlord simulate --json`` and the events have always written, key
for key; ``from_dict`` reads it back. The state's hash is of that form, so it is that of the days when
these were dicts.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, TypeVar

import attrs
import cattrs

from .data import CATEGORIES
from .enums import Side, Weather
from .records import FrozenRecord


class PerCategory:
    """A record with a number for each supply category (fuel, general, combat, amphibious)."""
    __slots__ = ()

    def as_dict(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in CATEGORIES}


@attrs.frozen(repr=False, eq=False)
class PoolLevels(PerCategory, FrozenRecord):
    """What the four pools held at one moment (a turn's record)."""
    fuel: int
    general: int
    combat: int
    amphibious: int


@attrs.frozen(repr=False, eq=False)
class TurnRecord(FrozenRecord):
    """A turn as it ended (written once, at the end of the turn)."""
    turn: str
    weather: Weather | None
    transport: int
    pools: PoolLevels
    allied_score: float
    weather_percent: int
    units_in_supply: int
    units_out_of_supply: int


class _Points:
    """Points by category: the categories are the record's fields."""
    __slots__ = ()
    __attrs_attrs__: ClassVar[Any]  # (an attrs class's: what makes it one to attrs.asdict)

    def as_dict(self) -> dict[str, float]:
        return attrs.asdict(self)

    @property
    def total(self) -> float:
        return sum(self.as_dict().values())


@attrs.frozen(repr=False, eq=False)
class AlliedPoints(_Points, FrozenRecord):
    """The Allied side's points so far (Victory Points chart)."""
    objectives: float = 0.0  # objectives held, each turn
    objectives_final: float = 0.0  # objectives held at the end
    continent_side: float = 0.0  # units beyond the naval range
    german_units_eliminated: float = 0.0
    german_casualties: float = 0.0


@attrs.frozen(repr=False, eq=False)
class GermanPoints(_Points, FrozenRecord):
    """The German side's points so far (Victory Points chart)."""
    ocean_side: float = 0.0  # units within the naval range
    allied_units_eliminated: float = 0.0
    allied_casualties: float = 0.0
    allied_supply_casualties: float = 0.0  # Allied CP lost for lack of general supply


@attrs.frozen(repr=False, eq=False)
class CategoryPoints(FrozenRecord):
    """The score so far by category, for each side (victory.category_points)."""
    allied: AlliedPoints
    german: GermanPoints

    def of(self, side: Side | str) -> AlliedPoints | GermanPoints:
        """One side's points."""
        return self.allied if side == Side.ALLIED else self.german

    @property
    def score(self) -> float:
        """The Allied points less the German points."""
        return self.allied.total - self.german.total

    def rounded(self) -> CategoryPoints:
        """Each category to a tenth, as the final report writes them."""
        return CategoryPoints(AlliedPoints(**_tenths(self.allied)), GermanPoints(**_tenths(self.german)))


@attrs.frozen(repr=False, eq=False)
class TurnPoints(_Points, FrozenRecord):
    """The points the ground held scores at the end of a turn (victory.turn_points), not yet added."""
    objectives: float = 0.0
    objectives_final: float = 0.0
    continent_side: float = 0.0
    ocean_side: float = 0.0

    @property
    def allied(self) -> float:
        """The Allied side's: objectives and the continent side."""
        return self.objectives + self.objectives_final + self.continent_side

    @property
    def german(self) -> float:
        """The German side's: the ocean side."""
        return self.ocean_side

    def rounded(self) -> TurnPoints:
        return TurnPoints(**_tenths(self))


def _tenths(points: _Points) -> dict[str, float]:
    return {k: round(v, 1) for k, v in points.as_dict().items()}


@attrs.frozen(repr=False, eq=False)
class EliminatedNames(FrozenRecord):
    allied: list[str]
    german: list[str]  # German cadres too, "(cadre)" after the name


@attrs.frozen(repr=False, eq=False)
class Eliminations(FrozenRecord):
    """The units eliminated on each side (a depot counts as an Allied unit), and their names."""
    allied: int
    german: int
    names: EliminatedNames
    allied_depots: int


@attrs.frozen(repr=False, eq=False)
class Casualties(FrozenRecord):
    """The CP each side lost: ``allied`` every Allied CP lost but those lost for lack of general supply, which are
    counted apart, not among them (each scores at its own rate)."""
    allied: int
    allied_out_of_general_supply: int
    german: int


@attrs.frozen(repr=False, eq=False)
class BeachAssault(FrozenRecord):
    """A beach's assault: the rounds fought against its coastal defence, the CP each side lost in them, the
    movement points the first formation ashore had left, and the turn the beach was cleared (None while it
    holds)."""
    rounds: int
    allied_cp_lost: int
    german_cp_lost: int
    first_mp_left: int | None
    cleared: str | None


@attrs.frozen(repr=False, eq=False)
class FinalReport(FrozenRecord):
    """The report written when the game ended (victory.final_report)."""
    turns_played: int
    allied_score: float
    adjusted_score: float  # for the weather (Optional Rules)
    weather_percent: int
    victory_level: str
    points: CategoryPoints  # to a tenth
    objectives: dict[str, Side]  # who holds each at the end
    objectives_taken: dict[str, str]  # the turn the Allies first held each
    formations_landed_dday: int
    units_eliminated: Eliminations
    casualties: Casualties
    history: list[TurnRecord]
    dday: dict[str, BeachAssault]  # each beach's assault, by the beach's name

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON-ready values, as saves and ``overlord simulate --json`` write it."""
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> FinalReport:
        return from_dict(data, cls)


def _number(value: Any, _: Any = None) -> float:
    """A number as written: points are whole where the chart's are (a unit eliminated), halves where they are
    not (supply casualties), and a report read back must write the same JSON."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a number, not {value!r}"[:100])
    return value


_converter = cattrs.Converter(forbid_extra_keys=True)
_converter.register_unstructure_hook(StrEnum, str)
_converter.register_structure_hook(float, _number)
_Record = TypeVar("_Record")


def to_dict(record: Any) -> dict[str, Any]:
    """One of these records as plain JSON-ready values (a dict of its fields, enums as strings)."""
    data: dict[str, Any] = _converter.unstructure(record)
    return data


def from_dict(data: Any, cls: type[_Record]) -> _Record:
    return _converter.structure(data, cls)
