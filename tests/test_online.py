"""Network play (issue 32): a host on 127.0.0.1 keeps a game and its dice, two bots play it through it.

The host runs in the test's own event loop on a free port (port 0), reached over real HTTP and WebSockets by the
same client the bots and the command line use. Every message the host sends a client is recorded as the bytes
it sent (``Connection.send``), so the fairness checks read what a client would have read.
"""

import asyncio
import json
import os
import sqlite3

import pytest

from overlord.engine.enums import CombatStep
from overlord.engine.game import Game
from overlord.engine.settings import Settings
from overlord.online import bot, client, protocol
from overlord.online.client import OnlineGame, local_game
from overlord.online.host import Connection, Host, start
from overlord.online.protocol import Link
from overlord.online.storage import SQLiteStorage

SETTINGS = Settings(allied_player="human", german_player="human")
DEADLINE = 1200  # seconds, for a whole campaign on a slow, loaded machine (the classic players: about 15 s)


class Recorded:
    """A host in this loop, and every text it sent to a client, with the role it was sent to."""

    def __init__(self, tmp_path, monkeypatch, **limits):
        self.sent: list[tuple[str, str]] = []
        original = Connection.send

        def send(conn, text):
            self.sent.append((conn.role, text))
            original(conn, text)

        monkeypatch.setattr(Connection, "send", send)
        self.host = Host(SQLiteStorage(tmp_path / "host.sqlite3"), **limits)

    async def __aenter__(self):
        self.runner, self.url = await start(self.host)
        return self

    async def __aexit__(self, *exc):
        await self.runner.cleanup()
        self.host.storage.close()


async def play_out(links, allied="classic", german="classic"):
    """Both sides played by bots to the end; returns every acknowledged action by its place in the game."""
    played = {}

    def note(at, action):
        assert at not in played
        played[at] = action

    async with asyncio.timeout(DEADLINE):
        await asyncio.gather(bot.play(links["allied"], allied, on_action=note),
                             bot.play(links["german"], german, on_action=note))
    return [played[n] for n in range(len(played))]


async def test_two_bots_play_a_whole_campaign_fairly_through_the_host(tmp_path, monkeypatch):
    async with Recorded(tmp_path, monkeypatch, rate=10_000, burst=10_000) as served:
        links = await client.create_game(served.url, SETTINGS)
        watcher = await OnlineGame.join(links["spectator"])
        actions = await play_out(links)
        save = await client.fetch_save(links["german"])
        hosted = served.host.games[links["allied"].game]
        await asyncio.sleep(0.2)  # the last update reaches the spectator
        assert watcher.over and watcher.at == len(actions)
        await watcher.close()
        back = await OnlineGame.join(links["german"], since=len(actions) - 60)  # a player back after a while
        await back.close()
    # ... hears what happened while away: the events of each action since, as the engine gave them
    played = Game.new(SETTINGS, save["seed"])
    for n, action in enumerate(actions, 1):
        events = played.apply(action)
        if n > len(actions) - 60:
            assert back.missed[n - len(actions) + 59] == (n, tuple(events))
    assert len(back.missed) == 60
    # the same actions played locally by the engine give the host's game, hash for hash
    assert actions == [protocol.action_from_dict(a) for a in save["actions"]]
    local, _ = Game.replay(SETTINGS, save["seed"], actions)
    assert local.over and local.state_hash() == save["state_hash"] == hosted.game.state_hash()
    assert local.settings.scenario == "campaign" and local.final_report is not None
    check_fair(served.sent, save["seed"], actions)


def check_fair(sent, seed, actions):
    """No message holds the seed or any state of the generator; none shows a side's hidden choice before the
    fight's result; and each client's own copy of the game asks what the host's asks."""
    game = Game.new(SETTINGS, seed)
    secrets = {str(seed), str(game.rng.state)}
    states = [game.state.copy()]
    for action in actions:
        game.apply(action)
        secrets.add(str(game.rng.state))
        states.append(game.state.copy())
    hidden_checked = 0
    for role, text in sent:
        assert not any(s in text for s in secrets), f"a message to the {role} holds the seed or the dice"
        message = json.loads(text)
        if message["type"] != "update":
            continue
        true = states[message["at"]]
        hidden_checked += check_hidden(role, message["state"], true)
        if role == message["to_answer"]:
            seen = local_game(message["state"])
            assert seen.prompt == protocol.prompt_from_dict(message["prompt"])
    # (the host draws the seed, so the count varies from game to game: 95 to several hundred in a campaign)
    assert hidden_checked >= 20, "the game should have had hidden choices to keep"


