"""The score's course and the campaign against history (issue 27, point 5; docs/rules.md and docs/ai.md).

    python benchmarks/history.py [--seeds rules-reporting] [--jobs 2] [--write] [--quick]

Against the German ai, on historical ratings, every game on the same seeds:
1. The First Two Week Scenario against the Campaign Game, for the Allied historical, ai, southern-drive and
   classic players: each one's median score in both, the ratio (the rulebook's two-week thresholds are 0.3 of
   the campaign's), and the share of its games at its most frequent two-week level.
   Targets: a two-week median of 0.15-0.5 times the campaign's; no level in more than 60% of the two-week games
   (historical, ai, southern-drive).
2. The campaign of the historical Allies: the median score (target 250-799); Cherbourg taken (at least 60%,
   median date 6/20-6/30); Caen German at the end (at least 80%); St-Lo German at the end (at least 70%) and
   first Allied before 6/12 (at most 10%); and turn by turn, the median score, the Allies' ground points and the
   German units scoring on the ocean side.
3. The Allied ai's campaign: Cherbourg taken (at least a third), the median score (250-799).
4. The formations ashore at the end of D-Day at every preset of the Difficulty Levels and Optional Rules, for
   the historical Allies and the Allied ai (target 12-15).

``--write`` puts the tables in docs/rules.md; ``--quick`` plays one seed and never writes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from overlord.ai import make_player  # noqa: E402
from overlord.engine.events import Event, TurnEnded  # noqa: E402
from overlord.engine.game import Game  # noqa: E402
from overlord.engine.settings import Settings  # noqa: E402
from overlord.engine.setup import preset_settings  # noqa: E402
from overlord.headless import play_out, summary  # noqa: E402
from seedsets import SEED_SETS  # noqa: E402

TURNS = ("D-Day", "6/6", "6/8", "6/10", "6/12", "6/14", "6/16", "6/18", "6/20", "6/22", "6/24", "6/26", "6/28", "6/30")
TWO_WEEK_PLAYERS = ("historical", "ai", "southern-drive", "classic")


def game(args: tuple[int, str, str]) -> dict:
    """A game as `overlord simulate` plays it, with each turn's ground points (the Allies' continent side and
    objectives, the German's ocean side) besides its summary."""
    seed, allied, scenario = args
    g = Game.new(Settings(scenario=scenario, allied_player="computer", german_player="computer"), seed)
    ground: dict[str, tuple[float, float]] = {}

    def count(_game: Game, _action: object, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, TurnEnded):
                ground[e.turn] = (e.points.allied, e.points.german)

    play_out(g, {"allied": make_player(allied, "allied", seed), "german": make_player("ai", "german", seed)}, count)
    return {**summary(g, allied, "ai"), "ground": ground}


def dday_formations(args: tuple[int, str, str]) -> int:
    seed, allied, preset = args
    g = Game.new(preset_settings(preset, allied_player="computer", german_player="computer"), seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player("ai", "german", seed)}
    while g.turn == 0 and not g.over:
        g.apply(players[g.prompt.side].choose(g))
    return g.formations_landed_dday


def share(count: int, n: int) -> str:
    return f"{count} of {n} ({100 * count / n:.0f}%)"


def met(flag: bool) -> str:
    return "met" if flag else "NOT MET"


def before(date: str | None, limit: str) -> bool:
    return date is not None and TURNS.index(date) < TURNS.index(limit)


def median_date(dates: list[str]) -> str:
    return TURNS[int(statistics.median_low(TURNS.index(d) for d in dates))] if dates else "-"


def two_week_table(results: dict[tuple[str, str], list[dict]], n: int) -> list[str]:
    rows = ["| Allied v German ai | two-week median | campaign median | ratio | most frequent two-week level | targets |",
            "|---|---|---|---|---|---|"]
    for allied in TWO_WEEK_PLAYERS:
        short = statistics.median(r["allied_score"] for r in results[allied, "two-week"])
        long = statistics.median(r["allied_score"] for r in results[allied, "campaign"])
        ratio = short / long if long > 0 else float("nan")
        level, count = Counter(r["victory_level"] for r in results[allied, "two-week"]).most_common(1)[0]
        spread = allied == "classic" or count <= 0.6 * n
        rows.append(f"| {allied} | {short:.0f} | {long:.0f} | {ratio:.2f} | {level}, {share(count, n)} | "
                    f"ratio {met(0.15 <= ratio <= 0.5)}; spread {met(spread)} |")
    return rows


