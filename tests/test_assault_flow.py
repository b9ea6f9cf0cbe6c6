"""One decision per assault (issue 27, point 2), played by keys as a player would.

An Allied landing's attack level is an order to fight on until the beach falls, with a way to stop between
rounds, and one card for the whole fight; a human German answers his coastal defences once; hot-seat hands
the keyboard over only before a hidden choice; B sails a formation at sea to a beachhead marker. The key,
question and hand-over counts of the issue's Done-when are measured here, on whole D-Days.
"""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static

from overlord import words
from overlord.engine import view
from overlord.engine.actions import Support
from overlord.engine.events import CombatResult, Landed
from overlord.engine.game import Game
from overlord.engine.hexgrid import neighbour
from overlord.engine.prompts import MovePrompt, QuestionPrompt, StrategyPrompt, SupportPrompt
from overlord.engine.setup import preset_settings
from overlord.tui.keybar import KeyBar
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.screens import (CoastalAnswerScreen, CombatResultScreen, ConfirmScreen, HandOverScreen,
                                  ReportScreen)
from overlord.saves import SaveError, open_save
from overlord.session import COMPUTER, FightOn, beachhead_course
from overlord.tui.setup_screen import SetupScreen
from overlord.tui.title import TitleScreen

from helpers import autosave_path, static_words
from test_tui_keys import computer_done, wait_until, wants_a_key
from test_tui_phases import enabled_keys, key_bar, press

LANDED = 12  # "twelve formations landed": the newcomer's D-Day of the issue


def formations_ashore(game: Game) -> int:
    """The formations that came ashore from the sea (the airborne divisions dropped)."""
    if isinstance(game.prompt, QuestionPrompt):
        return 0  # (no unit is on the map before the scenario is chosen)
    return sum(1 for uid in game.data.units if game.spec(uid).side == "allied" and game.spec(uid).type != "airborne"
               and game.unit(uid).status == view.ASHORE)


def newcomer_key(app: OverlordApp) -> str:
    """What a newcomer presses: Enter to every question, Y to each drop, B to sail to a beach, the first way to
    land, Enter for no support and 5 (Medium attack, fight on) at a landing; once ashore, a step off the beach
    to make room for the next (the way lit first), then F."""
    screen = app.screen
    if isinstance(screen, TitleScreen):
        return "n"
    if isinstance(screen, (SetupScreen, ReportScreen, CombatResultScreen)):
        return "enter"
    assert isinstance(screen, GameScreen), screen
    p = app.session.game.prompt
    if p.kind == "DropZonePrompt":
        return "y"
    if isinstance(p, StrategyPrompt):
        return "5"
    if not isinstance(p, MovePrompt):
        return "enter"  # the allocation, a landing's support
    if p.afloat and p.landing:
        return str(p.landing[0])
    game = app.session.game
    if p.afloat:
        refused = [view.landing_refused(game, p.unit, d) for d in range(1, 7)]
        return "b" if "b" in enabled_keys(screen) and not any("amphibious" in (why or "") for why in refused) else "f"
    beaches = {h for b in game.data.map.beaches for h in b.positions}
    here = view.position_of(game.unit(p.unit))
    inland = [d for d in p.directions if here in beaches and neighbour(here, d) not in beaches]
    return str(inland[0]) if inland else "f"


async def play(pilot, choose, until, limit: int = 400) -> list[str]:
    """Press the keys ``choose`` gives until ``until(app)``; returns them. The computer's thinking is waited for."""
    app = pilot.app
    pressed: list[str] = []
    for _ in range(limit):
        await computer_done(pilot)
        await pilot.pause()
        if until(app):
            return pressed
        key = choose(app)
        pressed.append(key)
        await pilot.press(key)
    raise AssertionError(f"not reached in {limit} keys: {pressed[-20:]}")


def landing_at(app: OverlordApp, uid: str) -> bool:
    p = app.session.game.prompt
    return isinstance(p, MovePrompt) and p.unit == uid and bool(p.landing) and isinstance(app.screen, GameScreen)


