"""``overlord host``: a server that keeps games and their dice (aiohttp: HTTP to create and list games, a
WebSocket per player's connection for play). docs/online.md documents what it says and why.

The host holds each game as the engine's ``Game`` and draws every die; a client only ever gets the state
``protocol.public_state`` makes of it. Every answer is checked by the engine: an illegal one is refused in one
line and the game is untouched. An accepted one is written to the store before anyone hears of it; then every
connection of the game gets the new state and the events, as data.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
import sqlite3
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs
import cattrs
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.abc import AbstractAccessLogger

from ..engine.data import cached_data
from ..engine.events import Event
from ..engine.game import RULES_EDITION, Game, IllegalAction
from ..engine.rng import SEED_LIMIT
from ..engine.serialize import settings_from_dict
from ..engine.setup import check_preset
from ..engine.settings import Settings
from ..plaintext import printable
from . import orders as standing
from . import protocol
from .protocol import ROLES, SIDES, ProtocolError, one_line, token_hash
from .storage import Storage, StoredGame

log = logging.getLogger("overlord.host")
MAX_GAMES = 1000  # games a host keeps before it refuses new ones (each about 0.3 MB in memory once loaded)
# connections to one game at once, by role: each side's player on a few screens, and spectators apart, so that
# the spectators' link (the one most widely shared) can never take the players' seats (16 in all)
MAX_CONNECTIONS = {"allied": 4, "german": 4, "spectator": 8}
OUTBOX = 256  # messages waiting for a client that does not read: past these it is let go
HARD_MESSAGE = 4 * protocol.MAX_MESSAGE  # past this aiohttp closes the connection itself (1009)
RECENT = 1000  # actions whose events a game keeps for a player who comes back (hello's "since")
STRIKES = 3  # bursts' worth of messages refused for coming too fast, before the connection is closed


@attrs.define(eq=False)
class Bucket:
    """The rate limit of one side of a game (or its spectators), shared by all its connections:
    ``rate`` messages a second on average, ``burst`` at once. Shared, and kept while the game is, so that
    closing a connection and opening another does not refill it (one per connection let a client flood at
    4,000 messages a second by reconnecting)."""

    rate: float
    burst: int
    tokens: float = 0.0
    stamp: float = attrs.field(factory=time.monotonic)

    def __attrs_post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@attrs.define(eq=False)
class Connection:
    """One client's WebSocket, for one role of one game, with its own queue of messages to send."""

    ws: web.WebSocketResponse
    role: str
    bucket: Bucket
    strikes: int = 0  # its messages refused for coming too fast
    outbox: asyncio.Queue[str | None] = attrs.field(factory=lambda: asyncio.Queue(OUTBOX))

    def send(self, text: str) -> None:
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # it does not read: let it go rather than keep everything for it
            asyncio.ensure_future(self.ws.close(code=1008, message=b"too far behind: reconnect"))

    def finish(self) -> None:
        """Close the connection once what is queued for it has been sent."""
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            asyncio.ensure_future(self.ws.close(code=1008, message=b"too far behind: reconnect"))

    async def pump(self) -> None:
        while True:
            text = await self.outbox.get()
            if self.ws.closed:
                return
            if text is None:
                await self.ws.close(code=1008, message=b"refused")
                return
            await self.ws.send_str(text)


@attrs.define(eq=False)
class Hosted:
    """A game the host has in memory: the engine's game, who may play it, and who is connected."""

    stored: StoredGame
    game: Game
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    connections: set[Connection] = attrs.field(factory=set)
    orders: dict[str, Mapping[str, Any]] = attrs.field(factory=dict)  # each side's standing orders (orders.py)
    buckets: dict[str, Bucket] = attrs.field(factory=dict)  # each role's rate limit
    # the events of the last RECENT actions, by the number of actions played after each
    recent: deque[tuple[int, list[Event]]] = attrs.field(factory=lambda: deque(maxlen=RECENT))

    def played(self, events: list[Event]) -> None:
        self.recent.append((len(self.game.actions), events))

    def since(self, at: int, role: str) -> list[dict[str, Any]]:
        """The events ``role`` may hear of, of each action after the first ``at``, as far as they are kept."""
        return [{"at": n, "events": [protocol.event_to_dict(e) for e in protocol.events_for(events, role)]}
                for n, events in self.recent if n > at]

    def role_of(self, token: str) -> str | None:
        """The role a token opens here, compared in constant time with every seat's hash."""
        hashed = token_hash(token)
        found = None
        for role, seat in self.stored.seats.items():
            if protocol.same_hash(hashed, seat):
                found = role
        return found


