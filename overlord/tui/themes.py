"""The three themes: green phosphor and amber, as on the monitors of 1981, and a modern one in colours
colour-blind readers tell apart (Okabe and Ito's palette; the map's colours are in palettes.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.theme import Theme

# F5's order, and the names `overlord --theme` accepts (kept free of Textual: the command line reads it)
CYCLE = ("phosphor", "amber", "modern")
DEFAULT = "phosphor"
# names a theme had before, as a preferences file or a command line may still give them
RENAMED = {"textual-dark": "modern"}


def canonical(name: str) -> str:
    """A theme's name as it is now (an old name is taken for the theme it became), in either case (--theme Amber,
    as --german Rommel)."""
    name = name.lower()
    return RENAMED.get(name, name)


def game_themes() -> tuple[Theme, ...]:
    """The three themes, as Textual themes."""
    from textual.theme import Theme

    from .palettes import AMBER, MODERN, PHOSPHOR
    phosphor = Theme(
        name="phosphor", primary="#33ff33", secondary="#1f9f1f", accent="#aaffaa", warning="#ccff66",
        error="#ffffff", success="#66ff66", foreground="#33ff33", background=PHOSPHOR["background"],
        surface=PHOSPHOR["surface"], panel="#002200", dark=True,
    )
    amber = Theme(
        name="amber", primary="#ffb000", secondary="#a87400", accent="#ffe0a0", warning="#ffd060",
        error="#ffffff", success="#ffc040", foreground="#ffb000", background=AMBER["background"],
        surface=AMBER["surface"], panel="#221400", dark=True,
    )
    modern = Theme(
        name="modern", primary="#56B4E9", secondary="#0072B2", accent="#E69F00", warning="#F0E442",
        error="#D55E00", success="#009E73", foreground="#e6e6e6", background=MODERN["background"],
        surface=MODERN["surface"], panel="#262626", dark=True,
    )
    return (phosphor, amber, modern)
