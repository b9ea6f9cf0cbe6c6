"""A client of a host (``overlord host``): join a game with a link, see it, answer when it is your move.

    online = await OnlineGame.join("http://127.0.0.1:8765/play/0123456789abcdef#TOKEN")
    online.role                  # "allied", "german" or "spectator"
    online.game                  # the game as this role may see it: an engine Game the screens and the
                                 # computer players read as they read a local one
    await online.wait_for_move() # until it is this side's move, or the game is over
    await online.act(action)     # answer; Refused(reason) if the host refuses it (the game unchanged)
    online.update.events         # what the last action caused, as engine events
    await online.close()

``online.game`` is rebuilt from the state the host sent (``protocol.public_state``): it has no seed and no
generator of the real game. It gets a dummy seed of its own, so that whatever reads it works as on a local game;
the computer players only draw from copies they reseed from their own seed (``Game.clone(reseed=...)``), so
they play the same with it. What they cannot do online is read the game's record of actions: the Allied ai's
reading of the German (allied_commander.learn) finds no record and keeps its first guess.

Everything is async (aiohttp); ``on_update`` callbacks let a front end hear of each new state as it comes.
The HTTP calls (create a game, list a player's games, fetch a finished game's save) are functions below.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import attrs

from ..engine.actions import Action
from ..engine.data import GameData, cached_data
from ..engine.events import Event
from ..engine.game import RULES_EDITION, Game
from ..engine.records import FrozenRecord
from ..engine.serialize import settings_to_dict
from ..engine.settings import Settings
from . import protocol
from .protocol import Link, ProtocolError, local_game

__all__ = ["Disconnected", "Link", "OnlineGame", "Refused", "Update", "create_game", "fetch_save", "list_games",
           "local_game"]
MAX_INCOMING = 16 * 1024 * 1024  # the host's messages carry the whole state (about 30 KB) and the events
TIMEOUT = aiohttp.ClientTimeout(total=30)
BACKLOG = 64  # the updates next_update keeps for whoever reads them (the oldest are let go past these)


class Refused(Exception):
    """The host refused a message (its one-line reason is the exception's text); ``again``: for now only (the
    side's seats full, an answer the host could not store), so the same link may be let in later; ``wait``: the
    seconds after which the same message may be sent again (over the side's rate)."""

    def __init__(self, reason: str, again: bool = False, wait: float | None = None) -> None:
        super().__init__(reason)
        self.again, self.wait = again, wait


def refusal(message: dict[str, Any]) -> Refused:
    """The host's refusal as an exception (its wait only when a number of seconds, as the host sends it)."""
    wait = message.get("wait")
    wait = float(wait) if isinstance(wait, (int, float)) and not isinstance(wait, bool) and 0 <= wait <= 60 else None
    return Refused(str(message.get("reason", "refused")), again=message.get("again") is True, wait=wait)


class Disconnected(Exception):
    """The connection to the host is closed."""


@attrs.frozen(repr=False, eq=False)
class Update(FrozenRecord):
    """One state of the game as the host sent it: after ``at`` actions, ``to_answer`` (a side, or "none" once
    the game is over) to answer ``prompt``; ``events`` are what the last action caused."""

    at: int
    turn: str
    phase: str
    to_answer: str
    over: bool
    prompt: Mapping[str, Any]
    state: Mapping[str, Any]
    events: tuple[Event, ...]

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> Update:
        try:
            return cls(at=message["at"], turn=message["turn"], phase=message["phase"],
                       to_answer=message["to_answer"], over=message["over"], prompt=message["prompt"],
                       state=message["state"],
                       events=tuple(protocol.event_from_dict(e) for e in message["events"]))
        except (KeyError, TypeError) as exc:
            raise ProtocolError(f"an update without {exc}") from None


class OnlineGame:
    """A connection to one game on a host, for one role (see the module's docstring)."""

    def __init__(self, link: Link, ws: aiohttp.ClientWebSocketResponse, session: aiohttp.ClientSession,
                 own_session: bool, welcome: Mapping[str, Any], first: Update, data: GameData) -> None:
        self.link = link
        self.role: str = welcome["role"]
        self.limits: Mapping[str, Any] = welcome.get("limits", {})
        self.orders: Mapping[str, Any] = welcome.get("orders", {})  # this side's standing orders on the host
        self.update = first
        self.data = data
        self.on_update: list[Callable[[Update], None]] = []  # called with each new update, in the client's loop
        # the sides with a player connected, as the host last said (None: it has not, or an older host never does)
        self.connected: frozenset[str] | None = None
        self.screens: dict[str, int] = {}  # side -> its connections now (the host's presence message)
        self.on_presence: list[Callable[[], None]] = []  # called when the host says who is connected
        self.close_reason: str | None = None
        # joined with ``since``: the events of each action after it, with the number of actions played after each
        self.missed: list[tuple[int, tuple[Event, ...]]] = []
        self._ws, self._session, self._own_session = ws, session, own_session
        self._game: Game | None = None
        self._game_at = -1
        self._updates: asyncio.Queue[Update] = asyncio.Queue()
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._changed = asyncio.Condition()
        self._acting = asyncio.Lock()
        self._reader = asyncio.ensure_future(self._read())
        # the host's rate limit, kept to from this side (a little under it): a computer player answers far faster
        self._rate = 0.9 * float(self.limits.get("per_second", protocol.RATE))
        self._burst = max(1.0, float(self.limits.get("burst", protocol.BURST)) - 1)
        self._tokens, self._stamp = self._burst, time.monotonic()

    @classmethod
    async def join(cls, link: Link | str, session: aiohttp.ClientSession | None = None,
                   data: GameData | None = None, since: int | None = None) -> OnlineGame:
        """Connect with a link; Refused if the host will not let this link in. ``since``: the number of actions
        this player had seen when they left; ``missed`` then holds what happened after (as far as the host
        keeps it: the last 1,000 actions)."""
        link = link if isinstance(link, Link) else Link.parse(link)
        data = data or cached_data()
        own = session is None
        session = session or aiohttp.ClientSession(timeout=TIMEOUT)
        try:
            try:
                ws = await session.ws_connect(link.socket_url, max_msg_size=MAX_INCOMING, heartbeat=30.0)
                await ws.send_str(protocol.encode(protocol.hello(link.token, since)))
                welcome = await asyncio.wait_for(_receive(ws), TIMEOUT.total)
                if welcome.get("rules") != RULES_EDITION or welcome.get("data") != data.fingerprint:
                    raise Refused("the host plays another edition of the game's rules or data: install the same "
                                  "version")
                history = await asyncio.wait_for(_receive(ws), TIMEOUT.total) if since is not None else {"actions": []}
                first = Update.from_message(await asyncio.wait_for(_receive(ws), TIMEOUT.total))
            except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
                raise unreachable(link.base, exc) from None
        except BaseException:
            if own:
                await session.close()
            raise
        online = cls(link, ws, session, own, welcome, first, data)
        online.missed = [(entry["at"], tuple(protocol.event_from_dict(e) for e in entry["events"]))
                         for entry in history["actions"]]
        return online

    # ------------------------------------------------------------------ what the client sees
    @property
    def game(self) -> Game:
        """The game as of the last update, as this role may see it (rebuilt once per update)."""
        if self._game is None or self._game_at != self.update.at:
            self._game = local_game(self.update.state, self.data)
            self._game_at = self.update.at
        return self._game

    @property
    def at(self) -> int:
        return self.update.at

    @property
    def over(self) -> bool:
        return self.update.over

    @property
    def to_answer(self) -> str:
        return self.update.to_answer

    @property
    def my_move(self) -> bool:
        return not self.update.over and self.update.to_answer == self.role

    @property
    def closed(self) -> bool:
        return self.close_reason is not None

    # ------------------------------------------------------------------ playing
    async def act(self, action: Action, at: int | None = None) -> Update:
        """Answer the prompt; returns the update that follows. Refused (one line) if the host refuses it. ``at``:
        the position the answer was chosen at (the actions played then), so that the host refuses it once the
        game has moved on (another screen of the side answered, standing orders did); the newest heard of if
        not given."""
        async with self._acting:
            self._check_open()
            await self._send(protocol.encode(protocol.act(self.update.at if at is None else at, action)))
            reply = await self._reply()
            if reply.get("type") == "refused":
                raise refusal(reply)
            at = int(reply.get("at", 0))
            async with self._changed:
                await self._changed.wait_for(lambda: self.update.at >= at or self.closed)
            self._check_open()
            return self.update

    async def set_orders(self, orders: Mapping[str, Any]) -> Mapping[str, Any]:
        """Give this side's standing orders (they replace the last; ``{}`` withdraws them): the host answers with
        them for this side from now on (overlord/online/orders.py). Returns them as the host keeps them."""
        reply = await self.send_raw(protocol.encode({"type": "orders", "orders": dict(orders)}))
        if reply.get("type") == "refused":
            raise refusal(reply)
        self.orders = reply.get("orders", {})
        return self.orders

    async def send_raw(self, text: str) -> dict[str, Any]:
        """Send any text and return the host's reply to it (for tests and other clients' authors)."""
        async with self._acting:
            self._check_open()
            await self._send(text)
            return await self._reply()

    async def next_update(self) -> Update:
        """Wait for the next update (each is handed out once, in order)."""
        while True:
            self._check_open()
            getter = asyncio.ensure_future(self._updates.get())
            closing = asyncio.ensure_future(self._wait_closed())
            done, _ = await asyncio.wait({getter, closing}, return_when=asyncio.FIRST_COMPLETED)
            closing.cancel()
            if getter in done:
                return getter.result()
            getter.cancel()

    async def wait_for_move(self) -> Update:
        """Wait until it is this side's move or the game is over; returns the update as it then stands."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.my_move or self.over or self.closed)
        if not self.my_move and not self.over:
            self._check_open()
        return self.update

    async def close(self) -> None:
        self._reader.cancel()
        await self._ws.close()
        if self._own_session:
            await self._session.close()
        self.close_reason = self.close_reason or "closed by this client"

    # ------------------------------------------------------------------ the connection
    async def _read(self) -> None:
        try:
            async for msg in self._ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                message = json.loads(msg.data)
                kind = message.get("type")
                if kind == "update":
                    await self._take(Update.from_message(message))
                elif kind in ("accepted", "refused"):
                    self._replies.put_nowait(message)
                elif kind == "presence" and isinstance(message.get("connected"), list):
                    self.connected = frozenset(str(side) for side in message["connected"])
                    counts = message.get("screens")  # (a host of before it: none)
                    self.screens = {str(k): v for k, v in counts.items() if isinstance(v, int) and not
                                    isinstance(v, bool)} if isinstance(counts, dict) else {}
                    for heard in list(self.on_presence):
                        heard()
        finally:
            self.close_reason = self.close_reason or closed_because(self._ws.close_code)
            async with self._changed:
                self._changed.notify_all()
            self._replies.put_nowait({"type": "closed"})

    async def _take(self, update: Update) -> None:
        self.update = update
        if self._updates.qsize() >= BACKLOG:
            self._updates.get_nowait()
        self._updates.put_nowait(update)
        for listener in list(self.on_update):
            listener(update)
        async with self._changed:
            self._changed.notify_all()

    async def _send(self, text: str) -> None:
        await self._pace()
        try:
            await self._ws.send_str(text)
        except (ConnectionError, aiohttp.ClientError) as exc:  # the host went away as this was sent
            self.close_reason = self.close_reason or f"the connection broke ({type(exc).__name__})"
            raise Disconnected(self.close_reason) from None

    async def _pace(self) -> None:
        """Wait, if need be, so as never to send faster than the host allows."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / self._rate)
            self._tokens, self._stamp = 1.0, time.monotonic()
        self._tokens -= 1

    async def _reply(self) -> dict[str, Any]:
        reply = await self._replies.get()
        if reply.get("type") == "closed":
            self._replies.put_nowait(reply)  # for whoever waits next
            raise Disconnected(self.close_reason)
        return reply

    async def _wait_closed(self) -> None:
        async with self._changed:
            await self._changed.wait_for(lambda: self.closed)

    def _check_open(self) -> None:
        if self.closed:
            raise Disconnected(self.close_reason)


# Why a connection ended, in a player's words, by its WebSocket close code (RFC 6455; the host's own in host.py)
CLOSED_BECAUSE = {1000: "the host ended it", 1001: "the host is stopping", 1006: "the connection broke off",
                  1008: "the host refused what was sent", 1009: "a message too large for the host",
                  1011: "the host met an error"}


def closed_because(code: int | None) -> str:
    """Why the host's connection ended, for a player: "the connection broke off (1006)"."""
    return f"{CLOSED_BECAUSE.get(code or 1006, 'the host closed the connection')} ({code or 1006})"


async def _receive(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The host's next message; Refused if it is a refusal, Disconnected if the connection ends."""
    msg = await ws.receive()
    if msg.type != aiohttp.WSMsgType.TEXT:
        raise Disconnected(closed_because(ws.close_code))
    message: dict[str, Any] = json.loads(msg.data)
    if message.get("type") == "refused":
        raise refusal(message)
    return message


# --------------------------------------------------------------------------- HTTP
async def create_game(url: str, settings: Settings, tokens: Mapping[str, str] | None = None) -> dict[str, Link]:
    """Create a game on the host at ``url``; returns a link for each role (allied, german, spectator), made of
    ``url`` as given (so the links lead where ``url`` does)."""
    base = protocol.base_url(url)
    body = {"settings": settings_to_dict(settings), "tokens": dict(tokens or {})}
    answer = await _http("POST", f"{base}/api/games", json_body=body)
    game, tokens = answer.get("game"), answer.get("tokens")
    if not (isinstance(game, str) and protocol.GAME_ID_PATTERN.fullmatch(game) and isinstance(tokens, dict)
            and all(protocol.valid_token(tokens.get(role)) for role in protocol.ROLES)):
        raise ProtocolError(f"{base}: not an Overlord host (it did not answer with a game and its tokens)")
    return {role: Link(base, game, tokens[role]) for role in protocol.ROLES}


async def list_games(url: str, token: str) -> list[dict[str, Any]]:
    """The games a token opens on the host at ``url``, and whose move it is in each."""
    answer = await _http("GET", f"{protocol.base_url(url)}/api/games", token=token)
    games = answer.get("games")
    if not isinstance(games, list) or not all(isinstance(g, dict) and GAME_SUMMARY <= set(g)
                                              and all(isinstance(g[k], str) for k in ("game", "role", "scenario", "turn"))
                                              for g in games):
        raise ProtocolError(f"{url[:80]}: not an Overlord host (it did not answer with a list of games)")
    return games


GAME_SUMMARY = {"game", "role", "scenario", "turn", "over", "your_move", "to_answer"}  # what `online games` prints


async def fetch_save(link: Link | str) -> dict[str, Any]:
    """The save of a finished game (the host gives it only once the game is over)."""
    link = link if isinstance(link, Link) else Link.parse(link)
    return await _http("GET", f"{link.base}/api/games/{link.game}/save", token=link.token)


def unreachable(url: str, exc: BaseException) -> ProtocolError:
    """A host that could not be reached, in a player's words rather than the library's ("Cannot connect to host
    127.0.0.1:1 ssl:default [Connect call failed ...]")."""
    where = urlsplit(url).netloc
    if isinstance(exc, aiohttp.ClientSSLError):
        return ProtocolError(f"{where} does not answer in TLS (an https:// address for a host that speaks http://?)")
    if isinstance(exc, aiohttp.WSServerHandshakeError):
        return ProtocolError(f"{where} answers, but not as an Overlord host with this game (HTTP {exc.status}): is "
                             "the link the one the host gave?")
    if isinstance(exc, asyncio.TimeoutError):
        return ProtocolError(f"{where} took the connection but answered nothing in {TIMEOUT.total:.0f} s: is it an "
                             "Overlord host, and not overloaded?")
    if isinstance(exc, (aiohttp.ClientResponseError, aiohttp.ServerDisconnectedError, aiohttp.ClientPayloadError)):
        return ProtocolError(f"{where} answers, but not as an Overlord host (not HTTP, or it hung up at once): are the "
                             "address and port right?")
    return ProtocolError(f"no Overlord host answers at {where}: is it running, and are the address and port right?")


async def _http(method: str, url: str, json_body: Any = None, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
        try:
            async with session.request(method, url, json=json_body, headers=headers) as response:
                try:
                    answer = await response.json(content_type=None)
                except ValueError:
                    answer = None
        except aiohttp.InvalidURL as exc:  # (an address urlsplit takes and aiohttp does not)
            raise ProtocolError(f"not a host's address: {url[:80]!r} ({exc})") from None
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            raise unreachable(url, exc) from None
        if not isinstance(answer, dict):
            raise ProtocolError(f"{url}: not an Overlord host (HTTP {response.status})")
        if response.status >= 400:
            raise Refused(str(answer.get("error", f"HTTP {response.status}")))
        return answer
