"""``overlord serve``: the game in a web browser, through textual-serve (the ``web`` extra).

textual-serve starts the game afresh, as its own process, for each websocket a browser opens. To give a
returning visitor (a reload, a new tab, a dropped connection) their own games back, the page gives each
browser a random visitor id in a cookie that scripts cannot read (HttpOnly) and other sites' pages do not
send (SameSite=Strict). The websocket reads it back and starts the game with that visitor's folder, named
by a hash of the id (``visitor_folder``): the id itself never becomes a path, and the folder names on the
server's disk do not give the ids away.

Because a game process takes some 45 MB, the server runs at most ``max_sessions`` of them at once, and it
starts them only for its own page: a browser always says which page opens a websocket (the Origin
header), and one from any other page is refused, so no other site open in the visitor's browser can
start games here (nor show the page inside its own: a frame's websocket would have our Origin). A program
that is not a browser sends no Origin and is let in: it could send whatever Origin it liked anyway, so
refusing it would protect nothing (the cap still holds it); but a websocket without a visitor id of the
page's form in its cookie is refused, so that a browser that never had the page makes no folder. The server
does not remember the ids it gave: a program may make one up in their form and is then a visitor like any
other (a helper did: it got a folder of its own, and nobody else's games), held by the cap on games running,
its folder removed once unused for ``keep_days``.

A game ends, and saves, however its page goes: a closed tab or a dropped connection tells it to quit; a
game that does not quit then (its input lost) is hung up; a page that sends no key for IDLE_MINUTES
closes it. The page's messages are kept to a sane size (MESSAGE_MAX, STDIN_MAX keys, and TERMINAL_SIZE for a
resize). A page reloaded waits for its last game to save and end (``own_games_closed``): it is neither counted
against the cap nor offered a position older than the one being saved.

The visitors' folders are removed once unused for ``keep_days`` days: at start and, at most once an hour,
when a game starts; never one whose game is running.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from asyncio.subprocess import Process
from collections import Counter
from collections.abc import Awaitable, Callable, Container
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from . import userdirs, words

TITLE = "Overlord: Battle for Normandy"
COOKIE = "overlord_visitor"
VISITOR_ID = re.compile(r"[A-Za-z0-9_-]{43}")  # what secrets.token_urlsafe(32) gives: 256 random bits
# the folders a server has made: a visitor's (its id's hash), and the fresh ones game processes made before
# there were visitor ids (userdirs makes one still for a process given no visitor)
OUR_FOLDER = re.compile(r"[0-9a-f]{64}|\d{8}-\d{6}-\w+")
LOOPBACK = {"localhost", "127.0.0.1", "::1"}
WILDCARD_HOSTS = {"0.0.0.0", "::", ""}
DAY = 24 * 60 * 60
TERMINAL_SIZE = range(10, 1001)  # columns or lines a browser may ask for; anything else gets the default
MESSAGE_MAX = 64 * 1024  # bytes of one message from a page (keys typed or pasted, a resize): far more than a page sends
# characters of one message's keys passed on to the game: a paste of 60,000 kept it busy half a minute, and the quit
# of a tab closed meanwhile waited behind them (the longest thing a player types, a save's name, is 60)
STDIN_MAX = 1_000
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"  # a browser's paste, bracketed (the game asks for it)
# an escape sequence whole at its start: CSI (ESC [ ... final byte), SS3 (ESC O and one), or ESC and one character
WHOLE_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|O.|[^\[O])", re.DOTALL)
IDLE_MINUTES = 60  # a game whose page has sent no key for this long is saved and closed (its slot freed)
IDLE_MINUTES_JOINED = 6 * 60  # the same for a hosted game's side (serve --join), whose player may wait long for a move
STOP_WAIT = 15.0  # seconds a game is given to save and end once told to quit, then again once hung up
RELOAD_WAIT = 2 * STOP_WAIT  # the most a reloaded page waits for its last game to save and end (told, then hung up)
CLEAN_EVERY = 60 * 60  # seconds between two clean-ups of the unused folders (each reads the whole folder)
KEEP_DAYS_MAX = 400  # the longest a browser keeps a cookie (the visitor's id): a folder kept longer is unreachable

# textual-serve's page says "Session ended." when the game's connection closes: for a quit, a reload or a
# dropped connection alike. The visitor is told how to get their game back instead.
SESSION_ENDED = "Session ended."
GAME_CLOSED = ("The game has closed. Anything played in it is saved on the server for this browser: "  # (a game the full server
               "press Restart, then R on the title, to go on with it.")  # refused at its websocket had nothing)
GAME_LEFT = "You left the hosted game; its host keeps it: press Restart to join it again."  # (serve --join)

log = logging.getLogger("overlord.web")
T = TypeVar("T")


def game_words(joins: bool = False) -> list[str]:
    """The program and arguments that start one game: this Python, so the game served is this installed copy
    (``joins``: one that joins the hosted game of JOIN_LINK)."""
    return [sys.executable, "-m", "overlord"] + (["join"] if joins else [])


def game_command(joins: bool = False) -> str:
    """The same as one shell command (as textual-serve shows it)."""
    words = game_words(joins)
    return subprocess.list2cmdline(words) if os.name == "nt" else shlex.join(words)


# textual-serve's page has no title (the tab read "127.0.0.1:8000/") and fetches its font from Google's servers at
# every visit (none on a network without the internet): the page gets ours, and the font textual-serve ships
FONT_LINK = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/?>')
STATIC_URL = re.compile(r'href="([^"]*)css/xterm\.css"')
SHIPPED_FONT = "fonts/RobotoMono-VariableFont_wght.ttf"


# the tab's icon, in the page itself (the browser asked /favicon.ico and got a 404): the phosphor theme's green O
ICON = ("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' "
        "height='16' fill='%23000'/><text x='8' y='13' font-size='14' font-family='monospace' font-weight='bold' "
        "text-anchor='middle' fill='%2333ff66'>O</text></svg>")


def our_page(page: str) -> str:
    """textual-serve's page with the game's title and icon, and its font from this server's own files."""
    page = page.replace("<head>", f'<head>\n    <title>{TITLE}</title>\n    <link rel="icon" href="{ICON}">', 1)
    static = STATIC_URL.search(page)
    if static is not None:
        font = (f'<style>@font-face {{ font-family: "Roboto Mono"; '
                f'src: url("{static.group(1)}{SHIPPED_FONT}") format("truetype"); }}</style>')
        page = FONT_LINK.sub(lambda _: font, page, count=1)
    return page


