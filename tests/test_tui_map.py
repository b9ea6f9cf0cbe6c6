"""The map as the player sees it, at 80x24, 100x30 and 160x50: no collisions, every mark, the whole
naval-range line; the themes' contrast (colour-blind eyes and NO_COLOR included); the mouse; the layout
on resizing; the campaign's plots; help and charts at any width (docs/screens.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from rich.color import Color as RichColor, ColorSystem
from rich.console import Console
from textual.color import Color
from textual.geometry import Region

from builders import blank_game, put
from helpers import play, static_words
from overlord.engine.actions import ChooseUnit, FinishUnit
from overlord.engine.game import Game
from overlord.engine.prompts import MovePrompt
from overlord.engine.setup import preset_settings
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.keybar import KeyBar
from overlord.tui.maprender import (DEPOT_MARK, NAVAL_LINE, OBJECTIVE_MARK, Layout, MapOptions, move_targets,
                                    render_map, unit_letter)
from overlord.tui.palettes import MODERN_16, PALETTES, colours, contrast, pairs
from overlord.tui.widgets import MapView, MessageLog

from test_tui_keys import drive, wait_until

SIZES = [(80, 24), (100, 30), (160, 50)]
LAYOUTS = [(2, False), (4, False), (4, True)]  # what those sizes get: compact, wide, wide and tall


# --------------------------------------------------------------------------- reading a drawn map
def text_cells(text) -> list[list[tuple[str, object]]]:
    """Each character of a drawn map with its style."""
    console = Console()
    return [[(ch, line.get_style_at_offset(console, i)) for i, ch in enumerate(line.plain)]
            for line in text.split("\n")]


def screen_cells(view: MapView) -> list[list[tuple[str, object]]]:
    """The map widget's characters as they are on the screen, with their styles."""
    strips = view.render_lines(Region(0, 0, view.size.width, view.size.height))
    return [[(ch, seg.style) for seg in strip for ch in seg.text] for strip in strips]


def char(cells, x: int, y: int) -> str:
    return cells[y][x][0] if y < len(cells) and x < len(cells[y]) else " "


def row_lines(lines) -> dict[int, int]:
    """The line each row of a drawn map starts on, read from the row numbers at its left (x 0 and 1); ``lines``
    are strings or [character, style] cells."""
    found = {}
    for y, line in enumerate(lines):
        label = "".join(c if isinstance(c, str) else c[0] for c in line[:2]).strip()
        if label.isdigit():
            found[int(label)] = y
    return found


def naval_edges(m) -> set[frozenset]:
    """Every pair of neighbouring positions the naval-range line runs between: one on the continent side (c) of
    it, the other not."""
    return {frozenset((h, n)) for h in m.grid.positions() for _, n in m.grid.adjacent(h)
            if (m.naval_side[h] == "c") != (m.naval_side[n] == "c")}


