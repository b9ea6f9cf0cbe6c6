"""Advice (issue 29, point 5): what the computer player of a side would answer, and why; asking changes nothing,
the side asking never sees the other side's hidden choices, and ``overlord advise`` prints it from a save."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from overlord import words
from overlord.ai import NoAdvice, advise, make_player
from overlord.ai.advice import AdviceMemory, advisor_view
from overlord.engine import Game, Settings
from overlord.engine.actions import ChooseStrategy, EndPhase, Move
from overlord.engine.prompts import StrategyPrompt, SupportPrompt
from overlord.engine.serialize import action_to_dict
from overlord.saves import write_save

from builders import computer_settings

ROOT = Path(__file__).resolve().parents[1]
SEED = 3
TURNS = 3  # D-Day, 6/6 and 6/8: every kind of question is asked by then


def play_until(game: Game, players: dict, stop) -> None:
    while not game.over and not stop(game):
        game.apply(players[str(game.prompt.side)].choose(game))


def ai_players(seed: int = SEED) -> dict:
    return {side: make_player("ai", side, seed) for side in ("allied", "german")}


def first_of_each_kind(game: Game, seen: set) -> bool:
    """The first question of each kind, role and side in each phase: where the advice is asked."""
    p = game.prompt
    key = (game.turn, game.phase, p.kind, str(p.side), getattr(p, "role", None))
    if key in seen:
        return False
    seen.add(key)
    return True


def test_asking_changes_nothing_and_the_opponent_plays_on_as_if_nobody_had_asked():
    asked, quiet = Game.new(computer_settings(german_dday_movement=True), SEED), \
        Game.new(computer_settings(german_dday_movement=True), SEED)
    players, others = ai_players(), ai_players()
    seen: set = set()
    kinds = set()
    memory: dict = {}
    while asked.turn < TURNS:
        if first_of_each_kind(asked, seen):
            before, actions = asked.state_hash(), list(asked.actions)
            advice = advise(asked, memory=memory)
            assert asked.state_hash() == before and asked.actions == actions  # the game is as it was
            assert asked.is_legal(advice.action) and advice.reason
            kinds.add(asked.prompt.kind)
        asked.apply(players[str(asked.prompt.side)].choose(asked))
    play_until(quiet, others, lambda g: g.turn >= TURNS)
    # the computer players of both sides played the very game they play when nobody asks
    assert asked.actions == quiet.actions and asked.state_hash() == quiet.state_hash()
    assert {"DropZonePrompt", "AllocationPrompt", "InterdictionPrompt", "MovePrompt", "DefenderPrompt",
            "AttackerPrompt", "SupportPrompt", "StrategyPrompt", "RetreatPrompt"} <= kinds


def test_at_the_start_of_its_turn_the_advice_is_what_the_computer_player_would_play():
    """Where a computer player decides (the commander at a replanning turn's first question, the German at his
    turn's first question), the advice is its answer, made the same way."""
    game = Game.new(computer_settings(), SEED)
    players = ai_players()
    for stop in (lambda g: g.turn_label == "6/8" and g.prompt.kind == "AllocationPrompt",
                 lambda g: g.phase == "german_movement"):
        play_until(game, players, stop)
        fresh = make_player("ai", str(game.prompt.side), game.seed)
        assert advise(game).action == fresh.choose(game.clone())


def test_a_move_is_explained_by_where_it_leads_and_a_level_by_its_name_and_odds():
    game = Game.new(computer_settings(), SEED)
    players = ai_players()
    play_until(game, players, lambda g: g.prompt.kind == "MovePrompt" and g.prompt.side == "allied")
    advice = advise(game)
    name = game.spec(game.prompt.unit).name
    assert isinstance(advice.action, Move) and name in advice.reason
    assert "heading for" in advice.reason and "Utah beach" in advice.reason  # the 4th Infantry sails for Utah
    assert "planned this phase" in advice.reason  # planned: a way blocked meanwhile ends it sooner
    assert "Plan: " in advice.reason and "rollout" not in advice.reason
    assert advice.reason.endswith("; chosen before the German showed his hand.")  # (true in his combat too)
    play_until(game, players, lambda g: isinstance(g.prompt, StrategyPrompt) and g.prompt.role == "attack")
    advice = advise(game)
    level = game.data.charts.strategy_levels.attack[advice.action.level - 1].name
    assert level in advice.reason and words.odds(game.data, game.prompt.fought_odds) in advice.reason
    # and the losses it may cost, over the defender's levels, as the level table's row says them
    from overlord.ai.explain import level_losses, span
    mine, theirs = level_losses(game, game.prompt, advice.action.level)
    assert game.prompt.landing == "Utah"  # (a landing's: the losses are a round's, as its level may fight on)
    assert f"Expected losses a round over his defence levels: {span(mine)} CP of yours, {span(theirs)} of his" \
        in advice.reason
    # and what the support given adds to his, which those leave out (the Bombardment Losses chart)
    from overlord.engine import view
    points, low, high = view.bombardment_seen(game)
    assert points > 0 and f"your support ({points} points) adds {span((low, high))} to his losses." in advice.reason
    play_until(game, players, lambda g: g.phase == "german_movement")
    assert "This turn: " in advise(game).reason  # the German's posture for the turn
    play_until(game, players, lambda g: g.prompt.kind == "AttackerPrompt" and not g.prompt.chosen)
    # the first attacker's odds are its own (0.7:1 "with it" read as the whole attack's)
    assert f"{words.odds(game.data, game.prompt.fought_odds)} with it alone)" in advise(game).reason
    play_until(game, players, lambda g: isinstance(g.prompt, StrategyPrompt) and g.prompt.role == "attack")
    most = view.bombardment_most(game)[1]  # the German's: what the Allied support he cannot see may spare them
    assert game.prompt.side == "german" and most > 0
    assert f"his air and naval support, unseen, may spare him up to {most} of his losses." in advise(game).reason


def defending_after(level: int) -> Game:
    """A German coastal defence asked its level on D-Day, after the computer Allies chose ``level`` to attack."""
    game = Game.new(computer_settings(), SEED)
    allied = make_player("ai", "allied", SEED)
    while not (isinstance(game.prompt, StrategyPrompt) and game.prompt.role == "attack"):
        game.apply(allied.choose(game))
    game.apply(ChooseStrategy(level))
    return game


def test_the_side_asking_never_sees_the_other_sides_level():
    low, high = defending_after(1), defending_after(9)
    assert low.prompt == high.prompt and low.state_hash() != high.state_hash()  # (the test may look; the German not)
    seen_low, seen_high = advisor_view(low), advisor_view(high)
    assert seen_low.state_hash() == seen_high.state_hash() and seen_low.prompt == low.prompt
    assert seen_low.state.movement.assault.attack_level not in (1, 9)  # a neutral level, told nothing
    assert advise(low) == advise(high)
    assert low.state.movement.assault.attack_level == 1  # the game itself is untouched


def bombarding_after(level: int) -> Game:
    """An Allied defender asked its bombardment (a defensive support) on 6/6, after the German chose ``level`` to
    attack it (classic players: the first German attack of seed 1)."""
    game = Game.new(Settings(), 1)
    players = {side: make_player("classic", side, 1) for side in ("allied", "german")}
    play_until(game, players, lambda g: isinstance(g.prompt, StrategyPrompt) and g.prompt.side == "german"
               and g.prompt.role == "attack")
    game.apply(ChooseStrategy(min(level, game.prompt.max_level)))
    return game


def test_the_allied_defender_asking_for_his_bombardment_never_sees_the_german_attack_level():
    low, high = bombarding_after(1), bombarding_after(9)
    assert isinstance(low.prompt, SupportPrompt) and low.prompt.defensive and low.prompt == high.prompt
    assert low.state_hash() != high.state_hash()
    seen_low, seen_high = advisor_view(low), advisor_view(high)
    assert seen_low.state_hash() == seen_high.state_hash() and seen_low.prompt == low.prompt
    assert advise(low) == advise(high)


def test_no_advice_once_the_game_is_over():
    game = Game.new(computer_settings(scenario="two-week"), 1)
    play_until(game, {side: make_player("pass", side, 1) for side in ("allied", "german")}, lambda g: False)
    with pytest.raises(NoAdvice, match="over"):
        advise(game)


# --------------------------------------------------------------------------- overlord advise
def run(*args):
    return subprocess.run([sys.executable, "-m", "overlord", *args], capture_output=True, text=True, cwd=ROOT)


@pytest.fixture
def save_at_a_move(tmp_path):
    game = Game.new(Settings(), SEED)
    allied = make_player("ai", "allied", SEED)
    while game.prompt.kind != "MovePrompt":
        game.apply(allied.choose(game))
    return write_save(game, tmp_path / "move.json"), game


def test_advise_prints_the_answer_and_why(save_at_a_move):
    path, game = save_at_a_move
    r = run("advise", str(path))
    assert r.returncode == 0, r.stderr
    expected = advise(game)
    assert "D-Day, Allied movement: the Allied side is asked (MovePrompt)." in r.stdout  # (as the screens say it)
    assert json.dumps(action_to_dict(expected.action)) in r.stdout and expected.reason in r.stdout


def test_advise_json_is_one_object_with_the_action_as_saves_write_it(save_at_a_move):
    path, game = save_at_a_move
    r = run("advise", str(path), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    expected = advise(game)
    assert out["action"] == action_to_dict(expected.action) and out["reason"] == expected.reason
    assert (out["side"], out["turn"], out["phase"], out["prompt"], out["player"], out["actions_played"]) == \
        ("allied", "D-Day", "allied_movement", "MovePrompt", "ai", len(game.actions))
    assert game.is_legal(expected.action)


@pytest.mark.parametrize("content, words", [("{not json", "not valid JSON"), (None, "no such file")])
def test_advise_refuses_a_bad_save_in_one_line(tmp_path, content, words):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    r = run("advise", str(path))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and words in r.stderr and r.stderr.startswith("overlord: ")


def test_advise_refuses_a_player_not_for_the_side(save_at_a_move):
    path, _ = save_at_a_move
    r = run("advise", str(path), "--player", "turtle")
    assert r.returncode == 2 and "cannot play the allied side" in r.stderr


def test_advise_refuses_an_empty_player_name(save_at_a_move):
    path, _ = save_at_a_move
    r = run("advise", str(path), "--player", "")
    assert r.returncode == 2 and r.stdout == "" and "unknown computer player ''" in r.stderr
    assert r.stderr.count("\n") == 1


def test_the_json_fields_are_those_docs_api_md_lists(save_at_a_move):
    from test_api_doc import first_column
    path, _ = save_at_a_move
    out = json.loads(run("advise", str(path), "--json").stdout)
    assert sorted(first_column("fields: advise")) == sorted(out)


def test_the_hint_comes_from_the_level_chosen_to_give_it_else_the_default_not_the_last_opponent(tmp_path):
    from overlord import preferences
    from overlord.session import Session
    session = Session(Game.new(None, 3))
    assert session.advisor("german") == "ai" and session.advisor("allied") == "ai"
    preferences.remember(computer_german="classic", computer_allied="classic")  # opponents chosen: not advisers
    assert session.advisor("german") == "ai" and session.advisor("allied") == "ai"
    preferences.remember(hints_german="rommel", hints_allied="montgomery")
    assert session.advisor("german") == "rommel" and session.advisor("allied") == "montgomery"
    preferences.remember(hints_german="no-such-player")  # from another version of the game
    assert session.advisor("german") == "ai"
    preferences.remember(hints_german="random", hints_allied="pass")  # no level: a hand's edit
    assert session.advisor("german") == "ai" and session.advisor("allied") == "ai"
    session.advisors["german"] = "classic"  # one chosen for this game comes first
    assert session.advisor("german") == "classic"


def test_a_turns_advice_follows_the_decision_of_its_start_whenever_it_is_first_asked():
    """The commander's plan and the German's posture are decided where their turns begin, so a hint asked first
    late in the turn (after a load: the hints' memory is not saved) follows the turn's decision."""
    game = Game.new(computer_settings(german_dday_movement=True), SEED)
    players = ai_players()
    play_until(game, players, lambda g: g.turn_label == "6/8" and g.prompt.side == "allied")
    early: dict = {}
    advise(game, memory=early)  # asked at the turn's first question
    play_until(game, players, lambda g: g.phase == "german_movement")
    advise(game, memory=early)
    play_until(game, players, lambda g: g.phase == "german_combat" and g.prompt.side == "allied")
    late: dict = {}
    advise(game, memory=late)  # an Allied defence: first asked here, as after a load
    assert late[("ai", "allied")][game.turn][0] == early[("ai", "allied")][game.turn][0]
    play_until(game, players, lambda g: g.phase == "german_combat" and g.prompt.side == "german")
    advise(game, memory=late)  # the German's, first asked in his combat
    assert late[("ai", "german")][game.turn][0] == early[("ai", "german")][game.turn][0]


def test_a_transport_unlike_the_charts_suggestion_says_so():
    from overlord.ai.explain import describe
    from overlord.engine.actions import Allocate
    game = Game.new(computer_settings(), SEED)
    play_until(game, ai_players(), lambda g: g.prompt.kind == "AllocationPrompt")
    chart = Allocate(**game.prompt.suggested.as_dict())
    assert "suggestion" not in describe(game, chart)
    other = Allocate(25, 25, 25, 25) if chart != Allocate(25, 25, 25, 25) else Allocate(40, 20, 20, 20)
    assert describe(game, other).endswith("(by what each pool will need, not the chart's suggestion).")


def test_ending_the_combat_phase_names_the_attack_turned_down_and_its_odds():
    """'End the combat phase: no other attack is worth making' under 'This turn: counter-attack' read as a
    contradiction (found by a helper): the attack on offer is named with its odds."""
    from overlord.ai.explain import describe, name, odds
    from overlord.engine.actions import EndPhase
    game = Game.new(computer_settings(), SEED)
    play_until(game, ai_players(), lambda g: g.prompt.kind == "DefenderPrompt" and EndPhase() in g.legal_actions())
    p = game.prompt
    assert describe(game, EndPhase()) == (f"End the combat phase: no attack left is worth making "
                                          f"({name(game, p.defender)} at {odds(game, p.fought_odds)} with every unit "
                                          "that could join).")
    assert describe(game, EndPhase(), why=False) == "End the combat phase."


@pytest.mark.parametrize("side", ["allied", "german"])
def test_hints_taken_one_after_another_go_on_with_one_plan_of_the_phase(side):
    """The player whose hint was just taken is asked again (AdviceMemory.follow): it walks each unit along the path
    it planned and ends the phase once a movement cycle passes with nothing moved. Made afresh for each question, it
    planned each step again from where the unit stood, and sent units back the way they came (6 steps of 87 on
    this seed's 6/6) and answered 'finish' for every unit, cycle after cycle, rather than end the phase."""
    seed = 2
    human = {"allied": "human", "german": "computer"} if side == "allied" else {"allied": "computer",
                                                                             "german": "human"}
    g = Game.new(Settings(allied_player=human["allied"], german_player=human["german"]), seed)
    players = {s: make_player("ai", s, seed) for s in ("allied", "german")}
    while not (g.prompt.kind == "MovePrompt" and g.prompt.side == side and g.turn == 1):
        g.apply(players[g.prompt.side].choose(g))
    memory = AdviceMemory()
    been: dict[str, list] = {}
    hints, reasons = [], []
    while g.prompt.kind == "MovePrompt" and g.prompt.side == side:
        advice = advise(g, None, memory)
        action = advice.action
        hints.append(action)
        reasons.append(advice.reason)
        if isinstance(action, Move):
            been.setdefault(action.unit, [g.unit(action.unit).position])
        g.apply(action)
        if isinstance(action, Move):
            assert g.unit(action.unit).position not in been[action.unit], f"{action.unit} went back"
            been[action.unit].append(g.unit(action.unit).position)
    assert hints[-1] == EndPhase() and sum(isinstance(a, Move) for a in hints) > 5
    last_move = max(i for i, a in enumerate(hints) if isinstance(a, Move))
    assert hints[last_move + 1:] == [EndPhase()]  # not 'finish' for each unit left, one hint after another
    assert "could still move" in reasons[-1], reasons[-1]
    assert ("\nPlan: " if side == "allied" else "\nThis turn: ") in reasons[-1]  # his plan, as his other hints say


def test_the_commanders_plan_says_which_of_its_beaches_are_closed():
    """The single beach's words name Omaha and Gold: once Omaha's marker is destroyed the hint says so, not a plan
    to land everything at a closed beach."""
    from overlord.ai.allied_commander import AlliedCommander
    g = Game.new(computer_settings(), seed=3)
    commander = AlliedCommander("allied", 3)
    commander.plan = "single-beach"
    action = g.legal_actions()[0]
    assert "closed" not in commander.explain(g, action)
    g.state.beaches["Omaha"].marker_intact = False
    g.edited()
    said = commander.explain(g, action)
    assert "land everything at Omaha and Gold" in said and \
        "(Omaha: its marker is destroyed, so it lands at Gold alone)" in said
    g.state.beaches["Gold"].marker_intact = False
    g.edited()
    assert "(Omaha and Gold: their markers are destroyed, none of its beaches is open)" in commander.explain(g, action)


def test_a_plural_unit_and_a_single_point_read_as_english():
    """ "Finish the 2nd and 5th Ranger Battalions for now: it stays where it is", "with 1 naval points"."""
    from overlord.ai.explain import describe
    from overlord.engine.actions import FinishUnit, Support
    g = Game.new(computer_settings(), seed=3)
    assert describe(g, FinishUnit("us-rangers")).endswith("for now: they stay where they are.")
    assert describe(g, FinishUnit("us-4-inf")).endswith("for now: it stays where it is.")
    assert describe(g, Support(1, 0)) == "Support this fight with 1 naval point: too few points to count on the chart."
    assert describe(g, Support(1, 2)).startswith("Support this fight with 1 naval and 2 air points:")


def test_a_support_hint_says_what_the_support_does():
    """The Allied defensive support's hint said the points and nothing of their effect (found by a helper)."""
    from overlord.ai.explain import describe, span
    from overlord.engine import view
    from overlord.engine.actions import Support
    game = Game.new(computer_settings(), SEED)
    play_until(game, ai_players(), lambda g: g.prompt.kind == "SupportPrompt" and g.prompt.defensive)
    fewer = view.bombardment_row(game.data.charts, 80).allied_reduction
    # ("fewer losses of yours" had no owner in a replay; found by a helper)
    assert describe(game, Support(40, 40)) == f"Support this fight with 40 naval and 40 air points: {span(fewer)} " \
        "fewer Allied losses."
    play_until(game, ai_players(), lambda g: g.prompt.kind == "SupportPrompt" and not g.prompt.defensive)
    more = view.bombardment_row(game.data.charts, 80).german_extra
    assert describe(game, Support(40, 40)).startswith(f"Support this fight with 40 naval and 40 air points: "
                                                      f"{span(more)} more German losses")


def test_a_replay_says_what_was_done_and_a_hint_also_why():
    """The viewer words any player's answer (why=False): ending a phase is not 'no other move is worth making' when
    a person ended it."""
    from overlord.ai.explain import describe
    from overlord.engine.actions import Support
    game = Game.new(computer_settings(), SEED)
    play_until(game, ai_players(), lambda g: g.prompt.kind == "MovePrompt" and g.turn >= 1)
    assert "worth" in describe(game, EndPhase()) and "could still move" in describe(game, EndPhase())
    said = describe(game, EndPhase(), why=False)
    assert said.startswith("End the movement phase (") and "worth" not in said
    play_until(game, ai_players(), lambda g: g.prompt.kind == "SupportPrompt")
    assert describe(game, Support(0, 0), why=False) == "No naval or air support for this fight."


def test_a_turns_advice_is_the_same_in_play_after_a_load_and_from_a_save():
    """The German keeps last turn's posture unless another is clearly better: his hint asked in play (after a hint
    last turn) said "counter-attack" while the same position loaded, or `overlord advise`, said "bar the way south".
    Each earlier turn's decision is now worked out from the record whenever it is missing, so both agree."""
    from overlord.ai.advice import GERMAN_PHASES
    seed = 1
    game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="human"), seed)
    players = {side: make_player("ai", side, seed) for side in ("allied", "german")}
    memory = AdviceMemory()

    def germans_turn(g) -> bool:
        return g.prompt.side == "german" and g.phase in GERMAN_PHASES
    play_until(game, players, germans_turn)
    advise(game, None, memory)  # 6/6: a hint in play
    play_until(game, players, lambda g: g.turn_label == "6/8" and germans_turn(g))
    in_play, loaded = advise(game, None, memory), advise(game)
    assert (in_play.action, in_play.reason) == (loaded.action, loaded.reason)
    # and a posture kept is not said to have done best
    assert "this, last turn's, is kept, as bar the way south did only a little better" in loaded.reason, loaded.reason


