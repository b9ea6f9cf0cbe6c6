"""Strategy-level combat (rulebook, Summary of Game Play VI and the combat charts).

The attacking side is offered the enemy units it can attack one by one (Y
attack, N next, E end the phase), round them rules.combat.passes times, then
the phase ends. For a chosen defender each eligible attacker is offered (Y
include, N not). The Allied player enters naval (within naval range) and air
support from the turn's budgets; the attacker chooses an attack level and the
defender a defence level; an Allied defender first enters defensive
bombardment. Losses follow the loss model (combat_results); the defence levels
the Strategy Level chart marks retreat of themselves and a beaten defender may
be forced back (rules.combat.forced_retreat_odds); the defender's owner
retreats it (a direction) or refuses (F) at a cost in casualties; attackers may
advance into the vacated position. Eliminating the defender, or attacking at
the chart's second-combat attack levels against its second-combat defence
levels, lets the attackers attack again. Eliminated German units form cadres
that retreat one position. docs/rules.md gives every choice the rulebook leaves
open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from . import combat_results, fatigue, logistics, losses
from .actions import Action, Advance, Answer, ChooseStrategy, EndPhase, FinishUnit, HoldGround, Retreat, Support, expect
from .choices import SupportChoices
from .enums import PHASE_SIDE, CombatStep, Side, Terrain
from .events import (AttacksHeldBack, CadreTrapped, CombatResult, Event, Motion, PhaseStarted, RetreatedNextToEnemy,
                     RetreatRefused, SecondCombatOffered, UnitMoved)
from .hexgrid import Hex, direction_to, neighbour
from .prompts import (AdvancePrompt, AttackerPrompt, DefenderPrompt, Prompt, RetreatPrompt, StrategyPrompt,
                      SupportPrompt)
from .records import FrozenRecord
from .state import ASHORE, COASTAL, ELIMINATED, CombatState, position_of, present
from .util import enemy, percent_of

if TYPE_CHECKING:
    from .game import Game

ODDS_NOISE = 1e-9  # odds this close under a threshold reach it (a float's rounding, not a game number)


# --------------------------------------------------------------------------- the phase
def begin(g: "Game", events: list[Event]) -> bool:
    side = PHASE_SIDE[g.state.phase]
    if side == Side.GERMAN and g.german_still:
        return False
    for u in g.records(side, status=None):
        u.attacks = 0
    c = g.state.combat = CombatState(side=side)
    c.candidates = defender_candidates(g, side)
    if not c.candidates and not _next_pass(g):
        _end(g, events)
        return False
    events.append(PhaseStarted(turn=g.turn_label, phase=g.state.phase))
    if not _settle(g):
        _end(g, events)
        return False
    return True


def _end(g: "Game", events: list[Event] | None = None) -> None:
    """The combat phase is over: nothing is left to attack, or (with no ``events``) the attacker has ended it.
    Units that could not attack for want of supply are named: the phase would otherwise end with no word why."""
    side = g.state.current_combat().side
    g.state.combat = None
    if events is not None and (held := held_back(g, side)):
        pool = g.state.pools.combat if side == Side.ALLIED else 0
        events.append(AttacksHeldBack(side=side, units=tuple(held), combat_supply=pool))


def held_back(g: "Game", side: str) -> list[str]:
    """The units of ``side`` beside an enemy unit that have not attacked this phase and could not for want of
    supply: the Allied combat supply pool cannot pay for a Recon attack by the unit, or the German unit is cut off.
    (Called with the phase over: can_attack then judges by supply alone.)"""
    return [u.id for u in g.units(side, ASHORE, combat=True)
            if not u.cadre and u.cp > 0 and u.attacks == 0 and not can_attack(g, u.id)
            and any(g.unit(d).status == ASHORE and not g.spec(d).is_depot
                    for d in g.adjacent_units(position_of(u), enemy(side)))]


def _defender(c: CombatState) -> str:
    """The enemy unit being fought: the phase settles on one before it asks anything."""
    return present(c.defender, "the defender")


def _retreating(c: CombatState) -> str:
    """The unit retreating (the retreat step is reached only with one)."""
    return present(c.retreat_unit, "the unit retreating")


def _vacated(c: CombatState) -> Hex:
    """The position the defender left (the advance step is reached only with one)."""
    return present(c.vacated, "the position vacated")


def _next_pass(g: "Game") -> bool:
    c = g.state.current_combat()
    if c.pass_no >= g.data.rules.combat.passes:
        return False
    c.pass_no += 1
    c.candidates = defender_candidates(g, c.side)
    c.index = 0
    return bool(c.candidates)


def _settle(g: "Game") -> bool:
    """Move to the next defender that can still be attacked; False when the phase is over."""
    c = g.state.current_combat()
    c.step = CombatStep.DEFENDER
    while True:
        while c.index < len(c.candidates):
            if eligible_attackers(g, c.candidates[c.index]):
                c.defender = c.candidates[c.index]
                return True
            c.index += 1
        if c.second_active:
            c.second_active = False
            c.second = []
            c.candidates, c.index = c.main_candidates, c.main_index + 1
            continue
        if not _next_pass(g):
            return False


def _advance_cycle(g: "Game", events: list[Event]) -> None:
    c = g.state.current_combat()
    c.index += 1
    c.attackers, c.offers = [], []
    c.naval = c.air = c.defence_naval = c.defence_air = c.attack_level = c.defence_level = 0
    if not _settle(g):
        _end(g, events)


# --------------------------------------------------------------------------- who may fight
def can_attack(g: "Game", uid: str) -> bool:
    u = g.unit(uid)
    spec = g.spec(uid)
    c = g.state.combat  # None outside a combat phase (a computer player asking ahead)
    if u.status != ASHORE or spec.is_depot or u.cadre or u.cp <= 0:
        return False
    if c is not None and c.second_active:
        if uid not in c.second or u.attacks >= g.data.rules.combat.max_attacks_per_phase:
            return False
    elif u.attacks > 0:
        return False
    if spec.side == Side.GERMAN:
        return u.in_supply
    return logistics.combat_supply_cost(g, 1, 1, u.cp) <= g.state.pools.combat


def eligible_attackers(g: "Game", defender: str) -> list[str]:
    d = g.unit(defender)
    if d.status != ASHORE:
        return []
    side = enemy(g.side_of(defender))
    return [uid for uid in g.adjacent_units(position_of(d), side) if can_attack(g, uid)]


def defender_candidates(g: "Game", side: str) -> list[str]:
    found = []
    for u in g.units(enemy(side), ASHORE, combat=True):
        if eligible_attackers(g, u.id):
            found.append(u)
    found.sort(key=position_of)  # by column, then row
    return [u.id for u in found]


# --------------------------------------------------------------------------- strength and odds
def terrain_of(g: "Game", uid: str) -> str:
    return g.data.map.terrain[position_of(g.unit(uid))]


def attack_strength(g: "Game", uid: str) -> float:
    u = g.unit(uid)
    charts = g.data.charts
    terrain = terrain_of(g, uid)
    modifier = charts.terrain[terrain].attack
    if terrain == Terrain.OCEAN and g.spec(uid).type in charts.terrain.ocean_attack_exempt_types:
        modifier = 1  # rangers and commandos are not halved attacking from the ocean (a landing)
    return u.cp * fatigue.effectiveness(g, u) * modifier * assault_troops_factor(g, uid)


def assault_troops_factor(g: "Game", uid: str) -> float:
    """Rangers and commandos "have increased strength attacking the beaches" (rulebook): from the sea (the only
    place an afloat unit fights from) they count this many times their strength."""
    if terrain_of(g, uid) == Terrain.OCEAN and g.spec(uid).lands_anywhere:
        return g.data.rules.landing.assault_troops_strength
    return 1.0


def engaged_cp(g: "Game", attackers: list[str], defender: str) -> float | None:
    """How big a fight is, where it is not the smaller side's CP (combat_results.engagement): against a coastal
    defence, a fortified line whose few CP stand for its guns, it is the landing unit's CP; else None."""
    if g.unit(defender).status != COASTAL:
        return None
    return sum(g.unit(a).cp for a in attackers)


