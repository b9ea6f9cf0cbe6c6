"""The Overlord Textual app (minimal: the map and the current prompt)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from ..ai import make_player
from ..engine.actions import Allocate, Answer, EndPhase
from ..engine.game import Game
from ..engine.prompts import AllocationPrompt, QuestionPrompt
from .maprender import render_map


class OverlordApp(App):
    TITLE = "Overlord: Battle for Normandy"
    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def __init__(self, seed: int | None = None, game: Game | None = None) -> None:
        super().__init__()
        self.game = game or Game.new(None, seed or 0)
        self.computer = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="map")
        yield Static(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        self.query_one("#map", Static).update(render_map(self.game))
        p = self.game.prompt
        if isinstance(p, QuestionPrompt):
            text = f"{p.text} " + " ".join(f"[{o}] {l}" for o, l in zip(p.options, p.labels)) + f" (Enter: {p.default})"
        else:
            text = f"{self.game.turn_label}: {p.kind} for the {p.side}"
        self.query_one("#prompt", Static).update(text)

    def on_key(self, event) -> None:
        p = self.game.prompt
        key = event.key.upper()
        action = None
        if isinstance(p, QuestionPrompt) and (key in p.options or event.key == "enter"):
            action = Answer(key if key in p.options else p.default)
        elif hasattr(p, "options") and key in getattr(p, "options"):
            action = Answer(key)
        elif isinstance(p, AllocationPrompt) and event.key == "enter":
            action = Allocate(**p.suggested.as_dict())
        elif key == "E":
            action = EndPhase()
        if action is not None and self.game.is_legal(action):
            self.game.apply(action)
            self._computer_moves()
            self.refresh_view()

    def _computer_moves(self) -> None:
        settings = self.game.state.settings
        while not self.game.over and settings.player(self.game.prompt.side) == "computer":
            side = self.game.prompt.side
            player = self.computer.setdefault(side, make_player("pass", side, self.game.state.seed))
            self.game.apply(player.choose(self.game))
