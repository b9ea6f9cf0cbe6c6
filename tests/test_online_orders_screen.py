"""The standing orders of a joined game, set with keys (O, online/orders_screen.py; issue 32 point 4).

A host runs in the test on 127.0.0.1 (test_online_join.py's fixture); the app joins as the German, sets his orders
on the orders screen while the Allies are to move, and the host keeps them; then the Allies land and attack (the
historical player, through a second client) and the host answers every German question of their turn with the
orders: the German is first asked at his own movement.
"""

from __future__ import annotations

import pytest

from overlord.ai import make_player
from overlord.engine.actions import ChooseStrategy
from overlord.engine.game import Game
from overlord.engine.prompts import MovePrompt, StrategyPrompt
from overlord.online.client import OnlineGame
from overlord.online import host as host_module
from overlord.online.join import JoinApp
from overlord.online.orders_screen import OrdersScreen, describe, level_at
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.screens import CombatResultScreen, ReportScreen

from test_online_join import german_app, host_game, host_with_a_game, until_waiting_for_the_allies
from test_tui_keys import wait_until

WANTED = {"defence": [[1.0, 6], [2.0, 5], [3.0, 4], [99999.0, 3]], "coastal": 7, "retreat": "computer"}


@pytest.fixture
async def hosted(tmp_path, monkeypatch):
    """test_online_join.py's host and game, its rate limit raised: the Allies' D-Day is 250 actions. The host's
    seed is fixed, so that the test plays the same game every time (one with an Allied attack under 1:1)."""
    monkeypatch.setattr(host_module.secrets, "randbelow", lambda limit: 1)
    async for pair in host_with_a_game(tmp_path, rate=10_000, burst=10_000):
        yield pair


SAID: dict[int, list[str]] = {}  # every notice each app gave, kept (a notice on screen expires after seconds)


def record_notices(app: JoinApp) -> None:
    said = SAID[id(app)] = []
    notify = app.notify

    def record(message, *args, **kwargs):
        said.append(str(message))
        return notify(message, *args, **kwargs)
    app.notify = record


def notices(app: JoinApp) -> list[str]:
    return SAID[id(app)]


def german_answers(game: Game) -> list[tuple[StrategyPrompt, ChooseStrategy]]:
    """The German's levels in the host's game, with the question each answered (the game replayed)."""
    replay, out = Game.new(game.initial_settings, game.seed, game.data), []
    for action in game.actions:
        p = replay.prompt
        if p.side == "german" and isinstance(p, StrategyPrompt) and isinstance(action, ChooseStrategy):
            out.append((p, action))
        replay.apply(action)
    return out


async def set_orders_with_keys(pilot) -> None:
    """O, then a level for each band of odds (the arrows between rows), the coastal level, the retreat; Enter."""
    await pilot.press("o")
    await wait_until(pilot, lambda a: isinstance(a.screen, OrdersScreen), "the orders screen")
    assert "On the host now: none" in str(pilot.app.screen.text())
    assert "fixed orders can be learned" in str(pilot.app.screen.text())  # the results give the levels away
    await pilot.press("4", "down", "down", "4", "enter")  # a band set above one left to ask: not given
    assert isinstance(pilot.app.screen, OrdersScreen) and "Give the lower odds a level" in pilot.app.screen.message
    await pilot.press("up", "5", "up", "6", "down", "down", "down", "right", "right", "right")  # 6, 5, 4, 3
    await pilot.press("down", "7", "down", "right", "right", "enter")  # coastal 7, retreat: as the computer would
    await wait_until(pilot, lambda a: any(n.startswith("Standing orders on the host") for n in notices(a)),
                     "the host to keep the orders")


async def test_the_joined_german_sets_his_orders_with_keys_and_the_host_answers_the_allied_attacks_with_them(hosted):
    host, links = hosted
    allied = await OnlineGame.join(links["allied"])
    app, bells = german_app(links)
    record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        assert app.check_action("orders", ()) and not OverlordApp.check_action(app, "orders", ())  # joined only
        await set_orders_with_keys(pilot)
        hosted_game = host.hosted(links["german"].game)
        assert hosted_game is not None and hosted_game.orders["german"] == WANTED == dict(app.playing.online.orders)
        assert f"Standing orders on the host: {describe(WANTED)}" in notices(app)
        assert isinstance(app.screen, GameScreen)

        landing_first = make_player("historical", "allied", 0)  # lands, then attacks inland on D-Day
        while not app.accepting():
            if allied.my_move:
                await allied.act(landing_first.choose(allied.game))
            elif isinstance(app.screen, (ReportScreen, CombatResultScreen)):
                await pilot.press("enter")
            else:
                await pilot.pause(0.01)
        game = host_game(host, links["german"])
        assert isinstance(game.prompt, MovePrompt) and game.prompt.side == "german"  # first asked at his movement
        assert len(bells) == 1 and not app.playing.sent  # nothing answered from here before
        answers = german_answers(game)
        on_land = [(p, a) for p, a in answers if p.landing is None]
        assert any(p.odds <= 1 for p, _ in on_land)  # the historical Allies attack inland at under 1:1 on D-Day
        assert all(a.level == min(level_at(WANTED["defence"], p.odds), p.max_level) for p, a in on_land)
        assert all(a.level == min(7, p.max_level) for p, a in answers if p.landing is not None)

        await pilot.press("o")  # the orders as the host keeps them come back; X clears them all
        await wait_until(pilot, lambda a: isinstance(a.screen, OrdersScreen), "the orders screen")
        assert describe(WANTED) in str(app.screen.text())
        await pilot.press("x", "enter")
        await wait_until(pilot, lambda a: not hosted_game.orders["german"], "the host to withdraw the orders")
        await app._send_orders({"coastal": 12})  # orders the host will not take: its reason, in a notice
        await wait_until(pilot, lambda a: any(n.startswith("The host refused the orders: coastal") for n in notices(a)),
                         "the host's refusal")
        await pilot.press("ctrl+q")
    await allied.close()
