"""What a computer player is, and the base every shipped player is written on.

A player is anything with a ``side`` and ``choose(game) -> Action`` that answers ``game.prompt`` with
one of ``game.legal_actions()`` (``Player``). The shipped players are ``ComputerPlayer``s:

- ``answer(game)`` looks at the prompt once (one ``match``) and hands it to the hook for its kind
  (``on_move``, ``on_defender``, ...). Every hook has a safe default, the answer of a player who does
  as little as the rules allow: the "pass" player is the base with no hook overridden. A player
  overrides the hooks for the questions it has an opinion on.
- ``choose(game)`` is the one place a player's failure is caught in play. An exception inside
  ``answer``, or an answer that is not legal, is a bug: the game goes on with a safe answer
  (``common.safe_action``), the failure is counted in ``failures`` and logged (the logger
  "overlord.ai"), and ``overlord simulate`` and ``tournament`` report the counts. Under the tests
  (pytest sets PYTEST_CURRENT_TEST) and with ``OVERLORD_STRICT_PLAYERS=1`` it is raised instead, so
  that a bug cannot hide behind the safe answer; ``OVERLORD_STRICT_PLAYERS=0`` turns that off.

A player made of other players (the Allied commander plays a plan's player, the searching German a
posture's, and both play their models on copies of the game) calls their ``answer``, never their
``choose``: a failure anywhere inside goes up to the one guard of the player the game asked.
"""

from __future__ import annotations

import logging
import os
from typing import Any, Callable, ClassVar, Protocol

import attrs

from ..engine.actions import (Action, Allocate, Answer, ChooseStrategy, EndPhase, FinishUnit, HoldGround, Interdict,
                              Move, Retreat, Support)
from ..engine.data import LEVELS
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, AttackerPrompt, DefenderPrompt, DropZonePrompt,
                              InterdictionPrompt, MovePrompt, QuestionPrompt, RetreatPrompt, StrategyPrompt,
                              SupportPrompt)
from ..engine.hexgrid import Hex, direction_to
from ..engine.view import position_of, step_refused
from ..engine.records import FrozenRecord
from .common import MovePlanner, safe_action, yes
from .explain import describe, destination_words, goal_worth, leaving_words, place

log = logging.getLogger("overlord.ai")
log.addHandler(logging.NullHandler())  # a library logs; the program that runs it says where to

STRICT = "OVERLORD_STRICT_PLAYERS"  # "1": a player's failure is raised; "0": caught; unset: raised under pytest
MIDDLE_LEVEL = (LEVELS + 1) // 2  # the default level: the middle of the Strategy Level chart's 1-9


class Player(Protocol):
    """A computer player: it answers the prompt of ``game`` for its side with one of the legal actions."""

    side: str

    def choose(self, game: Game) -> Action: ...


Memory = dict[int, Any]  # what a player asked for advice decided at each turn (by the turn's index): ComputerPlayer.advise
PlayerMaker = Callable[[str, int], Player]  # (side, seed) -> a player: what the registry holds for each name


class IllegalAnswer(ValueError):
    """A player answered with an action the prompt does not allow."""


@attrs.frozen(repr=False, eq=False)
class Failure(FrozenRecord):
    """A prompt a player failed to answer: when, what was asked, and what went wrong."""

    turn: str
    prompt: str
    error: str


def strict_players() -> bool:
    """Whether a player's failure is raised rather than answered for (see the module's docstring)."""
    setting = os.environ.get(STRICT)
    if setting is not None:
        return setting != "0"
    return "PYTEST_CURRENT_TEST" in os.environ


