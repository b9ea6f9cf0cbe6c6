"""The question being asked, in words: one text per prompt kind, and the number fields it needs.

Everything shown comes from the prompt or the game's public view (engine/view.py:
the board, the data, and rules helpers such as step_cost, preview,
effective_points, decrease_range).
"""

from __future__ import annotations

import functools

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from ..ai.explain import level_losses, odds_of
from ..engine import view
from ..engine.actions import Answer
from ..engine.game import Game
from ..engine.hexgrid import Hex, neighbour
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, AttackerPrompt, DefenderPrompt, DropZonePrompt,
                              InterdictionPrompt, MovePrompt, Prompt, RetreatPrompt, StrategyPrompt, SupportPrompt)
from ..words import level_choice, level_span, plural
from .cards import short, where
from .entry import DigitEntry, Field

if TYPE_CHECKING:
    from ..session import FightOn

HEAD = "bold reverse"
KEY = "bold"


def make_entry(game: Game, prompt: Prompt) -> DigitEntry | None:
    """The number fields a prompt is answered with, defaults filled in (None: answered with keys)."""
    if isinstance(prompt, AllocationPrompt):
        s = prompt.suggested
        return DigitEntry([Field("Fuel", s.fuel), Field("General", s.general), Field("Combat", s.combat),
                           Field("Amphibious", s.amphibious)])
    if isinstance(prompt, InterdictionPrompt):
        return DigitEntry([Field("Air points", prompt.max_points, prompt.max_points)])
    if isinstance(prompt, SupportPrompt):
        return DigitEntry([Field("Naval", 0, prompt.naval_max), Field("Air", 0, prompt.air_max)])
    return None


def _fields(entry: DigitEntry) -> Text:
    t = Text()
    for i, f in enumerate(entry.fields):
        here = i == entry.index and not f.fixed
        t.append(f"{f.label} ")
        t.append("[" if here else " ", style="bold")
        if f.fixed:
            t.append("--", style="dim")
        elif f.text:
            t.append(f.text.ljust(2, "_"), style="bold reverse" if here else "bold underline")
        else:
            t.append(f"{f.default:02d}", style="reverse" if here else "dim")
        t.append("]" if here else " ", style="bold")
        t.append("  ")
    return t


def _keys(t: Text, *pairs: tuple[str, str]) -> None:
    for key, what in pairs:
        t.append(key, style=KEY)
        t.append(f" {what}  ")


def prompt_text(game: Game, p: Prompt, entry: DigitEntry | None = None) -> Text:
    fn = _TEXTS.get(type(p))
    if fn is None:
        return Text("The game is over.")
    t = fn(game, p, entry)
    t.rstrip()
    return t


