"""Saves never lose a game: loading at any moment, whoever is to move; the autosave slots; the Load screen
with bad files beside good ones; saving and quitting when the disk says no. All through the real app,
by key presses."""

from __future__ import annotations

from overlord.ai import make_player
from overlord.engine.game import Game
from overlord.engine.setup import preset_settings
from overlord.saves import load_save, saves_dir, write_save
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.screens import HandOverScreen, ReportScreen


def computer_to_move(seed: int = 5) -> Game:
    """A historical game (human Allied, computer German) played by random players until the German is to move."""
    game = Game.new(preset_settings("historical"), seed)
    players = {side: make_player("random", side, 1) for side in ("allied", "german")}
    while game.prompt.side != "german":
        game.apply(players[game.prompt.side].choose(game))
    return game


async def until_the_player_is_asked(pilot) -> None:
    """Press Enter through reports until the person at the keyboard has a question."""
    app = pilot.app
    for _ in range(200):
        await pilot.pause()
        if isinstance(app.screen, (ReportScreen, HandOverScreen)):
            await pilot.press("enter")
        elif isinstance(app.screen, GameScreen) and app.accepting():
            return
    raise AssertionError(f"the player was never asked; screen {app.screen}")


async def test_a_game_resumed_with_the_computer_to_move_comes_up_and_the_computer_carries_on():
    game = computer_to_move()
    path = write_save(game, saves_dir() / "german-to-move.json")
    app = OverlordApp(game=load_save(path), delay=0)
    async with app.run_test() as pilot:
        await until_the_player_is_asked(pilot)
        assert len(app.session.game.actions) > len(game.actions)  # the computer moved
        assert app.session.game.prompt.side == "allied"
        log = app.screen.query_one("#log")
        assert log.lines  # the log shows the game so far and the computer's moves
    assert app.return_code in (None, 0)


async def test_a_new_game_with_the_computer_allied_begins_with_its_drops():
    app = OverlordApp(seed=3, delay=0)
    async with app.run_test() as pilot:
        # change the ratings and players: German human, Allied computer; then the defaults
        await pilot.press("y", "h", "c")
        for _ in range(10):
            if isinstance(app.screen, GameScreen) or app.session.game.state.phase != "questions":
                break
            await pilot.press("enter")
        await until_the_player_is_asked(pilot)
        assert app.session.game.prompt.side == "german"
        assert any(e.kind == "DropResult" for e in app.session.log)
    assert app.return_code in (None, 0)
