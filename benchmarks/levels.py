"""The spacing of the levels offered as opponents: each German level against the Allied historical, each Allied
level against the German ai, on seeds no tuning used.

    python benchmarks/levels.py [--set levels-reporting|levels-tuning] [--games 40] [--jobs 2]
                                [--side german|allied|both] [--json FILE] [--from-json FILE] [--quick]

One row a level (overlord.ai.registry.levels: weakest first): its median Allied score, the median of each block
of 20 games (a median moves 150-340 points between two sets of 20: both are shown), the gap to the next level,
and the level's think time per turn of its side (median and slowest; measured inside the games, so with two jobs
each game shares the machine with another). The goals (issue 29): the German levels' medians ordered, each at
least 200 points from the next (the German's best is the lowest Allied score); the Allied levels' the same (the
Allied's best the highest); each level thinking at most 1 s a turn (median) and 3 s at most.

Campaign games, historical ratings. Run by hand, not in CI (the full run is 40 games for each of ten players,
about twenty minutes with two jobs); ``--quick`` (one game a level) is what tests/test_benchmarks.py runs, to know
the script runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from overlord.ai import make_player  # noqa: E402
from overlord.ai.registry import levels, profile  # noqa: E402
from overlord.engine import Game, Settings  # noqa: E402
from seedsets import SEED_SETS  # noqa: E402

# Each side's levels meet one reference player of the other side: the German levels the June 6 plan played well,
# the Allied levels the default German.
REFERENCE = {"german": ("allied", "historical"), "allied": ("german", "ai")}
BLOCK = 20  # games a block: each block's median is shown beside the whole set's
GAP = 200  # the least gap between two levels' medians (issue 29)
THINK_MEDIAN, THINK_MAX = 1.0, 3.0  # seconds a turn: the most a level may think, median and at most
QUICK_GAMES = 1


def play(task: tuple[int, str, str, str]) -> dict:
    """One campaign game of a level against its reference: the Allied score and the level's think time a turn."""
    seed, side, level, _ = task
    other, reference = REFERENCE[side]
    names = {side: level, other: reference}
    game = Game.new(Settings(scenario="campaign", allied_player="computer", german_player="computer"), seed)
    players = {s: make_player(names[s], s, seed) for s in ("allied", "german")}
    turns: dict[int, float] = {}
    while not game.over:
        mover, turn = game.prompt.side, game.turn
        t0 = time.process_time()  # CPU time: a second job on the machine does not count against the level
        action = players[mover].choose(game)
        if mover == side:
            turns[turn] = turns.get(turn, 0.0) + time.process_time() - t0
        game.apply(action)
    report = game.final_report
    return {"seed": seed, "side": side, "level": level, "allied_score": report.allied_score if report else 0.0,
            "think": list(turns.values())}


def run(sides: list[str], seeds: tuple[int, ...], jobs: int) -> dict[str, list[dict]]:
    """Every level of each side on every seed: one summary a level, weakest first."""
    tasks = [(seed, side, level, "campaign") for side in sides for level in levels(side) for seed in seeds]
    games: dict[tuple[str, str], list[dict]] = {}
    with Pool(jobs) as pool:
        for r in pool.imap_unordered(play, tasks):
            games.setdefault((r["side"], r["level"]), []).append(r)
    return {side: [summarise(side, level, games[(side, level)]) for level in levels(side)] for side in sides}


def from_json(path: Path, sides: list[str]) -> dict[str, list[dict]]:
    """The summaries of a --json file, for today's levels (each player's level and style as the registry says)."""
    saved = json.loads(path.read_text())
    out = {}
    for side in sides:
        by_name = {r["name"]: r for r in saved[side]}
        out[side] = [{**by_name[name], "level": profile(name, side).level, "style": profile(name, side).style}
                     for name in levels(side)]
    return out


