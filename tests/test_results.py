"""The typed results (overlord.engine.results) write the JSON the dicts they replaced wrote, key for key."""

from __future__ import annotations

import json
from pathlib import Path

from overlord.engine import view
from overlord.engine.results import CategoryPoints, FinalReport, TurnPoints, from_dict, to_dict
from overlord.headless import simulate
from overlord.saves import load_save

FINISHED = Path(__file__).parent / "golden" / "saves" / "two-week-finished.json"


def test_the_final_report_of_a_save_written_as_a_dict_reads_back_and_writes_the_same_json():
    """two-week-finished.json was written when the final report was a dict: the typed report is the same
    JSON (so the state's hash, which the save checks on loading, is the same too)."""
    written = json.loads(FINISHED.read_text())["state"]["final_report"]
    game = load_save(FINISHED)
    assert game.final_report is not None
    assert game.final_report.to_dict() == written
    assert json.dumps(game.final_report.to_dict()) == json.dumps(written)  # the same keys, in the same order
    assert FinalReport.from_dict(written) == game.final_report


def test_a_report_round_trips_and_its_fields_read_as_the_dict_did():
    game, summary = simulate(3, "two-week", "historical", "classic")
    report = game.final_report
    assert report is not None
    data = report.to_dict()
    assert FinalReport.from_dict(json.loads(json.dumps(data))) == report
    assert data["points"]["allied"]["continent_side"] == report.points.allied.continent_side
    assert data["objectives"] == {name: str(side) for name, side in report.objectives.items()}
    assert data["history"][0]["pools"] == report.history[0].pools.as_dict()
    assert data["dday"]["Omaha"]["rounds"] == report.dday["Omaha"].rounds
    assert {k: summary[k] for k in data} == data  # simulate --json carries the report's fields as written


def test_the_points_records():
    game, _ = simulate(4, "two-week", "pass", "pass")
    points = view.category_points(game)
    assert points.score == view.score(game) == points.allied.total - points.german.total
    assert points.of("german") is points.german and points.of("allied") is points.allied
    assert from_dict(to_dict(points), CategoryPoints) == points
    end = TurnPoints(objectives=10, objectives_final=75, continent_side=2.25, ocean_side=6)
    assert (end.allied, end.german) == (87.25, 6)
    assert to_dict(end.rounded()) == {"objectives": 10, "objectives_final": 75, "continent_side": 2.2, "ocean_side": 6}
