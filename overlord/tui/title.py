"""The title screen: New game, Load game, Charts, Quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

BANNER = r"""
  ___  __   __ ___  ___  _     ___   ___  ___
 / _ \ \ \ / /| __|| _ \| |   / _ \ | _ \|   \
| (_) | \ V / | _| |   /| |__| (_) ||   /| |) |
 \___/   \_/  |___||_|_\|____|\___/ |_|_\|___/
"""


class TitleScreen(Screen):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("l", "choose('load')", "Load game"),
        Binding("c", "choose('charts')", "Charts"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            with Center():
                yield Static(Text(BANNER, style="bold", no_wrap=True, overflow="crop"), id="banner")
            sub = Text(justify="center")
            sub.append("BATTLE FOR NORMANDY\n", style="bold")
            sub.append("the 1981 wargame of D-Day and the campaign to June 30, 1944\n", style="dim")
            yield Static(sub, id="subtitle")
            with Center():
                yield OptionList(
                    Option("N  New game", id="new"),
                    Option("L  Load game", id="load"),
                    Option("C  Charts", id="charts"),
                    Option("Q  Quit", id="quit"),
                    id="menu",
                )
            yield Static(Text("Arrows and Enter, or the letter.  F1 help.", style="dim", justify="center"),
                         id="title-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id)

    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "new":
            app.new_game()
        elif what == "load":
            app.action_load()
        elif what == "charts":
            app.action_charts()
        elif what == "quit":
            app.action_quit()
