"""Saves never lose a game: loading at any moment, whoever is to move; the autosave slots; the Load screen
with bad files beside good ones; saving and quitting when the disk says no. All through the real app,
by key presses."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from overlord.ai import make_player
from overlord.engine.actions import Answer
from overlord.engine.game import Game
from overlord.engine.setup import preset_settings
from overlord.saves import SaveError, load_save, open_save, safe_filename, saves_dir, write_save
from overlord.resume import newest_game, rescue_prefix
from overlord.tui.app import OverlordApp
from overlord.tui.final import FinalScreen
from overlord.tui.game_screen import GameScreen
from overlord.tui.screens import CombatResultScreen, ConfirmScreen, HandOverScreen, ReportScreen, SaveNameScreen
from overlord.session import Session

from helpers import autosave_path, computer_settings, play, static_words
from test_tui_keys import drive, until_a_key_is_wanted, wait_until
from test_tui_screens import at_allocation, loaded, saves_listed


def computer_to_move(seed: int = 5) -> Game:
    """A historical game (human Allied, computer German) played by random players until the German is to move."""
    game = Game.new(preset_settings("historical"), seed)
    players = {side: make_player("random", side, 1) for side in ("allied", "german")}
    while game.prompt.side != "german":
        game.apply(players[game.prompt.side].choose(game))
    return game


async def until_the_player_is_asked(pilot) -> None:
    """Press Enter through reports until the person at the keyboard has a question (however long the computer
    takes: 200 is the number of reports and cards, not a time)."""
    app = pilot.app
    for _ in range(200):
        await until_a_key_is_wanted(pilot)
        if isinstance(app.screen, GameScreen) and app.accepting():
            return
        assert isinstance(app.screen, (ReportScreen, HandOverScreen, CombatResultScreen)), app.screen
        await pilot.press("enter")
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


# ---------------------------------------------------------------- the autosave slots (no Textual needed)
def drops(session: Session, n: int = 1) -> None:
    for _ in range(n):
        session.apply(Answer("Y"))


def historical(seed: int) -> Game:
    return Game.new(preset_settings("historical"), seed)


def test_two_games_in_progress_never_share_an_autosave_slot():
    a, b = Session(historical(1)), Session(historical(2))
    drops(a)
    drops(b)
    assert a.autosave() == autosave_path()
    before = autosave_path().read_bytes()
    assert b.autosave() == saves_dir() / "autosave-2.json"  # the first slot holds a game in progress
    assert autosave_path().read_bytes() == before
    drops(a)
    assert a.autosave() == autosave_path()  # each game goes on in its own slot
    assert open_save(saves_dir() / "autosave-2.json").game_id == b.game_id


def test_a_game_whose_slot_another_program_wrote_moves_on_and_says_so():
    a = Session(historical(3))
    drops(a)
    a.autosave()
    twin = Session.resumed(load_save(autosave_path()), open_save(autosave_path()))  # the same game, run twice
    drops(twin, 2)
    assert twin.autosave() == autosave_path()
    theirs = autosave_path().read_bytes()
    drops(a)
    assert a.autosave() == saves_dir() / "autosave-2.json"
    assert autosave_path().read_bytes() == theirs
    # the same game, played on in another window: said so, not "another game" (found by a helper)
    assert a.notes == ["autosave.json holds this game at another position now (D-Day: played on elsewhere, in another "
                       "window perhaps); this game autosaves to autosave-2.json."]
    assert a.slot_notes == a.notes  # (printed again on quitting, once the game's notes have been shown)
    other = Session(historical(4))
    drops(other)
    slot = other.autosave()
    assert slot is not None
    write_save(historical(5), slot)  # another game, written over its slot
    drops(other)
    other.autosave()
    assert other.notes == [f"{slot.name} holds another game now; this game autosaves to {other.slot.name}."]


def test_a_finished_games_slot_is_taken_a_file_that_is_not_a_save_never_is():
    saves_dir().mkdir(parents=True)
    autosave_path().write_text('{"not": "a save"}')
    finished = Game.new(computer_settings(scenario="two-week"), 4)
    play(finished)
    write_save(finished, saves_dir() / "autosave-2.json")
    s = Session(historical(5))
    drops(s)
    assert s.autosave() == saves_dir() / "autosave-2.json"
    assert autosave_path().read_text() == '{"not": "a save"}'


def test_an_autosave_from_before_game_ids_goes_on_in_its_slot_and_nothing_is_written_unplayed():
    game = historical(6)
    drops(Session(game))
    write_save(game, autosave_path())
    doc = json.loads(autosave_path().read_text())
    del doc["game_id"]  # as saves were written before games had ids
    autosave_path().write_text(json.dumps(doc))
    opened = open_save(autosave_path())
    s = Session.resumed(opened.game, opened)
    assert s.autosave() == autosave_path()  # nothing played: nothing written, the game is where it was
    assert json.loads(autosave_path().read_text()) == doc
    drops(s)
    assert s.autosave() == autosave_path() and len(load_save(autosave_path()).actions) == 2


# ---------------------------------------------------------------- through the app, by keys
async def test_ctrl_q_while_the_computer_moves_then_load_resumes_there_and_the_computer_carries_on():
    from overlord.cli import build_parser, play_app
    game = Game.new(preset_settings("historical", german_dday_movement=True), 4)
    app = OverlordApp(game=game, delay=30)  # long: the computer is caught in the middle of its moves
    async with app.run_test() as pilot:
        await drive(pilot, until=lambda a: a.computer_moving())
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    assert app.farewell.splitlines()[-1] == f"Resume it with: overlord --load {autosave_path()}"
    saved = load_save(autosave_path())
    assert saved.prompt.side == "german" and saved.actions == game.actions  # saved with the computer to move

    from overlord.cli import save_named
    assert save_named("autosave") == save_named("autosave.json") == autosave_path()  # --load autosave: a save's name
    with pytest.raises(SaveError, match="no such file here, nor a save of that name in"):  # (refused, where looked)
        save_named("no-such-save")
    app = play_app(build_parser().parse_args(["--load", str(autosave_path())]))  # overlord --load FILE
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.session.saved_in == autosave_path()
        await pilot.press("space")  # hurry the computer, as a player would
        await until_the_player_is_asked(pilot)
        assert app.session.game.prompt.side == "allied" and len(app.session.game.actions) > len(saved.actions)
    assert app.return_code in (None, 0)

    for open_it in ("l", "ctrl+o"):  # the title's Load, and Ctrl+O from inside another game
        app = OverlordApp(delay=0) if open_it == "l" else OverlordApp(seed=9, delay=0)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press(open_it)
            screen = await saves_listed(pilot)
            await pilot.press(*["down"] * [s["name"] for s in screen.saves].index("autosave"), "enter")
            await loaded(pilot)
            await until_the_player_is_asked(pilot)
            assert app.session.game.prompt.side == "allied" and len(app.session.game.actions) > len(saved.actions)
        assert app.return_code in (None, 0)


async def test_loading_the_games_own_autosave_never_writes_over_it():
    app = OverlordApp(game=historical(8), delay=0)
    loads = []  # the workers that load a save
    run_worker = app.run_worker

    def kept(*args, **kwargs):
        worker = run_worker(*args, **kwargs)
        if kwargs.get("name") == "load":
            loads.append(worker)
        return worker
    app.run_worker = kept
    async with app.run_test() as pilot:
        await drive(pilot, until=at_allocation)  # the drops are over: the phase autosave is written
        before = autosave_path().read_bytes()
        await pilot.press("5")  # a half-typed allocation is not an action
        await pilot.press("ctrl+o")
        screen = await saves_listed(pilot)
        await pilot.press(*["down"] * [s["name"] for s in screen.saves].index("autosave"), "enter")
        await loaded(pilot)
        assert autosave_path().read_bytes() == before
        assert app.session.slot == autosave_path()
        await pilot.pause()
        # loaded once, and said once: on a loaded machine the worker's "pending" and "running" events came after it
        # had ended, and each loaded the save again (found by a helper); here they are sent late on purpose
        from textual.worker import Worker, WorkerState
        game = app.session.game
        worker = loads[-1]
        assert worker.is_finished
        for state in (WorkerState.PENDING, WorkerState.RUNNING):
            app.on_worker_state_changed(Worker.StateChanged(worker, state))
        await pilot.pause()
        assert app.session.game is game
        assert sum(n.message.startswith("Loaded autosave.json") for n in app._notifications) == 1, \
            [n.message for n in app._notifications]


async def test_a_finished_game_loaded_never_replaces_the_autosave_of_a_game_in_progress():
    in_progress = Session(historical(9))
    drops(in_progress, 3)
    in_progress.autosave()
    before = autosave_path().read_bytes()
    finished = Game.new(computer_settings(scenario="two-week"), 10)
    play(finished)
    path = write_save(finished, saves_dir() / "finished.json")
    from overlord.cli import build_parser, play_app
    app = play_app(build_parser().parse_args(["--load", str(path)]))
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        await pilot.press("q")  # Q on the final screen quits
        await pilot.pause()
    assert app.return_code == 0
    assert autosave_path().read_bytes() == before
    assert sorted(p.name for p in saves_dir().iterdir()) == ["autosave.json", "finished.json"]


async def test_a_finished_game_says_who_won_shows_its_final_points_on_h_and_saves_under_a_name():
    """The final report tells the person who played whether he won and what the next level needed; H gives the
    final points (nothing "at the end of the turn" any more); Ctrl+S keeps the finished game under a name (the
    autosave of the next game would take its slot)."""
    from overlord.tui.history import HistoryScreen
    finished = Game.new(preset_settings("historical", scenario="two-week"), 10)
    allied, german = make_player("ai", "allied", 10), make_player("ai", "german", 10)
    while not finished.over:
        finished.apply((allied if finished.prompt.side == "allied" else german).choose(finished))
    path = write_save(finished, saves_dir() / "finished.json")
    from overlord.cli import build_parser, play_app
    app = play_app(build_parser().parse_args(["--load", str(path)]))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, FinalScreen), "the final report")
        said = static_words(app.screen.query_one("#final-report"))
        won = finished.final_report.victory_level.startswith("Allied")  # (the Allies a person's, the German not)
        assert ("you win" if won else "you lose") in said and f"{finished.final_report.victory_level}'s band" in said
        offered = {c.title for c in app.get_system_commands(app.screen)}  # the palette: what works here
        assert {"Save", "Points"} <= offered and not {"Map key", "Supply overlay"} & offered
        await pilot.press("h")
        await wait_until(pilot, lambda a: isinstance(a.screen, HistoryScreen), "the points")
        points = static_words(app.screen.query_one("#turn-points"))
        assert "Score" in points and "if the units stay" not in points and "Victory points" in points
        await pilot.press("escape")
        await wait_until(pilot, lambda a: isinstance(a.screen, FinalScreen), "the final report again")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda a: isinstance(a.screen, SaveNameScreen), "the save's name asked")
        for key in ("ctrl+u", *"kept", "enter"):
            await pilot.press(key)
        await wait_until(pilot, lambda a: (saves_dir() / "kept.json").exists(), "the finished game saved")
    assert load_save(saves_dir() / "kept.json").over


async def test_at_80x24_the_load_screen_shows_every_file_it_cannot_load_beside_a_long_list():
    """With a dozen saves the list took the room at 80x24, and the last file that cannot be loaded was cut off where
    no key reached it (found by a helper): the list, which scrolls, gives way."""
    game = historical(11)
    drops(Session(game))
    for n in range(12):
        write_save(game, saves_dir() / f"save-{n}.json", name=f"save {n}")
    good = (saves_dir() / "save-0.json").read_text()
    (saves_dir() / "empty.json").write_text("")
    (saves_dir() / "garbage.json").write_bytes(bytes(range(256)))
    (saves_dir() / "truncated.json").write_text(good[:len(good) // 2])
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = await saves_listed(pilot)
        text = screen.query_one("#load-problems-text")
        box = screen.query_one("#load-problems")
        await wait_until(pilot, lambda a: box.region.height >= text.outer_size.height and box.region.bottom <= 23,
                         "every file that cannot be loaded in sight")
        assert "truncated.json" in static_words(text) and len(screen.saves) == 12
        saves = screen.query_one("#saves")
        assert saves.region.height >= 3  # the list keeps rows, and scrolls to the rest
        await pilot.press("end")
        await wait_until(pilot, lambda a: saves.highlighted == 11, "the last save reached")


async def test_shift_and_the_arrows_scroll_the_files_the_load_screen_cannot_load():
    """With 25 files that cannot be loaded the box showed 5, and only a mouse's wheel reached the rest (PgDn and End
    move the list of saves; found by a helper)."""
    game = historical(11)
    drops(Session(game))
    write_save(game, saves_dir() / "good.json", name="good")
    for n in range(25):
        (saves_dir() / f"bad-{n:02}.json").write_text("")
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = await saves_listed(pilot)
        assert "(Shift+↑/↓ scroll them)" in static_words(screen.query_one("#load-problems-text"))
        box = screen.query_one("#load-problems")
        await wait_until(pilot, lambda a: box.max_scroll_y > 0, "more files than the box shows")
        for _ in range(10):
            await pilot.press("shift+down")
        await wait_until(pilot, lambda a: box.scroll_y == box.max_scroll_y, "the last file reached")
        assert screen.query_one("#saves").highlighted == 0  # the list of saves stays where it was
        await pilot.press("shift+up")
        await wait_until(pilot, lambda a: box.scroll_y < box.max_scroll_y, "scrolled back")


async def test_the_load_screen_lists_the_good_save_and_says_why_each_bad_file_cannot_be_used():
    game = historical(11)
    drops(Session(game))
    name = "[/]\x1b]0;owned\x07[bold]"  # markup and escapes, in the file Ctrl+S makes of that name
    good = saves_dir() / f"{safe_filename(name)}.json"
    write_save(game, good, name=name)
    (saves_dir() / "truncated.json").write_text(good.read_text()[:200])
    (saves_dir() / "score.json").write_text(good.read_text().replace('"score":', '"score":' + "9" * 400 + ',"was":'))
    os.mkfifo(saves_dir() / "pipe.json")
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = await saves_listed(pilot)
        assert [s["path"].name for s in screen.saves] == [good.name]
        row = str(screen.query_one("#saves").get_option_at_index(0).prompt)
        assert row.startswith("[/]?]0;owned?[…")  # shown as it is, never as markup or a code
        problems = str(screen.query_one("#load-problems-text").render())
        assert "3 files in the folder cannot be loaded" in problems
        for line in ("pipe.json: not a save file", "score.json: field 'score' is out of range",
                     "truncated.json: not valid JSON"):
            assert line in problems
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.session.game.actions == game.actions
    assert app.return_code in (None, 0)


async def test_a_save_name_that_would_replace_another_save_asks_first_and_autosave_is_kept():
    app = OverlordApp(game=historical(12), delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()

        async def save_as(name: str) -> None:
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("ctrl+u", *name, "enter")  # clear the field, type the name
            await pilot.pause()
        for refused in ("[/]", "autosave", "AutoSave-2"):
            await save_as(refused)
            assert isinstance(app.screen, SaveNameScreen)
            message = str(app.screen.query_one("#save-message").render())
            assert "letter or a digit" in message or "kept for the game's own autosaves" in message
            await pilot.press("escape")
            await pilot.pause()
        await save_as("beach head")
        first = (saves_dir() / "beach-head.json").read_bytes()
        await pilot.press("y")  # a move: the game is not what was saved
        await save_as("beach-head")  # another name, the same file
        assert isinstance(app.screen, ConfirmScreen) and 'the save "beach head"' in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert (saves_dir() / "beach-head.json").read_bytes() == first
        await save_as("beach-head")
        await pilot.press("y")
        await pilot.pause()
        assert load_save(saves_dir() / "beach-head.json").actions == app.session.game.actions
        assert isinstance(app.screen, GameScreen)


async def test_an_autosave_that_cannot_be_written_is_said_and_ctrl_q_asks_before_quitting(monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    monkeypatch.setenv("OVERLORD_SAVES", str(blocker))
    app = OverlordApp(game=historical(13), delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=at_allocation)  # a new phase: the autosave is tried, and fails
        assert app.autosave_problem == f"{blocker}: is not a folder, so no save can go in it"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "could not be saved" in app.screen.question
        await pilot.press("n")  # back to the game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("ctrl+q")  # the quit key again: quit all the same
        await pilot.pause()
    assert app.return_code == 0 and app.farewell == "Overlord: the game was not saved."


async def test_ctrl_q_asked_in_a_window_too_small_is_still_asked_once_it_is_large_enough(monkeypatch, tmp_path):
    """The question "Quit anyway?", asked over the too-small window's notice, went with it when the window grew:
    the quit pressed came to nothing, unsaid (found in tmux)."""
    from overlord.tui.screens import TooSmallScreen
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    monkeypatch.setenv("OVERLORD_SAVES", str(blocker))
    app = OverlordApp(game=historical(13), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, until=at_allocation)
        await pilot.resize_terminal(40, 12)
        await wait_until(pilot, lambda a: isinstance(a.screen, TooSmallScreen), "the window's too small")
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda a: isinstance(a.screen, ConfirmScreen), "quit anyway?")
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda a: not a.too_small and not any(
            isinstance(s, TooSmallScreen) for s in a.screen_stack), "the window large enough")
        assert isinstance(app.screen, ConfirmScreen) and "Quit anyway" in app.screen.question
        await pilot.press("n")  # back to the game
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen), "the game")
    assert app.return_code in (None, 0) and not app.quitting


async def test_quit_works_on_the_title_and_the_final_screens():
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")  # the menu's Quit (the fifth)
        await pilot.pause()
    assert app.return_code == 0


async def test_saves_at_every_kind_of_prompt_come_up_in_the_app():
    """The golden saves: a scenario question, Allied movement, German combat between two players, a
    defence level, a retreat, a finished game; each comes up with `overlord --load` on the right screen."""
    from pathlib import Path

    from overlord.cli import build_parser, play_app
    from overlord.tui.screens import CombatResultScreen
    from overlord.tui.setup_screen import SetupScreen
    expected = {"at-scenario-question": SetupScreen, "two-week-finished": FinalScreen}
    saves = sorted((Path(__file__).parent / "golden" / "saves").glob("*.json"))
    assert len(saves) >= 6
    for path in saves:
        before = path.read_bytes()
        app = play_app(build_parser().parse_args(["--load", str(path)]))
        # (a fight the player began, the computer's defence level chosen on loading, shows its result card)
        wanted = (expected.get(path.stem, GameScreen), HandOverScreen, ReportScreen, CombatResultScreen)
        async with app.run_test() as pilot:
            app.hurry = True  # no waiting for the display delay
            # the state, not a moment: a loaded machine may take a while to put the save's screen up
            await wait_until(pilot, lambda app, wanted=wanted: bool(app.screen_stack) and isinstance(app.screen_stack[-1], wanted),
                             f"{path.name}'s screen")
            # and the game's screen under a card or a hand-over built whole (the app ended while it was being built)
            await wait_until(pilot, lambda app: all(s.query("MessageLog") for s in app.screen_stack
                                                    if isinstance(s, GameScreen)), f"{path.name}'s game screen built")
        assert app.return_code in (None, 0), path
        assert path.read_bytes() == before  # the file loaded is never written


async def test_the_title_offers_to_resume_the_newest_game_a_person_plays():
    """The title had no Continue: after Ctrl+Q the player hunted for his game among autosaves and abandoned set-ups
    in the Load list (found by a helper). R resumes the newest save of a game a person plays that is not over."""
    from overlord.tui.title import TitleScreen
    saves_dir().mkdir(parents=True, exist_ok=True)
    mine = computer_to_move()
    write_save(mine, saves_dir() / "mine.json")
    computers = Game.new(computer_settings(), 5)  # newer, but no person plays it: not offered
    computers.apply(make_player("ai", "allied", 5).choose(computers))
    write_save(computers, saves_dir() / "watched.json")
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, TitleScreen) and a.screen.resume is not None,
                         "the title to offer the game")
        assert app.screen.resume["name"] == "mine" and "Resume" in str(app.screen.query_one("#title").render())
        assert app.screen.menu[app.screen.cursor][0] == "new"  # Enter still begins a new game
        app.screen.resume = dict(app.screen.resume, name="a-long-name-of-a-save")  # a label cut to fit the box,
        line = next(row for row in app.screen.title_text().plain.splitlines() if "Resume" in row)  # a cell short
        assert line.rstrip().endswith(" │") and "…" in line  # of its border (it ran into it; found by a helper)
        app.screen.resume = dict(app.screen.resume, name="autosave-2", turn="D-Day")  # the usual, whole (it was cut)
        line = next(row for row in app.screen.title_text().plain.splitlines() if "Resume" in row)
        assert "Resume D-Day, autosave-2 " in line and line.rstrip().endswith("│")
        await pilot.press("r")
        n = len(mine.actions)  # (loaded, the computer German plays on at once)
        await wait_until(pilot, lambda a: a.session is not None and a.session.game.actions[:n] == mine.actions,
                         "the game resumed")


async def test_a_path_typed_as_the_saves_name_saves_elsewhere_when_the_saves_folder_cannot_be_written(tmp_path,
                                                                                                       monkeypatch):
    """With a saves folder that could not be written, the player could only lose his moves: Ctrl+S with a path
    went into that folder too (found by a helper). A name typed as a path saves in that folder."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the saves folder should be")
    monkeypatch.setenv("OVERLORD_SAVES", str(blocked))
    elsewhere = tmp_path / "usb"
    elsewhere.mkdir()
    app = OverlordApp(game=historical(12), delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda a: isinstance(a.screen, SaveNameScreen), "the save's name asked")
        await pilot.press("ctrl+u", *f"{tmp_path}/nowhere/d-day", "enter")
        await wait_until(pilot, lambda a: "There is no folder" in str(a.screen.query_one("#save-message").render()),
                         "a folder that is not there refused")
        await pilot.press("ctrl+u", *f"{elsewhere}/d-day", "enter")
        await wait_until(pilot, lambda a: (elsewhere / "d-day.json").exists(), "the game saved in the other folder")
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen), "back at the game")
        await pilot.press("ctrl+q")  # nothing new since: it quits, not asking to lose "the whole game"
        await wait_until(pilot, lambda a: a.quitting or a.return_code is not None, "the game to quit")
        assert not isinstance(app.screen, ConfirmScreen)
    saved = open_save(elsewhere / "d-day.json")
    assert saved.game.actions == historical(12).actions and json.loads((elsewhere / "d-day.json").read_text())[
        "name"] == "d-day"


