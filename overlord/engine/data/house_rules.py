"""The house rules: rules.toml, every number the rulebook does not print, checked against the charts and the map."""

from __future__ import annotations

from pathlib import Path

from .checks import between, each, one_of
from .models import Charts, MapData, Rules
from .source import Source


def load_rules(root: Path, charts: Charts, map_: MapData, chart_sources: dict[str, Source]) -> Rules:
    src = Source(root / "rules.toml", root).parse_toml()
    rules = src.structure(Rules)
    src.check(("supply", "first_trace_turn"), rules.supply.first_trace_turn, one_of(charts.turns))
    src.check(("german_supply", "fortress_sources"), rules.german_supply.fortress_sources, each(one_of(map_.towns)))
    for level in rules.combat.forced_retreat_odds:
        if charts.strategy_levels.retreats(level):
            raise src.error(("combat", "forced_retreat_odds", str(level)),
                            f"defence level {level} retreats anyway (the Strategy Level chart); give only levels that hold")
    _check_answers(rules, charts, chart_sources)
    return rules


def _check_answers(rules: Rules, charts: Charts, chart_sources: dict[str, Source]) -> None:
    """A number answered to a prompt is at most rules.answers.largest_number: the Interdiction chart
    covers every number of air points one may answer, and the suggested allocations can be answered."""
    largest = rules.answers.largest_number
    rows = charts.interdiction.rows
    if rows[-1].points.high != largest:
        raise chart_sources["interdiction"].error(("rows",), f"rows must cover 0 to {largest} air points")
    chart_sources["suggested_allocation"].check(("allocated_for",), charts.suggested_allocation.allocated_for,
                                                each(each(between(0, largest))))
