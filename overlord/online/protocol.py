"""The messages between a host and its clients (docs/online.md is their reference), and what a client may see.

Everything here is plain functions on plain values: the host (host.py) and the clients (client.py) both use
it, and another client, in any language, needs only docs/online.md.

Fair by construction: ``public_state`` is the only way a game's state leaves the host. It drops the seed and
the random generator's state (with them a client could foresee every die), and it takes out the choices a
side has made that the other must not see before the fight's result: the attacker's support and attack
level while the defender is asked, the defender's bombardment while it chooses its level (a landing's
round too). The turn's air and naval budgets are shown as they were before the hidden support was spent,
so the budgets do not give the support away either. The Allied transport priorities for the next turn are
the Allies' alone (``events_for`` too): the German learns what they brought when it lands, in the next turn's
logistics report, not two days ahead (a combat share of 54% told him an offensive was coming).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from enum import StrEnum
from collections.abc import Mapping
from typing import Any
from urllib.parse import SplitResult, urlsplit, urlunsplit

import attrs
import cattrs

from ..engine import events as engine_events
from ..engine import prompts as engine_prompts
from ..engine.actions import Action
from ..engine.enums import CombatStep, Side
from ..engine.events import Event
from ..engine.prompts import Prompt
from ..engine.records import FrozenRecord
from ..engine.results import FinalReport
from ..engine.data import GameData
from ..engine.game import Game
from ..engine.rng import seed_state
from ..engine.serialize import action_from_dict, state_from_dict, state_to_dict
from ..engine.state import GameState
from ..engine.util import enemy

PROTOCOL = 2  # raised when a message changes in a way an older client cannot read (2: CombatResult's support)
ROLES = ("allied", "german", "spectator")  # who a link is for: a side, or those who only watch
SIDES = ("allied", "german")
DUMMY_SEED = 0  # the seed of a client's own copy of a game: it draws nothing the real game draws
MAX_MESSAGE = 64 * 1024  # the largest message a client may send (bytes): an action is well under 1 KB
RATE = 30.0  # messages a second each side of a game may send (all its connections), on average ...
BURST = 60  # ... and at once
HELLO_SECONDS = 10.0  # a connection must say who it is within this time
TOKEN_BYTES = 24  # secrets.token_urlsafe(24): 32 characters, 192 bits
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,128}")
GAME_ID_PATTERN = re.compile(r"[0-9a-f]{16}")
PLAY_PATH = "/play/"  # a link: <host URL>/play/<game id>#<token>


class ProtocolError(ValueError):
    """A message that is not one the protocol knows, said in one line."""


# --------------------------------------------------------------------------- tokens and links
def new_token() -> str:
    """A new link's token. Never one that begins with "-": given on a command line (``online games --token T``)
    it would be read as an option (one token in 64 did)."""
    while (token := secrets.token_urlsafe(TOKEN_BYTES)).startswith("-"):
        pass
    return token


def token_hash(token: str) -> str:
    """What the host keeps of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Compare two token hashes in constant time (hmac.compare_digest)."""
    return hmac.compare_digest(a.encode(), b.encode())


def valid_token(token: Any) -> bool:
    return isinstance(token, str) and TOKEN_PATTERN.fullmatch(token) is not None


@attrs.frozen(repr=False, eq=False)
class Link(FrozenRecord):
    """A player's way into a game: the host's address, the game, and the token of a side (or of spectators).

    Written ``http://HOST:PORT/play/GAMEID#TOKEN``: the token is in the fragment, which browsers and the
    client never send in a request line, so it stays out of every server's and proxy's access log (the
    client hands it over inside the WebSocket)."""

    base: str  # the host's address, scheme and authority and any path prefix, without a trailing "/"
    game: str
    token: str

    def __str__(self) -> str:
        return f"{self.base}{PLAY_PATH}{self.game}#{self.token}"

    @property
    def socket_url(self) -> str:
        """The game's WebSocket (ws:// or wss://)."""
        scheme, rest = self.base.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/api/games/{self.game}/socket"

    @classmethod
    def parse(cls, text: str) -> Link:
        parts = _split(text, "a link starts with http:// or https:// and the host's address")
        prefix, found, game = parts.path.rstrip("/").rpartition(PLAY_PATH)
        game = game.lower()  # (the host's ids are lower case; a link typed in capitals is the same game)
        if not found or not GAME_ID_PATTERN.fullmatch(game):
            raise ProtocolError(f"a link's path ends with {PLAY_PATH}<game id>, 16 letters and digits")
        if not parts.fragment:
            raise ProtocolError("a link ends with #<token>, the secret the host gave for a side")
        if not valid_token(parts.fragment):
            raise ProtocolError("the link's token (after #) is not one a host gives: 16-128 letters, digits, - or _")
        return cls(base_url(urlunsplit((parts.scheme, parts.netloc, prefix, "", ""))), game, parts.fragment)


