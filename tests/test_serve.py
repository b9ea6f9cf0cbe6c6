"""`overlord serve`: the game in a browser, each visitor with a saves folder of their own that they find
again after a reload, and nobody else's; the server's limits (its own page only, a cap on games at once,
old folders removed).

The server runs as a real subprocess on a free port of this machine (127.0.0.1 only), is reached over
HTTP and its websocket as a browser would (the page first, which gives the cookie, then the websocket),
and is always stopped at the end. Every wait is for something to happen, with a generous deadline.
"""

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from overlord import web

DEADLINE = 60  # seconds: generous, for a slow and loaded machine
JOINED = "http://127.0.0.1:8765/play/" + "a" * 16 + "#" + "t" * 32  # a link as a host gives it
DAY = 24 * 60 * 60
# the terminal's control sequences, between the words on the screen: CSI, OSC, and the two-byte ones
CONTROL = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)", re.DOTALL)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """A running `overlord serve` and where its visitors' folders go."""

    def __init__(self, tmp_path: Path, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.home = tmp_path  # every path of the server's own: none may reach a browser
        self.sessions = tmp_path / "saves" / "browser-sessions"
        env = dict(os.environ, OVERLORD_SAVES=str(tmp_path / "saves"))
        options = tuple(o.format(port=self.port) for o in options)  # ("{port}": the server's own)
        self.proc = subprocess.Popen([sys.executable, "-m", "overlord", "serve", "--port", str(self.port), *options],
                                     cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def stop(self) -> str:
        self.proc.terminate()
        try:
            return self.proc.communicate(timeout=20)[0].decode(errors="replace")
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.communicate()[0].decode(errors="replace")

    def folders(self) -> list[str]:
        return sorted(p.name for p in self.sessions.iterdir()) if self.sessions.is_dir() else []


@pytest.fixture
def serve(tmp_path):
    """Start `overlord serve` with the options given; each server started is stopped at the end."""
    started = []

    def start(*options: str) -> Served:
        started.append(Served(tmp_path, *options))
        return started[-1]
    yield start
    for served in started:
        served.stop()


class Browser:
    """One browser: its cookies kept from the page to the websocket and from one visit to the next."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # unsafe: 127.0.0.1 is an IP

    async def __aenter__(self) -> "Browser":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.http.close()

    async def page(self) -> tuple[int, str]:
        """Open the page (the server may still be starting): its status and text."""
        deadline = time.monotonic() + DEADLINE
        while True:
            assert self.served.proc.poll() is None, self.served.stop()  # the server gave up: say why
            try:
                async with self.http.get(self.served.url + "/") as response:
                    return response.status, await response.text()
            except aiohttp.ClientConnectionError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)

    def visit(self, **kwargs) -> "Screen":
        return Screen(self.http.ws_connect(f"{self.served.url}/ws?width=80&height=24", **kwargs))


class Screen:
    """A game in a browser tab: what it has drawn so far, as text, and the keys pressed."""

    def __init__(self, connecting) -> None:
        self.connecting = connecting
        self.received = b""

    async def __aenter__(self) -> "Screen":
        self.ws = await self.connecting.__aenter__()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.connecting.__aexit__(*exc)

    def text(self) -> str:
        return CONTROL.sub("", self.received.decode("utf-8", errors="replace"))

    async def wait_for(self, *texts: str) -> str:
        """Read what the game draws until one of ``texts`` is on the screen; return that one."""
        start = len(self.text())
        async with asyncio.timeout(DEADLINE):
            while True:
                for text in texts:
                    if text in self.text()[start:]:
                        return text
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.TEXT:  # (the server's own: a pong)
                    continue
                assert message.type == aiohttp.WSMsgType.BINARY, (message, self.text()[-2000:])
                self.received += message.data

    async def press(self, key: str) -> None:
        await self.ws.send_json(["stdin", key])

    async def until_closed(self) -> None:
        """Until the game has quit and the server closes the socket."""
        async with asyncio.timeout(DEADLINE):
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.received += message.data


TITLE = "BATTLE FOR NORMANDY"
FIRST_QUESTION = "Change any ratings or players?"
FIRST_DROP = "AIRBORNE DROP"
WHO_COMMANDS = "Who commands the computer German?"  # asked next: Enter takes the one shown (the ai)


async def to_the_first_drop(screen: Screen) -> None:
    """N for a new game, Enter for the 1981 settings and for the computer German: the 82nd's drop is asked."""
    await screen.wait_for(TITLE)
    await screen.press("n")
    await screen.wait_for(FIRST_QUESTION)
    await screen.press("\r")
    await screen.wait_for(WHO_COMMANDS)
    await screen.press("\r")
    await screen.wait_for("AIRBORNE DROP: 82nd")


async def to_the_second_drop(screen: Screen) -> None:
    """The same, and the 82nd dropped: the 101st's drop is asked."""
    await to_the_first_drop(screen)
    await screen.press("y")
    await screen.wait_for("AIRBORNE DROP: 101st")


async def start_a_game_and_quit(browser: Browser) -> Screen:
    """A new game, and Ctrl+Q (which saves) at the first airborne drop."""
    async with browser.visit() as screen:
        await to_the_first_drop(screen)
        await screen.press("\x11")
        await screen.until_closed()
    return screen


async def test_the_page_is_served_on_this_computer_with_a_visitor_cookie(serve):
    served = serve()
    async with Browser(served) as browser:
        status, page = await browser.page()
        assert status == 200 and "Overlord: Battle for Normandy" in page and f"ws://127.0.0.1:{served.port}/ws" in page
        assert "then R on the title" in page  # what a closed game's page says: how to resume
        visitor = {c.key: c.value for c in browser.http.cookie_jar}[web.COOKIE]
        assert web.VISITOR_ID.fullmatch(visitor)
        async with browser.http.get(served.url + "/") as again:  # a second visit keeps the id, renewed
            set_cookie = again.headers["Set-Cookie"]
        assert set_cookie.startswith(f"{web.COOKIE}={visitor};")
        assert {"HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"} <= {a.strip() for a in set_cookie.split(";")}
        assert '<link rel="icon" href="data:image/svg+xml,' in page  # (the tab had no icon: /favicon.ico was a 404)
        # a missing page is a plain 404, and textual-serve's static folders are not listed; its files are served
        for path, status, kind in (("/static/nope.js", 404, "text/plain"), ("/static/", 404, "text/plain"),
                                   ("/static", 404, "text/plain"), ("/favicon.ico", 404, "text/plain"),
                                   ("/static/js/textual.js", 200, "application/javascript")):
            async with browser.http.get(served.url + path) as response:
                assert (response.status, response.content_type) == (status, kind), path


async def test_a_returning_browser_finds_its_own_games_and_nobody_elses(serve):
    served = serve()
    async with Browser(served) as mine, Browser(served) as theirs:
        _, page = await mine.page()
        first = await start_a_game_and_quit(mine)
        # a reload: the page again, a new websocket, a new game process; R (Resume) resumes the game
        _, page_again = await mine.page()
        async with mine.visit() as reloaded:
            await reloaded.wait_for("Resume D-Day, autosave")
            await reloaded.press("r")
            await reloaded.wait_for(FIRST_DROP)
        # another browser sees none of it: nothing to resume, nothing to load
        await theirs.page()
        async with theirs.visit() as other:
            await other.wait_for(TITLE)
            await other.press("r")
            await other.wait_for("No game of yours to resume")
            await other.press("l")
            assert await other.wait_for("autosave", "No saves to load") == "No saves to load"
            await other.wait_for("in this browser yet")
    assert len(served.folders()) == 2
    for shown in (page, page_again, first.text(), reloaded.text(), other.text()):
        assert str(served.home) not in shown and "browser-sessions" not in shown


async def test_a_tab_closed_in_the_middle_of_a_phase_keeps_every_move(serve):
    """No Ctrl+Q: the tab is closed (or reloaded, or the connection drops) after a drop, in the middle of the
    airborne phase. The game process saves before it ends, and the reload finds the drop."""
    served = serve()
    async with Browser(served) as browser:
        await browser.page()
        async with browser.visit() as screen:
            await to_the_second_drop(screen)
        [folder] = served.folders()
        autosave = served.sessions / folder / "autosave.json"
        deadline = time.monotonic() + DEADLINE
        while not (autosave.exists() and len(json.loads(autosave.read_text())["actions"]) == 2):
            assert time.monotonic() < deadline, "the closed tab's game was not saved with its drop"
            await asyncio.sleep(0.1)
        await browser.page()
        async with browser.visit() as reloaded:
            await reloaded.wait_for(TITLE)
            await reloaded.press("l")
            await reloaded.wait_for("autosave")
            await reloaded.press("\r")
            await reloaded.wait_for("AIRBORNE DROP: 101st")
    log = served.stop()  # the games' farewells named the visitor's folder and a command, in the server's log
    assert "Resume it with" not in log and folder not in log


async def test_a_bad_key_sequence_that_ends_the_pages_input_saves_the_game_and_frees_its_place(serve):
    """Textual's web driver ends its input on an escape sequence with a huge number in it: no key, and not the
    server's "quit", could reach the game after. It is hung up instead (it saves, and ends), and the server's only
    place is free again at once."""
    served = serve("--max-sessions", "1")
    async with Browser(served) as browser:
        await browser.page()
        async with browser.visit() as screen:
            await to_the_second_drop(screen)
            await screen.press("\x1b[99999999999999999999u")
            await screen.until_closed()  # the game has ended of itself
        [folder] = served.folders()
        assert len(json.loads((served.sessions / folder / "autosave.json").read_text())["actions"]) == 2
        deadline = time.monotonic() + DEADLINE
        while (await browser.page())[0] != 200:
            assert time.monotonic() < deadline, "the place of the game hung up was never freed"
            await asyncio.sleep(0.2)


async def test_the_pages_own_messages_keep_the_game_and_a_huge_resize_is_kept_to_the_limit(serve):
    """The page sends ["focus"] at every click into it and ["blur"] when the window loses it (one item each): they
    must never end the game. A resize beyond TERMINAL_SIZE is kept to it; a message that is not JSON ends only the
    game of the page that sent it, without a traceback in the server's log."""
    served = serve()
    async with Browser(served) as browser:
        await browser.page()
        async with browser.visit() as screen:
            await screen.wait_for(TITLE)
            for message in (["focus"], ["blur"], ["ping", "1"], ["resize", {"width": 100000, "height": -5}],
                            ["resize", {"width": "x", "height": 30}], ["resize", {"width": 100, "height": 30}]):
                await screen.ws.send_json(message)
            await screen.press("n")
            await screen.wait_for(FIRST_QUESTION)  # the game goes on, and answers
            await screen.ws.send_str("[" * 30000 + "]" * 30000)  # JSON deeper than Python reads (ValueError's kin)
            await screen.until_closed()
    assert "Traceback" not in served.stop()


async def test_a_server_stopped_tells_each_page_at_once_and_its_game_saves(serve):
    """SIGTERM (or Ctrl+C) stopped the server only once each page's connection timed out, some 20 seconds, its game
    playing on meanwhile: past a supervisor's patience, a kill."""
    served = serve()
    async with Browser(served) as browser:
        await browser.page()
        async with browser.visit() as screen:
            await to_the_second_drop(screen)
            served.proc.terminate()
            await screen.until_closed()
            assert screen.ws.close_code == 1001  # going away: told, not timed out
    said = served.proc.communicate(timeout=DEADLINE)[0].decode(errors="replace")
    [folder] = served.folders()
    assert len(json.loads((served.sessions / folder / "autosave.json").read_text())["actions"]) == 2
    assert "The server has stopped. The game it was running was saved" in said  # (it said nothing: only ^C)


async def test_a_websocket_without_the_pages_cookie_is_refused_and_makes_no_folder(serve):
    served = serve()
    async with Browser(served) as browser:
        await browser.page()  # the server is up
        browser.http.cookie_jar.clear()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with browser.visit():
                pass
        assert refused.value.status == 403 and served.folders() == []


async def test_the_page_is_never_framed_and_another_name_of_this_computer_is_sent_to_the_servers_own(serve):
    """The page's websocket and cookie go to the server's own address: under localhost a page of 127.0.0.1's
    would lose its cookie on the way, and with it every save."""
    served = serve("--public-url", "http://127.0.0.1:{port}/")  # (a trailing slash is taken too)
    async with Browser(served) as browser:
        status, page = await browser.page()
        assert status == 200 and f'"ws://127.0.0.1:{served.port}/ws"' in page and "//static" not in page
        # the game's name on the tab, and the font from this server (no visitor sent to another site's; found by
        # a helper: the tab read "127.0.0.1:8000/")
        assert "<title>Overlord: Battle for Normandy</title>" in page and "googleapis" not in page
        font = re.search(r'url\("([^"]+\.ttf)"\)', page)
        assert font is not None
        async with browser.http.get(served.url + font.group(1).removeprefix(served.url)) as shipped:
            assert shipped.status == 200 and len(await shipped.read()) > 10_000
        async with browser.http.get(served.url + "/") as again:
            assert again.headers["X-Frame-Options"] == "DENY"
            assert "frame-ancestors 'none'" in again.headers["Content-Security-Policy"]
    served_here = serve()
    async with Browser(served_here) as browser:
        await browser.page()
        async with browser.http.get(f"http://localhost:{served_here.port}/?x=1", allow_redirects=False) as other:
            assert other.status == 307 and other.headers["Location"] == f"{served_here.url}/?x=1"


async def test_a_page_of_another_site_cannot_start_a_game(serve):
    served = serve()
    async with Browser(served) as browser:
        await browser.page()
        for origin, host in (("http://evil.example", None),
                             (f"http://evil.example:{served.port}", f"evil.example:{served.port}"),  # DNS rebinding
                             (f"https://127.0.0.1:{served.port}", None), ("null", None)):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with browser.visit(origin=origin, headers={"Host": host} if host else None):
                    pass
            assert refused.value.status == 403, origin
        assert served.folders() == []  # no game was started
        for _ in range(3):  # the socket's address asked as a page (no upgrade): refused, no visitor folder made
            async with browser.http.get(served.url + "/ws") as plain:
                assert plain.status == 400 and "open its page" in await plain.text()
        assert served.folders() == []
        async with browser.visit(origin=f"http://localhost:{served.port}") as screen:  # the page under another name
            await screen.wait_for(TITLE)


async def test_games_beyond_the_limit_are_refused_with_a_message(serve):
    served = serve("--max-sessions", "1")
    async with Browser(served) as first, Browser(served) as second:
        await first.page()
        async with first.visit() as screen:
            await screen.wait_for(TITLE)
            status, page = await second.page()
            assert status == 503 and "already running 1 game at once" in page
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with second.visit():
                    pass
            assert refused.value.status == 503
        # the first game has ended (its process is told to quit): the second browser gets in
        deadline = time.monotonic() + DEADLINE
        while (await second.page())[0] != 200:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.2)
        async with second.visit() as screen:
            await screen.wait_for(TITLE)


async def test_a_reload_at_the_limit_waits_for_its_own_game_to_save_and_goes_on_with_it(serve):
    """A reload while the server ran as many games as it may: the game of the page just closed, still saving,
    was counted against it, and the one player who filled the server was told it was full (found by a helper)."""
    served = serve("--max-sessions", "1")
    async with Browser(served) as browser:
        await browser.page()
        async with browser.visit() as screen:
            await to_the_second_drop(screen)
        status, page = await browser.page()  # at once: its last game is still closing
        assert status == 200, page
        async with browser.visit() as reloaded:
            await reloaded.wait_for("Resume D-Day, autosave")  # (saved before the new game looked)
            await reloaded.press("r")
            await reloaded.wait_for("AIRBORNE DROP: 101st")


async def test_a_reload_at_the_limit_is_served_while_its_old_page_is_still_open(serve):
    """A browser asks for the reloaded page before it closes the old one's websocket (the old page unloads when the
    new one arrives). At the limit, the game still running was the visitor's own, and the reload was told the
    server was full (found by a helper)."""
    served = serve("--max-sessions", "1")
    async with Browser(served) as browser:
        await browser.page()
        screen = browser.visit()
        await screen.__aenter__()
        try:
            await to_the_second_drop(screen)
            status, page = await browser.page()  # the old page's game still runs
        finally:
            await screen.__aexit__(None, None, None)
        assert status == 200, page
        async with browser.visit() as reloaded:
            await reloaded.wait_for("Resume D-Day, autosave")
            await reloaded.press("r")
            await reloaded.wait_for("AIRBORNE DROP: 101st")
        async with Browser(served) as other:  # another visitor at the limit is still refused
            async with browser.visit() as mine:
                await mine.wait_for(TITLE)
                status, page = await other.page()
                assert status == 503 and "already running 1 game" in page, page


async def test_a_huge_paste_reaches_the_game_cut_to_what_a_player_could_type(tmp_path):
    """60,000 characters pasted in one message kept the game busy half a minute, and the quit of a tab closed
    meanwhile waited behind them (found by a helper)."""
    sent: list[bytes] = []

    class Game:
        async def send_bytes(self, data: bytes) -> None:
            sent.append(data)

    class Page:
        def __init__(self, *messages) -> None:
            self.messages = list(messages)

        async def receive(self, timeout: float):
            return self.messages.pop(0)

    server = web.GameServer(sessions_root=tmp_path, max_sessions=1, keep_days=1, host="127.0.0.1", port=0,
                            public_url=None)
    paste = aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, json.dumps(["stdin", "ab" * 30_000]), None)
    closed = aiohttp.WSMessage(aiohttp.WSMsgType.CLOSE, None, None)
    await server._process_messages(Page(paste, closed), Game())
    assert sent == [b"ab" * (web.STDIN_MAX // 2)]


@pytest.mark.parametrize(("keys", "kept"), [
    ("x" * 10, "x" * 10),  # (a message within the limit as it is)
    ("\x1b[200~" + "x" * 2000 + "\x1b[201~", "\x1b[200~" + "x" * (web.STDIN_MAX - 6) + "\x1b[201~"),
    ("x" * (web.STDIN_MAX - 2) + "\x1b[A" + "y", "x" * (web.STDIN_MAX - 2)),  # an arrow cut in two: left out
    ("x" * (web.STDIN_MAX - 3) + "\x1b[Ay", "x" * (web.STDIN_MAX - 3) + "\x1b[A"),  # whole: kept
    ("x" * (web.STDIN_MAX - 3) + "\x1b[200~" + "z" * 50, "x" * (web.STDIN_MAX - 3)),  # the paste's start cut
])
def test_keys_cut_to_the_limit_never_leave_a_paste_open_nor_a_sequence_cut(keys, kept):
    """A paste of more than 1,000 characters lost its closing bracket to the cut, and the game took every later
    key as pasted until Escape (found by a helper)."""
    assert web.keys_kept(keys) == kept


def make_folder(root: Path, name: str, days_ago: float) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "autosave.json").write_text("{}")
    then = time.time() - days_ago * DAY
    os.utime(folder, (then, then))
    return folder


async def test_folders_unused_for_the_days_kept_are_removed_never_one_in_use(serve, tmp_path):
    sessions = tmp_path / "saves" / "browser-sessions"
    old, recent, before_ids = "a" * 64, "b" * 64, "20250101-120000-x1y2z3"
    for name, days in ((old, 31), (recent, 29), (before_ids, 100), ("kept-by-hand", 100)):
        make_folder(sessions, name, days)
    served = serve()  # the default: 30 days
    async with Browser(served) as mine, Browser(served) as another:
        await mine.page()  # the server is up: it has cleaned up at its start
        assert served.folders() == sorted([recent, "kept-by-hand"])
        async with mine.visit() as screen:
            await screen.wait_for(TITLE)
            [in_use] = set(served.folders()) - {recent, "kept-by-hand"}
            make_folder(sessions, "c" * 64, 31)  # gone unused while the server runs
            await another.page()
            async with another.visit() as other:  # a game starting within the hour does not read them all again
                await other.wait_for(TITLE)
            assert "c" * 64 in served.folders() and in_use in served.folders()


async def test_a_game_starting_an_hour_after_the_last_clean_up_cleans_up_never_a_folder_in_use(tmp_path):
    sessions = tmp_path / "browser-sessions"
    old, in_use = "a" * 64, "b" * 64
    for name in (old, in_use):
        make_folder(sessions, name, 31)
    server = web.GameServer(sessions_root=sessions, max_sessions=2, keep_days=30, host="127.0.0.1", port=1,
                            public_url=None)
    server.running[in_use] += 1
    server.cleaned = time.monotonic()
    await server.clean_up_now_and_then()  # just cleaned: nothing read
    assert sorted(p.name for p in sessions.iterdir()) == [old, in_use]
    server.cleaned -= web.CLEAN_EVERY
    await server.clean_up_now_and_then()
    assert [p.name for p in sessions.iterdir()] == [in_use]


def test_forget_old_folders_removes_only_the_servers_own_unused_folders(tmp_path):
    now = time.time()
    for name, days in (("a" * 64, 10), ("b" * 64, 3), ("c" * 64, 10), ("d" * 63, 10)):
        make_folder(tmp_path, name, days)
    (tmp_path / ("e" * 64)).write_text("a file, not a folder")
    os.utime(tmp_path / ("e" * 64), (now - 10 * DAY, now - 10 * DAY))
    (tmp_path / ("f" * 64)).symlink_to(tmp_path / ("a" * 64))
    removed = web.forget_old_folders(tmp_path, 5, {"c" * 64}, now=now)
    assert removed == ["a" * 64]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b" * 64, "c" * 64, "d" * 63, "e" * 64, "f" * 64]
    assert web.forget_old_folders(tmp_path / "none", 5, set()) == []


@pytest.mark.parametrize(("origin", "public_url", "same"), [
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000", True),
    ("http://localhost:8000", "http://127.0.0.1:8000", True),
    ("http://[::1]:8000", "http://localhost:8000", True),
    ("http://LOCALHOST:8000", "http://127.0.0.1:8000", True),
    ("http://localhost:8001", "http://127.0.0.1:8000", False),
    ("https://localhost:8000", "http://127.0.0.1:8000", False),
    ("http://evil.example:8000", "http://127.0.0.1:8000", False),
    ("http://games.example.org", "http://games.example.org:80/overlord/", True),
    ("https://games.example.org", "https://games.example.org", True),
    ("http://games.example.org", "https://games.example.org", False),
    ("http://localhost", "http://games.example.org", False),
    ("null", "http://127.0.0.1:8000", False),
    ("http://127.0.0.1:99999", "http://127.0.0.1:8000", False),
    ("", "http://127.0.0.1:8000", False),
])
def test_same_origin(origin, public_url, same):
    assert web.same_origin(origin, public_url) is same


def test_visitor_folders_are_hashes_of_the_ids():
    name = web.visitor_folder("x" * 43)
    assert re.fullmatch(r"[0-9a-f]{64}", name) and name == web.visitor_folder("x" * 43) != web.visitor_folder("y" * 43)


@pytest.mark.parametrize(("options", "message"), [
    (["--port", "70000"], "not a port"),
    (["--max-sessions", "0"], "--max-sessions 0 must be at least 1"),
    (["--keep-days", "0"], "--keep-days 0 must be 1 to 400"),
    (["--keep-days", "401"], "--keep-days 401 must be 1 to 400"),
    (["--public-url", "ftp://x"], "is not an http:// or https:// address"),
    (["--host", "0.0.0.0"], "give --public-url"),
    # a page that plays your side for whoever opens it, open to others (found by a helper)
    (["--host", "0.0.0.0", "--public-url", "http://example.org:8000", "--join", JOINED],
     "--join plays your side for whoever opens the page"),
    (["--host", "0.0.0.0", "--join", JOINED], "--join plays your side"),  # (not first "give --public-url", which
    # --join then refuses; found by a helper)
    (["--public-url", "https://example.org/overlord", "--join", JOINED], "serve it to this computer only"),
])
def test_serve_refuses_bad_options_in_one_line(options, message):
    r = subprocess.run([sys.executable, "-m", "overlord", "serve", *options], capture_output=True, text=True,
                       timeout=DEADLINE)
    assert r.returncode == 2 and message in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_serve_says_so_in_one_line_when_the_port_is_taken():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        r = subprocess.run([sys.executable, "-m", "overlord", "serve", "--port", str(taken.getsockname()[1])],
                           capture_output=True, text=True, timeout=DEADLINE)
    assert r.returncode == 2 and "cannot serve on 127.0.0.1" in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Serving" not in r.stdout  # (it announced that it served before it failed)


async def test_an_ipv6_address_is_served_with_its_address_bracketed(tmp_path):
    try:
        socket.create_server(("::1", 0), family=socket.AF_INET6).close()
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    served = Served(tmp_path, "--host", "::1")
    served.url = f"http://[::1]:{served.port}"
    try:
        async with Browser(served) as browser:
            status, page = await browser.page()
        assert status == 200 and f'"ws://[::1]:{served.port}/ws"' in page
    finally:
        served.stop()


@pytest.mark.parametrize("ignores_hang_up", [False, True])
async def test_a_game_that_does_not_quit_when_told_is_hung_up_then_killed(monkeypatch, ignores_hang_up):
    """A game whose input is gone never reads the server's "quit": it held its place for ever. It is hung up after
    STOP_WAIT seconds (a game saves then), and killed if that does not end it either."""
    from textual_serve.download_manager import DownloadManager
    monkeypatch.setattr(web, "STOP_WAIT", 0.5)
    deaf = ("import signal, sys, time\n"  # (as the game does, it sets its own: under nohup SIGHUP comes ignored)
            + f"signal.signal(signal.SIGHUP, signal.{'SIG_IGN' if ignores_hang_up else 'SIG_DFL'})\n"
            + "sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush(); time.sleep(600)")

    async def nothing(*args) -> None:
        pass
    game = web.VisitorGame("f" * 64, [sys.executable, "-c", deaf], write_bytes=nothing, write_str=nothing,
                           close=nothing, download_manager=DownloadManager())
    await game.start(80, 24)
    process = game._process
    started = time.monotonic()
    await game.stop()
    assert process.returncode == (-9 if ignores_hang_up else -1) and time.monotonic() - started < DEADLINE


def test_serve_join_alone_takes_the_link_from_the_environment(monkeypatch, capsys):
    """A link on the command line is in the process list for every user of the machine to read."""
    from overlord import cli
    taken = []
    monkeypatch.setattr(web, "serve", lambda *args: taken.append(args[-1]) or 0)
    link = "http://127.0.0.1:1/play/0123456789abcdef#" + "a" * 32
    monkeypatch.setenv("OVERLORD_JOIN_LINK", link)
    assert cli.main(["serve", "--join"]) == 0 and taken == [link]
    monkeypatch.delenv("OVERLORD_JOIN_LINK")
    assert cli.main(["serve", "--join"]) == 2 and "needs your link in OVERLORD_JOIN_LINK" in capsys.readouterr().err
    assert cli.main(["online", "bot"]) == 2 and "needs the side's link" in capsys.readouterr().err
    monkeypatch.setenv("OVERLORD_JOIN_LINK", link)
    assert cli.build_parser().parse_args(["online", "bot"]).link == link  # (read when the parser is made)


def test_serve_refuses_in_one_line_a_saves_folder_it_cannot_keep_games_in(tmp_path):
    """OVERLORD_SAVES naming a file: the server started, and every visitor's page hung on its loading box, a
    traceback in the server's log for each (found by a helper)."""
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    env = {**os.environ, "OVERLORD_SAVES": str(afile), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    r = subprocess.run([sys.executable, "-m", "overlord", "serve", "--port", str(port)], capture_output=True,
                       text=True, timeout=DEADLINE, env=env)
    assert r.returncode == 2 and "cannot keep the browsers' games in" in r.stderr and "OVERLORD_SAVES" in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert afile.read_text() == "not a folder"


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds the game's process in /proc")
async def test_a_game_that_dies_closes_its_page_and_frees_its_place(serve):
    """A game process killed (or crashed) left its page frozen on its last screen, keys doing nothing, and its
    place on the server taken: the next browser was told the server was full (found by a helper)."""
    served = serve("--max-sessions", "1")
    async with Browser(served) as browser:
        await browser.page()
        async with browser.visit() as screen:
            await to_the_first_drop(screen)
            games = children(served.proc.pid)
            assert games, "the game's process"
            for pid in games:
                os.kill(pid, 9)
            await screen.until_closed()  # (it waited for the page's idle time, an hour)
        deadline = time.monotonic() + DEADLINE
        while (await browser.page())[0] != 200:
            assert time.monotonic() < deadline, "the place of the game killed was never freed"
            await asyncio.sleep(0.2)
