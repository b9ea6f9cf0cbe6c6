"""Computer players: they read the same prompts a human sees and answer with legal actions.

``make_player(name, side, seed)`` builds one by name. Each player has
``choose(game) -> Action``.
"""

from __future__ import annotations

from .baseline import PassPlayer, RandomPlayer

PLAYERS = {
    "pass": PassPlayer,
    "random": RandomPlayer,
}

# The computer player the game uses for a side unless told otherwise.
DEFAULT_PLAYERS = {"allied": "pass", "german": "pass"}


def default_player(side: str, seed: int = 0):
    return make_player(DEFAULT_PLAYERS[side], side, seed)


def player_names(side: str) -> list[str]:
    return [name for name, cls in PLAYERS.items() if side in getattr(cls, "sides", ("allied", "german"))]


def make_player(name: str, side: str, seed: int = 0):
    try:
        cls = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(player_names(side))}") from None
    if side not in getattr(cls, "sides", ("allied", "german")):
        raise ValueError(f"{name!r} cannot play the {side} side")
    return cls(side=side, seed=seed)
