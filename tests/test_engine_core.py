import subprocess
import sys
from pathlib import Path

import pytest

from overlord.engine import Allocate, Answer, EndPhase, Game, IllegalAction, Settings
from overlord.engine.actions import ChooseStrategy, Interdict, Move
from overlord.engine.prompts import AllocationPrompt, DropZonePrompt, InterdictionPrompt, MovePrompt, QuestionPrompt, StrategyPrompt
from overlord.engine.settings import Ratings

from helpers import computer_settings, play

ROOT = Path(__file__).resolve().parents[1]


def test_import_hygiene_engine_never_imports_textual_or_rich():
    code = ("import sys, overlord.engine, overlord.engine.game;"
            "g = overlord.engine.Game.new(overlord.engine.Settings(), 1);"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'random')];"
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_source_is_pure():
    for path in (ROOT / "overlord" / "engine").glob("*.py"):
        text = path.read_text()
        for forbidden in ("import random", "from random", "import textual", "from textual", "import rich",
                          "from rich", "time.time(", "datetime.now(", "print("):
            assert forbidden not in text, f"{path.name} contains {forbidden!r}"


def test_new_game_with_questions_starts_with_the_1981_question():
    g = Game.new(None, seed=1)
    p = g.prompt
    assert isinstance(p, QuestionPrompt) and p.question == "change_ratings"
    assert p.options == ("Y", "N") and p.default == "N"


def test_answer_n_gives_the_campaign_defaults_then_the_82nd_drop():
    g = Game.new(None, seed=1)
    g.apply(Answer("N"))
    s = g.state.settings
    assert (s.scenario, s.german_player, s.allied_player) == ("campaign", "computer", "human")
    assert s.ratings == Ratings() and s.display_delay == 3 and s.german_dday_movement is False
    assert isinstance(g.prompt, DropZonePrompt) and g.prompt.unit == "us-82-abn"


def test_a_whole_game_plays_from_setup_to_the_end_through_the_api():
    g = Game.new(None, seed=2)
    play(g)
    assert g.over
    assert g.state.turn == g.last_turn
    assert [r.turn for r in g.state.history] == list(g.data.charts.turns)
    assert g.legal_actions() == ()
    with pytest.raises(IllegalAction):
        g.apply(EndPhase())


def test_two_week_scenario_ends_on_june_20():
    g = Game.new(computer_settings(scenario="two-week"), seed=2)
    play(g)
    assert g.state.history[-1].turn == "6/20"


def test_determinism_same_seed_same_game():
    a, b = Game.new(computer_settings(), seed=5), Game.new(computer_settings(), seed=5)
    ea, eb = play(a, "random", "random", seed=9), play(b, "random", "random", seed=9)
    assert a.state_hash() == b.state_hash()
    assert [repr(e) for e in ea] == [repr(e) for e in eb]
    assert a.actions == b.actions


def test_replay_reproduces_state_and_events():
    a = Game.new(computer_settings(), seed=6)
    events = play(a, "random", "random", seed=1)
    b, replayed = Game.replay(a.initial_settings, 6, a.actions)
    assert b.state_hash() == a.state_hash()
    assert [repr(e) for e in replayed] == [repr(e) for e in events]


def test_another_seed_gives_another_game():
    a = Game.new(computer_settings(), seed=1)
    b = Game.new(computer_settings(), seed=2)
    play(a), play(b)
    assert a.state_hash() != b.state_hash()


def test_illegal_actions_raise_and_change_nothing():
    g = Game.new(None, seed=3)
    before = g.state_hash()
    for bad in (Answer("X"), EndPhase(), Allocate(25, 25, 25, 25), Answer("y"), "Y", None):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.state_hash() == before and g.actions == []
    g.apply(Answer("N"))
    # at the allocation prompt: sums other than 100, three digits, negatives
    play(g, stop=lambda game: isinstance(game.prompt, AllocationPrompt))
    before, n = g.state_hash(), len(g.actions)
    for bad, why in ((Allocate(30, 30, 30, 30), "must add up to 100, not 120"), (Allocate(100, 0, 0, 0), "two digits"),
                     (Allocate(-1, 51, 25, 25), "two digits"), (Allocate(25, 25, 25, 25.0), "two digits")):
        with pytest.raises(IllegalAction, match=f"not a legal answer.*{why}"):
            g.apply(bad)
        assert g.state_hash() == before and len(g.actions) == n
    g.apply(Allocate(25, 25, 25, 25))


def test_a_game_at_the_scenario_questions_clones():
    """The questions' state is a record of one field, which the copy once took apart item by item (a TypeError): the
    replay viewer clones every game from its first position, and a game begun with the questions begins there."""
    g = Game.new(None, seed=3)
    twin = g.clone()
    assert twin.state_hash() == g.state_hash() and twin.state.setup.queue == g.state.setup.queue
    assert twin.state.setup.queue is not g.state.setup.queue  # (its list its own)
    twin.apply(twin.legal_actions()[0])
    assert twin.state_hash() != g.state_hash() and g.actions == []


def _first_legal(game, kind):
    return next(a for a in game.legal_actions() if isinstance(a, kind))


