"""The ``overlord`` command: the game, and headless tools around it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="overlord", description="Overlord: Battle for Normandy (1981), remade for the terminal.")
    parser.add_argument("--seed", type=int, help="start a new game with this seed (skips the title screen)")
    parser.add_argument("--load", metavar="FILE", help="resume a saved game")
    parser.set_defaults(func=cmd_play)
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("simulate", help="play a whole game headless with computer players")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario", choices=("campaign", "two-week"), default="campaign")
    p.add_argument("--allied", default="pass", help="computer Allied player (default: pass)")
    p.add_argument("--german", default="pass", help="computer German player (default: pass)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--save", metavar="FILE", help="also write the finished game as a save")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", help="check that a save's actions reproduce its state hash")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("map", help="print the Normandy map for review")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_map)

    p = sub.add_parser("oob", help="print the order of battle")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_oob)

    p = sub.add_parser("charts", help="print the rulebook charts as the engine uses them")
    p.add_argument("name", nargs="?", help="one chart (omit for all)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_charts)
    return parser


def _load_data_or_exit():
    from .engine.data import DataError, cached_data
    try:
        return cached_data()
    except DataError as exc:
        print(f"overlord: bad data: {exc}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT) from None


def cmd_play(args) -> int:
    _load_data_or_exit()
    from .saves import SaveError, load_save
    from .tui.app import OverlordApp
    game = None
    if args.load:
        try:
            game = load_save(args.load)
        except SaveError as exc:
            print(f"overlord: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    app = OverlordApp(seed=args.seed, game=game)
    app.run()
    return EXIT_OK


def cmd_simulate(args) -> int:
    _load_data_or_exit()
    from .headless import simulate
    from .saves import write_save
    try:
        game, result = simulate(args.seed, args.scenario, args.allied, args.german)
    except ValueError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.save:
        write_save(game, Path(args.save))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"Overlord simulation, seed {result['seed']}, {result['scenario']}: "
              f"Allied {result['allied']} vs German {result['german']}")
        print(f"  turns played:  {result['turns_played']}")
        print(f"  Allied score:  {result['allied_score']:.0f}  ({result['victory_level']})")
        print("  objectives:    " + ", ".join(f"{k} {v}" for k, v in result["objectives"].items()))
        print(f"  formations ashore at the end of D-Day: {result['formations_landed_dday']}")
        print(f"  state hash:    {result['final_state_hash']}")
    return EXIT_OK


def cmd_replay(args) -> int:
    _load_data_or_exit()
    from .saves import SaveError, verify_replay
    try:
        ok, message = verify_replay(args.file)
    except SaveError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(message)
    return EXIT_OK if ok else EXIT_FAIL


def cmd_map(args) -> int:
    data = _load_data_or_exit()
    from .reports import map_json, map_legend, map_text
    if args.json:
        print(json.dumps(map_json(data)))
        return EXIT_OK
    from rich.console import Console
    console = Console(highlight=False, soft_wrap=True)
    console.print("THE NORMANDY MAP, JUNE 1944 (row 0 = Cherbourg's line; odd rows shifted half a hex right)")
    console.print(map_text(data), end="")
    console.print(map_legend(data), markup=False)
    return EXIT_OK


def cmd_oob(args) -> int:
    data = _load_data_or_exit()
    from .reports import oob_json, oob_text
    if args.json:
        print(json.dumps(oob_json(data)))
    else:
        print(oob_text(data))
    return EXIT_OK


def cmd_charts(args) -> int:
    data = _load_data_or_exit()
    from .reports import chart_names, charts_json, render_chart
    names = chart_names()
    if args.name and args.name not in names:
        print(f"overlord: no chart {args.name!r}; charts are: {', '.join(names)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        everything = charts_json(data)
        print(json.dumps(everything[args.name] if args.name else everything, indent=1, sort_keys=False))
        return EXIT_OK
    for name in [args.name] if args.name else names:
        print(render_chart(data, name))
        print()
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
