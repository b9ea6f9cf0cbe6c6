"""The turn's automatic steps and the table of phase handlers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import airborne, allocation, combat, interdiction, logistics, movement, setup, victory
from .events import Event, GameEnded, PhaseStarted, TurnEnded
from .state import ASHORE, TurnRecord

if TYPE_CHECKING:
    from .game import Game

HANDLERS = {
    "questions": setup,
    "airborne": airborne,
    "allocation": allocation,
    "interdiction": interdiction,
    "allied_movement": movement,
    "allied_combat": combat,
    "german_movement": movement,
    "german_combat": combat,
}


def start_turn(g: "Game", events: list[Event]) -> None:
    events.append(PhaseStarted(text=f"Turn {g.turn_label}", turn=g.turn_label, phase="logistics"))
    logistics.start_turn(g, events)


def end_turn(g: "Game", events: list[Event]) -> None:
    st = g.state
    if st.turn == 0:
        st.formations_landed_dday = sum(1 for _ in g.units("allied", ASHORE, combat=True))
    allied = list(g.units("allied", ASHORE, combat=True))
    supplied = sum(1 for u in allied if u.in_supply)
    st.history.append(TurnRecord(turn=g.turn_label, weather=st.weather, transport=st.transport,
                                 pools=st.pools.as_dict(), allied_score=0.0,
                                 weather_percent=logistics.weather_percent(g),
                                 units_in_supply=supplied, units_out_of_supply=len(allied) - supplied))
    events.append(TurnEnded(text=f"End of turn {g.turn_label}", turn=g.turn_label, score=0.0,
                            adjusted_score=0.0, weather_percent=0, points={}))


def end_game(g: "Game", events: list[Event]) -> None:
    score = g.state.history[-1].allied_score if g.state.history else 0.0
    level = victory.victory_level(g.data.charts, g.state.settings.scenario, score)
    report = {
        "turns_played": len(g.state.history),
        "allied_score": score,
        "victory_level": level,
        "objectives": victory.objective_holders(g),
        "formations_landed_dday": g.state.formations_landed_dday,
        "history": [attrs.asdict(r) for r in g.state.history],
    }
    g.state.final_report = report
    events.append(GameEnded(text=f"The game is over: {level}, score {score:.0f}.", report=report))
