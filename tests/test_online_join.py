"""`overlord join`: the game's own app plays one side of a hosted game (issue 32 point 4).

A host runs in the test on 127.0.0.1 (any free port); the app joins as the German at 80x24; the test answers the
Allied side itself through a second client, as a friend elsewhere would. The app waits while the Allies answer,
rings when it is the German's move, sends the German's answers to the host and never plays one itself; a refused
answer leaves the game as it was; nothing is saved here; leaving and joining again finds the game as the host has
it.
"""

from __future__ import annotations

import asyncio
import shutil
import time

import pytest

from overlord.ai import make_player
from overlord.engine.actions import ChooseStrategy, EndPhase
from overlord.engine.game import Game
from overlord.engine.serialize import state_to_dict
from overlord.engine.setup import preset_settings
from overlord.online.client import OnlineGame, Refused, create_game
from overlord.online.host import Host, start
from overlord.online.join import KEPT_BY_HOST, JoinApp
from overlord.tui.keybar import KeyBar
from overlord.online.protocol import Link, events_for, public_state
from overlord.online.remote import RemoteSession
from overlord.online.storage import SQLiteStorage
from overlord.saves import saves_dir
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.screens import HURRY_RUN_GAP, CombatResultScreen, HelpScreen, ReportScreen

from test_serve import DEADLINE, serve  # noqa: F401 - the fixture: `overlord serve` in a subprocess
from helpers import static_words
from test_tui_keys import wait_until


async def host_with_a_game(tmp_path, **limits):
    """A host on 127.0.0.1 (``limits``: its rate limit) with one First Two Week game between two players: the
    host and each role's link, while the test runs."""
    storage = SQLiteStorage(tmp_path / "host.sqlite3")
    host = Host(storage, **limits)
    runner, url = await start(host)
    settings = preset_settings("historical", scenario="two-week", allied_player="human", german_player="human")
    links = await create_game(url, settings)
    yield host, links
    await runner.cleanup()
    storage.close()


@pytest.fixture
async def hosted(tmp_path):
    """A host on 127.0.0.1 with one First Two Week game: the host and each role's link."""
    async for pair in host_with_a_game(tmp_path):
        yield pair


def host_game(host: Host, link: Link) -> Game:
    hosted = host.hosted(link.game)
    assert hosted is not None
    return hosted.game


def seen(app: JoinApp) -> dict:
    """The joined game's state as the app has it (the local game's dummy seed and generator left out)."""
    state = state_to_dict(app.playing.game.state)
    del state["seed"], state["rng"]
    return state


def prompt_text(app: JoinApp) -> str:
    screen = app.game_screen()
    return screen.prompt_panel_text().plain if screen is not None else ""


async def until_the_germans_move(pilot) -> None:
    """Read the reports and cards the Allies' answers brought (Enter), until the German is asked."""
    while not pilot.app.accepting():
        await wait_until(pilot, lambda a: a.accepting() or isinstance(a.screen, (ReportScreen, CombatResultScreen)),
                         "the German's move, or a report")
        if not pilot.app.accepting():
            await pilot.press("enter")


async def answer_allied(allied: OnlineGame) -> int:
    """The Allied player elsewhere answers until it is the German's move (a player who passes)."""
    player, played = make_player("pass", "allied", 0), 0
    while allied.my_move:
        await allied.act(player.choose(allied.game))
        played += 1
    return played


def german_app(links) -> tuple[JoinApp, list[int]]:
    """The app joined as the German, and the positions (action numbers) it rang the bell at."""
    app = JoinApp(links["german"], delay=0)
    bells: list[int] = []
    app.bell = lambda: bells.append(app.playing.update.at)
    return app, bells


async def until_waiting_for_the_allies(pilot) -> None:
    await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession) and a.game_screen() is not None
                     and "WAITING FOR THE ALLIED PLAYER" in prompt_text(a), "the app to wait for the Allies")


