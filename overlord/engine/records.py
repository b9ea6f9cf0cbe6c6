"""One equality, hash and repr for all the program's attrs classes.

attrs writes the source of an ``__eq__``, a ``__repr__`` and (for a frozen class) a ``__hash__`` for
every class it makes, and compiles it: with some 170 classes (the data's models, the actions, prompts,
events, results and the state) that code was 1.1 MB of the game's peak memory (benchmarks/perf.py,
docs/performance.md). So the classes are made with ``@attrs.frozen(repr=False, eq=False)`` (or
``attrs.define``, for a record that changes) and take these methods from a base instead: ``FrozenRecord``
or ``Record``. They compare, hash and print as attrs' own do: equal when of the same class and equal field
by field (the fields attrs compares: ``eq=True``), a frozen record hashable by those fields and a changing
one unhashable, printed as ``Name(field=value, ...)`` (the fields with ``repr=True``).
tests/test_records.py holds them to attrs' own.
"""

from __future__ import annotations

import functools
import reprlib
from collections.abc import Callable
from operator import attrgetter, eq
from typing import Any, ClassVar

import attrs

Key = Callable[[object], tuple[Any, ...]]


def values_of(names: tuple[str, ...]) -> Key:
    """A function giving a record's values of the fields named, as a tuple whatever their number."""
    if not names:
        return _no_fields
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda record: (get(record),)  # (attrgetter of one name gives the value, not a tuple)
    return attrgetter(*names)


@functools.cache
def _key(cls: type) -> Key:
    """The values of the fields attrs would compare, as a tuple (worked out once a class)."""
    return values_of(tuple(a.name for a in attrs.fields(cls) if a.eq))


def _no_fields(record: object) -> tuple[Any, ...]:
    return ()


@functools.cache
def _shown(cls: type) -> tuple[str, tuple[str, ...]]:
    """A class's name as attrs prints it and the fields its repr shows (worked out once a class)."""
    return cls.__qualname__.rsplit(">.", 1)[-1], tuple(a.name for a in attrs.fields(cls) if a.repr)


class Record:
    """The base of an attrs class made with ``repr=False, eq=False``: attrs' equality and repr, shared."""
    __slots__ = ()
    __attrs_attrs__: ClassVar[Any]  # (an attrs class's, set by attrs)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        cls: type = self.__class__  # (a class is hashable, whatever its instances are)
        key = _key(cls)
        return all(map(eq, key(self), key(other)))  # field by field, as attrs compares (not as a tuple: nan != nan)

    __hash__ = None  # type: ignore[assignment]  # (a record that changes is not hashable, as attrs makes it)

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        cls: type = self.__class__
        name, fields = _shown(cls)
        values = ", ".join(f"{field}={getattr(self, field, attrs.NOTHING)!r}" for field in fields)
        return f"{name}({values})"


class FrozenRecord(Record):
    """The base of a frozen attrs class made with ``repr=False, eq=False``: hashable by its compared fields."""
    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        cls: type = self.__class__
        return hash((cls, *_key(cls)(self)))
