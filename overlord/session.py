"""One game being played: the engine game, its computer players, the log, and autosave.

No Textual here: a front end drives a Session through the turn controller (overlord/turns.py), and tests
can too. The game's id and its autosave slot are explained in overlord/saves.py: a session writes only its own
slot.

A session also keeps the players' standing orders, so that a beach assault asks one decision and not
one a round (issue 27): the Allied player's "fight on at this level and support until the beach falls",
and the human German's answer for his coastal defences (a level for the day, or the computer's choice).
Each round is still answered with the engine's own actions, so saves and replays hold every one.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .ai import DEFAULT_PLAYERS, make_player, player_names
from .ai.registry import levels, profile, with_level
from .ai.advice import Advice, AdviceMemory, NoAdvice, advise, advisor_player
from .ai.common import safe_action
from .ai.player import Player, strict_players
from .engine import view
from . import preferences
from .plaintext import printable
from .userdirs import browser_session_dir, shown
from .words import ARMY, plural
from .engine.actions import Action, Answer, ChooseStrategy, Move, Support
from .engine.events import (CombatResult, DropResult, Event, Landed, LogisticsReport, MarkerDestroyed, TurnEnded,
                             UnitEliminated)
from .engine.data import Beach
from .engine.game import Game, IllegalAction
from .engine.hexgrid import Hex, neighbour
from .engine.prompts import (DefenderPrompt, MovePrompt, Prompt, QuestionPrompt, RetreatPrompt, StrategyPrompt,
                             SupportPrompt)
from .saves import (FileStamp, OpenedSave, SaveError, file_stamp, free_autosave_slot, is_autosave_slot, new_game_id,
                    other_branches, read_document, safe_filename, saves_dir, write_problem, write_save)
from .resume import is_rescued, rescue_prefix

SIDES = ("allied", "german")
RESCUE_NAMES = 20  # the names a game ended unasked may take in the temporary folder (-2, -3, ... when taken)
NEWS = (DropResult, CombatResult, UnitEliminated, MarkerDestroyed)  # repeated above a report, not to be missed
# The choices one player must not see the other make (hot-seat: a hand-over first): a level, support. A retreat and
# an advance hide nothing (the map shows them at once, and the fight's result is public): the keyboard passes with a
# note, as for a movement (a fight ending in a retreat had cost two more hand-overs); so does a defender's support
# and level (``answers_a_choice_made``): the attacker has chosen.
HIDDEN = (StrategyPrompt, SupportPrompt)
COMPUTER = "computer"  # the German's standing answer for his coastal defences: the computer German chooses
# The scenario questions that settle who plays each side: once past them, the computer side's player is asked for
log = logging.getLogger("overlord.tui")
PLAYER_QUESTIONS = ("change_ratings", "german_player", "allied_player")
ASKED_FIRST = ("german", "allied")  # the computer sides' players are asked for in the questions' order


@dataclass(frozen=True)
class FightOn:
    """The Allied player's order for a landing: the same support and attack level every round until the
    beach falls (the support capped by what is left of the turn's budgets, the level by what is open)."""
    unit: str
    naval: int
    air: int
    level: int


@dataclass
class March:
    """A unit's steps given at once (G's route, B's course to a beachhead marker) where each is played only when the
    host's update comes in (a hosted game's: ``Session.plays_at_once``): answered one by one as a standing order,
    while the unit is still the one asked about and its next step is legal."""
    unit: str
    directions: list[int]


@dataclass
class Assault:
    """A landing's fight against a beach's coastal defence, round by round, for its one card."""
    unit: str
    beach: str
    rounds: list[CombatResult] = field(default_factory=list)  # (each with its support: naval, air)
    others: list[Event] = field(default_factory=list)  # eliminations it caused
    landed: Landed | None = None  # its end: the unit ashore, or destroyed
    destroyed: bool = False
    mp_left: int = 0


class Session:
    plays_at_once = True  # an answer is played as it is given (a hosted game's when the host's update comes in)

    def __init__(self, game: Game, game_id: str = "", chosen: dict[str, str] | None = None) -> None:
        self.game = game
        self.game_id = game_id or new_game_id()
        self.players: dict[str, Player] = {}
        # the computer player of each side by name (overlord.ai's registry): chosen in the set-up, named on the
        # command line, or recorded in a save; a side not named plays DEFAULT_PLAYERS'
        self.chosen: dict[str, str] = dict(chosen or {})
        # the set-up asks for the computer side's player: a game that begins with the scenario questions
        self.asks_players = game.initial_settings is None and not game.actions
        self.log: list[Event] = list(game.opening_events)
        self.pages: list[Event] = []  # reports waiting to be shown (logistics, end of turn)
        self.recent: list[Event] = []  # what happened since the person at the keyboard last answered
        self.seat: str | None = None  # the side the human at the keyboard is playing now (hot-seat)
        # whether the other player was sent away when ``seat`` took the keyboard (a hand-over), not passed it on
        # with a note (after a movement, a card or a retreat he may still be watching)
        self.seat_private = False
        self.seat_left: dict[str, int] = {}  # the log's length when each side last gave up the keyboard
        self.notes: list[str] = []  # news about saving for the player (the app shows them)
        # where this game autosaves, when not where the player would look (a branch, a slot written elsewhere):
        # said in the game with the notes, and again in the lines printed on quitting (docs/reliability.md)
        self.slot_notes: list[str] = []
        self._saved_phase: tuple[int, str] | None = None
        self.saved_in: Path | None = None  # the file that holds the game as far as it was last saved
        self._saved_actions = -1  # how many actions that file holds
        self._saved_orders: dict[str, object] = {}  # and the standing orders it holds
        self.slot: Path | None = None  # this game's autosave slot, once it has one
        # the position (actions, orders, seen) the slot holds, or the file loaded: the autosave need not write it again
        self._in_slot: tuple[int, dict[str, object], int | None] | None = None  # (actions, orders, seen_at)
        self.rescued_from: Path | None = None  # the game was loaded from its rescue in the temporary folder
        # how many actions the person at the keyboard has seen the outcome of: set as he takes the keyboard (Turns),
        # kept in the saves, so that a game loaded shows again only the cards and reports he had not seen
        self.seen_at: int | None = None
        self._slot_stamp: FileStamp | None = None  # the slot as this game last wrote or read it
        self._lost: set[Path] = set()  # slots another game took over
        self.fight_on: FightOn | None = None  # the Allied order for the landing being fought
        self.one_round = False  # the Allied player chooses a landing's level round by round (no fighting on)
        self.coastal_answer: int | str | None = None  # the German's level for the day, COMPUTER, or not yet asked
        self.march: March | None = None  # a unit's steps still to play, given at once (a hosted game's G and B)
        self.march_stopped: tuple[str, int] | None = None  # a march ended short: its unit and the step not taken
        self.assault: Assault | None = None  # the landing being fought
        self.ended_assault: Assault | None = None  # the landing the last action ended, for its card
        self.left_off: list[Event] = []  # a loaded game's last action's events: its card is shown again (Turns)
        self._support = (0, 0)  # the support given for the round or the fight being asked
        self._rounds: set[int] = set()  # the ids of the rounds' results (kept alive in the log)
        self.autosaves = True  # False for a game the computers play while the player watches: not a position of his
        self.named: dict[str, str] = {}  # the computer players named on the command line, by side (name_players)
        self.advisors: dict[str, str] = {}  # the computer player asked for a side's hints, when not its default
        self.advice_memory = AdviceMemory()  # what the players asked for hints decided each turn (overlord.ai.advice)

    @classmethod
    def resumed(cls, game: Game, loaded: OpenedSave | None = None) -> "Session":
        """A session for a loaded game, its log rebuilt by replaying its actions. The card of the last action's fight
        is shown again, and so are the reports of a turn begun since, if the person at the keyboard had not seen them
        (the save says how far he had; an older save does not: then since a person last answered): the game may have
        been left before they were seen (``replayed_log``)."""
        session = cls(game, loaded.game_id if loaded is not None else "", loaded.players if loaded is not None else None)
        # a game played on: its players are those its save records (else the default), unless it was saved in the
        # set-up before the player of a computer side was chosen: then the set-up asks for it again
        session.asks_players = game.initial_settings is None and game.turn == 0 \
            and all(isinstance(a, Answer) for a in game.actions)
        for side, name in list(session.chosen.items()):
            if name not in player_names(side):  # saved by another version of the game, or changed by hand
                del session.chosen[side]
                other = "german" if side == "allied" else "allied"
                why = f"plays the {ARMY[other]}, not the {ARMY[side]}" if name in player_names(other) else \
                    "is not one this version knows"
                session.notes.append(f"The save's computer {side} player {printable(name, 40)!r} {why}; "
                                     f"{session.player_name(side)} plays that side.")
        session.seen_at = loaded.seen if loaded is not None else None
        session.log = session.replayed_log(game)
        session._saved_phase = (game.turn, game.phase)
        if loaded is not None:
            session.saved_in, session._saved_actions = loaded.path, len(game.actions)
            session.give_orders(loaded.orders)
            # (a save loaded and left is not copied; a rescued game is: the temporary folder it is in may be emptied by
            # the system, and a game resumed from it and quit at once stayed there alone; found by a helper)
            session.rescued_from = loaded.path if is_rescued(loaded.path) else None
            if session.rescued_from is None:
                session._in_slot = (len(game.actions), session.orders(), session.seen_at)
            if is_autosave_slot(loaded.path) and _same_folder(loaded.path.parent, saves_dir()):
                session.slot, session._slot_stamp = loaded.path, loaded.stamp  # an autosave goes on in its slot
        return session

    def replayed_log(self, game: Game) -> list[Event]:
        """The last events of ``game``, replayed from its actions, and the landing being fought as it stands: its
        rounds before the load for its card, the support given for the round being asked; the last action's fight for
        its card and the reports missed (``_reports_missed``), unless the save says they were seen; and in hot-seat,
        where each side last answered, for a hand-over's news."""
        answered: dict[str, int] = {}  # where in the events each person's side last answered (hot-seat's news)
        coastal_asked = False
        try:
            replayed = Game.new(game.initial_settings, game.seed, game.data)
            events = list(replayed.opening_events)
            happened: list[Event] = []
            unseen: list[Event] = []  # what happened since the person at the keyboard last saw it
            seen = self.seen_at  # (None: an older save, which does not say; then since a person last answered)
            for n, action in enumerate(game.actions):
                asked = replayed.prompt
                happened = replayed.apply(action)
                events.extend(happened)
                self._follow_assault(asked, action, happened)
                human = not isinstance(asked, QuestionPrompt) and game.settings.player(asked.side) == "human"
                by_hand = human and not (coastal_defence(asked) and coastal_asked)  # (the first coastal question is
                coastal_asked = coastal_asked or human and coastal_defence(asked)  # asked, his order answers the rest)
                if by_hand:
                    answered[str(asked.side)] = len(events)
                if seen is not None:
                    unseen.extend(happened if n >= seen else [])
                elif human or isinstance(asked, QuestionPrompt):
                    unseen = list(happened)  # (his answer's own events on)
                else:
                    unseen.extend(happened)
            if seen is not None and seen >= len(game.actions):  # its last fight's card was seen, a landing's too
                happened, self.ended_assault = [], None
            self.left_off = happened
            self.pages = self._reports_missed(unseen)
            self.recent = unseen if self.pages else []  # (the fights before them, told on their page as in play)
        except IllegalAction:  # a position set up by hand (a test's), not played from its start: no log to rebuild
            events = []
            self.assault = None
        except Exception:  # noqa: BLE001 - the log is a courtesy; a game that loaded is playable without it: logged,
            if strict_players():  # and raised under the tests and with OVERLORD_STRICT_PLAYERS=1, as think's failures
                raise
            log.exception("the log of the game loaded could not be rebuilt")
            events = []
            self.assault = None
        kept = events[-400:]
        self._rounds &= {id(e) for e in kept}  # (the ids of events let go could be taken by others)
        if self.hot_seat:  # a hand-over's news: what came since the side's last answer (it had none after a load)
            self.seat_left = {side: max(0, at - (len(events) - len(kept))) for side, at in answered.items()}
        return kept  # (a landing the last action ended is in ended_assault: its card is shown again, as the fight's)

    def _reports_missed(self, unseen: list[Event]) -> list[Event]:
        """The reports among ``unseen`` to show again as a loaded game goes on: the last turn's end and the logistics
        after it. A game left while the computer played on to the next turn, or while its reports were up (a browser
        page closed, a window, Ctrl+Q), came back at the new turn's first question, its points and supplies never
        told (found by a helper: the score fell from -22 to -50 without a word). A finished game's final report
        says its points; a game of the computers' own has nobody to tell."""
        if self.game.over or not self.humans:
            return []
        reports: list[Event] = [e for e in unseen if isinstance(e, (LogisticsReport, TurnEnded))]
        ends = [i for i, e in enumerate(reports) if isinstance(e, TurnEnded)]
        return reports[ends[-1]:] if ends else reports[-1:]

    # ------------------------------------------------------------------ who plays
    def sees_allied_support(self) -> bool:
        """May the person at this keyboard see the Allied support given for the attack the German is asked to
        defend against, before it is fought? The Allied player may (it is his own); a German at this keyboard
        (solo, or hot-seat) may not."""
        return self.is_computer("german")

    def is_computer(self, side: str) -> bool:
        if side not in SIDES or isinstance(self.game.prompt, QuestionPrompt):
            return False  # the scenario questions are always asked of the person at the keyboard
        return self.game.settings.player(side) == "computer"

    def played_here(self, side: str) -> bool:
        """Is ``side`` played at this keyboard (by a person: not the computer, nor someone elsewhere)?"""
        return not self.is_computer(side)

    @property
    def allocation_hidden(self) -> bool:
        """Is the Allies' transport allocation kept from the person at this keyboard? From a German playing the
        computer Allies: a combat share of 54% told him an offensive was coming two days ahead (as a hosted game
        keeps it from him: docs/online.md). He learns what arrived from the next turn's logistics report. Not in
        hot-seat, where it is typed on the screen both share (a hand-over every turn for it was judged too dear)."""
        return self.is_computer("allied") and "german" in self.humans

    @property
    def watches_only(self) -> bool:
        """Nobody plays at this keyboard: a hosted game watched with the spectators' link. Its fights' cards go on by
        themselves, as those of two computers do."""
        return False

    @property
    def humans(self) -> list[str]:
        return [s for s in SIDES if self.game.settings.player(s) == "human"]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) == 2

    @property
    def human_to_move(self) -> bool:
        """A person answers the prompt now, by hand (no computer, no standing order answers it)."""
        return not self.game.over and not self.answered_by_computer() and self.standing_action() is None

    def answered_by_computer(self) -> bool:
        """The computer answers the prompt: its side is the computer's, or it is a coastal defence's level and
        the German let the computer answer those."""
        p = self.game.prompt
        return self.is_computer(p.side) or (coastal_defence(p) and self.coastal_answer == COMPUTER)

    def needs_handover(self) -> bool:
        """Two players share the keyboard and the other one must now make a choice the first must not see
        (a level, support). Other answers, such as a movement, a retreat or an advance, need no hand-over:
        the keyboard passes with nothing to hide. A hidden choice is handed over also when the keyboard last passed
        to its side with a note, as the other player may still be watching (the support and level of every fight
        after a phase's first were typed in front of him; found by a helper), and in a game just resumed (``seat``
        None), where the other player may be the one at the keyboard."""
        p = self.game.prompt
        if not self.hot_seat or p.side not in SIDES or isinstance(p, QuestionPrompt) or answers_a_choice_made(p):
            return False
        return (self.seat != p.side or not self.seat_private) and isinstance(p, HIDDEN) and self.human_to_move

    def take_seat(self, side: str | None = None, private: bool = False) -> None:
        """``side`` (the prompt's) takes the keyboard: ``private`` after a hand-over, which sent the other player
        away; passed on with a note it is not, and a seat kept by the same side keeps what it was."""
        side = side or self.game.prompt.side
        if self.seat != side:
            if self.seat is not None:
                self.seat_left[self.seat] = len(self.log)
            self.seat_private = False
        self.seat = side
        self.seat_private = self.seat_private or private

    def news_for(self, side: str) -> list[Event]:
        """What happened since ``side``'s player last gave up the keyboard (hot-seat): nothing while he holds it,
        as everything since he took it was on his screen (a player kept at the keyboard after a resume was told his
        own landing of the turn before, and one who took it after a fight's card that fight; found by a helper)."""
        if side == self.seat:
            return []
        return self.log[self.seat_left.get(side, len(self.log)):]

    # ------------------------------------------------------------------ standing orders
    def standing_action(self) -> Action | None:
        """The answer a standing order gives the prompt, if one does: a march's next step (a hosted game's G or B;
        a march that gives none is over), the Allied fight-on's support and level for the landing it was given for,
        the German's level for every landing for a coastal defence."""
        p = self.game.prompt
        if self.march is not None:
            step = self.marching()
            if step is not None:
                return step
            if self.march.directions:  # (said on the question's line: the line still said where it was going)
                self.march_stopped = (self.march.unit, self.march.directions[0])
            self.march = None  # its move over, a way blocked, or the unit no longer asked about: the player answers
        if self.game.over or self.is_computer(p.side) or not isinstance(p, (SupportPrompt, StrategyPrompt)) \
                or p.landing is None:
            return None
        action: Action | None = None
        order = self.fight_on
        if p.side == "allied" and order is not None and order.unit in p.attackers:
            if isinstance(p, SupportPrompt):
                action = Support(min(order.naval, p.naval_max), min(order.air, p.air_max))
            elif p.role == "attack":
                action = ChooseStrategy(min(order.level, p.max_level))
        elif isinstance(p, StrategyPrompt) and p.role == "defence" and isinstance(self.coastal_answer, int):
            action = ChooseStrategy(min(self.coastal_answer, p.max_level))
        return action if action is not None and action in self.game.legal_actions() else None

    def coastal_order(self) -> int | str | None:
        """How the German's coastal defences answer landings, as far as this side knows (``coastal_answer``)."""
        return self.coastal_answer

    def marching(self) -> Move | None:
        """The march's next step, if it is the answer to the question being asked."""
        p, march = self.game.prompt, self.march
        if march is None or not march.directions or not isinstance(p, MovePrompt) or p.unit != march.unit \
                or self.game.over or self.is_computer(p.side):
            return None
        step = Move(march.unit, march.directions[0])
        return step if step in self.game.legal_actions() else None

    def marched(self, action: Action) -> None:
        """An answer given: the march's step taken off it (another answer ends it)."""
        march = self.march
        if march is not None and march.directions and action == Move(march.unit, march.directions[0]):
            march.directions.pop(0)
        elif march is not None:
            self.march = None

    def orders(self) -> dict[str, object]:
        """The standing orders, as a save holds them (overlord.saves.check_orders); {} when none is given."""
        orders: dict[str, object] = {}
        if self.coastal_answer is not None:
            orders["coastal"] = self.coastal_answer
        if self.fight_on is not None:
            orders["fight_on"] = asdict(self.fight_on)
        if self.one_round:
            orders["one_round"] = True
        return orders

    def give_orders(self, orders: dict[str, Any]) -> None:
        """The standing orders a save held (as ``orders`` gives them; checked as the save was read). A fight-on
        order stands only for the landing being fought at the prompt (it ends with its landing): any other is not
        one the player gave in this game, and is dropped."""
        self.coastal_answer = orders.get("coastal")
        self.one_round = orders.get("one_round", False)
        order = FightOn(**orders["fight_on"]) if "fight_on" in orders else None
        p = self.game.prompt
        fought = isinstance(p, (SupportPrompt, StrategyPrompt)) and p.landing is not None and order is not None \
            and order.unit in p.attackers
        self.fight_on = order if fought else None
        self._saved_orders = self.orders()

    def asks_fight_on(self) -> bool:
        """The Allied player is asked a landing's attack level, where a level may be an order to fight on."""
        p = self.game.prompt
        return isinstance(p, StrategyPrompt) and p.landing is not None and p.role == "attack" \
            and self.human_to_move

    def fight_on_at(self, level: int) -> None:
        """Fight on at ``level``, with the support just given, until the beach falls (or the player stops)."""
        p = self.game.prompt
        if isinstance(p, StrategyPrompt) and p.landing is not None:
            self.fight_on = FightOn(p.attackers[0], *self._support, level)

    def asks_coastal_answer(self) -> bool:
        """The human German is asked a coastal defence's level and has not yet said how to answer them."""
        return coastal_defence(self.game.prompt) and self.coastal_answer is None and self.human_to_move

    def new_round(self) -> bool:
        """The prompt is the first question of a landing's round (its support, or its level when there is
        no support to give)."""
        p = self.game.prompt
        if isinstance(p, SupportPrompt):
            return p.landing is not None
        last = self.game.actions[-1] if self.game.actions else None
        return isinstance(p, StrategyPrompt) and p.landing is not None and p.role == "attack" \
            and not isinstance(last, Support)

    # ------------------------------------------------------------------ the computer players
    def player_name(self, side: str) -> str:
        """The name of the computer player of ``side`` (overlord.ai's registry)."""
        return self.chosen.get(side, DEFAULT_PLAYERS[side])

    def commander_words(self, side: str) -> str:
        """Who commands the computer ``side``, as the set-up named him: "rommel, level 3"."""
        return with_level(self.player_name(side), side)

    def who_plays_words(self) -> str:
        """Who plays each side of this game, in a sentence for the help: the person's side and the computer
        commander against him (the set-up named him, and nothing after it did; found by a helper)."""
        humans = self.humans
        if len(humans) == 2:
            return "Hot-seat: both sides are played at this keyboard."
        if not humans:
            return (f"The computers play both sides: the Allies {self.commander_words('allied')}, the German "
                    f"{self.commander_words('german')}.")
        mine, other = humans[0], next(s for s in SIDES if s != humans[0])
        style = ""
        try:
            style = profile(self.player_name(other), other).style
        except ValueError:  # (a name the registry does not know)
            pass
        return (f"You command the {ARMY[mine]} against the computer {ARMY[other]}: "
                f"{self.commander_words(other)}{' (' + style + ')' if style else ''}.")

    def player_choice_pending(self) -> str | None:
        """The computer side whose player the set-up is to ask for now: once the questions have settled who plays
        each side, a side played by the computer and not yet named. None otherwise (and in hot-seat)."""
        p = self.game.prompt
        if not self.asks_players or (isinstance(p, QuestionPrompt) and p.question in PLAYER_QUESTIONS):
            return None
        return next((side for side in ASKED_FIRST if self.game.settings.player(side) == "computer"
                     and side not in self.chosen), None)

    def choose_player(self, side: str, name: str) -> None:
        """The computer player of ``side``, by name; ValueError for a name that cannot play it."""
        if name not in player_names(side):
            raise ValueError(f"{name!r} cannot play the {side} side; choose from {', '.join(player_names(side))}")
        self.chosen[side] = name
        self.players.pop(side, None)
        self._saved_actions, self._in_slot = -1, None  # the files saved before the choice do not hold it

    def forget_player(self, side: str) -> None:
        """The computer player of ``side`` no longer chosen (Escape in the set-up): the set-up asks for it again."""
        self.chosen.pop(side, None)
        self.players.pop(side, None)
        self._saved_actions, self._in_slot = -1, None  # (as choose_player: the files saved before do not say so)

    def can_take_back_answer(self) -> bool:
        """Is the game still in its set-up with a scenario question's answer to take back (Escape in the set-up)?"""
        actions = self.game.actions
        return bool(actions) and all(isinstance(a, Answer) for a in actions)

    def take_back_answer(self) -> None:
        """The set-up's last answer taken back: the game made again from its answers but the last (nothing but the
        scenario questions has been played), asking that question again. The autosave slot stays the game's own."""
        if not self.can_take_back_answer():
            raise ValueError("only a scenario question's answer, in the set-up, can be taken back")
        game = self.game
        self.game, self.log = Game.replay(game.initial_settings, game.seed, game.actions[:-1], game.data)
        if self.seen_at is not None:  # (seen past the actions left, the autosave was refused as a bad save)
            self.seen_at = min(self.seen_at, len(self.game.actions))
        self.recent, self.pages = [], []
        self.players.clear()
        self._saved_phase = None

    def played_by(self) -> dict[str, str]:
        """Who played each computer side, by name: what a save records (a side whose player the set-up is still to
        ask for is left out, so that the game loaded asks for it)."""
        return {side: self.player_name(side) for side in SIDES if self.game.settings.player(side) == "computer"
                and (side in self.chosen or not self.asks_players)}  # (not one still to be asked for)

    def copy_of_game(self) -> Game:
        """A copy of the game for a thread (a computer's thought, a hint), which nothing else touches."""
        return self.game.clone()

    def computer_player(self) -> Player:
        """The computer player of the side to move, made the first time it is needed."""
        side = self.game.prompt.side
        player = self.players.get(side)
        if player is None:
            player = self.players[side] = make_player(self.player_name(side), side, self.game.seed)
        return player

    # ------------------------------------------------------------------ playing

    def computer_action(self) -> Action:
        """The computer's answer, chosen on the game itself (the app has it chosen on a copy, in a thread)."""
        return self.take_choice(think(self.computer_player(), self.game))

    def name_players(self, named: dict[str, str]) -> None:
        """Players named before the game (the command line's --allied and --german): each plays its side. An
        Allied named makes the Allies the computer's: the first scenario questions are answered so (the German
        the computer's too when he is named, else the person's), as the player would answer them."""
        self.named = dict(named)
        for side, name in named.items():
            self.choose_player(side, name)
        p = self.game.prompt
        if "allied" not in named or not self.asks_players or not isinstance(p, QuestionPrompt) \
                or p.question != "change_ratings":
            return
        for answer in ("Y", "C" if "german" in named else "H", "C"):  # change, the German, the Allies
            self.apply(Answer(answer))

    def take_choice(self, choice: Action | Exception | None) -> Action:
        """The action to play for what the computer player chose (``think``): its choice when legal, else a
        safe answer, with a note for the person at the keyboard when the player failed."""
        if isinstance(choice, Exception):  # a computer player's fault must not end the person's game
            side = self.game.prompt.side
            self.notes.append(f"The computer {side} could not decide ({type(choice).__name__}); it took a safe answer.")
            choice = None
        if choice is None or choice not in self.game.legal_actions():
            choice = safe_action(self.game)
        return choice

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (IllegalAction propagates, nothing changed); keep its events."""
        asked = self.game.prompt
        events = self.game.apply(action)
        self.record(asked, action, events)
        if isinstance(asked, QuestionPrompt) and action == Answer("H"):  # a side named on the command line given to
            side = {"german_player": "german", "allied_player": "allied"}.get(asked.question, "")  # a person instead
            if side in self.named:  # (it was dropped without a word; found by a helper)
                self.notes.append(f"--{side} {self.named[side]} is set aside: a person plays the {ARMY[side]}.")
        return events

    def record(self, asked: Prompt, action: Action | None, events: list[Event]) -> None:
        """Keep an action's events: the log, the news, the reports to show, a landing's rounds. ``asked``: the
        prompt it answered; ``action``: None when it is not known here (a hosted game's other side's)."""
        self.log.extend(events)
        self.recent.extend(events)
        self.pages.extend(e for e in events if isinstance(e, (LogisticsReport, TurnEnded)))
        self._follow_assault(asked, action, events)

    def _follow_assault(self, asked: Prompt, action: Action | None, events: list[Event]) -> None:
        """Keep a landing's rounds for its card: the support each round was given, each round's result, and
        how it ended. A fight-on order ends with its landing."""
        self.ended_assault = None
        if isinstance(asked, DefenderPrompt):  # a fight chosen anew: no support given for it yet
            self._support = (0, 0)
        if isinstance(asked, SupportPrompt) and isinstance(action, Support):
            self._support = (action.naval, action.air)
        if isinstance(asked, (SupportPrompt, StrategyPrompt)) and asked.landing is not None and self.assault is None:
            self.assault = Assault(asked.attackers[0], asked.landing)  # (if begun before a load: the rounds since)
        a = self.assault
        if a is None:
            if any(isinstance(e, CombatResult) for e in events):  # a fight on land (its result carries its support)
                self._support = (0, 0)
            return
        for e in events:
            if isinstance(e, CombatResult):
                a.rounds.append(e)
                self._rounds.add(id(e))
                self._support = (0, 0)
            elif isinstance(e, (UnitEliminated, MarkerDestroyed)):
                a.others.append(e)
            elif isinstance(e, Landed) and e.unit == a.unit:
                a.landed = e
        if a.landed is not None:
            unit = self.game.unit(a.unit)
            a.destroyed, a.mp_left = unit.status == view.ELIMINATED, unit.mp
            self.assault, self.ended_assault, self.fight_on = None, a, None

    def is_round(self, event: Event) -> bool:
        """Is this the result of one round of a landing (shown on the landing's card, not a card of its own)?"""
        return id(event) in self._rounds

    def is_news(self, event: Event) -> bool:
        """Worth repeating to a player who did not see it happen: a fight, a landing fought for, a drop, a loss."""
        if isinstance(event, Landed):
            return event.rounds > 0
        return isinstance(event, NEWS) and not self.is_round(event)

    def retreat_shows_result(self) -> bool:
        """A fight's result goes on its defender's retreat question, not on a card of its own, when the player at
        the keyboard answers that question next (one screen, not two)."""
        return isinstance(self.game.prompt, RetreatPrompt) and self.human_to_move and not self.needs_handover()

    def last_result(self, uid: str, attacking: bool = False) -> CombatResult | None:
        """The result of the last fight ``uid`` defended in (``attacking``: attacked in), among the latest events."""
        return next((e for e in reversed(self.log[-60:]) if isinstance(e, CombatResult)
                     and (uid in e.attackers if attacking else e.defender == uid)), None)

    def pages_due(self) -> list[Event]:
        """The reports to show, after the fighting that came just before them."""
        return [e for e in self.recent if self.is_news(e)] + self.pages

    def take_pages(self) -> list[Event]:
        """The reports to show (``pages_due``), taken: they are not shown again."""
        pages = self.pages_due()
        self.recent, self.pages = [], []
        return pages

    # ------------------------------------------------------------------ a game played elsewhere too
    # A hosted game (overlord join: overlord/online/remote.py) is answered by another player and played by the
    # host: the turn controller waits for it, and takes the host's news in one action at a time. A local game never.
    def waiting(self) -> str | None:
        """What the game waits for elsewhere, in words ("waiting for the German player"), or None."""
        return None

    def arriving(self) -> bool:
        """An action played elsewhere has come in, to be taken (``take_arrival``)."""
        return False

    def take_arrival(self) -> list[Event]:
        """The next action played elsewhere, taken into the game and the log as ``apply`` takes one; its events."""
        return []

    # ------------------------------------------------------------------ advice (the hint key)
    def advisor(self, side: str) -> str:
        """The computer player a side's hints come from: the one chosen for this game, else the one the player chose
        to give them (the palette's "Hints from", kept in the preferences), else the computer player the game uses
        for that side (overlord.ai.advice.advisor_player, the strongest). Not the opponent last chosen in a set-up:
        a German who practised against the weakest Allies was then advised by them when he played the Allies."""
        chosen = preferences.load().get(f"hints_{side}")
        return self.advisors.get(side) or (chosen if chosen in levels(side) else None) or advisor_player(side)

    # ------------------------------------------------------------------ saving
    def autosave(self, avoid: Path | None = None) -> Path | None:
        """Bring the game's autosave up to date (never writing ``avoid``). Returns the file that holds the
        game, None when nothing has been played and nothing saved; raises OSError when it cannot write and no
        save of the player's holds the game as it is."""
        if not self.autosaves:
            return None  # (watching the computers: their game would crowd the player's own saves)
        now = (len(self.game.actions), self.orders(), self.seen_at)
        if not self.game.actions or now == self._in_slot:
            return self.saved_in  # nothing new to save
        held = self.saved_in is not None and now[:2] == (self._saved_actions, self._saved_orders)  # by Ctrl+S
        try:
            slot = self._own_slot(avoid)
            write_save(self.game, slot, name=slot.stem, game_id=self.game_id, players=self.played_by(),
                       orders=now[1], seen=now[2])
        except OSError as exc:
            if held and self.saved_in is not None:  # nothing is lost (the very case a save typed as a path
                # elsewhere is for), but the title's Resume would offer the autosave's older position: said
                note = (f"the autosave could not be brought up to date ({write_problem(exc)}): R on the title may "
                        f"offer an older position; this one is in {shown(self.saved_in)}")
                if note not in self.notes:
                    self.notes.append(note)
                return self.saved_in
            raise
        self.slot, self._slot_stamp, self._in_slot = slot, file_stamp(slot), now
        # (after Ctrl+S the autosave is brought up to date too: R resumes the newest save, and a save typed as a path
        # elsewhere is not among those it looks at; a rescued game's is the file that holds it from now)
        if not held or self.saved_in == self.rescued_from:
            self.saved_in, self._saved_actions, self._saved_orders = slot, now[0], now[1]
        return self.saved_in

    def _own_slot(self, avoid: Path | None) -> Path:
        """The slot to write: this game's own while nobody else has written it since, else the next free one."""
        slot = self.slot
        if slot is not None and slot != avoid:
            if file_stamp(slot) in (None, self._slot_stamp):
                return slot
            self._lost.add(slot)  # another program wrote it: it holds that game now
        new = free_autosave_slot(saves_dir(), self.game_id, self._lost | ({avoid} if avoid else set()),
                                 self.game.actions)
        if slot is not None and new != slot:
            self._slot_note(f"{slot.name} {self._written_elsewhere(slot)}; this game autosaves to {new.name}.")
        elif slot is None:
            for other, turn in other_branches(saves_dir(), self.game_id, new):
                self._slot_note(f"{other.name} keeps this game's other position ({turn}); played on from an "
                                f"earlier save, this game autosaves to {new.name}.")
        return new

    def _written_elsewhere(self, slot: Path) -> str:
        """What this game's slot, written by another program, holds now: the same game played on elsewhere (the
        game run twice on one saves folder read as "another game"; found by a helper), or another."""
        try:
            doc = read_document(slot)
        except SaveError:
            return "was written by another program"
        if self.game_id and doc.get("game_id") == self.game_id:
            return f"holds this game at another position now ({printable(doc.get('turn', '?'), 20)}: played on " \
                   "elsewhere, in another window perhaps)"
        return "holds another game now"

    def _slot_note(self, note: str) -> None:
        self.notes.append(note)
        self.slot_notes.append(note)

    def rescue(self, fault: bool) -> Path | None:
        """Save the game as the program ends without being asked (a fault, a closed browser page). After a fault
        the game is first made again from its actions: an action cut off by the fault may have changed part of
        the state, but only whole actions are in the list."""
        if fault and self.game.actions:
            self.game, _ = Game.replay(self.game.initial_settings, self.game.seed, self.game.actions, self.game.data)
        try:
            return self.autosave()
        except OSError as exc:
            return self._save_in_temporary_folder(exc)

    def _save_in_temporary_folder(self, exc: OSError) -> Path:
        """Where the autosave cannot be written (a full or read-only disk) as the program ends unasked, there is
        nobody to ask before quitting: the game is saved in the system's temporary folder rather than lost (a kill
        lost the whole game). Raises ``exc`` when that cannot be written either, or in a browser (whose player
        could never load it from there)."""
        if browser_session_dir() is not None:
            raise exc
        folder = Path(tempfile.gettempdir())
        stem = f"{rescue_prefix(saves_dir())}{safe_filename(self.game_id)[:16] or 'game'}"  # (the title's R finds it)
        # a new file only, never one there already (another game rescued at once, an earlier rescue, a link planted
        # in a folder every user may write: followed, it wrote the save over another file)
        for path in (folder / f"{stem}{'' if n == 1 else f'-{n}'}.json" for n in range(1, RESCUE_NAMES + 1)):
            if os.path.lexists(path):
                continue
            try:
                written = write_save(self.game, path, name=path.stem, game_id=self.game_id, players=self.played_by(),
                                     orders=self.orders(), new=True, seen=self.seen_at)
                break
            except FileExistsError:
                continue
            except OSError:
                raise exc from None
        else:
            raise exc
        self.notes.append(f"the autosave could not be written ({write_problem(exc)}): the game is saved in the "
                          "temporary folder instead, which the system may empty: R on the title resumes it; save it "
                          "elsewhere")
        return written

    def autosave_if_new_phase(self) -> bool:
        """Autosave once at each new phase; raises OSError when the autosave cannot be written."""
        key = (self.game.turn, self.game.phase)
        if not self.game.actions:  # nothing played yet: the last game's autosave is worth more than this one
            return False
        if key == self._saved_phase:
            return False
        self._saved_phase = key
        self.autosave()
        return True

    def save(self, name: str) -> Path:
        """Save under the player's name (save_name_problem says whether it may be used); raises OSError."""
        path, orders = save_path(name), self.orders()
        written = write_save(self.game, path, name=path.stem if path.parent != saves_dir() else name,
                             game_id=self.game_id, players=self.played_by(), orders=orders, seen=self.seen_at)
        # it holds the game as far as it goes now: quitting with nothing new asks nothing, even where the
        # autosave cannot be written (the very case a save typed as a path elsewhere is for)
        self.saved_in, self._saved_actions, self._saved_orders = written, len(self.game.actions), orders
        return written


def answers_a_choice_made(p: Prompt) -> bool:
    """Is this the defender's choice (support, a level) in a fight whose attacker has made his? Nothing he could
    learn from it is of use to the attacker, whose choices are made and whose result comes next (hot-seat: the
    keyboard passes with a note; each fight had cost two hand-overs; found by a helper). Not a coastal defence's, whose
    answer may stand for the day's later landings."""
    defending = isinstance(p, StrategyPrompt) and p.role == "defence" or isinstance(p, SupportPrompt) and p.defensive
    return defending and not coastal_defence(p)


def coastal_defence(p: Prompt) -> bool:
    """Is this a coastal defence's choice of level against a landing (the German's, in every round)?"""
    return isinstance(p, StrategyPrompt) and p.landing is not None and p.role == "defence"


def beachhead_course(game: Game, uid: str) -> list[int]:
    """The directions that sail a formation at sea to a beachhead marker of its own nation where it can land: the
    nearest with a landing position free, ties to the west; from one marker, the next such one east (round to the
    first). Each is an ordinary move at sea; [] when none is in reach of its moves left, or the amphibious pool
    cannot pay for its landing (``sail_refused`` says which): B sailed to full beaches and burned nine of ten moves."""
    unit = game.unit(uid)
    if unit.status != view.AFLOAT or view.amphibious_cost(game, uid) > game.pools.amphibious:
        return []
    here = view.position_of(unit)
    routes = sea_routes(game, here, unit.ocean_steps)
    markers = [b for b in game.data.map.beaches
               if b.nation == game.spec(uid).nation and game.beaches[b.name].marker_intact and b.marker in routes]
    open_ = [b for b in markers if room_to_land(game, uid, b)]
    on = [b.marker for b in markers]
    if here in on:  # B again: the next marker with room (the map lists the beaches west to east)
        after = markers[on.index(here) + 1:] + markers[:on.index(here)]
        chosen = next((b for b in after if b in open_), None)
    else:
        chosen = min(open_, key=lambda b: (len(routes[b.marker]), markers.index(b)), default=None)
    return routes[chosen.marker] if chosen is not None else []


def sail_refused(game: Game, uid: str) -> str:
    """Why B has no course for a formation at sea (``beachhead_course`` gave none), in a sentence short enough for
    the question's panel at 80x24 (the first, longer one was cut after a line), with no pronoun for the unit (the
    2nd and 5th Ranger Battalions are a plural)."""
    unit = game.unit(uid)
    cost, pool = view.amphibious_cost(game, uid), game.pools.amphibious
    if cost > pool:
        return f"Landing needs {cost} amphibious supply; the pool has {pool}: not this turn."
    if unit.ocean_steps <= 0:
        return "No moves at sea left this phase."
    here = view.position_of(unit)
    routes = sea_routes(game, here, unit.ocean_steps)
    markers = [b for b in game.data.map.beaches if b.nation == game.spec(uid).nation
               and game.beaches[b.name].marker_intact and b.marker in routes]
    if any(b.marker == here and room_to_land(game, uid, b) for b in markers):
        return "No other beachhead marker in reach has room: land here, with the keys below."
    full = [b.name for b in markers if b.marker != here]
    left = plural(unit.ocean_steps, "move")
    if full:
        return f"No room at a marker in reach ({left} at sea; {', '.join(full)} full): move a unit off, or sail with 1-6."
    return f"No beachhead marker in reach ({left} at sea): sail with 1-6."


def sea_routes(game: Game, start: Hex, steps: int) -> dict[Hex, list[int]]:
    """The ocean positions within ``steps`` moves of ``start``, each with the shortest way there."""
    m = game.data.map
    routes: dict[Hex, list[int]] = {start: []}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if len(routes[h]) >= steps:
            continue
        for d in range(1, 7):
            n = neighbour(h, d)
            if n not in routes and m.grid.on_map(n) and not m.is_land(n):
                routes[n] = routes[h] + [d]
                queue.append(n)
    return routes


def room_to_land(game: Game, uid: str, beach: Beach) -> bool:
    """A position to land on from the marker, as the engine's landing rules take it (view.landing_refused): one of
    its beach's free, or for rangers and commandos any land beside it; a depot, once the beach is cleared, on one
    of its beach's with no depot and no enemy (a combat unit of its own side may hold it)."""
    m = game.data.map
    spec = game.spec(uid)
    positions = beach.positions
    if spec.is_depot:
        return view.beach_cleared(game, beach) and any(
            game.depot_at(h) is None and (held is None or game.side_of(held) == spec.side)
            for h in positions for held in [game.occupant(h)])
    if spec.lands_anywhere:
        positions = tuple(neighbour(beach.marker, d) for d in range(1, 7))
    return any(m.grid.on_map(h) and m.is_land(h) and game.occupant(h) is None for h in positions)


def think(player: Player, game: Game) -> Action | Exception | None:
    """What a computer player chooses for ``game``, or the exception it raised. Run in a thread on a copy of the
    game that nothing else touches, it leaves the game being shown alone."""
    try:
        choice: Action = player.choose(game)
        return choice
    except Exception as exc:  # noqa: BLE001 - given to take_choice, which says so and answers safely; logged, and
        if strict_players():  # raised under the tests and with OVERLORD_STRICT_PLAYERS=1, as a player's own guard does
            raise
        log.exception("the computer %s's choice failed", game.prompt.side)
        return exc


def hint(game: Game, player: str, memory: AdviceMemory) -> Advice | Exception:
    """A hint for ``game``'s question: ``player``'s answer and why (overlord.ai.advice), or why there is none. Run
    in a thread on a copy of the game that nothing else touches; the game being played is left alone."""
    try:
        return advise(game, player, memory)
    except NoAdvice as exc:  # no hint for this question: said on the question's line
        return exc
    except Exception as exc:  # noqa: BLE001 - a hint's failure never ends the game: logged, said on the question's
        if strict_players():  # line; raised under the tests and with OVERLORD_STRICT_PLAYERS=1, like a player's own
            raise
        log.exception("the hint of %s failed", player)
        return exc


PATH_BEGINS = ("~/", "./", "../", "~" + os.sep, "." + os.sep, ".." + os.sep)  # how a typed path begins
A_USERS_HOME = re.compile(r"~[^/\\]+[/\\]")  # ~alice/...


def path_like(name: str) -> bool:
    """Is a save's name typed as a path ("~/games/normandy", "/mnt/usb/d-day", "./x"), not a plain name ("6/6 beach")?"""
    return name.startswith(PATH_BEGINS) or os.path.isabs(name) or A_USERS_HOME.match(name) is not None


def typed_path(name: str) -> Path | None:
    """A save's name typed as a path ("~/games/normandy", "/mnt/usb/d-day.json"), where the saves folder cannot be
    written: the file it names (.json added). None for a plain name ("6/6 beach" is one: a path begins as one
    does), and always in a browser (``overlord serve`` never shows nor writes the server's other folders).
    ValueError, in words, for a path that names no file ("~/", "/tmp/"), another user's home that is not there,
    or a control character."""
    if browser_session_dir() is not None or not path_like(name):
        return None
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise ValueError("A path cannot hold control characters.")
    try:
        path = Path(name).expanduser()
    except RuntimeError:  # ~nobody/x
        raise ValueError(f"There is no user's home {printable(name.split('/')[0], 40)} on this computer.") from None
    if name.endswith(("/", os.sep)) or path.name in ("", ".", ".."):
        raise ValueError("Name the file after its folder too (such as ~/normandy).")
    path = Path(os.path.abspath(path))  # (where it is, whatever the folder the game runs in: "saved in
    # ../../../tmp/x.json" was said of a relative path; found by a helper)
    return path if path.suffix.lower() == ".json" else path.with_name(f"{path.name}.json")


def save_path(name: str) -> Path:
    """The file a name typed for a save is written to (save_name_problem has said it may be used)."""
    try:
        typed = typed_path(name)
    except ValueError:
        typed = None
    return typed or saves_dir() / f"{safe_filename(name)}.json"


def save_name_problem(name: str) -> str | None:
    """Why a name typed for a save cannot be used, or None."""
    try:
        path = typed_path(name)
    except ValueError as exc:
        return str(exc)
    if path is not None:
        try:
            if not path.parent.is_dir():
                return f"There is no folder {printable(str(path.parent), 60)} to save in."
        except OSError as exc:
            return f"{printable(str(path.parent), 60)} cannot be looked in ({exc.strerror or exc})."
        if not safe_filename(path.stem):
            return "A save's name needs a letter or a digit."
        if _same_folder(path.parent, saves_dir()) and is_autosave_slot(path):
            return f"{path.stem!r} is kept for the game's own autosaves; choose another name."
        return None
    stem = safe_filename(name)
    if not stem:
        return "A save's name needs a letter or a digit."
    if is_autosave_slot(Path(f"{stem}.json")):
        return f"{stem!r} is kept for the game's own autosaves; choose another name."
    return None


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
