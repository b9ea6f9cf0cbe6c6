"""Every chart in data/ against the rulebook's printed numbers.

The numbers below are typed out of the 1981 rulebook independently of data/:
if a data file drifts from the rulebook, these tests say where.
"""

import attrs

TURNS = ["D-Day", "6/6", "6/8", "6/10", "6/12", "6/14", "6/16", "6/18", "6/20", "6/22", "6/24", "6/26", "6/28"]

# TRANSPORT AVAILABILITY: clear, cloudy, overcast, storm
TRANSPORT = """
D-Day 712-764 641-687 N/A N/A
6/6 1460-1566 1314-1410 1180-1268 419-478
6/8 1561-1674 1404-1507 1261-1355 448-511
6/10 1668-1789 1501-1610 1348-1448 479-546
6/12 1784-1914 1606-1723 1442-1549 512-585
6/14 1911-2050 1720-1845 1544-1660 549-626
6/16 2051-2200 1846-1980 1657-1781 589-672
6/18 2100-2253 1890-2028 1697-1824 603-688
6/20 2152-2308 1936-2078 1739-1868 618-705
6/22 2205-2365 1984-2129 1782-1915 633-723
6/24 2261-2425 2034-2183 1827-1963 649-741
6/26 2319-2487 2086-2239 1874-2013 666-760
6/28 2379-2552 2141-2297 1923-2066 683-780
"""

WEATHER = """
D-Day 52 48 0 0
6/6 51 35 12 2
6/8 51 35 12 2
6/10 51 35 12 2
6/12 51 35 12 2
6/14 51 35 12 2
6/16 51 35 12 2
6/18 36 21 10 33
6/20 36 21 10 33
6/22 36 21 10 33
6/24 51 35 12 2
6/26 51 35 12 2
6/28 51 35 12 2
"""

COMBAT_SUPPLY = """
3 6 8 11 13 16 18 21 23
6 11 16 21 26 31 36 41 46
8 16 23 31 38 46 53 61 68
11 21 31 41 51 61 71 81 91
13 26 38 51 63 76 88 101 113
16 31 46 61 76 91 106 121 136
18 36 53 71 88 106 123 141 158
21 41 61 81 101 121 141 161 181
23 46 68 91 113 136 158 181 203
"""

BOMBARDMENT = """
0-7 0-0 0-0
8-29 0-1 0-0
30-52 1-2 0-1
53-74 1-3 0-2
75-96 2-4 1-2
97-119 2-5 1-3
120-142 3-6 2-4
143-164 3-7 2-4
165-187 4-8 2-5
188-198 4-9 2-6
"""

COMBAT_RESULTS = """
9 1 15/8 12/10 11/11 11/11 10/12 9/13
8 2 13/7 11/9 10/10 10/10 9/11 8/12
7 3 12/7 10/8 10/9 9/10 8/10 8/11
6 4 12/7 10/8 9/8 8/9 8/10 7/11
5 5 12/6 10/8 9/8 8/9 8/10 7/10
4 6 12/7 10/8 9/8 8/9 8/10 7/11
3 7 12/7 10/8 10/9 9/10 8/10 8/11
2 8 13/7 11/9 10/10 10/10 9/11 8/12
1 9 15/8 12/10 11/11 11/11 10/12 9/13
"""

DEFENCE_NAMES = ["Full retreat", "Delaying action", "Fighting withdrawal", "Hold positions", "Standfast",
                 "Hold at all costs", "Limited counterattack", "Counterattack", "Heavy counterattack"]
ATTACK_NAMES = ["Recon", "Probe", "Light attack", "Limited attack", "Medium attack", "Heavy attack", "Major attack",
                "Breakthrough attack", "Blitzkrieg attack"]

INTERDICTION = """
0-0 0-0
1-3 0-1
4-15 0-2
16-35 0-3
36-63 0-4
64-99 0-5
"""


def _pair(text):
    if text == "N/A":
        return None
    a, b = text.split("-")
    return (int(a), int(b))


def test_turns(data):
    assert list(data.charts.turns) == TURNS + ["6/30"]
    assert data.charts.scenarios["campaign"].last_turn == "6/30"
    assert data.charts.scenarios["two-week"].last_turn == "6/20"


def test_transport_availability_every_range(data):
    rows = [line.split() for line in TRANSPORT.strip().splitlines()]
    assert [r[0] for r in rows] == TURNS
    for turn, *cells in rows:
        got = data.charts.transport.ranges[turn]
        for weather, cell in zip(("clear", "cloudy", "overcast", "storm"), cells):
            assert got[weather] == _pair(cell), (turn, weather)
    assert data.charts.transport.human_german.transport_percent == 8
    assert data.charts.transport.human_german.air_naval_percent == 40


def test_weather_forecast_every_cell(data):
    for line in WEATHER.strip().splitlines():
        turn, *cells = line.split()
        assert [data.charts.weather.probability[turn][w] for w in ("clear", "cloudy", "overcast", "storm")] == [int(c) for c in cells]


