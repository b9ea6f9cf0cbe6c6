"""The events in words: each event's line for the log, made from its data and the game data, in one place.

The engine's events carry data only (unit ids, hexes, numbers: overlord/engine/events.py); the screens
(the log, the cards, the reports between turns), the commands and anything else that shows an event in
words take them from here. A plural unit ("2nd and 5th Ranger Battalions") or more than one attacker takes
a plural verb; one unit is "1 Allied unit". Nothing here decides a rule, and nothing here draws: plain
strings, no screen library (an import contract keeps it so).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from .engine.data import GameData
from .engine.events import (AssaultBegun, AttacksHeldBack, CadreTrapped, CombatResult, DropResult, Event, GameEnded,
                            InfiltrationFailed, InterdictionCost, InterdictionFlown, InterdictionGrounded, Landed,
                            LogisticsReport, MarkerDestroyed, Motion, MovesHeldBack, PhaseStarted, ReinforcementBlocked,
                            ReinforcementEntered, RetreatedNextToEnemy, RetreatRefused, SecondCombatOffered,
                            SettingChosen, TransportAllocated, TurnEnded, UnitEliminated, UnitMoved)
from .engine import combat_results
from .engine.combat import ODDS_NOISE
from .engine.enums import Phase, Side
from .engine.util import round_half_up
from .engine.hexgrid import Hex


# --------------------------------------------------------------------------- numbers
def points(score: float) -> str:
    """A score as the screens give it: to a tenth first, as the engine reports it and judges its level on (the
    header read 790 and the final report 791 for a score of 790.967), then its whole points, rounded down, so
    that it never reads as a level it has not reached (74.9 is 74, short of the 75 of a German Marginal victory;
    -0.4 is -1, a German Strategic one)."""
    return str(math.floor(round(score, 1)))


# --------------------------------------------------------------------------- grammar
# each phase as the screens name it (the header, the viewer, `overlord online games`)
PHASES = {
    Phase.QUESTIONS: "Scenario", Phase.AIRBORNE: "Airborne drops", Phase.ALLOCATION: "Transport allocation",
    Phase.INTERDICTION: "Air interdiction", Phase.ALLIED_MOVEMENT: "Allied movement",
    Phase.ALLIED_COMBAT: "Allied combat", Phase.GERMAN_MOVEMENT: "German movement",
    Phase.GERMAN_COMBAT: "German combat", Phase.GAME_OVER: "Game over",
}
ARMY = {"allied": "Allies", "german": "German"}  # a side as a sentence names it: "a person plays the Allies"


def is_plural(name: str) -> bool:
    """A unit whose name is a plural ("2nd and 5th Ranger Battalions") takes a plural verb."""
    return name.split()[-1].endswith("s")


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """ "1 position", "2 positions" (``nouns`` where the plural is not the noun and an s)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


class Subject:
    """The unit or units a sentence is about: their names joined, and its verbs agreeing with them."""

    def __init__(self, data: GameData, units: Iterable[str]) -> None:
        self.names = names(data, units)
        self.many = len(self.names) > 1 or (bool(self.names) and is_plural(self.names[0]))

    def __str__(self) -> str:
        """Commas, then "and" before the last ("4th Cavalry Squadron and 4th Infantry Division and 2nd and 5th
        Ranger Battalions attack" read as one list of and-s; found by a helper)."""
        if len(self.names) <= 2:
            return " and ".join(self.names)
        return f"{name_list(self.names[:-1])} and {self.names[-1]}"

    def verb(self, one: str, many: str) -> str:
        """``one`` for one unit ("moves", "is"), ``many`` for a plural subject ("move", "are")."""
        return many if self.many else one

    def says(self, one: str, many: str) -> str:
        """The subject and its verb: "21st Panzer Division attacks", "2nd and 5th Ranger Battalions land"."""
        return f"{self} {self.verb(one, many)}"


def name_of(data: GameData, uid: str) -> str:
    spec = data.units.get(uid)
    return spec.name if spec is not None else uid


def name_list(named: Iterable[str]) -> str:
    """Names one after another, each read whole: by commas, or by semicolons when a name holds a comma of its own
    ("Coastal defences, Utah; 352nd Infantry Division")."""
    listed = list(named)
    return ("; " if any("," in name for name in listed) else ", ").join(listed)


