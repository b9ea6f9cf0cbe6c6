"""The Allied commander's margin (issue 29, point 4): the Allied ai against the German script built to beat it, the
focused rush with German D-Day movement, on 60 seeds no tuning used, in blocks of 20.

    python benchmarks/commander.py [--set commander-reporting|commander-fresh|commander-tuning] [--games 60]
                                   [--german NAME] [--jobs 2] [--json FILE] [--quick]

The goal: a median of at least 300 over the 60 games and at least 200 in each block of 20 (a median moves
150-340 points between two sets of 20: each block is shown). The other Germans (at least 250 against each, over
40 games) are the adversary suite's rows (benchmarks/adversaries.py). Campaign, historical ratings. Run by hand,
not in CI (60 games, about two minutes with two jobs); ``--quick`` (two games) is what tests/test_benchmarks.py
runs, to know the script runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from overlord.ai import make_player  # noqa: E402
from overlord.engine import Game, Settings  # noqa: E402
from overlord.headless import play_out  # noqa: E402
from seedsets import SEED_SETS  # noqa: E402

DDAY = "+dday"  # a German name with this suffix plays with German movement on D-Day
BLOCK = 20  # games a block
MEDIAN_GOAL, BLOCK_GOAL = 300.0, 200.0  # the least median over the set, and in each block (issue 29)
QUICK_GAMES = 2


def play(task: tuple[int, str]) -> dict:
    """One campaign game of the Allied ai against ``german``: its score and how it ended."""
    seed, german = task
    name, dday = (german[:-len(DDAY)], True) if german.endswith(DDAY) else (german, False)
    settings = Settings(scenario="campaign", allied_player="computer", german_player="computer",
                        german_dday_movement=dday)
    game = Game.new(settings, seed)
    play_out(game, {"allied": make_player("ai", "allied", seed), "german": make_player(name, "german", seed)})
    report = game.final_report
    assert report is not None, "a game played out has its final report"
    return {"seed": seed, "allied_score": report.allied_score, "victory_level": report.victory_level}


def summarise(german: str, games: list[dict]) -> dict:
    games = sorted(games, key=lambda r: r["seed"])
    scores = [r["allied_score"] for r in games]
    blocks = [statistics.median(scores[i:i + BLOCK]) for i in range(0, len(scores), BLOCK)]
    return {"german": german, "games": len(games), "median": round(statistics.median(scores), 1),
            "blocks": [round(b, 1) for b in blocks], "under_200": sum(s < BLOCK_GOAL for s in scores),
            "seeds": [r["seed"] for r in games], "scores": scores}


def render(name: str, s: dict) -> str:
    seeds = s["seeds"]
    met = s["median"] >= MEDIAN_GOAL and all(b >= BLOCK_GOAL for b in s["blocks"])
    return "\n".join([
        f"Allied ai v {s['german']}, {name} seeds {seeds[0]}-{seeds[-1]} ({s['games']} games, campaign, historical "
        "ratings):", "",
        "| games | median | blocks of 20 | games under 200 |", "|---|---|---|---|",
        f"| {s['games']} | {s['median']:.0f} | {' / '.join(f'{b:.0f}' for b in s['blocks'])} | {s['under_200']} |", "",
        f"Median at least {MEDIAN_GOAL:.0f} and each block at least {BLOCK_GOAL:.0f}: {'met' if met else 'MISSED'}."])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("commander-reporting", "commander-fresh", "commander-tuning"),
                        default="commander-reporting")
    parser.add_argument("--games", type=int, default=60, help="games (the set's first seeds)")
    parser.add_argument("--german", default="focused-rush" + DDAY, help="NAME, or NAME+dday for German D-Day movement")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games: to check the script runs")
    args = parser.parse_args()
    seeds = SEED_SETS[args.set][:QUICK_GAMES if args.quick else args.games]
    with Pool(args.jobs) as pool:
        games = pool.map(play, [(seed, args.german) for seed in seeds], chunksize=1)
    summary = summarise(args.german, games)
    print(render(args.set, summary))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