@pytest.mark.parametrize("side", ["allied", "german"])
def test_hints_through_a_combat_end_it_rather_than_refuse_each_defender_left(side):
    """Combat asks of every defender in turn, and again in a second pass: the hint said "do not attack" to each, one
    after another, where the computer player would attack none of them; it now ends the phase there (E)."""
    from overlord.engine.actions import Answer
    seed = 2
    human = {"allied": "human", "german": "computer"} if side == "allied" else {"allied": "computer",
                                                                             "german": "human"}
    g = Game.new(Settings(allied_player=human["allied"], german_player=human["german"]), seed)
    players = {s: make_player("ai", s, seed) for s in ("allied", "german")}
    while not (g.prompt.kind == "DefenderPrompt" and g.prompt.side == side and g.turn >= 2):
        g.apply(players[g.prompt.side].choose(g))
    phase, memory, hints = g.phase, AdviceMemory(), []
    while g.phase == phase and not g.over:
        if g.prompt.side != side:
            g.apply(players[g.prompt.side].choose(g))
            continue
        action = advise(g, None, memory).action
        if g.prompt.kind == "DefenderPrompt":
            hints.append(action)
        g.apply(action)
    assert hints[-1] == EndPhase()
    attacks = [i for i, a in enumerate(hints) if a == Answer("Y")]
    assert hints[(attacks[-1] + 1 if attacks else 0):] == [EndPhase()], hints


