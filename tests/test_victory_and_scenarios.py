"""Scenario questions, presets, ratings, victory points and the end of the game (rulebook)."""

import pytest

from overlord.engine import Answer, Game, IllegalAction, Settings
from overlord.engine import setup, victory, view
from overlord.engine.prompts import DropZonePrompt, QuestionPrompt
from overlord.engine.settings import Ratings

from builders import blank_game, computer_settings, put
from helpers import play


# --------------------------------------------------------------------------- the questions
def answer_all(g, answers):
    asked = []
    for a in answers:
        p = g.prompt
        assert isinstance(p, QuestionPrompt), p
        asked.append(p.question)
        g.apply(Answer(a))
    return asked


def test_the_y_questions_in_order_with_each_rating():
    g = Game.new(None, seed=1)
    asked = answer_all(g, ["Y", "H", "H", "T", "7", "6", "8", "4", "3", "7", "2", "9", "7", "Y", "1"])
    assert asked == ["change_ratings", "german_player", "allied_player", "scenario", "preset",
                     "rating:combat_points", "rating:leadership", "rating:transport", "rating:airpower",
                     "rating:naval", "rating:coastal_defence", "rating:reinforcements", "rating:us_leadership",
                     "german_dday_movement", "display_delay"]
    s = g.state.settings
    assert (s.german_player, s.allied_player, s.scenario) == ("human", "human", "two-week")
    assert s.ratings == Ratings(combat_points=6, leadership=8, transport=4, airpower=3, naval=7, coastal_defence=2,
                                reinforcements=9, us_leadership=7)
    assert s.german_dday_movement is True and s.display_delay == 1
    assert isinstance(g.prompt, DropZonePrompt)


def test_the_d_day_movement_question_says_whom_it_favours_as_the_ratings_do():
    """Every rating says which side its higher numbers favour; "May the German move on D-Day?" did not (found by a
    helper playing the German)."""
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "H", "H", "T", "7", *"65843297"])
    assert g.prompt.question == "german_dday_movement" and "favours the German" in g.prompt.text


def test_computer_allied_is_offered_after_the_faithful_german_question():
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "H", "C", "C", "1", "3"])
    s = g.state.settings
    assert (s.german_player, s.allied_player) == ("human", "computer")


def test_bad_answers_are_refused_and_asked_again():
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "C", "H", "C", "7"])
    before = g.prompt
    for bad in ("0", "10", "X", "", "y"):
        with pytest.raises(IllegalAction):
            g.apply(Answer(bad))
        assert g.prompt == before


@pytest.mark.parametrize("digit,key,expected,dday", [
    ("1", "historical", {}, False),
    ("2", "novice", {"leadership": 7, "transport": 7, "airpower": 6, "coastal_defence": 3, "naval": 6}, False),
    ("3", "experienced", {"leadership": 7, "transport": 6, "airpower": 6}, False),
    ("4", "expert", {}, False),
    ("5", "rommels-plan", {"coastal_defence": 8, "reinforcements": 3}, False),
    ("6", "patton", {"transport": 6, "us_leadership": 7}, False),
])
def test_every_preset_sets_the_rulebooks_ratings(digit, key, expected, dday):
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "C", "H", "C", digit])
    assert g.prompt.question == "display_delay"
    if key == "expert":
        assert g.prompt.default == "1"  # "you may want to set the delay loop to 1"
    g.apply(Answer(g.prompt.default))
    s = g.state.settings
    historical = dict(combat_points=5, leadership=7, transport=5, airpower=5, naval=5, coastal_defence=5,
                      reinforcements=5, us_leadership=5)
    assert s.ratings == Ratings(**{**historical, **expected})
    assert s.german_dday_movement is dday and s.preset == key
    assert setup.preset_settings(key) == s  # as the setup's questions answered with the defaults set them