# What a game's record in the store may raise when it is damaged (an action that is not JSON or not legal where it
# stands, rows out of order): the game is refused, in one line, rather than a traceback at every attempt to join
DAMAGED = (ValueError, TypeError, KeyError, IllegalAction, sqlite3.DatabaseError)


def damaged(game_id: str, exc: BaseException) -> ProtocolError:
    log.error("game %s: its record in the store is damaged (%s: %s)", game_id, type(exc).__name__, exc)
    return ProtocolError(f"game {game_id}'s record on this host is damaged ({type(exc).__name__}): it cannot be "
                         "played on; the host's log says more")


class Host:
    def __init__(self, storage: Storage, rate: float = protocol.RATE, burst: int = protocol.BURST,
                 max_games: int = MAX_GAMES) -> None:
        self.storage = storage
        self.rate, self.burst, self.max_games = rate, burst, max_games
        self.games: dict[str, Hosted] = {}
        self.data = cached_data()

    def app(self) -> web.Application:
        app = web.Application(client_max_size=protocol.MAX_MESSAGE, middlewares=[json_errors])
        app.router.add_get("/api", self.info)
        app.router.add_post("/api/games", self.create)
        app.router.add_get("/api/games", self.list_games)
        app.router.add_get("/api/games/{game}/save", self.save)
        app.router.add_get("/api/games/{game}/socket", self.socket)
        app.router.add_get(protocol.PLAY_PATH + "{game}", self.play_page)
        app.on_shutdown.append(self._going_away)
        return app

    async def _going_away(self, app: web.Application) -> None:
        """The host stops: every client is told so at once (1001, going away), not kept waiting through the
        server's grace period. The games are in the store; the players' apps join again once it is back."""
        for hosted in list(self.games.values()):
            for conn in list(hosted.connections):
                await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"the host is stopping")

    # ------------------------------------------------------------------ the games
    def hosted(self, game_id: str) -> Hosted | None:
        """The game, replayed from the store the first time it is asked for since the host started."""
        found = self.games.get(game_id)
        if found is None and protocol.GAME_ID_PATTERN.fullmatch(game_id):
            try:
                stored = self.storage.load_game(game_id)
            except DAMAGED as exc:
                raise damaged(game_id, exc) from None
            if stored is None:
                return None
            if stored.rules != RULES_EDITION or stored.data != self.data.fingerprint:
                raise ProtocolError(f"game {game_id} was begun under another edition of the rules or data: "
                                    "this host cannot play it on")
            try:
                found = Hosted(stored, Game.new(stored.settings, stored.seed, self.data), orders=dict(stored.orders))
                found.played(found.game.opening_events)
                for action in stored.actions:  # Game.replay, keeping each action's events
                    found.played(found.game.apply(action))
            except DAMAGED as exc:
                raise damaged(game_id, exc) from None
            self.games[game_id] = found
        return found

    def new_game(self, settings: Settings, tokens: dict[str, str]) -> str:
        game_id = secrets.token_hex(8)
        seed = secrets.randbelow(SEED_LIMIT)  # the host's own: no player chooses or ever sees it before the end
        seats = {role: token_hash(token) for role, token in tokens.items()}
        stored = StoredGame(game_id, settings, seed, seats, RULES_EDITION, self.data.fingerprint, (), time.time())
        game = Game.new(settings, seed, self.data)  # (first: a game that cannot begin is never stored)
        self.storage.create_game(stored)
        hosted = self.games[game_id] = Hosted(stored, game)
        hosted.played(hosted.game.opening_events)
        log.info("game %s created (%s)", game_id, settings.scenario)
        return game_id

    # ------------------------------------------------------------------ HTTP
    async def info(self, request: web.Request) -> web.Response:
        return web.json_response({"protocol": protocol.PROTOCOL, "rules": RULES_EDITION,
                                  "data": self.data.fingerprint, "limits": self.limits()})

    def limits(self) -> dict[str, Any]:
        return {"message_bytes": protocol.MAX_MESSAGE, "per_second": self.rate, "burst": self.burst}

    async def create(self, request: web.Request) -> web.Response:
        """POST /api/games {"settings": {...}, "tokens": {"allied": T, ...}}: a new game and a token per role."""
        try:
            body = await request.json()
            settings, tokens = _new_game_request(body)
            # (Settings cannot check a preset: a made-up one stored a game that could not begin, and answered 500)
            check_preset(self.data, settings.preset)
        except RecursionError:  # (JSON nested deeper than Python reads)
            return _error(400, "not a game to create: not JSON")
        except (ValueError, TypeError, ProtocolError, cattrs.BaseValidationError) as exc:
            return _error(400, f"not a game to create: {_first_error(exc)}")
        except web.HTTPRequestEntityTooLarge:
            return _error(413, f"a request is at most {protocol.MAX_MESSAGE} bytes")
        if self.storage.count_games() >= self.max_games:
            return _error(503, "this host keeps as many games as it may: none can be created now")
        game_id = self.new_game(settings, tokens)
        return web.json_response({"game": game_id, "tokens": tokens}, status=201)

    async def list_games(self, request: web.Request) -> web.Response:
        """GET /api/games with "Authorization: Bearer TOKEN": the games that token opens and whose move it is."""
        token = _bearer(request)
        if token is None:
            return _error(401, "say which player you are: Authorization: Bearer <token>")
        out = []
        for game_id, role in self.storage.games_of(token_hash(token)):
            hosted = self._hosted_or_none(game_id)
            if hosted is not None:
                out.append(_summary(hosted, role))
        return web.json_response({"games": out})

    async def save(self, request: web.Request) -> web.Response:
        """GET /api/games/{game}/save with a token of the game: the save, once the game is over (not before: it
        holds the seed)."""
        hosted, role = self._authorised(request)
        if hosted is None or role is None:
            return _error(404, "no such game for this token")
        if not hosted.game.over:
            return _error(409, "the game is not over: its save holds the dice, and is given out only at the end")
        from ..saves import to_document
        return web.json_response(to_document(hosted.game, game_id=hosted.stored.id))

    async def play_page(self, request: web.Request) -> web.Response:
        return web.Response(text="This is a link to an Overlord game. Play your side with the game installed:\n\n"
                                  "    overlord join '<this link, with everything after the #>'\n\n"
                                  "On a computer others use too, keep it out of the process list:\n\n"
                                  "    OVERLORD_JOIN_LINK='<this link>' overlord join\n\n"
                                  "(With the spectators' link, `overlord join` watches the game.)\n")

    def _authorised(self, request: web.Request) -> tuple[Hosted | None, str | None]:
        token = _bearer(request)
        if token is None:
            return None, None
        try:
            return self.opened(request.match_info["game"], token)
        except ProtocolError as exc:
            log.warning("%s", exc)
            return None, None

    def opened(self, game_id: str, token: str) -> tuple[Hosted | None, str | None]:
        """The game and the role a token opens. The store is asked whether the token opens the game before the
        game is replayed from it: a game's id is in every link (the spectators' too, the most widely shared),
        and knowing it must not be enough to make a host load a game and keep it in memory."""
        if game_id not in self.games and all(g != game_id for g, _ in self.storage.games_of(token_hash(token))):
            return None, None
        hosted = self.hosted(game_id)
        return hosted, hosted.role_of(token) if hosted is not None else None

    def _hosted_or_none(self, game_id: str) -> Hosted | None:
        try:
            return self.hosted(game_id)
        except ProtocolError as exc:
            log.warning("%s", exc)
            return None

    # ------------------------------------------------------------------ the WebSocket
    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=HARD_MESSAGE, heartbeat=30.0)
        await ws.prepare(request)
        hosted, role, since = await self._hello(ws, request.match_info["game"])
        if hosted is None or role is None:
            await ws.close(code=1008, message=b"refused")
            return ws
        most = MAX_CONNECTIONS.get(role, 0)
        if sum(c.role == role for c in hosted.connections) >= most:
            await _refuse_and_close(ws, f"this game has {most} {role} connections already", again=True)
            return ws
        conn = Connection(ws, role, hosted.buckets.setdefault(role, Bucket(self.rate, self.burst)))
        pump = asyncio.ensure_future(conn.pump())
        hosted.connections.add(conn)
        try:
            conn.send(protocol.encode({"type": "welcome", "protocol": protocol.PROTOCOL, "game": hosted.stored.id,
                                       "role": role, "rules": RULES_EDITION, "data": self.data.fingerprint,
                                       "limits": self.limits(), "orders": hosted.orders.get(role, {})}))
            if since is not None:
                conn.send(protocol.encode({"type": "history", "since": since, "actions": hosted.since(since, role)}))
            conn.send(protocol.encode(update(hosted, role, [])))
            tell_presence(hosted)
            await self._serve(hosted, conn)
        finally:
            hosted.connections.discard(conn)
            tell_presence(hosted)
            conn.finish()
            try:  # what was queued for it goes out first (its refusals, the last update)
                await asyncio.wait_for(pump, 5.0)
            except (asyncio.TimeoutError, ConnectionError):
                pump.cancel()
        return ws

    async def _hello(self, ws: web.WebSocketResponse, game_id: str) -> tuple[Hosted | None, str | None, int | None]:
        """The first message must be a hello with the token of a role of this game."""
        try:
            msg = await ws.receive(timeout=protocol.HELLO_SECONDS)
            message = protocol.decode_client(msg.data if msg.type == WSMsgType.TEXT else None, first=True)
            hosted, role = self.opened(game_id, message["token"])
        except asyncio.TimeoutError:
            await _refuse(ws, "no hello: a connection says who it is first")
            return None, None, None
        except ProtocolError as exc:
            await _refuse(ws, str(exc))
            return None, None, None
        if hosted is None or role is None:
            await _refuse(ws, f"this token opens no game {game_id[:16]} on this host")
            return None, None, None
        return hosted, role, message.get("since")

    async def _serve(self, hosted: Hosted, conn: Connection) -> None:
        async for msg in conn.ws:
            if msg.type == WSMsgType.ERROR:
                break
            if not conn.bucket.take():
                conn.strikes += 1
                if conn.strikes > STRIKES * self.burst:
                    conn.send(protocol.encode(protocol.refused("a flood of messages: connection closed")))
                    return
                conn.send(protocol.encode(protocol.refused(  # (a moment's wait: the side's other screens share it)
                    f"too many messages: at most {self.rate:g} a second ({self.burst} at once)",
                    wait=round(1 / self.rate, 3))))
                continue
            try:
                message = protocol.decode_client(msg.data if msg.type == WSMsgType.TEXT else None)
                if message["type"] == "hello":
                    raise ProtocolError("hello once, at the start")
                if message["type"] == "orders":
                    await self._orders(hosted, conn, message["orders"])
                else:
                    await self._act(hosted, conn, message["at"], message["action"])
            except (ProtocolError, IllegalAction) as exc:
                conn.send(protocol.encode(protocol.refused(str(exc))))

    async def _act(self, hosted: Hosted, conn: Connection, at: int, action: Any) -> None:
        async with hosted.lock:
            game = hosted.game
            if conn.role not in SIDES:
                raise ProtocolError("spectators watch: they do not play")
            if game.over:
                raise ProtocolError("the game is over")
            if at > len(game.actions):
                raise ProtocolError(f"no such position yet: {len(game.actions)} actions played, not {at}")
            if at < len(game.actions):
                raise ProtocolError(f"the game has moved on: {len(game.actions)} actions played, not {at} (answered "
                                    "meanwhile: by another screen of this side, or its standing orders)")
            if game.prompt.side != conn.role:
                raise ProtocolError(f"it is the {game.prompt.side.capitalize()} player's move, not yours")
            events = game.apply(action)  # IllegalAction: refused, nothing changed
            hosted.played(events)
            self._keep(hosted, at, action)
            conn.send(protocol.encode({"type": "accepted", "at": at + 1}))
            self.broadcast(hosted, events)
            self._follow_orders(hosted)

    async def _orders(self, hosted: Hosted, conn: Connection, given: Any) -> None:
        """A side's standing orders: kept, told back to it alone, and followed at once if they answer."""
        async with hosted.lock:
            if conn.role not in SIDES:
                raise ProtocolError("spectators give no orders")
            orders = standing.check_orders(given, conn.role)
            if orders != hosted.orders.get(conn.role):  # the same orders again are not written again
                self.storage.set_orders(hosted.stored.id, conn.role, orders)
                hosted.orders[conn.role] = orders
            conn.send(protocol.encode({"type": "accepted", "at": len(hosted.game.actions), "orders": orders}))
            self._follow_orders(hosted)

    def _follow_orders(self, hosted: Hosted) -> None:
        """Answer for the side asked while its standing orders answer (on its own view of the game)."""
        game = hosted.game
        while not game.over:
            side = str(game.prompt.side)
            orders = hosted.orders.get(side)
            if not orders or not standing.answerable(game.prompt):
                return
            action = standing.standing_answer(orders, protocol.local_game(protocol.public_state(game.state, side),
                                                                          self.data))
            if action is None:
                return
            at = len(game.actions)
            try:
                events = game.apply(action)
            except IllegalAction:  # the side's view asks what the game asks: this would be a bug, so ask the side
                log.exception("game %s: a standing order's answer was refused", hosted.stored.id)
                return
            hosted.played(events)
            self._keep(hosted, at, action)
            self.broadcast(hosted, events)

    def _keep(self, hosted: Hosted, at: int, action: Any) -> None:
        """Store the action the game just took, before anyone hears of it."""
        try:
            self.storage.add_action(hosted.stored.id, at, action)
        except Exception:
            self._lose(hosted)  # the game in memory is ahead of the store: forget it, it replays from the store
            raise

    def broadcast(self, hosted: Hosted, events: list[Event]) -> None:
        """The new state (as each role may see it) and the events, to every connection of the game."""
        texts: dict[str, str] = {}  # each text written once for the roles that see alike
        for conn in list(hosted.connections):
            key = protocol.sight(hosted.game.state, events, conn.role)
            text = texts.get(key)
            if text is None:
                text = texts[key] = protocol.encode(update(hosted, conn.role, events))
            conn.send(text)

    def _lose(self, hosted: Hosted) -> None:
        log.error("game %s: an action could not be stored; the game is reloaded from the store", hosted.stored.id)
        self.games.pop(hosted.stored.id, None)
        for conn in list(hosted.connections):
            # (for now only: joined again, the game replays from the store; a bot took a refusal for good as its fault)
            asyncio.ensure_future(_refuse_and_close(conn.ws, "the host could not store that action: reconnect",
                                                    again=True))


