"""The scenario questions of 1981, one at a time: a key answers, Enter takes the default.

Once the questions have settled who plays each side, the screen asks who commands each computer side: the levels and
generals of overlord.ai's registry, weakest first. A digit shows one (its style and how it plays), Enter takes the
one shown; the game's default player is shown first."""

from __future__ import annotations

from rich.text import Text
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Static

from .. import preferences
from ..ai import DEFAULT_PLAYERS
from ..ai.registry import levels, profile, with_level
from ..engine.actions import Answer
from ..engine.enums import SIDES
from ..engine.events import SettingChosen
from ..engine.prompts import QuestionPrompt
from ..engine.settings import Ratings
from ..engine import view
from .front import Front, PlayerChosen
from .keybar import KeyBar, key_name
from .styles import GAME_CSS

SIDE_OF_QUESTION = {f"{side}_player": side for side in SIDES}  # the set-up's questions of who plays each side

if TYPE_CHECKING:
    from ..session import Session

ANSWER = Binding.Group("Answer", compact=True)
SEE = Binding.Group("See each", compact=True)  # (who commands a computer side: a digit shows one, Enter takes it;
# the key bar said "1-5 Answer", and a player who pressed 4 for Rommel waited for the next question)
OPTION_KEYS = "ynchtc123456789"
BRIEFING = ("A dispatch reaches your headquarters in London: YOU ARE HEREBY PLACED IN COMMAND OF THE "
            "EXECUTION OF OPERATION OVERLORD. Before D-Day, settle how the campaign is to be fought.\n")
# for a person who plays the German alone (Army Group B, Rommel's, had its headquarters at La Roche-Guyon)
GERMAN_BRIEFING = ("A signal reaches Army Group B's headquarters at La Roche-Guyon: THE INVASION IS COMING ON THE "
                   "NORMANDY COAST, AND ITS DEFENCE IS YOURS. Before D-Day, settle how the campaign is to be fought.\n")

# both sides the computer's (--german and --allied named, or C and C): no command is placed in the player's hands
WATCH_BRIEFING = ("Both sides are the computer's: you watch Operation Overlord fought from D-Day. Before it, settle "
                  "how the campaign is to be fought.\n")

# both sides at this keyboard: the Allies' commander in London, the German's at La Roche-Guyon
HOT_SEAT_BRIEFING = ("Two commanders share this keyboard: the Allies' in London, the German's at La Roche-Guyon, each "
                     "handing it over to the other. Before D-Day, settle how the campaign is to be fought.\n")

# the German a person's, the Allies' not yet answered: who shares the keyboard is not known (the hot-seat briefing
# was shown before "Who plays the Allies?" was answered; found by a helper)
PLAYERS_BRIEFING = "Before D-Day, settle who commands each side, and how the campaign is to be fought.\n"

BRIEFED_ANSWERS = 6  # the answers given so far that the briefing is shown with, where the screen has no room for all


def setting_label(question: str) -> str:
    if question == "change_ratings":  # (the question as it was asked: "Change ratings: yes" read as an order)
        return "Change any ratings or players"
    if question.startswith("rating:"):
        return Ratings.LABELS.get(question.split(":", 1)[1], question)
    return question.replace("_", " ").capitalize().replace("dday", "D-Day")


