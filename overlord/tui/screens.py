"""Small modal screens: hand-over, reports between turns, the save name, a yes-or-no question, help, a terminal
too small."""

from __future__ import annotations

import math
import textwrap
import time
from collections.abc import Sequence
from typing import Any, Callable

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, Static

from ..engine.data import MapData, cached_data
from ..plots import Campaign
from ..saves import saves_dir
from ..userdirs import browser_keep_days, browser_session_dir
from .cards import compass
from .keybar import GAME_KEYS, HELP_BINDING, QUIET_GAME_KEYS, KeyBar, key_name
from .maprender import map_key, map_town_labels
from .palettes import sixteen_colours
from .styles import GAME_CSS

LEVEL = Binding.Group("Level", compact=True)


# Hot-seat: a key this soon after a hand-over or a fight's card came up is the last player's, typed on (a helper's
# Enter, half a second after his level, went through the hand-over, and the next answered the other side's hidden
# support with none; another's went through the card of the other side's own attack)
HANDOVER_GUARD = 1.0  # seconds


# Keys pressed to hurry the computer come in runs (Enter pressed again and again while the German moves): those that
# come once it has finished are the run's, not answers to what came up then (eight Enters that hurried the German
# went on through the turn's reports and answered the transport allocation and the interdiction; a helper)
HURRY_RUN_GAP = 1.0  # seconds after the computer finished, or after a key that hurried it, that a key is the run's
# seconds between two keys of a run once the computer has finished: keys pressed again and again (Enter every 0.15 s)
# stay the run's, but a key pressed on purpose, as the notice asks, is taken (it was ignored too, unsaid; a helper)
MASHED_GAP = 0.5


class HurryRun:
    """The run of keys that hurried the computer: once it has finished, a key that comes within HURRY_RUN_GAP of
    the run's start (its finishing, or the last key that hurried it), or within MASHED_GAP of the run's last key, is
    the run's, and lengthens it."""

    def __init__(self) -> None:
        self.last: float | None = None  # (time.monotonic) the run's last key, None when there is no run
        self.gap = HURRY_RUN_GAP  # how soon after it the next key is the run's
        self.said = False  # the player was told a key of the run was ignored (once a run)

    def hurried(self) -> None:
        self.last, self.gap = time.monotonic(), HURRY_RUN_GAP

    def typed_on(self) -> bool:
        """Is the key just pressed, with the computer finished, one of the run's?"""
        if self.last is None:
            return False
        now = time.monotonic()
        if now - self.last >= self.gap:
            self.last, self.said = None, False
            return False
        self.last, self.gap = now, MASHED_GAP
        return True


class GuardedScreen(ModalScreen[None]):
    """A screen of hot-seat's (``guarded``) that a key typed on as it comes up does not close: it is said, once."""

    def __init__(self, guarded: bool = True) -> None:
        super().__init__()
        self.guarded, self.warned = guarded, False
        self.shown_at = time.monotonic()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def too_soon(self, then: str) -> bool:
        """Is the key just pressed the last player's? Said once (two stacked over the screen and hid it)."""
        if not self.guarded or time.monotonic() - self.shown_at >= HANDOVER_GUARD:
            return False
        if not self.warned:
            self.warned = True
            self.notify(f"That key came as this appeared: it is taken for the last player's, and ignored. {then}",
                        timeout=4, markup=False)
        return True


class HandOverScreen(GuardedScreen):
    """Hot-seat: the other player takes the keyboard."""
    CSS_PATH = GAME_CSS

    BINDINGS = [Binding("enter", "go", "Continue"), *GAME_KEYS]

    def __init__(self, side: str, what: str) -> None:
        super().__init__()
        self.side, self.what = side, what

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(f" {self.side.upper()} PLAYER \n\n", style="bold reverse")
        t.append(f"{self.what}\n\n")
        other = "German" if self.side == "Allied" else "Allied"  # (it never said who should look away)
        t.append(f"{self.side} player, press Enter. {other} player, look away.", style="bold")
        with Vertical(classes="dialog"):
            yield Static(t, classes="centred")
        yield KeyBar()

    def on_key(self, event: Key) -> None:
        """Any other letter or digit is said, and does nothing (it did nothing without a word: README promises a
        reason for every key refused; found by a helper)."""
        if event.key != "enter" and event.is_printable:
            event.stop()
            self.notify(f"{key_name(event)} does nothing here: the {self.side} player presses Enter.", timeout=3,
                        markup=False)

    def action_go(self) -> None:
        if not self.too_soon(f"The {self.side} player presses Enter now."):
            self.dismiss(None)


