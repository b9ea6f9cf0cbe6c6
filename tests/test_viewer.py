"""The replay viewer (issue 31, points 1-3): a game stepped through on the map shows, at every step, the very
position the engine gives for that many actions; the review of the other side's turn; the computers watched.
All through the real app, by key presses, waiting for states rather than for moments."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest

from overlord.ai import make_player
from overlord.engine.events import UnitMoved
from overlord.engine.game import Game
from overlord.engine.settings import Settings
from overlord.engine.setup import preset_settings
from overlord.replaying import HIDDEN, Replay
from overlord.saves import SaveError, load_save, open_save, saves_dir
from overlord.tui.app import OverlordApp
from overlord.tui.final import FinalScreen
from overlord.tui.game_screen import GameScreen
from overlord.tui.loadscreen import LoadScreen
from overlord.tui.screens import HelpScreen
from overlord.tui.viewer import TurnChooser, ViewerScreen
from overlord.tui.keybar import KeyBar
from overlord.tui.title import TitleScreen
from overlord.tui.watching import WatchScreen, pace

from test_tui_keys import PATIENCE, drive
from test_tui_saves import until_the_player_is_asked

FINISHED = Path(__file__).parent / "golden" / "saves" / "two-week-finished.json"
NAME = "two-week-finished"  # (the name the save was written with)
HOT_SEAT = Path(__file__).parent / "golden" / "saves" / "german-combat-hotseat.json"


async def until(pilot, condition, what: str) -> None:
    """Wait until ``condition()`` holds (however loaded the machine), else fail saying ``what``."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await pilot.pause(0.02)


def engine_hash(replay: Replay, n: int) -> str:
    """The engine's own position after the first ``n`` actions, played from the start."""
    game, _ = Game.replay(replay.settings, replay.seed, replay.actions[:n])
    return game.state_hash()


async def the_viewer(pilot) -> ViewerScreen:
    """The viewer, up and its game replayed."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, ViewerScreen) and app.screen.is_mounted, "the viewer is up")
    screen = app.screen
    await until(pilot, lambda: screen.replay.done and screen.following is None, "the game is replayed")
    return screen


# --------------------------------------------------------------------------- the replay, without a screen
def test_every_position_the_replay_gives_is_the_engines_whatever_the_order_asked():
    replay = Replay.of_save(FINISHED)
    replay.run()
    assert replay.done and replay.check() is None
    wanted = [0, 1, 2, replay.total, 700, 699, 701, 5, *replay.phase_starts[::7], replay.turn_starts[-1] - 1]
    for n in wanted:
        assert replay.game_at(n).state_hash() == engine_hash(replay, n), n
    assert len(replay.checkpoints) == len(replay.phase_starts)  # one kept game a phase, not one an action
    assert replay.turns()[0] == ("D-Day", 0) and len(replay.turns()) == len(replay.turn_starts) > 5


def test_a_viewer_never_composed_is_laid_out_without_a_fault():
    """V among 60,000 keys pasted in a browser ran on after the tab closed: the viewer was mounted as the program
    closed, never composed, and its layout's NoMatches ended the game (found by a helper)."""
    viewer = ViewerScreen(Replay.of_save(FINISHED), "watch")
    viewer.fit(80, 24)
    assert viewer.cell is not None and viewer.has_class("side-below") is False


def test_a_review_before_the_side_ever_answered_begins_on_the_board_not_before_the_set_up():
    """The German's first review (V at his first move of a game set up by its questions) began at the start, on a
    map with no units at all; it begins once the set-up's answers have placed the board."""
    g = Game.new(None, seed=4)
    players = {"allied": make_player("classic", "allied"), "german": make_player("classic", "german")}
    while not (g.prompt.kind == "MovePrompt" and g.prompt.side == "german"):
        g.apply(g.legal_actions()[-1] if g.prompt.kind == "QuestionPrompt" else players[g.prompt.side].choose(g))
    replay = Replay.of(g)
    replay.run()
    questions = sum(1 for a in replay.asked[:replay.played] if a.phase == "questions")
    assert questions > 0 and replay.review_start("german") == questions
    assert replay.game_at(questions).state.phase != "questions"


@pytest.mark.parametrize("change", ["hash", "snapshot", "heading"])
def test_a_save_that_does_not_reach_its_position_is_said(tmp_path, change):
    """As loading says it: a changed state snapshot or heading was shown as sound (the hash alone was checked;
    found by a helper)."""
    import json
    doc = json.loads(FINISHED.read_text())
    if change == "hash":
        doc["state_hash"] = "0" * 64
    elif change == "snapshot":
        doc["state"]["pools"]["combat"] += 1
    else:
        doc["turn"] = "D-Dax"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    replay = Replay.of_save(bad)
    replay.run()
    with pytest.raises(SaveError) as refused:
        load_save(bad)
    assert replay.check() and replay.check() == refused.value.reason
    assert replay.name == "bad"  # a copy, named by its file as the Load list names it (not "two-week-finished")
    assert Replay.of_save(FINISHED).name == "two-week-finished"


