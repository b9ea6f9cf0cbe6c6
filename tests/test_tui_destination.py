"""Move by destination on the movement screen (issue 31, point 4): G, the cursor or a click, the route on the map
and beside it, Enter walks it with the compass keys' actions; and a refused compass key says why."""

from __future__ import annotations

import attrs

import pytest

from overlord.engine import view
from overlord.engine.actions import ChooseUnit
from overlord.engine.events import UnitMoved
from overlord.engine.game import Game
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.routing import BEYOND, REACHED
from overlord.tui.widgets import MapView, Panel

from builders import blank_game, put, start_phase
from test_tui_keys import wait_until
from test_tui_phases import key_bar, press

START, THROUGH, DESTINATION = (17, 10), (17, 11), (18, 10)  # next to the 21st Panzer, out of its zone, back in


def next_to_the_panzers(seed: int = 5, others: dict | None = None) -> Game:
    """The 1st Infantry next to the 21st Panzer at (17, 9), the Allied player (a person) to move it (``others``: more
    Allied units, by position)."""
    g = blank_game(turn=2, seed=seed, allied_player="human")
    g.state.pools.fuel = 5000
    g.state.weather = "clear"
    put(g, "us-1-inf", START)
    put(g, "de-21-pz", (17, 9))
    for uid, hex_ in (others or {}).items():
        put(g, uid, hex_)
    assert start_phase(g, "allied_movement")
    return g


def side_panel(app: OverlordApp) -> str:
    """The side panel's words, its lines joined (the route card wraps its long lines)."""
    shown = [p.shown for p in app.screen.query(".side").results(Panel) if p.shown is not None]
    return " ".join(" ".join(str(getattr(t, "plain", t)).split()) for t in shown)


def prompt_panel(app: OverlordApp) -> str:
    game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))  # (a report may be over it)
    shown = game_screen.query_one("#prompt", Panel).shown
    return shown.plain if hasattr(shown, "plain") else str(shown)


async def click_on(pilot, hex_) -> None:
    """A click on a position of the map, where the map widget draws it."""
    lay = pilot.app.screen.query_one(MapView).layout_drawn
    await pilot.click(MapView, offset=(lay.body_x(hex_), lay.ruler_lines + hex_[1] * lay.lines_per_row))
    await pilot.pause()


async def test_a_move_by_destination_walks_through_a_zone_of_control_as_the_compass_keys_would():
    by_keys = next_to_the_panzers()
    app = OverlordApp(game=by_keys, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.session.game.prompt.unit == "us-1-inf"
        # the compass keys: 4 out of the zone, then 2 back into it; what each key shows before it is pressed
        shown_before = [prompt_panel(app)]
        await press(pilot, "4")
        shown_before.append(prompt_panel(app))
        await press(pilot, "2")
        paid = [e.cost for e in app.session.log if isinstance(e, UnitMoved) and e.unit == "us-1-inf"]
        keys_hash, keys_at = by_keys.state_hash(), by_keys.unit("us-1-inf").position
    assert keys_at == DESTINATION and len(paid) == 2

    game = next_to_the_panzers()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "g")
        assert "Go there" in key_bar(app) and "Leave" in key_bar(app)
        await click_on(pilot, DESTINATION)  # a click chooses the destination
        screen = app.screen
        assert screen.look == DESTINATION
        route = screen.current_route()
        assert [s.to for s in route.steps] == [THROUGH, DESTINATION] and route.steps[-1].zone == "enters"
        assert [s.direction for s in route.steps] == [4, 2]
        assert screen.map_options().route == {THROUGH: REACHED, DESTINATION: REACHED}
        card = side_panel(app)
        low, high = route.cost
        assert f"2 steps, {low}-{high} MP" in card and "zone of control of 21st Panzer" in card
        assert "Gets there" in card and f"At ({DESTINATION[0]},{DESTINATION[1]}): continent side" in card
        # the points shown are the compass keys' own: "4 clear 1+mp" and then "2 clear 5+mp ... stops"
        for before, s in zip(shown_before, route.steps):
            assert f"{s.direction} {s.terrain} {s.mp}{'+' if s.extra else ''}mp" in before  # (+: the chance point)
        assert all(p in (s.mp, s.mp + s.extra) for p, s in zip(paid, route.steps))
        await press(pilot, "enter")
        assert game.unit("us-1-inf").position == DESTINATION and game.state_hash() == keys_hash
        assert screen.going is None and screen.map_options().route == {}
        assert "went to" in prompt_panel(app) and f"{sum(paid)} MP" in prompt_panel(app)