def visitor_folder(visitor_id: str) -> str:
    """The name of a visitor's folder: a hash of their id, so no id is ever a path or read off the disk."""
    return hashlib.sha256(visitor_id.encode()).hexdigest()


def origin_key(url: str) -> tuple[str, str, int] | None:
    """The scheme, host and port of a URL or Origin header, as browsers compare them; None if it is none."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:  # a port that is not a number, or a malformed address
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or (443 if parts.scheme == "https" else 80)


def same_origin(origin: str, public_url: str) -> bool:
    """Does a websocket's Origin header name this server's own page? A server on this computer's own
    address is the same page under each of its names (localhost, 127.0.0.1, [::1]); no other site's
    name can be one of those, so a page that only resolves to this computer (DNS rebinding) is refused."""
    theirs, ours = origin_key(origin), origin_key(public_url)
    if theirs is None or ours is None:
        return False
    if ours[1] in LOOPBACK and theirs[1] in LOOPBACK:
        return theirs[0] == ours[0] and theirs[2] == ours[2]
    return theirs == ours


def touch(folder: Path) -> None:
    """Make a visitor's folder if need be and mark it used now (its time of change is its last use)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
    except OSError as exc:  # the game process will say what it cannot save; the server carries on
        log.warning("overlord: cannot use the folder %s (%s)", folder, exc.strerror or exc)


