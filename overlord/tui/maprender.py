"""Drawing the hex map as Rich text: terrain, towns, units and their sides, marks, the naval-range line.

The design is written out in docs/screens.md; in short:

Pointy-topped hexes, odd rows shifted half a position right (docs/rules.md). Each position is ``cell``
characters: a body of ``cell - 1`` (1 on the compact map, 3 on the wide one) and the separator after
it. In the tall layout a row of positions takes two lines, the second giving each unit's combat
points. The ``Layout`` says where every position is drawn, and which position a character belongs
to (the mouse and the tests use it too).

- Terrain is a punctuation glyph (``~ . # % , = _``); letters are units and town names only.
- A unit is its letter on a block of its side's colour: Allied letters are capitals, German ones
  small letters, so the side shows without colour too (NO_COLOR, a monochrome screen).
- A town with no unit shows its name (two letters compact, three wide); a name never covers a unit.
- Marks: ``@`` an objective and ``+`` a depot beneath a unit. On the compact map a mark or the
  second letter of a town's name goes in a separator beside the position (the one after it, else the
  one before); on the wide map inside the body.
- The naval-range line: ``|`` in the separator between two positions of a row on either side of it,
  and an underline along the bottom of a line where the positions below are on the other side.
  Nothing else on the map is underlined.
- The supply overlay tints the ground within it and puts ``·`` in the free separators between two such
  positions, so that it shows without colour too.
- The look cursor is ``[ ]`` in the separators; the unit asked about blinks (reverse); the positions
  it may enter show their direction digit while it blinks off; the units in an attack are reversed.
  A route chosen by destination marks its positions ``•`` (reached this phase) and ``◦`` (beyond).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs
from rich.text import Text

from ..engine.data import Beach, MapData
from ..engine.game import Game
from ..engine.hexgrid import Hex, neighbour
from ..engine.records import FrozenRecord, Record
from ..engine.view import AFLOAT, ASHORE
from .palettes import palette_for

if TYPE_CHECKING:
    from rich.table import Table

GLYPH = {"ocean": "~", "clear": ".", "town": "#", "bocage": "%", "swamp": ",", "river": "=", "beach": "_"}
UNIT_LETTER = {
    "infantry": "I", "static-infantry": "S", "airborne": "A", "parachute": "F", "armoured": "T",
    "armoured-brigade": "B", "armoured-cavalry": "C", "ranger": "R", "commando": "K", "panzer": "P",
    "panzergrenadier": "G", "mobile-brigade": "M", "heavy-tank": "H", "depot": "D", "coastal": "W",
}
OBJECTIVE_MARK = "@"
DEPOT_MARK = "+"
NAVAL_LINE = "|"
SUPPLY_MARK = "·"  # the supply overlay, between two positions within it
TERRAIN_NAMES = (("~", "ocean"), (".", "clear"), ("#", "town"), ("%", "bocage"), (",", "swamp"), ("=", "river"),
                 ("_", "beach"))
LABEL_WIDTH = 2  # the row numbers at the left
Palette = dict[str, str]  # what is drawn -> its style (palettes.py)
Cell = list[str]  # one character of a line as it is drawn: [character, style]


@attrs.define(repr=False, eq=False)
class MapOptions(Record):
    cell: int = 2  # characters per position: 2 (compact) or 4 (wide)
    tall: bool = False  # two lines per row of positions
    theme: str = "phosphor"
    no_color: bool = False  # NO_COLOR is set: the palette told apart by brightness alone
    sixteen: bool = False  # the terminal writes 16 colours only: the modern theme's palette for them
    focus: Hex | None = None  # the flashing position (the unit being asked about)
    flash_on: bool = True
    marks: frozenset[Hex] = frozenset()  # other positions of interest (the units of an attack), drawn reversed
    targets: dict[Hex, int] = attrs.Factory(dict)  # position -> direction digit, shown while the focus blinks off
    cursor: Hex | None = None  # the look cursor
    focus_unit: str | None = None  # the unit asked about, drawn at the focus even in a stack at sea
    supply: dict[Hex, str] | None = None  # position -> "US" / "BC" / "both" / "DE": the supply overlay
    labels: bool = True  # town names on the map
    route: dict[Hex, str] = attrs.Factory(dict)  # position -> its mark: a route chosen by destination (routing.py)


# --------------------------------------------------------------------------- where things are drawn
@attrs.frozen(repr=False, eq=False)
class Layout(FrozenRecord):
    """The geometry of a drawn map: where each position's body is, and what each character belongs to.

    x counts characters from the map's left edge (the row numbers are x 0 and 1); y counts lines from
    its top (the column ruler first)."""

    cols: int
    rows: int
    cell: int = 2
    tall: bool = False

    @classmethod
    def of(cls, game: Game, cell: int = 2, tall: bool = False) -> "Layout":
        m = game.data.map
        return cls(m.cols, m.rows, cell, tall and cell > 2)

    @property
    def body(self) -> int:
        return self.cell - 1

    @property
    def shift(self) -> int:
        return self.cell // 2

    @property
    def ruler_lines(self) -> int:
        """Two lines compact (tens above units), one wide (whole numbers fit a cell)."""
        return 2 if self.cell == 2 else 1

    @property
    def lines_per_row(self) -> int:
        return 2 if self.tall else 1

    @property
    def width(self) -> int:
        return LABEL_WIDTH + self.shift + self.cell * self.cols + 1

    @property
    def height(self) -> int:
        return self.ruler_lines + self.rows * self.lines_per_row

    def indent(self, row: int) -> int:
        return self.shift if row % 2 else 0

    def body_x(self, h: Hex) -> int:
        """The x of the first character of a position's body."""
        col, row = h
        return LABEL_WIDTH + self.indent(row) + 1 + col * self.cell

    def sep_x(self, row: int, k: int) -> int:
        """The x of the separator before column k of a row (k == cols: the one after the last)."""
        return LABEL_WIDTH + self.indent(row) + k * self.cell

    def row_at(self, y: int) -> int | None:
        row = (y - self.ruler_lines) // self.lines_per_row if y >= self.ruler_lines else None
        return row if row is not None and row < self.rows else None

    def at(self, row: int, x: int) -> tuple[Hex, ...]:
        """The positions a character of a row touches: the body it is part of, or the two positions
        either side of a separator (one at the map's edges; none beyond them)."""
        gx = x - LABEL_WIDTH - self.indent(row)
        if gx < 0:
            return ()
        k, offset = divmod(gx, self.cell)
        if offset:  # inside the body of column k
            return ((k, row),) if k < self.cols else ()
        return tuple((c, row) for c in (k - 1, k) if 0 <= c < self.cols)

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The position drawn at a character (a separator counts for the position before it): for clicks."""
        row = self.row_at(y)
        if row is None:
            return None
        touched = self.at(row, x)
        return touched[0] if touched else None


def map_width(game: Game, cell: int) -> int:
    """Columns the drawn map needs (row labels, the half-cell indent, the cells)."""
    return Layout.of(game, cell).width


def map_height(game: Game, tall: bool, cell: int | None = None) -> int:
    """Lines the drawn map needs: the ruler and one or two lines a row."""
    return Layout.of(game, cell if cell is not None else (4 if tall else 2), tall).height


# --------------------------------------------------------------------------- units and towns
def unit_letter(game: Game, uid: str) -> str:
    """The unit's letter: a capital for the Allies, a small letter for the German."""
    spec = game.spec(uid)
    letter = UNIT_LETTER.get(spec.type, "U")
    return letter.lower() if spec.side == "german" else letter


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
    """Labels of ``size`` letters for a town, the most natural first: a capital, then small letters (as a
    word is written, so that a name never reads as a row of unit letters)."""
    words = _words(name)
    first = words[0]
    out = []
    if size == 2:
        if len(words) > 1:
            out.append(words[0][0].upper() + words[1][0].lower())  # Ste-Mere-Eglise -> Sm
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


