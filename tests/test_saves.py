import json
import subprocess
import sys
from pathlib import Path

import pytest

from overlord.engine import Game
from overlord.saves import SaveError, load_save, verify_replay, write_save

from helpers import computer_settings, play

ROOT = Path(__file__).resolve().parents[1]


def test_round_trip_at_many_prompts(tmp_path):
    game = Game.new(None, seed=11)
    players_done = 0
    path = tmp_path / "g.json"
    from overlord.ai import make_player
    players = {s: make_player("random", s, 4) for s in ("allied", "german")}
    while not game.over:
        if players_done % 7 == 0:
            write_save(game, path)
            loaded = load_save(path)
            assert loaded.state_hash() == game.state_hash()
            assert loaded.prompt == game.prompt
            assert loaded.actions == game.actions
        game.apply(players[game.prompt.side].choose(game))
        players_done += 1
    write_save(game, path)
    assert load_save(path).over


def test_loaded_game_continues_exactly_like_the_original(tmp_path):
    game = Game.new(computer_settings(), seed=12)
    play(game, "random", "random", seed=3, stop=lambda g: len(g.actions) >= 40)
    write_save(game, tmp_path / "mid.json")
    other = load_save(tmp_path / "mid.json")
    play(game, "random", "random", seed=8)
    play(other, "random", "random", seed=8)
    assert game.state_hash() == other.state_hash()


def _good_save(tmp_path) -> Path:
    game = Game.new(computer_settings(), seed=13)
    play(game, "random", "random", seed=1, stop=lambda g: len(g.actions) >= 30)
    return write_save(game, tmp_path / "good.json")


def _corpus(tmp_path):
    good = _good_save(tmp_path)
    text = good.read_text()
    doc = json.loads(text)

    def variant(name, content):
        p = tmp_path / f"{name}.json"
        p.write_bytes(content if isinstance(content, bytes) else content.encode())
        return p

    def edit(name, fn):
        d = json.loads(text)
        fn(d)
        return variant(name, json.dumps(d))

    yield variant("truncated", text[: len(text) // 2])
    yield variant("empty", "")
    yield variant("binary", bytes(range(256)) * 4)
    yield variant("not-an-object", "[1, 2, 3]")
    yield variant("deep", "[" * 100000 + "]" * 100000)
    yield edit("wrong-version", lambda d: d.update(version=99))
    yield edit("wrong-format", lambda d: d.update(format="chess"))
    yield edit("seed-string", lambda d: d.update(seed="13"))
    yield edit("huge-seed", lambda d: d.update(seed=10**400))
    yield edit("actions-not-list", lambda d: d.update(actions={"a": 1}))
    yield edit("unknown-action", lambda d: d["actions"].append({"type": "Nuke"}))
    yield edit("action-wrong-type", lambda d: d["actions"][0].update(choice=7))
    yield edit("illegal-action", lambda d: d["actions"].insert(0, {"type": "EndPhase"}))
    yield edit("unknown-unit", lambda d: d["state"]["units"].update({"xx-1": d["state"]["units"]["us-1-inf"]}))
    yield edit("wrong-state-type", lambda d: d["state"].update(turn="three"))
    yield edit("huge-number", lambda d: d["state"]["pools"].update(fuel=10**300))
    yield edit("hash-mismatch", lambda d: d.update(state_hash="0" * 64))
    yield edit("snapshot-tampered", lambda d: d["state"]["pools"].update(combat=d["state"]["pools"]["combat"] + 1))
    yield edit("bad-settings", lambda d: d.update(settings={"scenario": "moon"}))
    yield edit("extra-key", lambda d: d["state"].update(cheat=True))
    yield edit("missing-state", lambda d: d.pop("state"))


def test_every_malformed_save_is_refused_with_one_line(tmp_path):
    n = 0
    for path in _corpus(tmp_path):
        before = path.read_bytes()
        with pytest.raises(SaveError) as info:
            load_save(path)
        message = str(info.value)
        assert "\n" not in message and len(message) < 400, (path.name, message)
        assert path.read_bytes() == before  # nothing changed
        n += 1
    assert n >= 20


def test_cli_refuses_a_truncated_save_with_exit_2_and_no_traceback(tmp_path):
    good = _good_save(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text()[:500])
    for args in (["replay", str(bad)], ["--load", str(bad)]):
        result = subprocess.run([sys.executable, "-m", "overlord", *args], capture_output=True, text=True, cwd=ROOT)
        assert result.returncode == 2
        assert "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_replay_verifies_a_save_the_game_wrote(tmp_path):
    good = _good_save(tmp_path)
    ok, message = verify_replay(good)
    assert ok, message
    result = subprocess.run([sys.executable, "-m", "overlord", "replay", str(good)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and "matches" in result.stdout


def test_replay_exit_1_when_the_hash_does_not_match(tmp_path):
    good = _good_save(tmp_path)
    doc = json.loads(good.read_text())
    doc["state_hash"] = "f" * 64
    other = tmp_path / "other.json"
    other.write_text(json.dumps(doc))
    result = subprocess.run([sys.executable, "-m", "overlord", "replay", str(other)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1


def test_saving_is_atomic_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    game = Game.new(computer_settings(), seed=14)
    path = write_save(game, tmp_path / "slot.json")
    before = path.read_bytes()
    play(game, stop=lambda g: len(g.actions) >= 5)
    import overlord.saves as saves

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(saves.os, "replace", boom)
    with pytest.raises(OSError):
        write_save(game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