class HintScreen(ModalScreen[bool]):
    """A hint on a card at the bottom of the screen, the map left in sight (its step marked there): what the
    computer player of the side would answer, and why. U takes it (True), Escape, Enter or T goes back."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("u", "close(True)", "Take hint"), Binding("escape,enter,t", "close(False)", "Back"),
                *QUIET_GAME_KEYS]

    def __init__(self, who: str, reason: str) -> None:
        super().__init__()
        self.who, self.reason = who, reason  # plain text, never markup

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(" HINT ", style="bold reverse")
        t.append(f" {self.who} would answer:\n", style="bold")
        t.append(self.reason)
        # (the keys on the card's frame, always in sight: a long hint at 80x24 ran past the card's foot, its keys with
        # it; found by a helper; the arrows scroll the rest)
        with VerticalScroll(classes="hint-card") as card:
            card.border_subtitle = "U take it · Esc back · Ctrl+P hints from another level"
            yield Static(t)
        yield KeyBar()

    def action_close(self, take: bool) -> None:
        self.dismiss(take)


class CombatResultScreen(GuardedScreen):
    """A combat's result on a card, until a key is pressed (or, for the computer's fights, for a while). In hot-seat
    (``guarded``) a key typed on as it comes up is the last player's: both are to read it."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("enter,space,escape", "go", "Continue"), *GAME_KEYS]

    def __init__(self, card: Text, timeout: float | None = None, paced: bool = True, guarded: bool = False,
                 repace: Callable[[bool], float] | None = None) -> None:
        super().__init__(guarded)
        self.card, self.timeout = card, timeout
        self.repace = repace  # watching the computers: + and - set the pace, and return the card's time at it
        self.paced = paced  # its time the pace the computer's moves are shown at (not: a time to read it)
        self.late = False  # its time came while another window stood over it
        self.timer: Timer | None = None
        self.due: float | None = None  # (time.monotonic) when it goes on by itself: the seconds left are counted
        self.ticker: Timer | None = None
        self.KEY_HINTS = [("P", "Hold")] if timeout else []  # (the key bar's and the help's)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Static(self.shown())
        yield KeyBar()

    def shown(self) -> Group:
        if not self.timeout:
            return Group(self.card, Text("Press a key to go on.", style="bold"))
        pace = " (the pace the computer's moves are shown at)" if self.paced else ""
        left = f"{math.ceil(self.due - time.monotonic())}" if self.due is not None and self.ticker is not None \
            else f"{self.timeout:g}"  # (counted down: "6 s" stood still the whole time; found by a helper)
        keys = "P holds it, + and - set the pace" if self.repace is not None else "P holds it"
        return Group(self.card, Text(f"Goes on by itself in {left} s{pace}, or press a key; {keys}.", style="bold"))

    def on_mount(self) -> None:
        super().on_mount()
        self.start_timer()

    def start_timer(self) -> None:
        """Its time, from now; the seconds left counted down where there are two or more."""
        if not self.timeout:
            return
        self.timer = self.set_timer(self.timeout, self.time_up)
        self.due = time.monotonic() + self.timeout
        if self.timeout >= 2 and self.ticker is None:
            self.ticker = self.set_interval(1.0, self.tick)

    def tick(self) -> None:
        if self.due is not None and self.is_mounted:
            self.query_one(Static).update(self.shown())

    def hold(self) -> None:
        """P: the card stays until a key (a German solo's landing card went on before he had read it; found by a
        helper)."""
        self.stop_timers()
        self.timeout, self.late = None, False
        self.KEY_HINTS = []
        self.query_one(Static).update(self.shown())
        self.refresh_bindings()

    def stop_timers(self) -> None:
        """Its time no longer runs (P holds it, or + and - set it anew)."""
        for timer in (self.timer, self.ticker):
            if timer is not None:
                timer.stop()
        self.timer, self.ticker, self.due = None, None, None

    def time_up(self) -> None:
        """The computer's card goes on by itself, unless a window (help, charts, the terminal too small) stands
        over it: then it waits its time again once that window closes, so the player still reads it."""
        if self.is_active:
            self.dismiss(None)
        else:
            self.late, self.due = True, None

    def on_screen_resume(self) -> None:
        if self.late and self.timeout:
            self.late = False
            self.start_timer()

    def on_key(self, event: Key) -> None:
        if event.is_printable:  # any letter or digit goes on; F1, Ctrl+S and the like keep their meaning
            event.stop()
            if event.character in ("p", "P") and self.timeout:
                self.hold()
            elif event.character in ("+", "=", "-") and self.repace is not None and self.timeout:
                self.paced_anew(self.repace(event.character != "-"))
            else:
                self.action_go()

    def paced_anew(self, timeout: float) -> None:
        """The pace set on the card: its time from now is the new pace's (none: it goes on)."""
        self.stop_timers()
        if timeout <= 0:
            self.action_go()
            return
        self.timeout = timeout
        self.start_timer()
        self.query_one(Static).update(self.shown())

    def action_go(self) -> None:
        # Only the card on top goes: dismissing it from under another window would close that window instead
        # and leave the card with no way to go on (is_current is true for a screen in sight under a modal one).
        if self.is_active and not self.too_soon("Press a key again to go on."):
            self.dismiss(None)