# --------------------------------------------------------------------------- what each position shows
@attrs.define(repr=False, eq=False)
class Face(Record):
    """What one position shows: its body on the first line (and the second, tall), and the marks that go
    beside it on the compact map."""

    top: str
    style: str
    bottom: str
    bottom_style: str
    block: bool = False  # a unit, a stack at sea, a marker or a depot: drawn on a block of colour
    label: str = ""  # the rest of a town's name, beside the body on the compact map
    notes: tuple[str, ...] = ()  # marks beside the body on the compact map (OBJECTIVE_MARK, DEPOT_MARK)


@functools.cache
def _ground(m: MapData, h: Hex) -> tuple[str, bool, Beach | None, Beach | None, str | None]:
    """What a position is, whatever stands on it: its terrain, whether it is an objective, the beach of its
    beachhead marker, its beach, its town's name (worked out once per map: the map is drawn at every key)."""
    terrain = m.terrain[h]
    return (terrain, m.objective_of(h) is not None, m.beach_of_marker(h), m.beach_of_position(h),
            m.name_of(h) if terrain == "town" else None)


def marker_intact(game: Game, beach: str) -> bool:
    """Whether a beach's beachhead marker stands: every one does before the board is set up (a replay's first
    positions, while the scenario questions are answered, have no beaches' states yet)."""
    state = game.beaches.get(beach)
    return state is None or state.marker_intact


