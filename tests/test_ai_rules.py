"""The computer players read every rule from the engine or the data (issue 28): a rule is written once.

- The literal check: no turn label, and no name of the map or the order of battle, is written in
  overlord/ai, and every number there is a named constant with its comment (the tuning), but for 0, 1, 2
  and 0.5 (counts, signs, halves and doubles). It reads the source with ``ast``: a number written in an
  expression, or a string that is a turn label of data/charts/turns.toml (or looks like a date, "6/18"), an
  objective's, beach's, town's or place's name of data/map.toml or a unit of data/oob.toml, is a fault.
  Docstrings and comments are text, not code, and are not read.
- The rules the players read follow the data: with the storms moved in a copy of data/ the Allied
  allocation stockpiles before the copy's storms; with the Victory Points chart changed their valuations
  change with it; their path finder counts a step as the engine moves it.
"""

from __future__ import annotations

import ast
import io
import re
import shutil
import tokenize
from pathlib import Path

import pytest

import overlord.ai
from overlord.ai import allied_commander, common, make_player
from overlord.ai import allied_scripted, board
from overlord.ai.allied_scripted import stormy
from overlord.engine import Game, view
from overlord.engine.data import load_data
from overlord.engine.hexgrid import neighbour
from overlord.engine.prompts import AllocationPrompt

from builders import computer_settings

AI = Path(overlord.ai.__file__).parent
ROOT = Path(__file__).resolve().parents[1]
PLAIN_NUMBERS = {0, 1, 2, 0.5}  # counts, signs (the minus is not part of a number), halves and doubles
DATE = re.compile(r"^\d{1,2}/\d{1,2}$")


def docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def named_constants(tree: ast.Module) -> list[ast.Assign | ast.AnnAssign]:
    """The assignments at the top of a module or of a class: the named constants (and a class's fields)."""
    tops = [*tree.body, *(s for c in tree.body if isinstance(c, ast.ClassDef) for s in c.body)]
    return [s for s in tops if isinstance(s, (ast.Assign, ast.AnnAssign))]


def constants(path: Path) -> tuple[list[ast.Constant], list[ast.Constant]]:
    """The constants of a module's code (docstrings left out): those in expressions, and those in named
    constants."""
    tree = ast.parse(path.read_text())
    named = {id(n) for s in named_constants(tree) for n in ast.walk(s)}
    code = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in docstrings(tree)]
    return [n for n in code if id(n) not in named], [n for n in code if id(n) in named]


def is_number(node: ast.Constant) -> bool:
    return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)


def commented_lines(path: Path) -> tuple[set[int], set[int]]:
    """The lines with a comment, and those that are a comment alone."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text()).readline) if t.type == tokenize.COMMENT]
    return {t.start[0] for t in tokens}, {t.start[0] for t in tokens if not t.line[:t.start[1]].strip()}


def modules() -> list[Path]:
    found = sorted(AI.glob("*.py"))
    assert AI / "allied_scripted.py" in found and len(found) >= 12
    return found


def unnamed_numbers(paths: list[Path]) -> list[str]:
    """The numbers written in expressions, but for the plain ones."""
    return [f"{path.name}:{n.lineno} {n.value!r}" for path in paths for n in constants(path)[0]
            if is_number(n) and n.value not in PLAIN_NUMBERS]


def uncommented_constants(paths: list[Path]) -> list[str]:
    """The named constants holding a number with no comment on their lines (or a comment line above)."""
    found = []
    for path in paths:
        comments, alone = commented_lines(path)
        for s in named_constants(ast.parse(path.read_text())):
            numbered = any(isinstance(n, ast.Constant) and is_number(n) for n in ast.walk(s))
            said = comments & set(range(s.lineno, (s.end_lineno or s.lineno) + 1)) or s.lineno - 1 in alone
            if numbered and not said:
                found.append(f"{path.name}:{s.lineno}")
    return found


def written_names(paths: list[Path]) -> list[str]:
    """The strings of the code that are turn labels (or dates) or names of the map or the order of battle."""
    data = load_data(ROOT / "data")
    m = data.map
    names = {*data.charts.turns, *m.objectives, *m.towns, *m.places, *(b.name for b in m.beaches), *data.units}
    return [f"{path.name}:{n.lineno} {n.value!r}" for path in paths for group in constants(path) for n in group
            if isinstance(n.value, str) and (n.value in names or DATE.match(n.value))]


def test_every_number_in_the_players_is_a_named_constant():
    assert unnamed_numbers(modules()) == []


def test_every_named_constant_holding_a_number_says_what_it_is():
    assert uncommented_constants(modules()) == []


def test_no_turn_label_nor_name_of_the_map_or_the_order_of_battle_is_written_in_the_players():
    assert written_names(modules()) == []


def test_the_literal_check_finds_what_it_forbids(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('STORMS = ("6/18",)  # a copy of the chart\nLIMIT = 4\nPLAN = {"us-4-inf": "Utah"}  # a plan\n\n\n'
                     'def f(u):\n    """Docstrings are text: 6/18, 60."""\n'
                     '    return u.cp / 60 * 25.0 if u.name == "Cherbourg" else 2 * u.cp  # comments too: 6/18, 60\n')
    assert sorted(unnamed_numbers([probe])) == ["probe.py:8 25.0", "probe.py:8 60"]
    assert uncommented_constants([probe]) == ["probe.py:2"]
    assert sorted(written_names([probe])) == ["probe.py:1 '6/18'", "probe.py:3 'Utah'", "probe.py:3 'us-4-inf'",
                                              "probe.py:8 'Cherbourg'"]


def test_the_levels_the_players_name_are_the_strategy_level_charts():
    chart = load_data(ROOT / "data").charts.strategy_levels
    names = {"attack": {row.level: row.name for row in chart.attack}, "defence": {row.level: row.name for row in chart.defence}}
    source = (AI / "common.py").read_text()
    levels = re.findall(r"^([A-Z_]+) = (\d)  # (attack|defence) \"([^\"]+)\"", source, re.M)
    assert len(levels) >= 10
    for constant, level, role, name in levels:
        assert getattr(common, constant) == int(level) and names[role][int(level)] == name, constant


# --------------------------------------------------------------------------- the rules follow the data
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(ROOT / "data", folder)
    return folder


def moved_storms(folder: Path) -> None:
    """The weather chart's stormy turns 6/18-6/22 moved to 6/8-6/12 (their rows swapped)."""
    path = folder / "charts" / "weather.toml"
    rows = dict(re.findall(r'^("[^"]+")\s*=\s*(\{[^}]*\})', path.read_text(), re.M))
    for calm, storm in (('"6/8"', '"6/18"'), ('"6/10"', '"6/20"'), ('"6/12"', '"6/22"')):
        rows[calm], rows[storm] = rows[storm], rows[calm]
    text = path.read_text().split("[probability]")[0] + "[probability]\n"
    path.write_text(text + "".join(f"{turn} = {row}\n" for turn, row in rows.items()))