def defence_strength(g: "Game", uid: str) -> float:
    u = g.unit(uid)
    strength = u.cp * fatigue.effectiveness(g, u) * g.data.charts.terrain[terrain_of(g, uid)].defence
    if g.side_of(uid) == Side.GERMAN and not u.in_supply:
        strength *= g.data.rules.german_supply.out_of_supply_strength_percent / 100
    return strength


def odds(g: "Game", attackers: list[str], defender: str) -> float:
    """Attacker strength over defender strength (CP x effectiveness x terrain)."""
    att = sum(attack_strength(g, a) for a in attackers)
    return att / max(defence_strength(g, defender), 0.01)


def fatigue_cap(g: "Game", units: list[str]) -> int:
    """The most intense level these units can choose together: the most worn one's cap."""
    return min(fatigue.max_strategy_level(g, g.unit(a)) for a in units)


def max_attack_level(g: "Game", attackers: list[str]) -> int:
    """The fatigue cap, lowered for an Allied attack to what the combat pool can pay against defence 1."""
    level = fatigue_cap(g, attackers)
    if g.side_of(attackers[0]) == Side.ALLIED:
        cp = sum(g.unit(a).cp for a in attackers)
        while level > 1 and logistics.combat_supply_cost(g, level, 1, cp) > g.state.pools.combat:
            level -= 1
    return level