async def sail_to_omaha(pilot, uid: str = "us-1-inf") -> None:
    """From the first question of the movement phase, the 1st Infantry chosen (the roster), sailed to Omaha (B,
    then B again: Utah is the nearer), ready to land."""
    app = pilot.app
    game = app.session.game
    await play(pilot, newcomer_key, lambda a: isinstance(a.session.game.prompt, MovePrompt))
    app.screen.choose(uid)
    await pilot.pause()
    while game.unit(uid).position != game.data.map.beach("Omaha").marker:
        await press(pilot, "b")
    assert landing_at(app, uid)


# --------------------------------------------------------------------------- fighting on
async def test_an_assault_fought_on_at_one_key_lands_the_unit_on_one_card_with_every_round():
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await sail_to_omaha(pilot)
        game = app.session.game
        before = len(game.actions)
        await press(pilot, str(game.prompt.landing[0]), *"0201", "enter")  # land; 2 naval and 1 air points
        assert isinstance(game.prompt, StrategyPrompt) and game.prompt.landing == "Omaha"
        assert "1-9 Fight on at level" in key_bar(app) and "R One round only" in key_bar(app)
        await press(pilot, "1")  # Recon, the longest fight: fought on to its end at one key
        await computer_done(pilot)
        await pilot.pause()
        assert isinstance(app.screen, CombatResultScreen)
        rounds = [e for e in app.session.log if isinstance(e, CombatResult) and e.defender == "de-coast-omaha"]
        assert len(rounds) >= 2  # several rounds, and every one answered through the engine, each round's own
        assert sum(a.name == "ChooseStrategy" for a in game.actions[before:]) == 2 * len(rounds)
        assert [a for a in game.actions[before:] if a.name == "Support"] == [Support(2, 1)] * len(rounds)
        card = app.screen.card.plain
        assert "LANDING AT OMAHA" in card
        rows = [line.split() for line in card.splitlines() if line[:3].strip().isdigit()]
        assert rows == [[str(number), str(e.attack_level), "v", str(e.defence_level), words.odds(game.data, e.odds), "2", "1",
                         str(e.combat_supply), str(e.attacker_losses), str(e.defender_losses)]
                        for number, e in enumerate(rounds, 1)]  # round, levels, odds, support, supply, losses
        unit = game.unit("us-1-inf")
        assert unit.status == view.ASHORE
        assert card.rstrip().endswith(f"lands with {unit.mp} MP (after {len(rounds)} rounds, "
                                      f"{sum(e.attacker_losses for e in rounds)} CP lost).")
        await press(pilot, "enter")
        assert not isinstance(app.screen, CombatResultScreen)  # one card for the whole assault
        assert isinstance(game.prompt, MovePrompt)


async def test_fighting_on_stops_between_rounds_and_one_round_at_a_time():
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13), delay=30)  # only a key ends a pause
    async with app.run_test(size=(80, 24)) as pilot:
        await sail_to_omaha(pilot)
        game = app.session.game
        await press(pilot, str(game.prompt.landing[0]), *"0201", "enter")  # 2 naval, 1 air
        await press(pilot, "1")
        await computer_done(pilot)
        assert app.fighting_on() and "R Stop fighting on" in key_bar(app)
        assert "FIGHTING ON" in app.screen.prompt_panel_text().plain
        # in a hosted game each round waits for the German's answer: said above the order (it stood alone, as if the
        # fight had frozen, while the German was not connected; found by a helper)
        app.session.waiting = lambda: "waiting for the German player (not connected now)"
        assert app.screen.prompt_panel_text().plain.startswith(
            " WAITING FOR THE GERMAN PLAYER (NOT CONNECTED NOW)   his answer, then the next round\n FIGHTING ON")
        del app.session.waiting
        fought = len([e for e in app.session.log if isinstance(e, CombatResult)])
        await press(pilot, "r")  # stop: the next round is asked again
        assert not app.fighting_on() and app.accepting()
        assert isinstance(game.prompt, SupportPrompt) and game.prompt.landing == "Omaha"
        assert len([e for e in app.session.log if isinstance(e, CombatResult)]) == fought == 1
        assert game.actions[-3] == Support(2, 1)  # (round 1's, by hand: the stop came before round 2's)
        await press(pilot, "enter", "r")  # no support this round, and one round only
        assert "1-9 Level" in key_bar(app) and "R Fight on" in key_bar(app)
        await press(pilot, "2")
        await computer_done(pilot)
        await pilot.pause()
        assert game.unit("us-1-inf").status == view.AFLOAT  # the fight goes on: asked again, round by round
        assert isinstance(game.prompt, SupportPrompt) and app.accepting()
        assert len([e for e in app.session.log if isinstance(e, CombatResult)]) == 2


