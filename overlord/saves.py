"""Save games: JSON files, written atomically, validated completely on load.

A save holds a format version, the settings the game began with (null when the
scenario questions were asked), the seed, the action log, a snapshot of the
state and the state's hash; and, for the Load screen, a name, the time, the
turn, the phase, the score and the game's id. Loading replays the action log
from the seed and accepts the file only if the replay reproduces both the
snapshot and the hash, so a corrupt, truncated, hostile or incompatible file is
refused with a one-line ``SaveError`` and nothing is half-loaded.

Reading opens regular files only (a pipe never blocks it, a device is never
read) and reads at most ``MAX_BYTES``. No message carries a control code from a
file or its name (overlord/plaintext.py).

Writing goes to a temporary file beside the save, then a rename; it never
replaces anything but a regular file, and it clears away temporary files a
killed write left behind.

Every game has an id, made when it begins and kept in each of its saves. A
game autosaves to a slot of its own: ``autosave.json``, else ``autosave-2.json``
and so on. A slot is free for a game when it is missing, holds a game that is
over, or holds an earlier position of the same game (its actions are the first
of this game's); a game keeps its slot while the file is the one it last wrote
or loaded, and moves to the next free slot if another game wrote it meanwhile.
So the autosave of a game in progress is only ever replaced by that same game
played further, two games running at once never share a slot, and a game played
on from an older save is a branch in a slot of its own: the later position stays.

A save records who played each computer side (``players``: side -> the computer player's name in
overlord.ai's registry); a save without it (older ones) was played by the default players ("ai").
It also records the players' standing orders for the landings (``orders``, see ``check_orders``), so that a game
resumed mid-assault goes on as it was ordered; a save without them (older ones) had none.

A save also records which edition of the rules (``rules``) and which data (``data``,
the fingerprint of data/) it was played with, so a save that no longer replays
under a later version of the game, or other data, says so.

The saves folder's links are never followed out of it: a link that leads
outside is neither read nor written through.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import re
import stat
import time
from collections.abc import Sequence, Set
from pathlib import Path
from typing import Any, Iterator

from . import userdirs
from .files import NotRegular, TooLarge, read_regular
from .words import PHASES, plural
from .engine.actions import Action
from .engine.enums import Phase
from .engine.game import RULES_EDITION, Game, IllegalAction
from .engine.rng import SEED_RANGE, seed_in_range
from .engine.settings import Settings
from .engine.serialize import (action_from_dict, action_to_dict, settings_from_dict, settings_to_dict,
                               state_from_dict, state_to_dict)
from .engine.state import GameState
from .plaintext import printable
from .resume import MAX_BYTES, humans, rescued_games  # (the title's Resume reads saves to the same limit, without the engine)

HOSTED = "hosted-"  # a hosted game's save, fetched from the host when it is over (overlord join: W), is named so
FORMAT = "overlord-save"
VERSION = 1
MAX_ACTIONS = 50_000  # a whole campaign is about 2,500 actions; a file with more is not a real game
MAX_SCORE = 10**9  # far beyond any real score: a bigger one is a damaged file
AUTOSAVE = "autosave"  # the slots' names: autosave, autosave-2, autosave-3, ...
MAX_SLOTS = 1000
STALE_TEMPORARY = 600  # seconds: a temporary file older than this was left by a write that was killed
GAME_OVER = "game_over"  # the phase of a finished game
SET_UP = "questions"  # the phase of a game left at its set-up (the scenario questions), before its first drop
# ASCII only: with Unicode case folding the long s of "autoſave" would match
_SLOT_NAME = re.compile(rf"{AUTOSAVE}(-[0-9]+)?", re.IGNORECASE | re.ASCII)
# the fields shown on the Load screen; each may be missing, none may be of another kind
_META: dict[str, type | tuple[type, ...]] = {"name": str, "saved_at": str, "turn": str, "phase": str, "game_id": str,
                                             "score": (int, float), "data": str, "rules": int, "players": dict,
                                             "orders": dict, "seen": int}
SIDES = ("allied", "german")  # the keys of a save's "players"
MAX_PLAYER_NAME = 64  # characters: a computer player's name in a save (the registry's are a dozen or so)


# a fight-on order's numbers and the most each may be: far beyond any real order (each round's answer is the order's
# capped by what that round allows), so that a bigger one is a damaged file
ORDER_FIELDS = {"naval": 10_000, "air": 10_000, "level": 99}


def check_orders(orders: Any) -> None:
    """The standing orders a save may hold, or ValueError saying what is wrong with them:
    ``coastal``, the human German's answer for his coastal defences (a level, or "computer": the computer
    German answers them); ``fight_on``, the Allied order for the landing being fought (``unit``, the landing
    formation's id, with the ``naval`` and ``air`` support and the attack ``level`` of every round);
    ``one_round``, true when the Allied player chooses a landing's level round by round."""
    if not isinstance(orders, dict) or not set(orders) <= {"coastal", "fight_on", "one_round"}:
        raise ValueError("holds something other than the standing orders (coastal, fight_on, one_round)")
    coastal = orders.get("coastal", "computer")
    if coastal != "computer" and not (type(coastal) is int and 1 <= coastal <= ORDER_FIELDS["level"]):
        raise ValueError("holds a coastal answer other than a level or \"computer\"")
    if type(orders.get("one_round", False)) is not bool:
        raise ValueError("holds a one_round other than true or false")
    if "fight_on" in orders and not _a_fight_on_order(orders["fight_on"]):
        raise ValueError("holds a fight-on order other than a unit with its naval, air and level")


def _a_fight_on_order(order: Any) -> bool:
    return (isinstance(order, dict) and set(order) == {"unit", *ORDER_FIELDS}
            and isinstance(order["unit"], str) and 0 < len(order["unit"]) <= 64
            and all(type(order[k]) is int and 0 <= order[k] <= most for k, most in ORDER_FIELDS.items())
            and order["level"] >= 1)


class SaveError(Exception):
    """A save file that cannot be used; the message is one printable line: the file, then why."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = printable(reason)
        super().__init__(printable(f"{path}: {reason}"))


class NotARegularFile(OSError):
    """A save is never written over a folder, a device, a pipe or a socket."""


class UnreadableSave(OSError):
    """A save is never written that loading would refuse (a field out of bounds, too many actions): the file
    that was there stays as it was."""


def saves_dir() -> Path:
    """Where saves go: $OVERLORD_SAVES; else saves/ in the source checkout the game runs from; else (an
    installed copy) the user's data folder. See overlord.userdirs."""
    return userdirs.saves_dir()


def new_game_id() -> str:
    return os.urandom(8).hex()  # as secrets.token_hex(8), without the hashlib (OpenSSL) secrets imports


# --------------------------------------------------------------------------- writing
def to_document(game: Game, name: str = "", game_id: str = "", players: dict[str, str] | None = None,
                orders: dict[str, Any] | None = None, seen: int | None = None) -> dict[str, Any]:
    initial_settings = game.initial_settings
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "game_id": game_id,
        "saved_at": _dt.datetime.now().isoformat(timespec="seconds"),
        "turn": game.turn_label,
        "phase": game.state.phase,
        "score": round(current_score(game), 1),
        "players": dict(players or {}),
        "orders": dict(orders or {}),
        **({} if seen is None else {"seen": seen}),
        "settings": None if initial_settings is None else settings_to_dict(initial_settings),
        "data": game.data.fingerprint,
        "rules": RULES_EDITION,
        "seed": game.state.seed,
        "actions": [action_to_dict(a) for a in game.actions],
        "state": state_to_dict(game.state),
        "state_hash": game.state_hash(),
    }