class ComputerPlayer:
    """The base of every shipped computer player: one dispatch on the prompt, a hook with a safe default for
    each kind of prompt, and the one guard against a failure (``choose``)."""

    name = ""  # its name in the registry (overlord.ai.make_player)
    sides: ClassVar[tuple[Side, ...]] = (Side.ALLIED, Side.GERMAN)  # the sides it can play
    # whether its turn's decision follows its decisions of the turns before (a posture kept unless another is
    # clearly better): advice then works those out first (overlord.ai.advice.remember_earlier_turns)
    remembers_turns: ClassVar[bool] = False

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.seed = seed
        self.failures: list[Failure] = []

    def choose(self, game: Game) -> Action:
        """A legal answer to ``game.prompt``, whatever happens in ``answer``: the one place a failure is
        caught (or raised, under the tests and with OVERLORD_STRICT_PLAYERS=1)."""
        try:
            action = self.answer(game)
        except Exception as error:  # a bug in the player: counted, logged, raised when strict (above)
            return self.failed(game, error)
        if not game.is_legal(action):
            return self.failed(game, IllegalAnswer(f"{action!r} is not a legal answer to {game.prompt!r}"))
        return action

    def failed(self, game: Game, error: Exception) -> Action:
        """Record a failure and answer safely; raise it instead when players are strict."""
        if strict_players():
            raise error
        failure = Failure(game.turn_label, game.prompt.kind, f"{type(error).__name__}: {error}")
        self.failures.append(failure)
        log.warning("computer player %r (%s) failed at %s, %s: %s; it answers safely", self.name, self.side,
                    failure.turn, failure.prompt, failure.error, exc_info=error)
        return safe_action(game)

    # ------------------------------------------------------------------ advice
    def advise(self, game: Game, memory: Memory | None = None, start: Game | None = None) -> tuple[Action, str]:
        """What it would answer here, and why in a line or two, for a player asking for advice (the hint key,
        ``overlord advise``: overlord/ai/advice.py). Asked of a player made for the question, on a copy of the
        game: it first decides what it decides at the start of its turn (``take_stock``, on ``start``, the game
        as its turn began, when given), then answers. ``memory``, kept by the caller between the questions of one
        game, holds those decisions, so that the advice of one turn follows one plan."""
        self.take_stock(game if start is None else start, {} if memory is None else memory)
        action = self.choose(game)
        return action, self.explain(game, action)

    def take_stock(self, game: Game, memory: Memory) -> None:
        """Before advising on a position it has not been playing: decide what it would have decided at the start
        of its turn (its plan, its posture), or take what ``memory`` says it decided this turn, and note it
        there. Nothing, by default."""

    def explain(self, game: Game, action: Action) -> str:
        """Why it chose ``action`` (just chosen by ``choose`` on ``game``): by default, what the action does, in the
        game's words."""
        return describe(game, action)

    def answer(self, game: Game) -> Action:
        """The answer to the prompt, from its hook (no guard: see ``choose``)."""
        match game.prompt:
            case QuestionPrompt() as p:
                return self.on_question(game, p)
            case DropZonePrompt() as p:
                return self.on_drop_zone(game, p)
            case AllocationPrompt() as p:
                return self.on_allocation(game, p)
            case InterdictionPrompt() as p:
                return self.on_interdiction(game, p)
            case MovePrompt() as p:
                return self.on_move(game, p)
            case DefenderPrompt() as p:
                return self.on_defender(game, p)
            case AttackerPrompt() as p:
                return self.on_attacker(game, p)
            case SupportPrompt() as p:
                return self.on_support(game, p)
            case StrategyPrompt() as p:
                return self.on_strategy(game, p)
            case RetreatPrompt() as p:
                return self.on_retreat(game, p)
            case AdvancePrompt() as p:
                return self.on_advance(game, p)
        return safe_action(game)  # a prompt of a rule written after the players: its default

    # ------------------------------------------------------------------ the hooks and their safe defaults
    def on_question(self, game: Game, prompt: QuestionPrompt) -> Action:
        return Answer(prompt.default)  # what Enter takes in the game

    def on_drop_zone(self, game: Game, prompt: DropZonePrompt) -> Action:
        return Answer("Y")  # the first zone offered: the planners' own

    def on_allocation(self, game: Game, prompt: AllocationPrompt) -> Action:
        return Allocate(**prompt.suggested.as_dict())  # the Suggested Transport Allocation chart's

    def on_interdiction(self, game: Game, prompt: InterdictionPrompt) -> Action:
        return Interdict(0)

    def on_move(self, game: Game, prompt: MovePrompt) -> Action:
        return EndPhase()  # nobody moves

    def on_defender(self, game: Game, prompt: DefenderPrompt) -> Action:
        return EndPhase()  # nobody attacks

    def on_attacker(self, game: Game, prompt: AttackerPrompt) -> Action:
        return Answer("Y")  # the attack was chosen: every unit offered joins it

    def on_support(self, game: Game, prompt: SupportPrompt) -> Action:
        return Support(0, 0)

    def on_strategy(self, game: Game, prompt: StrategyPrompt) -> Action:
        return ChooseStrategy(min(MIDDLE_LEVEL, prompt.max_level))

    def on_retreat(self, game: Game, prompt: RetreatPrompt) -> Action:
        return Retreat(prompt.directions[0]) if prompt.directions else HoldGround()

    def on_advance(self, game: Game, prompt: AdvancePrompt) -> Action:
        return FinishUnit(prompt.unit)  # stay