def history_table(runs: list[dict], n: int) -> list[str]:
    scores = [r["allied_score"] for r in runs]
    cherbourg = [r["objectives_taken"]["Cherbourg"] for r in runs if "Cherbourg" in r["objectives_taken"]]
    caen = sum(r["objectives"]["Caen"] == "german" for r in runs)
    st_lo = sum(r["objectives"]["St-Lo"] == "german" for r in runs)
    early = sum(before(r["objectives_taken"].get("St-Lo"), "6/12") for r in runs)
    median = statistics.median(scores)
    date = median_date(cherbourg)
    return ["| the historical Allies v the German ai | measured | target | |", "|---|---|---|---|",
            f"| median score | {median:.0f} | 250-799 | {met(250 <= median <= 799)} |",
            f"| Cherbourg taken (median date) | {share(len(cherbourg), n)} ({date}) | 60%+, 6/20-6/30 | "
            f"{met(len(cherbourg) >= 0.6 * n and date != '-' and not before(date, '6/20'))} |",
            f"| Caen German at the end | {share(caen, n)} | 80%+ | {met(caen >= 0.8 * n)} |",
            f"| St-Lo German at the end | {share(st_lo, n)} | 70%+ | {met(st_lo >= 0.7 * n)} |",
            f"| St-Lo first Allied before 6/12 | {share(early, n)} | at most 10% | {met(early <= 0.1 * n)} |"]


def course_table(runs: list[dict]) -> list[str]:
    """The median score at the end of each turn of the campaign: where the two-week scenario's score stands; and
    what makes its course, the ground's points that turn: the Allies' (continent side and objectives) and the
    German units scoring on the ocean side (the chart's 2 a unit on June 8, one more each turn: its points over
    that)."""
    by_turn: dict[str, list[float]] = {}
    for r in runs:
        for record in r["history"]:
            by_turn.setdefault(record["turn"], []).append(record["allied_score"])
    turns = [t for t in TURNS if t in by_turn]

    def ground(t: str, side: int) -> float:
        return statistics.median(r["ground"][t][side] for r in runs if t in r["ground"])

    def ocean_units(t: str) -> str:
        each = TURNS.index(t)  # (2 on June 8, the third turn)
        return f"{ground(t, 1) / each:.1f}" if each >= 2 else "-"

    return ["| the historical Allies' campaign, median at the end of | " + " | ".join(turns) + " |",
            "|---|" + "---|" * len(turns),
            "| score | " + " | ".join(f"{statistics.median(by_turn[t]):.0f}" for t in turns) + " |",
            "| Allied ground points that turn | " + " | ".join(f"{ground(t, 0):.0f}" for t in turns) + " |",
            "| German units scoring on the ocean side | " + " | ".join(ocean_units(t) for t in turns) + " |"]


def ai_table(runs: list[dict], n: int) -> list[str]:
    median = statistics.median(r["allied_score"] for r in runs)
    cherbourg = [r["objectives_taken"]["Cherbourg"] for r in runs if "Cherbourg" in r["objectives_taken"]]
    return ["| the Allied ai v the German ai | measured | target | |", "|---|---|---|---|",
            f"| Cherbourg taken (median date) | {share(len(cherbourg), n)} ({median_date(cherbourg)}) | a third+ | "
            f"{met(3 * len(cherbourg) >= n)} |",
            f"| median score | {median:.0f} | 250-799 | {met(250 <= median <= 799)} |"]


def report(seeds: list[int], jobs: int, name: str) -> str:
    n = len(seeds)
    presets = ("historical", "novice", "experienced", "expert", "rommels-plan", "patton")
    with Pool(jobs) as pool:
        results = {(a, sc): pool.map(game, [(s, a, sc) for s in seeds])
                   for a in TWO_WEEK_PLAYERS for sc in ("two-week", "campaign")}
        landed = {(a, p): pool.map(dday_formations, [(s, a, p) for s in seeds])
                  for a in ("historical", "ai") for p in presets}
    lines = [f"Seeds: {name} ({seeds[0]}-{seeds[-1]}, {n} games a row); against the German ai; historical ratings.", ""]
    lines += two_week_table(results, n) + [""]
    lines += history_table(results["historical", "campaign"], n) + [""]
    lines += course_table(results["historical", "campaign"]) + [""]
    lines += ai_table(results["ai", "campaign"], n) + [""]
    lines += ["| formations ashore at the end of D-Day | " + " | ".join(presets) + " |",
              "|---|" + "---|" * len(presets)]
    for allied in ("historical", "ai"):
        cells = [f"{statistics.median(landed[allied, p]):g} ({min(landed[allied, p])}-{max(landed[allied, p])})"
                 for p in presets]
        ok = all(12 <= x <= 15 for p in presets for x in landed[allied, p])
        lines.append(f"| {allied} ({met(ok)}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", choices=sorted(SEED_SETS), default="rules-reporting")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the tables into docs/rules.md")
    parser.add_argument("--quick", action="store_true", help="one seed, never written (a check that it runs)")
    args = parser.parse_args()
    if args.quick and args.write:
        parser.error("--quick measures too little to be written")
    seeds = list(SEED_SETS[args.seeds])[:1] if args.quick else list(SEED_SETS[args.seeds])
    text = report(seeds, args.jobs, args.seeds)
    print(text)
    if args.write:
        from results import write_results
        write_results(ROOT / "docs" / "rules.md", "history", text)


if __name__ == "__main__":
    main()
