"""The searching German's steadiness (issue 29): how often it changes posture, and what that costs or saves.

    python benchmarks/steadiness.py [--set steady-tuning|steady-reporting] [--steady 0,40] [--horizon 1,2]
                                    [--commit 0:0,3:100] [--smooth 1,0.5] [--draws 1] [--allied A,B] [--seeds N]
                                    [--jobs 2] [--json FILE] [--write] [--quick]

For each German of the knobs given (each a comma-separated list; every combination is played; the shipped
German's values by default):
- ``--steady`` (SearchGerman's ``steady``): a posture is kept unless another promises that many points better;
- ``--horizon``: the German turns each posture is played out for before it is valued;
- ``--commit`` TURNS:MARGIN: a posture begun is kept for TURNS turns unless another promises MARGIN points better;
- ``--smooth``: the share of this turn's weighing in a posture's standing, the rest its standing of the turns
  before (1: this turn's alone);
it plays the German against every Allied opponent (the Allied adversaries, historical, classic, caen-first and
the Allied ai) on every seed of the set, campaign scenario, historical ratings, and prints per opponent: the
median Allied score (lower is better for the German) and its two blocks of 20 seeds, the median number of
posture changes in the German's first twelve turns, and the German's think time a turn (median and most, seconds
of processor time). ``--quick`` plays two seeds and two opponents, to check the script runs
(tests/test_benchmarks.py); it is never written.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from overlord.ai import ADVERSARIES, make_player  # noqa: E402
from overlord.ai.german_search import COMMIT, DRAWS, FIRM, HORIZON, SMOOTH, STEADY, SearchGerman  # noqa: E402
from overlord.engine import Game, Settings  # noqa: E402
from seedsets import SEED_SETS  # noqa: E402

OPPONENTS = list(ADVERSARIES["allied"]) + ["historical", "classic", "caen-first", "ai"]
FIRST_TURNS = 12  # the German's turns whose posture changes are counted (the "in 12 turns")
RESAMPLES = 1000  # resamplings of the games for the chance in a difference of medians (noise)
BLOCK = 20  # seeds a block: the medians of each block of 20 are given beside the whole set's
QUICK = {"opponents": ["historical", "southern-drive"], "seeds": 2}


class TimedGerman(SearchGerman):
    """The German ai, with its processor time counted by turn."""

    def __init__(self, side: str, seed: int, steady: float, draws: int, horizon: int, commit: tuple[int, float],
                 smooth: float) -> None:
        super().__init__(side, seed, steady=steady, draws=draws, horizon=horizon, commit=commit[0], firm=commit[1],
                         smooth=smooth)
        self.thought: dict[int, float] = {}

    def choose(self, game: Game):  # type: ignore[no-untyped-def]
        start = time.process_time()
        action = super().choose(game)
        self.thought[game.turn] = self.thought.get(game.turn, 0.0) + time.process_time() - start
        return action


def changes(postures: list[str]) -> int:
    """How many times the posture differs from the turn before's."""
    return sum(1 for a, b in zip(postures, postures[1:]) if a != b)


def label(steady: float, horizon: int, commit: tuple[int, float], smooth: float) -> str:
    """A German's name in the tables: its margin, and its horizon, commitment and smoothing when they are not
    1, none and 1."""
    return f"steady {steady:g}" + (f", horizon {horizon}" if horizon != 1 else "") \
        + (f", commit {commit[0]} firm {commit[1]:g}" if commit[0] else "") + (f", smooth {smooth:g}" if smooth != 1 else "")


def play(task: tuple[int, str, float, int, int, tuple[int, float], float]) -> dict:
    seed, allied, steady, draws, horizon, commit, smooth = task
    game = Game.new(Settings(allied_player="computer", german_player="computer"), seed)
    german = TimedGerman("german", seed, steady, draws, horizon, commit, smooth)
    players = {"allied": make_player(allied, "allied", seed), "german": german}
    while not game.over:
        game.apply(players[str(game.prompt.side)].choose(game))
    postures = [posture for _, posture, _ in german.log[:FIRST_TURNS]]
    return {"seed": seed, "allied": allied, "steady": label(steady, horizon, commit, smooth),
            "allied_score": game.final_report.allied_score,
            "changes": changes(postures), "postures": postures, "think": sorted(german.thought.values())}