def _face(game: Game, h: Hex, opts: MapOptions, pal: Palette, afloat: dict[Hex, int]) -> Face:
    m = game.data.map
    terrain, objective, marker, beach, town = _ground(m, h)
    glyph = OBJECTIVE_MARK if objective else GLYPH[terrain]
    ground = pal["objective"] if objective else pal[terrain]
    uid = game.occupant(h)
    if h == opts.focus and opts.focus_unit is not None:
        uid = opts.focus_unit  # the unit asked about, even in a stack at sea
    depot = game.depot_at(h)
    coastal = game.coastal_defender(beach.name) if beach is not None else None
    if uid is not None and not game.spec(uid).is_depot:
        role = pal[unit_role(game, uid)]
        notes = ((OBJECTIVE_MARK,) if objective else ()) + ((DEPOT_MARK,) if depot is not None else ())
        return Face(unit_letter(game, uid), role, f"{game.unit(uid).cp:>3}", role, block=True, notes=notes)
    if h in afloat:
        return Face(str(min(afloat[h], 9)), pal["afloat"], "~", pal["afloat"], block=True)
    if marker is not None:
        intact = marker_intact(game, marker.name)
        role = pal["marker" if intact else "marker_lost"]
        return Face("*" if intact else "x", role, marker.name[:3], role, block=True)
    if depot is not None:
        return Face("D", pal["depot"], " ", pal["depot"], block=True,
                    notes=(OBJECTIVE_MARK,) if objective else ())
    if coastal is not None:  # the German coastal defence still holds this beach
        return Face(unit_letter(game, coastal.id), pal["coastal"], f"{coastal.cp:>3}", pal["coastal"], block=True)
    if town and opts.labels:
        two, three = map_town_labels(m)[town]
        style = pal["objective"] if objective else pal["town"]
        if opts.cell > 2:
            return Face(three, style, glyph, ground)
        return Face(two[0], style, glyph, ground, label=two[1])
    return Face(glyph, ground, glyph, ground)


# --------------------------------------------------------------------------- drawing
def render_map(game: Game, opts: MapOptions | None = None) -> Text:
    opts = opts or MapOptions()
    return Text("\n").join(map_lines(game, opts))


class DrawnRows:
    """The lines of the map's rows as last drawn, by what each row shows (its positions' faces and the marks
    of the moment on it): from one key press to the next most rows show what they showed, and are not drawn
    again (the map widget keeps one)."""

    def __init__(self) -> None:
        self.map: MapData | None = None  # the map the rows were drawn for
        self.rows: dict[tuple[object, ...], list[Text]] = {}


