"""Watching the computers play (``overlord simulate --watch``): the game's own screen, with the pace the viewer
sets (+ and -), a pause (P), and what each side is about (the German's posture for the turn, the Allied
commander's plan: what the players say of themselves in their hints, overlord/ai/advice.py).

The app plays the game as it plays any computer's turn (overlord/turns.py); this screen only asks it, by
message, to go faster or slower or to pause, and says on the question's panel what each side is doing.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from ..ai import profile
from ..ai.allied_commander import PLAN_WORDS
from ..ai.german_search import POSTURE_WORDS
from ..engine.enums import Side
from ..session import SIDES, Session
from .cards import SIDE_NAME
from .game_screen import GameScreen

PACES = (0.0, 0.05, 0.15, 0.3, 0.6, 1.2, 2.4)  # seconds after each computer move, fastest first


def pace(now: float, faster: bool) -> float:
    """The next pace from ``now``: the next shorter pause after each move (faster) or the next longer one."""
    if faster:
        return max((p for p in PACES if p < now), default=PACES[0])
    return min((p for p in PACES if p > now), default=PACES[-1])


def pace_words(now: float) -> str:
    """The pace set, said (at either end, that it is: + at the fastest said "0.00 s" again and again; a helper)."""
    end = ", the fastest" if now <= PACES[0] else ", the slowest" if now >= PACES[-1] else ""
    return f"Pace: {now:.2f} s after each move{end} (+ faster, - slower)."


def intent(session: Session, side: str) -> str:
    """What a side's computer player is about, in its own words: the German's posture for the turn, the Allied
    commander's plan, or else how the player plays (its line in ``overlord players``)."""
    player = session.players.get(side)
    posture, plan = getattr(player, "posture", None), getattr(player, "plan", None)
    if isinstance(posture, str):
        return POSTURE_WORDS.get(posture, posture)
    if isinstance(plan, str):
        return PLAN_WORDS.get(plan, f"the {plan} plan")
    try:
        return profile(session.player_name(side), side).line
    except ValueError:  # (a name the registry does not know, from an older save)
        return ""


class WatchScreen(GameScreen):
    """The game's screen for two computers playing: + and - set the pace, P pauses, and the question's panel
    says what each side is about."""
    BINDINGS = [
        Binding("p", "pause", "Pause"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
        Binding("escape", "to_title", "Title"),
    ]

    class Paced(Message):
        """+ or -: the app shortens or lengthens the pause after each move."""

        def __init__(self, faster: bool) -> None:
            super().__init__()
            self.faster = faster

    class PauseToggled(Message):
        """P: the app stops playing, or plays on."""

    def action_pause(self) -> None:
        self.post_message(self.PauseToggled())

    def action_faster(self) -> None:
        self.post_message(self.Paced(True))

    def action_slower(self) -> None:
        self.post_message(self.Paced(False))

    def action_to_title(self) -> None:
        """Escape: the look cursor put away if it is out, else back to the title (the watching ends there)."""
        if self.look is not None or self.going is not None:
            self.action_unlook()
        else:
            self.app.show_title()  # type: ignore[attr-defined]

    def prompt_panel_text(self) -> Text:
        """The question's panel, and a line for each side: what it is about, in the first words its player says
        of it (the whole of it is the hint's, T)."""
        t = super().prompt_panel_text()
        for side in SIDES:
            about = re.split(r"[,:;(]", intent(self.session, side))[0].strip()
            if about:
                t.append(f"\n{SIDE_NAME[Side(side)]} ({self.session.player_name(side)}): ", style="bold")
                t.append(about)
        return t
