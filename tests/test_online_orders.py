"""Standing orders through the host (issue 32, point 4): each side's answers given in advance, followed by the host
with the engine's own actions, so that a campaign changes hands a few dozen times instead of hundreds."""

import asyncio

import pytest

from overlord.ai import make_player
from overlord.engine.actions import ChooseStrategy, FinishUnit, HoldGround, Support
from overlord.engine.game import Game
from overlord.engine.prompts import StrategyPrompt
from overlord.engine.settings import Settings
from overlord.online import bot, client, orders, protocol
from overlord.online import host as host_module
from overlord.online.client import OnlineGame, Refused
from overlord.online.host import Host, start
from overlord.online.storage import SQLiteStorage

SETTINGS = Settings(allied_player="human", german_player="human")
GERMAN = {"defence": [[1.5, 7], [1000, 4]], "coastal": 6, "retreat": "computer", "advance": "no"}
ALLIED = {"defence": [[1000, 5]], "bombardment": [[1000, 2, 3]], "retreat": "hold", "advance": "yes"}


@pytest.mark.parametrize("bad", [[], {"attack": 3}, {"defence": [[2, 10]]}, {"defence": [[2, 5], [1, 5]]},
                                 {"defence": [[-1, 5]]}, {"bombardment": [[2, 1]]}, {"coastal": "5"},
                                 {"retreat": "run"}, {"advance": True}, {"defence": [[1, 5]] * 21}])
def test_orders_not_understood_are_refused_in_one_line(bad):
    with pytest.raises(protocol.ProtocolError) as caught:
        orders.check_orders(bad)
    assert "\n" not in str(caught.value)


def test_orders_answer_the_questions_they_name_within_what_the_fight_allows():
    game = Game.new(SETTINGS, 2)
    players = {side: make_player("classic", side, 2) for side in ("allied", "german")}
    seen = set()
    while not game.over and len(seen) < 3:
        p = game.prompt
        view = protocol.local_game(protocol.public_state(game.state, p.side))
        german, allied = orders.standing_answer(GERMAN, view), orders.standing_answer(ALLIED, view)
        if isinstance(p, StrategyPrompt) and p.role == "defence" and p.side == "german":
            level = 6 if p.landing else (7 if p.odds <= 1.5 else 4)
            assert german == ChooseStrategy(min(level, p.max_level))
            seen.add("landing" if p.landing else "land")
        elif p.kind == "SupportPrompt" and p.defensive:
            assert allied == Support(min(2, p.naval_max), min(3, p.air_max))
            seen.add("bombardment")
        elif p.kind == "RetreatPrompt" and p.side == "allied":
            assert allied == (HoldGround() if not p.cadre else None)
        elif p.kind == "AdvancePrompt" and p.side == "german":
            assert german == FinishUnit(p.unit)
        elif p.kind in ("MovePrompt", "DefenderPrompt", "AllocationPrompt"):
            assert german is None and allied is None
        game.apply(players[p.side].choose(game))
    assert seen == {"landing", "land", "bombardment"}


async def test_a_campaign_with_standing_orders_changes_hands_far_less(tmp_path, capsys, monkeypatch):
    # The same game every time: the host's seed fixed (with another seed the orders answer 87-177 questions of a
    # campaign, so a count cannot be asserted over any seed), and both sides' orders given before either side
    # plays (else which questions the orders answer depends on which bot joins first).
    monkeypatch.setattr(host_module.secrets, "randbelow", lambda limit: 1)
    host = Host(SQLiteStorage(tmp_path / "host.sqlite3"), rate=10_000, burst=10_000)
    runner, url = await start(host)
    try:
        links = await client.create_game(url, SETTINGS)
        for side, given in (("allied", ALLIED), ("german", GERMAN)):
            seat = await OnlineGame.join(links[side])
            await seat.set_orders(given)
            await seat.close()
        asked = {}  # the actions the bots sent, by their place in the game: the rest the host answered by orders
        async with asyncio.timeout(600):
            await asyncio.gather(bot.play(links["allied"], "classic", on_action=asked.__setitem__, orders=ALLIED),
                                 bot.play(links["german"], "classic", on_action=asked.__setitem__, orders=GERMAN))
        save = await client.fetch_save(links["allied"])
        again = await OnlineGame.join(links["german"])  # a side that comes back finds its orders
        assert again.orders == GERMAN
        with pytest.raises(Refused, match="spectators"):
            await (await OnlineGame.join(links["spectator"])).set_orders({})
        assert await again.set_orders({}) == {}
        await again.close()
    finally:
        await runner.cleanup()
        host.storage.close()
    actions = [protocol.action_from_dict(a) for a in save["actions"]]
    assert all(actions[n] == a for n, a in asked.items())
    game = Game.new(SETTINGS, save["seed"])
    hands, hands_with_orders, by_orders, last, last_asked = 0, 0, 0, None, None
    for n, action in enumerate(actions):
        p, answered_by_order = game.prompt, n not in asked
        if answered_by_order:  # the host answered with the side's orders: check it is what they say
            view = protocol.local_game(protocol.public_state(game.state, p.side))
            assert orders.standing_answer(GERMAN if p.side == "german" else ALLIED, view) == action
            by_orders += 1
        else:
            hands_with_orders += p.side != last_asked
            last_asked = p.side
        hands += p.side != last
        last = p.side
        game.apply(action)
    assert game.over and game.state_hash() == save["state_hash"]
    assert by_orders > 100 and hands_with_orders * 3 < hands
    with capsys.disabled():
        print(f"\ncampaign, classic players: {len(actions)} actions, {by_orders} answered by standing orders; "
              f"the game changed hands {hands} times, {hands_with_orders} with the orders")



def test_a_side_gives_only_its_own_orders():
    assert orders.check_orders(GERMAN, "german") == GERMAN and orders.check_orders(ALLIED, "allied") == ALLIED
    for side, given in (("allied", {"coastal": 5}), ("german", {"bombardment": [[2, 10, 10]]})):
        with pytest.raises(protocol.ProtocolError, match=f"not the {side} side's to give"):
            orders.check_orders(given, side)
