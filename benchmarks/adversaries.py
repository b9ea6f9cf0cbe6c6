"""The adversary suite: any Allied players against any German players, on the two fixed seed sets.

    python benchmarks/adversaries.py [--set tuning|reporting|both] [--allied A,B] [--german X,Y]
                                     [--jobs 2] [--json FILE] [--write] [--from-json FILE] [--quick]

A German name ending in "+dday" plays with the game's german_dday_movement
setting on (the German may move on D-Day). By default every Allied adversary,
historical, classic and caen-first play the German "ai" and "classic"; every German
adversary (the two rushes both ways) and "ai" play the Allied historical,
classic, caen-first and the Allied "ai". Campaign scenario,
historical ratings, 40 games a matchup (seedsets.SUITE_TUNING and SUITE_REPORTING: each
table shows the median of each block of 20 beside the whole set's). Run by hand, not in CI:
the default suite is 37 matchups, 1,480 games a seed set (about an hour a set with two jobs). ``--quick`` plays only the first two seeds of
each set, and unless players are named only QUICK_MATCHUPS (a few seconds a set, never written):
tests/test_benchmarks.py runs it, to know the script runs.

``run_suite`` returns the results for later player work; the CLI prints one
table per seed set.
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

from overlord.ai import ADVERSARIES, PLAYERS, player_names  # noqa: E402
from overlord.engine import Game, Settings  # noqa: E402
from overlord.engine.data import cached_data  # noqa: E402
from overlord.headless import play_out, summary  # noqa: E402
from seedsets import SEED_SETS  # noqa: E402

DDAY = "+dday"  # a German name with this suffix plays with German movement on D-Day
LEVELS = ("Allied Strategic", "Allied Operational", "Allied Marginal", "German Marginal", "German Operational",
          "German Strategic")


# Enough for --quick to go through every part of the tables: an Allied adversary, a German one with
# German D-Day movement, and the German ai and classic against the same plan (the targets' table).
QUICK_MATCHUPS = [("historical", "ai"), ("historical", "classic"), ("southern-drive", "beach-rush+dday")]
QUICK_SEEDS = 2
BLOCK = 20  # games a block


def default_matchups() -> list[tuple[str, str]]:
    """Every Allied adversary, the named Allied plans and the scripted June 6 plan (the Allied classic) against
    the German ai and classic; every German adversary and the German ai against the named Allied plans (and an
    Allied ai, when there is one)."""
    allied = list(ADVERSARIES["allied"]) + ["historical", "classic", "caen-first"]
    german_players = [n for n in ("ai", "classic") if n in player_names("german")]
    allied_opponents = ["historical", "classic", "caen-first"] + (["ai"] if "ai" in player_names("allied") else [])
    rushes = ("beach-rush", "focused-rush")  # played with and without German D-Day movement
    german = [v for n in ADVERSARIES["german"] for v in ((n, n + DDAY) if n in rushes else (n,))] + ["ai"]
    pairs = [(a, x) for a in allied for x in german_players] + [(a, x) for x in german for a in allied_opponents]
    return list(dict.fromkeys(pairs))  # each pair once


def play(task: tuple[int, str, str, str]) -> dict:
    """One game: the summary of headless.simulate, cut to what the tables need."""
    seed, allied, german, scenario = task
    from overlord.ai import make_player
    name, dday = (german[:-len(DDAY)], True) if german.endswith(DDAY) else (german, False)
    settings = Settings(scenario=scenario, allied_player="computer", german_player="computer",
                        german_dday_movement=dday)
    game = Game.new(settings, seed)
    play_out(game, {"allied": make_player(allied, "allied", seed), "german": make_player(name, "german", seed)})
    r = summary(game, allied, german)
    return {"seed": seed, "allied": allied, "german": german, "allied_score": r["allied_score"],
            "victory_level": r["victory_level"], "objectives": r["objectives"],
            "objectives_taken": r.get("objectives_taken", {}), "formations_landed_dday": r["formations_landed_dday"],
            "casualties": r.get("casualties", {}), "points": r.get("points", {})}


def summarise(games: list[dict]) -> dict:
    """Medians and counts over one matchup's games."""
    charts = cached_data().charts
    n = len(games)
    scores = sorted(r["allied_score"] for r in games)
    q = statistics.quantiles(scores, n=4) if n >= 2 else [scores[0]] * 3
    cherbourg = [charts.turn_index(r["objectives_taken"]["Cherbourg"]) for r in games
                 if "Cherbourg" in r["objectives_taken"]]

    def median_of(f):
        return round(statistics.median(f(r) for r in games), 1)
    return {
        "allied": games[0]["allied"], "german": games[0]["german"], "games": n,
        "median": round(statistics.median(scores), 1), "q1": round(q[0], 1), "q3": round(q[2], 1),
        "levels": {lvl: sum(r["victory_level"] == lvl for r in games) for lvl in LEVELS},
        "caen_german": sum(r["objectives"]["Caen"] == "german" for r in games),
        "cherbourg_taken": len(cherbourg),
        "cherbourg_date": charts.turns[int(statistics.median_low(cherbourg))] if cherbourg else None,
        "st_lo_german": sum(r["objectives"]["St-Lo"] == "german" for r in games),
        "dday_ashore": median_of(lambda r: r["formations_landed_dday"]),
        "allied_lost": median_of(lambda r: r["casualties"].get("allied", 0)),
        "german_lost": median_of(lambda r: r["casualties"].get("german", 0)),
        "continent_points": median_of(lambda r: r["points"].get("allied", {}).get("continent_side", 0)),
        "ocean_points": median_of(lambda r: r["points"].get("german", {}).get("ocean_side", 0)),
        "blocks": [round(statistics.median(b), 1) for b in blocks_of(games)],
        "scores": [r["allied_score"] for r in sorted(games, key=lambda r: r["seed"])],
    }