def _answer_first_until(game, prompt):
    """Answer every question with its first legal answer (which lands, moves and attacks) until ``prompt``."""
    while not isinstance(game.prompt, prompt):
        game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("prompt, wrong", [
    (StrategyPrompt, lambda g: ChooseStrategy(float(_first_legal(g, ChooseStrategy).level))),
    (StrategyPrompt, lambda g: ChooseStrategy(True)),
    (MovePrompt, lambda g: Move(_first_legal(g, Move).unit, float(_first_legal(g, Move).direction))),
    (InterdictionPrompt, lambda g: Interdict(True)),
    (InterdictionPrompt, lambda g: Interdict(float(_first_legal(g, Interdict).air_points))),
])
def test_a_float_or_bool_equal_to_a_legal_answer_is_refused(prompt, wrong):
    """2.0 == 2 and True == 1: such an answer equals a legal one, but carried into the state it would jam the rules'
    tables and be written to saves that cannot be read back. It is refused, and nothing changes."""
    g = Game.new(Settings(), seed=1)
    _answer_first_until(g, prompt)
    action = wrong(g)
    assert action in g.legal_actions()  # (it equals one)
    before, n = g.state_hash(), len(g.actions)
    assert not g.is_legal(action)
    with pytest.raises(IllegalAction, match="must be a whole number, not (float|bool)"):
        g.apply(action)
    assert g.state_hash() == before and len(g.actions) == n


def test_refusing_a_huge_answer_says_so_in_a_short_line():
    """A number of more digits than Python will print, or an answer a million characters long, is refused as any
    illegal answer is (IllegalAction, nothing changed), its message cut short."""
    g = Game.new(Settings(), seed=1)
    _answer_first_until(g, StrategyPrompt)
    before = g.state_hash()
    for bad in (ChooseStrategy(10 ** 5000), Answer("Y" * 10 ** 6), "x" * 10 ** 6):
        with pytest.raises(IllegalAction) as refused:
            g.apply(bad)
        assert len(str(refused.value)) < 600 and "\n" not in str(refused.value)
        assert g.state_hash() == before


def test_settings_validate():
    with pytest.raises(ValueError):
        Ratings(transport=10)
    with pytest.raises(ValueError):
        Settings(scenario="d-day")
    with pytest.raises(ValueError):
        Settings(display_delay=-1)
    with pytest.raises(TypeError):
        Game.new(Settings(), seed="3")
    # as docs/api.md says: the wrong type of a rating, flag or delay is a ValueError; of a preset or the ratings a
    # TypeError, in one line naming the field (it was attrs' tuple of four)
    for bad in (lambda: Ratings(naval=None), lambda: Settings(german_dday_movement=1),
                lambda: Settings(display_delay=True)):
        with pytest.raises(ValueError):
            bad()
    with pytest.raises(TypeError, match=r"^preset must be a str, not None$"):
        Settings(preset=None)
    with pytest.raises(TypeError, match=r"^ratings must be a Ratings, not None$"):
        Settings(ratings=None)


def test_a_new_game_refuses_a_preset_that_is_no_preset_and_a_clone_a_seed_out_of_range():
    """Settings(preset="bogus") was played, saved and replayed as if a preset (Settings has no charts to check it
    against: the new game does); and clone(reseed=...) took "x" (an error from deep in the generator) or 2**70."""
    with pytest.raises(ValueError, match=r"^preset must be one of historical, .*custom, not 'bogus'$"):
        Game.new(Settings(preset="bogus"), 1)
    for preset in ("custom", "patton", "expert"):
        assert Game.new(Settings(preset=preset), 1).settings.preset == preset
    game = Game.new(Settings(), 1)
    with pytest.raises(TypeError, match=r"^reseed must be a whole number, not 'x'$"):
        game.clone(reseed="x")
    with pytest.raises(ValueError, match=r"^the reseed must be a whole number from -2\^63"):
        game.clone(reseed=2**70)
    assert game.clone(reseed=-5).prompt == game.prompt  # (a seed in range, negative too)


def test_the_players_profile_and_play_out_refuse_what_they_cannot_use_in_one_line():
    """profile("nobody", ...) gave a bare KeyError, make_player(None, ...) a TypeError from deep in the message,
    play_out with a side left out a KeyError after the first of its actions."""
    from overlord.ai import make_player, profile
    from overlord.headless import play_out
    with pytest.raises(ValueError, match=r"^unknown computer player 'nobody'; choose from classic \(level 1\), "):
        profile("nobody", "allied")
    with pytest.raises(ValueError, match=r"^'rommel' cannot play the allied side; choose from "):
        profile("rommel", "allied")
    with pytest.raises(ValueError, match=r"^unknown computer player None; choose from "):
        make_player(None, "allied")
    game = Game.new(Settings(), 1)
    with pytest.raises(ValueError, match=r"^play_out needs a player for each side; none for the allied side$"):
        play_out(game, {"german": make_player("pass", "german")})
    assert game.actions == []


def test_a_unit_named_as_a_plural_takes_a_plural_verb_in_a_refusal():
    """"no landing 5: 2nd and 5th Ranger Battalions is there" (found by a newcomer helper)."""
    from overlord.engine.util import is_there
    assert is_there("2nd and 5th Ranger Battalions") == "2nd and 5th Ranger Battalions are there"
    assert is_there("1st Infantry Division") == "1st Infantry Division is there"
    from builders import blank_game, put
    from overlord.engine.routes import blocked
    g = blank_game(turn=2)
    put(g, "us-rangers", (16, 10))
    put(g, "us-1-inf", (16, 11))
    assert blocked(g, "us-1-inf", (16, 10)) == "2nd and 5th Ranger Battalions are there"
