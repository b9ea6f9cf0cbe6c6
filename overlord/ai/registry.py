"""The computer players by name: what ``overlord.ai.make_player`` makes, for which side, in which role."""

from __future__ import annotations

from functools import partial

import attrs

from ..engine.enums import Side
from ..engine.records import FrozenRecord
from .allied_commander import AlliedCommander
from .allied_plan_player import PlanPlayer
from .allied_scripted import AlliedPlayer
from .baseline import PassPlayer, RandomPlayer
from .german_classic import GermanPlayer
from .german_scripts import BeachRush, FocusedRush, Turtle
from .german_search import (BUDGET, HASTY_BUDGET, POSTURES, ROMMEL, RUNDSTEDT, SearchGerman,
                            postures_of)
from .player import ComputerPlayer, Player, PlayerMaker

BOTH = (Side.ALLIED, Side.GERMAN)
ALLIED = (Side.ALLIED,)
GERMAN = (Side.GERMAN,)
SHOWN_NAME = 40  # the characters of a refused name a message shows (one typed on the command line may be long)
ROLES = ("default", "classic", "plan", "level", "adversary", "baseline")  # what an entry is for (see Entry.role)


@attrs.frozen(repr=False, eq=False)
class Profile(FrozenRecord):
    """How a player plays one side, for the set-up and ``overlord players``: its level among the opponents the
    game offers (1 = weakest; None: a player kept for measuring, not offered), its style in a few words, and one
    line on how it plays."""

    level: int | None
    style: str
    line: str


@attrs.frozen(repr=False, eq=False)
class Entry(FrozenRecord):
    """A named computer player: how to make it for a side, the sides it plays, its role: "default" (the
    computer player the game uses), "classic" (each side's player before its commander, kept to be measured
    against), "plan" (another Allied plan), "level" (an opponent offered at a strength or a general's style),
    "adversary" (built to beat the other side's computer player, benchmarks/adversaries.py) or "baseline" (for
    measuring); and its profile for each side it plays."""

    make: PlayerMaker
    sides: tuple[Side, ...]
    role: str = attrs.field(validator=attrs.validators.in_(ROLES))
    profiles: dict[str, Profile] = attrs.field(factory=dict)  # by side; a side missing: not offered, no line


def strongest(side: str, seed: int = 0) -> ComputerPlayer:
    """The strongest computer player of a side: "ai" names the Allied commander and the searching German."""
    return AlliedCommander(side, seed) if side == Side.ALLIED else SearchGerman(side, seed)


def classic(side: str, seed: int = 0) -> ComputerPlayer:
    """Each side's computer player before its commander: the classic German (german_classic.py), the scripted
    June 6 plan for the Allies (allied_scripted.py). Kept to be measured against."""
    return AlliedPlayer(side, seed, plan="classic") if side == Side.ALLIED else GermanPlayer(side, seed)


def plan_player(plan: str) -> PlayerMaker:
    """The plan player of a plan of data/plans.toml."""
    return partial(PlanPlayer, plan=plan)


def searching(budget: int = BUDGET, postures: tuple[str, ...] = tuple(POSTURES)) -> PlayerMaker:
    """The searching German with some of its knobs turned (a smaller budget, fewer postures), choosing afresh each
    turn on a one-turn look ahead, as when the levels' spacing was measured (docs/ai.md, "Levels and generals")."""
    return partial(SearchGerman, budget=budget, postures=postures_of(postures), steady=0.0, horizon=1)


def general(name: str) -> PlayerMaker:
    """The Allied commander choosing among a general's plans only (data/plans.toml [generals])."""
    return partial(AlliedCommander, general=name)


def offered(level: int, style: str, line: str) -> Profile:
    return Profile(level, style, line)


def kept(style: str, line: str) -> Profile:
    """A player kept for measuring: no level, not offered in the set-up."""
    return Profile(None, style, line)


# The levels offered as opponents, weakest first, each level at least 200 points of Allied score from the next against
# the other side's reference (docs/ai.md, "Levels and generals"; benchmarks/levels.py). A level may hold players of
# about one strength and different styles. Chosen on the levels-tuning seeds (7101-7140). The German levels, against
# the Allied historical (medians, 6 games each):
GERMAN_CLASSIC_LEVEL = 1  # the classic German (the search's budget 0): 1381
GERMAN_HASTY_LEVEL = 2  # the search on 1,200 actions (730), and Rundstedt (834)
GERMAN_AI_LEVEL = 3  # today's ai (172), and Rommel (144)
# The Allied levels, against the German ai (medians, 40 games each; again against the steadier German, in
# brackets):
ALLIED_CLASSIC_LEVEL = 1  # the scripted June 6 plan: -614 (-546), a campaign lost but fought
ALLIED_HISTORICAL_LEVEL = 2  # the June 6 plan played well (357; 242), Montgomery (277; -25) and Bradley (448; 304)
ALLIED_AI_LEVEL = 3  # today's ai (664; 644)