def forget_old_folders(root: Path, keep_days: int, in_use: Container[str],
                       now: float | None = None) -> list[str]:
    """Remove each visitor's folder under ``root`` not used for ``keep_days`` days, except those in use;
    return their names. Only folders the server made are touched (never a link, a file or another name)."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:  # no folder yet (nothing to remove), or one that cannot be read (said when a game starts)
        return []
    for entry in entries:
        try:
            if (not OUR_FOLDER.fullmatch(entry.name) or entry.name in in_use
                    or not entry.is_dir(follow_symlinks=False)
                    or now - entry.stat(follow_symlinks=False).st_mtime < keep_days * DAY):
                continue
            shutil.rmtree(entry.path)
        except OSError as exc:
            log.warning("overlord: cannot remove the unused folder %s (%s)", entry.path, exc.strerror or exc)
            continue
        removed.append(entry.name)
    return removed


def keys_kept(keys: str) -> str:
    """A message's keys cut to STDIN_MAX, never inside an escape sequence, and a paste cut short still closed:
    the end of a bracketed paste cut off left the game taking every later key as pasted (found by a helper)."""
    if len(keys) <= STDIN_MAX:
        return keys
    kept = keys[:STDIN_MAX]
    last = kept.rfind("\x1b")
    if last != -1 and not WHOLE_ESCAPE.match(kept, last):
        kept = kept[:last]  # (a sequence cut in two would run into the next key)
    if kept.rfind(PASTE_START) > kept.rfind(PASTE_END):
        kept += PASTE_END
    return kept


def quietly(send: Callable[[T], Awaitable[None]]) -> Callable[[T], Awaitable[None]]:
    """A send to the page that does nothing once the page is gone: the game's output is still read (and
    dropped), so the game never stops on a full pipe before it has been told to quit and has saved."""
    async def sent(data: T) -> None:
        try:
            await send(data)
        except (ConnectionError, RuntimeError):  # (aiohttp: "Connection lost", or a websocket closing)
            pass
    return sent


class VisitorGame(AppService):
    """One game process, told which visitor's folder it saves in; started without a shell (its process is the
    game's own), and made to end when it does not quit when told."""

    def __init__(self, folder_name: str, words: list[str], *, write_bytes: Callable[[bytes], Awaitable[None]],
                 write_str: Callable[[str], Awaitable[None]], close: Callable[[], Awaitable[None]],
                 download_manager: DownloadManager, debug: bool = False) -> None:
        super().__init__(shlex.join(words), write_bytes=quietly(write_bytes), write_str=quietly(write_str),
                         close=close, download_manager=download_manager, debug=debug)
        self.folder_name = folder_name
        self.words = words

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment: dict[str, str] = super()._build_environment(width, height)
        environment[userdirs.BROWSER_VISITOR] = self.folder_name
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.words, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width=width, height=height))
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """textual-serve's, and then the page closed: a game that ended without saying so (killed, or crashed) left
        its page frozen on its last screen, and its place on the server taken (found by a helper)."""
        try:
            await super().run()
        finally:
            await self.remote_close()
            await self._reap()

    async def _reap(self) -> None:
        """Wait for the game's process to end once its output has (textual-serve's run does not): a process left
        to end after the server's loop had closed put a traceback in the server's log ("Event loop is closed",
        from its transport's __del__; seen on a loaded machine)."""
        process = self._process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), STOP_WAIT)
            except asyncio.TimeoutError:
                pass  # (stop hangs it up and kills it)

    async def stop(self) -> None:
        """Tell the game to quit (it saves first) and wait for it; one that does not end in STOP_WAIT seconds
        (its input gone) is hung up, which saves it too, and one that still goes on is killed."""
        task, process = self._task, self._process
        if task is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(super().stop()), STOP_WAIT)
            return
        except asyncio.TimeoutError:
            pass
        if process is not None and process.returncode is None:
            log.warning("overlord: a game did not quit when told; it is hung up")
            hang_up: Callable[[], None] = functools.partial(process.send_signal, getattr(signal, "SIGHUP", signal.SIGTERM))
            for end in (hang_up, process.kill):
                try:
                    end()
                    await asyncio.wait_for(process.wait(), STOP_WAIT)
                    break
                except (ProcessLookupError, asyncio.TimeoutError):
                    continue
        try:
            await asyncio.wait_for(asyncio.shield(task), STOP_WAIT)  # (its output read to the end)
        except asyncio.TimeoutError:
            task.cancel()
        self._task = None


