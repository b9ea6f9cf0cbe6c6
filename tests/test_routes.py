"""Move by destination (engine/routes.py): the cheapest way as the rules count it, where the unit stops, why a
destination or a step is refused; and that the route's steps are the compass keys' steps."""

from overlord.engine import Move, view
from overlord.engine.events import InfiltrationFailed, UnitMoved
from overlord.engine.game import Game
from overlord.engine.prompts import MovePrompt

from builders import blank_game, put, start_phase
from helpers import play


def moving(*units: tuple[str, tuple[int, int]], fuel: int = 5000, seed: int = 1) -> Game:
    """An Allied movement phase on turn 2 with these units put ashore."""
    g = blank_game(turn=2, seed=seed)
    g.state.pools.fuel = fuel
    g.state.weather = "clear"
    for uid, hex_ in units:
        put(g, uid, hex_)
    assert start_phase(g, "allied_movement")
    return g


def test_a_route_over_the_open_plain_costs_a_point_a_step_with_the_chance_point_as_a_range():
    g = moving(("us-1-inf", (16, 11)))
    r = view.route(g, "us-1-inf", (19, 11))
    assert r.reason is None and [s.to for s in r.steps] == [(17, 11), (18, 11), (19, 11)]
    assert [s.direction for s in r.steps] == [3, 3, 3]
    assert r.cost == (3, 6)  # a point a step, and the Terrain Effects chart's 30% chance of one more each
    assert (r.reach, r.reach_surely, r.mp_left) == (3, 3, (0, 3)) and r.short is None
    assert r.stop == (19, 11) and r.naval_side == "c"
    first = view.step_cost(g, "us-1-inf", r.steps[0].direction)
    assert (first["mp"], first["fuel"]) == (r.steps[0].mp, r.steps[0].fuel[0])  # what the compass key shows


def test_a_route_goes_round_a_zone_of_control_and_ends_entering_one_at_its_price():
    g = moving(("us-1-inf", (16, 11)), ("de-21-pz", (19, 9)))
    zoc = g.zoc("german")
    r = view.route(g, "us-1-inf", (20, 9))
    assert r.reason is None
    *way, last = r.steps
    assert not any(s.to in zoc for s in way) and all(s.zone is None for s in way)  # entering one ends a move
    assert last.to == (20, 9) and last.zone == "enters" and last.enemies == ("de-21-pz",)
    assert last.mp == g.data.charts.terrain["bocage"].movement + g.data.charts.infiltration.enter_enemy_zoc_cost
    assert r.cost[0] == sum(s.mp for s in r.steps)
    # 6 MP: three clear positions, then the swamp's 4 is more than the 3 left
    assert r.reach == 3 and r.stop == (19, 11)
    assert r.short == "the swamp costs 4: 4 MP needed, 3 left"


def test_a_route_may_leave_the_zone_it_starts_in_and_its_last_step_says_whose_zone_it_enters():
    g = moving(("us-2-arm", (17, 10)), ("de-21-pz", (17, 9)), ("de-12ss-pz", (19, 11)))
    assert g.in_enemy_zoc("us-2-arm")
    r = view.route(g, "us-2-arm", (18, 11))  # next to the 12th SS: it leaves one zone and enters another
    assert r.reason is None
    names = {e for s in r.steps for e in s.enemies}
    assert r.steps[-1].to == (18, 11) and r.steps[-1].zone in ("enters", "infiltrates") and names
    if r.steps[-1].zone == "infiltrates":  # straight from one zone into the other: the chart's 8 and its chance
        assert r.steps[-1].chance == 90 and r.reach_surely == len(r.steps) - 1
    moves = [Move("us-2-arm", s.direction) for s in r.steps]
    for m in moves:
        assert m in g.legal_actions()
        g.apply(m)


def test_an_infantry_division_may_not_infiltrate_so_its_route_leaves_the_zone_first():
    g = moving(("us-1-inf", (17, 10)), ("de-21-pz", (17, 9)))
    assert "infiltration" in view.step_refused(g, "us-1-inf", 3) and "only armoured divisions" in \
        view.step_refused(g, "us-1-inf", 3)
    r = view.route(g, "us-1-inf", (18, 10))  # next to the panzers as it is: round by (17, 11), out of the zone
    assert [s.to for s in r.steps] == [(17, 11), (18, 10)] and r.steps[-1].zone == "enters"
    assert r.cost == (1 + 5, 1 + 5 + 2) and r.reach == 2


def test_destinations_that_cannot_be_reached_say_why():
    g = moving(("us-1-inf", (16, 11)), ("de-21-pz", (19, 9)), ("us-2-arm", (18, 11)))
    assert view.route(g, "us-1-inf", (19, 9)).reason == "21st Panzer Division is there"
    assert view.route(g, "us-1-inf", (18, 11)).reason.endswith("is there")
    assert view.route(g, "us-1-inf", (16, 11)).reason == "it is there"
    assert "the sea" in view.route(g, "us-1-inf", (10, 2)).reason


def test_no_way_through_a_ring_of_zones_of_control():
    # every position next to (13, 10) is next to a German unit, and (13, 10) itself is next to none
    g = moving(("us-1-inf", (17, 10)), ("de-21-pz", (13, 8)), ("de-12ss-pz", (14, 11)), ("de-352-inf", (11, 11)))
    zoc = g.zoc("german")
    assert (13, 10) not in zoc and all(h in zoc for h in g.data.map.grid.neighbours((13, 10)))
    r = view.route(g, "us-1-inf", (13, 10))
    assert r.steps == () and r.reason.startswith("no way there")