async def test_the_cursor_keys_choose_the_destination_and_a_route_beyond_the_points_stops_short():
    game = next_to_the_panzers(others={"us-29-inf": (20, 11)})  # another unit, asked next
    game.record("us-1-inf").mp = 1
    game.record("us-1-inf").moved = True
    game.edited()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "g", "down")  # the cursor starts on the unit: down (to the left, row 10 being even)
        assert app.screen.look == (16, 11)
        await press(pilot, "right", "right")  # (18, 11): out of the zone, two steps away
        screen = app.screen
        assert screen.look == (18, 11)
        route = screen.current_route()
        assert route.reach == 1 and screen.map_options().route[(18, 11)] == BEYOND
        assert "Stops at" in side_panel(app) and "1 MP needed, 0 left" in side_panel(app)
        await press(pilot, "enter")
        assert game.unit("us-1-inf").position == (17, 11)
        assert "stopped at" in prompt_panel(app)
        # and where G will take it on from (the destination was then shown nowhere; found by a helper)
        assert "G on it again this phase begins at" in " ".join(prompt_panel(app).split()) and "(18,11)" in \
            prompt_panel(app).replace("\n", "")
        # asked again later in the phase (here: its points given back and chosen again, as a later cycle's question
        # would find it), G begins at the destination it was going to, not on the unit
        assert game.prompt.kind == "MovePrompt" and game.prompt.unit == "us-29-inf"
        game.record("us-1-inf").mp = 6
        game.edited()
        screen.play(ChooseUnit("us-1-inf"))
        await pilot.pause()
        assert game.prompt.unit == "us-1-inf"
        await press(pilot, "g")
        assert screen.look == (18, 11) and "where it was going" in prompt_panel(app)


async def test_a_move_by_destination_outlasts_a_window_too_small_and_back():
    """The window made too small for the game, and then big again, leaves the question and its destination as they
    were (the destination was dropped without a word, the next arrow moving the look cursor instead)."""
    game = next_to_the_panzers()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "g", "down")
        screen = app.screen
        assert screen.going == "us-1-inf" and screen.look == (16, 11)
        await pilot.resize_terminal(40, 12)
        await wait_until(pilot, lambda a: a.screen is not screen, "the too-small notice")
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda a: a.screen is screen, "the game again")
        await pilot.pause()
        assert screen.going == "us-1-inf" and screen.look == (16, 11)
        assert screen.current_route() is not None


async def test_escape_leaves_the_destination_and_a_refused_destination_says_why():
    game = next_to_the_panzers()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "g")
        await click_on(pilot, (17, 9))  # the 21st Panzer's own position
        screen = app.screen
        assert "21st Panzer Division is there" in side_panel(app)
        await press(pilot, "enter")  # refused: said, and the destination stays to be moved on
        assert screen.going == "us-1-inf" and "21st Panzer Division is there" in prompt_panel(app)
        assert game.unit("us-1-inf").position == START
        await press(pilot, "g")  # again, while choosing: said what the keys do (it said "G is not an answer here")
        assert "A destination is being chosen" in prompt_panel(app) and screen.going == "us-1-inf"
        await press(pilot, "escape")
        assert screen.going is None and screen.look is None and "Go to" in key_bar(app)


