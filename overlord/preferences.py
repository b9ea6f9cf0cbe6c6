"""The player's preferences, kept between runs in a small TOML file: the colour theme, who last commanded each
computer side in the set-up (shown first the next time), who gives each side's hints (chosen with the palette's
"Hints from"), and the pace the computer's moves are shown at ("quick" or "slow": - and + while the computer
moves).

The file is where ``overlord.userdirs.preferences_path()`` says. A missing file means no preferences;
a damaged one is ignored with a one-line warning (the game never fails to start because of it), and the
next time a preference changes it is kept beside the new one as ``<name>.damaged`` (it was written over
without a word; found by a helper). Writes are atomic: a temporary file, then a rename.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from .files import NotRegular, TooLarge, read_regular
from .plaintext import printable
from .userdirs import preferences_path, write_atomically

KEYS = ("theme", "computer_allied", "computer_german", "hints_allied", "hints_german", "pace")
# preferences whose value the game does not know (the app says so at start): not written back with the next change
# ("pace = 'zoom'" was warned about at every start, the file rewritten with it each time another preference changed)
unknown: set[str] = set()
MAX_BYTES = 64 * 1024  # the file the game writes is one line; a bigger one is not a preferences file


KEPT = ".damaged"  # the suffix a damaged preferences file is kept under when a preference changes


def load(warn: Callable[[str], None] = lambda message: None) -> dict[str, str]:
    """The preferences as {key: value}; ``warn`` hears why a damaged file or value was ignored. Read as saves
    and data are (overlord/files.py): a pipe cannot hang the game, nor an endless device fill its memory."""
    return _read(warn)[0]


def _read(warn: Callable[[str], None]) -> tuple[dict[str, str], bool]:
    """The preferences, and whether the file is a damaged one that a change would write over (kept aside first)."""
    path = preferences_path()
    kept = f"kept as {printable(path.name + KEPT)} when a preference changes"
    try:
        text = read_regular(path, MAX_BYTES)[0].decode("utf-8")
    except FileNotFoundError:
        return {}, False
    except NotRegular as exc:
        warn(f"{printable(path)}: {exc}, not a preferences file; the preferences are ignored")
        return {}, False
    except TooLarge:
        warn(f"{printable(path)}: too large to be a preferences file; the preferences are ignored ({kept})")
        return {}, True
    except UnicodeDecodeError as exc:
        warn(f"{printable(path)}: cannot be read ({exc}); the preferences are ignored ({kept})")
        return {}, True
    except OSError as exc:
        warn(f"{printable(path)}: cannot be read ({getattr(exc, 'strerror', None) or exc}); the preferences are ignored")
        return {}, False
    import tomllib  # here: most starts have no preferences file yet
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        warn(f"{printable(path)}: not a valid preferences file ({exc}); it is ignored ({kept})")
        return {}, True
    except RecursionError:
        warn(f"{printable(path)}: not a valid preferences file (nested too deeply); it is ignored ({kept})")
        return {}, True
    prefs = {}
    for key, value in doc.items():
        if key in KEYS and isinstance(value, str):
            prefs[key] = value
        else:
            why = "should be text in quotes" if key in KEYS else "is not a preference the game knows"
            warn(f"{printable(path)}: {printable(key, 40)} {why}; it is ignored")
    return prefs, False


def toml_string(value: str) -> str:
    """A TOML basic string of ``value``: quotes, backslashes and every control character escaped (json.dumps wrote
    a character beyond the first 65,536 as two escaped halves, and DEL as it is: TOML allows neither)."""
    out = []
    for ch in str(value):
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif code < 0x20 or code == 0x7F or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04X}" if not 0xD800 <= code <= 0xDFFF else "\\uFFFD")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def remember(**changes: str) -> Path:
    """Change some preferences and write the file. Raises OSError when it cannot be written."""
    read, damaged = _read(lambda message: None)
    prefs = {key: value for key, value in read.items() if key not in unknown} | changes
    text = "# Overlord's preferences, written by the game\n" + "".join(
        f"{key} = {toml_string(value)}\n" for key, value in sorted(prefs.items()))
    path = preferences_path()
    if damaged:  # (kept, not written over: a file edited by hand and broken by one quote is not lost)
        os.replace(path, path.with_name(path.name + KEPT))
    # a link (a dotfiles manager's) is written through: replacing it left the file it names stale (found by a helper)
    write_atomically(path.resolve() if path.is_symlink() else path, text)
    unknown.difference_update(changes)
    return path