def in_naval_range(g: "Game", hex_: Hex) -> bool:
    return not g.data.map.on_continent_side(hex_)


# --------------------------------------------------------------------------- prompts
def prompt(g: "Game") -> Prompt:
    c = g.state.current_combat()
    d = _defender(c)
    if c.step == CombatStep.DEFENDER:
        attackers = eligible_attackers(g, d)
        paper, fought = _prompt_odds(g, attackers, d)
        return DefenderPrompt(side=c.side, defender=d, attackers=tuple(attackers), pass_no=c.pass_no,
                              second_combat=c.second_active, odds=paper, fought_odds=fought)
    if c.step == CombatStep.ATTACKER:
        paper, fought = _prompt_odds(g, c.attackers + [c.offers[0]], d)
        paper_without, fought_without = _prompt_odds(g, c.attackers, d)
        return AttackerPrompt(side=c.side, attacker=c.offers[0], defender=d, chosen=tuple(c.attackers), odds=paper,
                              odds_without=paper_without, fought_odds=fought, fought_odds_without=fought_without)
    if c.step in (CombatStep.SUPPORT, CombatStep.DEFENCE_SUPPORT):
        return support_prompt(g, c.attackers, d, c.step == CombatStep.DEFENCE_SUPPORT, len(c.candidates) - c.index)
    if c.step in (CombatStep.ATTACK_LEVEL, CombatStep.DEFENCE_LEVEL):
        return strategy_prompt(g, c.side, c.attackers, d, c.step == CombatStep.ATTACK_LEVEL)
    if c.step == CombatStep.RETREAT:
        uid = _retreating(c)
        return RetreatPrompt(side=g.side_of(uid), unit=uid, directions=tuple(retreat_directions(g, uid)),
                             cadre=c.retreat_cadre, automatic=g.data.charts.strategy_levels.retreats(c.defence_level))
    if c.step == CombatStep.ADVANCE:
        uid = c.advancers[0]
        into = _vacated(c)
        direction = present(direction_to(position_of(g.unit(uid)), into), "the way to the position vacated")
        return AdvancePrompt(side=c.side, unit=uid, direction=direction, into=into)
    raise AssertionError(f"unknown combat step {c.step}")


def support_prompt(g: "Game", attackers: list[str], d: str, defensive: bool, defenders_left: int,
                   landing: str | None = None) -> SupportPrompt:
    """The Allied naval and air points for a fight, from the turn's budgets (naval only within range)."""
    st = g.state
    in_range = in_naval_range(g, position_of(g.unit(d)))
    paper, fought = _prompt_odds(g, attackers, d)
    largest = g.data.rules.answers.largest_number
    return SupportPrompt(side=Side.ALLIED, defender=d, defensive=defensive,
                         naval_max=min(largest, st.naval_left) if in_range else 0, air_max=min(largest, st.air_left),
                         in_naval_range=in_range, attackers=tuple(attackers), naval_left=st.naval_left,
                         air_left=st.air_left, defenders_left=defenders_left, odds=paper, fought_odds=fought,
                         landing=landing)


