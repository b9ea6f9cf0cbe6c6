"""Movement, landings, airborne drops and air interdiction (rulebook, Summary of Game Play II, IV, V)."""

import pytest

from overlord.engine import Answer, EndPhase, FinishUnit, IllegalAction, Interdict, Move
from overlord.engine.actions import ChooseStrategy, ChooseUnit, Support
from overlord import words
from overlord.engine import interdiction, movement, view
from overlord.engine.events import CombatResult, DropResult, Landed, MovesHeldBack, UnitEliminated, UnitMoved
from overlord.engine.game import Game
from overlord.engine.hexgrid import distance, neighbour
from overlord.engine.prompts import DropZonePrompt, InterdictionPrompt, MovePrompt, SupportPrompt
from overlord.engine.state import AFLOAT, ASHORE, ELIMINATED

from builders import blank_game, computer_settings, put, start_phase


def start_movement(g: Game, side: str = "allied") -> list:
    g.state.weather = g.state.weather or "clear"
    events = []
    assert start_phase(g, f"{side}_movement", events)
    return events


def afloat(g: Game, uid: str, hex_) -> None:
    g.place(uid, tuple(hex_), AFLOAT)


def test_terrain_costs_and_fuel_per_movement_point():
    # from Caumont, St-Lo and north of Caen, one step each way: the chart's points (or one more)
    expected = {"clear": 1, "town": 1, "bocage": 3, "swamp": 4, "river": 2, "beach": 2}
    seen = set()
    for i, start in enumerate(((12, 9), (9, 9), (16, 7), (6, 5))):
        for d in range(1, 7):
            g = blank_game(turn=2, seed=10 * i + d)
            g.state.pools.fuel = 10_000
            put(g, "us-1-inf", start)
            target = neighbour(start, d)
            terrain = g.data.map.terrain[target]
            start_movement(g)
            events = g.apply(Move("us-1-inf", d))
            moved = next(e for e in events if isinstance(e, UnitMoved))
            assert moved.cost in (expected[terrain], expected[terrain] + 1), (start, d, terrain)
            assert moved.fuel == moved.cost * 10 == 10_000 - g.state.pools.fuel
            seen.add(terrain)
    assert set(expected) == seen


def test_thirty_percent_chance_of_an_extra_point():
    extras = 0
    n = 600
    for seed in range(n):
        g = blank_game(turn=2, seed=seed)
        g.state.pools.fuel = 1000
        put(g, "us-1-inf", (17, 10))  # clear plain south-east of Caen
        start_movement(g)
        events = g.apply(Move("us-1-inf", 3))
        extras += next(e for e in events if isinstance(e, UnitMoved)).cost - 1
    assert abs(extras / n - 0.30) < 0.06


def test_ocean_moves_cost_nothing_and_never_an_extra_point():
    g = blank_game(turn=0)
    g.state.pools.amphibious = 0
    afloat(g, "us-1-inf", (10, 1))
    start_movement(g)
    for d in (4, 4):
        g.apply(Move("us-1-inf", d))
    u = g.unit("us-1-inf")
    assert u.status == AFLOAT and u.mp == 6 and g.state.pools.fuel == 0
    assert u.ocean_steps == g.data.rules.movement.ocean_steps - 2


def test_moving_next_to_an_enemy_costs_four_more_and_stops():
    g = blank_game(turn=2)
    g.state.pools.fuel = 1000
    put(g, "us-1-inf", (17, 10))
    put(g, "de-21-pz", (19, 10))  # (18,10) is next to it
    start_movement(g)
    events = g.apply(Move("us-1-inf", 3))
    moved = next(e for e in events if isinstance(e, UnitMoved))
    assert moved.cost in (5, 6)  # clear 1 + 4 (+ the chance point)
    u = g.unit("us-1-inf")
    assert u.stopped and u.mp == 0
    assert g.prompt.unit != "us-1-inf" if isinstance(g.prompt, MovePrompt) else True


