"""The phase handlers: what each phase that asks questions does, and the protocol they keep.

``Game`` owns the order of play (``Game._advance``); each phase that asks is
handled by a module with the four functions of ``PhaseHandler``. A handler
never moves the game on: its ``apply`` says when its phase is over and
``Game`` goes on from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from . import airborne, allocation, combat, interdiction, movement, setup
from .enums import Phase

if TYPE_CHECKING:
    from .actions import Action
    from .events import Event
    from .game import Game
    from .prompts import Prompt


# the prompt a handler asks and the action it takes: each handler's own kinds
P = TypeVar("P", bound="Prompt")
A = TypeVar("A", bound="Action")


class PhaseHandler(Protocol[P, A]):
    def begin(self, game: Game, events: list[Event], /) -> bool:
        """Set the phase up as it starts; True if it has something to ask. A phase with nothing
        to ask (False) is skipped and leaves no state of its own behind."""
        ...

    def prompt(self, game: Game, /) -> P:
        """The question the phase asks now."""
        ...

    def legal_actions(self, game: Game, prompt: P, /) -> Sequence[A]:
        """Every legal answer to ``prompt``."""
        ...

    def apply(self, game: Game, action: A, events: list[Event], /) -> bool:
        """Carry out a legal answer; True when that ends the phase (its own state cleared)."""
        ...


HANDLERS: dict[Phase, PhaseHandler[Any, Any]] = {
    Phase.QUESTIONS: setup,
    Phase.AIRBORNE: airborne,
    Phase.ALLOCATION: allocation,
    Phase.INTERDICTION: interdiction,
    Phase.ALLIED_MOVEMENT: movement,
    Phase.ALLIED_COMBAT: combat,
    Phase.GERMAN_MOVEMENT: movement,
    Phase.GERMAN_COMBAT: combat,
}