# --------------------------------------------------------------------------- the viewer, by keys
async def test_the_viewer_on_a_finished_golden_game_steps_forward_and_back_by_action_phase_and_turn():
    replay = Replay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        assert screen.at == 0 and screen.problem is None
        keys = ["right"] * 4 + ["left"] * 2 + ["pagedown", "pagedown", "down", "right", "up", "left", "pageup",
                                               "end", "left", "home"]
        seen = []
        for key in keys:
            await pilot.press(key)
            await until(pilot, lambda: screen.game is replay.game_at(screen.at), "the position is shown")
            assert screen.game.state_hash() == engine_hash(replay, screen.at), (key, screen.at)
            seen.append(screen.at)
        assert seen[:6] == [1, 2, 3, 4, 3, 2]
        assert seen[6:8] == replay.turn_starts[1:3]  # PgDn: the first position of the next turn
        assert seen[8] == replay.next_phase(seen[7])  # Down: the next phase
        assert seen[-3:] == [replay.total, replay.total - 1, 0]
        # what the step did, in words, and its events in the log below the question
        await pilot.press("right")
        await until(pilot, lambda: screen.at == 1, "one step on")
        assert "Drop the" in screen.query_one("#prompt").shown.plain
        assert "drops" in str(screen.query_one("#steps").render())
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running, "closing the viewer of `overlord watch` ends the program")


class HeldReplay(Replay):
    """A replay that waits half-way through until it is let go: the viewer's keys pressed while it goes on."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.halfway, self.let_go = threading.Event(), threading.Event()

    def _record(self, n, game, asked, events) -> None:
        super()._record(n, game, asked, events)
        if n == self.total // 2:
            self.halfway.set()
            self.let_go.wait(PATIENCE)


@pytest.mark.parametrize("then", [None, "home"])
async def test_end_pressed_while_the_replay_goes_on_follows_it_to_the_last_position(then):
    """End went to the last position replayed so far and stayed there, half-way through the game (a helper);
    a step after it (Home) stops the following."""
    replay = HeldReplay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ViewerScreen) and app.screen.is_mounted, "the viewer is up")
        screen = app.screen
        await until(pilot, replay.halfway.is_set, "the replay is half-way")
        await pilot.press("end")
        await until(pilot, lambda: screen.to_end and screen.at == screen.end, "the last position so far")
        assert 0 < screen.at < replay.total
        if then:
            await pilot.press(then)
            await until(pilot, lambda: screen.at == 0, "the first position")
        replay.let_go.set()
        await until(pilot, lambda: replay.done and not screen.to_end, "the game is replayed")
        await until(pilot, lambda: screen.at == (0 if then else replay.total), "the position End or Home gave")


async def test_the_events_of_a_turn_scroll_with_shift_and_the_arrows_at_80x24():
    """PgDn at 80x24 showed a turn's last three lines of events, and no key reached the others (found by a helper)."""
    replay = Replay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await the_viewer(pilot)
        log = screen.query_one("#log")
        await pilot.press("pagedown", "pagedown")
        await until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the turn's last events")
        await pilot.press("shift+up")
        await until(pilot, lambda: log.scroll_y < log.max_scroll_y, "scrolled back")
        assert screen.at == replay.turn_starts[2]  # (the position stays)
        await pilot.press("shift+down", "shift+down", "shift+down", "shift+down")
        await until(pilot, lambda: log.scroll_y == log.max_scroll_y, "scrolled to the end again")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert any(what == "Scroll the events" for _, what in app.screen.here)


async def test_the_pools_shown_at_a_german_defence_level_are_the_game_s_when_watching():
    """Watching a game, the air points read 101 at the German's defence level after a support of 25, and 76 before
    and after it: the support he had not seen was added back, a position the game never had (found by a helper).
    His own review still adds it back."""
    from overlord.engine import view
    from overlord.engine.prompts import StrategyPrompt
    from overlord.tui.cards import pools_line
    replay = Replay.of_save(FINISHED)
    replay.run()
    at = next(n for n in range(replay.total) if isinstance((p := replay.game_at(n).prompt), StrategyPrompt)
              and p.side == "german" and p.role == "defence" and any(view.support_unseen(replay.game_at(n))))
    game = replay.game_at(at)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        screen.go(at)
        await until(pilot, lambda: screen.at == at, "the defence level's position")
        shown = screen.query_one("#prompt").border_title
        assert f"Air {game.air_left} " in shown and shown == pools_line(game, sees_support=True, narrow=True)
    assert pools_line(game) != pools_line(game, sees_support=True)  # (what the German's review shows)


