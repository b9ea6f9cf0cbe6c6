"""Phases whose rules are still being built: E ends them (DESIGN.md, Foundation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import EndPhase
from .events import Event
from .prompts import PhasePrompt

if TYPE_CHECKING:
    from .game import Game


def begin(g: "Game", events: list[Event]) -> bool:
    no_german_move = g.state.turn == 0 and not g.state.settings.german_dday_movement
    return not (no_german_move and g.state.phase in ("interdiction", "german_movement"))


def prompt(g: "Game") -> PhasePrompt:
    side = "german" if g.state.phase.startswith("german") else "allied"
    return PhasePrompt(side=side, phase=g.state.phase)


def legal_actions(g: "Game", p: PhasePrompt) -> list[EndPhase]:
    return [EndPhase()]


def apply(g: "Game", action: EndPhase, events: list[Event]) -> None:
    g.end_phase(events)