def strategy_prompt(g: "Game", side: str, attackers: list[str], d: str, attacking: bool,
                    landing: str | None = None) -> StrategyPrompt:
    """The attacker's (``side``) or the defender's choice of level. The defender is not told the attack level."""
    attack_max = max_attack_level(g, attackers)
    defence_max = fatigue.max_strategy_level(g, g.unit(d))
    paper, fought = _prompt_odds(g, attackers, d)
    if attacking:
        return StrategyPrompt(side=side, role="attack", defender=d, attackers=tuple(attackers),
                              max_level=attack_max, odds=paper, fought_odds=fought,
                              fatigue_max=fatigue_cap(g, attackers), opponent_max=defence_max, landing=landing)
    return StrategyPrompt(side=enemy(side), role="defence", defender=d, attackers=tuple(attackers),
                          max_level=defence_max, odds=paper, fought_odds=fought, fatigue_max=defence_max,
                          opponent_max=attack_max, landing=landing)


def _prompt_odds(g: "Game", attackers: list[str], defender: str) -> tuple[float, float]:
    """The odds a prompt shows: on paper, and as fought at the least intense levels (rounded)."""
    if not attackers:
        return 0.0, 0.0
    return round(odds(g, attackers, defender), 2), round(fought_odds(g, attackers, defender, 1, 1), 2)


def legal_actions(g: "Game", p: Prompt) -> Sequence[Action]:
    if isinstance(p, DefenderPrompt):
        return [Answer("Y"), Answer("N"), EndPhase()]
    if isinstance(p, AttackerPrompt):
        return [Answer("Y"), Answer("N")]
    if isinstance(p, SupportPrompt):
        return SupportChoices(p.naval_max, p.air_max)
    if isinstance(p, StrategyPrompt):
        return [ChooseStrategy(level) for level in range(1, p.max_level + 1)]
    if isinstance(p, RetreatPrompt):
        return [Retreat(d) for d in p.directions] + ([] if p.cadre else [HoldGround()])
    if isinstance(p, AdvancePrompt):
        return [Advance(p.unit, p.direction), FinishUnit(p.unit)]
    raise AssertionError(p)


# --------------------------------------------------------------------------- answers
def apply(g: "Game", action: Action, events: list[Event]) -> bool:
    """Carry out an answer; True when that ends the combat phase."""
    if isinstance(action, EndPhase):
        _end(g)
    else:
        _answer(g, action, events)
    return g.state.combat is None


def _answer(g: "Game", action: Action, events: list[Event]) -> None:
    c = g.state.current_combat()
    step = c.step
    if step == CombatStep.DEFENDER:
        if expect(action, Answer).choice == "N":
            _advance_cycle(g, events)
            return
        c.offers = eligible_attackers(g, _defender(c))
        c.attackers = []
        c.step = CombatStep.ATTACKER
    elif step == CombatStep.ATTACKER:
        uid = c.offers.pop(0)
        if expect(action, Answer).choice == "Y":
            c.attackers.append(uid)
        if g.side_of(uid) == Side.ALLIED:  # only offer units the combat supply can still carry
            c.offers = [o for o in c.offers if _affordable(g, c.attackers + [o])]
        if c.offers:
            return
        if not c.attackers:
            _advance_cycle(g, events)
            return
        supported = c.side == Side.ALLIED and support_possible(g, _defender(c))
        c.step = CombatStep.SUPPORT if supported else CombatStep.ATTACK_LEVEL
    elif step == CombatStep.SUPPORT:
        c.naval, c.air = spend_support(g, action)
        c.step = CombatStep.ATTACK_LEVEL
    elif step == CombatStep.ATTACK_LEVEL:
        c.attack_level = expect(action, ChooseStrategy).level
        defensive = c.side == Side.GERMAN and support_possible(g, _defender(c))
        c.step = CombatStep.DEFENCE_SUPPORT if defensive else CombatStep.DEFENCE_LEVEL
    elif step == CombatStep.DEFENCE_SUPPORT:
        c.defence_naval, c.defence_air = spend_support(g, action)
        c.step = CombatStep.DEFENCE_LEVEL
    elif step == CombatStep.DEFENCE_LEVEL:
        c.defence_level = expect(action, ChooseStrategy).level
        resolve(g, events)
    elif step == CombatStep.RETREAT:
        retreat(g, action, events)
    elif step == CombatStep.ADVANCE:
        advance(g, action, events)