def base_url(url: str) -> str:
    """A host's address as typed (http://127.0.0.1:8765/, https://example.org/overlord) without the final "/"."""
    parts = _split(url, f"a host's address starts with http:// or https://, not {url[:80]!r}")
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def _split(url: str, wanted: str) -> SplitResult:
    """An address's parts; ProtocolError (``wanted``, or what is wrong with the host's part) for one that is not an
    http(s) address with a host and, if any, a port from 0 to 65535 (http://[::1 and :99999 had raised)."""
    try:
        parts = urlsplit(url.strip())
        _ = parts.port  # (read to check it: a port out of range, or not a number, raises)
    except ValueError as exc:  # (said without the link's token: it is a secret)
        raise ProtocolError(f"not a host's address: {url.split('#', 1)[0][:80]!r} ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ProtocolError(wanted)
    return parts


# --------------------------------------------------------------------------- what a client may see
def public_state(state: GameState, role: str) -> dict[str, Any]:
    """The state as ``role`` may see it: no seed, no generator, no choice of the other side still hidden."""
    data = state_to_dict(state)
    del data["seed"], data["rng"]
    redact(data, role)
    return data


ALLIED_ONLY = (engine_events.TransportAllocated,)  # what only the Allied player hears (the module's docstring)


def events_for(events: list[Event], role: str) -> list[Event]:
    """The events ``role`` may hear of."""
    return [e for e in events if role == Side.ALLIED or not isinstance(e, ALLIED_ONLY)]


def local_game(state: Mapping[str, Any], data: GameData | None = None) -> Game:
    """An engine Game from a public state: a dummy seed and a generator of its own stand for the host's."""
    full = dict(state, seed=DUMMY_SEED, rng={"state": seed_state(DUMMY_SEED)})
    return Game(state_from_dict(full), data)


PENDING = (CombatStep.ATTACK_LEVEL, CombatStep.DEFENCE_SUPPORT, CombatStep.DEFENCE_LEVEL)  # a fight's hidden steps


def sight(state: GameState, events: list[Event], role: str) -> str:
    """Which roles see the same update as ``role``: all ("") where nothing is hidden; each its own while a fight waits
    for its result with a choice made; else the Allies apart from the rest, where the next turn's transport priorities
    are given or heard of (the German and spectators then see alike: one text for them, not one a role)."""
    assault = state.movement.assault if state.movement is not None else None
    if (state.combat is not None and state.combat.step in PENDING) or (assault is not None and assault.step in PENDING):
        return role
    if state.allocation is not None or any(isinstance(e, ALLIED_ONLY) for e in events):
        return role if role == Side.ALLIED else "others"
    return ""


def redact(data: dict[str, Any], role: str) -> None:
    """Take out of a serialized state (in place) the choices ``role`` must not see yet (the module's docstring)."""
    if role != Side.ALLIED:
        data["allocation"] = None
    combat = data.get("combat")
    if combat is not None and combat["step"] in PENDING:
        attacker = combat["side"]
        if role != attacker:
            _unspend(data, combat, "naval", "air")
            combat["attack_level"] = 0
        if role != enemy(attacker):
            _unspend(data, combat, "defence_naval", "defence_air")
            combat["defence_level"] = 0
    assault = (data.get("movement") or {}).get("assault")
    if assault is not None and assault["step"] in PENDING and role != Side.ALLIED:
        _unspend(data, assault, "naval", "air")
        assault["attack_level"] = 0


def _unspend(data: dict[str, Any], fight: dict[str, Any], naval: str, air: str) -> None:
    """Show a fight's support as not given, and the turn's budgets as they were before it."""
    data["naval_left"] += fight[naval]
    data["air_left"] += fight[air]
    fight[naval] = fight[air] = 0


# --------------------------------------------------------------------------- events and prompts as data
_converter = cattrs.Converter(forbid_extra_keys=True)
_converter.register_unstructure_hook(StrEnum, str)
_converter.register_unstructure_hook(FinalReport, lambda report: report.to_dict())
_converter.register_structure_hook(FinalReport, lambda data, _: FinalReport.from_dict(data))


def _kinds(module: Any, base: type[Any]) -> dict[str, type[Any]]:
    return {name: cls for name, cls in vars(module).items()
            if isinstance(cls, type) and issubclass(cls, base) and cls is not base and attrs.has(cls)}


EVENT_TYPES: dict[str, type[Event]] = _kinds(engine_events, Event)
PROMPT_TYPES: dict[str, type[Prompt]] = _kinds(engine_prompts, Prompt)


def event_to_dict(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, **_converter.unstructure(event)}


def event_from_dict(data: Any) -> Event:
    event: Event = _from_dict(data, EVENT_TYPES, "event")
    return event


def prompt_to_dict(prompt: Prompt) -> dict[str, Any]:
    return {"kind": prompt.kind, **_converter.unstructure(prompt)}


def prompt_from_dict(data: Any) -> Prompt:
    prompt: Prompt = _from_dict(data, PROMPT_TYPES, "prompt")
    return prompt


def _from_dict(data: Any, kinds: dict[str, type[Any]], what: str) -> Any:
    if not isinstance(data, dict) or data.get("kind") not in kinds:
        raise ProtocolError(f"not a known {what}: {str(data)[:80]}")
    fields = {k: v for k, v in data.items() if k != "kind"}
    return _converter.structure(fields, kinds[data["kind"]])


# --------------------------------------------------------------------------- messages
def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def hello(token: str, since: int | None = None) -> dict[str, Any]:
    """The client's first message: the token of its link (and, to hear what it missed, the number of actions it
    had seen: the host then sends the events of the actions since, as far as it keeps them)."""
    message: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "token": token}
    if since is not None:
        message["since"] = since
    return message


