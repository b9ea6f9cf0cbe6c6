"""Never lose a position: every way the game can end saves it first.

The real program runs in a pseudo-terminal, as in a player's terminal window: keys are typed into it, and
it is ended as a window closing (SIGHUP), a kill (SIGTERM) or an interrupt (SIGINT) ends it, or fed bytes no
terminal in UTF-8 sends. Each test waits for what the game shows (the words of its screen) or for the files
it writes, never for a moment: the machine running the tests may be slow and busy.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pyte
import pytest

from overlord import preferences
from overlord.engine.actions import Allocate, Answer, ChooseUnit, Move
from overlord.engine.data import DataError, load_data
from overlord.engine.game import Game
from overlord.saves import (AUTOSAVE, MAX_ACTIONS, SaveError, UnreadableSave, is_autosave_slot, load_save, open_save,
                            read_document, saves_dir, scan_saves, to_document, write_save)
from overlord.tui.app import OverlordApp
from overlord.session import Session

from helpers import autosave_path
from test_tui_keys import wait_until
from test_tui_screens import loaded

ROOT = Path(__file__).resolve().parents[1]
DEADLINE = 120  # seconds for anything the game is waited for: generous, for a loaded machine

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32", reason="a POSIX terminal")


class TerminalGame:
    """The game as a program in a pseudo-terminal of 80x24, its screen read in a thread so it never blocks."""

    def __init__(self, script: str, saves: Path) -> None:
        import fcntl
        import pty
        import struct
        import termios
        env = dict(os.environ, OVERLORD_SAVES=str(saves), OVERLORD_PREFERENCES=str(saves / "prefs.toml"),
                   TERM="xterm-256color", PYTHONPATH=str(ROOT))
        env.pop("OVERLORD_BROWSER_SESSIONS", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the game
            os.chdir(saves)
            os.execve(sys.executable, [sys.executable, "-c", script], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""  # everything the game wrote
        self.screen = pyte.Screen(80, 24)  # what a terminal shows of it
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.status: int | None = None

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the game has ended and the terminal with it
                return
            if not chunk:
                return
            with self.lock:
                self.output += chunk
                self.stream.feed(chunk)

    def shown(self) -> str:
        """The terminal's screen now, line by line."""
        with self.lock:
            return "\n".join(line.rstrip() for line in self.screen.display)

    def printed(self) -> str:
        """Everything the game wrote, as text (what it prints once the screen is given back is at the end)."""
        with self.lock:
            return self.output.decode("utf-8", "replace")

    def wait_for(self, words: str) -> None:
        """Wait until ``words`` are on the screen."""
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            if words in self.shown():
                return
            if self.ended():
                break
            time.sleep(0.05)
        raise AssertionError(f"{words!r} never shown; the screen:\n{self.shown()}")

    def type(self, keys: bytes | str) -> None:
        os.write(self.fd, keys.encode() if isinstance(keys, str) else keys)

    def ended(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status is not None

    def exit_status(self) -> int:
        """The program's exit status, once it has ended (128 + N for a signal it did not catch)."""
        deadline = time.monotonic() + DEADLINE
        while not self.ended():
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                raise AssertionError(f"the game did not end; its screen:\n{self.shown()}")
            time.sleep(0.05)
        self.reader.join(timeout=10)
        assert self.status is not None
        return os.waitstatus_to_exitcode(self.status) if os.WIFEXITED(self.status) else 128 + os.WTERMSIG(self.status)

    def close(self) -> None:
        if not self.ended():
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        try:
            os.close(self.fd)
        except OSError:
            pass


GAME = "from overlord.cli import main\nraise SystemExit(main({args!r}))\n"


@pytest.fixture
def terminal_game(tmp_path):
    games: list[TerminalGame] = []

    def start(*args: str, script: str | None = None) -> TerminalGame:
        game = TerminalGame(script or GAME.format(args=list(args)), tmp_path)
        games.append(game)
        return game
    yield start
    for game in games:
        game.close()


def actions_in(path: Path) -> int:
    return len(json.loads(path.read_text())["actions"])


def to_first_move(game: TerminalGame) -> None:
    """From ``overlord --seed 21``: the scenario's defaults, the three drops, the report, the allocation; then
    one step at sea of the 4th Infantry."""
    game.wait_for("Change any ratings or players?")
    game.type("\r")
    game.wait_for("Who commands the computer German?")
    game.type("\r")  # the one shown: the ai
    for division in ("82nd", "101st", "6th"):  # each drops at its first zone
        game.wait_for(f"AIRBORNE DROP: {division}")
        game.type("y")
    game.wait_for("Press Enter to continue")
    game.type("\r")
    game.wait_for("TRANSPORT ALLOCATION")
    game.type("\r\r\r\r")
    game.wait_for("(10 moves at sea left)")
    game.type("5")
    game.wait_for("(9 moves at sea left)")


@pytest.mark.parametrize("name", ["SIGHUP", pytest.param("SIGTERM", marks=pytest.mark.slow),
                                  pytest.param("SIGINT", marks=pytest.mark.slow)])
def test_a_signal_saves_every_move_then_ends_as_the_shell_expects(terminal_game, tmp_path, name):
    """A closed window or a lost ssh (SIGHUP), a kill (SIGTERM), an interrupt (SIGINT): the moves since the
    phase's autosave are saved too, and the exit status is 128 + the signal's number."""
    game = terminal_game("--seed", "21")
    to_first_move(game)
    autosave = tmp_path / "autosave.json"
    assert actions_in(autosave) == 5  # the autosave as the movement began, before the step at sea
    number = getattr(signal, name)
    os.kill(game.pid, number)
    assert game.exit_status() == 128 + number
    assert actions_in(autosave) == 6  # the step at sea is in it
    assert "Resume it with: overlord --load" in game.printed()


def moves_at_sea_left(game: TerminalGame) -> int:
    found = re.search(r"\((\d+) moves at sea left\)", game.shown())
    assert found, game.shown()
    return int(found.group(1))


@pytest.mark.parametrize("garbage", [b"\xff", b"\xe9A", b"\x1b[99999999999999u"],
                         ids=["eighth-bit", "latin-1", "huge-number"])
def test_bytes_no_terminal_in_utf8_sends_never_end_the_game(terminal_game, tmp_path, garbage):
    """Textual 8.2.8's input thread dies on these; here the game goes on: the keys after them work, and Ctrl+Q
    saves and quits as ever. (A key read together with bad bytes may be dropped with them, so 5 is typed
    until the 4th Infantry sails on; the A of Latin-1's "éA" is a key too: the next formation at sea.)"""
    game = terminal_game("--seed", "21")
    to_first_move(game)
    game.type(garbage)
    deadline = time.monotonic() + DEADLINE
    while moves_at_sea_left(game) == 9:
        assert time.monotonic() < deadline and not game.ended(), game.shown()
        game.type("5")
        time.sleep(1)  # (only how often to try: any number of tries gives the same checks below)
    game.type(b"\x11")  # Ctrl+Q
    assert game.exit_status() == 0
    assert len(open_save(tmp_path / "autosave.json").game.actions) >= 7  # a move before the bytes, one after


CRASH_IN_PLAY = """
import overlord.tui.game_screen as game_screen
original = game_screen.GameScreen.on_key
def broken(self, event):
    if event.character == "7":
        raise RuntimeError("a bug met in play")
    return original(self, event)
game_screen.GameScreen.on_key = broken
from overlord.cli import main
raise SystemExit(main(["--seed", "21"]))
"""


def test_a_fault_in_play_saves_the_game_then_says_so_and_exits_1(terminal_game, tmp_path):
    """A bug met in the middle of a turn: the program ends with its traceback and exit status 1, the game saved
    first with every move, and the way to resume it is printed."""
    game = terminal_game(script=CRASH_IN_PLAY)
    to_first_move(game)
    game.type("7")
    assert game.exit_status() == 1
    text = game.printed()
    assert "a bug met in play" in text and "Overlord stopped on an error" in text
    assert "Resume it with: overlord --load" in text
    assert actions_in(tmp_path / "autosave.json") == 6


# ---------------------------------------------------------------- an older save never buries a newer position
def at_sea(seed: int = 21) -> Game:
    """A new game (the scenario's defaults, the three drops, the suggested transport) at its first move."""
    game = Game.new(None, seed)
    game.apply(Answer("N"))
    for _ in range(3):
        game.apply(Answer("Y"))
    suggested = game.prompt.suggested
    game.apply(Allocate(suggested.fuel, suggested.general, suggested.combat, suggested.amphibious))
    return game


def step(session: Session, direction: int) -> None:
    session.apply(Move(session.game.prompt.unit, direction))


def test_a_game_played_on_from_an_older_save_is_a_branch_in_a_slot_of_its_own():
    """The issue's case: a save at the drops, the game played on and autosaved; then that save loaded and played
    another way. The later position stays in autosave.json; the branch autosaves to autosave-2.json and says so."""
    first = Session(at_sea())
    earlier = write_save(first.game, saves_dir() / "D-Day-airborne.json", game_id=first.game_id)
    step(first, 5)
    step(first, 5)
    assert first.autosave() == autosave_path()
    later = autosave_path().read_bytes()
    opened = open_save(earlier)
    branch = Session.resumed(opened.game, opened)
    step(branch, 4)
    assert branch.autosave() == saves_dir() / "autosave-2.json"
    assert autosave_path().read_bytes() == later  # the later position is as it was
    assert branch.notes == ["autosave.json keeps this game's other position (D-Day); played on from an earlier "
                            "save, this game autosaves to autosave-2.json."]
    step(first, 5)  # the first line of play goes on in its own slot
    assert first.autosave() == autosave_path()
    assert len(load_save(saves_dir() / "autosave-2.json").actions) == 6  # the save's five, and the branch's step


def test_the_autosave_of_a_game_played_on_from_it_or_from_an_earlier_point_of_its_line_goes_on_in_it():
    s = Session(at_sea())
    step(s, 5)
    s.autosave()
    opened = open_save(autosave_path())
    resumed = Session.resumed(opened.game, opened)
    step(resumed, 5)
    assert resumed.autosave() == autosave_path() and not resumed.notes
    earlier = Session(at_sea(), game_id=s.game_id)  # the same game, from before the autosave's position...
    step(earlier, 5)
    step(earlier, 5)
    step(earlier, 5)  # ... played on through it: the autosave is an earlier point of its own line
    assert earlier.autosave() == autosave_path() and not earlier.notes


def test_quitting_after_a_save_in_another_folder_brings_the_autosave_up_to_date_too(tmp_path):
    """Ctrl+S to a path outside the saves folder, then Ctrl+Q: the autosave stayed at the phase's start, and R on
    the title (which looks in the saves folder only) resumed it, the moves since lost (found by a helper)."""
    def sail(session: Session) -> None:
        session.apply(next(a for a in session.game.legal_actions() if isinstance(a, Move)))

    s = Session(at_sea())
    sail(s)
    assert s.autosave() == autosave_path()
    sail(s)
    sail(s)
    elsewhere = tmp_path / "usb"
    elsewhere.mkdir()
    assert s.save(str(elsewhere / "mine")) == elsewhere / "mine.json"
    assert s.autosave() == elsewhere / "mine.json"  # (the farewell names the player's own save)
    assert actions_in(autosave_path()) == len(s.game.actions) == actions_in(elsewhere / "mine.json")
    autosave_path().unlink()
    opened = open_save(elsewhere / "mine.json")
    left = Session.resumed(opened.game, opened)
    assert left.autosave() == elsewhere / "mine.json" and not autosave_path().exists()  # loaded and left: no copy
    sail(left)
    assert left.autosave() == autosave_path()


def test_a_save_elsewhere_when_the_autosave_cannot_be_written_says_the_title_may_offer_an_older_one(tmp_path):
    """The saves folder unwritable at the quit, the game held by a save typed as a path elsewhere: it quit without a
    word, and R on the title then offered the autosave's older position (found by a helper)."""
    s = Session(at_sea())
    assert s.autosave() == autosave_path()  # (the older position)
    blocked = saves_dir()
    shutil.rmtree(blocked)
    blocked.write_text("a file where the saves folder was")
    s.apply(next(a for a in s.game.legal_actions() if isinstance(a, Move)))
    elsewhere = tmp_path / "usb"
    elsewhere.mkdir()
    assert s.save(str(elsewhere / "mine")) == elsewhere / "mine.json"
    assert s.autosave() == elsewhere / "mine.json"  # nothing lost: no question at the quit
    assert s.notes == [f"the autosave could not be brought up to date ({blocked}: is not a folder, so no save can go "
                       f"in it): R on the title may offer an older position; this one is in {elsewhere / 'mine.json'}"]
    s.autosave()
    assert len(s.notes) == 1  # (said once)


async def test_quitting_a_branch_says_where_both_positions_are():
    first = Session(at_sea())
    earlier = write_save(first.game, saves_dir() / "early.json", game_id=first.game_id)
    step(first, 5)
    first.autosave()
    later = autosave_path().read_bytes()
    app = OverlordApp(loaded=open_save(earlier), delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("4")
        await wait_until(pilot, lambda a: len(a.session.game.actions) > 5, "the step to be played")
        await pilot.press("ctrl+q")
    assert autosave_path().read_bytes() == later
    assert app.farewell is not None
    assert "autosave.json keeps this game's other position" in app.farewell
    assert "the game is saved in" in app.farewell and "autosave-2.json" in app.farewell


async def test_quitting_a_branch_says_where_both_positions_are_though_the_game_said_it_already():
    first = Session(at_sea())
    earlier = write_save(first.game, saves_dir() / "early.json", game_id=first.game_id)
    step(first, 5)
    first.autosave()
    app = OverlordApp(loaded=open_save(earlier), delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("4")
        await wait_until(pilot, lambda a: len(a.session.game.actions) > 5, "the step to be played")
        app.session.autosave()  # (as a new phase's autosave does: the note is shown in the game, and cleared)
        app.call_later(app._show_notes)
        await wait_until(pilot, lambda a: not a.session.notes, "the note to be shown")
        await pilot.press("ctrl+q")
    # the lines printed on quitting still say it (docs/reliability.md; they did not: found by a helper)
    assert app.farewell is not None and "autosave.json keeps this game's other position" in app.farewell


# ---------------------------------------------------------------- links, names, times, data
def test_links_in_the_saves_folder_are_never_followed_out_of_it(tmp_path):
    game = at_sea()
    outside = tmp_path / "outside.json"
    write_save(game, outside)
    before = outside.read_bytes()
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "mine.json").symlink_to(outside)
    (folder / f"{AUTOSAVE}.json").symlink_to(outside)
    with pytest.raises(OSError, match="link out of its folder"):
        write_save(game, folder / "mine.json")
    s = Session(at_sea())
    step(s, 5)
    assert s.autosave() == folder / "autosave-2.json"  # the slot that is a link is not free
    assert outside.read_bytes() == before
    saves, problems = scan_saves(folder)
    assert [p["path"].name for p in saves] == ["autosave-2.json"]
    assert sorted(problems) == ["autosave.json: a link to a file outside the saves folder; it is not read",
                                "mine.json: a link to a file outside the saves folder; it is not read"]
    write_save(game, folder / "real.json")
    (folder / "alias.json").symlink_to("real.json")  # a link to another save in the folder is written through
    write_save(s.game, folder / "alias.json")
    assert (folder / "alias.json").is_symlink() and len(load_save(folder / "real.json").actions) == 6


async def test_the_save_dialog_says_a_name_is_a_link_elsewhere_and_writes_nothing(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text("the player's own file")
    saves_dir().mkdir(parents=True)
    (saves_dir() / "mine.json").symlink_to(outside)
    app = OverlordApp(game=at_sea(), delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s", "ctrl+u", *"mine", "enter")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any("is a link to" in m and "never written through" in m for m in said), said
    assert outside.read_text() == "the player's own file"


def test_the_time_a_save_was_made_is_checked_and_look_alike_names_are_not_autosave_slots():
    game = at_sea()
    path = write_save(game, saves_dir() / "x.json")
    doc = json.loads(path.read_text())
    for bad in ("9" * 5000, "yesterday", "2026-13-45T00:00:00", "２０２６-06-06"):
        doc["saved_at"] = bad
        path.write_text(json.dumps(doc))
        with pytest.raises(SaveError, match="'saved_at' is not a date and time"):
            read_document(path)
    assert not is_autosave_slot(Path("autoſave.json")) and not is_autosave_slot(Path("AUTOſAVE-2.json"))
    assert is_autosave_slot(Path("AutoSave-2.json"))


def test_a_save_played_with_other_data_says_so_when_it_no_longer_replays(tmp_path):
    game = at_sea()
    unit = game.prompt.unit
    game.apply(Move(unit, 5))
    game.apply(Move(unit, 5))
    path = write_save(game, tmp_path / "two-steps.json")
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    rules = data / "rules.toml"
    rules.write_text(rules.read_text().replace("ocean_steps = 10 ", "ocean_steps = 1  "))
    env = dict(os.environ, OVERLORD_DATA=str(data))
    result = subprocess.run([sys.executable, "-m", "overlord", "replay", str(path)], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=DEADLINE)
    assert result.returncode == 2
    assert "action 7 of " in result.stderr and " is illegal on replay" in result.stderr
    assert "it was played with other game data" in result.stderr


# ---------------------------------------------------------------- bounded and refused
def test_a_preferences_file_that_is_a_pipe_or_an_endless_device_is_ignored_at_once(tmp_path, monkeypatch):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        monkeypatch.setenv("OVERLORD_PREFERENCES", str(path))
        said: list[str] = []
        assert preferences.load(said.append) == {}
        assert "not a preferences file" in said[0] and "ignored" in said[0]
    big = tmp_path / "big.toml"
    big.write_text("theme = 'amber'\n" + "#" * 100_000)
    monkeypatch.setenv("OVERLORD_PREFERENCES", str(big))
    said = []
    assert preferences.load(said.append) == {} and "too large" in said[0]


def padded(extra: int) -> Path:
    """A legal save of a game at its first move, padded with ``extra`` choices of unit back and forth."""
    game = at_sea()
    choices = [a for a in game.legal_actions() if isinstance(a, ChooseUnit)][:2]
    for i in range(extra):
        game.apply(choices[i % 2])
    return write_save(game, saves_dir() / f"padded-{extra}.json")


def test_a_save_with_more_actions_than_any_real_game_is_refused_before_it_is_replayed():
    """A file written by something other than the game (write_save refuses to write it: UnreadableSave)."""
    with pytest.raises(UnreadableSave, match="too many actions"):
        padded(MAX_ACTIONS)
    path = saves_dir() / f"padded-{MAX_ACTIONS}.json"
    assert not path.exists()
    game = at_sea()
    choices = [a for a in game.legal_actions() if isinstance(a, ChooseUnit)][:2]
    for i in range(MAX_ACTIONS):
        game.apply(choices[i % 2])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(to_document(game, "padded", "0" * 16)), encoding="utf-8")
    with pytest.raises(SaveError, match="too many actions"):
        read_document(path)


async def test_a_save_loads_in_a_thread_while_the_game_on_screen_still_answers_keys(monkeypatch):
    """The replay of a long save never freezes the screen: it runs in a worker, and the keys work meanwhile."""
    import overlord.saves as saves
    path = padded(2000)
    may_finish = threading.Event()
    real_open = saves.open_save

    def slow_open(p):
        assert may_finish.wait(DEADLINE)
        return real_open(p)
    monkeypatch.setattr(saves, "open_save", slow_open)
    app = OverlordApp(game=at_sea(), delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.load_file(path)
        assert app.loading == path
        await pilot.press("5")  # the game on screen still plays
        await wait_until(pilot, lambda a: len(a.session.game.actions) == 6, "the step to be played")
        assert app.loading == path
        may_finish.set()
        await loaded(pilot)
        assert len(app.session.game.actions) == 5 + 2000
    assert len(load_save(autosave_path()).actions) == 6  # the game left was autosaved


FIRST_IMPORTS_OFF_MAIN = """
import asyncio, builtins, importlib.util, sys, threading
from overlord.tui.app import OverlordApp
assert "overlord.engine" not in sys.modules  # (the title comes up before the engine is imported)
first_off_main = []
real_import = builtins.__import__

def watched(name, globals=None, locals=None, fromlist=(), level=0):
    full = importlib.util.resolve_name("." * level + name, (globals or {}).get("__package__") or "") if level else name
    if threading.current_thread() is not threading.main_thread() and full.startswith("overlord") \\
            and full not in sys.modules:
        first_off_main.append(full)
    return real_import(name, globals, locals, fromlist, level)

async def main():
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        builtins.__import__ = watched
        app.load_file(sys.argv[1])
        while app.loading is not None or app.session is None:
            await pilot.pause(0.05)
        builtins.__import__ = real_import
    print(first_off_main)
asyncio.run(main())
"""


def test_a_load_imports_no_module_of_the_game_first_in_its_thread(tmp_path):
    """R pressed as the title came up: the load's thread imported the saves (and the engine) while the main thread's
    check of data/ was importing the engine, and the two met its modules half made: "cannot import name 'Game' from
    partially initialized module" ended the game (found by a helper, in a browser). A fresh program: the load's
    thread imports no module of the game's that is not in already."""
    path = write_save(at_sea(), tmp_path / "early.json")
    done = subprocess.run([sys.executable, "-c", FIRST_IMPORTS_OFF_MAIN, str(path)], capture_output=True, text=True,
                          timeout=DEADLINE, env=dict(os.environ, OVERLORD_SAVES=str(tmp_path)))
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_every_count_a_phase_loops_over_is_bounded_and_deep_nesting_is_refused_with_its_line(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    rules = data / "rules.toml"
    original = rules.read_text()
    rules.write_text(original.replace("passes = 2 ", "passes = 1000000000 "))
    with pytest.raises(DataError) as info:
        load_data(data)
    assert "rules.toml" in info.value.file and "passes" in info.value.field and "above the most allowed" in str(info.value)
    for depth in (3000, 50_000):
        rules.write_text(original + "\ndeep = " + "[" * depth + "]" * depth + "\n")
        with pytest.raises(DataError) as info:
            load_data(data)
        assert info.value.line == len(original.splitlines()) + 2 and "nested more than 100 deep" in str(info.value)


def test_the_commands_refuse_what_they_cannot_mean(tmp_path):
    def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "overlord", *args], env=dict(os.environ, **env), cwd=ROOT,
                              capture_output=True, text=True, timeout=DEADLINE)
    jobs = run("fuzz", "--games", "1", "--jobs", "100000")
    assert jobs.returncode == 2 and "--jobs must be from 1 to 64" in jobs.stderr
    arabic = run("--seed", "١٢")
    assert arabic.returncode == 2 and "a seed is" in arabic.stderr
    a_file = tmp_path / "data.toml"
    a_file.write_text("")
    data = run("map", OVERLORD_DATA=str(a_file))
    assert data.returncode == 2 and "is a file, not the data folder" in data.stderr


def test_a_window_closed_ends_the_game_saved_never_a_process_left_behind(terminal_game, tmp_path):
    """The terminal window closed (its master side gone: SIGHUP, and nothing left to write to): the game is saved,
    and its process ends."""
    game = terminal_game("--seed", "21")
    to_first_move(game)
    os.close(game.fd)  # the window closes: the kernel hangs up the game's terminal
    deadline = time.monotonic() + DEADLINE
    while not game.ended():
        assert time.monotonic() < deadline, "the game's process was left running"
        time.sleep(0.05)
    assert actions_in(tmp_path / "autosave.json") == 6  # the step at sea is in it


def test_a_signalled_app_that_does_not_end_is_ended_for_it(monkeypatch):
    """Textual's shutdown could wait for ever on a terminal gone (its writer thread): a joined game's process was
    left running after its window closed, deaf to SIGTERM (found by a helper). A signalled app has HANG_UP_GRACE
    seconds to end; then the process is ended (the game saved by then, or kept by its host)."""
    from overlord.tui import app as app_module
    ended = threading.Event()
    codes = []

    def exit_now(code):
        codes.append(code)
        ended.set()
    monkeypatch.setattr(app_module, "HANG_UP_GRACE", 0.01)
    monkeypatch.setattr(app_module.os, "_exit", exit_now)
    app = app_module.OverlordApp(seed=1)
    monkeypatch.setattr(type(app), "is_headless", property(lambda self: False))
    app.watch_the_exit(129)
    assert ended.wait(DEADLINE) and codes == [129]
    headless = app_module.OverlordApp(seed=1)
    monkeypatch.setattr(type(app), "is_headless", property(lambda self: True))
    headless.watch_the_exit(129)  # (a test's app: never)
    assert headless.exit_watchdog is None