ALLIED_ADVERSARIES = ("southern-drive", "single-beach", "armoured-raid", "firepower", "feint")
ADVERSARY_LINES = {
    "southern-drive": "Leaves Cherbourg and Caen alone and drives every division south across the naval-range line.",
    "single-beach": "Lands everything at Omaha and Gold, side by side, and breaks out south between the Vire and the "
                    "Seulles.",
    "armoured-raid": "The armour and cavalry race for the roads the German reinforcements come in by; the infantry "
                     "follows the June 6 plan.",
    "firepower": "The June 6 plan, attacking at every chance with every air and naval point.",
    "feint": "The June 6 plan for the first week, then every division turns south.",
    "turtle": "Holds the objectives and the best ground on the ocean side; never attacks.",
    "beach-rush": "Every unit for the beachhead markers while one stands.",
    "focused-rush": "Every unit for one beach's marker at a time, the nearest first.",
}
PLAYERS: dict[str, Entry] = {
    "pass": Entry(PassPlayer, BOTH, "baseline", {side: kept("baseline", "Ends every phase and takes every default.")
                                                 for side in BOTH}),
    "random": Entry(RandomPlayer, BOTH, "baseline", {side: kept("baseline", "Answers at random (its own seeded "
                                                                "generator), legally.") for side in BOTH}),
    # the Allied commander (allied_commander.py), the searching German
    "ai": Entry(strongest, BOTH, "default", {
        Side.ALLIED: offered(ALLIED_AI_LEVEL, "chooses among five plans",
                             "Lands on all five beaches; each turn plays each of his five plans two turns ahead "
                             "and keeps the best. The default."),
        Side.GERMAN: offered(GERMAN_AI_LEVEL, "chooses a posture each turn",
                             "Each turn plays out his four postures (bar the south, counter-attack, strike the "
                             "beaches, depth) and keeps the best. The default."),
    }),
    "classic": Entry(classic, BOTH, "classic", {
        Side.ALLIED: offered(ALLIED_CLASSIC_LEVEL, "by the book",
                             "The scripted June 6 plan: all five beaches, then Cherbourg, St-Lo and Caen; "
                             "supply by the chart; little care for the south."),
        Side.GERMAN: offered(GERMAN_CLASSIC_LEVEL, "holds the line",
                             "Garrisons the towns, holds one line and strikes units left exposed; never looks "
                             "ahead (the 1981 computer's way)."),
    }),
    "caen-first": Entry(partial(AlliedPlayer, plan="caen-first"), ALLIED, "plan", {
        Side.ALLIED: kept("Caen first, scripted", "The scripted June 6 landings, then nearly everything on Caen and "
                                                  "the road net west of it."),
    }),
    **{name: Entry(plan_player(name), ALLIED, "adversary", {Side.ALLIED: kept("adversary", ADVERSARY_LINES[name])})
       for name in ALLIED_ADVERSARIES},
    "turtle": Entry(Turtle, GERMAN, "adversary", {Side.GERMAN: kept("adversary", ADVERSARY_LINES["turtle"])}),
    "beach-rush": Entry(BeachRush, GERMAN, "adversary", {Side.GERMAN: kept("adversary", ADVERSARY_LINES["beach-rush"])}),
    "focused-rush": Entry(FocusedRush, GERMAN, "adversary",
                          {Side.GERMAN: kept("adversary", ADVERSARY_LINES["focused-rush"])}),
    # the opponents offered at other strengths, and the generals (issue 29)
    "rundstedt": Entry(searching(postures=RUNDSTEDT), GERMAN, "level", {
        Side.GERMAN: offered(GERMAN_HASTY_LEVEL, "holds in depth",
                             "Von Rundstedt: holds inland, bars the way south and counter-attacks with the "
                             "panzers; never goes for the beaches."),
    }),
    "hasty": Entry(searching(budget=HASTY_BUDGET), GERMAN, "level", {
        Side.GERMAN: offered(GERMAN_HASTY_LEVEL, "looks ahead a little",
                             "The ai in a hurry: a tenth of his time to play out his four postures, so he "
                             "often cannot weigh them all and just holds the line."),
    }),
    "rommel": Entry(searching(postures=ROMMEL), GERMAN, "level", {
        Side.GERMAN: offered(GERMAN_AI_LEVEL, "strikes at the beaches",
                             "Rommel: beats the landing at the water's edge while a beachhead marker stands, "
                             "else counter-attacks or bars the south."),
    }),
    "montgomery": Entry(general("montgomery"), ALLIED, "level", {
        Side.ALLIED: offered(ALLIED_HISTORICAL_LEVEL, "Caen first, methodical",
                             "Montgomery: the June 6 plan, or everything on Caen attacking only at a clear "
                             "gain, whichever plays out better."),
    }),
    # the June 6 plan played as the Allied ai plays it (data/plans.toml [plans.historical]), one plan all game
    "historical": Entry(plan_player("historical"), ALLIED, "plan", {
        Side.ALLIED: offered(ALLIED_HISTORICAL_LEVEL, "the June 6 plan, played well",
                             "The June 6 plan, supply shipped by need, the ground south of the naval-range "
                             "line weighed as the chart pays it."),
    }),
    "bradley": Entry(general("bradley"), ALLIED, "level", {
        Side.ALLIED: offered(ALLIED_HISTORICAL_LEVEL, "Cherbourg and the southern drive",
                             "Bradley: drives south across the naval-range line or raids the German roads; the "
                             "VII Corps turns to Cherbourg."),
    }),
}
ADVERSARIES = {side: tuple(name for name, e in PLAYERS.items() if e.role == "adversary" and side in e.sides)
               for side in (Side.ALLIED.value, Side.GERMAN.value)}

