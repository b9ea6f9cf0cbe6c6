import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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
    before = save.read_bytes()  # a second simulate never writes over a save (in the game, Ctrl+S asks first)
    again = run("simulate", "--seed", "5", "--scenario", "two-week", "--save", str(save))
    assert again.returncode == 2 and again.stdout == "" and save.read_bytes() == before
    assert again.stderr.startswith("overlord: the save was not written:") and "there already" in again.stderr


def test_simulate_rejects_an_unknown_player():
    r = run("simulate", "--allied", "patton-bot")
    assert r.returncode == 2 and "unknown computer player" in r.stderr


def test_simulate_and_tournament_take_the_rulebooks_presets_and_german_dday_movement(tmp_path):
    """Only the set-up reached the difficulty levels and the optional rules: headless games could not be played at
    them (found by a helper)."""
    base = ("--seed", "3", "--scenario", "two-week", "--allied", "classic", "--german", "classic", "--json")
    plain, historical = run("simulate", *base), run("simulate", *base, "--preset", "historical")
    novice = run("simulate", *base, "--preset", "Novice", "--german-dday-movement", "--save", str(tmp_path / "n.json"))
    assert plain.returncode == historical.returncode == novice.returncode == 0, novice.stderr
    hashes = [json.loads(r.stdout)["final_state_hash"] for r in (plain, historical, novice)]
    assert hashes[0] == hashes[1] != hashes[2]  # the historical preset is the default game
    settings = json.loads((tmp_path / "n.json").read_text())["state"]["settings"]
    assert settings["preset"] == "novice" and settings["german_dday_movement"] is True
    said = json.loads(novice.stdout)  # and the result says what was played (found by a helper)
    assert (said["preset"], said["german_dday_movement"]) == ("novice", True)
    assert json.loads(plain.stdout)["preset"] == "historical"
    text = run("simulate", *base[:-1], "--preset", "patton")
    assert text.stdout.startswith("Overlord simulation, seed 3, two-week, patton: ")
    assert run("simulate", "--preset", "").returncode == 2  # (it was taken for the default)
    bad = run("simulate", "--preset", "nope")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "choose from" in bad.stderr and "novice" in bad.stderr
    t = run("tournament", "--games", "1", "--seed", "3", "--scenario", "two-week", "--allied", "classic", "--german",
            "classic", "--preset", "novice", "--german-dday-movement", "--json")
    assert t.returncode == 0 and json.loads(t.stdout)["results"][0]["allied_score"] == json.loads(novice.stdout)["allied_score"]
    assert (json.loads(t.stdout)["preset"], json.loads(t.stdout)["german_dday_movement"]) == ("novice", True)


def test_charts_print_and_json():
    r = run("charts", "transport")
    assert r.returncode == 0 and "1460-1566" in r.stdout
    assert run("charts", "TRANSPORT").stdout == r.stdout  # (a name in capitals, as --preset and --theme take it)
    j = json.loads(run("charts", "--json").stdout)
    assert j["transport"]["ranges"]["6/6"]["clear"] == [1460, 1566]
    assert run("charts", "nonsense").returncode == 2
    empty = run("charts", "")  # (not every chart: a name that is no chart's)
    assert empty.returncode == 2 and "no chart ''" in empty.stderr and not empty.stdout


@pytest.mark.parametrize("argv, said", [
    (["simulate", "--seed", "1", "--save", ""], "overlord: --save needs a file name"),
    (["--load", ""], "overlord: --load needs a save"),
    (["host", "--port", "0", "--rate", "-1"], "overlord: --rate is a number of messages a second, more than 0"),
    (["host", "--port", "0", "--rate", "nan"], "overlord: --rate is a number of messages a second, more than 0"),
    (["host", "--port", "0", "--max-games", "0"], "overlord: --max-games is 1 or more"),
])
def test_an_empty_file_name_or_a_host_limit_that_refuses_everything_is_refused_in_one_line(argv, said):
    """Before, ``--save ''`` wrote nothing and said nothing, and a host ran that refused every message or game."""
    r = run(*argv)
    assert r.returncode == 2 and r.stderr.strip().startswith(said) and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("argv, said", [
    (["--load", "n" * 300], "n" * 300 + ": cannot be read (File name too long)"),
    (["simulate", "--seed", "1", "--scenario", "two-week", "--allied", "pass", "--german", "pass",
      "--save", "n" * 300 + ".json"], "the save was not written: " + "n" * 300 + ".json: File name too long"),
    (["simulate", "--seed", "1", "--save", "tests/"], "the save was not written: tests/ is a folder (--save names the file to write)"),
    (["simulate", "--seed", "1", "--save", "tests"], "the save was not written: tests is a folder (--save names the file to write)"),
    (["simulate", "--seed", "1", "--save", "no-such-folder/x.json"],
     "the save was not written: no-such-folder: no such folder (--save writes a new file in a folder that is there)"),
])
def test_a_path_that_cannot_be_looked_up_or_names_a_folder_is_refused_in_one_line(argv, said):
    """Path.exists() raises for a name too long (or a folder that may not be looked in): a traceback, before; and
    --save dirx/ wrote a file named dirx. Said before any game is played."""
    r = run(*argv)
    assert r.returncode == 2 and r.stderr == f"overlord: {said}\n"


