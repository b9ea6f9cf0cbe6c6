"""An answer in the game's words: what an action does at the prompt it answers, for a player asking the
computer for advice (the hint key, ``overlord advise``).

``describe(game, action)`` is every computer player's default reason (``ComputerPlayer.explain``): the
action read against its prompt, with the names, places, odds and levels the screens show. The players add
their own reasons on top of it (a move's destination, the commander's plan, the German's posture).
Nothing here decides anything, and nothing changes the game.
"""

from __future__ import annotations

from ..engine import view
from ..engine.actions import (Action, Advance, Allocate, Answer, ChooseStrategy, ChooseUnit, EndPhase, FinishUnit,
                              HoldGround, Interdict, Move, Retreat, Support)
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance, neighbour
from ..engine.prompts import (AdvancePrompt, AttackerPrompt, DefenderPrompt, DropZonePrompt, MovePrompt,
                              QuestionPrompt, RetreatPrompt, StrategyPrompt, SupportPrompt)
from ..engine.view import position_of
from .. import words
from ..words import is_plural

DIRECTIONS = {1: "north-west", 2: "north-east", 3: "east", 4: "south-east", 5: "south-west", 6: "west"}  # the compass
GROUND = {"clear": "open ground", "river": "river line"}  # the Terrain Effects chart's names, as a sentence says them
NEAR = 2  # positions: a position without a name is said to be near a named one this close


def name(game: Game, uid: str) -> str:
    """A unit as the screens name it, with "the" before it ("the 352nd Infantry Division")."""
    return f"the {game.spec(uid).name}"


def stays_where(game: Game, uid: str, subject: str | None = None) -> str:
    """ "it stays where it is", or for a plural unit ("the 2nd and 5th Ranger Battalions") "they stay where they are";
    ``subject`` said in place of "it" or "they" (the unit's name)."""
    plural = is_plural(game.spec(uid).name)
    return f"{subject or ('they' if plural else 'it')} {'stay where they are' if plural else 'stays where it is'}"


def place(game: Game, hex_: Hex) -> str:
    """A position in words: its name, else "near" the nearest named position, else its terrain and place."""
    m = game.data.map
    named = m.name_of(hex_)
    if named:
        return named
    close = sorted((distance(hex_, h), h) for h in m.grid.positions() if m.name_of(h) and distance(hex_, h) <= NEAR)
    if close:
        ground = m.terrain[hex_]
        return f"the {GROUND.get(ground, ground)} near {m.name_of(close[0][1])}"
    return f"the {m.describe(hex_)}"


def odds(game: Game, value: float) -> str:
    return words.odds(game.data, value)  # (to a hundredth near a retreat threshold, as the question's panel)


def unrounded(game: Game, attackers: tuple[str, ...], defender: str) -> tuple[float, float]:
    """A fight's odds on paper and as fought at levels 1 against 1, as the engine judges a retreat. A prompt keeps
    them rounded to a hundredth (1.965 as 1.97, 2.497 as 2.5), read as odds it does not reach; every question and
    hint gives these (the attack questions read 1.97:1 and the level's 1.96:1 for the same fight; found by a
    helper)."""
    if not attackers:
        return 0.0, 0.0
    return view.odds(game, list(attackers), defender), view.fought_odds(game, list(attackers), defender, 1, 1)


def odds_of(game: Game, attackers: tuple[str, ...], defender: str, brief: bool = True) -> str:
    """A fight's odds in words: on paper, and, when the Allied side is short of combat supply, as it would be fought
    (levels 1 against 1): "2.95:1 (fought 5.9:1)", or not ``brief`` "2.95:1 (5.9:1 as the Allies are short of
    combat supply)". Every screen of a fight says both (the question gave both, the panel beside it the paper odds
    alone and the hint the fought ones alone; found by a helper)."""
    paper, fought = (odds(game, value) for value in unrounded(game, attackers, defender))
    if paper == fought:
        return paper
    return f"{paper} (fought {fought})" if brief else f"{paper} ({fought} as the Allies are short of combat supply)"