def summarise(games: list[dict]) -> dict:
    games = sorted(games, key=lambda r: r["seed"])
    scores = [r["allied_score"] for r in games]
    blocks = [round(statistics.median(scores[i:i + BLOCK]), 1) for i in range(0, len(scores), BLOCK)]
    thinks = [t for r in games for t in r["think"]]
    return {"allied": games[0]["allied"], "steady": games[0]["steady"], "games": len(games),
            "median": round(statistics.median(scores), 1), "blocks": blocks,
            "changes": statistics.median(r["changes"] for r in games),
            "think_median": round(statistics.median(thinks), 3), "think_max": round(max(thinks), 3),
            "scores": scores, "postures": [r["postures"] for r in games]}


def run(opponents: list[str], steadies: list[float], seeds, jobs: int, draws: int = DRAWS,
        horizons: tuple[int, ...] = (HORIZON,), commits: tuple[tuple[int, float], ...] = ((COMMIT, FIRM),),
        smooths: tuple[float, ...] = (SMOOTH,)) -> list[dict]:
    germans = [(m, h, c, w) for h in horizons for c in commits for w in smooths for m in steadies]
    tasks = [(s, a, m, draws, h, c, w) for m, h, c, w in germans for a in opponents for s in seeds]
    names = [label(m, h, c, w) for m, h, c, w in germans]
    games: dict[tuple[str, str], list[dict]] = {(a, m): [] for m in names for a in opponents}
    with Pool(jobs) as pool:
        for i, r in enumerate(pool.imap_unordered(play, tasks)):
            games[(r["allied"], r["steady"])].append(r)
            print(f"\r{i + 1}/{len(tasks)} games", end="", file=sys.stderr)
    print(file=sys.stderr)
    return [summarise(games[(a, m)]) for m in names for a in opponents]


def render(name: str, seeds, summaries: list[dict], draws: int = DRAWS) -> str:
    steadies = list(dict.fromkeys(s["steady"] for s in summaries))
    head = "| Allied v German ai | " + " | ".join(
        f"{m}: median (blocks of {BLOCK}) | changes in {FIRST_TURNS} turns" for m in steadies) + " |"
    rows = [head, "|---|" + "---|---|" * len(steadies)]
    for allied in dict.fromkeys(s["allied"] for s in summaries):
        cells = []
        for m in steadies:
            s = next(x for x in summaries if x["allied"] == allied and x["steady"] == m)
            cells += [f"{s['median']:.0f} ({', '.join(f'{b:.0f}' for b in s['blocks'])})", f"{s['changes']:g}"]
        rows.append(f"| {allied} | " + " | ".join(cells) + " |")
    think = "; ".join(f"{m}: median {statistics.median(s['think_median'] for s in summaries if s['steady'] == m):.2f} s,"
                      f" most {max(s['think_max'] for s in summaries if s['steady'] == m):.2f} s" for m in steadies)
    return (f"Seeds: {name} ({seeds[0]}-{seeds[-1]}, {len(seeds)} games a cell); campaign, historical ratings; "
            f"{draws} roll(s) of the dice a posture and model. "
            f"The German's think time a turn (processor): {think}.\n\n" + "\n".join(rows) + noise(summaries))


