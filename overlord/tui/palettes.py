"""Map colours for each theme, and the contrast of every pair of them the map draws.

A palette maps a role (a terrain, a side, a mark) to a Rich style, every colour written out in hex so
that its contrast can be worked out. Three themes:

- ``phosphor`` and ``amber``: the monitors of 1981, one hue in many brightnesses. The two sides are
  told apart by brightness (an Allied unit is a bright block with a dark letter, a German one a
  middling block with a bright letter) as well as by the letter's case (docs/screens.md).
- ``modern``: full colour from Okabe and Ito's palette for colour-blind readers ("Color Universal
  Design", 2008): the Allies blue, the German orange, markers yellow, the naval line reddish
  purple; blue against orange stays apart for protanopes and deuteranopes (tests/test_tui_map.py
  simulates both).

Contrast (WCAG 2 relative luminance) that every palette keeps, checked by tests/test_tui_map.py:
a letter, digit or label at least 4.5:1 against what is behind it (TEXT); a terrain glyph, a mark,
the naval line and every block (a unit's background against the map's) at least 3:1 (SYMBOL, the
WCAG figure for graphical objects). Under NO_COLOR, Textual turns every colour to a grey of the
same brightness: the map then uses the phosphor palette, whose roles differ by brightness alone.
"""

from __future__ import annotations

from rich.color import Color
from rich.console import Console
from rich.style import Style

TEXT = 4.5
SYMBOL = 3.0

TERRAIN_ROLES = ("ocean", "clear", "town", "bocage", "swamp", "river", "beach")
BLOCK_ROLES = ("US", "BC", "DE", "cadre", "depot", "afloat", "marker", "marker_lost", "coastal")
TINT_ROLES = ("supply_US", "supply_BC", "supply_both", "supply_DE")
# roles drawn as text on the map's background (the rest of the roles drawn on it are symbols)
TEXT_ROLES = ("label", "town", "objective", "target")
SYMBOL_ROLES = ("ocean", "clear", "bocage", "swamp", "river", "beach", "naval", "bracket", "depot_mark")

# background and surface are the Textual theme's too (themes.py): the map is drawn on the one, plots on the other
PHOSPHOR = {
    "background": "#000a00", "surface": "#001400",
    "ocean": "#2e902e", "clear": "#33b833", "town": "bold #9aff9a", "bocage": "#2a9a2a", "swamp": "#26a326",
    "river": "#55dd55", "beach": "#77ee77", "objective": "bold #e0ffe0", "depot_mark": "bold #aaffaa",
    "label": "#3fae3f", "naval": "bold #ccffcc", "bracket": "bold #e0ffe0", "target": "bold #e0ffe0",
    "US": "bold #001a00 on #77ff77", "BC": "bold #001a00 on #5ce05c", "DE": "bold #e0ffe0 on #237a23",
    "cadre": "#e0ffe0 on #237a23", "depot": "bold #001a00 on #a8e8a8", "afloat": "bold #001a00 on #2f9f2f",
    "marker": "bold #001a00 on #ccffcc", "marker_lost": "bold #ccffcc on #237a23",
    "coastal": "bold #e0ffe0 on #237a23",
    "supply_US": "on #0c300c", "supply_BC": "on #0c300c", "supply_both": "on #0c300c", "supply_DE": "on #0c300c",
}

AMBER = {
    "background": "#0a0600", "surface": "#140c00",
    "ocean": "#9a6a00", "clear": "#c88a10", "town": "bold #ffd890", "bocage": "#b07800", "swamp": "#a87000",
    "river": "#e8a020", "beach": "#ffc850", "objective": "bold #fff0d0", "depot_mark": "bold #ffe0a0",
    "label": "#b88010", "naval": "bold #fff0c0", "bracket": "bold #fff0d0", "target": "bold #fff0d0",
    "US": "bold #1a1000 on #ffc850", "BC": "bold #1a1000 on #f0b840", "DE": "bold #fff0d0 on #8a5800",
    "cadre": "#fff0d0 on #8a5800", "depot": "bold #1a1000 on #f0d8a8", "afloat": "bold #1a1000 on #b07800",
    "marker": "bold #1a1000 on #fff0c0", "marker_lost": "bold #fff0c0 on #8a5800",
    "coastal": "bold #fff0d0 on #8a5800",
    "supply_US": "on #2a1c00", "supply_BC": "on #2a1c00", "supply_both": "on #2a1c00", "supply_DE": "on #2a1c00",
}

# Okabe-Ito: black #000000, orange #E69F00, sky blue #56B4E9, bluish green #009E73, yellow #F0E442,
# blue #0072B2, vermillion #D55E00, reddish purple #CC79A7; with greys and lighter tints of them.
MODERN = {
    "background": "#121212", "surface": "#1c1c1c",
    "ocean": "#3d8fd0", "clear": "#6fcf97", "town": "bold #f2f2f2", "bocage": "#009E73", "swamp": "#56B4E9",
    "river": "#8fd3ff", "beach": "#F0E442", "objective": "bold #ffffff", "depot_mark": "bold #d8d8d8",
    "label": "#a0a0a0", "naval": "bold #CC79A7", "bracket": "bold #F0E442", "target": "bold #F0E442",
    "US": "bold #ffffff on #0072B2", "BC": "bold #000000 on #56B4E9", "DE": "bold #000000 on #E69F00",
    "cadre": "#ffffff on #8a5c00", "depot": "bold #000000 on #c8c8c8", "afloat": "bold #ffffff on #2a6aa8",
    "marker": "bold #000000 on #F0E442", "marker_lost": "bold #000000 on #D55E00",
    "coastal": "bold #000000 on #E69F00",
    "supply_US": "on #10304a", "supply_BC": "on #10304a", "supply_both": "on #10304a", "supply_DE": "on #402a00",
}