def level_span(highest: int) -> str:
    """The levels open, from 1: "1-9", or "1" when only the first is."""
    return "1" if highest == 1 else f"1-{highest}"


def level_choice(highest: int, kind: str = "") -> str:
    """The levels open as what is chosen: "a level 1-9", "an attack level 1-4", or "attack level 1" when only the
    first is open (not "a level 1-1")."""
    noun = f"{kind} level" if kind else "level"
    if highest == 1:
        return f"{noun} 1"
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun} 1-{highest}"


def choose_level(highest: int) -> str:
    """What a player refused a closed level is told to do: "choose a level 1-4", or "only level 1 is open"."""
    return "only level 1 is open" if highest == 1 else f"choose {level_choice(highest)}"


def names(data: GameData, units: Iterable[str]) -> list[str]:
    """Units by name, in the order given."""
    return [name_of(data, uid) for uid in units]


def place(data: GameData, hex_: Hex) -> str:
    """A position in words: its name, or its terrain and where it is ("swamp (4,5)")."""
    return data.map.describe(hex_) if data.map.grid.on_map(hex_) else f"({hex_[0]},{hex_[1]})"


def odds(data: GameData, ratio: float) -> str:
    """Odds as a player reads them, "2.5:1": to a hundredth where a tenth would round them onto or over the odds
    at which a defender is forced back (rules.combat.forced_retreat_odds), "1.98:1" not "2.0:1" for a defender that
    held at level 9 (read as the rule broken; found by a helper)."""
    # to a tenth from the hundredths the engine keeps, halves up: 1.653 before a fight and the 1.65 its result keeps
    # (1.6499...) read "1.7:1" and "1.6:1", as if the odds had changed (found by a helper)
    tenth = round_half_up(round(ratio, 2) * 10 + 1e-6) / 10  # (round as the engine rounds: 0.645 is kept as 0.65)
    judged = ratio + ODDS_NOISE  # (2.4999999999999996 reaches 2.5, as the engine judges it: view.reaches)
    thresholds = data.rules.combat.forced_retreat_odds.values()
    if not any(min(judged, tenth) < t <= max(judged, tenth) for t in thresholds):
        return f"{tenth:.1f}:1"
    # to the hundredth the engine keeps for the fight's result, so that the question and the card agree (2.447 read
    # "2.44:1" before the fight and "2.45:1" after it; found by a helper); but down to the hundredth where that would
    # reach a threshold the odds do not: 1.996 is "1.99:1", never "2.00:1" (a millionth's leeway keeps a value
    # already kept to a hundredth, 2.49 stored as 2.48999..., as it is)
    kept = round(ratio, 2)
    if any(judged < t <= kept + ODDS_NOISE for t in thresholds):
        kept = math.floor(ratio * 100 + 1e-6) / 100
    return f"{kept:.2f}:1"


def result_odds(data: GameData, e: CombatResult) -> str:
    """A fight's odds as fought, as its result gives them: the engine keeps them to a hundredth, so a defender
    that lost more and held at odds that read as its level's threshold was just under it (2.497 kept as 2.5: the
    card read "2.5:1", a loss, and no retreat at a level forced back from 2.5:1; found by a helper)."""
    said = odds(data, e.odds)
    threshold = data.rules.combat.forced_retreat_odds.get(e.defence_level)
    held = not (e.retreat or e.eliminated) and e.defender_losses > e.attacker_losses and e.beach is None
    return f"just under {said}" if held and threshold is not None and e.odds >= threshold else said


def levels(data: GameData, attack: int, defence: int) -> str:
    """The Strategy Levels chart's names of an attack and a defence level: "Hasty Attack against Hold"."""
    chart = data.charts.strategy_levels
    return f"{chart.attack[attack - 1].name} against {chart.defence[defence - 1].name}"


def supplies(brought: dict[str, int]) -> str:
    return f"{brought.get('fuel', 0)} fuel, {brought.get('general', 0)} general, {brought.get('combat', 0)} combat supply"


# --------------------------------------------------------------------------- each kind of event
def phase_started(e: PhaseStarted, data: GameData) -> str:
    if e.phase == "logistics":
        return f"Turn {e.turn}"
    return e.phase.replace("_", " ").capitalize()  # "Allied movement", "German combat"


def setting_chosen(e: SettingChosen, data: GameData) -> str:
    return f"{e.question.replace('_', ' ')}: {e.value}"


