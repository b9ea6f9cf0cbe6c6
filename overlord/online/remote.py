"""A hosted game played from here (``overlord join``): a Session whose other side answers elsewhere; or, with the
spectators' link, watched: both sides answer elsewhere, and it sees what the German sees (nothing hidden the
Allies choose before it is played).

The host (online/host.py) keeps the game and draws every die; this client has only the game as its side may see
it (client.py's ``local_game``: no seed, the other side's hidden choices taken out). So nothing here ever applies
an action to that game: an answer is sent to the host (``apply``), and the game moves on only when the host's
update comes in. Each update is one action, by either side; the turn controller takes them one at a time
(turns.Arrived: ``take_arrival``), so that the log, the combat cards and the reports between turns are made of
the host's events as a local game makes them of the engine's. Meanwhile it waits (turns.Waiting: "waiting for
the German player", or for the host's answer to ours).

What a local session does and this one does not: write saves (the host keeps the game, every action as it is
played, and a save needs the seed, which only the host has), computer players of the other side (it is a person,
or a bot the host serves, anyway elsewhere), hot-seat. The player's standing orders (a landing fought on, the
coastal defences' answer) are kept and answered here, as in a local game: each of their answers is sent as the
player's own.

A connection that drops (a network's blip, a host restarted) only pauses the game: the session joins again with
the same link, the host's memory of what was played meanwhile coming in as one arrival, until the host refuses
the link (a game it no longer has) or the player leaves.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from pathlib import Path

import aiohttp
import attrs

from ..engine.actions import Action, Support
from ..engine.events import Event
from ..engine.game import Game, IllegalAction
from ..engine.prompts import StrategyPrompt, SupportPrompt
from ..session import Session
from ..words import ARMY
from .client import Disconnected, OnlineGame, Refused, Update, local_game
from .protocol import ProtocolError

SIDE_NAMES = {"allied": "Allied", "german": "German"}
# Seconds between the attempts to join again after the connection dropped, the last one repeated until it works
RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
# What an attempt to join again may meet that another attempt may not (a host not yet back, a network still down)
PASSING = (ProtocolError, Disconnected, ValueError, aiohttp.ClientError, OSError, asyncio.TimeoutError)


class PlayedOnHost(list[Action]):
    """A hosted game's record of actions as a client has it: how many the host has played (what tells one
    position from the next: a question's number fields, a hint's or a thought's position), not which ones (the
    host keeps those; what reads them here, the score at each turn's start, finds none); but the last, when it was
    this screen's own answer (``last``; None when it was not, or is not known): a hint taken is followed by the
    player that gave it (ai/advice.py's ``AdviceMemory.follow``), which looks for it there."""

    def __init__(self, played: int, last: Action | None = None) -> None:
        super().__init__()
        self.played = played
        self.last = last

    def __len__(self) -> int:
        return self.played

    def __getitem__(self, index):  # type: ignore[no-untyped-def]  # (list's overloads: an index or a slice)
        if isinstance(index, int) and self.played and index in (-1, self.played - 1):
            return self.last
        return super().__getitem__(index)


class RemoteSession(Session):
    """One side of a hosted game (the module's docstring), through a client joined to it (``OnlineGame``).
    An answer is played when the host's update comes in: steps given at once (G, B) go as a ``March``.

    ``wake`` is called (in the client's event loop) whenever there is news for the front end: an update come in,
    an answer taken or refused (``refusal``, one line), the connection lost (``lost``, while ``rejoining``) or
    back (``rejoined`` counts the times)."""

    retry_delays = RETRY_DELAYS
    plays_at_once = False

    def __init__(self, online: OnlineGame) -> None:
        self.online = online
        self.role: str = online.role
        self.update = online.update  # the last update taken into the game
        super().__init__(self._game_of(online.update), game_id=online.link.game)
        if online.missed:  # joined again: the log from where the host's memory of the game starts, not from now
            self.log = [event for _, events in online.missed for event in events]
        self.asks_players = False  # the host's game was set up when it was created
        self.inbox: deque[Update] = deque()  # updates come in, not yet taken into the game
        self.sending: Action | None = None  # the player's answer, on its way to the host
        self.sent: dict[int, Action] = {}  # the player's answers by the number of actions played before each
        self.last_action: Action | None = None  # the last action taken in, when it was the player's
        self.refusal: str | None = None  # the host's reason for refusing the last answer, until the screen says it
        self.lost: str | None = None  # why the connection to the host ended (None while it stands)
        self.rejoining = False  # the connection lost, joining again (else the host refused the link: ``lost`` says)
        self.rejoined = 0  # how many times the connection dropped and was made again
        self.other_screens = 0  # the other connections of this side now: the link in another window, or shared
        self.screens_at_join: int | None = None  # the side's other screens as the host first told them (None: not yet)
        self.wake: Callable[[], None] = lambda: None
        self._sender: asyncio.Task[None] | None = None
        online.on_update.append(self._received)
        online.on_presence.append(self._heard_presence)
        self._watcher = asyncio.ensure_future(self._watch())

    def _game_of(self, update: Update) -> Game:
        game = local_game(update.state, self.online.data)
        game.actions = PlayedOnHost(update.at)
        return game

    def copy_of_game(self) -> Game:
        """As a local game's, with the record as this screen has it: how many actions, and its own last one (a
        game's copy gave an empty record: a hint taken was never followed by the player that gave it, which planned
        each step afresh and sent the 4th Infantry back the way it came; found by a helper)."""
        twin = self.game.clone()
        twin.actions = PlayedOnHost(len(self.game.actions), self.last_action)
        return twin

    # ------------------------------------------------------------------ who plays
    def is_computer(self, side: str) -> bool:
        return False  # the other side is a person, or a computer player the host serves: either way, elsewhere

    def played_here(self, side: str) -> bool:
        return side == self.role

    @property
    def watches_only(self) -> bool:
        return self.role not in SIDE_NAMES  # (the spectators' link)

    def sees_allied_support(self) -> bool:
        return self.role == "allied"  # (the host shows it to no one else before the fight)

    @property
    def hot_seat(self) -> bool:
        return False

    @property
    def humans(self) -> list[str]:
        """The side played at this keyboard (the other is a person, or a computer player, elsewhere)."""
        return [self.role] if self.role in ("allied", "german") else []

    def who_plays_words(self) -> str:
        if self.role not in ("allied", "german"):
            return "You watch a game kept by a host."
        # (the help's keys below are a local game's: it said Ctrl+Q saved to autosave.json, and nothing was saved)
        return (f"You command the {ARMY[self.role]} in a game kept by a host, against whoever plays the other side's "
                "link (a person, or a computer player the host serves). The host keeps it: nothing is saved here "
                "(Ctrl+S, Ctrl+O and the autosave are for games of your own), and Ctrl+Q leaves it; overlord join "
                "with your link comes back to it.")

    def _ours(self) -> bool:
        """The player answers the question now: it is his side's, and the game here is the host's latest."""
        return not self.inbox and self.sending is None and self.lost is None and not self.game.over \
            and self.game.prompt.side == self.role

    @property
    def human_to_move(self) -> bool:
        return self._ours() and super().human_to_move

    def answered_by_computer(self) -> bool:
        return self._ours() and super().answered_by_computer()  # (the coastal defences' answer left to it)

    def standing_action(self) -> Action | None:
        if not self._ours():
            return None
        p = self.game.prompt
        if isinstance(self.coastal_answer, int) and isinstance(p, StrategyPrompt) and p.landing is not None \
                and p.role == "defence":
            # the level went to the host's standing orders too (the app's coastal_answer_given), and the host answers
            # with them before this side is asked: an answer sent from here as well came second and was refused, "the
            # game has moved on", a line left on the German's screen all D-Day (found by a helper)
            return None
        return super().standing_action()

    def new_round(self) -> bool:
        p = self.game.prompt
        if isinstance(p, SupportPrompt):
            return p.landing is not None
        return isinstance(p, StrategyPrompt) and p.landing is not None and p.role == "attack" \
            and not isinstance(self.last_action, Support)

    # ------------------------------------------------------------------ the host's news
    def waiting(self) -> str | None:
        if self.game.over or self.inbox:
            return None
        if self.lost is not None and self.rejoining:
            return "the connection to the host is lost: joining it again"
        if self.lost is not None:
            return "the host refused to let this link in again: Ctrl+Q leaves"
        if self.sending is not None:
            return "your answer is on its way to the host"
        side = self.game.prompt.side
        if side == self.role:
            return None
        away = self.online.connected is not None and side not in self.online.connected
        # (a player gone away, told apart from one thinking: the host keeps the game until they come back)
        return f"waiting for the {SIDE_NAMES.get(side, side)} player" + (" (not connected now)" if away else "")

    def _heard_presence(self) -> None:
        if self.online.connected is not None:
            if self.role in SIDE_NAMES:
                self.other_screens = max(0, self.online.screens.get(self.role, 1) - 1)
                if self.screens_at_join is None:
                    self.screens_at_join = self.other_screens
            self.wake()

    def arriving(self) -> bool:
        return bool(self.inbox)

    def take_arrival(self) -> list[Event]:
        update = self.inbox.popleft()
        asked = self.game.prompt
        self.last_action = self.sent.pop(update.at - 1, None)
        self.update, self.game = update, self._game_of(update)
        events = list(update.events)  # (a fight's support, hidden from the German until it, comes in its result)
        self.record(asked, self.last_action, events)
        return events

    def _received(self, update: Update) -> None:
        if update.at > self.update.at and all(update.at > u.at for u in self.inbox):
            self.inbox.append(update)
            self.wake()

    async def _watch(self) -> None:
        """Hear the connection end, and join again (the updates themselves come through ``_received``)."""
        while True:
            online = self.online
            try:
                while True:
                    await online.next_update()
            except Disconnected as exc:
                self.connection_lost(online, str(exc))
            if self.game.over or not await self._join_again():  # (a game over has nothing more to come)
                return

    def connection_lost(self, online: OnlineGame, reason: str) -> None:
        """``online``, the connection to the host, has ended (nothing if it is not the present one any more)."""
        if online is self.online and self.lost is None:
            self.lost, self.rejoining = reason, True
            self.wake()

    async def _join_again(self) -> bool:
        """Join the game again with the same link, as often as it takes; False if the host refuses the link."""
        attempt = 0
        while True:
            await asyncio.sleep(self.retry_delays[min(attempt, len(self.retry_delays) - 1)])
            attempt += 1
            try:
                online = await OnlineGame.join(self.online.link, data=self.online.data, since=self.update.at)
            except Refused as exc:
                if exc.again:  # the side's seats are full for now (connections the host has not yet seen drop)
                    continue
                self.lost, self.rejoining = str(exc), False
                self.wake()
                return False
            except PASSING:
                continue
            old, self.online = self.online, online
            await old.close()
            online.on_update.append(self._received)
            online.on_presence.append(self._heard_presence)
            unsent = self.sent.get(self.update.at)  # the answer on its way as the connection dropped, if any
            self.sent = {at: action for at, action in self.sent.items() if at >= online.update.at}
            if online.update.at > self.update.at:  # played while away: one arrival, with every action's events
                missed = tuple(event for _, events in online.missed for event in events)
                self._received(attrs.evolve(online.update, events=missed))
            elif online.update.at < self.update.at:  # the host's game is older than the one seen here: it is the game
                behind = self.update.at - online.update.at
                self.inbox.clear()
                self.sent, self.update, self.game = {}, online.update, self._game_of(online.update)
                self.refusal = (f"The host's game is {behind} actions behind the one you saw (the host was restored "
                                "from an older copy): play goes on from the host's.")
            elif unsent is not None:  # the same position: the answer never reached the host
                self.sent.pop(self.update.at, None)
                self.refusal = "Your answer did not reach the host before the connection dropped: answer again."
            self.lost, self.rejoining = None, False
            self.rejoined += 1
            self.wake()
            return True

    def coastal_order(self) -> int | str | None:
        """The level the host answers landings with (its standing orders: they answer before this side is
        asked), else this side's own answer."""
        coastal = self.online.orders.get("coastal")
        return coastal if isinstance(coastal, int) else self.coastal_answer

    # ------------------------------------------------------------------ answering
    def apply(self, action: Action) -> list[Event]:
        """Send the player's answer to the host. Nothing is played here, so no events: the game moves on when
        the host's update comes in; if the host refuses it, ``refusal`` says why and the game is as it was."""
        if not self._ours():
            raise IllegalAction(self.waiting() or "it is not your move")
        self.sending, self.refusal = action, None
        self.sent[self.update.at] = action
        self._sender = asyncio.ensure_future(self._send(action, self.update.at))
        return []

    async def _send(self, action: Action, at: int) -> None:
        """Send the answer given at ``at`` (the position the player saw), refused by the host if the game has
        moved on since."""
        online = self.online
        try:
            await online.act(action, at)
        except Refused as exc:
            self.sent.pop(at, None)
            self.refusal = str(exc)
        except Disconnected as exc:  # (played or not, the host's update says once joined again)
            self.connection_lost(online, str(exc))
        finally:
            self.sending = None
            self.wake()

    async def close(self) -> None:
        """Leave the game (the host keeps it; the same link joins it again)."""
        self._watcher.cancel()
        await self.online.close()

    # ------------------------------------------------------------------ no saves here: the host keeps the game
    def autosave(self, avoid: Path | None = None) -> Path | None:
        return None

    def autosave_if_new_phase(self) -> bool:
        return False

    def rescue(self, fault: bool) -> Path | None:
        return None

    def save(self, name: str) -> Path:
        raise OSError("a hosted game is kept by its host, which gives its save once the game is over")
