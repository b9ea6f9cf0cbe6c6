"""The ``overlord`` command: the game, and headless tools around it."""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import gcpause

if TYPE_CHECKING:
    from .ai.advice import Advice
    from .engine.actions import Action
    from .engine.data import GameData
    from .engine.game import Game
    from .engine.settings import Settings
    from .saves import OpenedSave
    from .tui.app import OverlordApp

    Commands = argparse._SubParsersAction[argparse.ArgumentParser]  # what a command's parser is added to

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2
MAX_JOBS = 64  # worker processes for fuzz: more than any machine it runs on has processors to give them


COMMANDS = ("simulate", "tournament", "fuzz", "replay", "watch", "advise", "map", "oob", "charts", "players", "serve",
            "host", "online", "join")


# The commands whose whole work is what they print
PRINTING = ("simulate", "tournament", "fuzz", "replay", "advise", "map", "oob", "charts", "players")

# Output that cannot be written: the reader gone (overlord players | head -1), a full disc, a device that fails
OUTPUT_ERRORS = (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT)


def main(argv: list[str] | None = None) -> int:
    if argv is None:  # the program itself (tests and other callers pass their arguments and keep their collector)
        gcpause.pause()  # resumed once the first screen is up, or once the data is loaded
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRORS:
            raise
        return output_failed(exc)
    finally:
        gcpause.resume()


def output_failed(exc: OSError) -> int:
    """The output could not be written: said in one line, unless the reader is simply gone (which is no failure:
    ``overlord oob | head``), and nothing more written to it (Python would otherwise fail again flushing it at
    exit)."""
    try:  # what is still buffered goes nowhere: the output's file descriptor now writes to the null device
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    except (AttributeError, ValueError, OSError):  # (an output that is not a file: dropped with it)
        sys.stdout = io.StringIO()
    try:
        if exc.errno != errno.EPIPE:
            print(f"overlord: the output could not be written: {exc.strerror or exc}", file=sys.stderr)
    except OSError:
        pass  # (stderr is as unwritable: there is nowhere to say it)
    return EXIT_OK if exc.errno == errno.EPIPE else EXIT_FAIL


