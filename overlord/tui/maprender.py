"""Drawing the hex map as Rich text: terrain, towns, beaches, the naval-range line, units.

Pointy-topped hexes, odd rows shifted half a hex right (docs/rules.md). Each
position is ``cell`` characters wide (2 compact, 4 wide); odd rows are
indented by half a cell. In the tall layout each row of positions takes two
lines, the second naming towns and giving each unit's combat points. The
separator between two positions of a row shows the naval-range line ("|")
and the look cursor ("[ ]").
"""

from __future__ import annotations

import functools
import re

import attrs
from rich.text import Text

from ..engine.data import MapData
from ..engine.game import Game
from ..engine.hexgrid import Hex, neighbour
from ..engine.view import AFLOAT, ASHORE
from .palettes import palette_for

GLYPH = {"ocean": "~", "clear": ".", "town": "#", "bocage": "%", "swamp": ",", "river": "=", "beach": "_"}
UNIT_LETTER = {
    "infantry": "I", "static-infantry": "S", "airborne": "A", "parachute": "F", "armoured": "T",
    "armoured-brigade": "B", "armoured-cavalry": "C", "ranger": "R", "commando": "K", "panzer": "P",
    "panzergrenadier": "G", "mobile-brigade": "M", "heavy-tank": "H", "depot": "D", "coastal": "W",
}
LEGEND = [
    ("~", "ocean"), (".", "clear"), ("#", "town (or its first letters)"), ("%", "bocage"), (",", "swamp"), ("=", "river"),
    ("_", "beach"), ("*", "beachhead marker"), ("|", "naval-range line"),
]


@attrs.define
class MapOptions:
    cell: int = 2  # characters per position: 2 (compact) or 4 (wide)
    tall: bool = False  # two lines per row of positions
    theme: str = "colour"
    focus: Hex | None = None  # the flashing position (the unit being asked about)
    flash_on: bool = True
    marks: frozenset = frozenset()  # other positions of interest (attackers), drawn bold
    targets: dict = attrs.Factory(dict)  # position -> direction digit, shown while the focus blinks off
    cursor: Hex | None = None  # the look cursor
    focus_unit: str | None = None  # the unit asked about, drawn at the focus even in a stack at sea
    supply: dict | None = None  # position -> "US" / "BC" / "both": the supply overlay
    labels: bool = True  # town names (abbreviated) on the map


def unit_letter(game: Game, uid: str) -> str:
    return UNIT_LETTER.get(game.spec(uid).type, "U")


def unit_role(game: Game, uid: str) -> str:
    spec = game.spec(uid)
    if spec.is_depot:
        return "depot"
    if spec.side == "german":
        return "cadre" if game.unit(uid).cadre else "DE"
    return spec.nation


PARTICLES = {"la", "le", "les", "sur", "en", "du", "de", "l"}


def _words(name: str) -> list[str]:
    """The words of a town's name that carry it (not la, sur, du...): St-Vaast-la-Hougue -> St, Vaast, Hougue."""
    return [w for w in re.split(r"[^A-Za-z0-9]+", name) if w and w.lower() not in PARTICLES]


def _candidates(name: str, size: int) -> list[str]:
    """Labels of ``size`` letters for a town, the most natural first."""
    words = _words(name)
    first = words[0]
    out = []
    if size == 2:
        if len(words) > 1:
            out.append((words[0][0] + words[1][0]).upper())  # Ste-Mere-Eglise -> SM
        out += [first[0].upper() + ch.lower() for ch in first[1:]]  # Carentan -> Ca, Cr, Ce...
    else:
        initials = "".join(w[0].upper() for w in words[1:])
        out.append(first[:3] if len(first) >= 3 else (first + initials)[:3])  # Cherbourg -> Che, St-Lo -> StL
        if initials:
            out.append(first[:2] + initials[0])  # Barneville-Carteret -> BaC
        out += [first[:2] + ch for ch in first[2:]]
    out += [f"{first[0].upper()}{i}" for i in range(10)]
    return [c for c in out if len(c) == size]


def town_labels(names: list[str]) -> dict[str, tuple[str, str]]:
    """A label of two letters (compact map) and of three (wide map) for each town, no two alike; the
    towns named first get the most natural labels."""
    labels: dict[str, list[str]] = {n: [] for n in names}
    for size in (2, 3):
        used: set[str] = set()
        for n in names:
            label = next(c for c in _candidates(n, size) if c not in used)
            used.add(label)
            labels[n].append(label)
    return {n: (two, three) for n, (two, three) in labels.items()}


@functools.cache
def map_town_labels(m: MapData) -> dict[str, tuple[str, str]]:
    """The labels of a map's towns (worked out once per map: a map is hashed by identity); the
    objectives' towns come first, so they keep the plainest labels (Caen is Ca, Carentan Cr)."""
    return town_labels(sorted(m.towns, key=lambda n: m.objective_of(m.towns[n]) is None))


def town_label(game: Game, name: str, wide: bool = True) -> str:
    return map_town_labels(game.data.map)[name][1 if wide else 0]


def map_width(game: Game, cell: int) -> int:
    """Columns the drawn map needs (row labels, the half-cell indent, the cells)."""
    return 3 + cell // 2 + game.data.map.cols * cell