def act(at: int, action: Action) -> dict[str, Any]:
    """An answer to the prompt of the game as it stood after ``at`` actions."""
    from ..engine.serialize import action_to_dict
    return {"type": "act", "at": at, "action": action_to_dict(action)}


def refused(reason: str, again: bool = False, wait: float | None = None) -> dict[str, Any]:
    """A refusal in one line; ``again``: for now only (a seat full, an answer the store failed to keep), the same
    message may be let in later; ``wait``: seconds after which the same message may be sent again on the same
    connection (over the side's rate)."""
    return ({"type": "refused", "reason": one_line(reason)} | ({"again": True} if again else {})
            | ({"wait": wait} if wait is not None else {}))


def one_line(text: str, limit: int = 300) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 3] + "..."


def decode_client(text: Any, first: bool = False) -> dict[str, Any]:
    """A client's message, checked: a JSON object, of a type the host knows, its fields of the right types.
    ``first``: the connection's first message, which must be a hello (said before any other fault of it)."""
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text")
    if len(text.encode()) > MAX_MESSAGE:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    kind = message.get("type")
    if first and kind != "hello":
        raise ProtocolError("say hello first, with your link's token")
    if kind == "hello":
        if not valid_token(message.get("token")):
            raise ProtocolError("hello needs the token of a link")
        if message.get("protocol") != PROTOCOL:
            raise ProtocolError(f"this host speaks protocol {PROTOCOL}, not {str(message.get('protocol'))[:20]}: "
                                "play with the same version of the game as the host")
        since = message.get("since")
        if since is not None and (isinstance(since, bool) or not isinstance(since, int) or since < 0):
            raise ProtocolError("hello's \"since\" is a number of actions")
    elif kind == "orders":
        if not isinstance(message.get("orders"), dict):
            raise ProtocolError("orders needs \"orders\", an object (docs/online.md, Standing orders)")
    elif kind == "act":
        at = message.get("at")
        if isinstance(at, bool) or not isinstance(at, int) or at < 0:
            raise ProtocolError("act needs \"at\", the number of actions played before this one")
        try:
            message["action"] = action_from_dict(message.get("action"))
        except (ValueError, TypeError, cattrs.BaseValidationError) as exc:
            raise ProtocolError(f"not an action: {exc}") from None
    else:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    return message
