"""The Overlord rules engine: pure, deterministic, no screen and no clock.

The public API:

    from overlord.engine import Game, Settings
    game = Game.new(Settings(), seed=1)
    game.prompt; game.legal_actions(); game.apply(action)

Front ends read the board through Game's public methods and properties and call the
rules helpers gathered in ``overlord.engine.view`` (its docstring lists them).
docs/api.md is the contract: what scripts and players outside the project may use.
"""

from .actions import (Action, Advance, Allocate, Answer, ChooseStrategy, ChooseUnit, EndPhase, FinishUnit, HoldGround,
                      Interdict, Move, Retreat, Support)
from .data import DataError, GameData, load_data
from .game import Game, IllegalAction
from .settings import Ratings, Settings

__all__ = [
    "Action", "Advance", "Allocate", "Answer", "ChooseStrategy", "ChooseUnit", "DataError", "EndPhase", "FinishUnit",
    "Game", "GameData", "HoldGround", "IllegalAction", "Interdict", "Move", "Ratings", "Retreat", "Settings", "Support",
    "load_data",
]
