"""A score the player can read at every moment (issue 27, point 4), tried as a player would, by keys: the
move preview says where each step leaves the unit (its side of the naval-range line, what it scores there,
beyond supply lines); a unit moved beyond supply lines on the warning loses CP at the next turn, and the
top line, the end-of-turn report and the side panel then agree on the score; H lists this turn's points by
source and the German units scoring on the ocean side."""

from __future__ import annotations

import math
import re

from rich.console import Console
from textual.widgets import Static

from overlord.ai import make_player
from overlord.engine import Game, Settings, view
from overlord.engine.enums import NavalSide
from overlord.engine.events import LogisticsReport, TurnEnded
from overlord.engine.hexgrid import distance, neighbour
from overlord.engine.prompts import MovePrompt
from overlord.engine.setup import preset_settings
from overlord.tui.app import OverlordApp
from overlord.tui.cards import NO_SUPPLY, directions_in_brief
from overlord.tui.game_screen import GameScreen, german_side_words
from overlord.tui.history import HistoryScreen
from overlord.tui.screens import ReportScreen

from builders import blank_game, put, start_phase
from test_tui_keys import drive


def ways(keys: str) -> list[int]:
    """The directions a preview line gives before its words: "1 2", "1-6", "1 3-5"."""
    found = []
    for word in keys.split():
        low, _, high = word.partition("-")
        found += range(int(low), int(high or low) + 1)
    return found


def panel(app) -> str:
    """The side panel's text, its card first and its points after (set beside the card in a wide panel)."""
    screen = app.screen
    text = screen.query_one("#side").shown.plain
    if not screen.points_beside():
        return text
    width, lines = screen.side_width(), text.splitlines()
    return "\n".join([line[:width].rstrip() for line in lines] + [line[width + 2:] for line in lines])


def header(app) -> str:
    return app.screen.query_one("#status").shown.plain


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


def hand_built(turn: int, **settings) -> Game:
    g = blank_game(turn=turn, **settings)
    g.state.weather = "clear"
    g.state.pools.fuel = g.state.pools.general = g.state.pools.combat = 5000
    return g


def on_the_line(game: Game, nation: str = "US"):
    """A land position whose land neighbours lie on both sides of the naval-range line, some within the
    supply range of the nation's beachhead markers and some beyond it."""
    m = game.data.map
    markers = [b.marker for b in m.beaches if b.nation == nation]
    reach = game.data.rules.supply.range

    def land_around(h):
        return [n for n in (neighbour(h, d) for d in range(1, 7)) if n in m.terrain and m.is_land(n)]
    for h in sorted(m.terrain):
        around = land_around(h) if m.is_land(h) else []
        far = {min(distance(n, s) for s in markers) > reach for n in around}
        if {"c", "o"} <= {m.naval_side[n] for n in around} and far == {True, False}:
            return h
    raise AssertionError("no position on the naval-range line within and beyond supply")


