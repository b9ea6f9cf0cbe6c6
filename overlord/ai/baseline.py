"""Baseline players for measuring the real ones: "pass" and "random"."""

from __future__ import annotations

from ..engine.actions import (Action, Allocate, Answer, ChooseStrategy, EndPhase, FinishUnit, HoldGround, Interdict,
                              Retreat, Support)
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, DefenderPrompt, DropZonePrompt, InterdictionPrompt,
                              MovePrompt, QuestionPrompt, RetreatPrompt, StrategyPrompt, SupportPrompt)
from ..engine.rng import Rng, seed_state


class PassPlayer:
    """Does as little as the rules allow: ends every phase, takes every default."""

    name = "pass"

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side

    def choose(self, game: Game) -> Action:
        p = game.prompt
        if isinstance(p, QuestionPrompt):
            return Answer(p.default)
        if isinstance(p, DropZonePrompt):
            return Answer("Y")
        if isinstance(p, AllocationPrompt):
            return Allocate(**p.suggested.as_dict())
        if isinstance(p, InterdictionPrompt):
            return Interdict(0)
        if isinstance(p, DefenderPrompt):
            return EndPhase()
        if isinstance(p, SupportPrompt):
            return Support(0, 0)
        if isinstance(p, StrategyPrompt):
            return ChooseStrategy(min(5, p.max_level))
        if isinstance(p, RetreatPrompt):
            return Retreat(p.directions[0]) if p.directions else HoldGround()
        if isinstance(p, AdvancePrompt):
            return FinishUnit(p.unit)
        legal = game.legal_actions()
        return EndPhase() if EndPhase() in legal else legal[0]


class RandomPlayer:
    """Seeded random legal actions (its own generator, never the game's)."""

    name = "random"

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.rng = Rng(seed_state(seed * 7919 + (1 if side == Side.ALLIED else 2)))

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if isinstance(game.prompt, MovePrompt):
            # the 1981 answers only (movement's legal actions keep them apart, as in_turn), not the choice of
            # another unit: its games stay those it always played
            legal = legal.in_turn  # type: ignore[attr-defined]  # a MoveChoices (engine.movement's, not public)
        return legal[self.rng.randint(0, len(legal) - 1)]