def test_only_armoured_divisions_may_infiltrate_and_it_costs_eight():
    g = blank_game(turn=2)
    g.state.pools.fuel = 5000
    put(g, "us-1-inf", (17, 10))
    put(g, "de-21-pz", (17, 9))  # the infantry is next to it; so is (18,10)
    start_movement(g)
    p = g.prompt
    assert p.unit == "us-1-inf"
    assert 3 not in p.directions  # (18,10) is next to the enemy too: infiltration, not for infantry
    with pytest.raises(IllegalAction):
        g.apply(Move("us-1-inf", 3))
    chances = []
    for seed in range(300):
        g = blank_game(turn=2, seed=seed)
        g.state.pools.fuel = 5000
        put(g, "us-2-arm", (17, 10))
        put(g, "de-21-pz", (17, 9))
        start_movement(g)
        events = g.apply(Move("us-2-arm", 3))
        moved = [e for e in events if isinstance(e, UnitMoved)]
        u = g.unit("us-2-arm")
        assert u.stopped and u.mp == 0
        if moved:
            assert moved[0].cost in (9, 10)  # clear 1 + 8 (+ chance point)
            assert u.position == (18, 10)
        else:
            assert u.position == (17, 10)  # a failed attempt stays put, movement over
        chances.append(bool(moved))
    assert abs(sum(chances) / len(chances) - 0.90) < 0.06


def test_german_infiltration_chances_by_player():
    for who, mech, inf in (("computer", 80, 70), ("human", 70, 40)):
        g = blank_game(turn=2, german_player=who)
        assert movement.infiltration_chance(g, "de-21-pz") == mech
        assert movement.infiltration_chance(g, "de-352-inf") == inf
    g = blank_game(turn=2)
    assert movement.infiltration_chance(g, "us-2-arm") == 90
    assert movement.infiltration_chance(g, "us-1-inf") == 0


def test_first_step_always_allowed_then_points_are_needed():
    g = blank_game(turn=2)
    g.state.pools.fuel = 5000
    put(g, "us-1-inf", (11, 9))  # bocage all round
    start_movement(g)
    g.apply(Move("us-1-inf", 3))  # (12,9) Caumont: town, 1-2 points
    g.apply(Move("us-1-inf", 3))  # (13,9) Villers-Bocage, 1-2
    u = g.unit("us-1-inf")
    left = u.mp
    p = g.prompt
    assert p.unit == "us-1-inf"
    for d in p.directions:
        target = neighbour(u.position, d)
        assert g.data.charts.terrain[g.data.map.terrain[target]].movement <= left


def test_fuel_stops_a_unit():
    g = blank_game(turn=2)
    g.state.pools.fuel = 15
    put(g, "us-1-inf", (17, 10))
    start_movement(g)
    assert g.prompt.directions  # 10 fuel for a clear position: it can go
    events = g.apply(Move("us-1-inf", 3))
    moved = next(e for e in events if isinstance(e, UnitMoved))
    assert moved.fuel == (10 if moved.cost == 1 else 15)  # the chance point takes what is left
    # with 5 or 0 fuel left nothing can move, so the phase ended at once
    assert any(getattr(e, "phase", "") == "logistics" or getattr(e, "phase", "") == "german_movement" for e in events) \
        or g.state.phase != "allied_movement"
    g2 = blank_game(turn=2)
    g2.state.pools.fuel = 9
    put(g2, "us-1-inf", (17, 10))
    g2.state.phase = "allied_movement"
    assert not movement.legal_directions(g2, "us-1-inf")


def test_five_cycles_then_the_phase_ends_by_itself():
    g = blank_game(turn=2)
    g.state.pools.fuel = 5000
    put(g, "us-1-inf", (17, 10))
    put(g, "us-29-inf", (16, 11))
    start_movement(g)
    cycles = []
    for _ in range(20):
        p = g.prompt
        if not isinstance(p, MovePrompt):
            break
        cycles.append(p.cycle)
        g.apply(FinishUnit(p.unit))
    assert cycles == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert g.state.phase != "allied_movement"


def test_e_ends_the_phase():
    g = blank_game(turn=2)
    g.state.pools.fuel = 100
    put(g, "us-1-inf", (17, 10))
    start_movement(g)
    g.apply(EndPhase())
    assert g.state.phase != "allied_movement"


def _to_marker(g, uid, beach):
    marker = g.data.map.beach(beach).marker
    g.place(uid, marker, AFLOAT)


def fight_ashore(g, events, attack=5, defence=5, support=(0, 0)):
    """Answer a landing's rounds against the coastal defence until it is over; returns every event."""
    while g.state.movement is not None and g.state.movement.assault is not None:
        p = g.prompt
        if isinstance(p, SupportPrompt):
            action = Support(*support)
        else:
            action = ChooseStrategy(min(attack if p.role == "attack" else defence, p.max_level))
        events = events + g.apply(action)
    return events


