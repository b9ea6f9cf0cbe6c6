"""Rules fidelity against the 1981 rulebook (issue 16): a still German on D-Day, landings fought as
combats, rangers and commandos at their own beach, Patton's rating by hand, the D-Day landings, and
depots under supply attrition."""

from __future__ import annotations

import pytest

from builders import blank_game, computer_settings, put, start_phase
from overlord.ai import make_player
from overlord.engine import combat
from overlord.engine.events import CombatResult, MarkerDestroyed, UnitMoved
from overlord.engine.game import Game


def _play_dday(game: Game, allied: str = "historical", german: str = "ai") -> list:
    players = {"allied": make_player(allied, "allied", 1), "german": make_player(german, "german", 1)}
    events = list(game.opening_events)
    while game.state.turn == 0:
        events.extend(game.apply(players[game.prompt.side].choose(game)))
    return events


def _german(game: Game, uid: str) -> bool:
    return game.side_of(uid) == "german"


# --------------------------------------------------------------------------- 1. the German still on D-Day
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_without_dday_movement_the_german_neither_moves_attacks_nor_advances(seed):
    """Rulebook, Scenario Selection: "the Germans will not be allowed to move on D-Day"."""
    g = Game.new(computer_settings(), seed)
    events = _play_dday(g)
    phases = {e.phase for e in events if hasattr(e, "phase")}
    assert "german_movement" not in phases and "german_combat" not in phases
    assert not any(isinstance(e, CombatResult) and _german(g, e.attackers[0]) for e in events)
    # no German unit moves of its own accord (a retreat forced by an Allied attack is not a move)
    assert not any(isinstance(e, UnitMoved) and _german(g, e.unit) and "retreats" not in e.text for e in events)
    assert not any(isinstance(e, MarkerDestroyed) for e in events)


def test_german_combat_phase_is_skipped_on_dday_without_the_option():
    g = blank_game(turn=0)
    put(g, "de-352-inf", (11, 6))
    put(g, "us-1-inf", (12, 6))
    assert not start_phase(g, "german_combat")
    assert g.state.combat is None
    g = blank_game(turn=0, german_dday_movement=True)
    put(g, "de-352-inf", (11, 6))
    put(g, "us-1-inf", (12, 6))
    assert start_phase(g, "german_combat")
    assert g.state.combat.defender == "us-1-inf"


def test_with_dday_movement_the_german_moves_and_fights_on_dday():
    seen = set()
    for seed in (1, 2, 3):
        g = Game.new(computer_settings(german_dday_movement=True), seed)
        for e in _play_dday(g):
            if isinstance(e, UnitMoved) and _german(g, e.unit):
                seen.add("moves")
            if getattr(e, "phase", None) == "german_combat":
                seen.add("combat phase")
    assert seen == {"moves", "combat phase"}


# --------------------------------------------------------------------------- 3. rangers and commandos
def test_a_commando_landing_on_another_beachs_position_fights_that_beach_and_counts_there():
    """Rulebook, Movement: rangers and commandos may land on or beside a marker; a landing position
    held by a coastal defence is that beach's assault area."""
    from overlord.engine import movement
    from overlord.engine.state import AFLOAT
    g = blank_game(turn=0)
    g.state.pools.amphibious = 500
    m = g.data.map
    sword, juno = m.beach("Sword"), m.beach("Juno")
    g.place("bc-1-cdo", sword.marker, AFLOAT)
    g.edited()
    juno_position = juno.positions[1]
    assert movement.landing_beach(g, "bc-1-cdo", juno_position) is juno
    assert movement.landing_beach(g, "bc-1-cdo", sword.positions[0]) is sword
    g.state.beaches["Juno"].marker_intact = False  # a closed beach is closed to commandos too
    assert movement.landing_beach(g, "bc-1-cdo", juno_position) is None


# --------------------------------------------------------------------------- 5. Patton by hand
@pytest.mark.parametrize("preset", ["historical", "novice", "experienced", "expert", "rommels-plan", "patton"])
def test_every_preset_of_the_rulebook_can_be_set_by_hand(preset):
    """Difficulty Levels and Optional Rules: each row's ratings, Patton's US leadership 7 included,
    can be answered one by one after "7 set each rating myself"."""
    from overlord.engine.actions import Answer
    from overlord.engine.settings import Ratings
    from overlord.engine.setup import preset_settings
    wanted = preset_settings(preset)
    g = Game.new(None, seed=1)
    for answer in ("Y", "C", "H", "C", "7"):
        g.apply(Answer(answer))
    while g.prompt.question.startswith("rating:"):
        g.apply(Answer(str(getattr(wanted.ratings, g.prompt.question.split(":")[1]))))
    g.apply(Answer("Y" if wanted.german_dday_movement else "N"))
    g.apply(Answer("3"))
    assert g.state.settings.ratings == wanted.ratings
    assert g.state.settings.german_dday_movement == wanted.german_dday_movement
    assert Ratings.BY_HAND[-1] == "us_leadership"


# --------------------------------------------------------------------------- depots and supply attrition
def test_a_depot_beyond_supply_lines_is_not_worn_away_nor_scored():
    """Logistics: units beyond supply lines "suffer strength loss and fatigue"; a depot has no strength
    to lose (0 CP): it simply supplies nothing until it is back in supply. Only the German destroys
    depots, by entering their position."""
    from overlord.engine import logistics
    from overlord.engine.state import ASHORE
    g = blank_game(turn=_turn("6/10"))
    put(g, "us-depot-1", (3, 10))  # far from every beach: beyond supply lines
    put(g, "us-1-inf", (4, 10))
    logistics.start_turn(g, [])
    assert g.unit("us-depot-1").status == ASHORE and not g.unit("us-depot-1").in_supply
    assert g.state.tally.allied_eliminated == 0
    assert g.unit("us-1-inf").cp < g.unit("us-1-inf").max_cp  # the combat unit does suffer


def _turn(label: str) -> int:
    return Game.new(computer_settings(), 1).turn_of(label)
