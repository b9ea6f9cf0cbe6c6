"""The turn's automatic steps and the table of phase handlers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import airborne, allocation, combat, interdiction, logistics, movement, setup, victory
from .enums import Phase
from .events import Event, GameEnded, PhaseStarted

if TYPE_CHECKING:
    from .game import Game

HANDLERS = {
    Phase.QUESTIONS: setup,
    Phase.AIRBORNE: airborne,
    Phase.ALLOCATION: allocation,
    Phase.INTERDICTION: interdiction,
    Phase.ALLIED_MOVEMENT: movement,
    Phase.ALLIED_COMBAT: combat,
    Phase.GERMAN_MOVEMENT: movement,
    Phase.GERMAN_COMBAT: combat,
}


def start_turn(g: "Game", events: list[Event]) -> None:
    events.append(PhaseStarted(text=f"Turn {g.turn_label}", turn=g.turn_label, phase="logistics"))
    logistics.start_turn(g, events)


def end_turn(g: "Game", events: list[Event]) -> None:
    victory.end_turn(g, events)


def end_game(g: "Game", events: list[Event]) -> None:
    report = victory.final_report(g)
    g.state.final_report = report
    events.append(GameEnded(text=(f"The game is over: {report['victory_level']}, score {report['allied_score']:.0f}"
                                  f" (adjusted for the weather {report['adjusted_score']:.0f})."), report=report))
