"""The searching computer German ("ai"): legal answers, the same game from the same seed, an answer
whatever its budget, and no crash on odd boards. Its strength and think time are measured in
benchmarks/ (adversaries.py, think_time.py), never here."""

import pytest

from overlord.ai import make_player
from overlord.ai.german_search import POSTURES, SearchGerman, smoothed
from overlord.ai.player import ComputerPlayer, IllegalAnswer
from overlord.engine import Game
from overlord.engine.actions import Answer
from overlord.engine.enums import Side
from overlord.saves import replay_document, to_document

from builders import blank_game, computer_settings, put, start_phase


def to_german_movement(g: Game, allied) -> None:
    while g.prompt.side != "german" or g.state.phase != "german_movement":
        g.apply(allied.choose(g))


def test_it_weighs_the_postures_and_leaves_the_game_untouched():
    g = Game.new(computer_settings(), 5)
    allied = make_player("historical", "allied", 5)
    german = SearchGerman(seed=5)
    to_german_movement(g, allied)
    before, rng_before = g.state_hash(), g.state.rng.state
    action = german.choose(g)
    assert g.state_hash() == before and g.state.rng.state == rng_before  # it searched on copies
    assert action in g.legal_actions()
    turn, posture, values = german.log[-1]
    assert posture in POSTURES and posture == min(values, key=lambda n: (values[n], n))
    assert set(values) <= set(POSTURES) and len(values) >= 2


def test_the_same_seed_gives_the_same_choices():
    def postures(seed):
        g = Game.new(computer_settings(scenario="two-week"), seed)
        players = {"allied": make_player("southern-drive", "allied", seed), "german": make_player("ai", "german", seed)}
        while g.state.turn < 4:
            g.apply(players[g.prompt.side].choose(g))
        return players["german"].log, g.state_hash()
    assert postures(31) == postures(31)


def test_a_search_out_of_budget_still_answers():
    """Anytime: with budget for no whole playout it holds the line; with a little, it plays what it weighed."""
    for budget in (0, 1, 150):
        g = Game.new(computer_settings(), 7)
        allied = make_player("historical", "allied", 7)
        german = SearchGerman(seed=7, budget=budget)
        to_german_movement(g, allied)
        for _ in range(30):  # a few moves of the German turn
            if g.prompt.side != "german":
                break
            action = german.choose(g)
            assert action in g.legal_actions()
            g.apply(action)
        assert german.log and german.log[0][1] in (*POSTURES, "hold")
        if budget <= 1:
            assert german.log[0][1] == "hold" and german.log[0][2] == {}


class Confused(ComputerPlayer):
    def answer(self, g):
        return Answer("maybe")


class Broken(ComputerPlayer):
    def answer(self, g):
        raise KeyError("a prompt it was not written for")


def german_with_posture(posture):
    g = blank_game(turn=5)
    put(g, "de-709-inf", (4, 0))
    put(g, "us-4-inf", (5, 2))
    assert start_phase(g, "german_movement")
    german = SearchGerman(seed=1, budget=0)
    german.decided = g.turn  # the turn's posture is chosen: this one
    german.player = posture("german")
    return g, german


@pytest.mark.parametrize("posture,error", [(Confused, IllegalAnswer), (Broken, KeyError)])
def test_a_posture_that_answers_wrongly_or_fails_stops_the_game_under_the_tests(posture, error):
    g, german = german_with_posture(posture)
    with pytest.raises(error):
        german.choose(g)


@pytest.mark.parametrize("posture", [Confused, Broken])
def test_in_play_a_posture_that_answers_wrongly_or_fails_is_replaced_by_a_legal_answer_and_counted(posture, monkeypatch):
    """A posture that answers wrongly, or cannot answer at all (a new rule's prompt): a legal answer, and the
    searching German counts the failure."""
    monkeypatch.setenv("OVERLORD_STRICT_PLAYERS", "0")
    g, german = german_with_posture(posture)
    assert german.choose(g) in g.legal_actions()
    assert len(german.failures) == 1 and german.failures[0].prompt == "MovePrompt"


def test_odd_boards_do_not_crash_it():
    """A German alone against nothing, and a German with nothing against the Allies: it still answers."""
    g = blank_game(turn=6)
    put(g, "de-21-pz", (12, 8))
    assert start_phase(g, "german_movement")
    german = SearchGerman(seed=2)
    while g.prompt.side == Side.GERMAN and not g.over:
        action = german.choose(g)
        assert action in g.legal_actions()
        g.apply(action)
    g = blank_game(turn=3)
    put(g, "us-1-inf", (11, 7))
    put(g, "de-352-inf", (11, 9), cp=5)
    assert start_phase(g, "german_movement")
    assert SearchGerman(seed=3).choose(g) in g.legal_actions()