def drop_result(e: DropResult, data: GameData) -> str:
    who = Subject(data, [e.unit])
    text = f"{who.says('drops', 'drop')} at {place(data, e.landed_at)}"
    if e.drifted:
        text += f" after drifting {plural(e.drifted, 'position')}"
    if e.over_water:
        text += ", some sticks lost over the sea"
    if e.cp_lost:
        text += f" ({e.cp_lost} CP lost)"
    return text


def transport_allocated(e: TransportAllocated, data: GameData) -> str:
    return (f"Transport for {e.turn}: fuel {e.fuel}%, general {e.general}%, combat {e.combat}%, "
            f"amphibious {e.amphibious}%")


def interdiction_grounded(e: InterdictionGrounded, data: GameData) -> str:
    return "No interdiction is possible: the aircraft are grounded"


def interdiction_flown(e: InterdictionFlown, data: GameData) -> str:
    flies = "flies" if e.air_points == 1 else "fly"
    return f"{plural(e.air_points, 'air point')} {flies} interdiction ({e.effective} effective in {e.weather} weather)"


def interdiction_cost(e: InterdictionCost, data: GameData) -> str:
    return f"Air interdiction costs the German {plural(e.movement_points, 'movement point')} in all"


def named(data: GameData, units: tuple[str, ...], most: int = 3) -> str:
    """A few units by name, in brackets (" (4th Cavalry Squadron)"); none for more than ``most`` (the report has them
    all): the log line said "1 Allied unit beyond supply lines", and only the roster's columns told which (found by a
    newcomer helper)."""
    return f" ({name_list(names(data, units))})" if 0 < len(units) <= most else ""


def logistics_report(e: LogisticsReport, data: GameData) -> str:
    arrived = ", ".join(f"{c} +{e.arrived.get(c, 0)}" for c in ("fuel", "general", "combat", "amphibious"))
    return (f"Logistics {e.turn}: {e.weather} weather, {plural(e.transport, 'transport point')} ({arrived}); "
            f"upkeep {e.upkeep}; {plural(len(e.out_of_supply), 'Allied unit')} beyond supply lines"
            f"{named(data, e.out_of_supply)}, {len(e.deprived)} without general supply{named(data, e.deprived)}"
            + (f"; {plural(len(e.german_cut_off), 'German unit')} cut off ({e.german_attrition} CP lost)"
               if e.german_cut_off else ""))


def reinforcement_entered(e: ReinforcementEntered, data: GameData) -> str:
    return f"German reinforcement: {Subject(data, [e.unit]).says('enters', 'enter')} by the {e.entry}"


def reinforcement_blocked(e: ReinforcementBlocked, data: GameData) -> str:
    who = Subject(data, [e.unit])
    return f"{who.says('cannot', 'cannot')} enter at {e.entry} (blocked); {who.verb('it', 'they')} will try next turn"


def unit_moved(e: UnitMoved, data: GameData) -> str:
    who = Subject(data, [e.unit])
    if e.motion == Motion.SAIL:
        return f"{who.says('sails', 'sail')} to ({e.to[0]},{e.to[1]})"
    if e.motion == Motion.RETREAT:
        return f"{who.says('retreats', 'retreat')} to {place(data, e.to)}"
    if e.motion == Motion.ADVANCE:
        return f"{who.says('advances', 'advance')} into {place(data, e.to)}"
    fuel = f", {e.fuel} fuel" if e.fuel else ""
    text = f"{who.says('moves', 'move')} to {place(data, e.to)} ({e.cost} MP{fuel})"
    if e.stops:
        text += f": next to the enemy, {who.verb('it stops', 'they stop')}"
    return text


def infiltration_failed(e: InfiltrationFailed, data: GameData) -> str:
    who = Subject(data, [e.unit])
    return (f"{who.says('fails', 'fail')} to infiltrate and {who.verb('is', 'are')} pinned where "
            f"{who.verb('it is', 'they are')}")


def assault_begun(e: AssaultBegun, data: GameData) -> str:
    who = Subject(data, [e.unit])
    return (f"{who.says('crosses', 'cross')} to {e.beach} beach ({e.amphibious} amphibious; "
            f"{who.verb('brings', 'bring')} {supplies(e.brought)}): the coastal defence holds "
            f"{who.verb('it, and it', 'them, and they')} must fight {who.verb('its', 'their')} way ashore")