def test_only_a_name_that_begins_as_a_path_does_is_one_and_never_in_a_browser(tmp_path, monkeypatch):
    from overlord.session import save_path, typed_path
    from overlord.session import save_name_problem
    assert typed_path("6/6 beach") is None and save_path("6/6 beach") == saves_dir() / "6-6-beach.json"
    assert typed_path("~best game") is None  # (a name, as before: no user's home begins it)
    for folder_only in ("/", "./", "./.", "~/", "/tmp/"):  # (a crash on "/", and "/tmp/" saved as /tmp.json)
        assert save_name_problem(folder_only) == "Name the file after its folder too (such as ~/normandy).", folder_only
    assert "no user's home ~nosuch" in save_name_problem("~nosuch/x")  # (a crash: RuntimeError)
    assert save_name_problem("/tmp/a\x00b") == "A path cannot hold control characters."
    saves_dir().mkdir(parents=True, exist_ok=True)
    assert "kept for the game's own autosaves" in save_name_problem(str(saves_dir() / "autosave-2"))
    assert typed_path("/mnt/x") == Path("/mnt/x.json") and typed_path("~/g.json") == Path.home() / "g.json"
    # a relative path is where it leads, said whole ("saved in ../../../tmp/x.json"; found by a helper)
    monkeypatch.chdir(tmp_path)
    assert typed_path("../x") == tmp_path.parent / "x.json" and typed_path("./a/../b") == tmp_path / "b.json"
    # overlord serve (a visitor's own folder): the server's other folders are never written
    monkeypatch.setattr("overlord.session.browser_session_dir", lambda: tmp_path / "visitor")
    assert typed_path("/etc/x") is None and save_path("/etc/x").name == "etc-x.json"