async def test_a_key_that_is_not_the_replays_is_said_and_changes_nothing():
    """X, 5, Enter or F3 (the game's roster) in the viewer did nothing, without a word (found by helpers); its own
    keys still work."""
    replay = Replay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        for key, named in (("x", "X"), ("5", "5"), ("enter", "Enter"), ("f3", "F3")):
            await pilot.press(key)
            said = f"{named} is not a key of the replay"
            await until(pilot, lambda: any(n.message.startswith(said)  # noqa: B023 - waited for here
                                           for n in app._notifications), f"{named} is said")
        assert screen.at == 0 and isinstance(app.screen, ViewerScreen)
        await pilot.press("right")
        await until(pilot, lambda: screen.at == 1, "one step on")


@pytest.mark.parametrize("size", [(110, 30), (130, 40)])
async def test_the_viewers_side_panel_is_shown_beside_or_below_the_map_as_the_game_screens(size):
    """At a middle width (the wide map, no room beside it) the panel goes below, beside the question, as on the
    game's screen; it was shown nowhere (the viewer's own rule gave way to the game's style sheet)."""
    app = OverlordApp(watch=Replay.of_save(FINISHED))
    async with app.run_test(size=size) as pilot:
        screen = await the_viewer(pilot)
        await pilot.press("end")
        await until(pilot, lambda: screen.at == screen.end, "the last position")
        panel = screen.query_one("#side-below" if screen.has_class("side-below") else "#side")
        await until(pilot, lambda: panel.region.width >= 30 and panel.region.height > 10, "the side panel in sight")
        assert screen.has_class("side-below") == (size == (110, 30))
        assert "FINAL" in panel.shown.plain


async def test_at_the_last_position_the_side_panel_gives_the_whole_final_score_at_80x24():
    """Under the last unit's card the final score's last rows were cut off at 80x24, and those in sight did not add
    up to the score (found by a helper): at the end the panel gives the score alone."""
    app = OverlordApp(watch=Replay.of_save(FINISHED))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await the_viewer(pilot)
        await pilot.press("end")
        await until(pilot, lambda: screen.at == screen.end and screen.game.over, "the last position")
        panel = screen.query_one("#side")
        lines = panel.shown.plain.strip().splitlines()
        assert lines[0].startswith("FINAL SCORE") and len(lines) <= panel.region.height
        assert "CP " not in panel.shown.plain  # (no unit's card)


async def test_jump_to_a_turn_and_the_plots_up_to_the_position():
    replay = Replay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, TurnChooser), "the turns are listed")
        await pilot.press("down", "down", "down", "enter")
        await until(pilot, lambda: app.screen is screen, "back in the viewer")
        label, first = replay.turns()[3]
        assert screen.at == first and screen.game.turn_label == label
        assert screen.game.state_hash() == engine_hash(replay, first)
        log = screen.query_one("#log")  # the jump's last events in sight (it stayed on its first lines)
        await until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the log at its end")
        for size in ((160, 50), (80, 24)):  # and after a resize (its last lines were left below; found by a helper)
            await pilot.resize_terminal(*size)
            await until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y,
                        f"the log at its end at {size}")
        await pilot.resize_terminal(100, 30)
        await pilot.press("g")  # again: the list begins at the turn being looked at (it began at D-Day)
        await until(pilot, lambda: isinstance(app.screen, TurnChooser), "the turns are listed")
        assert app.screen.query_one("#turns").highlighted == 3
        # the finished game's last turn is its end, and says so ("6/20" alone read as a turn to watch; a helper)
        last = app.screen.query_one("#turns")
        assert str(last.get_option_at_index(last.option_count - 1).prompt) == \
            f"{replay.turns()[-1][0]}: the end, the ground scored once more"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "back in the viewer")
        await pilot.press("h")
        await until(pilot, lambda: type(app.screen).__name__ == "PlotsScreen", "the plots are up")
        assert len(app.screen.data.turns) == 3  # the turns ended before the one jumped to, no more
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "back in the viewer")


async def test_w_on_the_load_screen_and_on_the_final_report_opens_the_viewer():
    saves_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(FINISHED, saves_dir() / "finished.json")
    app = OverlordApp(loaded=open_save(FINISHED))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, FinalScreen), "the final report")
        final = app.screen
        await pilot.press("w")
        viewer = await the_viewer(pilot)
        assert viewer.replay.total == len(app.session.game.actions)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is final, "back on the final report")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.ready, "the saves are listed")
        await pilot.press("w")
        viewer = await the_viewer(pilot)
        # as the Load screen lists it: a copy by its file's name (it was titled by the name saved in it)
        assert viewer.title == viewer.replay.name == "finished"
        assert viewer.replay.check() is None
        await until(pilot, lambda: viewer.replay.done, "the save is replayed")
        assert viewer.end == viewer.replay.total  # a game over: every choice in it is public
        await pilot.press("escape")  # back to the list it was chosen from
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.ready, "the saves again")
        # a save further down, watched: the list comes back with it highlighted (it went back to the top, and Enter
        # loaded another save; found by a helper)
        shutil.copy(FINISHED, saves_dir() / "another.json")
        await pilot.press("escape", "ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.ready
                    and len(app.screen.saves) == 2, "two saves listed")
        await pilot.press("down")
        listed = app.screen
        chosen = listed.saves[listed.query_one("#saves").highlighted]["path"]
        assert chosen == listed.saves[1]["path"]
        await pilot.press("w")
        await the_viewer(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.ready, "the saves again")
        assert app.screen.saves[app.screen.query_one("#saves").highlighted]["path"] == chosen


