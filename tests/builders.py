"""Building constructed positions for rule tests."""

from __future__ import annotations

from overlord.engine.game import Game
from overlord.engine.settings import Settings
from overlord.engine.state import ASHORE, PENDING


def computer_settings(**kw) -> Settings:
    kw.setdefault("allied_player", "computer")
    kw.setdefault("german_player", "computer")
    return Settings(**kw)


def blank_game(turn: int = 2, seed: int = 1, **settings) -> Game:
    """A game at the start of ``turn`` with every unit taken off the map, for hand-built positions."""
    g = Game.new(computer_settings(**settings), seed=seed)
    g.state.turn = turn
    for uid, u in g.state.units.items():
        if u.status in (ASHORE, "afloat"):
            g.lift(uid)
            u.status, u.position = PENDING, None
            u.arrival = 99
    g._rebuild_index()
    return g


def put(g: Game, uid: str, hex_, **fields) -> None:
    """Put a unit ashore at ``hex_`` with optional state fields (cp, fatigue, ...)."""
    g.place(uid, tuple(hex_), ASHORE)
    for k, v in fields.items():
        setattr(g.unit(uid), k, v)
