"""Shared helpers for the tests: playing games out with simple players."""

from __future__ import annotations

from pathlib import Path

from overlord.ai import make_player
from overlord.engine.game import Game
from overlord.engine.settings import Settings


def computer_settings(**kw) -> Settings:
    kw.setdefault("allied_player", "computer")
    kw.setdefault("german_player", "computer")
    return Settings(**kw)


def play(game: Game, allied: str = "pass", german: str = "pass", seed: int = 0, stop=None, limit: int = 200_000):
    """Play until the game ends (or ``stop(game)`` is true); returns all events."""
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(german, "german", seed)}
    events = list(game.opening_events)
    for _ in range(limit):
        if game.over or (stop is not None and stop(game)):
            return events
        events.extend(game.apply(players[game.prompt.side].choose(game)))
    raise AssertionError("game did not end")


def autosave_path() -> Path:
    """The first autosave slot of the saves folder (saves.autosave_slots): where a game autosaves unless another
    game in progress holds it."""
    from overlord.saves import autosave_slots, saves_dir
    return next(autosave_slots(saves_dir()))


def static_words(static) -> str:
    """The words a Static widget shows, one space between them however its lines were wrapped."""
    from rich.console import Console
    console = Console(width=100, record=True, color_system=None)
    console.print(static.content)
    return " ".join(console.export_text().split())