async def test_join_waits_for_the_other_player_then_plays_the_germans_answers_through_the_host(hosted):
    host, links = hosted
    allied = await OnlineGame.join(links["allied"])
    app, bells = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        session = app.playing
        assert session.role == "german" and not app.accepting()
        await pilot.press("e")  # no answer while the other side answers: nothing sent
        assert session.sending is None and session.update.at == 0

        played = await answer_allied(allied)
        await until_the_germans_move(pilot)
        game = host_game(host, links["german"])
        assert session.update.at == played == len(game.actions)
        assert bells == [played]  # the bell (and a notice) once it is the German's move
        # no review of the Allies' turn (V): the client has no record of actions to replay, and V showed "Nothing was
        # played in this game before it was saved"; the log holds their turn
        assert not app.check_action("review", ())
        await pilot.press("v")
        assert isinstance(app.screen, GameScreen)
        assert seen(app) == public_state(game.state, "german")  # the host's game, as the German may see it
        _, events = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        assert session.log == events_for(events[len(game.opening_events):], "german")  # the host's events, as the engine gave them
        replayed, _ = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        assert replayed.state_hash() == game.state_hash()

        before = seen(app)
        assert app.answer(ChooseStrategy(3)) == []  # not an answer to a movement: the host refuses it
        await wait_until(pilot, lambda a: a.accepting(), "the host's refusal")
        assert session.update.at == played and seen(app) == before and len(game.actions) == played
        assert "» ChooseStrategy(level=3) is not a legal answer to MovePrompt" in prompt_text(app)  # as the local game says it

        await pilot.press("e", "y")  # end the German movement phase: sent to the host, played there
        await wait_until(pilot, lambda a: a.playing.update.at == played + 1 and a.playing.sending is None,
                         "the host to play the German's answer")
        assert game.actions[-1] == EndPhase()
        assert seen(app) == public_state(game.state, "german")

        from overlord.tui.keybar import KeyBar  # the bar offers no save nor load ("^S Save" did nothing; a helper)
        assert all(entry[1] not in ("Save", "Load") for entry in app.screen.query_one(KeyBar).entries())
        await pilot.press("ctrl+s")  # nothing to save: the host keeps the game
        assert any(KEPT_BY_HOST in str(n.message) for n in app._notifications)
        assert not saves_dir().exists() or not any(saves_dir().iterdir())
        await pilot.press("f1")  # the help says so too (it said Ctrl+Q saved to autosave.json)
        await wait_until(pilot, lambda a: isinstance(a.screen, HelpScreen), "the help")
        assert "The host keeps it: nothing is saved here" in app.screen.who_plays
        assert "Ctrl+Q leaves it; overlord join with your link comes back to it." in app.screen.who_plays
        help_screen = app.screen
        await pilot.press("escape")
        # (back to what stood under the help: the game, or, on a loaded machine, the end of D-Day's reports the
        # German's answer brought, if they came up before the help did; it waited for the game's screen only)
        await wait_until(pilot, lambda a: a.screen is not help_screen
                         and isinstance(a.screen, (GameScreen, ReportScreen)), "the game again")
        await pilot.press("ctrl+q")
    assert app.farewell is not None and "overlord join" in app.farewell and links["german"].token not in app.farewell

    again = JoinApp(links["german"], delay=0)  # come back: the game as the host has it
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession) and a.session.update.at == played + 1
                         and isinstance(a.screen, GameScreen), "the game to be joined again")
        assert seen(again) == public_state(host_game(host, links["german"]).state, "german")
        _, events = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        assert again.playing.log == events_for(events[len(game.opening_events):], "german")  # the whole game's log, not from the join
        await pilot.press("ctrl+q")
    await allied.close()


async def test_the_waiting_player_is_told_when_the_other_is_not_connected(hosted):
    """"WAITING FOR THE ALLIED PLAYER" read the same whether the Allied player was thinking or had left (found by a
    helper): the host says who is connected, and the waiting line says so."""
    _, links = hosted
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: "WAITING FOR THE ALLIED PLAYER (NOT CONNECTED NOW)" in prompt_text(a),
                         "the Allies said not to be connected")
        allied = await OnlineGame.join(links["allied"])
        await wait_until(pilot, lambda a: "WAITING FOR THE ALLIED PLAYER " in prompt_text(a)
                         and "NOT CONNECTED" not in prompt_text(a), "the Allies said to be connected")
        await allied.close()
        await wait_until(pilot, lambda a: "(NOT CONNECTED NOW)" in prompt_text(a), "the Allies gone again")
        await pilot.press("ctrl+q")


