"""Where the player's saves and preferences go, and the preferences kept between runs."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static

from overlord import preferences, userdirs
from overlord.cli import start_theme
from overlord.saves import saves_dir
from overlord.tui import loadscreen
from overlord.tui.app import OverlordApp
from overlord.tui.screens import HelpScreen

from test_tui_screens import saves_listed

ROOT = Path(__file__).resolve().parents[1]


def test_a_checkout_keeps_its_saves_beside_the_code(monkeypatch):
    monkeypatch.delenv("OVERLORD_SAVES")
    assert userdirs.is_checkout() and saves_dir() == ROOT / "saves"


def test_overlord_saves_overrides_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORD_SAVES", str(tmp_path / "elsewhere"))
    assert saves_dir() == tmp_path / "elsewhere"


def test_a_tilde_in_the_folders_named_is_the_home_folder(tmp_path, monkeypatch):
    """OVERLORD_SAVES=~/x made a folder named ~ where the game was started (a helper); a shell's ~ is the home."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OVERLORD_SAVES", "~/normandy")
    monkeypatch.setenv("OVERLORD_PREFERENCES", "~/overlord.toml")
    assert saves_dir() == tmp_path / "home" / "normandy"
    assert userdirs.preferences_path() == tmp_path / "home" / "overlord.toml"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
def test_an_installed_game_keeps_saves_and_preferences_in_the_users_folders(tmp_path, monkeypatch):
    monkeypatch.setattr(userdirs, "_CHECKOUT", tmp_path / "site-packages")  # no pyproject.toml there
    for name in ("OVERLORD_SAVES", "OVERLORD_PREFERENCES"):
        monkeypatch.delenv(name)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert saves_dir() == tmp_path / "data" / "overlord" / "saves"
    assert userdirs.preferences_path() == tmp_path / "config" / "overlord" / "preferences.toml"


def test_each_browser_session_gets_a_fresh_folder_of_its_own(tmp_path):
    # what `overlord serve` sets for its game processes; their own OVERLORD_SAVES (the server's) does not count
    env = dict(os.environ, OVERLORD_BROWSER_SESSIONS=str(tmp_path / "sessions"), OVERLORD_SAVES=str(tmp_path / "shared"))
    code = ("from overlord import userdirs; from overlord.saves import saves_dir; "
            "assert saves_dir() == saves_dir() == userdirs.preferences_path().parent; print(saves_dir())")
    folders = [Path(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                   check=True).stdout.strip()) for _ in range(2)]
    assert folders[0] != folders[1]
    assert all(f.parent == tmp_path / "sessions" and f.is_dir() and not any(f.iterdir()) for f in folders)


@pytest.fixture
def browser_session(tmp_path, monkeypatch):
    """A game process as `overlord serve` starts it: told the visitors' folder (and, by each test, whose game
    it is); the folder is worked out afresh, as in a new process."""
    monkeypatch.setenv(userdirs.BROWSER_SESSIONS, str(tmp_path / "sessions"))
    userdirs.browser_session_dir.cache_clear()
    yield tmp_path / "sessions"
    userdirs.browser_session_dir.cache_clear()


def test_a_browser_visitor_finds_the_same_folder_in_every_game(browser_session, monkeypatch):
    name = "0123456789abcdef" * 4
    monkeypatch.setenv(userdirs.BROWSER_VISITOR, name)
    assert saves_dir() == userdirs.preferences_path().parent == browser_session / name
    (saves_dir() / "autosave.json").write_text("{}")
    userdirs.browser_session_dir.cache_clear()  # the visitor's next game: a new process
    assert saves_dir() == browser_session / name and (saves_dir() / "autosave.json").exists()


@pytest.mark.parametrize("name", ["../../escape", "/tmp", "0123456789ABCDEF" * 4, "a" * 63, "a" * 65, "a" * 64 + "\n",
                                  "a" * 64 + "/..", "g" * 64, ""])
def test_a_visitor_folder_name_the_server_would_not_make_gets_a_fresh_folder(browser_session, monkeypatch, name):
    monkeypatch.setenv(userdirs.BROWSER_VISITOR, name)
    folder = saves_dir()
    assert folder.parent == browser_session and folder.is_dir() and not any(folder.iterdir())
    assert [p.name for p in browser_session.iterdir()] == [folder.name] and folder.name != name
    assert not (browser_session.parent / "escape").exists()


@pytest.mark.parametrize(("days", "kept"), [("30", 30), ("1", 1), ("0", None), ("-3", None), ("²", None),
                                            ("many", None), ("", None), ("99999999", None)])
def test_the_days_a_browsers_saves_are_kept_as_the_server_says(monkeypatch, days, kept):
    monkeypatch.setenv(userdirs.BROWSER_KEEP_DAYS, days)
    assert userdirs.browser_keep_days() == kept


