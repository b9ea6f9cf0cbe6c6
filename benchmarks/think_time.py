"""How long the computer German thinks: per German turn and per whole game, on this machine.

    python benchmarks/think_time.py [--german ai] [--allied historical,southern-drive] [--games 5] [--write]

Plays campaign games on the first TUNING seeds, one at a time (no second job: the clock is what is
measured), and times every answer of the German player; a German turn's time is the sum of its answers
from the first German prompt of the turn to the last (its search, its moves and its combats), and a
game's is the sum of both sides' answers. Targets (issue 17): a German turn at most 1 s median and 3 s
at most; a whole computer-v-computer game well under 30 s. Run by hand, not in CI.
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


def timed_game(seed: int, allied: str, german: str) -> tuple[list[float], float]:
    """The German's think time for each turn, and the whole game's time (both players and the engine)."""
    game = Game.new(Settings(scenario="campaign", allied_player="computer", german_player="computer"), seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(german, "german", seed)}
    turns: dict[int, float] = {}
    start = time.perf_counter()
    while not game.over:
        side, turn = game.prompt.side, game.turn
        t0 = time.perf_counter()
        action = players[side].choose(game)
        if side == "german":
            turns[turn] = turns.get(turn, 0.0) + time.perf_counter() - t0
        game.apply(action)
    return list(turns.values()), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--german", default="ai")
    parser.add_argument("--allied", default="historical,southern-drive")
    parser.add_argument("--games", type=int, default=5, help="games a plan (the first TUNING seeds)")
    parser.add_argument("--write", action="store_true", help="also write the table into docs/ai.md")
    args = parser.parse_args()
    lines = ["| Allied v German | German turns | median a turn | slowest turn | median game (both sides) |",
             "|---|---|---|---|---|"]
    for allied in args.allied.split(","):
        turns, games = [], []
        for seed in TUNING[:args.games]:
            t, whole = timed_game(seed, allied, args.german)
            turns += t
            games.append(whole)
        lines.append(f"| {allied} v {args.german} | {len(turns)} | {statistics.median(turns):.2f} s "
                     f"| {max(turns):.2f} s | {statistics.median(games):.1f} s |")
        print(lines[-1], flush=True)
    if args.write:
        from results import write_results
        write_results(ROOT / "docs" / "ai.md", "think-time-results",
                      f"Measured with `python benchmarks/think_time.py --games {args.games} --allied {args.allied} --write` "
                      f"(campaign, TUNING seeds, one game at a time).\n\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