class GameServer(Server):
    """textual-serve's server, with a visitor id for each browser, a cap on the games running at once, the
    websocket's Origin checked, and old visitors' folders removed."""

    def __init__(self, *, sessions_root: Path, max_sessions: int, keep_days: int, host: str, port: int,
                 public_url: str | None, joins: bool = False) -> None:
        # serve --join: each page plays the side of a hosted game whose link is in the environment (JOIN_LINK)
        super().__init__(game_command(joins), host=host, port=port, title=TITLE, public_url=public_url)
        self.words = game_words(joins)
        self.closed_text = GAME_LEFT if joins else GAME_CLOSED
        self.cleaned = 0.0  # (time.monotonic) when the unused folders were last removed
        self.idle_minutes = IDLE_MINUTES_JOINED if joins else IDLE_MINUTES
        self.pages: set[web.WebSocketResponse] = set()  # the pages whose games run
        self.sessions_root = sessions_root
        self.max_sessions = max_sessions
        self.keep_days = keep_days
        self.running: Counter[str] = Counter()  # the games running, by the visitor folder they save in
        self.closing: Counter[str] = Counter()  # of those, the ones whose page has gone: saving, then ending
        self.stopped = 0  # the games running when the server was told to stop (each told to save and end)

    def initialize_logging(self) -> None:
        """textual-serve's logging, but for tracebacks: plain ones, without the values of their variables (a
        visitor's id among them would let whoever reads the log open that browser's saves)."""
        logging.basicConfig(level="DEBUG" if self.debug else "INFO", format="%(message)s")

    async def _make_app(self) -> web.Application:
        """textual-serve's application, its missing pages plain (``plain_not_found``)."""
        app = await super()._make_app()
        app.middlewares.append(self.plain_not_found)
        return app

    @web.middleware
    async def plain_not_found(self, request: web.Request,
                              handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """A page that is not there is a plain 404: a static file's came as application/octet-stream, and
        textual-serve listed its static folders (nothing secret, but nothing a player needs)."""
        if request.path == "/static" or request.path.startswith("/static/"):
            root = Path(self.statics_path).resolve()
            wanted = (root / request.path.removeprefix("/static").lstrip("/")).resolve()
            if not wanted.is_relative_to(root) or not wanted.is_file():
                raise web.HTTPNotFound(text="404: Not Found")
        try:
            return await handler(request)
        except web.HTTPNotFound as exc:
            if exc.content_type == "text/plain":
                raise
            raise web.HTTPNotFound(text="404: Not Found") from None

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stopping (Ctrl+C, SIGTERM): each page is told it is going away, so that its game is told to
        quit and saves at once (each waited out its connection's time, some 20 seconds, playing on meanwhile)."""
        self.stopped = len(self.pages)
        await asyncio.gather(*(page.close(code=1001, message=b"the server is stopping") for page in list(self.pages)),
                             return_exceptions=True)

    def forget_old_folders(self) -> list[str]:
        removed = forget_old_folders(self.sessions_root, self.keep_days, set(self.running))
        self.cleaned = time.monotonic()
        if removed:
            log.info("overlord: removed %d browser folder(s) unused for %d days", len(removed), self.keep_days)
        return removed

    async def clean_up_now_and_then(self) -> None:
        """The unused folders removed at most every CLEAN_EVERY seconds, in a thread (it reads every folder)."""
        if time.monotonic() - self.cleaned >= CLEAN_EVERY:
            self.cleaned = time.monotonic()
            await asyncio.get_running_loop().run_in_executor(None, self.forget_old_folders)

    async def own_games_closed(self, folder_name: str | None) -> None:
        """A page reloaded (or opened again) waits for its visitor's games still closing to save and end: at the
        cap, the game of the page just closed was counted against it ("the server is full" to the one player
        who filled it), and a game begun meanwhile was offered the position before the last one saved. At the cap
        it waits as well for a game of its visitor's still running: a browser closes the old page's websocket only
        once the new page has come."""
        deadline = time.monotonic() + RELOAD_WAIT
        while folder_name is not None and time.monotonic() < deadline and (
                self.closing[folder_name] or (self.full() and self.own_game_running(folder_name))):
            await asyncio.sleep(0.05)

    def full(self) -> bool:
        return sum(self.running.values()) >= self.max_sessions

    def own_game_running(self, folder_name: str | None) -> bool:
        return folder_name is not None and self.running[folder_name] > 0

    def refuse_when_full(self, folder_name: str | None = None) -> None:
        """Refuse a page or a game at the cap; not the page of a visitor whose own game holds a place (a reload:
        its websocket then waits for that game to end)."""
        if self.full() and not self.own_game_running(folder_name):
            log.warning("overlord: a game refused: %d are running, the most allowed (--max-sessions)",
                        self.max_sessions)
            raise web.HTTPServiceUnavailable(text=(
                f"This server is already running {words.plural(self.max_sessions, 'game')} at once, the most it allows. "
                "Reload the page to try again when one has ended.\n"))

    def give_cookie(self, response: web.StreamResponse, visitor_id: str) -> None:
        # renewed on every visit, and kept as long as the folder it leads to
        response.set_cookie(COOKIE, visitor_id, max_age=self.keep_days * DAY, path="/", httponly=True,
                            samesite="Strict", secure=self.public_url.startswith("https:"))

    @staticmethod
    def visitor_id(request: web.Request) -> str | None:
        """The visitor id in the request's cookie, if it holds one the server could have made."""
        cookie = request.cookies.get(COOKIE, "")
        return cookie if VISITOR_ID.fullmatch(cookie) else None

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page: refused with a message when the server is full; else textual-serve's, with the
        visitor's cookie (a new id for a browser without one), and never inside another site's page. Opened
        under another of this computer's names than the server's own (localhost for 127.0.0.1), it is sent to
        the server's own: the page's websocket goes there, and the cookie of another name would not. (Only then:
        behind a proxy the name asked may be the proxy's, and its port another.)"""
        ours = origin_key(self.public_url)
        asked = origin_key(f"{ours[0] if ours else 'http'}://{request.host}")
        if ours is not None and asked is not None and ours[1] in LOOPBACK and asked[2] == ours[2] and asked[1] != ours[1]:
            raise web.HTTPTemporaryRedirect(self.public_url + request.path_qs)
        visitor_id = self.visitor_id(request)
        folder_name = visitor_folder(visitor_id) if visitor_id is not None else None
        if not self.own_game_running(folder_name):  # (a reload's old page closes only after this page has come)
            await self.own_games_closed(folder_name)
        self.refuse_when_full(folder_name)
        response = await super().handle_index(request)
        if isinstance(response, web.Response) and response.text:
            response.text = our_page(response.text.replace(SESSION_ENDED, self.closed_text))
        self.give_cookie(response, visitor_id or secrets.token_urlsafe(32))
        response.headers["X-Frame-Options"] = "DENY"  # another site's page could otherwise frame this one: its
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"  # websocket has our Origin
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A browser's connection: its game, with the folder of the visitor in its cookie. textual-serve's
        own handler, but for the checks first and the visitor's folder."""
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, self.public_url):
            log.warning("overlord: a game refused to a page of another site (Origin %r)", origin[:200])
            raise web.HTTPForbidden(text=f"Games are started only from this server's own page, {self.public_url}\n")
        if not web.WebSocketResponse().can_prepare(request).ok:  # (a plain GET: no game, no folder, no traceback)
            raise web.HTTPBadRequest(text=f"This address is the game's WebSocket: open its page, {self.public_url}\n")
        visitor_id = self.visitor_id(request)
        folder_name = visitor_folder(visitor_id) if visitor_id is not None else None
        await self.own_games_closed(folder_name)
        self.refuse_when_full()
        if visitor_id is None or folder_name is None:  # the page gives every browser its id first: a folder is made
            raise web.HTTPForbidden(text=f"Open the game's page first: {self.public_url}\n")  # for no one else
        del visitor_id  # (not a variable of the frames below: a traceback never shows it)
        self.running[folder_name] += 1  # at once, before any await: the cap and the clean-up see it
        try:
            touch(self.sessions_root / folder_name)
            await self.clean_up_now_and_then()
            return await self.run_game(request, folder_name)
        finally:
            self.running[folder_name] -= 1
            if not self.running[folder_name]:
                del self.running[folder_name]
            touch(self.sessions_root / folder_name)  # its last use: now

    async def run_game(self, request: web.Request, folder_name: str) -> web.WebSocketResponse:
        """textual-serve's Server.handle_websocket (1.1), with the visitor's game, a sane terminal size and
        messages of a sane size."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_MAX)

        def size(name: str, default: int) -> int:
            value = request.query.get(name, "")
            return int(value) if re.fullmatch(r"[0-9]{1,4}", value) and int(value) in TERMINAL_SIZE else default

        async def close() -> None:  # (the websocket's close says whether it closed; the game's service asks no answer)
            await websocket.close()

        app_service: AppService | None = None
        self.pages.add(websocket)
        try:
            await websocket.prepare(request)
            app_service = VisitorGame(folder_name, self.words, write_bytes=websocket.send_bytes,
                                      write_str=websocket.send_str, close=close,
                                      download_manager=self.download_manager, debug=self.debug)
            await app_service.start(size("width", 80), size("height", 24))
            try:
                await self._process_messages(websocket, app_service)
            finally:
                self.closing[folder_name] += 1
                try:
                    await app_service.stop()
                finally:
                    self.closing[folder_name] -= 1
                    if not self.closing[folder_name]:
                        del self.closing[folder_name]
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            self.pages.discard(websocket)
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """The page's messages to its game (textual-serve's, 1.1): keys, a new size (kept to TERMINAL_SIZE),
        pings, focus. A page that sends no key for IDLE_MINUTES, or a message that is not the page's, ends the
        game (it is told to quit, and saves)."""
        idle_until = time.monotonic() + self.idle_minutes * 60
        while True:
            remaining = idle_until - time.monotonic()
            try:
                if remaining <= 0:  # (aiohttp reads a timeout of 0 as none at all)
                    raise asyncio.TimeoutError
                message = await websocket.receive(timeout=remaining)
            except asyncio.TimeoutError:
                log.info("overlord: a game left without a key for %d minutes is closed", self.idle_minutes)
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
            except (ValueError, RecursionError):  # (not JSON, or nested deeper than Python reads)
                envelope = None
            # ["stdin", keys], ["resize", {...}], ["ping", data], and ["focus"] or ["blur"] with nothing more
            kind = envelope[0] if isinstance(envelope, list) and envelope else ""
            data = envelope[1] if isinstance(envelope, list) and len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                idle_until = time.monotonic() + self.idle_minutes * 60
                await app_service.send_bytes(keys_kept(data).encode("utf-8", errors="replace"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if isinstance(width, int) and isinstance(height, int):
                    await app_service.set_terminal_size(min(max(width, TERMINAL_SIZE.start), TERMINAL_SIZE.stop - 1),
                                                        min(max(height, TERMINAL_SIZE.start), TERMINAL_SIZE.stop - 1))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
            else:
                log.warning("overlord: a message that is not the page's ends its game")
                return


def can_keep_games_in(sessions: Path) -> bool:
    """Whether the browsers' folders can be made in ``sessions`` and written to, else said in one line: a folder that
    cannot hung every visitor's page on its loading box (found by a helper)."""
    try:
        sessions.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=sessions):
            pass
    except OSError as exc:
        print(f"overlord: cannot keep the browsers' games in {sessions} ({exc.strerror or exc}); set OVERLORD_SAVES "
              "to a folder this user can write", file=sys.stderr)
        return False
    return True