async def test_in_a_browser_the_load_screen_and_help_name_no_folder_of_the_server(browser_session, monkeypatch,
                                                                                   tmp_path):
    monkeypatch.setenv(userdirs.BROWSER_VISITOR, "f" * 64)
    monkeypatch.setenv(userdirs.BROWSER_KEEP_DAYS, "30")
    app = OverlordApp()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await saves_listed(pilot)
        status = str(app.screen.query_one("#load-status", Static).content)
        assert status.startswith("No saves to load in this browser yet.") and "reload" in status
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=100, file=io.StringIO())
        console.print(app.screen.query_one(Static).content)
        help_text = console.file.getvalue()
        assert "kept on the game's server" in help_text and "unused for 30" in help_text
        assert str(tmp_path) not in status + help_text and "OVERLORD_SAVES" not in help_text
        assert "typed as a path" not in help_text  # (every save is kept for this browser; found by a helper)


async def test_in_a_browser_the_preferences_notice_names_no_folder_of_the_server(browser_session, monkeypatch,
                                                                                 tmp_path):
    from test_tui_keys import wait_until
    monkeypatch.setenv(userdirs.BROWSER_VISITOR, "f" * 64)
    userdirs.preferences_path().write_text('theme = "[/nope]"\n')
    app = OverlordApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: len(a._notifications) >= 1, "the notice")
        notice = next(iter(app._notifications))
        assert notice.title == "Preferences (this browser's saves/preferences.toml)", notice.title
        assert str(tmp_path) not in notice.title + str(notice.message)


async def test_in_a_browser_a_folder_that_cannot_be_read_is_not_named(browser_session, monkeypatch, tmp_path):
    monkeypatch.setenv(userdirs.BROWSER_VISITOR, "f" * 64)
    monkeypatch.setattr(loadscreen, "scan_saves",
                        lambda folder: ([], [f"{folder}: the saves folder cannot be read (Permission denied)"]))
    app = OverlordApp()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await saves_listed(pilot)
        problems = str(app.screen.query_one("#load-problems-text", Static).content)
        assert "this browser's saves: the saves folder cannot be read" in problems and str(tmp_path) not in problems


def test_a_preferences_file_that_is_a_link_is_written_through_it(tmp_path, monkeypatch):
    """The link was replaced by a file of its own, leaving the file it named (a dotfiles manager's) stale (found by
    a helper)."""
    kept = tmp_path / "dotfiles" / "overlord.toml"
    kept.parent.mkdir()
    kept.write_text('theme = "amber"\n')
    link = tmp_path / "config" / "preferences.toml"
    link.parent.mkdir()
    link.symlink_to(kept)
    monkeypatch.setenv("OVERLORD_PREFERENCES", str(link))
    preferences.remember(pace="slow")
    assert link.is_symlink() and link.resolve() == kept
    assert preferences.load() == {"theme": "amber", "pace": "slow"}


def test_preferences_are_written_and_read_back():
    assert preferences.load() == {}
    path = preferences.remember(theme="amber")
    assert path == userdirs.preferences_path() and path.exists()
    assert preferences.load() == {"theme": "amber"}
    preferences.remember(theme='odd "name" \\ é')
    assert preferences.load() == {"theme": 'odd "name" \\ é'}
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_the_one_atomic_writer_names_the_folder_or_the_file_it_could_not_write(tmp_path, monkeypatch):
    # saves and preferences are both written by userdirs.write_atomically: whole, or not at all
    blocker = tmp_path / "folder"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(OSError) as info:
        userdirs.write_atomically(blocker / "prefs.toml", "theme = 'amber'\n")
    assert info.value.filename == str(blocker)
    path = tmp_path / "prefs.toml"
    path.write_text("before")

    def full(fd):
        raise OSError(28, "No space left on device")
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as info:
        userdirs.write_atomically(path, "after")
    assert info.value.filename == str(path) and info.value.strerror == "No space left on device"
    assert str(info.value) == f"[Errno 28] No space left on device: {str(path)!r}"  # (it ended "-> None")
    assert path.read_text() == "before" and sorted(p.name for p in tmp_path.iterdir()) == ["folder", "prefs.toml"]
    monkeypatch.setattr(os, "fsync", real_fsync)
    userdirs.write_atomically(path, "after")
    assert path.read_text() == "after" and sorted(p.name for p in tmp_path.iterdir()) == ["folder", "prefs.toml"]


@pytest.mark.parametrize("content", [b"theme = [", b"\xff\xfe not text", b"theme = 3\n", b"colour = 'red'\n"])
def test_a_damaged_preferences_file_is_ignored_with_a_warning(content, capsys):
    userdirs.preferences_path().write_bytes(content)
    assert start_theme(None) == "phosphor"
    warning = capsys.readouterr().err
    assert warning.startswith("overlord: ") and "ignored" in warning and "Traceback" not in warning
    preferences.remember(theme="amber")  # the next change replaces the damaged file whole
    assert preferences.load() == {"theme": "amber"}