def check_hidden(role, seen, true):
    """How many hidden values the message kept from ``role`` (asserting each one was kept): the attacker's support
    and level, and the Allied defender's bombardment, each until the fight's result, with the turn's air and
    naval budgets shown as they were before the hidden support was spent."""
    kept = 0
    air, naval = true.air_left, true.naval_left
    pending = (CombatStep.ATTACK_LEVEL, CombatStep.DEFENCE_SUPPORT, CombatStep.DEFENCE_LEVEL)
    c = true.combat
    if c is not None and c.step in pending:
        defender = "german" if c.side == "allied" else "allied"
        if role != c.side:
            assert (seen["combat"]["naval"], seen["combat"]["air"], seen["combat"]["attack_level"]) == (0, 0, 0)
            air, naval, kept = air + c.air, naval + c.naval, kept + (c.attack_level > 0)
        if role != defender:
            assert (seen["combat"]["defence_naval"], seen["combat"]["defence_air"]) == (0, 0)
            air, naval = air + c.defence_air, naval + c.defence_naval
    a = true.movement.assault if true.movement is not None else None
    if a is not None and a.step in pending and role != "allied":
        assault = seen["movement"]["assault"]
        assert (assault["naval"], assault["air"], assault["attack_level"]) == (0, 0, 0)
        air, naval, kept = air + a.air, naval + a.naval, kept + (a.attack_level > 0)
    assert (seen["air_left"], seen["naval_left"]) == (air, naval)
    return kept


def test_the_public_state_drops_the_dice_and_the_hidden_choices():
    from overlord.ai import make_player
    from overlord.engine.actions import Support
    game = Game.new(SETTINGS, 4)
    players = {side: make_player("classic", side, 4) for side in ("allied", "german")}
    for _ in range(5000):  # to the first landing's round where the German is asked his level, after support
        a = game.state.movement.assault if game.state.movement else None
        if a is not None and a.step == CombatStep.DEFENCE_LEVEL and a.naval + a.air > 0:
            break
        prompt = game.prompt
        if prompt.kind == "SupportPrompt" and prompt.landing:
            game.apply(Support(min(3, prompt.naval_max), min(2, prompt.air_max)))
        else:
            game.apply(players[prompt.side].choose(game))
    a = game.state.movement.assault
    allied, german = (protocol.public_state(game.state, role) for role in ("allied", "german"))
    assert "seed" not in german and "rng" not in german
    assert allied["movement"]["assault"]["attack_level"] == a.attack_level > 0 and a.naval + a.air > 0
    assert german["movement"]["assault"]["attack_level"] == 0
    assert german["movement"]["assault"]["naval"] + german["movement"]["assault"]["air"] == 0
    assert german["air_left"] == game.state.air_left + a.air and german["naval_left"] == game.state.naval_left + a.naval
    # the German's own copy of the game asks him what the host asks him
    assert local_game(german).prompt == game.prompt


def test_events_and_prompts_travel_as_data():
    game, events = Game.replay(SETTINGS, 3, [])
    from overlord.ai import make_player
    players = {side: make_player("classic", side, 3) for side in ("allied", "german")}
    kinds = set()
    while not game.over:
        prompt = game.prompt
        assert protocol.prompt_from_dict(json.loads(json.dumps(protocol.prompt_to_dict(prompt)))) == prompt
        events = game.apply(players[prompt.side].choose(game))
        for event in events:
            assert protocol.event_from_dict(json.loads(json.dumps(protocol.event_to_dict(event)))) == event
            kinds.add(event.kind)
    assert {"CombatResult", "TurnEnded", "GameEnded", "UnitMoved", "LogisticsReport"} <= kinds


@pytest.mark.parametrize("text", [
    "http://127.0.0.1:8765/play/0123456789abcdef#" + "a" * 32,
    "https://example.org/overlord/play/0123456789abcdef#" + "B_-9" * 8,
])
def test_a_link_reads_back_as_written(text):
    link = Link.parse(text)
    assert str(link) == text and link.socket_url.startswith("ws")
    assert link.socket_url.endswith(f"/api/games/{link.game}/socket")


@pytest.mark.parametrize("text", [
    "ftp://h/play/0123456789abcdef#" + "a" * 32, "http://h/play/0123456789abcdef", "http://h/play/xyz#" + "a" * 32,
    "http://h/games/0123456789abcdef#" + "a" * 32, "http://h/play/0123456789abcdef#short",
])
def test_a_bad_link_is_refused_in_one_line(text):
    with pytest.raises(protocol.ProtocolError) as caught:
        Link.parse(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text,said", [
    ("http://h/play/0123456789abcdef#short", "the link's token (after #) is not one a host gives"),
    ("http://h/play/0123456789abcdef", "a link ends with #<token>"),
    ("http://h:99999/play/0123456789abcdef#" + "S" * 32, "not a host's address: 'http://h:99999/play/0123456789abcdef'"),
])
def test_a_bad_link_is_refused_for_what_is_wrong_and_never_with_its_token(text, said):
    with pytest.raises(protocol.ProtocolError) as caught:
        Link.parse(text)
    assert said in str(caught.value) and "SSSS" not in str(caught.value)


