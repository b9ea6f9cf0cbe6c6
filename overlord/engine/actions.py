"""Actions: a player's answers to the engine's prompts, small frozen values."""

from __future__ import annotations

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


_Kind = TypeVar("_Kind", bound=Action)


def expect(action: Action, kind: type[_Kind]) -> _Kind:
    """``action`` as the kind of answer the question in hand takes: a rule's step that takes one kind
    only sees that kind, since Game.apply lets through only the legal answers."""
    if not isinstance(action, kind):
        raise AssertionError(f"{action!r} is not a {kind.__name__}")
    return action
