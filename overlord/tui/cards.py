"""Small text blocks for the side panel and status line: units, positions, pools, the compass.

Every number is read from the game's public view (engine/view.py: the board,
the data, the rules helpers); nothing here decides a rule.
"""

from __future__ import annotations

import textwrap
from collections.abc import Container

from rich.text import Text

from ..engine import view
from ..engine.enums import NavalSide, Phase, Side
from ..engine.game import Game
from ..engine.hexgrid import Hex
from ..engine.view import AFLOAT, ASHORE, COASTAL, ELIMINATED, PENDING
from ..words import PHASES, points
from .maprender import marker_intact

STATUS = {PENDING: "not yet arrived", AFLOAT: "at sea", ASHORE: "ashore", COASTAL: "coastal defence",
          ELIMINATED: "eliminated"}
SIDE_NAME = {Side.ALLIED: "Allied", Side.GERMAN: "German", Side.NONE: ""}


def phase_name(game: Game) -> str:
    return PHASES.get(game.phase, game.phase)


def status_line(game: Game, who: str = "", who_first: bool = False) -> Text:
    """The top line: the turn, the phase, the score and its level, and ``who`` answers (first when ``who_first``:
    in hot-seat, a defence passes the keyboard without a hand-over, and at 80 columns the line's end is cut)."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(" OVERLORD ", style="reverse bold")
    t.append(f" {game.turn_label} ", style="bold")
    t.append(f"{phase_name(game)}")
    if game.movement_cycle is not None:
        t.append(f" (cycle {game.movement_cycle}/{game.data.rules.movement.max_cycles})")
    if game.combat_pass is not None:
        t.append(f" (pass {game.combat_pass}/2)")
    if who and who_first:
        t.append(f" · {who}", style="bold")
    # (the drops too: they cost CP, each a point to the German, and the score was not shown; found by a helper)
    if game.phase != Phase.QUESTIONS:  # before who moves: at 80 columns the line is cut
        score = round(view.score(game), 1)  # the level it would give now (to a tenth, as the engine judges the end's)
        level = view.victory_level(game.data.charts, game.settings.scenario, score)
        t.append(f" · Score {points(score)}: {level}")
    if who and not who_first:
        t.append(f" · {who}", style="bold")
    return t


def where(game: Game, hex_: Hex | None) -> str:
    if hex_ is None:
        return "-"
    m = game.data.map
    name = m.name_of(hex_)
    terrain = m.terrain.get(hex_, "off the map")
    return f"{name}, {terrain} ({hex_[0]},{hex_[1]})" if name else f"{terrain} ({hex_[0]},{hex_[1]})"


def supply_text(game: Game, uid: str) -> str:
    """The unit's supply in a few words (the card prints it after "Supply: ")."""
    u = game.unit(uid)
    if u.status not in (ASHORE, COASTAL):
        return "at sea: ships' stores" if u.status == AFLOAT else "-"
    if game.side_of(uid) == "german":
        return "ok" if u.in_supply else "CUT OFF"
    if not u.in_supply:  # (beyond the lines none is drawn: "NO GENERAL" beside it read as a second shortage, which
        return "OUT OF LINES"  # the log's "0 without general supply" denied; found by a helper)
    return f"in lines, {'general ok' if u.general_supplied else 'NO GENERAL'}"


def levels_words(low: int, high: int, bare: bool = False) -> str:
    """"level 9", "levels 8-9" ("9", "8-9" when ``bare``)."""
    span = f"{high}" if low == high else f"{low}-{high}"
    return span if bare else f"level {span}" if low == high else f"levels {span}"


def short(game: Game, uid: str) -> str:
    """A unit's name without "Division" ("Brigade" and "Regiment" as "Bde" and "Rgt")."""
    return game.spec(uid).name.replace(" Division", "").replace(" Brigade", " Bde").replace(" Regiment", " Rgt")


# the words a name too long for a narrow card is shortened by, in order (after short's)
ABBREVIATIONS = ((" Beach Sub-Area", ""), ("Panzer", "Pz"), ("Infantry", "Inf"), ("Airborne", "Abn"),
                 ("Armoured", "Armd"), ("Armored", "Armd"), ("battle group", "bg"), (" Battalions", " Bns"))


def fitted(game: Game, uid: str, width: int) -> str:
    """The unit's name, shortened as far as it takes to fit ``width`` ("12th SS Pz 'Hitlerjugend'", "British Depot
    (No. 104)"): what tells a unit from its neighbours is kept, not cut."""
    name = game.spec(uid).name
    if len(name) <= width:
        return name
    name = short(game, uid)
    for long, brief in ABBREVIATIONS:
        if len(name) <= width:
            break
        name = name.replace(long, brief)
    return name


