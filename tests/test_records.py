"""The records' shared equality, hash and repr (overlord/engine/records.py) behave as attrs' own would, and
every attrs class of the program takes them rather than attrs' generated ones (which cost memory)."""

from __future__ import annotations

import copy
import importlib
import math
import pickle
import pkgutil

import attrs
import cattrs
import pytest

import overlord
from overlord.engine.records import FrozenRecord, Record


@attrs.frozen
class AttrsFrozen:
    a: int
    b: float = 0.0
    c: tuple[int, ...] = ()
    note: str = attrs.field(default="", eq=False)
    cache: dict[str, int] = attrs.field(factory=dict, eq=False, repr=False)


@attrs.frozen(repr=False, eq=False)
class OursFrozen(FrozenRecord):
    a: int
    b: float = 0.0
    c: tuple[int, ...] = ()
    note: str = attrs.field(default="", eq=False)
    cache: dict[str, int] = attrs.field(factory=dict, eq=False, repr=False)


@attrs.define
class AttrsChanging:
    x: int
    items: list[int] = attrs.field(factory=list)


@attrs.define(repr=False, eq=False)
class OursChanging(Record):
    x: int
    items: list[int] = attrs.field(factory=list)


@attrs.frozen(repr=False, eq=False)
class OneField(FrozenRecord):
    only: float


@attrs.frozen(repr=False, eq=False)
class NoFields(FrozenRecord):
    pass


@attrs.frozen(repr=False, eq=False)
class Child(OursFrozen):
    d: int = 0


SAMPLES = [dict(a=1), dict(a=1, b=2.5, c=(1, 2)), dict(a=1, note="other"), dict(a=2, b=math.nan),
           dict(a=1, cache={"k": 1})]


@pytest.mark.parametrize("left", SAMPLES)
@pytest.mark.parametrize("right", SAMPLES)
def test_a_frozen_record_compares_and_hashes_as_attrs_would(left, right):
    ours, theirs = (OursFrozen(**left), OursFrozen(**right)), (AttrsFrozen(**left), AttrsFrozen(**right))
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    assert (ours[0] != ours[1]) == (theirs[0] != theirs[1])
    if ours[0] == ours[1]:
        assert hash(ours[0]) == hash(ours[1])


def test_fields_are_compared_one_by_one_as_attrs_compares_them():
    nan = math.nan  # (the same object: a tuple of it would be equal to itself, a field by field comparison not)
    assert OursFrozen(1, nan) != OursFrozen(1, nan) and AttrsFrozen(1, nan) != AttrsFrozen(1, nan)
    assert OneField(nan) != OneField(nan)
    assert OneField(1.0) != OneField(2.0) and OneField(1.0) == OneField(1.0)
    assert NoFields() == NoFields() and hash(NoFields()) == hash(NoFields())


def test_records_of_different_classes_are_never_equal():
    assert OursFrozen(1) != Child(1)  # a subclass with the same fields so far
    assert OursFrozen(1).__eq__(AttrsFrozen(1)) is NotImplemented
    assert OursFrozen(1) != (1, 0.0, ())


def test_the_repr_is_attrs_own():
    for kwargs in SAMPLES:
        assert repr(OursFrozen(**kwargs)).replace("OursFrozen", "X") == repr(AttrsFrozen(**kwargs)).replace(
            "AttrsFrozen", "X")
    assert repr(OursChanging(3, [1])) == "OursChanging(x=3, items=[1])"
    assert repr(Child(1, d=4)) == "Child(a=1, b=0.0, c=(), note='', d=4)"


def test_a_record_that_changes_compares_by_value_and_is_not_hashable():
    one, same = OursChanging(1, [2]), OursChanging(1, [2])
    assert one == same and AttrsChanging(1, [2]) == AttrsChanging(1, [2])
    same.items.append(3)
    assert one != same
    with pytest.raises(TypeError):
        hash(one)
    with pytest.raises(TypeError):
        hash(AttrsChanging(1))


def test_a_record_that_holds_itself_prints():
    loop = OursChanging(1)
    loop.items.append(loop)  # type: ignore[arg-type]
    assert repr(loop) == "OursChanging(x=1, items=[...])"


def program_modules():
    for info in pkgutil.walk_packages(overlord.__path__, "overlord."):
        if info.name.startswith("overlord._data") or info.name == "overlord.__main__":  # (__main__ plays)
            continue
        yield importlib.import_module(info.name)


def test_every_attrs_class_of_the_program_takes_the_shared_methods():
    generated = []
    for module in program_modules():
        for cls in vars(module).values():
            if not (isinstance(cls, type) and attrs.has(cls) and cls.__module__ == module.__name__):
                continue
            if issubclass(cls, Record):
                own = [name for name in ("__eq__", "__repr__", "__hash__") if name in vars(cls)]
                if own:
                    generated.append(f"{module.__name__}.{cls.__name__} makes its own {', '.join(own)}")
            elif cls.__eq__ is not object.__eq__:  # (an identity-compared class made with eq=False is fine)
                generated.append(f"{module.__name__}.{cls.__name__} is not a Record")
    assert not generated, "made with attrs' own methods (use repr=False, eq=False and a Record base): " + \
        "; ".join(generated)


@attrs.frozen(repr=False, eq=False)
class Checked(FrozenRecord):
    count: int = attrs.field(converter=int, validator=attrs.validators.ge(0))
    names: tuple[str, ...] = attrs.field(factory=tuple)
    label: str = attrs.field(default="none", kw_only=True)


def test_a_records_fields_are_a_plain_tuple_of_attrs_own():
    for ours, theirs in ((OursFrozen, AttrsFrozen), (OursChanging, AttrsChanging)):
        assert type(attrs.fields(ours)) is tuple
        assert [(a.name, a.eq, a.repr) for a in attrs.fields(ours)] == \
            [(a.name, a.eq, a.repr) for a in attrs.fields(theirs)]
    assert [a.name for a in attrs.fields(Child)] == [a.name for a in attrs.fields(OursFrozen)] + ["d"]


def test_a_records_init_keeps_only_the_names_it_reads():
    for cls in (OursFrozen, OursChanging, Checked, Child, OneField):
        init = cls.__init__
        assert set(init.__globals__) <= {*init.__code__.co_names, "__builtins__"}
        assert init.__qualname__ == f"{cls.__qualname__}.__init__" and init.__module__ == cls.__module__
    assert "pytest" not in Checked.__init__.__globals__  # (attrs' own gets the module's whole namespace)


def test_a_record_is_made_checked_converted_copied_and_structured_as_before():
    made = Checked("3", label="x")
    assert (made.count, made.names, made.label) == (3, (), "x")
    with pytest.raises(ValueError):
        Checked(-1)
    with pytest.raises(TypeError):
        Checked(1, (), "positional")  # (label is keyword-only)
    assert attrs.evolve(made, count=4) == Checked(4, label="x")
    assert copy.deepcopy(made) == made and pickle.loads(pickle.dumps(made)) == made
    converter = cattrs.Converter()
    assert converter.structure(converter.unstructure(made), Checked) == made
    assert Child(1, d=2).d == 2 and OursChanging(1).items == []
