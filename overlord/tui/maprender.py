"""Drawing the hex map as Rich text: terrain, towns, beaches, the naval line, units."""

from __future__ import annotations

from rich.text import Text

from ..engine.game import Game
from ..engine.state import AFLOAT, ASHORE

TERRAIN_STYLE = {
    "ocean": ("~", "blue"),
    "clear": (".", "green"),
    "town": ("T", "bold white"),
    "bocage": ("%", "dark_green"),
    "swamp": ("=", "cyan"),
    "river": ("~", "bright_cyan"),
    "beach": ("_", "yellow"),
}


def unit_glyph(game: Game, uid: str) -> str:
    spec = game.spec(uid)
    if spec.is_depot:
        return "D"
    letters = {"infantry": "I", "static-infantry": "I", "airborne": "A", "parachute": "P", "armoured": "M",
               "armoured-brigade": "B", "armoured-cavalry": "C", "ranger": "R", "commando": "K", "panzer": "P",
               "panzergrenadier": "G", "mobile-brigade": "B", "heavy-tank": "H", "air-landing": "A"}
    return letters.get(spec.type, "U")


def render_map(game: Game, highlight=None, flash_on: bool = True) -> Text:
    """The map, two characters per position, odd rows indented one character."""
    m = game.data.map
    text = Text()
    for row in range(m.rows):
        text.append(f"{row:>2} ", style="dim")
        if row % 2:
            text.append(" ")
        for col in range(m.cols):
            h = (col, row)
            glyph, style = TERRAIN_STYLE[m.terrain[h]]
            uid = game.occupant(h)
            afloat = [u for u in game.afloat_at(h)] if m.terrain[h] == "ocean" else []
            if uid is not None:
                side = game.side_of(uid)
                glyph = unit_glyph(game, uid)
                style = "bold white on blue" if side == "allied" else "bold white on red"
            elif afloat:
                glyph, style = str(min(9, len(afloat))), "bold white on dark_blue"
            elif m.beach_of_marker(h) is not None:
                glyph, style = "*", "bold yellow on blue"
            elif game.depot_at(h):
                glyph, style = "D", "bold blue"
            if highlight == h and flash_on:
                style = "reverse " + style
            text.append(glyph, style=style)
            text.append(" ")
        text.append("\n")
    return text


def describe_position(game: Game, hex_) -> str:
    m = game.data.map
    name = m.name_of(hex_)
    terrain = m.terrain[hex_]
    return f"{name} ({terrain})" if name else terrain
