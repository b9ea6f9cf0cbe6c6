"""Every benchmark runs: each script's --quick mode, run as a player would run it, prints what it should.

A benchmark that cannot run is a test that is off (benchmarks/perf.py crashed for weeks on a data change,
and docs/performance.md could not be made again). The quick modes go through the same code as the full
runs, on a few games; the timed goals are never asserted here, since CI's machine is slow and loaded:
only that each script ends well and its tables are well-formed. The full runs are by hand.
"""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"

# Each runnable benchmark and what its test runs (the scripts without a main are libraries of the others)
QUICK_RUNS = {
    "perf.py": ["--quick"],
    "clone.py": ["--quick"],
    "think_time.py": ["--quick"],
    "ai_strength.py": ["--quick"],
    "adversaries.py": ["--quick", "--set", "tuning"],
    "dday.py": ["--quick"],
    "history.py": ["--quick"],
    "levels.py": ["--quick"],
    "steadiness.py": ["--quick", "--steady", "0,40", "--horizon", "1", "--jobs", "1"],
    "commander.py": ["--quick", "--jobs", "1"],
    "destination.py": ["--quick"],
    "viewer.py": ["--quick"],
    "online.py": ["--quick"],
}


def run(script: str, *args: str) -> str:
    r = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True, cwd=ROOT,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def run_quick(script: str, doc: str) -> str:
    """``script``'s quick run, which measures too little to be written: ``doc`` (docs/NAME) is left as it was."""
    path = ROOT / "docs" / doc
    before = path.read_text()
    out = run(script, *QUICK_RUNS[script])
    assert path.read_text() == before and "written to" not in out
    return out


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_every_benchmark_is_run_here_or_used_by_one_that_is():
    scripts = {p.name: p for p in BENCH.glob("*.py")}
    runnable = {name for name, p in scripts.items() if 'if __name__ == "__main__":' in p.read_text()}
    assert runnable == set(QUICK_RUNS)
    used = set().union(*(_imports(scripts[name]) for name in runnable))
    libraries = {name[:-3] for name in scripts} - {name[:-3] for name in runnable}
    assert libraries == {"bigmap", "results", "seedsets", "workload"}
    assert libraries <= used


def test_the_big_map_is_the_real_one_four_times_and_a_workload_plays_out_on_it(tmp_path, data, monkeypatch):
    """What perf.py's fifth measure plays on; generated from the real data, so a change to the data's
    format can break it without touching the benchmarks (it did: the waiting boxes became one per nation)."""
    monkeypatch.syspath_prepend(str(BENCH))
    from bigmap import generate
    from workload import Walker, play_timed

    from overlord.engine import Game, Settings
    from overlord.engine.data import load_data
    big = load_data(generate(ROOT / "data", tmp_path / "bigmap"), strict=False)
    assert (big.map.cols, big.map.rows) == (2 * data.map.cols, 2 * data.map.rows)
    assert len(big.units) == 4 * len(data.units) and len(big.map.beaches) == 4 * len(data.map.beaches)
    assert big.map.waiting == data.map.waiting  # one box a nation: every copy's formations wait there
    g = Game.new(Settings(allied_player="computer"), 1, data=big)
    _, _, actions = play_timed(g, {side: Walker(side) for side in ("allied", "german")})
    assert g.over and actions > len(big.units)  # every unit on the map stepped at least once


