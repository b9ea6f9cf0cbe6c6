"""The Overlord Textual app: title, set-up, the game, and the screens around it.

The app holds no rules, and does not decide what comes next: the turn controller
(overlord/turns.py, no Textual in it) does. The app shows each of its steps on the
right screen (a combat's card, the reports, a hot-seat hand-over, the question, the
final report), sends the player's answers to it, and lets the computer answer its
own prompts one by one at the display delay. The screens never import the app:
they are given the session and the app (as a ``front.Front``) when made, and post
messages (front.py) for what the app decides.

The computer players search (they play the game out on copies of it), which takes
up to a few seconds a turn, so they think in a thread (a Textual worker) on a copy
of the game. The game itself is changed only here, on the UI thread, once the
thought is in: the map and panels read it meanwhile, the keys still work, and a
save never holds half a move.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shlex
import signal
import threading
import time
import weakref
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker

from .. import gcpause, preferences
from ..plaintext import printable
from ..resume import refused
from ..userdirs import browser_session_dir, shown
from .front import GoOn, Hint, HurryUp, MenuChosen, PlayerChosen
from .styles import APP_CSS
from .terminal import tolerant
from .themes import CYCLE, DEFAULT, canonical, game_themes
from .title import TitleScreen

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.driver import Driver

    from ..ai.advice import Advice
    from ..engine.actions import Action
    from ..engine.events import Event
    from ..engine.game import Game
    from ..replaying import Replay
    from ..saves import OpenedSave
    from .loadscreen import Watch
    from .watching import WatchScreen
    from ..session import Session
    from ..turns import ChoosePlayer, HandOver, HumanTurn, Pages, ResultCard, StandingOrder, Step, Turns
    from .game_screen import GameScreen

# The title screen needs nothing of the engine: the game's own modules (the engine, the session and its turns,
# the saves, the game's screens) are imported where they are first used, when a game starts or a screen is first
# opened, so that the title is up as fast as Textual allows (benchmarks/perf.py measures the start-up against a
# bare Textual app's). No circle forces it: no screen imports the app. Python caches them after the first import.

MIN_SIZE = (80, 24)
DATA_CHECK_AFTER = 0.05  # seconds after start-up: the title is drawn first, then data/ is read and checked
DELAY_UNIT = 0.15  # seconds of pause per point of the display delay setting, after each computer move
# The pace the computer's moves are shown at: quick by default (a computer's turn takes seconds, not half a minute
# at the default delay of 3), slow at the player's choice (- while the computer moves; remembered). Space hurries.
PREFERENCE_LINES = 6  # the most lines of the notice of what the preferences file holds that is ignored
PACE_UNITS = {"quick": 0.02, "slow": DELAY_UNIT}
MAX_COMPUTER_STEPS = 200_000
RESULT_DELAYS = 8  # a fight between computers stays up this many display delays (a fight is more than a step)
# seconds at least a landing's card stays up for a German playing solo, whose coastal defence answered at his level
# for the day (or the computer's): it went by in half a second at the quick pace, unread (found by a helper); a key
# goes on at once, as on every card that goes on by itself
LANDING_READ = 6.0
# seconds at least a fight's card between two computers stays up (but at the fastest pace, which shows none): eight
# display delays at the quick pace were half a second, too short to read (found by a helper); + and - on it set the pace
CARD_READ = 1.5
# seconds at least between two rounds of a landing fought on: time to read the last round and press R to stop (at the
# quick pace's 0.06 s a whole landing was fought before a person could press it)
ROUND_PAUSE = 0.4
# seconds of play between two autosaves within a phase (besides the one at each phase): a kill -9 or a power cut
# lost a whole Allied movement phase, dozens of moves
AUTOSAVE_EVERY = 60.0
HANG_UP_GRACE = 5.0  # seconds a signalled app has to end before the process is ended for it (watch_the_exit)
THINKING_SHOWN_AFTER = 0.3  # seconds: a computer thinking longer than this says so (a quick answer does not flicker)
Result = TypeVar("Result")  # what a screen gives back when it is closed (its dismiss)


def round_pause(delay: float) -> float:
    """The pause before a round of a landing fought on, at a display delay of ``delay`` seconds (above 0)."""
    return max(delay, ROUND_PAUSE)


@dataclass
class Thought:
    """A computer player choosing its answer in a worker, for one position of one session's game."""
    session: Session
    at: int  # the number of actions played when it began: the position it is about
    started: float  # time.monotonic() when it began
    worker: Worker[Action | Exception | None] | None = None
    done: bool = False
    choice: Action | Exception | None = None  # the action chosen, or the exception the player raised (Session.take_choice)


def open_or_refuse(open_save: Callable[[Path], OpenedSave], path: Path) -> OpenedSave | Exception:
    """A save read and replayed (in a thread: ``load_file``, which imports ``open_save`` first), or why it was
    refused."""
    try:
        return open_save(path)
    except Exception as exc:  # noqa: BLE001 - a SaveError (one line), or a fault of the loader's: said, never a crash
        return exc


def farewell(path: Path, notes: Iterable[str] = ()) -> str:
    """What the command prints once the screen is given back: where the game is and how to resume it (plain text,
    not through Rich, which would wrap the command and read markup)."""
    lines = [f"Overlord: {printable(note)}" for note in notes]
    lines.append(f"Overlord: the game is saved in {printable(path)}")
    lines.append(f"Resume it with: overlord --load {shlex.quote(printable(path))}")
    return "\n".join(lines)


def small_letter(key: str) -> str | None:
    """The small letter a capital's key stands for: "F" (a terminal's Shift or Caps Lock) or "shift+f"
    (a terminal that reports the modifier); None for any other key."""
    letter = key.removeprefix("shift+")
    if len(letter) == 1 and letter.isascii() and letter.isalpha() and (letter.isupper() or key != letter):
        return letter.lower()
    return None


def handover_words(session: Session, step: HandOver) -> str:
    """What the hot-seat player taking the keyboard is told: the fights he did not see (the other player saw
    their cards), then what he is asked."""
    from .. import words
    from ..engine.prompts import AdvancePrompt, RetreatPrompt, StrategyPrompt, SupportPrompt
    from .cards import phase_name
    from .wording import event_text
    game, p = session.game, step.prompt
    what = f"{game.turn_label}: {phase_name(game)}."
    if isinstance(p, StrategyPrompt) and session.asks_coastal_answer():
        what = f"A landing at {p.landing}: say once how your coastal defences answer every landing."
    elif isinstance(p, (StrategyPrompt, SupportPrompt)) and (p.role == "defence" if isinstance(p, StrategyPrompt)
                                                             else p.defensive):
        name = game.spec(p.defender).name
        is_, its = ("are", "their") if words.is_plural(name) else ("is", "its")  # (the 2nd and 5th Rangers)
        what = f"Your {name} {is_} attacked: " + ("bombardment, then " if isinstance(p, SupportPrompt) else
                                                   "choose ") + f"{its} defence level."
    elif isinstance(p, (StrategyPrompt, SupportPrompt)):  # an attack's ("6/12: Allied combat." said nothing of it)
        target = f"the landing at {p.landing}" if p.landing else f"your attack on the {game.spec(p.defender).name}"
        what = target[0].upper() + target[1:] + (": support, then its level." if isinstance(p, SupportPrompt)
                                                 else ": choose its level.")
    elif isinstance(p, RetreatPrompt):
        what = f"Your {game.spec(p.unit).name} must retreat."
    elif isinstance(p, AdvancePrompt):
        what = f"The enemy has fallen back: may your {game.spec(p.unit).name} advance?"
    if step.news:
        before = (f"{words.plural(step.earlier, 'earlier fight')} (the log has {'it' if step.earlier == 1 else 'them'}"
                  "), then:\n") if step.earlier else ""
        what = before + "\n".join(f"{event_text(e, game)}." for e in step.news) + f"\n\n{what}"
    return what


