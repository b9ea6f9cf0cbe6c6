"""docs/api.md cannot drift from the code: its examples run, its commands run, its lists are complete.

Every ```python block runs, in order, in one namespace, in an empty folder (a block may use what
an earlier one made). Every line of a ```sh block is an `overlord` command, run with this Python.
Each table after a marker (<!-- fields: NAME -->, <!-- classes: MODULE -->, <!-- names: NAME -->)
is checked against what the code or the command gives: a field added or removed without the doc
saying so fails here.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from overlord import ai, headless, saves, turns
from overlord.engine import Game, Ratings, Settings, view
from overlord.engine.actions import Action
from overlord.engine.events import Event
from overlord.engine.prompts import Prompt

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "api.md"
TEXT = DOC.read_text(encoding="utf-8")
GAME = Game.new(Settings(), 1)  # for the names and fields of a game as it stands
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks(language: str) -> list[tuple[int, str]]:
    """The code blocks in that language, each with the line it begins on."""
    return [(TEXT.count("\n", 0, m.start()) + 2, m.group(2)) for m in BLOCK.finditer(TEXT) if m.group(1) == language]


def table(marker: str) -> list[list[str]]:
    """The rows (cells stripped) of the table just after <!-- marker -->, its header and rule left out."""
    lines = TEXT.split(f"<!-- {marker} -->\n", 1)[1].splitlines()
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def quoted(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


def first_column(marker: str) -> list[str]:
    return [name for row in table(marker) for name in quoted(row[0])]


def test_every_block_is_python_or_a_command():
    assert {m.group(1) for m in BLOCK.finditer(TEXT)} == {"python", "sh"}
    assert TEXT.count("```") == 2 * len(BLOCK.findall(TEXT))


def test_the_python_examples_run_in_order(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OVERLORD_SAVES", str(tmp_path / "saves"))
    namespace: dict = {"__name__": "api_doc"}
    for line, code in blocks("python"):
        exec(compile(code, f"{DOC}:{line}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "refused:" in out and "rating naval must be a whole number from 1 to 9, not 10" in out


# --------------------------------------------------------------------------- the commands
COMMANDS = [line for _, code in blocks("sh") for line in code.splitlines() if line.strip()]


@functools.cache
def run(command: str) -> object:
    words = shlex.split(command)
    assert words[0] == "overlord", f"a command in docs/api.md that is not overlord's: {command}"
    r = subprocess.run([sys.executable, "-m", "overlord", *words[1:]], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, f"{command}: {r.stderr}"
    return json.loads(r.stdout)


def command(start: str) -> object:
    return run(next(c for c in COMMANDS if c.startswith(start)))


@pytest.mark.parametrize("line", COMMANDS)
def test_the_commands_run_and_print_json(line):
    assert run(line)


def test_simulate_json_has_the_fields_listed():
    result = command("overlord simulate")
    assert sorted(first_column("fields: simulate")) == sorted(result)
    history = next(row for row in table("fields: simulate") if row[0] == "`history`")
    assert sorted(quoted(history[1])) == sorted(result["history"][0])


def test_map_oob_and_charts_json_have_the_fields_listed():
    board = command("overlord map")
    assert sorted(first_column("fields: map")) == sorted(board)
    assert sorted(first_column("fields: map hexes")) == sorted(board["hexes"][0])
    oob = command("overlord oob")
    assert sorted(first_column("fields: oob")) == sorted(oob)
    assert sorted(first_column("fields: oob units")) == sorted(oob["units"][0])
    charts = command("overlord charts --json")
    assert sorted(first_column("fields: charts")) == sorted(charts)
    assert command("overlord charts combat") == charts["combat"]


def test_tournament_and_fuzz_json_have_the_fields_listed():
    tournament = command("overlord tournament")
    assert sorted(first_column("fields: tournament")) == sorted(tournament)
    for name, fields in (("score", tournament["score"]), ("results", tournament["results"][0])):
        row = next(row for row in table("fields: tournament") if row[0] == f"`{name}`")
        assert sorted(quoted(row[1])) == sorted(fields)
    assert sorted(first_column("fields: fuzz")) == sorted(command("overlord fuzz"))


# --------------------------------------------------------------------------- the code's own lists
def test_settings_and_ratings_fields_are_listed_with_their_defaults():
    for cls, marker in ((Settings, "fields: Settings"), (Ratings, "fields: Ratings")):
        assert first_column(marker) == [f.name for f in attrs.fields(cls)]
    for row in table("fields: Ratings"):
        assert row[2] == f"`{getattr(Ratings(), quoted(row[0])[0])}`"


def test_the_players_json_fields_are_listed():
    assert sorted(first_column("fields: players")) == sorted(ai.roster()[0])


def test_the_results_records_are_listed_with_their_fields():
    """Each record of overlord.engine.results with its fields, in order (the names before any "(" or ";")."""
    from overlord.engine import results
    for row in table("fields: results"):
        cls = getattr(results, quoted(row[0])[0])
        fields = re.split(r" \(|;", row[1], maxsplit=1)[0]
        assert quoted(fields) == [f.name for f in attrs.fields(cls)], cls.__name__


def test_list_saves_gives_the_fields_listed(tmp_path):
    """Its row named eight fields; each entry had a ninth, ``against`` (found by a helper reading the doc)."""
    row = next(row for row in table("names: overlord.saves") if row[0] == "`list_saves(folder=None)`")
    listed = [name for name in quoted(row[1].split("newest first:", 1)[1]) if re.fullmatch(r"[a-z_]+", name)]
    saves.write_save(GAME, tmp_path / "a.json")
    assert sorted(listed) == sorted(saves.list_saves(tmp_path)[0])


def test_summary_gives_simulates_fields_but_the_players_failures():
    game, result = headless.simulate(1, "two-week", "pass", "pass")
    assert sorted(headless.summary(game, "pass", "pass")) == sorted(set(result) - {"player_failures"})


def test_the_save_fields_are_listed():
    assert sorted(first_column("fields: save")) == sorted(saves.to_document(GAME, seen=0))  # (seen: when known)


@pytest.mark.parametrize("module,base,own", [("overlord.engine.prompts", Prompt, "side"),
                                             ("overlord.engine.actions", Action, None),
                                             ("overlord.engine.events", Event, None)])
def test_every_prompt_action_and_event_is_listed_with_its_fields(module, base, own):
    found = {name: cls for name, cls in vars(importlib.import_module(module)).items()
             if isinstance(cls, type) and issubclass(cls, base) and cls is not base and cls.__module__ == module}
    rows = table(f"classes: {module}")
    assert sorted(quoted(row[0])[0] for row in rows) == sorted(found)
    for row in rows:
        cls = found[quoted(row[0])[0]]
        assert quoted(row[1]) == [f.name for f in attrs.fields(cls) if f.name != own], cls.__name__


def test_the_view_helpers_are_listed():
    helpers = [name for row in table("names: view") for name in quoted(row[1])]
    assert sorted(helpers) == sorted(view.__all__)


@pytest.mark.parametrize("marker,owner", [("names: Game", GAME), ("names: board", GAME),
                                          ("names: overlord.headless", headless), ("names: overlord.saves", saves),
                                          ("names: overlord.ai", ai), ("names: hooks", ai.ComputerPlayer),
                                          ("names: overlord.turns", turns), ("names: Turns", turns.Turns)])
def test_the_names_in_each_table_exist(marker, owner):
    names = [re.match(r"(?:game\.|Game\.)?(\w+)", cell).group(1) for cell in first_column(marker)]
    assert names and [name for name in names if not hasattr(owner, name)] == []


def test_every_hook_of_the_computer_players_base_is_listed():
    hooks = [name for name in vars(ai.ComputerPlayer) if name.startswith("on_")]
    assert first_column("names: hooks") == hooks