def current_score(game: Game) -> float:
    from .engine.victory import score
    return score(game)


def write_save(game: Game, path: Path | str, name: str = "", game_id: str | None = None,
               players: dict[str, str] | None = None, orders: dict[str, Any] | None = None, new: bool = False,
               seen: int | None = None) -> Path:
    """Write ``game`` to ``path`` atomically (a temporary file, then a rename), with who played each computer side
    (``players``: side -> name), the standing orders (``orders``, see ``check_orders``: ValueError when they are
    not such) and how many of its actions the person at the keyboard had seen the outcome of (``seen``: the cards
    and reports after them are shown again when it is loaded) when given. Raises OSError, with the file named, when
    it cannot (UnreadableSave for a save loading would refuse); whatever was at ``path`` is then as it was.
    ``new``: only as a new file, in a folder that is there (FileExistsError if a file took the name meanwhile:
    userdirs.write_atomically)."""
    path = Path(path)
    if path.is_symlink():
        if link_leads_out(path) is not None:
            raise NotARegularFile(errno.EEXIST, "is a link out of its folder, and a save never replaces anything "
                                                "through one", str(path))
        path = path.resolve()  # a link to another save in the folder: write the save, keep the link
    _check_writable_target(path)
    check_orders(orders or {})
    doc = to_document(game, name or path.stem, game_id or new_game_id(), players, orders, seen)
    try:
        _check_shape(doc, path)  # (what loading checks before it replays: a save it would refuse is not written)
    except SaveError as exc:
        raise UnreadableSave(errno.EINVAL, f"would not load ({exc.reason}), so it is not written", str(path)) from None
    text = json.dumps(doc, separators=(",", ":"))
    remove_stale_temporaries(path.parent)
    userdirs.write_atomically(path, text, new=new)  # (new: a new file only, in a folder that is there)
    return path