def test_landing_on_a_cleared_beach_lands_and_keeps_moving():
    g = blank_game(turn=1)
    g.state.pools.amphibious = 500
    g.state.pools.fuel = 500
    g.state.beaches["Gold"].landed_cp = 100
    _to_marker(g, "bc-50-inf", "Gold")
    start_movement(g)
    combat_stock = g.state.pools.combat
    p = g.prompt
    assert p.afloat and p.landing
    events = g.apply(Move("bc-50-inf", p.landing[0]))
    landed = next(e for e in events if isinstance(e, Landed))
    u = g.unit("bc-50-inf")
    assert landed.rounds == 0 and u.status == ASHORE and u.position in g.data.map.beach("Gold").positions
    assert g.state.pools.amphibious == 400
    assert u.mp > 0 and g.prompt.unit == "bc-50-inf"  # may continue its movement
    assert g.state.pools.fuel == 500 + 40 and g.state.pools.combat == combat_stock + 40 and g.state.pools.general == 25


def test_landing_on_a_defended_beach_fights_until_one_is_eliminated():
    rounds_seen = {1: [], 9: []}
    for attack in (1, 9):
        for seed in range(20):
            g = blank_game(turn=0, seed=seed)
            g.state.pools.amphibious = 500
            _to_marker(g, "us-1-inf", "Omaha")
            start_movement(g)
            events = fight_ashore(g, g.apply(Move("us-1-inf", g.prompt.landing[0])), attack=attack)
            landed = next(e for e in events if isinstance(e, Landed))
            coastal = g.coastal_defender("Omaha")
            assert coastal is None  # the defence is gone
            # the log tells the last round, then the coastal defence's end it caused
            last = max(i for i, e in enumerate(events) if isinstance(e, CombatResult))
            assert any(isinstance(e, UnitEliminated) for e in events[last:])
            assert not any(isinstance(e, UnitEliminated) for e in events[:last])
            assert landed.rounds >= 1 and landed.cp_lost > 0
            u = g.unit("us-1-inf")
            assert u.mp == max(0, 6 - landed.rounds - 2) or u.mp == max(0, 6 - landed.rounds - 3) or u.stopped
            assert g.state.tally.german_eliminated == 1
            record = g.beaches["Omaha"]
            assert (record.rounds, record.allied_cp_lost, record.cleared) == (landed.rounds, landed.cp_lost, "D-Day")
            assert record.first_mp_left == u.mp
            rounds_seen[attack].append(landed.rounds)
    # "1 or 2 divisions" clear a beach, and "the quicker you eliminate the German unit the more movement you will
    # be allowed after landing": the attack level decides how quickly
    assert max(rounds_seen[9]) <= 3 and sum(rounds_seen[9]) < sum(rounds_seen[1])


def test_a_small_unit_can_be_destroyed_assaulting_a_beach():
    destroyed = 0
    for seed in range(40):
        g = blank_game(turn=0, seed=seed)
        g.state.pools.amphibious = 500
        g.unit("us-4-cav").cp = 4
        _to_marker(g, "us-4-cav", "Omaha")
        start_movement(g)
        fight_ashore(g, g.apply(Move("us-4-cav", g.prompt.landing[0])))
        if g.unit("us-4-cav").status == ELIMINATED:
            destroyed += 1
            assert g.state.tally.allied_eliminated == 1
    assert destroyed > 0


def test_rangers_landing_beside_the_marker_fight_the_beach_while_it_holds():
    """Pointe du Hoc is beside Omaha's marker, not one of its landing positions: rangers may land there, but while
    Omaha is not cleared "the unit will be required to attack the German unit" (rules edition 2); once the beach
    is cleared they land there unopposed."""
    pdh = None
    for cleared in (False, True):
        g = blank_game(turn=0)
        g.state.pools.amphibious = 100
        if cleared:
            g.state.beaches["Omaha"].landed_cp = 100
        g.place("us-rangers", (10, 3), AFLOAT)  # an ocean position next to Omaha's marker (11,4)
        start_movement(g)
        p = g.prompt
        assert p.unit == "us-rangers"
        pdh = g.data.map.places["Pointe du Hoc"]
        d = next(d for d in p.landing if neighbour((10, 3), d) == pdh)
        events = fight_ashore(g, g.apply(Move("us-rangers", d)), attack=1, support=(99, 99))
        landed = next(e for e in events if isinstance(e, Landed))
        if cleared:
            assert landed.rounds == 0 and g.unit("us-rangers").position == pdh
        else:
            assert landed.rounds >= 1 and any(isinstance(e, CombatResult) for e in events)
    # ordinary infantry cannot land from beside the marker
    g2 = blank_game(turn=0)
    g2.state.pools.amphibious = 500
    g2.place("us-1-inf", (10, 3), AFLOAT)
    start_movement(g2)
    assert g2.prompt.landing == ()


