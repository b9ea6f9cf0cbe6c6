"""The loss model behind the Combat Results Resolution chart (docs/rules.md, Combat).

The chart prints attacker/defender losses for one attacker at six odds and
nine strategy pairs whose levels add up to ten. The model reproduces those 54
cells exactly and extends them:

* strategy pairs: the printed row is chosen by how far apart the two levels
  are (|attack - defence| = 0, 2, 4, 6, 8; an odd gap averages its two
  neighbours), and the losses scale with the intensity (attack + defence) / 10,
  so 9 vs 9 is bloodier than 5 vs 5 and 1 vs 1 is a skirmish;
* odds: linear between the printed columns, and beyond them along the slope of
  the nearest two columns (odds above the cap count as the cap), never below 0;
* size: the chart is for an engagement of 100 CP; the losses scale with the
  smaller side's CP / 100, within the bounds in rules.toml;
* then the chart's notes: +10% defender losses per attacking unit beyond one,
  and a random 0-3 added to each side; and the Bombardment Losses chart.
"""

from __future__ import annotations

from .data import Charts
from .rng import Rng
from .util import clamp, round_half_up

_ROW_FOR_GAP = {0: (5, 5), 2: (6, 4), 4: (7, 3), 6: (8, 2), 8: (9, 1)}


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
    cells = charts.combat_results[pair]
    xs = charts.combat_odds_values
    att = _interpolate(xs, [c[0] for c in cells], odds)
    dfn = _interpolate(xs, [c[1] for c in cells], odds)
    return max(0.0, att), max(0.0, dfn)


def base_losses(charts: Charts, attack: int, defence: int, odds: float, odds_cap: float = 10.0) -> tuple[float, float]:
    """Losses for one attacker in a 100 CP engagement, before bombardment and chance."""
    odds = clamp(odds, 0.0, odds_cap)
    gap = abs(attack - defence)
    if gap in _ROW_FOR_GAP:
        att, dfn = _row_losses(charts, _ROW_FOR_GAP[gap], odds)
    else:
        a1, d1 = _row_losses(charts, _ROW_FOR_GAP[gap - 1], odds)
        a2, d2 = _row_losses(charts, _ROW_FOR_GAP[gap + 1], odds)
        att, dfn = (a1 + a2) / 2, (d1 + d2) / 2
    intensity = (attack + defence) / 10.0
    return att * intensity, dfn * intensity


def engagement(rules, attacker_cp: float, defender_cp: float) -> float:
    """The size of the fight against the chart's 100 CP: the smaller side's CP / 100, bounded."""
    r = rules.combat
    return clamp(min(attacker_cp, defender_cp) / r.base_cp, r.engagement_min, r.engagement_max)


def bombardment_row(charts: Charts, points: int):
    for row in charts.bombardment:
        if row[0][0] <= points <= row[0][1]:
            return row
    return charts.bombardment[-1]


def bombardment(charts: Charts, points: int, rng: Rng, german_defender: bool) -> int:
    """Extra German losses (or fewer Allied losses) for the air and naval points, drawn in the chart's range."""
    _, extra, reduction = bombardment_row(charts, points)
    low, high = extra if german_defender else reduction
    return rng.randint(low, high) if high > 0 else 0


def expected_losses(charts: Charts, rules, attack: int, defence: int, odds: float, attackers: int,
                    attacker_cp: float, defender_cp: float) -> tuple[float, float]:
    """Average losses (the random part at its mean), shown before committing."""
    att, dfn = base_losses(charts, attack, defence, odds, rules.combat.odds_cap)
    e = engagement(rules, attacker_cp, defender_cp)
    extra = 1 + charts.extra_attacker_percent / 100 * max(0, attackers - 1)
    mean_random = charts.random_loss_max / 2
    return att * e + mean_random, dfn * e * extra + mean_random


def roll_losses(charts: Charts, rules, rng: Rng, attack: int, defence: int, odds: float, attackers: int,
                attacker_cp: float, defender_cp: float) -> tuple[int, int]:
    """Losses for a combat before bombardment: the model, the extra attackers, the random 0-3 each."""
    att, dfn = base_losses(charts, attack, defence, odds, rules.combat.odds_cap)
    e = engagement(rules, attacker_cp, defender_cp)
    extra = 1 + charts.extra_attacker_percent / 100 * max(0, attackers - 1)
    att_loss = round_half_up(att * e) + rng.randint(0, charts.random_loss_max)
    def_loss = round_half_up(dfn * e * extra) + rng.randint(0, charts.random_loss_max)
    return att_loss, def_loss
