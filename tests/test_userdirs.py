"""Where the player's saves and preferences go, and the preferences kept between runs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from overlord import preferences, userdirs
from overlord.cli import start_theme
from overlord.saves import saves_dir
from overlord.tui.app import OverlordApp

ROOT = Path(__file__).resolve().parents[1]


def test_a_checkout_keeps_its_saves_beside_the_code(monkeypatch):
    monkeypatch.delenv("OVERLORD_SAVES")
    assert userdirs.is_checkout() and saves_dir() == ROOT / "saves"


def test_overlord_saves_overrides_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORD_SAVES", str(tmp_path / "elsewhere"))
    assert saves_dir() == tmp_path / "elsewhere"


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


def test_preferences_are_written_and_read_back():
    assert preferences.load() == {}
    path = preferences.remember(theme="amber")
    assert path == userdirs.preferences_path() and path.exists()
    assert preferences.load() == {"theme": "amber"}
    preferences.remember(theme='odd "name" \\ é')
    assert preferences.load() == {"theme": 'odd "name" \\ é'}
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []


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


def test_the_theme_on_the_command_line_is_used_and_remembered():
    assert start_theme("amber") == "amber"
    assert start_theme(None) == "amber"
    r = subprocess.run([sys.executable, "-m", "overlord", "--theme", "pink"], capture_output=True, text=True)
    assert r.returncode == 2 and "invalid choice: 'pink'" in r.stderr


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
