"""``overlord serve``: the game in a web browser, through textual-serve (the ``web`` extra).

textual-serve starts the game afresh, as its own process, for each browser that connects. The server
tells those processes where to make their folders (``userdirs.BROWSER_SESSIONS``): each visitor's
game saves in a fresh folder of its own, so visitors never see or replace each other's games.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

from . import userdirs

TITLE = "Overlord: Battle for Normandy"


def game_command() -> str:
    """The shell command that starts one game: this Python, so the game served is this installed copy."""
    words = [sys.executable, "-m", "overlord"]
    return subprocess.list2cmdline(words) if os.name == "nt" else shlex.join(words)


def serve(host: str, port: int, public_url: str | None = None) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        print("overlord: serving the game to a browser needs textual-serve: "
              "pip install 'battle-for-normandy[web]'", file=sys.stderr)
        return 2
    if not 1 <= port <= 65535:
        print(f"overlord: --port {port} is not a port (1-65535)", file=sys.stderr)
        return 2
    sessions = userdirs.browser_sessions_root()
    os.environ[userdirs.BROWSER_SESSIONS] = str(sessions)  # every game process the server starts inherits it
    print(f"Each browser's games are saved in a folder of its own under {sessions}", flush=True)
    try:
        Server(game_command(), host=host, port=port, title=TITLE, public_url=public_url).serve()
    except OSError as exc:  # the port is taken, or the address is not this computer's
        print(f"overlord: cannot serve on {host}:{port} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    return 0
