from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    """Tests never write into the real saves/ folder, nor the player's preferences."""
    monkeypatch.setenv("OVERLORD_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("OVERLORD_PREFERENCES", str(tmp_path / "preferences.toml"))
    monkeypatch.delenv("OVERLORD_BROWSER_SESSIONS", raising=False)


@pytest.fixture(scope="session")
def data():
    from overlord.engine.data import cached_data
    return cached_data()


@pytest.fixture(autouse=True)
def _a_person_between_keys(monkeypatch):
    """The tests press keys far faster than a person can: to the game screen's clock, each reading is a second after
    the last, so that no key of theirs is taken for a key held down (game_screen.HELD_KEY_GAP). A test of the held
    key sets the screen's clock itself, and so does a test of the hand-over's guard (screens.HANDOVER_GUARD)."""
    import itertools
    import types
    from overlord.tui import game_screen
    from overlord.tui import screens
    seconds = itertools.count()
    clock = types.SimpleNamespace(monotonic=lambda: float(next(seconds)))
    monkeypatch.setattr(game_screen, "time", clock)
    monkeypatch.setattr(screens, "time", clock)  # (and to the hand-over's: no Enter of theirs is typed on)