def update(hosted: Hosted, role: str, events: list[Event]) -> dict[str, Any]:
    """The game as ``role`` may see it, after ``events``."""
    game = hosted.game
    prompt = game.prompt
    return {"type": "update", "game": hosted.stored.id, "at": len(game.actions), "turn": game.turn_label,
            "phase": str(game.phase), "to_answer": str(prompt.side), "over": game.over,
            "prompt": protocol.prompt_to_dict(prompt), "state": protocol.public_state(game.state, role),
            "events": [protocol.event_to_dict(e) for e in protocol.events_for(events, role)]}


def connected(hosted: Hosted) -> list[str]:
    """The sides with a player connected now (a person's screen, or a bot), in the order of SIDES."""
    return [side for side, count in screens(hosted).items() if count]


def screens(hosted: Hosted) -> dict[str, int]:
    """How many connections each side has now (spectators not counted)."""
    return {side: sum(1 for c in hosted.connections if c.role == side) for side in SIDES}


def tell_presence(hosted: Hosted) -> None:
    """Every connection of the game hears which sides are connected, when one joins or leaves: a player waiting
    for the other's move could not tell a player thinking from one gone away (found by a helper); and how many
    screens each side has, so that a player learns of a second screen joined with his link (it got in unsaid)."""
    message = protocol.encode({"type": "presence", "connected": connected(hosted), "screens": screens(hosted)})
    for conn in list(hosted.connections):
        conn.send(message)


