"""The end-of-game report: the level of victory, the points, the objectives, the turns."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..engine.game import Game
from ..plaintext import printable
from ..plots import Campaign
from .front import MenuChosen
from .history import campaign_plots
from .keybar import KeyBar
from .reporting import final_report
from .styles import GAME_CSS


class FinalScreen(Screen[None]):
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("enter", "title", "Title screen"), Binding("w", "watch", "Watch it replayed"),
                Binding("h", "app.history", "Points"), Binding("q", "quit_app", "Quit")]

    def __init__(self, game: Game, humans: Collection[str] = (), campaign: Campaign | None = None,
                 autosaved_in: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.autosaved_in = autosaved_in  # the autosave holding the game, which a new game's autosave may take
        self.humans = humans  # the sides people played: the verdict says "you" to one
        self.campaign = campaign  # the game turn by turn, in plots below the report

    def compose(self) -> ComposeResult:
        head = Text(" THE GAME IS OVER: JUNE 1944 ", style="bold reverse")
        report = self.game.final_report
        scenario = self.game.data.charts.scenarios[self.game.settings.scenario].name
        kept = Text("")
        if self.autosaved_in is not None:
            kept = Text(f"This game is in {printable(self.autosaved_in.name)}, which the next game's autosave may take "
                        "(a new one, or one loaded): Ctrl+S keeps it under a name of its own.\n", style="dim")
        with VerticalScroll(id="final"):
            yield Static(Group(head, kept, *(final_report(report, scenario, self.game, self.humans)
                                                 if report else [])), id="final-report")
            if self.campaign is not None:
                yield from campaign_plots(self.campaign)
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "title" or getattr(self.app, "has_title", True)  # (not offered where it does nothing)

    def action_title(self) -> None:
        self.post_message(MenuChosen("title"))

    def action_watch(self) -> None:
        self.post_message(MenuChosen("watch"))  # the game replayed in the viewer (tui/viewer.py)

    def action_quit_app(self) -> None:
        self.post_message(MenuChosen("quit"))
