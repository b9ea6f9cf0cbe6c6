"""Logistics: weather, transport, the pools, upkeep, supply lines, fatigue (rulebook, Logistics)."""

import pytest

from overlord.engine import logistics, supply, fatigue
from overlord import words
from overlord.engine.events import LogisticsReport
from overlord.engine.game import Game
from overlord.engine.state import Allocation

from builders import blank_game, computer_settings, put
from helpers import play


def test_transport_draws_stay_in_every_printed_range():
    g = blank_game()
    for turn, row in g.data.charts.transport.ranges.items():
        g.state.turn = g.turn_of(turn)
        for weather, rng in row.items():
            if rng is None:
                continue
            draws = [logistics.transport_capacity(g, weather) for _ in range(60)]
            assert all(rng[0] <= d <= rng[1] for d in draws), (turn, weather)
            assert len(set(draws)) > 10  # a real spread, not a constant


def test_transport_rating_and_human_german_scale_the_draw():
    lo, hi = 1460, 1566
    from overlord.engine.settings import Ratings
    for rating, factor in ((1, 0.68), (5, 1.0), (9, 1.32)):
        g = blank_game(turn=1, ratings=Ratings(transport=rating))
        draws = [logistics.transport_capacity(g, "clear") for _ in range(50)]
        assert all(round(lo * factor) - 1 <= d <= round(hi * factor) + 1 for d in draws), rating
    g = blank_game(turn=1, german_player="human")
    draws = [logistics.transport_capacity(g, "clear") for _ in range(50)]
    assert all(round(lo * 1.08) - 1 <= d <= round(hi * 1.08) + 1 for d in draws)


def test_a_destroyed_marker_cuts_transport():
    g = blank_game(turn=1)
    g.state.beaches["Omaha"].marker_intact = False
    draws = [logistics.transport_capacity(g, "clear") for _ in range(50)]
    assert all(round(1460 * 0.85) - 1 <= d <= round(1566 * 0.85) + 1 for d in draws)


def test_weather_frequencies_match_the_forecast_chart():
    g = blank_game()
    for turn in ("D-Day", "6/8", "6/20"):
        g.state.turn = g.turn_of(turn)
        n = 20000
        counts = dict.fromkeys(("clear", "cloudy", "overcast", "storm"), 0)
        for _ in range(n):
            counts[logistics.draw_weather(g)] += 1
        for w, pct in g.data.charts.weather.probability[turn].items():
            # binomial standard error is at most 0.35%; allow four of them
            assert abs(counts[w] / n * 100 - pct) < 1.5, (turn, w, counts[w] / n)


def test_weather_percent_compares_with_the_average():
    g = blank_game()
    g.state.weather_history = {"D-Day": "clear", "6/6": "clear", "6/8": "clear"}
    good = logistics.weather_percent(g)
    g.state.weather_history = {"D-Day": "cloudy", "6/6": "storm", "6/8": "overcast"}
    bad = logistics.weather_percent(g)
    assert good > 0 > bad
    g.state.weather_history = {}
    assert logistics.weather_percent(g) == 0
    # D-Day clear: 738 against 0.52 x 738 + 0.48 x 664 = 702.5, so +5%
    g.state.weather_history = {"D-Day": "clear"}
    assert logistics.weather_percent(g) == 5


def test_fuel_expenditure_worked_examples():
    g = blank_game()
    put(g, "us-1-inf", (12, 8))
    assert logistics.fuel_cost(g, "us-1-inf", 1) == 10  # infantry, 100 CP
    assert logistics.fuel_cost(g, "us-1-inf", 4) == 40
    put(g, "bc-8-armbde", (15, 8))
    assert logistics.fuel_cost(g, "bc-8-armbde", 2) == 11  # 10.5, rounded half up
    assert logistics.fuel_cost(g, "bc-8-armbde", 3) == 16  # 15.75
    g.unit("us-1-inf").cp = 50
    assert logistics.fuel_cost(g, "us-1-inf", 3) == 15  # half strength pays half
    put(g, "us-2-arm", (10, 9))
    assert logistics.fuel_cost(g, "us-2-arm", 1) == 18  # 15 x 120 / 100
    put(g, "de-21-pz", (17, 9))
    assert logistics.fuel_cost(g, "de-21-pz", 5) == 0  # the German does not draw on the Allied pools