def _summary(hosted: Hosted, role: str) -> dict[str, Any]:
    game = hosted.game
    side = str(game.prompt.side)
    return {"game": hosted.stored.id, "role": role, "scenario": game.settings.scenario, "turn": game.turn_label,
            "phase": str(game.phase), "at": len(game.actions), "over": game.over, "to_answer": side,
            "your_move": side == role, "connected": connected(hosted)}


def _new_game_request(body: Any) -> tuple[Settings, dict[str, str]]:
    """The settings and the tokens of a request to create a game; a token not given is made here."""
    if not isinstance(body, dict) or set(body) - {"settings", "tokens"}:
        raise ProtocolError("a JSON object with \"settings\" and, if you keep your own, \"tokens\"")
    settings = settings_from_dict(body.get("settings", {}))
    given = body.get("tokens", {})
    if not isinstance(given, dict) or set(given) - set(ROLES) or not all(map(protocol.valid_token, given.values())):
        raise ProtocolError("\"tokens\" maps allied, german or spectator to a token of 16-128 letters, digits, - or _")
    tokens = {role: given.get(role) or protocol.new_token() for role in ROLES}
    if len(set(tokens.values())) < len(ROLES):
        raise ProtocolError("each role needs a token of its own")
    return settings, tokens


def _first_error(exc: BaseException) -> str:
    """The first of the errors cattrs gathers (it raises them as a group), in a line."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return str(exc)


def _bearer(request: web.Request) -> str | None:
    kind, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if kind.lower() == "bearer" and protocol.valid_token(token.strip()) else None


def _error(status: int, reason: str) -> web.Response:
    return web.json_response({"error": one_line(reason)}, status=status)


async def _refuse(ws: web.WebSocketResponse, reason: str, again: bool = False) -> None:
    if not ws.closed:
        await ws.send_str(protocol.encode(protocol.refused(reason, again)))


async def _refuse_and_close(ws: web.WebSocketResponse, reason: str, again: bool = False) -> None:
    await _refuse(ws, reason, again)
    await ws.close(code=1008, message=b"refused")


@web.middleware
async def json_errors(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
    """The API's errors are JSON, as its own are ({"error": "one line"}), also those aiohttp gives itself (no such
    path, a method not allowed, a body too large), which are text; a 405 keeps its Allow header."""
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400 or not request.path.startswith("/api") or exc.content_type == "application/json":
            raise
        allow = {"Allow": exc.headers["Allow"]} if "Allow" in exc.headers else None
        return web.json_response({"error": one_line(exc.reason)}, status=exc.status, headers=allow)


class AccessLog(AbstractAccessLogger):
    """Method, path and status only: never a query string or a header (a token could be in either). The path as
    decoded, each control code in it replaced ("%0a" would have begun a line of its own, "%1b" a terminal's escape)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, duration: float) -> None:
        self.logger.info("%s %s %s %d %.3fs", request.remote, request.method, printable(request.path, 300),
                         response.status, duration)

    @property
    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.INFO)


