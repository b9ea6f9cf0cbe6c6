"""The rulebook's charts: charts/*.toml, a typed section per file, checked against each other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .checks import keys, one_of
from .models import (AlliedForcesChart, AmphibiousSupplyChart, BombardmentChart, Charts, CombatResultsChart,
                     CombatSupplyChart, FuelChart, GeneralSupplyChart, InfiltrationChart, InterdictionChart,
                     OptionalRulesChart, RatingSet, StrategyLevelsChart, SuggestedAllocationChart, TerrainChart,
                     TransportChart, TurnsChart, VictoryConditionsChart, VictoryPointsChart, WeatherChart)
from .source import Source

# Each chart file and its section of Charts (turns.toml gives Charts its turns, dates and scenarios).
CHART_FILES: dict[str, type] = {
    "turns": TurnsChart,
    "transport": TransportChart,
    "weather": WeatherChart,
    "fuel": FuelChart,
    "general_supply": GeneralSupplyChart,
    "amphibious_supply": AmphibiousSupplyChart,
    "combat_supply": CombatSupplyChart,
    "bombardment": BombardmentChart,
    "infiltration": InfiltrationChart,
    "combat_results": CombatResultsChart,
    "strategy_levels": StrategyLevelsChart,
    "victory_points": VictoryPointsChart,
    "victory_conditions": VictoryConditionsChart,
    "suggested_allocation": SuggestedAllocationChart,
    "terrain": TerrainChart,
    "interdiction": InterdictionChart,
    "difficulty": dict[str, RatingSet],
    "optional_rules": OptionalRulesChart,
    "allied_forces": AlliedForcesChart,
}


def chart_sources(root: Path) -> dict[str, Source]:
    return {name: Source(root / "charts" / f"{name}.toml", root).parse_toml() for name in CHART_FILES}


def load_charts(root: Path) -> tuple[Charts, dict[str, Source]]:
    """Every chart, and the file each came from (for checks against the other data files)."""
    src = chart_sources(root)
    sections: dict[str, Any] = {name: src[name].structure(cls) for name, cls in CHART_FILES.items()}
    calendar: TurnsChart = sections.pop("turns")
    charts = Charts(turns=calendar.turns, dates=calendar.dates, scenarios=calendar.scenarios, **sections)
    _check_turns(src, charts)
    return charts, src


def _check_turns(src: dict[str, Source], c: Charts) -> None:
    """The charts by turn name the turns of the calendar: every turn but the last has transport and
    weather; a weather the forecast allows has a transport range."""
    play_turns = c.turns[:-1]
    src["transport"].check(("ranges",), c.transport.ranges, keys(play_turns))
    src["weather"].check(("probability",), c.weather.probability, keys(play_turns))
    for turn, chances in c.weather.probability.items():
        for weather, chance in chances.items():
            if chance > 0 and c.transport.ranges[turn][weather] is None:
                raise src["weather"].error(("probability", turn, weather), f"{weather} weather is possible on {turn} "
                                                                           "but the transport chart has no range for it")
    src["victory_points"].check(("german_ocean_side", "first_turn"), c.victory_points.german_ocean_side.first_turn,
                                one_of(c.turns))
    src["victory_conditions"].check(("minimum_score",), c.victory_conditions.minimum_score, keys(c.scenarios))
    src["suggested_allocation"].check(("allocated_for",), c.suggested_allocation.allocated_for,
                                      keys(c.turns, exactly=False))