def test_the_load_list_says_against_whom_each_game_was_played():
    """The list had no column for the opponent: the player had to guess which save was his game against whom
    (found by a helper)."""
    from overlord.ai.registry import levels
    from overlord.saves import against
    from overlord.tui.loadscreen import LoadScreen
    settings = {"allied_player": "human", "german_player": "computer"}
    doc = {"state": {"settings": settings}, "players": {"german": "rommel"}}
    assert against(doc) == "rommel" and against({"state": {"settings": settings}}) == ""  # (an older save)
    assert against({"state": {"settings": dict(settings, german_player="human")}}) == ""  # hot-seat
    longest = max(levels("allied") + levels("german"), key=len)
    row = LoadScreen.row({"path": Path("x.json"), "name": "n" * 30, "saved_at": "2026-11-27T14:52:28", "turn": "6/30",
                          "phase": "allied_movement", "score": -1234.5, "humans": "German", "against": longest})
    assert str(row).endswith(f"German v {longest}") and len(str(row)) <= 69  # (the list shows 69 at 80x24)
    # the computers' own game (simulate --save, W then Ctrl+S) said "None", read as a value missing: it names them
    computers = {"state": {"settings": {"allied_player": "computer", "german_player": "computer"}},
                 "players": {"allied": "ai", "german": "classic"}}
    assert against(computers) == "ai v classic"
    for named, shown in (("ai v classic", "ai v classic"), ("", "Computers")):
        row = LoadScreen.row({"path": Path("x.json"), "name": "sim", "saved_at": "2026-11-27T14:52:28", "turn": "6/20",
                              "phase": "game_over", "score": -125, "humans": "None", "against": named})
        assert str(row).endswith(f" {shown}") and "None" not in str(row)
    # a save's file renamed (or copied) is listed by the file's name, which Ctrl+O then names; its own when they agree
    # (a copy named dday.json was listed "D-Day-allied-m…" and loaded as "dday.json"; found by a helper)
    line = {"saved_at": "2026-11-27T14:52:28", "turn": "D-Day", "phase": "allied_movement", "score": 0,
            "humans": "Allied", "against": ""}
    assert str(LoadScreen.row({**line, "path": Path("dday.json"), "name": "D-Day-allied-movement"})).startswith("dday ")
    assert str(LoadScreen.row({**line, "path": Path("my-game.json"), "name": "my game"})).startswith("my game ")


