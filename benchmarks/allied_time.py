"""Think time of a computer Allied: seconds per Allied turn (every answer it gives in a turn, its look ahead
included), over whole campaign games against a German player.

    python benchmarks/allied_time.py [--allied ai] [--german ai] [--games 3]

The goal (docs/ai.md): a median of at most 1 s per Allied turn. Games on the REPORTING seeds, one at a time.
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
from seedsets import REPORTING  # noqa: E402


def turn_times(seed: int, allied: str, german: str) -> list[float]:
    """Seconds the Allied player spent answering in each turn of one campaign game."""
    name, dday = (german[:-5], True) if german.endswith("+dday") else (german, False)
    game = Game.new(Settings(scenario="campaign", allied_player="computer", german_player="computer",
                             german_dday_movement=dday), seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(name, "german", seed)}
    spent: dict[int, float] = {}
    while not game.over:
        side, turn = game.prompt.side, game.turn
        start = time.perf_counter()
        action = players[side].choose(game)
        if side == "allied":
            spent[turn] = spent.get(turn, 0.0) + time.perf_counter() - start
        game.apply(action)
    return [spent[t] for t in sorted(spent)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--allied", default="ai")
    parser.add_argument("--german", default="ai")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    times = []
    for seed in REPORTING[:args.games]:
        turns = turn_times(seed, args.allied, args.german)
        times += turns
        print(f"seed {seed}: " + " ".join(f"{t:.2f}" for t in turns), file=sys.stderr)
    print(f"{args.allied} v {args.german}, {args.games} games: {statistics.median(times):.2f} s median per Allied "
          f"turn, {max(times):.2f} s at most, {sum(times) / args.games:.1f} s a game")


if __name__ == "__main__":
    main()
