"""The computer Allied ("ai"): a legal answer to every prompt in every situation (no beaches left, a plan
that fails), its own random generator for its look ahead, and a German-solo game through the TUI.
Its strength and think time are measured in benchmarks/ (adversaries.py, think_time.py --side allied), not here."""

from __future__ import annotations

import logging

import pytest

from overlord.ai import DEFAULT_PLAYERS, make_player, player_names
from overlord.ai.allied_commander import AlliedCommander, last_german_movement
from overlord.ai.allied_plan_player import PlanPlayer
from overlord.engine import Game
from overlord.engine.enums import Side
from overlord.engine.actions import FinishUnit
from overlord.engine.prompts import AdvancePrompt, MovePrompt
from overlord.engine.state import AFLOAT
from overlord.tui.app import OverlordApp
from overlord.tui.final import FinalScreen
from overlord.tui.game_screen import GameScreen
from overlord.tui.title import TitleScreen

from builders import computer_settings
from helpers import static_words
from test_tui_keys import drive

GERMAN_SOLO_TWO_WEEKS = {"change_ratings": "y", "german_player": "h", "allied_player": "c", "scenario": "t",
                         "preset": "1", "display_delay": "1"}


def play_checked(g: Game, players: dict, until) -> None:
    """Play on with every action legal and the game's generator untouched by the players."""
    while not g.over and not until(g):
        rng_before = g.state.rng.state
        action = players[g.prompt.side].choose(g)
        assert g.state.rng.state == rng_before, "a player touched the game's random generator"
        assert action in g.legal_actions(), (g.prompt, action)
        g.apply(action)


def test_ai_is_the_default_computer_allied_and_the_plans_stay_selectable():
    assert DEFAULT_PLAYERS["allied"] == "ai"
    assert isinstance(make_player("ai", "allied", 3), AlliedCommander)
    assert {"ai", "historical", "caen-first"} <= set(player_names("allied"))
    assert make_player("ai", "german").name == "ai"  # "ai" names the computer German too


def test_the_allied_ai_answers_every_prompt_once_every_beachhead_marker_is_destroyed():
    """A German who wins on the beaches: every marker gone, nowhere to land or draw supply from."""
    seed = 5
    g = Game.new(computer_settings(scenario="two-week", german_dday_movement=True), seed)
    players = {"allied": make_player("ai", "allied", seed), "german": make_player("beach-rush", "german", seed)}
    play_checked(g, players, until=lambda g: g.turn >= 1)
    for beach in g.state.beaches.values():
        beach.marker_intact = False  # the German overran them all
    play_checked(g, players, until=lambda g: g.turn >= 4)
    assert g.turn >= 4 or g.over
    assert not any(b.marker_intact for b in g.state.beaches.values())


class BrokenPlan(PlanPlayer):
    def on_move(self, game, prompt):
        raise ValueError("min() arg is an empty sequence")


def commander_with_a_broken_plan(seed):
    """The Allied ai whose plans all fail as soon as a unit is to move."""
    allied = make_player("ai", "allied", seed)
    allied.players = {name: BrokenPlan(plan=name, design=design) for name, design in allied.plans.commander_plans.items()}
    return allied


def test_a_plan_that_fails_stops_the_game_under_the_tests():
    g = Game.new(computer_settings(scenario="two-week"), 9)
    players = {"allied": commander_with_a_broken_plan(9), "german": make_player("pass", "german", 9)}
    with pytest.raises(ValueError, match="empty sequence"):
        play_checked(g, players, until=lambda g: g.turn >= 2)


def test_a_plan_that_fails_is_answered_for_safely_counted_and_logged_in_play(monkeypatch, caplog):
    monkeypatch.setenv("OVERLORD_STRICT_PLAYERS", "0")  # as in play: the game goes on
    g = Game.new(computer_settings(scenario="two-week"), 9)
    allied = commander_with_a_broken_plan(9)
    players = {"allied": allied, "german": make_player("pass", "german", 9)}
    play_checked(g, players, until=lambda g: g.turn >= 2)
    assert g.turn >= 2
    assert allied.failures and all(f.prompt == "MovePrompt" and "empty sequence" in f.error for f in allied.failures)
    assert any("failed at D-Day, MovePrompt" in r.getMessage() for r in caplog.records if r.name == "overlord.ai")


def test_the_allied_ai_reads_the_german_from_his_last_movement_phase():
    seed = 12
    g = Game.new(computer_settings(scenario="two-week", german_dday_movement=True), seed)
    allied = make_player("ai", "allied", seed)
    players = {"allied": allied, "german": make_player("beach-rush", "german", seed)}
    play_checked(g, players, until=lambda g: g.turn >= 1 and g.prompt.side == Side.ALLIED)
    before, after = last_german_movement(g)
    assert isinstance(before.prompt, MovePrompt) and before.prompt.side == Side.GERMAN
    assert not (isinstance(after.prompt, MovePrompt) and after.prompt.side == Side.GERMAN)
    allied.learn(g)
    assert allied.believed_model() == "beach-rush"


