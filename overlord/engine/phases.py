"""The turn's automatic steps and the table of phase handlers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import airborne, allocation, pending, setup, victory
from .events import Event, GameEnded, Message, PhaseStarted, TurnEnded
from .state import AFLOAT, ASHORE, PENDING, TurnRecord

if TYPE_CHECKING:
    from .game import Game

HANDLERS = {
    "questions": setup,
    "airborne": airborne,
    "allocation": allocation,
    "interdiction": pending,
    "allied_movement": pending,
    "allied_combat": pending,
    "german_movement": pending,
    "german_combat": pending,
}


def start_turn(g: "Game", events: list[Event]) -> None:
    events.append(PhaseStarted(text=f"Turn {g.turn_label}", turn=g.turn_label, phase="logistics"))
    arrivals(g, events)
    for u in g.state.units.values():
        u.acted = False


def arrivals(g: "Game", events: list[Event]) -> None:
    """Allied formations due this turn join the waiting fleet; German reinforcements enter."""
    m = g.data.map
    for uid, u in g.state.units.items():
        if u.status != PENDING or u.arrival is None or u.arrival > g.state.turn:
            continue
        spec = g.spec(uid)
        if spec.side == "allied":
            g.place(uid, m.waiting[spec.nation], AFLOAT)
        else:
            entry = m.entry[spec.entry]
            if g.occupant(entry) is not None:
                continue  # blocked: it tries again next turn
            g.place(uid, entry, ASHORE)
            events.append(Message(text=f"German reinforcement: {spec.name} enters at {spec.entry}"))


def end_turn(g: "Game", events: list[Event]) -> None:
    st = g.state
    if st.turn == 0:
        st.formations_landed_dday = sum(1 for _ in g.units("allied", ASHORE, combat=True))
    st.history.append(TurnRecord(turn=g.turn_label, weather=st.weather, transport=st.transport,
                                 pools=st.pools.as_dict(), allied_score=0.0, weather_percent=0,
                                 units_in_supply=0, units_out_of_supply=0))
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