async def test_b_in_a_joined_game_sails_every_step_as_the_host_answers_each(hosted):
    """B (and G) played their steps one after another at once: in a joined game the second found the unit not yet
    moved (the host had not answered) and stopped, and B on a marker swung back to the last one (found by a
    helper). The steps go as a march, each answered once the host's update has come in."""
    from overlord.engine.prompts import AllocationPrompt, DropZonePrompt, MovePrompt
    from overlord.session import beachhead_course
    host, links = hosted
    app = JoinApp(links["allied"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        while not (app.accepting() and isinstance(app.playing.game.prompt, MovePrompt)):
            await wait_until(pilot, lambda a: a.accepting() or isinstance(a.screen, ReportScreen), "a question")
            p = app.playing.game.prompt
            await pilot.press("enter" if isinstance(app.screen, ReportScreen) or isinstance(p, AllocationPrompt)
                              else "y" if isinstance(p, DropZonePrompt) else "escape")
        game, unit = app.playing.game, app.playing.game.prompt.unit
        course = beachhead_course(game, unit)
        at = app.playing.update.at
        assert len(course) > 1 and game.unit(unit).status == "afloat"
        await pilot.press("b")
        await wait_until(pilot, lambda a: a.playing.update.at == at + len(course) and a.accepting(),
                         "every step of the course played on the host")
        hosted_game = host_game(host, links["allied"])
        assert [a.direction for a in hosted_game.actions[at:]] == course and app.playing.march is None
        assert hosted_game.unit(unit).position == app.playing.game.unit(unit).position  # (seen here as on the host)
        await pilot.press("ctrl+q")


async def test_d_in_a_joined_game_shows_and_changes_the_hosts_coastal_order(hosted):
    """The host's standing orders answer a landing before the German is asked: D said 'not yet chosen' while the
    host held level 7, and a level chosen with D was never played (found by a helper)."""
    from overlord.tui.screens import CoastalAnswerScreen
    host, links = hosted
    allied = await OnlineGame.join(links["allied"])
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        await app.playing.online.set_orders({"coastal": 7, "advance": "no"})
        await answer_allied(allied)
        await until_the_germans_move(pilot)
        await pilot.press("d")
        await wait_until(pilot, lambda a: isinstance(a.screen, CoastalAnswerScreen), "D's choice")
        assert app.screen.now == 7
        await pilot.press("2")
        await wait_until(pilot, lambda a: a.playing.online.orders.get("coastal") == 2, "the host's order changed")
        assert app.playing.online.orders == {"coastal": 2, "advance": "no"}  # (the others kept)
        await pilot.press("d")
        await wait_until(pilot, lambda a: isinstance(a.screen, CoastalAnswerScreen), "D's choice again")
        await pilot.press("c")  # the computer's answer, which the host's orders cannot give: theirs taken away
        await wait_until(pilot, lambda a: "coastal" not in a.playing.online.orders, "the host's order withdrawn")
        await pilot.press("ctrl+q")
    await allied.close()


async def test_a_link_the_host_refuses_ends_the_app_with_one_line(hosted):
    _, links = hosted
    wrong = Link(links["german"].base, links["german"].game, "x" * 32)
    app = JoinApp(wrong, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.join_error is not None, "the host's refusal")
    assert app.return_code == 1 and "\n" not in app.join_error


async def test_in_a_browser_a_link_the_host_refuses_is_said_on_the_page_until_q(hosted, monkeypatch, tmp_path):
    """Under `overlord serve --join` the app's printed line reaches no one: the page closed, saying only that the
    player had left the game."""
    from overlord import userdirs
    from overlord.online.join import JoiningScreen
    monkeypatch.setattr(userdirs, "browser_session_dir", lambda: tmp_path)
    monkeypatch.setattr("overlord.online.join.browser_session_dir", lambda: tmp_path)
    _, links = hosted
    app = JoinApp(Link(links["german"].base, links["german"].game, "x" * 32), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.join_error is not None, "the host's refusal")
        said = static_words(app.screen.query_one("#joining"))
        assert isinstance(app.screen, JoiningScreen) and app.return_code is None
        assert said.startswith("Could not join game") and app.join_error in said and "Q leaves" in said
        await pilot.press("q")
    assert app.return_code == 1


async def test_joining_runs_only_the_joined_apps_start_not_the_local_games(hosted, monkeypatch):
    """Textual runs every class's on_mount: the local game's (its title's data check, its signal handlers) must
    not run in a joined game."""
    started = []
    monkeypatch.setattr(OverlordApp, "on_mount", lambda app: started.append(app))
    _, links = hosted
    app = JoinApp(links["german"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.session is not None, "the joined game")
        await pilot.press("ctrl+q")
    assert started == []


async def test_the_spectators_link_watches_the_game_as_both_sides_play_it_elsewhere(hosted):
    """`overlord join` refused the spectators' link: there was no way to watch a friend's game (found by a helper).
    It watches now: every move of both sides comes in, as the German may see the game; no key answers anything."""
    host, links = hosted
    allied, german = await OnlineGame.join(links["allied"]), await OnlineGame.join(links["german"])
    app = JoinApp(links["spectator"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        session = app.playing
        assert session.watches_only and not app.accepting() and not app.check_action("orders", ())
        await pilot.press("e", "1", "y", "o")
        assert session.sending is None and session.update.at == 0
        game = host_game(host, links["spectator"])
        for player, side in ((allied, "ALLIED"), (german, "GERMAN"), (allied, "ALLIED")):
            await answer_until_the_other(player)
            waiting = f"WAITING FOR THE {'GERMAN' if side == 'ALLIED' else 'ALLIED'} PLAYER"
            while waiting not in prompt_text(app):  # (the reports come up on the way)
                await wait_until(pilot, lambda a, waiting=waiting: waiting in prompt_text(a)
                                 or isinstance(a.screen, ReportScreen), f"{waiting}, or a report")
                if isinstance(app.screen, ReportScreen):
                    await pilot.press("enter")
            assert session.update.at == len(game.actions)
            assert seen(app) == public_state(game.state, "spectator")  # what the German sees, no more
        assert "You watch a game kept by a host." in session.who_plays_words()
        await pilot.press("ctrl+q")
    assert app.farewell is not None and "#<the spectators' token>" in app.farewell
    await allied.close()
    await german.close()


async def answer_until_the_other(player: OnlineGame) -> None:
    """A side's player elsewhere (one who passes) answers until it is the other side's move."""
    side = player.role
    chooser = make_player("pass", side, 0)
    deadline = time.monotonic() + DEADLINE
    while not player.my_move:
        assert time.monotonic() < deadline, f"the {side} player's move never came"
        await asyncio.sleep(0.01)
    while player.my_move:
        await player.act(chooser.choose(player.game))


async def until_the_first_landing_card(pilot, allied: OnlineGame, german_answers) -> None:
    """The Allied player elsewhere sails for the beaches and lands (support 3 and 2, level 9), the joined German
    answering his coastal defences' question with ``german_answers`` (his keys), until a landing's card comes up."""
    from overlord.engine.actions import Support
    from overlord.engine.prompts import StrategyPrompt, SupportPrompt
    app = pilot.app
    landing_first = make_player("historical", "allied", 0)  # sails for the beaches (the pass player does not)
    await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession), "the game to be joined")
    while not isinstance(app.screen, CombatResultScreen):
        p = allied.game.prompt
        if allied.my_move:
            landing = isinstance(p, (SupportPrompt, StrategyPrompt)) and p.landing is not None
            await allied.act(Support(min(3, p.naval_max), min(2, p.air_max)) if landing and isinstance(p, SupportPrompt)
                             else ChooseStrategy(min(9, p.max_level)) if landing else landing_first.choose(allied.game))
        elif app.accepting():
            await german_answers()
        elif isinstance(app.screen, ReportScreen):  # the airborne drops' report
            await pilot.press("enter")
        else:
            await pilot.pause(0.02)


async def test_a_landing_against_the_joined_german_shows_its_support_once_fought(hosted):
    """The Allied support of a landing's round is hidden from the German until the result (protocol.redact): his
    landing card shows it then, from what the round spent, as a local game's card shows it."""
    _, links = hosted
    allied = await OnlineGame.join(links["allied"])
    app = JoinApp(links["german"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        async def day_level():
            await pilot.press("5")  # the German's coastal defences: level 5 for the day
        await until_the_first_landing_card(pilot, allied, day_level)
        card = app.screen.card.plain
        assert "LANDING AT" in card
        # the level for the day is the host's standing order, which answered the round: the same answer sent after it
        # was refused ("the game has moved on"), and the line stayed on the screen until the German's move
        assert app.playing.online.orders.get("coastal") == 5 and "moved on" not in prompt_text(app)
        assert "Level 5 for every landing: given to the host" in prompt_text(app)
        first_round = next(line for line in card.splitlines() if line.strip().startswith("1 "))
        assert first_round.split()[5:7] == ["3", "2"], card  # round, levels (3 words), odds, then naval and air
        await pilot.press("ctrl+q")
    await allied.close()


async def test_the_player_waiting_never_reads_the_other_sides_level_table_as_his(hosted):
    """While the Allies chose a landing's attack level elsewhere, the German's side panel showed their table as his:
    "Losses a round yours/theirs", and "Support 0: no effect" for a support he may not see (found by a helper)."""
    from overlord.engine.prompts import StrategyPrompt
    _, links = hosted
    allied = await OnlineGame.join(links["allied"])
    player = make_player("classic", "allied", 0)
    app = JoinApp(links["german"], delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession) and a.game_screen() is not None,
                         "the joined game")
        while not (isinstance(allied.game.prompt, StrategyPrompt) and allied.game.prompt.side == "allied"):
            assert allied.my_move
            await allied.act(player.choose(allied.game))
        at = allied.at
        deadline = time.monotonic() + DEADLINE
        while not (len(app.playing.game.actions) == at and isinstance(app.screen, GameScreen)):
            assert time.monotonic() < deadline, "never the news of the Allies' answers"
            if isinstance(app.screen, (ReportScreen, CombatResultScreen)):
                await pilot.press("enter")  # the drops' and D-Day's reports, read
            await pilot.pause(0.05)
        assert isinstance(app.playing.game.prompt, StrategyPrompt) and app.playing.game.prompt.side == "allied"
        side = app.game_screen().side_text().plain
        assert "yours/theirs" not in side and "Support" not in side, side
        await pilot.press("ctrl+q")
    await allied.close()


async def test_the_joined_germans_level_for_the_day_answers_every_round_with_no_refusal(hosted):
    """The host's standing order answers each landing's round; the session answered it too, from the level it holds,
    whenever its game showed the question first: refused ("the game has moved on ... or its standing orders"), a line
    left on the German's screen all D-Day (found by a helper). The session leaves a held level to the host."""
    _, links = hosted
    allied = await OnlineGame.join(links["allied"])
    app = JoinApp(links["german"], delay=0)
    refusals: list[str] = []
    sent = []
    async with app.run_test(size=(80, 24)) as pilot:
        async def day_level():
            # as the level goes to the host, the question is still shown here for a moment (the host's answer on its
            # way; too short a moment to catch here, so the state is made): nothing is answered from here
            asked = app.playing
            if asked.coastal_answer is None and asked._ours():
                asked.coastal_answer = 5
                held = asked.standing_action()
                asked.coastal_answer = None
                assert held is None, held
            await pilot.press("5")  # the German's coastal defences: level 5 for the day
        await until_the_first_landing_card(pilot, allied, day_level)
        session = app.playing
        send = session.apply

        def watched(action):
            sent.append(action)
            return send(action)
        session.apply = watched
        for _ in range(4):  # the next landing rounds, answered by the host's order alone
            await pilot.press("enter")
            await wait_until(pilot, lambda a: not isinstance(a.screen, CombatResultScreen), "the card gone")

            async def none_needed():
                refusals.append(session.refusal or "")
                await pilot.pause(0.02)
            await until_the_first_landing_card(pilot, allied, none_needed)
            refusals.append(session.refusal or "")
        assert not [r for r in refusals if "moved on" in r] and not sent, (refusals, sent)
        await pilot.press("ctrl+q")
    await allied.close()


async def test_the_browser_page_joins_a_hosted_game_and_plays_its_side(hosted, serve):  # noqa: F811 - the fixture
    """`overlord serve --join LINK`: the page plays the link's side, as `overlord join` does in a terminal."""
    from overlord import web
    from test_serve import Browser
    host, links = hosted
    served = serve("--join", str(links["german"]))
    allied = await OnlineGame.join(links["allied"])
    async with Browser(served) as browser:
        status, page = await browser.page()
        assert status == 200 and web.GAME_LEFT in page
        async with browser.visit() as screen:
            await screen.wait_for("WAITING FOR THE ALLIED PLAYER")
            played = await answer_allied(allied)
            while await screen.wait_for("GERMAN MOVE", "Press Enter") == "Press Enter":  # the D-Day reports
                # as a person reads them: a key as they come up, after the German's standing answers to the landings,
                # is held back with those that hurried them (screens.HurryRun), and one pressed again and again too
                await asyncio.sleep(HURRY_RUN_GAP)
                await screen.press("\r")
            await screen.press("e")
            await screen.wait_for("End the German movement phase now?")
            await screen.press("y")
            # the state, not a moment on screen: the host has the German's end of movement, and nothing more
            deadline = time.monotonic() + DEADLINE
            while not host_game(host, links["german"]).actions[played:]:
                assert time.monotonic() < deadline, "the host never had the German's answer"
                await asyncio.sleep(0.05)
            assert host_game(host, links["german"]).actions[played:] == [EndPhase()]
            await screen.press("\x11")
            await screen.until_closed()
    await allied.close()


async def test_the_final_reports_keys_in_a_joined_game_never_leave_for_a_game_of_ones_own(hosted):
    """Enter (the title), W (the replay) and a new game are the local game's: in a joined game they say so, and the
    app stays in the hosted game (Enter went to the title, where N began a game that was no hosted one: a crash)."""
    from overlord.tui.front import MenuChosen
    from overlord.tui.title import TitleScreen
    _, links = hosted
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        for what in ("title", "new", "load", "watch"):
            app.post_message(MenuChosen(what))
        await wait_until(pilot, lambda a: sum("This was a hosted game" in str(n.message) for n in a._notifications) == 3
                         and any("save could not be had" in str(n.message) for n in a._notifications),
                         "each key's answer")
        assert not isinstance(app.screen, TitleScreen) and isinstance(app.session, RemoteSession)
        said = [str(n.message) for n in app._notifications]
        assert any("This was a hosted game" in n and "W replays it" in n for n in said)
        assert any("save could not be had" in n and "not over" in n for n in said), said  # (the game goes on)
        await pilot.press("ctrl+q")


@pytest.mark.slow  # (a whole First Two Week game between two computer players first)
async def test_w_after_a_hosted_game_keeps_the_hosts_save_among_yours_and_replays_it(hosted):
    """W on a joined game's final report said to fetch the save by hand, with the token in an HTTP header."""
    from overlord.online import bot
    from overlord.tui.final import FinalScreen
    from overlord.tui.viewer import ViewerScreen
    _, links = hosted
    await asyncio.gather(*(bot.play(links[side], "classic") for side in ("allied", "german")))
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, FinalScreen), "the final report")
        verdict = static_words(app.screen.query_one("#final-report"))
        assert "you win" in verdict or "you lose" in verdict  # (to the German who joined)
        # no "Enter: Title screen" where there is none; Ctrl+S says how the game is had (it said "nothing to save")
        assert not app.screen.check_action("title", ()) and "Title screen" not in app.screen.query_one(KeyBar).text.plain
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda a: any("W fetches the host's save" in str(n.message) for n in a._notifications),
                         "Ctrl+S answered")
        await pilot.press("w")
        await wait_until(pilot, lambda a: isinstance(a.screen, ViewerScreen), "the replay")
        kept = saves_dir() / f"hosted-{links['german'].game}.json"
        said = [str(n.message) for n in app._notifications]
        assert kept.exists() and any(kept.name in n for n in said), said
        await pilot.press("ctrl+q")
    from overlord.saves import list_saves
    assert [s["humans"] for s in list_saves() if s["path"] == kept] == ["Online"]  # (it read "Both": hot-seat)


async def test_d_at_a_joined_germans_landing_question_gives_the_level_to_the_host_alone(hosted):
    """D at the landing's question gave the level to the host's orders, which answered the round, and sent it as an
    answer too, refused ("the game has moved on"), a line left on the screen (found by a reviewer)."""
    from overlord.tui.screens import CoastalAnswerScreen
    _, links = hosted
    allied = await OnlineGame.join(links["allied"])
    app = JoinApp(links["german"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        async def with_d():
            await pilot.press("d")
            await wait_until(pilot, lambda a: isinstance(a.screen, CoastalAnswerScreen), "D's choice")
            await pilot.press("4")
        await until_the_first_landing_card(pilot, allied, with_d)
        assert app.playing.online.orders.get("coastal") == 4 and "moved on" not in prompt_text(app)
        assert "The host answers this round with it." in prompt_text(app)
        await pilot.press("ctrl+q")
    await allied.close()


def test_who_may_see_the_allied_support_before_the_fight():
    from overlord.session import Session
    solo = Session(Game.new(preset_settings("historical"), 3))  # the Allied player against the computer German
    german = Session(Game.new(preset_settings("historical", german_player="human", allied_player="computer"), 3))
    hot_seat = Session(Game.new(preset_settings("historical", german_player="human"), 3))
    assert solo.sees_allied_support() and not german.sees_allied_support() and not hot_seat.sees_allied_support()
    for role, sees in (("allied", True), ("german", False), ("spectator", False)):  # a joined game's: by its role
        remote = RemoteSession.__new__(RemoteSession)
        remote.role = role
        assert remote.sees_allied_support() is sees


def gated_rejoins(monkeypatch) -> tuple[asyncio.Event, list[int | None], list[str]]:
    """OnlineGame.join held, once the test drops the connection (``dropped`` given a reason), until ``gate`` is
    set; then it joins as ever, or raises Refused with the reason if it is "refuse". Each join's ``since``."""
    gate, joins, dropped = asyncio.Event(), [], []
    real_join = OnlineGame.join

    async def join(link, *args, **kwargs):
        joins.append(kwargs.get("since"))
        if dropped:
            await gate.wait()
            if dropped[0] == "refuse":
                raise Refused("this game is not hosted here")
            if dropped[0] == "full" and len(joins) < 4:  # the side's seats taken twice, then free
                raise Refused("this game has 4 german connections already", again=True)
        return await real_join(link, *args, **kwargs)
    monkeypatch.setattr(OnlineGame, "join", join)
    monkeypatch.setattr(RemoteSession, "retry_delays", (0.0,))
    return gate, joins, dropped


async def drop_the_connection(pilot, gate: asyncio.Event, dropped: list[str], how: str) -> RemoteSession:
    """Once the app waits for the Allies, the connection drops and the joins again are let through, ``how`` they
    are answered (gated_rejoins); the app's session."""
    await until_waiting_for_the_allies(pilot)
    session = pilot.app.playing
    dropped.append(how)
    gate.set()
    await session.online._ws.close()
    return session


async def test_a_dropped_connection_is_joined_again_and_the_game_goes_on(hosted, monkeypatch):
    """A connection that drops (a network's blip, a host restarted) only pauses the game: the app joins again with
    the same link, what the other side played meanwhile comes in with its log, and the game goes on."""
    host, links = hosted
    gate, joins, dropped = gated_rejoins(monkeypatch)
    allied = await OnlineGame.join(links["allied"])
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        session = app.playing
        dropped.append("drop")
        await session.online._ws.close()  # the network drops the connection
        await wait_until(pilot, lambda a: any("Joining it again" in str(n.message) for n in a._notifications),
                         "the notice that the app joins again")
        assert session.lost is not None and "JOINING IT AGAIN" in prompt_text(app)
        await pilot.press("e")  # no answer meanwhile
        assert session.sending is None
        app.game_screen().say(session.waiting())  # what a key refused while away says (at a question of his own)

        played = await answer_allied(allied)  # the Allies play on meanwhile
        gate.set()
        await wait_until(pilot, lambda a: any("Joined the game again" in str(n.message) for n in a._notifications),
                         "the notice that the app joined again")
        assert session.rejoined == 1 and session.lost is None
        # (not "lost" still: the Allies played on meanwhile, and the note ended with the phase it was said in)
        assert "connection to the host is lost" not in prompt_text(app)
        assert joins[-1] == 0  # joined again from the last action it had (none), for the log of what it missed
        await until_the_germans_move(pilot)
        game = host_game(host, links["german"])
        assert session.update.at == played == len(game.actions)
        assert seen(app) == public_state(game.state, "german")
        _, events = Game.replay(game.initial_settings, game.seed, game.actions, game.data)
        assert session.log == events_for(events[len(game.opening_events):], "german")  # the log has what was played while away

        await pilot.press("e", "y")  # and the game goes on through the new connection
        await wait_until(pilot, lambda a: a.playing.update.at == played + 1 and a.playing.sending is None,
                         "the host to play the German's answer")
        assert game.actions[-1] == EndPhase()
        await pilot.press("ctrl+q")
    await allied.close()


async def test_a_link_the_host_no_longer_takes_ends_the_joining_again(hosted, monkeypatch):
    _, links = hosted
    gate, joins, dropped = gated_rejoins(monkeypatch)
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await drop_the_connection(pilot, gate, dropped, "refuse")
        await wait_until(pilot, lambda a: any("refused to let this link in again" in str(n.message)
                                              for n in a._notifications), "the notice that the host refused the link")
        assert session._watcher.done() and len(joins) == 2  # joined once, refused once, and no more attempts
        assert session.lost == "this game is not hosted here" and not session.rejoining
        assert "REFUSED TO LET THIS LINK IN AGAIN" in prompt_text(app)
        await pilot.press("ctrl+q")
    assert "which the host refused (this game is not hosted here)" in app.farewell  # not "the host keeps it"


async def test_the_sides_seats_all_taken_only_delay_the_joining_again(hosted, monkeypatch):
    """Connections the host has not yet seen drop (a laptop asleep) may hold every seat of the side: that refusal
    is for now only, and the app goes on trying (it gave up for good)."""
    _, links = hosted
    gate, joins, dropped = gated_rejoins(monkeypatch)
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await drop_the_connection(pilot, gate, dropped, "full")
        await wait_until(pilot, lambda a: any("Joined the game again" in str(n.message) for n in a._notifications),
                         "the notice that the app joined again")
        assert len(joins) == 4 and session.lost is None and session.rejoined == 1  # first, two full, then in
        await pilot.press("ctrl+q")


async def host_again(path, url: str) -> tuple[SQLiteStorage, Host, object]:
    """The host started again on the same address and store: its store, the host and its runner."""
    storage = SQLiteStorage(path)
    host = Host(storage)
    runner, _ = await start(host, port=int(url.rsplit(":", 1)[1]))
    return storage, host, runner


async def a_hosted_game(path) -> tuple[SQLiteStorage, object, str, dict]:
    """A host on 127.0.0.1 keeping its games in ``path``, with a First Two Week game between two players: its store,
    runner, address and the game's links."""
    storage = SQLiteStorage(path)
    runner, url = await start(Host(storage))
    settings = preset_settings("historical", scenario="two-week", allied_player="human", german_player="human")
    return storage, runner, url, await create_game(url, settings)


def keep_a_copy(path, older) -> None:
    """A copy of the host's store as it stands (to restore it from, later)."""
    import sqlite3
    with sqlite3.connect(path) as live, sqlite3.connect(older) as copy:
        live.backup(copy)


async def restored(runner, storage: SQLiteStorage, path, older, url: str) -> tuple[SQLiteStorage, Host, object]:
    """The host stopped, its store replaced by the ``older`` copy, and started again on the same address."""
    await runner.cleanup()
    storage.close()
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        name.unlink(missing_ok=True)
    shutil.copy(older, path)
    return await host_again(path, url)


async def the_allies_play_to_the_germans_move(pilot, host: Host, links) -> tuple[OnlineGame, int]:
    """The Allied player joins and plays until the German's move; the app follows the host's game, as the German
    may see it. The Allied client (to close) and the actions played."""
    allied = await OnlineGame.join(links["allied"])
    played = await answer_allied(allied)
    await until_the_germans_move(pilot)
    game = host_game(host, links["german"])
    assert pilot.app.playing.update.at == played == len(game.actions)
    assert seen(pilot.app) == public_state(game.state, "german")
    return allied, played


async def test_a_host_restarted_is_joined_again_where_the_game_was(tmp_path, monkeypatch):
    """The host stops and starts again on the same address with the same games (its store): the app, waiting for
    it meanwhile, joins the game again by itself and plays on."""
    monkeypatch.setattr(RemoteSession, "retry_delays", (0.05,))
    path = tmp_path / "host.sqlite3"
    storage = SQLiteStorage(path)
    runner, url = await start(Host(storage))
    settings = preset_settings("historical", scenario="two-week", allied_player="human", german_player="human")
    links = await create_game(url, settings)
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        session = app.playing
        await runner.cleanup()  # the host stops
        storage.close()
        await wait_until(pilot, lambda a: session.lost is not None, "the app to lose the host")
        storage, host, runner = await host_again(path, url)  # and starts again, where it was
        await wait_until(pilot, lambda a: session.rejoined == 1 and session.lost is None, "the app to join again")
        allied, _ = await the_allies_play_to_the_germans_move(pilot, host, links)
        await pilot.press("ctrl+q")
    await allied.close()
    await runner.cleanup()
    storage.close()


async def test_a_host_restored_from_an_older_copy_is_followed_from_its_game_and_said(tmp_path, monkeypatch):
    """The host comes back with fewer actions than the app has seen (a backup restored, a power cut under
    --sync normal): the host's game is the game. The app followed no update until the host passed the count it had
    seen, and sent answers to a position it did not show."""
    monkeypatch.setattr(RemoteSession, "retry_delays", (0.05,))
    path, older = tmp_path / "host.sqlite3", tmp_path / "older.sqlite3"
    storage, runner, url, links = await a_hosted_game(path)
    keep_a_copy(path, older)  # before anything was played
    allied = await OnlineGame.join(links["allied"])
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_waiting_for_the_allies(pilot)
        session = app.playing
        played = await answer_allied(allied)
        await until_the_germans_move(pilot)
        assert session.update.at == played > 0
        await allied.close()
        storage, host, runner = await restored(runner, storage, path, older, url)  # the host, from the older copy
        await wait_until(pilot, lambda a: "behind the one you saw" in prompt_text(a), "the app to say so")
        assert session.update.at == 0 and session.lost is None and "WAITING FOR THE ALLIED PLAYER" in prompt_text(app)
        allied, _ = await the_allies_play_to_the_germans_move(pilot, host, links)  # the game goes on from the host's
        await pilot.press("ctrl+q")
    await allied.close()
    await runner.cleanup()
    storage.close()


async def test_a_host_restored_to_a_number_question_shows_its_fields(tmp_path, monkeypatch):
    """The host comes back behind the app, at a question answered in numbers (a landing's support) where the app
    showed one answered by a key (the attack's level): the question is shown with its fields, and answered. (The
    fields were those of the question before, none, and the app ended on an error.)"""
    from overlord.engine.actions import Support
    from overlord.engine.prompts import SupportPrompt
    monkeypatch.setattr(RemoteSession, "retry_delays", (0.05,))
    path, older = tmp_path / "host.sqlite3", tmp_path / "older.sqlite3"
    storage, runner, url, links = await a_hosted_game(path)
    other = await OnlineGame.join(links["allied"])  # a second screen of the Allied side plays to the first support
    player = make_player("ai", "allied", 0)
    while not isinstance(other.game.prompt, SupportPrompt):
        await other.act(player.choose(other.game))
    keep_a_copy(path, older)
    await other.act(Support(0, 0))
    await other.close()
    app = JoinApp(links["allied"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.accepting() and "ATTACK" in prompt_text(a), "the attack's level asked")
        session = app.playing
        storage, host, runner = await restored(runner, storage, path, older, url)  # from the copy at the support
        await wait_until(pilot, lambda a: "behind the one you saw" in prompt_text(a), "the app to say so")
        assert isinstance(session.game.prompt, SupportPrompt) and app.is_running
        await pilot.press("enter")  # the support's fields, as they stand: the host takes the answer
        await wait_until(pilot, lambda a: not isinstance(session.game.prompt, SupportPrompt), "the support answered")
        await pilot.press("ctrl+q")
    await runner.cleanup()
    storage.close()


async def test_a_player_is_told_when_another_screen_joins_as_his_side(hosted):
    """A second join with the German's link got in unsaid: a player whose link leaked never saw the intruder (found
    by a helper). The host says how many screens each side has, and a joined screen says when another joins."""
    _, links = hosted
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession) and a.game_screen() is not None,
                         "the game joined")
        assert app.remote.other_screens == 0
        second = await OnlineGame.join(links["german"])
        await wait_until(pilot, lambda a: a.remote.other_screens == 1, "the second screen heard of")
        await wait_until(pilot, lambda a: any("Another screen has joined this game as the German player (2 now)"
                                              in str(n.message) for n in a._notifications), "the notice")
        assert second.screens == {"allied": 0, "german": 2}
        await second.close()
        await wait_until(pilot, lambda a: a.remote.other_screens == 0, "the second screen gone")
        # (the notice of its joining stayed up, with no word that it had gone: found by a helper)
        await wait_until(pilot, lambda a: [str(n.message) for n in a._notifications] == [
            "A screen that had joined as the German player has left: this is the only one now."], "its leaving said")
        await pilot.press("ctrl+q")


async def test_a_screen_joining_where_its_side_is_open_is_told_the_others_were_there_first(hosted):
    """The screen that joined second was itself told "Another screen has joined this game": it read as its own link
    leaked (found by a helper). It is told the side's link is open on another screen too; the first screen is told
    of the newcomer."""
    _, links = hosted
    first = await OnlineGame.join(links["german"])
    app, _ = german_app(links)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession) and a.remote.screens_at_join is not None
                         and a.remote.other_screens == 1, "the first screen heard of")
        await wait_until(pilot, lambda a: any("This game is open as the German player on 1 other screen too (2 now)"
                                              in str(n.message) for n in a._notifications), "the notice")
        assert not any("Another screen has joined" in str(n.message) for n in app._notifications)
        await first.close()
        await wait_until(pilot, lambda a: [str(n.message) for n in a._notifications][-1:] == [
            "A screen that had joined as the German player has left: this is the only one now."], "its leaving said")
        await pilot.press("ctrl+q")