def map_height(game: Game, tall: bool) -> int:
    return 1 + game.data.map.rows * (2 if tall else 1)


def render_map(game: Game, opts: MapOptions | None = None) -> Text:
    opts = opts or MapOptions()
    pal = palette_for(opts.theme)
    m = game.data.map
    afloat: dict[Hex, int] = {}
    for u in game.units(status=AFLOAT):
        if u.position is not None:
            afloat[u.position] = afloat.get(u.position, 0) + 1
    w = opts.cell - 1
    text = Text(no_wrap=True, overflow="crop")
    header = "".join(f"{c % 10 if opts.cell == 2 else c:<{opts.cell}}" for c in range(m.cols))
    text.append("   " + " " * (opts.cell // 4) + header.rstrip() + "\n", style=pal["label"])
    for row in range(m.rows):
        indent = " " * (opts.cell // 2) if row % 2 else ""
        cells = [_cell(game, (col, row), opts, pal, afloat) for col in range(m.cols)]
        seps = _separators(game, row, opts, pal)
        lines = [(0, f"{row:>2} ")] + ([(1, "   ")] if opts.tall else [])
        for line, label in lines:
            lead = label + indent
            text.append(lead[:-1], style=pal["label"])
            text.append(*(seps[0] if seps[0][0] != " " else (lead[-1], "")))
            for col, cell in enumerate(cells):
                body, style = cell[line]
                if w == 1 and len(body) == 2:  # a compact town label runs into the separator
                    text.append(body, style=style)
                    continue
                text.append(body.center(w)[:w], style=style)
                sep, sep_style = seps[col + 1]
                text.append(sep, style=sep_style)
            text.append("\n")
    text.rstrip()
    return text


def _separators(game: Game, row: int, opts: MapOptions, pal: dict) -> list[tuple[str, str]]:
    """The character after each position (index col + 1): blank, the naval line, or the cursor."""
    m = game.data.map
    seps = [(" ", "")] * (m.cols + 1)
    for col in range(m.cols - 1):
        a, b = m.naval_side[(col, row)], m.naval_side[(col + 1, row)]
        if (a == "c") != (b == "c"):
            seps[col + 1] = ("|", pal["naval"])
    if opts.cursor is not None and opts.cursor[1] == row:
        col = opts.cursor[0]
        seps[col] = ("[", pal["bracket"])
        seps[col + 1] = ("]", pal["bracket"])
    return seps


def _cell(game: Game, h: Hex, opts: MapOptions, pal: dict, afloat: dict[Hex, int]):
    """((top body, style), (bottom body, style)) for one position; the bottom line is drawn only when tall."""
    m = game.data.map
    terrain = m.terrain[h]
    glyph = GLYPH[terrain]
    wide = opts.cell > 2
    style = pal[terrain]
    if m.objective_of(h):
        style = pal["objective"]
    beach = m.beach_of_position(h)
    if beach is not None and game.coastal_defender(beach.name) is not None:
        style = pal["coastal"]
    tint = (opts.supply or {}).get(h)
    if tint:
        style = f"{style} {pal['supply_' + tint]}"
    name = m.name_of(h) if terrain == "town" else None
    # a town is labelled: three letters when wide, two (running into the separator) when compact
    top = glyph, style
    if name and opts.labels:
        top = (town_label(game, name, wide) if wide or h != opts.cursor else glyph), style
    bottom = glyph, style
    uid = game.occupant(h)
    marker = m.beach_of_marker(h)
    depot = game.depot_at(h)
    if uid is not None:
        role = pal[unit_role(game, uid)]
        top = unit_letter(game, uid), role + (" underline" if depot is not None else "")
        bottom = f"{game.unit(uid).cp:>3}", role
    elif h in afloat:
        top = str(min(afloat[h], 9)), pal["afloat"]
        bottom = "~", pal["afloat"]
    elif marker is not None:
        intact = game.beaches[marker.name].marker_intact
        role = pal["marker" if intact else "marker_lost"]
        top = ("*" if intact else "x"), role
        bottom = marker.name[:3], role
    elif depot is not None:
        top = "D", pal["depot"]
        bottom = f"{game.unit(depot).cp:>3}", pal["depot"]
    if h == opts.focus and opts.focus_unit is not None:
        top = unit_letter(game, opts.focus_unit), pal[unit_role(game, opts.focus_unit)]
    body, style = top
    if wide and len(body) == 1 and (uid is not None or h in afloat or depot is not None):
        body = f" {body} "  # a unit fills its whole cell
    if h in opts.marks:
        style += " bold underline"
    if h == opts.focus and opts.flash_on:
        style += " reverse"
    elif h in opts.targets and not opts.flash_on and h != opts.focus:
        body, style = str(opts.targets[h]), pal["target"]
    return (body, style), bottom


def describe_position(game: Game, hex_) -> str:
    m = game.data.map
    name = m.name_of(hex_)
    terrain = m.terrain[hex_]
    return f"{name} ({terrain})" if name else terrain


def move_targets(game: Game, uid: str, directions) -> dict[Hex, int]:
    """The positions a unit would step into, with the direction key for each."""
    u = game.unit(uid)
    if u.position is None or u.status not in (ASHORE, AFLOAT):
        return {}
    return {neighbour(u.position, d): d for d in directions}
