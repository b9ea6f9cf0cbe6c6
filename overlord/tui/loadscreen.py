"""Choosing a save to load: name, date, turn, phase, score and who played, newest first; then each file that cannot be
loaded, with why.

The folder is read in a worker thread, so a slow disk or a folder full of big files never freezes the
game. Everything shown comes from files anyone can edit: it is shown as plain Text (never markup), and
overlord.saves has already replaced any control code in it. In a browser (``overlord serve``) the folder is
called "this browser": the server's paths are not the visitor's business.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ..engine.enums import Phase
from ..plaintext import printable
from ..saves import rescued_saves, safe_filename, saves_dir, scan_saves
from ..userdirs import browser_session_dir
from ..words import points
from .keybar import KeyBar
from .styles import GAME_CSS

# (69 letters wide at most: all that the list shows at 80x24; a longer row's end was wrapped, then cut)
NAME = 15
NAME_MOST = 60  # a save's name as the list shows it at most (its file's name, printable, is cut there)
DIALOG = 100  # the dialog's width at most (.dialog.wide): the names take what a wider window gives, up to it


def header(name_width: int = NAME) -> str:
    return f"  {'Name':<{name_width}} {'Saved':<11} {'Turn':<5} {'Phase':<9} {'Score':>5} Played"


def name_width(window_width: int) -> int:
    """The names' column: 15 letters at 80 columns, and each column more up to the dialog's width (at 120 the
    names were cut at 15 letters beside 40 empty columns)."""
    return min(NAME_MOST, NAME + max(0, min(window_width, DIALOG) - 80))
# each phase in nine letters, for the list (the game's own phase names are longer)
PHASE_SHORT = {Phase.QUESTIONS: "Set-up", Phase.AIRBORNE: "Drops", Phase.ALLOCATION: "Transport",
               Phase.INTERDICTION: "Air", Phase.ALLIED_MOVEMENT: "Al. move", Phase.ALLIED_COMBAT: "Al. fight",
               Phase.GERMAN_MOVEMENT: "Ge. move", Phase.GERMAN_COMBAT: "Ge. fight", Phase.GAME_OVER: "Over"}


@dataclass(frozen=True)
class Watch:
    """W on a save: replay it in the viewer (tui/viewer.py) rather than load it."""
    path: Path


def mark_superseded(saves: list[dict[str, Any]]) -> None:
    """A rescued game saved again since in the folder (its autosave written once the folder would take it) is an
    older position of it: its row said "rescued" as if it were the game's last, and loading it would start a branch
    (found by a helper)."""
    newest: dict[str, str] = {}
    for s in saves:
        if not s.get("rescued") and s.get("game_id"):
            newest[s["game_id"]] = max(newest.get(s["game_id"], ""), s["saved_at"])
    for s in saves:
        if s.get("rescued") and newest.get(s.get("game_id", ""), "") > s["saved_at"]:
            s["superseded"] = True


# the files that cannot be loaded the box shows whole (game.tcss: 8 lines, less its head; a long path takes two)
PROBLEMS_IN_SIGHT = 3


class LoadScreen(ModalScreen[Path | Watch | None]):
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("w", "watch", "Watch it replayed"),
                Binding("f1", "app.help", "Help"),
                # the files that cannot be loaded, below the list: past the box's first lines only a mouse reached
                # them (found by a helper)
                Binding("shift+up", "scroll_problems(-1)", "Scroll the files not loaded", show=False),
                Binding("shift+down", "scroll_problems(1)", "Scroll the files not loaded", show=False)]
    KEY_HINTS = [("↑/↓", "Choose"), ("⏎", "Load")]

    def __init__(self, message: str = "", chosen: Path | None = None) -> None:
        """``message``: why the save last chosen could not be loaded; ``chosen``: that save, highlighted again (the
        list began at the top, and Enter pressed again loaded another)."""
        super().__init__()
        self.chosen = chosen
        self.folder = saves_dir()
        self.in_browser = browser_session_dir() is not None
        self.where = "in this browser" if self.in_browser else f"in {printable(self.folder)}"
        self.saves: list[dict[str, Any]] = []  # as saves.list_saves describes them
        self.problems: list[str] = []
        self.message = printable(message)
        self.ready = False  # the folder has been read

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text("LOAD A SAVED GAME\n", style="bold"))
            # why the last save chosen could not be loaded: first, where a small window still shows it
            yield Static(Text(self.message, style="bold reverse"), id="load-message")
            yield Static(Text(f"Reading the saves {self.where} ..."), id="load-status")
            yield OptionList(id="saves")
            with VerticalScroll(id="load-problems"):
                yield Static(id="load-problems-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#saves").display = False
        self.query_one("#load-problems").display = False
        self.query_one("#load-message").display = bool(self.message)
        self.read_folder()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def read_folder(self) -> None:
        try:
            saves, problems = scan_saves(self.folder)
            if not self.in_browser:  # (a game is rescued to the temporary folder outside a browser only)
                saves = sorted(saves + rescued_saves(self.folder), key=lambda s: s["saved_at"], reverse=True)
                mark_superseded(saves)
        except Exception as exc:  # scan_saves says what it can; anything else must not end the game
            saves, problems = [], [printable(f"{self.folder}: the saves could not be read ({exc})")]
        if self.in_browser:  # a line about the folder itself names it: not to the visitor
            problems = [p.replace(str(self.folder), "this browser's saves") for p in problems]
        if get_current_worker().is_cancelled:
            return
        try:
            self.app.call_from_thread(self.show, saves, problems)
        except RuntimeError:  # the game closed while the folder was being read
            pass

    def show(self, saves: list[dict[str, Any]], problems: list[str]) -> None:
        if not self.is_mounted:
            return  # closed while the folder was being read
        self.saves, self.problems, self.ready = saves, problems, True
        self.refresh_bindings()
        status = self.query_one("#load-status", Static)
        if saves:
            width = name_width(self.app.size.width)
            status.update(Text(header(width), style="bold"))
            options = self.query_one("#saves", OptionList)
            names = Counter(s["name"] for s in saves)
            options.add_options([Option(self.row(s, by_file=names[s["name"]] > 1, width=width), id=str(i))
                                 for i, s in enumerate(saves)])
            options.display = True
            options.highlighted = next((i for i, s in enumerate(saves) if s["path"] == self.chosen), 0)
            options.focus()
        else:
            none = (f"No saves to load {self.where} yet. A game played here saves itself as it goes, and is "
                    "here again after a reload or in a new tab." if self.in_browser else f"No saves to load {self.where}.")
            status.update(Text(none))
        if problems:
            text = Text(f"{len(problems)} file{'s' if len(problems) > 1 else ''} in the folder cannot be loaded"
                        f"{' (Shift+↑/↓ scroll them)' if len(problems) > PROBLEMS_IN_SIGHT else ''}:\n", style="bold")
            text.append("\n".join(problems))
            self.query_one("#load-problems-text", Static).update(text)
            self.query_one("#load-problems").display = True
        self.call_after_refresh(self.fit_list)

    SAVES_MOST = 14  # saves in sight at once (more scroll: the list has the keyboard; its height is set here alone)

    def fit_list(self) -> None:
        """The list of saves as tall as the window leaves it once the files that cannot be loaded are in sight: at
        80x24 the list took the room, and the last of those files was cut off where no key could reach it (found
        by a helper). The list scrolls with the keyboard; the problems' box does not have it."""
        if not self.is_mounted or not self.ready:
            return
        problems = self.query_one("#load-problems")
        most = problems.styles.max_height  # (the stylesheet's: its lines in sight at once, more scroll)
        text = self.query_one("#load-problems-text").outer_size.height
        wanted = min(int(most.value), text) if most is not None else text
        wanted = wanted + problems.styles.margin.top if problems.display else 0
        others = sum(w.outer_size.height for w in self.query(".dialog > Static") if w.display)  # (title, status)
        dialog = self.query_one(".dialog")
        frame = dialog.outer_size.height - dialog.content_size.height  # (its border and padding)
        room = self.size.height - 1 - frame - others - wanted  # (the key bar's line)
        self.query_one("#saves").styles.max_height = max(3, min(self.SAVES_MOST, room))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_list)

    def action_scroll_problems(self, way: int) -> None:
        box = self.query_one("#load-problems", VerticalScroll)
        box.scroll_relative(y=way * max(1, box.scrollable_content_region.height - 1), animate=False)

    @staticmethod
    def row(s: dict[str, Any], by_file: bool = False, width: int = NAME) -> Text:
        """A save's line: its name (its file's, when another save has the same name, or the file has another name than
        the one saved in it: copies of one save, a file renamed), date
        (month, day and time: the newest first), turn, phase, score, and who played at the keyboard (the Allied,
        the German, both, or the computers: "ai v classic") against which computer player ("German v bradley")."""
        stem = s["path"].stem  # (a file renamed, or a copy: its file's name, not the one saved in it)
        name = printable(stem, 60) if by_file or safe_filename(s["name"]) != stem else s["name"]
        if s.get("rescued"):  # (in the temporary folder; not its file's long name: R on the title says so too)
            name = "rescued, older" if s.get("superseded") else "rescued"
        when = s["saved_at"].replace("T", " ")[5:16]
        phase = PHASE_SHORT.get(s.get("phase", ""), "")
        if s.get("humans") == "None":  # the computers' game ("None" read as a value missing): which computers
            played = s.get("against") or "Computers"
        else:
            played = s.get("humans", "") + (f" v {s['against']}" if s.get("against") else "")
        name = name if len(name) <= width else name[:width - 1] + "…"
        return Text(f"{name:<{width}} {when:<11} {s['turn'][:5]:<5} {phase:<9} {points(s['score']):>5} {played}",
                    no_wrap=True, overflow="ellipsis")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every option is made with its save's index for its id
            self.dismiss(self.saves[int(event.option.id)]["path"])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_problems":
            return bool(self.problems)
        return action != "watch" or bool(self.saves)  # W once there is a save to replay

    def action_watch(self) -> None:
        """W: the save highlighted, replayed move by move in the viewer."""
        options = self.query_one("#saves", OptionList)
        option = options.highlighted_option if self.saves else None
        if option is not None and option.id is not None:
            self.dismiss(Watch(self.saves[int(option.id)]["path"]))

    def action_cancel(self) -> None:
        self.dismiss(None)
