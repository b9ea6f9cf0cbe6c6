"""How long a computer player thinks: per turn of its side and per whole game, on this machine.

    python benchmarks/think_time.py [--side german|allied] [--german ai] [--allied historical,southern-drive]
                                    [--games 5] [--write] [--quick]

Plays campaign games on the first TUNING seeds, one at a time (no second job: the clock is what is
measured), and times every answer of the side's player; a turn's time is the sum of its answers in that
turn (its search, its moves and its combats), and a game's is the sum of both sides' answers. One row for
each player named for the other side (German names may end in +dday: German movement on D-Day).
Targets (docs/ai.md): a turn at most 1 s median and 3 s at most; a whole computer-v-computer game well
under 30 s. Run by hand, not in CI; ``--quick`` (one game of the first pairing, a few seconds, never
written) is what tests/test_benchmarks.py runs, to know the script runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from overlord.ai import make_player  # noqa: E402
from overlord.engine import Game, Settings  # noqa: E402
from seedsets import TUNING  # noqa: E402


def timed_game(seed: int, allied: str, german: str, side: str = "german") -> tuple[list[float], float]:
    """The side's think time for each of its turns, and the whole game's time (both players and the engine)."""
    name, dday = (german[:-5], True) if german.endswith("+dday") else (german, False)
    game = Game.new(Settings(scenario="campaign", allied_player="computer", german_player="computer",
                             german_dday_movement=dday), seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(name, "german", seed)}
    turns: dict[int, float] = {}
    start = time.perf_counter()
    while not game.over:
        mover, turn = game.prompt.side, game.turn
        t0 = time.perf_counter()
        action = players[mover].choose(game)
        if mover == side:
            turns[turn] = turns.get(turn, 0.0) + time.perf_counter() - t0
        game.apply(action)
    return list(turns.values()), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", choices=("german", "allied"), default="german", help="whose thinking is timed")
    parser.add_argument("--german", default="ai", help="German players, comma-separated")
    parser.add_argument("--allied", default="historical,southern-drive", help="Allied players, comma-separated")
    parser.add_argument("--games", type=int, default=5, help="games a pairing (the first TUNING seeds)")
    parser.add_argument("--write", action="store_true", help="also write the table into docs/ai.md")
    parser.add_argument("--quick", action="store_true",
                        help="one game of the first Allied and German players, to check the script runs")
    args = parser.parse_args()
    if args.quick:
        if args.write:
            parser.error("--quick measures too little to be written")
        args.games, args.allied, args.german = 1, args.allied.split(",")[0], args.german.split(",")[0]
    lines = [f"| Allied v German | {args.side.capitalize()} turns | median a turn | slowest turn "
             "| median game (both sides) |", "|---|---|---|---|---|"]
    for allied in args.allied.split(","):
        for german in args.german.split(","):
            turns, games = [], []
            for seed in TUNING[:args.games]:
                t, whole = timed_game(seed, allied, german, args.side)
                turns += t
                games.append(whole)
            lines.append(f"| {allied} v {german} | {len(turns)} | {statistics.median(turns):.2f} s "
                         f"| {max(turns):.2f} s | {statistics.median(games):.1f} s |")
            print(lines[-1], flush=True)
    if args.write:
        from results import write_results
        block = "think-time-results" if args.side == "german" else "allied-think-time-results"
        write_results(ROOT / "docs" / "ai.md", block,
                      f"Measured with `python benchmarks/think_time.py --side {args.side} --games {args.games} "
                      f"--allied {args.allied} --german {args.german} --write` (campaign, TUNING seeds, one game "
                      f"at a time).\n\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