def test_where_the_points_run_out_is_a_range_when_the_chance_point_decides():
    g = moving(("us-1-inf", (11, 9)))  # bocage all round
    r = view.route(g, "us-1-inf", (8, 9))
    assert r.reason is None
    # the first step is always allowed; after it the bocage's 3 needs 3 points left
    assert r.steps[0].mp == 3 and r.reach >= 1 and r.reach_surely <= r.reach
    assert r.short is not None and "MP" in r.short


def test_the_route_is_what_the_compass_keys_pay_step_by_step():
    for seed in range(12):
        g = moving(("us-1-inf", (16, 11)), ("de-21-pz", (19, 9)), seed=seed)
        r = view.route(g, "us-1-inf", (19, 11))
        paid = []
        for s in r.steps[:r.reach]:
            if Move("us-1-inf", s.direction) not in g.legal_actions():
                break
            events = g.apply(Move("us-1-inf", s.direction))
            moved = [e for e in events if isinstance(e, UnitMoved)]
            paid.append(moved[0].cost)
            assert moved[0].cost in (s.mp, s.mp + s.extra) and moved[0].fuel in s.fuel
        assert r.reach_surely <= len(paid) <= r.reach


def test_step_refused_names_the_points_and_the_zone_of_control():
    # issue 31: the 4th Infantry at Montebourg with 4 MP left, the 91st beyond the river to the west
    g = moving(("us-4-inf", (6, 3)), ("de-91-inf", (5, 4)))
    u = g.record("us-4-inf")
    u.mp, u.moved = 4, True
    g.edited()
    assert 6 not in g.prompt.directions
    assert view.step_refused(g, "us-4-inf", 6) == ("the river costs 2 + 4 for entering the zone of control of the 91st "
                                                   "Air Landing Division: 6 MP needed, 4 left")
    assert view.step_refused(g, "us-4-inf", 3) is None
    assert view.step_refused(g, "us-4-inf", 5) == ("the swamp costs 4 + 4 for entering the zone of control of the 91st "
                                                   "Air Landing Division: 8 MP needed, 4 left")
    put(g, "us-1-inf", (7, 4))
    assert view.step_refused(g, "us-4-inf", 4) == "1st Infantry Division is there"


def test_step_refused_is_none_exactly_for_the_legal_steps_through_a_game():
    g = Game.new(__import__("helpers").computer_settings(), seed=3)
    seen = 0

    def check(game: Game) -> bool:
        nonlocal seen
        p = game.prompt
        if isinstance(p, MovePrompt) and not p.afloat and game.unit(p.unit).status == view.ASHORE:
            for d in range(1, 7):
                assert (view.step_refused(game, p.unit, d) is None) == (d in p.directions), (p, d)
            seen += 1
        return game.turn >= 4
    play(g, "classic", "classic", stop=check)
    assert seen > 50


def infiltrating(seed: int = 1) -> Game:
    """The 2nd Armored next to the 21st Panzer, the ways round to (18, 10) taken by its own side: only
    infiltration (the chart's 8 and its 90%) gets it there."""
    return moving(("us-2-arm", (17, 10)), ("de-21-pz", (17, 9)), ("us-1-inf", (17, 11)), ("us-4-inf", (18, 11)),
                  ("us-9-inf", (19, 10)), seed=seed)


def test_a_failed_infiltration_is_the_least_the_route_promises():
    g = infiltrating()
    r = view.route(g, "us-2-arm", (18, 10))
    assert len(r.steps) == 1 and r.steps[0].zone == "infiltrates" and r.steps[0].chance == 90
    assert r.steps[0].mp == 1 + 8 and r.reach_surely == 0 and r.reach == 1 and r.stop_surely == (17, 10)
    for seed in range(40):
        g = infiltrating(seed)
        events = g.apply(Move("us-2-arm", 3))
        if any(isinstance(e, InfiltrationFailed) for e in events):
            assert g.unit("us-2-arm").position == r.stop_surely
            return
    raise AssertionError("no infiltration failed in 40 seeds (90% succeed)")


def test_a_german_destination_next_to_the_allies_carries_supply_once_his_unit_holds_it():
    """An empty position in the Allied zone of control traces no supply, but a German unit standing there does
    (supply.german_supplied_positions): a route to it read OUT OF SUPPLY, then the unit attacked in supply
    (found by a helper)."""
    g = blank_game(turn=3)
    g.state.pools.fuel = 5000
    g.state.weather = "clear"
    put(g, "us-1-inf", (16, 7))
    put(g, "de-21-pz", (16, 11))
    assert start_phase(g, "german_movement")
    beside = (16, 8)
    assert beside in g.zoc("allied") and beside not in view.german_supplied_positions(g)
    assert beside in view.german_supplied_positions(g, standing=beside)
    r = view.route(g, "de-21-pz", beside)
    assert r.reason is None and r.stop == beside and r.in_supply


def test_a_german_destination_is_judged_with_the_position_his_unit_leaves_empty():
    """A position in the Allied zone of control carries supply only while a German unit stands on it: the route
    read "in supply" where the supply came only through the unit's own starting position (found by a reviewer)."""
    g = blank_game(turn=3)
    g.state.pools.fuel = 5000
    g.state.weather = "clear"
    for uid, hex_ in (("us-4-inf", (21, 8)), ("us-1-inf", (19, 10)), ("us-29-inf", (17, 7)), ("us-rangers", (18, 8))):
        put(g, uid, hex_)
    put(g, "de-21-pz", (20, 8))
    assert start_phase(g, "german_movement")
    start, there = (20, 8), (19, 9)
    assert there in view.german_supplied_positions(g, standing=there)  # the unit counted where it starts too
    assert there not in view.german_supplied_positions(g, standing=there, leaving=start)
    r = view.route(g, "de-21-pz", there)
    assert r.stop == there and not r.in_supply
