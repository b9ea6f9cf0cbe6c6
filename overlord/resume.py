"""The newest game a person was playing, for the title's Resume: found among the saves by reading their JSON
alone, without the engine (the title is up before the engine is imported, and the engine is imported in the
main thread only: two threads importing it at once met its modules half made). Loading it checks it in full
(``overlord.saves``): a save offered here that is refused there is said as any refused load is."""

from __future__ import annotations

import json
import os
import tempfile
import zlib
from pathlib import Path
from typing import Any

from .files import NotRegular, TooLarge, read_regular
from .plaintext import printable

# the newest saves looked at, and the newest files (a folder of old games is not read whole at every start; a file
# that is no save does not count among the saves: 30 notes newer than the game hid it)
LOOKED_AT = 100
FILES_LOOKED_AT = 300
MAX_BYTES = 32 * 1024 * 1024  # the most of a save that is read (overlord.saves reads to the same limit)
OVER, SET_UP = "game_over", "questions"  # a finished game, and a set-up left before its first drop
refused: set[Path] = set()  # saves a load refused in this run: not offered again (the app adds them)


def humans(doc: dict[str, Any]) -> str:
    """Who played the save's game at the keyboard: "Allied", "German", "Both" (hot-seat) or "None" (the computers
    against each other); "" when the save does not say (its settings as they are now, after any set-up)."""
    state = doc.get("state")
    settings = state.get("settings") if isinstance(state, dict) else None
    if not isinstance(settings, dict):
        return ""
    allied, german = (settings.get(f"{side}_player") == "human" for side in ("allied", "german"))
    return {(True, False): "Allied", (False, True): "German", (True, True): "Both"}.get((allied, german), "None")


def rescue_prefix(folder: Path) -> str:
    """How the names of the games rescued from ``folder`` begin (Session's rescue, where the saves folder could not
    be written as the program ended unasked): in the system's temporary folder, marked with the saves folder they
    belong to, so that its title's Resume finds them and no other folder's."""
    # (a checksum, not a hash: hashlib would load OpenSSL into every game, which start-up keeps out)
    return f"overlord-rescued-{zlib.crc32(os.fsencode(os.path.abspath(folder))):08x}-"


def is_rescued(path: Path) -> bool:
    """Is ``path`` a game rescued to the temporary folder (from any saves folder)?"""
    return Path(path).parent == Path(tempfile.gettempdir()) and Path(path).name.startswith("overlord-rescued-")


def rescued_games(folder: Path) -> list[os.DirEntry[str]]:
    """The files of the games rescued from ``folder`` to the temporary folder (this user's own, where the system
    says whose a file is: that folder is every user's)."""
    prefix = rescue_prefix(folder)
    try:
        return [e for e in os.scandir(tempfile.gettempdir()) if e.name.startswith(prefix)
                and e.name.endswith(".json") and e.is_file(follow_symlinks=False)
                and (not hasattr(os, "getuid") or e.stat(follow_symlinks=False).st_uid == os.getuid())]
    except OSError:
        return []


def newest_game(folder: Path) -> dict[str, Any] | None:
    """The newest save in ``folder`` of a game a person plays that is not over: {"path", "name", "turn"}; None.
    A set-up left before its first drop is offered only when there is no game in progress: its quit said it was
    saved, but a game played is worth more. The name is the file's, as the Load list shows it (the name written
    in the save is the one it was first saved under: a copy of the autosave was offered as "autosave"). A game
    rescued to the temporary folder counts among them, as "rescued" (R offered the autosave's older position, and
    nothing said where the newer one was: the window that printed it had closed)."""
    rescued = rescued_games(folder)
    rescues = {e.path for e in rescued}
    try:
        entries = [e for e in os.scandir(folder) if e.name.lower().endswith(".json") and e.is_file()]
    except OSError:  # (a folder that cannot be read, or is not there: a game may have been rescued from it)
        entries = []
    try:
        entries = sorted(entries + rescued, key=lambda e: e.stat().st_mtime, reverse=True)
    except OSError:
        return None
    ended: set[str] = set()  # the games whose newer save is finished: an older save of one is no game to go on with
    set_up = None
    saves = 0
    for entry in entries[:FILES_LOOKED_AT]:
        if Path(entry.path) in refused:
            continue
        try:
            doc = json.loads(read_regular(entry.path, MAX_BYTES)[0])
        except (OSError, NotRegular, TooLarge, ValueError, RecursionError):  # (not JSON, or not a file to read)
            continue  # a file that is not a save is passed over: the Load list says why
        if not isinstance(doc, dict) or not isinstance(doc.get("state"), dict):
            continue
        saves += 1
        if saves > LOOKED_AT:
            break
        game_id = doc.get("game_id") if isinstance(doc.get("game_id"), str) else None  # (a list is no key of a set)
        if doc.get("phase") == OVER and game_id:
            ended.add(game_id)
        elif game_id in ended:
            continue  # (R after a game's end offered its June 6 save, put back on a game just finished)
        if doc.get("phase") == OVER or humans(doc) in ("None", ""):
            continue
        name = "rescued" if entry.path in rescues else printable(Path(entry.path).stem, 60)
        found = {"path": Path(entry.path), "name": name,
                 "turn": "set-up" if doc.get("phase") == SET_UP else printable(str(doc.get("turn", "?")), 20)}
        if doc.get("phase") != SET_UP:
            return found
        set_up = set_up or found
    return set_up
