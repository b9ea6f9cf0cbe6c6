"""Victory points and victory conditions (rulebook, Victory Points and Victory Conditions charts).

At the end of every turn the Allied player scores each objective hex held by an
Allied unit in supply with no German unit next to it (the Victory Points chart's
points per hex and turn, and on the last turn its final points), and each Allied
unit on the continent side of the naval range scores its CP over the chart's
divisor, times its row. The German scores each of his units on the ocean side
of the naval range, not east of Caen: the chart's first points from its first
turn, and more each turn after. Eliminations and casualties (the German's for
Allied losses from lack of general supply at their own rate) count as they
happen, at the chart's points. The score is the Allied points less the German
points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import Charts
from .events import Event, GameEnded, TurnEnded
from .enums import Side
from .hexgrid import Hex
from .results import (AlliedPoints, BeachAssault, Casualties, CategoryPoints, EliminatedNames, Eliminations, FinalReport,
                      GermanPoints, TurnPoints, TurnRecord)
from .state import ASHORE, ELIMINATED, position_of

if TYPE_CHECKING:
    from .game import Game


def victory_level(charts: Charts, scenario: str, score: float) -> str:
    """The rulebook's level of victory for a score in a scenario."""
    conditions = charts.victory_conditions
    for level, minimum in conditions.minimum_score[scenario].items():
        if score >= minimum:
            return level
    return conditions.levels[-1]


def adjusted_score(score: float, weather_percent: float) -> float:
    """Adjusted Score = Score - (Score x Weather %) (rulebook, Optional Rules)."""
    return score - score * weather_percent / 100.0


# --------------------------------------------------------------------------- what is held
def hex_scores(g: "Game", hex_: Hex) -> bool:
    """An objective hex scores when an Allied unit in supply holds it with no German unit next to it."""
    uid = g.occupant(hex_)
    if uid is None or g.side_of(uid) != Side.ALLIED or not g.unit(uid).in_supply:
        return False
    return not g.adjacent_units(hex_, Side.GERMAN)


def objective_holders(g: "Game") -> dict[str, Side]:
    """Who holds each objective: the Allied side when Allied units hold every one of its positions."""
    out: dict[str, Side] = {}
    for name, hexes in g.data.map.objectives.items():
        held = all((uid := g.occupant(h)) is not None and g.side_of(uid) == Side.ALLIED for h in hexes)
        out[name] = Side.ALLIED if held else Side.GERMAN
    return out


# --------------------------------------------------------------------------- points
def category_points(g: "Game") -> CategoryPoints:
    """Every category of the score so far, for each side."""
    t = g.state.tally
    vp = g.data.charts.victory_points
    allied = AlliedPoints(
        objectives=t.objectives,
        objectives_final=t.objectives_final,
        continent_side=t.continent_side,
        german_units_eliminated=t.german_eliminated * vp.eliminated.german_unit,
        german_casualties=t.german_casualties * vp.casualties.german_casualty_point,
    )
    german = GermanPoints(
        ocean_side=t.ocean_side,
        allied_units_eliminated=t.allied_eliminated * vp.eliminated.allied_unit,
        allied_casualties=t.allied_casualties * vp.casualties.allied_casualty_point,
        allied_supply_casualties=t.allied_supply_casualties * vp.casualties.allied_out_of_general_supply,
    )
    return CategoryPoints(allied, german)


def score(g: "Game") -> float:
    return category_points(g).score


def ocean_side_scores(g: "Game", turn: int) -> bool:
    """Whether German units on the ocean side of the naval range score at the end of turn index
    ``turn`` (from the Victory Points chart's first turn)."""
    return turn >= g.turn_of(g.data.charts.victory_points.german_ocean_side.first_turn)


def ocean_side_points(g: "Game", turn: int) -> int:
    """The German points each unit on the ocean side scores at the end of turn index ``turn``: the
    chart's first points on its first turn, and its increase more each turn after; 0 before."""
    ocean = g.data.charts.victory_points.german_ocean_side
    if not ocean_side_scores(g, turn):
        return 0
    return ocean.first_points + ocean.increase_per_turn * (turn - g.turn_of(ocean.first_turn))


def continent_side_points(g: "Game", uid: str, hex_: Hex) -> float:
    """What an Allied combat unit would score at the end of a turn standing at ``hex_``: on the continent
    side of the naval range its CP over the chart's divisor, times the position's row; nothing on the
    ocean side."""
    if not g.data.map.on_continent_side(hex_):
        return 0.0
    return g.unit(uid).cp / g.data.charts.victory_points.allied_continent_side.cp_divisor * hex_[1]


def ocean_side_units(g: "Game") -> list[str]:
    """The German units that score at the end of a turn on the ocean side of the naval range (cadres
    too; none east of Caen), in order-of-battle order."""
    m = g.data.map
    return [u.id for u in g.units(Side.GERMAN, ASHORE, combat=True) if m.on_scoring_ocean_side(position_of(u))]


