"""The computer players by name: what ``overlord.ai.make_player`` makes, for which side, in which role."""

from __future__ import annotations

from functools import partial

import attrs

from ..engine.enums import Side
from .allied_commander import AlliedCommander
from .allied_plan_player import PlanPlayer
from .allied_scripted import AlliedPlayer
from .baseline import PassPlayer, RandomPlayer
from .german_classic import GermanPlayer
from .german_scripts import BeachRush, FocusedRush, Turtle
from .german_search import SearchGerman
from .player import ComputerPlayer, Player, PlayerMaker

BOTH = (Side.ALLIED, Side.GERMAN)
ALLIED = (Side.ALLIED,)
GERMAN = (Side.GERMAN,)
ROLES = ("default", "classic", "plan", "adversary", "baseline")  # what an entry is for (see Entry.role)


@attrs.frozen
class Entry:
    """A named computer player: how to make it for a side, the sides it plays, and its role: "default" (the
    computer player the game uses), "classic" (each side's player before its commander, kept to be measured
    against), "plan" (another Allied plan), "adversary" (built to beat the other side's computer player,
    benchmarks/adversaries.py) or "baseline" (for measuring)."""

    make: PlayerMaker
    sides: tuple[Side, ...]
    role: str = attrs.field(validator=attrs.validators.in_(ROLES))


def strongest(side: str, seed: int = 0) -> ComputerPlayer:
    """The strongest computer player of a side: "ai" names the Allied commander and the searching German."""
    return AlliedCommander(side, seed) if side == Side.ALLIED else SearchGerman(side, seed)


def classic(side: str, seed: int = 0) -> ComputerPlayer:
    """Each side's computer player before its commander: the classic German (german_classic.py), the scripted
    June 6 plan for the Allies (allied_scripted.py). Kept to be measured against."""
    return AlliedPlayer(side, seed, plan="classic") if side == Side.ALLIED else GermanPlayer(side, seed)


def plan_player(plan: str) -> PlayerMaker:
    """The plan player of a plan of data/plans.toml."""
    return partial(PlanPlayer, plan=plan)


ALLIED_ADVERSARIES = ("southern-drive", "single-beach", "armoured-raid", "firepower", "feint")
PLAYERS: dict[str, Entry] = {
    "pass": Entry(PassPlayer, BOTH, "baseline"),
    "random": Entry(RandomPlayer, BOTH, "baseline"),
    "ai": Entry(strongest, BOTH, "default"),  # the Allied commander (allied_commander.py), the searching German
    "classic": Entry(classic, BOTH, "classic"),
    # the June 6 plan played as the Allied ai plays it (data/plans.toml [plans.historical]), one plan all game
    "historical": Entry(plan_player("historical"), ALLIED, "plan"),
    "caen-first": Entry(partial(AlliedPlayer, plan="caen-first"), ALLIED, "plan"),
    **{name: Entry(plan_player(name), ALLIED, "adversary") for name in ALLIED_ADVERSARIES},
    "turtle": Entry(Turtle, GERMAN, "adversary"),
    "beach-rush": Entry(BeachRush, GERMAN, "adversary"),
    "focused-rush": Entry(FocusedRush, GERMAN, "adversary"),
}
ADVERSARIES = {side: tuple(name for name, e in PLAYERS.items() if e.role == "adversary" and side in e.sides)
               for side in (Side.ALLIED.value, Side.GERMAN.value)}

# The computer player the game uses for a side unless told otherwise.
DEFAULT_PLAYERS = {"allied": "ai", "german": "ai"}


def player_names(side: str) -> list[str]:
    """The names a side may use."""
    return [name for name, entry in PLAYERS.items() if side in entry.sides]


def make_player(name: str, side: str, seed: int = 0) -> Player:
    """A computer player by name, for a side; ValueError naming the choices for a name unknown or not for
    that side."""
    entry = PLAYERS.get(name)
    if entry is None:
        raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(player_names(side))}")
    if side not in entry.sides:
        raise ValueError(f"{name!r} cannot play the {side} side; choose from {', '.join(player_names(side))}")
    return entry.make(side, seed)


def default_player(side: str, seed: int = 0) -> Player:
    return make_player(DEFAULT_PLAYERS[side], side, seed)