@pytest.mark.parametrize("argv", [["--german", "pass", "--seed", "5", "simulate", "--allied", "pass"],
                                  ["--seed=5", "tournament", "--games", "1"]])
def test_the_games_options_before_a_command_are_refused_not_dropped(argv):
    """The command reads only its own options: before, `overlord --seed 5 simulate` played seed 0 without a word."""
    r = run(*argv)
    option = argv[0].split("=")[0]
    command = next(a for a in argv if a in ("simulate", "tournament"))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (f"overlord: {option} before the command {command} is not read: a command's options go after "
                        f"it (overlord {command} --help lists them)\n")


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


def test_charts_help_names_every_chart_and_map_help_every_field_of_a_position():
    # (issue 31: the two commands' help named neither what they can print nor what it holds)
    from overlord.engine.data import cached_data
    from overlord.reports import CHARTS, map_json
    charts = run("charts", "--help")
    assert charts.returncode == 0
    listed = charts.stdout.partition("\ncharts:\n")[2].splitlines()
    assert [line.split(None, 1) for line in listed] == [[name, title] for name, title in CHARTS.items()]
    shown = " ".join(run("map", "--help").stdout.split())  # the help wraps at the terminal's width
    assert "Normandy" in shown
    for key in map_json(cached_data())["hexes"][0]:
        assert key in shown, key


def test_seed_with_load_says_the_seed_is_ignored(tmp_path):
    save = tmp_path / "missing.json"
    r = run("--load", str(save), "--seed", "7")
    assert r.returncode == 2  # the save does not exist: refused before any screen is up
    lines = r.stderr.strip().splitlines()
    assert lines[0] == "overlord: --seed 7 is ignored: a saved game goes on with its own seed"
    assert "no such file" in lines[1]
    assert "ignored" not in run("--load", str(save)).stderr


def test_one_seed_range_everywhere(tmp_path):
    from overlord.engine import Game
    from overlord.engine.rng import SEED_LIMIT
    from overlord.saves import load_save
    edge = tmp_path / "edge.json"
    ok = run("simulate", "--seed", str(-SEED_LIMIT), "--scenario", "two-week", "--save", str(edge))
    assert ok.returncode == 0, ok.stderr
    assert load_save(edge).state.seed == -SEED_LIMIT  # the edge of the range is a seed everywhere
    for args in (["simulate", "--seed", str(SEED_LIMIT + 1)], ["--seed", str(-SEED_LIMIT - 1)],
                 ["simulate", "--seed", "9" * 5000], ["tournament", "--seed", str(SEED_LIMIT), "--games", "2"],
                 ["fuzz", "--seed", str(SEED_LIMIT - 5), "--games", "10"]):
        r = run(*args)
        assert r.returncode == 2 and "Traceback" not in r.stderr, args
        assert "-9223372036854775808 to 9223372036854775808" in r.stderr.splitlines()[-1], args
    with pytest.raises(ValueError, match="2\\^63"):
        Game.new(None, SEED_LIMIT + 1)
    assert Game.new(None, SEED_LIMIT).state.seed == SEED_LIMIT


CRASH = """
import sys
sys.path.insert(0, {root!r})
import overlord.tui.title as title
def broken(self):
    raise RuntimeError("a bug in the title screen")
title.TitleScreen.compose = broken
from overlord.cli import main
raise SystemExit(main([]))
"""