def map_lines(game: Game, opts: MapOptions, drawn: DrawnRows | None = None) -> list[Text]:
    """The map's lines, one Text each (the map widget draws them line by line, keeping ``drawn``)."""
    pal = palette_for(opts.theme, opts.no_color, opts.sixteen)
    lay = Layout.of(game, opts.cell, opts.tall)
    m = game.data.map
    afloat: dict[Hex, int] = {}
    for u in game.units(status=AFLOAT):
        if u.position is not None:
            afloat[u.position] = afloat.get(u.position, 0) + 1
    known = drawn.rows if drawn is not None and drawn.map is m else {}
    kept: dict[tuple[object, ...], list[Text]] = {}
    out = _ruler(lay, pal)
    options = _options_by_row(opts, m.rows)
    for row in range(m.rows):
        faces = [_face(game, (col, row), opts, pal, afloat) for col in range(m.cols)]
        key = _row_key(row, faces, options[row])
        lines = known.get(key) or _row_lines(game, lay, row, faces, opts, pal)
        kept[key] = lines
        out.extend(lines)
    if drawn is not None:
        drawn.map, drawn.rows = m, kept
    return out


IN_THE_FACES = {"focus_unit"}  # options that bear on a row only through its positions' faces (which are in the key)


def _options_by_row(opts: MapOptions, rows: int) -> list[tuple[object, ...]]:
    """For each row, every option that bears on it: those about positions cut down to the row's, the rest
    whole (so an option added to MapOptions is in the rows' keys too)."""
    by_row: list[list[object]] = [[] for _ in range(rows)]
    for field in attrs.fields(MapOptions):
        value: Any = getattr(opts, field.name) if field.name not in IN_THE_FACES else None
        if isinstance(value, (dict, frozenset)) or _is_hex(value):
            parts: list[list[object]] = [[] for _ in range(rows)]
            for h in sorted(value) if not _is_hex(value) else [value]:
                if 0 <= h[1] < rows:
                    parts[h[1]].append((h, value[h]) if isinstance(value, dict) else h)
            for row in range(rows):
                by_row[row].append(tuple(parts[row]))
        else:
            for row in range(rows):
                by_row[row].append(value)
    flash = [f.name for f in attrs.fields(MapOptions)].index("flash_on")
    blinking = {h[1] for h in (opts.focus, *opts.targets) if h is not None}
    for row in range(rows):
        if row not in blinking:
            by_row[row][flash] = None  # the blink shows only where the unit asked about is, and its steps
    return [tuple(options) for options in by_row]


