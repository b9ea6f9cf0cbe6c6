"""The German is told before his units are cut off from supply, not only by the next turn's report (found by a
helper playing a campaign as the German: "cut off: 709th, 243rd, 91st, 352nd; they lost 12 CP" came with no
warning, and cut-off units fight at half strength). In his movement the side panel names the units that could
not trace supply as they stand, a step's preview says NO SUPPLY next turn where the unit would be cut off, and
E's question to end the phase names them too."""

from __future__ import annotations

from overlord.engine import view
from overlord.engine.hexgrid import distance, neighbour
from overlord.engine.prompts import MovePrompt
from overlord.tui.app import OverlordApp
from overlord.tui.cards import NO_SUPPLY
from overlord.tui.game_screen import cut_off_now, cut_off_words
from overlord.tui.screens import ConfirmScreen
from overlord.tui.widgets import CardPanel

from builders import put, start_phase
from test_score_readable import hand_built, panel, settle, ways
from test_tui_keys import wait_until


def inland(game, room: int = 2) -> list:
    """The land positions with land all around them, ``room`` positions deep, away from the map's edges."""
    m = game.data.map
    grid = m.grid
    return [h for h in sorted(m.terrain) if room <= h[0] < grid.cols - room - 1 and room <= h[1] < grid.rows - room - 1
            and all(m.is_land(n) for n in grid.within(h, room))]


def ringed_game():
    """6/12, the German human to move: the 352nd ringed by two US divisions (every position around it theirs or
    in their zone of control); far from it, the 716th beside an empty position two more ring."""
    g = hand_built(4, german_player="human")
    centres = inland(g)
    ring = centres[0]
    empty = next(h for h in centres if distance(h, ring) >= 6)
    put(g, "us-1-inf", neighbour(ring, 1))
    put(g, "us-29-inf", neighbour(ring, 4))
    put(g, "de-352-inf", ring)
    put(g, "us-4-inf", neighbour(empty, 1))
    put(g, "us-90-inf", neighbour(empty, 4))
    put(g, "de-716-inf", neighbour(empty, 2))
    return g, ring, empty


async def test_the_panel_names_the_german_units_cut_off_as_they_stand_and_a_step_that_would_cut_one_off():
    g, _, empty = ringed_game()
    start_phase(g, "german_movement")
    assert view.german_out_of_supply(g) == ["de-352-inf"]
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        if g.prompt.unit == "de-352-inf":  # (the 716th's steps next)
            await wait_until(pilot, lambda app: "CUT OFF NEXT TURN" in panel(app), "the warning")
            await pilot.press("f")
        await wait_until(pilot, lambda app: g.prompt.unit == "de-716-inf", "the 716th's move")
        p = g.prompt
        assert isinstance(p, MovePrompt)
        await wait_until(pilot, lambda app: "CUT OFF NEXT TURN" in panel(app), "the warning")
        text = panel(app)
        assert "352nd" in text and "716th" not in text.split("CUT OFF NEXT TURN")[1]
        percent = g.data.rules.german_supply.out_of_supply_strength_percent
        assert f"fights at {percent}%" in " ".join(text.split())
        # the step into the empty ring's heart would leave the 716th cut off, a step away from it would not
        lines = text.splitlines()
        warned = next((line for line in lines if line.endswith(NO_SUPPLY)), "")
        here = neighbour(empty, 2)
        cut = [d for d in p.directions if view.german_cut_off_at(g, "de-716-inf", neighbour(here, d))]
        assert cut and len(cut) < len(p.directions) and neighbour(here, cut[0]) == empty
        assert ways(warned.split(NO_SUPPLY)[0]) == sorted(cut)


async def test_ending_the_german_movement_names_the_units_that_would_be_cut_off():
    g, _, _ = ringed_game()
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await wait_until(pilot, lambda app: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Cut off from supply at the next turn's start" in app.screen.question
        assert "352nd" in app.screen.question.split("Cut off")[1]


def test_a_german_unit_moved_out_of_the_ring_traces_supply_again():
    g, ring, empty = ringed_game()
    assert view.german_out_of_supply(g) == ["de-352-inf"]
    # where it stands it is cut off; in the other ring's heart the 716th would be, having left the position that
    # linked it to the rest (the 352nd would not: the 716th holds that position for it)
    assert view.german_cut_off_at(g, "de-352-inf", ring) and view.german_cut_off_at(g, "de-716-inf", empty)
    assert not view.german_cut_off_at(g, "de-352-inf", empty)
    assert not view.german_cut_off_at(g, "de-352-inf", neighbour(neighbour(ring, 2), 2))


async def test_at_80x24_the_cut_off_warning_is_whole_in_the_panel():
    """At 80x24 the panel cut the warning at its foot, in the middle of what a cut-off unit loses (found by a
    helper): a narrow panel names the units alone, and "as things stand" (S, the supply overlay, is in the key bar;
    "unless moved" was false where no step of the unit's own reached supply)."""
    g, _, _ = ringed_game()
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda app: "CUT OFF NEXT TURN" in panel(app), "the warning")
        side = next(p for p in app.screen.query(".side").results(CardPanel) if p.display)
        shown = " ".join(line.plain for line in side.lines[:side.content_size.height])
        assert "CUT OFF NEXT TURN" in shown and "352nd Infantry, as things stand" in " ".join(shown.split()), shown