def test_no_landing_without_enough_amphibious_points():
    g = blank_game(turn=1)
    g.state.pools.amphibious = 99
    _to_marker(g, "us-1-inf", "Omaha")
    _to_marker(g, "us-rangers", "Omaha")
    start_movement(g)
    assert movement.legal_directions(g, "us-1-inf") == [d for d in movement.legal_directions(g, "us-1-inf")
                                                         if not g.data.map.is_land(neighbour((11, 4), d))]
    assert any(g.data.map.is_land(neighbour((11, 4), d)) for d in movement.legal_directions(g, "us-rangers"))


def test_no_landing_at_a_beach_whose_marker_is_destroyed():
    g = blank_game(turn=1)
    g.state.pools.amphibious = 500
    g.state.beaches["Juno"].marker_intact = False
    _to_marker(g, "bc-3cdn-inf", "Juno")
    start_movement(g)
    assert g.prompt.landing == ()


def test_a_german_unit_on_a_beach_destroys_its_marker():
    g = blank_game(turn=2)
    put(g, "de-352-inf", (12, 6))
    start_movement(g, "german")
    d = next(d for d in g.prompt.directions if neighbour((12, 6), d) == (11, 5))
    g.apply(Move("de-352-inf", d))
    assert not g.state.beaches["Omaha"].marker_intact


def test_drop_zone_cycling_historical_first():
    g = Game.new(computer_settings(), seed=1)
    p = g.prompt
    assert isinstance(p, DropZonePrompt) and p.unit == "us-82-abn" and p.zone == g.data.map.drop_zones["us-82-abn"][0]
    zones = []
    for _ in range(7):
        zones.append(g.prompt.zone)
        g.apply(Answer("N"))
    n = g.prompt.candidates
    assert zones[:n] == list(g.data.map.drop_zones["us-82-abn"][:n])
    assert zones[n] == zones[0]  # it cycles
    g.apply(Answer("Y"))
    assert g.prompt.unit == "us-101-abn"
    g.apply(Answer("Y"))
    assert g.prompt.unit == "bc-6-abn"
    g.apply(Answer("Y"))
    assert not isinstance(g.prompt, DropZonePrompt)
    for uid in ("us-82-abn", "us-101-abn", "bc-6-abn"):
        assert g.unit(uid).status == ASHORE


def test_drift_happens_about_half_the_time_and_never_far():
    drifted = 0
    n = 300
    for seed in range(n):
        g = Game.new(computer_settings(), seed=seed)
        zone = g.prompt.zone
        events = g.apply(Answer("Y"))
        drop = next(e for e in events if isinstance(e, DropResult))
        assert g.data.map.is_land(drop.landed_at)
        assert g.unit("us-82-abn").position == drop.landed_at
        from overlord.engine.hexgrid import distance
        assert distance(zone, drop.landed_at) <= 3
        drifted += bool(drop.drifted)
    assert abs(drifted / n - 0.5) < 0.1


def test_no_division_comes_down_on_a_beach_its_coastal_defence_holds():
    """Drifted onto Utah's or Sword's landing position, a division stood on it unfought (in 14 of 40 games), where any
    unit landing in the assault area must fight the coastal defence (found by a helper); it comes down beside it."""
    beaches = set()
    for seed in range(5001, 5041):
        g = Game.new(computer_settings(), seed=seed)
        while isinstance(g.prompt, DropZonePrompt):
            zone = g.prompt.zone
            drop = next(e for e in g.apply(Answer("Y")) if isinstance(e, DropResult))
            nearest = min(distance(zone, h) for b in g.data.map.beaches for h in b.positions)
            if drop.drifted and nearest <= drop.drifted:
                beaches.add(seed)
            assert g.data.map.beach_of_position(drop.landed_at) is None, (seed, drop)
            assert distance(zone, drop.landed_at) <= 3
    assert len(beaches) >= 5  # (drifts that could reach a beach: each came down off it)


