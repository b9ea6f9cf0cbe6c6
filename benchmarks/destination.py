"""Move by destination: what a preview costs, as a ratio to one key press's repaint (issue 31, point 4).

    python benchmarks/destination.py [--write] [--quick]

1. The baseline: a key press to repaint in the movement phase, F (finish unit), exactly as benchmarks/perf.py's
   third measure takes it (its ``_game_keys``: the map, the side panel, the prompt and the key bar redrawn).
2. A preview: with a unit ashore moving by destination (G), an arrow key moves the destination; the route is
   found afresh (engine/routes.py), marked on the map and written beside it. Each press is timed from the
   press to the end of ``pilot.pause()``, as perf.py times F.                    goal: at most 1.5x the press
3. The route alone, the engine's ``view.route`` to each land position within 6 of the unit (no screen), as a
   share of the same key press.

Medians, wall time, in one process. ``--quick`` takes each measure a few times (the ratios mean nothing) and
writes nothing: tests/test_benchmarks.py runs it so that the script is known to run. ``--write`` puts the table
in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from perf import _game_keys, load, machine  # noqa: E402  (the key press exactly as perf.py measures it)

GOAL = 1.5


def ashore_to_move(seed: int = 2):
    """A game at the Allied movement of 6/7 (the day after the landings), a unit ashore asked about: the
    scripted Allies played D-Day, the classic German answered."""
    from overlord.ai import make_player
    from overlord.engine import Game, Settings, view
    from overlord.engine.actions import ChooseUnit
    from overlord.engine.prompts import MovePrompt
    g = Game.new(Settings(allied_player="human", german_player="computer", display_delay=0), seed)
    players = {"allied": make_player("classic", "allied"), "german": make_player("classic", "german")}
    while not (isinstance(g.prompt, MovePrompt) and g.prompt.side == "allied" and g.turn >= 1):
        g.apply(players[g.prompt.side].choose(g))
    ashore = [uid for uid in view.choosable_units(g) if g.unit(uid).status == view.ASHORE]
    if g.prompt.unit not in ashore:
        g.apply(ChooseUnit(ashore[0]))
    return g


async def _preview_keys(n: int) -> float:
    """Median seconds of an arrow key moving a move-by-destination's cursor (the route found and drawn)."""
    from overlord.tui.app import OverlordApp
    app = OverlordApp(game=ashore_to_move(), delay=0)
    samples = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("g", "down", "down")  # a destination two rows away: a route of a few steps
        await pilot.pause()
        for i in range(n):
            t = time.perf_counter()
            await pilot.press("right" if i % 4 < 2 else "left")  # to and fro, so every press finds a new route
            await pilot.pause()
            samples.append(time.perf_counter() - t)
        assert app.screen.current_route() is not None, "the preview was not shown"
    return statistics.median(samples)


def route_alone(runs: int) -> tuple[float, int]:
    """Median seconds of view.route to each land position within 6 of the unit, and how many routes."""
    from overlord.engine import view
    g = ashore_to_move()
    uid = g.prompt.unit
    here = view.position_of(g.unit(uid))
    targets = [h for h in g.data.map.grid.within(here, 6) if g.data.map.is_land(h)]
    samples = []
    for _ in range(runs):
        for h in targets:
            t = time.perf_counter()
            view.route(g, uid, h)
            samples.append(time.perf_counter() - t)
    return statistics.median(samples), len(targets)


def report(quick: bool) -> str:
    keys = 3 if quick else 40
    loads = [load()]
    key = asyncio.run(_game_keys(keys))[0]  # (wall time; [1] is processor time)
    preview = asyncio.run(_preview_keys(keys))
    engine, targets = route_alone(1 if quick else 5)
    loads.append(load())
    command = "python benchmarks/destination.py" + (" --quick" if quick else "")
    ok = "met" if preview / key <= GOAL else "MISSED"
    return "\n".join([
        f"Measured with `{command}`, wall time, medians of {keys} presses in one process each; {machine()}; load "
        f"average {loads[0]:.1f} then {loads[1]:.1f}.",
        "",
        "| measure | time | ratio to a key press (F) | goal | |",
        "|---|---|---|---|---|",
        f"| a key press to repaint in movement (F, as perf.py's row 3) | {1000 * key:.1f} ms | 1.00x | | |",
        f"| a move-by-destination preview: an arrow moves the destination, the route found and drawn | "
        f"{1000 * preview:.1f} ms | {preview / key:.2f}x | {GOAL}x | {ok} |",
        f"| the route alone (`view.route`, {targets} destinations within 6 positions) | {1000 * engine:.2f} ms | "
        f"{engine / key:.3f}x | | |",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="put the table in docs/performance.md")
    parser.add_argument("--quick", action="store_true", help="a few presses, to check the script runs (never written)")
    args = parser.parse_args()
    if args.quick and args.write:
        parser.error("--quick measures too little to be written")
    text = report(args.quick)
    print(text)
    if args.write:
        from results import write_results
        write_results(ROOT / "docs" / "performance.md", "destination-results", text)


if __name__ == "__main__":
    main()