def blocks_of(games: list[dict]) -> list[list[float]]:
    """The scores in blocks of BLOCK games, in the order of the seeds (a median moves 150-340 points between two
    sets of 20: each block's median is shown beside the whole set's)."""
    scores = [r["allied_score"] for r in sorted(games, key=lambda r: r["seed"])]
    return [scores[i:i + BLOCK] for i in range(0, len(scores), BLOCK)]


def run_suite(matchups: list[tuple[str, str]], seeds, jobs: int = 2, scenario: str = "campaign",
              progress=None) -> list[dict]:
    """Play every matchup (allied, german) on every seed; one summary per matchup, in the order given."""
    for allied, german in matchups:
        base = german[:-len(DDAY)] if german.endswith(DDAY) else german
        for name, side in ((allied, "allied"), (base, "german")):
            if name not in PLAYERS or name not in player_names(side):
                raise SystemExit(f"unknown {side} player {name!r}; choose from {', '.join(player_names(side))}")
    matchups = list(dict.fromkeys(matchups))
    tasks = [(s, a, x, scenario) for a, x in matchups for s in seeds]
    games: dict[tuple[str, str], list[dict]] = {m: [] for m in matchups}
    with Pool(jobs) as pool:
        for i, r in enumerate(pool.imap_unordered(play, tasks, chunksize=2)):
            games[(r["allied"], r["german"])].append(r)
            if progress is not None:
                progress(i + 1, len(tasks))
    return [summarise(games[m]) for m in matchups]