def test_the_titles_search_for_a_game_imports_nothing_of_the_engine():
    """It ran overlord.saves in a thread, which imported the engine while the main thread did too: under `overlord
    serve` the game ended at once on an engine module half made (ImportError; found by the serve tests)."""
    import subprocess
    import sys
    code = ("import sys, overlord.resume, overlord.tui.title; "
            "print(sorted(m for m in sys.modules if m.startswith('overlord.engine')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr


async def test_a_resume_the_load_refuses_is_passed_over_for_the_next_game():
    """The title offered a save that loading refused, for ever, and never the older game that loads (found by a
    helper)."""
    from overlord.tui.loadscreen import LoadScreen
    from overlord.tui.title import TitleScreen
    saves_dir().mkdir(parents=True, exist_ok=True)
    good = computer_to_move()
    write_save(good, saves_dir() / "good.json")
    broken = saves_dir() / "broken.json"
    write_save(computer_to_move(7), broken)
    doc = json.loads(broken.read_text())
    doc["actions"] = doc["actions"][:-1]  # the state's hash no longer follows from the actions
    broken.write_text(json.dumps(doc))
    os.utime(saves_dir() / "good.json", (1, 1))  # the broken one is the newest
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, TitleScreen) and a.screen.resume is not None,
                         "the title to offer a game")
        assert app.screen.resume["name"] == "broken"
        await pilot.press("r")
        await wait_until(pilot, lambda a: isinstance(a.screen, LoadScreen), "the refusal, on the Load screen")
        await pilot.press("escape")
        await wait_until(pilot, lambda a: isinstance(a.screen, TitleScreen) and a.screen.resume is not None
                         and a.screen.resume["name"] == "good", "the next game offered")