def summarise(side: str, level: str, games: list[dict]) -> dict:
    games = sorted(games, key=lambda r: r["seed"])
    scores = [r["allied_score"] for r in games]
    think = [t for r in games for t in r["think"]]
    blocks = [scores[i:i + BLOCK] for i in range(0, len(scores), BLOCK)]
    p = profile(level, side)
    return {"side": side, "name": level, "level": p.level, "style": p.style, "games": len(games),
            "median": round(statistics.median(scores), 1), "blocks": [round(statistics.median(b), 1) for b in blocks],
            "think_median": round(statistics.median(think), 3), "think_max": round(max(think), 3),
            "seeds": [r["seed"] for r in games], "scores": scores}


def table(side: str, rows: list[dict]) -> str:
    """One side's levels, weakest first, with the gap from each level to the next and whether the goals are met."""
    other, reference = REFERENCE[side]
    lines = [f"{side.capitalize()} levels against the {other.capitalize()} {reference} (Allied score; "
             f"{'lower' if side == 'german' else 'higher'} is the stronger {side.capitalize()}):", "",
             "| level | name | style | games | median | blocks of 20 | gap to the next level | think a turn: median "
             "| slowest |", "|---|---|---|---|---|---|---|---|---|"]
    gaps = level_gaps(side, rows)
    for r in rows:
        gap = gaps.get(r["name"])
        lines.append(f"| {r['level']} | {r['name']} | {r['style']} | {r['games']} | {r['median']:.0f} "
                     f"| {' / '.join(f'{b:.0f}' for b in r['blocks'])} | {'-' if gap is None else f'{gap:.0f}'} "
                     f"| {r['think_median']:.2f} s | {r['think_max']:.2f} s |")
    lines += ["", goals(side, rows, gaps)]
    return "\n".join(lines)


def stronger_by(side: str, weaker: dict, stronger: dict) -> float:
    """How much stronger ``stronger`` is, in Allied points (positive: stronger, as the next level should be)."""
    diff = stronger["median"] - weaker["median"]
    return diff if side == "allied" else -diff


def level_gaps(side: str, rows: list[dict]) -> dict[str, float]:
    """For each player below the top level, how much stronger the weakest player of the next level is (a level may
    hold two styles: each must be spaced from each of the next level's)."""
    ranks = sorted({r["level"] for r in rows})
    gaps = {}
    for rank, following in zip(ranks, ranks[1:]):
        above = [r for r in rows if r["level"] == following]
        for r in (r for r in rows if r["level"] == rank):
            gaps[r["name"]] = min(stronger_by(side, r, a) for a in above)
    return gaps


def goals(side: str, rows: list[dict], gaps: dict[str, float]) -> str:
    spaced = all(gap >= GAP for gap in gaps.values())
    thinks = all(r["think_median"] <= THINK_MEDIAN and r["think_max"] <= THINK_MAX for r in rows)
    least = min(gaps.values(), default=0.0)
    return (f"Ordered, each level at least {GAP} points from the next: {'met' if spaced else 'MISSED'} (least gap "
            f"{least:.0f}). Think time at most {THINK_MEDIAN:g} s a turn (median), {THINK_MAX:g} s at most: "
            f"{'met' if thinks else 'MISSED'}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("levels-reporting", "levels-tuning"), default="levels-reporting")
    parser.add_argument("--games", type=int, default=40, help="games a level (the set's first seeds)")
    parser.add_argument("--side", choices=("german", "allied", "both"), default="both")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", metavar="FILE", help="also write every summary as JSON")
    parser.add_argument("--from-json", metavar="FILE", help="draw the tables from a --json FILE instead of playing "
                        "(each player's games are its own: the levels and styles are the registry's of today)")
    parser.add_argument("--quick", action="store_true", help="one game a level: to check the script runs")
    args = parser.parse_args()
    games = QUICK_GAMES if args.quick else args.games
    seeds = SEED_SETS[args.set][:games]
    sides = ["german", "allied"] if args.side == "both" else [args.side]
    results = run(sides, seeds, args.jobs) if args.from_json is None else from_json(Path(args.from_json), sides)
    seeds = tuple(results[sides[0]][0]["seeds"])
    print(f"Levels on {args.set} seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} games a level, campaign, historical "
          "ratings; think time is CPU time)\n")
    print("\n\n".join(table(side, results[side]) for side in sides))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
