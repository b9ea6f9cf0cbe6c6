"""The main game screen: the map, the side panel, the question, the log and the legal keys.

Keys are Textual bindings; ``check_action`` lets through only the keys that
answer the current prompt, so the key bar always shows exactly the legal keys.
Every answer becomes an engine action that the app applies.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key, Resize
from textual.message import Message
from textual.screen import Screen

from ..ai.advice import Advice
from ..ai.registry import with_level
from ..engine import view
from ..engine.enums import Phase
from ..engine.events import Event, UnitMoved
from ..engine.actions import (Action, Advance, Allocate, Answer, ChooseStrategy, ChooseUnit, EndPhase, FinishUnit, HoldGround,
                              Interdict, Move, Retreat, Support)
from ..engine.hexgrid import Hex, neighbour
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, AttackerPrompt, DefenderPrompt, DropZonePrompt,
                              InterdictionPrompt, MovePrompt, Prompt, RetreatPrompt, StrategyPrompt, SupportPrompt)
from ..engine.view import german_supplied_positions, supplied_positions
from ..session import COMPUTER, March, beachhead_course, sail_refused
from ..words import ARMY, Subject, choose_level, fight_in_brief, is_plural, name_list, plural
from .asking import (coastal_question, combat_card, fight_on_note, fighting_on_text, make_entry, out_of_own_supply,
                     overrun_words, prompt_text)
from .cards import (NO_SUPPLY, compass_and_weather, destination_words, directions_in_brief, german_side_words,
                    fitted, pools_line, position_card, short, status_line, unit_card, where)
from .front import Front, GoOn, Hint, HurryUp
from .keybar import KeyBar, key_name
from .maprender import MapOptions, map_height, map_width, move_targets
from .palettes import sixteen_colours
from .reporting import Points, last_turn_of_moves, points_panel
from .routing import route_marks, route_text, walk
from .screens import CoastalAnswerScreen, ConfirmScreen, HandOverScreen, HintScreen
from .styles import GAME_CSS
from .widgets import CardPanel, MapView, MessageLog, Panel
from .wording import support_words

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..session import Session
    from .entry import DigitEntry

MOVE = Binding.Group("Move", compact=True)
RETREAT = Binding.Group("Retreat", compact=True)
LEVEL = Binding.Group("Level", compact=True)
FIGHT = Binding.Group("Fight on at level", compact=True)
DAY = Binding.Group("Level for landings", compact=True)
TYPE = Binding.Group("Type", compact=True)

ANSWERS = {"move", "finish", "end_phase", "choose_here", "next_at_sea", "sail", "drop_yes", "drop_no", "attack",
           "next", "include", "leave", "level", "fight_on", "one_round", "fight_on_mode", "day_level",
           "computer_answers", "coastal_answer",
           "digit", "accept", "next_field", "field", "rub", "retreat", "hold", "advance", "advance_yes", "stay", "hint",
           "take_hint"}
ANSWERS |= {"go_to", "go"}  # move by destination (routing.py)
ENTRY_PROMPTS = (AllocationPrompt, InterdictionPrompt, SupportPrompt)
LOOK = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
SIDE_MIN = 32  # columns the side panel needs beside the map
POINTS_CUT = "(this turn's points: H)"  # the side panel's last line in sight when its points run on below (it
# read "(more: H gives every point)", and beneath a level table, where the points' heading was cut, as more levels)
# A side panel wide enough for two columns (a large terminal's: at 200x60 it had 90 columns, the card and the
# points one under the other in 30 of them, and the points cut; found by a helper) has the points beside the card
POINTS_COLUMN = 29  # reporting.points_panel's width
COLUMN_GAP = 2
CARD_LEAST = 40  # the card's column at the least
BOTTOM_MIN = 7  # lines the question and the log need below the map
BOTTOM_WITH_SIDE = 11  # the same with the side panel beside them
TALL_WITH_SIDE_BELOW = 18  # lines the panel below a map of two lines a row keeps (fewer: one line a row, the
# unit's card and the points in sight rather than the CP on the map)
# lines the panel below the compact map needs for a level's choice (the odds, two of heading, nine levels, the retreat
# mark, the support, and its top border): fewer, and it stays beside the map
LEVELS_BELOW = 16
# lines of the question (at least, at most) and of the log (at least: its newest line; at 80x24 with two, the Allied
# defence question's warning that a level would fight weaker was cut in the middle, found by a helper)
PROMPT_MIN, PROMPT_MAX, LOG_MIN = 4, 9, 1
OVERLAYS = (None, "allied", "german")
# A direction key held down repeats some 30 times a second: its repeats must not move the next unit once the held
# unit's movement points are spent (the engine then asks about the next one). A direction key pressed sooner than
# this after the last one, for another unit than it moved, is such a repeat.
HELD_KEY_GAP = 0.3  # seconds
# F pressed this soon after a step that ended its unit's move by itself (the engine then asks about the next unit) was
# meant for the unit that stopped: it finished the next one before it had moved (found by a helper)
FINISH_GAP = 1.0  # seconds
DEFENDED = (Phase.ALLIED_COMBAT, Phase.GERMAN_COMBAT)  # the phases in which the other side answers too


# The keys of the standing orders: (session, prompt, the key's number) -> whether the key answers now
STANDING: dict[str, Callable[..., bool]] = {
    "one_round": lambda s, p, n: s.asks_fight_on() and not s.one_round,
    "fight_on_mode": lambda s, p, n: s.asks_fight_on() and s.one_round,
    "day_level": lambda s, p, n: s.asks_coastal_answer() and n <= p.max_level,
    "computer_answers": lambda s, p, n: s.asks_coastal_answer(),
    "coastal_answer": lambda s, p, n: p.side == "german" and s.game.settings.player("german") == "human"
    and any(s.game.coastal_defender(beach) is not None for beach in s.game.beaches),  # (none left: nothing to answer)
}


def fights_on(s: Session) -> bool:
    """A level is an order to fight on (a landing's attack level, fighting on not given up for one round)."""
    return s.asks_fight_on() and not s.one_round


# When each key that answers a prompt answers this one: (screen, prompt, the key's number) -> whether it does. Made
# once (check_action is asked of every key at every press, for the key bar).
ANSWER_RULES: dict[str, Callable[[Any, Any, Any], bool]] = {
    "move": lambda g, p, n: isinstance(p, MovePrompt) and n in p.directions,
    "finish": lambda g, p, n: isinstance(p, MovePrompt),
    "end_phase": lambda g, p, n: isinstance(p, (MovePrompt, DefenderPrompt)),
    "choose_here": lambda g, p, n: isinstance(p, MovePrompt) and g.look is not None and g.going is None
    and g.choosable_at(g.look) is not None,
    "go_to": lambda g, p, n: isinstance(p, MovePrompt) and not p.afloat and g.going is None,
    "go": lambda g, p, n: isinstance(p, MovePrompt) and g.going == p.unit and g.look is not None,
    "next_at_sea": lambda g, p, n: isinstance(p, MovePrompt) and g.next_at_sea() is not None,
    "drop_yes": lambda g, p, n: isinstance(p, DropZonePrompt),
    "drop_no": lambda g, p, n: isinstance(p, DropZonePrompt),
    "attack": lambda g, p, n: isinstance(p, DefenderPrompt),
    "next": lambda g, p, n: isinstance(p, DefenderPrompt),
    "include": lambda g, p, n: isinstance(p, AttackerPrompt),
    "leave": lambda g, p, n: isinstance(p, AttackerPrompt),
    "level": lambda g, p, n: isinstance(p, StrategyPrompt) and n is not None and n <= p.max_level
    and not fights_on(g.session) and not g.session.asks_coastal_answer(),
    "fight_on": lambda g, p, n: isinstance(p, StrategyPrompt) and fights_on(g.session) and n is not None
    and n <= p.max_level,
    "sail": lambda g, p, n: isinstance(p, MovePrompt) and p.afloat and bool(beachhead_course(g.game, p.unit)),
    "digit": lambda g, p, n: isinstance(p, ENTRY_PROMPTS),
    "accept": lambda g, p, n: isinstance(p, ENTRY_PROMPTS) and not g.entry_goes_on(),
    "next_field": lambda g, p, n: isinstance(p, ENTRY_PROMPTS) and g.entry_goes_on(),
    "rub": lambda g, p, n: isinstance(p, ENTRY_PROMPTS),
    "field": lambda g, p, n: isinstance(p, ENTRY_PROMPTS),
    "retreat": lambda g, p, n: isinstance(p, RetreatPrompt) and n in p.directions,
    "hold": lambda g, p, n: isinstance(p, RetreatPrompt) and not p.cadre,
    "advance": lambda g, p, n: isinstance(p, AdvancePrompt) and n == p.direction,
    "advance_yes": lambda g, p, n: isinstance(p, AdvancePrompt),  # (its question ends in "?": Y advances, N stays)
    "stay": lambda g, p, n: isinstance(p, AdvancePrompt),
    "hint": lambda g, p, n: True,
    "take_hint": lambda g, p, n: g.front.hint_ready() is not None,
}


def screen_layout(game: Game, width: int, height: int) -> tuple[int, bool, bool]:
    """(characters per position, two lines a row, side panel below the map) for a screen's size."""
    fixed = 2  # the status line and the key bar
    cell = 4 if width >= map_width(game, 4) + 1 else 2
    below = width - map_width(game, cell) - 1 < SIDE_MIN
    if below and height - fixed - map_height(game, False, cell) < BOTTOM_WITH_SIDE:
        cell, below = 2, False  # too low for the panel below the wide map: the compact map, panel beside
    elif below and cell == 2 and height - fixed - map_height(game, False, cell) < LEVELS_BELOW:
        below = False  # the compact map anyway: beside it, as at 80x24, rather than below, cut (levels 7-9 at 80x27)
    bottom = TALL_WITH_SIDE_BELOW if below else BOTTOM_MIN
    tall = cell == 4 and height - fixed - map_height(game, True, cell) >= bottom
    return cell, tall, below


def positions(game: Game, units: Iterable[str]) -> frozenset[Hex]:
    """Where the units stand (those on the map)."""
    return frozenset(h for uid in units if (h := game.unit(uid).position) is not None)


def main_reason(refusals: list[str]) -> str:
    """Of the reasons each way is shut, the one most of them share (what follows a reason's last colon: "the pool has
    0" in "the town costs 1, and 7 fuel: the pool has 0"), as its first way says it; the shortest, which named a
    division standing in one way, hid an empty fuel pool that shut the other five."""
    causes = [r.rsplit(": ", 1)[-1] for r in refusals]
    common = max(causes, key=causes.count)
    return refusals[causes.index(common)]


def two_columns(text: Text, split: int, width: int) -> Text:
    """The side panel's lines from ``split`` on (the points) set beside those before it (the card), cut to
    ``width``; the text as it is when there are no points."""
    lines = list(text.split("\n", allow_blank=True))
    card, points = lines[:split], lines[split:]
    while card and not card[-1].plain.strip():
        card.pop()
    if not points:
        return text
    out = Text(no_wrap=True, overflow="ellipsis")
    for i in range(max(len(card), len(points))):
        left = card[i].copy() if i < len(card) else Text()
        left.truncate(width, overflow="ellipsis", pad=True)
        out.append_text(left)
        out.append(" " * COLUMN_GAP)
        if i < len(points):
            out.append_text(points[i])
        out.append("\n")
    out.rstrip()
    return out


class GameScreen(Screen[None]):
    """The map, the side panel, the question and the log: the game being played (``session``), answered through
    ``front`` (the app showing it)."""
    CSS_PATH = GAME_CSS
    # keys the help lists though they work at times only (keybar.KeyBar.every_key)
    HELP_KEYS = [("U", "Take hint (once T has given one)"),
                 ("⏎", "Move this one (in movement: the unit under the look cursor)")]
    BINDINGS = [
        Binding("u", "take_hint", "Take hint"),  # first: the key wanted once a hint is in
        *(Binding(str(d), f"move({d})", "Move", group=MOVE) for d in range(1, 7)),
        *(Binding(str(d), f"retreat({d})", "Retreat", group=RETREAT) for d in range(1, 7)),
        *(Binding(str(d), f"advance({d})", "Advance") for d in range(1, 7)),
        *(Binding(str(n), f"level({n})", "Level", group=LEVEL) for n in range(1, 10)),
        *(Binding(str(n), f"fight_on({n})", "Fight on at level", group=FIGHT) for n in range(1, 10)),
        *(Binding(str(n), f"day_level({n})", "Level for landings", group=DAY) for n in range(1, 10)),
        *(Binding(str(n), f"digit('{n}')", "Type", group=TYPE) for n in range(10)),
        Binding("b", "sail", "Sail to beach"),
        Binding("c", "computer_answers", "Computer answers"),
        Binding("r", "one_round", "One round only"), Binding("r", "fight_on_mode", "Fight on"),
        Binding("r", "stop", "Stop fighting on"),
        Binding("y", "drop_yes", "Drop here"), Binding("n", "drop_no", "Next zone"),
        Binding("y", "attack", "Attack"), Binding("n", "next", "Next"),
        Binding("y", "include", "Include"), Binding("n", "leave", "Leave out"),
        Binding("f", "finish", "Finish unit"), Binding("f", "hold", "Refuse"), Binding("f", "stay", "Stay"),
        Binding("y", "advance_yes", "Advance", show=False), Binding("n", "stay", "Stay", show=False),
        Binding("e", "end_phase", "End phase"),
        Binding("g", "go_to", "Go to"), Binding("enter", "go", "Go there"), Binding("escape", "leave_going", "Leave"),
        Binding("enter", "next_field", "Next field"), Binding("enter", "accept", "Accept"),
        Binding("enter", "choose_here", "Move this one"),
        Binding("t", "hint", "Hint"),  # before the keys that give way on a narrow bar (it fell behind F1 More)
        Binding("a", "next_at_sea", "Next at sea"),
        Binding("backspace", "rub", "Erase", show=False),
        Binding("tab", "field(1)", "Next field", show=False), Binding("shift+tab", "field(-1)", "Previous field",
                                                                       show=False),
        Binding("v", "app.review", "Their turn"),  # the other side's last turn (tui/viewer.py)
        Binding("space", "hurry", "Hurry"),
        *(Binding(k, f"look('{k}')", "Look", show=False) for k in LOOK),
        Binding("escape", "unlook", "Stop looking", show=False),
        Binding("escape", "esc_here", "", show=False),  # (Esc with nothing looked at: not in the help's keys)
        Binding("s,f4", "supply_overlay", "Supply", show=False),
        Binding("l", "labels", "Labels", show=False),
        Binding("k", "app.map_key", "Map key"),
        Binding("h", "app.history", "Points"),
        Binding("d", "coastal_answer", "Coastal answer"),
        Binding("o", "app.orders", "Orders"),  # a joined game's standing orders (online/orders_screen.py)
    ]

    class UnitPicked(Message):
        """A click on a unit of the side moving, other than the one asked about: the player moves it next
        (on_game_screen_unit_picked), if it can still move."""

        def __init__(self, unit: str, position: Hex) -> None:
            super().__init__()
            self.unit, self.position = unit, position

    def __init__(self, session: Session, front: Front) -> None:
        super().__init__()
        self.session, self.front = session, front
        self.entry: DigitEntry | None = None
        # the game and the actions played when the fields were made: a joined game whose host was restored behind
        # it is another game, which may ask a number where a move was asked (and at fewer actions)
        self.entry_for: tuple[Game, int] | None = None
        self.message: Text | str = ""
        self.message_in: tuple[int, str] | None = None  # the turn and phase the message was said in: it ends with them
        self.points_from = 0  # the side panel's first line of the points (side_text)
        self.look: Hex | None = None
        self.flash_on = True
        self.overlay: str | None = None  # the supply overlay shown: "allied", "german" or none
        self.labels = True
        self.last_moved: Hex | None = None  # where the computer's last move ended
        self.log_written = False  # the session's log is in the message log (on_mount)
        self.cell, self.tall = 2, False  # the map's layout, as fit() chose it for the screen's size
        self.starts_for: tuple[Game, int] | None = None  # the game and turn self.starts was replayed for
        self.starts: Mapping[int, Points] | None = None  # view.turn_start_points of it (None: set up by hand)
        self.going: str | None = None  # the unit being moved by destination (G): the look cursor is its destination
        self.looked_at: tuple[str, str] | None = None  # the kind of question and the phase, at the last refresh
        # each unit's destination chosen with G this phase, by unit: G again (the unit asked again in a later cycle)
        # begins there
        self.destinations: dict[str, tuple[tuple[int, str], Hex]] = {}
        self.routed: tuple[object, ...] = ()  # (the key of the route below, the route): worked out once a position
        self.last_step: tuple[str, float, str] | None = None  # the unit the last key pressed moved, when, the key
        self.last_move: tuple[str, float] | None = None  # the unit the last step moved, and when (FINISH_GAP)
        self.clock: Callable[[], float] = time.monotonic  # (a test holds a key down by stopping it)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Panel(id="status")
        with Horizontal(id="top"):
            yield MapView(self.map_options, id="map")
            yield CardPanel(id="side", classes="side")
        with Horizontal(id="bottom"):
            with Vertical(id="talk"):
                yield Panel(id="prompt")
                yield MessageLog(id="log")
            yield CardPanel(id="side-below", classes="side")
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one(MessageLog)
        for event in self.session.log[-300:]:
            if event.kind != "SettingChosen":
                log.add(event)
        self.log_written = True  # from now on add_events writes each new event
        self.set_interval(0.5, self._flash)
        self.fit(self.app.size.width, self.app.size.height)
        self.refresh_view()

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width, event.size.height)
        if self.is_mounted:  # the side panel's cards are cut to its width: drawn again once it has its new one
            self.call_after_refresh(self._refresh_if_shown)

    def _refresh_if_shown(self) -> None:
        """refresh_view, unless the screen has been taken down meanwhile (a load or the title after a resize: its
        widgets were gone when the call came, and the game ended on the error; found by a key-mashing test)."""
        if self.query("#status"):
            self.refresh_view()

    def fit(self, width: int, height: int) -> None:
        """Lay the screen out for its size (docs/screens.md): the wide map as soon as it fits across, with the
        side panel beside it if there is room, else below it beside the question; two lines a row when the
        height allows."""
        cell, tall, below = screen_layout(self.game, width, height)
        self.cell, self.tall = cell, tall
        changed = below != self.has_class("side-below")
        self.set_class(below, "side-below")
        self.query_one("#map").styles.width = map_width(self.game, cell) + 1
        rows = map_height(self.game, tall, cell)
        self.query_one("#top").styles.height = rows
        # the question grows to 9 lines, but never over the log's last lines (at 80x24 a long question pushed the
        # log's newest line below the screen, and its middle was the last seen)
        below_map = height - 2 - rows  # (the status line and the key bar)
        self.query_one("#prompt").styles.max_height = max(PROMPT_MIN, min(PROMPT_MAX, below_map - LOG_MIN))
        if changed and self.is_mounted:
            self.refresh_view()

    def _flash(self) -> None:
        if self.app.screen is not self:  # under a card or a dialog the map is held still, its marks shown: never
            # painted there, it was refreshed whole at each turn of the flash, and the screen with it (some 77 KB
            # a second to a browser at 240x70 while a report was read)
            if not self.flash_on:
                self.flash_on = True
                self.query_one(MapView).redraw()
            return
        self.flash_on = not self.flash_on
        self.query_one(MapView).redraw()
        if self.front.thinking_for() is not None:  # the dots after "thinking" go round
            self.query_one("#prompt", Panel).show(self.prompt_panel_text())

    # ------------------------------------------------------------------ what is shown
    @property
    def game(self) -> Game:
        return self.session.game

    def prompt_now(self) -> Prompt | None:
        """The prompt if the person at the keyboard may answer it now, else None."""
        if not self.front.accepting():
            return None
        return self.game.prompt

    def map_options(self) -> MapOptions:
        game = self.game
        p = game.prompt
        opts = MapOptions(cell=self.cell, tall=self.tall, theme=self.app.theme, no_color=self.app.no_color,
                          sixteen=sixteen_colours(self.app.console),
                          flash_on=self.flash_on, cursor=self.look, labels=self.labels)
        if (route := self.current_route()) is not None:
            opts.route = route_marks(route)
        unit = getattr(p, "unit", None)
        if isinstance(p, DropZonePrompt):
            opts.focus = p.zone
        elif isinstance(p, (DefenderPrompt, SupportPrompt, StrategyPrompt)):
            opts.focus = game.unit(p.defender).position
            opts.marks = positions(game, p.attackers)
        elif isinstance(p, AttackerPrompt):
            opts.focus = game.unit(p.attacker).position
            opts.marks = positions(game, p.chosen + (p.defender,))
        elif unit is not None:
            opts.focus, opts.focus_unit = game.unit(unit).position, unit
        if self.session.is_computer(p.side) and self.last_moved is not None:
            opts.focus, opts.marks, opts.focus_unit = self.last_moved, frozenset(), None
        elif isinstance(p, MovePrompt):
            opts.targets = move_targets(game, p.unit, p.directions)
        elif isinstance(p, RetreatPrompt):
            opts.targets = move_targets(game, p.unit, p.directions)
        elif isinstance(p, AdvancePrompt):
            opts.targets = {p.into: p.direction}
        hinted = hint_target(game, self.front.hint_ready())
        if hinted is not None:
            opts.marks = opts.marks | {hinted}
        if self.overlay == "allied":
            us, bc = supplied_positions(game, "US"), supplied_positions(game, "BC")
            opts.supply = {h: ("both" if h in us and h in bc else "US" if h in us else "BC") for h in us | bc}
        elif self.overlay == "german":
            opts.supply = dict.fromkeys(german_supplied_positions(game), "DE")
        return opts

    def current_entry(self) -> DigitEntry | None:
        """The number fields for the question being asked (made afresh for each new question)."""
        game = self.game
        if self.entry_for is None or self.entry_for[0] is not game or self.entry_for[1] != len(game.actions):
            self.entry_for = (game, len(game.actions))
            self.entry = make_entry(game, game.prompt)
        return self.entry

    def refresh_view(self) -> None:
        game = self.game
        session = self.session
        # the question has moved on: so has the move by destination (the question, not whether it may be answered
        # this moment: a window made too small for a while leaves both as they were)
        if self.going is not None and getattr(game.prompt, "unit", None) != self.going:
            self.going = self.look = None
        p = game.prompt
        # a look at the map ends with the kind of question it was taken at: the next kind's panel (a level's
        # losses, a fight's odds) is what its question points to
        question = (p.kind, str(game.phase))
        if self.look is not None and self.going is None and self.looked_at != question:
            self.look = None
        self.looked_at = question
        self.current_entry()
        who, first = "", False
        if session.is_computer(p.side):
            who = f"{p.side.title()}: computer"  # (the question's panel says it at length)
        elif session.hot_seat and p.side in ("allied", "german") and game.phase in DEFENDED \
                and not game.phase.startswith(p.side):
            # only where the side answering is not the phase's own (a defence, a retreat), before the score: the
            # keyboard passed without a hand-over, and at 80 columns the line's end is cut
            who, first = f"{p.side.title()} player", True
        self.query_one("#status", Panel).show(status_line(game, who, first))
        side = self.side_text()
        more = Text(POINTS_CUT, style="bold") if game.phase not in (Phase.QUESTIONS, Phase.AIRBORNE) else None
        more_from = self.points_from  # (the points come last: what a short panel cuts)
        if self.points_beside():
            side, more_from = two_columns(side, self.points_from, self.side_width()), 0
        for panel in self.query(".side").results(CardPanel):
            panel.more, panel.more_from = more, more_from
            panel.show(side)
        prompt = self.query_one("#prompt", Panel)
        prompt.show(self.prompt_panel_text())
        # (the question is narrower with the side panel below: one space between, not two)
        prompt.border_title = pools_line(game, self.session.sees_allied_support(), narrow=self.has_class("side-below"))
        self.query_one(MapView).redraw()
        self.refresh_bindings()

    def side_text(self) -> Text:
        """The side panel: what the question is about (a unit, a fight, the position looked at), where the
        unit's steps would leave it (its side of the naval-range line, what it scores there, its supply), and
        this turn's points below, as far as the panel has room."""
        game = self.game
        p = game.prompt
        t = self.card_text()
        if isinstance(p, RetreatPrompt) and not self.session.is_computer(p.side):  # first: where each way leads
            t = retreat_preview(game, p) + t  # (below the unit's card, a short panel cut the last ways off)
        move = p if isinstance(p, MovePrompt) and not self.session.is_computer(p.side) else None
        t.rstrip()
        t.append("\n")
        if self.going is not None:
            pass  # the route card has said what the destination means
        elif self.look is not None:
            t.append_text(position_preview(game, self.look, move.unit if move else None, self.side_width() or 30))
        elif move is not None:
            t.append_text(step_preview(game, move))
        if move is not None and move.side == "german":
            t = self.with_cut_off(t)
        self.points_from = len(t.plain.split("\n"))  # (past the end: no points)
        if game.phase not in (Phase.QUESTIONS, Phase.AIRBORNE):
            t.rstrip()
            t.append("\n")
            self.points_from = len(t.plain.split("\n")) - 1  # the points' first line (the panel's lines from 0)
            t.append_text(points_panel(game, self.turn_starts()))
        return t

    def with_cut_off(self, t: Text) -> Text:
        """The panel's text with the German's cut-off warning: below it, in the fullest words that fit the lines left;
        in a line at its top where none are left (the look cursor on a unit at 80x24 filled the panel with its card
        and preview, and the warning, below its foot, was not seen; found by a helper)."""
        game, width, height = self.game, self.side_width() or 30, self.side_height()
        cut = view.german_out_of_supply(game)  # (traced once a redraw: each key press redraws the panel)
        room = height - (len(t.plain.split("\n")) - 1) if height else 0  # (t ends with its line's end)
        warning = cut_off_now(game, width, max(room, 1) if height else 0, cut)
        if height and warning.plain.count("\n") > max(room, 0):
            top = cut_off_now(game, width, 1, cut)
            top.append_text(t)
            return top
        t.append_text(warning)
        return t

    def turn_starts(self) -> Mapping[int, Points] | None:
        """The score's categories at the start of each turn (a replay of the game: made once a turn)."""
        game = self.game
        if self.starts_for != (game, game.turn):
            self.starts_for, self.starts = (game, game.turn), view.turn_start_points(game)
        return self.starts

    def side_width(self) -> int:
        """The columns of the side panel's card in view (0 before the screen is laid out): the panel's, or, with the
        points beside the card, the card's column."""
        width = self.side_in_view().content_size.width
        return width - COLUMN_GAP - POINTS_COLUMN if self.points_beside() else width

    def side_height(self) -> int:
        """The lines of the side panel in view (0 before the screen is laid out)."""
        return self.side_in_view().content_size.height

    def side_in_view(self) -> Panel:
        """The side panel shown: beside the map, or below it."""
        return self.query_one("#side-below" if self.has_class("side-below") else "#side", Panel)

    def points_beside(self) -> bool:
        """Whether the side panel beside the map has room for the points beside the card."""
        width = self.query_one("#side", Panel).content_size.width
        return not self.has_class("side-below") and width >= CARD_LEAST + COLUMN_GAP + POINTS_COLUMN

    def card_text(self) -> Text:
        """The side panel's card (what is looked at, asked about, or the route), under a line on the scenario's last
        turn of moves: the points below it, which say what the last turn will score, may be cut on a small screen."""
        card = self._card_text()
        if not last_turn_of_moves(self.game):
            return card
        last = Text(" LAST TURN OF MOVES (H) ", style="bold reverse", no_wrap=True,
                    overflow="ellipsis")
        return Text("\n", no_wrap=True, overflow="ellipsis").join([last, card])

    def _card_text(self) -> Text:
        game = self.game
        p = game.prompt
        if (route := self.current_route()) is not None:
            return route_text(game, route, self.side_width() or 30)
        if self.look is not None:
            return position_card(game, self.look, self.side_width() or 30)
        card = combat_card(game, p, (self.side_width() or None) if isinstance(p, StrategyPrompt) else None)
        # (the question's own card, for the side answering it here: online, the player waiting read the other
        # side's level table as his, "Attack losses yours/theirs" and "Support 0: no effect"; found by a helper)
        if card is not None and self.session.played_here(p.side):
            return card
        t = Text(no_wrap=True, overflow="ellipsis")
        unit = getattr(p, "unit", None)
        if self.session.is_computer(p.side) and self.last_moved and game.occupant(self.last_moved):
            unit = game.occupant(self.last_moved)
        if unit is not None and not isinstance(p, DropZonePrompt):
            t.append_text(unit_card(game, unit, width=self.side_width() or None))
        elif isinstance(p, DropZonePrompt):
            t.append_text(unit_card(game, p.unit, width=self.side_width() or None))
        directions = getattr(p, "directions", ()) if not self.session.is_computer(p.side) else ()
        if isinstance(p, AdvancePrompt):
            directions = (p.direction,)
        t.append_text(compass_and_weather(game, directions))
        return t

    def prompt_panel_text(self) -> Text:
        game = self.game
        p = game.prompt
        session = self.session
        waiting = session.waiting()  # a hosted game (overlord join): the other player answers
        if self.front.fighting_on() and session.fight_on is not None:  # (fighting on: the session holds the order)
            t = fighting_on_text(game, session.fight_on)
            if waiting is not None:  # (each round waits for the German's answer: the order stood on screen, with no
                # word of a German not connected, as if the fight had frozen; found by a helper)
                t = Text.assemble((f" {waiting.upper()} ", "bold reverse"), "  his answer, then the next round\n", t)
        elif waiting is not None:
            t = Text.assemble((f" {waiting.upper()} ", "bold reverse"), "  F1, H and the arrows work meanwhile\n")
        elif game.over:  # (a moment before the final report, the last turn's reports shown first)
            t = Text(" THE GAME IS OVER ", style="bold reverse")
            t.append("  the last reports, then the final one\n", style="")
        elif not session.human_to_move:
            t = Text()
            seconds = self.front.thinking_for()
            who = "THE ALLIES ARE" if p.side == "allied" else f"THE {p.side.upper()} IS"
            # who commands them, named (the set-up named him, and nothing after it did)
            commander = f"({session.commander_words(p.side)})" if session.is_computer(p.side) else ""
            if getattr(self.app, "paused", False):  # (watching the computers: P stopped them)
                t.append(" PAUSED ", style="bold reverse")
                t.append("  P plays on; F1, H and the arrows work meanwhile\n")
            elif seconds is not None:  # a search that takes a while: said, so that the screen is not thought frozen
                t.append(f" {who} THINKING{'.' * (1 + int(seconds * 2) % 3):<3} ", style="bold reverse")
                t.append(f" {commander}  F1, H and the arrows work meanwhile\n")
            else:
                t.append(f" {who} MOVING ", style="bold reverse")
                t.append(f" {commander}  press any key to hurry\n")
        elif isinstance(p, StrategyPrompt) and session.asks_coastal_answer():
            t = coastal_question(game, p)
        else:
            t = prompt_text(game, p, self.current_entry())
            # a refusal or a note comes first below the question: what follows may not fit a small window
            t = self.with_message(t)
            fought = session.last_result(p.unit, attacking=isinstance(p, AdvancePrompt)) \
                if isinstance(p, (RetreatPrompt, AdvancePrompt)) else None
            if fought is not None:  # (the result's card is not shown before this question: session.retreat_shows_result;
                # an advance's says it to the attacker's player, who takes the keyboard there without a hand-over)
                t.append("\n")
                t.append("The fight's result:", style="bold reverse")
                t.append(f" {fight_in_brief(fought, game.data)}.", style="bold")  # (in full, cut at 80x24)
                if fought.naval or fought.air:  # (its support, as its card says it)
                    t.append(f" {support_words(game, fought)}.")
            if session.asks_fight_on():
                t.append("\n")
                seen = view.bombardment_seen(game)
                t.append_text(fight_on_note(session.one_round, supported=seen is not None and seen[0] > 0))
            return t
        return self.with_message(t)

    def with_message(self, t: Text) -> Text:
        """The question with the message (a refusal, a note) below it; right under its first line where the
        question panel could not show it below the rest (at 80x24 the coastal defences' five lines hid every
        refusal: a key seemed to do nothing). A message ends with the phase it was said in: where the host or the
        computer answered meanwhile, one stood under the questions of the next turn (found by a helper)."""
        if not self.said_now():
            return t
        note = Text("» ", style="bold")
        note.append_text(self.message if isinstance(self.message, Text) else Text(self.message, style="bold"))
        panel = self.query_one("#prompt", Panel)
        width = panel.content_size.width or self.size.width
        most = panel.styles.max_height
        room = int(most.value if most is not None else PROMPT_MAX) - panel.styles.gutter.height  # (its top border)

        def lines(text: Text) -> int:
            return len(text.wrap(self.app.console, max(width, 10)))
        if lines(t) + lines(note) <= room:
            return Text.assemble(t, "\n", note)
        first, *rest = t.split("\n", include_separator=True)
        return Text.assemble(first, "" if first.plain.endswith("\n") else "\n", note, "\n", *rest)

    def add_events(self, events: list[Event]) -> None:
        for e in events:
            to = getattr(e, "to", None) or getattr(e, "landed_at", None)
            if to is not None:
                self.last_moved = to
        # The app may move for the computer before this screen is up (a game resumed, or begun, with the
        # computer to move): on_mount then writes the session's log, these events included, once.
        if self.log_written:
            for log in self.query(MessageLog):  # (none while the app closes)
                for e in events:
                    log.add(e)

    def said_now(self) -> Text | str:
        """The message, if it was said in this turn and phase (else none: it has ended with them)."""
        if self.message_in is not None and self.message_in != (self.game.turn, self.game.phase):
            self.message = ""
        return self.message

    def say(self, message: Text | str) -> None:
        self.message = message
        self.message_in = (self.game.turn, self.game.phase)
        for panel in self.query("#prompt").results(Panel):  # (a screen not yet composed shows it as it comes up)
            panel.show(self.prompt_panel_text())

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hurry":
            return self.front.computer_moving()
        if action == "esc_here":  # (while the computer moves Esc hurries it, as any key: it answered at the next question)
            return not self.front.computer_moving()
        if action == "stop":
            return self.front.fighting_on()
        if action == "leave_going":
            return self.going is not None
        if action == "unlook":  # (the help listed "Esc Stop looking" with nothing looked at)
            return self.look is not None or self.going is not None
        if action not in ANSWERS:
            return True
        p = self.prompt_now()
        if p is None:
            return False
        arg = parameters[0] if parameters and isinstance(parameters[0], int) else None  # a direction or a level
        if action in STANDING:
            return STANDING[action](self.session, p, arg)
        return ANSWER_RULES[action](self, p, arg)

    def on_key(self, event: Key) -> None:
        if self.last_step is not None and event.key != self.last_step[2]:
            self.last_step = None  # another key than the last move's: not a key held down (held_over)
        if self.answers_now(event.key):  # (the bindings take it)
            return
        binding = self.active_bindings.get(event.key)
        if binding is not None and binding.enabled:
            return
        if event.key in ("tab", "shift+tab"):
            event.stop()
            return
        if self.front.computer_moving():
            self.post_message(HurryUp())
            event.stop()
            return
        if event.key == "space":  # the hurry key, answering nothing: one pressed as the computer ended is no mistake
            event.stop()
            return
        # (a Ctrl key that is no key of the game did nothing without a word, Ctrl+Z among them; found by a helper)
        if event.is_printable or event.key in ("enter", "backspace") or event.key.startswith("ctrl+"):
            event.stop()
            name = key_name(event)
            why = self.why_not(event.key)
            what = "a key of the game" if event.key.startswith("ctrl+") else "an answer here"
            self.say(Text(why or f"{name} is not {what}: the keys are below, F1 says more.", style="bold"))

    def answers_now(self, key: str) -> bool:
        """Whether one of this screen's own keys is open now: active_bindings asked of one key (on_key runs at
        every press, before the bindings, and active_bindings asks check_action of every key)."""
        return any(self.check_action(name, args) for name, args in OWN_KEYS.get(key, ()))

    def why_not(self, key: str) -> str | None:
        """Why a key that answers this kind of question does not answer this one: a closed level, a landing
        the unit cannot make, a way it cannot move, Enter on a unit that cannot be chosen."""
        p = self.prompt_now()
        if isinstance(p, StrategyPrompt) and key.isdigit() and int(key) > p.max_level:
            return f"Level {key} is closed ({p.closed_because(int(key))}): {choose_level(p.max_level)}."
        if isinstance(p, MovePrompt) and key in "123456" and len(key) == 1:
            refused = view.landing_refused(self.game, p.unit, int(key))
            if refused:
                return f"{self.game.spec(p.unit).name} cannot land that way: {refused}."
            refused = view.step_refused(self.game, p.unit, int(key))
            if refused:
                return f"{self.game.spec(p.unit).name} cannot move that way ({key}): {refused}."
            return f"{self.game.spec(p.unit).name} cannot move that way ({key}): the ways it can are lit on the map."
        if isinstance(p, RetreatPrompt) and key in "123456" and len(key) == 1:
            return f"{self.game.spec(p.unit).name} cannot retreat that way ({key}): {self.retreat_refused(p, int(key))}."
        if isinstance(p, MovePrompt) and key == "b" and p.afloat:
            return sail_refused(self.game, p.unit)
        if isinstance(p, MovePrompt) and key == "b" and p.side == "german":  # ("this unit is ashore" to a German)
            return "B is the Allies' key: it sails a formation at sea to a beachhead marker."
        if isinstance(p, MovePrompt) and key == "b":
            return "B sails a formation at sea to a beachhead marker: this unit is ashore."
        if isinstance(p, MovePrompt) and key == "a" and p.side == "german":  # (as B; it said "not an answer here")
            return "A is the Allies' key: it chooses their next formation at sea."
        if isinstance(p, MovePrompt) and key == "g" and p.afloat:
            return (f"{Subject(self.game.data, [p.unit]).says('is', 'are')} at sea: G (go to) is for units ashore. Sail with the compass "
                    "keys or B to a beachhead marker, then land.")
        if isinstance(p, MovePrompt) and key == "enter" and self.look is not None:
            return self.why_not_chosen(self.look)
        if key == "d" and isinstance(p, Prompt) and p.side == "german" and self.game.settings.player("german") == "human":
            return "D changes how your coastal defences answer landings: none stands now, so there is nothing to change."
        if key == "g" and self.going is not None:  # (it said "G is not an answer here")
            return "A destination is being chosen: the arrows (or a click) move the cursor, Enter goes there, Esc leaves."
        if key == "u" and self.check_action("hint", ()):
            return "U takes a hint once there is one for this question: T asks for it first."
        return None

    def retreat_refused(self, p: RetreatPrompt, direction: int) -> str:
        """Why a retreat may not go that way (a retreat goes to an empty land position beside the unit)."""
        game = self.game
        to = neighbour(view.position_of(game.unit(p.unit)), direction)
        if not game.data.map.grid.on_map(to):
            return "that is off the map"
        if not game.data.map.is_land(to):
            return "that is the sea"
        there = game.occupant(to)
        if there is not None:
            name = game.spec(there).name
            return f"the {name} {'are' if is_plural(name) else 'is'} there"
        return "the ways it can retreat are lit on the map"

    def play(self, action: Action) -> list[Event]:
        self.message = ""
        return self.front.answer(action)

    def asked_unit(self) -> str:
        """The unit the question being asked is about: the keys that act on it are enabled only for the
        questions about a unit (check_action)."""
        unit = getattr(self.game.prompt, "unit", None)
        if not isinstance(unit, str):
            raise AssertionError("no question about a unit is being asked")
        return unit

    def action_move(self, d: int) -> None:
        uid = self.asked_unit()
        if self.held_over(uid, d):
            return
        cost = view.step_cost(self.game, uid, d)
        if cost is not None and cost.get("landing") and self.out_of_supply_landing(uid, d, cost["landing"]):
            return
        self._step(uid, d, cost)

    def held_over(self, uid: str, d: int) -> bool:
        """Whether this direction key is a held key's repeat carried over to the next unit (HELD_KEY_GAP): it is
        dropped, and so are its repeats after it (each one restarts the gap) until the key is let go."""
        now = self.clock()
        last = self.last_step  # (on_key forgets it at any other key: the same key pressed again)
        if last is not None and last[0] != uid and now - last[1] < HELD_KEY_GAP:
            self.last_step = (last[0], now, last[2])
            gone = Subject(self.game.data, [last[0]])
            self.say(f"{gone.says('has', 'have')} moved as far as {gone.verb('it', 'they')} can; the key held down does not move "
                     f"{self.game.spec(uid).name}: let go, then press {d} again to move it.")
            return True
        self.last_step = (uid, now, str(d))
        return False

    def _step(self, uid: str, d: int, cost: dict[str, Any] | None) -> None:
        events = self.play(Move(uid, d))
        self.last_move = (uid, self.clock()) if events else None
        drawn = [e for e in events if isinstance(e, UnitMoved) and e.unit == uid and cost and e.cost > cost["mp"]]
        if drawn and cost is not None and self.is_attached:  # the chance point of the Terrain Effects chart: said, not only charged
            self.say(f"The extra movement point was drawn ({self.game.data.charts.terrain.extra_point_percent}% a step): "
                     f"that step cost {drawn[0].cost} MP, not {cost['mp']}.")

    def out_of_supply_landing(self, uid: str, d: int, beach: str) -> bool:
        """A landing on another nation's beach, beyond its own nation's supply, is asked about first (Y lands).
        True when the question was put."""
        warning = out_of_own_supply(self.game, uid, d, beach)
        if warning is None:
            return False
        self.app.push_screen(ConfirmScreen(f"{warning}\n\nLand anyway?", "land"),
                             lambda yes: self._step(uid, d, None) if yes else None)
        return True

    def action_finish(self) -> None:
        uid, last = self.asked_unit(), self.last_move
        self.last_move = None  # (pressed again, F finishes it)
        if last is not None and last[0] != uid and self.clock() - last[1] < FINISH_GAP:
            gone = Subject(self.game.data, [last[0]])
            self.say(f"{gone.says('has', 'have')} stopped by itself: F does not finish {self.game.spec(uid).name}, "
                     "which has not moved yet. Press F again to finish it.")
            return
        self.play(FinishUnit(uid))

    def action_end_phase(self) -> None:
        """E: the combat phase ends at once; the movement phase only once the player says so, since the units
        that could still move (or land) lose their move."""
        p = self.game.prompt
        if not isinstance(p, MovePrompt):
            self.play(EndPhase())
            return
        units = view.choosable_units(self.game)
        at_sea = sum(1 for uid in units if self.game.unit(uid).status == view.AFLOAT)
        still = f"{len(units)} unit{'s' if len(units) != 1 else ''} can still move"
        if at_sea:
            still += f", {at_sea} of {'them' if len(units) > 1 else 'it'} at sea"
        question = (f"End the {p.side.title()} movement phase now? {still}; "
                    f"{'they lose' if len(units) != 1 else 'it loses'} the rest of this phase's movement.")
        # (those the fuel holds back are named here too: the phase ended by E never said so; found by a helper)
        if held := view.held_by_fuel(self.game):
            question += (f"\n\nHeld back by fuel (the pool has {self.game.pools.fuel}): "
                         f"{name_list([self.game.spec(uid).name for uid in held])}.")
        if p.side == "german" and (cut_off := cut_off_words(self.game)) is not None:
            question += f"\n\nCut off from supply at the next turn's start, as they stand: {cut_off}."
        # (a player ended D-Day with three beaches empty, and lost their markers to walk-ins; not said while the German
        # stays still this turn: the Allies move again before he does)
        open_beaches = beaches_left_open(self.game) if p.side == "allied" and not self.game.german_still else []
        if open_beaches:
            cut = self.game.data.rules.transport.marker_destroyed_percent
            question += (f"\n\n{name_list(open_beaches)}: {'each with ' if len(open_beaches) > 1 else ''}a landing "
                         "position left empty. A German unit that walks onto it destroys the beach's marker: no more "
                         f"landings or supply from that beach, and {cut}% less transport each turn.")

        def end_if(yes: bool | None) -> None:
            if yes:
                self.play(EndPhase())
        self.app.push_screen(ConfirmScreen(question, "end"), end_if)

    # ------------------------------------------------------------------ choosing the unit to move
    def choosable_at(self, position: Hex) -> str | None:
        """The unit at a position that the player may choose to move next (not the one asked about)."""
        units = [self.game.occupant(position), *self.game.afloat_at(position)]
        legal = self.game.legal_actions()
        return next((uid for uid in units if uid is not None and ChooseUnit(uid) in legal), None)

    def why_not_chosen(self, position: Hex, chosen: str | None = None) -> str:
        """Why no unit at ``position`` (or the unit ``chosen`` there: a position at sea holds several) can be chosen
        to move next, in a sentence: whose it is, or why its every way is shut (Enter on a unit showing all its MP
        said nothing of why: an empty fuel pool; found by a helper)."""
        game = self.game
        units = [uid for uid in (game.occupant(position), *game.afloat_at(position)) if uid is not None]
        mine = [uid for uid in units if game.side_of(uid) == game.prompt.side]
        if chosen is not None and chosen in mine:
            mine = [chosen]
        if not mine:
            whose = f"a unit of the {ARMY[game.side_of(units[0])]}" if units else "no unit"
            return (f"No unit here can be chosen: there is {whose} here. Choose one of your side's units that can "
                    "still move (look at it with the arrows, then Enter).")
        uid = mine[0]
        name = game.spec(uid).name
        if uid == self.asked_unit():
            asked = Subject(game.data, [uid])
            return f"{asked.says('is', 'are')} the unit being asked about: move {asked.verb('it', 'them')} with the compass keys."
        u = game.unit(uid)
        if u.status == view.ASHORE and u.mp <= 0 and not u.stopped:  # (its every way said "that is the sea" where
            # most of them were: at Cabourg, interdiction had left it 0 MP; found by a helper)
            cut = f" (air interdiction cost it {u.interdicted} MP)" if u.interdicted else ""
            return f"{name} cannot move now: it has no movement points left this phase{cut}."
        refusals = [r for r in (view.step_refused(game, uid, d) for d in range(1, 7)) if r]
        if refusals:
            return f"{name} cannot move now: no way is open to it ({main_reason(refusals)})."
        return f"{name} cannot move again this phase."

    def next_at_sea(self) -> str | None:
        """The next formation at sea that can still move after the one asked about, in the order of battle
        (which choosing does not change, so that A goes round them all)."""
        asked = self.asked_unit()
        ranks = {uid: i for i, uid in enumerate(self.game.data.units)}
        at_sea = sorted((uid for uid in view.choosable_units(self.game)
                         if uid != asked and self.game.unit(uid).status == view.AFLOAT), key=ranks.__getitem__)
        return next((uid for uid in at_sea if ranks[uid] > ranks[asked]), at_sea[0] if at_sea else None)

    def choose(self, uid: str) -> None:
        self.look = None
        self.play(ChooseUnit(uid))

    def action_choose_here(self) -> None:
        uid = self.choosable_at(self.look) if self.look is not None else None
        if uid is not None:
            self.choose(uid)

    def action_next_at_sea(self) -> None:
        uid = self.next_at_sea()
        if uid is not None:
            self.choose(uid)

    def action_drop_yes(self) -> None:
        self.play(Answer("Y"))

    def action_drop_no(self) -> None:
        self.play(Answer("N"))

    action_attack = action_include = action_drop_yes
    action_next = action_drop_no

    def action_leave(self) -> None:
        """N to a unit offered for an attack: the last one left out with none chosen calls the attack off, said
        (the next defender's question came without a word; found by a helper)."""
        p = self.game.prompt
        self.play(Answer("N"))
        now = self.game.prompt
        if isinstance(p, AttackerPrompt) and not p.chosen and not (
                isinstance(now, AttackerPrompt) and now.defender == p.defender):
            self.say(f"No unit attacks the {self.game.spec(p.defender).name}: that attack is called off.")

    def action_level(self, n: int) -> None:
        self.play(ChooseStrategy(n))

    # ------------------------------------------------------------------ a landing's standing orders
    def action_fight_on(self, n: int) -> None:
        """This level and this round's support every round until the beach falls (the session answers them)."""
        self.session.fight_on_at(n)
        self.play(ChooseStrategy(n))

    def action_one_round(self) -> None:
        self.session.one_round = True
        # (short: the question's own line says what a level does now; the notice said it again above it, found by
        # a helper)
        self.say("R: one round at a time now.")
        self.refresh_view()

    def action_fight_on_mode(self) -> None:
        self.session.one_round = False
        self.say("R: fighting on until the beach or your unit falls now.")
        self.refresh_view()

    def action_stop(self) -> None:
        """Stop fighting on: the next round's support and level are asked again."""
        self.session.fight_on = None
        self.say("Fighting on stopped: choose this round's support and level.")
        self.post_message(GoOn())

    def action_day_level(self, n: int) -> None:
        """The German's answer for his coastal defences: this level in every round of every landing."""
        if not self.give_coastal_answer(n):
            self.play(ChooseStrategy(n))
            return
        # a joined game's host answers this round with the standing order it was just given (the answer sent too came
        # after it, and was refused: "the game has moved on", a line left on the screen until the German's move)
        self.say(f"Level {n} for every landing: given to the host, which answers this round with it.")

    def action_computer_answers(self) -> None:
        """The German lets the computer German choose his coastal defences' level in every round."""
        self.give_coastal_answer(COMPUTER)
        self.message = ""
        self.post_message(GoOn())

    def give_coastal_answer(self, answer: int | str) -> bool:
        """The German's answer for every landing: the session holds it (and a joined game's host: the app). Whether
        the host's standing orders answer the question asked now with it (a joined game's)."""
        self.session.coastal_answer = answer
        return bool(self.app.coastal_answer_given(answer))  # type: ignore[attr-defined]

    def action_coastal_answer(self) -> None:
        """D: the German changes how his coastal defences answer landings."""
        session = self.session
        names = [level.name for level in self.game.data.charts.strategy_levels.defence]

        def chosen(answer: int | str | None) -> None:
            if answer is not None:
                by_host = self.give_coastal_answer(answer)
                said = f"level {answer}, {names[answer - 1]}" if isinstance(answer, int) else "the computer's answer"
                self.say(f"Your coastal defences now answer every landing's round with {said} (D changes it)."
                         + (" The host answers this round with it." if by_host else ""))
                if not by_host:  # (the host's orders answer a joined game's question: an answer sent too was refused)
                    self.post_message(GoOn())  # (it may answer the question being asked)

        def ask(_: object = None) -> None:
            self.app.push_screen(CoastalAnswerScreen(session.coastal_order(), names), chosen)

        def handed_over(_: object) -> None:
            session.take_seat("german", private=True)  # (the Allied player sent away)
            ask()
        if session.hot_seat and not (session.seat == "german" and session.seat_private):
            # the answer stands for the day's later landings: typed with the Allied player away, as at the first
            # landing (a German given the keyboard with a note, at his defence, could have changed it before him;
            # found by a helper)
            self.app.push_screen(HandOverScreen("German", "Your coastal defences' answer for the day's landings."),
                                 handed_over)
            return
        ask()

    def action_sail(self) -> None:
        """B: sail the formation at sea to its nation's nearest beachhead marker, one move at a time."""
        uid = self.asked_unit()
        if not self.session.plays_at_once:  # (a hosted game's: B gave one step, and from a marker swung back)
            self.march(uid, beachhead_course(self.game, uid))
            return
        for d in beachhead_course(self.game, uid):
            if not self.play(Move(uid, d)):
                return

    def march(self, uid: str, directions: list[int]) -> None:
        """Steps given at once in a hosted game: a standing order the turn controller answers one by one."""
        self.session.march = March(uid, list(directions))
        self.post_message(GoOn())

    def action_retreat(self, d: int) -> None:
        self.play(Retreat(d))

    def action_hold(self) -> None:
        self.play(HoldGround())

    def action_advance(self, d: int) -> None:
        self.play(Advance(self.asked_unit(), d))

    def action_advance_yes(self) -> None:
        p = self.prompt_now()
        if isinstance(p, AdvancePrompt):
            self.play(Advance(p.unit, p.direction))

    def action_stay(self) -> None:
        self.play(FinishUnit(self.asked_unit()))

    # ------------------------------------------------------------------ hints
    def action_hint(self) -> None:
        """T: what the computer player of the side asked would answer, and why (thought in a worker: keys work
        meanwhile). T again while it thinks gives it up."""
        side = str(self.game.prompt.side)
        asked = self.front.ask_hint()
        if asked == "cancelled":
            self.say("Hint given up.")
        elif asked == "ready" and (h := self.front.hint_now()) is not None:
            self.show_hint(h)
        else:
            self.say(Text(f"Asking the computer {side.title()} for a hint ... (the keys work meanwhile; T again gives "
                          "it up)", style="bold"))

    def show_hint(self, h: Hint) -> None:
        """The hint on a card (HintScreen: U takes it there too), and on the question's line once the card is
        closed; or, on the line, why there is none. Only while the question is in sight: the hint is kept for T
        otherwise."""
        advice = h.advice
        if not isinstance(advice, Advice):
            self.say(Text(f"No hint: {advice}", style="bold"))
            return
        who = f"The computer {ARMY[advice.side]} ({with_level(h.player, advice.side)})"  # ("Allied" alone read oddly)
        reason = advice.reason
        if self.session.asks_coastal_answer() and isinstance(advice.action, ChooseStrategy):
            # the question is a level for the day; the computer German answers each round afresh
            level = advice.action.level
            name = self.game.data.charts.strategy_levels.defence[level - 1].name
            reason = (f"Level {level}, {name}: the computer German's answer to this round; U makes it your coastal "
                      f"defences' level for every landing (D changes it later).\n" + reason)
        elif isinstance(advice.action, ChooseStrategy) and fights_on(self.session):
            # U gives the order to fight on, as the level's key does: the hint's losses are one round's
            reason = (f"U fights on at level {advice.action.level} until the beach falls (to fight this round only, "
                      "press R before U).\n" + reason)
        if (stranded := hint_stranded(self.game, advice)) is not None:  # said on its first line, and why after
            head, _, rest = reason.partition("\n")
            reason = "\n".join(line for line in (f"{head} ({NO_SUPPLY})", rest, stranded) if line)
        first, _, why = reason.partition("\n")
        # ("T shows why" of a hint with no why, a computer player's that gives none, pointed at nothing; found by a
        # helper)
        again = "T shows why" if why.strip() else "T shows it again"
        self.say(Text(f"Hint: {first}  U takes it, {again}.", style="bold"))
        self.refresh_view()  # the step marked on the map; U in the key bar
        if self.app.screen is self:
            self.app.push_screen(HintScreen(who, reason), self._hint_closed)

    def _hint_closed(self, take: bool | None) -> None:
        if take:
            self.action_take_hint()

    def action_take_hint(self) -> None:
        """U: play the hint's answer, as its key would: a step as 1-6 does; a landing's level as an order to fight
        on when its digit key gives one (else for this round only); the German's first coastal level for the day."""
        advice = self.front.hint_ready()
        if advice is None:
            return
        action = advice.action
        if isinstance(action, Move) and action in self.game.legal_actions():
            self._step(action.unit, action.direction, view.step_cost(self.game, action.unit, action.direction))
        elif isinstance(action, ChooseStrategy) and self.check_action("fight_on", (action.level,)):
            self.action_fight_on(action.level)
        elif isinstance(action, ChooseStrategy) and self.check_action("day_level", (action.level,)):
            self.action_day_level(action.level)
        else:
            self.play(action)

    def action_hurry(self) -> None:
        self.post_message(HurryUp())

    def asked_numbers(self) -> DigitEntry:
        """The number fields of the question being asked: the keys that type into them are enabled only for
        the questions answered with numbers (check_action: "digit", "accept", "next_field")."""
        entry = self.current_entry()
        if entry is None:
            raise AssertionError("no question answered with numbers is being asked")
        return entry

    def entry_goes_on(self) -> bool:
        """Whether Enter moves on to the next number field now, rather than answering (asking.enter_does)."""
        entry = self.current_entry()
        return entry is not None and entry.touched and not entry.on_last

    def action_digit(self, digit: str) -> None:
        self.asked_numbers().type(digit)
        self.say("")
        self.refresh_bindings()  # (the key bar's Enter: the next field once a number is typed)

    def action_rub(self) -> None:
        self.asked_numbers().rub()
        self.say("")
        self.refresh_bindings()

    def action_field(self, by: int) -> None:
        self.asked_numbers().step(by)
        self.say("")
        self.refresh_bindings()

    def action_next_field(self) -> None:
        self.action_accept()

    def action_accept(self) -> None:
        entry = self.asked_numbers()
        values = entry.accept()
        if values is None:
            self.say("")
            self.refresh_bindings()
            return
        p = self.game.prompt
        action: Action
        if isinstance(p, AllocationPrompt):
            action = Allocate(*values)
        elif isinstance(p, InterdictionPrompt):
            action = Interdict(values[0])
        else:
            action = Support(*values)
        if action in self.game.legal_actions():
            self.play(action)
            return
        entry.again()
        self.say(Text(self.refusal(p, values), style="bold reverse"))
        self.refresh_bindings()  # (Enter moves on a field again: the key bar says so)

    def refusal(self, p: Prompt, values: list[int]) -> str:
        if isinstance(p, AllocationPrompt):
            return (f"The four numbers add up to {sum(values)}, not 100. Type over the ones to change; Enter keeps "
                    "a number and moves on.")
        if isinstance(p, InterdictionPrompt):
            return f"At most {p.max_points} air points can fly this turn. Give the number again."
        if isinstance(p, SupportPrompt):
            return f"At most {p.naval_max} naval and {p.air_max} air points. Give them again."
        raise AssertionError(f"no numbers are asked for a {type(p).__name__}")

    # ------------------------------------------------------------------ the mouse
    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        """A click on the map: on a position the unit asked about may enter (its direction lit), that step;
        on another unit of the side moving, UnitPicked; anywhere else a look at the position (a second
        click on it ends the look). Moving by destination (G), a click chooses the destination, and a second
        click on it goes."""
        h = message.position
        if self.going is not None:
            self.action_go() if h == self.look else self.look_at(h)
            return
        p = self.prompt_now()
        if isinstance(p, (MovePrompt, RetreatPrompt)) and (d := move_targets(self.game, p.unit, p.directions).get(h)):
            self.play(Move(p.unit, d) if isinstance(p, MovePrompt) else Retreat(d))
            return
        if isinstance(p, AdvancePrompt) and h == p.into:
            self.play(Advance(p.unit, p.direction))
            return
        uid = self.game.occupant(h)
        if isinstance(p, MovePrompt) and uid is not None and uid != p.unit and self.game.side_of(uid) == p.side:
            self.post_message(self.UnitPicked(uid, h))
            return
        self.look_at(None if h == self.look else h)

    def on_game_screen_unit_picked(self, message: UnitPicked) -> None:
        """Move the unit clicked next if it can still move; else look at it (the panel says why not)."""
        if isinstance(self.prompt_now(), MovePrompt) and ChooseUnit(message.unit) in self.game.legal_actions():
            self.choose(message.unit)
        else:
            self.look_at(message.position)

    def look_at(self, position: Hex | None) -> None:
        self.look = position
        self.refresh_view()

    def action_look(self, key: str) -> None:
        m = self.game.data.map
        if self.look is None:
            self.look = self.map_options().focus or (m.cols // 2, m.rows // 2)
        else:
            dc, dr = LOOK[key]
            col, row = self.look
            if dr:
                # up and down zig-zag through the offset rows (directions 1/5 and 2/4); at the map's side edge, the
                # other diagonal, so that the cursor never sticks there
                ways = ((1, 2) if row % 2 == 0 else (2, 1)) if dr < 0 else ((5, 4) if row % 2 == 0 else (4, 5))
                col, row = next((h for h in (neighbour(self.look, d) for d in ways) if m.grid.on_map(h)),
                                neighbour(self.look, ways[0]))
            else:
                col += dc
            if m.grid.on_map((col, row)):
                self.look = (col, row)
        self.refresh_view()

    def action_esc_here(self) -> None:
        """Esc with nothing to stop looking at: it did nothing and said nothing, and at an attack's level a player
        looked for a way out of an attack at 0.5:1 (found by a helper)."""
        if (p := self.prompt_now()) is not None:
            begun = isinstance(p, StrategyPrompt) and p.role == "attack" and p.landing is None
            self.say(Text("Esc takes nothing back: an attack begun is fought." if begun else
                          "Esc takes nothing back here: the keys are below, F1 says more.", style="bold"))

    def action_unlook(self) -> None:
        self.look = None
        self.going = None
        self.refresh_view()

    # ------------------------------------------------------------------ move by destination (routing.py)
    def current_route(self) -> view.Route | None:
        """The route of the unit being moved by destination to the cursor (None when none is being chosen)."""
        if self.going is None or self.look is None:
            return None
        key = (self.game, len(self.game.actions), self.going, self.look)
        if not self.routed or self.routed[0] != key:
            self.routed = (key, view.route(self.game, self.going, self.look))
        route = self.routed[1]
        return route if isinstance(route, view.Route) else None

    def action_go_to(self) -> None:
        """G: choose where the unit asked about goes; the cursor starts on it."""
        uid = self.asked_unit()
        here = view.position_of(self.game.unit(uid))
        phase, before = self.destinations.get(uid, (None, None))
        again = before if phase == (self.game.turn, str(self.game.phase)) and before != here else None
        self.going, self.look = uid, again or here
        self.say(("Go to: the cursor is where it was going; " if again else "Go to: ") +
                 "the arrows (or a click) choose the destination; Enter goes there step by step, Esc leaves.")
        self.refresh_view()

    def action_go(self) -> None:
        """Enter: play the route's steps one by one, as the compass keys would (the same dice)."""
        route = self.current_route()
        if route is None:
            return
        if route.reason is not None:  # (the destination stays chosen: the player moves the cursor on)
            self.say(Text(walk(self.game, route, self.play, lambda: None), style="bold"))
            return
        self.destinations[route.unit] = ((self.game.turn, str(self.game.phase)), route.destination)
        self.going = self.look = None
        if not self.session.plays_at_once:  # a hosted game's: each step as the host answers the last (walked at
            # once, the second found the unit not yet moved and stopped)
            self.march(route.unit, [s.direction for s in route.steps])
            self.say(f"{self.game.spec(route.unit).name} goes to {where(self.game, route.destination)}: "
                     f"{plural(len(route.steps), 'step')}, each played as the host answers the last.")
            return
        said = walk(self.game, route, self.play, lambda: getattr(self.prompt_now(), "unit", None))
        if said.startswith(f"{self.game.spec(route.unit).name} stopped at "):  # (short of it, the destination was
            # then shown nowhere, though G remembers it; found by a helper)
            said += f" G on it again this phase begins at {where(self.game, route.destination)}."
        if self.is_attached:
            self.say(Text(said, style="bold"))
            self.refresh_view()

    def action_leave_going(self) -> None:
        self.action_unlook()
        self.say("")

    def action_labels(self) -> None:
        self.labels = not self.labels
        self.query_one(MapView).refresh()

    def action_supply_overlay(self) -> None:
        """S cycles the overlay: Allied supply lines, then the positions the German can trace supply from, then off."""
        self.overlay = OVERLAYS[(OVERLAYS.index(self.overlay) + 1) % len(OVERLAYS)]
        self.say({"allied": "Supply overlay: positions within Allied supply lines are shaded and dotted (S for the German's).",
                  "german": "Supply overlay: positions from which a German unit traces supply are shaded and dotted "
                            "(S turns it off).",
                  None: "Supply overlay off."}[self.overlay])
        self.query_one(MapView).refresh()


def own_keys(bindings: Iterable[object]) -> dict[str, list[tuple[str, tuple[object, ...]]]]:
    """Each key of a screen's bindings -> the (action, arguments) it may run, those of the app left out."""
    out: dict[str, list[tuple[str, tuple[object, ...]]]] = {}
    for b in bindings:
        assert isinstance(b, Binding)
        namespace, name, args = parse_action(b.action)
        if not namespace:
            for key in b.key.split(","):
                out.setdefault(key, []).append((name, args))
    return out


OWN_KEYS = own_keys(GameScreen.BINDINGS)


def hint_target(game: Game, advice: Advice | None) -> Hex | None:
    """The position a hint's step leads to (a move, a retreat, an advance), to mark on the map; None for
    another answer."""
    action = advice.action if advice is not None else None
    if isinstance(action, (Move, Retreat, Advance)):
        unit = action.unit if isinstance(action, (Move, Advance)) else getattr(game.prompt, "unit", None)
        position = game.unit(unit).position if unit is not None else None
        if position is not None:
            return neighbour(position, action.direction)
    return None


def hint_stranded(game: Game, advice: Advice) -> str | None:
    """What a hint's step costs where it leads out of supply at the next turn's trace (an Allied unit beyond its
    supply lines, a German one cut off), in a sentence; None for any other answer. The computer player may mean it (a
    drop zone's airborne pressing on), but the hint had not said so, where the step's preview did (found by a
    helper)."""
    to = hint_target(game, advice)
    if not isinstance(advice.action, Move) or to is None or NO_SUPPLY not in destination_words(game, advice.action.unit,
                                                                                               to):
        return None
    if any(said in advice.reason for said in ("cut off", "beyond supply", "supply at the next turn")):
        return None  # (said already: the German's hints give it, and a second time ran past the card at 80x24)
    return f"That step leads where it has no supply at the next turn's start: it {cut_off_cost(game, advice.action.unit)}."


def beaches_left_open(game: Game) -> list[str]:
    """The beaches whose marker stands with a landing position that nobody holds (a German unit entering it would
    destroy the marker: docs/rules.md, Beachhead markers)."""
    return [b.name for b in game.data.map.beaches if game.beaches[b.name].marker_intact
            and any(game.occupant(h) is None for h in b.positions)]


def retreat_preview(game: Game, p: RetreatPrompt) -> Text:
    """Where each way a unit may retreat leads: the ground, and the more it loses there next to an enemy (the
    question said only "next to an enemy it loses more", and a player worked the positions out by hand)."""
    here = view.position_of(game.unit(p.unit))
    beside = view.retreat_losses(game, p.unit)[1]
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append("Retreat to:\n", style="bold")
    for d in p.directions:
        to = neighbour(here, d)
        t.append(f"{d}", style="bold")
        t.append(f" {where(game, to)}")
        t.append(f" -{beside} CP\n" if game.in_enemy_zoc(p.unit, to) else "\n", style="bold")
        for what in overrun_words(game, p.side, to):
            t.append(f"   destroys {what}\n", style="bold")  # (a line each: the panel cut them at 80x24)
    return t

# --------------------------------------------------------------------------- the move preview
def step_preview(game: Game, p: MovePrompt) -> Text:
    """Where each step onto land would leave the unit, directions with the same words together: its side of
    the naval-range line and what it scores there, and beyond supply lines when they are next traced."""
    here = view.position_of(game.unit(p.unit))
    groups: dict[str, list[int]] = {}
    for d in p.directions:
        to = neighbour(here, d)
        if game.data.map.is_land(to):
            for words in destination_words(game, p.unit, to):
                groups.setdefault(words, []).append(d)
    t = Text(no_wrap=True, overflow="ellipsis")
    for words, directions in sorted(groups.items(), key=lambda g: g[0] != NO_SUPPLY):  # warnings first
        t.append(directions_in_brief(directions), style="bold")
        t.append(f" {words}\n", style="bold reverse" if words == NO_SUPPLY else "")
    return t


def cut_off_words(game: Game, cut: list[str] | None = None) -> str | None:
    """The German units that could not trace supply if the turn ended now, named, with what it costs and why: the
    next turn's trace cuts them off unless they, or others, move (None when all can). ``cut``: those units, when
    traced already."""
    cut = view.german_out_of_supply(game) if cut is None else cut
    if not cut:
        return None
    names = name_list([short(game, uid) for uid in cut])
    cost = cut_off_cost(game, cut[0])
    return f"{names} ({'each ' + cost if len(cut) > 1 else cost}): {cut_off_cause(game, cut)}"


def cut_off_cause(game: Game, cut: list[str]) -> str:
    """Why the German units ``cut`` can trace no supply, in a few words: a fortress town left empty that would
    supply them held, or else the Allies barring every way to the edges (the panel named the units, not why: the
    Cotentin's three divisions were cut off when Cherbourg was left; found by a helper). Units cut off for either
    cause are named with it."""
    causes: list[tuple[list[str], str]] = []
    left = list(cut)
    held = []  # the fortress towns a German unit holds: a way to them is barred too
    for town in game.data.rules.german_supply.fortress_sources:
        at = game.data.map.towns[town]
        occupant = game.occupant(at)
        if occupant is not None:
            held += [town] if game.side_of(occupant) == "german" else []
            continue
        reach = view.german_supplied_positions(game, standing=at)
        fed = [uid for uid in left if view.position_of(game.unit(uid)) in reach]
        if fed:
            causes.append((fed, f"{'their' if len(fed) > 1 else 'its'} one source is {town}, and no German unit "
                                "holds it"))
            left = [uid for uid in left if uid not in fed]
    if left:
        to = "the south or east edge" + "".join(f" and to {town}" for town in held)
        causes.append((left, f"the Allies and their zones of control bar every way to {to}"))
    if len(causes) == 1:
        return causes[0][1]
    return "; ".join(f"{name_list([short(game, uid) for uid in units])}: {why}" for units, why in causes)


def cut_off_now(game: Game, width: int, room: int = 0, cut: list[str] | None = None) -> Text:
    """The side panel's warning in the German's movement: his units cut off as things stand (S shows where supply
    runs), in the fullest words that fit the ``room`` lines left in the panel (0: room unknown, all of them).
    ``cut``: those units, when traced already."""
    t = Text()
    cut = view.german_out_of_supply(game) if cut is None else cut
    if not cut:
        return t
    label = " CUT OFF NEXT TURN "  # (not "NOW": the unit's card said "Supply: ok", traced at this turn's start)
    # ("as things stand", not "unless moved": no step of the unit's own may reach supply, when every direction read
    # "NO SUPPLY next turn"; another unit's move may; found by a helper)
    abbreviated = name_list([fitted(game, uid, 0) for uid in cut])  # ("352nd Inf": every abbreviation)
    forms = [f"{cut_off_words(game, cut)}, as things stand (S: supply)",
             f"{name_list([short(game, uid) for uid in cut])}, as things stand",
             f"{abbreviated}, as things stand", abbreviated]
    if len(cut) > 1:
        forms += [f"{fitted(game, cut[0], 0)} and {len(cut) - 1} more", f"{len(cut)} units (E names them)"]
    forms.append(plural(len(cut), "unit"))  # (in the one line a full panel gives it, at its top: GameScreen.with_cut_off)
    # (at 80x24 what it costs and why took more lines than the panel had, and it cut the warning at its foot: the
    # question of E, to end the phase, says it all, and the help; a narrow panel with lines to spare says it all the
    # same (at 132x43 it had named the units alone, a dozen lines empty below); four units' names ran past the foot
    # at 80x24, and one unit's "352nd Inf, as things stand" was cut after the comma: each found by a helper)
    for words in forms:
        lines = textwrap.fill(words, max(width, 20), initial_indent="x" * len(label), subsequent_indent=" ")
        if not room or lines.count("\n") < room:
            break
    t.append(label, style="bold reverse")  # (the names on the label's line: at 80x24 the panel's last lines are cut)
    t.append(lines[len(label):] + "\n", style="bold")
    return t


def cut_off_cost(game: Game, uid: str) -> str:
    """What a unit out of supply loses at each turn's start, in a few words (logistics.suffer_attrition and
    cut_off_german)."""
    if game.side_of(uid) == "german":
        rules = game.data.rules.german_supply
        return f"loses {rules.out_of_supply_cp_percent}% CP a turn, fights at {rules.out_of_supply_strength_percent}%"
    return f"loses {game.data.rules.supply.out_of_supply_cp_percent}% CP each turn"


def position_preview(game: Game, hex_: Hex, moving: str | None, width: int = 30) -> Text:
    """What a position looked at means for the score and supply: who scores there and how much, which
    nation's supply lines reach it, and, in movement, what it would mean for the unit being moved."""
    t = Text(no_wrap=True, overflow="ellipsis")
    m = game.data.map
    if not m.is_land(hex_):
        return t
    if moving is not None:  # first: the panel may have room for little more at 80x24
        # ("709th Static Infantry here:", of a position the 711th held, read as a fact; found by a helper)
        t.append(f"{fitted(game, moving, width - len(' if here:'))} if here:\n", style="bold")
        there = destination_words(game, moving, hex_)
        for words in there:
            t.append(f" {words}\n", style="bold reverse" if words == NO_SUPPLY else "")
        if NO_SUPPLY in there:
            t.append(f" {cut_off_cost(game, moving)}\n", style="bold")
    side = m.naval_side[hex_]
    if m.on_continent_side(hex_):
        divisor = game.data.charts.victory_points.allied_continent_side.cp_divisor
        t.append(f"Allied score CP/{divisor:g} x {hex_[1]} a turn\n")
    else:
        t.append(f"German: {german_side_words(game, side)}\n")
    if not view.traced_on(game, game.turn + 1):
        # ("Allied supply lines: none" on D-Day, though every unit is in supply until the first trace; found by a helper)
        t.append(f"All in supply till {game.data.rules.supply.first_trace_turn}\n")
        return t
    reach = [n for n in ("US", "BC") if hex_ in view.supplied_positions(game, n)]
    # (whose: a German read "Supply lines: BC" on his own unit's position as his; found by a helper)
    t.append(f"Allied supply lines: {' and '.join(reach) if reach else 'none'}\n")
    return t
