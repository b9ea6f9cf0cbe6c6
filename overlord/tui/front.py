"""What the game's screens ask of the app that shows them, and the messages they post to it.

The screens never import the app (an import contract keeps it so): a screen is given, when it is made, the
session it shows and a ``Front`` (the app, seen through what a screen may ask of it), and posts a message for
what the app decides (hurry the computer, go on with the game, who commands a computer side, the title's menu).
An answer to the question goes through ``Front.answer`` at once rather than as a message: the next key must be
read against the question it answers (a key typed ahead while an answer waits in a queue would be checked
against the question before).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from textual.message import Message

if TYPE_CHECKING:
    from textual.worker import Worker

    from ..ai.advice import Advice
    from ..engine.actions import Action
    from ..engine.events import Event
    from ..session import Session


@dataclass
class Hint:
    """A hint being thought (in a worker) or thought, for one position of one session's game (the hint key)."""
    session: Session
    at: int  # the number of actions played when it was asked: the position it is about
    side: str
    player: str  # the computer player asked
    worker: Worker[Advice | Exception] | None = None
    done: bool = False
    advice: object = None  # the Advice, or the exception that stopped it (session.hint)


class Front(Protocol):
    """What the game's screens (the set-up and the game) read of the app showing them, and how they answer."""

    def accepting(self) -> bool:
        """May the person at the keyboard answer the prompt now?"""

    def computer_moving(self) -> bool:
        """Is the game answering by itself now (any key then hurries it)?"""

    def fighting_on(self) -> bool:
        """Is a landing being fought on by the Allied player's order (R stops it)?"""

    def thinking_for(self) -> float | None:
        """For how long the computer has been thinking, once it is long enough to be said."""

    def answer(self, action: Action) -> list[Event]:
        """The player's answer: played, shown, and the game goes on. Returns the events it caused ([] when it
        was refused: the screen has been told why)."""

    def ask_hint(self) -> str:
        """T: a hint asked for ("asked"), already in ("ready"), or given up ("cancelled")."""

    def hint_now(self) -> Hint | None:
        """The hint asked for the question being asked now, if one was."""

    def hint_ready(self) -> Advice | None:
        """The advice of the hint for the question being asked, once it is in."""


class HurryUp(Message):
    """A key pressed while the computer moves: no more display delay until the person is asked again."""


class GoOn(Message):
    """A standing order changed (fighting on stopped, the coastal answer given): the game goes on from here."""


class PlayerChosen(Message):
    """The set-up's answer to who commands the computer ``side``."""

    def __init__(self, side: str, name: str) -> None:
        super().__init__()
        self.side, self.name = side, name


class MenuChosen(Message):
    """The title's menu (or the final report's keys): "new", "load", "charts", "quit" or "title"."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what
