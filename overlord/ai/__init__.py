"""Computer players: they read the same prompts a human sees and answer with legal actions.

``make_player(name, side, seed)`` builds one by name. Each player has
``choose(game) -> Action``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .allied import AlliedPlayer
from .allied_ai import AlliedCommander
from .allied_adversaries import ADVERSARY_PLANS, HISTORICAL, AdversaryAllied
from .baseline import PassPlayer, RandomPlayer
from .german import GermanPlayer
from .german_adversaries import BeachRush, FocusedRush, Turtle
from .german_search import SearchGerman


def strongest(side: str, seed: int = 0):
    """The strongest computer player of a side: "ai" names the computer German and the computer Allied."""
    return AlliedCommander(side, seed) if side == "allied" else SearchGerman(side, seed)


def classic(side: str, seed: int = 0) -> Any:
    """The computer player of a side before its commander: the German before the search (german.py), the
    scripted June 6 plan for the Allies (allied.py). Kept to be measured against."""
    return AlliedPlayer(side, seed, plan="historical") if side == "allied" else GermanPlayer(side, seed)


PLAYERS: dict[str, Any] = {  # each makes a player: a class, a partial of one, or a function
    "pass": PassPlayer,
    "random": RandomPlayer,
    "ai": strongest,  # the Allied commander (allied_ai.py) or the searching German (german_search.py)
    "classic": classic,  # each side's computer player before its commander, kept to be measured against
    # the June 6 plan played as the Allied ai plays it (allied_adversaries.HISTORICAL), one plan all game
    "historical": partial(AdversaryAllied, plan="historical", design=HISTORICAL),
    "caen-first": partial(AlliedPlayer, plan="caen-first"),
    # adversaries: players designed to beat the computer players of the other side (benchmarks/adversaries.py)
    **{name: partial(AdversaryAllied, plan=name) for name in ADVERSARY_PLANS},
    "turtle": Turtle,
    "beach-rush": BeachRush,
    "focused-rush": FocusedRush,
}
ADVERSARIES = {"allied": tuple(ADVERSARY_PLANS), "german": ("turtle", "beach-rush", "focused-rush")}
SIDES = {"ai": ("allied", "german"), "classic": ("allied", "german"), "historical": ("allied",), "caen-first": ("allied",),
         **{name: (side,) for side, names in ADVERSARIES.items() for name in names}}

# The computer player the game uses for a side unless told otherwise.
DEFAULT_PLAYERS = {"allied": "ai", "german": "ai"}


def default_player(side: str, seed: int = 0):
    return make_player(DEFAULT_PLAYERS[side], side, seed)


def player_names(side: str) -> list[str]:
    return [name for name in PLAYERS if side in SIDES.get(name, ("allied", "german"))]


def make_player(name: str, side: str, seed: int = 0):
    try:
        cls = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(player_names(side))}") from None
    if side not in SIDES.get(name, ("allied", "german")):
        raise ValueError(f"{name!r} cannot play the {side} side; choose from {', '.join(player_names(side))}")
    return cls(side=side, seed=seed)