def test_a_move_whose_goal_has_the_steps_own_name_goes_on_from_there():
    """'to the bocage near Cherbourg. It is heading for the bocage near Cherbourg, 1 more step': two positions named
    alike read as one."""
    from builders import blank_game, put
    from overlord.ai.explain import destination_words, place
    from overlord.engine.hexgrid import neighbour
    g = blank_game(turn=2)
    step, goal = (3, 0), (3, 1)
    assert place(g, step) == place(g, goal)
    start, direction = next((neighbour(step, d), (d + 2) % 6 + 1) for d in range(1, 7)
                            if g.data.map.is_land(neighbour(step, d)) and neighbour(step, d) != goal)
    assert neighbour(start, direction) == step
    put(g, "de-709-inf", start)
    said = destination_words(g, "de-709-inf", direction, [goal])
    assert said.startswith("It goes on from there, 1 more step planned this phase"), said
    rangers = next(u for u in g.state.units if g.spec(u).name.endswith("Ranger Battalions"))
    put(g, rangers, start)  # a plural name: "It is heading" read wrong (found by a helper)
    assert destination_words(g, rangers, direction, [goal]).startswith("They go on from there")
    assert destination_words(g, rangers, direction, [goal, (3, 2)]).startswith("They are heading for ")


def test_a_hinted_move_off_an_objective_says_it_leaves_it():
    """Taking the German's hints moved the 21st Panzer out of Caen and the 709th out of Cherbourg, and the hint
    never said an objective was being left (found by a helper)."""
    from builders import blank_game, put, start_phase
    from overlord.ai.explain import leaving_words
    from overlord.engine.hexgrid import neighbour
    g = blank_game(turn=2, german_player="human")
    caen = (17, 8)
    assert g.data.map.objective_of(caen) == "Caen"
    put(g, "de-21-pz", caen)
    away = next(d for d in range(1, 7) if g.data.map.is_land(neighbour(caen, d))
                and g.data.map.objective_of(neighbour(caen, d)) is None)
    assert leaving_words(g, "de-21-pz", away, []) == "It leaves Caen, an objective."
    assert leaving_words(g, "de-21-pz", away, [caen]) == ""  # (back to it by the phase's end)
    assert start_phase(g, "german_movement") and g.prompt.unit == "de-21-pz"
    said = make_player("classic", "german", 1).explain(g, Move("de-21-pz", away))
    assert said.endswith("It leaves Caen, an objective."), said
    put(g, "de-352-inf", (4, 2))  # not on an objective
    assert leaving_words(g, "de-352-inf", 3, []) == ""


