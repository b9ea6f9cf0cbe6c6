"""The host (``overlord host``) measured: an action's round trip, and 100 games at once (issue 32).

    python benchmarks/online.py [--quick] [--write] [--games 100] [--scenario two-week] [--player classic]

1. One action's round trip on loopback: a client sends an answer and waits for the new state (the engine's
   action, its row written to SQLite, the state made public and sent), median and 95th percentile, against a
   bare aiohttp WebSocket echo of a message of the same size on the same machine. With the store's full
   sync (each action on the disk before the answer, the default) and with ``--sync normal``.
2. Many games at once: ``--games`` games played to the end by bots (two a game, the classic players, in this
   process) on one host in its own process: the host's memory (resident, and its peak), actions a second
   over all the games, and that every game ended and its save replays to its hash.

``--quick`` plays 3 games and times 50 round trips (the numbers mean nothing; tests/test_benchmarks.py runs it
so the script is known to run). ``--write`` puts the results into docs/online.md between its markers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402

from overlord.engine.game import Game  # noqa: E402
from overlord.engine.serialize import action_from_dict  # noqa: E402
from overlord.engine.settings import Settings  # noqa: E402
from overlord.online import bot, client, protocol  # noqa: E402
from overlord.online.client import OnlineGame  # noqa: E402
from overlord.online.host import Host, start  # noqa: E402
from overlord.online.storage import SQLiteStorage  # noqa: E402
from results import write_results  # noqa: E402

DOC = ROOT / "docs" / "online.md"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# --------------------------------------------------------------------------- 1. the round trip
async def echo_round_trips(count: int, size: int, reply: int = 0) -> list[float]:
    """A bare aiohttp WebSocket server answering each message of ``size`` bytes with itself, or with ``reply``
    bytes (the size of the host's answer, the state and the events)."""
    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        answer = "y" * reply
        async for msg in ws:
            await ws.send_str(answer or msg.data)
        return ws

    app = web.Application()
    app.router.add_get("/", echo)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    times = []
    async with aiohttp.ClientSession() as session, session.ws_connect(f"http://127.0.0.1:{port}/") as ws:
        text = "x" * size
        for _ in range(count):
            started = time.perf_counter()
            await ws.send_str(text)
            await ws.receive()
            times.append(time.perf_counter() - started)
    await runner.cleanup()
    return times


async def host_round_trips(count: int, durable: bool) -> tuple[list[float], int, int]:
    """Round trips of real answers (the classic players choose, off the clock) in a two-week game."""
    from overlord.ai import make_player
    with tempfile.TemporaryDirectory() as folder:
        host = Host(SQLiteStorage(Path(folder) / "host.sqlite3", durable=durable), rate=1e9, burst=10**9)
        runner, url = await start(host)
        links = await client.create_game(url, Settings(scenario="two-week", german_player="human"))
        sides = {side: await OnlineGame.join(links[side]) for side in ("allied", "german")}
        players = {side: make_player("classic", side, 1) for side in sides}
        times, size, answers = [], 0, []
        while len(times) < count and not sides["allied"].over:
            online = sides[sides["allied"].to_answer]
            action = players[online.role].choose(online.game)
            size = len(protocol.encode(protocol.act(online.at, action)))
            started = time.perf_counter()
            update = await online.act(action)
            times.append(time.perf_counter() - started)
            answers.append(len(protocol.encode(dict(update.state))))
            await asyncio.sleep(0)  # the other side hears of it before it is asked
        for online in sides.values():
            await online.close()
        await runner.cleanup()
        host.storage.close()
    return times, size, int(statistics.median(answers))


# --------------------------------------------------------------------------- 2. many games at once
class HostProcess:
    def __init__(self, db: Path, sync: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "overlord", "host", "--port", "0", "--db", str(db),
                                      "--rate", "100000", "--sync", sync], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        found = re.search(r"http://[0-9.]+:[0-9]+", self.proc.stdout.readline() if self.proc.stdout else "")
        if not found:
            raise SystemExit("the host did not start")
        self.url = found.group(0)

    def memory(self) -> tuple[float, float]:
        """Resident and peak resident memory, MB (Linux)."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        kb = {k: int(v.split()[0]) for k, v in re.findall(r"^(VmRSS|VmHWM):\s+(.+)$", status, re.M)}
        return kb["VmRSS"] / 1024, kb["VmHWM"] / 1024

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


async def many_games(games: int, scenario: str, player: str, sync: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        host = HostProcess(Path(folder) / "host.sqlite3", sync)
        try:
            idle, _ = host.memory()
            settings = Settings(scenario=scenario, german_player="human")
            all_links = [await client.create_game(host.url, settings) for _ in range(games)]
            started = time.perf_counter()
            connector = aiohttp.TCPConnector(limit=0)
            async with aiohttp.ClientSession(connector=connector, timeout=client.TIMEOUT) as session:
                played = await asyncio.gather(*(bot.play(links[side], player, session=session)
                                                for links in all_links for side in ("allied", "german")))
            seconds = time.perf_counter() - started
            rss, peak = host.memory()
            saves = [await client.fetch_save(links["allied"]) for links in all_links]
        finally:
            host.stop()
    ended = sum(1 for save in saves if _replays(save, settings))
    actions = sum(len(save["actions"]) for save in saves)
    assert all(online.over for online in played)
    return {"games": games, "ended": ended, "actions": actions, "seconds": seconds, "per_second": actions / seconds,
            "idle_mb": idle, "rss_mb": rss, "peak_mb": peak}


def _replays(save: dict, settings: Settings) -> bool:
    game, _ = Game.replay(settings, save["seed"], [action_from_dict(a) for a in save["actions"]])
    return game.over and game.state_hash() == save["state_hash"]


# --------------------------------------------------------------------------- the report
def report(trips: dict[str, tuple[list[float], int, int]], echo: list[float], big_echo: list[float],
           load: dict[str, float], args: argparse.Namespace) -> str:
    ms = 1000.0
    echo_median = statistics.median(echo)
    size, answer = trips["full"][1], trips["full"][2]
    lines = ["| Round trip on loopback | median | 95th percentile | / echo (median) |", "|---|---|---|---|",
             f"| bare aiohttp WebSocket echo ({size} bytes each way) | {echo_median * ms:.3f} ms | "
             f"{percentile(echo, 95) * ms:.3f} ms | 1x |",
             f"| the same, answered with {answer // 1000} KB (an update's size) | "
             f"{statistics.median(big_echo) * ms:.3f} ms | {percentile(big_echo, 95) * ms:.3f} ms | "
             f"{statistics.median(big_echo) / echo_median:.1f}x |"]
    for sync, (times, _, _) in trips.items():
        median = statistics.median(times)
        lines.append(f"| an action through the host, `--sync {sync}` ({len(times)} actions) | {median * ms:.2f} ms | "
                     f"{percentile(times, 95) * ms:.2f} ms | {median / echo_median:.0f}x |")
    lines += ["", f"{load['games']} games at once ({args.scenario}, the {args.player} players on both sides, "
                  f"`--sync {args.sync}`): {load['ended']} of {load['games']} ended and replay to their hash "
                  f"(no game lost); {load['actions']:.0f} actions in {load['seconds']:.0f} s, "
                  f"{load['per_second']:.0f} actions a second; the host's memory {load['idle_mb']:.0f} MB idle, "
                  f"{load['rss_mb']:.0f} MB with the games in memory (peak {load['peak_mb']:.0f} MB).",
              "", f"Measured with `python benchmarks/online.py{' --quick' if args.quick else ''}` on "
                  f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
                  f"load average {os.getloadavg()[0]:.2f}; the bots ran in the benchmark's process, beside the "
                  "host's, on the same CPUs."]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games and round trips: the script runs")
    parser.add_argument("--write", action="store_true", help="write the results into docs/online.md")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenario", choices=("campaign", "two-week"), default="two-week")
    parser.add_argument("--player", default="classic")
    parser.add_argument("--sync", choices=("full", "normal"), default="full")
    parser.add_argument("--trips", type=int, default=1000)
    args = parser.parse_args()
    if args.quick and args.write:
        print("--quick measures too little to be written", file=sys.stderr)
        return 2
    if args.quick:
        args.games, args.trips = 3, 50
    trips = {sync: asyncio.run(host_round_trips(args.trips, sync == "full")) for sync in ("full", "normal")}
    echo = asyncio.run(echo_round_trips(args.trips, trips["full"][1]))
    big_echo = asyncio.run(echo_round_trips(args.trips, trips["full"][1], trips["full"][2]))
    load = asyncio.run(many_games(args.games, args.scenario, args.player, args.sync))
    text = report(trips, echo, big_echo, load, args)
    print(text)
    if args.write:
        write_results(DOC, "online", text)
    return 0 if load["ended"] == load["games"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
