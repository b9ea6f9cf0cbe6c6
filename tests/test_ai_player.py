"""What a computer player is (overlord/ai/player.py): the registry's players, the one dispatch on the prompt
with a safe default for each kind, and the one guard that catches a player's failure in play (counted,
logged, reported by simulate and tournament) and raises it under the tests."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import attrs
import pytest

from overlord import headless
from overlord.ai import ADVERSARIES, DEFAULT_PLAYERS, PLAYERS, ComputerPlayer, make_player, player_names
from overlord.ai import allied_commander
from overlord.ai.player import STRICT, IllegalAnswer, failure_count, strict_players
from overlord.engine import Game
from overlord.engine.actions import Answer, EndPhase
from overlord.engine.enums import Side

from builders import computer_settings


def test_every_registered_player_is_a_computer_player_of_its_sides():
    for name, entry in PLAYERS.items():
        assert entry.role in ("default", "classic", "plan", "level", "adversary", "baseline"), name
        for side in ("allied", "german"):
            if side in entry.sides:
                player = make_player(name, side, 3)
                assert isinstance(player, ComputerPlayer) and player.side == side, (name, side)
                assert name in player_names(side)
            else:
                assert name not in player_names(side)
                with pytest.raises(ValueError, match="cannot play"):
                    make_player(name, side)
    assert ADVERSARIES == {"allied": ("southern-drive", "single-beach", "armoured-raid", "firepower", "feint"),
                           "german": ("turtle", "beach-rush", "focused-rush")}
    assert DEFAULT_PLAYERS == {"allied": "ai", "german": "ai"}
    with pytest.raises(ValueError, match="unknown computer player"):
        make_player("guderian", "german")


class Recorder(ComputerPlayer):
    """The base's answers, noting which hook each prompt went to."""

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        self.calls: list[tuple[str, str]] = []

    def __getattribute__(self, name: str):
        attribute = super().__getattribute__(name)
        if name.startswith("on_"):
            def hook(game, prompt):
                self.calls.append((name, prompt.kind))
                return attribute(game, prompt)
            return hook
        return attribute


HOOKS = {"QuestionPrompt": "on_question", "DropZonePrompt": "on_drop_zone", "AllocationPrompt": "on_allocation",
         "InterdictionPrompt": "on_interdiction", "MovePrompt": "on_move", "DefenderPrompt": "on_defender",
         "AttackerPrompt": "on_attacker", "SupportPrompt": "on_support", "StrategyPrompt": "on_strategy",
         "RetreatPrompt": "on_retreat", "AdvancePrompt": "on_advance"}


def test_each_prompt_goes_once_to_its_hook_whose_default_is_legal():
    """The base alone (the "pass" player) for the Allies, from the scenario questions on, against a German
    who attacks them (for the defender's prompts)."""
    g = Game.new(None, 4)
    allied, german = Recorder("allied"), make_player("classic", "german", 4)
    while not g.over and g.turn < 3:
        if g.prompt.side == Side.GERMAN:
            g.apply(german.choose(g))
            continue
        before, kind = len(allied.calls), g.prompt.kind
        g.apply(allied.choose(g))
        assert allied.calls[before:] == [(HOOKS[kind], kind)]
    kinds = {kind for _, kind in allied.calls}
    assert {"QuestionPrompt", "DropZonePrompt", "AllocationPrompt", "InterdictionPrompt", "MovePrompt"} <= kinds
    assert not allied.failures  # every default was legal


class Confused(ComputerPlayer):
    name = "confused"

    def on_move(self, game, prompt):
        return Answer("maybe")


class Failing(ComputerPlayer):
    name = "failing"

    def on_move(self, game, prompt):
        raise ZeroDivisionError("a planted bad line")


def at_a_move(seed: int = 2) -> Game:
    g = Game.new(computer_settings(scenario="two-week"), seed)
    passer = make_player("pass", "allied", seed)
    while g.prompt.kind != "MovePrompt":
        g.apply(passer.choose(g))
    return g


@pytest.mark.parametrize("player,error", [(Confused, IllegalAnswer), (Failing, ZeroDivisionError)])
def test_a_failure_is_raised_under_the_tests(player, error):
    assert strict_players()  # pytest runs the tests: a bug in a player fails them
    with pytest.raises(error):
        player("allied").choose(at_a_move())