def test_a_hint_asked_afresh_mid_phase_does_not_end_it_while_units_would_move_on():
    """A person moving by hand asks a hint partway through a movement cycle: the player made for it took the cycle
    for one in which nothing had moved, so its look ahead ended the phase at the cycle's end, and the hint said to end
    the phase though the computer moves the 6th Airborne in the next cycle (found by a review)."""
    seed = 2
    g = Game.new(Settings(allied_player="human", german_player="computer"), seed)
    players = {s: make_player("ai", s, seed) for s in ("allied", "german")}
    while len(g.actions) < 208:  # the Allied player plays what the computer would, by hand
        g.apply(players[g.prompt.side].choose(g))
    assert g.prompt.kind == "MovePrompt" and g.prompt.side == "allied" and g.prompt.cycle == 1
    hint = advise(g).action
    played, moves = g.clone(), []
    while played.phase == g.phase:
        action = players[played.prompt.side].choose(played)
        moves += [action] if isinstance(action, Move) else []
        played.apply(action)
    assert moves, "the computer moves a unit more in this phase"
    assert hint != EndPhase()


def test_a_landings_support_hint_says_it_is_given_each_round():
    """Taking the landing's support hint round after round spent every naval and air point on Omaha, and the card
    never said that a landing's support is given again in each round."""
    from overlord.engine.actions import Support
    game = Game.new(computer_settings(), SEED)
    play_until(game, ai_players(), lambda g: isinstance(g.prompt, SupportPrompt) and g.prompt.landing is not None)
    advice = advise(game)
    assert isinstance(advice.action, Support) and advice.action != Support(0, 0)
    assert "(a landing's support is given again in each round it fights, while the points last)" in advice.reason