def test_the_same_seed_gives_the_same_allied_ai_game():
    def game(seed):
        g = Game.new(computer_settings(scenario="two-week"), seed)
        players = {"allied": make_player("ai", "allied", seed), "german": make_player("turtle", "german", seed)}
        play_checked(g, players, until=lambda g: g.turn >= 3)
        return g.state_hash()
    assert game(4) == game(4)


async def test_a_human_german_plays_turns_against_the_computer_allied_by_keys():
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, answers=GERMAN_SOLO_TWO_WEEKS, limit=4000,
                    until=lambda a: a.session is not None and a.session.game.turn >= 3 and isinstance(a.screen, GameScreen))
        game = app.session.game
        assert game.turn >= 3 and game.settings.player("allied") == "computer"
        assert isinstance(app.session.players["allied"], AlliedCommander)
        assert sum(1 for _ in game.units(Side.ALLIED, "ashore", combat=True)) >= 10


# A human German who moves every unit a step or two, attacks at 1.5:1 or better and defends at the default.
ACTIVE_GERMAN = {
    "MovePrompt": lambda p: str(p.directions[0]) if p.directions and p.mp > 0 else "f",
    "DefenderPrompt": lambda p: "y" if p.odds >= 1.5 else "n",
    "AttackerPrompt": lambda p: "y",
}


@pytest.mark.slow
async def test_a_whole_german_solo_game_against_the_computer_allied_by_keys():
    """From the title to the final report and back: every German answer a key press, every Allied one the
    computer's (in its worker)."""
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await drive(pilot, answers=GERMAN_SOLO_TWO_WEEKS, policy=ACTIVE_GERMAN, limit=20000)
        game = app.session.game
        assert game.over and isinstance(app.screen, FinalScreen)
        assert game.settings.player("german") == "human" and game.settings.player("allied") == "computer"
        assert isinstance(app.session.players["allied"], AlliedCommander)
        assert game.turn_label == "6/20"
        assert keys[0] == "n" and sum(k.isdigit() for k in keys) > 20, "the German moved by keys"
        report = app.screen.game.final_report
        assert report.victory_level and report.turns_played == len(game.state.history)
        said = static_words(app.screen.query_one("#final-report"))
        assert "you win" in said or "you lose" in said  # (to the German, who played alone)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


def test_the_game_screen_survives_a_computer_player_that_fails(monkeypatch, caplog):
    from overlord.ai.player import STRICT
    from overlord.session import Session
    monkeypatch.setenv(STRICT, "0")  # in play (the tests raise a player's failure)

    class Failing:
        def choose(self, game):
            raise RuntimeError("a bug in a computer player")

    g = Game.new(computer_settings(scenario="two-week"), 2)
    session = Session(g)
    session.players["allied"] = Failing()
    with caplog.at_level(logging.ERROR, logger="overlord.tui"):
        action = session.computer_action()
    assert action in g.legal_actions()
    assert "could not decide" in session.notes[-1]
    assert "the computer allied's choice failed" in caplog.text and "a bug in a computer player" in caplog.text


def beach_fight(seed: int):
    """A campaign game with German D-Day movement: the commander's single-beach plan fighting for its beaches
    (as the Allied ai plays it then) against the focused beach rush."""
    import attrs

    from overlord.ai.allied_plan_player import PlanPlayer
    from overlord.ai.german_scripts import FocusedRush
    from overlord.ai.plans import plans_of
    g = Game.new(computer_settings(scenario="campaign", german_dday_movement=True), seed)
    allied = PlanPlayer(plan="single-beach", design=attrs.evolve(plans_of().plans["single-beach"], guard_beaches=True))
    return g, {Side.ALLIED: allied, Side.GERMAN: FocusedRush(Side.GERMAN, seed)}


def test_holders_of_a_landing_position_step_off_for_a_formation_waiting_to_land():
    """Seed 1016 once bottled 17 formations at sea to the end: every landing position was held."""
    g, players = beach_fight(1016)
    allied = players[Side.ALLIED]
    landing = {p for b in g.data.map.beaches for p in b.positions}
    relieved_phases = 0
    while not g.over and g.turn < 6:
        p = g.prompt
        starting = isinstance(p, MovePrompt) and p.side == Side.ALLIED and allied.mover.phase_key != (g.turn, g.phase)
        afloat = sum(1 for _ in g.units(Side.ALLIED, AFLOAT))
        g.apply(players[p.side].choose(g))
        if starting and allied._relieved:
            relieved_phases += 1
            assert allied._relieved <= landing
            assert all(g.side_of(g.occupant(h)) == Side.ALLIED for h in allied._relieved if g.occupant(h))
            play_checked(g, players, until=lambda g: g.phase != "allied_movement")
            assert sum(1 for _ in g.units(Side.ALLIED, AFLOAT)) < afloat, "nobody landed where room was made"
    assert relieved_phases >= 1
    assert sum(1 for _ in g.units(Side.ALLIED, AFLOAT)) <= 5