def test_general_supply_worked_examples():
    g = blank_game()
    put(g, "us-1-inf", (12, 8))
    assert logistics.general_supply_cost(g, "us-1-inf") == 25  # a quarter out of enemy ZOC
    put(g, "de-352-inf", (12, 9))  # next to it
    assert logistics.general_supply_cost(g, "us-1-inf") == 50  # a half inside it
    put(g, "bc-8-armbde", (16, 7))
    assert logistics.general_supply_cost(g, "bc-8-armbde") == 9  # 35 / 4 = 8.75
    # the estimate a planner uses adds the needs before rounding
    assert logistics.upkeep_estimate(g, ["us-1-inf", "bc-8-armbde"]) == 50 + 8.75


def test_supply_range_and_the_first_traced_turn():
    g = blank_game()
    markers = [b.marker for b in g.data.map.beaches if b.name == "Omaha"]
    marker = markers[0]
    rng = g.data.rules.supply.range
    far = next(h for h in g.data.map.grid.positions() if supply.source_distance(h, markers) == rng + 1)
    near = next(h for h in g.data.map.grid.positions() if supply.source_distance(h, markers) == rng)
    assert supply.within_supply_range(g, near, markers) and not supply.within_supply_range(g, far, markers)
    assert supply.source_distance(marker, []) is None
    first = g.turn_of(g.data.rules.supply.first_trace_turn)
    assert not supply.traced_on(g, first - 1) and supply.traced_on(g, first)


def test_combat_supply_every_cell_and_scaling():
    g = blank_game()
    c = g.data.charts.combat_supply.rows
    for d in range(1, 10):
        for a in range(1, 10):
            assert logistics.combat_supply_cost(g, a, d, 100) == c[d - 1][a - 1]
            assert logistics.combat_supply_cost(g, a, d, 200) == 2 * c[d - 1][a - 1]
    assert logistics.combat_supply_cost(g, 5, 5, 50) == 32  # 63 / 2 = 31.5 -> 32
    assert logistics.combat_supply_cost(g, 9, 9, 35) == 71  # 203 x 0.35 = 71.05


def test_amphibious_cost_equals_combat_points():
    g = blank_game()
    assert logistics.amphibious_cost(g, "us-1-inf") == 100
    assert logistics.amphibious_cost(g, "bc-1-cdo") == 25


def test_the_pools_fill_per_last_turns_allocation_and_upkeep_is_paid():
    g = blank_game(turn=2)
    g.state.allocation = Allocation(40, 30, 20, 10)
    put(g, "us-1-inf", (12, 7))
    put(g, "us-29-inf", (11, 7))
    put(g, "de-352-inf", (12, 8))  # us-1 (12,7) and us-29 (11,7) are next to it
    g.state.pools.general = 0
    events = []
    logistics.start_turn(g, events)
    report = next(e for e in events if isinstance(e, LogisticsReport))
    t = report.transport
    assert report.arrived == {"fuel": round(t * 0.4), "general": round(t * 0.3), "combat": round(t * 0.2),
                              "amphibious": round(t * 0.1)}
    assert report.upkeep == 50 + 50
    assert g.state.pools.general == report.arrived["general"] - 100
    assert g.state.pools.fuel == report.arrived["fuel"]


def test_dday_allocation_is_preplanned_all_amphibious():
    g = Game.new(computer_settings(), seed=4)
    play(g, stop=lambda game: game.state.phase not in ("questions", "airborne"))
    p = g.state.pools
    initial = g.data.rules.dday.initial_pools
    assert p.amphibious == g.state.transport + initial["amphibious"] and p.fuel == p.general == 0
    assert p.combat == initial["combat"] == 300  # the assault's own ammunition, loaded with it (rules edition 2)
    assert 641 <= g.state.transport <= 764