def _affordable(g: "Game", attackers: list[str]) -> bool:
    cp = sum(g.unit(a).cp for a in attackers)
    return logistics.combat_supply_cost(g, 1, 1, cp) <= g.state.pools.combat


def support_possible(g: "Game", defender: str) -> bool:
    """Whether the Allies have air points, or naval points and the range, to support a fight here."""
    st = g.state
    return st.air_left > 0 or (in_naval_range(g, position_of(g.unit(defender))) and st.naval_left > 0)


# --------------------------------------------------------------------------- resolution
def resolve(g: "Game", events: list[Event]) -> None:
    """Fight the combat at the chosen levels: the odds (after combat supply), the losses and the
    bombardment, the fatigue, then the defender's retreat, the attackers' advance or the next fight."""
    c = g.state.current_combat()
    defender = _defender(c)
    d = g.record(defender)
    attackers = list(c.attackers)
    ratio, supply_spent = _combat_odds(g, attackers)
    att_loss, def_loss, bombarded = _combat_losses(g, attackers, ratio)
    _combat_fatigue(g, attackers)
    caused: list[Event] = []  # (told after the fight's result, as what it caused)
    _share_losses(g, attackers, att_loss, caused)
    defender_pos = position_of(d)
    if c.side == Side.ALLIED:  # what it added, the chart's losses counted first when the defender had less to lose
        bombarded = max(0, bombarded - max(0, def_loss - d.cp))
    def_loss = min(def_loss, d.cp)
    eliminated = losses.inflict(g, defender, def_loss, caused)
    survivors = [a for a in attackers if g.unit(a).status == ASHORE]
    levels = g.data.charts.strategy_levels
    second = eliminated or (c.attack_level in levels.second_combat_attack_levels
                            and c.defence_level in levels.second_combat_defence_levels)
    must_retreat = not eliminated and _must_retreat(g, ratio, att_loss, def_loss)
    outcome = _Outcome(ratio, att_loss, def_loss, supply_spent, eliminated, must_retreat, bool(second and survivors),
                       bombarded)
    events.append(_combat_result(g, attackers, outcome))
    events.extend(caused)
    c.second = survivors if second else []
    c.attackers = survivors
    if eliminated:
        if d.status == ASHORE:  # a German cadre: it retreats one position
            c.retreat_unit, c.retreat_cadre = defender, True
            _start_retreat(g, events)
        else:
            _start_advance(g, defender_pos, events)
        return
    if must_retreat:
        c.retreat_unit, c.retreat_cadre = defender, False
        _start_retreat(g, events)
        return
    _after_combat(g, events)


def _combat_odds(g: "Game", attackers: list[str]) -> tuple[float, int]:
    """The odds of the fight (attack strength to defence strength) once the Allied side has paid its
    combat supply (a shortfall weakens it); returns them and the supply spent."""
    c = g.state.current_combat()
    a_level, d_level = c.attack_level, c.defence_level
    att_str = sum(attack_strength(g, a) for a in attackers)
    def_str = defence_strength(g, _defender(c))
    if c.side == Side.ALLIED:
        factor, supply_spent = pay_combat_supply(g, a_level, d_level, sum(g.unit(a).cp for a in attackers))
        att_str *= factor
    else:
        factor, supply_spent = pay_combat_supply(g, a_level, d_level, g.record(_defender(c)).cp)
        def_str *= factor
    return att_str / max(def_str, 0.01), supply_spent