def unit_card(game: Game, uid: str, title_style: str = "bold", width: int | None = None) -> Text:
    """Seven lines: name, type, strength, fatigue, supply, movement, position. With ``width``, a name too long for it
    is shortened (fitted), not cut ("12th SS Panzer Division 'Hi…" in the side panel at 80x24)."""
    spec = game.spec(uid)
    u = game.unit(uid)
    t = Text(no_wrap=True, overflow="ellipsis")
    cadre = " (cadre)" if u.cadre else ""
    name = spec.name if width is None else fitted(game, uid, width - len(cadre))
    t.append(name + cadre + "\n", style=title_style)
    t.append(f"{spec.nation} {spec.type.replace('-', ' ')}, {STATUS.get(u.status, u.status)}\n")
    moving = game.movement_cycle is not None and game.prompt.side == spec.side
    mp = f"MP {u.mp} of {spec.movement}" if moving else f"Movement {spec.movement}"
    if u.interdicted:
        mp += f" (interdicted -{u.interdicted})"
    if u.status == AFLOAT and moving:
        mp += f", {u.ocean_steps} at sea"
    if spec.is_depot:
        t.append("Supply depot\n" + mp + "\n")
    else:
        eff = view.effectiveness(game, u)
        t.append(f"CP {u.cp}/{u.max_cp}  Eff {eff:.2f}  Ldr {u.leadership}\n")
        # ("max level 9" read as the fatigue's top, and "Fatigue 65 (levels up to 9)" as a number broken; found by
        # helpers): the attack and defence levels open, as the route card says a level "closes"
        t.append(f"Fatigue {u.fatigue} ({levels_words(1, view.max_strategy_level(game, u))} open)\n")
        t.append(f"Supply: {supply_text(game, uid)}\n", style="" if u.in_supply and u.general_supplied else "bold")
        t.append(mp + "\n")
    if u.status == AFLOAT:
        col, row = view.position_of(u)
        t.append(f"At sea ({col},{row})\n")
    elif u.status == COASTAL:
        t.append(f"Holds {u.beach} beach\n")
    elif u.position is not None:
        t.append(where(game, u.position) + "\n")
    return t


def say(t: Text, words: str, width: int, style: str = "") -> None:
    """A line of a card, wrapped to the panel's width (the panel itself never wraps: its lines are cut)."""
    t.append(textwrap.fill(words, max(width, 12), subsequent_indent=" ") + "\n", style=style)


def position_card(game: Game, hex_: Hex, width: int = 30) -> Text:
    """What is at a position (the look cursor): place, terrain and its effects, who is there. Its lines wrap to the
    panel's ``width``: looking is for reading, and at 80 columns the panel cut them short."""
    m = game.data.map
    t = Text(no_wrap=True, overflow="ellipsis")
    say(t, f"Looking at {where(game, hex_)}", width, "bold")
    terrain = m.terrain[hex_]
    eff = game.data.charts.terrain[terrain]
    say(t, f"Move {eff.movement:g}  defence x{eff.defence:g}  attack x{eff.attack:g}", width)
    side = {NavalSide.OCEAN: "ocean side of the naval range", NavalSide.EAST_OF_CAEN: "ocean side, east of Caen",
            NavalSide.CONTINENT: "continent side"}
    said = side[m.naval_side[hex_]]  # (its first letter raised: capitalize() read "east of caen"; found by a helper)
    say(t, said[0].upper() + said[1:], width)
    if (obj := m.objective_of(hex_)) is not None:
        say(t, f"Objective: {obj}", width, "bold")
    if (beach := m.beach_of_marker(hex_)) is not None:
        state = "intact" if marker_intact(game, beach.name) else "DESTROYED"
        say(t, f"{beach.name} beachhead marker ({beach.nation}), {state}", width)
    if (beach := m.beach_of_position(hex_)) is not None:
        coastal = game.coastal_defender(beach.name)
        landed = beach_state.landed_cp if (beach_state := game.beaches.get(beach.name)) is not None else 0
        held = f"held by {game.spec(coastal.id).name} ({coastal.cp} CP)" if coastal else "defences cleared"
        say(t, f"{beach.name} beach: {held}; {landed} CP landed", width)
    if (depot := game.depot_at(hex_)) is not None:
        say(t, f"Depot: {game.spec(depot).name}", width)
    afloat = game.afloat_at(hex_)
    if afloat:
        say(t, f"At sea here: {', '.join(game.spec(a).name for a in afloat)}", width)
    if (uid := game.occupant(hex_)) is not None:
        t.append_text(unit_card(game, uid, width=width))
    return t


