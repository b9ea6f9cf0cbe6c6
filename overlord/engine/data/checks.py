"""The checks on data values, and the converter that reads a parsed file into the typed model.

Every data file is structured by cattrs into attrs classes (models.py). The converter here is
strict where cattrs alone is lenient: a whole number is a whole number (not true, not "90"), a
number is finite and not absurdly large, text is text, an array is an array and a table a table,
and a table holds no key its class does not name. Each field's own limits are attrs validators
built from the small checks below (``attrs.field(validator=checked(between(1, 9)))``).

A check raises ``Fault``: what is wrong, and where below the value it checked (a path of keys
and indexes), so that the Source reading the file can name the file, the line and the field.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, mapping_structure_factory
from cattrs.gen import make_dict_structure_fn

from ..enums import SIDES, FuelClass, Infiltration, Nation, Side, Terrain, Weather

LARGEST = 10**9  # no number of the game comes near this: a bigger one is a slip of the keyboard

Path = tuple[Any, ...]
Check = Callable[[Any], None]
Validator = Callable[[object, "attrs.Attribute[Any]", Any], None]  # what attrs.field(validator=...) calls
Number = int | float  # a chart's number, kept whole where the file writes it whole


class Fault(ValueError):
    """A value that fails a check: the message, and the path below the checked value to the culprit."""

    def __init__(self, message: str, path: Path = (), missing: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.missing = missing

    def under(self, *keys: Any) -> Fault:
        """The same fault, seen from ``keys`` further up."""
        return Fault(self.message, keys + self.path, self.missing)


def kind(value: Any) -> str:
    """What a value is, in the words of a data file."""
    return {str: "text", int: "a whole number", float: "a number", bool: "true/false", list: "an array",
            dict: "a table"}.get(type(value), type(value).__name__)


# --------------------------------------------------------------------------- checks
def checked(*checks: Check) -> Validator:
    """The attrs validator of a field whose value must pass ``checks`` (a failing check names the field):
    ``attrs.field(validator=checked(between(1, 9)))``. (A wrapper of attrs.field would read shorter, but
    mypy's attrs plugin knows a field only by the call to attrs.field itself.)"""
    def validator(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        for check in checks:
            try:
                check(value)
            except Fault as fault:
                raise fault.under(attribute.name) from None
    return validator


def between(low: float | None = None, high: float | None = None) -> Check:
    """A number from ``low`` to ``high`` (either may be open)."""
    def check(value: float) -> None:
        if low is not None and value < low:
            raise Fault(f"is {value}, below the least allowed {low}")
        if high is not None and value > high:
            raise Fault(f"is {value}, above the most allowed {high}")
    return check


def divisor(value: float) -> None:
    """A number the rules divide by: above 0 (fractions allowed)."""
    between(0)(value)
    if value <= 0:
        raise Fault(f"is {value}; it divides, so it must be above 0")


def one_of(choices: Iterable[Any]) -> Check:
    allowed = tuple(choices)

    def check(value: Any) -> None:
        if value not in allowed:
            raise Fault(f"is {shown(value)}, which is not one of {', '.join(map(shown, allowed))}")
    return check


def shown(value: Any) -> str:
    """A value as the file writes it (an enum member as its text)."""
    return repr(str(value)) if isinstance(value, StrEnum) else repr(value)


def length(n: int) -> Check:
    def check(value: tuple[Any, ...] | dict[Any, Any]) -> None:
        if len(value) != n:
            raise Fault(f"should have {n} entries, has {len(value)}")
    return check


def each(*checks: Check) -> Check:
    """Every element of an array, or every value of a table, passes ``checks``."""
    def check(value: tuple[Any, ...] | dict[Any, Any]) -> None:
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            for one in checks:
                try:
                    one(item)
                except Fault as fault:
                    raise fault.under(key) from None
    return check


def keys(names: Iterable[str], exactly: bool = True) -> Check:
    """A table whose keys are ``names``: every one of them (when ``exactly``), and no other."""
    wanted = tuple(names)

    def check(value: dict[Any, Any]) -> None:
        for name in wanted if exactly else ():
            if name not in value:
                misspelt = misspelling(name, [str(k) for k in value if k not in wanted])
                raise misspelt if misspelt is not None else Fault("is missing", (name,), missing=True)
        for name in value:
            if name not in wanted:
                raise Fault(f"unexpected entry {name!r} (expected {', '.join(map(str, wanted))})", (name,))
    return check


def misspelling(missing: str, strays: Iterable[str]) -> Fault | None:
    """The fault of a stray key spelled almost like the ``missing`` one (None when none is): the stray is
    then the mistake, told at its own line, rather than the missing key."""
    close = difflib.get_close_matches(missing, list(strays), n=1, cutoff=0.8)
    if not close:
        return None
    return Fault(f"unexpected entry {close[0]!r}: is it a misspelling of {missing!r}, which is missing?", (close[0],))


def sums_to(total: int, what: str) -> Check:
    def check(value: dict[Any, Any]) -> None:
        if sum(value.values()) != total:
            raise Fault(f"the {what} add up to {sum(value.values())}, not {total}")
    return check


# --------------------------------------------------------------------------- the converter
def _whole(value: Any, _: Any = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Fault(f"should be a whole number, not {kind(value)} {value!r}")
    _not_absurd(value)
    return value


def _number(value: Any, _: Any = None) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Fault(f"should be a number, not {kind(value)} {value!r}")
    if not math.isfinite(value):
        raise Fault(f"should be a finite number, not {value}")
    _not_absurd(value)
    return value


def _not_absurd(value: float) -> None:
    if abs(value) > LARGEST:
        shown = f"{value:.3g}" if isinstance(value, float) else f"a {len(str(abs(value)))}-digit number"
        raise Fault(f"is {shown}, far beyond any number of the game")


def _text(value: Any, _: Any = None) -> str:
    if not isinstance(value, str):
        raise Fault(f"should be text, not {kind(value)} {value!r}")
    return value


def _flag(value: Any, _: Any = None) -> bool:
    if not isinstance(value, bool):
        raise Fault(f"should be true or false, not {kind(value)} {value!r}")
    return value


def _pair(value: Any, _: Any = None) -> tuple[int, int]:
    """``[a, b]``: two whole numbers (a position, a strategy pair)."""
    _require(value, list, "an array")
    if len(value) != 2:
        raise Fault(f"should have 2 entries, has {len(value)}")
    return (_at(0, _whole, value[0]), _at(1, _whole, value[1]))


def _at(index: Any, hook: Callable[[Any], Any], value: Any) -> Any:
    try:
        return hook(value)
    except Fault as fault:
        raise fault.under(index) from None


def _require(value: Any, type_: type, what: str) -> None:
    if not isinstance(value, type_):
        raise Fault(f"should be {what}, not {kind(value)}")


# Which members of an enum a data file may name (Side.NONE is the engine's, never a unit's).
_ENUM_CHOICES: dict[type, tuple[StrEnum, ...]] = {Side: SIDES}


def _enum(cl: type[StrEnum]) -> Callable[[Any, Any], StrEnum]:
    choices = _ENUM_CHOICES.get(cl, tuple(cl))

    def structure(value: Any, _: Any = None) -> StrEnum:
        one_of(choices)(_text(value))
        return cl(value)
    return structure


def _guarded(make: Callable[[Any, cattrs.Converter], Callable[..., Any]], type_: type,
             what: str) -> Callable[[Any, cattrs.Converter], Callable[[Any, Any], Any]]:
    """A hook factory: cattrs' own hook, once the value is of the right kind (a table, an array)."""
    def factory(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
        inner = make(t, conv)

        def structure(value: Any, cl: Any) -> Any:
            _require(value, type_, what)
            return inner(value, cl)
        return structure
    return factory


def _is_homogenous_tuple(t: Any) -> bool:
    args = get_args(t)
    return get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_dict(t: Any) -> bool:
    origin: object = get_origin(t)  # (typeshed's overloads type it by what ``t`` might be, which is anything)
    return origin is dict


def make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _whole)
    conv.register_structure_hook(float, lambda v, _: float(_number(v)))  # a house rule's number is a float
    conv.register_structure_hook_func(lambda t: t == Number, _number)
    conv.register_structure_hook(str, _text)
    conv.register_structure_hook(bool, _flag)
    conv.register_structure_hook_func(lambda t: t == tuple[int, int], _pair)
    for enum in (Side, Nation, Terrain, Weather, Infiltration, FuelClass):  # by class: a hook for str would take them
        conv.register_structure_hook(enum, _enum(enum))
    conv.register_structure_hook_factory(_is_homogenous_tuple,
                                         _guarded(homogenous_tuple_structure_factory, list, "an array"))
    conv.register_structure_hook_factory(_is_dict, _guarded(mapping_structure_factory, dict, "a table"))
    conv.register_structure_hook_factory(attrs.has, _guarded(make_dict_structure_fn, dict, "a table"))
    return conv


converter = make_converter()


def forget_generated_hooks() -> None:
    """Drop the structuring functions cattrs generated for the data's classes (half a megabyte of code, used
    once per load: benchmarks/perf.py); the next load generates them again. Through cattrs' own dispatch cache,
    a private attribute: should a later cattrs rename it, nothing is dropped and nothing else changes."""
    dispatch = getattr(converter, "_structure_func", None)
    clear = getattr(dispatch, "clear_cache", None)
    if callable(clear):
        clear()