def test_a_drop_zone_passed_over_says_where_the_division_would_drop():
    """"Not here: look at the next drop zone" sent the player through every zone, a hint at each (found by a
    helper): the hint names the zone the player would take."""
    from overlord.engine.actions import Answer
    game = Game.new(Settings(), 3)
    wanted = advise(game)
    assert wanted.action == Answer("Y") and "at Ste-Mere-Eglise" in wanted.reason  # the first zone, taken
    game.apply(Answer("N"))
    passed = advise(game)
    assert passed.action == Answer("N")
    assert passed.reason.startswith("Not here: drop the 82nd Airborne Division at Ste-Mere-Eglise, zone 1 of 5, "
                                    "4 zones on. U shows the next zone, as N does.")  # (U read as dropping it there)


def test_a_german_defending_in_depth_asked_about_an_attack_the_player_began_says_whose_it_is():
    """'Attack at level 7 ... This turn: defend in depth ..., never attacking' read as a contradiction: the
    posture begins no attack, and the attack asked about is the player's own."""
    game = Game.new(computer_settings(), SEED)
    play_until(game, ai_players(), lambda g: g.prompt.kind == "AttackerPrompt" and g.prompt.side == "german")
    memory = AdviceMemory()
    memory[("ai", "german")] = {game.turn: ("depth", {"depth": 10.0, "bar-the-south": 0.0})}
    reason = advise(game, "ai", memory).reason
    assert "This turn: defend in depth" in reason and "beginning no attack" in reason
    assert "this attack is yours" in reason and "never attacking" not in reason