def test_fuel_general_and_amphibious_expenditure(data):
    c = data.charts
    assert c.fuel.per_movement_point == {"infantry": 10, "mechanised": 15}
    assert c.fuel.base_combat_points == 100
    zoc, otherwise = c.general_supply.in_enemy_zoc, c.general_supply.otherwise
    assert (zoc.numerator, zoc.denominator) == (1, 2) and (otherwise.numerator, otherwise.denominator) == (1, 4)
    assert c.amphibious_supply.per_combat_point == 1


def test_combat_supply_all_81_cells(data):
    rows = [[int(x) for x in line.split()] for line in COMBAT_SUPPLY.strip().splitlines()]
    assert len(rows) == 9 and all(len(r) == 9 for r in rows)
    for d in range(9):
        for a in range(9):
            assert data.charts.combat_supply.rows[d][a] == rows[d][a], (f"defence {d + 1}", f"attack {a + 1}")
    assert data.charts.combat_supply.base_combat_points == 100


def test_bombardment_losses(data):
    rows = [tuple(_pair(x) for x in line.split()) for line in BOMBARDMENT.strip().splitlines()]
    assert [(r.points, r.german_extra, r.allied_reduction) for r in data.charts.bombardment.rows] == rows


def test_infiltration(data):
    c = data.charts
    assert (c.infiltration.enter_enemy_zoc_cost, c.infiltration.infiltration_cost) == (4, 8)
    assert attrs.asdict(c.infiltration.chance) == {
        "allied_armoured": 90, "human_german_mechanised": 70, "human_german_infantry": 40,
        "computer_german_mechanised": 80, "computer_german_infantry": 70}


def test_combat_results_all_54_cells(data):
    c = data.charts.combat_results
    assert list(c.odds) == ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1"]
    assert list(c.odds_values) == [0.5, 1, 2, 3, 4, 5]
    cells = 0
    for line in COMBAT_RESULTS.strip().splitlines():
        a, d, *losses = line.split()
        got = c.cells[(int(a), int(d))]
        for column, text in enumerate(losses):
            att, dfn = text.split("/")
            assert got[column] == (int(att), int(dfn)), (a, d, c.odds[column])
            cells += 1
    assert cells == 54
    assert c.extra_attacker_percent == 10 and c.random_loss_max == 3


def test_strategy_level_descriptions(data):
    c = data.charts.strategy_levels
    assert [s.name for s in c.defence] == DEFENCE_NAMES
    assert [s.name for s in c.attack] == ATTACK_NAMES
    assert [s.level for s in c.defence if s.automatic_retreat] == [1, 2, 3]
    assert [level for level in range(1, 10) if c.retreats(level)] == [1, 2, 3]
    assert c.second_combat_attack_levels == (8, 9) and c.second_combat_defence_levels == (1, 2)


def test_victory_points(data):
    vp = data.charts.victory_points
    assert {o: (v.per_turn, v.final) for o, v in vp.objectives.items()} == {"Cherbourg": (10, 150), "Caen": (5, 75),
                                                                             "St-Lo": (5, 75)}
    ocean = vp.german_ocean_side
    assert (ocean.first_turn, ocean.first_points, ocean.increase_per_turn) == ("6/8", 2, 1)
    assert vp.allied_continent_side.cp_divisor == 60
    assert (vp.eliminated.german_unit, vp.eliminated.allied_unit) == (10, 20)
    cas = vp.casualties
    assert (cas.german_casualty_point, cas.allied_casualty_point, cas.allied_out_of_general_supply) == (1, 1, 0.5)


def test_victory_conditions_both_scenarios(data):
    c = data.charts.victory_conditions
    assert list(c.levels) == ["Allied Strategic", "Allied Operational", "Allied Marginal", "German Marginal",
                              "German Operational", "German Strategic"]
    assert list(c.minimum_score["campaign"].values()) == [1300, 800, 600, 250, 0]
    assert list(c.minimum_score["two-week"].values()) == [390, 240, 180, 75, 0]


def test_suggested_transport_allocation(data):
    assert data.charts.suggested_allocation.allocated_for == {
        "6/6": {"fuel": 35, "general": 23, "combat": 27, "amphibious": 15},
        "6/8": {"fuel": 35, "general": 30, "combat": 25, "amphibious": 10},
        "6/10": {"fuel": 30, "general": 30, "combat": 30, "amphibious": 10},
        "6/12": {"fuel": 25, "general": 30, "combat": 35, "amphibious": 10},
    }