def test_a_movement_phase_says_which_units_the_fuel_pool_could_not_move():
    """With the fuel pool empty, the Allied movement phase ended at once without a word (found by a helper); it
    now names the units held back, as a combat phase names those its supply held back. A phase the player ends
    himself, or units with no step to take, name none."""
    g = blank_game(turn=4)
    put(g, "us-1-inf", (12, 7), cp=80)
    put(g, "us-29-inf", (10, 7), cp=80)
    put(g, "de-352-inf", (12, 10), cp=20)
    g.state.pools.fuel = 0
    g.state.weather = "clear"
    events: list = []
    assert not start_phase(g, "allied_movement", events)
    held = [e for e in events if isinstance(e, MovesHeldBack)]
    assert [(e.units, e.fuel) for e in held] == [(("us-29-inf", "us-1-inf"), 0)]
    assert words.line(held[0], g.data).startswith("No more Allied moves this phase: the fuel pool (0) cannot pay "
                                                  "for a step by 29th Infantry Division, 1st Infantry Division")
    g.state.pools.fuel = 12  # one clear step by an 80 CP infantry division costs 8
    events = start_movement(g)
    first = g.prompt.unit
    cost = view.step_cost(g, first, g.prompt.directions[0])
    events = g.apply(Move(first, g.prompt.directions[0]))
    assert g.state.pools.fuel < cost["fuel"] and g.state.phase != "allied_movement"  # the other cannot pay: over
    held = [e for e in events if isinstance(e, MovesHeldBack)]  # (the pool ran dry between moves: both are held,
    assert len(held) == 1 and set(held[0].units) == {"us-1-inf", "us-29-inf"}  # the one moved with its MP left)
    g.state.pools.fuel = 12
    start_movement(g)
    assert not any(isinstance(e, MovesHeldBack) for e in g.apply(EndPhase()))  # the side's own choice


def test_interdiction_ranges_with_each_weather():
    for weather, points, expected in (("clear", 99, (0, 5)), ("clear", 10, (0, 2)), ("cloudy", 99, (0, 5)),
                                      ("cloudy", 40, (0, 3)), ("overcast", 99, (0, 4)), ("overcast", 5, (0, 1))):
        g = blank_game(turn=2)
        g.state.weather = weather
        assert interdiction.decrease_range(g, interdiction.effective_points(g, points)) == expected, (weather, points)
    # the German loses movement points drawn in that range
    g = blank_game(turn=2)
    g.state.weather, g.state.interdiction = "clear", 99
    for uid, h in (("de-21-pz", (17, 9)), ("de-352-inf", (11, 6)), ("de-12ss-pz", (19, 10))):
        put(g, uid, h)
    losses = set()
    for _ in range(40):
        interdiction.interdict_german_units(g, [])
        for uid in ("de-21-pz", "de-352-inf", "de-12ss-pz"):
            losses.add(g.unit(uid).interdicted)
    assert losses == {0, 1, 2, 3, 4, 5}
    start_movement(g, "german")
    assert g.unit("de-21-pz").mp == 10 - g.unit("de-21-pz").interdicted


def test_interdiction_prompt_and_storm():
    g = Game.new(computer_settings(german_dday_movement=True), seed=2)
    while not isinstance(g.prompt, InterdictionPrompt):
        p = g.prompt
        g.apply(Answer("Y") if isinstance(p, DropZonePrompt) else g.legal_actions()[0])
    p = g.prompt
    assert p.max_points == 99 and p.air_available >= 99
    before = g.state.air_left
    g.apply(Interdict(40))
    assert g.state.air_left == before - 40 and g.state.interdiction == 40
    g = blank_game(turn=3)
    g.state.weather, g.state.air_left = "storm", 0
    g.state.phase = "interdiction"
    assert not interdiction.begin(g, [])


def test_interdiction_skipped_on_dday_without_german_movement():
    g = Game.new(computer_settings(), seed=2)
    seen = set()
    while g.state.turn == 0:
        seen.add(g.state.phase)
        p = g.prompt
        g.apply(Answer("Y") if isinstance(p, DropZonePrompt) else EndPhase() if EndPhase() in g.legal_actions() else g.legal_actions()[0])
    assert "interdiction" not in seen and "german_movement" not in seen


def test_german_reinforcements_enter_on_their_turn():
    g = Game.new(computer_settings(), seed=3)
    from helpers import play
    play(g, stop=lambda game: game.state.turn >= 1 and game.state.phase == "allocation")
    hj = g.unit("de-12ss-pz")
    assert hj.status == ASHORE and hj.position == g.data.map.entry["Lisieux road"]
    assert g.unit("de-pz-lehr").status == "pending"
    from overlord.engine.settings import Ratings
    g = Game.new(computer_settings(ratings=Ratings(reinforcements=3)), seed=3)
    assert g.unit("de-pz-lehr").arrival == g.turn_of("6/8") - 1  # Rommel's plan: a turn earlier


