"""The replay viewer: a game stepped through on the map, forward and back, by action, by phase and by turn.

It shows a ``Replay`` (overlord/replaying.py, no Textual): the positions of a save (``overlord watch SAVE``, W on
the Load screen), of a game just finished (W on the final report), or, limited to a stretch, what the other
side did in its last turn (the review, V at the player's question: Replay.review_start). The replay is played in a
thread worker, so even a whole campaign opens at once: the first positions can be stepped through while the
last are being replayed.

The screen is laid out as the game's (the map, the side panel, the line of what was done and the log of the
step's events, the key bar) with the game screen's own map and panels; only the map's game differs: the
position looked at, not the game being played.
"""

from __future__ import annotations

import re

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, get_current_worker

from ..ai.explain import describe
from ..engine.enums import Phase, Side
from ..engine.events import AssaultBegun, CombatResult, Event, Landed, TransportAllocated, UnitMoved
from ..engine.game import Game
from ..engine.hexgrid import Hex
from ..plots import Campaign, campaign
from ..replaying import Replay
from ..words import PHASES
from .cards import SIDE_NAME, pools_line, status_line, unit_card
from .game_screen import screen_layout
from .history import campaign_plots
from .keybar import KeyBar, key_name
from .maprender import MapOptions, map_height, map_width
from .palettes import sixteen_colours
from .reporting import points_panel
from .styles import GAME_CSS
from .widgets import CardPanel, MapView, Panel, event_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.timer import Timer

STEP = Binding.Group("Step", compact=True)
PHASE = Binding.Group("Phase", compact=True)
TURN = Binding.Group("Turn", compact=True)
POLL = 0.2  # seconds between looks at how far the replay in its worker has got
MAX_LINES = 400  # the events of one step shown at most (a turn's step: its last ones)


class ReplayMap(MapView):
    """The game screen's map, drawn for the position looked at rather than the game being played."""

    def __init__(self, options: Callable[[], MapOptions], game: Callable[[], Game], *, id: str | None = None) -> None:
        super().__init__(options, id=id)
        self.game = game

    def shown(self) -> Game:
        return self.game()