# --------------------------------------------------------------------------- the review of the other side's turn
def played_past(settings: Settings, seed: int, past: str, until: str) -> Game:
    """A game played by the classic players until phase ``until`` once phase ``past`` has been played."""
    game = Game.new(settings, seed)
    players = {side: make_player("classic", side, seed) for side in ("allied", "german")}
    passed = False
    while not (passed and game.phase == until):
        passed = passed or game.phase == past
        game.apply(players[game.prompt.side].choose(game))
    return game


def after_the_german_moved(seed: int = 3) -> Game:
    """A historical game (human Allied, computer German) played by the classic players until the Allied player
    is asked to allocate transport after a German movement phase."""
    return played_past(preset_settings("historical"), seed, "german_movement", "allocation")


async def test_the_review_shows_the_germans_last_moves():
    game = after_the_german_moved()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_the_player_is_asked(pilot)
        assert isinstance(app.screen, GameScreen) and app.session.game.prompt.side == "allied"
        played = app.session.game
        await pilot.press("v")
        screen = await the_viewer(pilot)
        assert screen.side == "allied"
        replay = screen.replay
        assert screen.start == replay.review_start("allied") > 0
        assert screen.at == screen.start
        assert screen.step_events() == list(replay.events[screen.start - 1])  # the player's last answer's, no more
        moved = []
        while screen.at < screen.end:
            await pilot.press("right")
            await until(pilot, lambda: screen.game is replay.game_at(screen.at), "the step is shown")
            moved += [e for e in screen.step_events() if isinstance(e, UnitMoved)]
            assert screen.game.state_hash() == engine_hash(replay, screen.at)
        german_moves = [e for events in replay.events[screen.start:] for e in events
                        if isinstance(e, UnitMoved) and played.side_of(e.unit) == "german"]
        assert german_moves and [e for e in moved if played.side_of(e.unit) == "german"] == german_moves
        assert screen.game.state_hash() == played.state_hash()  # the review ends where the player is
        await pilot.press("left")
        await until(pilot, lambda: screen.at < screen.end, "one step back")
        await pilot.press("home")
        await until(pilot, lambda: screen.at == screen.start, "the review's first position")
        await pilot.press("left")  # no further back than the review's stretch
        await pilot.pause()
        assert screen.at == screen.start
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.accepting(), "back at the question")
        assert app.session.game is played and len(played.actions) == replay.total  # nothing was played meanwhile


def test_the_review_still_shows_the_germans_turn_once_the_allies_have_answered_in_theirs():
    """V after the allocation was answered found "nothing to review": the review began after the player's last
    answer of his own turn, which was now the allocation (found by a helper)."""
    game = after_the_german_moved()
    allied = make_player("classic", "allied", 3)
    while game.phase in ("allocation", "interdiction"):
        game.apply(allied.choose(game))  # the allocation and the interdiction answered
    replay = Replay.of(game)
    replay.run()
    start = replay.review_start("allied")
    german_moves = [e for events in replay.events[start:] for e in events
                    if isinstance(e, UnitMoved) and game.side_of(e.unit) == "german"]
    assert german_moves and start < replay.total
    assert replay.asked[start - 1].side == "allied" and replay.asked[start - 1].phase == "allied_combat"


def test_the_review_says_the_other_sides_answers_once_they_are_public():
    """The German's review said "Allied: an answer seen in its result" of an Allied advance, a move on the map
    (found by a helper): an answer that caused something is public, and said; one that has not is never looked at."""
    from overlord.engine.actions import Advance
    from overlord.engine.prompts import AdvancePrompt
    game = Game.new(Settings(allied_player="computer", german_player="human", scenario="two-week"), 5)
    players = {side: make_player("classic", side, 5) for side in ("allied", "german")}
    while not isinstance(game.prompt, AdvancePrompt) or game.prompt.side != "allied":  # (6/12's, on this seed)
        game.apply(players[game.prompt.side].choose(game))
    while game.phase != "german_movement":  # the German's review of that turn
        game.apply(players[game.prompt.side].choose(game))
    replay = Replay.of(game)
    replay.run()
    screen = ViewerScreen(replay, "review", side="german")
    screen.start = replay.review_start("german")
    theirs = [n for n in range(screen.start + 1, replay.total + 1)
              if replay.asked[n - 1].side == "allied" and replay.asked[n - 1].hidden]
    shown = [n for n in theirs if replay.shown_to("german", n)]
    assert shown and len(shown) < len(theirs) and all(replay.events[n - 1] for n in shown)
    advanced = [n for n in shown if isinstance(replay.actions[n - 1], Advance)]
    assert advanced
    for n in shown:
        screen.at = n
        assert "seen in its result" not in screen.done_words()
    screen.at = advanced[0]
    assert screen.done_words().startswith("Allied: ") and "dvance" in screen.done_words(), screen.done_words()