class SetupScreen(Screen[None]):
    """The scenario questions, then who commands the computer side, for the game being set up (``session``),
    answered through ``front`` (the app showing it)."""
    CSS_PATH = GAME_CSS
    BINDINGS = [
        *(Binding(k, f"option('{k.upper()}')", "Answer", group=ANSWER) for k in dict.fromkeys(OPTION_KEYS)),
        *(Binding(k, f"see({k})", "See each", group=SEE) for k in "123456789"),
        Binding("enter", "default", "Default"),
        Binding("enter", "take", "Take it"),
        Binding("escape", "back", "Back"),
        Binding("backspace", "back", "Back", show=False),  # (a newcomer tries it first)
    ]

    def __init__(self, session: Session, front: Front) -> None:
        super().__init__()
        self.session, self.front = session, front
        self.message = ""
        self.shown: tuple[str, str] | None = None  # (side, name): the computer player shown while one is asked for
        # the computer sides whose player was chosen here, in order, each with the number of answers then (Escape:
        # back, the player chosen after the last answer first, else that answer)
        self.picked: list[tuple[str, int]] = []

    @property
    def choosing(self) -> str | None:
        """The computer side whose player is asked for now (None: a scenario question, or nothing)."""
        return self.session.player_choice_pending()

    def shown_player(self, side: str) -> str:
        """The player shown for ``side``: the last one a digit showed, else the one chosen in the last game (the
        preferences), else the game's default."""
        if self.shown is None or self.shown[0] != side:
            last = preferences.load().get(f"computer_{side}")
            self.shown = (side, last if last in levels(side) else DEFAULT_PLAYERS[side])
        return self.shown[1]

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box"):
            yield Static(id="setup-title")
            yield Static(id="setup-answered")
            yield Static(id="setup-question")
            yield Static(id="setup-message")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()

    @property
    def prompt(self) -> QuestionPrompt | None:
        p = self.session.game.prompt
        return p if isinstance(p, QuestionPrompt) else None

    def refresh_view(self) -> None:
        chosen = [e for e in self.session.log if isinstance(e, SettingChosen)]
        answered = [f"  {setting_label(e.question)}: {self.value_label(e)}{self.commander(e)}" for e in chosen]
        q = self.question_text()
        briefing = {("german",): GERMAN_BRIEFING, (): WATCH_BRIEFING}.get(tuple(self.session.humans), BRIEFING) \
            if len(self.session.humans) < 2 else HOT_SEAT_BRIEFING
        if self.prompt is not None and self.prompt.question == "allied_player":
            briefing = PLAYERS_BRIEFING
        title, answered = self.fitted(briefing, answered, q)
        self.query_one("#setup-title", Static).update(title)
        shown = self.query_one("#setup-answered", Static)
        shown.update(Text("".join(f"{a}\n" for a in answered), style="dim"))
        shown.display = bool(answered)  # (empty, it still took a line: the question's last fell off at 80x24)
        self.query_one("#setup-question", Static).update(q)
        message = self.query_one("#setup-message", Static)
        message.update(Text(self.message, style="bold reverse"))
        message.display = bool(self.message)
        self.refresh_bindings()

    def question_text(self) -> Text:
        side, p = self.choosing, self.prompt
        if side is not None:
            return self.player_question(side)
        q = Text()
        if p is not None:
            q.append(f"\n{p.text}\n\n", style="bold")
            for option, label in zip(p.options, p.labels):
                if option == label:
                    continue
                q.append(f"  {option}", style="bold reverse" if option == p.default else "bold")
                q.append(f"  {label}\n")
                changes = view.preset_offered(self.session.game, option) if p.question == "preset" else None
                if changes is not None:  # what each level sets (Novice and Experienced differed in nothing shown)
                    q.append(f"     {changes}\n", style="dim")
            human = view.human_german_words(self.session.game, brief=True) if p.question == "preset" else ""
            if human:  # (one line at 80 columns)
                q.append(f"  {human}\n", style="dim")
            if all(o == lbl for o, lbl in zip(p.options, p.labels)):
                q.append(f"  {p.options[0]}-{p.options[-1]}\n", style="bold")
            q.append(f"\nPress a key; Enter takes the default ({p.default}).")
        return q

    def fitted(self, briefing: str, answered: list[str], question: Text) -> tuple[Text, list[str]]:
        """The title and the answers given so far, made to leave the whole question in view on a short screen:
        the briefing is left out first, then the earliest answers (a long preset list once fell off at 80x24)."""
        width, height = self.size if self.size.area else self.app.size
        room = height - 3  # the key bar, and the box's padding above and below

        def lines(text: Text) -> int:
            return len(text.wrap(self.app.console, max(width - 4, 10)))  # (the box's padding either side)

        title = self.title_text(briefing)
        left = room - lines(question)
        keep = left - lines(title) - 1  # (the answers' list ends with a blank line)
        if keep < min(len(answered), BRIEFED_ANSWERS):  # the briefing goes before the last few answers do
            title = self.title_text("")
            keep = left - lines(title) - 1
        keep = max(0, min(len(answered), keep))
        return title, answered[len(answered) - keep:]

    @staticmethod
    def title_text(briefing: str) -> Text:
        title = Text()
        title.append(" OVERLORD: BATTLE FOR NORMANDY ", style="bold reverse")
        title.append("  scenario selection\n")
        if briefing:
            title.append(f"\n{briefing}", style="dim")
        return title

    def on_resize(self) -> None:
        self.refresh_view()

    def value_label(self, e: SettingChosen) -> str:
        """An answer as the player chose it: a preset by its name ("Rommel's Plan"), not its key."""
        if e.question == "change_ratings" and e.value.startswith("no: "):  # (not "no: Campaign Game, ...")
            return f"no ({e.value.removeprefix('no: ')})"
        if e.question == "preset":
            if e.value == "custom":
                return "each rating set by hand"
            try:
                return self.session.game.data.charts.rating_set(e.value).name
            except KeyError:
                return e.value
        if e.question == "rating:reinforcements" and e.value.isdigit():  # "3 (sooner)", as the presets say it
            historical = self.session.game.data.rules.ratings.historical["reinforcements"]
            return e.value + view.which_way("reinforcements", int(e.value), historical)
        return e.value

    def commander(self, e: SettingChosen) -> str:
        """After "German player: computer", who commands it once chosen: " (rommel, level 3)"."""
        side = SIDE_OF_QUESTION.get(e.question)
        if side is None or e.value != "computer" or side not in self.session.chosen:
            return ""
        return f" ({with_level(self.session.chosen[side], side)})"

    def player_question(self, side: str) -> Text:
        """Who commands the computer side: each level on a line, the one shown with how it plays."""
        names = levels(side)
        shown = self.shown_player(side)
        q = Text()
        q.append(f"Who commands the computer {'Allies' if side == 'allied' else 'German'}?\n", style="bold")
        # (nothing said which way the levels ran, nor that those of a level differ; found by a helper)
        top = max(profile(name, side).level or 0 for name in names)
        q.append(f"Level 1 is the weakest, {top} the strongest; the weaker of a level first.\n\n", style="dim")
        for i, name in enumerate(names, 1):
            p = profile(name, side)
            q.append(f"  {i}", style="bold reverse" if name == shown else "bold")
            q.append(f"  {name:<11} level {p.level}  {p.style}\n")
        q.append(f"\n{profile(shown, side).line}\n", style="italic")
        q.append(f"Press 1-{len(names)} (or the arrows) to see each; Enter takes {shown}.")
        return q

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        side = self.choosing
        if side is not None:  # who commands the computer side: a digit shows a level, Enter takes it
            if action in ("option", "default"):
                return False
            return action != "see" or parameters[0] in range(1, len(levels(side)) + 1)
        if action in ("see", "take"):
            return False
        if action == "option":
            return self.prompt is not None and parameters[0] in self.prompt.options
        if action == "default":
            return self.prompt is not None
        return True

    def action_back(self) -> None:
        """Escape: the last answer taken back, its question asked again (who commands a computer side, or a
        scenario question); at the first question, back to the title (nothing has been played)."""
        self.message = ""
        answers = len(self.session.game.actions)
        picked = [(side, at) for side, at in self.picked if side in self.session.chosen and at >= answers]
        if picked:
            self.picked.remove(picked[-1])
            self.session.forget_player(picked[-1][0])
            self.shown = None
        elif self.session.can_take_back_answer():
            self.session.take_back_answer()
        elif not self.session.game.actions:
            self.app.show_title()  # type: ignore[attr-defined]
            return
        self.refresh_view()

    def on_key(self, event: Key) -> None:
        binding = self.active_bindings.get(event.key)
        if binding is not None and binding.enabled:
            return
        p = self.prompt
        side = self.choosing
        # the game's hint keys (T asks, U takes), where neither is an answer: the choice is the player's ("U is not an
        # answer" after T's "No hint here" read as a broken key; found by a helper)
        hint = event.key in ("t", "T", "u", "U")
        if side is not None and event.key in ("up", "down"):  # the arrows step through the levels too (they did
            event.stop()  # nothing, and the last refusal stayed; found by a helper)
            names = levels(side)
            at = names.index(self.shown_player(side)) + (1 if event.key == "down" else -1)
            self.message, self.shown = "", (side, names[at % len(names)])
            self.refresh_view()
        elif side is not None and event.is_printable:  # (Backspace goes back, as Escape)
            event.stop()
            key = key_name(event)
            self.message = (f"{no_hint(key)}: who you play against is yours to choose; the computer would take "
                            f"{DEFAULT_PLAYERS[side]}. " if hint else f"{key} is not an answer. ") + \
                f"Press 1-{len(levels(side))} to see each; Enter takes the one shown."
            self.refresh_view()
        elif p is not None and event.is_printable:
            event.stop()
            keys = ", ".join(f"{o} ({lbl})" if o != lbl else o for o, lbl in zip(p.options, p.labels))
            key = key_name(event)
            self.message = (f"{no_hint(key)}: how the campaign is fought is yours to choose; the computer would take "
                            "the default. " if hint else f"{key} is not an answer. ") + \
                f"Answer {keys}; Enter takes {p.default}."
            self.refresh_view()

    def action_option(self, key: str) -> None:
        self.answer(key)

    def action_see(self, n: int) -> None:
        """A digit, while who commands a computer side is asked: that level shown, with how it plays."""
        side = self.choosing
        if side is not None:
            self.message = ""
            self.shown = (side, levels(side)[n - 1])
            self.refresh_view()

    def action_take(self) -> None:
        """Enter, while who commands a computer side is asked: the level shown commands it."""
        side = self.choosing
        if side is not None:
            self.message = ""
            self.picked = [(s, at) for s, at in self.picked if s != side] + [(side, len(self.session.game.actions))]
            self.post_message(PlayerChosen(side, self.shown_player(side)))

    def action_default(self) -> None:
        p = self.prompt
        if p is not None:  # (the key is enabled only while a question is asked: check_action)
            self.answer(p.default)

    def answer(self, key: str) -> None:
        self.message = ""
        self.front.answer(Answer(key))


def no_hint(key: str) -> str:
    """What T (a hint) and U (take it) say where the choice is the player's."""
    return "No hint to take here" if key == "U" else "No hint here"
