"""Measure the computer players against the strength targets (issue 8) and record them in docs/ai.md.

    python benchmarks/ai_strength.py [--games 50] [--jobs 2] [--no-write] [--quick]

Targets, on historical ratings over 50 seeds:
  * German "ai" against Allied "historical": Allied median score in 250-799,
    Caen still German on June 30 in at least half the games, Cherbourg taken
    in at least half;
  * German "ai" beats German "pass" by at least 300 points of median score
    against the same Allied plan;
  * a whole AI-vs-AI campaign takes well under a second of engine time.
Run by hand, not in CI: it plays a few hundred games. ``--quick`` plays two games a matchup and
times one campaign (half a minute of processor time, never written): tests/test_benchmarks.py runs
it, to know the script runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from overlord.headless import simulate  # noqa: E402


def _one(args):
    seed, allied, german = args
    _, result = simulate(seed, "campaign", allied, german)
    return result


def matchup(allied: str, german: str, games: int, jobs: int) -> dict:
    with Pool(jobs) as pool:
        results = pool.map(_one, [(s, allied, german) for s in range(games)])
    scores = [r["allied_score"] for r in results]
    q = statistics.quantiles(scores, n=4)
    return {
        "allied": allied, "german": german, "games": games,
        "median": statistics.median(scores), "q1": q[0], "q3": q[2],
        "caen_german": sum(r["objectives"]["Caen"] == "german" for r in results),
        "cherbourg_taken": sum("Cherbourg" in r["objectives_taken"] for r in results),
        "st_lo_taken": sum("St-Lo" in r["objectives_taken"] for r in results),
        "levels": {lvl: sum(r["victory_level"] == lvl for r in results) for lvl in
                   ("Allied Strategic", "Allied Operational", "Allied Marginal", "German Marginal",
                    "German Operational", "German Strategic")},
        "landed": statistics.median(r["formations_landed_dday"] for r in results),
        "allied_lost": statistics.median(r["casualties"]["allied"] for r in results),
    }


def engine_time(games: int = 10) -> dict:
    """Time spent in the engine (prompt, legal actions, apply) and in the players, per campaign."""
    from overlord.ai import make_player
    from overlord.engine import Game, Settings
    from workload import play_timed
    engine = players = 0.0
    actions = 0
    for seed in range(games):
        g = Game.new(Settings(allied_player="computer"), seed)
        ps = {"allied": make_player("historical", "allied", seed), "german": make_player("ai", "german", seed)}
        e, p, n = play_timed(g, ps)
        engine, players, actions = engine + e, players + p, actions + n
    return {"engine_ms": 1000 * engine / games, "players_ms": 1000 * players / games, "actions": actions / games}


def report(games: int, jobs: int, timed_games: int = 10) -> str:
    main = matchup("historical", "ai", games, jobs)
    base = matchup("historical", "pass", games, jobs)
    other = matchup("caen-first", "ai", games, jobs)
    passive = matchup("pass", "ai", games, jobs)  # an Allied side that lands nothing and never moves
    t = engine_time(timed_games)
    gap = base["median"] - main["median"]

    def ok(flag):
        return "met" if flag else "MISSED"
    lines = [
        f"Measured with `python benchmarks/ai_strength.py --games {games}` (seeds 0-{games - 1}, historical ratings).",
        "",
        "| target | measured | |",
        "|---|---|---|",
        f"| Allied median score 250-799 (historical vs ai) | {main['median']:.0f} "
        f"(middle half {main['q1']:.0f} to {main['q3']:.0f}) | {ok(250 <= main['median'] <= 799)} |",
        f"| Caen German on June 30 in at least half | {main['caen_german']} of {games} | {ok(main['caen_german'] * 2 >= games)} |",
        f"| Cherbourg taken in at least half | {main['cherbourg_taken']} of {games} | {ok(main['cherbourg_taken'] * 2 >= games)} |",
        f"| German ai beats pass by 300+ median points | {base['median']:.0f} - {main['median']:.0f} = {gap:.0f} | {ok(gap >= 300)} |",
        f"| A campaign well under a second of engine time | {t['engine_ms']:.0f} ms engine, "
        f"{t['players_ms']:.0f} ms both computer players, {t['actions']:.0f} actions | {ok(t['engine_ms'] < 500)} |",
        "",
        "| Allied v German | median | middle half | Caen German at end | Cherbourg taken | St-Lo taken | D-Day ashore | Allied CP lost |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for m in (main, base, other, passive):
        lines.append(f"| {m['allied']} v {m['german']} | {m['median']:.0f} | {m['q1']:.0f} to {m['q3']:.0f} | "
                     f"{m['caen_german']}/{games} | {m['cherbourg_taken']}/{games} | {m['st_lo_taken']}/{games} | "
                     f"{m['landed']} | {m['allied_lost']:.0f} |")
    lines += ["", "Levels of victory, historical v ai: " + ", ".join(f"{k} {v}" for k, v in main["levels"].items())]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/ai.md alone")
    parser.add_argument("--quick", action="store_true",
                        help="two games a matchup and one timed campaign, to check the script runs (never written)")
    args = parser.parse_args()
    # two games, not one: the middle half of the scores needs two to be worked out
    text = report(2, args.jobs, timed_games=1) if args.quick else report(args.games, args.jobs)
    print(text)
    if not (args.no_write or args.quick):
        from results import write_results
        write_results(ROOT / "docs" / "ai.md", "ai-strength-results", text)


if __name__ == "__main__":
    main()