def test_resume_passes_over_an_older_save_of_a_game_since_finished(tmp_path):
    """After a game's end the title offered its save of June 6, put back on the game just finished (found by a
    helper): a game whose newer save is finished is not offered; another game's older save still is."""
    from overlord.headless import play_out
    from overlord.resume import newest_game
    other = computer_to_move()
    write_save(other, tmp_path / "other.json", game_id="other")
    mine = computer_to_move()
    write_save(mine, tmp_path / "june-6.json", game_id="mine")
    finished = Game.new(computer_settings(scenario="two-week"), 5)
    play_out(finished, {side: make_player("classic", side, 5) for side in ("allied", "german")})
    write_save(finished, tmp_path / "autosave.json", game_id="mine")
    for age, name in enumerate(("autosave.json", "june-6.json", "other.json")):
        os.utime(tmp_path / name, (1_000_000 - age * 100, 1_000_000 - age * 100))  # the newest first
    assert newest_game(tmp_path)["path"] == tmp_path / "other.json"
    write_save(finished, tmp_path / "autosave.json", game_id="another")  # (not the same game: June 6 is offered)
    os.utime(tmp_path / "autosave.json", (1_000_000, 1_000_000))
    assert newest_game(tmp_path)["path"] == tmp_path / "june-6.json"


