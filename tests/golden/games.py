"""The golden games: about 75 varied whole games whose outcome must not change by accident.

Each game is fixed by (settings, seed, players). What is recorded is the final state hash and a
hash of the whole event log (the events' data: who, what, where, how many; their words are made
outside the engine, in overlord/words.py, and a change of wording changes nothing here), so a
change that should not change play (a refactor, a speed-up) keeps both identical, and a change to
the rules shows up here and is updated on purpose:

    python -m tests.golden.games --update     # rewrite tests/golden/games.json (say why in the commit)
    python -m tests.golden.games              # compare, game by game
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import attrs

from overlord.ai import make_player
from overlord.engine.game import Game
from overlord.engine.settings import Ratings, Settings

FILE = Path(__file__).with_name("games.json")
ALLIED = ("classic", "caen-first", "pass", "random")  # classic: the scripted June 6 plan (same games)
GERMAN = ("classic", "pass", "random")  # classic: each side's computer player before its commander
# The two default computer players ("ai": the Allied commander and the searching German), each against the
# other and against a player of the other side it was built to face, with and without German D-Day movement.
AI_MATCHES = (("ai", "ai"), ("historical", "ai"), ("ai", "classic"), ("ai", "focused-rush"))
AI_FIRST = 60  # the id of the first of them
QUICK = frozenset(range(12)) | {61, 63, 67, 75}  # played by every run (two-week games); the rest are slow


def cases() -> list[dict[str, Any]]:
    """The games: every pairing of computer players, both scenarios, human or computer German,
    German D-Day movement on and off, random ratings, and a few that begin with the questions."""
    pick = random.Random(1944)  # fixed: only chooses the cases, never touches a game
    out = []
    for i in range(60):
        allied, german = ALLIED[i % 4], GERMAN[(i // 4) % 3]
        questions = i % 15 == 14
        ratings = {name: pick.randint(1, 9) for name in Ratings.ASKED} if i % 3 else {}
        out.append({
            "id": i, "seed": 1000 + 37 * i, "allied": allied, "german": german,
            "questions": questions,
            "settings": None if questions else {
                "scenario": "two-week" if i % 5 == 2 else "campaign",
                "german_player": "human" if i % 7 == 3 else "computer",
                "german_dday_movement": i % 4 == 1,
                "ratings": ratings,
            },
        })
    return out + ai_cases()


def ai_cases() -> list[dict[str, Any]]:
    """The default computer players' games: each match with and without German D-Day movement, one
    campaign and one two-week game of each, on historical ratings."""
    out = []
    for allied, german in AI_MATCHES:
        for dday in (False, True):
            for scenario in ("campaign", "two-week"):
                i = AI_FIRST + len(out)
                out.append({"id": i, "seed": 1000 + 37 * i, "allied": allied, "german": german, "questions": False,
                            "settings": {"scenario": scenario, "german_player": "computer",
                                         "german_dday_movement": dday, "ratings": {}}})
    return out


def settings_of(case: dict[str, Any]) -> Settings | None:
    s = case["settings"]
    if s is None:
        return None
    return Settings(scenario=s["scenario"], allied_player="computer", german_player=s["german_player"],
                    german_dday_movement=s["german_dday_movement"], ratings=Ratings(**s["ratings"]))


def event_digest(event) -> str:
    """One event as stable text: its kind and fields (enum members as their values)."""
    return json.dumps([type(event).__name__, attrs.asdict(event, recurse=True)], sort_keys=True, default=str)


def play(case: dict[str, Any]) -> dict[str, Any]:
    seed = case["seed"]
    game = Game.new(settings_of(case), seed)
    players = {"allied": make_player(case["allied"], "allied", seed),
               "german": make_player(case["german"], "german", seed)}
    log = hashlib.sha256()
    for e in game.opening_events:
        log.update(event_digest(e).encode())
    while not game.over:
        for e in game.apply(players[str(game.prompt.side)].choose(game)):
            log.update(event_digest(e).encode())
    return {"id": case["id"], "actions": len(game.actions), "state_hash": game.state_hash(),
            "events_hash": log.hexdigest()}


def main(argv: list[str]) -> int:
    results = [play(c) for c in cases()]
    if "--update" in argv:
        FILE.write_text(json.dumps(results, indent=1) + "\n")
        print(f"wrote {len(results)} golden games to {FILE}")
        return 0
    expected = {r["id"]: r for r in json.loads(FILE.read_text())}
    bad = [r["id"] for r in results if expected.get(r["id"]) != r]
    print(f"{len(results) - len(bad)} of {len(results)} golden games identical" + (f"; changed: {bad}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
