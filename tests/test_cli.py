import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args):
    return subprocess.run([sys.executable, "-m", "overlord", *args], capture_output=True, text=True, cwd=ROOT)


def test_simulate_json_is_the_same_twice_and_has_the_contract_fields():
    a, b = run("simulate", "--seed", "3", "--json"), run("simulate", "--seed", "3", "--json")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    out = json.loads(a.stdout)
    for key in ("seed", "scenario", "turns_played", "allied_score", "victory_level", "objectives",
                "formations_landed_dday", "final_state_hash"):
        assert key in out
    assert out["seed"] == 3 and out["scenario"] == "campaign"
    assert set(out["objectives"]) == {"Cherbourg", "Caen", "St-Lo"}
    assert set(out["objectives"].values()) <= {"allied", "german"}


def test_simulate_save_then_replay(tmp_path):
    save = tmp_path / "sim.json"
    a = run("simulate", "--seed", "4", "--scenario", "two-week", "--save", str(save))
    assert a.returncode == 0, a.stderr
    r = run("replay", str(save))
    assert r.returncode == 0, r.stdout + r.stderr


def test_simulate_rejects_an_unknown_player():
    r = run("simulate", "--allied", "patton-bot")
    assert r.returncode == 2 and "unknown computer player" in r.stderr


def test_charts_print_and_json():
    r = run("charts", "transport")
    assert r.returncode == 0 and "1460-1566" in r.stdout
    j = json.loads(run("charts", "--json").stdout)
    assert j["transport"]["ranges"]["6/6"]["clear"] == [1460, 1566]
    assert run("charts", "nonsense").returncode == 2


def test_oob_and_map_json_give_the_contract_fields():
    oob = json.loads(run("oob", "--json").stdout)
    assert oob["allied_formations"] == 33 and oob["allied_by_nation"] == {"US": 18, "BC": 15}
    for u in oob["units"]:
        for key in ("id", "name", "side", "nation", "type", "combat_points", "leadership", "movement_allowance",
                    "can_infiltrate", "fuel_class", "start", "arrival_turn"):
            assert key in u, (u["id"], key)
        assert u["side"] in ("allied", "german") and u["nation"] in ("US", "BC", "DE")
        assert u["start"] is not None or u["arrival_turn"] is not None or u["type"] == "depot", u["id"]
    m = json.loads(run("map", "--json").stdout)
    assert (m["rows"], m["cols"]) == (12, 22) and len(m["hexes"]) == 12 * 22
    assert {"col", "row", "terrain", "town", "beach", "naval_side"} <= set(m["hexes"][0])


def test_version():
    from overlord import __version__
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"overlord {__version__}"


def test_every_option_of_every_command_says_what_it_does():
    import argparse

    from overlord.cli import COMMANDS, build_parser

    def undocumented(parser):
        return [a.dest for a in parser._actions
                if not isinstance(a, argparse._SubParsersAction) and (not a.help or a.help == argparse.SUPPRESS)]
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert set(commands) == set(COMMANDS)
    assert undocumented(parser) == []
    for name, sub in commands.items():
        assert undocumented(sub) == [], name
    assert "--version" in run("--help").stdout


def test_seed_with_load_says_the_seed_is_ignored(tmp_path):
    save = tmp_path / "missing.json"
    r = run("--load", str(save), "--seed", "7")
    assert r.returncode == 2  # the save does not exist: refused before any screen is up
    lines = r.stderr.strip().splitlines()
    assert lines[0] == "overlord: --seed 7 is ignored: a saved game goes on with its own seed"
    assert "no such file" in lines[1]
    assert "ignored" not in run("--load", str(save)).stderr