def landed(e: Landed, data: GameData) -> str:
    who = Subject(data, [e.unit])
    rounds = plural(e.rounds, "round")
    if e.destroyed:
        return f"{who.says('is', 'are')} destroyed assaulting {e.beach} beach after {rounds}"
    text = f"{who.says('lands', 'land')} at {e.beach}"
    if e.rounds:
        text += f" after {rounds} against the coastal defences ({e.cp_lost} CP lost)"
    if e.stops:
        text += f"; next to the enemy, {who.verb('it stops', 'they stop')}"
    if e.brought.get("fuel"):
        text += f"; {who.verb('brings', 'bring')} {supplies(e.brought)}"
    return text


def combat_result(e: CombatResult, data: GameData) -> str:
    """The fight's result: who attacked whom at what odds and levels, what each side lost, and what follows."""
    who = Subject(data, e.attackers)
    losses = (f"{who.verb('the attacker loses', 'the attackers lose')} {e.attacker_losses} CP, "
              f"the defender {e.defender_losses}{f' ({support_share(e, data)})' if e.bombardment else ''}")
    if e.beach is not None:  # a landing's round against the coastal defence
        text = (f"{who.says('assaults', 'assault')} {e.beach} beach, round {e.round}, at {result_odds(data, e)} "
                f"({levels(data, e.attack_level, e.defence_level)}): {losses}")
    else:
        text = (f"{who.says('attacks', 'attack')} {name_of(data, e.defender)} at {result_odds(data, e)} "
                f"({levels(data, e.attack_level, e.defence_level)}): {losses}")
    if e.combat_supply:
        text += f", {e.combat_supply} Allied combat supply spent"  # (the Allies' always: the German has no pool)
    if e.naval or e.air:  # (the support chosen unseen is seen here: the replay's log never said it; found by a helper)
        text += f", {bombardment_words(e, data)}"
    if e.eliminated:
        text += f"; the coastal defence of {e.beach} is eliminated" if e.beach else "; the defender is eliminated"
    elif e.retreat:
        text += "; the defender must retreat"
    return text


def support_share(e: CombatResult, data: GameData) -> str:
    """What the support's draw counts for in the defender's losses as given: a part of a German defender's, or the CP
    spared an Allied one ("4 of them the support's"; "" with no draw; beside "4 CP more German losses", "the defender loses 5 CP" was
    read as 9 lost; found by a helper)."""
    if not e.bombardment:
        return ""
    return f"{e.bombardment} of them the support's" if allied_attacks(e, data) else \
        f"{e.bombardment} fewer for the support"


def allied_attacks(e: CombatResult, data: GameData) -> bool:
    """Whether the Allies attacked in the fight (a landing's round is theirs)."""
    spec = data.units.get(e.attackers[0])
    return e.beach is not None or spec is None or spec.side == Side.ALLIED


def bombardment_words(e: CombatResult, data: GameData) -> str:
    """The Allied naval and air support of a fight and the CP its bombardment drew: "Allied support naval 40, air 60:
    4 CP more German losses" (an Allied attack or landing), "Allied bombardment in defence naval 20, air 0: 2 CP fewer
    Allied losses", or "too few to count" (the chart's row gives nothing for them)."""
    allied_attack = allied_attacks(e, data)
    what = "support" if allied_attack else "bombardment in defence"
    row = combat_results.bombardment_row(data.charts, e.naval + e.air)
    if not (row.german_extra if allied_attack else row.allied_reduction)[1]:  # (as the card says it: "0 fewer" read
        return f"Allied {what} naval {e.naval}, air {e.air}: too few to count"  # as a draw; found by a helper)
    return f"Allied {what} naval {e.naval}, air {e.air}: {bombardment_effect(e.bombardment, allied_attack)}"


def bombardment_effect(cp: int, allied_attack: bool) -> str:
    """What a bombardment's draw did, in CP: "4 CP more German losses", "1 CP fewer Allied losses" ("4 more German
    losses" beside "the defender loses 20 CP" read as four units; found by a helper)."""
    return f"{cp} CP {'more German' if allied_attack else 'fewer Allied'} losses"