def test_a_link_typed_in_capitals_or_with_a_final_slash_is_the_same_game():
    token = "a" * 32
    for text in (f"http://h/play/0123456789ABCDEF#{token}", f"http://h/play/0123456789abcdef/#{token}"):
        assert Link.parse(text) == Link.parse(f"http://h/play/0123456789abcdef#{token}")


async def test_a_host_that_does_not_answer_is_said_so_in_a_players_words():
    import socket
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    from overlord.online.client import OnlineGame, list_games
    for attempt in (OnlineGame.join(f"http://127.0.0.1:{port}/play/0123456789abcdef#" + "a" * 32),
                    list_games(f"http://127.0.0.1:{port}", "a" * 32)):
        with pytest.raises(protocol.ProtocolError) as caught:
            await attempt
        assert str(caught.value) == (f"no Overlord host answers at 127.0.0.1:{port}: is it running, and are the "
                                     "address and port right?")


async def test_a_host_that_takes_the_connection_and_says_nothing_is_said_so_not_waited_for_ever(monkeypatch):
    """A program that accepts connections and never answers: the reason was empty ("no host answers at URL: "), and
    a join waited for its welcome for ever."""
    import aiohttp
    from overlord.online import client

    async def silent(reader, writer):
        await asyncio.sleep(3600)
    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    monkeypatch.setattr(client, "TIMEOUT", aiohttp.ClientTimeout(total=0.5))
    try:
        for attempt in (client.OnlineGame.join(f"http://127.0.0.1:{port}/play/0123456789abcdef#" + "a" * 32),
                        client.list_games(f"http://127.0.0.1:{port}", "a" * 32)):
            with pytest.raises(protocol.ProtocolError) as caught:
                await attempt
            assert str(caught.value).startswith(f"127.0.0.1:{port} took the connection but answered nothing in 0 s")
    finally:
        server.close()


@pytest.mark.parametrize("answer", [b"\x00\xffhello\r\n\r\n", b""])  # another kind of server; one that hangs up
async def test_an_address_that_answers_but_not_in_http_is_said_so_in_a_line(answer):
    """An SSH port, say: the commands died with aiohttp's traceback (Bad status line, ServerDisconnectedError)."""
    from overlord.online import client

    async def other(reader, writer):
        writer.write(answer)
        await writer.drain()
        writer.close()
    server = await asyncio.start_server(other, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        for attempt in (client.OnlineGame.join(f"http://127.0.0.1:{port}/play/0123456789abcdef#" + "a" * 32),
                        client.list_games(f"http://127.0.0.1:{port}", "a" * 32),
                        client.create_game(f"http://127.0.0.1:{port}", Settings())):
            with pytest.raises(protocol.ProtocolError) as caught:
                await attempt
            said = str(caught.value)
            assert f"127.0.0.1:{port}" in said and "Overlord host" in said and "\n" not in said
    finally:
        server.close()


def test_a_new_token_is_valid_and_never_read_as_an_option_on_a_command_line():
    tokens = [protocol.new_token() for _ in range(2000)]  # (one in 64 of secrets.token_urlsafe's begins with -)
    assert all(protocol.valid_token(t) and not t.startswith("-") for t in tokens) and len(set(tokens)) == 2000


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_the_store_and_its_log_are_readable_by_the_hosts_user_alone(tmp_path):
    """The store holds every game's seed: copied from a store left readable by all (644) on a shared machine, it told
    a helper the fight's result at every level before he chose one (found by a helper). Its own and its log's
    permissions are the owner's alone, a store made before as well."""
    from overlord.online.storage import StoredGame
    path = tmp_path / "store.sqlite3"
    store = SQLiteStorage(path)
    store.create_game(StoredGame("0123456789abcdef", SETTINGS, 5, {}, 2, "fp"))
    files = [p for p in tmp_path.iterdir() if p.name.startswith("store.sqlite3")]
    assert path in files and any(p.name.endswith("-wal") for p in files)
    assert all(p.stat().st_mode & 0o077 == 0 for p in files), [oct(p.stat().st_mode) for p in files]
    store.close()
    os.chmod(path, 0o644)  # a store of an older version
    SQLiteStorage(path).close()
    assert path.stat().st_mode & 0o077 == 0


def test_the_store_keeps_games_actions_and_only_token_hashes(tmp_path):
    from overlord.online.storage import StoredGame
    path = tmp_path / "store.sqlite3"
    store = SQLiteStorage(path)
    tokens = {role: protocol.new_token() for role in protocol.ROLES}
    seats = {role: protocol.token_hash(t) for role, t in tokens.items()}
    store.create_game(StoredGame("0123456789abcdef", SETTINGS, 2**62 + 5, seats, 2, "fp"))
    game = Game.new(SETTINGS, 7)
    for n in range(3):
        action = game.legal_actions()[0]
        game.apply(action)
        store.add_action("0123456789abcdef", n, action)
    with pytest.raises(sqlite3.IntegrityError):
        store.add_action("0123456789abcdef", 1, game.actions[1])  # a place already taken
    store.set_orders("0123456789abcdef", "german", {"coastal": 5})
    store.set_orders("0123456789abcdef", "german", {"coastal": 6})  # the last orders stand
    store.close()
    again = SQLiteStorage(path)
    kept = again.load_game("0123456789abcdef")
    assert kept.seed == 2**62 + 5 and list(kept.actions) == game.actions and kept.settings == SETTINGS
    assert kept.orders == {"german": {"coastal": 6}}
    assert again.games_of(seats["german"]) == [("0123456789abcdef", "german")]
    assert again.load_game("fedcba9876543210") is None
    again.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())  # the file, and its log if it is still there
    assert not any(t.encode() in raw for t in tokens.values())