def test_a_set_up_questions_advice_names_the_question_and_no_plan():
    """`advise` on a set-up question said "Answer N: No." and then the commander's plan for a campaign not begun
    (found by a helper)."""
    game = Game.new(None, seed=4)
    reason = advise(game).reason
    assert reason.startswith(f"{game.prompt.text.strip().splitlines()[-1]} Answer ") and "Plan:" not in reason


def an_attack_at_2497(support: int = 0) -> Game:
    """The 1st Infantry (55 CP, fatigue 7) beside the 91st Air Landing (21 CP) in the Allied combat phase: odds
    of 2.4968, which a prompt keeps as 2.5; ``support``: the naval and air points left for the turn."""
    from builders import blank_game, put, start_phase
    g = blank_game(turn=4)
    g.state.pools.combat = 5000
    g.state.weather = "clear"
    g.state.air_left, g.state.naval_left = support, support
    put(g, "us-1-inf", (16, 11), cp=55, fatigue=7)
    put(g, "de-91-inf", (16, 10), cp=21)
    assert start_phase(g, "allied_combat")
    return g


def test_a_levels_hint_gives_the_odds_as_the_question_does_not_rounded_onto_a_threshold():
    """The engine keeps a prompt's odds to a hundredth (2.4968 as 2.5): the hint said "the attack's odds 2.5:1"
    beside the question's "2.49:1" (found by a reviewer)."""
    from overlord.ai.explain import describe
    from overlord.engine.actions import Answer
    from overlord.engine.prompts import StrategyPrompt
    g = an_attack_at_2497()
    while not isinstance(g.prompt, StrategyPrompt):
        g.apply(Answer("Y") if g.prompt.kind in ("DefenderPrompt", "AttackerPrompt") else
                next(iter(g.legal_actions())))
    assert g.prompt.fought_odds == 2.5  # (kept to a hundredth: 2.4968)
    assert "(odds 2.49:1;" in describe(g, ChooseStrategy(4))


def test_the_attack_questions_and_their_hints_give_the_odds_the_level_question_will():
    """The attack's questions gave the prompt's odds, kept to a hundredth (2.4968 as 2.5, 0.746 as 0.75), and read
    "2.5:1" (or "0.8:1") where the level question and its hint then read "2.49:1" ("0.7:1") for the same fight
    (found by a helper). Every question of the attack, its panel and its hint give the odds as the engine judges
    them."""
    from overlord.ai.explain import describe
    from overlord.engine.actions import Answer, Support
    from overlord.engine.prompts import AttackerPrompt, DefenderPrompt, StrategyPrompt, SupportPrompt
    from overlord.tui.asking import combat_card, make_entry, prompt_text
    g = an_attack_at_2497(support=10)
    asked = []
    while not isinstance(g.prompt, StrategyPrompt):
        p = g.prompt
        assert isinstance(p, (DefenderPrompt, AttackerPrompt, SupportPrompt))
        card = combat_card(g, p)
        assert card is not None
        shown = prompt_text(g, p, make_entry(g, p)).plain + card.plain  # (the question, and the panel beside the map)
        assert p.odds == 2.5 and "2.49:1" in shown and "2.5:1" not in shown
        answer = Support(0, 0) if isinstance(p, SupportPrompt) else Answer("Y")
        if not isinstance(p, SupportPrompt):
            assert "2.49:1" in describe(g, answer)
        asked.append(p.kind)
        g.apply(answer)
    assert "(odds 2.49:1;" in describe(g, ChooseStrategy(4))
    assert {"DefenderPrompt", "AttackerPrompt"} <= set(asked), asked


def test_a_refusal_to_retreat_names_the_unit_as_a_retreat_does():
    """ "Refuse to retreat: the unit holds its ground" beside "Retreat 90th Infantry Division south-west (4), ..."."""
    from overlord.ai.explain import describe, name
    from overlord.engine.actions import HoldGround
    g = Game.new(computer_settings(), seed=3)
    players = {side: make_player("classic", side, 3) for side in ("allied", "german")}
    while not (g.prompt.kind == "RetreatPrompt" and g.is_legal(HoldGround())):
        g.apply(players[g.prompt.side].choose(g))
    assert describe(g, HoldGround()) == (f"Refuse to retreat: {name(g, g.prompt.unit)} holds its ground, at the cost "
                                         "of heavier losses.")