Maker = Callable[[str, int], "ComputerPlayer"]  # (side, seed) -> a shipped player: a searcher's postures and models


class ScriptedPlayer(ComputerPlayer):
    """The base of the players that move unit by unit and fight by rules of thumb (the scripted Allied and its
    plans, the classic German, the German scripts): each unit's move planned once a phase by ``plan_move``
    and walked step by step (common.MovePlanner), after ``start_phase`` has read the board; attacks chosen by
    ``worth_attacking``, levels by ``attack_level`` and ``defence_level``, advances by ``advance``. Each of
    these has the base's safe answer until a player says better."""

    tired = 80  # fatigue: a unit this tired does not join an attack (unless no other is chosen yet)

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        self.mover = MovePlanner()

    def on_move(self, game: Game, prompt: MovePrompt) -> Action:
        if self.mover.reset_if_new_phase(game):
            self.start_phase(game)
        return self.mover.next_step(game, prompt, self.plan_move)

    def on_defender(self, game: Game, prompt: DefenderPrompt) -> Action:
        return yes(self.worth_attacking(game, prompt))

    def on_attacker(self, game: Game, prompt: AttackerPrompt) -> Action:
        return yes(game.unit(prompt.attacker).fatigue < self.tired or not prompt.chosen)

    def on_strategy(self, game: Game, prompt: StrategyPrompt) -> Action:
        attacking = prompt.role == "attack"
        return ChooseStrategy(self.attack_level(game, prompt) if attacking else self.defence_level(game, prompt))

    def on_advance(self, game: Game, prompt: AdvancePrompt) -> Action:
        return self.advance(game, prompt)

    # ------------------------------------------------------------------ what a scripted player decides
    def start_phase(self, game: Game) -> None:
        """Read the board at the start of a movement phase (nothing to read, by default)."""

    def plan_move(self, game: Game, uid: str) -> list[Hex]:
        """The positions ``uid`` moves through this phase ([]: it stays)."""
        return []

    def worth_attacking(self, game: Game, prompt: DefenderPrompt) -> bool:
        return False

    def attack_level(self, game: Game, prompt: StrategyPrompt) -> int:
        return min(MIDDLE_LEVEL, prompt.max_level)

    def defence_level(self, game: Game, prompt: StrategyPrompt) -> int:
        return min(MIDDLE_LEVEL, prompt.max_level)

    def advance(self, game: Game, prompt: AdvancePrompt) -> Action:
        return FinishUnit(prompt.unit)  # stay

    def explain(self, game: Game, action: Action) -> str:
        """A move's reason says where the unit is heading this phase (the rest of its planned path) and what it
        scores there."""
        said = super().explain(game, action)
        if isinstance(action, FinishUnit) and isinstance(game.prompt, MovePrompt):
            here = game.unit(action.unit).position
            worth = goal_worth(game, action.unit, here) if here is not None else ""
            if worth:
                said = f"{said} It stands on {worth}."
            wanted = self.mover.cut_short.get(action.unit)
            if wanted is not None and here is not None:  # (its hint a step before said it would go on)
                said = f"{said} {cut_short_words(game, action.unit, position_of(game.unit(action.unit)), wanted)}"
        if isinstance(action, Move):
            path = self.mover.paths.get(action.unit) or []
            for more in (destination_words(game, action.unit, action.direction, path),
                         leaving_words(game, action.unit, action.direction, path)):
                if more:
                    said = f"{said} {more}"
        return said


def cut_short_words(game: Game, uid: str, here: Hex, wanted: Hex) -> str:
    """Why a unit stops short of the path it was planned ("1 more step planned" came before "Finish")."""
    step = direction_to(here, wanted)
    why = step_refused(game, uid, step) if step is not None else None
    return f"Its path went on to {place(game, wanted)}, {f'but {why}' if why else 'which is not open to it now'}."


def failure_count(player: Player) -> int:
    """How many prompts a player failed to answer (0 for a player that does not keep count)."""
    return len(player.failures) if isinstance(player, ComputerPlayer) else 0
