"""Computer players: they read the same prompts a human sees and answer with legal actions.

``make_player(name, side, seed)`` builds one by name (the registry: registry.py); ``levels(side)`` names the
opponents the game offers, weakest first, and ``profile(name, side)`` says how each plays (level, style, line). A player is anything
with ``side`` and ``choose(game) -> Action`` (``Player``); the shipped ones are written on
``ComputerPlayer`` (player.py), which dispatches each prompt to a hook with a safe default and is the one
place a player's failure is caught, counted and logged (or raised, under the tests).

The modules, by role: player.py (the Player protocol and the base), registry.py (the names),
baseline.py (pass, random), allied_scripted.py (the scripted Allied), plans.py (the Allied plans,
data/plans.toml), allied_plan_player.py (a plan played well: historical, the Allied adversaries),
allied_commander.py (the Allied ai), german_classic.py (the classic German), german_scripts.py (the German
scripts: turtle, the beach rushes), german_search.py (the German ai), lookahead.py (the look-ahead toolkit
of the two searching players), advice.py and explain.py (advice for a player: what a player would answer, and
why), board.py, common.py and paths.py (what they all read off the board).
"""

from __future__ import annotations

from .advice import Advice, NoAdvice, advise
from .player import ComputerPlayer, Player, PlayerMaker
from .registry import (ADVERSARIES, DEFAULT_PLAYERS, PLAYERS, Entry, Profile, default_player, levels, make_player,
                       player_names, profile, roster)

__all__ = ["ADVERSARIES", "DEFAULT_PLAYERS", "PLAYERS", "Advice", "ComputerPlayer", "Entry", "NoAdvice", "Player",
           "PlayerMaker", "Profile", "advise", "default_player", "levels", "make_player", "player_names", "profile",
           "roster"]
