"""The turn controller: what a front end shows next, and nothing about how.

A game being played (a ``Session``: the engine game, its computer players, the standing orders, the seat in
hot-seat) goes from step to step: a combat's card, the reports between turns, a hand-over of the keyboard, the
computer's answer, a person's answer (in a hosted game, the other player's, coming in or awaited), and at last
the final report. ``Turns.next_step()`` is the one place that
decides which comes next; a front end (the Textual app, a test, later a network client or a replay viewer) only
shows it and reports back:

    turns = Turns(Session(game))
    while True:
        step = turns.next_step()
        ...show it...
        turns.shown(step)                              # a card, the pages, a hand-over: seen
        if isinstance(step, GameOver):
            break
        if isinstance(step, (HumanTurn, ChoosePlayer)):
            turns.answer(an action) / session.choose_player(side, name)
        elif isinstance(step, StandingOrder):
            turns.answer(step.action)
        elif isinstance(step, ComputerTurn):
            turns.computer_answer(choice)              # session.computer_player().choose(game), or its failure
        elif isinstance(step, Arrived):
            turns.take_arrival()                       # a hosted game: an action played on the host
        (Waiting: a hosted game waits for the host; wait for the session's news, then ask again)

How long each step stays up (the display delay, a hurry key), and where the computer thinks (a thread, on a
copy of the game), are the front end's. No Textual or Rich here (an import contract keeps it so).
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine.actions import Action
from .engine.enums import Side
from .engine.events import CombatResult, Event, MarkerDestroyed, TurnEnded, UnitEliminated
from .engine.prompts import Prompt
from .engine.results import FinalReport
from .engine.view import enemy
from .session import Assault, Session

HANDOVER_NEWS = 3  # the fights a player taking the keyboard is told of (the latest)


@dataclass(frozen=True)
class ResultCard:
    """A combat's result, on a card of its own, just after the action that fought it: a landing's rounds
    (``assault``), or an ordinary fight's results and the losses they caused. ``by_computers``: no person chose
    any of it (a front end may show it for a while, or skip it, rather than wait for a key)."""
    assault: Assault | None
    results: tuple[CombatResult, ...]
    others: tuple[Event, ...]
    by_computers: bool


@dataclass(frozen=True)
class GameOver:
    """The game has ended: its final report (``game.final_report``) is the last thing shown."""
    report: FinalReport | None  # None only for a game set up by hand as over


@dataclass(frozen=True)
class Pages:
    """The reports that come between turns (a turn's end, the logistics), after the fighting that came just
    before them, which the person at the keyboard did not see happen."""
    events: tuple[Event, ...]

    @property
    def ends_turn(self) -> bool:
        """A turn has ended among them (the campaign so far may be shown with them)."""
        return any(isinstance(e, TurnEnded) for e in self.events)


@dataclass(frozen=True)
class ChoosePlayer:
    """The set-up asks who commands the computer ``side`` (answered with ``Session.choose_player``)."""
    side: str


@dataclass(frozen=True)
class StandingOrder:
    """A player's standing order answers the prompt for him (a landing fought on, the German's level for the
    day): answered with ``Turns.answer(action)``. ``new_round``: the first question of a landing's round (a front
    end may pause before it, for the player to read the last round and stop fighting on)."""
    action: Action
    new_round: bool


@dataclass(frozen=True)
class ComputerTurn:
    """The computer player of ``side`` answers the prompt (``Session.computer_player()``, or ``think``):
    answered with ``Turns.computer_answer(choice)``."""
    side: Side


@dataclass(frozen=True)
class HandOver:
    """Hot-seat: the other player must take the keyboard before a choice the first must not see. ``news``: the
    latest fights he did not see happen; ``earlier``: how many came before them (one left out silently, he
    thought he had seen them all)."""
    side: Side
    prompt: Prompt
    news: tuple[Event, ...]
    earlier: int = 0  # the fights before those, not told (the log and H have them)


@dataclass(frozen=True)
class HumanTurn:
    """A person answers the prompt, by hand (``Turns.answer(action)``). ``takes_keyboard``: hot-seat, and the
    keyboard passes to ``side`` with nothing to hide (a movement, an attack's choice), so no hand-over."""
    side: Side
    prompt: Prompt
    takes_keyboard: bool


@dataclass(frozen=True)
class Arrived:
    """A hosted game (overlord join): an action played on the host, by either side, has come in, to be taken
    into the game (``Turns.take_arrival``) and shown as the computer's moves are."""


@dataclass(frozen=True)
class Waiting:
    """A hosted game: the other side's player answers, or the host has not yet answered ours (``what``, in
    words). The next step comes when the host says what happened."""
    what: str


Step = ResultCard | GameOver | Pages | ChoosePlayer | StandingOrder | ComputerTurn | HandOver | HumanTurn | Arrived \
    | Waiting


class Turns:
    """The turn controller of one session: ``next_step`` says what comes next, ``shown`` is told it was shown,
    ``answer`` and ``computer_answer`` play the answers. Asking ``next_step`` again before anything is shown or
    played gives the same step."""

    def __init__(self, session: Session) -> None:
        self.session = session
        # the last action's combat card, until it is shown; a loaded game's, shown again: the game may have been left
        # (quit, the window closed) while the computer answered the fight, before its card came up
        self.card: ResultCard | None = result_card(session, session.left_off)
        session.left_off = []

    def next_step(self) -> Step:
        """What comes next: a combat's card, the reports (the last turn's before the final report), the final report,
        the set-up's choice of a computer player, a standing order's answer, the computer's answer, a hand-over, or a
        person's answer."""
        s = self.session
        if self.card is not None:
            return self.card
        if s.pages:  # (the last turn's too, before the final report: its points end the score)
            return Pages(tuple(s.pages_due()))
        if s.game.over:
            return GameOver(s.game.final_report)
        if s.arriving():
            return Arrived()
        waiting = s.waiting()
        if waiting is not None:
            return Waiting(waiting)
        side = s.player_choice_pending()
        if side is not None:
            return ChoosePlayer(side)
        standing = s.standing_action()
        if standing is not None:
            return StandingOrder(standing, s.new_round())
        p = s.game.prompt
        if s.answered_by_computer():
            return ComputerTurn(p.side)
        if s.needs_handover():
            fights = [e for e in s.news_for(p.side) if e.kind in ("CombatResult", "Landed") and s.is_news(e)]
            return HandOver(p.side, p, tuple(fights[-HANDOVER_NEWS:]), max(0, len(fights) - HANDOVER_NEWS))
        # (a game resumed: who sits at the keyboard is not known, and the line that says whose it is was left out;
        # found by a helper)
        return HumanTurn(p.side, p, s.hot_seat and s.seat != p.side)

    def shown(self, step: Step) -> None:
        """The front end has shown ``step``: a card or the pages are not shown again; a person taking the
        keyboard (a hand-over, a question) now holds it, and what happened before is no longer news to him."""
        s = self.session
        if isinstance(step, ResultCard):
            self.card = None
        elif isinstance(step, Pages):
            s.take_pages()
            # (both players read the reports: the next hidden choice is handed over, even to the side that kept
            # the keyboard; the support and level of the next turn's first attack were typed before the German)
            s.seat_private = False
        elif isinstance(step, HandOver):
            s.take_seat(private=True)
            s.seen_at = len(s.game.actions)  # (the cards and reports before it each waited for a key)
        elif isinstance(step, (HumanTurn, ChoosePlayer)):
            s.take_seat()
            s.recent = []
            s.seen_at = len(s.game.actions)

    def read(self) -> None:
        """The front end's card or reports were closed: what came before is seen, and a save says so
        (``Session.seen_at``; a German solo's reports came back at every load while the computer Allies moved). Not
        while reports wait: the action whose card was read brought them too, and a game left at them was loaded
        without them (found by a helper)."""
        if not self.session.pages:
            self.session.seen_at = len(self.session.game.actions)

    def answer(self, action: Action) -> list[Event]:
        """A person's answer, or a standing order's: played (IllegalAction propagates, nothing changed). Returns
        the events it caused."""
        self.session.marched(action)  # (before it is played: a hosted game's is sent, and comes back later)
        events = self.session.apply(action)
        self.card = result_card(self.session, events)
        return events

    def computer_answer(self, choice: Action | Exception | None) -> list[Event]:
        """The computer's answer: its ``choice`` when legal, else a safe answer (``Session.take_choice``, which
        notes a player's failure)."""
        return self.answer(self.session.take_choice(choice))

    def take_arrival(self) -> list[Event]:
        """An action played on the host (a hosted game's): taken as ``answer`` plays one, its card to show."""
        events = self.session.take_arrival()
        self.card = result_card(self.session, events)
        return events

    def think_and_answer(self) -> list[Event]:
        """The computer's answer, thought on the game itself (a front end with no thread to spare)."""
        return self.answer(self.session.computer_action())


def result_card(s: Session, events: list[Event]) -> ResultCard | None:
    """The card an action's fighting is shown on, if any: a landing's rounds once it ends; else an ordinary
    fight's results, unless they go on the retreat question the person at the keyboard answers next."""
    assault = s.ended_assault
    s.ended_assault = None  # (its card is shown once)
    if assault is not None:
        # fought by the computer Allied, no player chose the rounds by hand
        return ResultCard(assault, (), (), s.is_computer("allied") or s.watches_only)
    results = tuple(e for e in events if isinstance(e, CombatResult) and not s.is_round(e))
    if not results or s.retreat_shows_result():
        return None
    others = tuple(e for e in events if isinstance(e, (UnitEliminated, MarkerDestroyed)))
    attacker = s.game.side_of(results[0].attackers[0])
    by_computers = s.is_computer(attacker) and s.is_computer(enemy(attacker)) or s.watches_only
    return ResultCard(None, results, others, by_computers)
