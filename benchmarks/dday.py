"""D-Day's landings as they play: the rounds each beach takes, the movement the first formation has left, what the
attack level changes, and whether the rangers leading at Omaha come ashore (issue 27, docs/rules.md).

    python benchmarks/dday.py [--seeds rules-reporting] [--jobs 2] [--write] [--quick]

1. The historical Allies (the June 6 plan, as the computer plays it) against the German ai: for each beach, the
   median rounds fought against its coastal defence, the CP each side lost, the movement points the first unit
   ashore had left, and in how many games the beach was cleared on D-Day.
2. The same landings with every assault fought at one attack level (1, 5 or 9): the level must matter.
3. The same with the German answering Full retreat (1) in every round, as a human German might.
4. The rangers, then the 1st Infantry, landing first at Omaha and the 4th Special Service Brigade at Juno, alone,
   with 50 naval and 50 air points a round, at attack levels 1, 5 and 9: how often they come ashore, in how many
   rounds.

Played on a seed set no rule was tuned on (benchmarks/seedsets.py); ``--write`` puts the tables in docs/rules.md.
``--quick`` plays two seeds and never writes (tests/test_benchmarks.py runs it, to know the script runs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import deque
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from overlord.ai import make_player  # noqa: E402
from overlord.engine.actions import ChooseStrategy, ChooseUnit, Move, Support  # noqa: E402
from overlord.engine.game import Game  # noqa: E402
from overlord.engine.hexgrid import direction_to  # noqa: E402
from overlord.engine.prompts import MovePrompt, StrategyPrompt, SupportPrompt  # noqa: E402
from overlord.engine.setup import preset_settings  # noqa: E402
from seedsets import SEED_SETS  # noqa: E402

BEACHES = ("Utah", "Omaha", "Gold", "Juno", "Sword")
LEAD_TRIALS = (("us-rangers", "Omaha"), ("us-1-inf", "Omaha"), ("bc-4-cdo", "Juno"))
SUPPORT = (50, 50)  # naval and air points a round in the lead trials


class Forced:
    """A player whose assault answers are fixed: the Allied attack level, or the German's defence level."""

    def __init__(self, inner, role: str, level: int) -> None:
        self.inner, self.role, self.level = inner, role, level

    def choose(self, g: Game):
        p = g.prompt
        if isinstance(p, StrategyPrompt) and p.role == self.role and p.landing:
            return ChooseStrategy(min(self.level, p.max_level))
        return self.inner.choose(g)


def dday(args: tuple[int, int | None, int | None]) -> dict:
    """D-Day of one game: each beach's record (engine/state.py BeachState) at the end of the day."""
    seed, attack, defence = args
    g = Game.new(preset_settings("historical", allied_player="computer", german_player="computer"), seed)
    allied, german = make_player("historical", "allied", seed), make_player("ai", "german", seed)
    if attack:
        allied = Forced(allied, "attack", attack)
    if defence:
        german = Forced(german, "defence", defence)
    players = {"allied": allied, "german": german}
    while g.state.turn == 0 and not g.over:
        g.apply(players[g.prompt.side].choose(g))
    return {name: g.beaches[name] for name in BEACHES}


def sail_path(g: Game, start, goal) -> list:
    """The ocean positions from ``start`` to ``goal``, shortest first found."""
    m = g.data.map
    came = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            break
        for _, n in m.grid.adjacent(here):
            if n not in came and not m.is_land(n):
                came[n] = here
                todo.append(n)
    path = []
    while came[goal] is not None:
        path.append(goal)
        goal = came[goal]
    return path[::-1]