class CoastalAnswerScreen(ModalScreen[int | str | None]):
    """The human German's standing answer for his coastal defences, changed (D): a defence level for every
    round of every landing, or the computer German's choice each round. Escape keeps it as it is."""
    CSS_PATH = GAME_CSS
    BINDINGS = [*(Binding(str(n), f"answer({n})", "Level", group=LEVEL) for n in range(1, 10)),
                Binding("c", "answer('computer')", "Computer answers"), Binding("escape", "answer(None)", "Keep"),
                *QUIET_GAME_KEYS]

    def __init__(self, now: int | str | None, level_names: list[str]) -> None:
        super().__init__()
        self.now, self.level_names = now, level_names

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(" YOUR COASTAL DEFENCES' ANSWER \n\n", style="bold reverse")
        if isinstance(self.now, int):
            t.append(f"Now: level {self.now} ({self.level_names[self.now - 1]}) in every round of every landing.\n\n")
        elif self.now is not None:
            t.append("Now: the computer German chooses each round.\n\n")
        else:
            t.append("Not yet chosen: the first landing's question asks it (a level here answers it too).\n\n")
        for n, name in enumerate(self.level_names, 1):
            t.append(f"{n}", style="bold")
            t.append(f" {name}\n")
        t.append("C", style="bold")
        t.append(" the computer German chooses each round\n")
        t.append("Escape", style="bold")
        t.append(" keeps it as it is\n")
        with Vertical(classes="dialog"):
            yield Static(t)
        yield KeyBar()

    def action_answer(self, answer: int | str | None) -> None:
        self.dismiss(answer)


class ReportScreen(ModalScreen[None]):
    """The reports that come between turns: the end of the turn and the new turn's logistics, and then the
    campaign so far in plots."""
    CSS_PATH = GAME_CSS

    # not Space: it hurries the computer's moves, and a press meant for them must not skip the report
    BINDINGS = [Binding("enter,escape", "go", "Continue"), *GAME_KEYS]

    def __init__(self, pages: Sequence[RenderableType], campaign: Campaign | None = None) -> None:
        super().__init__()
        self.pages = pages
        self.campaign = campaign  # plots.Campaign at the end of a turn
        self.told: set[str] = set()  # the keys said to do nothing here

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide") as box:
            # on its border, always in sight: a report taller than the screen (80x24) scrolls
            box.border_subtitle = "Press Enter to continue (↑/↓ scroll)"
            yield Static(Group(*self.pages))
            if self.campaign is not None:
                from .history import campaign_plots  # (plotting is imported when a plot is first shown)
                yield from campaign_plots(self.campaign)
        yield KeyBar()

    def on_key(self, event: Key) -> None:
        """A letter or digit is said, and does nothing: T pressed on a report did nothing without a word, where
        README promises a reason for every key refused (found by a helper). Not taken as Enter: a key meant for the
        computer's moves (Space hurries them) must not skip the report."""
        binding = self.active_bindings.get(event.key)
        if event.is_printable and (binding is None or not binding.enabled):
            event.stop()
            if event.key not in self.told:  # (once a key: eight Spaces piled eight notices over the report; a helper)
                self.told.add(event.key)
                self.notify(f"{key_name(event)} does nothing on a report: Enter goes on (↑/↓ scroll).", timeout=3,
                            markup=False)

    def action_go(self) -> None:
        self.dismiss(None)


