"""One equality, hash and repr for all the program's attrs classes.

attrs writes the source of an ``__eq__``, a ``__repr__`` and (for a frozen class) a ``__hash__`` for
every class it makes, and compiles it: with some 170 classes (the data's models, the actions, prompts,
events, results and the state) that code was 1.6 MB of the game's peak memory, an eighth of what the
game adds to a bare Textual app (benchmarks/perf.py). So the classes are made with
``@attrs.frozen(repr=False, eq=False)`` (or ``attrs.define``, for a record that changes) and take these
methods from a base instead: ``FrozenRecord`` or ``Record``. They compare, hash and print as attrs' own
do: equal when of the same class and equal field by field (the fields attrs compares: ``eq=True``), a
frozen record hashable by those fields and a changing one unhashable, printed as ``Name(field=value, ...)``
(the fields with ``repr=True``). tests/test_records.py holds them to attrs' own.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from operator import attrgetter, eq
from typing import Any, ClassVar

import attrs

Key = Callable[[object], tuple[Any, ...]]

_KEYS: dict[type, Key] = {}  # a class -> its compared fields' values, as one tuple
_SHOWN: dict[type, tuple[str, tuple[str, ...]]] = {}  # a class -> its name and the fields its repr shows


def _key(cls: type) -> Key:
    """The values of the fields attrs would compare, as a tuple."""
    key = _KEYS.get(cls)
    if key is None:
        names = tuple(a.name for a in attrs.fields(cls) if a.eq)
        if not names:
            key = _no_fields
        elif len(names) == 1:
            get = attrgetter(names[0])
            key = lambda record: (get(record),)  # noqa: E731 (attrgetter of one name gives the value, not a tuple)
        else:
            key = attrgetter(*names)
        _KEYS[cls] = key
    return key


def _no_fields(record: object) -> tuple[Any, ...]:
    return ()


class Record:
    """The base of an attrs class made with ``repr=False, eq=False``: attrs' equality and repr, shared."""
    __slots__ = ()
    __attrs_attrs__: ClassVar[Any]  # (an attrs class's, set by attrs)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = _key(self.__class__)
        return all(map(eq, key(self), key(other)))  # field by field, as attrs compares (not as a tuple: nan != nan)

    __hash__ = None  # type: ignore[assignment]  # (a record that changes is not hashable, as attrs makes it)

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        cls = self.__class__
        shown = _SHOWN.get(cls)
        if shown is None:
            shown = _SHOWN[cls] = (cls.__qualname__.rsplit(">.", 1)[-1],
                                   tuple(a.name for a in attrs.fields(cls) if a.repr))
        name, fields = shown
        values = ", ".join(f"{field}={getattr(self, field, attrs.NOTHING)!r}" for field in fields)
        return f"{name}({values})"


class FrozenRecord(Record):
    """The base of a frozen attrs class made with ``repr=False, eq=False``: hashable by its compared fields."""
    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash((self.__class__, *_key(self.__class__)(self)))
