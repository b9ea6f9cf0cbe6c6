"""`overlord serve`: the game in a browser, each visitor with a saves folder of their own.

The server runs as a real subprocess on a free port of this machine (127.0.0.1 only), is reached over
HTTP and its websocket as a browser would, and is always stopped at the end.
"""

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request

import aiohttp
import pytest

DEADLINE = 60  # seconds: generous, for a slow and loaded machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = free_port()
    env = dict(os.environ, OVERLORD_SAVES=str(tmp_path / "saves"))
    proc = subprocess.Popen([sys.executable, "-m", "overlord", "serve", "--port", str(port)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        yield port, tmp_path / "saves" / "browser-sessions"
    finally:
        proc.terminate()
        try:
            proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


def fetch_page(port: int) -> str:
    deadline = time.monotonic() + DEADLINE
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                return response.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


async def play_and_quit(port: int) -> None:
    """A visitor: wait for the title screen, start a new game (N, then Enter for the 1981 defaults), quit."""
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as ws:
            received = 0
            while received < 1000:  # the title screen's first frame
                message = await asyncio.wait_for(ws.receive(), DEADLINE)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                received += len(message.data)
            for key in ("n", "\r", "\x11"):  # Ctrl+Q saves and quits
                await ws.send_json(["stdin", key])
                await asyncio.sleep(1)
            async with asyncio.timeout(DEADLINE):
                async for _ in ws:  # until the game has quit and the server closes the socket
                    pass


def test_the_page_is_served_on_this_computer(server):
    port, _ = server
    page = fetch_page(port)
    assert "Overlord: Battle for Normandy" in page and f"ws://127.0.0.1:{port}/ws" in page


async def test_each_browser_session_saves_in_a_folder_of_its_own(server):
    port, sessions = server
    await asyncio.to_thread(fetch_page, port)
    await asyncio.gather(play_and_quit(port), play_and_quit(port))
    folders = sorted(sessions.iterdir())
    assert len(folders) == 2
    assert all((folder / "autosave.json").is_file() for folder in folders)


def test_serve_refuses_a_port_that_is_no_port():
    r = subprocess.run([sys.executable, "-m", "overlord", "serve", "--port", "70000"], capture_output=True, text=True,
                       timeout=DEADLINE)
    assert r.returncode == 2 and "not a port" in r.stderr


def test_serve_says_so_in_one_line_when_the_port_is_taken():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        r = subprocess.run([sys.executable, "-m", "overlord", "serve", "--port", str(taken.getsockname()[1])],
                           capture_output=True, text=True, timeout=DEADLINE)
    assert r.returncode == 2 and "cannot serve on 127.0.0.1" in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