class SaveNameScreen(ModalScreen[str | None]):
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape", "cancel", "Cancel"), HELP_BINDING]
    KEY_HINTS = [("⏎", "Save")]  # (the name field's own key)

    def __init__(self, default: str, check: Callable[[str], str | None] = lambda name: None,
                 file_of: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.default = default
        self.check = check  # why a name cannot be used, or None
        self.file_of = file_of  # the file a usable name is saved to, shown as it is typed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("SAVE THE GAME\n", style="bold"))
            yield Static("Name of the save (Enter saves, Escape cancels)" +
                         ("" if browser_session_dir() is not None else "; a path such as ~/normandy saves elsewhere") + ":")
            yield Input(value=self.default, id="save-name")
            yield Static(id="save-file")
            yield Static(id="save-message")
        yield KeyBar()

    def on_input_changed(self, event: Input.Changed) -> None:
        """The file the name makes, as it is typed: a name is cut to 60 letters and its spaces and signs made -
        in the file's name, unsaid until the save was written (found by a helper)."""
        name = event.value.strip() or self.default
        shown = "" if self.file_of is None or self.check(name) else f"File: {self.file_of(name)}"
        self.query_one("#save-file", Static).update(Text(shown, style="dim", no_wrap=True, overflow="ellipsis"))
        self.query_one("#save-message", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip() or self.default
        problem = self.check(name)
        if problem:
            self.query_one("#save-message", Static).update(Text(problem, style="bold"))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question before something that cannot be undone: Y does it, N or Escape does not."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No"), HELP_BINDING]

    def __init__(self, question: str, topic: str = "") -> None:
        super().__init__()
        self.question = question  # plain text: it may hold a file's name, never markup
        self.topic = topic  # what is asked about ("quit", "replace", "load")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question + "\n"))
            yield Static(Text("Y: yes    N: no", style="bold"), id="confirm-keys")
        yield KeyBar()

    def on_key(self, event: Key) -> None:
        """Any other letter or digit is said to be no answer (it did nothing, where every question says why)."""
        if (event.is_printable or event.key in ("enter", "backspace")) and \
                (event.character or "").lower() not in ("y", "n"):
            event.stop()
            self.query_one("#confirm-keys", Static).update(
                Text(f"Y: yes    N: no    ({key_name(event)} is not an answer)", style="bold"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


HELP_TEMPLATE = """\
OVERLORD is the 1981 Battle for Normandy. The game asks one question
at a time and you answer with a key, as in 1981. The keys you can press
now are always at the bottom of the screen (on a narrow screen, the
first ones, then "F1 More"); this help lists every key of the screen
it was opened from first, under KEYS ON THIS SCREEN. At a question,
any other letter, digit or sign is refused with a message saying why
(on a card or a list it does nothing). Letters work in either case.

HOW TO PLAY
  The Allies land the divisions at sea, take Cherbourg, Caen and St-Lo
  and push inland by June 30 (June 20 in the First Two Week Scenario);
  the German stops them, and scores for holding near the coast (his
  units on the ocean side, below). The First Two Week Scenario favours
  the Allies: its levels need 0.3 of the campaign's points, and Allies
  who push south win it in most games against the computer German. The
  score (top line, with the level of victory it gives now) is the
  Allied points less the German points (below). Each turn: transport
  allocation, air interdiction, Allied movement, Allied combat, German
  movement, German combat. A turn is two days but for the first two,
  both June 6: D-Day, the landings, and 6/6, the rest of June 6 and
  June 7; then 6/8, 6/10 and so on.
  Hot-seat or the German solo: Y at "Change any ratings or players?"
  when a new game begins, then H/H (hot-seat) or H/C (German solo).

WHERE THE POINTS COME FROM (the Victory Points chart, F2)
  The naval-range line is drawn on the map in bright marks: a bar |
  between two positions of a row, a line ___ under a position whose
  neighbours below are across it. The fleet's guns reach its ocean
  side: Cherbourg and the Cotentin's east, and a band 4 positions deep
  behind the beaches with Carentan, Bayeux, Tilly and Caen. Its
  continent side is the Cotentin's west coast, St-Lo, Caumont,
  Villers-Bocage and the south. K shows the marks in the map's
  colours; the look cursor (arrows) names the side of any position.
  At the end of each turn the Allies score each objective position
  held in supply with no German beside it (Cherbourg 10, each of
  Caen's two 5, St-Lo 5; 150, 75, 75 more on the last turn), and each
  unit on the continent side its CP / 60 x its row (0 at Cherbourg,
  11 at the south edge: a 100 CP division on row 9 scores 15 a turn).
  The German scores each unit on the ocean side, not east of Caen: 2
  at the end of 6/8, one more each turn after (8 on 6/20, 13 on 6/30).
  As they happen: each CP lost is a point to the other side (half a
  point for Allied CP lost beyond supply lines or without general
  supply); each German unit eliminated 10 to the Allies, each Allied
  unit 20 to the German (a supply depot destroyed too).
  Supply lines: an Allied unit too far from its own nation's intact
  beachhead markers and in-supply depots is beyond supply lines when
  they are traced at the start of the next turn, and loses strength
  every turn it stays so (S shows them). A German unit that cannot
  trace a way free of Allied units and their zones of control to the
  south or east edge, or to Cherbourg while it is German, is cut off
  at the next turn's start: it loses CP and fights at half strength.
  In the German movement the panel names the units cut off as they
  stand (CUT OFF NEXT TURN), and, where it has room, why (Cherbourg
  left empty, or the Allies barring every way to the edges). In
  movement the panel beside the map says, for each way the unit can
  go, its side of the line, what it scores there a turn, and NO SUPPLY
  next turn ("1-3 ocean side +0": ways 1, 2 and 3 lead to the ocean
  side, which scores nothing for it); the panel ends with this turn's
  points. H: this turn's points by source and side, and which German
  units score on the ocean side.

ANSWERING
  Y / N   yes or no: drop here / next zone, attack / next defender,
          include / leave out this attacker, advance / stay
  1-6     move (or retreat, or advance) that way on the compass
  F       finish this unit for now; refuse to retreat; stay put
  Enter   in movement, on a unit under the look cursor: move it now
  A       in movement: the next formation at sea, to sail or land it
  B       in movement, a formation at sea: sail it to its nation's
          nearest beachhead marker with room to land (B again: the
          next with room); each step is an ordinary move
  G       in movement, a unit ashore: go to a destination. The arrows
          (or a click) move the cursor; the map marks the cheapest way,
          the panel what the destination scores and its supply, the
          way's cost in MP, where the unit stops, its supply and side
          of the line there; Enter takes the steps one by one (each an
          ordinary move), Esc leaves
  E       end the whole movement (asks Y/N first) or combat phase
  T       a hint: what the computer player of your side would answer
          here, and why (its plan or posture, the odds, where a move
          leads); it thinks while the keys work (T again gives it up);
          from the strongest level unless Ctrl+P, Hints from, chooses
  U       take the hint, as its key would (one answer: one step of a
          move, this round's level)
  1-9     the attack or defence level (beside the map: each level's
          name and expected losses; a landing's, each round's). A
          defence level marked * retreats of itself; one marked ! is
          forced back if it loses more CP than the attackers at these
          odds (each level's: F2, Strategy level descriptions)
  0-9     two digits per field (allocation, interdiction, support);
          Enter moves to the next field, then commits; Enter alone
          takes the values shown; Backspace erases; Tab and
          Shift+Tab go to the next and the previous field
  Enter   the default answer to a scenario question
  Space   while the computer moves: hurry (any other key does too);
          - shows its moves slowly, + quickly again (remembered)

A UNIT'S CARD (beside the map)
  CP 90/100   its combat points now, of its full strength
  Eff 0.80    effectiveness: its strength in combat is CP x Eff x
              the ground's; 0.55 + 0.05 x leadership, less as
              fatigue grows (75 fatigue halves it)
  Ldr 5       leadership, 1-9
  Fatigue 14 (levels 1-9 open)   fatigue, 0-99, rises with each
              move and fight and falls each turn (more at rest);
              above 5 x leadership it closes the highest attack and
              defence levels, one for each 10 points
  MP 6 of 6   movement points left this phase (at sea: steps left)

MOVING AND LANDING
  The flashing unit is the one being asked about. While it blinks,
  the positions it may enter show their direction number. The cost
  of each step is shown before you press: "3 clear 1+mp 9f" is way 3,
  into clear ground, 1 movement point and 9 fuel from the pool; the +
  is the Terrain Effects chart's 30% chance of 1 point more (and its
  fuel).
  A formation at sea sails with 1-6 (or B) onto a beachhead marker *,
  then lands with the direction of a beach position beside the marker.

LANDINGS
  Until a beach is cleared, a unit landing there fights its coastal
  defence round after round. Give the support, then a level: the level
  is an order to fight on, at it and that support, every round until
  the beach falls, or the unit landing does; one card then lists every
  round. R before the level: one round at a time (kept for the next
  landings, until R again). R during the rounds: stop, and choose
  again. The German (hot-seat, or playing solo) answers his coastal
  defences once, at the first landing: a level for the day, or C for
  the computer's choice each round; D changes it at any of his later
  questions while a coastal defence stands (without German movement on
  D-Day, the first comes after it). Hot-seat: the keyboard is handed
  over (a screen) only before a choice the other player must not see.

LOOKING AROUND
  Arrows   move a look cursor [ ] over the map; the panel describes
           the position and any unit there; Escape ends the look
  Click    a position to look at it; a position lit with its direction
           moves the unit there; a key at the bottom presses it
  K        the map's key (below too)
  H        this turn's points, and the campaign so far: score,
           supplies and weather, turn by turn (after the game: the
           final points)
  V        at your question: the other side's last turn, step by
           step (the replay viewer: arrows, Up/Down a phase, PgUp/PgDn
           a turn, Escape back; not in a joined game, whose log holds
           it); W on a save (Load) or on the final report replays a
           whole game
  O        overlord join: your standing orders, kept by the host
  S or F4  supply overlay: Allied supply lines, then German supply,
           then off (tinted, with a dot between positions within it)
  L        town names on the map, on or off
  F2 charts   F3 roster of every unit (Enter: move it now, or look)
  F5 colours (phosphor, amber, modern: safe for colour-blind eyes)
  Ctrl+S save   Ctrl+O load   (Ctrl+S and F1 work on the reports too);
{typed_path}  Ctrl+P   command palette
  Ctrl+Q   quit; the game is saved first (so is Ctrl+C) to its
           autosave: autosave.json in the saves folder (below),
           or autosave-2.json and on when another game holds
           that; R on the title (or Load game) resumes it

The game also saves itself at every phase; a save resumes at the
exact question where it was left.
"""
# a save's name typed as a path: in a terminal only (in a browser every save is kept for the browser, and the help
# told a browser's player of a path that saved among that browser's saves all the same)
TYPED_PATH = ("           a save's name typed as a path (~/normandy) saves in\n"
              "           that folder: overlord --load ~/normandy.json loads it\n")
HELP = HELP_TEMPLATE.replace("{typed_path}", TYPED_PATH)


def help_text() -> str:
    """The help's text for where the game runs: in a browser, without the saves typed as a path."""
    return HELP_TEMPLATE.replace("{typed_path}", "" if browser_session_dir() is not None else TYPED_PATH)


def saves_text() -> Text:
    """Where the saves are, for the help: the folder differs between an installed game and a checkout; in a
    browser, how to find them again (the server's folders are not the visitor's business)."""
    t = Text("\nSAVES\n", style="bold")
    if browser_session_dir() is not None:
        days = browser_keep_days()
        # (R, as the page says: L then Enter loaded the newest file, which may be a save made by hand, not the game
        # left; and "in this browser" read as if clearing its data were harmless: found by a helper)
        t.append("  Your saves (and autosave.json) are kept on the game's server,\n"
                 "  found again by this browser's cookie: after a reload, or in a\n"
                 "  new tab, R on the title resumes the game you left."
                 + (f" Saves unused for {days}\n  days are removed.\n" if days else "\n"))
        return t
    t.append(f"  Saves (and autosave.json) are kept in\n  {saves_dir()}\n"
             "  Set OVERLORD_SAVES to keep them in another folder.\n")
    return t


def game_map(app: App[Any]) -> MapData:
    """The map of the game being played, else the data's (the help opened from the title)."""
    session = getattr(app, "session", None)
    if session is not None:
        found: MapData = session.game.data.map
        return found
    return cached_data().map


def map_key_text(app: App[Any]) -> Group:
    """The map's key in the app's colours, and every town's labels, for the help and the key screen."""
    towns = sorted(map_town_labels(game_map(app)).items(), key=lambda kv: kv[1][0])
    names = Columns([Text.assemble((f"{two} {three} ", "bold"), name) for name, (two, three) in towns],
                    padding=(0, 3), column_first=True)
    return Group(Text("THE MAP", style="bold"), map_key(app.theme, app.no_color, sixteen_colours(app.console)),
                 Text("\nTOWNS: two letters on the compact map, three on the wide one", style="bold"), names)


class HelpScreen(ModalScreen[None]):
    """The help: first the keys of the screen it was opened from (``here``: (keys, what they do), those its key bar
    had no room for too), then how to play, the saves, the map's key and the compass."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape,f1,question_mark,q,enter", "close", "Close")]
    KEY_HINTS = [("↑/↓ PgUp/PgDn", "Scroll")]

    def __init__(self, here: Sequence[tuple[str, str]] = (), who_plays: str = "") -> None:
        super().__init__()
        self.here = here
        self.who_plays = who_plays  # who plays each side of the game being played ("" without one)

    def compose(self) -> ComposeResult:
        compass_text = Text("\nTHE COMPASS\n", style="bold")
        compass_text.append_text(compass(range(1, 7)))
        with VerticalScroll(classes="dialog wide"):
            # (wrapped here, every line indented: wrapped by the dialog, the second line ran to its edge)
            about = [Text("THIS GAME\n" + "\n".join(textwrap.wrap(self.who_plays, 70, initial_indent="  ",
                                                                    subsequent_indent="  ")) + "\n")] \
                if self.who_plays else []
            yield Static(Group(Text("HELP\n", style="bold reverse"), *keys_here(self.here), *about, Text(help_text()), saves_text(),
                               Text(""), map_key_text(self.app), compass_text))
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


def keys_here(here: Sequence[tuple[str, str]]) -> list[Text]:
    """The keys of the screen the help was opened from, one a line (none: nothing)."""
    if not here:
        return []
    t = Text("KEYS ON THIS SCREEN\n", style="bold")
    width = max(len(keys) for keys, _ in here)
    for keys, what in here:
        t.append(f"  {keys:<{width}}  ", style="bold")
        t.append(f"{what}\n")
    return [t]


class MapKeyScreen(ModalScreen[None]):
    """The map's key, one key away from the map (K)."""
    CSS_PATH = GAME_CSS
    BINDINGS = [Binding("escape,k,q,enter", "close", "Close"), *QUIET_GAME_KEYS]
    KEY_HINTS = [("↑/↓ PgUp/PgDn", "Scroll")]  # (at 80x24 it is cut, and its key bar said only "Esc Close")

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static(map_key_text(self.app))
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of the game while the terminal is smaller than the game needs."""

    def __init__(self, need: tuple[int, int], quits: str = "Ctrl+Q saves and quits") -> None:
        super().__init__()
        self.need, self.quits = need, quits  # what Ctrl+Q does here (saves a game played here; a hosted one the
        # host keeps; nothing to save on the title or in the replay viewer)

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def message(self, width: int, height: int) -> str:
        return (f"The terminal is {width}x{height}.\nOverlord needs at least\n{self.need[0]}x{self.need[1]}: "
                f"enlarge the\nwindow to go on.\n({self.quits}.)")

    def show(self, width: int, height: int) -> None:
        for widget in self.query("#too-small").results(Static):
            widget.update(self.message(width, height))

    def on_mount(self) -> None:
        self.show(self.app.size.width, self.app.size.height)
