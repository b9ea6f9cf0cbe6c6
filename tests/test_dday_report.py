"""What happened on D-Day, beach by beach: the final report's "dday" (simulate --json), the medians of a
tournament, the final report's screen and the tournament's text (issue 27, point 6)."""

from __future__ import annotations

import json
import subprocess
import sys

from rich.console import Console

from overlord.cli import tournament_text
from overlord.engine import losses, victory, view
from overlord.engine.data import cached_data
from overlord.headless import dday_medians, simulate, tournament
from overlord.tui.reporting import final_report

FIELDS = {"rounds", "allied_cp_lost", "german_cp_lost", "first_mp_left", "cleared"}


def test_simulate_json_says_what_happened_at_each_beach():
    command = ["overlord", "simulate", "--seed", "7", "--scenario", "two-week", "--allied", "historical",
               "--german", "classic", "--json"]
    r = subprocess.run([sys.executable, "-m", *command], capture_output=True, text=True, check=True)
    dday = json.loads(r.stdout)["dday"]
    game, _ = simulate(7, "two-week", "historical", "classic")
    beaches = [b.name for b in cached_data().map.beaches]
    assert sorted(dday) == sorted(beaches)
    for name, assault in dday.items():
        b = game.beaches[name]  # the same game: the JSON is the beach's own record (view.BeachView)
        assert assault == {"rounds": b.rounds, "allied_cp_lost": b.allied_cp_lost, "german_cp_lost": b.german_cp_lost,
                           "first_mp_left": b.first_mp_left, "cleared": b.cleared}
        assert assault["cleared"] is None or assault["cleared"] in cached_data().charts.turns
    # the historical plan lands at every beach on D-Day: each was fought for and its first formation is ashore
    assert all(a["rounds"] >= 1 and a["first_mp_left"] is not None for a in dday.values())
    assert sum(a["allied_cp_lost"] for a in dday.values()) <= game.final_report.casualties.allied


def test_a_tournament_gives_the_medians_of_the_beaches_and_the_share_cleared_on_dday():
    games = [
        {"Utah": {"rounds": 1, "allied_cp_lost": 9, "german_cp_lost": 20, "first_mp_left": 4, "cleared": "D-Day"}},
        {"Utah": {"rounds": 4, "allied_cp_lost": 30, "german_cp_lost": 18, "first_mp_left": 0, "cleared": "6/6"}},
        {"Utah": {"rounds": 2, "allied_cp_lost": 12, "german_cp_lost": 20, "first_mp_left": None, "cleared": None}},
    ]
    utah = dday_medians(games, cached_data().charts)["Utah"]
    assert utah == {"rounds": 2, "allied_cp_lost": 12, "german_cp_lost": 20, "first_mp_left": 2, "cleared": "D-Day",
                    "cleared_share": 0.667, "cleared_dday_share": 0.333}
    assert dday_medians([{"Utah": {**games[2]["Utah"], "rounds": 0}}], cached_data().charts)["Utah"]["first_mp_left"] is None


def test_the_tournament_json_and_text_carry_the_beaches():
    result = tournament(2, "historical", "classic", seed=3, scenario="two-week")
    runs = [simulate(seed, "two-week", "historical", "classic")[1]["dday"] for seed in (3, 4)]
    assert result["dday"] == dday_medians(runs, cached_data().charts)
    assert set(result["dday"]) == {b.name for b in cached_data().map.beaches}
    text = tournament_text(result)
    omaha = result["dday"]["Omaha"]
    assert "The beaches' assaults (medians):" in text
    row = next(line for line in text.splitlines() if line.startswith("Omaha"))
    assert row.split()[1] == f"{omaha['rounds']:g}" and row.endswith(f"{100 * omaha['cleared_dday_share']:.0f}%")


def render(report) -> str:
    console = Console(width=300, record=True, color_system=None)  # no line wrapped
    for part in final_report(report, "campaign"):
        console.print(part)
    return console.export_text()


def test_the_final_report_screen_has_a_row_for_each_beach():
    game, _ = simulate(5, "two-week", "historical", "classic")
    text = render(game.final_report)
    assert "D-Day, beach by beach" in text
    table = text.split("D-Day, beach by beach", 1)[1]
    for name, b in game.beaches.items():
        row = next(line for line in table.splitlines() if line.strip().startswith(name))
        cells = row.split()
        assert cells[1:5] == [str(b.rounds), str(b.allied_cp_lost), str(b.german_cp_lost),
                              "-" if b.first_mp_left is None else str(b.first_mp_left)]
        assert cells[5] == (b.cleared or "held")


def test_a_destroyed_depot_is_named_as_a_unit_eliminated_worth_the_german_its_points():
    game, _ = simulate(5, "two-week", "historical", "classic")
    depot = next(u.id for u in game.units("allied", view.ASHORE, combat=False))
    before = victory.final_report(game)
    losses.eliminate(game, depot, [], cadre=False)  # overrun, as a German unit entering its position does
    report = victory.final_report(game)
    points = game.data.charts.victory_points.eliminated.allied_unit
    assert report.units_eliminated.allied == before.units_eliminated.allied + 1
    assert report.units_eliminated.allied_depots == before.units_eliminated.allied_depots + 1
    assert report.points.german.allied_units_eliminated == before.points.german.allied_units_eliminated + points
    text = render(report)
    depots = report.units_eliminated.allied_depots
    assert (f"({depots} of them a supply depot: a depot destroyed counts as a unit eliminated, {points} points to "
            "the German)") in text
    assert game.spec(depot).name in text.split("Units eliminated", 1)[1]