async def test_at_the_default_pace_a_round_fought_on_waits_long_enough_to_press_r():
    from overlord.tui.app import ROUND_PAUSE, round_pause
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13))  # the default display delay and pace
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert 0 < app.delay < ROUND_PAUSE and round_pause(app.delay) == ROUND_PAUSE  # (0.06 s: nobody presses R)
    assert round_pause(1.5) == 1.5  # a slower pace is the player's own


async def test_a_landing_destroyed_says_so_on_its_card():
    """The Rangers alone against Omaha at Recon: a fight they lose, fought on to its end at one key."""
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await sail_to_omaha(pilot, "us-rangers")
        game = app.session.game
        await press(pilot, str(game.prompt.landing[0]), "enter", "1")
        await computer_done(pilot)
        await pilot.pause()
        assert isinstance(app.screen, CombatResultScreen)
        rounds = [e for e in app.session.log if isinstance(e, CombatResult) and e.defender == "de-coast-omaha"]
        assert game.unit("us-rangers").status == view.ELIMINATED
        assert app.screen.card.plain.rstrip().endswith(
            f"2nd and 5th Ranger Battalions are destroyed (after {len(rounds)} rounds, "
            f"{sum(e.attacker_losses for e in rounds)} CP lost).")


# --------------------------------------------------------------------------- B: sail to a beachhead marker
def test_b_sails_to_the_nearest_marker_with_room_then_the_next_one():
    game = Game.new(preset_settings("historical"), 13)
    from overlord.engine.actions import Allocate, Answer, Move
    while not isinstance(game.prompt, MovePrompt):
        p = game.prompt
        game.apply(Answer("Y") if p.kind == "DropZonePrompt" else Allocate(*p.suggested.as_dict().values()))
    markers = {b.name: b.marker for b in game.data.map.beaches}
    uid = game.prompt.unit
    assert game.spec(uid).nation == "US"
    for beach in ("Utah", "Omaha", "Utah"):  # the nearest (Utah and Omaha are as near: the western), then round
        for d in beachhead_course(game, uid):
            game.apply(Move(uid, d))
        assert view.position_of(game.unit(uid)) == markers[beach]
    assert beachhead_course(game, "bc-50-inf") and game.spec("bc-50-inf").nation == "BC"


def test_b_never_sails_to_a_beach_where_the_formation_cannot_land():
    """B sailed to full beaches, one after another, and burned nine of a formation's ten moves at sea (and took
    one the amphibious pool could not land): it goes only where the formation can land, else says why."""
    from builders import blank_game, put
    from overlord.engine.state import AFLOAT
    from overlord.session import sail_refused
    g = blank_game(turn=1, allied_player="human")
    g.state.pools.amphibious = 5000
    beaches = {b.name: b for b in g.data.map.beaches}
    fillers = iter(["us-1-inf", "us-29-inf", "us-4-inf", "us-90-inf"])
    for name in ("Utah", "Omaha"):
        for position in beaches[name].positions:
            put(g, next(fillers), position)
    g.place("us-2-arm", beaches["Omaha"].marker, AFLOAT)
    g.record("us-2-arm").ocean_steps = 10
    g.edited()
    assert beachhead_course(g, "us-2-arm") == []
    said = sail_refused(g, "us-2-arm")  # (short: the question's panel at 80x24 cut a longer one after a line)
    assert said == "No room at a marker in reach (10 moves at sea; Utah full): move a unit off, or sail with 1-6."
    assert len(said) <= 2 * 78
    # a depot lands beside a unit of its own side, once the beach is cleared: B takes it there (it said "full")
    g.place("us-depot-1", beaches["Omaha"].marker, AFLOAT)
    g.record("us-depot-1").ocean_steps = 10
    g.edited()
    assert not view.beach_cleared(g, beaches["Utah"]) and beachhead_course(g, "us-depot-1") == []  # (not yet)
    g.state.beaches["Utah"].landed_cp = g.data.rules.landing.cleared_cp
    g.edited()
    assert view.beach_cleared(g, beaches["Utah"]) and beachhead_course(g, "us-depot-1")
    g.place("us-1-inf", beaches["Utah"].marker, AFLOAT)  # a position free at Utah: B goes there
    g.edited()
    course = beachhead_course(g, "us-2-arm")
    assert course and view.position_of(g.unit("us-2-arm")) != beaches["Utah"].marker
    # on a marker where it can land, B again says so rather than "no room" (found by a re-attack)
    g.place("us-2-arm", beaches["Utah"].marker, AFLOAT)
    g.edited()
    assert beachhead_course(g, "us-2-arm") == []
    assert sail_refused(g, "us-2-arm") == "No other beachhead marker in reach has room: land here, with the keys below."
    g.place("us-2-arm", (21, 0), AFLOAT)  # far out, with one move at sea: no marker in reach at all
    g.record("us-2-arm").ocean_steps = 1
    g.edited()
    assert sail_refused(g, "us-2-arm") == "No beachhead marker in reach (1 move at sea): sail with 1-6."
    g.state.pools.amphibious = 10  # and not at all when the pool cannot pay for its landing
    assert beachhead_course(g, "us-2-arm") == []
    assert sail_refused(g, "us-2-arm").startswith("Landing needs ")


