"""Text from outside the program (a save's name, a file's name, a path) made safe to show.

A save file can be written by anyone: its name could hold the escape codes that clear a terminal or
change its window's title. Every such string goes through ``printable`` before it is shown, and is
shown as plain text, never as Rich markup. (No engine import here: the title screen uses it.)
"""

from __future__ import annotations

import unicodedata

_HIDDEN = {"Cc", "Cf", "Cs", "Zl", "Zp"}  # control codes, format marks, lone surrogates, line breaks


def printable(text: object, limit: int = 400) -> str:
    """``text`` on one line, at most ``limit`` characters, each control code replaced by "?"."""
    text = str(text)[:limit]
    return "".join("?" if unicodedata.category(ch) in _HIDDEN else ch for ch in text)
