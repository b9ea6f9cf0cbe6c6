"""The fuzzer: many whole games with random (and mixed random/computer) players,
checking every invariant after every action.

Each game's settings, players and the moment of a save-and-reload round trip
are drawn from its seed, so a failure is reproduced by its seed alone:
``overlord fuzz --games 1 --seed S``.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any


from .ai import make_player
from .engine.enums import Phase
from .engine.game import Game
from .engine.invariants import supply_violations, violations
from .engine.rng import Rng, seed_state
from .engine.settings import Ratings, Settings

MATCHES = (("random", "random"), ("random", "ai"), ("historical", "random"), ("caen-first", "random"),
           ("random", "pass"), ("historical", "ai"))


def game_plan(seed: int) -> tuple[Settings, str, str, int]:
    """Settings, the two players and the action to save and reload at, all from the seed."""
    r = Rng(seed_state(seed ^ 0x5EED_F00D))
    allied, german = MATCHES[r.randint(0, len(MATCHES) - 1)]
    ratings = Ratings(**{name: r.randint(1, 9) for name in Ratings.ASKED}, us_leadership=r.randint(1, 9)) \
        if r.percent(50) else Ratings()
    settings = Settings(scenario="two-week" if r.percent(30) else "campaign", allied_player="computer",
                        german_player="human" if r.percent(25) else "computer", ratings=ratings,
                        german_dday_movement=r.percent(30), display_delay=0)
    return settings, allied, german, r.randint(1, 1500)


MAX_ACTIONS = 200_000  # far more than any game takes (a whole campaign is about 1,000)


def fuzz_game(seed: int, limit: int = MAX_ACTIONS) -> dict[str, Any]:
    """Play one fuzzed game; returns its record (failure is None when all held, and the game ended
    within ``limit`` actions)."""
    settings, allied, german, reload_at = game_plan(seed)
    players = {"allied": make_player(allied, "allied", seed), "german": make_player(german, "german", seed)}
    game = Game.new(settings, seed)
    actions = 0
    turn_checked = -1
    try:
        while not game.over:
            if actions >= limit:
                return _record(seed, allied, german, actions, f"the game did not end within {limit} actions")
            action = players[game.prompt.side].choose(game)
            game.apply(action)
            actions += 1
            problems = violations(game)
            if game.state.phase == Phase.ALLOCATION and game.state.turn != turn_checked:
                turn_checked = game.state.turn
                problems += supply_violations(game)
            if problems:
                return _record(seed, allied, german, actions, "; ".join(problems[:3]))
            if actions == reload_at:
                problem = _round_trip(game)
                if problem:
                    return _record(seed, allied, german, actions, problem)
    except Exception as exc:  # the fuzzer's whole purpose is to catch these
        tb = traceback.format_exc(limit=4).strip().splitlines()
        return _record(seed, allied, german, actions, f"{type(exc).__name__}: {exc} ({tb[-3].strip()})")
    return _record(seed, allied, german, actions, None)


def _round_trip(game: Game) -> str | None:
    """Save to JSON and load back: the same state hash and the same prompt."""
    from .saves import replay_document, to_document
    from .engine.serialize import state_from_dict
    doc = json.loads(json.dumps(to_document(game)))
    again = replay_document(doc)
    if again.state_hash() != game.state_hash() or again.prompt != game.prompt:
        return "save and reload do not reproduce the game"
    if state_from_dict(doc["state"]) != game.state:
        return "the saved snapshot does not match the game"
    return None


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl+C to the main process, which stops the pool (each worker printed its traceback)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _record(seed: int, allied: str, german: str, actions: int, failure: str | None) -> dict[str, Any]:
    return {"seed": seed, "allied": allied, "german": german, "actions": actions, "failure": failure}


def run(games: int, seed: int = 0, jobs: int = 1, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    seeds = range(seed, seed + games)
    records = []
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs, initializer=_ignore_interrupts) as pool:
            for rec in pool.imap_unordered(fuzz_game, seeds, chunksize=4):
                records.append(rec)
                if progress:
                    progress(len(records), games)
    else:
        for s in seeds:
            records.append(fuzz_game(s))
            if progress:
                progress(len(records), games)
    records.sort(key=lambda r: r["seed"])
    failures = [r for r in records if r["failure"]]
    return {"games": len(records), "actions": sum(r["actions"] for r in records), "failures": failures,
            "first_seed": seed, "matches": {f"{a} v {g}": sum(1 for r in records if (r['allied'], r['german']) == (a, g))
                                            for a, g in MATCHES}}
