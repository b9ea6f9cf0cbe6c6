"""Where the game keeps the player's own files: saves and preferences.

An installed game keeps them in the operating system's folders for an application's data and
settings (platformdirs: ~/.local/share/overlord and ~/.config/overlord on Linux, the Application
Support and AppData folders on macOS and Windows). A source checkout keeps its saves beside the code,
in saves/. ``OVERLORD_SAVES`` and ``OVERLORD_PREFERENCES`` override both.

A game played in a browser (``overlord serve``) runs one process per browser tab. Each finds the folder
the server set aside for its visitors in ``OVERLORD_BROWSER_SESSIONS``, and in ``OVERLORD_BROWSER_VISITOR``
the name of its visitor's folder there, for their saves and preferences: a visitor who comes back finds
their games, and never sees another's. The name is checked to be one the server makes (a hash of the
visitor's id), so it can never lead out of that folder; a process without one gets a fresh folder of its
own. The screens then speak of "this browser" rather than show the server's folders, which are none of
the visitor's business.

``write_atomically`` writes such a file whole or not at all.
"""

from __future__ import annotations

import errno
import functools
import os
import re
from pathlib import Path

import platformdirs

APP_NAME = "overlord"
PREFERENCES_FILE = "preferences.toml"
BROWSER_SESSIONS = "OVERLORD_BROWSER_SESSIONS"
BROWSER_VISITOR = "OVERLORD_BROWSER_VISITOR"
BROWSER_KEEP_DAYS = "OVERLORD_BROWSER_KEEP_DAYS"
VISITOR_FOLDER = re.compile(r"[0-9a-f]{64}")  # a sha256 in hex: what overlord.web.visitor_folder makes
_CHECKOUT = Path(__file__).resolve().parents[1]


def saves_dir() -> Path:
    """The folder saves are written to and listed from."""
    session = browser_session_dir()
    if session is not None:  # before $OVERLORD_SAVES, which the server's own environment may set
        return session
    env = os.environ.get("OVERLORD_SAVES")
    if env:  # "~/x" is the home folder's x, as a shell would take it (a literal ./~/x was made; found by a helper)
        return Path(env).expanduser()
    if is_checkout():
        return _CHECKOUT / "saves"
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "saves"


def preferences_path() -> Path:
    """The preferences file (a checkout shares the player's own: a theme is the player's choice)."""
    session = browser_session_dir()
    if session is not None:
        return session / PREFERENCES_FILE
    env = os.environ.get("OVERLORD_PREFERENCES")
    if env:
        return Path(env).expanduser()
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / PREFERENCES_FILE


def is_checkout() -> bool:
    """Does the game run from a source checkout (rather than from an installed wheel)?"""
    return (_CHECKOUT / "pyproject.toml").is_file()


def browser_sessions_root() -> Path:
    """Where ``overlord serve`` puts its visitors' folders: beside the saves of whoever runs it."""
    return saves_dir() / "browser-sessions"


@functools.cache
def browser_session_dir() -> Path | None:
    """This browser visitor's folder (made if need be, once per process); None outside ``overlord serve``."""
    root = os.environ.get(BROWSER_SESSIONS)
    if not root:
        return None
    Path(root).mkdir(parents=True, exist_ok=True)
    name = os.environ.get(BROWSER_VISITOR, "")
    if VISITOR_FOLDER.fullmatch(name):
        folder = Path(root) / name
        folder.mkdir(exist_ok=True)
        return folder
    import tempfile
    import time
    return Path(tempfile.mkdtemp(prefix=time.strftime("%Y%m%d-%H%M%S-"), dir=root))


def browser_keep_days() -> int | None:
    """How many days the server keeps a browser's saves after its last visit, if it said so."""
    days = os.environ.get(BROWSER_KEEP_DAYS, "")
    return int(days) if re.fullmatch(r"[0-9]{1,5}", days) and int(days) > 0 else None


def shown(path: Path | str) -> str:
    """A file or folder as the player may be shown it: in a browser, the visitor's folder on the server is
    "this browser's saves" (the server's paths are not the visitor's business)."""
    text = str(path)
    session = browser_session_dir()
    return text.replace(str(session), "this browser's saves") if session is not None else text


TEMPORARY_STEM_BYTES = 100  # of the file's name, in a temporary file's (a name is at most 255 bytes: the file's own
# may take nearly all of them, and the temporary's adds a dot, 8 random letters and ".tmp")


def temporary_stem(path: Path) -> str:
    """The start of ``path``'s stem that a temporary file's name carries: at most TEMPORARY_STEM_BYTES in UTF-8,
    cut between characters."""
    return path.stem.encode("utf-8", "surrogateescape")[:TEMPORARY_STEM_BYTES].decode("utf-8", "ignore")


def write_atomically(path: Path, text: str, new: bool = False) -> None:
    """Write a file whole or not at all: a temporary file beside it, flushed to disk, then a rename. Raises OSError
    naming the folder when nothing can be written in it, the file when the writing fails (never the temporary
    file, whose name means nothing to the player); whatever was at ``path`` is then as it was.

    ``new``: a new file in a folder that is there (``overlord simulate --save``): no folder is made (a mistyped path
    made folders anywhere), and a file that appeared at ``path`` meanwhile is never replaced (FileExistsError)."""
    import tempfile  # here: the game's start-up does without it (and the memory it takes)
    try:
        if not new:
            path.parent.mkdir(parents=True, exist_ok=True)
        elif not path.parent.is_dir():
            raise FileNotFoundError(errno.ENOENT, "no such folder")
        fd, tmp = tempfile.mkstemp(prefix=f".{temporary_stem(path)}{path.suffix}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:  # the folder cannot be made, or nothing can be written in it
        exc.filename = str(path.parent)
        raise exc from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if new:
            _put_new(tmp, path)
        else:
            os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            exc.filename = str(path)  # (the file, never the temporary one)
            del exc.filename2  # (not None, which printed "-> None" after the name)
            raise exc from None
        raise


NAME_TAKEN = "is there already; nothing was written over it"


def _put_new(tmp: str, path: Path) -> None:
    """Give the written temporary file ``path``'s name only if no file has it: a hard link, which fails on a name
    taken; where links cannot be made, the name claimed first (created only if absent), then replaced."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, NAME_TAKEN) from None
    except OSError:  # no hard links on this file system
        _claim(path)
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def _claim(path: Path) -> None:
    """Create ``path`` empty, only if no file has its name."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, NAME_TAKEN) from None