def test_the_scenario_and_ratings_chosen_in_words():
    g = Game.new(None, seed=1)
    g.apply(Answer("N"))
    assert view.settings_words(g) == ("Campaign Game (to June 30); ratings: Historical, every rating 5, "
                                      "German leadership 7.")
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "C", "H", "C", "4", "7"])  # Expert, whose chart says a delay of 1, and a delay of 7 asked
    assert view.settings_words(g) == ("Campaign Game (to June 30); ratings: Expert, every rating 5, German "
                                      "leadership 7.")  # (not the chart's "the display delay 1": the game's is 7)
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "C", "H", "T", setup.CUSTOM, "9", "7", "5", "5", "5", "5", "5", "5", "Y", "3"])
    assert view.settings_words(g) == ("First Two Week Scenario (to June 20); ratings set by hand: German combat "
                                      "points 9, the German moves on D-Day.")
    # a German at the keyboard took Historical for an even game: the charts' note for a person playing the German
    # was said only on the logistics card (found by a helper)
    g = Game.new(None, seed=1)
    answer_all(g, ["Y", "H", "H", "C", "1", "7"])
    assert g.settings.german_is_human and view.settings_words(g) == (
        "Campaign Game (to June 30); ratings: Historical, every rating 5, German leadership 7. Against a German "
        "played by a person the Allies have 8% more transport and 40% more air and naval points, at every preset "
        "(the charts' note).")


def test_the_n_shortcut():
    g = Game.new(None, seed=1)
    g.apply(Answer("N"))
    assert g.state.settings == Settings(preset="historical") == setup.preset_settings("historical")


# --------------------------------------------------------------------------- ratings
def test_ratings_change_the_units():
    base = Game.new(computer_settings(), seed=1)
    strong = Game.new(computer_settings(ratings=Ratings(combat_points=9)), seed=1)
    assert strong.unit("de-21-pz").cp == round(110 * 1.32)
    assert base.unit("de-21-pz").cp == 110 and strong.unit("us-1-inf").cp == 100
    weak_coast = Game.new(computer_settings(ratings=Ratings(coastal_defence=1)), seed=1)
    rommel = Game.new(setup.preset_settings("rommels-plan", allied_player="computer"), seed=1)
    assert weak_coast.unit("de-coast-omaha").cp == 10 and rommel.unit("de-coast-omaha").cp == 36
    lead = Game.new(computer_settings(ratings=Ratings(leadership=9)), seed=1)
    assert lead.unit("de-352-inf").leadership == 9 and lead.unit("de-716-inf").leadership == 6
    patton = Game.new(setup.preset_settings("patton", allied_player="computer"), seed=1)
    assert patton.unit("us-1-inf").leadership == 8 and patton.unit("bc-50-inf").leadership == 6
    late = Game.new(computer_settings(ratings=Ratings(reinforcements=9)), seed=1)
    assert late.unit("de-pz-lehr").arrival == base.unit("de-pz-lehr").arrival + 2


def test_one_ratings_helper_measures_every_rating_from_its_historical_value():
    rules = Game.new(computer_settings(), seed=1).data.rules.ratings
    assert rules.points_from_historical(Ratings(leadership=9), "leadership") == 2  # historical German leadership 7
    assert rules.points_from_historical(Ratings(naval=3), "naval") == -2
    assert rules.factor(Ratings(), "naval") == 1
    assert rules.factor(Ratings(naval=9), "naval") == pytest.approx(1.6)  # 15% a point
    assert rules.factor(Ratings(transport=1), "transport") == pytest.approx(0.68)  # 8% a point


def test_settings_made_without_the_data_hold_its_historical_ratings_and_default_delay():
    data = Game.new(computer_settings(), seed=1).data
    assert Ratings() == setup.historical_ratings(data)
    assert Settings().display_delay == data.rules.setup.default_display_delay


