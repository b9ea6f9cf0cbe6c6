"""Building constructed positions for rule tests.

A test may change the state as it likes (units, pools, the phase); after that it calls
``game.edited()``, the public way to tell the game its state was changed from outside the
rules, so that the board index, the prompt and the legal actions are worked out afresh.
``blank_game``, ``put`` and ``start_phase`` do it themselves.
"""

from __future__ import annotations

from overlord.engine.enums import Phase
from overlord.engine.events import Event
from overlord.engine.game import Game
from overlord.engine.phases import HANDLERS
from overlord.engine.settings import Settings
from overlord.engine.state import AFLOAT, ASHORE, PENDING


def computer_settings(**kw) -> Settings:
    kw.setdefault("allied_player", "computer")
    kw.setdefault("german_player", "computer")
    return Settings(**kw)


def blank_game(turn: int = 2, seed: int = 1, **settings) -> Game:
    """A game at the start of ``turn`` with every unit taken off the map, for hand-built positions."""
    g = Game.new(computer_settings(**settings), seed=seed)
    g.state.turn = turn
    for u in g.state.units.values():
        if u.status in (ASHORE, AFLOAT):
            u.status, u.position = PENDING, None
            u.arrival = 99
    g.edited()
    return g


def put(g: Game, uid: str, hex_, **fields) -> None:
    """Put a unit ashore at ``hex_`` with optional state fields (cp, fatigue, ...)."""
    g.place(uid, tuple(hex_), ASHORE)
    for k, v in fields.items():
        setattr(g.unit(uid), k, v)
    g.edited()


def start_phase(g: Game, phase: Phase | str, events: list[Event] | None = None) -> bool:
    """Begin ``phase`` on the position as it stands (its handler's begin); True if it asks something.
    The phase's events go to ``events`` when given."""
    g.state.phase = Phase(phase)
    asks = HANDLERS[g.state.phase].begin(g, [] if events is None else events)
    g.edited()
    return asks