async def test_the_move_preview_says_each_steps_side_points_and_supply():
    g = hand_built(2, allied_player="human")  # 6/8: supply lines are traced from the next turn
    m, markers = g.data.map, [b.marker for b in g.data.map.beaches if b.nation == "US"]
    here = on_the_line(g)
    put(g, "us-1-inf", here, cp=90)
    start_phase(g, "allied_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        p = g.prompt
        assert isinstance(p, MovePrompt) and p.unit == "us-1-inf"
        lines = panel(app).splitlines()
        for d in p.directions:
            to = neighbour(here, d)
            # the Victory Points chart: an Allied unit on the continent side scores CP / 60 x its row a turn
            side = f"continent {90 / 60 * to[1]:+.1f} a turn" if m.on_continent_side(to) else "ocean side +0"
            assert any(line.endswith(side) and d in ways(line.split(side)[0]) for line in lines), (d, side)
            beyond = min(distance(to, s) for s in markers) > g.data.rules.supply.range
            warned = next(line for line in lines if line.endswith(NO_SUPPLY))
            assert (d in ways(warned.split(NO_SUPPLY)[0])) == beyond, d

        # the look cursor on a step's position says the same, for the unit being moved: the first arrow looks
        # at the unit, the next moves the look one position that way (up and down zig-zag through the rows)
        arrows = {"right": 3, "left": 6, "up": 1 if here[1] % 2 == 0 else 2, "down": 5 if here[1] % 2 == 0 else 4}
        key = next(k for k, d in arrows.items() if d in p.directions
                   and min(distance(neighbour(here, d), s) for s in markers) > g.data.rules.supply.range)
        await pilot.press(key, key)
        await settle(pilot)
        assert app.screen.look == neighbour(here, arrows[key])
        text = panel(app)
        assert "1st Infantry Division if here:" in text and NO_SUPPLY in text
        assert f"loses {g.data.rules.supply.out_of_supply_cp_percent}% CP each turn" in text


async def test_a_german_step_says_what_the_ocean_side_scores():
    g = hand_built(4, german_player="human")  # 6/12: the ocean side scores
    here = on_the_line(g)
    put(g, "de-352-inf", here)
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        p = g.prompt
        assert isinstance(p, MovePrompt) and p.unit == "de-352-inf"
        chart = g.data.charts.victory_points.german_ocean_side
        each = chart.first_points + chart.increase_per_turn * (4 - g.turn_of(chart.first_turn))
        text = panel(app)
        ocean = [d for d in p.directions if g.data.map.on_scoring_ocean_side(neighbour(here, d))]
        line = next(line for line in text.splitlines() if line.endswith(f"ocean +{each} this turn"))
        assert ways(line.split(" ocean")[0]) == sorted(ocean)
        assert "continent side +0" in text


def test_before_the_ocean_side_scores_a_german_step_says_from_when_in_words_that_fit_at_80_columns():
    g = Game.new(preset_settings("historical"), 3)  # D-Day: the ocean side scores from 6/8
    first = g.data.charts.victory_points.german_ocean_side.first_turn
    words = german_side_words(g, NavalSide.OCEAN)
    assert words == f"ocean +0 till {first}"
    assert len("1 2 4-6 " + words) <= 30  # the side panel's width at 80 columns, after ways at their longest
    g.state.turn = g.last_turn - 1  # and at the most the ocean side scores ("ocean side +3 this t..."; a helper)
    most = german_side_words(g, NavalSide.OCEAN)
    assert most.startswith("ocean +") and len("1 2 4-6 " + most) <= 30 and len("German: " + most) <= 30


def game_at_68(seed: int = 4) -> Game:
    """A two-week game with a human Allied player, played by the computer up to the Allied movement of 6/8."""
    game = Game.new(Settings(scenario="two-week"), seed)
    players = {"allied": make_player("historical", "allied", seed), "german": make_player("classic", "german", seed)}
    while not (game.turn_label == "6/8" and isinstance(game.prompt, MovePrompt) and game.prompt.side == "allied"):
        game.apply(players[str(game.prompt.side)].choose(game))
    return game


def warned_direction(app) -> int | None:
    """The first direction the panel flags as ending beyond supply lines, if any."""
    line = next((line for line in panel(app).splitlines() if line.endswith(NO_SUPPLY)), None)
    return ways(line.split(NO_SUPPLY)[0])[0] if line else None


def number(pattern: str, text: str) -> float:
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return float(found.group(1))


async def test_a_move_warned_beyond_supply_costs_cp_and_the_score_reads_the_same_everywhere():
    game = game_at_68()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        app.session.players["german"] = make_player("classic", "german", 4)  # quick to answer
        await settle(pilot)
        # the player finishes units until one has a step flagged beyond supply lines, and takes it
        for _ in range(40):
            unit = game.prompt.unit
            d = warned_direction(app) if game.unit(unit).in_supply else None
            if d is not None:
                break
            await pilot.press("f")
            await settle(pilot)
        assert d is not None, "no step beyond supply lines was offered"
        await pilot.press(str(d))
        await settle(pilot)
        moved_to = game.unit(unit).position
        assert view.beyond_supply_lines(game, unit, moved_to)

        # the rest of the turn passes; the report between the turns is read as it comes
        reports = []
        await drive(pilot, until=lambda a: isinstance(a.screen, ReportScreen) and a.session.game.turn_label == "6/10")
        reports.append(app.screen)
        await drive(pilot, until=lambda a: isinstance(a.screen, GameScreen) and isinstance(a.session.game.prompt,
                                                                                      MovePrompt))
        ended = next(e for e in app.session.log if isinstance(e, TurnEnded) and e.turn == "6/8")
        logistics = next(e for e in app.session.log if isinstance(e, LogisticsReport) and e.turn == "6/10")
        assert unit in logistics.out_of_supply and logistics.attrition > 0
        report = "\n".join(str(part) for part in reports[0].pages)
        assert f"Score at the end of 6/8: {math.floor(ended.score)}" in report
        # and how it came from the last turn's: the ground's points and the turn's losses, net (found by a helper)
        before, ground, losses = re.search(r"From (-?[\d.]+) at the end of 6/6: ([-+][\d.]+|0) for the ground held, "
                                           r"([-+][\d.]+|0) for the turn's losses", " ".join(report.split())).groups()
        assert float(ground) == round(ended.points.allied - ended.points.german, 1)
        assert abs(float(before) + float(ground) + float(losses) - ended.score) <= 0.11
        rate = game.data.charts.victory_points.casualties.allied_out_of_general_supply
        assert f"({logistics.attrition * rate:g} points to the German, counted at once" in report

        # the top line and the panel agree; the panel bridges the report's score to it
        await settle(pilot)
        text = panel(app)
        now = number(r"Score (-?\d+):", header(app))
        assert number(r"Score (-?\d+);", text) == now == math.floor(view.score(game))
        assert number(r"\((-?\d+) at the end of 6/8\)", text) == math.floor(ended.score)
        assert number(r"supply losses +\+([\d.]+)", text) == logistics.attrition * rate
        allied, german = re.search(r"losses so far +(\S+) +(\S+)", text).groups()
        assert abs(float(allied) - float(german) - (view.score(game) - ended.score)) <= 0.2


async def test_h_lists_this_turns_points_by_source_and_the_german_units_on_the_ocean_side():
    game = game_at_68()
    game.apply(make_player("historical", "allied", 4).choose(game))  # a step of the turn, then H
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        console = Console(width=100, record=True, color_system=None)
        console.print(app.screen.query_one("#turn-points", Static).content)
        text = " ".join(console.export_text().split())  # the words, however the lines were wrapped
        for source in ("objectives", "continent side", "German casualties", "German units eliminated", "ocean side",
                       "Allied casualties", "Allied units eliminated", "supply losses"):
            assert source in text
        chart = game.data.charts.victory_points.german_ocean_side
        first = game.turn_of(chart.first_turn)
        each = chart.first_points + chart.increase_per_turn * (game.turn - first)
        on_ocean = [u.id for u in game.units("german", view.ASHORE, combat=True)
                    if game.data.map.on_scoring_ocean_side(u.position)]
        assert f"on the ocean side of the naval-range line ({len(on_ocean)})" in text
        assert f"each scores {each} at the end of 6/8 and {each + chart.increase_per_turn} at the end of 6/10" in text
        assert all(game.spec(uid).name in text for uid in on_ocean)


def test_the_ocean_sides_words_promise_no_turn_after_the_last():
    """At the last turn of moves the points panel said "1 more each turn after" of the German units on the ocean
    side: there is no turn after the last (found by a helper)."""
    from overlord.tui.reporting import ocean_side_words
    game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="computer"), 4)
    players = {side: make_player("classic", side, 4) for side in ("allied", "german")}
    said = {}
    while not game.over:
        said.setdefault(game.turn, ocean_side_words(game).plain)
        game.apply(players[str(game.prompt.side)].choose(game))
    last = game.last_turn
    assert "more each turn after" in said[last - 2] and "more each turn after" not in said[last - 1]
    assert f"at the end of {game.data.charts.turns[last]}" in said[last - 1]