def test_the_warning_says_why_the_units_are_cut_off():
    """The panel and E named the units cut off, not why: a helper following the hints emptied Cherbourg and cut off
    the Cotentin's three divisions, and could not tell what had done it."""
    g, _, _ = ringed_game()
    assert cut_off_words(g).endswith(": the Allies and their zones of control bar every way to the south or east edge")
    # (the panel at 80x24, two lines left: the names alone)
    assert cut_off_now(g, 29, 2).plain == " CUT OFF NEXT TURN 352nd\n Infantry, as things stand\n"
    # one line left: the name alone, abbreviated ("352nd Inf, as things stand" was cut after the comma; a helper)
    assert cut_off_now(g, 29, 1).plain == " CUT OFF NEXT TURN 352nd Inf\n"
    g = hand_built(4, german_player="human")
    cherbourg = g.data.map.towns["Cherbourg"]
    beside = neighbour(cherbourg, 4)  # (south of it: the two US divisions' zones of control ring it but for the town)
    put(g, "us-1-inf", neighbour(beside, 2))
    put(g, "us-29-inf", neighbour(beside, 5))
    put(g, "de-709-inf", beside)
    assert view.german_out_of_supply(g) == ["de-709-inf"]
    assert cut_off_words(g).endswith(": its one source is Cherbourg, and no German unit holds it")
    # and a unit ringed far from it besides: each cause with its units (the ringed one was given none; a helper)
    ringed, _, _ = ringed_game()
    put(g, "us-4-inf", view.position_of(ringed.unit("us-1-inf")))
    put(g, "us-90-inf", view.position_of(ringed.unit("us-29-inf")))
    put(g, "de-352-inf", view.position_of(ringed.unit("de-352-inf")))
    assert view.german_out_of_supply(g) == ["de-709-inf", "de-352-inf"]
    assert cut_off_words(g).endswith(": 709th Static Infantry: its one source is Cherbourg, and no German unit holds "
                                     "it; 352nd Infantry: the Allies and their zones of control bar every way to the "
                                     "south or east edge")
    put(g, "de-243-inf", cherbourg)  # held, it supplies the 709th; the way to it is barred to the 352nd too
    assert cut_off_words(g).endswith(": the Allies and their zones of control bar every way to the south or east "
                                     "edge and to Cherbourg")


async def test_a_narrow_panel_with_lines_to_spare_says_why_the_units_are_cut_off():
    """At 132x43 the panel, 36 columns wide, named the units alone with a dozen lines empty below (found by a
    helper): with the lines, it says why too."""
    g, _, _ = ringed_game()
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(132, 43)) as pilot:
        await wait_until(pilot, lambda app: "CUT OFF NEXT TURN" in panel(app), "the warning")
        assert app.screen.side_width() < 40 and app.screen.side_height() >= 22  # narrow, tall
        await wait_until(pilot, lambda app: "bar every way to the south or east edge" in " ".join(panel(app).split()),
                         "the cause")


def four_ringed_game():
    """6/12, the German human to move: four German divisions side by side, ringed by US divisions three positions
    from the first of them, so that all four are cut off."""
    g = hand_built(4, german_player="human")
    m = g.data.map
    centre = inland(g)[0]
    germans = ["de-352-inf", "de-716-inf", "de-709-inf", "de-243-inf"]
    put(g, germans[0], centre)
    for uid, d in zip(germans[1:], (1, 2, 3)):
        put(g, uid, neighbour(centre, d))
    ring = [h for h in sorted(m.grid.within(centre, 3)) if distance(h, centre) == 3 and m.is_land(h)]
    americans = ["us-1-inf", "us-29-inf", "us-4-inf", "us-90-inf", "us-2-inf", "us-9-inf", "us-30-inf", "us-79-inf",
                 "us-83-inf", "us-2-arm", "us-3-arm", "us-4-cav"]
    for uid, h in zip(americans, ring[::2]):
        put(g, uid, h)
        if sorted(view.german_out_of_supply(g)) == sorted(germans):
            return g
    raise AssertionError("the ring does not cut the four off")


async def test_at_80x24_a_warning_of_four_units_is_whole_in_the_panel():
    """At 80x24 the panel's warning of four units cut off ran past its foot (a helper): a short panel names one and
    counts the rest (in the fullest words that fit), and E's question names them all."""
    g = four_ringed_game()
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda app: "CUT OFF NEXT TURN" in panel(app), "the warning")
        side = next(p for p in app.screen.query(".side").results(CardPanel) if p.display)
        shown = " ".join(" ".join(line.plain for line in side.lines[:side.content_size.height]).split())
        assert shown.endswith("CUT OFF NEXT TURN 709th Static Inf and 3 more"), shown
        await pilot.press("e")
        await wait_until(pilot, lambda app: isinstance(app.screen, ConfirmScreen), "the question")
        named = app.screen.question.split("Cut off")[1]
        assert all(name in named for name in ("352nd", "716th", "709th", "243rd")), named


async def test_at_80x24_the_warning_stays_in_sight_with_the_look_cursor_on_any_unit():
    """The look cursor on a unit filled the panel at 80x24 with the unit's card and the position's preview, and the
    warning, put below them, was not seen on 41 positions (found by a helper): where no line is left below, it
    takes one at the panel's top."""
    g = four_ringed_game()
    start_phase(g, "german_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda app: "CUT OFF NEXT TURN" in panel(app), "the warning")
        screen = app.screen
        side = next(p for p in screen.query(".side").results(CardPanel) if p.display)
        for uid in sorted(u.id for u in g.units(status=None) if u.position is not None):
            screen.look_at(g.unit(uid).position)
            await pilot.pause()
            shown = [line.plain for line in side.lines[:side.content_size.height]]
            assert any("CUT OFF NEXT TURN" in line for line in shown), (uid, shown)
            assert not shown[-1].rstrip().endswith(("(E", ",")), shown  # (never cut in the middle of its words)