def test_a_unit_on_a_threatened_landing_position_does_not_advance_off_it():
    """The 79th Infantry once advanced off Omaha after an attack (seed 1017 with the Allied ai), and the 352nd
    walked onto the beach, destroying its marker. Here the 50th Infantry is asked on June 6 (seed 1024; rules
    edition 2)."""
    g, players = beach_fight(1024)
    allied = players[Side.ALLIED]
    held = 0
    while not g.over and g.turn < 3 and held < 1:
        p = g.prompt
        if isinstance(p, AdvancePrompt) and p.side == Side.ALLIED and allied.holds_beach(g, p.unit):
            assert allied.choose(g) == FinishUnit(p.unit)
            held += 1
        g.apply(players[p.side].choose(g))
    assert held


def test_the_commanders_plans_besiege_german_units_on_the_ocean_side():
    """Each German unit on the ocean side scores every turn, one point more each turn (the Victory Points chart):
    the commander's plans value standing beside one by their ocean_side_siege a point (data/plans.toml); the
    other plans not at all. Against the focused rush with D-Day movement, a German army on the beaches out-scored
    the Allied continent side by June 30 (docs/ai.md)."""
    import attrs

    from overlord.ai.plans import plans_of
    from overlord.engine import view
    g, players = beach_fight(1024)
    play_checked(g, players, until=lambda g: g.turn >= 3 and isinstance(g.prompt, MovePrompt)
                 and g.prompt.side == Side.ALLIED)
    allied = players[Side.ALLIED]
    design = plans_of().commander_plans["single-beach"]
    assert design.ocean_side_siege > 0 and plans_of().plans["historical"].ocean_side_siege == 0

    def worth(uid: str, h, enemies: list[str], siege: bool) -> float:
        allied.design = design if siege else attrs.evolve(design, ocean_side_siege=0.0)
        return allied.in_contact(g, uid, h, enemies, allied.outlook(g, uid), 0.0)
    m = g.data.map
    points = view.ocean_side_points(g, g.turn + 1)
    assert points > 0
    found = 0
    for u in g.units(Side.ALLIED, "ashore", combat=True):
        h = u.position
        enemies = g.adjacent_units(h, Side.GERMAN)
        if not enemies:
            continue
        scoring = sum(1 for e in enemies if m.on_scoring_ocean_side(g.unit(e).position))
        gained = worth(u.id, h, enemies, siege=True) - worth(u.id, h, enemies, siege=False)
        assert gained == pytest.approx(design.ocean_side_siege * points * scoring)
        found += scoring
    assert found, "no Allied unit stood beside a German unit on the ocean side"


def test_a_formation_bound_for_the_cotentin_lands_elsewhere_once_utahs_marker_is_destroyed():
    """The Cotentin's formations land at Utah (data/plans.toml [cotentin]); with Utah's marker destroyed they once
    waited at sea to the end (the 79th, seed 5003 with the Allied ai). Here the 79th arrives on 6/12 and finds
    Utah gone: it lands at another US beach that phase (the commander's beach holders make room for it)."""
    seed = 1
    g = Game.new(computer_settings(scenario="campaign"), seed)
    players = {"allied": make_player("ai", "allied", seed), "german": make_player("classic", "german", seed)}
    assert players["allied"].plans.cotentin.lands("US", (5, 2)) == "Utah"  # Valognes, the 79th's first place
    play_checked(g, players, until=lambda g: g.turn_label == "6/12" and isinstance(g.prompt, MovePrompt)
                 and g.prompt.side == Side.ALLIED)
    assert g.unit("us-79-inf").status == AFLOAT
    g.state.beaches["Utah"].marker_intact = False  # the German walked onto it
    play_checked(g, players, until=lambda g: g.phase != "allied_movement")
    landed = g.unit("us-79-inf")
    assert landed.status != AFLOAT and landed.beach not in (None, "Utah")


@pytest.mark.parametrize("dday_movement", [False, True])
def test_against_a_static_german_the_commander_turns_the_whole_vii_corps_on_cherbourg(dday_movement):
    """Without German D-Day movement (the default) the German's reserves are days from the beaches: the commander's
    plans turn the whole VII Corps on Cherbourg, the 90th and the 82nd with it (their later_static, data/plans.toml);
    with it, the three infantry divisions only, the rest staying near the beaches."""
    g = Game.new(computer_settings(scenario="campaign", german_dday_movement=dday_movement), 1)
    commander = AlliedCommander(seed=1)
    plan = commander._player(g, "southern-drive").design
    design = commander.designs["southern-drive"]
    assert plan.later is not None and design.later is not None and design.later_static is not None
    assert plan.later["us-4-inf"][-1] == plan.later["us-79-inf"][-1] == "Cherbourg"
    if dday_movement:
        assert (plan.later, plan.switch) == (design.later, design.switch)
        assert "Cherbourg" not in plan.later["us-90-inf"]
    else:
        assert (plan.later, plan.switch) == (design.later_static, design.switch)
        assert plan.later["us-90-inf"][-1] == "Cherbourg" and "St-Sauveur-le-Vicomte" in plan.later["us-82-abn"]
    assert commander._player(g, "armoured-raid").design.later is None  # its infantry drive as on June 6 already
    # Bradley (level 2) turns the three divisions only, whatever the setting (his later_static = false)
    assert AlliedCommander(seed=1, general="bradley")._player(g, "southern-drive").design.later == design.later
