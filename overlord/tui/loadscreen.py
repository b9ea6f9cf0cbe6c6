"""Choosing a save to load: name, date, turn and score, newest first."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..saves import list_saves, saves_dir
from .keybar import KeyBar
from .styles import GAME_CSS


class LoadScreen(ModalScreen[Path | None]):
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape", "cancel", "Back")]
    KEY_HINTS = [("↑/↓", "Choose"), ("⏎", "Load")]

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self.saves = list_saves()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text("LOAD A SAVED GAME\n", style="bold"))
            if self.saves:
                yield Static(Text(f"  {'Name':<24} {'Saved':<19} {'Turn':<6} {'Score':>6}", style="bold"))
                yield OptionList(*(Option(self.row(s), id=str(i)) for i, s in enumerate(self.saves)), id="saves")
            else:
                yield Static(f"No saves yet in {saves_dir()}.")
            yield Static(Text(self.message, style="bold reverse") if self.message else "", id="load-message")
        yield KeyBar()

    @staticmethod
    def row(s: dict) -> str:
        when = s["saved_at"].replace("T", " ")[:19]
        score = s["score"] if isinstance(s["score"], (int, float)) else 0
        return f"{s['name'][:24]:<24} {when:<19} {s['turn']:<6} {score:>6.0f}"

    def on_mount(self) -> None:
        if self.saves:
            self.query_one("#saves", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.saves[int(event.option.id)]["path"])

    def action_cancel(self) -> None:
        self.dismiss(None)