def options_refused(host: str, port: int, public_url: str | None, max_sessions: int, keep_days: int,
                    join: str | None) -> str | None:
    """Why ``serve``'s options cannot be served, in a line (None: they can)."""
    if not 1 <= port <= 65535:
        return f"--port {port} is not a port (1-65535)"
    if max_sessions < 1:
        return f"--max-sessions {max_sessions} must be at least 1"
    if not 1 <= keep_days <= KEEP_DAYS_MAX:
        return (f"--keep-days {keep_days} must be 1 to {KEEP_DAYS_MAX} (a browser keeps the cookie that leads to its "
                f"games {KEEP_DAYS_MAX} days at most)")
    if public_url is not None and origin_key(public_url) is None:
        return f"--public-url {public_url!r} is not an http:// or https:// address"
    if join is not None and not serves_this_computer_only(host, public_url):
        # each page plays the link's side for whoever opens it (the link stays on the server): a page others can
        # reach would give them the seat (found by a helper). Before the wildcard's refusal, which asks for a
        # --public-url that --join would then refuse.
        return ("--join plays your side for whoever opens the page: serve it to this computer only (--host "
                "127.0.0.1, the default, and no --public-url but one on this computer)")
    if public_url is None and host in WILDCARD_HOSTS:
        # the page would send browsers to ws://0.0.0.0, and the Origin check needs the address they use
        return (f"with --host {host or repr(host)}, give --public-url http://NAME:{port}, the address browsers reach "
                "this computer at")
    return None


