"""Save games: JSON files, written atomically, validated completely on load.

A save holds a format version, the settings the game began with (null when the
scenario questions were asked), the seed, the action log, a snapshot of the
state and the state's hash. Loading replays the action log from the seed and
accepts the file only if the replay reproduces both the snapshot and the hash,
so a corrupt, truncated, hostile or incompatible file is refused with a
one-line ``SaveError`` and nothing is half-loaded.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from . import userdirs
from .engine.game import Game, IllegalAction
from .engine.serialize import (action_from_dict, action_to_dict, settings_from_dict, settings_to_dict,
                               state_from_dict, state_to_dict)

FORMAT = "overlord-save"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_ACTIONS = 200_000


class SaveError(Exception):
    """A save file that cannot be used; the message is one line."""


def saves_dir() -> Path:
    """Where saves go: $OVERLORD_SAVES; else saves/ in the source checkout the game runs from; else (an
    installed copy) the user's data folder. See overlord.userdirs."""
    return userdirs.saves_dir()


def to_document(game: Game, name: str = "") -> dict[str, Any]:
    initial_settings = game.initial_settings
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "saved_at": _dt.datetime.now().isoformat(timespec="seconds"),
        "turn": game.turn_label,
        "phase": game.state.phase,
        "score": round(current_score(game), 1),
        "settings": None if initial_settings is None else settings_to_dict(initial_settings),
        "seed": game.state.seed,
        "actions": [action_to_dict(a) for a in game.actions],
        "state": state_to_dict(game.state),
        "state_hash": game.state_hash(),
    }


def current_score(game: Game) -> float:
    from .engine.victory import score
    return score(game)


def write_save(game: Game, path: Path | str, name: str = "") -> Path:
    """Write ``game`` to ``path`` atomically (a temporary file, then a rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(to_document(game, name or path.stem), separators=(",", ":"))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def read_document(path: Path | str) -> dict[str, Any]:
    """Read and check the outer shape of a save file (no replay)."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    if size > MAX_BYTES:
        raise SaveError(f"{path}: too large to be a save ({size} bytes)")
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a save file (not text)") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    if not text.strip():
        raise SaveError(f"{path}: the file is empty")
    try:
        doc = json.loads(text)
    except RecursionError:
        raise SaveError(f"{path}: not a save file (nested too deeply)") from None
    except ValueError as exc:
        raise SaveError(f"{path}: not valid JSON, perhaps truncated ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{path}: not an Overlord save file")
    version = doc.get("version")
    if version != VERSION:
        raise SaveError(f"{path}: save format version {version!r} is not supported (this game reads version {VERSION})")
    for key, kind in (("seed", int), ("actions", list), ("state", dict), ("state_hash", str)):
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            raise SaveError(f"{path}: field {key!r} is missing or of the wrong type")
    if abs(doc["seed"]) > 2**63:
        raise SaveError(f"{path}: the seed is out of range")
    if len(doc["actions"]) > MAX_ACTIONS:
        raise SaveError(f"{path}: too many actions ({len(doc['actions'])})")
    if doc.get("settings") is not None and not isinstance(doc["settings"], dict):
        raise SaveError(f"{path}: field 'settings' is of the wrong type")
    return doc


def replay_document(doc: dict[str, Any], path: Path | str = "save") -> Game:
    """Replay a save's actions from its seed."""
    try:
        settings = None if doc.get("settings") is None else settings_from_dict(doc["settings"])
        actions = [action_from_dict(a) for a in doc["actions"]]
    except Exception as exc:  # cattrs raises several kinds; any of them means a bad file
        raise SaveError(f"{path}: bad settings or actions ({_one_line(exc)})") from None
    game = Game.new(settings, doc["seed"])
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"{path}: action {i + 1} is illegal on replay ({_one_line(exc)})") from None
        except Exception as exc:  # a hostile log must never crash the loader
            raise SaveError(f"{path}: action {i + 1} cannot be replayed ({_one_line(exc)})") from None
    return game


def load_save(path: Path | str) -> Game:
    """Load a save. Raises SaveError, one line, on any problem."""
    doc = read_document(path)
    snapshot = _snapshot(doc, path)
    game = replay_document(doc, path)
    if game.state_hash() != doc["state_hash"]:
        raise SaveError(f"{path}: the state hash does not match the replayed game")
    if snapshot != game.state:
        raise SaveError(f"{path}: the state snapshot does not match the replayed game")
    return game


def verify_replay(path: Path | str) -> tuple[bool, str]:
    """For ``overlord replay``: (True, message) when the replay reproduces the stored hash.

    Raises SaveError when the file cannot be read as a save at all.
    """
    doc = read_document(path)
    snapshot = _snapshot(doc, path)
    game = replay_document(doc, path)
    got = game.state_hash()
    if got != doc["state_hash"]:
        return False, f"{path}: replay gives state hash {got[:16]}, the file says {doc['state_hash'][:16]}"
    if snapshot != game.state:
        raise SaveError(f"{path}: the state snapshot does not match the replayed game")
    return True, f"{path}: replayed {len(doc['actions'])} actions; state hash {got[:16]} matches"


def _snapshot(doc: dict[str, Any], path) -> Any:
    try:
        return state_from_dict(doc["state"])
    except Exception as exc:
        raise SaveError(f"{path}: the state snapshot is malformed ({_one_line(exc)})") from None


def list_saves(folder: Path | None = None) -> list[dict[str, Any]]:
    """Saves in ``folder`` with their name, date, turn and score, newest first (unreadable ones skipped)."""
    folder = folder or saves_dir()
    out = []
    for p in sorted(folder.glob("*.json")):
        try:
            doc = read_document(p)
        except SaveError:
            continue
        out.append({"path": p, "name": doc.get("name") or p.stem, "saved_at": str(doc.get("saved_at", "")),
                    "turn": str(doc.get("turn", "?")), "score": doc.get("score", 0)})
    out.sort(key=lambda s: s["saved_at"], reverse=True)
    return out


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    msg = text[0] if text else type(exc).__name__
    return msg[:200]