def faults(game: Game, cells, lay: Layout) -> list[str]:
    """What is wrong with a drawn map: a unit's position not showing its unit, a letter that is neither a
    unit nor a town's name, a name run into a letter, a naval-range edge not drawn, a missing mark."""
    m = game.data.map
    found = []
    shown: set[tuple[int, int]] = set()  # (x, y) of the letters accounted for
    line_of = row_lines(cells)
    assert sorted(line_of) == list(range(m.rows))
    for h in m.grid.positions():
        x, y = lay.body_x(h), line_of[h[1]]
        body = "".join(char(cells, x + i, y) for i in range(lay.body))
        uid = game.occupant(h)
        if uid is not None:
            letter = unit_letter(game, uid)
            if body.strip(" +@") != letter:
                found.append(f"{h}: shows {body!r}, not its unit {letter!r}")
            shown.add((x + lay.body // 2, y))
            marks = body if lay.cell > 2 else char(cells, x - 1, y) + char(cells, x + 1, y)
            if m.objective_of(h) and OBJECTIVE_MARK not in marks:
                found.append(f"{h}: a unit on an objective without {OBJECTIVE_MARK}")
            if game.depot_at(h) and DEPOT_MARK not in marks:
                found.append(f"{h}: a unit on a depot without {DEPOT_MARK}")
            continue
        beach = m.beach_of_position(h)
        marker = m.beach_of_marker(h)
        if (beach is not None and game.coastal_defender(beach.name) is not None or game.depot_at(h) is not None
                or marker is not None and not game.beaches[marker.name].marker_intact):
            shown.add((x + lay.body // 2, y))  # w: a coastal defence; D: a depot; x: a marker destroyed
            continue
        name = m.name_of(h) if m.terrain[h] == "town" else None
        label = body if lay.cell > 2 else body + char(cells, x + 1, y)
        if name and label[0].isalpha():
            shown.update((x + i, y) for i in range(len(label)))
            if char(cells, x + len(label), y).isalpha():
                found.append(f"{h}: the name {label!r} runs into a letter")
        elif body.strip().isalpha():
            found.append(f"{h}: shows letters {body!r} and holds no unit nor town")
    for y in range(lay.ruler_lines, len(cells)):
        for x in range(2, len(cells[y])):
            ch = char(cells, x, y)
            row = lay.row_at(y)
            second = lay.tall and (y - lay.ruler_lines) % 2 == 1
            if ch.isalpha() and (x, y) not in shown and not second:
                found.append(f"a stray letter {ch!r} at x {x}, line {y} (row {row})")
    for edge in naval_edges(m):
        a, b = sorted(edge, key=lambda h: (h[1], h[0]))
        if a[1] == b[1]:  # neighbours in a row: the separator between them
            x = lay.body_x(max(a, b)) - 1
            if char(cells, x, line_of[a[1]]) != NAVAL_LINE:
                found.append(f"the naval line between {a} and {b} is not drawn")
        else:  # a row and the next: an underline on the upper row's last line, between the two
            y = line_of[a[1]] + lay.lines_per_row - 1
            xs = [x for x in range(lay.width) if a in lay.at(a[1], x) and b in lay.at(b[1], x)]
            if not any(cells[y][x][1] is not None and cells[y][x][1].underline for x in xs if x < len(cells[y])):
                found.append(f"the naval line between {a} and {b} is not underlined")
    return found


def hand_built() -> Game:
    """Units in the awkward places: on depots, on objectives, beside towns and beside each other, on both
    sides of the naval range."""
    g = blank_game(turn=4)
    for uid, h in [("us-depot-1", (9, 6)), ("us-29-inf", (9, 6)), ("bc-depot-1", (16, 7)), ("bc-50-inf", (17, 8)),
                   ("bc-depot-2", (17, 8)), ("de-21-pz", (18, 8)), ("de-352-inf", (10, 9)), ("us-2-arm", (8, 9)),
                   ("us-1-inf", (9, 9)), ("de-91-inf", (6, 6)), ("us-4-inf", (7, 6)), ("de-12ss-pz", (19, 8)),
                   ("us-depot-2", (12, 6))]:
        put(g, uid, h)
    return g


def mid_game() -> Game:
    game = Game.new(preset_settings("historical"), 1944)
    play(game, "historical", "ai", seed=1944,
         stop=lambda g: g.turn == 3 and isinstance(g.prompt, MovePrompt) and g.prompt.side == "allied")
    return game


@pytest.fixture(scope="module")
def played() -> tuple:
    game = mid_game()
    return game.initial_settings, game.seed, list(game.actions)


def replayed(played) -> Game:
    return Game.replay(*played)[0]


# --------------------------------------------------------------------------- the drawing
@pytest.mark.parametrize("cell,tall", LAYOUTS)
@pytest.mark.parametrize("labels", [True, False])
def test_every_position_shows_its_unit_and_every_naval_edge_is_drawn(cell, tall, labels, played):
    for game in (hand_built(), replayed(played), Game.new(preset_settings("historical"), 2)):
        text = render_map(game, MapOptions(cell=cell, tall=tall, labels=labels))
        assert faults(game, text_cells(text), Layout.of(game, cell, tall)) == []


def test_side_shows_in_the_letter_and_marks_in_the_separators():
    g = hand_built()
    plain = render_map(g, MapOptions(cell=2)).plain.splitlines()
    lay = Layout.of(g, 2)
    at = row_lines(plain)
    assert plain[at[6]][lay.body_x((9, 6)):][:2] == "I" + DEPOT_MARK  # 29th Infantry on a depot
    assert plain[at[8]][lay.body_x((17, 8)):][:2] == "I" + OBJECTIVE_MARK  # in Caen, and a depot:
    assert plain[at[8]][lay.body_x((17, 8)) - 1] == DEPOT_MARK  # the second mark goes before it
    assert plain[at[8]][lay.body_x((18, 8))] == "p"  # a German panzer: a small letter
    assert plain[at[6]][lay.body_x((12, 6))] == "D"  # a depot alone
    wide = render_map(g, MapOptions(cell=4)).plain.splitlines()
    lay = Layout.of(g, 4)
    assert wide[row_lines(wide)[8]][lay.body_x((17, 8)):][:3] == DEPOT_MARK + "I" + OBJECTIVE_MARK


def test_the_directions_lit_between_blinks_leave_no_half_names():
    g = Game.new(preset_settings("historical"), 2)
    lay = Layout.of(g, 2)
    opts = MapOptions(focus=(6, 2), targets={(5, 2): 6, (7, 2): 3})  # Valognes and Quineville either side
    lines = render_map(g, opts).plain.splitlines()
    lit = lines[row_lines(lines)[2]]
    assert lit[lay.body_x((5, 2)):][:2] == "Va" and lit[lay.body_x((7, 2)):][:2] == "Qu"
    opts.flash_on = False
    lines = render_map(g, opts).plain.splitlines()
    dark = lines[row_lines(lines)[2]]
    assert dark[lay.body_x((5, 2)):][:2] == "6 " and dark[lay.body_x((7, 2)):][:2] == "3 "
    opts.marks = frozenset({(5, 2)})  # the hint's step, marked: its digit still lit between blinks (it read "V")
    text = render_map(g, opts)
    lines = text.plain.splitlines()
    marked = lines[row_lines(lines)[2]]
    assert marked[lay.body_x((5, 2)):][:2] == "6 "


def test_a_click_finds_the_position_drawn_there():
    g = hand_built()
    for cell, tall in LAYOUTS:
        lay = Layout.of(g, cell, tall)
        line_of = row_lines(render_map(g, MapOptions(cell=cell, tall=tall)).plain.splitlines())
        for h in g.data.map.grid.positions():
            for i in range(lay.body):
                assert lay.hex_at(lay.body_x(h) + i, line_of[h[1]] + lay.lines_per_row - 1) == h
        assert lay.hex_at(0, line_of[3]) is None and lay.hex_at(5, 0) is None  # row numbers, ruler


# --------------------------------------------------------------------------- the themes
VIENOT = {  # Vienot, Brettel and Mollon (1999), on linear RGB: what protanopes and deuteranopes see
    "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
}


def linear(hex_colour: str) -> list[float]:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    h = hex_colour.lstrip("#")
    return [channel(int(h[i:i + 2], 16)) for i in (0, 2, 4)]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear RGB colour."""
    r, g, b = rgb
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = (f(v / n) for v, n in zip(xyz, (0.95047, 1.0, 1.08883)))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(a: str, b: str, matrix=None) -> float:
    """CIE76 colour difference of two colours, as seen through a simulation matrix."""
    def seen(c: str) -> list[float]:
        rgb = linear(c)
        return rgb if matrix is None else [min(1, max(0, sum(m * v for m, v in zip(row, rgb)))) for row in matrix]
    return sum((p - q) ** 2 for p, q in zip(lab(seen(a)), lab(seen(b)))) ** 0.5


@pytest.mark.parametrize("theme", list(PALETTES))
def test_every_pair_of_colours_a_theme_draws_is_legible(theme):
    weak = [(what, fg, bg, round(contrast(fg, bg), 2)) for what, fg, bg, least in pairs(theme)
            if contrast(fg, bg) < least]
    assert weak == []


@pytest.mark.parametrize("theme", list(PALETTES))
def test_the_sides_stay_apart_for_colour_blind_eyes(theme):
    p = PALETTES[theme]
    for allied in ("US", "BC"):
        for german in ("DE", "cadre"):
            a, g = colours(p[allied])[1], colours(p[german])[1]
            for name, matrix in VIENOT.items():
                assert difference(a, g, matrix) >= 30, (theme, allied, german, name)
            if theme != "modern":  # a one-hue theme tells the sides apart by brightness
                assert contrast(a, g) >= 3, (theme, allied, german)


def test_under_no_color_the_map_is_legible_in_greys():
    grey = {c: Color.parse(c).monochrome.hex for _, fg, bg, _ in pairs("phosphor") for c in (fg, bg)}
    weak = [what for what, fg, bg, least in pairs("phosphor") if contrast(grey[fg], grey[bg]) < least]
    assert weak == []
    g = hand_built()
    for theme in PALETTES:  # every theme falls back to it
        assert render_map(g, MapOptions(theme=theme, no_color=True)) == render_map(g, MapOptions(theme="phosphor"))


def test_the_modern_theme_on_sixteen_colours_draws_the_sixteen_legibly():
    """On a terminal of 16 colours (TERM=xterm) the modern theme's colours, brought down to the nearest of them, drew
    American letters white on cyan and German blocks and markers in two yellows (found by a helper). Its palette for
    them is drawn in the 16 themselves, legible and with the sides apart as the full theme's."""
    sixteen = ["#000000", "#aa0000", "#00aa00", "#aa5500", "#0000aa", "#aa00aa", "#00aaaa", "#aaaaaa",
               "#555555", "#ff5555", "#55ff55", "#ffff55", "#5555ff", "#ff55ff", "#55ffff", "#ffffff"]  # (by number)
    drawn = {c for what, fg, bg, _ in pairs("modern", MODERN_16) if not what.startswith("plot") for c in (fg, bg)}
    assert all(sixteen[RichColor.parse(c).downgrade(ColorSystem.STANDARD).number] == c for c in drawn)  # (each
    # is one of the 16, as written: nothing is brought down to another)
    assert [what for what, fg, bg, least in pairs("modern", MODERN_16) if contrast(fg, bg) < least] == []
    for allied in ("US", "BC"):
        for other in ("DE", "cadre", "marker", "coastal"):
            a, b = colours(MODERN_16[allied])[1], colours(MODERN_16[other])[1]
            assert all(difference(a, b, matrix) >= 30 for matrix in VIENOT.values()), (allied, other)
    assert difference(colours(MODERN_16["DE"])[1], colours(MODERN_16["marker"])[1]) >= 30
    g = hand_built()
    assert render_map(g, MapOptions(theme="modern", sixteen=True)) != render_map(g, MapOptions(theme="modern"))
    for theme in ("phosphor", "amber"):  # (they stay apart on 16 colours: brightness and case)
        assert render_map(g, MapOptions(theme=theme, sixteen=True)) == render_map(g, MapOptions(theme=theme))


@pytest.mark.parametrize("term, colorterm, sixteen", [("xterm", "", True), ("xterm-256color", "", False),
                                                       ("xterm", "truecolor", False)])
async def test_the_game_draws_the_map_for_the_terminals_colours(played, monkeypatch, term, colorterm, sixteen):
    monkeypatch.setenv("TERM", term)
    monkeypatch.setenv("COLORTERM", colorterm)
    app = OverlordApp(game=replayed(played), delay=0, theme="modern")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.screen.query(MapView), "the map")
        assert app.screen.query_one(MapView).options().sixteen == sixteen


def test_a_theme_remembered_by_its_old_name_is_migrated(tmp_path):
    from overlord import preferences
    from overlord.cli import start_theme
    preferences.remember(theme="textual-dark")
    assert start_theme(None) == "modern"
    assert preferences.load() == {"theme": "modern"}
    r = subprocess.run([sys.executable, "-m", "overlord", "--theme", "textual-dark", "--version"],
                       capture_output=True, text=True)
    assert r.returncode == 0


# --------------------------------------------------------------------------- on the screen, at three sizes
@pytest.mark.parametrize("size", SIZES)
async def test_the_map_on_the_screen_at_each_size(size, played):
    game = replayed(played)
    app = OverlordApp(game=game, delay=0, theme="modern")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.query_one(MapView)
        screen.flash_on = True
        screen.refresh_view()
        await pilot.pause()
        cell, tall = {(80, 24): (2, False), (100, 30): (4, False), (160, 50): (4, True)}[size]
        assert (screen.cell, screen.tall) == (cell, tall)
        lay = Layout.of(game, cell, tall)
        assert view.size.width >= lay.width and view.size.height >= lay.height
        assert faults(game, screen_cells(view), lay) == []
        side = screen.query_one("#side-below" if size == (100, 30) else "#side")
        moving = game.spec(game.prompt.unit).name
        assert side.display and moving in str(side.render())  # the unit being moved, beside or below
        assert screen.has_class("side-below") == (size == (100, 30))


async def test_the_layout_flows_again_on_every_resize_the_log_included(played):
    app = OverlordApp(game=replayed(played), delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one(MessageLog)
        for size in [(80, 24), (120, 40), (100, 30), (160, 50), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert max(strip.cell_length for strip in log.lines) <= log.scrollable_content_region.width
            assert (screen.cell == 4) == (size[0] >= 100)
            for widget in (screen.query_one("#status"), screen.query_one("#prompt"), log):
                assert widget.region.right <= size[0]


@pytest.mark.parametrize("size, beside", [((200, 60), True), ((160, 50), False), ((100, 30), False)])
async def test_a_wide_side_panel_has_the_points_beside_the_card(played, size, beside):
    """At 200x60 the side panel had 90 columns, the card and the points one under the other in 30 of them, and the
    points cut by the panel's foot (found by a helper). Wide enough for a card of 40 columns beside them (at 160
    columns it is not: the card's warnings would shorten), it sets the points beside the card."""
    from overlord.tui.game_screen import COLUMN_GAP, POINTS_COLUMN
    from overlord.tui.reporting import points_panel
    app = OverlordApp(game=replayed(played), delay=0)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the question")
        screen = app.screen
        await wait_until(pilot, lambda a: screen.side_width() > 0, "the panel laid out")
        screen.refresh_view()
        assert screen.points_beside() == beside
        shown = screen.query_one("#side" if not screen.has_class("side-below") else "#side-below").shown.plain
        points = points_panel(screen.game, screen.turn_starts()).plain.splitlines()
        whole = screen.side_text().plain.split("\n")
        card = "\n".join(whole[:screen.points_from]).rstrip().splitlines()  # (with the step preview under the card)
        if not beside:
            assert shown.splitlines()[screen.points_from] == points[0]
            return
        width = screen.side_width()
        assert width == screen.query_one("#side").content_size.width - COLUMN_GAP - POINTS_COLUMN
        lines = shown.splitlines()
        assert [line[width + COLUMN_GAP:] for line in lines[:len(points)]] == points  # the points from the top
        assert [line[:width].rstrip() for line in lines[:len(card)]] == [line.rstrip() for line in card]
        assert len(lines) == max(len(points), len(card)) <= screen.query_one("#side").content_size.height


async def test_the_log_keeps_its_newest_line_in_view_when_it_grows_shorter(played):
    """The log was scrolled to its end again only when its width changed: made shorter (the question beside it
    grown taller, the terminal less high) it hid its newest lines, a landing's round among them (found by a
    helper at 200x60)."""
    app = OverlordApp(game=replayed(played), delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        log = app.screen.query_one(MessageLog)
        await wait_until(pilot, lambda a: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the log's end")
        for height in (40, 30, 50):
            shown = log.size.height
            await pilot.resize_terminal(200, height)
            await wait_until(pilot, lambda a, shown=shown: log.size.height != shown
                             and log.scroll_y == log.max_scroll_y, f"the log's end at 200x{height}")


async def test_a_log_shorter_than_its_newest_entry_shows_the_entrys_beginning():
    """At 80x24 the log may have a line or two: a wrapped entry showed its last words alone ("fight its way
    ashore"; found playing). The log shows the newest entry from its first line; at full height, its end."""
    from textual.app import App
    from overlord.engine.events import AttacksHeldBack

    class LogApp(App[None]):
        CSS = "MessageLog { height: 2; width: 32; }"

        def compose(self):
            yield MessageLog(id="log")

    app = LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(MessageLog)
        await wait_until(pilot, lambda a: log.wrapped_at > 0, "the log laid out")
        log.add(AttacksHeldBack(side="allied", units=("us-4-inf",), combat_supply=0))
        held = AttacksHeldBack(side="allied", units=("us-1-inf", "us-29-inf", "us-4-inf"), combat_supply=0)
        log.add(held)
        newest = log.entries[-1].wrap(app.console, log.wrapped_at)
        assert len(newest) > 2  # (taller than the log)
        first = len(log.lines) - len(newest)
        await wait_until(pilot, lambda a: log.scroll_y == first, "the newest entry's first line at the top")
        assert log.lines[first].text.rstrip() == newest[0].plain.rstrip() and "No more Allied attacks" in newest[0]
        log.styles.height = 12
        await wait_until(pilot, lambda a: log.size.height == 12 and log.scroll_y == log.max_scroll_y, "its end")


async def test_the_too_small_box_is_centred_from_the_start():
    app = OverlordApp(delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#too-small")
        left, top = box.region.x, box.region.y
        right, bottom = 60 - box.region.right, 20 - box.region.bottom
        assert abs(left - right) <= 1 and abs(top - bottom) <= 1


# --------------------------------------------------------------------------- the mouse
def screen_xy(view: MapView, h) -> tuple[int, int]:
    lay = view.layout_drawn
    return lay.body_x(h), row_lines(screen_cells(view))[h[1]]


async def test_a_click_on_a_position_looks_at_it_and_on_a_lit_neighbour_moves_there(played):
    game = replayed(played)
    app = OverlordApp(game=game, delay=0)
    picked = []

    def hook(message) -> None:
        if isinstance(message, GameScreen.UnitPicked):
            picked.append(message.unit)
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(MapView)
        await pilot.click(MapView, offset=screen_xy(view, (15, 11)))
        await pilot.pause()
        assert screen.look == (15, 11) and "Looking at" in str(screen.query_one("#side").render())
        await pilot.click(MapView, offset=screen_xy(view, (15, 11)))  # again: the look ends
        await pilot.pause()
        assert screen.look is None
        p = game.prompt
        targets = move_targets(game, p.unit, p.directions)
        h, d = next(iter(targets.items()))
        before = len(game.actions)
        await pilot.click(MapView, offset=screen_xy(view, h))
        await pilot.pause()
        assert game.actions[before:before + 1] and game.actions[before].direction == d
        assert game.actions[before].unit == p.unit
        p = game.prompt
        other = next(u.id for u in game.units(side="allied", status="ashore", combat=True)
                     if u.id != p.unit and u.position not in move_targets(game, p.unit, p.directions))
        may_move = ChooseUnit(other) in game.legal_actions()
        await pilot.click(MapView, offset=screen_xy(view, game.unit(other).position))
        await pilot.pause()
        assert set(picked) == {other}  # the unit clicked is chosen to move next, if it can still move
        if may_move:
            assert game.prompt.unit == other and game.actions[-1] == ChooseUnit(other)
        else:
            assert screen.look == game.unit(other).position and game.prompt.unit == p.unit


async def test_a_click_on_the_title_menu_and_on_the_key_bar():
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        where = {app.screen.get_style_at(x, y).meta.get("menu"): (x, y) for y in range(24) for x in range(80)}
        await pilot.click(offset=where["charts"])
        await pilot.pause()
        assert type(app.screen).__name__ == "ChartsScreen"
        bar = app.screen.query_one(KeyBar)
        close = bar.text.plain.index("Close")
        await pilot.click(KeyBar, offset=(close, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_a_click_on_a_key_of_the_game_presses_it(played):
    game = replayed(played)
    app = OverlordApp(game=game, delay=0)
    # 100 columns: at 80 the movement's key bar (with G Go to and V Their turn) now ends before Map key
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        unit = game.prompt.unit
        bar = app.screen.query_one(KeyBar)
        await pilot.click(KeyBar, offset=(bar.text.plain.index("Finish unit"), 0))
        await pilot.pause()
        assert game.actions[-1] == FinishUnit(unit)
        await pilot.click(KeyBar, offset=(bar.text.plain.index("Map key"), 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "MapKeyScreen"
        # it scrolls, and says so (its key bar said only "Esc Close"; found by a helper)
        assert "PgUp/PgDn Scroll" in app.screen.query_one(KeyBar).text.plain


async def test_at_80_columns_the_key_bar_keeps_the_help_key_and_says_more_keys_are_there(played):
    game = replayed(played)
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = bar.text.plain
        assert len(line) <= 80 and line.rstrip().endswith("F1 More") and "Finish unit" in line
        await pilot.click(KeyBar, offset=(line.index("More"), 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        help_words = static_words(app.screen.query_one("Static"))  # the keys of the screen first, every one
        here = help_words[:help_words.index("OVERLORD is")]
        assert here.startswith("HELP KEYS ON THIS SCREEN") and "Map key" not in line
        assert all(word in here for word in (" Move F Finish unit", "K Map key", "S/F4 Supply", "^S Save"))
        assert here.index("Finish unit") < here.index("Quit")  # the screen's own keys before the game's
        await pilot.press("escape")
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        wide = bar.text.plain
        assert "F1 Help" in wide and "Map key" in wide and "F1 More" not in wide
        # where it has room the bar shows the keys kept for the help at 80 columns too, after the others: S was
        # found only in the help, even at 160 columns (found by a helper)
        assert all(key in wide for key in ("S Supply", "L Labels", "F2 Charts", "F3 Roster"))
        assert wide.index("^S Save") < wide.index("S Supply") and "F4" not in wide
        # and where there is room still, the program's keys the help alone gave at 200 columns (found by a helper),
        # never making the help key "More" (the spare keys come only where the others leave room)
        await pilot.resize_terminal(250, 50)
        await wait_until(pilot, lambda app: all(key in bar.text.plain for key in (
            "^Q Quit", "^O Load", "F5 Theme", "^P Command palette")), "the program's keys at 250 columns")
        await pilot.resize_terminal(130, 50)
        await wait_until(pilot, lambda app: "^Q Quit" not in bar.text.plain, "the bar at 130 columns")
        assert "F1 Help" in bar.text.plain and "F1 More" not in bar.text.plain
        await pilot.resize_terminal(160, 50)
        await wait_until(pilot, lambda app: bar.text.plain == wide, "the bar at 160 columns again")
        await pilot.click(KeyBar, offset=(wide.index("S Supply"), 0))
        await wait_until(pilot, lambda app: app.screen.overlay == "allied", "the supply overlay")


def test_a_key_bar_too_narrow_gives_way_from_its_end_but_keeps_the_help_key():
    from overlord.tui.keybar import fitted
    entries = [("1-6", "Move", None), ("F", "Finish unit", None), ("K", "Map key", None), ("F1", "Help", None),
               ("^S", "Save", None)]
    assert fitted(entries, 200) == (entries, False) and fitted(entries, 0) == (entries, False)
    assert fitted(entries, 50) == (entries, True)  # set close: one space between keys, not two
    shown, close = fitted(entries, 42)
    assert close and [e[:2] for e in shown] == [("1-6", "Move"), ("F", "Finish unit"), ("K", "Map key"), ("F1", "More")]
    assert [e[:2] for e in fitted(entries, 10)[0]] == [("F1", "More")]


# --------------------------------------------------------------------------- plots, help and charts
def test_the_campaign_in_numbers_adds_up():
    from overlord.headless import simulate
    from overlord.plots import PLOTS, campaign, plot_text, turn_ticks
    game, result = simulate(3, "two-week", "historical", "ai")
    data = campaign(game)
    score = data.plots["score"]
    assert data.turns == tuple(r["turn"] for r in result["history"])
    assert score[0].values[-1] == result["allied_score"]
    assert all(abs(total - sum(s.values[i] for s in score[1:])) < 0.01 for i, total in enumerate(score[0].values))
    assert data.plots["pools"][0].values == tuple(r["pools"]["fuel"] for r in result["history"])
    assert data.plots["weather"][0].values == tuple(r["weather_percent"] for r in result["history"])
    assert campaign(game, []) == data  # without the events at hand, the game is replayed for them
    for which, title in PLOTS.items():
        text = plot_text(data, which, 70, 15)
        assert title in text and "D-Day" in text and max(map(len, text.splitlines())) <= 70
        # the last turn is named along the bottom (a campaign's ended at 6/28), and the lines below the plot, not
        # on it (plotext's legend sat over the lines; found by a helper)
        assert data.turns[-1] in next(line for line in text.splitlines() if "D-Day" in line)
    assert plot_text(data, "score", 70, 15).splitlines()[-2:] == \
        ["▞ Score  x Objectives  + Continent side  o Losses, net", "* German: ocean side"]
    assert [turn_ticks(n)[-1] for n in (1, 8, 13, 14, 25)] == [0, 7, 12, 13, 24]
    assert all(b - a >= 2 for n in range(8, 30) for a, b in zip(turn_ticks(n), turn_ticks(n)[1:]))


def test_simulate_plot_prints_the_three_plots():
    r = subprocess.run([sys.executable, "-m", "overlord", "simulate", "--seed", "2", "--scenario", "two-week",
                        "--plot"], capture_output=True, text=True, env={"NO_COLOR": "1", "PATH": ""})
    assert r.returncode == 0
    assert "Score and where it came from" in r.stdout and "Allied supply pools" in r.stdout
    assert "Weather so far" in r.stdout and "\x1b[" not in r.stdout


async def test_the_history_screen_and_the_reports_show_plots(played):
    from textual_plotext import PlotextPlot

    from overlord.tui.history import PlotLegend
    game = replayed(played)
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await wait_until(pilot, lambda a: type(a.screen).__name__ == "HistoryScreen" and a.screen.is_mounted,
                         "the history screen, its plots mounted")
        assert len(app.screen.query(PlotextPlot)) == 3
        legends = [str(w.render()) for w in app.screen.query(PlotLegend)]  # the score's and the pools' lines named
        assert legends[0].startswith("▞ Score  x Objectives") and legends[1].startswith("▞ Fuel") and len(legends) == 2
        await pilot.press("escape", "e", "y")  # the end of the Allied movement, on to the end of the turn
        await drive(pilot, until=lambda a: type(a.screen).__name__ == "ReportScreen" and a.screen.campaign is not None)
        assert len(app.screen.query(PlotextPlot)) == 3  # (drive returns once the screen is mounted)


async def test_help_and_charts_fit_any_width():
    from overlord.engine.data import cached_data
    from overlord.reports import chart_names, render_chart
    from overlord.tui.charts_screen import chart_renderable
    for width in (40, 51, 90):
        console = Console(width=width, record=True)
        for name in chart_names():
            console.print(chart_renderable(render_chart(cached_data(), name)))
        lines = console.export_text().splitlines()
        assert max(len(line.rstrip()) for line in lines) <= width
        assert "30% chance of one more movement point" in " ".join(line.strip() for line in lines)
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        console = Console(width=74, record=True)  # the help's width in an 80-column terminal
        console.print(app.screen.query("Static").last().content)
        text = console.export_text()
        for name in cached_data().map.towns:  # every town's name whole
            assert name in text


async def test_the_map_under_a_card_is_held_still_with_its_marks_shown(monkeypatch):
    """The flash went on under a report: the map, never painted there, was refreshed whole at each turn, and the
    screen with it (some 77 KB a second to a browser at 240x70; found by a helper)."""
    from rich.text import Text
    from overlord.tui.screens import ReportScreen
    app = OverlordApp(game=Game.new(preset_settings("historical"), 3), delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the first question")
        screen = app.screen
        app.push_screen(ReportScreen([Text("END OF D-Day")]))
        await wait_until(pilot, lambda a: isinstance(a.screen, ReportScreen), "the report")
        await wait_until(pilot, lambda a: screen.flash_on, "the marks shown")  # (the one redraw held on them)
        refreshed: list[object] = []
        monkeypatch.setattr(MapView, "refresh", lambda self, *a, **k: refreshed.append(a) or self)
        await pilot.pause(1.6)  # three turns of the flash
        assert refreshed == [] and screen.flash_on
