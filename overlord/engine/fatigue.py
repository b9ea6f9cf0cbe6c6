"""Fatigue, leadership and effectiveness (rulebook, Allied Forces and Combat).

A unit gains fatigue moving and fighting, and loses it resting. Its
effectiveness, shown to the player and multiplied into its strength, comes
from its leadership and its fatigue; a worn unit cannot choose the most
intense strategies. Replacements flow to resting Allied units (generously) and
to German units that have lost a fraction of their strength or more (sparingly).
Every number is in data/rules.toml; docs/rules.md gives the formulas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .enums import Side
from .state import UnitState
from .util import clamp, percent_of

if TYPE_CHECKING:
    from .game import Game
    from .view import UnitView


def effectiveness(g: "Game", u: UnitView) -> float:
    """(base + per_leadership x leadership) x (1 - fatigue / divisor), at least the minimum."""
    r = g.data.rules.effectiveness
    value = (r.base + r.per_leadership * u.leadership) * (1.0 - u.fatigue / r.fatigue_divisor)
    return max(r.minimum, value)


def max_strategy_level(g: "Game", u: UnitView) -> int:
    """The most intense attack or defence level the unit can still choose (1 to the chart's highest)."""
    return highest_level(g, u.fatigue, u.leadership)


def highest_level(g: "Game", fatigue: int, leadership: int) -> int:
    """The most intense level a unit of this fatigue and leadership may choose (a move's card foretells it)."""
    r = g.data.rules.strategy_limits
    highest = g.data.charts.strategy_levels.highest
    excess = max(0, fatigue - r.free_fatigue_per_leadership * leadership)
    return clamp(highest - excess // r.fatigue_per_level, 1, highest)


def tired(g: "Game", fatigue: int, movement_points: int) -> int:
    """The fatigue a unit of ``fatigue`` has after spending ``movement_points`` (as add_fatigue tires it)."""
    return clamp(fatigue + g.data.rules.fatigue.per_movement_point * movement_points, 0, g.data.rules.fatigue.max)


def add_fatigue(g: "Game", u: UnitState, amount: int) -> None:
    u.fatigue = clamp(u.fatigue + amount, 0, g.data.rules.fatigue.max)


def recover(g: "Game", u: UnitState, in_enemy_zoc: bool) -> None:
    """Fatigue falls each turn; more for a unit that rested last turn, more again behind the lines."""
    r = g.data.rules.fatigue
    amount = r.recovery_per_turn
    if not u.acted:
        amount += r.rest_recovery
        if not in_enemy_zoc:
            amount += r.rear_recovery
    u.fatigue = max(0, u.fatigue - amount)


def replacements(g: "Game", u: UnitState, side: str) -> int:
    """CP of replacements the unit receives this turn (already added); it must be in supply."""
    r = g.data.rules.replacements
    if u.cp >= u.max_cp or not u.in_supply:
        return 0
    if side == Side.ALLIED:
        if not u.general_supplied:
            return 0
        gain = percent_of(u.max_cp, r.allied_rest_percent if not u.acted else r.allied_line_percent)
    else:
        if (u.max_cp - u.cp) * r.german_loss_fraction < u.max_cp:  # has not lost the fraction yet
            return 0
        gain = percent_of(u.max_cp, r.german_percent)
    gain = min(max(gain, 1), u.max_cp - u.cp)
    u.cp += gain
    if u.cadre and u.cp * r.cadre_recovered_fraction >= u.max_cp:
        u.cadre = False
    return gain
