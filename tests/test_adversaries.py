"""The adversaries (players built to beat the computer players): legal actions only, games that end, the
game's generator untouched. Their strength is measured in benchmarks/adversaries.py, not here."""

import pytest

from overlord.ai import ADVERSARIES, PLAYERS, make_player, player_names
from overlord.ai.german_classic import GermanPlayer
from overlord.engine import Game

from builders import computer_settings


def play_checked(seed, allied, german, dday=False):
    """A two-week game in which every action is legal and no player reads the game's generator."""
    g = Game.new(computer_settings(scenario="two-week", german_dday_movement=dday), seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(german, "german", seed)}
    while not g.over:
        p = g.prompt
        rng_before = g.state.rng.state
        action = players[p.side].choose(g)
        assert g.state.rng.state == rng_before, f"{players[p.side].name} touched the game's random generator"
        assert action in g.legal_actions(), (p, action)
        g.apply(action)
    return g


@pytest.mark.parametrize("allied", ADVERSARIES["allied"])
@pytest.mark.parametrize("german", ["pass", "classic"])
def test_allied_adversaries_finish_with_legal_actions(allied, german):
    g = play_checked(21, allied, german)
    assert g.state.history[-1].turn == "6/20"
    assert g.state.formations_landed_dday >= 5


def test_the_feint_finishes_against_the_searching_german():
    g = play_checked(23, "feint", "ai")
    assert g.state.history[-1].turn == "6/20"


@pytest.mark.parametrize("german", ["turtle", "beach-rush", "beach-rush+dday", "focused-rush"])
@pytest.mark.parametrize("allied", ["pass", "historical"])
def test_german_adversaries_finish_with_legal_actions(german, allied):
    name, dday = german.split("+")[0], german.endswith("+dday")
    g = play_checked(22, allied, name, dday=dday)
    assert g.state.history[-1].turn == "6/20"


def test_the_adversaries_are_named_players_of_their_side():
    assert set(ADVERSARIES["allied"]) == {"southern-drive", "single-beach", "armoured-raid", "firepower",
                                          "feint"}
    assert set(ADVERSARIES["german"]) == {"turtle", "beach-rush", "focused-rush"}
    for name in ADVERSARIES["allied"]:
        assert name in player_names("allied") and name not in player_names("german")
    with pytest.raises(ValueError):
        make_player("turtle", "allied")
    # the German before the search, kept to measure its successor against
    assert type(make_player("classic", "german")) is GermanPlayer and "classic" in PLAYERS


def test_the_beach_rush_takes_a_beach_the_allies_leave_open():
    """With German D-Day movement and no Allied landings, the nearest units walk onto the beaches."""
    g = Game.new(computer_settings(german_dday_movement=True), 3)
    players = {"allied": make_player("pass", "allied"), "german": make_player("beach-rush", "german")}
    while g.state.turn < 2:
        g.apply(players[g.prompt.side].choose(g))
    assert sum(not b.marker_intact for b in g.state.beaches.values()) >= 2