def describe(game: Game, action: Action, why: bool = True) -> str:
    """What ``action`` does, answering ``game.prompt``: one line in the game's words. ``why``: with the reason a
    computer player has for the plain answers (no support, the phase ended, a transport unlike the chart's);
    without it (``why=False``: a replay saying what any player did), only what was done."""
    p = game.prompt
    match action:
        case Allocate():
            said = (f"Transport for next turn: fuel {action.fuel}%, general supply {action.general}%, combat "
                    f"supply {action.combat}%, amphibious {action.amphibious}%")
            suggested = getattr(p, "suggested", None)
            if why and suggested is not None and action != Allocate(**suggested.as_dict()):
                said += " (by what each pool will need, not the chart's suggestion)"  # (two advices on one screen)
            return said + "."
        case Interdict(air_points=points):
            if not points:
                return "No air interdiction: every air point stays for supporting the fighting." if why else \
                    "No air interdiction."
            return f"Fly {points} air points on interdiction: German units move slower this turn."
        case Move() | Retreat() | Advance():
            return step_words(game, action)
        case FinishUnit(unit=uid):
            if isinstance(p, AdvancePrompt):
                return f"Do not advance: {stays_where(game, uid, name(game, uid))}."
            # (a brigade left at sea for want of amphibious points was finished with no reason given; a helper)
            cost, left = view.amphibious_cost(game, uid), game.pools.amphibious
            short = why and game.unit(uid).status == view.AFLOAT and left < cost
            why_not = f" (too few amphibious points to land it: {left} left, landing costs {cost})" if short else ""
            return f"Finish {name(game, uid)} for now: {stays_where(game, uid)}{why_not}."
        case ChooseUnit(unit=uid):
            return f"Move {name(game, uid)} next."
        case EndPhase():
            if isinstance(p, MovePrompt):
                left = len(view.choosable_units(game))
                stay = (f" ({left} units that could still move stay where they are)" if left > 1 else
                        " (the one unit that could still move stays where it is)" if left else "")
                return f"End the movement phase{': no other move is worth making' if why else ''}{stay}."
            if not why:
                return "End the combat phase."
            offered = ""  # the attack on offer, turned down: its odds say why (a posture of counter-attacks read
            if isinstance(p, DefenderPrompt):  # as a contradiction of "no attack worth making")
                offered = f" ({name(game, p.defender)} at {odds_of(game, p.attackers, p.defender)} with every unit that could join)"
            return f"End the combat phase: no attack left is worth making{offered}."  # ("other" when none was made)
        case HoldGround():
            held = name(game, p.unit) if isinstance(p, RetreatPrompt) else "the unit"  # (which one, as a retreat says)
            return f"Refuse to retreat: {held} holds its ground, at the cost of heavier losses."
        case Support(naval=naval, air=air):
            if not naval and not air:
                return "No naval or air support for this fight: keep the points for others." if why else \
                    "No naval or air support for this fight."
            given = " and ".join(f"{n} {kind}" for n, kind in ((naval, "naval"), (air, "air")) if n)
            each_round = " (a landing's support is given again in each round it fights, while the points last)" \
                if getattr(p, "landing", None) is not None else ""
            return (f"Support this fight with {given} {'point' if naval + air == 1 else 'points'}"
                    f"{support_effect(game, naval + air)}{each_round}.")
        case ChooseStrategy(level=level):
            return level_words(game, level, expected=why)  # (a replay says what was done, to nobody in particular)
        case Answer(choice=choice):
            return answer_words(game, choice, why)
    return f"{type(action).__name__}."


