"""The replay viewer's cost, as ratios to one key press's repaint in the game screen (benchmarks/perf.py's).

    python benchmarks/viewer.py [--quick]

1. Opening a whole campaign's save in the viewer (W on the Load screen: the file read, the viewer up on its
   first position), and the whole campaign replayed behind it in the viewer's worker.
2. Stepping a turn (PgDn) in the viewer: from the key to the repaint.
3. The replay's memory for the whole campaign: its checkpoints (a game kept at each phase's start) and the
   events of every action, against what a game kept at every action would take.
Each time is the median of its runs, and is divided by the median of a key press in the movement phase
(perf._game_keys: F, an engine action and a redrawn map and panel), measured in the same run. Run by hand:
``--quick`` takes each measure once (the ratios mean nothing) so that tests can see the script runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from perf import _game_keys  # noqa: E402 - the game screen's key press, measured as perf.py measures it

CAMPAIGN = {"seed": 1, "allied": "classic", "german": "classic"}  # a whole campaign, to June 30


def campaign_save(folder: Path) -> Path:
    """A whole campaign played by two computer players, saved (about 2,600 actions)."""
    from overlord.headless import simulate
    from overlord.saves import write_save
    game, _ = simulate(CAMPAIGN["seed"], "campaign", CAMPAIGN["allied"], CAMPAIGN["german"])
    return write_save(game, folder / "campaign.json", name="campaign")


async def _viewer_times(path: Path, runs: int) -> dict[str, float]:
    """Seconds: the viewer up on the save's first position; the campaign replayed behind it; a turn stepped."""
    from overlord.tui.app import OverlordApp
    from overlord.tui.viewer import ViewerScreen  # (imported, as in a game played before the save is opened)
    opened, replayed, turns = [], [], []
    for _ in range(runs):
        app = OverlordApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = time.perf_counter()
            app.watch_file(path)
            while not (isinstance(app.screen, ViewerScreen) and app.screen.is_mounted
                       and app.screen.query_one("#status").shown is not None):  # (its first position shown)
                await pilot.pause(0)
            opened.append(time.perf_counter() - start)
            screen = app.screen
            while not screen.replay.done:
                await pilot.pause(0.001)
            replayed.append(time.perf_counter() - start)
            await pilot.pause(0.3)  # (the viewer's own look at the replay's end)
            while screen.at < screen.end:
                t = time.perf_counter()
                await pilot.press("pagedown")
                await pilot.pause()
                turns.append(time.perf_counter() - t)
    return {"open": statistics.median(opened), "replayed": statistics.median(replayed),
            "turn": statistics.median(turns)}


def replay_memory(path: Path) -> dict[str, float]:
    """Bytes the whole campaign's replay keeps (tracemalloc), and those of one game kept (a clone)."""
    from overlord.replaying import Replay
    replay = Replay.of_save(path)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    replay.run()
    kept = tracemalloc.get_traced_memory()[0] - before
    game = replay.game_at(replay.total)
    before = tracemalloc.get_traced_memory()[0]
    clones = [game.clone() for _ in range(20)]
    one = (tracemalloc.get_traced_memory()[0] - before) / len(clones)
    tracemalloc.stop()
    return {"replay_mb": kept / 2**20, "clone_kb": one / 1024, "actions": replay.total,
            "checkpoints": len(replay.checkpoints), "per_action_mb": one * replay.total / 2**20}


def report(quick: bool) -> str:
    runs = 1 if quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        path = campaign_save(Path(tmp))
        key = asyncio.run(_game_keys(3 if quick else 40))[0]  # (wall time; [1] is processor time)
        v = asyncio.run(_viewer_times(path, runs))
        m = replay_memory(path)
    ms = {k: 1000 * s for k, s in v.items()}
    return "\n".join([
        f"Key press in the game screen (the unit): {1000 * key:.1f} ms",
        "| Measure | ms | ratio to a key press |",
        "|---|---:|---:|",
        f"| The viewer up on a whole campaign's save (W on the Load screen) | {ms['open']:.1f} | {v['open'] / key:.1f}x |",
        f"| ... and the campaign's {m['actions']} actions replayed behind it | {ms['replayed']:.1f} | "
        f"{v['replayed'] / key:.1f}x |",
        f"| A turn stepped (PgDn) | {ms['turn']:.1f} | {v['turn'] / key:.1f}x |",
        "",
        f"Memory of the campaign's replay: {m['replay_mb']:.1f} MB ({m['checkpoints']} checkpoints of "
        f"{m['clone_kb']:.0f} KB and every action's events); a game kept at every action would take "
        f"{m['per_action_mb']:.0f} MB.",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="each measure once: to see that the script runs")
    args = parser.parse_args()
    print(report(args.quick))


if __name__ == "__main__":
    main()