def allocation_for(data, turn_label: str, seed: int = 3):
    """The game at the Allied allocation for ``turn_label``, with the historical Allied and the classic German,
    and the Allied player."""
    g = Game.new(computer_settings(), seed, data=data)
    players = {"allied": make_player("historical", "allied", seed), "german": make_player("classic", "german", seed)}
    while not (isinstance(g.prompt, AllocationPrompt) and g.prompt.for_turn == turn_label):
        g.apply(players[g.prompt.side].choose(g))
    return g, players["allied"]


def test_with_the_storms_moved_the_allied_allocation_follows_the_copy(tmp_path):
    folder = data_copy(tmp_path)
    moved_storms(folder)
    shipped, moved = load_data(ROOT / "data"), load_data(folder)
    g, allied = allocation_for(shipped, "6/6")
    g2, allied2 = allocation_for(moved, "6/6")
    assert [t for t in shipped.charts.turns if stormy(g, t)] == ["6/18", "6/20", "6/22"]
    assert [t for t in moved.charts.turns if stormy(g2, t)] == ["6/8", "6/10", "6/12"]
    # D-Day's allocation, for 6/6: the same position under both charts (D-Day's weather is the same), but the
    # copy's storm comes the turn after (6/8), so general supply is stockpiled for it
    assert g.state_hash() == g2.state_hash()
    calm, storm = allied.needs(g, g.prompt), allied2.needs(g2, g2.prompt)
    assert storm["general"] > calm["general"]
    assert {k: v for k, v in storm.items() if k != "general"} == {k: v for k, v in calm.items() if k != "general"}
    assert allied2.choose(g2).general > allied.choose(g).general


def test_the_players_values_follow_the_victory_points_chart(tmp_path):
    """The continent side's divisor halved in a copy: the same position is worth more to the Allied
    commander's look ahead and to an Allied unit standing on the continent side."""
    folder = data_copy(tmp_path)
    chart = folder / "charts" / "victory_points.toml"
    chart.write_text(chart.read_text().replace("cp_divisor = 60", "cp_divisor = 30"))
    g = Game.new(computer_settings(), 8)
    players = {"allied": make_player("southern-drive", "allied", 8), "german": make_player("classic", "german", 8)}
    while not (g.turn >= 5 and any(g.data.map.on_continent_side(view.position_of(u))
                                   for u in g.units("allied", view.ASHORE, combat=True))):
        g.apply(players[g.prompt.side].choose(g))
    copy, _ = Game.replay(g.initial_settings, g.seed, g.actions)  # the same game under the shipped data...
    halved = Game.new(g.initial_settings, g.seed, data=load_data(folder))
    for action in g.actions:  # ...and under the copy (the chart changes the score, not the play)
        halved.apply(action)
    evaluation = allied_commander.EVALUATION
    assert evaluation.points_to_come(halved) > evaluation.points_to_come(copy)
    uid = next(u.id for u in g.units("allied", view.ASHORE, combat=True) if g.data.map.on_continent_side(view.position_of(u)))
    here = view.position_of(g.unit(uid))
    assert view.continent_side_points(halved, uid, here) == 2 * view.continent_side_points(copy, uid, here) > 0