def set_up_game(seed: int = 5) -> Game:
    """A game left at its set-up: the scenario questions, one answered."""
    game = Game.new(None, seed)
    game.apply(Answer("Y"))
    assert game.state.phase == "questions"
    return game


def test_resume_finds_the_game_behind_many_newer_files_and_names_it_as_the_load_list_does(tmp_path):
    """R looked at the 30 newest files only: 40 notes (or finished games) newer than the game hid it. And it named the
    game by the name written inside the save: a copy of the autosave kept as backup.json was offered as "autosave"
    (both found by a helper)."""
    from overlord.resume import newest_game
    write_save(computer_to_move(), tmp_path / "backup.json", name="autosave", game_id="mine")
    os.utime(tmp_path / "backup.json", (1_000_000, 1_000_000))
    for n in range(40):
        (tmp_path / f"notes{n}.json").write_text('{"note": "not a save"}')
    found = newest_game(tmp_path)
    assert found is not None and found["path"] == tmp_path / "backup.json" and found["name"] == "backup"


def test_a_set_up_left_is_offered_only_when_no_game_is_in_progress_and_its_slot_is_free_to_take(tmp_path):
    """A set-up quit said the game was saved, but R never offered it; and each set-up quit took an autosave slot of
    its own (eight in as many starts; both found by helpers)."""
    from overlord.resume import newest_game
    from overlord.saves import slot_is_free
    write_save(set_up_game(), tmp_path / "autosave.json", game_id="set-up")
    found = newest_game(tmp_path)
    assert found is not None and found["path"] == tmp_path / "autosave.json" and found["turn"] == "set-up"
    assert slot_is_free(tmp_path / "autosave.json", "another game")  # a set-up holds no more than its answers
    write_save(computer_to_move(), tmp_path / "autosave-2.json", game_id="played")
    os.utime(tmp_path / "autosave-2.json", (1_000_000, 1_000_000))  # older than the set-up, and still offered first
    assert newest_game(tmp_path)["path"] == tmp_path / "autosave-2.json"
    assert not slot_is_free(tmp_path / "autosave-2.json", "another game")


async def test_a_game_ended_in_play_says_its_autosave_may_be_taken_and_ctrl_s_keeps_it():
    """A new game's autosave took the finished game's slot without a word: its report and replay were gone
    (found by a helper). The report says where the game is and that Ctrl+S keeps it."""
    game = Game.new(preset_settings("historical", scenario="two-week"), 10)
    players = {side: make_player("ai", side, 10) for side in ("allied", "german")}
    sides = []
    while not game.over:
        sides.append(str(game.prompt.side))
        game.apply(players[sides[-1]].choose(game))
    last_allied = max(i for i, side in enumerate(sides) if side == "allied")
    late, _ = Game.replay(game.settings, game.seed, game.actions[:last_allied + 1])  # the German's answers to come
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = write_save(late, saves_dir() / "late.json")
    from overlord.cli import build_parser, play_app
    app = play_app(build_parser().parse_args(["--load", str(path)]))
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, FinalScreen):  # (the last turn's reports read on the way)
            await wait_until(pilot, lambda a: isinstance(a.screen, (FinalScreen, ReportScreen, CombatResultScreen)),
                             "the computer German to end the game")
            if not isinstance(app.screen, FinalScreen):
                shown = app.screen
                await pilot.press("enter")
                await wait_until(pilot, lambda a, shown=shown: a.screen is not shown, "the report read")
        said = static_words(app.screen.query_one("#final-report"))
        assert "This game is in autosave.json, which the next game's autosave may take (a new one, or one loaded): Ctrl+S keeps it" in said
    assert load_save(autosave_path()).over