def _combat_losses(g: "Game", attackers: list[str], ratio: float) -> tuple[int, int, int]:
    """The losses of both sides from the combat results, then the air/naval bombardment: the Allied
    attacker's adds to the German losses, the Allied defender's takes from its own; and what it added or took."""
    c = g.state.current_combat()
    charts, rng = g.data.charts, g.rng
    att_cp = sum(g.unit(a).cp for a in attackers)
    att_loss, def_loss = combat_results.roll_losses(charts, g.data.rules, rng, c.attack_level, c.defence_level, ratio,
                                                    len(attackers), att_cp, g.record(_defender(c)).cp)
    if c.side == Side.ALLIED:
        bombarded = combat_results.bombardment(charts, c.naval + c.air, rng, german_defender=True)
        return att_loss, def_loss + bombarded, bombarded
    drawn = combat_results.bombardment(charts, c.defence_naval + c.defence_air, rng, german_defender=False)
    return att_loss, max(0, def_loss - drawn), min(drawn, def_loss)


def _combat_fatigue(g: "Game", attackers: list[str]) -> None:
    """Both sides gain fatigue by the level they fought at; the units have acted."""
    c = g.state.current_combat()
    fat = g.data.rules.fatigue
    for uid in attackers:
        fatigue.add_fatigue(g, g.record(uid), fat.attack_per_level * c.attack_level)
        g.record(uid).acted = True
        g.record(uid).attacks += 1
    d = g.record(_defender(c))
    fatigue.add_fatigue(g, d, fat.defence_per_level * c.defence_level)
    d.acted = True


def reaches(ratio: float, odds_needed: float) -> bool:
    """Whether odds reach a threshold, the float's noise aside: a true 2.5:1 is often worked out as
    2.4999999999999996 (effectiveness 0.55 + 0.05 x leadership), and was judged short of it."""
    return ratio >= odds_needed - ODDS_NOISE


def _must_retreat(g: "Game", ratio: float, att_loss: int, def_loss: int) -> bool:
    """A surviving defender retreats at a defence level the chart marks retreat, or when it was beaten
    at the odds rules.combat.forced_retreat_odds gives for its level."""
    d_level = g.state.current_combat().defence_level
    threshold = g.data.rules.combat.forced_retreat_odds.get(d_level)
    forced = threshold is not None and reaches(ratio, threshold) and def_loss > att_loss
    return g.data.charts.strategy_levels.retreats(d_level) or forced


@attrs.frozen(repr=False, eq=False)
class _Outcome(FrozenRecord):
    """What a fight came to, for its report."""
    ratio: float
    att_loss: int
    def_loss: int
    supply_spent: int
    eliminated: bool
    must_retreat: bool
    second_combat: bool
    bombarded: int  # the CP the Allied support's bombardment added to the German losses or took from the Allied


def _combat_result(g: "Game", attackers: list[str], o: _Outcome) -> CombatResult:
    """The combat results display: who fought whom, at what odds and levels, and what each side lost."""
    c = g.state.current_combat()
    defender = _defender(c)
    return CombatResult(attackers=tuple(attackers), defender=defender, odds=round(o.ratio, 2),
                        attack_level=c.attack_level, defence_level=c.defence_level, attacker_losses=o.att_loss,
                        defender_losses=o.def_loss, retreat=o.must_retreat, eliminated=o.eliminated,
                        second_combat=o.second_combat, combat_supply=o.supply_spent,
                        naval=c.naval if c.side == Side.ALLIED else c.defence_naval,
                        air=c.air if c.side == Side.ALLIED else c.defence_air, bombardment=o.bombarded)


def spend_support(g: "Game", answer: Action) -> tuple[int, int]:
    """Take a Support answer's naval and air points from what is left this turn; returns them."""
    action = expect(answer, Support)
    g.state.naval_left -= action.naval
    g.state.air_left -= action.air
    return action.naval, action.air