@pytest.mark.slow
async def test_the_default_computer_players_play_a_whole_campaign_through_the_host(tmp_path, monkeypatch):
    """The ai players (the Allied commander, the searching German) read the client's copy of the game, which has
    no seed of the real one: they search on copies they reseed themselves, and play to the end."""
    async with Recorded(tmp_path, monkeypatch, rate=10_000, burst=10_000) as served:
        links = await client.create_game(served.url, SETTINGS)
        actions = await play_out(links, "ai", "ai")
        save = await client.fetch_save(links["allied"])
    local, _ = Game.replay(SETTINGS, save["seed"], actions)
    assert local.over and local.state_hash() == save["state_hash"]
    check_fair(served.sent, save["seed"], actions)


def test_an_address_that_is_not_one_is_refused_in_a_line_not_a_traceback():
    """http://[::1 and a port of 99999 had raised ValueError out of `online new`, `online games`, `join` and `online
    bot`: each is now a ProtocolError, said in one line."""
    for bad in ("http://[::1", "http://127.0.0.1:99999", "http://h:port"):
        with pytest.raises(protocol.ProtocolError, match="not a host's address"):
            protocol.base_url(bad)
        with pytest.raises(protocol.ProtocolError, match="not a host's address"):
            Link.parse(f"{bad}/play/0123456789abcdef#abcdefghijklmnopqrstu")


async def test_a_host_that_answers_out_of_shape_is_not_an_overlord_host():
    """Another service at the address (or a broken host) answering JSON of the wrong shape: `online new` and `online
    games` say it is not an Overlord host (a KeyError or TypeError before)."""
    from aiohttp import web
    from aiohttp.test_utils import TestServer
    answers = iter([{"game": None}, {"game": "0123456789abcdef", "tokens": {"allied": 5}},
                    {"games": "x"}, {"games": [{"game": "0123456789abcdef"}]}, {"games": ["x"]}])

    async def anything(request: web.Request) -> web.Response:
        return web.json_response(next(answers), status=201 if request.method == "POST" else 200)
    app = web.Application()
    app.router.add_route("*", "/api/games", anything)
    async with TestServer(app) as server:
        url = str(server.make_url("/"))
        for _ in range(2):
            with pytest.raises(protocol.ProtocolError, match="not an Overlord host"):
                await client.create_game(url, Settings())
        for _ in range(3):
            with pytest.raises(protocol.ProtocolError, match="not an Overlord host"):
                await client.list_games(url, "abcdefghijklmnopqrstu")


def test_the_hosts_access_log_is_one_line_a_request_whatever_its_path(caplog):
    import logging
    from aiohttp import web
    from aiohttp.test_utils import make_mocked_request
    from overlord.online.host import AccessLog
    logger = logging.getLogger("test-access")
    request = make_mocked_request("GET", "/games/x%0a127.0.0.1%20GET%20/forged%20200%1b[2J%00?token=secret")
    with caplog.at_level(logging.INFO, logger="test-access"):
        AccessLog(logger, "").log(request, web.Response(status=404), 0.01)
    line = caplog.records[-1].getMessage()
    assert "\n" not in line and "\x1b" not in line and "\x00" not in line and "secret" not in line
    assert "GET /games/x?127.0.0.1 GET /forged 200?[2J? 404" in line  # (before: a forged line of its own)
