"""The loss model behind the Combat Results Resolution chart (docs/rules.md, Combat).

The chart prints attacker/defender losses for one attacker at each of its odds columns, for the
strategy pairs whose levels add up to the same total. The model reproduces those cells exactly
and extends them:

* strategy pairs: the printed row is chosen by how far apart the two levels are (the printed
  pair with attack at least defence and that gap; an odd gap averages its two neighbours), and
  the losses scale with the intensity (attack + defence) over the printed pairs' total, so 9 vs
  9 is bloodier than 5 vs 5 and 1 vs 1 is a skirmish;
* odds: linear between the printed columns, and beyond them along the slope of the nearest two
  columns (odds above the cap, rules.combat.odds_cap, count as the cap), never below 0;
* size: the chart is for an engagement of rules.combat.base_cp on each side; the losses scale
  with the smaller side's CP over it, within the bounds in rules.toml (a beach's assault is as big as
  the unit landing: ``engaged_cp``, landing.py);
* then the chart's notes: more defender losses for each attacking unit beyond one, and a random
  loss up to the chart's maximum added to each side; and the Bombardment Losses chart.
"""

from __future__ import annotations

from .data import BombardmentRow, Charts, Rules
from .rng import Rng
from .util import clamp, round_half_up


def _interpolate(xs: tuple[float, ...], ys: list[float], x: float) -> float:
    if x <= xs[0]:
        i = 0
    elif x >= xs[-1]:
        i = len(xs) - 2
    else:
        i = next(j for j in range(len(xs) - 1) if xs[j] <= x <= xs[j + 1])
    x0, x1, y0, y1 = xs[i], xs[i + 1], ys[i], ys[i + 1]
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def _row_losses(charts: Charts, pair: tuple[int, int], odds: float) -> tuple[float, float]:
    cells = charts.combat_results.cells[pair]
    xs = charts.combat_results.odds_values
    att = _interpolate(xs, [c[0] for c in cells], odds)
    dfn = _interpolate(xs, [c[1] for c in cells], odds)
    return max(0.0, att), max(0.0, dfn)


def base_losses(charts: Charts, attack: int, defence: int, odds: float, odds_cap: float) -> tuple[float, float]:
    """Losses for one attacker in an engagement of the chart's size, before bombardment and chance;
    odds above ``odds_cap`` (rules.combat.odds_cap) count as the cap."""
    chart = charts.combat_results
    odds = clamp(odds, 0.0, odds_cap)
    gap = abs(attack - defence)
    if gap in chart.row_for_gap:
        att, dfn = _row_losses(charts, chart.row_for_gap[gap], odds)
    else:
        a1, d1 = _row_losses(charts, chart.row_for_gap[gap - 1], odds)
        a2, d2 = _row_losses(charts, chart.row_for_gap[gap + 1], odds)
        att, dfn = (a1 + a2) / 2, (d1 + d2) / 2
    intensity = (attack + defence) / chart.pair_total
    return att * intensity, dfn * intensity


def engagement(rules: Rules, attacker_cp: float, defender_cp: float, engaged_cp: float | None = None) -> float:
    """The size of the fight against the chart's: the smaller side's CP (or ``engaged_cp``, where the fight is
    as big as one side) over rules.combat.base_cp, bounded."""
    r = rules.combat
    size = min(attacker_cp, defender_cp) if engaged_cp is None else engaged_cp
    return clamp(size / r.base_cp, r.engagement_min, r.engagement_max)


def bombardment_row(charts: Charts, points: int) -> BombardmentRow:
    """The Bombardment Losses chart's row for ``points`` (the last row beyond it)."""
    rows = charts.bombardment.rows
    for row in rows:
        if row.points.low <= points <= row.points.high:
            return row
    return rows[-1]


def bombardment(charts: Charts, points: int, rng: Rng, german_defender: bool) -> int:
    """Extra German losses (or fewer Allied losses) for the air and naval points, drawn in the chart's range."""
    row = bombardment_row(charts, points)
    low, high = row.german_extra if german_defender else row.allied_reduction
    return rng.randint(low, high) if high > 0 else 0


def expected_losses(charts: Charts, rules: Rules, attack: int, defence: int, odds: float, attackers: int,
                    attacker_cp: float, defender_cp: float, engaged_cp: float | None = None) -> tuple[float, float]:
    """Average losses (the random part at its mean), shown before committing."""
    chart = charts.combat_results
    att, dfn = base_losses(charts, attack, defence, odds, rules.combat.odds_cap)
    e = engagement(rules, attacker_cp, defender_cp, engaged_cp)
    extra = 1 + chart.extra_attacker_percent / 100 * max(0, attackers - 1)
    mean_random = chart.random_loss_max / 2
    return att * e + mean_random, dfn * e * extra + mean_random


def roll_losses(charts: Charts, rules: Rules, rng: Rng, attack: int, defence: int, odds: float, attackers: int,
                attacker_cp: float, defender_cp: float, engaged_cp: float | None = None) -> tuple[int, int]:
    """Losses for a combat before bombardment: the model, the extra attackers, the random part each."""
    chart = charts.combat_results
    att, dfn = base_losses(charts, attack, defence, odds, rules.combat.odds_cap)
    e = engagement(rules, attacker_cp, defender_cp, engaged_cp)
    extra = 1 + chart.extra_attacker_percent / 100 * max(0, attackers - 1)
    att_loss = round_half_up(att * e) + rng.randint(0, chart.random_loss_max)
    def_loss = round_half_up(dfn * e * extra) + rng.randint(0, chart.random_loss_max)
    return att_loss, def_loss
