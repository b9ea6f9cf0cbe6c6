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

Two more things attrs makes for each class are left out as the class is made (``Record.__init_subclass__``),
together 0.7 MB of the game's peak memory:
- the class of its ``__attrs_attrs__``, a tuple class with a property for each field, so that
  ``attrs.fields(C).name`` reads a field by name. The program only ever goes through the fields, so they are
  kept as a plain tuple, and the class with its properties is let go;
- the globals of its ``__init__``: attrs gives it a copy of the whole module's namespace (for
  ``typing.get_type_hints(C.__init__)``, which the program never asks). The same code is given just the names it
  reads.
"""

from __future__ import annotations

import functools
import reprlib
import types
from collections.abc import Callable
from operator import attrgetter, eq
from typing import Any, ClassVar

import attrs

Key = Callable[[object], tuple[Any, ...]]
ATTRS_GENERATED = "<attrs generated"  # how attrs names the source of the methods it writes


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


def _with_own_globals(init: types.FunctionType) -> types.FunctionType:
    """The same ``__init__`` with globals of its own: only the names its code reads."""
    module = init.__globals__
    own = {name: module[name] for name in init.__code__.co_names if name in module}
    own["__builtins__"] = module["__builtins__"]
    made = types.FunctionType(init.__code__, own, init.__name__, init.__defaults__, init.__closure__)
    made.__kwdefaults__, made.__annotations__ = init.__kwdefaults__, init.__annotations__
    made.__qualname__, made.__module__, made.__doc__ = init.__qualname__, init.__module__, init.__doc__
    return made


class Record:
    """The base of an attrs class made with ``repr=False, eq=False``: attrs' equality and repr, shared."""
    __slots__ = ()
    __attrs_attrs__: ClassVar[Any]  # (an attrs class's, set by attrs)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Leave out what attrs makes for each class that the program never uses (see the module's doc).

        attrs calls this as it makes the class it returns, with its methods and fields already in it."""
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("__attrs_attrs__")
        if fields is not None and type(fields) is not tuple:
            cls.__attrs_attrs__ = tuple(fields)
        init = cls.__dict__.get("__init__")
        if isinstance(init, types.FunctionType) and init.__code__.co_filename.startswith(ATTRS_GENERATED):
            cls.__init__ = _with_own_globals(init)  # type: ignore[method-assign]

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