def test_an_unknown_remembered_theme_falls_back_to_phosphor(capsys):
    preferences.remember(theme="pink")
    assert start_theme(None) == "phosphor"
    assert "'pink' is unknown" in capsys.readouterr().err


def test_the_theme_on_the_command_line_is_used_and_remembered_once_the_game_runs(capsys):
    from overlord.cli import remember_theme
    assert start_theme("amber") == "amber"
    assert start_theme(None) == "phosphor"  # not yet: a run refused (no terminal) changed the theme remembered
    r = subprocess.run([sys.executable, "-m", "overlord", "--theme", "modern"], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and not userdirs.preferences_path().exists()
    remember_theme("amber")  # (run_app, once the keys can be read)
    assert start_theme(None) == "amber"
    r = subprocess.run([sys.executable, "-m", "overlord", "--theme", "pink"], capture_output=True, text=True)
    assert r.returncode == 2 and "invalid choice: 'pink'" in r.stderr
    from overlord.cli import play_parser
    assert play_parser().parse_args(["--theme", "Amber"]).theme == "amber"  # either case, as --german Rommel
    userdirs.preferences_path().write_text('theme = "amber"\nsomething = [1,2\n')  # damaged: written anew, and said
    remember_theme("modern")
    assert preferences.load() == {"theme": "modern"}
    said = capsys.readouterr().err
    assert "not a valid preferences file" in said and "the file is written anew with the theme modern" in said
    # what the damaged file held is kept beside it, and the warning said where (F5 wrote over it without a word;
    # found by a helper)
    kept = userdirs.preferences_path().with_name(userdirs.preferences_path().name + ".damaged")
    assert kept.read_text() == 'theme = "amber"\nsomething = [1,2\n'
    assert f"kept as {kept.name}" in said


async def test_f5_keeps_a_damaged_preferences_file_beside_the_new_one():
    path = userdirs.preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('theme = "amber\n')  # (an unclosed quote)
    app = OverlordApp()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
    assert preferences.load() == {"theme": app.theme}
    assert path.with_name(path.name + ".damaged").read_text() == 'theme = "amber\n'


async def test_the_theme_chosen_with_f5_is_the_next_runs():
    app = OverlordApp()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert app.theme == "amber"
    assert preferences.load() == {"theme": "amber"}
    assert start_theme(None) == "amber"
    app = OverlordApp(theme=start_theme(None))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert app.theme == "amber"


@pytest.mark.parametrize("odd", ["rommel\U0001F600", "a\x7fb", 'quote " and \\ backslash', "tab\tand\nline"])
def test_a_preference_with_any_character_is_written_as_toml_and_read_back(tmp_path, monkeypatch, odd):
    """json.dumps wrote a character past the first 65,536 as two escaped halves and DEL as it was: the file was then
    not TOML, and every preference in it (the theme too) was lost at the next start."""
    monkeypatch.setenv("OVERLORD_PREFERENCES", str(tmp_path / "p.toml"))
    preferences.remember(theme="amber")
    preferences.remember(computer_german=odd)
    said: list[str] = []
    assert preferences.load(said.append) == {"theme": "amber", "computer_german": odd} and said == []


async def test_what_the_preferences_hold_that_is_ignored_is_said_in_the_game():
    """It was said on the terminal before the screen came up, so seen only after quitting, and a commander of the
    wrong side or an unknown pace was dropped without a word (found by a helper)."""
    from test_tui_keys import wait_until
    userdirs.preferences_path().write_text('theme = "neon"\ncomputer_german = "bradley"\ncomputer_allied = 7\n'
                                           'pace = "warp"\nhints_allied = "ai"\n')
    app = OverlordApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: len(a._notifications) >= 1, "the notice")
        said = " ".join(str(n.message) for n in app._notifications)
        for part in ("theme = 'neon'", "computer_german = 'bradley'", "computer_allied should be text",
                     "pace = 'warp'"):
            assert part in said, said
        assert "hints_allied" not in said  # (a good value is not said)
        # and not written back when another preference changes: it was said again at every start
        preferences.remember(theme="amber")
        kept = preferences.load()
        assert kept == {"theme": "amber", "hints_allied": "ai"}, kept
    preferences.unknown.clear()

    # a bracket read as markup ended the game at every start; 200 bad keys ran the notice off the screen
    userdirs.preferences_path().write_text('"[/k]" = "v"\ntheme = "[/nope]"\n' + "".join(f'bad{n} = "x"\n'
                                                                                          for n in range(200)))
    app = OverlordApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: len(a._notifications) >= 1, "the notice")
        said = str(next(iter(app._notifications)).message)
        assert said.startswith("[/k] is not a preference") and said.count("\n") < 8 and "more ignored" in said
        await pilot.pause(0.2)  # (drawn: the markup error came as the notice was drawn)
        assert app.is_running
