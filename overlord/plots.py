"""The campaign turn by turn, as plots: the score and its categories, the four supply pools, the weather.

``campaign()`` gathers the numbers (the game's history and the TurnEnded events); ``draw()`` puts one
plot on a plotext figure. The game shows them with textual-plotext (whose ``plt`` has plotext's API)
and ``overlord simulate --plot`` prints them with plotext itself. Nothing here imports plotext:
the caller hands in its figure, so the game's start-up never pays for plotting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs

from .engine.events import Event, TurnEnded
from .engine.game import Game
from .engine.records import FrozenRecord

POOLS = ("fuel", "general", "combat", "amphibious")
PLOTS = {  # name -> title
    "score": "Score and where it came from",
    "pools": "Allied supply pools at the end of each turn",
    "weather": "Weather so far, % against the average",
}
# each line of a plot has its own marker, so that lines are told apart without colour
MARKERS = ("hd", "x", "+", "o", "*")
SYMBOLS = {"hd": "▞"}  # a marker as the legend writes it (plotext's "hd" line is drawn in quarter blocks)


@attrs.frozen(repr=False, eq=False)
class Series(FrozenRecord):
    label: str
    values: tuple[float, ...]


@attrs.frozen(repr=False, eq=False)
class Campaign(FrozenRecord):
    turns: tuple[str, ...]
    plots: dict[str, tuple[Series, ...]]

    @property
    def empty(self) -> bool:
        return not self.turns


def campaign(game: Game, events: Iterable[Event] | None = None) -> Campaign:
    """The campaign so far: one value a turn ended. ``events`` are the game's events when the caller has
    them all (a log); the game is replayed for them otherwise."""
    history = list(game.history)
    ended = {e.turn: e for e in (events or ()) if isinstance(e, TurnEnded)}
    if any(r.turn not in ended for r in history):
        _, replayed = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        ended = {e.turn: e for e in replayed if isinstance(e, TurnEnded)}
        history = [r for r in history if r.turn in ended]  # (a hosted game joined after them: its actions are the host's)
    turns = tuple(r.turn for r in history)
    objectives = continent = ocean = 0.0
    rows = []
    for r in history:
        points = ended[r.turn].points
        objectives += points.objectives + points.objectives_final
        continent += points.continent_side
        ocean += points.ocean_side
        # what the positions do not explain is losses: units eliminated, casualties and supply losses, net for the
        # Allies ("Losses, net" left out the supply losses it counted, named so in the panel; found by a helper)
        combat = r.allied_score - objectives - continent + ocean
        rows.append((r.allied_score, objectives, continent, combat, -ocean))
    score_labels = ("Score", "Objectives", "Continent side", "Losses, net", "German: ocean side")
    score = tuple(Series(label, tuple(row[i] for row in rows)) for i, label in enumerate(score_labels))
    pools = tuple(Series(p.title(), tuple(getattr(r.pools, p) for r in history)) for p in POOLS)
    weather = (Series("Weather %", tuple(r.weather_percent for r in history)),)
    return Campaign(turns, {"score": score, "pools": pools, "weather": weather})


RGB = tuple[int, int, int]


class Figure(Protocol):
    """What ``draw`` uses of a plotext figure: plotext itself (which has no type hints), or a PlotextPlot's plt
    (typed by textual-plotext's stubs, which these calls follow)."""

    def clear_data(self) -> None: ...
    def title(self, title: str) -> None: ...
    def plot(self, *args: Sequence[float], marker: str, color: RGB | None) -> None: ...
    def xticks(self, ticks: list[float], labels: list[str]) -> None: ...
    def yticks(self, ticks: list[float]) -> None: ...
    def horizontal_line(self, coordinate: float) -> None: ...


def draw(plt: Figure, data: Campaign, which: str, colours: Sequence[RGB] | None = None) -> None:
    """Draw one of the PLOTS on a plotext figure (plotext itself, or a PlotextPlot's plt), lines in
    ``colours`` (RGB tuples, one a line) or plotext's own."""
    plt.clear_data()
    plt.title(PLOTS[which])
    if data.empty:
        return
    x: list[float] = list(range(len(data.turns)))  # the turns' places along the bottom
    for i, series in enumerate(data.plots[which]):
        colour = colours[i % len(colours)] if colours else None
        # (no label: plotext's legend sits on the plot's top left, over the lines; the caller gives ``legend``)
        plt.plot(x, list(series.values), marker=MARKERS[i % len(MARKERS)], color=colour)
    ticks = turn_ticks(len(x))
    plt.xticks([x[i] for i in ticks], [data.turns[i] for i in ticks])
    values = [v for series in data.plots[which] for v in series.values]
    plt.yticks(round_ticks(min(values + [0]), max(values + [0])))
    if which == "weather":
        plt.horizontal_line(0)


def legend(data: Campaign, which: str) -> list[tuple[str, str]]:
    """(marker, label) of each line of a plot of more than one, to be given beside it (none for one line)."""
    lines = data.plots.get(which, ())
    if len(lines) < 2:
        return []
    return [(SYMBOLS.get(MARKERS[i % len(MARKERS)], MARKERS[i % len(MARKERS)]), s.label) for i, s in enumerate(lines)]


def turn_ticks(count: int, most: int = 7) -> list[int]:
    """The places of the turns named along the bottom: about ``most``, evenly apart from the first, and the last
    always (a campaign's ended at 6/28, its last turn unnamed), the one before it left out when close to it."""
    if count <= 0:
        return []
    step = max(1, (count + most - 1) // most)
    ticks = list(range(0, count, step))
    if ticks[-1] != count - 1:
        if count - 1 - ticks[-1] < max(2, step - 1) and len(ticks) > 1:
            ticks.pop()
        ticks.append(count - 1)
    return ticks


def round_ticks(low: float, high: float, count: int = 7) -> list[float]:
    """No more than about ``count`` round values (1, 2 or 5 times a power of ten apart) from low to high."""
    import math
    span = high - low
    if span <= 0:
        return [low]
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]


def plot_text(data: Campaign, which: str, width: int = 78, height: int = 16, colour: bool = False) -> str:
    """One plot as text for a terminal, with plotext (``overlord simulate --plot``)."""
    import plotext as plt
    plt.clear_figure()
    plt.plotsize(width, height)
    plt.theme("clear")  # the terminal's own background
    draw(plt, data, which)
    text: str = plt.build()  # (plotext has no type hints)
    text = text if colour else str(plt.uncolorize(text))
    lines = [""]
    for marker, label in legend(data, which):  # (as many a line as the width holds)
        entry = f"{marker} {label}"
        if lines[-1] and len(lines[-1]) + 2 + len(entry) > width:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + entry
    return "\n".join([text.rstrip("\n"), *filter(None, lines)])