async def test_a_refused_compass_key_says_why():
    # issue 31: the 4th Infantry at Montebourg with 4 MP left; the swamp to the south-west is next to the 91st
    g = blank_game(turn=2, seed=1, allied_player="human")
    g.state.pools.fuel = 5000
    g.state.weather = "clear"
    put(g, "us-4-inf", (6, 3))
    put(g, "de-91-inf", (5, 4))
    assert start_phase(g, "allied_movement")
    g.record("us-4-inf").mp, g.record("us-4-inf").moved = 4, True
    g.edited()
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert 5 not in g.prompt.directions
        await press(pilot, "5")
        said = " ".join(prompt_panel(app).split())
        assert ("4th Infantry Division cannot move that way (5): the swamp costs 4 + 4 for entering the zone of "
                "control of the 91st Air Landing Division: 8 MP needed, 4 left.") in said
        assert view.step_refused(g, "us-4-inf", 5) in said


@pytest.mark.parametrize("unit, said", [
    ("us-1-inf", "G (go to) is for units ashore"),
    # a unit named as a plural, with a plural verb ("2nd and 5th Ranger Battalions is at sea"; found by a re-attack)
    ("us-rangers", "2nd and 5th Ranger Battalions are at sea: G (go to) is for units ashore"),
])
async def test_g_at_sea_says_it_is_for_units_ashore(unit, said):
    g = blank_game(turn=2, seed=1, allied_player="human")
    g.state.weather = "clear"
    g.place(unit, (10, 1), view.AFLOAT)
    assert start_phase(g, "allied_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert g.prompt.afloat and "Go to" not in key_bar(app)
        await press(pilot, "g")
        assert said in " ".join(prompt_panel(app).split())


def test_a_route_stopped_short_says_the_chance_point_drawn_on_its_way():
    """A route that arrived said the extra point was drawn; one that stopped short, which it may have stopped, did
    not (found by a helper)."""
    from overlord.tui.routing import walk
    game = next_to_the_panzers()
    route = view.route(game, "us-1-inf", (18, 11))
    first = route.steps[0]
    played = []

    def play(move):  # (the first step, its cost one more than the route's: the chance point drawn)
        played.append(move)
        return [UnitMoved(unit="us-1-inf", origin=START, to=THROUGH, cost=first.mp + 1, fuel=0, mp_left=0)]
    said = walk(game, route, play, lambda: None if played else "us-1-inf")
    assert f"after 1 of {len(route.steps)} steps, {first.mp + 1} MP; the extra point was drawn 1 time:" in said


async def test_d_with_no_coastal_defence_standing_says_there_is_nothing_to_change():
    """D at a German question once every beach was cleared said 'D is not an answer here' (the key bar had named it
    on D-Day)."""
    from overlord.engine.state import ELIMINATED
    g = blank_game(german_player="human", allied_player="computer")
    for beach in g.beaches:  # every beach cleared
        g.record(g.coastal_defender(beach).id).status = ELIMINATED
    put(g, "de-352-inf", (11, 6))
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the German's move")
        await press(pilot, "d")
        assert "none stands now, so there is nothing to change" in prompt_panel(app)


async def test_a_march_ended_short_says_where_and_why_on_the_questions_line():
    """A hosted game's G: the line still said '... goes to X: 6 steps, each played as the host answers the last'
    once the march had stopped short (found by a helper)."""
    game = next_to_the_panzers()
    app = OverlordApp(game=game, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the question")
        app.playing.march_stopped = ("us-1-inf", 2)  # (as Session.standing_action leaves it)
        app.advance()
        await wait_until(pilot, lambda a: "stopped short" in prompt_panel(a), "the march's end said")
        assert prompt_panel(app).startswith(" ALLIED MOVE") and "1st Infantry Division stopped short, at " in \
            prompt_panel(app) and app.playing.march_stopped is None


def test_a_route_stopped_short_says_what_its_destination_means_as_well_as_its_stop():
    """The card said only where the unit stops this phase ("There: ocean side, in supply"): a player choosing a
    destination on the continent side for its points had no word of them (found by a helper)."""
    from overlord.tui.cards import destination_words, where
    from overlord.tui.routing import route_text
    game = next_to_the_panzers()
    game.record("us-1-inf").mp = 1
    game.edited()
    route = view.route(game, "us-1-inf", (18, 11))
    assert route.reach < len(route.steps)
    card = route_text(game, route, width=100).plain
    there = destination_words(game, "us-1-inf", (18, 11))
    # second, under the place's name: a short panel (80x24) cut it off at the card's foot (found by a helper)
    assert there and card.startswith(f"GO TO {where(game, (18, 11))}\nDestination: {', '.join(there)}\n"), card
    arrived = route_text(game, view.route(game, "us-1-inf", route.steps[0].to), width=60).plain
    assert "Gets there" in arrived and "Destination" not in arrived  # (the stop is the destination: said once)
    # a cost beyond the MP it has, "1-2 MP (it has 1)", and yet "Gets there": the chance point is taken even if it
    # leaves the unit short, which the card says (found by a helper)
    assert view.route(game, "us-1-inf", route.steps[0].to).cost[1] > 1
    assert "(a chance point drawn is taken even if it leaves the unit short)" in " ".join(arrived.split())
    south = next(h for h in ((17, 10), (18, 10), (16, 10), (17, 9)) if game.data.map.on_continent_side(h)
                 and (r := view.route(game, "us-1-inf", h)).reason is None and r.reach == len(r.steps))
    points = view.continent_side_points(game, "us-1-inf", south)
    # (and what it scores there: a unit that got there read only "continent side", found by a helper)
    assert f"continent side {points:+.1f} a turn" in route_text(game, view.route(game, "us-1-inf", south), 80).plain



async def test_b_in_a_german_movement_says_it_is_the_allies_key():
    """It said "this unit is ashore" to a German, as if one of his could sail (found by a helper)."""
    g = blank_game(turn=2, seed=1, german_player="human", allied_player="computer")
    g.state.weather = "clear"
    put(g, "de-352-inf", (11, 8))
    assert start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the German's move")
        await press(pilot, "b")
        assert "B is the Allies' key: it sails a formation at sea to a beachhead marker." in \
            " ".join(prompt_panel(app).split())
        await press(pilot, "a")  # (it said "A is not an answer here"; found by a helper)
        assert "A is the Allies' key: it chooses their next formation at sea." in " ".join(prompt_panel(app).split())


def test_a_stop_short_gives_the_points_left_as_a_range_when_a_chance_point_may_be_drawn_on_the_way():
    """"Stops at clear (15,7), 4 MP left" read as certain, and the unit got there with 3: a chance point drawn on the
    way, the stop the same (found by a helper)."""
    from overlord.engine.routes import Route, RouteStep
    from overlord.tui.routing import stop_text
    game = blank_game(turn=1)
    put(game, "us-1-inf", (16, 9))
    step = dict(terrain="clear", mp=1, zone=None, enemies=(), chance=100, fuel=(1, 1))
    steps = (RouteStep(direction=3, to=(17, 9), extra=True, **step), RouteStep(direction=3, to=(18, 9), extra=False,
                                                                                  **step),
             RouteStep(direction=3, to=(19, 9), extra=False, **step))
    same = Route("us-1-inf", (16, 9), (19, 9), steps=steps, reach=2, reach_surely=2, mp_left=(3, 4), short="no MP")
    assert "Stops at clear (18,9), 3-4 MP left" in stop_text(game, same, 60).plain
    other = Route("us-1-inf", (16, 9), (19, 9), steps=steps, reach=2, reach_surely=1, mp_left=(0, 4), short="no MP")
    said = stop_text(game, other, 60).plain
    assert "Stops at clear (18,9), 4 MP left" in said and "(at clear (17,9) if the extra points are drawn)" in said


def test_a_route_card_foretells_the_fatigue_of_the_move_and_the_levels_it_closes():
    """A long march before an attack closed its top levels with no word until the attack was asked (found by a
    helper): the card gives the fatigue after the move and the levels it closes, as the attack's question will."""
    from overlord.engine.routes import Route, RouteStep
    from overlord.tui.routing import stop_text
    game = blank_game(turn=1)
    put(game, "us-1-inf", (16, 9))
    unit = game.record("us-1-inf")
    unit.fatigue = 5 * unit.leadership + 9  # a point below its top level closing
    game.edited()
    step = dict(terrain="clear", zone=None, enemies=(), chance=100, fuel=(1, 1))
    steps = (RouteStep(direction=3, to=(17, 9), mp=1, extra=False, **step),
             RouteStep(direction=3, to=(18, 9), mp=2, extra=True, **step))
    start = unit.fatigue
    near = Route("us-1-inf", (16, 9), (17, 9), steps=steps[:1], reach=1, reach_surely=1, mp_left=(5, 5), spent=(1, 1))
    assert f"Fatigue {start}→{start + 1}: closes level 9" in stop_text(game, near, 60).plain
    far = Route("us-1-inf", (16, 9), (18, 9), steps=steps, reach=2, reach_surely=2, mp_left=(2, 3), spent=(3, 4))
    assert f"Fatigue {start}→{start + 3}-{start + 4}: closes level 9" in stop_text(game, far, 60).plain
    # a level closed is said before why the unit stops short, which a short panel cuts first (found by a helper)
    stopped = Route("us-1-inf", (16, 9), (18, 9), steps=steps, reach=1, reach_surely=1, mp_left=(1, 1), spent=(1, 1),
                    short="the river costs 2: 2 MP needed, 1 left")
    said = stop_text(game, stopped, 60).plain
    assert said.index("closes level 9") < said.index("Then the river costs 2")
    unit.fatigue = 0
    game.edited()
    rested = stop_text(game, far, 60).plain
    assert "Fatigue 0→3-4" in rested and "close" not in rested.split("Fatigue")[1]
    unit.fatigue = 5 * unit.leadership + 6  # closing only if the chance point is drawn
    game.edited()
    assert f"Fatigue {unit.fatigue}→{unit.fatigue + 3}-{unit.fatigue + 4}: may close level 9" in \
        stop_text(game, far, 60).plain
    unit.fatigue = 5 * unit.leadership + 9  # level 9 closed surely, 8 only if the chance points are drawn (it said
    game.edited()  # "may close levels 8-9"; found by a helper)
    wide = attrs.evolve(far, spent=(5, 15))
    assert f"Fatigue {unit.fatigue}→{unit.fatigue + 5}-{unit.fatigue + 15}: closes level 9, may close 8" in \
        stop_text(game, wide, 60).plain


def test_a_routes_points_spent_span_every_draw_of_the_chance_points():
    """The card's fatigue took the routes with no chance point drawn and with every one drawn as its ends: the Rangers
    read "Fatigue 0→5-6" and ended at 4, a point drawn early having stopped them short (found by a helper). The
    points spent are counted over every draw, against each draw walked step by step as the rules take steps."""
    import itertools
    from overlord.engine.routes import RouteStep, _spent

    def walked(mp, moved, steps, draws, fails):
        spent = 0
        for s, extra in zip(steps, draws):
            if moved and s.mp > mp:
                break
            if s.chance < 100 and fails:
                break
            mp, spent, moved = max(0, mp - s.mp - extra * s.extra), spent + s.mp + extra * s.extra, True
            if s.zone is not None:
                break
        return spent

    def step(mp, extra, zone=None, chance=100):
        return RouteStep(direction=3, to=(0, 0), terrain="clear", mp=mp, extra=extra, zone=zone, enemies=(),
                         chance=chance, fuel=(0, 0))
    rangers = (step(1, True), step(2, True), step(3, True))  # the helper's 6 MP, 1+ 2+ 3+: 4 to 7, not 5-6
    assert _spent(6, False, False, None, rangers) == (4, 7)
    routes = [rangers, (step(4, True), step(1, True), step(3, True), step(2, False)),
              (step(2, True), step(2, True), step(1, False, "infiltrates", 40)), (step(9, True), step(1, True))]
    for steps, mp, moved in itertools.product(routes, (1, 3, 6, 8), (False, True)):
        every = [walked(mp, moved, steps, draws, fails) for draws in itertools.product((0, 1), repeat=len(steps))
                 for fails in (False, True)]
        assert _spent(mp, moved, False, None, steps) == (min(every), max(every)), (steps, mp, moved)
