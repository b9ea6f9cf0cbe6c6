"""The commands ``overlord host`` and ``overlord online new|games|bot`` (their parsers, then what they do).

The parsers need only argparse: the web library is imported when a command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.settings import Settings

    Commands = argparse._SubParsersAction[argparse.ArgumentParser]

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2
DEFAULT_PORT = 8765
JOIN_LINK = "OVERLORD_JOIN_LINK"  # the link `overlord join` plays when given none (overlord serve --join sets it)
WEB_LIBRARIES = ("aiohttp", "textual_serve", "aiohttp_jinja2", "jinja2", "multidict", "yarl")
ROLE_NAMES = {"allied": "Allied", "german": "German", "spectator": "Spectators"}


def needs_web(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """An online command, which needs the web library (aiohttp, in the web extra): without it, one line saying how
    to install it (the parsers themselves need only argparse, so every other command works without it)."""
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except ImportError as exc:
            if (exc.name or "").partition(".")[0] not in WEB_LIBRARIES:
                raise
            print("overlord: playing online needs the web extra: pip install 'battle-for-normandy[web]'",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
    return run


def join_parser(commands: Commands) -> None:
    p = commands.add_parser("join", help="play your side of a game on a host, with the link its creator gave you "
                                         "(or watch it, with the spectators' link)",
                            description="Play one side of a hosted game (`overlord host`, `overlord online new`) in "
                                        "the game's own screens, or watch it with the spectators' link. Quit whenever "
                                        "you like: the host keeps the game, and the same command comes back to it.")
    p.add_argument("link", nargs="?", default=os.environ.get(JOIN_LINK),
                   help=f"your side's link: http://HOST:PORT/play/GAME#TOKEN (keep it secret; default: ${JOIN_LINK})")
    p.add_argument("--theme", default=None, help="the colours (as the game's --theme)")
    p.set_defaults(func=needs_web(cmd_join))


def cmd_join(args: argparse.Namespace) -> int:
    from .join import play_joined  # the Textual client (overlord/online/join.py)
    return play_joined(args)


def host_parser(commands: Commands) -> None:
    p = commands.add_parser("host", help="keep games and their dice for players elsewhere (docs/online.md)",
                            description="Serve games to players on other computers: the host keeps every game and "
                                        "draws every die; players join with the links `overlord online new` prints.")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: 127.0.0.1, this computer only; 0.0.0.0 opens it to the "
                        "network: see docs/online.md for a reverse proxy with TLS)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default: {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--db", metavar="PATH", help="the SQLite file the games are kept in (default: hosted-games.sqlite3 "
                                                "beside your saves)")
    p.add_argument("--rate", type=float, default=None, metavar="N",
                   help="messages a second each side of a game may send, over all its connections (default: 30, "
                        "with bursts of twice that)")
    p.add_argument("--max-games", type=int, default=None, metavar="N", help="refuse new games past this many (default: 1000)")
    p.add_argument("--sync", choices=("full", "normal"), default="full",
                   help="full (default): each action is on the disk before the host answers; normal: it survives the "
                        "host's crash but not the machine's, and is quicker")
    p.set_defaults(func=needs_web(cmd_host))


def online_parser(commands: Commands) -> None:
    p = commands.add_parser("online", help="create games on a host, list yours, let a computer player take a side")
    sub = p.add_subparsers(dest="online_command", required=True)
    new = sub.add_parser("new", help="create a game on a host and print a link for each side and for spectators")
    new.add_argument("url", help="the host's address, as your friends reach it (http://192.168.1.5:8765, https://...)")
    new.add_argument("--scenario", choices=("campaign", "two-week"), default="campaign",
                     help="the Campaign Game (to June 30) or the First Two Week Scenario (default: campaign)")
    new.add_argument("--preset", default="historical", type=str.lower,
                     help="a difficulty level or optional rule of the rulebook: historical (default), novice, "
                          "experienced, expert, rommels-plan, patton")
    new.add_argument("--german-dday-movement", action="store_true", help="the German may move on D-Day")
    new.add_argument("--german-as", choices=("human", "computer"), default="human",
                     help="how the rules count the German (default: human, as he is online: the Allies get the "
                          "rulebook's extra transport, air and naval power against a human German)")
    for role in ("allied", "german", "spectator"):
        new.add_argument(f"--{role}-token", metavar="TOKEN",
                         help=f"use a token you already have for the {ROLE_NAMES[role]} link (your games then "
                              "gather under one token for `online games`)")
    new.add_argument("--json", action="store_true", help="print one JSON object: game and links")
    new.set_defaults(func=needs_web(cmd_online_new))
    games = sub.add_parser("games", help="list the games a token opens on a host, and whose move it is")
    games.add_argument("url", nargs="?", default=os.environ.get(JOIN_LINK),
                       help="the host's address, or one of your links (its token then needs no --token; "
                            f"default: ${JOIN_LINK}, kept out of the process list)")
    games.add_argument("--token", help="the token of one of your links (the part after #; "
                       "write --token=TOKEN for an older link's token that begins with -)")
    games.add_argument("--json", action="store_true", help="print one JSON list")
    games.set_defaults(func=needs_web(cmd_online_games))
    bot = sub.add_parser("bot", help="let a computer player play a side of a hosted game through its link")
    bot.add_argument("link", nargs="?", default=os.environ.get(JOIN_LINK),
                     help=f"the side's link (default: ${JOIN_LINK}, kept out of the process list)")
    bot.add_argument("--player", default="ai", type=str.lower, help="the computer player, as `overlord players` names them (default: ai)")
    bot.add_argument("--seed", type=_seed, default=0,
                     help="the player's own seed (not the game's: the host keeps that)")
    bot.add_argument("--orders", metavar="JSON", help="standing orders for the host to answer with first, e.g. "
                                                      "'{\"defence\": [[99, 5]], \"retreat\": \"hold\"}' "
                                                      "(docs/online.md, Standing orders)")
    bot.set_defaults(func=needs_web(cmd_online_bot))


# --------------------------------------------------------------------------- the commands
def cmd_host(args: argparse.Namespace) -> int:
    from .host import MAX_GAMES, Host, serve_forever
    from .protocol import BURST, RATE
    import sqlite3

    from .storage import SQLiteStorage, default_db_path
    if not 0 <= args.port <= 65535:
        return _fail("--port is 0 to 65535", EXIT_BAD_INPUT)
    if args.rate is not None and not (math.isfinite(args.rate) and args.rate > 0):
        return _fail("--rate is a number of messages a second, more than 0", EXIT_BAD_INPUT)
    if args.max_games is not None and args.max_games < 1:
        return _fail("--max-games is 1 or more", EXIT_BAD_INPUT)
    path = Path(args.db).expanduser() if args.db else default_db_path()
    if args.db and not path.parent.is_dir():  # (a folder mistyped was made, and the games kept there unsaid)
        return _fail(f"cannot keep games in {path}: {path.parent} is not a folder", EXIT_BAD_INPUT)
    try:
        storage = SQLiteStorage(path, durable=args.sync == "full", exclusive=True)
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc):
            return _fail(f"another host keeps its games in {path}: stop it first, or give this one --db FILE",
                         EXIT_BAD_INPUT)
        return _fail(f"cannot keep games in {path}: {exc}{read_only(path)}", EXIT_BAD_INPUT)
    except (OSError, sqlite3.Error) as exc:  # the file cannot be opened, or is not a host's store: one line
        return _fail(f"cannot keep games in {path}: {exc}", EXIT_BAD_INPUT)
    rate = args.rate if args.rate is not None else RATE
    burst = BURST if args.rate is None else max(1, int(2 * args.rate))
    host = Host(storage, rate=rate, burst=burst, max_games=MAX_GAMES if args.max_games is None else args.max_games)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s", stream=sys.stderr)
    try:
        asyncio.run(serve_forever(host, args.host, args.port, lambda line: print(line, flush=True)))
    except OSError as exc:
        # (2, as `overlord serve` says of a port taken: it exited 1, found by a helper)
        return _fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", EXIT_BAD_INPUT)
    finally:
        storage.close()
    return EXIT_OK


def cmd_online_new(args: argparse.Namespace) -> int:
    from .client import Refused, create_game
    from .protocol import ProtocolError, valid_token
    try:
        settings = new_settings(args)
    except ValueError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    tokens = {role: getattr(args, f"{role}_token") for role in ROLE_NAMES if getattr(args, f"{role}_token")}
    for role, token in tokens.items():  # (the host's refusal named its protocol's "tokens", not the option)
        if not valid_token(token):
            return _fail(f"--{role}-token: a token is 16-128 letters, digits, - or _ (the part of a link after #)",
                         EXIT_BAD_INPUT)
    try:
        args.url = host_and_token(args.url, None)[0]  # (a link given for the host: its host)
    except ProtocolError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    try:
        links = asyncio.run(create_game(args.url, settings, tokens))
    except (Refused, ProtocolError) as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    except OSError as exc:
        return _fail(f"no host answers at {args.url}: {exc}", EXIT_FAIL)
    if args.json:
        print(json.dumps({"game": links["allied"].game, "links": {r: str(link) for r, link in links.items()}}))
        return EXIT_OK
    print(f"Game {links['allied'].game} on {links['allied'].base} ({settings.scenario}, {settings.preset}). "
          "Give each player only their own link:")
    for role, link in links.items():
        print(f"  {ROLE_NAMES[role] + ':':<12}{link}")
    print("Each player plays with `overlord join LINK`; `overlord join` with the spectators' link watches the game "
          "(what the German sees: nothing the Allies hide before it is played).")
    return EXIT_OK


def new_settings(args: argparse.Namespace) -> Settings:
    """The settings of a new hosted game from the command line (ValueError, said in one line, if not valid)."""
    import attrs

    from ..engine.setup import preset_settings
    settings = preset_settings(args.preset, scenario=args.scenario, allied_player="human",
                               german_player=args.german_as)
    if args.german_dday_movement:
        settings = attrs.evolve(settings, german_dday_movement=True)
    return settings


def host_and_token(url: str, token: str | None) -> tuple[str, str | None]:
    """The host's address and the token to use, from an address or one of the player's links (taken as its host,
    and its token when none is given)."""
    from .protocol import Link, ProtocolError
    try:
        link = Link.parse(url)
    except ProtocolError:
        if "#" in url:  # a link, but not a good one: what is wrong with it (ProtocolError)
            raise
        return url, token
    return link.base, token or link.token


def cmd_online_games(args: argparse.Namespace) -> int:
    from ..engine.enums import Phase
    from ..words import PHASES
    known = {p.value for p in Phase}
    from .client import Refused, list_games
    from .protocol import ProtocolError, valid_token
    if not args.url:
        return _fail(f"online games needs the host's address or one of your links (or ${JOIN_LINK})", EXIT_BAD_INPUT)
    try:
        url, token = host_and_token(args.url, args.token)
    except ProtocolError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    if token is None:
        return _fail("say whose games: --token TOKEN (the part of your link after #), or give your link instead of "
                     "the host's address", EXIT_BAD_INPUT)
    if not valid_token(token):
        return _fail("that is not a token: 16 to 128 letters, digits, - or _ (the part of your link after #)",
                     EXIT_BAD_INPUT)
    args.url = url
    try:
        games = asyncio.run(list_games(url, token))
    except (Refused, ProtocolError) as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    except OSError as exc:
        return _fail(f"no host answers at {args.url}: {exc}", EXIT_FAIL)
    if args.json:
        print(json.dumps(games))
        return EXIT_OK
    if not games:
        print("No game on this host for this token.")
    for g in games:
        phase = PHASES.get(Phase(g["phase"]), "") if g.get("phase") in known else ""  # (an older host: none)
        print(f"{g['game']}  {ROLE_NAMES.get(g['role'], g['role']):<10} {g['scenario']:<9} turn {g['turn']:<5} "
              f"{phase + ', ' if phase and not g['over'] else ''}{_whose(g)}")
    return EXIT_OK


def _whose(game: dict[str, Any]) -> str:
    if game["over"]:
        return "game over"
    if game["your_move"]:
        return "your move"
    side = game["to_answer"]
    away = isinstance(game.get("connected"), list) and side not in game["connected"]  # (an older host: not said)
    return f"waiting for the {ROLE_NAMES.get(side, side)} player" + (" (not connected now)" if away else "")


def read_only(path: Path) -> str:
    """Why SQLite's "disk I/O error" or "unable to open database file" may be: the store or its folder read-only
    (the host writes beside the file too: its write-ahead log)."""
    for where in (path, path.parent):
        if where.exists() and not os.access(where, os.W_OK):
            return f" ({'it' if where == path else 'its folder'} is read-only: the host writes there)"
    return ""


def unknown_player(name: str) -> str:
    """Why no computer player is named ``name`` ('' when one is: whether it plays the link's side is known once
    joined)."""
    from ..ai import PLAYERS
    from ..ai.registry import shown_name
    return "" if name in PLAYERS else f"unknown computer player {shown_name(name)}: `overlord players` lists them"


def _seed(text: str) -> int:
    """A seed as the game's own commands take one (cli.seed: its range, its words)."""
    from ..cli import seed
    return seed(text)