class ViewerScreen(Screen[None]):
    """A replay's positions, one at a time (``at``: the number of actions played to reach it). ``side``: the
    review of that side's player, limited to the positions from ``start`` and shown without the other side's
    answers that nothing has made public yet (Replay.shown_to)."""
    CSS_PATH = GAME_CSS
    DEFAULT_CSS = """
    #steps { height: auto; }
    """  # (the side panel below the map at a middle width: game.tcss)
    BINDINGS = [
        Binding("left", "back", "Step", group=STEP), Binding("right", "forward", "Step", group=STEP),
        Binding("up", "previous_phase", "Phase", group=PHASE), Binding("down", "next_phase", "Phase", group=PHASE),
        Binding("pageup", "previous_turn", "Turn", group=TURN), Binding("pagedown", "next_turn", "Turn", group=TURN),
        Binding("home", "first", "First", show=False), Binding("end", "last", "Last", show=False),
        # (a phase's or a turn's events fill more than the few lines at 80x24: the arrows step, these scroll)
        Binding("shift+up", "scroll_events(-1)", "Scroll the events", show=False),
        Binding("shift+down", "scroll_events(1)", "Scroll the events", show=False),
        Binding("g", "jump", "Go to turn"),
        Binding("h", "plots", "Plots"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, replay: Replay, title: str, side: str | None = None, at: int = 0,
                 allocation_seen: bool = False) -> None:
        super().__init__()
        self.replay, self.title, self.side = replay, title, side
        # the German's review keeps the Allies' transport allocation from him, but in hot-seat, where it was typed on
        # the screen both share and the log gives it (the review said "allocated unseen" beside it; a helper)
        self.allocation_unseen = side == "german" and not allocation_seen
        self.start = 0  # the first position that may be looked at (a review's: found once replayed)
        self.at = at
        self.came_from = self.at  # the position the last step came from: its events are shown
        self.passed_over = 0  # the hidden choices the last step passed over (seen in their fight's result)
        self.game: Game = replay.game_at(min(self.at, replay.played))
        self.cell, self.tall = 2, False
        self.problem: str | None = None  # why the replay does not reach the save's position, once known
        self.following: Timer | None = None  # the look at the replay's progress, while it goes on
        self.to_end = False  # End pressed while the replay goes on: the last position follows it to its end

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Panel(id="status")
        with Horizontal(id="top"):
            yield ReplayMap(self.map_options, lambda: self.game, id="map")
            yield CardPanel(id="side", classes="side")
        with Horizontal(id="bottom"):
            with Vertical(id="talk"):
                yield Panel(id="prompt")
                with VerticalScroll(id="log", can_focus=False):  # (the arrows and pages step, not scroll)
                    yield Static(id="steps")
            yield CardPanel(id="side-below", classes="side")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.side is not None and self.replay.done:
            self.start = self.at = self.replay.review_start(self.side)
        if not self.replay.done:  # replayed once the first position is up (the thread would hold it back)
            self.call_after_refresh(self.run_worker, partial(replay_in_thread, self.replay), name="replay",
                                    group="replay", thread=True, exit_on_error=False)
            self.following = self.set_interval(POLL, self.follow_replay)
        self.fit(self.app.size.width, self.app.size.height)
        self.go(self.at)

    def on_key(self, event: Key) -> None:
        """A letter, digit, Enter, Backspace or function key that is no key here is said (it did nothing without a
        word: F3, the game's roster, too; found by helpers)."""
        binding = self.active_bindings.get(event.key)
        if binding is not None and binding.enabled:
            return  # (the bindings take it)
        if event.is_printable or event.key in ("enter", "backspace") or re.fullmatch(r"f\d+", event.key):
            event.stop()
            self.notify(f"{key_name(event)} is not a key of the replay: the keys are below, F1 says more.", timeout=3,
                        markup=False)

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width, event.size.height)
        self.show()  # (the status line's end, fitted to the new width)
        for log in self.query("#log"):  # (laid out afresh, the step's last events were left below the log's foot)
            self.call_after_refresh(log.scroll_end, animate=False)

    def fit(self, width: int, height: int) -> None:
        """The game screen's layout for the screen's size (game_screen.screen_layout)."""
        cell, tall, below = screen_layout(self.game, width, height)
        self.cell, self.tall = cell, tall
        self.set_class(below, "side-below")
        maps, tops = self.query("#map"), self.query("#top")
        if not maps or not tops:  # a viewer opened as the program closed was never composed (V among 60,000 keys
            return  # pasted in a browser, which ran on after the tab closed: NoMatches ended the game)
        maps.first().styles.width = map_width(self.game, cell) + 1
        tops.first().styles.height = map_height(self.game, tall, cell)

    def follow_replay(self, finished: bool = False) -> None:
        """While the replay goes on in its worker: the status line says how far; at its end, whether it reached
        the position the save holds. After End, the position shown follows the replay to its last."""
        to_end = self.to_end
        if self.replay.done and self.following is not None:
            self.following.stop()
            self.following = None
            self.problem = self.replay.check()
            if self.side is not None:  # the review begins with the other side's last turn (Replay.review_start)
                self.start = self.at = self.replay.review_start(self.side)
                self.go(self.start)
        if to_end:  # (until its worker has finished: the last hidden choices are public once the game is over)
            self.go(self.end, forward=False)
            self.to_end = not finished
        self.show()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "replay" and event.worker.is_finished:
            self.follow_replay(finished=True)

    # ------------------------------------------------------------------ the positions
    @property
    def end(self) -> int:
        """The last position that may be looked at (so far: the replay may be under way)."""
        n = self.replay.played
        while n > self.start and not self.allowed(n):
            n -= 1  # (the last choices, not public yet: a review's of the other side, a save's of either)
        return n

    def allowed(self, n: int) -> bool:
        if not self.start <= n <= self.replay.played:
            return False
        return self.replay.public(n) if self.side is None else self.replay.shown_to(self.side, n)

    def nearest(self, n: int, forward: bool) -> int | None:
        """``n`` if it may be looked at, else the next one that may (the previous one going back); None when
        none may."""
        n = max(self.start, min(n, self.end))
        step = 1 if forward else -1
        while not self.allowed(n) and self.start <= n + step <= self.end:
            n += step
        return n if self.allowed(n) else None

    def go(self, n: int, forward: bool = True) -> None:
        """Look at position ``n`` (or the nearest that may be looked at). The step's events are those since the
        position it came from going forward, or those of the action that led here going back."""
        self.to_end = False  # (any step after End stops its following the replay)
        to = self.nearest(n, forward)
        if to is None:
            return
        self.came_from = self.at if self.at < to else to - 1
        # going forward, the hidden choices stepped over beyond the position asked for (said with the action that
        # comes after them; going back, nothing: the action shown comes before them)
        self.passed_over = sum(1 for k in range(n, to) if not self.allowed(k)) if forward and to > n else 0
        self.at = to
        self.game = self.replay.game_at(to)
        self.show()

    def action_forward(self) -> None:
        self.go(self.at + 1)

    def action_back(self) -> None:
        self.go(self.at - 1, forward=False)

    def action_next_phase(self) -> None:
        self.go(self.replay.next_phase(self.at))

    def action_previous_phase(self) -> None:
        self.go(self.replay.previous_phase(self.at), forward=False)

    def action_next_turn(self) -> None:
        self.go(self.replay.next_turn(self.at))

    def action_previous_turn(self) -> None:
        self.go(self.replay.previous_turn(self.at), forward=False)

    def action_first(self) -> None:
        self.go(self.start)

    def action_last(self) -> None:
        """End: the last position; while the replay goes on, the last so far and then each one as it is replayed
        (it stopped at the last so far, half-way through the game, and at 80 columns nothing said so; a helper)."""
        self.go(self.end, forward=False)
        if not self.replay.done:
            self.to_end = True
            self.notify(f"Still replaying ({self.replay.played} of {self.replay.total}): the last position follows "
                        "once it is reached.", timeout=4, markup=False)

    def shown_total(self) -> int:
        """How many actions there are to look at: the replay's, less the last hidden choices not yet public (known
        once replayed; "94 of 95" told of a choice that may not be seen)."""
        return self.end if self.replay.done else self.replay.total

    def jump_turns(self) -> list[tuple[str, int]]:
        """The turns G offers: those begun within the positions that may be looked at. A finished game's last is
        its end, which asks nothing: it says so ("6/30" alone, a turn with no moves, read as one to watch; a
        helper)."""
        turns = [(label, self.past_set_up(n)) for label, n in self.replay.turns()
                 if (n >= self.start or self.start == 0) and n <= self.end]
        if self.replay.over and turns and turns[-1][1] == self.replay.played:
            label, n = turns[-1]
            turns[-1] = (f"{label}: the end, the ground scored once more", n)
        return turns

    def past_set_up(self, n: int) -> int:
        """A turn's first position, past the scenario questions a game that began with them asked at D-Day's: D-Day
        went to the set-up's first question, every pool 0, where the game's own D-Day began with the drops (found by
        a helper; Home goes to the questions)."""
        if self.replay.where[n].phase != Phase.QUESTIONS:
            return n
        after = self.replay.next_phase(n)
        return after if after <= self.end and self.replay.where[after].turn == self.replay.where[n].turn else n

    def action_scroll_events(self, way: int) -> None:
        log = self.query_one("#log", VerticalScroll)
        log.scroll_relative(y=way * max(1, log.scrollable_content_region.height - 1), animate=False)

    def action_jump(self) -> None:
        turns = self.jump_turns()
        now = max((i for i, (_, n) in enumerate(turns) if n <= self.at), default=0)  # the turn being looked at
        self.app.push_screen(TurnChooser(turns, now), lambda n: self.go(n) if n is not None else None)

    def action_plots(self) -> None:
        game = self.replay.game_at(self.at).clone()  # (kept by the plots: the viewer plays its own on)
        self.app.push_screen(PlotsScreen(game.turn_label, campaign(game, self.replay.events_to(self.at))))

    def action_close(self) -> None:
        self.dismiss(None)

    # ------------------------------------------------------------------ what is shown
    def step_events(self) -> list[Event]:
        """The events of the last step: from the position it came from to this one (going back, those of the
        action that led here)."""
        if self.at == 0:
            return list(self.replay.opening)
        return self.replay.events_between(max(0, min(self.came_from, self.at - 1)), self.at)

    def done_words(self) -> str:
        """What the action that led here answered, in words (in a review, the other side's hidden choices are
        looked at only once something public has come of them: shown_to)."""
        n = self.at
        if n == 0 or n <= self.start:
            return "The start of the game." if n == 0 else "Where the review begins."
        asked = self.replay.asked[n - 1]
        # the scenario questions are asked "of the Allies" by the engine, but answered by whoever set the game up
        who = "Set-up" if asked.phase == Phase.QUESTIONS else SIDE_NAME[Side(asked.side)]
        # (the other side's hidden choices with nothing public yet are never shown; one that caused something is
        # public, and said: an advance read "an answer seen in its result", of a move on the map; found by a helper)
        if self.allocation_unseen and asked.phase == Phase.ALLOCATION:  # (its percentages told of an offensive coming)
            return f"{who}: the transport for the next turn, allocated unseen."
        said = describe(self.replay.game_at(n - 1), self.replay.actions[n - 1], why=False)  # what, not why
        if self.passed_over:  # (the counter jumped them: say why)
            said += (f" ({self.passed_over} hidden {'choices' if self.passed_over > 1 else 'choice'} of a fight passed "
                     "over: seen in its result)")
        return f"{who}: {said}" if who else said

    def map_options(self) -> MapOptions:
        opts = MapOptions(cell=self.cell, tall=self.tall, theme=self.app.theme, no_color=self.app.no_color,
                          sixteen=sixteen_colours(self.app.console))
        events = self.step_events()
        moved = [e for e in events if isinstance(e, (UnitMoved, Landed, AssaultBegun))]
        if moved:  # the step's last move: where it ended, and the unit that made it
            opts.focus, opts.focus_unit = moved[-1].to, moved[-1].unit
        fights: set[Hex] = set()
        for e in events:
            if isinstance(e, CombatResult):
                fights.update(h for uid in (*e.attackers, e.defender) if (h := self.game.unit(uid).position))
        opts.marks = frozenset(fights)
        return opts

    def show(self) -> None:
        if not self.is_attached:
            return  # (closed while the replay went on)
        done = self.done_words()
        game = self.game = self.replay.game_at(self.at)  # (done_words looked at the position before it)
        self.query_one("#status", Panel).show(status_line(game, self.where(game)))
        for panel in self.query(".side").results(Panel):
            panel.show(self.side_text())
        prompt = self.query_one("#prompt", Panel)
        prompt.show(self.prompt_text(done))
        # (the support a German did not see as he chose his defence: shown unless this is his review, as the step
        # before it was; the air points read 101 at the level and 76 before and after it, found by a helper)
        prompt.border_title = pools_line(game, sees_support=self.side != "german", narrow=self.has_class("side-below"))
        lines = [event_line(e, game) for e in self.step_events()[-MAX_LINES:]
                 if not (isinstance(e, TransportAllocated) and self.allocation_unseen)]  # (the Allies' plan: unseen)
        if self.replay.total == 0:  # (a save made before its first answer: → has nothing to step to)
            none = "Nothing was played in this game before it was saved."
        else:
            none = "→ steps through the game, one action at a time." if self.at == self.start else "(No events.)"
        self.query_one("#steps", Static).update(Text("\n").join(lines) if lines else Text(none, style="dim"))
        # the step's last events in sight, as in the game's log: once the new lines are laid out (scrolled at once,
        # a jump of many lines stayed at the top, where its first lines are)
        log = self.query_one("#log")
        self.call_after_refresh(log.scroll_end, animate=False)
        self.query_one(ReplayMap).refresh()
        self.refresh_bindings()

    def where(self, game: Game) -> str:
        """The status line's end: the action's number, how far the replay has got, the save's name, as many of them
        whole as the line has room for. "Action" and "of", not "6/14", which read as a date; cut, "· 18…" at 100
        columns and "action 1 of 135…" at 80 read as other numbers (found by helpers): the question's panel below
        gives the number too."""
        parts = [f"action {self.at} of {self.shown_total()}", *([self.title] if self.title else [])]
        if not self.replay.done:
            parts.insert(1, f"replaying: {self.replay.played}")
        room = self.size.width - status_line(game).cell_len
        said = ""
        for part in parts:
            more = f"{said} · {part}" if said else part
            if len(more) + len(" · ") > room:
                break
            said = more
        return said

    def prompt_text(self, done: str) -> Text:
        """The action that led here (its number, its turn and phase, and what it answered), and what else to know."""
        t = Text()
        n = self.at
        asked = self.replay.asked[n - 1] if n else None
        # ("asked in": the top line is the position after it, often the next phase's; "6/8 Transport allocation" above
        # "(6/6, German combat)" read as two clocks one phase apart, found by a helper)
        when = f"asked in {self.replay.where[n - 1].label}, {PHASES.get(Phase(asked.phase), asked.phase)}" if asked \
            else "the start"
        t.append(f" ACTION {n} OF {self.shown_total()} ", style="bold reverse")
        t.append(f" ({when})\n{done}\n")
        if self.problem:
            t.append(f"This save: {self.problem}\n", style="bold")
        elif self.nothing_to_review():
            t.append("Nothing to review yet: Escape goes back.", style="bold")
        elif self.at == self.end and self.replay.done:
            t.append("The last position." if self.side is None else "Where you are now: Escape goes back to it.",
                     style="bold")
            if self.side is None and (unseen := self.replay.played - self.end):  # (the save's own position looked
                # like this one, its support given: "Naval 75" here, 0 on loading it; found by a helper)
                t.append(f" The save goes on {unseen} action{'s' if unseen > 1 else ''} further: "
                         f"{'hidden choices' if unseen > 1 else 'a hidden choice'} of a fight not yet fought.")
        return t

    def nothing_to_review(self) -> bool:
        """A review (once replayed) with no position of the other side's to show: it has had no turn yet (V on
        D-Day: the German has not played yet)."""
        return self.side is not None and self.replay.done and self.end == self.start

    def side_text(self) -> Text:
        game = self.game
        opts = self.map_options()
        t = Text(no_wrap=True, overflow="ellipsis")
        # (at the end the final score is what the panel is for: under the last unit's card its last rows were cut
        # off at 80x24, and those left did not add up to the score)
        if opts.focus_unit is not None and opts.focus_unit in game.data.units and not game.over:
            t.append_text(unit_card(game, opts.focus_unit))
        t.rstrip()
        t.append("\n")
        starts = {turn: p for turn, p in self.replay.turn_points.items() if turn <= game.turn}
        if game.turn in starts:
            t.append_text(points_panel(game, starts))
        return t

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.side is not None and not self.replay.done and action != "close":
            return False  # a review: where it begins is known once the game is replayed
        forward = {"forward", "next_phase", "next_turn", "last"}
        back = {"back", "previous_phase", "previous_turn", "first"}
        # at either end the keys that lead beyond it do nothing, but stay the screen's: None, not False, so that the
        # help lists them (at the last action it gave only the keys back; found by a helper)
        if action in forward:
            return self.at < self.end or None
        if action in back:
            return self.at > self.start or None
        if action == "jump":
            return bool(self.jump_turns())  # (never an empty list: a review with nothing in it)
        return True