def pay_combat_supply(g: "Game", a_level: int, d_level: int, cp: int) -> tuple[float, int]:
    """Pay the Allied combat supply: (the strength factor, 1 or less for a shortfall; what was paid)."""
    factor = supply_factor(g, a_level, d_level, cp)
    paid = min(logistics.combat_supply_cost(g, a_level, d_level, cp), g.state.pools.combat)
    g.state.pools.combat -= paid
    return factor, paid


def supply_factor(g: "Game", a_level: int, d_level: int, cp: int) -> float:
    """The Allied side's strength factor for a fight at these levels: 1 if the pool can pay it all,
    down to rules.combat.no_combat_supply_strength percent with nothing to pay."""
    cost = logistics.combat_supply_cost(g, a_level, d_level, cp)
    paid = min(cost, g.state.pools.combat)
    if cost <= 0 or paid >= cost:
        return 1.0
    floor = g.data.rules.combat.no_combat_supply_strength / 100
    return floor + (1 - floor) * paid / cost


def _share_losses(g: "Game", attackers: list[str], total: int, events: list[Event]) -> None:
    """Attacker losses, shared in proportion to each attacker's CP (largest remainders first)."""
    cps = [g.unit(a).cp for a in attackers]
    whole = sum(cps)
    if whole <= 0 or total <= 0:
        return
    shares = [total * cp / whole for cp in cps]
    base = [int(s) for s in shares]
    left = total - sum(base)
    for i in sorted(range(len(attackers)), key=lambda i: (-(shares[i] - base[i]), i))[:left]:
        base[i] += 1
    for uid, n in zip(attackers, base):
        losses.inflict(g, uid, n, events)


# --------------------------------------------------------------------------- retreat and advance
def retreat_directions(g: "Game", uid: str) -> list[int]:
    u = g.unit(uid)
    m = g.data.map
    out = []
    for d, n in m.grid.adjacent(position_of(u)):
        if m.is_land(n) and g.occupant(n) is None:
            out.append(d)
    return out


def _start_retreat(g: "Game", events: list[Event]) -> None:
    c = g.state.current_combat()
    uid = _retreating(c)
    if not retreat_directions(g, uid) and c.retreat_cadre:
        events.append(CadreTrapped(unit=uid))
        start = position_of(g.unit(uid))
        losses.eliminate(g, uid, events, cadre=False)
        _start_advance(g, start, events)
        return
    c.step = CombatStep.RETREAT


def retreat_losses(g: "Game", uid: str) -> tuple[int, int]:
    """What a retreating unit loses refusing to retreat, and retreating next to an enemy: (CP, CP), each at least
    1 and no more than it has (the losses ``retreat`` inflicts)."""
    cp, rules = g.unit(uid).cp, g.data.rules.combat
    return (min(cp, max(1, percent_of(cp, rules.refuse_retreat_percent))),
            min(cp, max(1, percent_of(cp, rules.retreat_next_to_enemy_percent))))


def retreat(g: "Game", action: Action, events: list[Event]) -> None:
    c = g.state.current_combat()
    uid = _retreating(c)
    u = g.record(uid)
    spec = g.spec(uid)
    start = position_of(u)
    r = g.data.rules
    refusing, beside = retreat_losses(g, uid)  # (as the question says them)
    if isinstance(action, HoldGround):
        events.append(RetreatRefused(unit=uid, cp_lost=refusing))
        losses.inflict(g, uid, refusing, events, cadre=False)
        if u.status == ELIMINATED:
            _eliminated_in_retreat(g)
            _start_advance(g, start, events)
        else:
            _after_combat(g, events)
        return
    target = neighbour(start, expect(action, Retreat).direction)
    g.place(uid, target, ASHORE)
    fatigue.add_fatigue(g, u, r.fatigue.retreat)
    events.append(UnitMoved(unit=uid, origin=start, to=target, cost=0, fuel=0, mp_left=u.mp, motion=Motion.RETREAT))
    if spec.side == Side.GERMAN:
        losses.german_occupies(g, target, events)
    if g.in_enemy_zoc(uid):
        events.append(RetreatedNextToEnemy(unit=uid, cp_lost=beside))
        losses.inflict(g, uid, beside, events, cadre=False)
        if u.status == ELIMINATED:
            _eliminated_in_retreat(g)
    _start_advance(g, start, events)