def noise(summaries: list[dict]) -> str:
    """Each German's median against each opponent less the first German's, and how far that difference moves
    by chance alone: the standard deviation of the difference over the games resampled (a bootstrap)."""
    germans = list(dict.fromkeys(s["steady"] for s in summaries))
    if len(germans) < 2:
        return ""
    chance = random.Random(0)
    first = {s["allied"]: s["scores"] for s in summaries if s["steady"] == germans[0]}
    rows = ["| Allied v German ai | " + " | ".join(germans[1:]) + " |", "|---|" + "---|" * (len(germans) - 1)]
    for allied, base in first.items():
        cells = []
        for m in germans[1:]:
            other = next(x["scores"] for x in summaries if x["allied"] == allied and x["steady"] == m)
            moved = [statistics.median(chance.choices(other, k=len(other))) - statistics.median(chance.choices(base, k=len(base)))
                     for _ in range(RESAMPLES)]
            cells.append(f"{statistics.median(other) - statistics.median(base):+.0f} (sd {statistics.pstdev(moved):.0f})")
        rows.append(f"| {allied} | " + " | ".join(cells) + " |")
    return (f"\n\nAgainst {germans[0]}: the difference of the medians (a German stronger than it has a negative one), "
            f"and its standard deviation by chance ({RESAMPLES} resamplings of the games):\n\n" + "\n".join(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="steady-reporting", choices=sorted(SEED_SETS))
    parser.add_argument("--steady", default=f"0,{STEADY:g}", help="comma-separated margins to compare")
    parser.add_argument("--horizon", default=f"{HORIZON}", help="comma-separated horizons (German turns) to compare")
    parser.add_argument("--commit", default=f"{COMMIT}:{FIRM:g}",
                        help="comma-separated TURNS:MARGIN, a posture kept TURNS turns unless another is MARGIN better")
    parser.add_argument("--smooth", default=f"{SMOOTH:g}", help="comma-separated shares of this turn's weighing")
    parser.add_argument("--allied", help="comma-separated Allied opponents (default: all)")
    parser.add_argument("--seeds", type=int, help="only the first N seeds of the set")
    parser.add_argument("--draws", type=int, default=DRAWS, help="rolls of the dice each posture is played on")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", metavar="FILE", help="also write the summaries as JSON")
    parser.add_argument("--write", action="store_true", help="also write the table into docs/ai.md")
    parser.add_argument("--from-json", metavar="FILES", help="comma-separated JSON files of earlier runs (--json) on"
                        " one seed set: print their tables together, playing nothing")
    parser.add_argument("--quick", action="store_true", help="two seeds, two opponents: to check the script runs")
    args = parser.parse_args()
    if args.quick and args.write:
        parser.error("--quick measures too little to be written")
    steadies = list(dict.fromkeys(float(m) for m in args.steady.split(",")))
    opponents = QUICK["opponents"] if args.quick else (args.allied.split(",") if args.allied else OPPONENTS)
    seeds = SEED_SETS[args.set][:QUICK["seeds"] if args.quick else args.seeds]
    horizons = tuple(dict.fromkeys(int(h) for h in args.horizon.split(",")))
    commits = tuple(dict.fromkeys((int(c.split(":")[0]), float(c.split(":")[1])) for c in args.commit.split(",")))
    smooths = tuple(dict.fromkeys(float(w) for w in args.smooth.split(",")))
    if args.from_json:
        summaries = [s for f in args.from_json.split(",") for s in json.loads(Path(f).read_text())]
        seeds = seeds[:max(s["games"] for s in summaries)]
    else:
        summaries = run(opponents, steadies, seeds, args.jobs, args.draws, horizons, commits, smooths)
    text = render(args.set, seeds, summaries, args.draws)
    print(text)
    if args.json:
        Path(args.json).write_text(json.dumps(summaries, indent=1))
    if args.write:
        from results import write_results
        write_results(ROOT / "docs" / "ai.md", "steadiness-results",
                      f"Measured with `python benchmarks/steadiness.py --set {args.set} --steady {args.steady}"
                      f" --horizon {args.horizon} --commit {args.commit} --smooth {args.smooth}"
                      f" --draws {args.draws} --write`.\n\n" + text)


if __name__ == "__main__":
    main()
