"""Map colours for each theme: full colour, green phosphor and amber.

A palette maps a role (a terrain, a side, a highlight) to a Rich style. The
monochrome palettes tell things apart by brightness and by the glyphs alone,
as a 1981 green-screen monitor did.
"""

from __future__ import annotations

COLOUR = {
    "ocean": "blue", "clear": "green", "town": "bold white", "bocage": "green4", "swamp": "cyan",
    "river": "bright_cyan", "beach": "yellow", "coastal": "bold red", "objective": "bold bright_white underline",
    "marker": "bold yellow on blue", "marker_lost": "bold red on blue",
    "US": "bold white on blue", "BC": "bold white on dark_olive_green3", "DE": "bold white on red3",
    "depot": "bold black on grey70", "afloat": "bold white on navy_blue", "cadre": "bold white on dark_red",
    "label": "grey50", "naval": "bold magenta", "bracket": "bold bright_yellow", "target": "bold bright_yellow",
    "supply_US": "underline on #1c2c48", "supply_BC": "underline on #2c3a1c", "supply_both": "underline on #2c3c4c",
    "supply_DE": "underline on #4a1c1c",
    "title": "bold bright_white",
}

PHOSPHOR = {
    "ocean": "#0c4a0c", "clear": "#1f8f1f", "town": "bold #8aff8a", "bocage": "#2fbf2f", "swamp": "#177017",
    "river": "#3fcf3f", "beach": "#55dd55", "coastal": "bold #aaffaa", "objective": "bold #ccffcc underline",
    "marker": "bold #001a00 on #55dd55", "marker_lost": "bold #55dd55 on #0c3a0c",
    "US": "bold #001a00 on #66ff66", "BC": "bold #001a00 on #44cc44", "DE": "bold #aaffaa on #145214",
    "depot": "bold #001a00 on #2f8f2f", "afloat": "bold #66ff66 on #0c3a0c", "cadre": "#66ff66 on #0c3a0c",
    "label": "#2f8f2f", "naval": "bold #aaffaa", "bracket": "bold #ccffcc", "target": "bold #ccffcc",
    "supply_US": "bold underline", "supply_BC": "bold underline", "supply_both": "bold underline",
    "supply_DE": "bold underline", "title": "bold #aaffaa",
}

AMBER = {
    "ocean": "#6a4600", "clear": "#a87400", "town": "bold #ffd070", "bocage": "#cc8c00", "swamp": "#805600",
    "river": "#e09a00", "beach": "#ffbf40", "coastal": "bold #ffe0a0", "objective": "bold #ffe8b0 underline",
    "marker": "bold #1a1000 on #ffbf40", "marker_lost": "bold #ffbf40 on #3a2600",
    "US": "bold #1a1000 on #ffc040", "BC": "bold #1a1000 on #d09020", "DE": "bold #ffe0a0 on #5a3a00",
    "depot": "bold #1a1000 on #a87400", "afloat": "bold #ffc040 on #3a2600", "cadre": "#ffc040 on #3a2600",
    "label": "#a87400", "naval": "bold #ffe0a0", "bracket": "bold #fff0c0", "target": "bold #fff0c0",
    "supply_US": "bold underline", "supply_BC": "bold underline", "supply_both": "bold underline",
    "supply_DE": "bold underline", "title": "bold #ffe0a0",
}

PALETTES = {"phosphor": PHOSPHOR, "amber": AMBER}


def palette_for(theme: str) -> dict[str, str]:
    return PALETTES.get(theme, COLOUR)
