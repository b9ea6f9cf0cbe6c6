"""Amphibious assault (rulebook, Amphibious Assault; Summary of Game Play V and VI).

A unit lands from its beach's marker onto one of the beach's landing positions (rangers and
commandos also from beside the marker, onto any land beside them). If the beach is not cleared
(100 CP landed there, or its coastal defence gone), the unit "will be required to attack the German
unit again until one or the other is eliminated (see combat)": each round is a combat of the
rulebook's procedure. The Allied player enters naval and air support from the turn's budgets and
chooses an attack level, the coastal defence (the computer or the human German) chooses its defence
level without seeing it, combat supply is paid as in any Allied attack, and the losses follow the
loss model. The lander attacks from the ocean, halved (rangers and commandos are not). Each round
costs 1 movement point, and the rounds go on until one side is eliminated; the coastal defence
never retreats. The movement phase asks these questions between two steps of the landing unit
(``MovementState.assault``); docs/rules.md gives the choices made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import combat, combat_results, fatigue, losses
from .actions import Action, ChooseStrategy, expect
from .data import Beach
from .enums import CombatStep, Side
from .events import CombatResult, Event
from .hexgrid import Hex, distance
from .prompts import StrategyPrompt, SupportPrompt
from .state import AssaultState, position_of, present

if TYPE_CHECKING:
    from .game import Game


# --------------------------------------------------------------------------- where a unit lands
def landing_beach(g: "Game", uid: str, target: Hex) -> Beach | None:
    """The beach an afloat unit would land at on ``target``, or None if it cannot land there."""
    m = g.data.map
    here = position_of(g.unit(uid))
    marker_beach = m.beach_of_marker(here)
    if marker_beach is not None and target in marker_beach.positions:
        return marker_beach if g.state.beaches[marker_beach.name].marker_intact else None
    if not g.spec(uid).lands_anywhere:
        return None
    # rangers and commandos: from the marker or next to it, onto any land beside them; a beach's landing
    # position is that beach's, whichever marker they came by (its coastal defence, its 100 CP)
    own = m.beach_of_position(target)
    if own is not None:
        return own if g.state.beaches[own.name].marker_intact else None
    for b in m.beaches:
        if g.state.beaches[b.name].marker_intact and distance(here, b.marker) <= 1:
            return b
    return None


def beach_cleared(g: "Game", beach: Beach) -> bool:
    bs = g.state.beaches[beach.name]
    return bs.landed_cp >= g.data.rules.landing.cleared_cp or g.coastal_defender(beach.name) is None


def must_fight(g: "Game", beach: Beach, target: Hex) -> bool:
    """Landing in a beach's assault area before it is cleared means fighting for it: on its landing positions,
    and, for rangers and commandos, on any land beside its marker ("if not cleared, then the unit will be
    required to attack the German unit", rulebook, Movement)."""
    return not beach_cleared(g, beach)


def overrun_if_cleared(g: "Game", beach: Beach, events: list[Event]) -> None:
    """Once 100 CP have landed, whatever is left of the coastal defence is overrun; the beach's record notes
    when it was cleared."""
    coastal = g.coastal_defender(beach.name)
    record = g.state.beaches[beach.name]
    if coastal is not None and record.landed_cp >= g.data.rules.landing.cleared_cp:
        losses.inflict(g, coastal.id, coastal.cp, events, cadre=False)
    if record.cleared is None and beach_cleared(g, beach):
        record.cleared = g.turn_label


# --------------------------------------------------------------------------- the assault
def start(g: "Game", uid: str, beach: Beach, target: Hex, amphibious: int, brought: dict[str, int]) -> None:
    """The unit must fight its way ashore: the coastal defence stands on the landing position for the
    fight (its odds and terrain), and the first round's questions begin."""
    coastal = g.record(_coastal(g, beach.name))
    coastal.position = target
    g.state.current_movement().assault = AssaultState(
        unit=uid, beach=beach.name, target=target, step=_first_step(g, coastal.id), amphibious=amphibious,
        brought=(brought["fuel"], brought["general"], brought["combat"]))


def _first_step(g: "Game", coastal: str) -> CombatStep:
    return CombatStep.SUPPORT if combat.support_possible(g, coastal) else CombatStep.ATTACK_LEVEL


def _coastal(g: "Game", beach: str) -> str:
    """The coastal defence holding the beach, which a landing fights only while it holds it."""
    return present(g.coastal_defender(beach), "the beach's coastal defence").id


def prompt(g: "Game") -> SupportPrompt | StrategyPrompt:
    a = g.state.current_assault()
    coastal = _coastal(g, a.beach)
    if a.step == CombatStep.SUPPORT:
        still_held = sum(1 for b in g.data.map.beaches if not beach_cleared(g, b))
        return combat.support_prompt(g, [a.unit], coastal, False, still_held, landing=a.beach)
    return combat.strategy_prompt(g, Side.ALLIED, [a.unit], coastal, a.step == CombatStep.ATTACK_LEVEL,
                                  landing=a.beach)


def answer(g: "Game", action: Action, events: list[Event]) -> str | None:
    """Carry out an answer to the assault's question; "landed" or "destroyed" when the fight is over."""
    mv = g.state.current_movement()
    a = g.state.current_assault()
    if a.step == CombatStep.SUPPORT:
        naval, air = combat.spend_support(g, action)
        mv.assault = attrs.evolve(a, naval=naval, air=air, step=CombatStep.ATTACK_LEVEL)
        return None
    if a.step == CombatStep.ATTACK_LEVEL:
        mv.assault = attrs.evolve(a, attack_level=expect(action, ChooseStrategy).level, step=CombatStep.DEFENCE_LEVEL)
        return None
    coastal = _coastal(g, a.beach)
    lost = fight_round(g, a, coastal, expect(action, ChooseStrategy).level, events)
    a = mv.assault = attrs.evolve(a, rounds=a.rounds + 1, lost=a.lost + lost, naval=0, air=0, attack_level=0)
    if g.unit(a.unit).cp <= 0:
        outcome = "destroyed"
    elif g.unit(coastal).cp <= 0:
        outcome = "landed"
    else:
        mv.assault = attrs.evolve(a, step=_first_step(g, coastal))
        return None
    survivor = g.coastal_defender(a.beach)
    if survivor is not None:
        g.record(survivor.id).position = None  # back to holding the beach as a whole
    return outcome


def fight_round(g: "Game", a: AssaultState, coastal: str, d_level: int, events: list[Event]) -> int:
    """One round: the Combat chapter's resolution for one attacker from the ocean; returns the CP it lost."""
    charts, rules, rng = g.data.charts, g.data.rules, g.rng
    u, d = g.record(a.unit), g.record(coastal)
    a_level = a.attack_level
    factor, supply_spent = combat.pay_combat_supply(g, a_level, d_level, u.cp)
    ratio = combat.odds(g, [a.unit], coastal) * factor
    att_loss, def_loss = combat_results.roll_losses(charts, rules, rng, a_level, d_level, ratio, 1, u.cp, d.cp,
                                                    combat.engaged_cp(g, [a.unit], coastal))
    drawn = combat_results.bombardment(charts, a.naval + a.air, rng, german_defender=True)
    bombarded = max(0, drawn - max(0, def_loss + drawn - d.cp))  # (the chart's losses counted first, as in combat)
    att_loss, def_loss = min(att_loss, u.cp), min(def_loss + drawn, d.cp)
    record = g.state.beaches[a.beach]
    record.rounds += 1
    record.allied_cp_lost += att_loss
    record.german_cp_lost += def_loss
    fatigue.add_fatigue(g, u, rules.fatigue.attack_per_level * a_level)
    fatigue.add_fatigue(g, d, rules.fatigue.defence_per_level * d_level)
    u.mp = max(0, u.mp - rules.landing.round_cost)
    caused: list[Event] = []  # (told after the round's result, as what it caused)
    losses.inflict(g, a.unit, att_loss, caused)
    eliminated = losses.inflict(g, coastal, def_loss, caused, cadre=False)
    events.append(CombatResult(attackers=(a.unit,), defender=coastal, odds=round(ratio, 2),
                               attack_level=a_level, defence_level=d_level, attacker_losses=att_loss,
                               defender_losses=def_loss, retreat=False, eliminated=eliminated, second_combat=False,
                               combat_supply=supply_spent, beach=a.beach, round=a.rounds + 1, naval=a.naval,
                               air=a.air, bombardment=bombarded))
    events.extend(caused)
    return att_loss