async def test_a_review_with_nothing_of_the_other_sides_says_so():
    game = Game.new(preset_settings("historical"), 3)  # D-Day: the German has not played
    allied = make_player("classic", "allied", 3)
    while game.phase != "allied_movement":
        game.apply(allied.choose(game))
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_the_player_is_asked(pilot)
        await pilot.press("v")
        screen = await the_viewer(pilot)
        assert screen.side == "allied" and screen.start == screen.end
        assert "Nothing to review yet: Escape goes back." in screen.query_one("#prompt").shown.plain
        assert not screen.check_action("jump", ()) or screen.jump_turns()  # G offers no empty list of turns
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.accepting(), "back at the question")


def german_level_chosen() -> Game:
    """The hot-seat golden save played on (classic players for both) until the German has chosen an attack level
    and the Allied player is to answer the attack: the level is not public until the result."""
    game = open_save(HOT_SEAT).game
    players = {side: make_player("classic", side, 1) for side in ("allied", "german")}
    for _ in range(400):
        asked = game.prompt
        events = game.apply(players[asked.side].choose(game))
        if isinstance(asked, HIDDEN) and asked.side == "german" and not events and game.prompt.side == "allied":
            return game
    raise AssertionError("the German never attacked")


async def test_a_game_begun_with_the_scenario_questions_is_reviewed_and_replayed_from_before_its_set_up():
    """A game begun as a player begins one (the scenario questions, then the board) replays from before its set-up,
    where no beach has a state yet: V at the first drop, and the whole game watched from its start, draw the map
    at every step (a crash, KeyError 'Utah', before)."""
    app = OverlordApp(seed=3, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        # the questions and the opponent, each by its default, a key pressed only once one is wanted
        await drive(pilot, until=lambda a: isinstance(a.screen, GameScreen) and a.accepting())
        played = app.session.game
        await pilot.press("v")
        screen = await the_viewer(pilot)
        replay = screen.replay
        assert replay.game_at(0).state.phase == "questions"  # (the viewer opens on it while the game replays)
        while screen.at < screen.end:
            await pilot.press("right")
            await until(pilot, lambda: screen.game is replay.game_at(screen.at), "the step is shown")
            assert screen.game.state_hash() == engine_hash(replay, screen.at)
        assert screen.game.state_hash() == played.state_hash()
    assert app.return_code in (None, 0)
    watched = OverlordApp(watch=Replay.of(played), delay=0)  # `overlord watch SAVE` on such a game
    async with watched.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        await pilot.press("home")
        await until(pilot, lambda: screen.at == 0 and screen.game is screen.replay.game_at(0), "the start is shown")
        assert screen.game.state.phase == "questions"
        await pilot.press("right")
        await until(pilot, lambda: screen.at == 1, "the first answer is shown")
        assert screen.done_words().startswith("Set-up: Change any ratings or players? Answer")  # (it read "Allied")
        await pilot.press("end")
        await until(pilot, lambda: screen.at == screen.end, "the end is shown")
        # G's D-Day is the drops, not the first of the questions (every pool 0; found by a helper)
        label, first = screen.jump_turns()[0]
        assert label == "D-Day" and first > 0 and screen.replay.game_at(first).state.phase == "airborne"
        assert screen.replay.game_at(first - 1).state.phase == "questions"
    assert watched.return_code in (None, 0)


async def test_in_hot_seat_the_review_never_shows_a_hidden_choice_before_its_result():
    replay = Replay.of(german_level_chosen())
    replay.run()
    side = "allied"
    start = replay.review_start(side)
    hidden = [n for n in range(start + 1, replay.total + 1)
              if replay.asked[n - 1].hidden and replay.asked[n - 1].side != side and not replay.events[n - 1]]
    assert hidden, "the stretch holds German choices not yet public"
    app = OverlordApp(watch=None)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(ViewerScreen(replay, "review", side=side))
        screen = await the_viewer(pilot)
        shown = [screen.at]
        words = [screen.query_one("#prompt").shown.plain]
        while screen.at < screen.end:
            await pilot.press("right")
            await until(pilot, lambda: screen.at > shown[-1], "a step on")
            shown.append(screen.at)
            words.append(screen.query_one("#prompt").shown.plain)
        assert not set(shown) & set(hidden)
        assert all(replay.shown_to(side, n) for n in shown)
        assert f"ACTION {screen.end} OF {screen.end} " in words[-1]  # the count stops at what may be seen
        assert f"OF {screen.end}  (asked in " in words[-1]  # (the top line is the position after it)
        # the German's levels are not worded, only seen in the results
        for n, said in zip(shown, words):
            if n and replay.asked[n - 1].side == "german" and replay.asked[n - 1].hidden:
                assert "level" not in said.split("\n")[1].lower(), said


async def test_a_save_watched_mid_game_never_shows_a_choice_before_its_result():
    """Whoever watches a save of a game not over may be about to play it on: the viewer stops before either
    side's hidden choices that nothing has made public yet (the German's attack level, here, before the Allied
    player answers it), whereas in a game over every choice is shown."""
    game = german_level_chosen()
    replay = Replay.of(game)
    replay.run()
    pending = [n for n in range(1, replay.total + 1) if replay.asked[n - 1].hidden and not replay.events[n - 1]]
    assert replay.total in pending, "the save ends on the German's level, not yet fought"
    app = OverlordApp(watch=None)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(ViewerScreen(replay, "watch"))
        screen = await the_viewer(pilot)
        await pilot.press("end")
        await until(pilot, lambda: screen.at == screen.end, "the last position that may be shown")
        assert screen.end < replay.total and screen.end not in pending
        unseen = replay.total - screen.end  # said: the save's own position is further on (a helper read it as this)
        assert f"The save goes on {unseen} action{'s' if unseen > 1 else ''} further" in screen.prompt_text("").plain
        assert all(replay.public(n) == (n not in pending) for n in range(replay.total + 1))
        await pilot.press("right")
        await pilot.pause()
        assert screen.at == screen.end  # no step beyond it
        hidden = next(n for n in pending if n < screen.end)  # a choice in a fight fought since: passed over
        screen.go(hidden - 1)
        assert "passed over" not in screen.done_words()
        await pilot.press("right")
        await until(pilot, lambda: screen.at > hidden, "a step on, over the hidden choice")
        skipped = screen.at - hidden
        assert f"{skipped} hidden choice{'s' if skipped > 1 else ''} of a fight passed over" in screen.done_words()
        await pilot.press("left")  # back over them: the action shown comes before them, and says nothing of them
        await until(pilot, lambda: screen.at < hidden, "a step back, over the hidden choice")
        assert "passed over" not in screen.done_words()
    ended = Replay.of(open_save(FINISHED).game)
    ended.run()
    assert ended.over and all(ended.public(n) for n in range(ended.total + 1))


# --------------------------------------------------------------------------- watching the computers
async def test_simulate_watch_plays_pauses_and_goes_on_at_the_pace_set():
    game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="computer"), 4)
    app = OverlordApp(game=game, delay=0, players={"allied": "classic", "german": "classic"}, watching=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WatchScreen) and len(game.actions) > 30, "the computers play")
        screen = app.screen
        assert "German (classic):" in screen.prompt_panel_text().plain  # what each side is about
        await pilot.press("p")
        await until(pilot, lambda: app.paused and not app.thinking(), "paused, the thought in")
        count = len(game.actions)
        await pilot.pause(0.2)
        assert len(game.actions) == count  # nothing is played while paused
        assert "Paused" in screen.query_one("#prompt").shown.plain
        await pilot.press("minus")
        assert app.delay == pace(0.0, faster=False) > 0  # slower: a pause after each move
        await pilot.press("plus")
        assert app.delay == 0.0
        await pilot.press("p")
        await until(pilot, lambda: len(game.actions) > count + 10, "playing on")


