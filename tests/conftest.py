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
