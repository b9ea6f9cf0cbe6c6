"""What Game.clone costs, in engine actions: the goal is at most ten.

    python benchmarks/clone.py [--games 3] [--quick]

A computer player that searches copies the game at every node, so a copy must
cost little against an action. Campaigns of the historical Allies against the
German AI are played once to record their actions; then each is replayed, and
at every position the replay times the engine's action (Game.apply, its
legality check included) and a clone of the game before it, taken in turn so
that any slowing of the machine falls on both alike. Run by hand, not in CI; ``--quick`` (one
game, a few seconds) is what tests/test_benchmarks.py runs, to know the script runs.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from overlord.ai import make_player  # noqa: E402
from overlord.engine import Game, Settings  # noqa: E402

GOAL = 10.0


def recorded(seed: int) -> tuple[Settings, list]:
    settings = Settings(allied_player="computer", german_dday_movement=True)
    g = Game.new(settings, seed)
    players = {"allied": make_player("classic", "allied", seed), "german": make_player("ai", "german", seed)}
    while not g.over:
        g.apply(players[g.prompt.side].choose(g))
    return settings, list(g.actions)


def measure(games: int) -> dict:
    clone_s, action_s, deep_s = [], [], []
    for seed in range(1, games + 1):
        settings, actions = recorded(seed)
        g = Game.new(settings, seed)
        for i, action in enumerate(actions):
            g.legal_actions()  # as a player would have, before choosing
            if i % 50 == 0:  # what it replaces, for comparison
                t = time.perf_counter()
                copy.deepcopy(g.state)
                deep_s.append(time.perf_counter() - t)
            t = time.perf_counter()
            g.clone()
            clone_s.append(time.perf_counter() - t)
            t = time.perf_counter()
            g.apply(action)
            action_s.append(time.perf_counter() - t)
    action, clone = statistics.mean(action_s), statistics.mean(clone_s)
    return {"positions": len(clone_s), "action_us": action * 1e6, "clone_us": clone * 1e6,
            "clone_median_us": statistics.median(clone_s) * 1e6, "clone_max_us": max(clone_s) * 1e6,
            "deepcopy_us": statistics.mean(deep_s) * 1e6, "ratio": clone / action}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one game, to check the script runs")
    args = parser.parse_args()
    r = measure(1 if args.quick else args.games)
    print(f"{r['positions']} positions: an engine action {r['action_us']:.1f} us on average, a clone "
          f"{r['clone_us']:.1f} us (median {r['clone_median_us']:.1f}, at most {r['clone_max_us']:.1f})")
    print(f"(copy.deepcopy of the state alone: {r['deepcopy_us']:.0f} us, {r['deepcopy_us'] / r['action_us']:.0f} actions)")
    verdict = "meets" if r["ratio"] <= GOAL else "misses"
    print(f"clone / action = {r['ratio']:.2f} (goal: at most {GOAL:.0f}; {verdict} it)")


if __name__ == "__main__":
    main()