# --------------------------------------------------------------------------- victory points
def test_objectives_score_per_hex_in_supply_and_not_next_to_a_german():
    g = blank_game(turn=3)
    put(g, "us-1-inf", (4, 0), in_supply=True)  # Cherbourg
    assert victory.turn_points(g).objectives == 10
    put(g, "de-709-inf", (5, 0))  # next to Cherbourg's occupier
    assert victory.turn_points(g).objectives == 0
    g.lift("de-709-inf")
    g.unit("de-709-inf").status = "pending"
    g.unit("us-1-inf").in_supply = False
    assert victory.turn_points(g).objectives == 0
    g.unit("us-1-inf").in_supply = True
    put(g, "bc-50-inf", (17, 8), in_supply=True)  # Caen, one hex of two
    put(g, "bc-3-inf", (18, 8), in_supply=True)  # and the other
    put(g, "us-29-inf", (9, 9), in_supply=True)  # St-Lo
    assert victory.turn_points(g).objectives == 10 + 5 + 5 + 5
    assert victory.objective_holders(g) == {"Cherbourg": "allied", "Caen": "allied", "St-Lo": "allied"}


def test_final_turn_awards_the_end_points_per_hex():
    g = blank_game(turn=13)
    put(g, "us-1-inf", (4, 0), in_supply=True)
    put(g, "bc-50-inf", (17, 8), in_supply=True)
    pts = victory.turn_points(g)
    assert pts.objectives == 15 and pts.objectives_final == 150 + 75
    two_week = blank_game(turn=8, scenario="two-week")
    put(two_week, "us-29-inf", (9, 9), in_supply=True)
    assert victory.turn_points(two_week).objectives_final == 75


def test_german_units_on_the_ocean_side_from_june_8_not_east_of_caen():
    g = blank_game(turn=1)
    put(g, "de-352-inf", (11, 6))  # Trevieres: ocean side
    put(g, "de-711-inf", (20, 6))  # Cabourg: east of Caen
    put(g, "de-21-pz", (17, 10))  # continent side
    assert victory.turn_points(g).ocean_side == 0  # not before June 8
    g.state.turn = g.turn_of("6/8")
    assert victory.turn_points(g).ocean_side == 2
    g.state.turn = g.turn_of("6/14")
    assert victory.turn_points(g).ocean_side == 5  # "June 14 5 pts per German unit"
    put(g, "de-716-inf", (16, 8), cadre=True, cp=5)  # cadres count too
    assert victory.turn_points(g).ocean_side == 10


def test_allied_units_on_the_continent_side_score_cp_over_60_times_row():
    g = blank_game(turn=4)
    put(g, "us-1-inf", (12, 9))  # Caumont, continent side, row 9
    put(g, "bc-8-armbde", (14, 10))  # Aunay, continent, row 10: 35/60*10
    put(g, "us-29-inf", (14, 8))  # Tilly, ocean side: nothing
    assert victory.turn_points(g).continent_side == pytest.approx(100 / 60 * 9 + 35 / 60 * 10)


def test_the_score_is_the_sum_of_its_categories():
    g = blank_game(turn=4)
    t = g.state.tally
    t.german_casualties, t.allied_casualties, t.allied_supply_casualties = 100, 80, 30
    t.german_eliminated, t.allied_eliminated = 3, 1
    t.objectives, t.continent_side, t.ocean_side = 50, 120.5, 40
    assert victory.score(g) == pytest.approx(50 + 120.5 + 30 + 100 - (40 + 20 + 80 + 15))
    pts = victory.category_points(g)
    assert victory.score(g) == pytest.approx(sum(pts.allied.as_dict().values()) - sum(pts.german.as_dict().values()))
    assert pts.german.allied_supply_casualties == 15 and pts.of("allied") is pts.allied


