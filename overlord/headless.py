"""Playing whole games without a screen: simulate, and the summary it prints."""

from __future__ import annotations

from typing import Any, Callable

from .ai import make_player
from .engine.game import Game
from .engine.settings import Settings


def play_out(game: Game, players: dict[str, Any], on_action: Callable | None = None, max_actions: int = 500_000) -> int:
    """Let the players answer every prompt until the game ends; returns the number of actions."""
    count = 0
    while not game.over:
        side = game.prompt.side
        action = players[side].choose(game)
        events = game.apply(action)
        count += 1
        if on_action is not None:
            on_action(game, action, events)
        if count >= max_actions:
            raise RuntimeError(f"the game did not end within {max_actions} actions")
    return count


def simulate(seed: int, scenario: str = "campaign", allied: str = "pass", german: str = "pass",
             settings: Settings | None = None) -> tuple[Game, dict[str, Any]]:
    """Play a whole game with computer players on both sides."""
    settings = settings or Settings(scenario=scenario, allied_player="computer", german_player="computer")
    game = Game.new(settings, seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(german, "german", seed)}
    play_out(game, players)
    return game, summary(game, allied, german)


def summary(game: Game, allied: str = "", german: str = "") -> dict[str, Any]:
    report = game.state.final_report or {}
    out = {
        "seed": game.state.seed,
        "scenario": game.state.settings.scenario,
        "allied": allied,
        "german": german,
        "turns_played": report.get("turns_played", len(game.state.history)),
        "allied_score": report.get("allied_score", 0.0),
        "victory_level": report.get("victory_level", ""),
        "objectives": report.get("objectives", {}),
        "formations_landed_dday": report.get("formations_landed_dday", 0),
        "actions": len(game.actions),
        "final_state_hash": game.state_hash(),
    }
    for key, value in report.items():
        out.setdefault(key, value)
    return out