def _drop(game: Game, p: DropZonePrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    t.append(f" AIRBORNE DROP: {game.spec(p.unit).name} ", style=HEAD)
    t.append(f"\nDrop zone {p.candidate + 1} of {p.candidates}: {where(game, p.zone)}, flashing on the map. "
             "The division may drift.")
    if game.data.map.terrain[p.zone] == "swamp":  # (said before: "11 CP lost" came after, unannounced; a helper)
        t.append(f" A swamp: coming down here costs {game.data.rules.airborne.swamp_loss_percent}% of its CP.",
                 style="bold")
    t.append("\n")
    return t


def enter_does(entry: DigitEntry, answer: str) -> str:
    """What Enter does now in a row of fields (entry.py): before anything is typed it answers with every number
    shown at once; once one is typed, it keeps the field's number and moves on, and answers on the last field."""
    if not entry.touched:
        return f"{answer} these numbers"
    return answer if entry.on_last else "next field"


def _allocation(game: Game, p: AllocationPrompt, entry: DigitEntry) -> Text:
    t = Text()
    t.append(f" TRANSPORT ALLOCATION for {p.for_turn} ", style=HEAD)
    t.append(" four two-digit percentages that add up to 100\n")
    t.append_text(_fields(entry))
    total = sum(entry.values())
    t.append(f"Sum {total}", style="bold" if total == 100 else "bold reverse")
    s = p.suggested
    # past the chart's last turn the numbers offered are the last allocation's: "Suggested" read as advice, and a
    # newcomer kept combat at 0% with Enter (found by a helper)
    charted = p.for_turn in game.data.charts.suggested_allocation.allocated_for
    t.append(f"\n{'Suggested' if charted else 'As last turn:'} {s.fuel:02d} {s.general:02d} {s.combat:02d} "
             f"{s.amphibious:02d}. ")
    _keys(t, ("0-9", "type"), ("Enter", enter_does(entry, "accept")), ("Bksp", "erase"))
    return t


def _interdiction(game: Game, p: InterdictionPrompt, entry: DigitEntry) -> Text:
    t = Text()
    t.append(" AIR INTERDICTION ", style=HEAD)
    t.append(f" air points against German movement, 00-{p.max_points:02d} "
             f"({p.air_available} air points this turn; those flown here cannot support combat)\n")
    t.append_text(_fields(entry))
    points = entry.values()[0]
    eff = view.effective_points(game, points)
    low, high = view.decrease_range(game, eff)
    t.append(f"{eff} effective in {p.weather} weather ({p.effective_percent}%): each German unit loses "
             f"{low}-{high} MP\n")
    # (within 80 columns: "as the briefing advises" pushed "Bksp erase" off the line)
    _keys(t, ("0-9", "type"), ("Enter", "fly them (none typed: the most, as briefed)"), ("Bksp", "erase"))
    return t


def step_costs(game: Game, p: MovePrompt) -> Text:
    """What each legal direction would cost, before the key is pressed (engine's step_cost)."""
    t = Text()
    costs = {d: view.step_cost(game, p.unit, d) for d in p.directions}
    if p.afloat:
        sail = [d for d, c in costs.items() if c is not None and not c.get("landing")]
        if sail:
            t.append("/".join(map(str, sail)), style=KEY)
            t.append(f" sail ({plural(game.unit(p.unit).ocean_steps, 'move')} at sea left)  ")
        beaches: dict[str, list[int]] = {}
        first_cost: dict[str, dict[str, Any]] = {}  # a beach's landing, by the first direction to it
        for d, c in costs.items():
            if c is not None and c.get("landing"):
                beaches.setdefault(c["landing"], []).append(d)
                first_cost.setdefault(c["landing"], c)
        for beach, dirs in beaches.items():
            c = first_cost[beach]
            t.append("/".join(map(str, dirs)), style=KEY)
            fight = "" if c.get("cleared") else "; the coastal defence fights"
            away = "; out of supply there" if any(out_of_own_supply(game, p.unit, d, beach) for d in dirs) else ""
            t.append(f" land at {beach} ({c['amphibious']} amphibious{fight}{away})  ")
        refused: dict[str, list[int]] = {}  # the landings left out of the keys, and why
        for d in range(1, 7):
            why = view.landing_refused(game, p.unit, d)
            if why:
                refused.setdefault(why, []).append(d)
        for why, dirs in refused.items():
            t.append(f"no landing {'/'.join(map(str, dirs))}: {why}  ", style="bold")
        return t
    for d, cost in costs.items():
        if cost is None:
            continue
        target = neighbour(view.position_of(game.unit(p.unit)), d)
        extra = ", stops" if cost["stops"] else ""
        if cost.get("infiltration"):  # (its chance: a human German's infantry gets through 40% of the time, unsaid)
            extra = f", infiltrates ({view.infiltration_chance(game, p.unit)}%)"
        fuel = f" {cost['fuel']}f" if cost["fuel"] else ""
        t.append(f"{d}", style=KEY)
        destroys = overruns(game, p.side, target)
        if destroys and cost.get("infiltration"):  # (an infiltration may fail: the unit stays, nothing destroyed)
            destroys += " if it gets through"
        # ("+": the Terrain Effects chart's chance of one point more, which G's route marked and the step's keys did
        # not: "5 river 2mp 6f" cost 3 MP and 9 fuel; found by a helper)
        chance = "+" if game.data.map.terrain[target] not in game.data.charts.terrain.extra_point_exempt else ""
        t.append(f" {game.data.map.terrain[target]} {cost['mp']}{chance}mp{fuel}{extra}{destroys}  ")
    return t


def overrun_words(game: Game, side: str, target: Hex) -> list[str]:
    """What a German step, retreat or advance destroys as it enters (losses.german_occupies): a beachhead marker on
    its beach's landing position ("Omaha's marker"), an Allied depot there ("a depot (+20)": its points to the
    German); [] for the Allies, or nothing there. A step onto them read as any other (found by a helper)."""
    marker, depot = view.overrun(game, target) if side == "german" else (None, None)
    destroyed = [f"{marker}'s marker"] if marker is not None else []
    if depot is not None:
        destroyed.append(f"a depot (+{game.data.charts.victory_points.eliminated.allied_unit})")
    return destroyed


def overruns(game: Game, side: str, target: Hex) -> str:
    """overrun_words in a move's or an advance's words: ": destroys Omaha's marker and a depot (+20)"."""
    destroyed = overrun_words(game, side, target)
    return ": destroys " + " and ".join(destroyed) if destroyed else ""


NATIONS = {"US": "American", "BC": "British and Canadian", "DE": "German"}


def out_of_own_supply(game: Game, uid: str, direction: int, beach: str) -> str | None:
    """A landing on another nation's beach beyond the reach of the unit's own nation's supply: what the
    player is told before it lands (None if it lands in supply)."""
    nation = game.spec(uid).nation
    beach_nation = game.data.map.beach(beach).nation
    target = neighbour(view.position_of(game.unit(uid)), direction)
    if beach_nation == nation or target in view.supplied_positions(game, nation):
        return None
    return (f"{game.spec(uid).name} would land at {beach}, a {NATIONS.get(beach_nation, beach_nation)} beach. "
            f"Its supply comes only from {NATIONS.get(nation, nation)} beachheads and depots, none within reach, "
            "so it will be out of supply there.")


def _move(game: Game, p: MovePrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    side = "ALLIED" if p.side == "allied" else "GERMAN"
    t.append(f" {side} MOVE: {game.spec(p.unit).name} ", style=HEAD)
    t.append(f" MP {p.mp}, cycle {p.cycle}/{game.data.rules.movement.max_cycles}")
    if p.afloat:
        t.append(", at sea: sail onto a beachhead marker *, then land")
    t.append("\n")
    t.append_text(step_costs(game, p))
    return t


def _defender(game: Game, p: DefenderPrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    t.append(f" {'SECOND COMBAT' if p.second_combat else 'COMBAT'} (pass {p.pass_no}/2): attack {game.spec(p.defender).name}? ", style=HEAD)
    d = game.unit(p.defender)
    t.append(f"\n{d.cp} CP in {where(game, d.position)}. Could attack it: "
             + ", ".join(f"{short(game, a)} ({game.unit(a).cp})" for a in p.attackers)
             + f"; odds with all {_odds(game, p.attackers, p.defender)}\n")
    if declining_ends_phase(game, p):
        t.append("The last enemy unit that can be attacked: N ends the combat phase.", style=KEY)
    return t


def declining_ends_phase(game: Game, p: DefenderPrompt) -> bool:
    """Whether N at this defender ends the combat phase (no other enemy unit can be attacked after it, in this
    pass or the next): played on a copy of the game, which N changes nothing hidden in (no dice are drawn).
    Worked out once a question (the game keeps its prompt until it is answered; the question is redrawn at every
    key pressed meanwhile)."""
    global _declined
    if _declined is None or _declined[0] is not p:
        twin = game.clone()
        twin.apply(Answer("N"))
        _declined = (p, twin.phase != game.phase)  # (the prompt is kept: its id is not given to another meanwhile)
    return _declined[1]


_declined: tuple[DefenderPrompt, bool] | None = None  # the last question asked about, and the answer


def _odds(game: Game, attackers: tuple[str, ...], defender: str) -> str:
    """A fight's odds on paper (strength against strength), and, when the Allied side is short of combat supply,
    the odds it would then be fought at: unrounded, as the engine judges them, in every question of the fight (paper
    2.02 and fought 1.98 both read "2.0:1" before)."""
    return odds_of(game, attackers, defender, brief=False)


def _attacker(game: Game, p: AttackerPrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    t.append(f" ATTACK on {short(game, p.defender)}: include {game.spec(p.attacker).name}? ", style=HEAD)
    t.append(f"\nOdds with it {_odds(game, p.chosen + (p.attacker,), p.defender)}")
    if p.chosen:
        t.append(f", without {_odds(game, p.chosen, p.defender)}. Chosen: "
                 + ", ".join(short(game, a) for a in p.chosen))
    t.append("\n")
    return t


def _support(game: Game, p: SupportPrompt, entry: DigitEntry) -> Text:
    t = Text()
    if p.defensive:  # the German's attack level is not shown: the defender chooses without it
        t.append(f" DEFENSIVE BOMBARDMENT: the German attacks {short(game, p.defender)} ", style=HEAD)
        t.append("\nAttacked by " + ", ".join(short(game, a) for a in p.attackers)
                 + f" at {_odds(game, p.attackers, p.defender)}. Naval and air points lessen your losses.\n")
    else:
        t.append(f" SUPPORT for the attack on {short(game, p.defender)} ", style=HEAD)
        t.append("\n" if p.in_naval_range else " beyond naval range: air only\n")
    t.append_text(_fields(entry))
    points = sum(entry.values())
    row = view.bombardment_row(game.data.charts, points)
    low, high = row.allied_reduction if p.defensive else row.german_extra
    t.append(f"= {points}: {low}-{high} {'fewer Allied' if p.defensive else 'more German'} losses "
             f"(at most {f'naval {p.naval_max}, ' if p.in_naval_range else ''}air {p.air_max})\n")  # ("left:" was
    # read as what this order would leave: a helper typed 30 of 10 naval points)
    # ("accept", the key bar's word: "commit these numbers" read above "Enter Accept")
    _keys(t, ("0-9", "type"), ("Enter", enter_does(entry, "accept")), ("Bksp", "erase"))
    return t


def _strategy(game: Game, p: StrategyPrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    attackers = ", ".join(short(game, a) for a in p.attackers)
    if p.role == "attack":
        t.append(f" ATTACK LEVEL {level_span(p.max_level)}: {attackers} against {short(game, p.defender)} ", style=HEAD)
        # (one line at 80x24: a landing's question, with its order to fight on, fills the panel)
        # (with no support to give, that instead of where the losses are: the question keeps its lines)
        then = no_support(game, p) or ". The side panel gives each level's expected losses"
        t.append(f"\nOdds {_odds(game, p.attackers, p.defender)}{then}.")
    else:  # the attack level is not shown (docs/rules.md, Combat): the losses range over the attacker's levels
        t.append(f" DEFENCE LEVEL {level_span(p.max_level)}: {short(game, p.defender)} against {attackers} ", style=HEAD)
        at = game.unit(p.defender).position
        t.append("\n" if at is None else f"\nGround: {where(game, at)}. ")  # ("In beach (10,5)" read oddly)
        # (short: at 80x24 the Allied question, with its supply line and two attackers' names, must fit the panel's
        # six lines, and its end was cut; the panel beside the map is titled with what its losses are)
        t.append(f"Odds {_odds(game, p.attackers, p.defender)}; they chose {level_choice(p.opponent_max, 'attack')}, "
                 "unseen.")
    t.append(_closed(p))
    if p.side == "allied":
        t.append("\n")
        t.append_text(_supply_line(game, p))
    return t


def no_support(game: Game, p: StrategyPrompt) -> str:
    """", no support: ... spent" where the Allies choose an attack level with no support asked for want of points (the
    support question was skipped without a word, and a player who typed "0 0 3" as support at a landing fought at
    level 3; found by a helper). (Not in a defence: its question fills the panel at 80x24, and the bar's "Air 0 Naval
    0" is beside it.)"""
    seen = view.bombardment_seen(game)
    if p.side != "allied" or p.role != "attack" or seen is not None and seen[0] > 0:
        return ""  # (support given spends the points: it was said "spent" beside "Support 51"; a helper)
    if view.support_possible(game, p.defender):
        return ""
    in_range = view.in_naval_range(game, view.position_of(game.unit(p.defender)))  # (a coastal defence's: its beach)
    return f", no support: {'the air and naval points are' if in_range else 'the air points are'} spent this turn"


def _closed(p: StrategyPrompt) -> str:
    """Which levels are closed and why (" Closed: 5-6 combat supply, 7-9 fatigue.")."""
    spans: list[tuple[str | None, int, int]] = []  # (why, the lowest level, the highest) of each run closed alike
    for level in range(p.max_level + 1, 10):
        why = p.closed_because(level)
        if spans and spans[-1][0] == why:
            spans[-1] = (why, spans[-1][1], level)
        else:
            spans.append((why, level, level))
    if not spans:
        return ""
    parts = [f"{low}{f'-{high}' if high > low else ''} {why}" for why, low, high in spans]
    return f" Closed: {', '.join(parts)}."


def _supply_line(game: Game, p: StrategyPrompt) -> Text:
    """What the fight costs the Allied combat supply pool, per the engine's preview: over the levels the other
    side may choose (unseen: the defence's level when attacking, the attack's when defending)."""
    attackers, defender = list(p.attackers), p.defender
    attacking = p.role == "attack"

    @functools.cache  # (each level's previews once: the span, the most and the level it runs short from read them)
    def costs(level: int) -> list[int]:
        """The cost at one's own level, for each level the other side may choose."""
        pairs = [(level, other) if attacking else (other, level) for other in range(1, p.opponent_max + 1)]
        return [view.preview(game, attackers, defender, a, d)["combat_supply"] for a, d in pairs]

    def span(level: int) -> str:
        low, high = min(costs(level)), max(costs(level))
        return f"{low}-{high}" if low != high else f"{low}"
    pool = game.pools.combat
    high = max(costs(p.max_level))
    t = Text(f"Combat supply {pool}: level 1 costs {span(1)}, level {p.max_level} {span(p.max_level)} "
             f"(by their {'defence' if attacking else 'attack'})")
    if high > pool:  # (from which level, at the most their choice costs: "Short of supply" read as short now)
        short = next(level for level in range(1, p.max_level + 1) if max(costs(level)) > pool)
        t.append(f"; short from level {short}: the unit would fight weaker.", style="bold")
    return t


def _retreat(game: Game, p: RetreatPrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    t.append(f" RETREAT {game.spec(p.unit).name}{' (cadre)' if p.cadre else ''} ", style=HEAD)
    why = "its defence level retreats" if p.automatic else "it is beaten back"
    refusing, beside = view.retreat_losses(game, p.unit)
    t.append(f"\nIt must retreat: {why}. Next to an enemy it loses {beside} CP more."
             + ("" if p.cadre else f" Refusing (F) costs {refusing} CP.") + "\n")
    return t


def _advance(game: Game, p: AdvancePrompt, entry: DigitEntry | None) -> Text:
    t = Text()
    t.append(f" ADVANCE {game.spec(p.unit).name}? ", style=HEAD)
    t.append(f"\nInto the vacated position, {where(game, p.into)}{overruns(game, p.side, p.into)}: Y or {p.direction} "
             "advances, N or F stays.\n")
    return t


# --------------------------------------------------------------------------- a landing's standing orders
def fight_on_note(one_round: bool, supported: bool = True) -> Text:
    """What a level means at a landing's attack-level question: an order to fight on, or this round only
    (``supported``: with support given for it; "with this support" read oddly beside "no support")."""
    t = Text()
    if one_round:
        t.append("A level fights this round only", style=KEY)
        t.append(" (R: fight on until the beach or your unit falls).")
    else:
        t.append("A level fights on", style=KEY)
        t.append(f"{', with this support while the points last,' if supported else ''} until the beach or your unit "
                 "falls (R: one round only).")  # (two lines at 80x24)
    return t


def fighting_on_text(game: Game, order: FightOn) -> Text:
    """The question's panel while a landing is fought on by the player's order (session.FightOn)."""
    t = Text()
    t.append(f" FIGHTING ON: {short(game, order.unit)} ", style=HEAD)
    t.append(f" level {order.level}, naval {order.naval}, air {order.air} each round\n")
    t.append("R", style=KEY)
    t.append(" stops after this round (you choose again); any other key hurries.\n")
    return t


def coastal_question(game: Game, p: StrategyPrompt) -> Text:
    """The human German's first coastal defence question: how they answer every landing, asked once."""
    t = Text()
    t.append(f" COASTAL DEFENCES: {short(game, p.attackers[0])} lands at {p.landing} ", style=HEAD)
    t.append(f"\nThey chose {level_choice(p.opponent_max, 'attack')}, unseen. Asked once: "
             f"{level_choice(p.max_level, 'defence')} "
             "for every landing from now on, used in every round (known to the Allies once fought), or ")
    # ("for the day" held on 6/6's too; a level is on the first landing's card, and the Allies' levels after it were
    # chosen knowing it: found by a helper in hot-seat)
    t.append("C", style=KEY)
    t.append(": the computer German chooses each round, unseen. ")
    t.append("D", style=KEY)
    # (not "the first comes after D-Day": a unit the Allies attack on D-Day is asked its level; at 80x24 the question
    # has five lines, and a longer one was cut)
    t.append(" changes it at any of your later questions while a coastal defence stands.\n")
    return t


_TEXTS: dict[type[Prompt], Callable[..., Text]] = {
    DropZonePrompt: _drop, AllocationPrompt: _allocation, InterdictionPrompt: _interdiction, MovePrompt: _move,
    DefenderPrompt: _defender, AttackerPrompt: _attacker, SupportPrompt: _support, StrategyPrompt: _strategy,
    RetreatPrompt: _retreat, AdvancePrompt: _advance,
}


# --------------------------------------------------------------------------- the combat card (beside the map)
def level_table(game: Game, p: StrategyPrompt, width: int | None = None) -> Text:
    """Each level with the expected losses (yours/theirs, over the levels the other side may choose) and
    its name, from the engine's preview; a closed level says why. Where a full name would not fit in
    ``width`` (the side panel at 80 columns: 27 characters), every level goes by its short name
    (data/charts/strategy_levels.toml)."""
    c = game.data.charts
    attacking = p.role == "attack"
    cells = {level: _losses(game, p, level) for level in range(1, p.max_level + 1)}
    cells.update({level: f"({p.closed_because(level)})" for level in range(p.max_level + 1, c.strategy_levels.highest + 1)})
    cell_width = max(len(cell) for cell in cells.values())
    levels = c.strategy_levels.attack if attacking else c.strategy_levels.defence
    coastal = not attacking and p.landing is not None  # (a coastal defence never leaves its beach: no level retreats it)
    marks = {level: "*" if not attacking and not coastal and c.strategy_levels.retreats(level) else
             "!" if not attacking and not coastal and level in forced_back(game, p) else "" for level in cells}
    names = {level: levels[level - 1].name for level in cells}
    if width is not None and any(len(f"{level} {cells[level]:<{cell_width}} {names[level]}{marks[level]}") > width
                                 for level in cells):
        names = {level: levels[level - 1].brief for level in cells}
    t = Text(no_wrap=True, overflow="ellipsis")
    # (a landing's level is fought on round after round: its losses are each round's, not the assault's)
    title = "Losses a round" if p.landing is not None else f"{'Attack' if attacking else 'Defence'} losses"
    t.append(f"{title} yours/theirs\n", style="bold")
    if width is None or "!" not in marks.values():  # (its room, at 80x24, is the support line's below)
        t.append(f"  (over their {'defences' if attacking else 'attacks'})\n", style="dim")
    for level, cell in cells.items():
        name = names[level] + marks[level]
        if level > p.max_level:
            t.append(f"{level} {cell:<{cell_width}} {name}\n", style="dim")
            continue
        t.append(f"{level}", style=KEY)
        t.append(f" {cell:<{cell_width}} {name}\n")
    if coastal:
        t.append("Coastal units never retreat\n", style="dim")
    elif not attacking:
        t.append("* retreats of itself\n", style="dim")
        if "!" in marks.values():
            t.append("! losing more: forced back\n", style="dim")
    t.append(bombardment_line(game, p) + "\n", style="dim")
    return t


def forced_back(game: Game, p: StrategyPrompt) -> set[int]:
    """The defence levels at which the defender would be forced back if it lost more CP than the attackers: those
    whose odds (rules.combat.forced_retreat_odds) the fight reaches at some level the attackers may choose. A
    newcomer held Caen at level 9, the best losses on the table, and nothing said 2:1 could throw him out."""
    thresholds = game.data.rules.combat.forced_retreat_odds
    attackers = list(p.attackers)
    return {level for level, threshold in thresholds.items() if level <= p.max_level and any(
        view.reaches(view.fought_odds(game, attackers, p.defender, attack, level), threshold)
        for attack in range(1, p.opponent_max + 1))}


def bombardment_line(game: Game, p: StrategyPrompt) -> str:
    """What the Allied air and naval support adds to the losses above, which leave it out: the Allies' own, as
    given (more German losses in their attack, fewer of their own in their defence); the German's "unseen", up to
    the chart's most (a German who read the table's 3-5 lost 11 CP)."""
    seen = view.bombardment_seen(game)
    attacking = p.role == "attack"
    if seen is not None:
        points, low, high = seen
        # ("-0-5" read as minus zero to five: "+" for more, "less" for fewer; 27 columns at most, the panel's at 80
        # columns, with the most support there is: "Support 198: yours 2-6 less")
        effect = f"theirs +{low}-{high}" if attacking else f"yours {low}-{high} less"
        return f"Support {points}: {effect}" if high > 0 else f"Support {points}: no effect"
    high = view.bombardment_most(game)[1]  # (the most they could give; what they gave, none perhaps, is not seen)
    if high == 0:  # ("+0-0" said nothing; and "none left" beside a bar showing Naval 12 read as a contradiction)
        if view.support_most(game):
            return "Their support is too small"  # (27 columns at most)
        defender = view.position_of(game.unit(p.defender))
        if game.naval_left and not view.in_naval_range(game, defender):  # (beside "Naval 80" in the bar, "none
            return "No air; ships out of range"  # left" read as a contradiction; found by a helper)
        return "No support left to them"
    # ("Unseen: yours +0-9" was cryptic to a German defending, and "Unseen support: yours +0-5" read as support of
    # his own; found by helpers: the Allied support, unseen, adds to his losses. 27 columns at most)
    return f"Unseen: they lose 0-{high} less" if attacking else f"Unseen: you lose 0-{high} more"


def _losses(game: Game, p: StrategyPrompt, level: int) -> str:
    """The expected losses at one's own level over the other side's levels: "yours low-high/theirs low-high"
    (overlord.ai.explain.level_losses: each side's no more than the CP it has)."""
    (mine_low, mine_high), (theirs_low, theirs_high) = level_losses(game, p, level)
    return f"{mine_low:.0f}-{mine_high:.0f}/{theirs_low:.0f}-{theirs_high:.0f}"


def combat_card(game: Game, p: Prompt, width: int | None = None) -> Text | None:
    """Beside the map during combat: the defender, the attackers, the odds; the level table when choosing
    (``width``: the room it has, a line longer than that said in two or shortened)."""
    if isinstance(p, StrategyPrompt):
        t = Text(no_wrap=True, overflow="ellipsis")
        both = odds_of(game, p.attackers, p.defender)  # (as fought too: the panel gave 2.95:1 where fought at 5.9:1)
        odds = f"Odds {both} vs {short(game, p.defender)}"
        if width is not None and len(odds) > width:  # (the question below names the defender: a line for the table)
            odds = f"Odds {both}"
        t.append(odds + "\n", style="bold")
        t.append_text(level_table(game, p, width))
        return t
    if isinstance(p, (DefenderPrompt, AttackerPrompt, SupportPrompt)):
        defender = p.defender
        chosen: tuple[str, ...] = ()  # the units in the attack so far, and their odds
        if isinstance(p, AttackerPrompt):
            chosen = p.chosen
        elif isinstance(p, SupportPrompt):
            chosen = p.attackers
        odds = odds_of(game, chosen, defender)  # (brief: at 80 columns "... as the Allies are short" was cut)
        t = Text(no_wrap=True, overflow="ellipsis")
        d = game.unit(defender)
        t.append(f"Defender: {short(game, defender)}\n", style="bold")
        t.append(f"CP {d.cp}  Eff {view.effectiveness(game, d):.2f}  Fatigue {d.fatigue}\n")
        t.append(f"{where(game, d.position)}\n")
        terrain = game.data.charts.terrain[game.data.map.terrain[view.position_of(d)]]
        t.append(f"Terrain defence x{terrain.defence:g}\n")
        if chosen:
            t.append("Attacking:\n", style="bold")
            for a in chosen:
                t.append(f" {short(game, a)} ({game.unit(a).cp} CP)\n")
            t.append(f"Odds {odds}\n")
        return t
    return None