@pytest.mark.parametrize("scenario,score,level", [
    ("campaign", 1300, "Allied Strategic"), ("campaign", 1299, "Allied Operational"),
    ("campaign", 800, "Allied Operational"), ("campaign", 799, "Allied Marginal"),
    ("campaign", 600, "Allied Marginal"), ("campaign", 599, "German Marginal"),
    ("campaign", 250, "German Marginal"), ("campaign", 249, "German Operational"),
    ("campaign", 0, "German Operational"), ("campaign", -1, "German Strategic"),
    ("two-week", 390, "Allied Strategic"), ("two-week", 389, "Allied Operational"),
    ("two-week", 240, "Allied Operational"), ("two-week", 239, "Allied Marginal"),
    ("two-week", 180, "Allied Marginal"), ("two-week", 179, "German Marginal"),
    ("two-week", 75, "German Marginal"), ("two-week", 74, "German Operational"),
    ("two-week", 0, "German Operational"), ("two-week", -0.5, "German Strategic"),
])
def test_victory_level_boundaries(data, scenario, score, level):
    assert victory.victory_level(data.charts, scenario, score) == level


def test_the_rulebooks_weather_adjustment_examples(data):
    assert victory.adjusted_score(800, 11) == pytest.approx(712)
    assert victory.adjusted_score(600, -4) == pytest.approx(624)
    for e in data.charts.optional_rules.weather_adjustment.examples:
        assert victory.adjusted_score(e.score, e.weather_percent) == pytest.approx(e.adjusted)


def test_a_game_set_up_through_the_questions_ends_with_score_level_and_report():
    g = Game.new(None, seed=4)
    answer_all(g, ["Y", "C", "C", "T", "2", "3"])
    events = play(g)
    assert g.state.history[-1].turn == "6/20"
    report = g.state.final_report
    assert report.victory_level == victory.victory_level(g.data.charts, "two-week", report.allied_score)
    assert report.allied_score == pytest.approx(report.points.score, abs=0.2)
    assert [h.turn for h in report.history] == list(g.data.charts.turns[:9])
    written = report.to_dict()
    for h in written["history"]:
        assert set(h["pools"]) == {"fuel", "general", "combat", "amphibious"}
        assert {"turn", "weather", "transport", "allied_score"} <= set(h)
    assert report.adjusted_score == pytest.approx(victory.adjusted_score(report.allied_score, report.weather_percent), abs=0.2)
    assert set(report.objectives) == {"Cherbourg", "Caen", "St-Lo"}
    assert {"units_eliminated", "casualties"} <= set(written)
    ended = [e for e in events if e.kind == "GameEnded"]
    assert len(ended) == 1 and ended[0].report == report
    turn_ends = [e for e in events if e.kind == "TurnEnded"]
    assert [e.turn for e in turn_ends] == [h.turn for h in report.history]


def test_no_movement_or_combat_on_the_last_turn():
    g = Game.new(computer_settings(scenario="two-week"), seed=4)
    phases = []
    while not g.over:
        if g.state.turn == g.last_turn:
            phases.append(g.state.phase)
        from overlord.ai import make_player
        g.apply(make_player("pass", g.prompt.side).choose(g))
    assert phases == []  # the final turn asks nothing at all


def test_simulate_json_has_the_history():
    import json
    import subprocess
    import sys
    from pathlib import Path
    out = subprocess.run([sys.executable, "-m", "overlord", "simulate", "--seed", "2", "--json"], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parents[1])
    j = json.loads(out.stdout)
    assert len(j["history"]) == 14 and j["history"][0]["turn"] == "D-Day" and j["history"][-1]["turn"] == "6/30"
    for h in j["history"]:
        assert set(h["pools"]) == {"fuel", "general", "combat", "amphibious"}
        assert isinstance(h["transport"], int) and "weather" in h and "allied_score" in h
    assert j["allied_score"] == j["history"][-1]["allied_score"]


def test_ocean_side_points_per_unit_by_turn():
    g = blank_game()
    points = {label: victory.ocean_side_points(g, g.turn_of(label)) for label in ("D-Day", "6/6", "6/8", "6/10", "6/14")}
    assert points == {"D-Day": 0, "6/6": 0, "6/8": 2, "6/10": 3, "6/14": 5}
    assert not victory.ocean_side_scores(g, g.turn_of("6/6")) and victory.ocean_side_scores(g, g.turn_of("6/8"))
