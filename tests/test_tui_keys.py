"""The Textual game driven by key presses only: the title, the questions, a whole hot-seat game.

The helpers here (``key_for``, ``drive``) read the screen the player sees and
choose the key a player would press; other test_tui files import them.
"""

from __future__ import annotations

import time

import pytest

from overlord.engine.prompts import QuestionPrompt
from overlord.tui.app import OverlordApp
from overlord.tui.final import FinalScreen
from overlord.tui.game_screen import GameScreen
from overlord.tui.screens import CombatResultScreen, ConfirmScreen, HandOverScreen, ReportScreen
from overlord.tui.setup_screen import SetupScreen
from overlord.tui.title import TitleScreen

from helpers import static_words

HOT_SEAT_TWO_WEEKS = {"change_ratings": "y", "german_player": "h", "allied_player": "h", "scenario": "t",
                      "preset": "1", "display_delay": "enter"}

# What a hurried player presses at each prompt: accept the defaults, end each phase.
PASSIVE = {
    "DropZonePrompt": lambda p: "y",
    "AllocationPrompt": lambda p: "enter",
    "InterdictionPrompt": lambda p: "enter",
    "MovePrompt": lambda p: "e",
    "DefenderPrompt": lambda p: "e",
    "AttackerPrompt": lambda p: "n",
    "SupportPrompt": lambda p: "enter",
    "StrategyPrompt": lambda p: "1",
    "RetreatPrompt": lambda p: str(p.directions[0]) if p.directions else "f",
    "AdvancePrompt": lambda p: "f",
}


def key_for(app: OverlordApp, answers: dict | None = None, policy: dict | None = None) -> str | None:
    """The key to press on the screen showing now (None once the final report is up)."""
    screen = app.screen
    if isinstance(screen, TitleScreen):
        return "n"
    if isinstance(screen, (HandOverScreen, ReportScreen, CombatResultScreen)):
        return "enter"
    if isinstance(screen, ConfirmScreen):  # E in movement asks first
        return "y"
    if isinstance(screen, FinalScreen):
        return None
    prompt = app.session.game.prompt
    if isinstance(screen, SetupScreen):
        if screen.choosing is not None:
            return "enter"  # who commands the computer side: the one shown first, the game's default
        assert isinstance(prompt, QuestionPrompt)
        return (answers or {}).get(prompt.question, "enter")
    assert isinstance(screen, GameScreen), screen
    chooser = (policy or {}).get(prompt.kind) or PASSIVE[prompt.kind]
    return chooser(prompt)


PATIENCE = 300  # seconds a test waits for a state before it says it never came: never needed, however loaded the machine


async def wait_until(pilot, condition, what: str) -> None:
    """Wait for a state of the app (``condition(app)``), however long a loaded machine takes to reach it: the
    tests wait for states, never for a moment on screen. Fails only when the state never comes."""
    app = pilot.app
    deadline = time.monotonic() + PATIENCE
    while not condition(app):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {PATIENCE} s for {what}; the screen is {app.screen}")
        await pilot.pause(0.01)


async def computer_done(pilot) -> None:
    """Wait while the computer thinks (in a worker): its answers are played as they come in."""
    app = pilot.app
    while app.thinking():
        await app.workers.wait_for_complete()
        await pilot.pause()


def wants_a_key(app: OverlordApp) -> bool:
    """Is the app waiting for the person at the keyboard (not for the computer, nor for itself)?"""
    return not isinstance(app.screen, GameScreen) or app.accepting()


async def until_a_key_is_wanted(pilot, until=None) -> bool:
    """Wait until the app wants a key of the person at the keyboard, however long the computer takes, on a
    screen whose widgets are all there (a screen just put up is mounted in Textual's turns that follow); a
    computer moving at its display delay is hurried with Space, which answers no question if the computer
    is done by the time it is read. True if ``until(app)`` came first (it is checked whenever the computer
    is not thinking and the screen is mounted)."""
    app = pilot.app
    deadline = time.monotonic() + PATIENCE
    while True:
        await computer_done(pilot)
        mounted = app.screen.is_mounted
        if mounted and until is not None and until(app):
            return True
        if mounted and wants_a_key(app):
            return False
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {PATIENCE} s for the app to want a key; the screen is {app.screen}")
        if mounted and app.computer_moving():
            await pilot.press("space")
        else:
            await pilot.pause()  # the app is between two of its own steps, or the screen is being put up


async def drive(pilot, answers=None, policy=None, until=None, limit: int = 2000) -> list[str]:
    """Press keys until the final report (or ``until(app)``); returns the keys pressed. While the computer
    thinks, it waits rather than press; each key is chosen once the app wants one, for the screen and the
    question then showing."""
    app = pilot.app
    pressed = []
    for _ in range(limit):
        if await until_a_key_is_wanted(pilot, until):
            return pressed
        key = key_for(app, answers, policy)
        if key is None:
            return pressed
        pressed.append(key)
        await pilot.press(key)
    raise AssertionError(f"the game did not end within {limit} keys; last: {pressed[-20:]}")


async def test_title_screen_offers_new_load_charts_quit():
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        keys = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"New game", "Load game", "Charts", "Quit"} <= keys
        await pilot.press("c")
        await pilot.pause()
        assert type(app.screen).__name__ == "ChartsScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_questions_refuse_a_bad_key_and_take_the_default_on_enter():
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("x")
        await pilot.pause()
        assert "X is not an answer" in app.screen.message
        assert app.session.game.prompt.question == "change_ratings"
        await pilot.press("y", "h")
        await pilot.pause()
        assert app.session.game.state.settings.german_player == "human"
        assert app.session.game.prompt.question == "allied_player"
        await pilot.press("enter", "enter", "7")  # human Allied, the Campaign, then each rating
        await pilot.pause()
        assert app.session.game.prompt.question.startswith("rating:")
        await pilot.press("z")
        await pilot.pause()
        assert "Enter takes" in app.screen.message
        await pilot.press("9")
        await pilot.pause()
        assert app.session.game.state.settings.ratings.combat_points == 9


@pytest.mark.slow
async def test_a_whole_hot_seat_game_from_the_title_to_the_final_report_by_keys():
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        keys = await drive(pilot, answers=HOT_SEAT_TWO_WEEKS)
        game = app.session.game
        assert game.over
        assert isinstance(app.screen, FinalScreen)
        assert game.state.settings.german_player == "human" and game.state.settings.scenario == "two-week"
        assert game.turn_label == "6/20"
        assert keys[0] == "n" and keys.count("enter") > 10
        report = app.screen.game.final_report
        assert report.victory_level and report.turns_played == len(game.state.history)
        said = static_words(app.screen.query_one("#final-report"))
        assert f"{report.victory_level}'s band" in said and "you win" not in said and "you lose" not in said  # two
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
