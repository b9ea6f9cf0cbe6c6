"""Air interdiction (rulebook, Summary of Game Play IV and the Interdiction Effects chart).

The Allied player enters a number of air points (up to rules.answers.largest_number,
and no more than this turn's air budget holds). At the start of German movement
each German unit loses a random number of movement points within the chart's
range for the points, after the weather: the chart's note takes a share of the
points in poor weather, and all of them where the weather grounds the aircraft.
Points flown here are not available for air support in combat this turn. The
phase is skipped on D-Day when the German may not move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Interdict
from .data import Span
from .enums import Side, Weather
from .events import Event, InterdictionCost, InterdictionFlown, InterdictionGrounded
from .prompts import InterdictionPrompt
from .util import round_half_up

if TYPE_CHECKING:
    from .game import Game


def begin(g: "Game", events: list[Event]) -> bool:
    st = g.state
    st.interdiction = 0
    if g.german_still:
        return False
    if g.data.charts.interdiction.weather_percent_reduction[st.current_weather()] >= 100 or st.air_left <= 0:
        events.append(InterdictionGrounded())
        return False
    return True


def prompt(g: "Game") -> InterdictionPrompt:
    st = g.state
    weather = st.current_weather()
    reduction = g.data.charts.interdiction.weather_percent_reduction[weather]
    return InterdictionPrompt(side=Side.ALLIED, weather=weather, air_available=st.air_left,
                              max_points=min(g.data.rules.answers.largest_number, st.air_left),
                              effective_percent=100 - reduction)


def legal_actions(g: "Game", p: InterdictionPrompt) -> list[Interdict]:
    return [Interdict(n) for n in range(p.max_points + 1)]


def apply(g: "Game", action: Interdict, events: list[Event]) -> bool:
    st = g.state
    st.interdiction = action.air_points
    st.air_left -= action.air_points
    events.append(InterdictionFlown(air_points=action.air_points, effective=effective_points(g, action.air_points),
                                    weather=st.weather or Weather.CLEAR))
    return True  # one answer, and the phase is over


def effective_points(g: "Game", points: int) -> int:
    weather = g.state.weather or Weather.CLEAR
    return round_half_up(points * (100 - g.data.charts.interdiction.weather_percent_reduction[weather]) / 100)


def decrease_range(g: "Game", points: int) -> Span:
    """The chart's range of movement points lost per German unit for effective air points."""
    rows = g.data.charts.interdiction.rows
    for row in rows:
        if row.points.low <= points <= row.points.high:
            return row.decrease
    return rows[-1].decrease


def interdict_german_units(g: "Game", events: list[Event]) -> None:
    """Draw each German unit's loss of movement points for this turn's interdiction."""
    points = effective_points(g, max(0, g.state.interdiction))
    low, high = decrease_range(g, points)
    total = 0
    for u in g.records(Side.GERMAN):
        u.interdicted = g.rng.randint(low, high) if high > 0 else 0
        total += u.interdicted
    if points:
        events.append(InterdictionCost(movement_points=total))
