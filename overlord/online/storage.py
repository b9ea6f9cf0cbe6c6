"""Where a host keeps its games: the storage interface, and its SQLite implementation.

A game is kept as a save is: its settings, its seed and its actions, one row an action. The host writes each
accepted action (``add_action``, committed before it returns) before it answers anyone, so a crash, even a
kill -9, loses nothing a player was told was played; on restart each game is rebuilt by replaying its
actions with the engine (``Game.replay``). Of the links' tokens only their SHA-256 is kept.

``Storage`` is what the host needs of a store. docs/online.md says what a PostgreSQL one would change (only
this file's second half: the interface stays).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from ..engine.actions import Action
from ..engine.records import FrozenRecord
from ..engine.serialize import action_from_dict, action_to_dict, settings_from_dict, settings_to_dict
from ..engine.settings import Settings
from ..userdirs import saves_dir

DB_NAME = "hosted-games.sqlite3"
SCHEMA = 1


def default_db_path() -> Path:
    """The host's database when ``--db`` is not given: beside the player's saves, in the user's data folder."""
    return saves_dir() / DB_NAME


@attrs.frozen(repr=False, eq=False)
class StoredGame(FrozenRecord):
    """A hosted game as stored: enough to rebuild it (settings, seed, actions) and to let its players in."""

    id: str
    settings: Settings
    seed: int
    seats: Mapping[str, str]  # role (allied, german, spectator) -> the SHA-256 of its token
    rules: int  # the engine's RULES_EDITION it was begun under
    data: str  # the game data's fingerprint
    actions: Sequence[Action] = ()
    created: float = 0.0
    orders: Mapping[str, Mapping[str, Any]] = attrs.field(factory=dict)  # side -> its standing orders


class Storage(Protocol):
    """What a host needs of a store of games."""

    def create_game(self, game: StoredGame) -> None:
        """Keep a new game (with no actions yet)."""

    def add_action(self, game_id: str, index: int, action: Action) -> None:
        """Keep the game's action number ``index`` (0 the first), durably, before returning. An index already
        kept is an error (two hosts answering the same game)."""

    def set_orders(self, game_id: str, side: str, orders: Mapping[str, Any]) -> None:
        """Keep a side's standing orders (replacing its last), durably, before returning."""

    def load_game(self, game_id: str) -> StoredGame | None:
        """The game with every action kept, or None if there is no such game."""

    def games_of(self, hashed_token: str) -> list[tuple[str, str]]:
        """The games a token opens, as (game id, role), oldest first."""

    def count_games(self) -> int: ...

    def close(self) -> None: ...