def test_supply_lines_chain_through_depots_by_nation():
    g = blank_game(turn=2)
    # Omaha's marker is at (11,4). A US unit 3 away is in supply, 4 away is not.
    put(g, "us-1-inf", (12, 7))  # distance 3 from (11,4)
    put(g, "us-29-inf", (12, 8))  # distance 4
    out, _ = supply.trace(g)
    assert g.unit("us-1-inf").in_supply and not g.unit("us-29-inf").in_supply
    # a US depot 3 from the marker extends the line; a second depot chains it further
    put(g, "us-depot-1", (11, 7))
    put(g, "us-depot-2", (11, 10))
    put(g, "us-2-inf", (11, 11))
    supply.trace(g)
    assert g.unit("us-29-inf").in_supply
    assert g.unit("us-2-inf").in_supply  # 1 from depot-2, which is 3 from depot-1


def test_british_units_do_not_draw_on_us_beaches_or_depots():
    g = blank_game(turn=2)
    put(g, "us-depot-1", (11, 7))
    put(g, "bc-50-inf", (10, 8))  # next to a US depot, far from British markers
    supply.trace(g)
    assert not g.unit("bc-50-inf").in_supply
    put(g, "bc-3-inf", (16, 6))  # 2 from Juno and Sword markers
    supply.trace(g)
    assert g.unit("bc-3-inf").in_supply


def test_a_destroyed_marker_no_longer_supplies():
    g = blank_game(turn=2)
    put(g, "us-4-inf", (7, 5))  # 2 from Utah's marker (8,3), 4 from Omaha's
    supply.trace(g)
    assert g.unit("us-4-inf").in_supply
    g.state.beaches["Utah"].marker_intact = False
    supply.trace(g)
    assert not g.unit("us-4-inf").in_supply


def test_everyone_is_in_supply_before_june_8():
    g = blank_game(turn=1)
    put(g, "us-82-abn", (5, 9))
    supply.trace(g)
    assert g.unit("us-82-abn").in_supply


def test_a_unit_cut_off_decays_and_scores_half_points_for_the_german():
    g = blank_game(turn=3)
    put(g, "us-82-abn", (5, 9), fatigue=0)
    cp0 = g.unit("us-82-abn").cp
    events = []
    logistics.start_turn(g, events)
    u = g.unit("us-82-abn")
    assert not u.in_supply and u.cp == cp0 - 7 and u.fatigue == 10
    assert g.state.tally.allied_supply_casualties == 7 and g.state.tally.allied_casualties == 0
    for _ in range(3):
        g.state.turn += 1
        logistics.start_turn(g, [])
    assert g.unit("us-82-abn").cp < cp0 - 20


def test_units_deprived_of_general_supply_lose_strength_and_gain_fatigue():
    g = blank_game(turn=3)
    put(g, "us-1-inf", (11, 6))
    g.state.allocation = Allocation(100, 0, 0, 0)  # nothing for general supply
    logistics.start_turn(g, [])
    u = g.unit("us-1-inf")
    assert u.in_supply and not u.general_supplied
    assert u.cp == 90 and u.fatigue == 10


def test_german_supply_is_cut_by_encirclement_and_kept_by_cherbourg():
    g = blank_game(turn=3)
    put(g, "de-709-inf", (5, 2))
    put(g, "de-91-inf", (12, 10))
    # a wall of Allied units across the Cotentin cuts the north off from the south edge
    for uid, h in (("us-4-inf", (1, 4)), ("us-1-inf", (3, 4)), ("us-29-inf", (5, 4)), ("us-2-inf", (7, 4))):
        put(g, uid, h)
    supply.trace_german(g)
    assert not g.unit("de-709-inf").in_supply and g.unit("de-91-inf").in_supply
    put(g, "de-243-inf", g.data.map.towns["Cherbourg"])
    supply.trace_german(g)
    assert g.unit("de-709-inf").in_supply  # Cherbourg's fortress stores, while a German holds it