# --------------------------------------------------------------------------- the Done-when counts on whole D-Days
class SeededApp(OverlordApp):
    """The game as a player starts it (N on the title), on a seed whose D-Day's transport lands twelve."""
    SEED = 10

    def new_game(self, seed: int | None = None) -> None:
        super().new_game(self.SEED)


async def test_a_newcomers_d_day_lands_twelve_formations_in_under_60_keys():
    """From the title: N, Enter (the 1981 game), the three drops, the allocation, then B, a landing key, and at
    a landing Enter (no support), 5 (fight on) and Enter (its card)."""
    app = SeededApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await play(pilot, newcomer_key, lambda a: a.session is not None
                          and formations_ashore(a.session.game) >= LANDED)
        game = app.session.game
        assert game.turn_label == "D-Day" and keys[:2] == ["n", "enter"]
        fought = [e for e in app.session.log if isinstance(e, Landed) and e.rounds]
        assert fought and keys.count("b") >= LANDED  # beaches fought for; every formation sailed by B
        assert len(keys) < 60, (len(keys), keys)


async def test_a_game_quit_while_fighting_on_goes_on_fighting_on_when_resumed():
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13), delay=30)  # only a key ends a pause
    async with app.run_test(size=(80, 24)) as pilot:
        await sail_to_omaha(pilot)
        await press(pilot, str(app.session.game.prompt.landing[0]), *"0201", "enter", "1")  # 2 naval, 1 air; Recon
        await computer_done(pilot)
        assert app.fighting_on()  # paused between two rounds of the order
        order = app.session.fight_on
        await pilot.press("ctrl+q")
        await pilot.pause()
    loaded = open_save(autosave_path())
    assert loaded.orders == {"fight_on": {"unit": "us-1-inf", "naval": 2, "air": 1, "level": 1}}
    app = OverlordApp(loaded=loaded, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.session is not None and a.session.fight_on == order, "the order back")
        before = len(app.session.game.actions)
        await wait_until(pilot, lambda a: a.session.game.unit("us-1-inf").status != view.AFLOAT,
                         "the landing fought on to its end with no question asked")
        game = app.session.game
        assert [a for a in game.actions[before:] if a.name == "Support"] == \
            [Support(2, 1)] * sum(a.name == "Support" for a in game.actions[before:])
        assert app.session.fight_on is None  # (an order ends with its landing)
        await wait_until(pilot, lambda a: isinstance(a.screen, CombatResultScreen), "the landing's card")
        rounds = [e for e in app.session.log if isinstance(e, CombatResult) and e.defender == "de-coast-omaha"]
        card = app.screen.card.plain
        assert len(rounds) >= 2 and len([line for line in card.splitlines() if line[:3].strip().isdigit()]) == \
            len(rounds)  # every round on the card, the one fought before the quit too
        assert f"after {len(rounds)} rounds" in card