def step_words(game: Game, action: Move | Retreat | Advance) -> str:
    """A step: a move, a landing, a retreat or an advance, and where it leads."""
    p = game.prompt
    uid = action.unit if isinstance(action, (Move, Advance)) else getattr(p, "unit", "")
    way = f"{DIRECTIONS[action.direction]} ({action.direction})"
    to = neighbour(position_of(game.unit(uid)), action.direction)
    if isinstance(action, Retreat):
        return f"Retreat {name(game, uid)} {way}, to {place(game, to)}."
    if isinstance(action, Advance):
        return f"Advance {name(game, uid)} into {place(game, to)}, the position the enemy left."
    cost = view.step_cost(game, uid, action.direction) or {}
    if cost.get("landing"):
        return f"Land {name(game, uid)} on {cost['landing']} beach, going {way}."
    if not game.data.map.is_land(to):
        return f"Sail {name(game, uid)} {way}."
    if cost.get("infiltration"):  # (a hint that hid a 60% chance of losing the whole move misled; found by a helper)
        chance = view.infiltration_chance(game, uid)
        return (f"Move {name(game, uid)} {way}, to {place(game, to)}: an infiltration, {chance}% to get through "
                "(failing, it stays where it is, its move over).")
    return f"Move {name(game, uid)} {way}, to {place(game, to)}."


def level_words(game: Game, level: int, expected: bool = True) -> str:
    """An attack or defence level, by the Strategy Level chart's name, the fight's odds, and (``expected``) the
    losses expected over the other side's levels (the level table's row: the other side's level is not known)."""
    p = game.prompt
    if not isinstance(p, StrategyPrompt):
        return f"Level {level}."
    levels = game.data.charts.strategy_levels
    expected_words = ""
    if expected:
        mine, theirs = level_losses(game, p, level)
        a_round = " a round" if p.landing is not None else ""  # (a landing's level may fight round after round)
        expected_words = (f" Expected losses{a_round} over {'his defence' if p.role == 'attack' else 'his attack'} levels: "
                          f"{span(mine)} CP of yours, {span(theirs)} of his{bombardment_words(game, p)}.")
    # (the odds unrounded, as the question's panel gives them: the hint read "2.5:1" beside a panel's "2.49:1")
    at = odds_of(game, p.attackers, p.defender)
    if p.role == "attack":
        return (f"Attack at level {level}, {levels.attack[level - 1].name} (odds {at}; "
                + (f"any level up to {p.max_level} allowed)." if p.max_level > 1 else "only level 1 allowed).")
                + expected_words)  # ("levels 1-9 open" read as jargon to a newcomer)
    return (f"Defend {name(game, p.defender)} at level {level}, {levels.defence[level - 1].name} "
            f"(the attack's odds {at}).{expected_words}")


def bombardment_words(game: Game, p: StrategyPrompt) -> str:
    """The Allied air and naval support's part, which the expected losses leave out (view.bombardment_seen)."""
    seen = view.bombardment_seen(game)
    if seen is not None:
        points, low, high = seen
        if high == 0:
            return ""
        return (f", and your support ({points} points) adds {span((low, high))} to his losses" if p.role == "attack"
                else f", and your support ({points} points) spares you {span((low, high))} of your losses")
    most = view.bombardment_most(game)[1]  # (the most he could give: what he gave is not seen)
    if most == 0:
        return ""
    # ("may take up to 6 from his" left a player asking whose losses go down; "may add up to 9 to yours" still read
    # oddly to a German defending: found by helpers)
    return (f"; his air and naval support, unseen, may spare him up to {most} of his losses" if p.role == "attack"
            else f"; his air and naval support, unseen, may add up to {most} to your losses")


def support_effect(game: Game, points: int) -> str:
    """What a fight's support does, by the Bombardment Losses chart: more German losses in an Allied attack (a
    landing's too), fewer Allied ones in their defence; or that the points are too few to count."""
    p = game.prompt
    row = view.bombardment_row(game.data.charts, points)
    defending = isinstance(p, SupportPrompt) and p.defensive
    low, high = row.allied_reduction if defending else row.german_extra
    if high == 0:
        return ": too few points to count on the chart"
    return f": {span((low, high))} {'fewer Allied losses' if defending else 'more German losses'}"


def span(low_high: tuple[float, float]) -> str:
    low, high = (round(x) for x in low_high)
    return f"{low}" if low == high else f"{low}-{high}"