LOOKING_KEYS = frozenset({"up", "down", "left", "right", "pageup", "pagedown", "home", "end"})  # answer nothing


class OverlordApp(App[None]):
    TITLE = "Overlord: Battle for Normandy"
    keeps_saves = True  # Ctrl+Q saves the game (a hosted game's app: the host keeps it)
    has_title = True  # the final report's Enter goes to the title (a hosted game's app has none)
    CSS_PATH = APP_CSS  # the game's screens bring their own (styles.GAME_CSS) when they first appear
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load", show=False),
        Binding("f2", "charts", "Charts", show=False),
        Binding("f3", "roster", "Roster", show=False),
        Binding("f5", "cycle_theme", "Theme", show=False),
        Binding("minus", "pace('slow')", "Slower"), Binding("plus,equals_sign", "pace('quick')", "Faster"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, seed: int | None = None, game: Game | None = None, delay: float | None = None,
                 theme: str = DEFAULT, loaded: OpenedSave | None = None, handle_signals: bool = False,
                 players: dict[str, str] | None = None, watch: Replay | None = None, watching: bool = False) -> None:
        super().__init__()
        gcpause.forget_generated_source()
        self.watch_replay = watch  # `overlord watch SAVE`: the save's replay, in the viewer, then the program ends
        self.watching = watching  # `overlord simulate --watch`: two computers play, the viewer sets the pace
        self.paused = False  # (watching) P: nothing is played until P again
        self.named_players = dict(players or {})  # side -> computer player, named on the command line
        self.handle_signals = handle_signals  # the program itself: a hang-up or kill saves the game first
        self.start_seed = seed
        self.start_game = loaded.game if loaded is not None else game
        self.start_loaded = loaded  # the save the game came from (--load), if it did
        self.delay_override = delay
        self.pace = pace if (pace := preferences.load().get("pace", "")) in PACE_UNITS else "quick"
        self.start_theme = theme
        self.turns: Turns | None = None  # the turn controller of the game being played (its session)
        self.main: Screen[Any] | None = None  # (a screen of any result: the title, the set-up, the game)
        self.hurry = False
        from .screens import HurryRun
        self.hurry_run = HurryRun()  # the keys that hurried the computer: those typed on after it finished are not taken
        self.computer_played = False  # the last step shown was the computer's move (or a standing order's)
        self.too_small = False
        self._timer: Timer | None = None
        self._waiting = False  # one of the game's own modal screens (report, hand-over) is up
        self._thought: Thought | None = None  # the computer's answer being thought, or thought and not yet played
        self._hint: Hint | None = None  # the hint asked for (T), being thought or thought
        self._workers_ended: weakref.WeakSet[Worker[Any]] = weakref.WeakSet()  # whose end was read (once each)
        self._paused_at = -1  # the number of actions played when the last pause before a landing's round began
        self.quitting = False  # the game has been saved (or given up) to quit: nothing more is played
        self.exit_watchdog: threading.Timer | None = None  # ends the process should a signalled app not end
        self.data_error: str | None = None
        self.autosave_problem: str | None = None  # why the last autosave failed (said once, until one works)
        self.autosaved_at = time.monotonic()  # when the game was last autosaved (or the app began)
        self.autosave_timer: Timer | None = None  # the autosave of moves made since, due when the minute is up
        self.farewell: str | None = None  # printed by the command once the screen is given back: where the game is
        self.crashed = False  # the app is ending on a fault (Textual's panic): the command saves the game and says so
        self.loading: Path | None = None  # the save being read and replayed in a thread (load_file)
        # the themes are in place before the stylesheet is first read, so it is read only once
        for game_theme in game_themes():
            self.register_theme(game_theme)
        self.theme = theme if (theme := canonical(self.start_theme)) in CYCLE else DEFAULT

    # ------------------------------------------------------------------ keys in either case
    async def on_event(self, event: events.Event) -> None:
        """Shift and Caps Lock: a capital letter is the key of its small letter on every screen (the help, the
        README and the key bar print capitals). The character typed stays a capital, for the save name's
        field and for the messages that echo the key."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            small = small_letter(event.key)
            if small is not None:
                event.key = small
            if self.typed_on(event):
                return
        await super().on_event(event)

    def typed_on(self, event: events.Key) -> bool:
        """A key of the run that hurried the computer, come once it has finished: ignored, and said once. Not
        Ctrl's keys nor the F keys: they ask for something (help, quit), they answer nothing; nor the arrows and the
        page keys, which scroll a report or look over the map (fifteen Downs on a report come up as the computer
        finished scrolled it one line; found by a helper)."""
        if event.key.startswith("ctrl+") or re.fullmatch(r"f\d+", event.key) or event.key in LOOKING_KEYS:
            return False
        if self.computer_moving() or self.watching:
            return False  # (any key hurries it: on_hurry_up; watching, no key answers a question: P unpaused nothing)
        if not self.hurry_run.typed_on():
            return False
        if not self.hurry_run.said:
            self.hurry_run.said = True
            words = "Ignored: that key came as the computer finished. Press it again."
            screen = self.game_screen()
            if screen is not None and self.screen is screen:  # on the question's line (a notice covered the question)
                screen.say(words)
            else:
                self.notify(words, timeout=3, markup=False)
        return True

    def get_driver_class(self) -> type[Driver]:
        return tolerant(super().get_driver_class())  # a stray byte from the terminal never ends the game

    def panic(self, *renderables: RenderableType) -> None:
        """A fault Textual cannot go on from (in its input thread, say): the app ends; the command saves the game."""
        self.crashed = True
        super().panic(*renderables)

    # ------------------------------------------------------------------ start-up
    def on_mount(self) -> None:
        if self.handle_signals:
            self._catch_signals()
        if self.start_game is not None:
            self.start(self.start_game, resumed=bool(self.start_game.actions), loaded=self.start_loaded)
        elif self.start_seed is not None:
            from ..engine.game import Game
            self.start(Game.new(None, self.start_seed))
        else:
            self.main = self.screen  # the title is the default screen (get_default_screen): no screen to push
            self.set_timer(DATA_CHECK_AFTER, self.check_data)  # once the title has been drawn
        if self.watch_replay is not None:
            self.view_replay(self.watch_replay, self.watch_replay.name or "Replay", then=self.exit)
        else:  # (the viewer of `overlord watch` reads no preferences of the game's)
            self.set_timer(DATA_CHECK_AFTER, self.check_preferences)
        self.check_size(self.size.width, self.size.height)
        self.call_after_refresh(gcpause.resume)  # the first screen is up

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A notice, never read as markup unless asked: notices carry file names and values read from files, and a
        bracket in one (a preferences file's theme = "[/x]") ended the game at every start."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def check_preferences(self) -> None:
        """Say in the game what the preferences file holds that is ignored: its damage, and each value the game
        does not know (a theme, a pace, a commander of the wrong side). It was said only on the terminal before the
        screen came up, so seen after quitting, and some values were dropped without a word (found by a helper)."""
        from .. import preferences
        from ..ai.registry import levels
        from ..userdirs import preferences_path, shown
        from .themes import CYCLE, canonical
        if self.data_error:
            return
        said: list[str] = []
        known: dict[str, Callable[[str], bool]] = {"theme": lambda v: canonical(v) in CYCLE,
                                                   "pace": PACE_UNITS.__contains__}
        for side in ("allied", "german"):
            known[f"computer_{side}"] = known[f"hints_{side}"] = levels(side).__contains__
        preferences.unknown.clear()
        for key, value in preferences.load(said.append).items():
            if key in known and not known[key](value):
                preferences.unknown.add(key)
                said.append(f"{key} = {printable(value, 40)!r} is not one the game knows; it is ignored")
        if said:  # in one notice (one each covered the title's menu), of a few lines (200 ran off the screen)
            where = printable(preferences_path())
            lines = [line.removeprefix(f"{where}: ") for line in said]
            if len(lines) > PREFERENCE_LINES:
                lines[PREFERENCE_LINES - 1:] = [f"... and {len(lines) - PREFERENCE_LINES + 1} more ignored"]
            # (in a browser the file is "this browser's saves/...": the page never names a server folder)
            self.notify("\n".join(lines), severity="warning", timeout=15,
                        title=f"Preferences ({printable(shown(preferences_path()))})")

    def check_data(self) -> None:
        """Read and check data/ once the title is up (a game started from the command line has done it
        already): a bad file ends the program with its one-line error."""
        from ..engine.data import DataError, cached_data
        try:
            cached_data()
        except DataError as exc:
            self.data_error = str(exc)
            self.exit(return_code=2)

    def get_default_screen(self) -> Screen[Any]:
        if self.start_game is None and self.start_seed is None:
            return TitleScreen()
        return super().get_default_screen()

    @property
    def session(self) -> Session | None:
        """The game being played (None on the title)."""
        return self.turns.session if self.turns is not None else None

    @property
    def playing(self) -> Session:
        """The session of the game being played: for what runs only while there is one (its screens, its
        turns, its saving)."""
        if self.session is None:
            raise AssertionError("no game is being played")
        return self.session

    @property
    def playing_turns(self) -> Turns:
        """The turn controller of the game being played, for what runs only while there is one."""
        if self.turns is None:
            raise AssertionError("no game is being played")
        return self.turns

    def show_title(self) -> None:
        self.cancel_timer()
        self.turns = None
        self.paused = False  # (Escape from watching the computers, paused or not: the next game plays)
        self._set_main(TitleScreen())

    def new_game(self, seed: int | None = None) -> None:
        from ..engine.game import Game
        self.watching = False
        self.start(Game.new(None, seed if seed is not None else random.randrange(1, 1_000_000)))

    def watch_computers(self) -> None:
        """The title's W: a campaign between the two computer players (the game's own, unless named on the command
        line), watched at a pace the viewer sets, as `overlord simulate --watch` plays one."""
        from ..engine.game import Game
        from ..engine.settings import Settings
        self.watching, self.paused = True, False
        self.start(Game.new(Settings(allied_player="computer", german_player="computer"), random.randrange(1, 1_000_000)))

    def start(self, game: Game, resumed: bool = False, loaded: OpenedSave | None = None) -> None:
        from ..session import Session
        from ..turns import Turns
        self.cancel_timer()
        if resumed or loaded:
            session = Session.resumed(game, loaded)
            for side, name in self.named_players.items():  # the command line's players take over from the save's
                session.choose_player(side, name)
        else:
            session = Session(game)
            session.name_players(self.named_players)
        session.autosaves = not self.watching  # (the computers' game, watched, is not saved)
        self.turns = Turns(session)
        self.hurry, self.paused = False, False
        self._waiting = False
        self.main = None
        self.advance()

    def load_file(self, path: Path | str) -> None:
        """Load a save in place of the game being played. The file is read and replayed in a thread (a long game
        takes a moment), while the game being played stays on screen; when it is in, that game is autosaved
        first (never over the file being loaded), and if it cannot be, the player is asked before it is given
        up. ``loading`` says a load is under way."""
        if self.loading is not None:
            return  # one at a time: the first asked is loaded
        # the engine imported here, in the main thread: R pressed as the title came up loaded in a thread while
        # the check of data/ imported it in the main one, and the two met its modules half made (a crash)
        from ..saves import open_save
        self.loading = Path(path)
        self.notify(f"Loading {printable(self.loading.name)} ...", timeout=2, markup=False)
        self.run_worker(partial(open_or_refuse, open_save, self.loading), name="load", group="load", thread=True,
                        exit_on_error=False)

    def _loaded_in(self, opened: OpenedSave | Exception) -> None:
        """The save read and replayed (or refused): it replaces the game being played."""
        from ..saves import write_problem
        from .loadscreen import LoadScreen
        from .screens import ConfirmScreen
        tried, self.loading = self.loading, None
        if isinstance(opened, Exception):  # refused (SaveError, one line), or a fault of the loader's own
            if tried is not None:
                refused.add(tried)  # (the title's Resume offers the next game, not this one for ever)
            self._user_modal(LoadScreen(printable(opened), chosen=tried), self._loaded)
            return
        s = self.session
        if s is not None and not s.game.over:
            try:
                s.autosave(avoid=opened.path)
            except OSError as exc:
                self._show_notes()
                question = (f"The game being played could not be saved: {write_problem(exc)}\n\n"
                            f"Load {printable(opened.path.name)} anyway, and lose the game being played?")
                self._user_modal(ConfirmScreen(question, "load"), lambda yes: self._resume(opened) if yes else None)
                return
            self._show_notes()
        self._resume(opened)

    def _resume(self, opened: OpenedSave) -> None:
        from .cards import phase_name
        self.watching = False
        self.start(opened.game, resumed=True, loaded=opened)
        # (a set-up is before D-Day: "D-Day, Scenario" named a turn not begun, and the Load list says "Set-up")
        where = "the set-up" if opened.game.phase == "questions" else \
            f"{opened.game.turn_label}, {phase_name(opened.game)}"
        self.notify(f"Loaded {printable(opened.path.name)}: {where}.", timeout=4)

    # ------------------------------------------------------------------ the main screen
    def _set_main(self, screen: Screen[Any]) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.main = screen
        gcpause.forget_generated_source()  # (again: see _autosave_phase)
        if self.too_small:
            self.too_small = False
            self.check_size(self.size.width, self.size.height)

    def _show_main(self) -> None:
        from ..engine.prompts import QuestionPrompt
        # only the screen wanted is imported: the scenario questions come up without the game screen's code
        wanted: type[Screen[None]]
        if isinstance(self.playing.game.prompt, QuestionPrompt) or self.playing.player_choice_pending():
            from .setup_screen import SetupScreen
            wanted = SetupScreen
        else:
            from .game_screen import GameScreen
            wanted = GameScreen
            if self.watching:  # (`overlord simulate --watch`) the game's screen, with the pace and the pause
                from .watching import WatchScreen
                wanted = WatchScreen
        if not isinstance(self.main, wanted):
            self._set_main(wanted(self.playing, self))

    def game_screen(self) -> GameScreen | None:
        """The game's screen, when it is the main screen (not the set-up, the title or the final report)."""
        from .game_screen import GameScreen
        return self.main if isinstance(self.main, GameScreen) else None

    def refresh_main(self) -> None:
        main = self.main
        if main is not None and hasattr(main, "refresh_view") and main.is_mounted:  # the game or the set-up screen
            main.refresh_view()

    def accepting(self) -> bool:
        """May the person at the keyboard answer the prompt now?"""
        s = self.session
        return (s is not None and not self._waiting and not self.too_small and s.human_to_move
                and self.screen is self.main)

    def computer_moving(self) -> bool:
        """Is the game answering by itself now (a computer player, or a standing order: a landing fought on, the
        German's answer for his coastal defences)? Any key then hurries it."""
        s = self.session
        return s is not None and not s.game.over and not s.human_to_move and self.screen is self.main \
            and not self.paused  # (paused while watching the computers: nothing to hurry)

    def fighting_on(self) -> bool:
        """Is a landing being fought on by the Allied player's order (R stops it between two rounds)? Not while
        a player answers by hand (the German's first coastal question: the order is not his to see or stop)."""
        s = self.session
        return s is not None and s.fight_on is not None and not s.human_to_move and self.screen is self.main

    # ------------------------------------------------------------------ playing
    def answer(self, action: Action) -> list[Event]:
        """The player's answer: apply it, show what it did, and go on. Returns the events it caused ([] when the
        engine refused it: the game screen says why)."""
        from ..engine.game import IllegalAction
        try:
            events = self.playing_turns.answer(action)
        except IllegalAction as exc:
            if (screen := self.game_screen()) is not None:
                screen.say(str(exc))
            return []
        self._add_events(events)  # the log, just below the question, says where a division came down
        self.advance()
        return events

    def on_player_chosen(self, message: PlayerChosen) -> None:
        """The set-up's answer to who commands the computer side: that player plays it, and the game goes on."""
        s = self.session
        if s is None or s.player_choice_pending() != message.side:
            return  # (Enter pressed twice: the first chose)
        s.choose_player(message.side, message.name)
        try:
            preferences.remember(**{f"computer_{message.side}": message.name})  # shown first in the next set-up
        except OSError as exc:
            self.notify(f"The choice could not be remembered: {exc}", severity="warning", timeout=4, markup=False)
        self.advance()

    def on_watch_screen_paced(self, message: WatchScreen.Paced) -> None:
        """+ and - while watching the computers: a shorter or longer pause after each move."""
        from .watching import pace, pace_words
        self.delay_override, self.hurry = pace(self.delay, message.faster), False
        if (screen := self.game_screen()) is not None:
            screen.say(pace_words(self.delay))

    def on_watch_screen_pause_toggled(self, _message: WatchScreen.PauseToggled) -> None:
        """P while watching the computers: nothing more is played until P again."""
        self.paused = not self.paused
        if (screen := self.game_screen()) is not None:
            screen.say("Paused: P plays on." if self.paused else "Playing on.")
            screen.refresh_view()  # (the panel says PAUSED, and the key bar offers no hurry)
        self.advance()

    def on_hurry_up(self, _message: HurryUp) -> None:
        self.hurry = True
        self.hurry_run.hurried()
        self.advance()

    def on_go_on(self, _message: GoOn) -> None:
        self.advance()

    def on_menu_chosen(self, message: MenuChosen) -> None:
        """The title's menu, and the final report's keys."""
        chosen: dict[str, Callable[[], Any]] = {"new": self.new_game, "load": self.action_load,
                                                "charts": self.action_charts, "quit": self.action_quit,
                                                "title": self.show_title, "watch": self.watch_game,
                                                "computers": self.watch_computers}
        chosen[message.what]()

    def advance(self) -> None:
        """Bring the screens up to date: show the turn controller's steps (overlord/turns.py), one after the
        other, until one waits: for a key (the question, a card, the reports, a hand-over, the final report),
        for the computer's thought, or for the display delay."""
        turns = self.turns
        if turns is None or self._waiting or self.too_small or self.quitting or self.paused:
            return
        if not self.is_running or not self.screen_stack:  # (a timer's call as the app closes: the screens are gone;
            return  # "No screens on stack" failed a test on a loaded machine)
        if self.main is not None and self.screen is not self.main:
            return  # a help, charts or save screen is up; closing it calls advance again
        self.cancel_timer()
        for _ in range(MAX_COMPUTER_STEPS):
            if not self._show_step(turns, turns.next_step()):
                return

    def _show_step(self, turns: Turns, step: Step) -> bool:
        """Show one step; True when the next may follow at once."""
        from ..turns import ChoosePlayer, ComputerTurn, GameOver, HandOver, HumanTurn, Pages, ResultCard, StandingOrder
        if isinstance(step, StandingOrder | ComputerTurn):
            self.computer_played = True
        elif self.computer_played and not (isinstance(step, ResultCard) and step.by_computers or self.watching):
            # a person's screen after the computer's moves (a card, the final report too: a double Enter skipped
            # it): keys pressed as they ended are not its answers (a player who began pressing Enter as the German
            # finished answered the reports, the allocation and the interdiction; found by helpers): they begin a
            # run of keys (HurryRun), as keys that hurried it do
            self.computer_played = False
            self.hurry_run.hurried()
        if isinstance(step, ResultCard):
            return self._show_card(turns, step)
        if isinstance(step, GameOver):
            self._show_final()
            return False
        if isinstance(step, Pages) and self.watching:  # the reports are in the log: the computers play on
            turns.shown(step)
            return True
        if isinstance(step, Pages):
            self._show_pages(turns, step)
            return False
        self._show_main()
        if isinstance(step, StandingOrder):  # a landing fought on, a coastal defence's level for the day
            return self._play_standing_order(turns, step)
        if isinstance(step, ComputerTurn):
            return self._play_computer(turns)
        self.hurry = False
        if isinstance(step, HandOver):
            self._show_handover(turns, step)
        elif isinstance(step, (HumanTurn, ChoosePlayer)):  # (Arrived, Waiting: a hosted game's, online/join.py)
            self._ask(turns, step)
        return False

    def _show_card(self, turns: Turns, card: ResultCard) -> bool:
        """A combat's result on its card, the game going on once it is closed. A fight a player took part in
        stays until a key; one between computers for the display delay (none when hurried). True when skipped."""
        from .screens import CombatResultScreen
        from .wording import assault_card, result_card
        timeout, paced = None, True
        if card.by_computers:
            own = card.assault is not None and not self.playing.is_computer("german")  # his coastal defence's landing
            if self.delay <= 0 or self.hurry and not own:  # (a Space hurrying the Allies' sailing took every one away)
                turns.shown(card)
                return True
            timeout = self.card_time()
            if own and timeout < LANDING_READ:
                timeout, paced = LANDING_READ, False  # time to read it
        game = self.playing.game
        text = assault_card(game, card.assault) if card.assault is not None \
            else result_card(game, list(card.results), list(card.others))
        turns.shown(card)
        self.refresh_main()
        self._modal(CombatResultScreen(text, timeout, paced, guarded=self.playing.hot_seat,
                                       repace=self.repace if self.watching and paced else None))
        return False

    def card_time(self) -> float:
        """How long a fight's card between computers stays up at the pace set (0: the fastest, which shows none)."""
        return max(self.delay * RESULT_DELAYS, CARD_READ) if self.delay > 0 else 0.0

    def repace(self, faster: bool) -> float:
        """+ or - on a card of the computers' game watched: the pace is set as on the game's screen (which the card
        covers: the key went on with the game, at the pace it was meant to change; found by a helper). The card's
        time at the new pace is returned (0: it goes on)."""
        from .watching import pace, pace_words
        self.delay_override, self.hurry = pace(self.delay, faster), False
        self.notify(pace_words(self.delay), timeout=3, markup=False)
        return self.card_time()

    def _ask(self, turns: Turns, step: HumanTurn | ChoosePlayer) -> None:
        """The person at the keyboard answers. In hot-seat, a side that takes it with nothing to hide (a movement,
        an attack's choice, a defence once the attacker has chosen) is told so on the question's line, without a
        hand-over screen."""
        from ..session import answers_a_choice_made
        from ..turns import HandOver, HumanTurn
        from .cards import SIDE_NAME, phase_name
        screen = self.game_screen()
        if isinstance(step, HumanTurn) and step.takes_keyboard and screen is not None:
            what = f"{phase_name(self.playing.game)}."
            if answers_a_choice_made(step.prompt):  # what is asked, as a hand-over says it ("your ... is attacked")
                said = handover_words(self.playing, HandOver(step.side, step.prompt, ()))
                what = said[0].lower() + said[1:]
            screen.say(f"The {SIDE_NAME[step.side]} player takes the keyboard: {what}")
        stopped, self.playing.march_stopped = self.playing.march_stopped, None
        if stopped is not None and screen is not None:  # a hosted game's march (G, B) ended short of its end
            from .routing import march_stopped_words
            screen.say(march_stopped_words(self.playing.game, *stopped))
        turns.shown(step)
        self._autosave_phase()
        self.refresh_main()

    def _pause_before_round(self, step: StandingOrder) -> bool:
        """Before each round of a landing fought on, a pause of the display delay (ROUND_PAUSE at least), for the
        player to see the last round in the log and to stop (R); True when the pause has begun. Hurried, or with
        no display delay, there is none."""
        at = len(self.playing.game.actions)
        if self.delay <= 0 or self.hurry or self._paused_at == at or not step.new_round:
            return False
        self._paused_at = at
        self.refresh_main()
        self._timer = self.set_timer(round_pause(self.delay), self.advance)
        return True

    def _play_standing_order(self, turns: Turns, step: StandingOrder) -> bool:
        """Play a standing order's answer (the session chose it for the player): shown as the player's own."""
        if self._pause_before_round(step):
            return False  # the pause's end comes back here
        s = turns.session
        self._add_events(turns.answer(step.action))
        if not s.game.over and s.answered_by_computer():
            self._think()  # the computer's next answer is thought during the pause
        return True  # its card, if it has one, is the next step

    def _play_computer(self, turns: Turns) -> bool:
        """The computer's answer, once thought (in a worker: its coming in calls advance again). Then the display
        delay before the next, unless its card is shown or the player hurries."""
        thought = self._think()
        if not thought.done:
            self.refresh_main()
            return False
        self._thought = None
        s = turns.session
        events = turns.computer_answer(thought.choice)  # (an error is answered safely, and said: Session.take_choice)
        self._autosave_phase()
        self._add_events(events)
        if self.watching and any(e.kind == "PhaseStarted" for e in events):
            self.hurry = False  # two computers watched: a key hurries the phase under way, not the rest of the game
        if not s.game.over and s.answered_by_computer():
            self._think()  # the next answer is thought during the display delay, a report or a combat's card
        if turns.card is not None:
            return True  # closing the card comes back here
        if events and self.delay > 0 and not self.hurry:
            self.refresh_main()
            self._timer = self.set_timer(self.delay, self.advance)
            return False
        return True

    def _add_events(self, events: list[Event]) -> None:
        if (screen := self.game_screen()) is not None:
            screen.add_events(events)

    # ------------------------------------------------------------------ the computer thinking
    def _think(self) -> Thought:
        """The computer's thought for the game as it stands, begun if it has not been. The player chooses on a
        copy of the game in a thread worker; it is asked once for each position, in the order of play, so it
        answers exactly as it does in a game without a screen (its own generator draws the same numbers)."""
        from ..session import think
        s = self.playing
        at = len(s.game.actions)
        if self._thought is not None and self._thought.session is s and self._thought.at == at:
            return self._thought
        thought = self._thought = Thought(s, at, time.monotonic())
        thought.worker = self.run_worker(partial(think, s.computer_player(), s.copy_of_game()), name="think",
                                         group="think", thread=True, exit_on_error=False)
        self.set_timer(THINKING_SHOWN_AFTER, self._say_thinking)
        return thought

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A save is in (``load_file``); or a thought is in: keep the choice, and play it unless a screen is up
        (closing it plays it). A worker's end is read once: on a loaded machine a quick worker has ended before its
        "pending" and "running" events are handled, and each of them found it finished (a save was loaded three
        times over, said three times; found by a helper)."""
        if not event.worker.is_finished or event.worker in self._workers_ended:
            return
        self._workers_ended.add(event.worker)
        if event.worker.name == "load":
            self._load_done(event.worker)
            return
        if event.worker.name == "hint":
            self._hint_done(event.worker)
            return
        thought = self._thought
        if thought is None or event.worker is not thought.worker or thought.session is not self.session:
            return  # a thought about a game no longer played (another was loaded)
        if self.quitting or not self.is_running:
            return  # the app is closing (its screens may be gone): the game stays as it was saved
        worker = event.worker
        if not worker.is_finished or worker.is_cancelled:
            return  # still thinking, or cancelled as the app closes
        # (an error is answered safely, and said: Session.take_choice)
        error = worker.error  # (a BaseException that is not an Exception: no choice, a safe answer)
        thought.choice = worker.result if error is None else error if isinstance(error, Exception) else None
        thought.done = True
        if self._timer is None:  # else the display delay is running: its end plays the thought
            self.advance()

    # ------------------------------------------------------------------ hints
    def ask_hint(self) -> str:
        """T: ask the computer player of the side to answer what a hint for the question being asked would be: begun
        in a worker ("asked"), the hint already in ("ready"), or, asked again while it is thought, given up
        ("cancelled"). The keys work meanwhile; a hint that comes in for another question is dropped."""
        from ..session import hint
        s = self.playing
        at = len(s.game.actions)
        h = self._hint
        if h is not None and h.session is s and h.at == at:
            if h.done:
                return "ready"
            if h.worker is not None:
                h.worker.cancel()
            self._hint = None
            return "cancelled"
        side = str(s.game.prompt.side)
        h = self._hint = Hint(s, at, side, s.advisor(side))
        h.worker = self.run_worker(partial(hint, s.copy_of_game(), h.player, s.advice_memory), name="hint",
                                   group="hint", thread=True, exit_on_error=False)
        return "asked"

    def hint_now(self) -> Hint | None:
        """The hint asked for the question being asked now (thought or not), if one was."""
        h, s = self._hint, self.session
        if h is None or s is None or h.session is not s or h.at != len(s.game.actions):
            return None
        return h

    def hint_ready(self) -> Advice | None:
        """The advice of the hint for the question being asked, once it is in (None otherwise, or if it failed)."""
        from ..ai.advice import Advice
        h = self.hint_now()
        return h.advice if h is not None and h.done and isinstance(h.advice, Advice) else None

    def _hint_done(self, worker: Worker[Advice | Exception]) -> None:
        h = self._hint
        if h is None or worker is not h.worker or not worker.is_finished or worker.is_cancelled:
            return  # still thinking, cancelled, or a hint given up for another
        if self.quitting or not self.is_running:
            return
        h.advice, h.done = (worker.result if worker.error is None else worker.error), True
        screen = self.game_screen()
        if self.hint_now() is h and screen is not None and screen.is_mounted:
            screen.show_hint(h)

    def _load_done(self, worker: Worker[OpenedSave | Exception]) -> None:
        if not worker.is_finished or self.quitting or not self.is_running:
            return  # still loading, or the app is closing
        if worker.is_cancelled:
            self.loading = None
            return
        result = worker.result
        if worker.error is not None or result is None:  # (open_or_refuse returns every Exception: this is graver)
            result = RuntimeError(f"{self.loading}: the save could not be loaded ({worker.error!r})")
        self._loaded_in(result)

    def _say_thinking(self) -> None:
        """The question's panel says "the German is thinking" once a thought has taken a while."""
        if self.is_running and self.thinking():  # (not while the app closes: the screens are going)
            self.refresh_main()

    def thinking(self) -> bool:
        """Is a computer player choosing its answer now?"""
        thought = self._thought
        return thought is not None and thought.session is self.session and not thought.done

    def thinking_for(self) -> float | None:
        """For how many seconds the computer has been thinking, once it is long enough to be said; else None."""
        thought = self._thought
        if thought is None or not self.thinking():
            return None
        seconds = time.monotonic() - thought.started
        return seconds if seconds >= THINKING_SHOWN_AFTER else None

    @property
    def delay(self) -> float:
        if self.delay_override is not None:
            return self.delay_override
        return self.playing.game.settings.display_delay * PACE_UNITS[self.pace]

    def action_pace(self, pace: str) -> None:
        """- or + while the computer moves: its moves shown slowly, or quickly again (remembered for the next game)."""
        self.pace, self.hurry = pace, False
        self.notify("The computer's moves are shown slowly: + for quicker" if pace == "slow"
                    else "The computer's moves are shown quickly: - for slower", timeout=3)
        try:
            preferences.remember(pace=pace)
        except OSError as exc:
            self.notify(f"The pace could not be remembered: {exc}", severity="warning", timeout=4, markup=False)

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _modal(self, screen: Screen[Result]) -> None:
        self._waiting = True
        turns = self.turns

        def done(_result: Result | None = None) -> None:
            self._waiting = False
            if turns is not None and turns is self.turns:  # (not another game's, loaded meanwhile)
                turns.read()
            self.advance()
        self.push_screen(screen, done)

    def _show_pages(self, turns: Turns, pages: Pages) -> None:
        """The reports between turns; at the end of a turn, the campaign so far in plots below them."""
        from .history import session_campaign
        from .reporting import page_text
        from .screens import ReportScreen
        self._autosave_phase()
        self.refresh_main()
        turns.shown(pages)
        plots = session_campaign(turns.session) if pages.ends_turn else None
        self._modal(ReportScreen([page_text(e, game=self.playing.game) for e in pages.events], plots))

    def _show_handover(self, turns: Turns, step: HandOver) -> None:
        from .cards import SIDE_NAME
        from .screens import HandOverScreen
        what = handover_words(turns.session, step)
        self.refresh_main()
        turns.shown(step)
        self._modal(HandOverScreen(SIDE_NAME[step.side], what))

    def _show_final(self) -> None:
        from .final import FinalScreen
        from .history import session_campaign
        from ..saves import is_autosave_slot
        s = self.playing
        self._autosave_phase()  # a game that ends in play is saved at its end; one loaded finished is not written
        self.cancel_timer()
        if not isinstance(self.main, FinalScreen):
            # a finished game's autosave is the slot a new game takes: said, so that Ctrl+S can keep it (it was lost
            # at the next game without a word; found by a helper)
            slot = s.saved_in if self.keeps_saves and s.autosaves and s.saved_in is not None \
                and is_autosave_slot(s.saved_in) else None
            self._set_main(FinalScreen(s.game, s.humans, session_campaign(s), autosaved_in=slot))

    # ------------------------------------------------------------------ autosaving
    def _autosave_phase(self) -> None:
        """The autosave at each new phase, and within a phase every AUTOSAVE_EVERY seconds; a failure is said once
        (and again if the reason changes)."""
        from ..saves import write_problem
        # attrs and cattrs write code, kept in linecache, whenever a class is first made or (un)structured: a
        # screen's module first imported, the state's first autosave, a player's first plan. The app dropped
        # what start-up made; what play makes is dropped here and as each main screen comes up.
        gcpause.forget_generated_source()
        try:
            wrote = self.playing.autosave_if_new_phase()
            if wrote or time.monotonic() - self.autosaved_at >= AUTOSAVE_EVERY:  # (a long phase: now and then too)
                self.autosaved_at = time.monotonic()  # (set first: a disk that refuses is tried again in a while)
                if not wrote:
                    self.playing.autosave()  # (nothing written when nothing is new)
                    wrote = True
        except OSError as exc:
            problem = write_problem(exc)
            if problem != self.autosave_problem:
                self.autosave_problem = problem
                self.notify(f"The game could not be autosaved: {problem}", severity="error", timeout=10, markup=False)
        else:
            if wrote and self.autosave_problem is not None:
                self.autosave_problem = None
                where = shown(self.playing.saved_in) if self.playing.saved_in else "the saves"
                self.notify(f"Autosaved again, in {printable(where)}.", timeout=4, markup=False)
            if not wrote:
                self._autosave_when_due()
        self._show_notes()

    def _autosave_when_due(self) -> None:
        """The moves made since the last autosave are written when its minute is up, even if no more come: it was
        checked only at the next move, and a kill -9 after a pause to think lost the phase's last moves (found by
        a helper)."""
        if self.autosave_timer is not None:
            return
        wait = max(0.0, AUTOSAVE_EVERY - (time.monotonic() - self.autosaved_at))

        def due() -> None:
            self.autosave_timer = None
            if self.session is not None and not self.quitting and self.is_running:
                self._autosave_phase()
        self.autosave_timer = self.set_timer(wait, due)

    def _show_notes(self) -> None:
        if self.session is not None:
            for note in self.session.notes:
                self.notify(printable(note), severity="warning", timeout=8, markup=False)
            self.session.notes.clear()

    # ------------------------------------------------------------------ the terminal's size
    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def what_quitting_does(self) -> str:
        """Ctrl+Q in words: it saves a game played here, leaves a hosted one to its host, and else just quits (the
        title, the replay viewer, the computers' game watched)."""
        if not self.keeps_saves:
            return "Ctrl+Q quits; the host keeps the game"
        if self.session is not None and self.session.autosaves and not self.session.game.over:
            return "Ctrl+Q saves and quits"
        return "Ctrl+Q quits"

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if not small and not self.too_small:
            return
        from .screens import TooSmallScreen
        if small and not self.too_small:
            self.too_small = True
            self.cancel_timer()
            self.push_screen(TooSmallScreen(MIN_SIZE, self.what_quitting_does()))
        elif small:
            if isinstance(self.screen, TooSmallScreen):
                self.screen.show(width, height)
        elif self.too_small:
            self.too_small = False
            from .screens import ConfirmScreen
            stack = self.screen_stack
            small_at = next((i for i, screen in enumerate(stack) if isinstance(screen, TooSmallScreen)), None)
            # Ctrl+Q's question, asked over the small window when the game could not be saved, is asked again
            # (it went with the small window's notice, and the quit pressed came to nothing; found in tmux)
            quit_asked = [screen.question for screen in stack[small_at + 1:] if isinstance(screen, ConfirmScreen)
                          and screen.topic == "quit"] if small_at is not None else []
            if small_at is not None:
                while not isinstance(self.screen, TooSmallScreen):
                    self.pop_screen()
                self.pop_screen()
            if quit_asked:
                self.push_screen(ConfirmScreen(quit_asked[-1], "quit"), self._quit_unsaved)
            else:
                self.call_after_refresh(self.advance)

    # ------------------------------------------------------------------ commands
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small and action not in ("quit",):
            return False
        if action == "command_palette":  # not past a hand-over: the keyboard's new player presses Enter there first
            from .screens import HandOverScreen
            return not isinstance(self.screen, HandOverScreen)
        if action in ("roster", "history"):  # not in the set-up: no unit is placed, no point scored yet
            return self.session is not None and self.session.game.phase != "questions"  # (Phase.QUESTIONS)
        if action == "save":  # (a finished game too: saved under a name)
            return self.session is not None
        if action == "pace":  # while the computer moves, the other pace than the one shown
            return self.computer_moving() and parameters[:1] != (self.pace,)
        if action == "hints_from":  # a game with a side of a person's at the keyboard
            return self.hinted_side() is not None
        if action == "orders":  # a hosted game's standing orders: only a joined game has them (online/join.py)
            return False
        if action == "review":  # at a person's question in the game's screen, once something has been played
            return self.accepting() and self.game_screen() is not None and bool(self.playing.game.actions)
        return True

    def _user_modal(self, screen: Screen[Result], callback: Callable[[Result | None], None] | None = None) -> None:
        if self.too_small:
            return

        def done(result: Result | None = None) -> None:
            if callback is not None:
                callback(result)
            self.call_after_refresh(self.advance)
        self.push_screen(screen, done)

    def action_help(self) -> None:
        from ..engine import view
        from .keybar import KeyBar
        from .screens import HelpScreen
        if not isinstance(self.screen, HelpScreen):  # first the keys of the screen it is opened from, all of them
            here = [entry for bar in self.screen.query(KeyBar).results(KeyBar) for entry in bar.every_key()]
            if not here and hasattr(self.screen, "help_keys"):  # (a screen without a key bar: the title's menu)
                here = self.screen.help_keys()
            who_plays = ""
            if self.session is not None and self.game_screen():  # who plays, and at what (the set-up's answers)
                who_plays = f"{self.session.who_plays_words()} {view.settings_words(self.session.game)}"
            self._user_modal(HelpScreen(here, who_plays))

    def action_charts(self) -> None:
        from .charts_screen import ChartsScreen
        if not isinstance(self.screen, ChartsScreen):
            self._user_modal(ChartsScreen())

    def action_map_key(self) -> None:
        from .screens import MapKeyScreen
        if not isinstance(self.screen, MapKeyScreen):
            self._user_modal(MapKeyScreen())

    def action_history(self) -> None:
        from .history import HistoryScreen
        if self.session is not None and not isinstance(self.screen, HistoryScreen):
            self._user_modal(HistoryScreen(self.session))

    def action_roster(self) -> None:
        from .roster import RosterScreen
        if self.session is not None and not isinstance(self.screen, RosterScreen):
            humans = self.session.humans
            first = humans[0] if len(humans) == 1 else "allied"  # the solo player's own units first
            self._user_modal(RosterScreen(self.session.game, first), self._look_at)

    def _look_at(self, uid: str | None) -> None:
        """The unit chosen in the roster: moved next if it may be, else looked at on the map."""
        from ..engine.actions import ChooseUnit
        from ..engine.prompts import MovePrompt
        screen = self.game_screen()
        if uid is None or screen is None:
            return
        game = self.playing.game
        if isinstance(screen.prompt_now(), MovePrompt) and ChooseUnit(uid) in game.legal_actions():
            screen.choose(uid)
            return
        u = game.unit(uid)
        moving = isinstance(screen.prompt_now(), MovePrompt) and game.side_of(uid) == game.prompt.side
        if u.position is not None:
            screen.look = u.position
            if moving:
                screen.say(screen.why_not_chosen(u.position, uid))  # (it closed into a look without a word)
            screen.refresh_view()
        elif moving:  # (not on the map: it closed without a word)
            from .. import words
            from .cards import STATUS
            who = words.Subject(game.data, [uid])
            screen.say(f"{who.says('is', 'are')} not on the map ({STATUS.get(u.status, u.status)}): {who.verb('it', 'they')} "
                       f"cannot move.")

    def action_save(self) -> None:
        from .screens import SaveNameScreen
        from ..session import save_name_problem, save_path
        if self.session is None or isinstance(self.screen, SaveNameScreen):
            return
        g = self.session.game
        default = f"{g.turn_label.replace('/', '-')}-{g.phase.replace('_', '-')}"
        self._user_modal(SaveNameScreen(default, check=save_name_problem, file_of=lambda name: printable(
            save_path(name).name, 80)), self._save_named)

    def _save_named(self, name: str | None) -> None:
        """Save under the name typed; a name whose file exists (another save, or one that makes the same file
        name) is replaced only when the player says so."""
        from ..saves import SaveError, link_leads_out, read_document
        from .screens import ConfirmScreen
        from ..session import save_path
        if not name:
            return
        path = save_path(name)
        elsewhere = link_leads_out(path)
        if elsewhere is not None:
            self.notify(f"Not saved: {printable(path.name)} is a link to {printable(elsewhere)}, outside its "
                        "folder, and a save is never written through one. Choose another name.",
                        severity="error", timeout=10, markup=False)
            return
        if os.path.isdir(path) or os.path.exists(path) and not os.path.isfile(path):
            self.notify(f"Not saved: {printable(shown(path))} is a folder or not a regular file, and a save never "
                        "replaces one. Choose another name.", severity="error", timeout=10, markup=False)
            return
        if os.path.lexists(path):
            try:
                doc = read_document(path)
                held = f"the save \"{printable(doc.get('name') or path.stem, 60)}\" ({printable(doc.get('turn', '?'), 20)})"
            except SaveError as exc:
                held = f"a file that is not a save that can be loaded ({exc.reason})"
            question = f"{printable(path.name)} already holds {held}.\n\nReplace it with this game?"
            self._user_modal(ConfirmScreen(question, "replace"), lambda yes: self._write_named(name) if yes else None)
            return
        self._write_named(name)

    def _write_named(self, name: str) -> None:
        from ..saves import write_problem
        try:
            path = self.playing.save(name)
        except (OSError, ValueError) as exc:  # (ValueError: a name the checks let through that a path cannot hold)
            why = write_problem(exc) if isinstance(exc, OSError) else printable(str(exc))
            self.notify(f"Could not save: {why}", severity="error", timeout=10, markup=False)
            return
        from ..saves import saves_dir
        from ..session import path_like
        if path.parent == saves_dir() and path_like(name) and browser_session_dir() is not None:
            # (the path typed was made a name without a word: the page saves nowhere but among its own)
            self.notify(f"Saved as {printable(path.name)} in {printable(shown(path.parent))}: a game in a browser "
                        "is saved among this browser's saves only, not in a folder typed.", timeout=8, markup=False)
        elif path.parent == saves_dir():
            self.notify(f"Saved as {printable(path.name)} in {printable(shown(path.parent))}.", timeout=4, markup=False)
        else:  # (the Load list and R on the title look in the saves folder only)
            where = printable(shown(path.absolute()))  # ("./rel" was said to be saved "in .")
            self.notify(f"Saved as {where}: overlord --load {where} loads it.", timeout=8, markup=False)

    def action_load(self) -> None:
        self.list_saves()

    def list_saves(self, chosen: Path | None = None) -> None:
        """The list of saves to load (``chosen``: a save highlighted in it)."""
        from .loadscreen import LoadScreen
        if not isinstance(self.screen, LoadScreen):
            self._user_modal(LoadScreen(chosen=chosen), self._loaded)

    def _loaded(self, path: Path | Watch | None) -> None:
        from .loadscreen import Watch
        if isinstance(path, Watch):  # closed, it goes back to the list of saves, the save watched highlighted (the
            # list began at the top, and Enter loaded another; found by a helper)
            self.watch_file(path.path, then=partial(self.list_saves, path.path))
        elif path is not None:
            self.load_file(path)

    # ------------------------------------------------------------------ the replay viewer (tui/viewer.py)
    def view_replay(self, replay: Replay, title: str, side: str | None = None,
                    then: Callable[[], None] | None = None, allocation_seen: bool = False) -> None:
        """A game replayed in the viewer (``side``: that player's review of the other side's turn); the game
        being played waits under it. ``then``: what comes once it is closed (the end of the program for
        ``overlord watch``, the list of saves it was chosen from)."""
        from .viewer import ViewerScreen
        screen = ViewerScreen(replay, title, side=side, allocation_seen=allocation_seen)
        self._user_modal(screen, None if then is None else lambda _: then())

    def watch_file(self, path: Path, then: Callable[[], None] | None = None) -> None:
        """W on the Load screen: the save replayed in the viewer (read here, replayed in the viewer's worker)."""
        from ..replaying import Replay
        from ..saves import SaveError
        from .loadscreen import LoadScreen
        try:
            replay = Replay.of_save(path)
        except SaveError as exc:  # said on the list it was chosen from, as a load refused is (a notice over the
            # title was missed, and the next Enter began a new game; found by a helper)
            self._user_modal(LoadScreen(printable(str(exc)), chosen=path), self._loaded)
            return
        self.view_replay(replay, replay.name, then=then)

    def watch_game(self) -> None:
        """W on the final report: the game just ended, replayed from its start."""
        from ..replaying import Replay
        if self.session is not None:
            self.view_replay(Replay.of(self.session.game), "Replay")

    def action_review(self) -> None:
        """V at a person's question: the other side's last turn, from that player's last answer of his own turn
        before it (Replay.review_start)."""
        from ..replaying import Replay
        s = self.session
        if s is not None and self.check_action("review", ()):
            side = str(s.game.prompt.side)
            self.view_replay(Replay.of(s.game), f"Review ({side.title()})", side=side, allocation_seen=s.hot_seat)

    def action_cycle_theme(self) -> None:
        names = [n for n in CYCLE if n in self.available_themes]
        self.theme = names[(names.index(self.theme) + 1) % len(names)] if self.theme in names else names[0]
        # (under NO_COLOR the map stays in greys whatever the theme: the notice said the colours changed, and
        # nothing did; found by a helper)
        self.notify(f"Colours: {self.theme} (NO_COLOR is set: the map stays in greys while it is)" if self.no_color
                    else f"Colours: {self.theme}", timeout=4 if self.no_color else 2, markup=False)
        try:
            preferences.remember(theme=self.theme)  # the next run starts in the same colours
        except OSError as exc:
            self.notify(f"The colours could not be remembered: {exc}", severity="warning", timeout=4)

    def hinted_side(self) -> str | None:
        """The side whose hints the palette's "Hints from" chooses: the side at the keyboard (hot-seat), else the
        person's own; None without a game a person plays."""
        s = self.session
        if s is None or s.game.over or not s.humans:
            return None
        return s.seat if s.hot_seat and s.seat is not None else s.humans[0]

    def action_hints_from(self) -> None:
        """The next level of the side's computer players gives its hints (T), weakest to strongest and round again;
        remembered for the next games (the preferences' hints_allied and hints_german)."""
        from ..ai.registry import levels, profile
        side, s = self.hinted_side(), self.session
        if side is None or s is None:
            return
        names = levels(side)
        now = s.advisor(side)
        name = names[(names.index(now) + 1) % len(names)] if now in names else names[-1]
        s.advisors.pop(side, None)
        try:
            preferences.remember(**{f"hints_{side}": name})
        except OSError as exc:
            s.advisors[side] = name  # for this game at least
            self.notify(f"The choice could not be remembered: {exc}", severity="warning", timeout=4)
        from .screens import HintScreen
        h, self._hint = self._hint, None  # a hint asked of the last one is asked again (T) of this one
        if h is not None and h.worker is not None:
            h.worker.cancel()
        if isinstance(self.screen, HintScreen):
            self.screen.dismiss(False)  # (its U would have taken the last one's answer, or nothing)
        screen = self.game_screen()
        if screen is not None and h is not None:  # the last one's hint, on the question's line, goes with it
            screen.say("")
            screen.refresh_bindings()
        p = profile(name, side)
        self.notify(f"Hints for the {'Allies' if side == 'allied' else 'German'} now come from {name} (level "
                    f"{p.level}: {p.style}): T asks. Ctrl+P, Hints from, again for the next.", timeout=5)

    def coastal_answer_given(self, answer: int | str) -> bool:
        """The German's coastal defences' answer for every landing given (D, or at a landing's first question): a
        local game's session holds it (a joined game's host too: online/join.py). Whether the question asked now is
        answered with it too (a joined game's host answers it): a local game's is not."""
        return False

    def action_quit(self) -> None:  # type: ignore[override]  # not async, unlike App's: the screens call it
        """Ctrl+Q, Ctrl+C, Q on the title and final screens, the menu: save the game being played, then quit.
        If it cannot be saved, ask first (Y, or the quit key again, quits all the same)."""
        from ..saves import write_problem
        from .screens import ConfirmScreen
        if isinstance(self.screen, ConfirmScreen) and self.screen.topic == "quit":
            self.screen.dismiss(True)
            return
        s = self.session
        if s is None or s.game.over:
            self._exit_saved(None)
            return
        try:
            path = s.autosave()
        except OSError as exc:
            self._show_notes()
            lost = f"the moves since it was saved in {printable(shown(s.saved_in))}" if s.saved_in else "the whole game"
            question = f"The game could not be saved: {write_problem(exc)}\n\nQuit anyway, and lose {lost}?"
            if browser_session_dir() is None:
                question += "\n\n(N, then Ctrl+S with a path such as ~/normandy, saves it in another folder.)"
            self.push_screen(ConfirmScreen(question, "quit"), self._quit_unsaved)
            return
        self._exit_saved(path)

    def _quit_unsaved(self, yes: bool | None) -> None:
        if yes:
            self.cancel_timer()
            self.quitting = True
            self.farewell = "Overlord: the game was not saved."
            self.exit()
        else:
            self.call_after_refresh(self.advance)

    def _exit_saved(self, path: Path | None, return_code: int = 0) -> None:
        self.cancel_timer()
        self.quitting = True
        if path is not None and browser_session_dir() is None:  # (in a browser the page says how to go on)
            self.farewell = farewell(path, self.farewell_notes())
        self.exit(return_code=return_code)

    def farewell_notes(self) -> list[str]:
        """The notes not yet shown, and where this game autosaves when not where the player would look (a branch:
        docs/reliability.md promises the line on quitting, but the game's notes were cleared once shown)."""
        s = self.session
        if s is None:
            return []
        return s.notes + [note for note in s.slot_notes if note not in s.notes]

    # ------------------------------------------------------------------ ended from outside
    def _catch_signals(self) -> None:
        """A closed window or a dropped ssh (SIGHUP), a kill (SIGTERM) or an interrupt (SIGINT): save, then end."""
        loop = asyncio.get_running_loop()
        for name in ("SIGHUP", "SIGTERM", "SIGINT"):
            number = getattr(signal, name, None)
            if number is not None:
                try:
                    loop.add_signal_handler(number, self._signalled, number)
                except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main thread
                    pass

    def _signalled(self, number: int) -> None:
        """End on a signal, as the shell expects (128 + its number), the game saved first if it can be."""
        path = None
        s = self.session
        if s is not None and not s.game.over and not self.quitting:
            try:
                path = s.rescue(fault=False)  # (the autosave, or the temporary folder when it cannot be written)
            except OSError as exc:
                from ..saves import write_problem
                self.farewell = f"Overlord: the game could not be saved: {write_problem(exc)}"
        self._exit_saved(path, return_code=128 + number)
        self.watch_the_exit(128 + number)

    def watch_the_exit(self, return_code: int) -> None:
        """End the process if the app has not ended HANG_UP_GRACE seconds after a signal. Textual's shutdown can wait
        for ever on a terminal that has gone (its writer thread, a window closed: a joined game's process was left
        running, deaf to SIGTERM, found by a helper); the game is saved by then, or kept by its host."""
        if self.is_headless or self.exit_watchdog is not None:  # (tests: their apps end as they will)
            return
        self.exit_watchdog = threading.Timer(HANG_UP_GRACE, os._exit, (return_code,))
        self.exit_watchdog.daemon = True  # (it never holds a process that ends)
        self.exit_watchdog.start()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands that would do something now (Save and Points need a game; the overlay the map);
        Textual's own (keys panel, screenshot, themes without a map palette) are left out."""
        mapped = self.game_screen() is not None
        # (on the title there is no game to save: "Save to autosave and quit" promised what it would not do)
        quitting = "Save to autosave and quit (Ctrl+Q)" if self.session is not None else "Quit Overlord (Ctrl+Q)"
        for title, words, action, callback, offered in (
                ("Save", "Save the game under a name (Ctrl+S)", "save", self.action_save, True),
                ("Load", "Load a saved game (Ctrl+O)", "load", self.action_load, True),
                ("Charts", "The rulebook charts (F2)", "charts", self.action_charts, True),
                ("Roster", "Every unit and its state (F3)", "roster", self.action_roster, True),
                ("Help", "The keys and how to play (F1)", "help", self.action_help, True),
                ("Map key", "What every mark on the map means (K)", "map_key", self.action_map_key, mapped),
                # (one name for H everywhere: "History" in the game, "Points" on the final report; found by a helper)
                ("Points", "This turn's points and the campaign so far in plots: score, supplies, weather (H)", "history",
                 self.action_history, True),
                ("Supply overlay", "Allied supply lines, then German supply, then off (S)", "overlay", self._overlay,
                 mapped),
                ("Next colours", "Green phosphor, amber, modern (colour-blind safe) (F5)", "cycle_theme",
                 self.action_cycle_theme, True),
                ("Hints from", f"The next computer level to give your hints (T), weakest to strongest{self._hints_now()}",
                 "hints_from", self.action_hints_from, True),
                ("Quit", quitting, "quit", self.action_quit, True)):
            if offered and self.check_action(action, ()) is not False:
                yield SystemCommand(title, words, callback)

    def _hints_now(self) -> str:
        """Who gives the hints now, for the palette's line (choosing moved on to the next blind)."""
        side, s = self.hinted_side(), self.session
        if side is None or s is None:
            return ""
        from ..ai.registry import with_level
        return f"; now {with_level(s.advisor(side), side)}"

    def _overlay(self) -> None:
        if (screen := self.game_screen()) is not None:
            screen.action_supply_overlay()