def lead(args: tuple[int, str, str, int]) -> tuple[bool, int]:
    """One unit landing first at a beach, alone, at one attack level: (came ashore, rounds)."""
    seed, uid, beach_name, level = args
    g = Game.new(preset_settings("historical", allied_player="computer", german_player="computer"), seed)
    allied, german = make_player("historical", "allied", seed), make_player("ai", "german", seed)
    while not isinstance(g.prompt, MovePrompt):
        g.apply((allied if g.prompt.side == "allied" else german).choose(g))
    g.apply(ChooseUnit(uid))
    beach = g.data.map.beach(beach_name)
    for h in sail_path(g, g.unit(uid).position, beach.marker):
        g.apply(Move(uid, direction_to(g.unit(uid).position, h)))
    g.apply(Move(uid, direction_to(g.unit(uid).position, beach.positions[0])))
    while g.state.movement is not None and g.state.movement.assault is not None:
        p = g.prompt
        if isinstance(p, SupportPrompt):
            g.apply(Support(min(SUPPORT[0], p.naval_max), min(SUPPORT[1], p.air_max)))
        elif isinstance(p, StrategyPrompt) and p.role == "attack":
            g.apply(ChooseStrategy(min(level, p.max_level)))
        else:
            g.apply(german.choose(g))
    return g.unit(uid).status == "ashore", g.beaches[beach_name].rounds


def beach_table(records: list[dict]) -> list[str]:
    n = len(records)
    rows = ["| beach | rounds | Allied CP lost | German CP lost | first unit's MP left | cleared on D-Day |",
            "|---|---|---|---|---|---|"]
    for name in BEACHES:
        beach = [r[name] for r in records]
        mp = [b.first_mp_left for b in beach if b.first_mp_left is not None]
        rows.append(f"| {name} | {statistics.median(b.rounds for b in beach):g} (at most {max(b.rounds for b in beach)}) | "
                    f"{statistics.median(b.allied_cp_lost for b in beach):g} | "
                    f"{statistics.median(b.german_cp_lost for b in beach):g} | "
                    f"{statistics.median(mp) if mp else '-'} | {sum(b.cleared == 'D-Day' for b in beach)} of {n} |")
    return rows


def report(seeds: list[int], jobs: int, name: str) -> str:
    lines = [f"Seeds: {name} ({seeds[0]}-{seeds[-1]}, {len(seeds)} games a row); historical ratings; the German ai.", ""]
    with Pool(jobs) as pool:
        lines += ["The June 6 plan (the historical Allies), as the computer plays it:", ""]
        lines += beach_table(pool.map(dday, [(s, None, None) for s in seeds])) + [""]
        for level in (1, 5, 9):
            lines += [f"Every assault at attack level {level}:", ""]
            lines += beach_table(pool.map(dday, [(s, level, None) for s in seeds])) + [""]
        lines += ["The German answering Full retreat (1) every round (the Allies as the plan plays them):", ""]
        lines += beach_table(pool.map(dday, [(s, None, 1) for s in seeds])) + [""]
        lines += [f"One unit landing first, alone, with {SUPPORT[0]} naval and {SUPPORT[1]} air points a round:", "",
                  "| unit, beach | level 1 | level 5 | level 9 |", "|---|---|---|---|"]
        for uid, beach in LEAD_TRIALS:
            cells = []
            for level in (1, 5, 9):
                runs = pool.map(lead, [(s, uid, beach, level) for s in seeds])
                ashore = [rounds for ok, rounds in runs if ok]
                rounds = f", {statistics.median(ashore):g} rounds" if ashore else ""
                cells.append(f"ashore {len(ashore)} of {len(runs)}{rounds}")
            lines.append(f"| {uid}, {beach} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", choices=sorted(SEED_SETS), default="rules-reporting")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the tables into docs/rules.md")
    parser.add_argument("--quick", action="store_true", help="two seeds, never written (a check that it runs)")
    args = parser.parse_args()
    if args.quick and args.write:
        parser.error("--quick measures too little to be written")
    seeds = list(SEED_SETS[args.seeds])[:2] if args.quick else list(SEED_SETS[args.seeds])
    text = report(seeds, args.jobs, args.seeds)
    print(text)
    if args.write:
        from results import write_results
        write_results(ROOT / "docs" / "rules.md", "dday", text)


if __name__ == "__main__":
    main()
