"""The retro themes: green phosphor and amber, beside Textual's own modern one."""

from __future__ import annotations

from textual.theme import Theme

PHOSPHOR = Theme(
    name="phosphor", primary="#33ff33", secondary="#1f9f1f", accent="#aaffaa", warning="#ccff66",
    error="#ffffff", success="#66ff66", foreground="#33ff33", background="#000a00", surface="#001400",
    panel="#002200", dark=True,
)
AMBER = Theme(
    name="amber", primary="#ffb000", secondary="#a87400", accent="#ffe0a0", warning="#ffd060",
    error="#ffffff", success="#ffc040", foreground="#ffb000", background="#0a0600", surface="#140c00",
    panel="#221400", dark=True,
)
THEMES = (PHOSPHOR, AMBER)
CYCLE = ("phosphor", "amber", "textual-dark")
