"""Baseline players for measuring the real ones: "pass" and "random"."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Action, EndPhase, FinishUnit, Move
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.prompts import MovePrompt
from ..engine.rng import Rng, seed_state
from .player import ComputerPlayer

SEED_MULTIPLIER = 7919  # a prime: the random players of nearby seeds draw unrelated answers
SIDE_SALT = {Side.ALLIED: 1, Side.GERMAN: 2}  # the two sides of one seed draw apart


class PassPlayer(ComputerPlayer):
    """Does as little as the rules allow: ends every phase, takes every default (the base's hooks)."""

    name = "pass"


class RandomPlayer(ComputerPlayer):
    """Seeded random legal actions (its own generator, never the game's)."""

    name = "random"

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        self.rng = Rng(seed_state(seed * SEED_MULTIPLIER + SIDE_SALT[Side(side)]))

    def answer(self, game: Game) -> Action:
        """Any legal answer, every one as likely (no hook: every prompt is the same to it)."""
        p = game.prompt
        legal: Sequence[Action] = game.legal_actions()
        if isinstance(p, MovePrompt):
            # the 1981 answers only (a step, F or E), not the choice of another unit: its games stay those
            # it always played
            legal = [Move(p.unit, d) for d in p.directions] + [FinishUnit(p.unit), EndPhase()]
        return legal[self.rng.randint(0, len(legal) - 1)]