def test_the_final_report_gives_the_score_to_a_tenth_beside_its_whole_points():
    """Its table summed to -518.4 and its score read -519 (whole points, rounded down, as every screen gives them),
    with nothing to say why (found by a helper)."""
    from overlord.tui.reporting import final_report
    for seed in range(1, 6):
        game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="computer"), seed)
        players = {side: make_player("classic", side, seed) for side in ("allied", "german")}
        while not game.over:
            game.apply(players[str(game.prompt.side)].choose(game))
        score = game.final_report.allied_score
        if score != math.floor(score):
            said = Console(width=200, record=True)
            said.print(*final_report(game.final_report, "", game))
            text = said.export_text()
            assert f"Allied score {math.floor(score)} ({score:.1f} to a tenth)" in text
            adjusted = game.final_report.adjusted_score  # (it read 780 for 780.8, with nothing to say so; a helper)
            tenth = f" ({adjusted:.1f} to a tenth)" if adjusted != math.floor(adjusted) else ""
            assert f"%) {math.floor(adjusted)}{tenth} (an Optional Rules measure" in text
            # the turn-by-turn table's supply columns are the Allies' (a German read them as his; found by a helper)
            assert "Allied in supply" in text and "Out of supply" in text  # ("Out": of what? a helper)
            return
    raise AssertionError("no game of seeds 1-5 ended on a score with tenths")


