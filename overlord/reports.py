"""Text and JSON views of the data: the rulebook charts as the engine uses them.

Used by ``overlord charts`` and by the game's charts screen, so both show the
same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from .engine.view import base_losses
from .engine.enums import Nation, NavalSide, Terrain
from .engine.data import CATEGORIES, WEATHERS, Fraction, GameData, RatingSet, Span, UnitSpec

if TYPE_CHECKING:  # (map_text imports rich only when called)
    from rich.text import Text

CHARTS = {
    "transport": "Transport availability",
    "weather": "Weather forecast (% probability)",
    "fuel": "Fuel expenditure",
    "general_supply": "General supply expenditure",
    "amphibious_supply": "Amphibious supply expenditure",
    "combat_supply": "Combat supply expenditure",
    "bombardment": "Air/naval bombardment losses",
    "infiltration": "Infiltration",
    "combat": "Combat results resolution",
    "strategy_levels": "Strategy level descriptions",
    "victory_points": "Victory points",
    "victory_conditions": "Victory conditions",
    "suggested_allocation": "Suggested transport allocation",
    "terrain": "Terrain effects",
    "interdiction": "Interdiction effects",
    "difficulty": "Difficulty levels",
    "optional_rules": "Optional rules",
    "allied_forces": "Allied forces",
}


def chart_names() -> list[str]:
    return list(CHARTS)


def table(headers: list[str], rows: list[list[Any]]) -> str:
    """A plain text table, columns as wide as their widest cell."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [all(_numeric(r[i]) for r in cells[1:]) for i in range(len(headers))]

    def line(r: list[str]) -> str:
        return "  ".join(c.rjust(w) if numeric[i] else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
    out = [line(cells[0]), "  ".join("-" * w for w in widths)]
    out.extend(line(r) for r in cells[1:])
    return "\n".join(out)


def _whole(v: float) -> int | float:
    return int(v) if float(v).is_integer() else round(v, 2)


def _numeric(cell: str) -> bool:
    return bool(cell) and all(ch in "0123456789-/%. NA" for ch in cell)


def _rng(pair: Span | None) -> str:
    return "N/A" if pair is None else f"{pair[0]}-{pair[1]}"


def charts_json(data: GameData) -> dict[str, Any]:
    c = data.charts
    levels = c.strategy_levels
    return {
        "transport": {"ranges": {t: {w: (list(r) if r else "N/A") for w, r in row.items()}
                                 for t, row in c.transport.ranges.items()},
                      "human_german_transport_percent": c.transport.human_german.transport_percent,
                      "human_german_air_naval_percent": c.transport.human_german.air_naval_percent},
        "weather": {"probability": c.weather.probability},
        "fuel": {"per_movement_point": c.fuel.per_movement_point, "base_combat_points": c.fuel.base_combat_points},
        "general_supply": {"in_enemy_zoc": _fraction(c.general_supply.in_enemy_zoc),
                           "otherwise": _fraction(c.general_supply.otherwise)},
        "amphibious_supply": {"per_combat_point": c.amphibious_supply.per_combat_point},
        "combat_supply": {"rows_defence_1_to_9": [list(r) for r in c.combat_supply.rows],
                          "base_combat_points": c.combat_supply.base_combat_points},
        "bombardment": [{"points": list(r.points), "german_extra": list(r.german_extra),
                         "allied_reduction": list(r.allied_reduction)} for r in c.bombardment.rows],
        "infiltration": {"enter_enemy_zoc_cost": c.infiltration.enter_enemy_zoc_cost,
                         "infiltration_cost": c.infiltration.infiltration_cost,
                         "chance": attrs.asdict(c.infiltration.chance)},
        "combat": _combat_json(data),
        "strategy_levels": {"attack": [{"level": s.level, "name": s.name} for s in levels.attack],
                            "defence": [{"level": s.level, "name": s.name, "automatic_retreat": s.automatic_retreat}
                                        for s in levels.defence],
                            "second_combat_attack_levels": list(levels.second_combat_attack_levels),
                            "second_combat_defence_levels": list(levels.second_combat_defence_levels)},
        "victory_points": _victory_points_json(data),
        "victory_conditions": {"levels": list(c.victory_conditions.levels),
                               "minimum_score": c.victory_conditions.minimum_score},
        "suggested_allocation": c.suggested_allocation.allocated_for,
        "terrain": {"terrain": {t: attrs.asdict(e) for t, e in c.terrain.terrain.items()},
                    "extra_point_percent": c.terrain.extra_point_percent,
                    "extra_point_exempt": list(c.terrain.extra_point_exempt),
                    "ocean_attack_exempt_types": list(c.terrain.ocean_attack_exempt_types)},
        "interdiction": {"rows": [{"points": list(r.points), "decrease": list(r.decrease)} for r in c.interdiction.rows],
                         "weather_percent_reduction": c.interdiction.weather_percent_reduction},
        "difficulty": {k: _rating_set(v) for k, v in c.difficulty.items()},
        "optional_rules": {**{k: _rating_set(v) for k, v in c.optional_rules.rules.items()},
                           "weather_adjustment_examples": [attrs.asdict(e)
                                                           for e in c.optional_rules.weather_adjustment.examples]},
        "allied_forces": {"formations": c.allied_forces.formations, "totals": c.allied_forces.totals},
    }


def _combat_json(data: GameData) -> dict[str, Any]:
    """The Combat Results chart as printed, and the game's loss model at its cells."""
    c = data.charts
    odds_cap = data.rules.combat.odds_cap
    results = c.combat_results
    return {"odds": list(results.odds),
            "rows": [{"pair": list(pair), "losses": [list(x) for x in cells]} for pair, cells in results.cells.items()],
            "model": [{"pair": list(pair), "losses": [[_whole(v) for v in base_losses(c, *pair, o, odds_cap)]
                                                       for o in results.odds_values]}
                      for pair in results.cells],
            "extra_attacker_percent": results.extra_attacker_percent, "random_loss_max": results.random_loss_max}


def _victory_points_json(data: GameData) -> dict[str, Any]:
    vp = data.charts.victory_points
    return {
        "objectives": {o: {"per_turn": v.per_turn, "final": v.final} for o, v in vp.objectives.items()},
        "ocean_first_turn": vp.german_ocean_side.first_turn,
        "ocean_first_points": vp.german_ocean_side.first_points,
        "ocean_increase": vp.german_ocean_side.increase_per_turn,
        "continent_cp_divisor": vp.allied_continent_side.cp_divisor,
        "eliminated_german": vp.eliminated.german_unit,
        "eliminated_allied": vp.eliminated.allied_unit,
        "german_casualty": vp.casualties.german_casualty_point,
        "allied_casualty": vp.casualties.allied_casualty_point,
        "allied_supply_casualty": vp.casualties.allied_out_of_general_supply,
    }


def _fraction(f: Fraction) -> list[int]:
    return [f.numerator, f.denominator]


def _rating_set(r: RatingSet) -> dict[str, Any]:
    out: dict[str, Any] = {"name": r.name, "ratings": r.ratings, "german_dday_movement": r.german_dday_movement}
    if r.display_delay is not None:
        out["display_delay"] = r.display_delay
    return out


def render_chart(data: GameData, name: str) -> str:
    """One chart as text: its title in capitals, then its table or its sentences."""
    title = CHARTS[name].upper()
    return f"{title}\n{CHART_TEXT[name](data)}"


def _transport_chart(data: GameData) -> str:
    transport = data.charts.transport
    body = table(["Turn"] + [w.title() for w in WEATHERS],
                 [[t] + [_rng(row[w]) for w in WEATHERS] for t, row in transport.ranges.items()])
    return body + (f"\nAgainst a human German: transport +{transport.human_german.transport_percent}%, "
                   f"air and naval points +{transport.human_german.air_naval_percent}%.")


def _weather_chart(data: GameData) -> str:
    return table(["Turn"] + [w.title() for w in WEATHERS],
                 [[t] + [f"{row[w]}%" for w in WEATHERS] for t, row in data.charts.weather.probability.items()])


def _fuel_chart(data: GameData) -> str:
    fuel = data.charts.fuel
    rate = fuel.per_movement_point
    return (f"Infantry, airborne, commando, ranger: {rate['infantry']} fuel per movement point.\n"
            f"All other units: {rate['mechanised']} per movement point.\n"
            f"For a unit of {fuel.base_combat_points} CP; fewer or more CP pay proportionately.")


def _general_supply_chart(data: GameData) -> str:
    z, o = data.charts.general_supply.in_enemy_zoc, data.charts.general_supply.otherwise
    return (f"Each unit on the map at the start of its movement pays {z.numerator}/{z.denominator} of its CP in "
            f"general supply\nif in an enemy zone of control, {o.numerator}/{o.denominator} otherwise.")


def _amphibious_supply_chart(data: GameData) -> str:
    return f"A landing unit pays {data.charts.amphibious_supply.per_combat_point} amphibious point per combat point."


def _combat_supply_chart(data: GameData) -> str:
    supply = data.charts.combat_supply
    body = table(["Def \\ Att"] + [str(a) for a in range(1, len(supply.rows[0]) + 1)],
                 [[str(d + 1)] + list(row) for d, row in enumerate(supply.rows)])
    return body + f"\nFor Allied units of {supply.base_combat_points} CP overall; proportionate otherwise."


def _bombardment_chart(data: GameData) -> str:
    return table(["Air/naval points", "Extra German losses", "Fewer Allied losses"],
                 [[_rng(r.points), _rng(r.german_extra), _rng(r.allied_reduction)]
                  for r in data.charts.bombardment.rows])


def _infiltration_chart(data: GameData) -> str:
    infiltration = data.charts.infiltration
    ch = infiltration.chance
    return (f"Moving next to an enemy unit: +{infiltration.enter_enemy_zoc_cost} movement points, and the unit's "
            f"movement ends.\nInfiltrating (next-to-enemy to next-to-enemy): +{infiltration.infiltration_cost}, "
            "movement ends, and only with:\n"
            + table(["Side", "Mechanised", "Infantry"],
                    [["Allied (armoured divisions only)", f"{ch.allied_armoured}%", "-"],
                     ["Human German", f"{ch.human_german_mechanised}%", f"{ch.human_german_infantry}%"],
                     ["Computer German", f"{ch.computer_german_mechanised}%", f"{ch.computer_german_infantry}%"]]))


def _strategy_levels_chart(data: GameData) -> str:
    levels = data.charts.strategy_levels
    forced = data.rules.combat.forced_retreat_odds  # (the house rule by which the other levels give ground: rules.md)

    def defence(s: Any) -> str:
        if s.automatic_retreat:
            return f"{s.name} (retreats)"
        odds = forced.get(s.level)
        return s.name if odds is None else f"{s.name} (forced back from {odds:g}:1)"
    rows = [[s.level, a.name, defence(s)] for s, a in zip(levels.defence, levels.attack)]
    return table(["Level", "Attack", "Defence"], rows) + (
        "\nForced back: at those odds or more, a defender that loses more CP than the attackers must retreat." + (
        f"\nAttack again after eliminating the defender, or with attack "
        f"{'/'.join(map(str, levels.second_combat_attack_levels))}"
        f" against defence {'/'.join(map(str, levels.second_combat_defence_levels))}."))


def _victory_points_chart(data: GameData) -> str:
    vp = data.charts.victory_points
    ocean, cas = vp.german_ocean_side, vp.casualties
    rows = [[f"{o} (per hex)", f"{v.per_turn} per turn, {v.final} at the end", "0"] for o, v in vp.objectives.items()]
    rows += [
        ["Ocean side of naval range (not east of Caen)", "0",
         f"{ocean.first_points} per unit on {ocean.first_turn}, +{ocean.increase_per_turn} each turn after"],
        ["Continent side of naval range, per unit per turn", f"CP / {vp.allied_continent_side.cp_divisor} x row", "0"],
        ["Eliminated units", f"{vp.eliminated.german_unit} per German unit",
         f"{vp.eliminated.allied_unit} per Allied unit"],
        ["Casualties", f"{cas.german_casualty_point:g} per German CP", f"{cas.allied_casualty_point:g} per Allied CP"],
        ["Casualties out of general supply", "0", f"{cas.allied_out_of_general_supply:g} per Allied CP"],
    ]
    return table(["", "Allied", "German"], rows)


def _victory_conditions_chart(data: GameData) -> str:
    conditions = data.charts.victory_conditions
    ranks = conditions.levels
    camp, two = conditions.minimum_score["campaign"], conditions.minimum_score["two-week"]

    def band(mins: dict[str, int], i: int) -> str:
        """The scores of the i-th level of victory: from its minimum to the one above's less one."""
        lvl = ranks[i]
        if lvl not in mins:
            return "less than 0"
        hi = mins[ranks[i - 1]] - 1 if i else None
        return f"{mins[lvl]} or more" if hi is None else f"{mins[lvl]} to {hi}"
    return table(["Campaign Game", "Level of victory", "First Two Weeks"],
                 [[band(camp, i), lvl, band(two, i)] for i, lvl in enumerate(ranks)])


def _suggested_allocation_chart(data: GameData) -> str:
    allocated_for = data.charts.suggested_allocation.allocated_for
    return table(["Allocated for"] + [x.title() for x in CATEGORIES],
                 [[t] + [row[x] for x in CATEGORIES] for t, row in allocated_for.items()])


def _terrain_chart(data: GameData) -> str:
    terrain = data.charts.terrain
    body = table(["Terrain", "Movement", "Defence", "Attack"],
                 [[t.title(), f"{v.movement:g}", f"{v.defence:g}", f"{v.attack:g}"]
                  for t, v in terrain.terrain.items()])
    return body + (f"\n{terrain.extra_point_percent}% chance of one more movement point (not in the ocean). "
                   "Rangers and commandos are not halved attacking from the ocean.")


def _interdiction_chart(data: GameData) -> str:
    interdiction = data.charts.interdiction
    body = table(["Air points", "Decrease in German movement per unit"],
                 [[_rng(r.points), _rng(r.decrease)] for r in interdiction.rows])
    r = interdiction.weather_percent_reduction
    return body + f"\nCloudy weather takes {r['cloudy']}% of the points, overcast {r['overcast']}%; none in a storm."


def _rating_set_lines(sets: dict[str, RatingSet]) -> list[str]:
    """A line for each set of ratings (a difficulty level or an optional rule): what it changes."""
    lines = []
    for v in sets.values():
        changes = ", ".join(f"{k.replace('_', ' ')} {n}" for k, n in v.ratings.items()) or "no changes to ratings"
        move = "German movement on D-Day" if v.german_dday_movement else "no German movement on D-Day"
        lines.append(f"{v.name}: {changes}; {move}.")
    return lines


def _difficulty_chart(data: GameData) -> str:
    return "\n".join(_rating_set_lines(data.charts.difficulty))


def _optional_rules_chart(data: GameData) -> str:
    optional = data.charts.optional_rules
    lines = _rating_set_lines(optional.rules)
    lines.append("Weather score adjustment: adjusted = score - score x weather%.")
    for e in optional.weather_adjustment.examples:
        lines.append(f"  score {e.score}, weather {e.weather_percent}%: adjusted {e.adjusted}")
    return "\n".join(lines)


def _allied_forces_chart(data: GameData) -> str:
    forces = data.charts.allied_forces
    rows = [[t.replace("-", " "), v[Nation.US], v[Nation.BC]] for t, v in forces.formations.items()]
    rows.append(["total", forces.totals["US"], forces.totals["BC"]])
    return table(["Formations", "American", "British Commonwealth"], rows)


def _combat_chart(data: GameData) -> str:
    """The Combat Results chart as printed, and the game's loss model at the same cells and others."""
    c = data.charts
    results = c.combat_results
    cap = data.rules.combat.odds_cap
    body = table(["Att vs Def"] + list(results.odds),
                 [[f"{a} vs {d}"] + [f"{x}/{y}" for x, y in cells] for (a, d), cells in results.cells.items()])
    body += (f"\nAttacker/defender losses for one attacker. Each attacker beyond one adds "
             f"{results.extra_attacker_percent}% to the defender's losses; a random 0-{results.random_loss_max} "
             f"is added to each side.\n\nThe game's loss model at the same cells (one attacker, "
             f"{data.rules.combat.base_cp} CP, no bombardment, no random part):\n")
    rows = []
    for (a, d) in results.cells:
        rows.append([f"{a} vs {d}"] + ["/".join(f"{_whole(v)}" for v in base_losses(c, a, d, o, cap))
                                       for o in results.odds_values])
    body += table(["Att vs Def"] + list(results.odds), rows)
    body += "\n\nSome other pairs from the model, at 1-1 / 3-1:\n"
    body += table(["Att vs Def", "1-1", "3-1"],
                  [[f"{a} vs {d}"] + ["/".join(f"{v:.1f}" for v in base_losses(c, a, d, o, cap)) for o in (1, 3)]
                   for a, d in ((9, 9), (9, 5), (5, 9), (7, 7), (3, 3), (1, 1))])
    return body


# each chart's text below its title, by the chart's name (the same names as CHARTS, which a test checks)
CHART_TEXT: dict[str, Callable[[GameData], str]] = {
    "transport": _transport_chart, "weather": _weather_chart, "fuel": _fuel_chart,
    "general_supply": _general_supply_chart, "amphibious_supply": _amphibious_supply_chart,
    "combat_supply": _combat_supply_chart, "bombardment": _bombardment_chart, "infiltration": _infiltration_chart,
    "combat": _combat_chart, "strategy_levels": _strategy_levels_chart, "victory_points": _victory_points_chart,
    "victory_conditions": _victory_conditions_chart, "suggested_allocation": _suggested_allocation_chart,
    "terrain": _terrain_chart, "interdiction": _interdiction_chart, "difficulty": _difficulty_chart,
    "optional_rules": _optional_rules_chart, "allied_forces": _allied_forces_chart,
}


# --------------------------------------------------------------------------- the map
NAVAL = {NavalSide.OCEAN: "ocean", NavalSide.CONTINENT: "continent", NavalSide.EAST_OF_CAEN: "ocean"}
TERRAIN_GLYPH = {"ocean": "~~~", "clear": " . ", "town": " T ", "bocage": "%%%", "swamp": ",,,",
                 "river": "===", "beach": "___"}


def map_json(data: GameData) -> dict[str, Any]:
    m = data.map
    marker = {b.marker: b.name for b in m.beaches}
    hexes = []
    for (col, row) in m.grid.positions():
        h = (col, row)
        beach = m.beach_of_position(h)
        hexes.append({
            "col": col, "row": row, "terrain": m.terrain[h],
            "town": m.towns.get(m.name_of(h) or "", None) and m.name_of(h),
            "place": m.name_of(h) if m.name_of(h) in m.places else None,
            "beach": beach.name if beach else None,
            "beachhead_marker": marker.get(h),
            "objective": m.objective_of(h),
            "naval_side": NAVAL[m.naval_side[h]],
            "excluded_east_of_caen": m.naval_side[h] == NavalSide.EAST_OF_CAEN,
        })
    return {
        "rows": m.rows, "cols": m.cols, "hexes": hexes,
        "directions": {"1": "NW", "2": "NE", "3": "E", "4": "SE", "5": "SW", "6": "W"},
        "layout": "pointy-topped hexes, odd rows shifted half a hex right; row 0 is Cherbourg's line",
        "towns": {n: list(h) for n, h in m.towns.items()},
        "places": {n: list(h) for n, h in m.places.items()},
        "objectives": {n: [list(h) for h in hs] for n, hs in m.objectives.items()},
        "beaches": [{"name": b.name, "nation": b.nation, "marker": list(b.marker),
                     "positions": [list(p) for p in b.positions]} for b in m.beaches],
        "rivers": {n: [list(h) for h in hs] for n, hs in m.rivers.items()},
        "flooded": {n: [list(h) for h in hs] for n, hs in m.flooded.items()},
        "waiting": {n: list(h) for n, h in m.waiting.items()},
        "drop_zones": {u: [list(h) for h in hs] for u, hs in m.drop_zones.items()},
        "entry": {n: list(h) for n, h in m.entry.items()},
    }


def map_text(data: GameData) -> Text:
    """The map for review, as Rich text: terrain, towns numbered, beaches, the naval-range line."""
    from rich.text import Text
    m = data.map
    town_index = {h: i + 1 for i, h in enumerate(m.towns.values())}
    beach_pos = {p: b.name[:2] for b in m.beaches for p in b.positions}
    markers = {b.marker: "*" + b.name[0] for b in m.beaches}
    colours = {"ocean": "blue", "clear": "green", "town": "bold white", "bocage": "dark_green", "swamp": "cyan",
               "river": "bright_cyan", "beach": "yellow"}
    out = Text()
    out.append("    " + "".join(f"{c:<4}" for c in range(m.cols)) + "\n", style="dim")
    for row in range(m.rows):
        out.append(f"{row:>2}  " + ("  " if row % 2 else ""), style="dim")
        for col in range(m.cols):
            h = (col, row)
            t = m.terrain[h]
            cell = TERRAIN_GLYPH[t]
            if h in town_index:
                cell = f"{town_index[h]:>2} "
            if h in beach_pos:
                cell = beach_pos[h] + " " if h not in town_index else cell
            if h in markers:
                cell = markers[h] + " "
            style = colours[t]
            if not m.on_continent_side(h) and t != Terrain.OCEAN:
                style += " on grey23" if m.on_scoring_ocean_side(h) else " on grey11"
            if m.objective_of(h):
                style = "bold red " + style
            out.append(cell, style=style)
            out.append(" ")
        out.append("\n")
    return out


def map_legend(data: GameData) -> str:
    m = data.map
    lines = ["Terrain: ~~~ ocean   .  clear   T town   %%% bocage   ,,, swamp   === river   ___ beach",
             "Land within naval range (ocean side) has a grey background; darker grey: east of Caen (no German VP).",
             "Beaches: Ut Om Go Ju Sw = landing positions; *U *O *G *J *S = beachhead markers. Objectives in red.",
             "", "Towns:"]
    names = list(m.towns.items())
    for i in range(0, len(names), 3):
        lines.append("  " + "".join(f"{j + 1:>2} {n:<24}" for j, (n, _) in enumerate(names[i:i + 3], start=i)))
    lines.append("Places: " + ", ".join(f"{n} {list(h)}" for n, h in m.places.items()))
    lines.append("Objectives: " + ", ".join(f"{n} {[list(h) for h in hs]}" for n, hs in m.objectives.items()))
    lines.append("Naval-range line (o ocean side, c continent side, x ocean side east of Caen):")
    for row in range(m.rows):
        lines.append(f"  {row:>2}  " + ("  " if row % 2 else "") + "   ".join(m.naval_side[(c, row)] for c in range(m.cols)))
    return "\n".join(lines)


# --------------------------------------------------------------------------- the order of battle
def unit_json(spec: UnitSpec) -> dict[str, Any]:
    arrival = spec.arrival if spec.arrival else ("D-Day" if spec.start or spec.is_coastal else None)
    return {
        "id": spec.id, "name": spec.name, "side": spec.side, "nation": spec.nation, "type": spec.type,
        # the short keys came first; the rulebook's words are given too, with the same values
        "cp": spec.cp, "combat_points": spec.cp, "leadership": spec.leadership,
        "movement": spec.movement, "movement_allowance": spec.movement,
        "can_infiltrate": spec.infiltration != "none", "infiltration": spec.infiltration,
        "fuel_class": spec.fuel_class,
        "start": list(spec.start) if spec.start else None,
        "arrival": arrival, "arrival_turn": arrival,
        "entry": spec.entry, "beach": spec.beach, "why": spec.why,
    }


def oob_json(data: GameData) -> dict[str, Any]:
    units = [unit_json(u) for u in data.units.values()]
    allied = [u for u in units if u["side"] == "allied" and u["type"] != "depot"]
    return {
        "units": units,
        "allied_formations": len(allied),
        "allied_by_nation": {n: sum(1 for u in allied if u["nation"] == n) for n in ("US", "BC")},
        "allied_by_type": {t: {n: sum(1 for u in allied if u["type"] == t and u["nation"] == n) for n in ("US", "BC")}
                           for t in data.charts.allied_forces.formations},
    }


def oob_text(data: GameData) -> str:
    sections: list[tuple[str, Callable[[UnitSpec], bool]]] = [
        ("ALLIED: THE 33 COMBAT FORMATIONS", lambda u: u.side == "allied" and not u.is_depot),
        ("ALLIED DEPOTS", lambda u: u.is_depot),
        ("GERMAN: IN PLACE ON D-DAY", lambda u: u.side == "german" and u.start is not None),
        ("GERMAN: COASTAL DEFENCES", lambda u: u.is_coastal),
        ("GERMAN: REINFORCEMENTS", lambda u: u.side == "german" and u.arrival is not None),
    ]
    out = []
    for title, keep in sections:
        rows = []
        for u in data.units.values():
            if not keep(u):
                continue
            where = (f"{u.start[0]},{u.start[1]}" if u.start else u.beach if u.beach
                     else f"{u.arrival} at {u.entry}" if u.entry else u.arrival)
            rows.append([u.nation, u.name, u.type, u.cp, u.leadership, u.movement,
                         "yes" if u.infiltration != "none" else "no", u.fuel_class, where])
        out.append(title)
        out.append(table(["Nat", "Name", "Type", "CP", "Ldr", "MA", "Infil", "Fuel", "Start / arrival"], rows))
        out.append("")
    f = oob_json(data)
    out.append(f"{f['allied_formations']} Allied formations: {f['allied_by_nation']['US']} US, "
               f"{f['allied_by_nation']['BC']} British Commonwealth.")
    return "\n".join(out)