async def test_while_watching_a_fights_card_stays_long_enough_to_read_and_plus_and_minus_on_it_set_the_pace(
        monkeypatch):
    """A card of the computers' fights went by in half a second at the quick pace, and - pressed on it to slow the
    game went on with it at the same pace (found by a helper): it stays CARD_READ at least, and + and - set the pace
    there as on the game's screen (the fastest pace, which shows no cards, takes it away)."""
    from overlord.tui import app as app_module
    from overlord.tui.screens import CombatResultScreen
    monkeypatch.setattr(app_module, "CARD_READ", 600.0)  # (the test's own: the card waits for its keys)
    game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="computer"), 4)
    app = OverlordApp(game=game, delay=0.05, players={"allied": "classic", "german": "classic"}, watching=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CombatResultScreen), "a fight's card")
        card = app.screen
        assert card.timeout == 600.0 and "+ and - set the pace" in str(card.shown().renderables[-1])
        await pilot.press("minus")
        await until(pilot, lambda: app.delay == pace(0.05, faster=False), "slower")
        assert app.screen is card and card.timeout == 600.0
        await pilot.press("plus", "plus")
        await until(pilot, lambda: app.delay == 0.0 and app.screen is not card, "the fastest pace: the card goes")


async def test_the_computers_game_watched_is_not_saved_over_the_players_own():
    saves_dir().mkdir(parents=True, exist_ok=True)
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen) and app.session.game.turn >= 1,
                    "the computers play into a second turn (a new phase: the autosave's moment)")
        await pilot.press("ctrl+q")
    assert list(saves_dir().iterdir()) == []  # (it was autosaved, and L then Enter loaded the computers' game)
    assert app.farewell is None