async def test_a_game_quit_between_a_rounds_support_and_its_level_fights_on_with_that_support():
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await sail_to_omaha(pilot)
        await press(pilot, str(app.session.game.prompt.landing[0]), *"0201", "enter")  # 2 naval, 1 air
        assert isinstance(app.session.game.prompt, StrategyPrompt) and app.session.game.actions[-1] == Support(2, 1)
        await pilot.press("ctrl+q")
        await pilot.pause()
    app = OverlordApp(loaded=open_save(autosave_path()), delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda a: a.session is not None and a.accepting() and a.session.asks_fight_on(),
                         "the level asked again")
        await press(pilot, "1")
        assert app.session.fight_on == FightOn("us-1-inf", 2, 1, 1)  # the support given before the quit


def test_the_standing_orders_are_saved_as_they_change_and_a_bad_one_refuses_the_save(tmp_path):
    from overlord.session import Session
    session = Session(Game.new(preset_settings("historical"), 13))
    session.apply(session.game.legal_actions()[0])
    path = session.autosave()
    assert open_save(path).orders == {}
    session.one_round, session.coastal_answer = True, COMPUTER  # (the keys R and C: no action played)
    session.autosave()
    assert open_save(path).orders == {"one_round": True, "coastal": "computer"}
    for unit in ("us-1-inf", "zzz"):  # a fight-on order away from its landing (only an edited save has one)
        session.fight_on, session.coastal_answer = FightOn(unit, 3, 0, 5), 2
        session.autosave()
        assert open_save(path).orders["fight_on"]["unit"] == unit
        resumed = Session.resumed(open_save(path).game, open_save(path))
        assert (resumed.fight_on, resumed.coastal_answer, resumed.one_round) == (None, 2, True)  # (the order dropped)
    doc = json.loads(path.read_text())
    for bad in ({"coastal": 0}, {"coastal": True}, {"one_round": 1}, {"retreat": 1}, [],
                {"fight_on": {"unit": "us-1-inf", "naval": -1, "air": 0, "level": 5}},
                {"fight_on": {"unit": "us-1-inf", "air": 0, "level": 5}}, {"fight_on": None}):
        damaged = tmp_path / "damaged.json"
        damaged.write_text(json.dumps({**doc, "orders": bad}))
        with pytest.raises(SaveError, match="field 'orders'"):
            open_save(damaged)


def german_key(app: OverlordApp) -> str:
    """A German playing solo: H for himself and C for the Allies, Enter to the rest; Standfast (5) for his
    coastal defences' day and in every defence; the first way back when he must retreat."""
    screen = app.screen
    if isinstance(screen, TitleScreen):
        return "n"
    if isinstance(screen, SetupScreen):
        return {"change_ratings": "y", "german_player": "h", "allied_player": "c"}.get(
            app.session.game.prompt.question, "enter")
    if isinstance(screen, (ReportScreen, CombatResultScreen, HandOverScreen)):
        return "enter"
    p = app.session.game.prompt
    if p.kind == "RetreatPrompt":
        return str(p.directions[0]) if p.directions else "f"
    assert isinstance(p, StrategyPrompt) and p.role == "defence", p
    return "5"


async def test_a_german_playing_solo_answers_his_coastal_defences_once_and_moves_within_ten_questions():
    app = SeededApp(delay=0)
    asked: list[str] = []
    offered: list[bool] = []  # D open to him, at each of his questions while a coastal defence stands

    def choose(a: OverlordApp) -> str:
        if isinstance(a.screen, GameScreen) and a.session.asks_coastal_answer():
            asked.append(a.session.game.prompt.landing)
        if isinstance(a.screen, GameScreen) and a.session.game.prompt.side == "german":
            if any(a.session.game.coastal_defender(beach) is not None for beach in a.session.game.beaches):
                offered.append(bool(a.screen.check_action("coastal_answer", ())))
        return german_key(a)

    def first_move(a: OverlordApp) -> bool:
        p = a.session.game.prompt if a.session is not None and not a.session.game.over else None
        return isinstance(p, MovePrompt) and p.side == "german" and isinstance(a.screen, GameScreen)

    async with app.run_test(size=(80, 24)) as pilot:
        keys = await play(pilot, choose, lambda a: not isinstance(a.screen, (TitleScreen, SetupScreen)))
        assert keys == ["n", "y", "h", "c", "enter", "enter", "enter", "enter"]  # the questions, the computer Allies
        questions = await play(pilot, choose, first_move)  # the game's: reports, his answers, cards
        game = app.session.game
        assert len(questions) <= 10, questions
        coastal = [e for e in app.session.log if isinstance(e, CombatResult) and e.defender.startswith("de-coast")]
        assert len(asked) == 1 and len(coastal) >= 5  # asked at the first landing only, then used every round
        assert all(e.defence_level == 5 for e in coastal)
        assert app.session.coastal_answer == 5
        assert all(game.coastal_defender(beach) is None for beach in game.beaches)
        assert not app.screen.check_action("coastal_answer", ())  # every defence has fallen: D has nothing to change
        await press(pilot, "d")
        assert app.screen is app.main
        assert offered and all(offered)  # D was offered at each question while a coastal defence stood
        app.main.action_coastal_answer()  # (the screen D opens while one stands)
        await pilot.pause()
        assert isinstance(app.screen, CoastalAnswerScreen) and "Now: level 5 (Standfast)" in str(
            app.screen.query_one("Static").render())
        assert "1-9 Level" in key_bar(app) and "C Computer answers" in key_bar(app)
        await press(pilot, "c")
        assert app.session.coastal_answer == COMPUTER and app.screen is app.main
        # the change said (it was not, until D again showed "Now: ..."; found by a helper)
        assert "coastal defences now answer every landing's round with the computer's answer" in \
            " ".join(app.main.prompt_panel_text().plain.split())
        assert game.turn_label == "6/6"