def turn_start_points(g: "Game") -> dict[int, CategoryPoints] | None:
    """The score's categories (category_points) when each turn's first question was asked, its logistics
    done, by turn index up to this one: the game replayed from its actions on a copy. None for a game its
    actions do not give (one set up by hand)."""
    from .game import Game, IllegalAction
    replay = Game.new(g.initial_settings, g.seed, g.data)
    starts = {replay.turn: category_points(replay)}
    try:
        for action in g.actions:
            replay.apply(action)
            starts.setdefault(replay.turn, category_points(replay))
    except IllegalAction:
        return None
    return starts if replay.state_hash() == g.state_hash() else None


def turn_points(g: "Game", turn: int | None = None) -> TurnPoints:
    """The points scored for positions at the end of this turn (not yet added); with ``turn``, those the same
    positions would score at the end of that turn (index), the last's final points with them."""
    m = g.data.map
    vp = g.data.charts.victory_points
    turn = g.state.turn if turn is None else turn
    final = turn >= g.last_turn
    objectives = objectives_final = 0.0
    for name, hexes in m.objectives.items():
        held = sum(1 for h in hexes if hex_scores(g, h))
        objectives += held * vp.objectives[name].per_turn
        if final:
            objectives_final += held * vp.objectives[name].final
    continent = 0.0
    for u in g.units(Side.ALLIED, ASHORE, combat=True):
        continent += continent_side_points(g, u.id, position_of(u))
    ocean = 0.0
    if ocean_side_scores(g, turn):
        ocean = ocean_side_points(g, turn) * len(ocean_side_units(g))
    return TurnPoints(objectives=objectives, objectives_final=objectives_final, continent_side=continent,
                      ocean_side=ocean)


def end_turn(g: "Game", events: list[Event]) -> None:
    """Score the turn, note the objectives taken, and record the turn in the history."""
    from .logistics import weather_percent
    st = g.state
    pts = turn_points(g)
    st.tally.objectives += pts.objectives
    st.tally.objectives_final += pts.objectives_final
    st.tally.continent_side += pts.continent_side
    st.tally.ocean_side += pts.ocean_side
    for name, holder in objective_holders(g).items():
        if holder == Side.ALLIED and name not in st.objectives_taken:
            st.objectives_taken[name] = g.turn_label
    if st.turn == 0:
        st.formations_landed_dday = sum(1 for _ in g.units(Side.ALLIED, ASHORE, combat=True))
    total = score(g)
    wp = weather_percent(g)
    allied = list(g.units(Side.ALLIED, ASHORE, combat=True))
    supplied = sum(1 for u in allied if u.in_supply)
    st.history.append(TurnRecord(turn=g.turn_label, weather=st.weather, transport=st.transport,
                                 pools=st.pools.levels(), allied_score=round(total, 1), weather_percent=wp,
                                 units_in_supply=supplied, units_out_of_supply=len(allied) - supplied))
    adjusted = adjusted_score(total, wp)
    events.append(TurnEnded(
        turn=g.turn_label, score=round(total, 1), adjusted_score=round(adjusted, 1), weather_percent=wp,
        points=pts.rounded()))


def end_game(g: "Game", events: list[Event]) -> None:
    """The game is over: write the final report."""
    report = final_report(g)
    g.state.final_report = report
    events.append(GameEnded(report=report))


def final_report(g: "Game") -> FinalReport:
    from .logistics import weather_percent
    st = g.state
    total = score(g)
    wp = weather_percent(g)
    t = st.tally
    names = EliminatedNames(
        allied=[g.spec(u.id).name for u in g.units(Side.ALLIED, ELIMINATED)],
        german=[g.spec(u.id).name for u in g.units(Side.GERMAN, ELIMINATED)]
        + [g.spec(u.id).name + " (cadre)" for u in g.units(Side.GERMAN, ASHORE) if u.cadre])
    reported = round(total, 1)  # the score as the report gives it, and the level of that score (a 74.96 read as 75.0
    # would otherwise have been a German Operational victory beside a score of 75, the chart's German Marginal)
    return FinalReport(
        turns_played=len(st.history),
        allied_score=reported,
        adjusted_score=round(adjusted_score(total, wp), 1),
        weather_percent=wp,
        victory_level=victory_level(g.data.charts, st.settings.scenario, reported),
        points=category_points(g).rounded(),
        objectives=objective_holders(g),
        objectives_taken=dict(st.objectives_taken),
        formations_landed_dday=st.formations_landed_dday,
        units_eliminated=Eliminations(allied=t.allied_eliminated, german=t.german_eliminated, names=names,
                                      allied_depots=sum(1 for u in g.units(Side.ALLIED, ELIMINATED, combat=False))),
        casualties=Casualties(allied=t.allied_casualties, allied_out_of_general_supply=t.allied_supply_casualties,
                              german=t.german_casualties),
        history=list(st.history),
        dday=dday_report(g),
    )


def dday_report(g: "Game") -> dict[str, BeachAssault]:
    """Each beach's assault, keyed by the beach's name: the rounds fought against its coastal defence, the
    CP each side lost in them, the movement points the first formation ashore had left, and the turn the
    beach was cleared (None while it holds)."""
    return {name: BeachAssault(rounds=b.rounds, allied_cp_lost=b.allied_cp_lost, german_cp_lost=b.german_cp_lost,
                               first_mp_left=b.first_mp_left, cleared=b.cleared)
            for name, b in g.state.beaches.items()}