async def test_while_watching_a_key_hurries_the_phase_under_way_not_the_rest_of_the_game():
    game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="computer"), 4)
    app = OverlordApp(game=game, delay=1.0, players={"allied": "classic", "german": "classic"}, watching=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WatchScreen) and game.phase == "allied_movement",
                    "the Allied movement, a move at a time")
        await pilot.press("space")  # (hurried, the phase's moves come without a pause: it may be over at once)
        await until(pilot, lambda: game.phase != "allied_movement", "the movement hurried to its end")
        await until(pilot, lambda: not app.hurry and app._timer is not None, "a pause after a move again")
        assert app.delay == 1.0


async def test_w_on_the_title_watches_the_computers_and_a_new_game_after_is_played_again():
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen) and len(app.session.game.actions) > 20,
                    "the computers play, watched")
        game = app.session.game
        assert game.settings.player("allied") == game.settings.player("german") == "computer"
        await pilot.press("p")  # paused: said so, and nothing offered to hurry
        await until(pilot, lambda: app.paused and not app.thinking(), "paused, the thought in")
        await until(pilot, lambda: "PAUSED" in app.screen.prompt_panel_text().plain, "the pause said")
        assert "MOVING" not in app.screen.prompt_panel_text().plain and not app.screen.check_action("hurry", ())
        await until(pilot, lambda: "Hurry" not in app.screen.query_one(KeyBar).text.plain, "no hurry offered")
        await pilot.press("escape")  # back to the title, and a new game there plays
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.session is None, "the title")
        await pilot.press("n")
        await until(pilot, lambda: app.session is not None and not app.paused, "a new game, not paused")
    app = OverlordApp(delay=0)
    app.watching = True  # (as after a watched game, back at the title)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: app.session is not None, "a new game")
        assert not app.watching


def test_pace_steps_between_the_fastest_and_the_slowest():
    assert pace(0.0, True) == 0.0 and pace(0.3, True) == 0.15 and pace(0.3, False) == 0.6
    assert pace(100.0, False) == 2.4 and pace(0.4, True) == 0.3
    from overlord.tui.watching import pace_words  # (in one pair of brackets: "(the fastest) (+ faster, ...)")
    assert pace_words(0.0) == "Pace: 0.00 s after each move, the fastest (+ faster, - slower)."
    assert pace_words(0.6) == "Pace: 0.60 s after each move (+ faster, - slower)."


def test_overlord_watch_refuses_a_file_that_is_not_a_save(tmp_path):
    from overlord.cli import main
    bad = tmp_path / "not-a-save.json"
    bad.write_text("{}")
    assert main(["watch", str(bad)]) != 0


@pytest.mark.slow
def test_the_viewers_benchmark_prints_its_three_measures_as_ratios_to_a_key_press():
    import re
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run([sys.executable, str(root / "benchmarks" / "viewer.py"), "--quick"], capture_output=True,
                       text=True, cwd=root, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    rows = re.findall(r"^\| (.+?) \| [\d.]+ \| [\d.]+x \|$", r.stdout, re.M)
    assert len(rows) == 3 and "whole campaign" in rows[0] and "PgDn" in rows[2]
    assert re.search(r"^Memory of the campaign's replay: [\d.]+ MB \(\d+ checkpoints", r.stdout, re.M)


async def test_w_on_a_save_that_cannot_be_replayed_says_why_on_the_list():
    """W on a save whose actions are damaged closed the list for a notice over the title, where the next Enter
    began a new game (found by a helper); Enter on it said why on the list. W now does as Enter does."""
    import json
    saves_dir().mkdir(parents=True, exist_ok=True)
    doc = json.loads(FINISHED.read_text())
    doc["actions"][3] = {"type": "no such action"}
    (saves_dir() / "damaged.json").write_text(json.dumps(doc))
    app = OverlordApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.ready, "the saves are listed")
        listed = app.screen
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen is not listed
                    and app.screen.ready, "the list again")
        assert "damaged.json" in str(app.screen.query_one("#load-message").render())


def test_a_replay_stopped_by_an_illegal_action_says_why_in_words_not_the_engines_list(tmp_path):
    """The viewer's question panel listed "legal: Move(unit='bc-4-cdo', direction=1), ..." (found by a helper)."""
    import json
    doc = json.loads(FINISHED.read_text())
    first_move = next(i for i, a in enumerate(doc["actions"]) if a.get("type") == "Move")
    doc["actions"][first_move] = dict(doc["actions"][first_move], direction=7 - doc["actions"][first_move]["direction"])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    replay = Replay.of_save(bad)
    replay.run()
    assert replay.failure is not None and "is not a legal answer" in replay.failure and "legal:" not in replay.failure


async def test_a_save_with_nothing_played_does_not_offer_to_step_through_it(tmp_path):
    """"→ steps through the game" on a save of no actions, where → does nothing (found by a helper)."""
    from overlord.saves import write_save
    path = write_save(Game.new(preset_settings("historical"), 3), tmp_path / "unplayed.json")
    app = OverlordApp(watch=Replay.of_save(path))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        await until(pilot, lambda: "Nothing was played" in str(screen.query_one("#steps").render()), "said so")
        assert "steps through" not in str(screen.query_one("#steps").render())