def test_a_sensible_landing_plan_lands_12_to_15_formations_on_dday():
    counts = []
    for seed in range(12):
        g = _historical_dday(seed)
        counts.append(g.state.formations_landed_dday)
    assert all(12 <= c <= 15 for c in counts), counts
    assert len(set(counts)) > 1  # "depending on the weather"


PLAN = {"Utah": ["us-4-inf", "us-4-cav"], "Omaha": ["us-1-inf", "us-29-inf", "us-rangers"],
        "Gold": ["bc-50-inf", "bc-8-armbde"], "Juno": ["bc-3cdn-inf", "bc-2cdn-armbde", "bc-4-cdo"],
        "Sword": ["bc-3-inf", "bc-27-armbde", "bc-1-cdo"]}


def _historical_dday(seed):
    from overlord.ai.paths import ocean_path
    g = Game.new(computer_settings(), seed)
    beach_of = {u: b for b, us in PLAN.items() for u in us}
    while g.state.turn == 0:
        p = g.prompt
        if isinstance(p, MovePrompt) and p.side == "allied":
            u = g.unit(p.unit)
            b = beach_of.get(p.unit)
            if p.afloat and b:
                marker = g.data.map.beach(b).marker
                if u.position != marker:
                    g.apply(Move(p.unit, ocean_path(g, u.position, marker)[0]))
                    continue
                if p.landing:
                    g.apply(Move(p.unit, p.landing[0]))
                    continue
            g.apply(FinishUnit(p.unit))
            continue
        if isinstance(p, DropZonePrompt):
            g.apply(Answer("Y"))
        elif EndPhase() in g.legal_actions():
            g.apply(EndPhase())
        else:
            from overlord.ai import make_player
            g.apply(make_player("pass", p.side).choose(g))
    return g


def test_choose_unit_moves_another_unit_now_then_the_order_goes_on():
    g = blank_game(turn=2)
    g.state.pools.fuel = 5000
    for uid, h in (("us-1-inf", (17, 10)), ("us-29-inf", (16, 11)), ("us-4-inf", (15, 10))):
        put(g, uid, h)
    start_movement(g)
    first = g.prompt.unit
    others = [a.unit for a in g.legal_actions() if isinstance(a, ChooseUnit)]
    assert first not in others and len(others) == 2  # each other unit that can move, the one asked about not
    assert all(a in g.legal_actions() for a in g.legal_actions())  # the list and the check agree
    chosen = others[-1]
    g.apply(ChooseUnit(chosen))
    assert g.prompt.unit == chosen and g.prompt.cycle == 1
    g.apply(FinishUnit(chosen))
    assert g.prompt.unit == first  # the unit it was chosen over is asked about again


def test_choosing_a_unit_that_cannot_move_is_refused_and_changes_nothing():
    g = blank_game(turn=2)
    g.state.pools.fuel = 5000
    put(g, "us-1-inf", (17, 10))
    put(g, "us-29-inf", (16, 11))
    start_movement(g)
    current = g.prompt.unit
    other = "us-29-inf" if current == "us-1-inf" else "us-1-inf"
    g.apply(FinishUnit(current))
    while g.prompt.unit == other and g.unit(other).mp > 0:  # spend the other's points so that it cannot move
        g.apply(Move(other, g.prompt.directions[0]))
    before = g.state_hash()
    for bad in (ChooseUnit(current), ChooseUnit(other), ChooseUnit("de-352-inf"), ChooseUnit("no-such-unit")):
        if bad in g.legal_actions():
            continue  # (the first is legal again once the order came back round to it)
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.state_hash() == before


def test_a_chosen_unit_replays_from_a_save():
    from overlord.engine.serialize import action_from_dict, action_to_dict
    g = Game.new(computer_settings(allied_player="human"), 5)
    while not isinstance(g.prompt, MovePrompt):
        g.apply(g.legal_actions()[0])
    choice = next(a for a in g.legal_actions() if isinstance(a, ChooseUnit))
    assert action_from_dict(action_to_dict(choice)) == choice
    g.apply(choice)
    again, _ = Game.replay(g.initial_settings, g.seed, g.actions, g.data)
    assert again.state_hash() == g.state_hash() and again.prompt.unit == choice.unit
