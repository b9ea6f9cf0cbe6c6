"""The title screen: New game, Load game, Charts, Quit; and Resume, the newest save of a game a person plays that
is not over, once the saves folder has been looked through (in a thread: the title is up at once)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.screen import Screen
from textual.widgets import Static

from .front import MenuChosen


BANNER = r"""
  ___  __   __ ___  ___  _     ___   ___  ___
 / _ \ \ \ / /| __|| _ \| |   / _ \ | _ \|   \
| (_) | \ V / | _| |   /| |__| (_) ||   /| |) |
 \___/   \_/  |___||_|_\|____|\___/ |_|_\|___/
"""


MENU = (("new", "N", "New game"), ("load", "L", "Load game"), ("computers", "W", "Watch the computers"),
        ("charts", "C", "Charts"), ("quit", "Q", "Quit"))


RESUME_LABEL = 25  # the widest label of the menu's box (one cell short of its border: it ran into it;
# "Resume D-Day, autosave-2" whole: at 23 the slot's number was cut)


class TitleScreen(Screen[None]):
    """A plain menu: it needs nothing of the engine, so it is up at once."""

    BINDINGS = [
        Binding("r", "choose('resume')", "Resume"),
        Binding("n", "choose('new')", "New game"),
        Binding("l", "choose('load')", "Load game"),
        Binding("w", "choose('computers')", "Watch"),
        Binding("c", "choose('charts')", "Charts"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("enter", "pick", "Choose", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0
        self.resume: dict[str, Any] | None = None  # the save Resume loads (resume.newest_game's), once found

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="title")  # one widget: the title is up as fast as can be

    def on_screen_resume(self) -> None:
        """Each time the title comes up (a load refused brings it back: the save is then passed over)."""
        self.run_worker(self._look_for_a_game, name="resume", thread=True, exit_on_error=False, exclusive=True)

    def _look_for_a_game(self) -> None:
        from ..resume import newest_game  # (without the engine: it is imported in the main thread only)
        from ..userdirs import saves_dir
        self.app.call_from_thread(self._offer, newest_game(saves_dir()))

    def _offer(self, save: dict[str, Any] | None) -> None:
        self.cursor += (save is not None) - (self.resume is not None)  # (still on the line it was on)
        self.resume = save
        self.query_one("#title", Static).update(self.title_text())

    @property
    def menu(self) -> tuple[tuple[str, str, str], ...]:
        if self.resume is None:
            return MENU
        label = self.resume_label()
        if cell_len(label) > RESUME_LABEL:  # (by the screen's cells: a name in wide characters broke the box)
            label = set_cell_size(label, RESUME_LABEL - 1) + "…"
        return (("resume", "R", label),) + MENU

    def resume_label(self) -> str:
        return f"Resume {self.resume['turn']}, {self.resume['name']}" if self.resume is not None else ""

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of the title for the help (F1), which has no key bar to take them from: its menu's letters."""
        resume = [] if self.resume is not None else [("R", "Resume the newest game you were playing (once found)")]
        whole = {"resume": self.resume_label()}  # (uncut: the help has the room)
        return [(key, whole.get(what, label)) for what, key, label in self.menu] + resume + \
            [("↑/↓ Enter", "Choose a line of the menu")]

    def title_text(self) -> Text:
        width = 64
        t = Text(no_wrap=True, overflow="crop")

        def line(text: str, style: str = "") -> None:
            t.append(text.center(width).rstrip() + "\n", style=style)
        rows = BANNER.strip("\n").splitlines()
        for row in rows:
            line(row.ljust(max(map(len, rows))), "bold")
        line("")
        line("BATTLE FOR NORMANDY", "bold")
        line("the 1981 wargame of D-Day and the campaign to June 30, 1944", "dim")
        line("")
        box = 30
        pad = " " * ((width - box - 2) // 2)
        t.append(pad + "╭" + "─" * box + "╮\n", style="dim")
        for i, (what, key, label) in enumerate(self.menu):
            click = Style(meta={"menu": what})  # a click on the line chooses it (on_click)
            t.append(pad + "│", style="dim")
            item = f" {key}  {label}"
            t.append(item + " " * (box - cell_len(item)), style=Style.parse("reverse" if i == self.cursor else "") + click)
            t.append("│\n", style="dim")
        t.append(pad + "╰" + "─" * box + "╯\n", style="dim")
        line("")
        t.append("Arrows and Enter, or the letter.  F1 help.".center(width).rstrip(), style="dim")
        return t

    def on_click(self, event: Click) -> None:
        what = event.style.meta.get("menu")
        if what is not None:
            event.stop()
            self.action_choose(what)

    def action_cursor(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.menu)
        self.query_one("#title", Static).update(self.title_text())

    def action_pick(self) -> None:
        self.action_choose(self.menu[self.cursor][0])

    def action_choose(self, what: str) -> None:
        if what == "resume":
            if self.resume is not None:
                self.app.load_file(self.resume["path"])  # type: ignore[attr-defined]
            else:
                self.notify("No game of yours to resume (yet: the saves are looked through as the title comes "
                            "up). L lists every save; a game played online goes on with `overlord join` and your "
                            "link.", timeout=6)
            return
        self.post_message(MenuChosen(what))  # the app starts the game, opens the load or charts screen, or quits