def test_the_game_exits_non_zero_after_a_crash():
    """The real program in a terminal (a pseudo-terminal), with a bug put in: its exit status says so."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game
        os.execv(sys.executable, [sys.executable, "-c", CRASH.format(root=str(ROOT))])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    output, deadline = b"", time.monotonic() + 120
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 1)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the game has ended and closed the terminal
                break
            if not chunk:
                break
            output += chunk
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1, output[-2000:]
    assert b"a bug in the title screen" in output


def test_the_game_without_a_terminal_to_read_keys_from_says_so_and_ends():
    """`overlord </dev/null`: the terminal's input thread would read the end of the file forever, at full speed
    and deaf to SIGTERM; the game says in one line why it cannot be played there and ends at once."""
    for stdin in (subprocess.DEVNULL, subprocess.PIPE):
        r = subprocess.run([sys.executable, "-m", "overlord", "--seed", "3"], capture_output=True, text=True,
                           cwd=ROOT, stdin=stdin, timeout=120)
        assert r.returncode == 2
        assert r.stderr.strip().splitlines() == [
            "overlord: the game reads its keys from a terminal, and standard input is not one (the commands "
            "simulate, advise, replay and the others work without one)"]
    # simulate --watch was told that simulate works without a terminal
    watched = subprocess.run([sys.executable, "-m", "overlord", "simulate", "--watch"], capture_output=True, text=True,
                             cwd=ROOT, stdin=subprocess.DEVNULL, timeout=120)
    assert watched.returncode == 2 and watched.stderr == (
        "overlord: simulate --watch reads its keys from a terminal, and standard input is not one (simulate without "
        "--watch plays the game without one)\n")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a full disc is /dev/full, on Linux")
@pytest.mark.parametrize("command", [["players"], ["map"], ["charts", "--json"]])
def test_output_to_a_full_disc_ends_the_command_in_one_line_not_a_traceback(command):
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "overlord", *command], stdout=full, stderr=subprocess.PIPE, text=True,
                           cwd=ROOT)
    assert r.returncode == 1
    assert r.stderr == f"overlord: the output could not be written: {os.strerror(errno.ENOSPC)}\n"


@pytest.mark.parametrize("command", [["oob"], ["map"], ["charts", "--json"]])
def test_a_reader_gone_away_ends_the_command_quietly(command):  # overlord oob | head -1
    p = subprocess.Popen([sys.executable, "-m", "overlord", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=ROOT)
    assert p.stdout is not None and p.stderr is not None
    with p.stdout, p.stderr:
        p.stdout.read(10)
        p.stdout.close()
        assert p.wait(timeout=60) == 0 and p.stderr.read() == b""  # (the map's Rich console exited 1)


def test_a_new_save_never_replaces_a_file_that_took_its_name_meanwhile(tmp_path):
    """--save checked that its file was not there before the game, then replaced whatever was there after it: a file
    made meanwhile was lost. And a mistyped folder was made, with every folder above it."""
    import errno
    from overlord.userdirs import write_atomically
    target = tmp_path / "race.json"
    target.write_text("precious")  # as if made while the game was played
    with pytest.raises(FileExistsError) as refused:
        write_atomically(target, "{}", new=True)
    assert target.read_text() == "precious" and refused.value.filename == str(target)
    assert str(refused.value).endswith(f"nothing was written over it: {str(target)!r}")  # (not "-> None")
    assert [p.name for p in tmp_path.iterdir()] == ["race.json"]  # no temporary file left
    with pytest.raises(FileNotFoundError) as refused:
        write_atomically(tmp_path / "typo" / "deeper" / "x.json", "{}", new=True)
    assert refused.value.errno == errno.ENOENT and refused.value.filename == str(tmp_path / "typo" / "deeper")
    assert not (tmp_path / "typo").exists()
    write_atomically(tmp_path / "fresh.json", "{}", new=True)
    assert (tmp_path / "fresh.json").read_text() == "{}" and len(list(tmp_path.iterdir())) == 2


def test_advise_replay_and_watch_take_a_saves_name_as_load_does(tmp_path, monkeypatch):
    """`overlord --load mymid` found the save by its name, but `overlord advise mymid` said "no such file"."""
    from overlord.engine import Game, Settings
    from overlord.saves import saves_dir, write_save
    saves_dir().mkdir(parents=True, exist_ok=True)
    write_save(Game.new(Settings(allied_player="computer", german_player="computer"), 3), saves_dir() / "mymid.json")
    monkeypatch.chdir(tmp_path)
    advised = run("advise", "mymid", "--json")
    assert advised.returncode == 0 and json.loads(advised.stdout)["side"] == "allied"
    assert run("replay", "mymid").returncode == 0
    watched = run("watch", "mymid")  # no terminal here: refused for that, after the save was found
    assert watched.returncode == 2 and "terminal" in watched.stderr and "no such file" not in watched.stderr
    # the name as typed in the game's save box and listed by the Load screen (saved as at-handover-é.json)
    from overlord.session import save_path
    write_save(Game.new(Settings(allied_player="computer", german_player="computer"), 3), save_path("at handover ☃é"))
    assert run("replay", "at handover ☃é").returncode == 0 and run("advise", "at handover ☃é").returncode == 0
    write_save(Game.new(Settings(allied_player="computer", german_player="computer"), 3), save_path("6/6 beach"))
    assert run("replay", "6/6 beach").returncode == 0  # (a slash made it a path, "no such file")
    assert "no such file" in run("replay", "nowhere/6-6-beach").stderr  # a path that is not there stays one


def test_simulate_save_adds_json_as_ctrl_s_does_and_a_name_not_found_says_where_it_was_looked_for(tmp_path):
    """`simulate --save saves/noext` wrote a file with no .json: the Load list did not show it, and `replay noext`
    said only "no such file", not that it looked in the saves folder (found by a helper)."""
    from overlord.saves import list_saves, saves_dir
    saves_dir().mkdir(parents=True, exist_ok=True)
    made = run("simulate", "--seed", "4", "--scenario", "two-week", "--save", str(saves_dir() / "noext"))
    assert made.returncode == 0, made.stderr
    assert (saves_dir() / "noext.json").is_file() and not (saves_dir() / "noext").exists()
    assert f"saved as:      {saves_dir() / 'noext.json'}" in made.stdout
    assert "noext" in {s["name"] for s in list_saves()}
    assert run("replay", "noext").returncode == 0
    missing = run("replay", "nonesuch")
    assert missing.returncode == 2 and missing.stderr.strip() == \
        f"overlord: nonesuch: no such file here, nor a save of that name in {saves_dir()}"
    # a name whose file in the saves folder is not a save file says what it is (it said "no such file" of a folder)
    (saves_dir() / "folder.json").mkdir()
    folder = run("replay", "folder")
    assert folder.returncode == 2 and "no such file" not in folder.stderr and "folder" in folder.stderr.split(":", 2)[-1]


@pytest.mark.parametrize("args, said", [
    (["players", "extra"], "unrecognized arguments: extra (overlord players --help lists what it takes)"),
    (["--seed", "3", "4"], "unrecognized arguments: 4 (overlord --help lists what it takes)"),
    (["fuzz", "--games", "0"], "--games must be at least 1"),
    (["fuzz", "--games", "1", "--jobs", "0"], f"--jobs must be from 1 to 64 (this computer has {os.cpu_count() or 1} "
                                              "processors)"),
])
def test_a_command_given_what_it_cannot_read_says_so_in_one_line(args, said):
    """An argument too many printed the whole program's usage, and `fuzz --games 0` was told of --jobs too."""
    r = run(*args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr == f"overlord: {said}\n"


def test_a_command_whose_output_is_closed_says_so_and_fails():
    """`overlord players >&-` ended with 0, having printed nothing (Python's print writes nowhere then)."""
    r = subprocess.run(["sh", "-c", 'exec "$0" -m overlord players >&-', sys.executable], stderr=subprocess.PIPE,
                       text=True, cwd=ROOT)
    assert r.returncode == 2
    assert r.stderr.strip() == "overlord: standard output is closed: players would print nothing (give it a file or a pipe)"


@pytest.mark.parametrize("extra, said", [(["--json"], "--json"), (["--save", "w.json", "--plot"], "--save and --plot")])
def test_watch_refuses_the_options_it_cannot_honour(extra, said):
    """simulate --watch dropped --json, --save and --plot without a word."""
    r = run("simulate", "--watch", "--seed", "2", *extra)
    assert r.returncode == 2 and r.stderr == (f"overlord: {said} cannot go with --watch, which shows the game on the "
                                              "screen; play it without --watch for them\n")


def test_a_range_of_seeds_reads_with_negative_seeds():  # fuzz --seed -5 printed "seeds -5--3"
    from overlord.cli import seed_range
    assert (seed_range(-5, 3), seed_range(7, 1), seed_range(1, 50)) == ("-5 to -3", "7", "1 to 50")


def test_an_empty_save_name_is_said_to_name_no_save_not_a_folder():
    """`overlord replay ''` said ".: a folder, not a save file" (found by a helper)."""
    for command in ("replay", "advise", "watch"):
        r = run(command, "")
        assert r.returncode == 2 and r.stderr.strip() == ("overlord: no save named: give a save file's path, or its "
                                                          "name as the Load list shows it"), (command, r.stderr)


def test_replay_counts_its_actions_in_good_english(tmp_path):
    """"replayed 1 actions" (found by a helper)."""
    from overlord.ai import make_player
    from overlord.engine.game import Game
    from overlord.engine.setup import preset_settings
    from overlord.saves import verify_replay, write_save
    game = Game.new(preset_settings("historical"), 3)
    game.apply(make_player("ai", str(game.prompt.side), 3).choose(game))
    write_save(game, tmp_path / "one.json")
    ok, said = verify_replay(tmp_path / "one.json")
    assert ok and "replayed 1 action; state hash" in said