def test_the_ways_a_step_preview_gives_are_short_enough_for_its_warning_at_80_columns():
    """"1 2 3 4 5 6 BEYOND SUPPLY LI…" at 80x24, beside a card that read "Supply: in lines" (found by a newcomer
    helper): the warning says when, and the ways in a row are given as a span."""
    assert directions_in_brief([1, 2, 3, 4, 5, 6]) == "1-6"
    assert directions_in_brief([5, 1, 3]) == "1 3 5"
    assert directions_in_brief([1, 2, 4, 5, 6]) == "1 2 4-6"
    assert ways("1 2 4-6") == [1, 2, 4, 5, 6]
    assert NO_SUPPLY.endswith("next turn")
    assert max(len(f"{directions_in_brief(list(d))} {NO_SUPPLY}") for d in ((1, 2, 3, 4, 5, 6), (1, 3, 5), (1, 2, 4, 5),
                                                                               (1, 3, 4, 6))) <= 29  # (the panel at 80x24)


def test_h_gives_the_logistics_losses_a_row_as_wide_as_the_others():
    """ "other losses in the turn's logistics (units cut off, attrition)" widened the Allied table's first column
    past the German's, and its "in the above" read as a contradiction of the casualties' "0 this turn" (found by a
    helper)."""
    import attrs
    from overlord.tui.reporting import points_tables
    game = game_at_68()
    starts = dict(view.turn_start_points(game))
    begun = starts[game.turn]  # three German CP lost to being cut off in this turn's logistics
    starts[game.turn] = attrs.evolve(begun, allied=attrs.evolve(
        begun.allied, german_casualties=begun.allied.german_casualties + 3))
    console = Console(width=100, record=True)
    for part in points_tables(game, starts):
        console.print(part)
    text = console.export_text()
    assert re.search(r"losses in this turn's logistics +\+3 +in rows above", text)
    assert "units cut off, attrition" in text
    heads = [line.index("this turn") for line in text.splitlines() if "this turn" in line and "Points for" in line]
    assert len(heads) == 2 and heads[0] == heads[1]


