"""docs/rules.md restates the numbers of data/rules.toml (and of a few charts) in its sentences: each sentence that
does is listed here with the setting it restates, so that changing a number in data/ without the doc fails here
(issue 30). A sentence is found in the doc with its whitespace folded and its case ignored; {} stands for the
data's number, written as the doc writes it."""

from pathlib import Path

import pytest

from overlord.engine.data import cached_data

ROOT = Path(__file__).resolve().parents[1]
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
TIMES = {1: "once", 2: "twice"}
PARTS = {2: "half", 3: "a third", 4: "a quarter"}  # 1/n


def _n(value: float) -> str:
    """A number as the doc writes it: 3 for 3.0, 0.25 for 0.25."""
    return f"{value:g}"


def _away(percent: int, base: float = 100) -> tuple[str, str]:
    """A rating's effect at 1 and at 9, four points either side of the historical 5: base x (1 -+ 4 x percent%)."""
    return _n(base * (100 - 4 * percent) / 100), _n(base * (100 + 4 * percent) / 100)


def _effectiveness(d, leadership: int, fatigue: float) -> float:
    e = d.rules.effectiveness
    return (e.base + e.per_leadership * leadership) * (1 - fatigue / e.fatigue_divisor)


# (the doc's words, with {} for each number; the numbers, from the data)
RESTATED = [
    # the ratings (rules.toml [ratings])
    ("What each rating does ({} is historical, German leadership {})",
     lambda d: (d.rules.ratings.historical["combat_points"], d.rules.ratings.historical["leadership"])),
    ("by 1 + {}% x (transport rating - 5) (rating 1 gives {}% of the chart, 9 gives {}%)",
     lambda d: (d.rules.ratings.transport_percent, *_away(d.rules.ratings.transport_percent))),
    ("German units' CP x (1 + {}% per point) | German CP x {} | x {} |",
     lambda d: (d.rules.ratings.combat_points_percent, *_away(d.rules.ratings.combat_points_percent, base=1))),
    ("transport each turn x (1 + {}% per point) | {}% of the chart | {}% |",
     lambda d: (d.rules.ratings.transport_percent, *_away(d.rules.ratings.transport_percent))),
    ("air points each turn (interdiction and air support) x (1 + {}% per point) | {} x {} = {} at 1 ({} at 5) | {} |",
     lambda d: (d.rules.ratings.airpower_percent, d.rules.support.air_points,
                _away(d.rules.ratings.airpower_percent, base=1)[0],
                _away(d.rules.ratings.airpower_percent, base=d.rules.support.air_points)[0],
                d.rules.support.air_points, _away(d.rules.ratings.airpower_percent, base=d.rules.support.air_points)[1])),
    ("naval points each turn and the pre-landing bombardment x (1 + {}% per point) | {} ({} at 5) | {} |",
     lambda d: (d.rules.ratings.naval_percent, _away(d.rules.ratings.naval_percent, base=d.rules.support.naval_points)[0],
                d.rules.support.naval_points,
                _away(d.rules.ratings.naval_percent, base=d.rules.support.naval_points)[1])),
    ("coastal defence units' CP x (1 + {}% per point) | {}% (Omaha {}) | {}% (Omaha {}) |",
     lambda d: (d.rules.ratings.coastal_defence_percent, *(value for pair in zip(
         _away(d.rules.ratings.coastal_defence_percent),
         _away(d.rules.ratings.coastal_defence_percent, base=d.units["de-coast-omaha"].cp)) for value in pair))),
    ("every German reinforcement {} a turn later per point",
     lambda d: (PARTS[round(1 / d.rules.ratings.reinforcement_turns_per_point)],)),
    ("the reinforcement rating moves every arrival {} a turn per point from 5",
     lambda d: (PARTS[round(1 / d.rules.ratings.reinforcement_turns_per_point)],)),
    # the answer N (rules.toml [setup])
    ("the Campaign Game against the computer German, historical ratings, display delay {},",
     lambda d: (d.rules.setup.default_display_delay,)),
    # D-Day ([dday], [landing_supply])
    ("and {} amphibious points more stand ready in the pools", lambda d: (d.rules.dday.initial_pools["amphibious"],)),
    ("cloudy, plus the {})", lambda d: (d.rules.dday.initial_pools["amphibious"],)),
    ("The {} is the stock that keeps both ends", lambda d: (d.rules.dday.initial_pools["amphibious"],)),
    ("the assault's own ammunition, {} points, is in the combat pool on June 6",
     lambda d: (d.rules.dday.initial_pools["combat"],)),
    ("combat pool starts with the assault's own {} points", lambda d: (d.rules.dday.initial_pools["combat"],)),
    ("per CP landed, {} fuel, {} general and {} combat supply go into the pools (a 100 CP division brings {}, {} and {})",
     lambda d: (*(_n(x) for x in (d.rules.landing_supply.fuel, d.rules.landing_supply.general,
                                  d.rules.landing_supply.combat)),
                *(_n(100 * x) for x in (d.rules.landing_supply.fuel, d.rules.landing_supply.general,
                                        d.rules.landing_supply.combat)))),
    ("and the formations' {} each come on top", lambda d: (_n(100 * d.rules.landing_supply.combat),)),
    # transport, supply lines ([transport], [supply], [german_supply])
    ("and by -{}% for each destroyed beachhead marker", lambda d: (d.rules.transport.marker_destroyed_percent,)),
    ("stops supplying, and transport falls by {}%", lambda d: (d.rules.transport.marker_destroyed_percent,)),
    ("(no landings, no supply from it) and {}% of each turn's transport",
     lambda d: (d.rules.transport.marker_destroyed_percent,)),
    ("Supply lines** are traced at the start of each turn from June {}",
     lambda d: (d.rules.supply.first_trace_turn.split("/")[1],)),
    ("An Allied unit is in supply within {} positions of an intact beachhead marker", lambda d: (d.rules.supply.range,)),
    ("a depot is in supply within {} of a marker", lambda d: (d.rules.supply.range,)),
    ("a unit beyond supply lines loses {}% of its CP (at least 1) and gains {} fatigue each turn",
     lambda d: (d.rules.supply.out_of_supply_cp_percent, d.rules.supply.out_of_supply_fatigue)),
    ("not pay loses {}% and gains {} fatigue",
     lambda d: (d.rules.supply.no_general_supply_cp_percent, d.rules.supply.no_general_supply_fatigue)),
    ("A German unit out of supply loses {}% of its CP and gains {} fatigue each turn",
     lambda d: (d.rules.german_supply.out_of_supply_cp_percent, d.rules.german_supply.out_of_supply_fatigue)),
    ("cannot attack, and fights at {} strength",
     lambda d: (PARTS[round(100 / d.rules.german_supply.out_of_supply_strength_percent)],)),
    ("A German defender out of supply fights at {} strength",
     lambda d: (PARTS[round(100 / d.rules.german_supply.out_of_supply_strength_percent)],)),
    ("they enter at the nearest free edge position within {},", lambda d: (WORDS[d.rules.reinforcements.entry_detour],)),
    # fatigue, effectiveness, limits, replacements ([fatigue], [effectiveness], [strategy_limits], [replacements])
    ("Fatigue** (0-{}) rises by {} per movement point spent, by {} x the attack level for each attack",
     lambda d: (d.rules.fatigue.max, d.rules.fatigue.per_movement_point, d.rules.fatigue.attack_per_level)),
    ("and by {} for a retreat. Each turn it falls by {}, by {} more for a unit that neither moved nor fought the turn "
     "before, and by {} more again",
     lambda d: (d.rules.fatigue.retreat, d.rules.fatigue.recovery_per_turn, d.rules.fatigue.rest_recovery,
                d.rules.fatigue.rear_recovery)),
    ("Fatigue** from combat: {} x the attack level for each attacker", lambda d: (d.rules.fatigue.attack_per_level,)),
    ("Retreating costs no movement points and adds {} fatigue", lambda d: (d.rules.fatigue.retreat,)),
    ("Effectiveness** = ({} + {} x leadership) x (1 - fatigue / {}), at least {}%: leadership 5 and no fatigue gives "
     "{}%, leadership 7 gives {}%, and {} fatigue halves it",
     lambda d: (_n(d.rules.effectiveness.base), _n(d.rules.effectiveness.per_leadership),
                _n(d.rules.effectiveness.fatigue_divisor), _n(100 * d.rules.effectiveness.minimum),
                _n(round(100 * _effectiveness(d, 5, 0))), _n(round(100 * _effectiveness(d, 7, 0))),
                _n(d.rules.effectiveness.fatigue_divisor / 2))),
    ("less one for every {} points of fatigue above {} x its leadership (leadership 5: no limit up to {} fatigue; at "
     "75 fatigue, level {} at most)",
     lambda d: (d.rules.strategy_limits.fatigue_per_level, d.rules.strategy_limits.free_fatigue_per_leadership,
                5 * d.rules.strategy_limits.free_fatigue_per_leadership,
                9 - (75 - 5 * d.rules.strategy_limits.free_fatigue_per_leadership)
                // d.rules.strategy_limits.fatigue_per_level)),
    ("gets {}% of its full CP back each turn if it rested the turn before, {}% otherwise. A German unit in supply that "
     "has lost {} or more of its strength gets {}% a turn; a cadre back to {} of its strength",
     lambda d: (d.rules.replacements.allied_rest_percent, d.rules.replacements.allied_line_percent,
                PARTS[d.rules.replacements.german_loss_fraction], d.rules.replacements.german_percent,
                PARTS[d.rules.replacements.cadre_recovered_fraction])),
    # airborne drops ([airborne])
    ("{} the time (`airborne.drift_chance`) a division drifts 1 or {} positions (`drift_max`)",
     lambda d: (PARTS[round(100 / d.rules.airborne.drift_chance)], d.rules.airborne.drift_max)),
    ("with {}% of its CP lost (sticks dropped into the sea)", lambda d: (d.rules.airborne.water_loss_percent,)),
    ("Coming down in a swamp costs {}% of its CP", lambda d: (d.rules.airborne.swamp_loss_percent,)),
    ("a drifted drop starts with {} fatigue, and one that lands next to the enemy {} more",
     lambda d: (d.rules.airborne.scattered_fatigue, d.rules.airborne.enemy_fatigue)),
    # air and naval support ([support], [answers]; the Interdiction and Transport charts)
    ("an air budget: {} points at airpower 5, {}% more or less per rating point, times the weather (clear {}%, cloudy "
     "{}%, overcast {}%, storm {}%), and {}% more against a human German. The naval budget is {} points at naval power "
     "5, {}% per point, {} in a storm, +{}% against a human German",
     lambda d: (d.rules.support.air_points, d.rules.ratings.airpower_percent,
                *(d.rules.support.weather_percent[w] for w in ("clear", "cloudy", "overcast", "storm")),
                d.charts.transport.human_german.air_naval_percent, d.rules.support.naval_points,
                d.rules.ratings.naval_percent, "halved" if d.rules.support.naval_weather_percent["storm"] == 50 else "",
                d.charts.transport.human_german.air_naval_percent)),
    ("flies 00-{} of the air points on interdiction", lambda d: (d.rules.answers.largest_number,)),
    ("Cloudy weather takes {}% of them, overcast {}%, and none fly in a storm",
     lambda d: (d.charts.interdiction.weather_percent_reduction["cloudy"],
                d.charts.interdiction.weather_percent_reduction["overcast"])),
    ("and air points, 00-{} each", lambda d: (d.rules.answers.largest_number,)),
    # movement and landings ([movement], [landing]; the Infiltration chart)
    ("{} cycles, then the phase ends", lambda d: (WORDS[d.rules.movement.max_cycles],)),
    ("up to {} moves a phase", lambda d: (d.rules.movement.ocean_steps,)),
    ("+{} for entering a position next to an enemy unit, which ends the unit's movement; +{} instead for moving from "
     "next-to-enemy to next-to-enemy",
     lambda d: (d.charts.infiltration.enter_enemy_zoc_cost, d.charts.infiltration.infiltration_cost)),
    ("Allied armoured divisions {}% (no other Allied unit may try); a human German's mechanised units {}% and infantry "
     "{}%; a computer German's {}% and {}%",
     lambda d: (d.charts.infiltration.chance.allied_armoured, d.charts.infiltration.chance.human_german_mechanised,
                d.charts.infiltration.chance.human_german_infantry,
                d.charts.infiltration.chance.computer_german_mechanised,
                d.charts.infiltration.chance.computer_german_infantry)),
    ("a beach is cleared once {} CP have landed there", lambda d: (d.rules.landing.cleared_cp,)),
    ("only a unit that fought should count towards the beach's {} CP", lambda d: (d.rules.landing.cleared_cp,)),
    ("When {} CP have landed, what is left of the defence is overrun", lambda d: (d.rules.landing.cleared_cp,)),
    ("Each round costs {} movement point", lambda d: (d.rules.landing.round_cost,)),
    ("Assaulting a beach they count {} times their strength (`landing.assault_troops_strength`",
     lambda d: (WORDS[round(d.rules.landing.assault_troops_strength)],)),
    ("Coastal units are {} CP (Utah), {} (Omaha) and {} (Gold, Juno, Sword) at coastal defence 5, {}% more or less per "
     "rating point",
     lambda d: (*(d.units[f"de-coast-{b}"].cp for b in ("utah", "omaha", "gold")),
                d.rules.ratings.coastal_defence_percent)),
    # combat ([combat])
    ("The list is gone through {}, then the phase ends", lambda d: (TIMES[d.rules.combat.passes],)),
    ("(at most {} second combats, so {} attacks, a phase)",
     lambda d: (WORDS[d.rules.combat.max_attacks_per_phase - 1], WORDS[d.rules.combat.max_attacks_per_phase])),
    ("the Allied side fights at {}% + {}% x (the fraction paid) of its strength",
     lambda d: (d.rules.combat.no_combat_supply_strength, 100 - d.rules.combat.no_combat_supply_strength)),
    ("the chart's losses for one attacker in an engagement of {} CP a side", lambda d: (d.rules.combat.base_cp,)),
    ("(odds count at most {}-1)", lambda d: (_n(d.rules.combat.odds_cap),)),
    ("the smaller side's CP / {} (at least {}, at most {})",
     lambda d: (d.rules.combat.base_cp, _n(d.rules.combat.engagement_min), _n(d.rules.combat.engagement_max))),
    ("and the odds reached {} (level 4), {} (5), {} (6, hold at all costs), {} (7), {} (8) or {} (9;",
     lambda d: tuple(_n(d.rules.combat.forced_retreat_odds[level]) for level in range(4, 10))),
    ("refusing costs {}% of its CP, and retreating next to an enemy {}% (at least 1 each)",
     lambda d: (d.rules.combat.refuse_retreat_percent, d.rules.combat.retreat_next_to_enemy_percent)),
    ("becomes a cadre of {}% of its full strength (at least {})",
     lambda d: (d.rules.combat.cadre_percent, d.rules.combat.cadre_minimum)),
    # victory points (the Victory Points chart)
    ("scores its per-turn points (Cherbourg {}, each Caen hex {}, St-Lo {}), and on the final turn of the scenario its "
     "end points too ({}, {}, {} a hex)",
     lambda d: (*(d.charts.victory_points.objectives[o].per_turn for o in ("Cherbourg", "Caen", "St-Lo")),
                *(d.charts.victory_points.objectives[o].final for o in ("Cherbourg", "Caen", "St-Lo")))),
    ("continent-side hex scores its CP / {} x its row",
     lambda d: (d.charts.victory_points.allied_continent_side.cp_divisor,)),
    ("({} per German unit, once per unit, when it first becomes a cadre or is destroyed; {} per Allied unit",
     lambda d: (d.charts.victory_points.eliminated.german_unit, d.charts.victory_points.eliminated.allied_unit)),
    ("lines are {} a point to the German",
     lambda d: (PARTS[round(1 / d.charts.victory_points.casualties.allied_out_of_general_supply)],)),
]


@pytest.fixture(scope="module")
def rules_md() -> str:
    return " ".join((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split()).lower()


@pytest.mark.parametrize("words, numbers", RESTATED, ids=[w[:50] for w, _ in RESTATED])
def test_a_number_the_rules_doc_restates_is_the_datas(rules_md, words, numbers):
    sentence = words.format(*numbers(cached_data()))
    assert " ".join(sentence.split()).lower() in rules_md, f"docs/rules.md does not say: {sentence}"


def test_a_sentence_with_another_number_is_not_found(rules_md):
    # the check has teeth: the doc's sentence with any other number in it is not in the doc
    words, numbers = RESTATED[1]
    rate, *_ = numbers(cached_data())
    assert words.format(rate + 1, *_away(rate + 1)).lower() not in rules_md