@pytest.mark.parametrize(("steady", "means", "kept"), [
    (0.0, {"depth": 100.0, "strike-beaches": 99.0}, False),  # the best, however small its lead
    (25.0, {"depth": 100.0, "strike-beaches": 90.0}, True),  # 10 points better is not enough to change
    (25.0, {"depth": 100.0, "strike-beaches": 70.0}, False),  # 30 points better is
    (25.0, {"strike-beaches": 70.0}, False),  # the posture played was not weighed this turn
])
def test_a_posture_is_kept_unless_another_is_clearly_better(steady, means, kept):
    german = SearchGerman(Side.GERMAN, 1, steady=steady)
    german.posture = "depth"
    assert german.choose_posture(means) == ("depth" if kept else "strike-beaches")
    assert german.choose_posture({}) == "hold"  # nothing weighed: the classic German holds


@pytest.mark.parametrize(("kept", "means", "changes"), [
    (1, {"depth": 100.0, "strike-beaches": 50.0}, False),  # begun last turn: 50 better is not enough to leave it
    (1, {"depth": 100.0, "strike-beaches": 10.0}, True),  # 90 better is
    (3, {"depth": 100.0, "strike-beaches": 70.0}, True),  # kept three turns: the everyday margin again
    (3, {"depth": 100.0, "strike-beaches": 90.0}, False),
])
def test_a_posture_begun_is_kept_for_its_first_turns_unless_another_is_far_better(kept, means, changes):
    german = SearchGerman(Side.GERMAN, 1, steady=25.0, commit=3, firm=80.0)
    german.posture, german.kept = "depth", kept
    assert german.choose_posture(means) == ("strike-beaches" if changes else "depth")


def play_to(g: Game, players: dict, turn: int, german_answers: int = 0) -> None:
    """Play on until ``turn`` begins, or until the German has answered ``german_answers`` more questions."""
    answered = 0
    while g.state.turn < turn and not g.over:
        if g.prompt.side == "german":
            if german_answers and answered == german_answers:
                return
            answered += 1
        g.apply(players[g.prompt.side].choose(g))


def test_a_german_made_anew_for_a_loaded_game_plays_on_as_the_one_that_played_it():
    """He remembers his posture, dice and Allied models from turn to turn; a game saved in the middle of his turn
    and loaded is played on by a German made for it exactly as by the one that played it through (catch_up)."""
    seed = 41

    def players():
        return {"allied": make_player("southern-drive", "allied", seed), "german": make_player("ai", "german", seed)}
    through = Game.new(computer_settings(scenario="two-week"), seed)
    played = players()
    play_to(through, played, 6)
    halfway = Game.new(computer_settings(scenario="two-week"), seed)
    play_to(halfway, players(), 3)
    play_to(halfway, players(), 4, german_answers=5)  # in the middle of the German's turn
    assert halfway.state.phase == "german_movement" and halfway.state.turn == 3
    loaded = replay_document(to_document(halfway))
    resumed = players()
    play_to(loaded, resumed, 6)
    assert loaded.state_hash() == through.state_hash()
    assert resumed["german"].log == played["german"].log  # every turn's posture and values, the early ones caught up


def test_a_german_given_a_game_its_record_does_not_give_plays_on_from_where_it_stands():
    g = blank_game(turn=3)
    put(g, "us-1-inf", (11, 7))
    put(g, "de-352-inf", (11, 9), cp=5)
    assert start_phase(g, "german_movement")
    german = SearchGerman(seed=3)
    assert german.choose(g) in g.legal_actions()
    assert [turn for turn, _, _ in german.log] == [g.turn_label]  # only this turn's search, nothing replayed


def test_a_postures_standing_is_its_points_behind_the_best_smoothed_over_the_turns():
    standing = smoothed({}, {"depth": 300.0, "strike-beaches": 240.0}, 0.5)
    assert standing == {"depth": 60.0, "strike-beaches": 0.0}  # first weighed: this turn's points behind alone
    standing = smoothed(standing, {"depth": 200.0, "strike-beaches": 220.0, "bar-the-south": 210.0}, 0.5)
    assert standing == {"depth": 30.0, "strike-beaches": 10.0, "bar-the-south": 10.0}
    assert smoothed(standing, {"depth": 100.0}, 0.5)["strike-beaches"] == 10.0  # not weighed: kept as it stood
    assert smoothed(standing, {"depth": 100.0, "strike-beaches": 150.0}, 1.0) == {
        "depth": 0.0, "strike-beaches": 50.0, "bar-the-south": 10.0}  # 1: this turn's alone