def _is_hex(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _row_key(row: int, faces: list[Face], options: tuple[object, ...]) -> tuple[object, ...]:
    """All that a row's lines are drawn from, besides the map and the layout: its positions' faces and the
    options that bear on it (_options_by_row)."""
    return (row, options, *((f.top, f.style, f.bottom, f.bottom_style, f.block, f.label, f.notes) for f in faces))


def _row_lines(game: Game, lay: Layout, row: int, faces: list[Face], opts: MapOptions, pal: Palette) -> list[Text]:
    """A row's line (two when tall), its number at the left."""
    top, bottom = _row_cells(game, lay, row, faces, opts, pal)
    lines = [top, bottom] if lay.tall else [top]
    _underline(game, lay, row, lines[-1], pal)
    out = []
    for i, cells in enumerate(lines):
        t = Text(no_wrap=True, overflow="crop")
        t.append(f"{row:>2}" if i == 0 else "  ", style=pal["label"])
        for run, style in _runs(cells[LABEL_WIDTH:]):
            t.append(run, style=style)
        out.append(t)
    return out


def _runs(cells: list[Cell]) -> list[tuple[str, str]]:
    """The characters of a line in runs of one style: a key press redraws the map, and the screen's cost is
    in the number of runs. A blank separator joins the run before it when that shows no background,
    underline or reverse (a space looks the same in any colour)."""
    runs: list[Cell] = []
    for ch, style in cells:
        if runs and (style == runs[-1][1] or ch == " " and not style and _bare(runs[-1][1])):
            runs[-1][0] += ch
        else:
            runs.append([ch, style])
    return [(text, style) for text, style in runs]


@functools.cache
def _bare(style: str) -> bool:
    """Whether a style shows nothing on a space (no background, underline nor reverse)."""
    return not any(word in style.split() for word in ("on", "underline", "reverse"))


def _ruler(lay: Layout, pal: Palette) -> list[Text]:
    """The column numbers: tens above units on the compact map, whole numbers on the wide one."""
    x0 = lay.body_x((0, 0))
    if lay.cell > 2:
        header = "".join(f"{c:<{lay.cell}}" for c in range(lay.cols))
        return [Text(" " * (x0 + 1) + header.rstrip(), style=pal["label"], no_wrap=True)]
    tens = "".join(f"{c // 10 if c >= 10 else ' ':<2}" for c in range(lay.cols)).rstrip()
    units = "".join(f"{c % 10:<2}" for c in range(lay.cols)).rstrip()
    return [Text(" " * x0 + tens, style=pal["label"], no_wrap=True),
            Text(" " * x0 + units, style=pal["label"], no_wrap=True)]


def _row_cells(game: Game, lay: Layout, row: int, faces: list[Face], opts: MapOptions,
               pal: Palette) -> tuple[list[Cell], list[Cell]]:
    """The characters of one row's line (and its second line when tall), as [char, style] pairs."""
    m = game.data.map
    top = [[" ", ""] for _ in range(lay.width)]
    bottom = [[" ", ""] for _ in range(lay.width)]
    taken: set[int] = set()  # separators holding the naval line or the cursor
    for k in range(m.cols + 1):  # the naval line between neighbours of the row
        x = lay.sep_x(row, k)
        if 0 < k < m.cols and _crosses(m, (k - 1, row), (k, row)):
            top[x] = [NAVAL_LINE, pal["naval"]]
            bottom[x] = [NAVAL_LINE, pal["naval"]]
            taken.add(x)
    if opts.cursor is not None and opts.cursor[1] == row:
        for x, ch in ((lay.body_x(opts.cursor) - 1, "["), (lay.body_x(opts.cursor) + lay.body, "]")):
            if x not in taken:
                top[x] = [ch, pal["bracket"]]
                bottom[x] = [ch, pal["bracket"]]
                taken.add(x)
    if lay.cell == 2:
        # a town's name needs the separator after it, and no letter right after that (it would read as one
        # word with the next unit or name): else the town shows its glyph
        for col in reversed(range(m.cols)):
            face = faces[col]
            after = faces[col + 1].top if col + 1 < m.cols else ""
            if face.label and (lay.body_x((col, row)) + 1 in taken or after.isalpha()):
                face.top, face.style, face.label = face.bottom, face.bottom_style, ""
            if _target_shown((col, row), opts) or (col, row) in opts.route:  # a digit or a mark over the town:
                face.label = ""  # no half a name beside it
    for col, face in enumerate(faces):
        h = (col, row)
        x = lay.body_x(h)
        body, style, low, low_style = _body(face, h, lay, opts, pal)
        for i in range(lay.body):
            top[x + i] = [body[i], style]
            bottom[x + i] = [low[i], low_style]
    if lay.cell == 2:
        _place_notes(lay, row, faces, top, taken, pal)
    if opts.supply:  # the overlay shades the separators inside it too, so that it reads as ground, not a grid;
        for k in range(1, m.cols):  # a free one gets a dot, for a screen without colour (or a reader of the text)
            tint = opts.supply.get((k - 1, row))
            if tint and opts.supply.get((k, row)):
                x = lay.sep_x(row, k)
                if top[x][0] == " ":
                    top[x] = [SUPPLY_MARK, pal["clear"]]
                for line in (top, bottom):
                    line[x][1] = f"{line[x][1]} {pal['supply_' + tint]}".strip()
    return top, bottom


def _body(face: Face, h: Hex, lay: Layout, opts: MapOptions, pal: Palette) -> tuple[str, str, str, str]:
    """A position's body on its line(s), with the highlights of the moment."""
    w = lay.body
    body, style, low, low_style = face.top, face.style, face.bottom, face.bottom_style
    if w > 1:
        if face.block and len(body) == 1:  # a block fills the body: marks at its ends
            marks = "".join(face.notes)
            left = DEPOT_MARK if DEPOT_MARK in marks else " "
            right = OBJECTIVE_MARK if OBJECTIVE_MARK in marks else " "
            body = left + body + right
        body, low = body.center(w)[:w], (low.rjust(w) if low.isdigit() else low.center(w))[:w]
    tint = (opts.supply or {}).get(h)
    if tint and not face.block:
        style, low_style = f"{style} {pal['supply_' + tint]}", f"{low_style} {pal['supply_' + tint]}"
    if _target_shown(h, opts):  # a step's digit, reversed too when marked (the hint's step: its digit stays in sight)
        body, style = str(opts.targets[h]).center(w), pal["target"] + (" reverse" if h in opts.marks else "")
    elif h == opts.focus and opts.flash_on or h in opts.marks:
        style, low_style = f"{style} reverse", f"{low_style} reverse"
    elif h in opts.route and not face.block:
        body, style = opts.route[h].center(w), pal["target"]
    return body, style, low, low_style


def _target_shown(h: Hex, opts: MapOptions) -> bool:
    """Whether a position shows the direction digit of a step to it (while the unit asked about blinks off)."""
    return h in opts.targets and not opts.flash_on and h != opts.focus


def _place_notes(lay: Layout, row: int, faces: list[Face], line: list[Cell], taken: set[int], pal: Palette) -> None:
    """Put the compact map's name letters and marks in the separators: a town's second letter after it (in
    the town's style), a mark after its position, else before it."""
    used = set(taken)
    for col, face in enumerate(faces):
        x = lay.body_x((col, row))
        if face.label:
            line[x + 1] = [face.label, line[x][1]]
            used.add(x + 1)
    for col, face in enumerate(faces):
        x = lay.body_x((col, row))
        for note in face.notes:
            free = [s for s in (x + 1, x - 1) if s not in used]
            if free:
                line[free[0]] = [note, pal["objective" if note == OBJECTIVE_MARK else "depot_mark"]]
                used.add(free[0])


def _crosses(m: MapData, a: Hex, b: Hex) -> bool:
    """Whether the naval-range line runs between two neighbouring positions."""
    return m.on_continent_side(a) != m.on_continent_side(b)


def _underline(game: Game, lay: Layout, row: int, line: list[Cell], pal: Palette) -> None:
    """Underline the characters of a row's last line below which the naval-range line runs."""
    for x in _underlined(game.data.map, lay, row):
        ch, style = line[x]
        line[x] = [ch, f"{style or pal['naval']} underline"]


@functools.cache
def _underlined(m: MapData, lay: Layout, row: int) -> tuple[int, ...]:
    """The characters of a row's last line that lie between a position of the row and a neighbour in the
    next row on the other side of the naval range (worked out once per map and layout)."""
    if row + 1 >= m.rows:
        return ()
    out = []
    for x in range(LABEL_WIDTH, lay.width):
        above, below = lay.at(row, x), lay.at(row + 1, x)
        if any(_crosses(m, a, b) for a in above for b in below if b in _neighbours(a)):
            out.append(x)
    return tuple(out)


def _neighbours(h: Hex) -> set[Hex]:
    return {neighbour(h, d) for d in range(1, 7)}


# --------------------------------------------------------------------------- the map's key
ALLIED_LETTERS = (("I", "infantry"), ("A", "airborne"), ("T", "armoured division"), ("B", "armoured brigade"),
                  ("C", "armoured cavalry"), ("R", "rangers"), ("K", "commandos"))
GERMAN_LETTERS = (("i", "infantry"), ("s", "static infantry"), ("f", "parachute"), ("p", "panzer"),
                  ("g", "panzergrenadier"), ("m", "mobile brigade"), ("h", "heavy tanks"),
                  ("w", "coastal defence holding a beach"))


def map_key(theme: str, no_color: bool = False, sixteen: bool = False) -> Table:
    """What every mark on the map means, each drawn as on the map (the legend: K in the game, and help)."""
    from rich.columns import Columns
    from rich.table import Table
    pal = palette_for(theme, no_color, sixteen)
    rows: list[tuple[Text, str]] = []

    def row(sample: list[tuple[str, str]], meaning: str) -> None:
        rows.append((Text.assemble(*sample), meaning))
    terrain = [part for glyph, name in TERRAIN_NAMES for part in ((glyph, pal[name]), (" ", ""))]
    row(terrain[:-1], ", ".join(name for _, name in TERRAIN_NAMES))
    row([("Ca", pal["town"])], "a town: two letters of its name compact, three wide (L hides them)")
    row([("Ca", pal["objective"]), (" ", ""), (OBJECTIVE_MARK, pal["objective"])],
        "an objective (Cherbourg, Caen, St-Lo): its name, or @ (beside a unit or a depot standing on it)")
    row([(" I ", pal["US"]), (" ", ""), (" I ", pal["BC"])],
        "an Allied unit: a capital letter on a bright block (American, British and Commonwealth)")
    row([(" i ", pal["DE"]), (" ", ""), (" i ", pal["cadre"])], "a German unit: a small letter on a dark block "
        "(the second a cadre, all but destroyed)")
    row([(DEPOT_MARK, pal["depot_mark"]), (" ", ""), (" D ", pal["depot"])],
        "a supply depot: + beside a unit standing on one, D alone")
    row([(" 3 ", pal["afloat"])], "formations at sea, waiting to land there")
    row([(" * ", pal["marker"]), (" ", ""), (" x ", pal["marker_lost"])], "a beachhead marker; x: destroyed")
    row([(NAVAL_LINE, pal["naval"]), (" ", ""), ("___", pal["naval"] + " underline")],
        "the naval-range line, between positions of a row or under a line: naval support reaches the "
        "ocean side; Allied units score on the continent side (CP / 60 x row a turn), German units on the ocean "
        "side not east of Caen (2 a turn on 6/8, one more each turn)")
    row([("[", pal["bracket"]), (".", pal["clear"]), ("]", pal["bracket"]), (" ", ""), ("4", pal["target"])],
        "the look cursor (arrows, or a click); the unit asked about blinks and, between blinks, the "
        "positions it may enter show their direction")
    row([(".", pal["clear"] + " " + pal["supply_US"]), (SUPPLY_MARK, pal["clear"] + " " + pal["supply_US"]),
         (".", pal["clear"] + " " + pal["supply_US"])],
        "the supply overlay (S): the ground within supply lines is tinted, with a dot between its positions")
    row([("•", pal["target"]), (" ", ""), ("◦", pal["target"])],
        "a route chosen with G (go to): the positions reached this phase, and those beyond")
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for sample, meaning in rows:
        table.add_row(sample, meaning)
    letters = Table.grid(padding=(0, 2))
    letters.add_column(no_wrap=True)
    letters.add_column()
    for side, pairs in (("Allied", ALLIED_LETTERS + (("D", "depot"),)), ("German", GERMAN_LETTERS)):
        letters.add_row(Text(side, style="bold"), Columns([f"{k} {v}" for k, v in pairs], padding=(0, 2)))
    out = Table.grid()
    out.add_column()
    out.add_row(table)
    out.add_row("")
    out.add_row(letters)
    return out


# --------------------------------------------------------------------------- for the screens
def move_targets(game: Game, uid: str, directions: Iterable[int]) -> dict[Hex, int]:
    """The positions a unit would step into, with the direction key for each."""
    u = game.unit(uid)
    if u.position is None or u.status not in (ASHORE, AFLOAT):
        return {}
    return {neighbour(u.position, d): d for d in directions}