def test_the_logistics_report_names_the_german_units_cut_off_and_what_they_lost():
    """German units cut off lost CP, each a point to the Allies, and the report never said so (only the Allied
    units beyond supply lines)."""
    from overlord.engine.events import LogisticsReport
    from overlord.tui.reporting import logistics_text
    g = blank_game(turn=3)
    put(g, "de-709-inf", (5, 2), fatigue=0)
    for uid, h in (("us-4-inf", (1, 4)), ("us-1-inf", (3, 4)), ("us-29-inf", (5, 4)), ("us-2-inf", (7, 4))):
        put(g, uid, h)
    cp0 = g.unit("de-709-inf").cp
    casualties0 = g.state.tally.german_casualties
    events = []
    logistics.start_turn(g, events)
    report = next(e for e in events if isinstance(e, LogisticsReport))
    lost = cp0 - g.unit("de-709-inf").cp
    assert lost > 0 and report.german_cut_off == ("de-709-inf",) and report.german_attrition == lost
    assert g.state.tally.german_casualties - casualties0 == lost
    name = g.spec("de-709-inf").name
    assert (f"German units cut off from supply: {name}; they lost {lost} CP ({lost} points to the Allies) and fight "
            "at 50% strength while cut off") in logistics_text(report, g.data).plain


def test_effectiveness_and_strategy_limits():
    g = blank_game()
    put(g, "us-1-inf", (12, 8), leadership=5, fatigue=0)
    u = g.unit("us-1-inf")
    assert fatigue.effectiveness(g, u) == pytest.approx(0.80)
    assert fatigue.max_strategy_level(g, u) == 9
    u.fatigue = 75
    assert fatigue.effectiveness(g, u) == pytest.approx(0.40)
    assert fatigue.max_strategy_level(g, u) == 4  # 50 points over the 25 free at leadership 5
    u.leadership = 9
    assert fatigue.max_strategy_level(g, u) == 6


def test_resting_units_recover_and_get_replacements():
    g = blank_game(turn=3)
    put(g, "us-1-inf", (11, 6), cp=60, fatigue=50, acted=False)
    put(g, "us-29-inf", (10, 6), cp=60, fatigue=50, acted=True)
    put(g, "de-352-inf", (17, 10), cp=50, fatigue=40, acted=False)
    put(g, "de-21-pz", (16, 10), cp=100, fatigue=40, acted=False)
    logistics.start_turn(g, [])
    rested, worked = g.unit("us-1-inf"), g.unit("us-29-inf")
    assert rested.fatigue == 20 and worked.fatigue == 40
    assert rested.cp == 70 and worked.cp == 63
    assert g.unit("de-352-inf").cp == 55  # lost more than a third: limited replacements
    assert g.unit("de-21-pz").cp == 100  # lost less than a third: none


def test_a_headless_game_fills_and_spends_the_pools_turn_by_turn():
    g = Game.new(computer_settings(), seed=8)
    play(g)
    hist = g.state.history
    assert all(h.transport > 0 for h in hist[:-1]) and hist[-1].transport == 0
    # with nothing landing or moving, the pools only grow by each turn's transport
    for before, after in zip(hist, hist[1:-1]):
        assert after.pools.amphibious > before.pools.amphibious