def test_a_hint_asked_after_a_load_or_of_a_save_is_the_hint_of_play():
    """Hints taken one after another in a movement phase follow the paths planned at its start; asked after a load
    (or by `overlord advise`), a player made afresh planned each step again from where the unit stood: the 4th
    Infantry sent to Ste-Mere-Eglise for Pont-l'Abbe, then back to Montebourg for Valognes (found by a helper).
    Now the hint of a save is the hint of play, step by step."""
    g = Game.new(Settings(allied_player="human", german_player="computer"), seed=5)
    german = make_player("classic", "german", 5)
    allied = make_player("ai", "allied", 5)
    while not (g.turn_label == "6/24" and g.phase == "allied_movement"):
        g.apply((allied if g.prompt.side == "allied" else german).choose(g))
    memory = AdviceMemory()
    for _ in range(12):
        in_play = advise(g, None, memory)
        of_the_save = advise(Game.replay(g.initial_settings, g.seed, g.actions)[0])  # (as a save is opened)
        assert (of_the_save.action, of_the_save.reason) == (in_play.action, in_play.reason), len(g.actions)
        g.apply(in_play.action)
        if g.phase != "allied_movement":
            break


def test_a_unit_stopped_short_of_its_planned_path_is_said_why():
    """ "1 more step planned this phase", then "Finish the 4th Infantry Division for now: it stays where it is" and no
    word why (found by a helper): the step its path went on to was not open to it."""
    from builders import blank_game, put, start_phase
    from overlord.ai.allied_scripted import AlliedPlayer
    from overlord.engine.actions import FinishUnit
    g = blank_game(turn=3)
    g.state.pools.fuel, g.state.weather = 500, "clear"
    put(g, "us-4-inf", (8, 6))
    assert start_phase(g, "allied_movement")
    g.unit("us-4-inf").mp, g.unit("us-4-inf").moved = 1, True  # too few for the bocage of (8,7), once moved
    g.edited()
    player = AlliedPlayer("allied")
    player.mover.reset_if_new_phase(g)
    player.mover.paths["us-4-inf"] = [(8, 7)]
    action = player.mover.next_step(g, g.prompt, lambda game, uid: [])
    assert action == FinishUnit("us-4-inf")
    said = player.explain(g, action)
    assert "Its path went on to" in said and ", but " in said and "MP" in said, said


def test_advise_says_when_the_saves_standing_order_answers_the_question(tmp_path):
    """A save taken while a landing was fought on: advise answered the round's support question as if asked, where
    the game plays the order without asking (found by a helper)."""
    from overlord.engine.serialize import action_to_dict
    from overlord.saves import write_save
    from overlord.session import Session
    s = Session(Game.new(Settings(allied_player="human", german_player="computer"), seed=3))
    people = {side: make_player("classic", side, 3) for side in ("allied", "german")}
    while not s.asks_fight_on():
        s.apply(people[s.game.prompt.side].choose(s.game))
    s.fight_on_at(1)
    s.apply(ChooseStrategy(1))
    while s.standing_action() is None:  # the German's answer, then the order's next round
        assert s.game.prompt.side == "german", s.game.prompt
        s.apply(people["german"].choose(s.game))
    write_save(s.game, tmp_path / "fighting-on.json", orders=s.orders())
    advised = run("advise", str(tmp_path / "fighting-on.json"), "--json")
    assert advised.returncode == 0, advised.stderr
    assert json.loads(advised.stdout)["standing_order"] == action_to_dict(s.standing_action())
    said = run("advise", str(tmp_path / "fighting-on.json")).stdout
    assert "In the game the question is not asked: the save's standing order answers it" in said


def test_a_hint_says_when_a_move_leads_beyond_supply_lines():
    """'It will stand on the continent side, scoring 7.0 a turn': a newcomer took the hint for the 82nd and the 101st
    and found both beyond supply lines at the next turn's start, costing CP, unsaid (found by a helper)."""
    from builders import blank_game, put
    from overlord.ai.explain import destination_words
    from overlord.engine import view
    from overlord.engine.hexgrid import neighbour
    g = blank_game(turn=2)
    uid = next(u for u in g.state.units if g.spec(u).name == "82nd Airborne Division")
    start = (7, 9)  # Marigny: the continent side, far from every beachhead marker
    direction = next(d for d in range(1, 7) if g.data.map.on_continent_side(neighbour(start, d)))
    put(g, uid, start)
    goal = neighbour(start, direction)
    assert view.beyond_supply_lines(g, uid, goal)
    said = destination_words(g, uid, direction, [])
    percent = g.data.rules.supply.out_of_supply_cp_percent
    assert said.startswith("It will stand on the continent side, scoring ") and said.endswith(
        f", but beyond supply lines at the next turn's start, losing {percent}% CP a turn there."), said
    g.state.turn = 0  # before the first trace every unit is in supply: nothing to say
    assert "supply" not in destination_words(g, uid, direction, [])


def test_a_german_hint_says_when_a_move_leaves_the_unit_cut_off():
    """The German's hint as the Allies': a move that leaves the unit cut off at the next turn's start says so."""
    from builders import blank_game, put
    from overlord.ai.explain import destination_words
    from overlord.engine import view
    from overlord.engine.hexgrid import neighbour
    g = blank_game(turn=4)
    allies = [u for u in g.state.units if g.side_of(u) == "allied" and not g.spec(u).is_depot]
    for uid, at in zip(allies, [(2, 5), (4, 5), (6, 5), (8, 5), (10, 5)]):  # a line across the Cotentin
        put(g, uid, at)
    put(g, "de-709-inf", (5, 2))
    assert view.german_cut_off_at(g, "de-709-inf", (5, 3))
    rules = g.data.rules.german_supply
    assert destination_words(g, "de-709-inf", 4, []).endswith(
        f"but cut off from supply at the next turn's start, losing {rules.out_of_supply_cp_percent}% CP a turn and "
        f"fighting at {rules.out_of_supply_strength_percent}%.")
    assert neighbour((5, 2), 4) == (5, 3)