def fight_in_brief(e: CombatResult, data: GameData) -> str:
    """A fight's result in a line or two, for the question it leaves (a retreat, an advance), where the whole
    result (every attacker by name) did not fit at 80x24: "3 units attacked at 6.5:1 (Blitzkrieg attack against
    Hold at all costs): the attack lost 5 CP, the defence 13"."""
    who = Subject(data, e.attackers) if len(e.attackers) == 1 else f"{len(e.attackers)} units"
    return (f"{who} attacked at {result_odds(data, e)} ({levels(data, e.attack_level, e.defence_level)}): the attack lost "
            f"{e.attacker_losses} CP, the defence {e.defender_losses}")


def attacks_held_back(e: AttacksHeldBack, data: GameData) -> str:
    units = name_list(names(data, e.units))
    if e.side == Side.ALLIED:
        return (f"No more Allied attacks this phase: the combat supply pool ({e.combat_supply}) cannot pay for a Recon "
                f"attack by {units}")
    return f"Cut off from supply, {units} cannot attack"


def moves_held_back(e: MovesHeldBack, data: GameData) -> str:
    units = name_list(names(data, e.units))
    return (f"No more Allied moves this phase: the fuel pool ({e.fuel}) cannot pay for a step by {units} (the "
            "transport allocation's fuel share fills it)")


def retreat_refused(e: RetreatRefused, data: GameData) -> str:
    who = Subject(data, [e.unit])
    return f"{who.says('refuses', 'refuse')} to retreat and {who.verb('loses', 'lose')} {e.cp_lost} more CP"


def retreated_next_to_enemy(e: RetreatedNextToEnemy, data: GameData) -> str:
    who = Subject(data, [e.unit])
    return f"{who.says('retreats', 'retreat')} next to the enemy and {who.verb('loses', 'lose')} {e.cp_lost} more CP"


def cadre_trapped(e: CadreTrapped, data: GameData) -> str:
    return f"{name_of(data, e.unit)}'s cadre has nowhere to go and is destroyed"


def second_combat_offered(e: SecondCombatOffered, data: GameData) -> str:
    who = Subject(data, e.attackers)
    return f"{who.says('may', 'may')} attack again (second combat)"


def unit_eliminated(e: UnitEliminated, data: GameData) -> str:
    who = Subject(data, [e.unit])
    return f"{who.says('is', 'are')} eliminated" + (f" and {who.verb('forms', 'form')} a cadre" if e.cadre else "")


def marker_destroyed(e: MarkerDestroyed, data: GameData) -> str:
    return f"The German overruns {e.beach} beach: its beachhead marker is destroyed"


def turn_ended(e: TurnEnded, data: GameData) -> str:
    return (f"End of {e.turn}: this turn Allied +{e.points.allied:.0f} for ground, German +{e.points.german:.0f}; "
            f"score {points(e.score)} (weather {e.weather_percent:+d}%, adjusted {points(e.adjusted_score)})")


def game_ended(e: GameEnded, data: GameData) -> str:
    r = e.report
    return (f"The game is over: {r.victory_level}, score {points(r.allied_score)} "
            f"(adjusted for the weather {points(r.adjusted_score)})")


WORDS: dict[type[Any], Callable[[Any, GameData], str]] = {
    PhaseStarted: phase_started, SettingChosen: setting_chosen, DropResult: drop_result,
    TransportAllocated: transport_allocated, InterdictionGrounded: interdiction_grounded,
    InterdictionFlown: interdiction_flown, InterdictionCost: interdiction_cost, LogisticsReport: logistics_report,
    ReinforcementEntered: reinforcement_entered, ReinforcementBlocked: reinforcement_blocked, UnitMoved: unit_moved,
    InfiltrationFailed: infiltration_failed, AssaultBegun: assault_begun, Landed: landed,
    CombatResult: combat_result, RetreatRefused: retreat_refused, RetreatedNextToEnemy: retreated_next_to_enemy,
    CadreTrapped: cadre_trapped, SecondCombatOffered: second_combat_offered, UnitEliminated: unit_eliminated,
    AttacksHeldBack: attacks_held_back, MovesHeldBack: moves_held_back,
    MarkerDestroyed: marker_destroyed, TurnEnded: turn_ended, GameEnded: game_ended,
}


def line(event: Event, data: GameData) -> str:
    """The event's line for the log (no full stop: a screen adds one where a sentence ends)."""
    return WORDS[type(event)](event, data)