async def test_a_link_given_in_the_environment_is_given_back_in_the_environment_on_leaving(hosted):
    """A player who joined with $OVERLORD_JOIN_LINK, to keep his link out of the process list, was told to come back
    with `overlord join LINK`, which puts it there (found by a helper)."""
    _, links = hosted
    app = JoinApp(links["german"], delay=0, link_in_environment=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.session, RemoteSession) and a.game_screen() is not None,
                         "the game joined")
        await pilot.press("ctrl+q")
    again = app.farewell.splitlines()[-1]
    assert again.startswith("Come back to it with: OVERLORD_JOIN_LINK='http") and again.endswith("' overlord join")
    assert "#<your German token>" in again and links["german"].token not in again


async def test_a_hint_taken_in_a_hosted_game_is_followed_by_the_player_that_gave_it(hosted, monkeypatch):
    """The hint's copy of a hosted game had an empty record, so a hint taken was never followed by the player that
    gave it: each was planned afresh, and the 4th Infantry went Ste-Mere-Eglise, Pont-l'Abbe, Ste-Mere-Eglise, 2 MP
    for nothing (found by a helper). The copy keeps how many actions were played and the screen's own last one."""
    from overlord.ai.advice import AdviceMemory
    from overlord.engine.prompts import DropZonePrompt
    followed = []
    follow = AdviceMemory.follow
    monkeypatch.setattr(AdviceMemory, "follow", lambda memory, *args: followed.append(follow(memory, *args))
                        or followed[-1])
    _, links = hosted
    app = JoinApp(links["allied"], delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.accepting() and isinstance(a.playing.game.prompt, DropZonePrompt),
                         "the first drop zone asked")
        for _ in range(2):  # two hints taken
            at = app.playing.update.at
            await pilot.press("t")
            await wait_until(pilot, lambda a: a.hint_ready() is not None, "the hint")
            hinted = app.hint_ready().action
            await pilot.press("u")
            await wait_until(pilot, lambda a, at=at: a.playing.update.at == at + 1 and a.accepting(), "it played")
            copy = app.playing.copy_of_game()
            assert copy.actions[-1] == hinted and len(copy.actions) == at + 1
        await pilot.press("t")
        await wait_until(pilot, lambda a: a.hint_ready() is not None, "the third hint")
        await pilot.press("ctrl+q")
    assert followed[0] is None and followed[1] is not None and followed[2] is followed[1]