async def test_a_refusal_at_the_coastal_defences_question_is_in_sight_at_80x24():
    """The question fills its five lines at 80x24: a refusal below it was cut off, and a key seemed to do nothing
    (found by a helper). It comes right under the question's first line then."""
    app = SeededApp(delay=0)

    def coastal(a: OverlordApp) -> bool:
        return isinstance(a.screen, GameScreen) and a.session.asks_coastal_answer()
    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot, german_key, coastal)
        await press(pilot, "x")
        prompt = app.screen.query_one("#prompt")
        await wait_until(pilot, lambda a: "X is not an answer" in str(a.screen.message), "the refusal")
        shown = app.screen.prompt_panel_text().wrap(app.console, prompt.content_size.width)
        in_sight = [line.plain for line in shown][:prompt.content_size.height]
        assert in_sight[0].startswith(" COASTAL DEFENCES") and "X is not an answer here" in in_sight[1], in_sight
        assert app.session.asks_coastal_answer()  # still asked


def hot_seat_key(app: OverlordApp) -> str:
    """Two players: the Allied lands as the newcomer does, then ends his movement and attacks what he can
    (Medium attack, no advance); the German answers as in test above."""
    screen = app.screen
    if isinstance(screen, SetupScreen):
        return {"change_ratings": "y", "german_player": "h", "allied_player": "h"}.get(
            app.session.game.prompt.question, "enter")
    if isinstance(screen, ConfirmScreen):
        return "y"  # E in movement asks first
    if isinstance(screen, GameScreen) and app.session.game.prompt.side == "german":
        return german_key(app)
    if isinstance(screen, HandOverScreen):
        return "enter"
    p = app.session.game.prompt if app.session is not None else None
    if isinstance(p, MovePrompt) and formations_ashore(app.session.game) >= LANDED:
        return "e"
    if p is not None and p.kind in ("DefenderPrompt", "AttackerPrompt"):
        return "y"
    if p is not None and p.kind == "AdvancePrompt":
        return "f"
    return newcomer_key(app)


async def test_a_hot_seat_d_day_hands_over_at_most_ten_times():
    app = SeededApp(delay=0)
    handovers: list[HandOverScreen] = []
    coastal: list[str] = []  # what the German sees when asked for his coastal defences' answer

    def next_turn(a: OverlordApp) -> bool:
        if isinstance(a.screen, HandOverScreen) and a.screen not in handovers:
            handovers.append(a.screen)
        if isinstance(a.screen, GameScreen) and a.session.asks_coastal_answer():
            coastal.append(a.screen.prompt_panel_text().plain + key_bar(a))
        return a.session is not None and a.session.game.turn_label == "6/6" and isinstance(a.screen, GameScreen)

    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot, hot_seat_key, next_turn)
        game = app.session.game
        assert formations_ashore(game) >= LANDED
        assert any(e.kind == "CombatResult" and not e.defender.startswith("de-coast") for e in app.session.log)
        # (the first goes to the Allies: the German, at the keyboard for the set-up, looks away from their support)
        assert handovers[0].side == "Allied" and handovers[0].what == "The landing at Utah: support, then its level.", \
            handovers[0].what
        german = [h for h in handovers if h.side == "German"]
        assert "say once how your coastal defences" in german[0].what
        assert len(coastal) == 1 and "COASTAL DEFENCES" in coastal[0]  # the Allied order is not his to see
        assert "FIGHTING ON" not in coastal[0] and "Stop" not in coastal[0] and "C Computer answers" in coastal[0]
        assert app.session.coastal_answer == 5
        assert len(handovers) <= 10, [h.what for h in handovers]