def test_terrain_effects(data):
    t = data.charts.terrain
    expected = {"clear": (1, 1, 1), "town": (1, 2, 1), "bocage": (3, 2.5, 1), "swamp": (4, 2, 0.75),
                "river": (2, 1, 0.5), "beach": (2, 1, 1), "ocean": (0, 1, 0.5)}
    for name, (mp, dfn, att) in expected.items():
        assert (t[name].movement, t[name].defence, t[name].attack) == (mp, dfn, att), name
    assert t.extra_point_percent == 30
    assert t.extra_point_exempt == ("ocean",)
    assert set(t.ocean_attack_exempt_types) == {"ranger", "commando"}


def test_interdiction_effects_and_weather(data):
    rows = [tuple(_pair(x) for x in line.split()) for line in INTERDICTION.strip().splitlines()]
    assert [(r.points, r.decrease) for r in data.charts.interdiction.rows] == rows
    assert data.charts.interdiction.weather_percent_reduction == {"clear": 0, "cloudy": 20, "overcast": 40, "storm": 100}


def test_difficulty_levels(data):
    d = data.charts.difficulty
    assert d["novice"].ratings == {"leadership": 7, "transport": 7, "airpower": 6, "coastal_defence": 3, "naval": 6}
    assert d["experienced"].ratings == {"leadership": 7, "transport": 6, "airpower": 6}
    assert d["expert"].ratings == {} and d["expert"].display_delay == 1
    assert d["historical"].ratings == {} and d["historical"].display_delay is None
    assert not any(v.german_dday_movement for v in d.values())
    assert data.rules.ratings.historical == {"combat_points": 5, "leadership": 7, "transport": 5, "airpower": 5,
                                             "naval": 5, "coastal_defence": 5, "reinforcements": 5, "us_leadership": 5}


def test_optional_rules(data):
    o = data.charts.optional_rules
    assert o.rules["rommels-plan"].ratings == {"coastal_defence": 8, "reinforcements": 3}
    assert o.rules["rommels-plan"].german_dday_movement is False
    assert o.rules["patton"].ratings == {"transport": 6, "us_leadership": 7}
    assert [attrs.asdict(e) for e in o.weather_adjustment.examples] == [
        {"score": 800, "weather_percent": 11, "adjusted": 712}, {"score": 600, "weather_percent": -4, "adjusted": 624}]


def test_allied_forces_table(data):
    assert data.charts.allied_forces.formations == {
        "airborne": {"US": 2, "BC": 1}, "infantry": {"US": 9, "BC": 6}, "armoured": {"US": 2, "BC": 2},
        "armoured-brigade": {"US": 0, "BC": 4}, "armoured-cavalry": {"US": 4, "BC": 0},
        "ranger": {"US": 1, "BC": 0}, "commando": {"US": 0, "BC": 2}}
    assert data.charts.allied_forces.totals == {"US": 18, "BC": 15, "all": 33}


def test_charts_json_matches_the_rulebook_too():
    import json
    import subprocess
    import sys
    from pathlib import Path
    out = subprocess.run([sys.executable, "-m", "overlord", "charts", "--json"], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1])
    j = json.loads(out.stdout)
    rows = [[int(x) for x in line.split()] for line in COMBAT_SUPPLY.strip().splitlines()]
    assert j["combat_supply"]["rows_defence_1_to_9"] == rows
    assert j["transport"]["ranges"]["D-Day"]["overcast"] == "N/A"
    assert j["combat"]["rows"][0] == {"pair": [9, 1], "losses": [[15, 8], [12, 10], [11, 11], [11, 11], [10, 12], [9, 13]]}
    assert j["weather"]["probability"]["6/18"] == {"clear": 36, "cloudy": 21, "overcast": 10, "storm": 33}


def _table_rows(text, expected):
    """The first rows of a chart's text table (below its header and the header's rule), as many as expected, each
    as its cells' words (a sentence may follow the table)."""
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line) <= {"-", " "} and "--" in line)
    return [line.split() for line in lines[rule + 1:rule + 1 + len(expected)]]


def _rulebook(chart):
    return [line.split() for line in chart.strip().splitlines()]


def test_the_printed_charts_show_the_rulebooks_numbers_under_their_titles(data):
    # what `overlord charts` and the game's charts screen show, each chart's text made by its own function
    from overlord.reports import CHART_TEXT, CHARTS, render_chart
    assert list(CHART_TEXT) == list(CHARTS)
    for name, title in CHARTS.items():
        text = render_chart(data, name)
        assert text.splitlines()[0] == title.upper() and len(text.splitlines()) > 1, name
    expected = {
        "transport": _rulebook(TRANSPORT),
        "weather": [[t] + [f"{p}%" for p in ps] for t, *ps in _rulebook(WEATHER)],
        "combat_supply": [[str(d)] + row for d, row in enumerate(_rulebook(COMBAT_SUPPLY), 1)],
        "interdiction": _rulebook(INTERDICTION),
        "combat": [[a, "vs", d, *cells] for a, d, *cells in _rulebook(COMBAT_RESULTS)],
    }
    for name, rows in expected.items():
        assert _table_rows(render_chart(data, name), rows) == rows, name