def serve(host: str, port: int, public_url: str | None = None, max_sessions: int = 8, keep_days: int = 30,
          join: str | None = None) -> int:
    refused = options_refused(host, port, public_url, max_sessions, keep_days, join)
    if refused is not None:
        print(f"overlord: {refused}", file=sys.stderr)
        return 2
    if public_url is not None:
        public_url = public_url.rstrip("/")  # the page's addresses are the URL and a path beginning with /
    if join is not None:
        from .online.protocol import Link, ProtocolError
        from .online.commands import JOIN_LINK
        try:
            Link.parse(join)
        except ProtocolError as exc:
            print(f"overlord: --join: {exc}", file=sys.stderr)
            return 2
        os.environ[JOIN_LINK] = join  # the games' processes inherit it (not in their command: it holds the token)
    if public_url is None and ":" in host:  # an IPv6 address: bracketed in a URL
        public_url = f"http://[{host}]:{port}"
    try:  # the port tried first: textual-serve announces that it serves before it binds
        socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET).close()
    except OSError as exc:
        print(f"overlord: cannot serve on {host}:{port} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    sessions = userdirs.browser_sessions_root()
    if not can_keep_games_in(sessions):
        return 2
    os.environ[userdirs.BROWSER_SESSIONS] = str(sessions)  # every game process the server starts inherits it
    os.environ[userdirs.BROWSER_KEEP_DAYS] = str(keep_days)  # so the game can tell the visitor
    server = GameServer(sessions_root=sessions, max_sessions=max_sessions, keep_days=keep_days,
                        host=host, port=port, public_url=public_url, joins=join is not None)
    removed = server.forget_old_folders()
    if removed:
        print(f"Removed {len(removed)} browser folder(s) unused for {keep_days} days.", flush=True)
    print(f"Each browser's games are saved in a folder of its own under {sessions}, "
          f"kept {keep_days} days after its last use; at most {words.plural(max_sessions, 'game')} at once.", flush=True)
    try:
        server.serve()
    except OSError as exc:  # the port is taken, or the address is not this computer's
        print(f"overlord: cannot serve on {host}:{port} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    print(stopped_words(server.stopped), flush=True)  # (Ctrl+C left only "^C": had the games been kept?)
    return 0


def serves_this_computer_only(host: str, public_url: str | None) -> bool:
    """Is the page reached from this computer alone: a loopback address, and no public address but a loopback one
    (a proxy in front of a loopback server serves others)?"""
    public = origin_key(public_url) if public_url is not None else None
    return host in LOOPBACK and (public_url is None or public is not None and public[1] in LOOPBACK)


def stopped_words(games: int) -> str:
    if not games:
        return "The server has stopped."
    running = "The game it was running was" if games == 1 else f"The {games} games it was running were"
    return f"The server has stopped. {running} saved: each browser goes on with R on the title."