@pytest.mark.parametrize("player", [Confused, Failing])
def test_in_play_a_failure_is_answered_safely_counted_and_logged(player, monkeypatch, caplog):
    monkeypatch.setenv(STRICT, "0")
    g, p = at_a_move(), player("allied")
    with caplog.at_level(logging.WARNING, logger="overlord.ai"):
        action = p.choose(g)
    assert action == EndPhase() and failure_count(p) == 1
    assert p.failures[0].turn == "D-Day" and p.failures[0].prompt == "MovePrompt"
    assert [r.name for r in caplog.records] == ["overlord.ai"]
    assert f"{p.name!r} (allied) failed at D-Day, MovePrompt" in caplog.records[0].getMessage()


def test_strictness_follows_the_setting_and_the_tests(monkeypatch):
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    monkeypatch.delenv(STRICT, raising=False)
    assert not strict_players()  # in play: the game goes on
    monkeypatch.setenv(STRICT, "1")
    assert strict_players()
    with pytest.raises(ZeroDivisionError):
        Failing("allied").choose(at_a_move())
    monkeypatch.setenv(STRICT, "0")
    assert not strict_players()


@attrs.frozen
class Planted:
    """The Allied commander's evaluation with a bad line planted in it."""

    def value(self, game):
        return 1 / 0


def test_a_bad_line_in_the_allied_commanders_evaluation_fails_the_tests(monkeypatch):
    monkeypatch.setattr(allied_commander, "EVALUATION", Planted())
    with pytest.raises(ZeroDivisionError):
        headless.simulate(5, "two-week", "ai", "classic")


def test_in_play_the_planted_line_is_counted_logged_and_reported_by_simulate_and_tournament(monkeypatch, caplog):
    monkeypatch.setenv(STRICT, "0")
    monkeypatch.setattr(allied_commander, "EVALUATION", Planted())
    with caplog.at_level(logging.WARNING, logger="overlord.ai"):
        game, result = headless.simulate(5, "two-week", "ai", "classic")
    assert game.over and result["player_failures"]["german"] == 0
    assert result["player_failures"]["allied"] >= 1  # each turn it looks ahead
    assert any("ZeroDivisionError" in r.getMessage() for r in caplog.records)
    monkeypatch.setattr(headless, "simulate", lambda seed, *args: (game, result))  # the same game twice over
    assert headless.tournament(2, "ai", "classic", scenario="two-week")["player_failures"] == {
        "allied": 2 * result["player_failures"]["allied"], "german": 0}


def test_without_failures_simulate_reports_none():
    _, result = headless.simulate(5, "two-week", "historical", "classic")
    assert result["player_failures"] == {"allied": 0, "german": 0}


def test_the_allied_commander_changes_plan_on_what_he_sees():
    """An evaluation that made every plan equal (a bad line in it) would keep him on his first plan all game."""
    seed = 1179
    g = Game.new(computer_settings(scenario="two-week", german_dday_movement=True), seed)
    players = {"allied": make_player("ai", "allied", seed), "german": make_player("ai", "german", seed)}
    plans = {players["allied"].plan}
    while not g.over:
        g.apply(players[g.prompt.side].choose(g))
        plans.add(players["allied"].plan)
    assert len(plans) >= 2 and len(set(players["allied"].outlook.values())) >= 2


def test_the_searching_german_and_the_commander_play_their_models_through_answer_not_choose(monkeypatch):
    """Inside a look ahead nobody guards: a failure there is the searching player's own (above)."""
    calls = []
    real = ComputerPlayer.choose

    def counting(self, game):
        calls.append(type(self).__name__)
        return real(self, game)
    monkeypatch.setattr(ComputerPlayer, "choose", counting)
    g = Game.new(computer_settings(scenario="two-week"), 7)
    players = {"allied": make_player("ai", "allied", 7), "german": make_player("ai", "german", 7)}
    while g.turn < 3:
        g.apply(players[g.prompt.side].choose(g))
    assert set(calls) == {"AlliedCommander", "SearchGerman"} and len(calls) == len(g.actions)


def test_the_searching_player_of_docs_ai_md_runs():
    """docs/ai.md's example of a new player written on the base and the look-ahead toolkit."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "ai.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks and "class Chooser(ComputerPlayer)" in blocks[0]
    namespace: dict = {"__name__": "ai_doc"}
    for code in blocks:
        exec(compile(code, "docs/ai.md", "exec"), namespace)
    assert namespace["game"].over