def test_an_objective_of_a_units_plan_is_worth_its_victory_points(tmp_path):
    """St-Lo's points a turn raised in a copy of the chart: its position is worth more to a unit driving on it."""
    folder = data_copy(tmp_path)
    chart = folder / "charts" / "victory_points.toml"
    chart.write_text(chart.read_text().replace('"St-Lo"     = { per_turn = 5,', '"St-Lo"     = { per_turn = 8,'))
    values = []
    for data in (load_data(ROOT / "data"), load_data(folder)):
        g = Game.new(computer_settings(), 1, data=data)
        allied = make_player("classic", "allied", 1)
        st_lo = data.map.objectives["St-Lo"][0]
        look = allied.outlook(g, "us-29-inf")  # its drive: Isigny, St-Lo
        assert look.planned == {"St-Lo"}
        values.append(allied.position_value(g, "us-29-inf", st_lo, look))
    assert values[1] - values[0] == pytest.approx(allied_scripted.OBJECTIVE_TURNS * (8 - 5))


@pytest.mark.parametrize("seed", [3, 12])
def test_the_players_path_finder_counts_a_step_as_the_engine_moves_it(seed):
    """Into an enemy zone of control a step is only taken from where the unit stands (the walk stops there),
    so the path finder's cost of each such neighbour is the engine's own cost of the step."""
    g = Game.new(computer_settings(german_dday_movement=True), seed)
    players = {"allied": make_player("historical", "allied", seed), "german": make_player("classic", "german", seed)}
    while g.turn < 3:
        g.apply(players[g.prompt.side].choose(g))
    compared = 0
    for side in ("allied", "german"):
        zoc = g.zoc(view.enemy(side))
        for u in g.units(side, view.ASHORE, combat=True):
            reach = board.reach(g, u.id, mp=g.spec(u.id).movement)
            for d in range(1, 7):
                step = view.step_cost(g, u.id, d)
                target = neighbour(view.position_of(u), d) if step else None
                if step and target in zoc:
                    assert reach[target][0] == step["mp"], (u.id, d, step, reach.get(target))
                    compared += 1
    assert compared >= 10


# --------------------------------------------------------------------------- data/plans.toml, checked like the rest
@pytest.mark.parametrize("old,new,field,words", [
    ('"us-4-inf" = ["Montebourg"', '"us-44-inf" = ["Montebourg"', "drives.june-6.us-44-inf", "is 'us-44-inf'"),
    ('"Montebourg", "Valognes"', '"Montebourg", "Valogne"', "drives.june-6.us-4-inf[1]", "not a town or place"),
    ('"us-4-cav" = ["Carentan", "Periers", [5, 9]]', '"us-4-cav" = ["Carentan", "Periers", [12, 2]]',
     "drives.south.us-4-cav[2]", "not a land position"),
    ('replan = ["6/6",', 'replan = ["6/7",', "commander.replan[0]", "is '6/7'"),
    ('continent_weight = 1.5', 'continent_weight = "high"', "plans.historical.continent_weight", "should be a number"),
    ('switch = "6/14"', 'switch = "6/15"', "plans.feint.switch", "is '6/15'"),
    ('later = ["south", "vii-corps"]\nswitch = "6/12"', 'later = ["south", "vii-corps"]\nswitch = "6/13"',
     "commander.plans.southern-drive.switch", "is '6/13'"),
    ('later_static = ["south", "vii-corps", "vii-corps-whole"]', 'later_static = ["south", "vii-corps", "vii-corp"]',
     "commander.plans.southern-drive.later_static[2]", "is 'vii-corp'"),
    ('beaches = ["Omaha", "Gold"]\ncontinent_weight = 3.0\nfollow_chart = false\n\n[plans',
     'beaches = ["Omaha", "Golden"]\ncontinent_weight = 3.0\nfollow_chart = false\n\n[plans',
     "plans.single-beach.beaches[1]", "is 'Golden'"),
    ('corner = [8, 5]', 'corner = [80, 5]', "cotentin.corner", "[80, 5] is off the 22 x 12 map"),
])
def test_a_bad_plan_is_named_by_file_line_and_field(tmp_path, old, new, field, words):
    from overlord.engine.data import DataError
    from overlord.ai.plans import load_plans
    folder = data_copy(tmp_path)
    path = folder / "plans.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        load_plans(load_data(folder))
    error = info.value
    assert error.file.endswith("plans.toml") and error.field == field and words in error.message
    line = path.read_text().splitlines()[error.line - 1]
    assert new.split("\n")[0].split(" = ")[0].strip("[") in line or field.split(".")[-1].split("[")[0] in line


def test_the_commands_refuse_bad_plans_in_one_line(tmp_path):
    import os
    import subprocess
    import sys
    folder = data_copy(tmp_path)
    path = folder / "plans.toml"
    path.write_text(path.read_text().replace('"Montebourg", "Valognes"', '"Montebourg", "Valogne"', 1))
    r = subprocess.run([sys.executable, "-m", "overlord", "oob"], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, OVERLORD_DATA=str(folder)))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "plans.toml, line" in r.stderr and "Valogne" in r.stderr