def test_a_game_ended_unasked_where_the_autosave_cannot_be_written_is_saved_in_the_temporary_folder(
        tmp_path, monkeypatch):
    """A kill (SIGTERM) or a closed window with the saves folder full lost the whole game: nobody is there to ask
    before quitting (found by a helper). The game now goes to the system's temporary folder, and the lines printed
    on the way out say so."""
    import tempfile
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("OVERLORD_SAVES", str(blocked / "saves"))  # no folder can be made there
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    session = Session(computer_to_move(), game_id="0123456789abcdef")
    with pytest.raises(OSError):
        session.autosave()
    path = session.rescue(fault=False)
    rescued = f"{rescue_prefix(saves_dir())}0123456789abcdef"  # (the saves folder it belongs to in its name)
    assert path == tmp_path / "temporary" / f"{rescued}.json"
    assert open_save(path).game.actions == session.game.actions
    assert any("saved in the temporary folder instead" in note and "R on the title resumes it" in note
               for note in session.notes)
    # the title's R offers it (it offered the autosave's older position, and nothing said where this one was; found
    # by a helper), and only to the folder it was rescued from
    assert newest_game(saves_dir()) == {"path": path, "name": "rescued", "turn": session.game.turn_label}
    assert newest_game(tmp_path) is None
    # a second rescue of the game, or another program's at once, never writes over the first; nor through a link
    # planted at the name (followed, it wrote the save over the file it led to; found by a helper)
    victim = tmp_path / "temporary" / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "temporary" / f"{rescued}-2.json").symlink_to(victim)
    again = Session(computer_to_move(), game_id="0123456789abcdef").rescue(fault=False)
    assert again == tmp_path / "temporary" / f"{rescued}-3.json"
    assert victim.read_text() == "precious" and open_save(path).game.actions == session.game.actions
    monkeypatch.setattr(tempfile, "tempdir", str(blocked))  # and where that cannot be written either: the first error
    with pytest.raises(OSError, match="saves"):
        Session(computer_to_move(), game_id="x").rescue(fault=False)


async def test_r_resumes_a_set_up_left_and_says_it_loaded_the_set_up():
    """R on a set-up left said "Loaded autosave.json: D-Day, Scenario", a turn not yet begun, where the Load list
    says Set-up (found by a helper)."""
    from overlord.tui.setup_screen import SetupScreen
    from overlord.tui.title import TitleScreen
    saves_dir().mkdir(parents=True, exist_ok=True)
    write_save(set_up_game(), saves_dir() / "autosave.json", game_id="set-up")
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, TitleScreen) and a.screen.resume is not None,
                         "the title to offer the set-up")
        assert app.screen.resume_label() == "Resume set-up, autosave"
        await pilot.press("r")
        await wait_until(pilot, lambda a: isinstance(a.screen, SetupScreen), "the set-up again")
        await wait_until(pilot, lambda a: any(str(n.message) == "Loaded autosave.json: the set-up."
                                              for n in a._notifications), "the notice")


def at_a_move(app) -> bool:
    """The game's screen, at a person's movement question."""
    from overlord.engine.prompts import MovePrompt
    return isinstance(app.screen, GameScreen) and app.accepting() and isinstance(app.session.game.prompt, MovePrompt)


async def test_a_long_phase_is_autosaved_now_and_then_not_only_at_its_start(monkeypatch):
    """The autosave was written at each new phase only: a kill -9 (or a power cut) lost every move of the Allied
    movement phase under way (found by a helper). Within a phase it is written every AUTOSAVE_EVERY seconds too."""
    import overlord.tui.app as app_module
    monkeypatch.setattr(app_module, "AUTOSAVE_EVERY", 0.0)  # (a minute in play: at once here)
    app = OverlordApp(game=Game.new(preset_settings("historical"), 7), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, until=at_a_move)
        game = app.session.game
        phase, before = (game.turn, game.phase), len(game.actions)
        await pilot.press(str(game.prompt.directions[0]))
        await wait_until(pilot, lambda a: len(json.loads(autosave_path().read_text())["actions"]) > before,
                         "the autosave to hold the move")
        assert (game.turn, game.phase) == phase  # within the phase, not at a new one


async def test_moves_made_then_left_idle_are_autosaved_when_the_minute_is_up(monkeypatch):
    """The minute's autosave was checked only at the next move: a player who moved, then stopped to think, lost
    those moves to a kill -9 however long he thought (found by a helper). They are written when it is up."""
    import overlord.tui.app as app_module
    monkeypatch.setattr(app_module, "AUTOSAVE_EVERY", 1.0)  # (a minute in play: a second here)
    app = OverlordApp(game=Game.new(preset_settings("historical"), 7), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, until=at_a_move)
        game = app.session.game
        app.autosaved_at = app_module.time.monotonic()  # (just written: the next move is not yet due)
        before = len(game.actions)
        await pilot.press(str(game.prompt.directions[0]))
        await wait_until(pilot, lambda a: len(game.actions) > before, "the move played")
        played = len(game.actions)
        # no more keys: the move is written all the same once the second is up
        await wait_until(pilot, lambda a: len(json.loads(autosave_path().read_text())["actions"]) == played,
                         "the autosave to hold the move, with no more moves")