def test_the_map_key_names_where_the_german_scores_as_the_rest_of_the_game_does():
    """The map key said "west of the Orne", the panel, H and F1 "not east of Caen", of the same positions (found by
    a helper)."""
    from overlord.tui.maprender import map_key
    console = Console(width=120, record=True, color_system=None)
    console.print(map_key("dark"))
    text = " ".join(console.export_text().split())
    assert "German units on the ocean side not east of Caen" in text and "Orne" not in text


def test_the_panels_ocean_side_row_says_from_when_before_it_scores():
    """On D-Day the panel's row read "ocean side 4x0", unexplained (found by a helper)."""
    from overlord.tui.reporting import ground_rows
    g = Game.new(preset_settings("historical"), 3)
    first = g.data.charts.victory_points.german_ocean_side.first_turn
    assert ground_rows(g)[-1][0] == f"ocean from {first}"
    assert len(f"ocean from {first}") <= 14  # (within the name's column: it ran on into the Allied one, read as out
    # of line by three helpers)
    g.state.turn = g.turn_of(first)
    units, each = len(view.ocean_side_units(g)), view.ocean_side_points(g, g.turn)
    assert ground_rows(g)[-1][0] == f"ocean side {units}x{each}" and each


def test_the_top_line_gives_the_score_during_the_drops():
    """The drops cost CP, each a point to the German, but the top line gave no score until D-Day (found by a
    helper)."""
    from overlord.engine.enums import Phase
    from overlord.tui.cards import status_line
    game = Game.new(preset_settings("historical"), 5)
    assert game.phase == Phase.AIRBORNE
    game.apply(game.legal_actions()[0])  # the first drop (on seed 5 it loses 11 CP)
    assert view.score(game) < 0 and game.phase == Phase.AIRBORNE
    assert f"Score {math.floor(view.score(game))}:" in status_line(game).plain


def test_a_turn_without_losses_gives_none_and_the_tenths_rounding_is_said_as_such():
    """The last turn, which has no losses, read "-0.1 for the turn's losses": the ground's points and the score are
    each given to a tenth (found by a helper). The losses are whole half points; the rest is the rounding."""
    from types import SimpleNamespace
    from overlord.engine.events import TurnPoints
    from overlord.tui.reporting import score_steps
    game = SimpleNamespace(history=[SimpleNamespace(turn="6/28", allied_score=0.3)])

    def ended(score, continent_side, ocean_side):
        return TurnEnded(turn="6/30", score=score, adjusted_score=score, weather_percent=0,
                         points=TurnPoints(objectives=0.0, objectives_final=0.0, continent_side=continent_side,
                                           ocean_side=ocean_side))
    last = score_steps(ended(-121.4, 34.4, 156), game, 1)
    assert "-121.6 for the ground held, 0 for the turn's losses" in last and "-0.1 is the tenths' rounding" in last
    fought = score_steps(ended(-123.4, 34.4, 156), game, 1)  # (two casualty points to the German, less the tenth)
    assert "-2 for the turn's losses" in fought and "-0.1 is the tenths' rounding" in fought
    exact = score_steps(ended(-122.8, 34.4, 156), game, 1)
    assert "-1.5 for the turn's losses" in exact and "rounding" not in exact


def test_past_the_charts_last_turn_the_allocation_offered_is_called_last_turns():
    """After 6/12 the numbers the allocation offers are the last turn's, not the chart's: "Suggested" read as advice,
    and a newcomer kept combat supply at 0% with Enter (found by a helper)."""
    from overlord.engine.allocation import Allocation
    from overlord.engine.prompts import AllocationPrompt
    from overlord.tui.asking import make_entry, prompt_text
    for turn, words in ((3, "Suggested 25 30 35 10."), (6, "As last turn: 40 60 00 00.")):  # (for 6/12; for 6/16)
        g = hand_built(turn)
        g.state.allocation = Allocation(40, 60, 0, 0)
        assert start_phase(g, "allocation") and isinstance(g.prompt, AllocationPrompt)
        assert words in prompt_text(g, g.prompt, make_entry(g, g.prompt)).plain, g.prompt.for_turn