def _bot_orders(given: str | None) -> tuple[dict[str, Any] | None, str | None]:
    """`online bot --orders`, read and checked before joining, as its player is (the other side saw the bot connect,
    and go): (the orders, or None; why they are refused, or None)."""
    from .orders import check_orders
    from .protocol import ProtocolError
    try:
        orders = json.loads(given) if given else None
    except ValueError as exc:
        return None, f"--orders is not JSON ({exc}): an object, as docs/online.md's Standing orders"
    if orders is None:
        return None, None
    if not isinstance(orders, dict):
        return None, "--orders is a JSON object, as docs/online.md's Standing orders"
    try:
        check_orders(orders)
    except ProtocolError as exc:
        return None, f"--orders: {exc}"
    return orders, None


def cmd_online_bot(args: argparse.Namespace) -> int:
    from .bot import play
    from .client import Disconnected, Refused
    from .protocol import ProtocolError
    if not args.link:
        return _fail(f"online bot needs the side's link (or ${JOIN_LINK})", EXIT_BAD_INPUT)
    orders, refused = _bot_orders(args.orders)
    if refused is not None:
        return _fail(refused, EXIT_BAD_INPUT)
    if unknown := unknown_player(args.player):  # (said before joining: the other side saw the bot connect, and go)
        return _fail(unknown, EXIT_BAD_INPUT)
    import aiohttp
    from .protocol import one_line
    from .remote import RETRY_DELAYS
    passing = (Disconnected, ProtocolError, aiohttp.ClientError, OSError, asyncio.TimeoutError)  # (not a bad player)
    joined: list[bool] = []

    def say_joined() -> None:
        """Said once: the bot played a whole turn in silence, a person at the side's other screen none the wiser
        (found by a helper)."""
        if not joined:
            print(f"overlord: {args.player} has joined and plays its side until the game is over (Ctrl+C stops it)",
                  file=sys.stderr, flush=True)
        joined.append(True)

    async def play_on() -> Any:
        """Play to the end; a host that goes away once joined (a restart, a network's blip) is joined again, as
        `overlord join` does, until it refuses the link."""
        attempt = 0
        while True:
            try:
                return await play(args.link, args.player, args.seed, orders=orders,
                                  on_joined=say_joined)
            except Refused as exc:
                if not exc.again:
                    raise
                print(f"overlord: {one_line(str(exc))}: trying again", file=sys.stderr, flush=True)
                await asyncio.sleep(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)])
                attempt += 1
            except passing as exc:
                if not joined:
                    raise  # (never let in: the link or the host is wrong, not a passing failure)
                print(f"overlord: the host went away ({one_line(str(exc))}): joining again", file=sys.stderr,
                      flush=True)
                await asyncio.sleep(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)])
                attempt += 1
    try:  # ValueError: not a link, or not a player of the link's side
        online = asyncio.run(play_on())
    except (Refused, ProtocolError, ValueError) as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    except (Disconnected, OSError) as exc:
        return _fail(f"the host went away: {exc}", EXIT_FAIL)
    report = online.game.final_report
    from ..words import points
    score = f": Allied score {points(report.allied_score)} ({report.victory_level})" if report is not None else ""
    print(f"Game {online.link.game} over after {online.at} actions{score}")
    return EXIT_OK


def _fail(message: str, status: int) -> int:
    print(f"overlord: {message}", file=sys.stderr)
    return status