async def start(host: Host, address: str = "127.0.0.1", port: int = 0) -> tuple[web.AppRunner, str]:
    """Serve ``host`` at ``address``:``port`` (0: any free port); returns the runner and the URL it listens at."""
    runner = web.AppRunner(host.app(), access_log_class=AccessLog, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, address, port)
    await site.start()
    bound = runner.addresses[0]
    shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    return runner, f"http://{shown}:{bound[1]}"


async def serve_forever(host: Host, address: str, port: int, say: Callable[[str], None],
                        until: Callable[[], Awaitable[None]] | None = None) -> None:
    runner, url = await start(host, address, port)
    say(f"Overlord host at {url} (games kept in {getattr(host.storage, 'path', 'the store')})")
    try:
        if until is not None:
            await until()
        else:
            stop = asyncio.Event()
            why: list[str] = []

            def stopping(reason: str) -> None:
                why.append(reason)
                stop.set()
            # SIGTERM (a service manager's stop) and Ctrl+C end it alike: its clients told at once (1001), and the
            # person at the host told what became of the games (Ctrl+C printed only "^C"; found by a helper)
            try:
                loop = asyncio.get_running_loop()
                loop.add_signal_handler(signal.SIGTERM, stopping, "SIGTERM")
                loop.add_signal_handler(signal.SIGINT, stopping, "Ctrl+C")
            except (NotImplementedError, RuntimeError):  # (no signal handlers here: Windows, a thread's loop)
                pass
            await stop.wait()
            say(f"Overlord host stopping ({why[0]}): the games are kept in {getattr(host.storage, 'path', 'the store')}; "
                "`overlord host` with the same store serves them again, and the players' links still work")
    finally:
        await runner.cleanup()
