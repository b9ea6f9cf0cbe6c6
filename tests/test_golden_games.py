"""The golden games and saves from before a change: refactors keep both exactly as they were.

A change to the rules regenerates them on purpose (see tests/golden/games.py) and says how the
results moved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golden.games import FILE, QUICK, cases, play
from overlord.saves import load_save

EXPECTED = {r["id"]: r for r in json.loads(FILE.read_text())}
OLD_SAVES = sorted((Path(__file__).parent / "golden" / "saves").glob("*.json"))


def golden(case):
    """The first twelve games pair every computer Allied with every computer German, in both scenarios
    and with a human German, and four two-week games of the default computer players: quick enough for
    every run. The others are in the slow set CI runs."""
    return pytest.param(case, id=f"game{case['id']}-{case['allied']}-{case['german']}",
                        marks=() if case["id"] in QUICK else pytest.mark.slow)


@pytest.mark.parametrize("case", [golden(c) for c in cases()])
def test_golden_game_is_unchanged(case):
    assert play(case) == EXPECTED[case["id"]]


def test_old_saves_are_there():
    assert len(OLD_SAVES) >= 5


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.stem)
def test_saves_written_before_a_change_still_load(path):
    doc = json.loads(path.read_text())
    game = load_save(path)
    assert game.state_hash() == doc["state_hash"]
    assert len(game.actions) == len(doc["actions"])