async def test_the_help_lists_every_key_of_the_viewer_at_its_ends():
    """At the last action the help gave only the keys back (found by a helper): those that lead beyond an end do
    nothing there, but are the viewer's keys."""
    replay = Replay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await the_viewer(pilot)
        await pilot.press("end")
        await until(pilot, lambda: screen.at == screen.end, "the last action")
        await pilot.press("right")  # beyond the end: nothing
        assert screen.at == screen.end
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        listed = {what: keys for keys, what in app.screen.here}
        assert {"Step", "Phase", "Turn", "First", "Last"} <= set(listed), listed
        assert "→" in listed["Step"] and "←" in listed["Step"]


def german_solo_after_an_allocation(seed: int = 3) -> Game:
    """A German playing the computer Allies, at his first move after they allocated the transport (6/6)."""
    settings = preset_settings("historical", allied_player="computer", german_player="human")
    return played_past(settings, seed, "allocation", "german_movement")


async def every_step_said(pilot, screen: ViewerScreen) -> list[str]:
    """Step to the end with the right arrow: each step's events and what its action answered, in words."""
    said = []
    while screen.at < screen.end:
        await pilot.press("right")
        await until(pilot, lambda: screen.game is screen.replay.game_at(screen.at), "the step is shown")
        said.append(screen.query_one("#steps").render().plain + screen.done_words())
    return said


async def test_a_german_playing_the_computer_allies_is_not_told_their_transport_allocation():
    """The log said "Transport for 6/6: fuel 13%, general 42%, combat 0%, amphibious 45%", and V gave it too: a
    hosted game keeps it from the German (a combat share of 54% told of an offensive coming; found by a helper)."""
    game = german_solo_after_an_allocation()
    assert any(e.kind == "TransportAllocated" for e in Game.replay(game.initial_settings, game.seed, game.actions)[1])
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_the_player_is_asked(pilot)
        log = app.screen.query_one("#log")
        assert log.entries and not any("Transport for" in line.plain for line in log.entries)
        await pilot.press("v")
        screen = await the_viewer(pilot)
        assert screen.side == "german"
        said = await every_step_said(pilot, screen)
        assert said and not any("Transport for" in words for words in said)
        assert any("the transport for the next turn, allocated unseen" in words for words in said)
    # the Allied player's own allocation is his to read
    app = OverlordApp(game=after_the_german_moved(), delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_the_player_is_asked(pilot)
        assert any("Transport for" in line.plain for line in app.screen.query_one("#log").entries)
    # in hot-seat it was typed on the screen both share, and the log gives it: the German's review says it too (it
    # said "allocated unseen" beside the log's line; a helper)
    hot_seat = played_past(preset_settings("historical", german_player="human"), 3, "allocation", "german_movement")
    app = OverlordApp(game=hot_seat, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_the_player_is_asked(pilot)
        assert any("Transport for" in line.plain for line in app.screen.query_one("#log").entries)
        await pilot.press("v")
        screen = await the_viewer(pilot)
        assert screen.side == "german"
        said = await every_step_said(pilot, screen)
        assert any("Transport for" in words for words in said)
        assert not any("allocated unseen" in words for words in said)


async def test_at_100x30_the_status_line_keeps_the_action_s_number_and_the_pools_their_naval_points():
    """At 100x30 the status line ended "· two-week-finished · 18…" and the pools "Naval 21…" (210): numbers cut to
    look like others. The action's number comes before the save's name, "of" (not "6/14", read as a date), and the
    pools take one space between them as the game's do there (found by a helper)."""
    replay = Replay.of_save(FINISHED)
    app = OverlordApp(watch=replay)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await the_viewer(pilot)
        for at in (0, 18, screen.end):
            screen.go(at)
            await until(pilot, lambda: screen.at == at, "the position")  # noqa: B023 - waited for here
            await until(pilot, lambda: f"action {at} of {screen.shown_total()}" in  # noqa: B023
                        screen.query_one("#status").shown.plain, "the action's number on the status line")
            status = screen.query_one("#status")
            shown = status.shown.plain
            assert len(shown[:shown.index(f"of {screen.shown_total()}")]) < status.size.width, shown
            prompt = screen.query_one("#prompt")
            title = prompt.border_title
            assert f"Naval {screen.game.naval_left} " in title and len(title) <= prompt.size.width - 4, title
        # at 80 columns the number is whole or not there: "action 1 of 135…" read as 135 (the panel gives it)
        await pilot.resize_terminal(80, 24)
        for at in (1, 18, screen.end):
            screen.go(at)
            await until(pilot, lambda: screen.at == at and screen.size.width == 80, "the position at 80")  # noqa: B023
            shown = screen.query_one("#status").shown.plain
            assert f"action {at} of {screen.shown_total()}" in shown or "action" not in shown, shown
            assert len(shown) <= 80, shown
