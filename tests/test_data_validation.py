"""A broken data file gives a clear error naming the file, the line and the field."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from overlord.engine.data import DataError, load_data

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def broken(tmp_path):
    """A copy of data/ to break; returns (folder, edit) where edit(file, old, new) rewrites a file."""
    folder = tmp_path / "data"
    shutil.copytree(ROOT / "data", folder)

    def edit(name, old, new, count=1):
        p = folder / name
        text = p.read_text()
        assert old in text, f"{old!r} not in {name}"
        p.write_text(text.replace(old, new, count))
    return folder, edit


def error_of(folder) -> DataError:
    with pytest.raises(DataError) as info:
        load_data(folder)
    return info.value


def line_of(folder, name, needle, nth=1) -> int:
    lines = (folder / name).read_text().splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if needle in line]
    return hits[nth - 1]


def test_the_real_data_loads_whole():
    d = load_data(ROOT / "data")
    assert (d.map.cols, d.map.rows) == (22, 12)  # the rulebook's map, 22 columns by 12 rows
    assert [b.name for b in d.map.beaches] == ["Utah", "Omaha", "Gold", "Juno", "Sword"]  # west to east
    assert sorted(d.map.objectives) == ["Caen", "Cherbourg", "St-Lo"]
    assert (d.charts.turns[0], d.charts.turns[-1], len(d.charts.turns)) == ("D-Day", "6/30", 14)
    sides = {side: sum(1 for u in d.units.values() if str(u.side) == side) for side in ("allied", "german")}
    assert sides == {"allied": 39, "german": 31}  # every unit of data/oob.toml, none dropped on the way


def test_unknown_terrain_code(broken):
    folder, edit = broken
    edit("map.txt", "row  6    ~ ~ ~ ~ . T", "row  6    ~ ~ ~ ~ ? T")
    e = error_of(folder)
    assert e.file.endswith("map.txt") and e.line == line_of(folder, "map.txt", "row  6") and "row 6 column 4" in e.field
    assert "unknown terrain code '?'" in str(e)


def test_ragged_map_row(broken):
    folder, edit = broken
    edit("map.txt", "row  2    ~ . b b r T b T ~", "row  2    ~ . b b r T b T")
    e = error_of(folder)
    assert e.file.endswith("map.txt") and e.line == line_of(folder, "map.txt", "row  2") and "positions" in e.message


def test_unit_on_the_ocean(broken):
    folder, edit = broken
    edit("oob.toml", "start = [11, 6]", "start = [12, 4]")
    e = error_of(folder)
    assert e.file.endswith("oob.toml") and e.field.endswith(".start") and "ocean" in e.message
    assert e.line == line_of(folder, "oob.toml", "start = [12, 4]")


def test_unit_off_the_map(broken):
    folder, edit = broken
    edit("oob.toml", "start = [11, 6]", "start = [30, 6]")
    e = error_of(folder)
    assert "off the map" in e.message and e.line == line_of(folder, "oob.toml", "start = [30, 6]")


def test_two_units_on_one_land_position(broken):
    folder, edit = broken
    edit("oob.toml", "start = [11, 6]", "start = [17, 8]")
    e = error_of(folder)
    assert "both start at [17, 8]" in e.message
    assert e.line == line_of(folder, "oob.toml", "start = [17, 8]", nth=2)


def test_a_chart_with_a_missing_cell(broken):
    folder, edit = broken
    edit("charts/combat_supply.toml", "  [         13,  26,  38,  51,  63,  76,  88, 101, 113],",
         "  [         13,  26,  38,  51,  63,  76,  88, 101],")
    e = error_of(folder)
    assert e.file.endswith("combat_supply.toml") and e.field == "rows[4]" and "9 entries, has 8" in e.message
    assert e.line == line_of(folder, "charts/combat_supply.toml", "[         13,")


def test_a_missing_transport_range(broken):
    folder, edit = broken
    edit("charts/transport.toml", 'cloudy = [1501, 1610], ', "")
    e = error_of(folder)
    assert e.field == "ranges.6/10.cloudy" and e.message == "is missing"
    assert e.line == line_of(folder, "charts/transport.toml", '"6/10"')


def test_weather_row_that_does_not_add_up(broken):
    folder, edit = broken
    edit("charts/weather.toml", '"6/18"  = { clear = 36', '"6/18"  = { clear = 37')
    e = error_of(folder)
    assert e.field == "probability.6/18" and "101" in e.message


def test_counts_that_contradict_the_rulebook(broken):
    folder, edit = broken
    edit("oob.toml", 'nation = "US"\ntype = "ranger"', 'nation = "US"\ntype = "infantry"')
    e = error_of(folder)
    assert e.file.endswith("oob.toml") and "Allied Forces table" in e.message


def test_wrong_type_of_value(broken):
    folder, edit = broken
    edit("oob.toml", "cp = 90\nleadership = 7\nstart = [11, 6]", 'cp = "ninety"\nleadership = 7\nstart = [11, 6]')
    e = error_of(folder)
    assert e.field.endswith(".cp") and "whole number" in e.message
    assert e.line == line_of(folder, "oob.toml", 'cp = "ninety"')


def test_invalid_toml(broken):
    folder, edit = broken
    edit("rules.toml", "[fatigue]", "[fatigue")
    e = error_of(folder)
    assert e.file.endswith("rules.toml") and e.line == line_of(folder, "rules.toml", "[fatigue") and "TOML" in e.message


def test_unknown_house_rule_setting(broken):
    folder, edit = broken
    edit("rules.toml", "retreat = 5", "retreat = 5\nretreet = 6")
    e = error_of(folder)
    assert e.field == "fatigue.retreet" and e.line == line_of(folder, "rules.toml", "retreet")


def test_beach_position_not_next_to_its_marker(broken):
    folder, edit = broken
    edit("map.toml", "positions = [[11, 5], [10, 5]]", "positions = [[11, 5], [10, 6]]")
    e = error_of(folder)
    assert e.file.endswith("map.toml") and e.field == "beach[1].positions[1]" and "not next to the marker" in e.message


def test_missing_file(broken):
    folder, _ = broken
    (folder / "charts" / "terrain.toml").unlink()
    e = error_of(folder)
    assert e.file.endswith("terrain.toml") and "missing" in e.message


def test_the_cli_reports_bad_data_in_one_line_with_exit_2(broken):
    folder, edit = broken
    edit("map.txt", "row  6    ~ ~ ~ ~ . T", "row  6    ~ ~ ~ ~ ? T")
    import os
    env = dict(os.environ, OVERLORD_DATA=str(folder))
    r = subprocess.run([sys.executable, "-m", "overlord", "charts"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "map.txt, line" in r.stderr and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("file,old,new,field,words", [
    ("rules.toml", "fatigue_divisor = 150", "fatigue_divisor = 0", "effectiveness.fatigue_divisor", "above 0"),
    ("rules.toml", "odds_cap = 10 ", "odds_cap = -1 ", "combat.odds_cap", "below the least allowed 0"),
    ("rules.toml", "base = 0.55", "base = nan", "effectiveness.base", "finite"),
    ("rules.toml", "naval_points = 150", "naval_points = 1_000_000_000_000", "support.naval_points", "far beyond"),
    ("rules.toml", "engagement_min = 0.25", "engagement_min = 2.0", "combat.engagement_min", "at most its maximum"),
    ("rules.toml", "max_cycles = 5", "max_cycles = 0", "movement.max_cycles", "below the least allowed 1"),
    ("rules.toml", "german_loss_fraction = 3", "german_loss_fraction = 0", "replacements.german_loss_fraction",
     "below the least allowed 1"),
    ("rules.toml", "drift_chance = 50", "drift_chance = 150", "airborne.drift_chance", "above the most allowed 100"),
    ("rules.toml", "combat_points_percent = 8", "combat_points_percent = 30", "ratings.combat_points_percent",
     "above the most allowed 25"),
    ("rules.toml", "max = 99", "max = 150", "fatigue.max", "above the most allowed 99"),
    ("charts/terrain.toml", "defence = 2.5", "defence = inf", "terrain.bocage.defence", "finite"),
    ("charts/terrain.toml", "bocage = { movement = 3", "bocage = { movement = 0", "terrain.bocage.movement",
     "below the least allowed 1"),
    ("charts/victory_points.toml", "cp_divisor = ", "cp_divisor = 0 #", "allied_continent_side.cp_divisor",
     "below the least allowed 1"),
])
def test_every_number_is_finite_and_in_range(broken, file, old, new, field, words):
    folder, edit = broken
    edit(file, old, new)
    e = error_of(folder)
    assert e.file.endswith(file) and e.field == field and words in e.message, str(e)
    assert e.line == line_of(folder, file, new), str(e)


def test_a_number_with_more_digits_than_python_reads(broken):
    folder, edit = broken
    edit("rules.toml", "air_points = 200", "air_points = " + "9" * 5000)
    e = error_of(folder)
    assert e.file.endswith("rules.toml") and "more digits" in e.message
    assert e.line == line_of(folder, "rules.toml", "air_points = 999")


def test_a_misspelt_key_is_named_at_its_own_line_not_reported_missing(broken):
    folder, edit = broken
    edit("rules.toml", "\ntransport_percent = 8", "\ntranspotr_percent = 8")
    e = error_of(folder)
    assert e.file.endswith("rules.toml") and e.line == line_of(folder, "rules.toml", "transpotr_percent")
    assert e.field == "ratings.transpotr_percent" and "misspelling of 'transport_percent'" in e.message


def test_a_misspelt_key_of_a_chart_table_is_named(broken):
    folder, edit = broken
    edit("charts/weather.toml", '"6/8"   =', '"6/88"  =')
    e = error_of(folder)
    assert e.file.endswith("weather.toml") and e.line == line_of(folder, "charts/weather.toml", '"6/88"')
    assert "misspelling of '6/8'" in e.message


def test_a_missing_key_beside_one_spelt_like_it_is_still_missing(broken):
    """engagement_min is a real key: removing engagement_max must not blame it."""
    folder, edit = broken
    text = (folder / "rules.toml").read_text()
    line = next(x for x in text.splitlines() if x.startswith("engagement_max"))
    edit("rules.toml", line + "\n", "")
    e = error_of(folder)
    assert e.field == "combat.engagement_max" and e.message == "is missing"
    assert e.line == line_of(folder, "rules.toml", "[combat]")


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("thing", ["pipe", "endless device", "folder"])
def test_a_data_file_that_is_not_a_file_is_refused_at_once(broken, thing):
    """A pipe would hang the game, a link to /dev/zero fill the memory: neither is read."""
    import os
    folder, _ = broken
    target = folder / "rules.toml"
    target.unlink()
    if thing == "pipe":
        os.mkfifo(target)
    elif thing == "endless device":
        target.symlink_to("/dev/zero")
    else:
        target.mkdir()
    e = error_of(folder)
    assert e.file.endswith("rules.toml") and "not a regular file" in e.message


@pytest.mark.parametrize("file,old,new,field,words", [
    ("map.toml", '"Barfleur"             = [7, 0]', '"Barfleur"             = [4, 0]', "towns.Barfleur",
     "Barfleur is at [4, 0], the town Cherbourg's position"),
    ("map.toml", '"St-Lo road"       = [9, 11]', '"St-Lo road"       = [5, 11]', "entry.St-Lo road",
     "the entry road Coutances road's position"),
    ("oob.toml", "cp = 100", "cp = 0", "unit[0].cp", "only a depot has none"),
    ("map.toml", '"bc-6-abn"   = [[18, 7], [19, 6], [19, 7], [19, 8], [20, 7]]',
     '"bc-6-abn"   = [[18, 7], [19, 6], [19, 7], [18, 6], [20, 7]]', "drop_zones.bc-6-abn[3]",
     "drop zone [18, 6] is a landing position of Sword"),
])
def test_what_one_position_or_unit_cannot_be(broken, file, old, new, field, words):
    """Two towns on one position, two entry roads on one, and a combat unit of 0 CP were all accepted (found by
    a helper: the map printed, a game was played with the unit)."""
    folder, edit = broken
    edit(file, old, new)
    e = error_of(folder)
    assert e.file.endswith(file) and e.field == field and words in e.message
    assert e.line == line_of(folder, file, new)


def test_a_byte_that_is_not_utf8_is_named_by_its_line(broken):
    folder, _ = broken
    path = folder / "oob.toml"
    lines = path.read_bytes().split(b"\n")
    lines[40] = lines[40] + b" # \xff"
    path.write_bytes(b"\n".join(lines))
    e = error_of(folder)
    assert e.file.endswith("oob.toml") and e.line == 41 and "not UTF-8 text (the byte 0xff" in e.message


def test_a_byte_order_mark_is_no_fault(broken):
    """Windows' Notepad writes one at the head of a file it saves as UTF-8; TOML would have refused line 1."""
    folder, _ = broken
    path = folder / "oob.toml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_data(folder).units == load_data(ROOT / "data").units
    lines = path.read_bytes().split(b"\n")  # a bad byte after it is still named by its own line and value
    lines[40] = lines[40] + b" # \xfe"
    path.write_bytes(b"\n".join(lines))
    e = error_of(folder)
    assert e.line == 41 and "the byte 0xfe" in e.message