def level_losses(game: Game, p: StrategyPrompt, level: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The losses expected (the random part at its mean) at one's own ``level`` over the other side's levels:
    ((one's own least, most), (the other side's least, most)), each side's no more than the CP it has (the chart's
    can be more: the unit is then destroyed). The level table's row, and a level hint's."""
    attackers, others = list(p.attackers), range(1, p.opponent_max + 1)
    attacking_cp = sum(game.unit(a).cp for a in attackers)
    defending_cp = game.unit(p.defender).cp
    if p.role == "attack":
        rows = [view.preview(game, attackers, p.defender, level, d) for d in others]
        mine = [min(r["attacker_losses"], attacking_cp) for r in rows]
        theirs = [min(r["defender_losses"], defending_cp) for r in rows]
    else:
        rows = [view.preview(game, attackers, p.defender, a, level) for a in others]
        mine = [min(r["defender_losses"], defending_cp) for r in rows]
        theirs = [min(r["attacker_losses"], attacking_cp) for r in rows]
    return (min(mine), max(mine)), (min(theirs), max(theirs))


def answer_words(game: Game, choice: str, why: bool = True) -> str:
    """Y or N (or a set-up question's key), read against the question; ``why`` as describe's."""
    p = game.prompt
    yes = choice == "Y"
    match p:
        case DropZonePrompt():
            if yes:
                return f"Drop {name(game, p.unit)} here, at {place(game, p.zone)}."
            return f"Not here: look at the next drop zone for {name(game, p.unit)}."
        case DefenderPrompt():
            many = f"{len(p.attackers)} units" if len(p.attackers) > 1 else "one unit"
            at = odds_of(game, p.attackers, p.defender)
            if yes:
                poor = poor_odds_why(game, p) if why else ""
                return f"Attack {name(game, p.defender)} with {many} next to it, at odds {at}{poor}."
            return f"Do not attack {name(game, p.defender)} (odds {at}): on to the next defender."
        case AttackerPrompt():
            with_it = odds_of(game, p.chosen + (p.attacker,), p.defender)
            change = f"odds {with_it} with it alone" if not p.chosen else \
                f"odds {odds_of(game, p.chosen, p.defender)} without it, {with_it} with it"
            if yes:
                return (f"Include {name(game, p.attacker)} in the attack on {name(game, p.defender)} ({change})"
                        f"{poor_odds_why(game, p) if why else ''}.")
            return f"Leave {name(game, p.attacker)} out of the attack ({change})."
        case QuestionPrompt():  # (the question named: "Answer N: No." alone said nothing of what was asked)
            label = dict(zip(p.options, p.labels)).get(choice, choice) if p.labels else choice
            return f"{p.text.strip().splitlines()[-1] if p.text.strip() else p.question} Answer {choice}: {label}."
    return f"Answer {choice}."


def poor_odds_why(game: Game, p: DefenderPrompt | AttackerPrompt) -> str:
    """Why an attack at odds under 1:1 is advised, when the defender holds ground the computer players pay a small
    loss for: an objective or a beach's position ("", else). The hint advised 0.3:1 against the 21st Panzer with no
    word why, and a newcomer took it for a mistake (found by a helper)."""
    attackers = p.attackers if isinstance(p, DefenderPrompt) else p.chosen + (p.attacker,)
    if min(unrounded(game, attackers, p.defender)) >= 1:
        return ""
    here = position_of(game.unit(p.defender))
    m = game.data.map
    objective, beach = m.objective_of(here), m.beach_of_position(here)
    held = f"{objective}, an objective" if objective else f"a position of {beach.name} beach" if beach else ""
    return f": poor odds, but it holds {held}, worth a small loss" if held else ""


def destination_words(game: Game, uid: str, direction: int, path: list[Hex]) -> str:
    """Where a unit's move leads this phase (``path``: the positions planned beyond this step) and what it
    scores there, in a sentence; "" when the step says it all."""
    m = game.data.map
    to = neighbour(position_of(game.unit(uid)), direction)
    goal = path[-1] if path else to
    more = len(path)
    many = is_plural(game.spec(uid).name)  # (the 2nd and 5th Ranger Battalions: "It is heading" read wrong)
    it, is_ = ("They", "are") if many else ("It", "is")
    # planned, not promised: a way blocked meanwhile, or a position costing an extra point, ends it sooner
    steps = f"{more} more step{'s' if more != 1 else ''} planned this phase"
    if not m.is_land(goal):
        beach = m.beach_of_marker(goal)
        where = f"the {beach.name} beachhead marker, to land from it" if beach is not None else ""
        return f"{it} {is_} sailing for {where} ({steps})." if where and more else ""
    if not more and game.unit(uid).status == view.AFLOAT:
        return ""  # a landing: the step says it
    worth = goal_worth(game, uid, goal)
    # (a newcomer took the hint's "scoring 7.0 a turn" for the 82nd and 101st, found both beyond supply lines at the
    # next turn's start, and nothing had said so; found by a helper)
    warning = supply_warning(game, uid, goal)
    if more:
        # a goal named as the step's own place ("the open ground near Caen" twice) is said as going on from there
        heading = (f"{it} {'go' if many else 'goes'} on from there" if place(game, goal) == place(game, to)
                   else f"{it} {is_} heading for {place(game, goal)}")
        there = f"{worth}, but {warning}" if worth and warning else worth or warning
        return f"{heading}, {steps}{': ' + there if there else ''}."
    if warning:
        return f"{it} will stand on {worth}, but {warning}." if worth else f"{it} will stand {warning}."
    return f"{it} will stand on {worth}." if worth else ""


def leaving_words(game: Game, uid: str, direction: int, path: list[Hex]) -> str:
    """"It leaves Caen, an objective." when the move takes the unit off an objective's position for another place
    this phase ("" else): the hint emptied Caen and Cherbourg without a word (found by a helper)."""
    m = game.data.map
    here = position_of(game.unit(uid))
    objective = m.objective_of(here)
    goal = path[-1] if path else neighbour(here, direction)
    if objective is None or m.objective_of(goal) == objective:
        return ""
    return f"{'They leave' if is_plural(game.spec(uid).name) else 'It leaves'} {objective}, an objective."


def supply_warning(game: Game, uid: str, goal: Hex) -> str:
    """"" or, when the unit standing at ``goal`` would be out of supply at the next turn's start, that and its
    cost: an Allied unit beyond its supply lines, a German one cut off (the move's preview says NO SUPPLY)."""
    if not game.data.map.is_land(goal) or game.spec(uid).is_depot:
        return ""
    if game.side_of(uid) == "german":
        if not view.german_cut_off_at(game, uid, goal):
            return ""
        rules = game.data.rules.german_supply
        return (f"cut off from supply at the next turn's start, losing {rules.out_of_supply_cp_percent}% CP a turn "
                f"and fighting at {rules.out_of_supply_strength_percent}%")
    if not (view.traced_on(game, game.turn + 1) and view.beyond_supply_lines(game, uid, goal)):
        return ""
    return (f"beyond supply lines at the next turn's start, losing {game.data.rules.supply.out_of_supply_cp_percent}% "
            "CP a turn there")


def goal_worth(game: Game, uid: str, goal: Hex) -> str:
    """What standing at ``goal`` is worth to the unit's side, in a few words ("" for nothing to say)."""
    m = game.data.map
    if not m.is_land(goal):
        return ""
    objective = m.objective_of(goal)
    beach = m.beach_of_position(goal)
    if game.side_of(uid) == "allied":
        if beach is not None and game.unit(uid).status == view.AFLOAT:
            return f"a landing position of {beach.name} beach"
        if objective is not None:
            return f"the objective {objective}"
        if m.on_continent_side(goal) and not game.spec(uid).is_depot:
            return f"the continent side, scoring {view.continent_side_points(game, uid, goal):.1f} a turn"
        return ""
    if beach is not None:
        return f"a landing position of {beach.name} beach"
    if objective is not None:
        return f"the objective {objective}, to hold it"
    each = view.ocean_side_points(game, game.turn)
    if m.on_scoring_ocean_side(goal) and each:
        return f"the ocean side, scoring {each} a turn for the German"
    return ""