def table(summaries: list[dict], title: str) -> str:
    short = {"Allied Strategic": "AS", "Allied Operational": "AO", "Allied Marginal": "AM", "German Marginal": "GM",
             "German Operational": "GO", "German Strategic": "GS"}
    lines = [f"### {title}", "",
             "| Allied v German | median | blocks of 20 | middle half | AS/AO/AM/GM/GO/GS | Caen German at end "
             "| Cherbourg taken (date) | St-Lo German at end | D-Day ashore | CP lost A/G | continent/ocean pts |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        n = s["games"]
        levels = "/".join(str(s["levels"][lvl]) for lvl in LEVELS)
        date = f" ({s['cherbourg_date']})" if s["cherbourg_date"] else ""
        blocks = " / ".join(f"{b:.0f}" for b in s.get("blocks", []))  # a --json file of before blocks has none
        lines.append(f"| {s['allied']} v {s['german']} | {s['median']:.0f} | {blocks or '-'} | {s['q1']:.0f} to {s['q3']:.0f} "
                     f"| {levels} "
                     f"| {s['caen_german']}/{n} | {s['cherbourg_taken']}/{n}{date} | {s['st_lo_german']}/{n} "
                     f"| {s['dday_ashore']:g} | {s['allied_lost']:.0f}/{s['german_lost']:.0f} "
                     f"| {s['continent_points']:.0f}/{s['ocean_points']:.0f} |")
    levels = ", ".join(f"{v} {k}" for k, v in short.items())
    lines += ["", f"Levels: {levels}. CP lost: median casualties, Allied/German. Points: median Allied continent-side "
              "and German ocean-side points."]
    return "\n".join(lines)


def targets(summaries: list[dict]) -> str:
    """Issue 17's targets for the German ai, when the matchups to judge them are there ('' otherwise)."""
    found = {(s["allied"], s["german"]): s for s in summaries}
    plans = [a for a, x in found if x == "ai" and (a, "classic") in found]
    if not plans or ("historical", "ai") not in found:
        return ""

    def met(ok: bool) -> str:
        return "met" if ok else "missed"
    lines = ["| target (German ai) | measured | |", "|---|---|---|"]
    worst = max(plans, key=lambda a: found[(a, "ai")]["median"])
    lines.append(f"| no Allied plan's median reaches 800 | highest: {worst} {found[(worst, 'ai')]['median']:.0f} "
                 f"| {met(found[(worst, 'ai')]['median'] < 800)} |")
    gaps = {a: found[(a, "classic")]["median"] - found[(a, "ai")]["median"] for a in plans}
    least = min(gaps, key=gaps.get)
    lines.append(f"| ai beats classic by 150+ median against every plan | least: {least} {gaps[least]:.0f} "
                 f"| {met(gaps[least] >= 150)} |")
    h = found[("historical", "ai")]
    n = h["games"]
    lines.append(f"| historical v ai median in 250-799 | {h['median']:.0f} | {met(250 <= h['median'] < 800)} |")
    lines.append(f"| Caen German at the end in half the games (historical) | {h['caen_german']}/{n} "
                 f"| {met(2 * h['caen_german'] >= n)} |")
    date = h["cherbourg_date"] or "-"
    turn = cached_data().charts.turn_index
    in_time = h["cherbourg_date"] is not None and turn("6/22") <= turn(h["cherbourg_date"]) <= turn("6/30")
    lines.append(f"| Cherbourg taken in half, median date 6/22-6/30 (historical) | {h['cherbourg_taken']}/{n} ({date}) "
                 f"| {met(2 * h['cherbourg_taken'] >= n and in_time)} |")
    lines.append(f"| St-Lo German at the end in a third (historical) | {h['st_lo_german']}/{n} "
                 f"| {met(3 * h['st_lo_german'] >= n)} |")
    return "\n".join(lines)


def render(name: str, seeds, summaries: list[dict], scenario: str) -> str:
    """One seed set's tables: every matchup, then the German ai's targets when they can be judged."""
    text = table(summaries, f"{name.capitalize()} seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} games a matchup, "
                            f"{scenario}, historical ratings)")
    goals = targets(summaries)
    return text + (f"\n\nTargets on these seeds:\n\n{goals}" if goals else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("tuning", "reporting", "both"), default="both")
    parser.add_argument("--allied", help="comma-separated Allied players (with --german: every pair)")
    parser.add_argument("--german", help="comma-separated German players; NAME+dday: with German D-Day movement")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scenario", default="campaign", choices=("campaign", "two-week"))
    parser.add_argument("--json", metavar="FILE", help="also write every summary as JSON ('-': to stdout)")
    parser.add_argument("--write", action="store_true", help="also write the tables into docs/ai.md")
    parser.add_argument("--from-json", metavar="FILE", help="draw the tables from a --json FILE instead of playing")
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK_SEEDS} seeds of each set and, unless "
                        "players are named, a few matchups: to check the script runs")
    args = parser.parse_args()
    if args.quick and args.write:
        parser.error("--quick measures too little to be written")
    if args.from_json:
        out = json.loads(Path(args.from_json).read_text())
        tables = [render(name, out[name]["seeds"], out[name]["matchups"], args.scenario) for name in out]
        print("\n\n".join(tables))
        if args.write:
            from results import write_results
            write_results(ROOT / "docs" / "ai.md", "adversaries-results",
                          "Measured with `python benchmarks/adversaries.py --write`.\n\n" + "\n\n".join(tables))
        return
    if args.allied or args.german:
        allied = args.allied.split(",") if args.allied else ["historical"]
        german = args.german.split(",") if args.german else ["ai"]
        matchups = [(a, x) for a in allied for x in german]
    else:
        matchups = QUICK_MATCHUPS if args.quick else default_matchups()
    sets = ("tuning", "reporting") if args.set == "both" else (args.set,)
    out, tables = {}, []
    for name in sets:
        seeds = SEED_SETS[name][:QUICK_SEEDS] if args.quick else SEED_SETS[name]
        summaries = run_suite(matchups, seeds, args.jobs, args.scenario,
                              progress=lambda i, n, name=name: print(f"\r{name}: {i}/{n} games", end="", file=sys.stderr))
        print(file=sys.stderr)
        out[name] = {"seeds": list(seeds), "matchups": summaries}
        tables.append(render(name, seeds, summaries, args.scenario))
        if args.json != "-":
            print(tables[-1] + "\n")
    if args.json:
        text = json.dumps(out, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text)
    if args.write:
        from results import write_results
        command = "python benchmarks/adversaries.py" + (f" --set {args.set}" if args.set != "both" else "")
        write_results(ROOT / "docs" / "ai.md", "adversaries-results",
                      f"Measured with `{command} --write`.\n\n" + "\n\n".join(tables))


if __name__ == "__main__":
    main()
