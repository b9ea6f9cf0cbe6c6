"""Actions: a player's answers to the engine's prompts, small frozen values."""

from __future__ import annotations

from functools import cache
from typing import TypeVar

import attrs

from .records import FrozenRecord


@attrs.frozen(repr=False, eq=False)
class Action(FrozenRecord):
    @property
    def name(self) -> str:
        return type(self).__name__


@attrs.frozen(repr=False, eq=False)
class Answer(Action):
    """A keyed answer to a question: "Y"/"N", a digit, or an option letter."""
    choice: str


@attrs.frozen(repr=False, eq=False)
class Allocate(Action):
    """Next turn's transport, in percent; the four must add up to 100."""
    fuel: int
    general: int
    combat: int
    amphibious: int

    def as_dict(self) -> dict[str, int]:
        return {"fuel": self.fuel, "general": self.general, "combat": self.combat, "amphibious": self.amphibious}


@attrs.frozen(repr=False, eq=False)
class Interdict(Action):
    """Air points flown on interdiction this turn."""
    air_points: int


@attrs.frozen(repr=False, eq=False)
class Move(Action):
    unit: str
    direction: int


@attrs.frozen(repr=False, eq=False)
class FinishUnit(Action):
    """F: this unit is done for now (in movement), or does not advance (after combat)."""
    unit: str


@attrs.frozen(repr=False, eq=False)
class ChooseUnit(Action):
    """In movement: move this unit next, out of the turn's order (any unit of the side that can still move).
    Once it is finished the order goes on from the unit that was asked about."""
    unit: str


@attrs.frozen(repr=False, eq=False)
class EndPhase(Action):
    """E: end the whole movement or combat phase."""


@attrs.frozen(repr=False, eq=False)
class Support(Action):
    """Naval and air points for this combat."""
    naval: int
    air: int


@attrs.frozen(repr=False, eq=False)
class ChooseStrategy(Action):
    level: int


@attrs.frozen(repr=False, eq=False)
class Retreat(Action):
    direction: int


@attrs.frozen(repr=False, eq=False)
class HoldGround(Action):
    """F when asked to retreat: refuse, at the cost of more casualties."""


@attrs.frozen(repr=False, eq=False)
class Advance(Action):
    unit: str
    direction: int


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (Answer, Allocate, Interdict, Move, FinishUnit, ChooseUnit, EndPhase, Support, ChooseStrategy, Retreat,
                HoldGround, Advance)
}


FIELD_TYPES: dict[str, type] = {"int": int, "str": str}  # an action's fields, as annotated above
TYPE_WORDS = {int: "a whole number", str: "text"}


def wrong_type(action: Action) -> str | None:
    """What is wrong with an action whose field holds a value of another type than the field's own, or None.
    Such an action can equal a legal one (2.0 == 2, True == 1) and would carry its float or bool into the state
    and the saves, where the rules' tables and the save's reader expect whole numbers: the game refuses it."""
    cls: type = type(action)  # (a class is hashable, whatever its instances are)
    for name, kind in _field_types(cls):
        value = getattr(action, name)
        if type(value) is not kind:
            return f"its {name} must be {TYPE_WORDS[kind]}, not {type(value).__name__}"
    return None


@cache
def _field_types(cls: type) -> tuple[tuple[str, type], ...]:
    """(name, type) of each of an action class's fields that is a whole number or text (worked out once a class)."""
    fields = ((f.name, f.type if isinstance(f.type, type) else FIELD_TYPES.get(str(f.type))) for f in attrs.fields(cls))
    return tuple((name, kind) for name, kind in fields if kind in TYPE_WORDS)


def shown(action: object, limit: int = 160) -> str:
    """An action as a message shows it: its repr, cut short (an answer may be a million characters long), and
    never failing (Python refuses to print a whole number of more than 4,300 digits)."""
    try:
        text = repr(action)
    except ValueError:
        text = f"{type(action).__name__}(...)"
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


_Kind = TypeVar("_Kind", bound=Action)


def expect(action: Action, kind: type[_Kind]) -> _Kind:
    """``action`` as the kind of answer the question in hand takes: a rule's step that takes one kind
    only sees that kind, since Game.apply lets through only the legal answers."""
    if not isinstance(action, kind):
        raise AssertionError(f"{action!r} is not a {kind.__name__}")
    return action
