"""The retro themes: green phosphor and amber, beside Textual's own modern one."""

from __future__ import annotations

# F5's order, and the names `overlord --theme` accepts (kept free of Textual: the command line reads it)
CYCLE = ("phosphor", "amber", "textual-dark")
DEFAULT = "phosphor"


def retro_themes():
    """The two themes of 1981's monitors, as Textual themes."""
    from textual.theme import Theme
    phosphor = Theme(
        name="phosphor", primary="#33ff33", secondary="#1f9f1f", accent="#aaffaa", warning="#ccff66",
        error="#ffffff", success="#66ff66", foreground="#33ff33", background="#000a00", surface="#001400",
        panel="#002200", dark=True,
    )
    amber = Theme(
        name="amber", primary="#ffb000", secondary="#a87400", accent="#ffe0a0", warning="#ffd060",
        error="#ffffff", success="#ffc040", foreground="#ffb000", background="#0a0600", surface="#140c00",
        panel="#221400", dark=True,
    )
    return (phosphor, amber)