# The computer player the game uses for a side unless told otherwise.
DEFAULT_PLAYERS = {"allied": "ai", "german": "ai"}


def profile(name: str, side: str) -> Profile:
    """How ``name`` plays ``side`` (ValueError naming the choices when it does not play it, as make_player)."""
    found = check_name(name, side).profiles.get(side)
    if found is None:  # (an entry may play a side it is not described for: not offered there)
        raise ValueError(f"{shown_name(name)} has no profile for the {side} side")
    return found


def with_level(name: str, side: str) -> str:
    """A player's name with its level among the opponents offered ("rommel, level 3"): the name alone for a player
    kept for measuring, or one that does not play the side."""
    found = PLAYERS[name].profiles.get(side) if name in PLAYERS else None
    return name if found is None or found.level is None else f"{name}, level {found.level}"


def levels(side: str) -> list[str]:
    """The opponents the game offers for a side, weakest first (by level, then in the registry's order, which puts
    the weaker of a level first as measured on both levels seed sets, docs/ai.md; the default last of its level)."""
    names = [name for name, entry in PLAYERS.items() if entry.profiles.get(side, kept("", "")).level is not None]
    return sorted(names, key=lambda name: (profile(name, side).level or 0, name == DEFAULT_PLAYERS[side]))


def player_names(side: str) -> list[str]:
    """The names a side may use."""
    return [name for name, entry in PLAYERS.items() if side in entry.sides]


def check_name(name: str, side: str) -> Entry:
    """The registry's entry of a player that can play ``side``; ValueError naming the choices for a name unknown or
    not for that side."""
    if side not in (Side.ALLIED.value, Side.GERMAN.value):  # (it said "choose from" and named none)
        raise ValueError(f"no side {shown_name(str(side))}; a computer player plays the allied or the german side")
    entry = PLAYERS.get(name)
    if entry is None:
        raise ValueError(f"unknown computer player {shown_name(name)}; choose from {choices(side)}")
    if side not in entry.sides:
        raise ValueError(f"{shown_name(name)} cannot play the {side} side; choose from {choices(side)}")
    return entry


def choices(side: str) -> str:
    """The names a side may use, as a refusal lists them: the set-up's levels first, weakest first, each with its
    level, then the others (they came in the registry's order, the levels mixed among players the set-up does not
    offer; and "--german 3" meant no one: several generals share a level)."""
    offered = levels(side)
    others = [name for name in player_names(side) if name not in offered]
    return ", ".join(f"{name} (level {profile(name, side).level})" for name in offered) + "; or " + ", ".join(others)


def shown_name(name: object, limit: int = SHOWN_NAME) -> str:
    """A name as a message shows it: quoted, escaped, and cut short when long (one typed on the command line); what
    is not a name at all (None), as Python writes it."""
    if not isinstance(name, str):
        written = repr(name)
        return written if len(written) <= limit else f"{written[:limit]}..."
    return repr(name) if len(name) <= limit else f"{name[:limit]!r}..."


def make_player(name: str, side: str, seed: int = 0) -> Player:
    """A computer player by name, for a side; ValueError naming the choices for a name unknown or not for
    that side."""
    return check_name(name, side).make(side, seed)


def roster() -> list[dict[str, object]]:
    """Every player for each side it plays (``overlord players --json``): the levels offered, weakest first, then
    the others in the registry's order; each with name, side, level (None: not offered), style, line, role and
    whether it is the game's default for that side."""
    rows: list[dict[str, object]] = []
    for side in (Side.ALLIED.value, Side.GERMAN.value):
        offered_first = levels(side) + [n for n in player_names(side) if n not in levels(side)]
        for name in offered_first:
            p = profile(name, side)
            rows.append({"name": name, "side": side, "level": p.level, "style": p.style, "line": p.line,
                         "role": PLAYERS[name].role, "default": DEFAULT_PLAYERS[side] == name})
    return rows


def default_player(side: str, seed: int = 0) -> Player:
    return make_player(DEFAULT_PLAYERS[side], side, seed)