def test_the_german_choosing_his_defence_sees_the_turns_points_as_before_the_allied_support():
    from overlord.ai import make_player
    from overlord.tui.cards import pools_line
    game = Game.new(preset_settings("historical"), 13)
    allied, german = make_player("classic", "allied"), make_player("classic", "german")
    before, seen = None, []
    while game.turn_label in ("D-Day", "6/6") and len(seen) < 4:
        p = game.prompt
        if isinstance(p, SupportPrompt) and not p.defensive:
            before = (game.naval_left, game.air_left)
        if isinstance(p, StrategyPrompt) and p.side == "german" and p.role == "defence":
            assert f"Air {before[1]}  Naval {before[0]} " in pools_line(game)  # (the support is taken already)
            # the Allied player looking (his own support): the points as they are, spent
            assert f"Air {game.air_left}  Naval {game.naval_left} " in pools_line(game, sees_support=True)
            seen.append((p.landing, view.support_unseen(game), (game.naval_left, game.air_left)))
        game.apply((allied if p.side == "allied" else german).choose(game))
    assert any(landing for landing, _, _ in seen) and any(naval + air for _, (naval, air), _ in seen)


async def test_b_with_no_beachhead_marker_in_reach_says_why():
    app = OverlordApp(game=Game.new(preset_settings("historical"), 13), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await sail_to_omaha(pilot)
        game = app.session.game
        for _ in range(10):  # B again and again sails on, each time spending moves at sea, until none is in reach
            if not beachhead_course(game, "us-1-inf"):
                break
            await press(pilot, "b")
        assert not beachhead_course(game, "us-1-inf") and game.prompt.unit == "us-1-inf"
        await press(pilot, "b")
        said = app.screen.prompt_panel_text().plain
        assert "No other beachhead marker in reach has room: land here, with the keys below." in said, said


async def test_a_german_playing_solo_has_time_to_read_each_landings_card():
    """At the quick pace a landing's card went on by itself in half a second, the German's own coastal defence's
    fight unread (found by a helper): it stays LANDING_READ seconds at least, or until a key."""
    from overlord.tui.app import LANDING_READ
    app = SeededApp(delay=0.06)
    seen: list[CombatResultScreen] = []

    def a_landings_card(a: OverlordApp) -> bool:
        if isinstance(a.screen, CombatResultScreen) and "LANDING AT" in str(a.screen.card):
            seen.append(a.screen)
        return bool(seen)

    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):  # (not drive's Space, which hurries the computer's cards away)
            await computer_done(pilot)
            await pilot.pause(0.02)
            if a_landings_card(app):
                break
            if app.screen.is_mounted and wants_a_key(app):
                await pilot.press(german_key(app))
        card = seen[0]
        assert card.timeout == LANDING_READ and not card.paced
        assert "Goes on by itself in 6 s, or press a key; P holds it." in static_words(card.query_one(Static))
        # P holds it until a key (it went on before a player who had looked away read it; found by a helper)
        assert "P Hold" in card.query_one(KeyBar).text.plain
        await pilot.press("p")
        await wait_until(pilot, lambda a: card.timer is None, "the card held")
        assert "Press a key to go on." in static_words(card.query_one(Static)) and app.screen is card
        assert "P Hold" not in card.query_one(KeyBar).text.plain
        # read (a key), the save says so; and Space, hurrying the Allies' sailing, takes none of the next cards away
        actions = len(app.session.game.actions)
        await pilot.press("enter")
        await wait_until(pilot, lambda a: a.session.seen_at == actions, "the card said to be read")
        app.hurry = True
        await wait_until(pilot, lambda a: a_landings_card(a) and a.screen is not card, "the next landing's card")
