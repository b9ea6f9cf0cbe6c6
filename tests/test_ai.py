"""The computer players: legal actions only, games that end, the same game from the same seed."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from overlord.ai import make_player, player_names
from overlord.engine import Game
from overlord.engine.hexgrid import distance
from overlord.engine.actions import Allocate, Answer
from overlord.engine.prompts import AllocationPrompt, DefenderPrompt, StrategyPrompt

from builders import blank_game, computer_settings, put, start_phase

ROOT = Path(__file__).resolve().parents[1]


def play_checked(seed, allied, german, scenario="campaign"):
    """A whole game in which every action is checked against the legal ones and the generator is never read."""
    g = Game.new(computer_settings(scenario=scenario), seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(german, "german", seed)}
    seen = set()
    while not g.over:
        p = g.prompt
        rng_before = g.state.rng.state
        action = players[p.side].choose(g)
        assert g.state.rng.state == rng_before, "a computer player touched the game's random generator"
        assert action in g.legal_actions(), (p, action)
        seen.add(type(p).__name__)
        g.apply(action)
    return g, seen


@pytest.mark.parametrize("seed,allied,german", [
    (1, "historical", "ai"), (2, "caen-first", "classic"), (3, "historical", "random"), (4, "random", "classic"),
    (5, "historical", "pass"), (6, "pass", "classic"), (8, "classic", "ai"),
])
def test_computer_players_make_only_legal_moves_and_finish(seed, allied, german):
    g, seen = play_checked(seed, allied, german)
    assert g.over and len(g.state.history) == 14
    if allied == "historical" and german == "ai":
        assert {"MovePrompt", "DefenderPrompt", "AttackerPrompt", "StrategyPrompt", "AllocationPrompt",
                "InterdictionPrompt", "RetreatPrompt"} <= seen


def test_two_week_games_finish_too():
    g, _ = play_checked(7, "historical", "ai", scenario="two-week")
    assert g.state.history[-1].turn == "6/20"


@pytest.mark.parametrize("allied", ["historical", "classic"])
def test_same_seed_same_game(allied):
    a, _ = play_checked(11, allied, "ai", scenario="two-week")
    b, _ = play_checked(11, allied, "ai", scenario="two-week")
    assert a.state_hash() == b.state_hash() and a.actions == b.actions


def test_the_computer_players_never_look_at_the_generator():
    for path in (ROOT / "overlord" / "ai").glob("*.py"):
        if path.name == "baseline.py":  # the random player has its own generator
            continue
        text = path.read_text()
        assert ".rng" not in text and "state.rng" not in text, path.name


def test_player_names():
    assert set(player_names("allied")) >= {"ai", "historical", "classic", "caen-first", "pass", "random"}
    assert set(player_names("german")) >= {"ai", "classic", "pass", "random"}
    with pytest.raises(ValueError):
        make_player("southern-drive", "german")
    with pytest.raises(ValueError):
        make_player("historical", "german")


def test_historical_is_the_june_6_plan_played_well_and_classic_each_sides_player_before_its_commander():
    from overlord.ai.allied_plan_player import PlanPlayer
    from overlord.ai.allied_scripted import AlliedPlayer
    from overlord.ai.german_classic import GermanPlayer
    from overlord.ai.plans import plans_of
    plans = plans_of().plans
    historical = make_player("historical", "allied", 3)
    assert isinstance(historical, PlanPlayer) and historical.design is plans["historical"]
    assert historical.goals == plans["classic"].drives and not historical.follow_chart  # the same drives, by need
    old = make_player("classic", "allied", 3)
    assert type(old) is AlliedPlayer and old.goals is plans["classic"].drives and old.follow_chart
    assert type(make_player("classic", "german", 3)) is GermanPlayer


# --------------------------------------------------------------------------- the German
def test_the_german_keeps_a_threatened_garrison_in_place():
    g = blank_game(turn=5)
    put(g, "de-709-inf", (4, 0))  # Cherbourg
    put(g, "us-4-inf", (5, 2))
    assert start_phase(g, "german_movement")
    german = make_player("classic", "german")
    action = german.choose(g)
    assert type(action).__name__ in ("FinishUnit", "EndPhase")  # it stays in the fortress


def test_the_german_strikes_at_a_weak_landing_early():
    g = blank_game(turn=1)
    put(g, "us-rangers", (11, 5), cp=12)  # a weak unit on Omaha beach
    put(g, "de-21-pz", (12, 6))
    assert start_phase(g, "german_combat")
    german = make_player("classic", "german")
    p = g.prompt
    assert isinstance(p, DefenderPrompt) and p.defender == "us-rangers"
    assert german.choose(g) == Answer("Y")


def test_the_german_chooses_levels_from_the_odds():
    german = make_player("classic", "german")
    g = blank_game(turn=4)
    put(g, "de-352-inf", (11, 8))  # bocage
    put(g, "de-91-inf", (16, 10))  # clear
    for defender, odds, expect in (("de-352-inf", 2.0, 6), ("de-91-inf", 5.0, 3), ("de-91-inf", 0.5, 8)):
        p = StrategyPrompt(side="german", role="defence", defender=defender, attackers=("us-1-inf",), max_level=9,
                           odds=odds)
        assert german.defence_level(g, p) == expect
    p = StrategyPrompt(side="german", role="attack", defender="us-1-inf", attackers=("de-21-pz",), max_level=4, odds=3.5)
    assert german.attack_level(g, p) == 4  # capped by fatigue
    caen = g.data.map.objectives["Caen"][0]
    put(g, "de-716-inf", caen)
    p = StrategyPrompt(side="german", role="defence", defender="de-716-inf", attackers=("us-1-inf",), max_level=9,
                       odds=0.5)
    assert german.defence_choice(g, p)[1] == "Caen, an objective, is held at all costs"  # (the reason names it)
    p = StrategyPrompt(side="german", role="defence", defender="de-91-inf", attackers=("us-1-inf",), max_level=6,
                       odds=0.5)  # a counter-attack's odds, but a worn unit: its level is capped, and the reason says so
    assert german.defence_choice(g, p) == (6, "the odds are low enough to strike back, but its fatigue allows no "
                                              "level above 6")


# --------------------------------------------------------------------------- the Allies
def test_the_allied_allocation_follows_the_chart_then_need():
    g = Game.new(computer_settings(), 3)
    allied = make_player("classic", "allied")  # the scripted June 6 plan (historical allocates by need)
    german = make_player("ai", "german")
    allocations = []
    while g.state.turn < 7:
        p = g.prompt
        action = (allied if p.side == "allied" else german).choose(g)
        if isinstance(p, AllocationPrompt):
            allocations.append((p.for_turn, action))
            if p.for_turn in g.data.charts.suggested_allocation.allocated_for:
                assert action == Allocate(**p.suggested.as_dict())
        g.apply(action)
    for _, a in allocations:
        assert a.fuel + a.general + a.combat + a.amphibious == 100
    storm_eve = [a for t, a in allocations if t in ("6/16", "6/18")]
    calm = [a for t, a in allocations if t == "6/14"]
    assert storm_eve and calm and storm_eve[0].general >= calm[0].general  # stockpile before the storms


def test_the_allies_land_the_june_6_plan():
    from overlord.ai.plans import plans_of
    DDAY_LANDINGS = plans_of().plans["historical"].landings
    g = Game.new(computer_settings(), 5)
    players = {"allied": make_player("historical", "allied"), "german": make_player("ai", "german")}
    while g.state.turn == 0:
        g.apply(players[g.prompt.side].choose(g))
    for uid, beach in DDAY_LANDINGS.items():
        u = g.unit(uid)
        if u.status == "ashore":
            assert u.beach == beach or u.beach is None, (uid, u.beach)
    assert 12 <= g.state.formations_landed_dday <= 15


def test_the_allies_attack_only_when_it_pays():
    allied = make_player("historical", "allied")
    g = blank_game(turn=4)
    g.state.pools.combat = 1000
    g.state.air_left, g.state.naval_left = 0, 0
    put(g, "us-1-inf", (16, 7))
    put(g, "de-12ss-pz", (16, 8), fatigue=0)  # a strong panzer division in the open: 0.6:1
    p = DefenderPrompt(side="allied", defender="de-12ss-pz", attackers=("us-1-inf",), pass_no=1, second_combat=False,
                       odds=0.64)
    assert not allied.worth_attacking(g, p)
    put(g, "de-716-inf", (17, 7), cp=10)  # a beaten unit: attack it
    p = DefenderPrompt(side="allied", defender="de-716-inf", attackers=("us-1-inf",), pass_no=1, second_combat=False,
                       odds=11.33)
    assert allied.worth_attacking(g, p)


@pytest.mark.slow
def test_tournament_command_prints_a_table_and_json():
    r = subprocess.run([sys.executable, "-m", "overlord", "tournament", "--games", "2", "--seed", "5",
                        "--german", "classic"],  # the default German (ai) is played below
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    for words in ("Level of victory", "Allied Marginal", "Score: median", "Cherbourg", "Median date taken",
                  "Formations ashore at the end of D-Day"):
        assert words in r.stdout
    j = json.loads(subprocess.run([sys.executable, "-m", "overlord", "tournament", "--games", "2", "--json",
                                   "--allied", "caen-first"], capture_output=True, text=True, cwd=ROOT).stdout)
    assert j["games"] == 2 and j["allied"] == "caen-first" and j["german"] == "ai"
    assert sum(j["victory_levels"].values()) == 2
    assert set(j["objectives"]) == {"Cherbourg", "Caen", "St-Lo"}
    assert {"median", "q1", "q3", "min", "max"} <= set(j["score"])
    s = j["score"]  # the middle half lies within the scores played, however few
    assert s["min"] <= s["q1"] <= s["median"] <= s["q3"] <= s["max"]
    bad = subprocess.run([sys.executable, "-m", "overlord", "tournament", "--german", "historical"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2


def test_the_german_gathers_a_blow_at_a_unit_caught_alone_and_cut_off():
    from overlord.engine.events import CombatResult
    g = blank_game(turn=8)
    target = (13, 11)  # bocage far from the objectives (no German is needed as a garrison)
    put(g, "us-2-inf", target, cp=70, in_supply=False)  # alone, beyond supply lines
    for uid, h in (("de-12ss-pz", (15, 10)), ("de-pz-lehr", (16, 11)), ("de-21-pz", (11, 10))):
        put(g, uid, h)
    assert start_phase(g, "german_movement")
    players = {"german": make_player("classic", "german"), "allied": make_player("historical", "allied")}
    events = []
    while g.state.phase in ("german_movement", "german_combat"):  # the Allied side picks its defence level
        events += g.apply(players[g.prompt.side].choose(g))
    # they came together and struck together
    assert any(isinstance(e, CombatResult) and e.defender == "us-2-inf" and len(e.attackers) >= 2 for e in events)


def test_the_allies_drop_on_the_historical_zone_unless_the_german_is_on_it():
    from overlord.engine.prompts import DropZonePrompt
    g = Game.new(computer_settings(), 3)
    allied = make_player("historical", "allied")
    assert isinstance(g.prompt, DropZonePrompt) and g.prompt.unit == "us-82-abn" and g.prompt.candidate == 0
    assert allied.choose(g) == Answer("Y")  # Ste-Mere-Eglise, as planned
    for uid, h in (("de-21-pz", (7, 3)), ("de-12ss-pz", (8, 4))):  # panzers beside the zone
        g.place(uid, h)  # the game forgets its prompt and legal actions itself
    assert allied.choose(g) == Answer("N")
    while allied.choose(g) == Answer("N"):
        g.apply(Answer("N"))
    assert g.prompt.zone != (7, 4) and min(distance(g.prompt.zone, h) for h in ((7, 3), (8, 4))) >= 2