@pytest.mark.parametrize("seed", [1, 4])
def test_every_pool_change_in_a_real_game_is_accounted_for_by_the_charts(seed):
    """Historical Allied against the German AI: after every action, each pool has moved by exactly what the
    events say arrived, was brought ashore or was spent, and each of those is the chart's figure."""
    from overlord.ai import make_player
    from overlord.engine.events import AssaultBegun, CombatResult, Landed, UnitMoved
    from overlord.engine.util import percent_of, round_half_up
    g = Game.new(computer_settings(), seed)
    players = {"allied": make_player("historical", "allied", seed), "german": make_player("ai", "german", seed)}
    charts, r = g.data.charts, g.data.rules.landing_supply
    seen = {"transport": 0, "landing": 0, "move": 0, "combat": 0, "upkeep": 0}
    while not g.over:
        pools = g.state.pools.as_dict()
        cp = {uid: u.cp for uid, u in g.state.units.items()}
        events = g.apply(players[g.prompt.side].choose(g))
        delta = dict.fromkeys(pools, 0)
        for e in events:
            if isinstance(e, LogisticsReport):
                alloc = logistics.allocation_for_turn(g).as_dict()  # the turn's, now under way
                assert e.arrived == {c: percent_of(e.transport, alloc[c]) for c in pools}, e.turn
                for c in pools:
                    delta[c] += e.arrived[c]
                delta["general"] -= e.upkeep
                seen["transport"] += e.transport > 0
                seen["upkeep"] += e.upkeep > 0
            elif isinstance(e, AssaultBegun) or (isinstance(e, Landed) and not e.rounds):
                # the pools move as the unit crosses: with the landing, or before a fight for the beach
                assert e.amphibious == cp[e.unit] * charts.amphibious_supply.per_combat_point
                delta["amphibious"] -= e.amphibious
                crossed = cp[e.unit]
                if not g.spec(e.unit).is_depot:
                    assert e.brought == {"fuel": round_half_up(crossed * r.fuel),
                                         "general": round_half_up(crossed * r.general),
                                         "combat": round_half_up(crossed * r.combat)}
                for c, n in e.brought.items():
                    delta[c] += n
                seen["landing"] += 1
            elif isinstance(e, UnitMoved) and e.cost and g.side_of(e.unit) == "allied":
                assert e.fuel == logistics.fuel_cost(g, e.unit, e.cost)
                delta["fuel"] -= e.fuel
                seen["move"] += 1
            elif isinstance(e, CombatResult):
                allied_attack = g.side_of(e.attackers[0]) == "allied"
                fighting = sum(cp[a] for a in e.attackers) if allied_attack else cp[e.defender]
                cell = logistics.combat_supply_cost(g, e.attack_level, e.defence_level, fighting)
                assert e.combat_supply == min(cell, pools["combat"] + delta["combat"])
                delta["combat"] -= e.combat_supply
                seen["combat"] += 1
        after = g.state.pools.as_dict()
        assert {c: after[c] - pools[c] for c in pools} == delta, [words.line(e, g.data) for e in events]
    assert all(n > 5 for n in seen.values()), seen


def test_german_replacements_begin_when_a_third_is_lost():
    g = blank_game(turn=3)
    full = g.unit("de-352-inf").max_cp
    third = -(-full // 3)  # a third of full strength, rounded up: the least loss that is "a third or more"
    put(g, "de-352-inf", (17, 10), cp=full - third, acted=False)
    put(g, "de-716-inf", (15, 10), cp=g.unit("de-716-inf").max_cp - (g.unit("de-716-inf").max_cp // 3 - 1), acted=False)
    before = g.unit("de-716-inf").cp
    logistics.start_turn(g, [])
    assert g.unit("de-352-inf").cp > full - third
    assert g.unit("de-716-inf").in_supply and g.unit("de-716-inf").cp == before  # lost less than a third: none


def test_a_unit_landed_at_the_other_nations_beach_is_beyond_supply_lines():
    g = blank_game(turn=3)
    put(g, "bc-50-inf", (8, 4))  # a British division at Utah
    put(g, "us-1-inf", (17, 6))  # a US division at Sword
    put(g, "us-29-inf", (11, 5))  # and one at home, at Omaha
    assert set(supply.allied_out_of_supply(g)) == {"bc-50-inf", "us-1-inf"}