def _eliminated_in_retreat(g: "Game") -> None:
    """A defender eliminated refusing to retreat or retreating next to the enemy is an enemy unit
    eliminated: its attackers may attack again (second combat), as when the fight itself destroys it."""
    c = g.state.current_combat()
    c.second = [a for a in c.attackers if g.unit(a).status == ASHORE]


def _start_advance(g: "Game", vacated: Hex, events: list[Event]) -> None:
    c = g.state.current_combat()
    c.vacated = vacated
    c.advancers = [a for a in c.attackers if g.unit(a).status == ASHORE and g.occupant(vacated) is None
                   and direction_to(position_of(g.unit(a)), vacated) is not None]
    if c.advancers:
        c.step = CombatStep.ADVANCE
    else:
        _after_combat(g, events)


def advance(g: "Game", action: Action, events: list[Event]) -> None:
    c = g.state.current_combat()
    uid = c.advancers.pop(0)
    if isinstance(action, Advance):
        u = g.unit(uid)
        start = position_of(u)
        into = _vacated(c)
        g.place(uid, into, ASHORE)
        events.append(UnitMoved(unit=uid, origin=start, to=into, cost=0, fuel=0, mp_left=u.mp, motion=Motion.ADVANCE))
        if g.side_of(uid) == Side.GERMAN:
            losses.german_occupies(g, into, events)
        c.advancers = []
    if not c.advancers:
        _after_combat(g, events)


def _after_combat(g: "Game", events: list[Event]) -> None:
    """Offer a second combat to the attackers if they earned one; else the next defender."""
    c = g.state.current_combat()
    c.retreat_unit, c.retreat_cadre, c.vacated, c.advancers = None, False, None, []
    second = [a for a in c.second if g.unit(a).status == ASHORE
              and g.unit(a).attacks < g.data.rules.combat.max_attacks_per_phase]
    if second:
        if not c.second_active:
            c.main_candidates, c.main_index = c.candidates, c.index
        c.second, c.second_active = second, True
        targets = {d for a in second for d in g.adjacent_units(position_of(g.unit(a)), enemy(c.side))}
        c.candidates = [d for d in defender_candidates(g, c.side) if d in targets]
        c.index = -1
        events.append(SecondCombatOffered(attackers=tuple(second)))
    _advance_cycle(g, events)


def fought_odds(g: "Game", attackers: list[str], defender: str, attack_level: int, defence_level: int) -> float:
    """The odds a fight at these levels is fought at: on paper (``odds``), the Allied side weakened
    if its combat supply cannot pay for it all (supply_factor)."""
    ratio = odds(g, attackers, defender)
    if g.side_of(attackers[0]) == Side.ALLIED:
        return ratio * supply_factor(g, attack_level, defence_level, sum(g.unit(a).cp for a in attackers))
    return ratio / supply_factor(g, attack_level, defence_level, g.unit(defender).cp)


def preview(g: "Game", attackers: list[str], defender: str, attack_level: int, defence_level: int) -> dict[str, Any]:
    """Odds and expected losses of a combat before it is committed (the random part at its mean),
    counting an Allied side's shortage of combat supply as the fight would."""
    ratio = fought_odds(g, attackers, defender, attack_level, defence_level)
    att_cp = sum(g.unit(a).cp for a in attackers)
    allied_attack = g.side_of(attackers[0]) == Side.ALLIED
    att, dfn = combat_results.expected_losses(g.data.charts, g.data.rules, attack_level, defence_level, ratio,
                                              len(attackers), att_cp, g.unit(defender).cp,
                                              engaged_cp(g, attackers, defender))
    cost = logistics.combat_supply_cost(g, attack_level, defence_level,
                                        att_cp if allied_attack else g.unit(defender).cp)
    return {"odds": round(ratio, 2), "attacker_losses": round(att, 1), "defender_losses": round(dfn, 1),
            "combat_supply": cost if allied_attack or g.side_of(defender) == Side.ALLIED else 0}