def test_an_attack_advised_at_poor_odds_says_the_ground_it_is_for():
    """The hint advised including the 6th Airborne against the 21st Panzer in Caen at 0.3:1 with no word why, and
    a newcomer took it for a mistake (found by a helper): under 1:1 against a unit holding an objective or a beach's
    position, the hint says so; not at better odds, elsewhere, nor in a replay's words (what was done, not why)."""
    from overlord.ai.explain import describe
    from overlord.engine.actions import Answer
    from overlord.engine.prompts import AttackerPrompt, DefenderPrompt
    from builders import blank_game, put, start_phase

    def asked(attacker_cp: int, at: tuple[int, int], defender_cp: int = 110) -> Game:
        g = blank_game(seed=3)
        g.state.pools.combat = 500
        put(g, "bc-6-abn", (at[0] + 1, at[1] - 1) if at[1] % 2 else (at[0], at[1] - 1), cp=attacker_cp)
        put(g, "de-21-pz", at, cp=defender_cp)
        g.state.weather = "clear"
        assert start_phase(g, "allied_combat") and isinstance(g.prompt, DefenderPrompt)
        return g

    poor = asked(30, (17, 8))  # Caen, at about 0.3:1
    said = describe(poor, Answer("Y"))
    assert said.endswith(": poor odds, but it holds Caen, an objective, worth a small loss."), said
    assert "poor odds" not in describe(poor, Answer("Y"), why=False)
    poor.apply(Answer("Y"))
    assert isinstance(poor.prompt, AttackerPrompt)
    assert "it holds Caen, an objective" in describe(poor, Answer("Y"))
    assert "poor odds" not in describe(asked(30, (13, 10)), Answer("Y"))  # (open country: no such reason given)
    assert "poor odds" not in describe(asked(70, (17, 8), 10), Answer("Y"))  # (odds above 1:1)


def test_a_hinted_move_that_infiltrates_says_its_chance_and_what_failing_costs():
    """"Move the 3rd Parachute Division west (6), to the bocage near Coutances": the step was an infiltration, it
    failed, and the unit's move was over; the question's panel said "infiltrates (40%)", the hint nothing (found by
    a helper)."""
    from builders import blank_game, put, start_phase
    from overlord.ai.explain import step_words
    from overlord.engine import view
    g = blank_game(turn=3)
    put(g, "de-21-pz", (12, 5))
    put(g, "us-1-inf", (12, 6))  # both positions in its zone of control: the step west infiltrates
    start_phase(g, "german_movement")
    chance = view.infiltration_chance(g, "de-21-pz")
    assert step_words(g, Move("de-21-pz", 6)).endswith(
        f": an infiltration, {chance}% to get through (failing, it stays where it is, its move over).")
    assert "infiltration" not in step_words(g, Move("de-21-pz", 3))  # (an ordinary step, as before)


def test_a_hint_that_leaves_a_formation_at_sea_for_want_of_amphibious_points_says_so():
    """The hints left the 1st and 4th Special Service Brigades at sea ("Finish ... for now: it stays where it is")
    with 20 amphibious points left and no word why (found by a helper)."""
    from builders import blank_game
    from overlord.ai.explain import describe
    from overlord.engine import view
    from overlord.engine.actions import FinishUnit
    from overlord.engine.state import AFLOAT
    g = blank_game(turn=0)
    g.place("bc-1-cdo", (16, 1), AFLOAT)
    g.state.pools.amphibious = 20
    g.edited()
    cost = view.amphibious_cost(g, "bc-1-cdo")
    assert cost > 20
    said = describe(g, FinishUnit("bc-1-cdo"))
    assert f"(too few amphibious points to land it: 20 left, landing costs {cost})" in said, said
    assert "amphibious" not in describe(g, FinishUnit("bc-1-cdo"), why=False)  # (a replay says what, not why)
    g.state.pools.amphibious = cost
    g.edited()
    assert "amphibious" not in describe(g, FinishUnit("bc-1-cdo"))


def test_advise_refuses_the_computer_opponents_question_in_a_game_against_it(tmp_path):
    """A German playing the computer Allies read their transport allocation, unseen in the game, and their plan with
    ``overlord advise`` on a save left at the Allies' question (found by a helper): the hint is the person's."""
    game = Game.new(Settings(allied_player="computer", german_player="human"), SEED)
    allied = make_player("ai", "allied", SEED)
    while game.prompt.kind != "AllocationPrompt":
        game.apply(allied.choose(game))
    r = run("advise", str(write_save(game, tmp_path / "allocation.json")))
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.count("\n") == 1 and f"stops at {game.turn_label}, Transport allocation, at the computer " \
        "Allied's question (AllocationPrompt): advise gives the German player's hint, as T does, not the computer's " \
        "answer." in r.stderr, r.stderr
    # a game of two computers is advised on at any question, as two people's is
    for allied_player, german_player in (("computer", "computer"), ("human", "human")):
        same = Game.new(Settings(allied_player=allied_player, german_player=german_player), SEED)
        for action in game.actions:
            same.apply(action)
        r = run("advise", str(write_save(same, tmp_path / f"{allied_player}.json")))
        assert r.returncode == 0 and "the Allied side is asked (AllocationPrompt)" in r.stdout, r.stderr