# The modern theme on a terminal of 16 colours (TERM=xterm, no COLORTERM): its colours, brought down to the nearest
# of the 16, drew the American letters white on cyan (about 2:1) and the German blocks and the markers in two
# yellows (found by a helper). These are the 16 themselves, as Rich writes them (rich._palettes.STANDARD_PALETTE):
# the Allies blue and cyan, the German red, markers yellow; the supply overlay's dots alone (no tint has the
# contrast on black).
MODERN_16 = {
    "background": "#000000", "surface": "#000000",
    "ocean": "#5555ff", "clear": "#55ff55", "town": "bold #ffffff", "bocage": "#00aa00", "swamp": "#00aaaa",
    "river": "#55ffff", "beach": "#ffff55", "objective": "bold #ffffff", "depot_mark": "bold #aaaaaa",
    "label": "#aaaaaa", "naval": "bold #ff55ff", "bracket": "bold #ffff55", "target": "bold #ffff55",
    "US": "bold #ffffff on #5555ff", "BC": "bold #000000 on #55ffff", "DE": "bold #000000 on #ff5555",
    "cadre": "#ffffff on #aa5500", "depot": "bold #000000 on #aaaaaa", "afloat": "bold #000000 on #00aaaa",
    "marker": "bold #000000 on #ffff55", "marker_lost": "bold #000000 on #ff55ff",
    "coastal": "bold #000000 on #ff5555",
    "supply_US": "on #000000", "supply_BC": "on #000000", "supply_both": "on #000000", "supply_DE": "on #000000",
}
SIXTEEN_COLOUR_SYSTEMS = ("standard", "windows")  # Rich's names for a terminal of 16 colours

PALETTES = {"phosphor": PHOSPHOR, "amber": AMBER, "modern": MODERN}

# the lines of the campaign's plots, drawn on the theme's surface (the lines also differ by marker)
PLOT_COLOURS = {
    "phosphor": ("#e0ffe0", "#77ff77", "#44c844", "#2fa82f", "#9affc0"),
    "amber": ("#fff0d0", "#ffc850", "#e09a20", "#b87a00", "#ffe090"),
    "modern": ("#ffffff", "#56B4E9", "#009E73", "#CC79A7", "#E69F00"),
}


def palette_for(theme: str, no_color: bool = False, sixteen: bool = False) -> dict[str, str]:
    """The map's palette for a theme; under NO_COLOR the one told apart by brightness alone; on a terminal of 16
    colours (``sixteen``), the modern theme's own for them (the one-hue themes keep theirs: they stay apart there)."""
    if no_color:
        return PHOSPHOR
    return MODERN_16 if sixteen and theme == "modern" else PALETTES.get(theme, MODERN)


def sixteen_colours(console: Console) -> bool:
    """Whether a console (an app's) writes 16 colours only."""
    return console.color_system in SIXTEEN_COLOUR_SYSTEMS


# --------------------------------------------------------------------------- contrast (WCAG 2)
def luminance(hex_colour: str) -> float:
    """Relative luminance of an sRGB colour written #rrggbb."""
    h = hex_colour.lstrip("#")

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(h[i:i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def colours(style: str) -> tuple[str | None, str | None]:
    """The foreground and background of a palette style, as #rrggbb (None where the style has none)."""
    parsed = Style.parse(style)

    def hex_of(colour: Color | None) -> str | None:
        return None if colour is None else colour.get_truecolor().hex
    return hex_of(parsed.color), hex_of(parsed.bgcolor)


def pairs(theme: str, palette: dict[str, str] | None = None) -> list[tuple[str, str | None, str | None, float]]:
    """Every (what, foreground, background, least contrast wanted) a theme draws the map and plots with (with
    ``palette``, that one's: the modern theme's for a terminal of 16 colours)."""
    palette = palette or PALETTES[theme]
    back = palette["background"]
    out: list[tuple[str, str | None, str | None, float]] = []
    for role in TEXT_ROLES + SYMBOL_ROLES:
        fg, _ = colours(palette[role])
        out.append((role, fg, back, TEXT if role in TEXT_ROLES else SYMBOL))
    for role in BLOCK_ROLES:
        fg, bg = colours(palette[role])
        out.append((f"{role} letter", fg, bg, TEXT))
        out.append((f"{role} block", bg, back, SYMBOL))
    for i, colour in enumerate(PLOT_COLOURS.get(theme, ())):
        out.append((f"plot line {i + 1}", colour, palette["surface"], SYMBOL))
    for tint in TINT_ROLES:  # the supply overlay tints the ground: terrain, town names and marks on it
        _, bg = colours(palette[tint])
        for role in TERRAIN_ROLES + ("objective", "naval", "bracket", "depot_mark"):
            fg, _ = colours(palette[role])
            out.append((f"{role} on {tint}", fg, bg, TEXT if role in TEXT_ROLES else SYMBOL))
    return out