def test_results_are_written_between_their_markers_and_nowhere_else(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    from results import write_results
    doc = tmp_path / "doc.md"
    doc.write_text("before\n<!-- r -->\nold\n<!-- /r -->\nafter\n")
    write_results(doc, "r", "new")
    assert doc.read_text() == "before\n<!-- r -->\nnew\n<!-- /r -->\nafter\n"
    with pytest.raises(SystemExit, match="markers"):
        write_results(doc, "other", "x")
    assert doc.read_text() == "before\n<!-- r -->\nnew\n<!-- /r -->\nafter\n"


def test_quick_modes_refuse_to_write_their_few_games_into_the_docs():
    for script in ("think_time.py", "adversaries.py", "dday.py", "history.py", "steadiness.py", "online.py"):
        r = subprocess.run([sys.executable, str(BENCH / script), "--quick", "--write"], capture_output=True, text=True,
                           cwd=ROOT)
        assert r.returncode == 2 and "--quick measures too little to be written" in r.stderr


@pytest.mark.slow
def test_perf_quick_prints_its_six_measures_and_leaves_the_doc_alone():
    out = run_quick("perf.py", "performance.md")
    row = re.compile(r"^\| (\d)\. .+ \| [\d.]+ (s|ms|MB) \| [\d.]+ (s|ms|MB) \| [\d.]+x \| [\d.]+x \| (met|MISSED) \|$")
    assert [m.group(1) for m in map(row.match, out.splitlines()) if m] == ["1", "2", "3", "4", "5", "6"]
    assert "python benchmarks/perf.py --quick" in out
    assert re.search(r"CPUs.*\. Load average \(1 minute\) as each measure began: [\d.]+(, [\d.]+){4} ", out)
    assert re.search(r"^Also measured: the same campaign against the classic German .* takes [\d.]+ s \([\d.]+x the import\)\. "
                     r"`overlord --seed 1`.* [\d.]+ s \([\d.]+x the bare app", out, re.M)


@pytest.mark.slow
def test_clone_quick_compares_a_clone_with_an_action():
    out = run("clone.py", *QUICK_RUNS["clone.py"])
    positions = re.search(r"^(\d+) positions: an engine action [\d.]+ us on average, a clone [\d.]+ us "
                          r"\(median [\d.]+, at most [\d.]+\)$", out, re.M)
    assert positions and int(positions.group(1)) > 1000  # one whole campaign's positions
    assert re.search(r"^clone / action = [\d.]+ \(goal: at most 10; (meets|misses) it\)$", out, re.M)


@pytest.mark.slow
def test_think_time_quick_times_one_game_of_the_first_pairing():
    out = run("think_time.py", *QUICK_RUNS["think_time.py"])
    rows = re.findall(r"^\| historical v ai \| (\d+) \| [\d.]+ s \| [\d.]+ s \| [\d.]+ s \|$", out, re.M)
    assert len(rows) == 1 and int(rows[0]) > 5  # the German's turns of a campaign
    assert len(out.splitlines()) == 1


@pytest.mark.slow
def test_ai_strength_quick_judges_every_target_and_plays_every_matchup():
    out = run("ai_strength.py", *QUICK_RUNS["ai_strength.py"])
    targets = re.findall(r"^\| .+ \| .+ \| (met|MISSED) \|$", out, re.M)
    assert len(targets) == 5
    matchups = re.findall(r"^\| (\S+ v \S+) \| -?\d+ \| -?[\d.]+ to -?[\d.]+ \| \d/2 \| \d/2 \| \d/2 \| [\d.]+ \| \d+ \|$",
                          out, re.M)
    assert matchups == ["historical v ai", "historical v pass", "caen-first v ai", "pass v ai"]
    assert "written to" not in out


@pytest.mark.slow
def test_adversaries_quick_plays_its_matchups_and_draws_the_same_tables_again_from_its_json(tmp_path):
    saved = tmp_path / "suite.json"
    out = run("adversaries.py", *QUICK_RUNS["adversaries.py"], "--json", str(saved))
    suite = json.loads(saved.read_text())
    assert list(suite) == ["tuning"] and suite["tuning"]["seeds"] == [1001, 1002]
    played = [(m["allied"], m["german"], m["games"]) for m in suite["tuning"]["matchups"]]
    assert played == [("historical", "ai", 2), ("historical", "classic", 2), ("southern-drive", "beach-rush+dday", 2)]
    row = re.compile(r"^\| (\S+) v (\S+) \| -?\d+ \| -?\d+ \| -?[\d.]+ to -?[\d.]+ \| (\d)/(\d)/(\d)/(\d)/(\d)/(\d) \| \d/2 "
                     r"\| \d/2( \(\d+/\d+\))? \| \d/2 \| [\d.]+ \| \d+/\d+ \| \d+/\d+ \|$")
    rows = [m for m in map(row.match, out.splitlines()) if m]
    assert [(m.group(1), m.group(2)) for m in rows] == [(a, x) for a, x, _ in played]
    assert all(sum(int(n) for n in m.groups()[2:8]) == 2 for m in rows)  # every game has its level of victory
    assert len(re.findall(r"^\| .+ \| .+ \| (met|missed) \|$", out, re.M)) == 6  # the German ai's targets
    assert run("adversaries.py", "--from-json", str(saved)).strip() == out.strip()


@pytest.mark.slow
def test_dday_quick_prints_each_beach_at_each_level_and_the_lead_trials():
    out = run("dday.py", *QUICK_RUNS["dday.py"])
    beach = re.compile(r"^\| (Utah|Omaha|Gold|Juno|Sword) \| [\d.]+ \(at most \d+\) \| [\d.]+ \| [\d.]+ \| [\d.-]+ \| \d of 2 \|$")
    assert len([m for m in map(beach.match, out.splitlines()) if m]) == 5 * 5  # the plan, levels 1, 5, 9, Full retreat
    lead = re.findall(r"^\| (\S+), (\w+) \| ashore \d of 2.* \| ashore \d of 2.* \| ashore \d of 2.* \|$", out, re.M)
    assert lead == [("us-rangers", "Omaha"), ("us-1-inf", "Omaha"), ("bc-4-cdo", "Juno")]


@pytest.mark.slow
def test_history_quick_judges_every_target_of_the_scores_course():
    out = run("history.py", *QUICK_RUNS["history.py"])
    two_week = re.findall(r"^\| (historical|ai|southern-drive|classic) \| -?\d+ \| -?\d+ \| .+ \| ratio (met|NOT MET); "
                          r"spread (met|NOT MET) \|$", out, re.M)
    assert [row[0] for row in two_week] == ["historical", "ai", "southern-drive", "classic"]
    assert len(re.findall(r"^\| .+ \| .+ \| .+ \| (met|NOT MET) \|$", out, re.M)) == 5 + 2  # history, then the ai
    assert re.search(r"^\| historical \((met|NOT MET)\) \|( [\d.]+ \(\d+-\d+\) \|){6}$", out, re.M)


@pytest.mark.slow
def test_levels_quick_prints_each_sides_levels_weakest_first_with_their_gaps_and_goals(tmp_path):
    from overlord.ai import levels, profile
    saved = tmp_path / "levels.json"
    out = run("levels.py", *QUICK_RUNS["levels.py"], "--json", str(saved))
    assert run("levels.py", "--from-json", str(saved)).strip() == out.strip()
    row = re.compile(r"^\| (\d) \| (\S+) \| .+ \| 1 \| -?\d+ \| -?\d+ \| (-?\d+|-) \| [\d.]+ s \| [\d.]+ s \|$")
    rows = [m for m in map(row.match, out.splitlines()) if m]
    assert [m.group(2) for m in rows] == levels("german") + levels("allied")
    assert all(int(m.group(1)) == profile(m.group(2), side).level
               for side, part in (("german", rows[:len(levels("german"))]), ("allied", rows[len(levels("german")):]))
               for m in part)
    assert len(re.findall(r"^Ordered, each level at least 200 points from the next: (met|MISSED) .*: (met|MISSED)\.$",
                          out, re.M)) == 2


def test_steadiness_quick_counts_the_posture_changes_of_each_margin_against_each_opponent():
    out = run("steadiness.py", *QUICK_RUNS["steadiness.py"])
    assert "steady 0: median" in out and "steady 40: median" in out
    rows = re.findall(r"^\| (historical|southern-drive) \| (-?\d+) \(-?\d+\) \| ([\d.]+) \| (-?\d+) \(-?\d+\) \| ([\d.]+) \|$",
                      out, re.M)
    assert [r[0] for r in rows] == ["historical", "southern-drive"]
    assert all(0 <= float(r[2]) <= 11 and 0 <= float(r[4]) <= 11 for r in rows)  # 12 turns: at most 11 changes


@pytest.mark.slow
def test_commander_quick_prints_its_blocks_and_judges_the_goal(tmp_path):
    saved = tmp_path / "commander.json"
    out = run("commander.py", *QUICK_RUNS["commander.py"], "--json", str(saved))
    summary = json.loads(saved.read_text())
    assert summary["german"] == "focused-rush+dday" and summary["seeds"] == [9201, 9202]
    assert re.search(r"^\| 2 \| -?\d+ \| -?\d+ \| [0-2] \|$", out, re.M)
    assert re.search(r"^Median at least 300 and each block at least 200: (met|MISSED)\.$", out, re.M)


@pytest.mark.slow
def test_destination_quick_gives_the_preview_as_a_ratio_to_a_key_press_and_writes_nothing():
    out = run_quick("destination.py", "performance.md")
    assert re.search(r"^\| a key press to repaint in movement .* \| [\d.]+ ms \| 1\.00x \| \| \|$", out, re.M)
    assert re.search(r"^\| a move-by-destination preview.* \| [\d.]+ ms \| [\d.]+x \| 1\.5x \| (met|MISSED) \|$", out, re.M)
    assert re.search(r"^\| the route alone \(`view.route`, \d+ destinations within 6 positions\) \| [\d.]+ ms", out, re.M)
    r = subprocess.run([sys.executable, str(BENCH / "destination.py"), "--quick", "--write"], capture_output=True,
                       text=True, cwd=ROOT)
    assert r.returncode == 2 and "--quick measures too little to be written" in r.stderr


@pytest.mark.slow
def test_online_quick_times_the_round_trip_and_plays_games_at_once_on_one_host():
    out = run_quick("online.py", "online.md")
    assert re.search(r"^\| an action through the host, `--sync full` \(\d+ actions\) \| [\d.]+ ms \| [\d.]+ ms \| \d+x \|$",
                     out, re.M)
    assert re.search(r"^3 games at once .*: 3 of 3 ended and replay to their hash \(no game lost\); \d+ actions", out, re.M)