def replay_in_thread(replay: Replay) -> None:
    """Replay the game in a worker's thread (its cancelling, as the screen closes, stops it)."""
    replay.run(stop=get_current_worker())


class TurnChooser(ModalScreen[int | None]):
    """G: the turns replayed so far, to jump to the first position of one."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape", "cancel", "Back")]
    KEY_HINTS = [("↑/↓", "Choose"), ("⏎", "Go")]

    def __init__(self, turns: list[tuple[str, int]], now: int = 0) -> None:
        super().__init__()
        self.turns, self.now = turns, now  # now: the index of the turn being looked at, highlighted first

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("GO TO A TURN\n", style="bold"))
            yield OptionList(*(Option(label, id=str(n)) for label, n in self.turns), id="turns")
        yield KeyBar()

    def on_mount(self) -> None:
        turns = self.query_one("#turns", OptionList)
        turns.highlighted = self.now if self.turns else None
        turns.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.dismiss(int(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlotsScreen(ModalScreen[None]):
    """H: the campaign in plots up to the position looked at."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape,h,q,enter", "close", "Close")]
    KEY_HINTS = [("↑/↓ PgUp/PgDn", "Scroll")]

    def __init__(self, label: str, data: Campaign) -> None:
        super().__init__()
        self.label, self.data = label, data

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="history"):
            yield Static(f"THE CAMPAIGN UP TO {self.label}", classes="plot-head")
            yield from campaign_plots(self.data)
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