async def test_the_load_list_offers_a_game_rescued_to_the_temporary_folder(tmp_path, monkeypatch):
    """R offers a rescued game while it is the newest; once another game was saved after it, it was in no list at
    all (found by a helper). The Load list has it, as "rescued", and loads it."""
    import tempfile
    from test_tui_screens import saves_listed
    from overlord.tui.loadscreen import LoadScreen
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    rescued = historical(11)
    drops(Session(rescued))
    write_save(rescued, tmp_path / "temporary" / f"{rescue_prefix(saves_dir())}0123456789abcdef.json",
               name="overlord-rescued", game_id="0123456789abcdef")
    write_save(historical(12), saves_dir() / "newer.json", name="newer")  # saved after it: R offers this one
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = await saves_listed(pilot)
        rows = {str(LoadScreen.row(s)).split()[0]: s for s in screen.saves}
        assert set(rows) == {"newer", "rescued"}
        assert str(LoadScreen.row(rows["rescued"])).startswith("rescued ")
        screen.query_one("#saves").highlighted = screen.saves.index(rows["rescued"])
        await pilot.press("enter")
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.session.game.actions == rescued.actions,
                         "the rescued game loaded")


def test_a_rescued_game_resumed_is_copied_into_the_saves_folder_at_its_first_autosave(tmp_path, monkeypatch):
    """A game resumed from its rescue in the temporary folder and quit at once stayed there alone, where the system
    may empty it, and the quit said so (found by a helper): its first autosave copies it into the saves folder."""
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    game = historical(11)
    drops(Session(game))
    rescue = tmp_path / "temporary" / f"{rescue_prefix(saves_dir())}0123456789abcdef.json"
    write_save(game, rescue, name=rescue.stem, game_id="0123456789abcdef")
    opened = open_save(rescue)
    session = Session.resumed(opened.game, opened)
    kept = session.autosave()
    assert kept is not None and kept.parent == saves_dir() and session.saved_in == kept
    assert open_save(kept).game.actions == game.actions
    assert session.autosave() == kept  # (and not again while nothing changes)
    plain = tmp_path / "mine.json"  # a save of the player's own, loaded and left, is not copied
    write_save(game, plain, name="mine", game_id="fedcba9876543210")
    opened = open_save(plain)
    assert Session.resumed(opened.game, opened).autosave() == plain


def test_a_rescued_game_saved_again_since_is_listed_as_older():
    """The rescued row stayed as it was once the game was autosaved again in the folder: an older position of the
    same game, loaded, starts a branch (found by a helper)."""
    from overlord.tui.loadscreen import LoadScreen, mark_superseded
    rescued = {"path": Path("/tmp/x.json"), "name": "x", "saved_at": "2026-11-29T01:36:00", "turn": "6/16",
               "phase": "allied_movement", "score": 70, "game_id": "abc", "humans": "Both", "against": "",
               "rescued": True}
    other = {**rescued, "game_id": "def", "saved_at": "2026-11-29T01:30:00"}
    saved = {**rescued, "path": Path("autosave-3.json"), "saved_at": "2026-11-29T01:40:00", "rescued": False}
    listed = [dict(saved), dict(rescued), dict(other)]
    mark_superseded(listed)
    assert [str(LoadScreen.row(s)).split("  ")[0] for s in listed] == ["autosave-3", "rescued, older", "rescued"]


async def test_in_a_browser_a_path_typed_as_the_saves_name_is_said_to_be_kept_among_the_browsers_saves(tmp_path,
                                                                                                      monkeypatch):
    """In a browser a save's name typed as a path ("/etc/x") is made a name ("etc-x"): it was, without a word (found by
    a helper). The notice says where it went and why."""
    from overlord import userdirs
    monkeypatch.setenv(userdirs.BROWSER_SESSIONS, str(tmp_path / "sessions"))
    userdirs.browser_session_dir.cache_clear()
    try:
        app = OverlordApp(game=historical(12), delay=0)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda a: isinstance(a.screen, SaveNameScreen), "the save's name asked")
            await pilot.press("ctrl+u", *"/etc/x", "enter")
            await wait_until(pilot, lambda a: (saves_dir() / "etc-x.json").exists(), "the game saved as etc-x.json")
            await wait_until(pilot, lambda a: any(
                n.message == "Saved as etc-x.json in this browser's saves: a game in a browser is saved among this "
                             "browser's saves only, not in a folder typed." for n in a._notifications), "it is said")
    finally:
        userdirs.browser_session_dir.cache_clear()


async def test_the_save_dialog_shows_the_file_a_name_makes_as_it_is_typed():
    """A long name is cut to 60 letters in the file's name, and signs made -, unsaid until it was written (found by
    a helper)."""
    game = historical(11)
    drops(Session(game))
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen), "the game")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda a: isinstance(a.screen, SaveNameScreen), "the save's name asked")
        name = "The longest campaign of them all, with Cherbourg taken on the 20th and Caen held"
        for key in ("ctrl+u", *name.replace(" ", "§")):
            await pilot.press("space" if key == "§" else key)
        file = f"File: {safe_filename(name)}.json"
        assert len(safe_filename(name)) == 60
        await wait_until(pilot, lambda a: static_words(a.screen.query_one("#save-file")) == file, "the file shown")
        await pilot.press("ctrl+u")  # nothing typed: the default name's file, as Enter would save it
        g = app.session.game
        default = f"File: {g.turn_label.replace('/', '-')}-{g.phase.replace('_', '-')}.json"
        await wait_until(pilot, lambda a: static_words(a.screen.query_one("#save-file")) == default, "the default's")