def compass(directions: Container[int] = (), highlight: str = "bold reverse") -> Text:
    """The 1981 compass, legal directions lit."""
    def d(n: int) -> tuple[str, str]:
        return str(n), (highlight if n in directions else "dim")
    t = Text(no_wrap=True)
    for line in (("   ", d(1), "   ", d(2), "  "), (" ", d(6), "   *   ", d(3)), ("   ", d(5), "   ", d(4), "  ")):
        for part in line:
            if isinstance(part, tuple):
                t.append(*part)
            else:
                t.append(part)
        t.append("\n")
    return t


def pools_line(game: Game, sees_support: bool = False, narrow: bool = False) -> str:
    """The four supply pools and the turn's air and naval points, on one line. While the German chooses his
    defence, the points are as they were before the Allied support of that attack: he may not know it yet (unless
    ``sees_support``: the Allied player looking, whose own it is). ``narrow``: one space between them, not two (the
    question's panel beside a side panel below the map; "Naval 21…" read as 21 in the replay at 100x30)."""
    p = game.pools
    naval, air = (0, 0) if sees_support else view.support_unseen(game)
    gap = " " if narrow else "  "
    return " " + gap.join((f"Fuel {p.fuel}", f"General {p.general}", f"Combat {p.combat}", f"Amphib {p.amphibious}",
                           f"Air {game.air_left + air}", f"Naval {game.naval_left + naval}")) + " "


def compass_and_weather(game: Game, directions: Container[int] = ()) -> Text:
    """The compass, with the weather beside it."""
    lines = list(compass(directions).split("\n"))
    weather = game.weather.title() if game.weather else "-"
    right = [Text("Weather", style="bold"), Text(weather), Text(f"{game.turn_label}")]
    t = Text(no_wrap=True)
    for i, line in enumerate(lines[:3]):
        line = line.copy()
        line.pad_right(14 - line.cell_len)
        t.append_text(line)
        t.append_text(right[i])
        t.append("\n")
    t.rstrip()
    return t


def destination_words(game: Game, uid: str, to: Hex) -> list[str]:
    """What standing at ``to`` means for a unit, in a few words each: what it scores a turn there (the
    Victory Points chart: the Allied CP/60 x row on the continent side, the German ocean side's points),
    and whether it would be out of supply at the next turn's trace: an Allied unit beyond its supply lines, a German
    one cut off (a German learned it only from the next turn's report, his units already weakened)."""
    side = game.data.map.naval_side[to]
    if game.side_of(uid) == "german":
        return [german_side_words(game, side)] + ([NO_SUPPLY] if view.german_cut_off_at(game, uid, to) else [])
    words = []
    if not game.spec(uid).is_depot:
        points = view.continent_side_points(game, uid, to)
        words.append(f"continent {points:+.1f} a turn" if game.data.map.on_continent_side(to) else "ocean side +0")
    if view.traced_on(game, game.turn + 1) and view.beyond_supply_lines(game, uid, to):
        words.append(NO_SUPPLY)
    return words


# (not "BEYOND SUPPLY LINES": beside the card's "Supply: in lines" it read as a contradiction, now and next turn; and
# after the ways "1 2 3 4 5 6" it was cut at 80x24)
NO_SUPPLY = "NO SUPPLY next turn"  # (the move card's word too: one term on every screen)


def directions_in_brief(directions: list[int]) -> str:
    """Ways by their keys, three or more in a row as a span: "1-6", "1 3 5", "1 2 4-6"."""
    runs: list[list[int]] = []
    for d in sorted(directions):
        if runs and d == runs[-1][-1] + 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    return " ".join(f"{r[0]}-{r[-1]}" if len(r) >= 3 else " ".join(map(str, r)) for r in runs)


def german_side_words(game: Game, side: NavalSide) -> str:
    """What a German unit scores a turn on a side of the naval-range line."""
    if side == NavalSide.EAST_OF_CAEN:
        return "east of Caen +0"
    if side == NavalSide.CONTINENT:
        return "continent side +0"
    each = view.ocean_side_points(game, game.turn)
    # (short: with the directions before it, or "German: " in the look cursor's words, the line fits the side panel
    # at 80 columns; "until" cut its date off after "1 2 4-6", "ocean side +3 this t..." was cut; found by helpers)
    if each:
        return f"ocean +{each} this turn"
    return f"ocean +0 till {game.data.charts.victory_points.german_ocean_side.first_turn}"