def run(argv: list[str]) -> int:
    # playing is the common case: it needs only the top-level options, so the full parser
    # (with every command's options) is built only when a command or help is asked for
    wanted = any(a in COMMANDS or a in ("-h", "--help") for a in argv)
    parser = build_parser() if wanted else play_parser()
    args, extra = parser.parse_known_args(argv)
    command = getattr(args, "command", None)
    if extra:  # one line, naming where the options are listed (it printed the whole program's usage)
        from .plaintext import printable
        print(f"overlord: unrecognized arguments: {printable(' '.join(extra), 80)} (overlord "
              f"{f'{command} ' if command else ''}--help lists what it takes)", file=sys.stderr)
        return EXIT_BAD_INPUT
    unread = options_before_command(argv, command)
    if unread:
        print(f"overlord: {unread[0]} before the command {command} is not read: a command's options go after it "
              f"(overlord {command} --help lists them)", file=sys.stderr)
        return EXIT_BAD_INPUT
    if command in PRINTING and sys.stdout is None:  # (closed: Python's print writes nowhere, and it ended with 0)
        print(f"overlord: standard output is closed: {command} would print nothing (give it a file or a pipe)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        status: int = args.func(args)
        return status
    except KeyboardInterrupt:
        return 130


def options_before_command(argv: list[str], command: str | None) -> list[str]:
    """The game's own options typed before a command (``overlord --seed 5 simulate``): the command reads only its
    own, so they would be dropped without a word (the command's default seed played instead)."""
    if command is None:
        return []
    takes_value = ("--seed", "--load", "--theme", "--german", "--allied")
    at = next((i for i, a in enumerate(argv) if a == command and (i == 0 or argv[i - 1] not in takes_value)), 0)
    return [a.split("=", 1)[0] for a in argv[:at] if a.startswith("-")]


def seed(text: str) -> int:
    """A seed from the command line: a whole number in the one range every game accepts."""
    from .engine.rng import SEED_RANGE, seed_in_range
    try:  # digits 0-9 only: int() would read other scripts' digits too ("١٢" is 12)
        value = int(text) if re.fullmatch(r"\s*[-+]?[0-9]+\s*", text, re.ASCII) else None
    except ValueError:  # a number with more digits than Python reads
        value = None
    if value is None or not seed_in_range(value):
        raise argparse.ArgumentTypeError(f"a seed is {SEED_RANGE}")
    return value


def play_parser() -> argparse.ArgumentParser:
    from . import __version__
    from .tui.themes import CYCLE, canonical
    parser = argparse.ArgumentParser(prog="overlord", description="Overlord: Battle for Normandy (1981), remade for the terminal.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the version and exit")
    parser.add_argument("--seed", type=seed, help="start a new game with this seed (skips the title screen)")
    parser.add_argument("--load", metavar="FILE", help="resume a saved game (it keeps its own seed): its file, or its "
                        "name among your saves (--load autosave)")
    parser.add_argument("--theme", type=canonical, choices=CYCLE, help="the colours: " + ", ".join(CYCLE) +
                        " (modern is safe for colour-blind eyes; remembered for the next run, as F5 is)")
    parser.add_argument("--german", dest="play_german", metavar="NAME", type=str.lower,
                        help="the computer German: a level or general of `overlord players` (default: ai)")
    parser.add_argument("--allied", dest="play_allied", metavar="NAME", type=str.lower,
                        help="the computer Allies (default: ai); naming them makes the Allies the computer's, and "
                             "you the German unless --german is named too")
    parser.set_defaults(func=cmd_play)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The parser of the top-level options and of every command, each command's built by its function below."""
    parser = play_parser()
    commands = parser.add_subparsers(dest="command")
    for add in COMMAND_PARSERS:
        add(commands)
    return parser


def _simulate_parser(commands: Commands) -> None:
    p = commands.add_parser("simulate", help="play a whole game headless with computer players")
    p.add_argument("--seed", type=seed, default=0, help="the game's seed: the same seed plays the same game (default: 0)")
    p.add_argument("--scenario", choices=("campaign", "two-week"), default="campaign",
                   help="the Campaign Game (to June 30) or the First Two Week Scenario (default: campaign)")
    p.add_argument("--allied", default="ai", type=str.lower, help="computer Allied player: any Allied one of `overlord players` "
                   "(its levels and generals), or historical, caen-first, classic, pass, random (default: ai)")
    p.add_argument("--german", default="ai", type=str.lower, help="computer German player: any German one of `overlord players` "
                   "(its levels and generals), or classic, pass, random (default: ai)")
    _settings_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--save", metavar="FILE", help="also write the finished game as a save")
    p.add_argument("--plot", action="store_true",
                   help="also plot the campaign turn by turn: the score and its categories, the supply pools, "
                        "the weather")
    p.add_argument("--watch", action="store_true",
                   help="watch the two computers play in the game's screens: + and - set the pace, P pauses")
    p.set_defaults(func=cmd_simulate)


def _tournament_parser(commands: Commands) -> None:
    p = commands.add_parser("tournament", help="play many seeded games between computer players and sum them up")
    p.add_argument("--games", type=int, default=20, help="how many games to play (default: 20)")
    p.add_argument("--allied", default="ai", type=str.lower, help="computer Allied player (default: ai)")
    p.add_argument("--german", default="ai", type=str.lower, help="computer German player (default: ai)")
    p.add_argument("--seed", type=seed, default=0, help="the first seed (the games use seed, seed+1, ...)")
    p.add_argument("--scenario", choices=("campaign", "two-week"), default="campaign",
                   help="the Campaign Game or the First Two Week Scenario (default: campaign)")
    _settings_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    p.set_defaults(func=cmd_tournament)


def _settings_options(p: argparse.ArgumentParser) -> None:
    """The rulebook's difficulty levels and optional rules, for the computers' games (only the set-up reached them)."""
    p.add_argument("--preset", type=str.lower, metavar="NAME",
                   help="a difficulty level or optional rule of the rulebook: novice, experienced, expert, historical, "
                        "rommels-plan, patton (default: the historical ratings)")
    p.add_argument("--german-dday-movement", action="store_true", help="the German may move on D-Day (optional rule)")


def computers_settings(args: argparse.Namespace) -> Settings:
    """The settings of a game both computers play, as --scenario, --preset and --german-dday-movement ask (ValueError
    for a preset the rulebook has not)."""
    import attrs

    from .engine.settings import Settings
    from .engine.setup import preset_settings
    settings = (preset_settings(args.preset, scenario=args.scenario, allied_player="computer", german_player="computer")
                if args.preset is not None else Settings(scenario=args.scenario, allied_player="computer",
                                                         german_player="computer"))
    return attrs.evolve(settings, german_dday_movement=True) if args.german_dday_movement else settings


def _fuzz_parser(commands: Commands) -> None:
    p = commands.add_parser("fuzz", help="play many random games, checking every invariant after every action")
    p.add_argument("--games", type=int, default=100, help="how many games to play (default: 100)")
    p.add_argument("--seed", type=seed, default=0, help="the first seed (the games use seed, seed+1, ...)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_fuzz)


def _replay_parser(commands: Commands) -> None:
    p = commands.add_parser("replay", help="check that a save's actions reproduce its state hash")
    p.add_argument("file", help="the save file to check")
    p.set_defaults(func=cmd_replay)


def _watch_parser(commands: Commands) -> None:
    p = commands.add_parser("watch", help="replay a saved game on the map, move by move: the arrows step through "
                                          "it, Up/Down by phase, PgUp/PgDn by turn")
    p.add_argument("file", help="the save file to replay")
    p.set_defaults(func=cmd_watch)


def _advise_parser(commands: Commands) -> None:
    p = commands.add_parser("advise", help="say what the computer player would answer to the question a save stops "
                                           "at, and why (the game's hint key, T)")
    p.add_argument("file", help="the save file")
    p.add_argument("--player", metavar="NAME", type=str.lower,
                   help="the computer player asked (default: ai, even where the save records another for the side)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: side, turn, phase, prompt, player, actions_played, action (as saves "
                        "write it) and reason")
    p.set_defaults(func=cmd_advise)


def _map_parser(commands: Commands) -> None:
    p = commands.add_parser("map", help="print the Normandy map for review",
                            description="Print the one map of the game, Normandy in June 1944 (data/map.txt), as "
                                        "the engine reads it: every position's terrain, the towns (numbered), the "
                                        "places, the beaches and their beachhead markers, the objectives and the "
                                        "naval-range line, then a key to all of them.")
    p.add_argument("--json", action="store_true",
                   help="print every position as JSON (col, row, terrain, town, place, beach, beachhead_marker, "
                        "objective, naval_side, excluded_east_of_caen), with the towns, places, objectives, beaches, "
                        "rivers, flooded positions, drop zones and entry positions")
    p.set_defaults(func=cmd_map)


def _oob_parser(commands: Commands) -> None:
    p = commands.add_parser("oob", help="print the order of battle")
    p.add_argument("--json", action="store_true", help="print every unit as JSON")
    p.set_defaults(func=cmd_oob)


def _charts_parser(commands: Commands) -> None:
    from .reports import CHARTS
    p = commands.add_parser("charts", help="print the rulebook charts as the engine uses them",
                            description="Print the rulebook's charts as the engine uses them: all, or the one named.",
                            epilog="charts:\n" + "\n".join(f"  {name:<22}{title}" for name, title in CHARTS.items()),
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("name", nargs="?", help="one chart, by its name below (omit for all)")
    p.add_argument("--json", action="store_true", help="print the charts as JSON")
    p.set_defaults(func=cmd_charts)


def _players_parser(commands: Commands) -> None:
    p = commands.add_parser("players", help="list the computer players: name, side, level, style, how each plays")
    p.add_argument("--json", action="store_true", help="print one JSON list")
    p.set_defaults(func=cmd_players)


def _serve_parser(commands: Commands) -> None:
    p = commands.add_parser("serve", help="play in a web browser: serve the game from this computer "
                                          "(needs the web extra: pip install 'battle-for-normandy[web]')")
    p.add_argument("--port", type=int, default=8000, help="the port to listen on (default: 8000)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: 127.0.0.1, this computer only; 0.0.0.0 opens it "
                        "to the network)")
    p.add_argument("--public-url", metavar="URL",
                   help="the address browsers reach the server at, when not http://HOST:PORT (behind a proxy, "
                        "or with --host 0.0.0.0)")
    p.add_argument("--max-sessions", type=int, default=8, metavar="N",
                   help="the most games running at once, one per browser tab (default: 8; each takes about 45 MB)")
    p.add_argument("--keep-days", type=int, default=30, metavar="DAYS",
                   help="remove a browser's saves once unused for this many days (default: 30; at most 400)")
    p.add_argument("--join", metavar="LINK", nargs="?", const="",
                   help="each page plays your side of a hosted game with your link (`overlord join` in the browser: "
                        "docs/online.md), so it serves this computer only; --join alone: the link in "
                        "$OVERLORD_JOIN_LINK, kept out of the process list")
    p.set_defaults(func=cmd_serve)


def _join_parser(commands: Commands) -> None:
    from .online.commands import join_parser  # issue 32 point 4: the client is overlord/online/join.py
    join_parser(commands)


def _host_parser(commands: Commands) -> None:
    from .online.commands import host_parser  # issue 32: overlord/online/commands.py
    host_parser(commands)


def _online_parser(commands: Commands) -> None:
    from .online.commands import online_parser
    online_parser(commands)


# in the order `overlord --help` lists them (COMMANDS above names the same commands)
COMMAND_PARSERS = (_simulate_parser, _tournament_parser, _fuzz_parser, _replay_parser, _watch_parser, _advise_parser,
                   _map_parser, _oob_parser, _charts_parser, _players_parser, _serve_parser, _host_parser,
                   _online_parser, _join_parser)


def _load_data_or_exit(resume_gc: bool = True) -> GameData:
    from .ai.plans import plans_of
    from .engine.data import DataError, cached_data
    try:
        data = cached_data()
        plans_of(data)  # the computer Allied's plans (data/plans.toml), checked with the rest of data/
    except DataError as exc:
        print(f"overlord: bad data: {exc}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT) from None
    if resume_gc:
        gcpause.resume()
    return data


def cmd_play(args: argparse.Namespace) -> int:
    app = play_app(args)
    if isinstance(app, int):
        return app
    return run_app(app, theme_chosen=getattr(args, "theme", None))


NO_TERMINAL = {  # what cannot be done without a terminal, and what can (simulate --watch was told simulate could)
    "play": ("the game reads its keys", "the commands simulate, advise, replay and the others work without one"),
    "watch": ("watch reads its keys", "replay checks a save without one, and advise gives its hint"),
    "simulate": ("simulate --watch reads its keys", "simulate without --watch plays the game without one"),
}


def run_app(app: OverlordApp, theme_chosen: str | None = None, command: str = "play") -> int:
    """Run the game's app on the terminal (a game, a replay, two computers watched), saying how it ended; a theme
    chosen on the command line is remembered once the game runs (a run refused changes nothing)."""
    if not _keys_can_be_read():
        cannot, can = NO_TERMINAL[command]
        _say(f"overlord: {cannot} from a terminal, and standard input is not one ({can})")
        return EXIT_BAD_INPUT
    if theme_chosen is not None:
        remember_theme(theme_chosen)
    try:
        app.run()
    finally:  # however the app ended (a fault in it, or Python's own), the game is saved before the program ends
        status = _after_play(app)
    return status


def _keys_can_be_read() -> bool:
    """Is there a keyboard for the game: standard input a terminal, or the browser's page (textual-serve starts
    the game with its web driver, which reads the page's keys)? At the end of a file or a pipe the terminal's
    input thread would read nothing forever, at full speed."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    try:
        return os.isatty(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):  # no standard input at all, or one closed
        return False


def _after_play(app: OverlordApp) -> int:
    """Say how the game ended, saving it first when the app ended without being asked to (a fault, or its
    browser page closed). Returns the exit status: non-zero after a fault."""
    if app.data_error:
        _say(f"overlord: bad data: {app.data_error}")
        return EXIT_BAD_INPUT
    crashed = app.crashed or app.return_code not in (None, 0)
    if not app.quitting:
        from .tui.app import farewell
        try:
            path = app.session.rescue(fault=crashed) if app.session is not None else None
        except Exception as exc:  # noqa: BLE001 - the program is ending: say why the game could not be saved
            app.farewell = f"Overlord: the game could not be saved ({type(exc).__name__}: {exc})"
        else:  # (in a browser the page says how to go on: where the server keeps the game, and a command for it,
            # went to the server's log, one for each page closed)
            from .userdirs import browser_session_dir
            app.farewell = farewell(path, app.farewell_notes()) \
                if path is not None and browser_session_dir() is None else None
        if crashed:
            _say("Overlord stopped on an error (shown above).")
    if app.farewell:
        _say(app.farewell)
    if crashed:
        return app.return_code or EXIT_FAIL
    return app.return_code or EXIT_OK


def _say(text: str) -> None:
    """A line for the player once the screen is given back; the terminal may be gone (a hang-up): then nobody
    reads it, and the program ends all the same."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # a closed, lost or missing stderr
        pass


def play_app(args: argparse.Namespace) -> OverlordApp | int:
    """The game's app for the top-level options, or the exit status when they are refused."""
    from .tui.app import OverlordApp
    named = named_players(args)
    if isinstance(named, int):
        return named
    if args.load is not None and not args.load.strip():
        print("overlord: --load needs a save: its file, or its name as the Load screen lists it", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.seed is not None and args.load:
        print(f"overlord: --seed {args.seed} is ignored: a saved game goes on with its own seed", file=sys.stderr)
    theme = start_theme(getattr(args, "theme", None))
    if args.seed is not None or args.load:
        _load_data_or_exit(resume_gc=False)  # the title screen checks the data itself, once it is up
    loaded = None
    if args.load:
        from .saves import SaveError, open_save
        try:
            loaded = open_save(save_named(args.load))
        except SaveError as exc:
            print(f"overlord: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        from .engine.prompts import QuestionPrompt
        from .words import ARMY
        for side, name in named.items():  # (during the scenario questions, who plays each side is still to be said)
            if not isinstance(loaded.game.prompt, QuestionPrompt) and loaded.game.settings.player(side) == "human":
                print(f"overlord: --{side} {name} is ignored: in the saved game a person plays the {ARMY[side]}",
                      file=sys.stderr)
    return OverlordApp(seed=args.seed, loaded=loaded, theme=theme, handle_signals=True, players=named)


def save_named(given: str) -> Path:
    """The file --load (and advise, replay, watch) names: a path, or a save's name as the Load screen lists it
    (``--load autosave``), or a file named as ``simulate --save`` was given it (without its .json). An empty name
    raises SaveError (it named the current folder: "a folder, not a save"), and so does a bare name found nowhere,
    saying where it was looked for."""
    if not given.strip():
        from .saves import SaveError
        raise SaveError("no save named", "give a save file's path, or its name as the Load list shows it")
    path = Path(given)
    # (a name too long, or a folder that may not be looked in, raises here: open_save then says why, in one line)
    try:
        if path.exists():
            return path
    except OSError:
        return path
    from .saves import safe_filename, saves_dir
    named = saves_dir() / (given if given.endswith(".json") else f"{given}.json")
    # a name as the player typed it in the game ("at handover", "6/6 beach": kept as at-handover.json, 6-6-beach.json),
    # which the Load screen lists
    typed = saves_dir() / f"{safe_filename(given.removesuffix('.json'))}.json"
    try:
        # (else one there that is not a save file: a folder, a pipe, a link to a device, said so by open_save;
        # "no such file here, nor a save of that name" was said of them, found by a helper)
        found = [p for p in (named, typed) if p.is_file()] or [p for p in (named, typed) if p.is_symlink() or p.exists()]
        if not found and not given.endswith(".json") and Path(f"{given}.json").is_file():
            return Path(f"{given}.json")  # (a file as `simulate --save` writes it, named as --save was given it)
    except OSError:
        return path
    if not found and path.parent == Path(".") and not path.is_symlink():  # (a bare name: where it was looked for)
        from .saves import SaveError
        from .userdirs import shown
        raise SaveError(given, f"no such file here, nor a save of that name in {shown(saves_dir())}")
    return found[0] if found and (path.parent == Path(".") or found[0] == typed) else path


def with_json(given: str) -> str:
    """The file --save writes: ``given``, with ".json" added as Ctrl+S adds it (the Load list and ``replay NAME``
    look for .json files only: a save written as "noext" was in neither). A folder's name is kept, to be refused."""
    try:
        folder = given.endswith(("/", os.sep)) or Path(given).is_dir()
    except OSError:  # (a name too long: new_file_problem says so)
        folder = False
    return given if folder or given.lower().endswith(".json") else f"{given}.json"


def new_file_problem(given: str) -> str | None:
    """Why --save cannot write a new file at ``given`` (one printable line), or None: a folder's name, a file that
    is there already, a path that cannot even be looked up (a name too long, a folder that may not be looked in)."""
    from .plaintext import printable
    from .saves import write_problem
    path = Path(given)
    try:
        folder = given.endswith(("/", os.sep)) or path.is_dir()
        there = path.exists() or path.is_symlink()
    except OSError as exc:
        return write_problem(exc)
    if folder:
        return f"{printable(given)} is a folder (--save names the file to write)"
    if there:
        return f"{printable(given)} is there already (--save writes a new file: name another, or remove that one)"
    try:
        if not path.absolute().parent.is_dir():
            return f"{printable(str(path.parent))}: no such folder (--save writes a new file in a folder that is there)"
    except OSError as exc:
        return write_problem(exc)
    return None


def named_players(args: argparse.Namespace) -> dict[str, str] | int:
    """The computer players named by --allied and --german, by side; the exit status for a name that cannot
    play its side (one line)."""
    named = {side: name for side, name in (("allied", getattr(args, "play_allied", None)),
                                           ("german", getattr(args, "play_german", None))) if name is not None}
    for side, name in named.items():
        from .ai.registry import check_name  # only for a name given: the title imports nothing of the engine
        try:
            check_name(name, side)
        except ValueError as exc:
            print(f"overlord: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    return named


def start_theme(chosen: str | None) -> str:
    """The theme asked for on the command line (and remembered), else the one remembered from the last run."""
    from . import preferences
    from .tui.themes import CYCLE, DEFAULT, canonical

    def warn(message: str) -> None:
        print(f"overlord: {message}", file=sys.stderr)
    if chosen is not None:
        return chosen  # (remembered once the game runs: remember_theme)
    remembered = preferences.load(warn).get("theme", DEFAULT)
    theme = canonical(remembered)
    if theme != remembered:  # a theme renamed since (textual-dark is modern now): remember it by its new name
        try:
            preferences.remember(theme=theme)
        except OSError:
            pass  # remembered under the old name, which is read the same way next time
    if theme not in CYCLE:
        warn(f"the remembered theme {theme!r} is unknown; using {DEFAULT}")
        return DEFAULT
    return theme


def remember_theme(chosen: str) -> None:
    """Remember the theme chosen on the command line for the next run, saying why not when it cannot be (and that a
    damaged preferences file is written anew)."""
    from . import preferences
    from .saves import write_problem

    def warn(message: str) -> None:
        print(f"overlord: {message}", file=sys.stderr)
    ignored: list[str] = []
    preferences.load(ignored.append)  # (what a damaged file held is lost when it is written anew: said)
    try:
        preferences.remember(theme=chosen)
    except OSError as exc:
        warn(f"the theme could not be remembered ({write_problem(exc)})")
        return
    for problem in ignored:
        warn(f"{problem}; the file is written anew with the theme {chosen}")


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.watch:
        ignored = [option for option, given in (("--json", args.json), ("--save", args.save is not None),
                                                 ("--plot", getattr(args, "plot", False))) if given]
        if ignored:  # (they were dropped without a word)
            print(f"overlord: {' and '.join(ignored)} cannot go with --watch, which shows the game on the screen; "
                  "play it without --watch for them", file=sys.stderr)
            return EXIT_BAD_INPUT
        return watch_computers(args)
    if args.save is not None and not args.save.strip():
        print("overlord: --save needs a file name", file=sys.stderr)
        return EXIT_BAD_INPUT
    given = with_json(args.save) if args.save else None
    target = Path(given) if given else None
    problem = new_file_problem(given) if given else None
    if problem is not None:  # said before the game is played
        print(f"overlord: the save was not written: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    _load_data_or_exit()
    from .headless import simulate
    from .plaintext import printable
    from .words import points
    from .saves import write_problem, write_save
    try:
        game, result = simulate(args.seed, args.scenario, args.allied, args.german, computers_settings(args))
    except ValueError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if target is not None:
        try:
            write_save(game, target, players={"allied": args.allied, "german": args.german}, new=True)
        except OSError as exc:
            print(f"overlord: the save was not written: {write_problem(exc)}", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"Overlord simulation, seed {result['seed']}, {played_settings(result)}: "
              f"Allied {result['allied']} vs German {result['german']}")
        print(f"  turns played:  {result['turns_played']}")
        print(f"  Allied score:  {points(result['allied_score'])}  ({result['victory_level']})")
        print("  objectives:    " + ", ".join(f"{k} {v}" for k, v in result["objectives"].items()))
        print(f"  formations ashore at the end of D-Day: {result['formations_landed_dday']}")
        print(f"  state hash:    {result['final_state_hash']}")
        if target is not None:
            print(f"  saved as:      {printable(str(target))}")
        _say_failures(result["player_failures"])
    if args.plot:
        print_plots(game, to_stderr=args.json)
    return EXIT_OK


def print_plots(game: Game, to_stderr: bool = False) -> None:
    """The campaign's plots, as wide as the terminal allows (in colour on a terminal without NO_COLOR).
    Beside --json they go to standard error, so that standard output stays one JSON object."""
    import os
    import shutil

    from .plots import PLOTS, campaign, plot_text
    out = sys.stderr if to_stderr else sys.stdout
    width = max(60, min(shutil.get_terminal_size((100, 24)).columns, 120))
    colour = out.isatty() and "NO_COLOR" not in os.environ
    data = campaign(game)
    for which in PLOTS:
        print("", file=out)
        print(plot_text(data, which, width, 18, colour), file=out)


def cmd_tournament(args: argparse.Namespace) -> int:
    _load_data_or_exit()
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .ai import make_player
    from .headless import tournament
    if args.games < 1:
        print("overlord: --games must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not _last_seed_in_range(args):
        return EXIT_BAD_INPUT
    try:
        make_player(args.allied, "allied")
        make_player(args.german, "german")
        settings = computers_settings(args)
    except ValueError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    err = Console(stderr=True)
    with Progress(TextColumn("[bold]games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=args.games)
        result = tournament(args.games, args.allied, args.german, args.seed, args.scenario,
                            progress=lambda done, total: bar.update(task, completed=done), settings=settings)
    if args.json:
        print(json.dumps(result))
        return EXIT_OK
    print(tournament_text(result))
    _say_failures(result["player_failures"])
    return EXIT_OK


def _say_failures(failures: dict[str, int]) -> None:
    """A computer player that failed to answer a prompt answered safely instead: a bug, said on standard error
    (the log "overlord.ai" says where)."""
    for side, count in failures.items():
        if count:
            print(f"overlord: the {side} computer player failed to answer {count} prompt{'s' if count > 1 else ''} "
                  "and answered safely instead (a bug; OVERLORD_STRICT_PLAYERS=1 stops at the first)", file=sys.stderr)


def _last_seed_in_range(args: argparse.Namespace) -> bool:
    """The games of a tournament or a fuzz run use seed, seed+1, ...: the last must be a seed too."""
    from .engine.rng import SEED_RANGE, seed_in_range
    if seed_in_range(args.seed + args.games - 1):
        return True
    print(f"overlord: --seed plus --games runs past the last seed (a seed is {SEED_RANGE})", file=sys.stderr)
    return False


def seed_range(first: int, games: int) -> str:
    """The seeds of ``games`` games from ``first``, in words: "-5 to -3" reads where "-5--3" did not."""
    return f"{first} to {first + games - 1}" if games > 1 else str(first)


def played_settings(result: dict[str, Any]) -> str:
    """The scenario, and the preset and optional rule when not the default: "two-week, patton, German D-Day
    movement" (a Patton game's result read as a historical one's)."""
    parts = [result["scenario"]]
    if result.get("preset") not in (None, "historical"):
        parts.append(result["preset"])
    if result.get("german_dday_movement"):
        parts.append("German D-Day movement")
    return ", ".join(parts)


def tournament_text(result: dict[str, Any]) -> str:
    from .reports import table
    n = result["games"]
    s = result["score"]
    lines = [f"Overlord tournament: {n} games of the {played_settings(result)} game, Allied {result['allied']} against "
             f"German {result['german']}, seeds {seed_range(result['seed'], n)}", ""]
    lines.append(table(["Level of victory", "Games", "Share"],
                       [[lvl, c, f"{100 * c / n:.0f}%"] for lvl, c in result["victory_levels"].items()]))
    lines += ["", f"Score: median {s['median']:.0f}, middle half {s['q1']:.0f} to {s['q3']:.0f}, "
                  f"all {s['min']:.0f} to {s['max']:.0f}", ""]
    lines.append(table(["Objective", "Taken in", "Median date taken", "Held at the end"],
                       [[name, f"{100 * o['taken_share']:.0f}%", o["median_date"] or "-", f"{100 * o['held_at_end_share']:.0f}%"]
                        for name, o in result["objectives"].items()]))
    f = result["formations_landed_dday"]
    lines += ["", f"Formations ashore at the end of D-Day: median {f['median']}, {f['min']} to {f['max']}"]
    lines += ["", "The beaches' assaults (medians):",
              table(["Beach", "Rounds", "Allied CP lost", "German CP lost", "First MP left", "Cleared", "Cleared on D-Day"],
                    [[beach, _num(b["rounds"]), _num(b["allied_cp_lost"]), _num(b["german_cp_lost"]),
                      _num(b["first_mp_left"]), b["cleared"] or "never", f"{100 * b['cleared_dday_share']:.0f}%"]
                     for beach, b in result["dday"].items()])]
    return "\n".join(lines)


def _num(value: float | None) -> str:
    """A median for the tournament's tables: whole when it is, '-' when there is none."""
    return "-" if value is None else f"{value:g}"


def cmd_fuzz(args: argparse.Namespace) -> int:
    _load_data_or_exit()
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .fuzz import run
    if args.games < 1:  # (each said alone: "--games 0" was told of --jobs too)
        print("overlord: --games must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not 1 <= args.jobs <= MAX_JOBS:
        print(f"overlord: --jobs must be from 1 to {MAX_JOBS} (this computer has {os.cpu_count() or 1} processors)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if not _last_seed_in_range(args):
        return EXIT_BAD_INPUT
    err = Console(stderr=True)
    with Progress(TextColumn("[bold]fuzzing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=args.games)
        result = run(args.games, args.seed, args.jobs, progress=lambda done, total: bar.update(task, completed=done))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"games played:    {result['games']} ({'seeds' if args.games > 1 else 'seed'} "
              f"{seed_range(args.seed, args.games)})")
        print(f"actions applied: {result['actions']}")
        print(f"failures:        {len(result['failures'])}")
        for f in result["failures"]:
            print(f"  seed {f['seed']} ({f['allied']} v {f['german']}), after {f['actions']} actions: {f['failure']}")
            print(f"    reproduce: python3 -m overlord fuzz --games 1 --seed {f['seed']}")
    return EXIT_OK if not result["failures"] else EXIT_FAIL


def cmd_players(args: argparse.Namespace) -> int:
    from .ai.registry import roster
    rows = roster()
    if args.json:
        print(json.dumps(rows))
        return EXIT_OK
    import textwrap
    for side in ("german", "allied"):
        print(f"{'Allied' if side == 'allied' else 'German'} computer players (overlord --{side} NAME).")
        print("The set-up offers those with a level, 1 the weakest.\n")
        for r in (r for r in rows if r["side"] == side):
            level = f"level {r['level']}" if r["level"] is not None else "not offered"
            print(f"  {r['name']:<15} {level:<12} {r['style']}{' (the default)' if r['default'] else ''}")
            print(textwrap.fill(str(r["line"]), width=78, initial_indent=" " * 18, subsequent_indent=" " * 18))
        print()
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    _load_data_or_exit()
    from .saves import SaveError, verify_replay
    try:
        ok, message = verify_replay(save_named(args.file))
    except SaveError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(message)
    return EXIT_OK if ok else EXIT_FAIL


def watch_computers(args: argparse.Namespace) -> int:
    """`overlord simulate --watch`: the two computer players' game in the game's screens."""
    from .ai.registry import check_name
    from .engine.game import Game
    from .tui.app import OverlordApp
    named = {"allied": args.allied, "german": args.german}
    try:
        for side, name in named.items():
            check_name(name, side)
    except ValueError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    _load_data_or_exit(resume_gc=False)  # (the app lets the collector run again once its first screen is up)
    try:
        settings = computers_settings(args)
    except ValueError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    game = Game.new(settings, args.seed)
    return run_app(OverlordApp(game=game, theme=start_theme(None), handle_signals=True, players=named, watching=True),
                   command="simulate")


def cmd_watch(args: argparse.Namespace) -> int:
    """`overlord watch SAVE`: the save replayed in the viewer (tui/viewer.py); closing it ends the program."""
    _load_data_or_exit(resume_gc=False)
    from .replaying import Replay
    from .saves import SaveError
    from .tui.app import OverlordApp
    try:
        replay = Replay.of_save(save_named(args.file))
    except SaveError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return run_app(OverlordApp(theme=start_theme(None), watch=replay), command="watch")


def cmd_advise(args: argparse.Namespace) -> int:
    _load_data_or_exit()
    from .ai.advice import advise
    from .engine.serialize import action_to_dict
    from .plaintext import printable
    from .saves import SaveError, open_save, phase_words
    try:
        opened = open_save(save_named(args.file))
    except SaveError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    game = opened.game
    if (computers := computer_asked(game)) is not None:
        print(printable(f"overlord: {args.file}: {computers}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        advice = advise(game, args.player)
    except ValueError as exc:  # NoAdvice (the game is over, ...), or a player unknown or not for the side
        print(printable(f"overlord: {args.file}: {exc}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    out = advice_json(advice, len(game.actions))
    standing = standing_answer(opened)
    out["standing_order"] = None if standing is None else action_to_dict(standing)
    if args.json:
        print(json.dumps(out))
        return EXIT_OK
    print(f"{advice.turn}, {phase_words(advice.phase)}: the {advice.side.title()} side is asked ({advice.prompt}).")
    print(f"The computer {advice.side.title()} ({advice.player}) would answer {json.dumps(out['action'])}:")
    print(advice.reason)
    if standing is not None:
        print(f"In the game the question is not asked: the save's standing order answers it "
              f"{json.dumps(out['standing_order'])}.")
    return EXIT_OK


def computer_asked(game: Game) -> str | None:
    """Why a save's question is not advised on: it is the computer opponent's, in a game a person plays against it.
    Its answer is the computer's own choice (its transport allocation, its support and level in a fight), which the
    person may not see, and its reason tells the computer's plan: the hint (T) is the person's alone (a German
    playing the computer Allies read their allocation and plan with ``overlord advise``; found by a helper). None
    when the question may be advised on (a person's, or one of a game of two computers)."""
    from .engine.enums import SIDES
    from .engine.prompts import QuestionPrompt
    from .saves import phase_words
    side = str(game.prompt.side)
    if game.over or side not in SIDES or isinstance(game.prompt, QuestionPrompt):
        return None
    other = next(str(s) for s in SIDES if s != side)
    if game.settings.player(side) != "computer" or game.settings.player(other) == "computer":
        return None
    # (where the save stands: an autosave, written at a phase's start, may stand before the question on the screen)
    where = f"{game.turn_label}, {phase_words(game.state.phase)}"
    return (f"the save stops at {where}, at the computer {side.title()}'s question ({game.prompt.kind}): advise "
            f"gives the {other.title()} player's hint, as T does, not the computer's answer. Play on (overlord "
            "--load) and the computer answers it.")


def standing_answer(opened: OpenedSave) -> Action | None:
    """The answer the save's standing orders give the question it stops at (a landing fought on, the coastal
    defences' level): the game plays it without asking (advise answered the question as if asked; found by a
    helper)."""
    from .session import Session
    return Session.resumed(opened.game, opened).standing_action()


def advice_json(advice: Advice, actions_played: int) -> dict[str, Any]:
    """``overlord advise --json``: the advice, its action as saves write it (docs/api.md)."""
    from .engine.serialize import action_to_dict
    return {"side": advice.side, "turn": advice.turn, "phase": advice.phase, "prompt": advice.prompt,
            "player": advice.player, "actions_played": actions_played, "action": action_to_dict(advice.action),
            "reason": advice.reason}


def cmd_map(args: argparse.Namespace) -> int:
    data = _load_data_or_exit()
    from .reports import map_json, map_legend, map_text
    if args.json:
        print(json.dumps(map_json(data)))
        return EXIT_OK
    from rich.console import Console

    class PipedConsole(Console):
        def on_broken_pipe(self) -> None:  # Rich would exit 1: the reader gone is said as the other commands say it
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    console = PipedConsole(highlight=False, soft_wrap=True)
    console.print("THE NORMANDY MAP, JUNE 1944 (row 0 = Cherbourg's line; odd rows shifted half a hex right)")
    console.print(map_text(data), end="")
    console.print(map_legend(data), markup=False)
    return EXIT_OK


def cmd_oob(args: argparse.Namespace) -> int:
    data = _load_data_or_exit()
    from .reports import oob_json, oob_text
    if args.json:
        print(json.dumps(oob_json(data)))
    else:
        print(oob_text(data))
    return EXIT_OK


def cmd_charts(args: argparse.Namespace) -> int:
    data = _load_data_or_exit()
    from .reports import chart_names, charts_json, render_chart
    names = chart_names()
    if args.name is not None and args.name.lower() in names:
        args.name = args.name.lower()  # (as --preset and --theme: "COMBAT" is the combat chart)
    if args.name is not None and args.name not in names:
        print(f"overlord: no chart {args.name!r}; charts are: {', '.join(names)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        everything = charts_json(data)
        print(json.dumps(everything[args.name] if args.name is not None else everything, indent=1, sort_keys=False))
        return EXIT_OK
    for name in [args.name] if args.name is not None else names:
        print(render_chart(data, name))
        print()
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .web import serve
    except ImportError as exc:
        if (exc.name or "").partition(".")[0] not in ("textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"):
            raise
        print("overlord: serving the game to a browser needs textual-serve: "
              "pip install 'battle-for-normandy[web]'", file=sys.stderr)
        return EXIT_BAD_INPUT
    from .online.commands import JOIN_LINK
    join = args.join
    if join == "":  # --join alone: the link from the environment (a command line is seen in the process list)
        join = os.environ.get(JOIN_LINK)
        if not join:
            print(f"overlord: --join alone needs your link in {JOIN_LINK}", file=sys.stderr)
            return EXIT_BAD_INPUT
    return serve(args.host, args.port, args.public_url, args.max_sessions, args.keep_days, join)


if __name__ == "__main__":
    raise SystemExit(main())
