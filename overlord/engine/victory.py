"""Victory points and victory conditions (rulebook, Charts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import Charts

if TYPE_CHECKING:
    from .game import Game


def victory_level(charts: Charts, scenario: str, score: float) -> str:
    """The rulebook's level of victory for a score in a scenario."""
    for level, minimum in charts.victory_minimum[scenario].items():
        if score >= minimum:
            return level
    return charts.victory_levels[-1]


def objective_holders(g: "Game") -> dict[str, str]:
    """Who holds each objective: "allied" when Allied units hold every one of its positions."""
    out = {}
    for name, hexes in g.data.map.objectives.items():
        held = all((uid := g.occupant(h)) is not None and g.side_of(uid) == "allied" for h in hexes)
        out[name] = "allied" if held else "german"
    return out
