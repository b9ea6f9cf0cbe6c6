"""The campaign in plots: the score and its categories, the four supply pools, the weather (H; also at
the end of a turn and in the final report). Plotting (textual-plotext) is imported with this module,
only when a plot is first shown."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static
from textual_plotext import PlotextPlot

from .. import words
from ..engine import view
from ..plots import PLOTS, Campaign, campaign, draw, legend
from .keybar import QUIET_GAME_KEYS, KeyBar
from .palettes import PLOT_COLOURS
from .reporting import continent_side_words, ocean_side_words, points_table, points_tables, score_words
from .styles import GAME_CSS

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..session import Session


def session_campaign(session: Session) -> Campaign:
    """The campaign of the game being played, from its log (replayed when the log does not reach back)."""
    return campaign(session.game, session.log)


class CampaignPlot(PlotextPlot):
    """One of the campaign's plots, in the theme's colours (drawn again when the theme changes)."""

    def __init__(self, data: Campaign, which: str) -> None:
        super().__init__(classes="campaign-plot")
        self.data, self.which = data, which

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:
            event.prevent_default()  # (Textual would run PlotextPlot's again after this one: its theme subscribed twice)
        super().on_mount()
        self.app.theme_changed_signal.subscribe(self, lambda theme: self.draw())
        self.draw()

    def draw(self) -> None:
        colours = PLOT_COLOURS.get(self.app.theme)
        draw(self.plt, self.data, self.which, [_rgb(c) for c in colours] if colours else None)
        self.refresh()


class PlotLegend(Static):
    """The lines of a plot named below it, each in its marker and colour (plotext's own legend sat on the lines)."""

    def __init__(self, data: Campaign, which: str) -> None:
        super().__init__(classes="plot-legend")
        self.keys = legend(data, which)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda theme: self.update(self.text()))
        self.update(self.text())

    def text(self) -> Text:
        colours = PLOT_COLOURS.get(self.app.theme) or ()
        t = Text()
        for i, (marker, label) in enumerate(self.keys):
            t.append(f"{marker} {label}", style=colours[i % len(colours)] if colours else "")
            t.append("  ")
        t.rstrip()
        return t


def this_turns_points(game: Game) -> Group:
    """The score now and at the turn's end, this turn's points by source and side beside the game's so far, the
    Allied units scoring on the continent side and the German ones on the ocean side (the game replayed once for the
    turn's start)."""
    starts = view.turn_start_points(game)
    return Group(score_words(game, starts), *points_tables(game, starts), continent_side_words(game),
                 ocean_side_words(game))


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def campaign_plots(data: Campaign, which: Iterable[str] = tuple(PLOTS)) -> list[Widget]:
    """The plots as widgets, or a line saying there is nothing to plot yet."""
    if data.empty:
        return [Static("No turn has ended yet: the plots begin with the end of D-Day.", classes="plot-note")]
    out: list[Widget] = []
    for w in which:
        out.append(CampaignPlot(data, w))
        if legend(data, w):
            out.append(PlotLegend(data, w))
    return out


class HistoryScreen(ModalScreen[None]):
    """This turn's points and the campaign so far in plots, for the game being played (``session``)."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape,h,q,enter", "close", "Close"), *QUIET_GAME_KEYS]
    KEY_HINTS = [("↑/↓ PgUp/PgDn", "Scroll")]  # the plots' scroll handles them itself

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        game = self.session.game
        with VerticalScroll(id="history"):
            if game.over and game.final_report is not None:  # every point counted: nothing more to come
                yield Static("THE FINAL SCORE", classes="plot-head")
                yield Static(Group(Text(f"Score {words.points(game.final_report.allied_score)}: "
                                        f"{game.final_report.victory_level}.", style="bold"),
                                   points_table(game.final_report)), id="turn-points")
                yield Static("THE CAMPAIGN", classes="plot-head")
            else:
                yield Static(f"THIS TURN'S POINTS, {game.turn_label}", classes="plot-head")
                yield Static(this_turns_points(game), id="turn-points")
                yield Static("THE CAMPAIGN SO FAR", classes="plot-head")
            yield from campaign_plots(session_campaign(self.session))
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
