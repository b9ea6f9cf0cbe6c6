"""The computer thinks in a thread worker, on a copy of the game: the screen and its keys stay alive, a quit
while it thinks saves the game without half a move, and the game played is the one played without a screen."""

from __future__ import annotations

import threading

import pytest

from overlord.ai import default_player, make_player
from overlord.engine.game import Game
from overlord.engine.settings import Settings
from overlord.saves import open_save
from overlord import session as session_module
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.history import HistoryScreen
from overlord.tui.screens import HelpScreen

from test_tui_keys import computer_done, drive, wait_until
from test_tui_saves import computer_to_move


class Slow:
    """A computer German that thinks until the test lets it answer, and remembers the threads it thought in."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.waiting = threading.Event()
        self.threads: set[int] = set()
        self.games: list[Game] = []
        self.inner = make_player("pass", "german", 0)

    def choose(self, game):
        self.threads.add(threading.get_ident())
        self.games.append(game)
        self.waiting.set()
        self.go.wait(timeout=60)
        return self.inner.choose(game)


@pytest.fixture
def slow(monkeypatch):
    """The computer German of every game the app starts is a Slow one; it is let go when the test ends."""
    player = Slow()
    from overlord.ai.player import STRICT
    monkeypatch.setenv(STRICT, "0")  # in play (the tests raise a player's failure)
    real = session_module.make_player
    monkeypatch.setattr(session_module, "make_player",
                        lambda name, side, seed: player if side == "german" else real(name, side, seed))
    yield player
    player.go.set()  # never leave a thread waiting: the test's event loop waits for it when it closes


async def until_it_thinks(pilot, slow: Slow) -> None:
    """Until the computer German has thought long enough for the screen to say so."""
    await wait_until(pilot, lambda a: slow.waiting.is_set() and a.thinking_for() is not None,
                     "the computer to think, and for long enough to be said")


async def test_the_keys_work_while_the_computer_thinks_and_its_answer_is_played_when_it_comes(slow):
    game = computer_to_move()
    before = len(game.actions)
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_it_thinks(pilot, slow)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "THE GERMAN IS THINKING" in screen.prompt_panel_text().plain
        assert slow.threads and threading.get_ident() not in slow.threads  # not on the UI thread
        assert slow.games[0] is not app.session.game  # on a copy
        await pilot.press("h")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("right", "right")
        assert screen.look is not None  # looking about the map
        await pilot.press("x")  # another key only hurries: nothing is played before the answer is in
        assert len(app.session.game.actions) == before and app.thinking()
        slow.go.set()
        await computer_done(pilot)
        assert len(app.session.game.actions) > before  # the answer, played once it came in


async def test_quitting_while_the_computer_thinks_saves_the_game_without_half_a_move(slow):
    game = computer_to_move()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test() as pilot:
        await until_it_thinks(pilot, slow)
        played = list(app.session.game.actions)
        position = app.session.game.state_hash()
        await pilot.press("ctrl+q")
    assert "Resume it with" in app.farewell
    slow.go.set()
    saved = open_save(app.session.saved_in)
    assert saved.game.actions == played and saved.game.state_hash() == position
    assert saved.game.prompt.side == "german"  # the German thinks again once the game is resumed


async def test_the_tui_plays_the_same_game_as_the_computer_players_without_a_screen():
    settings = Settings(scenario="two-week", allied_player="computer", german_player="computer")
    seed = 21
    app = OverlordApp(game=Game.new(settings, seed), delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=lambda a: a.session.game.turn >= 2, limit=500)
        played = list(app.session.game.actions)
        position = app.session.game.state_hash()
    headless = Game.new(settings, seed)
    players = {side: default_player(side, seed) for side in ("allied", "german")}
    for _ in played:
        headless.apply(players[headless.prompt.side].choose(headless))
    assert headless.actions == played and headless.state_hash() == position


async def test_a_computer_player_that_fails_in_its_thread_is_answered_for_and_said(monkeypatch):
    class Failing:
        def choose(self, game):
            raise RuntimeError("a bug in a computer player")

    from overlord.ai.player import STRICT
    monkeypatch.setenv(STRICT, "0")  # in play (the tests raise a player's failure)
    real = session_module.make_player
    monkeypatch.setattr(session_module, "make_player",
                        lambda name, side, seed: Failing() if side == "german" else real(name, side, seed))
    said: list[str] = []
    app = OverlordApp(game=computer_to_move(), delay=0)
    monkeypatch.setattr(app, "notify", lambda message, **kw: said.append(str(message)))
    async with app.run_test() as pilot:
        await drive(pilot, until=lambda a: a.session.game.prompt.side == "allied" and a.accepting())
        assert any("could not decide" in s for s in said)