def link_leads_out(path: Path) -> Path | None:
    """Where a link in a folder leads when that is outside the folder (or nowhere it can be told); None for a
    file that is not a link, or a link to another file in the same folder."""
    if not path.is_symlink():
        return None
    try:
        target = path.resolve(strict=False)
        folder = path.parent.resolve()
    except (OSError, RuntimeError):  # a loop of links
        return path
    return None if target.parent == folder else target


def _check_writable_target(path: Path) -> None:
    try:
        info = path.stat()
    except OSError:
        info = None  # nothing there (or nothing that can be looked at): the write itself will tell
    if info is not None and not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise NotARegularFile(errno.EEXIST, f"is {what}, and a save never replaces one", str(path))
    _check_folder(path.parent)


def _check_folder(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "is not a folder, so no save can go in it", str(folder))


def write_problem(exc: OSError) -> str:
    """One printable line for a write that failed: the file and the system's reason."""
    why = exc.strerror or str(exc) or type(exc).__name__
    return printable(f"{userdirs.shown(exc.filename)}: {why}" if exc.filename else why)


def remove_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files of saves that were killed half-written (a write takes seconds; these
    are older than STALE_TEMPORARY). A failure here never stops a save."""
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") and entry.name.endswith(".tmp") and ".json." in entry.name:
            try:
                if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMPORARY:
                    os.unlink(entry.path)
            except OSError:
                pass


# --------------------------------------------------------------------------- reading
def read_document(path: Path | str) -> dict[str, Any]:
    """Read and check the outer shape of a save file (no replay)."""
    return _read(Path(path))[0]


def _read(path: Path) -> tuple[dict[str, Any], FileStamp]:
    """The checked document and the file's stamp (see ``file_stamp``)."""
    raw, stamp = _read_bytes(path)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise SaveError(path, "the file begins with a byte-order mark, which the game never writes (was it edited?)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "not a save file (not text)") from None
    if not text.strip():
        raise SaveError(path, "the file is empty")
    try:
        doc = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise SaveError(path, "not a save file (nested too deeply)") from None
    except json.JSONDecodeError as exc:
        # (json's "Unterminated string starting at" ends where its position would be: it read "at; line 1")
        where = f"line {exc.lineno}, column {exc.colno}"
        raise SaveError(path, f"not valid JSON: damaged or cut short ({exc.msg.removesuffix(' at')} at {where})") from None
    except _NotANumber:
        raise SaveError(path, "not a save file (NaN or Infinity is not a number a save holds)") from None
    except ValueError:  # Python's limit on the digits of an integer
        raise SaveError(path, "not a save file (a number with more digits than Python reads)") from None
    _check_shape(doc, path)
    return doc, stamp


def _is_a_time(text: str) -> bool:
    """A time as saves write it (ISO 8601, to the second); the Load screen sorts by it."""
    if len(text) > 32 or not text.isascii():
        return False
    try:
        _dt.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


class _NotANumber(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotANumber(name)


def _read_bytes(path: Path) -> tuple[bytes, FileStamp]:
    """A regular file's bytes, at most MAX_BYTES; opened without blocking, so a pipe cannot hang the game."""
    try:
        raw, info = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except NotRegular as exc:
        raise SaveError(path, "a folder, not a save file" if exc.folder
                        else "not a save file (a device, pipe or socket, not a regular file)") from None
    except TooLarge as exc:
        raise SaveError(path, f"too large to be a save ({exc.size} bytes)" if exc.size is not None
                        else f"too large to be a save (over {MAX_BYTES} bytes)") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    return raw, _stamp(info)


# what tells one version of a file from another: its device, inode, size and time of change
FileStamp = tuple[int, int, int, int]


def _stamp(info: os.stat_result) -> FileStamp:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def file_stamp(path: Path) -> FileStamp | None:
    """What tells one version of a file from another (None when there is no file)."""
    try:
        return _stamp(os.stat(path))
    except OSError:
        return None


def _check_shape(doc: Any, path: Path) -> None:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(path, "not an Overlord save file")
    version = doc.get("version")
    if "version" not in doc:
        raise SaveError(path, f"it says no save format version (this game reads version {VERSION})")
    if type(version) is not int or version != VERSION:  # true is not 1
        shown = repr(version) if type(version) is int else f"{json.dumps(version)[:40]} (not a whole number)"
        raise SaveError(path, f"save format version {shown} is not supported (this game reads version {VERSION})")
    for key, kind in (("seed", int), ("actions", list), ("state", dict), ("state_hash", str)):
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            raise SaveError(path, f"field {key!r} is missing or of the wrong type")
    if not seed_in_range(doc["seed"]):
        raise SaveError(path, f"the seed is out of range (a seed is {SEED_RANGE})")
    if len(doc["actions"]) > MAX_ACTIONS:
        raise SaveError(path, f"too many actions ({len(doc['actions'])})")
    if doc.get("settings") is not None and not isinstance(doc["settings"], dict):
        raise SaveError(path, "field 'settings' is of the wrong type")
    for key, kinds in _META.items():
        if key in doc and (not isinstance(doc[key], kinds) or isinstance(doc[key], bool)):
            raise SaveError(path, f"field {key!r} is of the wrong type")
    if not 0 <= doc.get("seen", 0) <= len(doc["actions"]):
        raise SaveError(path, "field 'seen' is out of range (0 to the number of actions)")
    if len(doc.get("game_id", "")) > 64:
        raise SaveError(path, "field 'game_id' is too long")
    if len(doc.get("data", "")) > 64:
        raise SaveError(path, "field 'data' is too long")
    if not 0 < doc.get("rules", 1) < 10_000:
        raise SaveError(path, "field 'rules' is out of range")
    for side, player in doc.get("players", {}).items():
        if side not in SIDES or not isinstance(player, str) or not 0 < len(player) <= MAX_PLAYER_NAME:
            raise SaveError(path, "field 'players' holds something other than a side's computer player")
    try:
        check_orders(doc.get("orders", {}))
    except ValueError as e:
        raise SaveError(path, f"field 'orders' {e}") from None
    if "saved_at" in doc and not _is_a_time(doc["saved_at"]):
        raise SaveError(path, "field 'saved_at' is not a date and time (such as 2026-06-06T06:30:00)")
    score = doc.get("score", 0)
    if not (abs(score) <= MAX_SCORE):  # a whole number is compared exactly, never made a float; NaN fails
        raise SaveError(path, "field 'score' is out of range")


def document_record(doc: dict[str, Any], path: Path | str = "save") -> tuple[Settings | None, list[Action]]:
    """A save's settings and actions, read but not replayed (the replay viewer replays them itself)."""
    try:
        settings = None if doc.get("settings") is None else settings_from_dict(doc["settings"])
    except Exception as exc:  # cattrs raises several kinds; any of them means a bad file
        raise SaveError(path, f"bad settings ({first_problem(exc, 'settings')})") from None
    actions = []
    for i, a in enumerate(doc["actions"]):
        try:
            actions.append(action_from_dict(a))
        except Exception as exc:
            raise SaveError(path, f"action {i + 1} is malformed ({first_problem(exc, f'actions[{i}]')})") from None
    return settings, actions


def replay_document(doc: dict[str, Any], path: Path | str = "save") -> Game:
    """Replay a save's actions from its seed."""
    settings, actions = document_record(doc, path)
    try:
        game = Game.new(settings, doc["seed"])
    except Exception as exc:
        raise SaveError(path, f"the game cannot begin ({_one_line(exc)})") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as exc:  # (not the legal answers' list: a player reads this line)
            said = _one_line(exc.reason)
            why = other_data(doc, game) or ("; the file was changed by hand, or damaged" if doc.get("data") else
                                            "; the file was changed or damaged, or played with another version")
            raise SaveError(path, f"action {i + 1} of {len(actions)} is illegal on replay ({said}){why}") from None
        except Exception as exc:  # a hostile log must never crash the loader
            raise SaveError(path, f"action {i + 1} cannot be replayed ({_one_line(exc)}){other_data(doc, game)}") from None
    return game


def other_data(doc: dict[str, Any], game: Game) -> str:
    """Why a save may not replay: it was played under another edition of the rules, or with other data; '' when
    neither is known to differ (or the save is from before they were recorded)."""
    edition = doc.get("rules", 1)
    if edition != RULES_EDITION:
        return (f"; it was played under the rules of another version of Overlord (edition {edition}, this is "
                f"edition {RULES_EDITION}), and replays differently")
    made_with = doc.get("data")
    if not made_with or made_with == game.data.fingerprint:
        return ""
    return (f"; it was played with other game data ({made_with[:16]}, these are {game.data.fingerprint}): "
            "was OVERLORD_DATA set, or the game changed?")


def heading_differs(doc: dict[str, Any], game: Game) -> str:
    """Where a save's heading (its turn, phase and score, which the Load list shows without replaying) is not where
    its actions lead, why it is refused; '' when it agrees, or says none of them (a hand-edited "6/30" was listed,
    and `overlord replay` said the file matched; a score of 1450 was listed for a game at 549)."""
    score = round(current_score(game), 1)
    real = {"turn": game.turn_label, "phase": game.state.phase}
    wrong = [f"{field} {printable(phase_words(doc[field]) if field == 'phase' else str(doc[field]), 20)}"
             for field in real if field in doc and doc[field] != real[field]]
    if "score" in doc and abs(doc["score"] - score) > 0.05:  # (written to a tenth: checked as check_document did)
        wrong.append(f"score {doc['score']:g}")
    if not wrong:
        return ""
    return (f"its heading says {' and '.join(wrong)}, but its actions lead to {game.turn_label}, "
            f"{phase_words(game.state.phase)}, score {score:g}: the file was changed by hand, or damaged")


def phase_words(phase: str) -> str:
    """A phase as the screens name it ("German combat", not "german_combat"; found by a helper), or as written."""
    try:
        return PHASES[Phase(phase)]
    except ValueError:
        return phase


def load_save(path: Path | str) -> Game:
    """Load a save. Raises SaveError, one line, on any problem."""
    return open_save(path).game


class OpenedSave:
    """A save that loaded: the game, the game's id ("" in saves from before ids), which file it came from, as it
    was when read (its stamp), who played each computer side ({} in saves from before they were recorded) and the
    players' standing orders ({} when none)."""

    def __init__(self, game: Game, game_id: str, path: Path, stamp: FileStamp,
                 players: dict[str, str] | None = None, orders: dict[str, Any] | None = None,
                 seen: int | None = None) -> None:
        self.game, self.game_id, self.path, self.stamp = game, game_id, path, stamp
        self.players = dict(players or {})
        self.orders = dict(orders or {})
        self.seen = seen  # (None in saves from before it was recorded)


def open_save(path: Path | str) -> OpenedSave:
    """Load a save with what the game needs to know about the file. Raises SaveError, one line."""
    path = Path(path)
    doc, stamp = _read(path)
    snapshot = saved_snapshot(doc, path)
    game = replay_document(doc, path)
    if differs := replay_differs(doc, snapshot, game):
        raise SaveError(path, differs)
    return OpenedSave(game, doc.get("game_id", ""), path, stamp, doc.get("players", {}), doc.get("orders", {}),
                      doc.get("seen"))


def verify_replay(path: Path | str) -> tuple[bool, str]:
    """For ``overlord replay``: (True, message) when the replay reproduces the stored hash.

    Raises SaveError when the file cannot be read as a save at all.
    """
    doc = read_document(path)
    snapshot = saved_snapshot(doc, path)
    game = replay_document(doc, path)
    got = game.state_hash()
    # (in the words loading uses: the two hashes, cut to 16 characters, read alike where the last was changed;
    # found by a helper)
    if differs := replay_differs(doc, snapshot, game):
        return False, printable(f"{path}: {differs}")
    return True, printable(f"{path}: replayed {plural(len(doc['actions']), 'action')}; state hash {got[:16]} matches")


def replay_differs(doc: dict[str, Any], snapshot: GameState, game: Game) -> str:
    """Why the game a save's actions replay to is not the one it holds (its state hash, its state snapshot, its
    heading), in words; '' when it is. Loading, `overlord replay` and the replay viewer say the same (the viewer
    checked the hash only, and showed a save with a changed snapshot or heading as sound; found by a helper)."""
    why = other_data(doc, game) or ": the file was changed by hand, or damaged"
    if game.state_hash() != doc["state_hash"]:
        return f"the state hash does not match the replayed game{why}"
    if snapshot != game.state:
        return f"the state snapshot does not match the replayed game{why}"
    return heading_differs(doc, game)


def saved_snapshot(doc: dict[str, Any], path: Path | str) -> GameState:
    """The state a save holds; SaveError, one line, when it is malformed."""
    try:
        return state_from_dict(doc["state"])
    except Exception as exc:
        raise SaveError(path, f"the state snapshot is malformed ({first_problem(exc, 'state')})") from None


def first_problem(exc: BaseException, where: str) -> str:
    """The first thing cattrs found wrong, with the field it is in ("... @ settings.display_delay")."""
    import cattrs
    if isinstance(exc, cattrs.BaseValidationError):
        def say(e: BaseException, kind: Any) -> str:  # the validators' own words name the field and the rule
            return _one_line(e) if isinstance(e, (ValueError, TypeError)) else cattrs.v.format_exception(e, kind)
        problems = cattrs.transform_error(exc, where, format_exception=say)
        if problems:
            return problems[0]
    return _one_line(exc)


def _one_line(exc: BaseException | str) -> str:
    text = str(exc).strip().splitlines()
    msg = text[0] if text else type(exc).__name__
    return msg[:200]


# --------------------------------------------------------------------------- the saves folder
def scan_saves(folder: Path | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The saves in ``folder`` (name, date, turn, phase, score, game id; newest first), and for each
    file that cannot be one, a line saying which and why."""
    folder = Path(folder or saves_dir())
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.lower().endswith(".json"))
    except FileNotFoundError:
        return [], []
    except NotADirectoryError:
        return [], [printable(f"{folder}: not a folder, so it holds no saves")]
    except OSError as exc:
        return [], [printable(f"{folder}: the saves folder cannot be read ({exc.strerror or exc})")]
    saves, problems = [], []
    for name in names:
        p = folder / name
        if link_leads_out(p) is not None:
            problems.append(printable(f"{name}: a link to a file outside the saves folder; it is not read"))
            continue
        try:
            doc = read_document(p)
        except SaveError as exc:
            problems.append(printable(f"{name}: {exc.reason}"))
            continue
        saves.append(_listed(p, doc))
    saves.sort(key=lambda s: s["saved_at"], reverse=True)
    return saves, problems


def _listed(p: Path, doc: dict[str, Any]) -> dict[str, Any]:
    """A save as the list of saves describes it (its heading's fields, read without replaying it)."""
    return {"path": p, "name": printable(doc.get("name") or p.stem, 60),
            "saved_at": printable(doc.get("saved_at", ""), 40), "turn": printable(doc.get("turn", "?"), 20),
            "phase": doc.get("phase", ""), "score": doc.get("score", 0), "game_id": doc.get("game_id", ""),
            "humans": "Online" if p.stem.startswith(HOSTED) else humans(doc), "against": against(doc)}


def rescued_saves(folder: Path) -> list[dict[str, Any]]:
    """The games rescued from ``folder`` to the temporary folder (its autosave could not be written as the program
    ended unasked), described as scan_saves describes a save, with "rescued" set; unreadable ones left out. R on
    the title offers the newest game only: a rescued game older than another was in no list at all."""
    listed = []
    for entry in rescued_games(folder):
        try:
            listed.append({**_listed(Path(entry.path), read_document(entry.path)), "rescued": True})
        except SaveError:
            continue
    return listed


def against(doc: dict[str, Any]) -> str:
    """The computer player a person played against ("rommel"), as the save records it; for the computers' own game
    both ("ai v classic"); "" unless exactly one side is a person's, or none, and the save names the computers (an
    older save does not)."""
    players = doc.get("players")
    if humans(doc) == "None" and isinstance(players, dict) and all(isinstance(players.get(s), str) for s in SIDES):
        return printable(f"{players['allied']} v {players['german']}", 40)
    side = {"Allied": "german", "German": "allied"}.get(humans(doc))
    named = players.get(side) if side is not None and isinstance(players, dict) else None
    return printable(named, 20) if isinstance(named, str) else ""


def list_saves(folder: Path | None = None) -> list[dict[str, Any]]:
    """Saves in ``folder`` with their name, date, turn and score, newest first (unreadable ones left out)."""
    return scan_saves(folder)[0]


def is_autosave_slot(path: Path) -> bool:
    return bool(_SLOT_NAME.fullmatch(path.stem)) and path.suffix.lower() == ".json"


def autosave_slots(folder: Path) -> Iterator[Path]:
    yield folder / f"{AUTOSAVE}.json"
    for n in range(2, MAX_SLOTS + 1):
        yield folder / f"{AUTOSAVE}-{n}.json"


def slot_is_free(path: Path, game_id: str, actions: Sequence[Action] = ()) -> bool:
    """May the game ``game_id``, whose actions so far are ``actions``, autosave to ``path``? Only when nothing is
    there, or a game that is over, or one left at its set-up (its answers are all it holds: each set-up quit took
    a slot of its own, eight in as many starts), or an earlier position of the same game (its actions are the
    first of ``actions``); never over another game in progress, nor over a later position of this one (the game
    was played on from an older save: it is a branch), nor over a file that is not a save."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if link_leads_out(path) is not None:
        return False
    try:
        doc = read_document(path)
    except SaveError:
        return False
    if doc["state"].get("phase") in (GAME_OVER, SET_UP):
        return True
    return bool(game_id) and doc.get("game_id") == game_id and _is_earlier(doc["actions"], actions)


def other_branches(folder: Path, game_id: str, before: Path) -> list[tuple[Path, str]]:
    """The autosave slots before ``before`` that hold another position of the game ``game_id`` still in progress
    (a later one, or another branch), with the turn each is at: what a branch leaves as it was."""
    found = []
    for slot in autosave_slots(folder):
        if slot == before:
            break
        try:
            doc = read_document(slot)
        except SaveError:
            continue
        if game_id and doc.get("game_id") == game_id and doc["state"].get("phase") != GAME_OVER:
            found.append((slot, printable(doc.get("turn", "?"), 20)))
    return found


def _is_earlier(saved: list[Any], actions: Sequence[Action]) -> bool:
    """Are a save's actions (as written) the first of ``actions``: a position this game has played through?"""
    if len(saved) > len(actions):
        return False
    try:
        return all(action_from_dict(a) == b for a, b in zip(saved, actions))
    except Exception:  # noqa: BLE001 - an action this game cannot read is not one of its own
        return False


def free_autosave_slot(folder: Path, game_id: str, avoid: Set[Path] = frozenset(),
                       actions: Sequence[Action] = ()) -> Path:
    """The first autosave slot in ``folder`` free for the game ``game_id`` (``slot_is_free``), other than those in
    ``avoid``. Raises OSError when there is none (or no folder to hold one)."""
    _check_folder(folder)
    for slot in autosave_slots(folder):
        if slot not in avoid and slot_is_free(slot, game_id, actions):
            return slot
    raise OSError(errno.ENOSPC, f"every autosave slot ({AUTOSAVE}.json to {AUTOSAVE}-{MAX_SLOTS}.json) holds another game",
                  str(folder))


def safe_filename(name: str) -> str:
    """A file name from what the player typed: letters, digits, - and _ only ("" when nothing is left)."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip())
    cleaned = "-".join(part for part in cleaned.split("-") if part)
    return cleaned[:60]