class SQLiteStorage:
    """The standard library's sqlite3, in write-ahead-log mode; one connection, used by the host's one thread."""

    def __init__(self, path: Path | str, durable: bool = True, exclusive: bool = False) -> None:
        """``exclusive``: no other connection may use the store while this one is open (a host's: two hosts on
        one store would each keep games the other does not see, and refuse each other's writes)."""
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.path, os.O_CREAT | os.O_RDWR, 0o600))  # (its owner's alone: see _owner_only)
        self.db = sqlite3.connect(str(path), isolation_level=None, timeout=1.0)  # transactions by hand: BEGIN ...
        if exclusive:
            self.db.execute("PRAGMA locking_mode=EXCLUSIVE")
            self.db.execute("BEGIN EXCLUSIVE")  # the lock taken now, and kept until the connection closes
            self.db.execute("COMMIT")
        self.db.execute("PRAGMA journal_mode=WAL")
        # FULL: each commit is on the disk before the host answers (NORMAL would still survive a kill -9 of the
        # host, which loses no write the operating system has, but not a power cut)
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._create_tables()
        self._owner_only()

    def _owner_only(self) -> None:
        """The store and its log readable by the host's user alone: they hold every game's seed, from which anyone
        who copied them could foresee every die (a helper read the fight's result before choosing his level, from
        a copy of a store left readable by all, 644, on a shared machine). SQLite gives its log and index files the
        store's own permissions."""
        if str(self.path) == ":memory:":
            return
        for suffix in ("", "-wal", "-shm"):
            try:
                os.chmod(f"{self.path}{suffix}", 0o600)
            except FileNotFoundError:
                pass

    def _create_tables(self) -> None:
        with self._transaction():
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
            self.db.execute("""CREATE TABLE IF NOT EXISTS games (
                id TEXT PRIMARY KEY, created REAL NOT NULL, settings TEXT NOT NULL, seed TEXT NOT NULL,
                rules INTEGER NOT NULL, data TEXT NOT NULL)""")
            self.db.execute("""CREATE TABLE IF NOT EXISTS seats (
                game TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL, token_hash TEXT NOT NULL,
                PRIMARY KEY (game, role))""")
            self.db.execute("CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash)")
            self.db.execute("""CREATE TABLE IF NOT EXISTS orders (
                game TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL, orders TEXT NOT NULL,
                PRIMARY KEY (game, side))""")
            self.db.execute("""CREATE TABLE IF NOT EXISTS actions (
                game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, action TEXT NOT NULL,
                PRIMARY KEY (game, n))""")
        schema = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0]
        if schema != str(SCHEMA):
            raise sqlite3.DatabaseError(f"{self.path}: a host database of schema {schema}, not {SCHEMA}")

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)

    def create_game(self, game: StoredGame) -> None:
        with self._transaction():
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
                            (game.id, game.created or time.time(), json.dumps(settings_to_dict(game.settings)),
                             str(game.seed), game.rules, game.data))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?)",
                                [(game.id, role, hashed) for role, hashed in game.seats.items()])
            for n, action in enumerate(game.actions):
                self._insert_action(game.id, n, action)

    def add_action(self, game_id: str, index: int, action: Action) -> None:
        with self._transaction():
            self._insert_action(game_id, index, action)

    def set_orders(self, game_id: str, side: str, orders: Mapping[str, Any]) -> None:
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO orders VALUES (?, ?, ?)", (game_id, side, json.dumps(orders)))

    def _insert_action(self, game_id: str, index: int, action: Action) -> None:
        self.db.execute("INSERT INTO actions VALUES (?, ?, ?)",
                        (game_id, index, json.dumps(action_to_dict(action), separators=(",", ":"))))

    def load_game(self, game_id: str) -> StoredGame | None:
        row = self.db.execute("SELECT created, settings, seed, rules, data FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            return None
        created, settings, seed, rules, data = row
        seats = dict(self.db.execute("SELECT role, token_hash FROM seats WHERE game = ?", (game_id,)).fetchall())
        rows = self.db.execute("SELECT n, action FROM actions WHERE game = ? ORDER BY n", (game_id,)).fetchall()
        if [n for n, _ in rows] != list(range(len(rows))):
            raise sqlite3.DatabaseError(f"game {game_id}: its actions are not numbered 0 to {len(rows) - 1}")
        actions = tuple(action_from_dict(json.loads(text)) for _, text in rows)
        orders = {side: json.loads(text) for side, text in
                  self.db.execute("SELECT side, orders FROM orders WHERE game = ?", (game_id,)).fetchall()}
        return StoredGame(game_id, settings_from_dict(json.loads(settings)), int(seed), seats, rules, data, actions,
                          created, orders)

    def games_of(self, hashed_token: str) -> list[tuple[str, str]]:
        rows = self.db.execute("""SELECT seats.game, seats.role FROM seats JOIN games ON games.id = seats.game
                                  WHERE seats.token_hash = ? ORDER BY games.created, seats.game""",
                               (hashed_token,)).fetchall()
        return [(game, role) for game, role in rows]

    def count_games(self) -> int:
        count: int = self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        return count

    def close(self) -> None:
        self.db.close()


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (or ROLLBACK on an error): the connection is in autocommit mode otherwise."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
