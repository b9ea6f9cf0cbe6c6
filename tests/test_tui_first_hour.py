"""A player's first hour (issue 19), by key presses: capitals everywhere, choosing the unit to move, every
refusal with its reason, each combat's result on a card, E asking first, Ctrl+S and F1 on every screen of a
game, and the smaller things a new player trips on."""

from __future__ import annotations

import math
import time

from overlord import words
from overlord.engine import view
from overlord.engine.actions import Allocate, ChooseUnit
from overlord.engine.events import CombatResult, LogisticsReport, Motion, UnitMoved
from overlord.engine.game import Game
from overlord.engine.hexgrid import neighbour
from overlord.engine.prompts import MovePrompt
from overlord.engine.setup import preset_settings
from overlord.engine.state import AFLOAT
from overlord.saves import saves_dir
from overlord.tui.app import CARD_READ, RESULT_DELAYS, OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.loadscreen import LoadScreen
from overlord.tui.screens import (CombatResultScreen, ConfirmScreen, HandOverScreen, HelpScreen, ReportScreen,
                                  SaveNameScreen)
from overlord.tui.keybar import KeyBar
from overlord.tui.setup_screen import SetupScreen
from overlord.tui.widgets import MessageLog
from overlord.tui.wording import event_text
from overlord.words import fight_in_brief

from builders import blank_game, put, start_phase
from test_tui_friction import shown
from test_tui_keys import drive, key_for, until_a_key_is_wanted, wait_until
from test_tui_phases import key_bar, press
from test_tui_screens import saves_listed

REFUSED = "is not an answer"


def message(app) -> str:
    return str(getattr(app.screen, "message", "") or "")


def solo_game(seed: int = 7) -> Game:
    return Game.new(preset_settings("historical"), seed)


def at_movement(app) -> bool:
    return isinstance(app.screen, GameScreen) and isinstance(app.session.game.prompt, MovePrompt)


# --------------------------------------------------------------------------- capitals
async def test_a_whole_solo_turn_at_80x24_with_caps_lock_on():
    """From the scenario questions to the next turn's allocation, every letter pressed as a capital: none is
    refused, and the log never loses a character under its scrollbar."""
    app = OverlordApp(game=Game.new(None, 7), delay=0)
    policy = {"MovePrompt": lambda p: "F" if p.cycle == 1 else "E", "DefenderPrompt": lambda p: "E"}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pressed = []
        for _ in range(400):
            await until_a_key_is_wanted(pilot)  # never a key while the computer German thinks
            s = app.session
            if s is not None and s.game.turn == 1 and s.game.prompt.kind == "AllocationPrompt" \
                    and isinstance(app.screen, GameScreen):
                break
            key = key_for(app, answers={"change_ratings": "n"}, policy=policy)
            key = key.upper() if len(key) == 1 else key  # Caps Lock
            pressed.append(key)
            await press(pilot, key)
            assert REFUSED not in message(app), (pressed[-5:], message(app))
        else:
            raise AssertionError(f"the turn did not end: {pressed[-20:]}")
        assert {"N", "F", "E", "Y"} <= set(pressed)
        log = app.screen.query_one(MessageLog)
        width = log.scrollable_content_region.width
        assert log.lines and max(line.cell_length for line in log.lines) <= width


async def test_capitals_on_the_title_the_questions_and_the_confirmations():
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        await press(pilot, "N")
        assert isinstance(app.screen, SetupScreen)
        await press(pilot, "T")
        assert message(app) == ("No hint here: how the campaign is fought is yours to choose; the computer would take "
                                "the default. Answer Y (Yes: the scenario, who plays, the ratings), N (No: the campaign "
                                "against the computer German); Enter takes N.")
        await press(pilot, "u")  # (U, the hint taken, said "U is not an answer" after T's "No hint here")
        assert message(app).startswith("No hint to take here: how the campaign is fought is yours to choose")
        await press(pilot, "Y", "C", "H")  # change, German computer, Allies human
        shown = str(app.screen.query_one("#setup-answered").render())
        assert "Change any ratings or players: yes" in shown and "False" not in shown and "True" not in shown
        await press(pilot, "X")
        assert "X is not an answer" in message(app)  # asked who commands the computer German
        await press(pilot, "enter")  # the one shown: the ai
        await press(pilot, "C", "7", *"55555555", "Y")  # campaign, each rating by hand, German D-Day movement
        shown = str(app.screen.query_one("#setup-answered").render())
        assert "German D-Day movement: yes" in shown and "True" not in shown
    app = OverlordApp(delay=0)
    async with app.run_test() as pilot:
        await press(pilot, "Q")
    assert app.return_code == 0


async def test_a_refused_key_in_the_set_up_is_said_on_screen_at_80x24():
    """The longest set-up question (who commands the computer side: five levels and how the one shown plays) fills
    an 80x24 screen: the refusal of a wrong key is still on it, above the key bar, not below the last line."""
    app = OverlordApp(delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "N", "Y", "H", "C")  # change, German human, Allies computer: who commands the Allies?
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.choosing == "allied"
        said = setup.query_one("#setup-message")
        assert not said.display  # nothing refused yet: the question's last line is not covered
        await press(pilot, "Z")
        assert "Z is not an answer" in message(app)
        await wait_until(pilot, lambda app: said.display and said.region.height > 0, "the refusal laid out")
        keybar = setup.query_one(KeyBar)
        assert said.region.y + said.region.height <= keybar.region.y <= 23  # on screen, above the key bar
        assert "Z is not an answer" in str(said.render())
        await press(pilot, "space")  # a key whose character prints as nothing (Backspace goes back, as Escape)
        assert message(app).startswith("Space is not an answer"), message(app)
        await press(pilot, "2")  # a level shown: the refusal goes
        assert not said.display
        # T, the hint key elsewhere, says why there is none ('T is not an answer' while `advise` gave one)
        await press(pilot, "t")
        assert message(app).startswith("No hint here: who you play against is yours to choose; the computer would "
                                       "take ai. Press 1-5")
        await wait_until(pilot, lambda app: said.display and said.region.height > 0, "the words laid out")
        assert said.region.y + said.region.height <= keybar.region.y  # the whole of it, above the key bar


# --------------------------------------------------------------------------- choosing the unit to move
async def test_a_the_cursor_and_enter_and_the_roster_choose_the_unit_to_move():
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, until=at_movement)
        game = app.session.game
        first = game.prompt.unit
        assert "A Next at sea" in key_bar(app)

        # A: the next formation at sea, and again the next, never back to the one before
        seen = [first]
        for _ in range(3):
            await press(pilot, "A")
            assert game.prompt.unit not in seen and game.unit(game.prompt.unit).status == AFLOAT
            seen.append(game.prompt.unit)

        # the look cursor onto another unit that can still move, then Enter: that one is asked about
        here = game.unit(game.prompt.unit).position
        target = next(a.unit for a in game.legal_actions()
                      if isinstance(a, ChooseUnit) and game.unit(a.unit).position != here)
        await press(pilot, "down")  # the look begins on the unit asked about
        await walk_to(pilot, app.screen, game.unit(target).position)
        assert "Move this one" in key_bar(app)
        await press(pilot, "enter")
        assert game.prompt.unit == target and app.screen.look is None

        # the roster: Enter on a row moves that unit next
        await press(pilot, "f3")
        table = app.screen.query_one("DataTable")
        other = next(a.unit for a in game.legal_actions() if isinstance(a, ChooseUnit))
        row = table.get_row_index(other)
        await press(pilot, *["down"] * row, "enter")
        assert isinstance(app.screen, GameScreen) and game.prompt.unit == other
        assert game.actions[-1] == ChooseUnit(other)  # an action like any other: saves and replays keep it


async def walk_to(pilot, screen: GameScreen, target) -> None:
    """Arrow keys from the look cursor to ``target``, as a player would press them."""
    for _ in range(60):
        col, row = screen.look
        if (col, row) == tuple(target):
            return
        if row != target[1]:
            await press(pilot, "down" if target[1] > row else "up")
        else:
            await press(pilot, "right" if target[0] > col else "left")
    raise AssertionError(f"the cursor did not reach {target}: it is at {screen.look}")


async def test_e_in_movement_asks_first():
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=at_movement)
        game = app.session.game
        unit = game.prompt.unit
        await press(pilot, "E")
        assert isinstance(app.screen, ConfirmScreen) and "can still move" in app.screen.question
        assert "at sea" in app.screen.question
        assert "left empty" not in app.screen.question  # (the German stays still on D-Day: the Allies move first)
        await press(pilot, "N")
        assert at_movement(app) and game.prompt.unit == unit  # nothing ended
        await press(pilot, "e", "y")
        assert game.phase != "allied_movement"


async def test_e_in_movement_names_the_beaches_a_german_could_walk_onto():
    """A player ended a movement with three beaches empty and lost their markers to walk-ins in the German's turn,
    with no word of it: the question names them (the German moves on D-Day here, with the optional rule)."""
    app = OverlordApp(game=Game.new(preset_settings("historical", german_dday_movement=True), 7), delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=at_movement)
        await press(pilot, "E")
        assert isinstance(app.screen, ConfirmScreen)
        assert ("Utah, Omaha, Gold, Juno, Sword: each with a landing position left empty. A German unit that walks onto "
                "it destroys the beach's marker: no more landings or supply from that beach, and 15% less transport each "
                "turn.") in app.screen.question
        await press(pilot, "N")


# --------------------------------------------------------------------------- refusals with their reasons
def hand_built_game(**settings) -> Game:
    g = blank_game(turn=2, allied_player="human", **settings)
    g.state.weather = "clear"
    g.state.pools.fuel = g.state.pools.general = g.state.pools.combat = 5000
    return g


async def test_a_landing_the_pool_cannot_pay_for_says_so():
    g = hand_built_game()
    g.state.turn = 1
    g.state.pools.amphibious = 99
    g.place("us-1-inf", g.data.map.beach("Omaha").marker, AFLOAT)
    start_phase(g, "allied_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        marker = g.data.map.beach("Omaha").marker
        land = next(d for d in range(1, 7) if g.data.map.is_land(neighbour(marker, d)))
        assert "no landing" in str(app.screen.query_one("#prompt").render())
        await press(pilot, str(land))
        assert "cannot land that way: needs 100 amphibious supply, the pool has 99" in message(app)
        assert g.unit("us-1-inf").status == AFLOAT


async def test_the_extra_movement_point_is_said_when_it_is_drawn():
    g = hand_built_game()
    for uid, h in (("us-1-inf", (17, 10)), ("us-29-inf", (15, 10)), ("us-4-inf", (13, 10))):
        put(g, uid, h)
    start_phase(g, "allied_movement")
    app = OverlordApp(game=g, delay=0)
    drawn = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(30):
            p = g.prompt
            if not isinstance(p, MovePrompt):
                break
            d = p.directions[0]
            preview = view.step_cost(g, p.unit, d)["mp"]
            before = len(app.session.log)
            await press(pilot, str(d))
            moved = [e for e in app.session.log[before:] if isinstance(e, UnitMoved)]
            if moved and moved[0].cost > preview:
                drawn += 1
                assert "extra movement point was drawn" in message(app)
                assert f"cost {moved[0].cost} MP, not {preview}" in message(app)
            else:
                assert "extra movement point" not in message(app)
    assert drawn  # 30% a step: some were drawn


async def test_a_fights_card_gives_the_allied_support_as_a_landings_does():
    """A landing's card listed each round's naval and air points; a fight on land's card did not, and a German
    learned them only from the budgets on the status line (found by a helper playing hot-seat)."""
    g = hand_built_game()
    put(g, "us-1-inf", (16, 7))
    put(g, "de-716-inf", (16, 8), cp=40)
    start_phase(g, "allied_combat")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, policy={"DefenderPrompt": lambda p: "Y", "AttackerPrompt": lambda p: "Y"},
                    until=lambda a: a.session.game.prompt.kind == "SupportPrompt")
        p = g.prompt
        naval, air = min(12, p.naval_max), min(34, p.air_max)
        assert naval and air
        await press(pilot, *f"{naval:02d}{air:02d}", "enter")
        await wait_until(pilot, lambda a: a.session.game.prompt.kind == "StrategyPrompt", "the level question")
        await press(pilot, "3")
        await wait_until(pilot, lambda a: isinstance(a.screen, CombatResultScreen), "the result's card")
        assert f"Allied support: naval {naval}, air {air}" in str(app.screen.card)


async def test_a_closed_level_says_why_and_the_result_stays_on_a_card():
    g = hand_built_game()
    put(g, "us-1-inf", (16, 7), fatigue=75, leadership=5)  # worn out: the most intense levels are closed
    put(g, "de-716-inf", (16, 8), cp=40, fatigue=0)
    start_phase(g, "allied_combat")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, policy={"DefenderPrompt": lambda p: "Y", "AttackerPrompt": lambda p: "Y"},
                    until=lambda a: a.session.game.prompt.kind == "StrategyPrompt")
        p = g.prompt
        assert p.max_level < 9
        await press(pilot, "9")
        assert f"Level 9 is closed ({p.closed_because(9)})" in message(app)
        await press(pilot, "1")
        await wait_until(pilot, lambda a: isinstance(a.screen, CombatResultScreen),  # it stays until a key
                         "the computer German to choose its level, and the result's card")
        card = str(app.screen.card)
        result = next(e for e in app.session.log if isinstance(e, CombatResult))
        assert "COMBAT RESULT" in card and f"Odds as fought: {words.odds(app.session.game.data, result.odds)}" in card
        assert f"the defender loses {result.defender_losses} CP" in card
        await pilot.pause(0.3)
        assert isinstance(app.screen, CombatResultScreen)  # it stays until a key
        await press(pilot, "x")
        assert not isinstance(app.screen, CombatResultScreen)


# --------------------------------------------------------------------------- keys on every screen
async def test_ctrl_s_and_f1_on_the_report_and_the_hand_over():
    game = Game.new(preset_settings("historical", german_player="human"), 3)
    app = OverlordApp(game=game, delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=lambda a: isinstance(a.screen, ReportScreen))
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SaveNameScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, ReportScreen)
        assert [p.name for p in saves_dir().glob("*.json") if not p.name.startswith("autosave")]
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, ReportScreen)
        attack = {"DefenderPrompt": lambda p: "y" if p.side == "allied" else "e", "AttackerPrompt": lambda p: "y"}
        await drive(pilot, policy=attack, until=lambda a: isinstance(a.screen, HandOverScreen))  # the attack
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape", "ctrl+s")
        assert isinstance(app.screen, SaveNameScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, HandOverScreen)


# --------------------------------------------------------------------------- the smaller points
async def test_a_refused_allocation_keeps_the_numbers_typed():
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=lambda a: a.session.game.prompt.kind == "AllocationPrompt"
                    and isinstance(a.screen, GameScreen))
        await press(pilot, *"40203030", "enter")
        assert "add up to 120" in message(app)
        assert app.screen.entry.values() == [40, 20, 30, 30]
        await press(pilot, "enter", *"1020", "enter")  # keep 40, 10 over 20, 20 over 30, keep 30
        assert app.session.game.actions[-1] == Allocate(40, 10, 20, 30)


async def test_the_status_line_gives_the_level_of_victory_and_the_load_list_the_phase():
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=at_movement)
        status = str(app.screen.query_one("#status").render())
        score = view.score(app.session.game)  # (the drops' losses count from the start)
        level = view.victory_level(app.session.game.data.charts, "campaign", score)
        assert f"Score {math.floor(score)}: {level}" in status
        await press(pilot, "ctrl+s", "enter", "ctrl+o")
        screen = await saves_listed(pilot)
        assert any(s["phase"] == "allied_movement" for s in screen.saves)
        assert "Al. move" in str(LoadScreen.row(screen.saves[0]))
        row = str(LoadScreen.row(screen.saves[0]))  # who played at the keyboard, the list's last column
        assert screen.saves[0]["humans"] == "Allied" and row.endswith(" Allied v ai")  # (and against whom)
        assert screen.query_one("#saves").content_size.width >= len(row)  # the whole line, at 80 columns


def test_the_log_speaks_good_grammar():
    g = solo_game()
    two = CombatResult(attackers=("us-1-inf", "us-29-inf"), defender="de-352-inf", odds=2.0,
                       attack_level=5, defence_level=3, attacker_losses=4, defender_losses=9, retreat=True,
                       eliminated=False, second_combat=False, combat_supply=0)
    one = CombatResult(attackers=("de-21-pz",), defender="bc-3-inf", odds=1.0, attack_level=5,
                       defence_level=3, attacker_losses=4, defender_losses=9, retreat=False, eliminated=False,
                       second_combat=False, combat_supply=0)
    assert "Infantry Division attack 352nd" in event_text(two, g) and "the attackers lose 4" in event_text(two, g)
    assert "21st Panzer Division attacks" in event_text(one, g) and "the attacker loses 4" in event_text(one, g)
    rangers = g.spec("us-rangers").name
    sail = UnitMoved(unit="us-rangers", origin=(10, 1), to=(10, 2), cost=0, fuel=0, mp_left=6, motion=Motion.SAIL)
    assert event_text(sail, g) == f"{rangers} sail to (10,2)"
    report = LogisticsReport(turn="6/7", weather="clear", transport=1, arrived={}, upkeep=0, pools={},
                             out_of_supply=("us-1-inf",),
                             deprived=(), attrition=0, reinforcements=(), weather_percent=0)
    assert "1 Allied unit beyond" in event_text(report, g)


async def test_a_drop_is_written_once():
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test() as pilot:
        await press(pilot, "y")
        assert "»" not in str(app.screen.query_one("#prompt").render())
        log = app.screen.query_one(MessageLog)
        texts = [line.plain for line in log.entries]
        assert sum("drops" in t for t in texts) == 1


async def test_hot_seat_the_result_is_seen_by_both_players():
    """The defender's player sees the result, here on his retreat's question (Full retreat: no card of its own
    before it); the attacker's player, who takes the keyboard at the advance's question without a hand-over (a
    retreat and an advance hide nothing), sees it there."""
    game = Game.new(preset_settings("historical", german_player="human"), 3)
    app = OverlordApp(game=game, delay=0)
    seen: list[str] = []
    policy = {"MovePrompt": lambda p: "e", "DefenderPrompt": lambda p: "y" if p.side == "allied" else "e",
              "AttackerPrompt": lambda p: "y", "StrategyPrompt": lambda p: "5" if p.role == "attack" else "1"}

    def until(a) -> bool:
        if isinstance(a.screen, CombatResultScreen):
            seen.append(str(a.screen.card))
        elif isinstance(a.screen, GameScreen) and a.accepting() and a.session.game.prompt.kind == "RetreatPrompt" \
                and not seen:
            seen.append(a.screen.prompt_panel_text().plain)
        elif isinstance(a.screen, GameScreen) and a.accepting() and a.session.game.prompt.kind == "AdvancePrompt":
            seen.append(a.screen.prompt_panel_text().plain)
            return True
        return False

    async with app.run_test() as pilot:
        await drive(pilot, policy=policy, until=until)
        result = next(e for e in app.session.log if isinstance(e, CombatResult))
        brief = fight_in_brief(result, game.data)  # (in full, every attacker by name, it was cut off at 80x24)
        assert "RETREAT" in seen[0] and f"{brief}." in seen[0]
        assert "ADVANCE" in seen[-1] and " ".join(brief.split()) in " ".join(seen[-1].split())


class ScreensShown:
    """Every screen the app puts up and takes down, as it does (its push_screen and pop_screen watched from
    before it starts): a test sees what was shown, however briefly, and never has to catch it on screen."""

    def __init__(self, app: OverlordApp) -> None:
        self.up: list[tuple[object, float]] = []  # (screen, time.monotonic() when it was put up)
        self.down: dict[int, float] = {}  # id(screen): when it was taken down
        push, pop = app.push_screen, app.pop_screen

        def pushing(screen, *args, **kwargs):
            self.up.append((screen, time.monotonic()))
            return push(screen, *args, **kwargs)

        def popping():
            self.down[id(app.screen)] = time.monotonic()
            return pop()
        app.push_screen, app.pop_screen = pushing, popping

    def closed(self, kind: type) -> list[tuple[object, float, float]]:
        """The screens of ``kind`` put up and taken down since, with when."""
        return [(screen, up, self.down[id(screen)]) for screen, up in self.up
                if isinstance(screen, kind) and id(screen) in self.down]


def computers_fight() -> Game:
    """Both sides the computer's, at the Allied combat phase with one fight to make."""
    g = blank_game(turn=2)  # both sides the computer's
    g.state.weather = "clear"
    g.state.pools.combat = 5000
    put(g, "us-1-inf", (16, 7), fatigue=0, leadership=5)
    put(g, "de-716-inf", (16, 8), cp=40, fatigue=0)
    start_phase(g, "allied_combat")
    return g


async def test_a_fight_between_computers_stays_on_its_card_a_while_then_goes_on():
    app = OverlordApp(game=computers_fight(), delay=0.05)  # the card is up 1.5 s: the test looks at what was put up, not at a moment
    shown = ScreensShown(app)
    async with app.run_test() as pilot:
        # no key pressed: the card closes by itself, and the computers go on to the German's movement
        await wait_until(pilot, lambda a: shown.closed(CombatResultScreen) and a.session.game.phase != "allied_combat",
                         "the fight's card to come up and close by itself, and the game to go on")
        card, up, down = shown.closed(CombatResultScreen)[0]
        assert isinstance(card, CombatResultScreen) and "COMBAT RESULT" in str(card.card)
        assert card.timeout == max(app.delay * RESULT_DELAYS, CARD_READ) == CARD_READ  # a while, not until a key
        assert down - up >= card.timeout - 0.01  # it stayed that while (a timer never fires early; load only delays it)
        await pilot.press("ctrl+q")  # saved, and the computers stopped, as a player leaves them


async def test_a_window_over_a_computer_fights_card_keeps_it_until_the_window_closes():
    # F1 (or the terminal made too small) while the card counted down: its time came under the help, closed the
    # help instead of the card, and the next key crashed the game on the card's second dismissal
    app = OverlordApp(game=computers_fight(), delay=9)  # (its card up for 72 s: its time comes when the test says, below)
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, CombatResultScreen), "the fight's card")
        card = app.screen
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        card.time_up()  # its timer's call, come while the help is over it
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and card in app.screen_stack and card.late  # both still there
        await press(pilot, "escape")
        await wait_until(pilot, lambda a: a.screen is card, "the card back on top, to be read for its whole time")
        assert not card.late  # its time begun again
        card.time_up()  # and when it comes, with nothing over it, the card goes on by itself
        await wait_until(pilot, lambda a: card not in a.screen_stack and a.session.game.phase != "allied_combat",
                         "the card to close by itself, and the game to go on")
        await pilot.press("ctrl+q")


async def test_a_landing_beyond_its_nations_supply_is_asked_about_first():
    g = hand_built_game()
    g.state.turn = 1
    g.state.pools.amphibious = 500
    for beach in ("Utah", "Omaha"):  # no American beachhead left to supply it
        g.state.beaches[beach].marker_intact = False
    marker = g.data.map.beach("Gold").marker
    g.state.beaches["Gold"].landed_cp = g.data.rules.landing.cleared_cp  # cleared: the unit comes ashore at once
    g.place("us-1-inf", marker, AFLOAT)
    start_phase(g, "allied_movement")
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert g.prompt.unit == "us-1-inf" and g.prompt.landing
        assert "out of supply there" in str(app.screen.query_one("#prompt").render())
        land = g.prompt.landing[0]
        await press(pilot, str(land))
        assert isinstance(app.screen, ConfirmScreen) and "a British and Canadian beach" in app.screen.question
        await press(pilot, "N")
        assert g.unit("us-1-inf").status == AFLOAT
        await press(pilot, str(land), "Y")
        assert g.unit("us-1-inf").position == neighbour(marker, land) and g.unit("us-1-inf").status != AFLOAT


async def test_a_long_question_never_pushes_the_log_off_the_screen():
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, until=at_movement)
        screen = app.screen
        screen.say("\n".join(f"line {n} of a long message" for n in range(12)))
        log, prompt = screen.query_one("#log"), screen.query_one("#prompt")
        await wait_until(pilot, lambda a: prompt.region.height == int(prompt.styles.max_height.value),
                         "the long question laid out, as high as it may be")
        assert prompt.region.height >= 4 and log.region.height >= 1
        assert log.region.bottom <= app.size.height - 1  # the newest lines above the key bar, in sight


async def test_a_closed_retreat_says_why_above_the_fights_result():
    """A retreat question is long (the fight's result goes on it): a refusal comes right below the question, where
    a small window still shows it (it came last, below the result, out of sight at 80x24), and says why."""
    game = Game.new(preset_settings("historical", german_player="human"), 3)
    app = OverlordApp(game=game, delay=0)
    support = iter(["1", "1", "0", "9", "enter"] * 50)  # (naval 11, air 9 for each attack)
    policy = {"MovePrompt": lambda p: "e", "DefenderPrompt": lambda p: "y" if p.side == "allied" else "e",
              "AttackerPrompt": lambda p: "y", "StrategyPrompt": lambda p: "5" if p.role == "attack" else "1",
              "SupportPrompt": lambda p: next(support)}

    def retreating(a) -> bool:
        return isinstance(a.screen, GameScreen) and a.accepting() and a.session.game.prompt.kind == "RetreatPrompt"
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, policy=policy, until=retreating)
        p = app.session.game.prompt
        fought = [e for e in app.session.log if e.kind == "CombatResult"][-1]
        drawn = " ".join(line.strip() for line in shown(app.screen.query_one("#prompt")))
        # the result in brief, whole at 80x24 (every attacker by name, it was cut off; found by a helper)
        assert f"the attack lost {fought.attacker_losses} CP, the defence {fought.defender_losses}." in drawn, drawn
        # and the Allied support it was fought with, as the fight's card gives it (found by a helper)
        import re
        said = app.screen.prompt_panel_text().plain
        # (the CP its draw made, of the chart's range: the range alone was given after the dice had fallen)
        assert f"Allied support: naval 11, air 9 ({fought.bombardment} CP more German losses, of the chart's " in said, said
        assert re.search(r"of the chart's \d+-\d+\)\.", said), said
        # beside the map, where each way leads, and where it ends next to an enemy (worked out by hand before)
        from overlord.engine.hexgrid import neighbour
        from overlord.tui.cards import where
        side = app.screen.side_text().plain
        here = view.position_of(app.session.game.unit(p.unit))
        assert side.startswith("Retreat to:\n")  # (first: below the unit's card, a short panel cut ways off)
        refusing, beside = view.retreat_losses(app.session.game, p.unit)  # (10% and 15%, at least 1 CP)
        for d in p.directions:
            to = neighbour(here, d)
            near = f" -{beside} CP" if app.session.game.in_enemy_zoc(p.unit, to) else ""
            assert f"\n{d} {where(app.session.game, to)}{near}\n" in side, side
        # what refusing and retreating next to an enemy cost, in CP ("Refusing costs casualties" gave no number)
        assert f"Next to an enemy it loses {beside} CP more. Refusing (F) costs {refusing} CP." in drawn, drawn
        closed = next(d for d in range(1, 7) if d not in p.directions)
        await press(pilot, str(closed))
        text = app.screen.prompt_panel_text().plain
        assert f"cannot retreat that way ({closed}):" in text, text
        assert text.index("»") < text.index("The fight's result"), text
        assert app.session.game.prompt == p  # refused: nothing played


async def test_a_side_panel_cut_below_the_points_heading_does_not_leave_the_heading_alone():
    """At 80x24 the points' heading stood alone above "(more: H gives every point)", as the note then read (found
    by a helper): the note takes the heading's line, and the line below it is left empty."""
    from rich.text import Text
    from textual.app import App
    from overlord.tui.game_screen import POINTS_CUT
    from overlord.tui.widgets import CardPanel

    class PanelApp(App[None]):
        CSS = "CardPanel { height: 4; width: 30; }"

        def compose(self):
            yield CardPanel()

    app = PanelApp()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(CardPanel)
        panel.more, panel.more_from = Text(POINTS_CUT), 2
        panel.show(Text("card one\ncard two\nPOINTS, 6/8\nrow one\nrow two\nrow three"))
        await wait_until(pilot, lambda a: panel.content_size.height == 4, "the panel laid out")
        drawn = [panel.render_line(y).text.rstrip() for y in range(4)]
        assert drawn == ["card one", "card two", POINTS_CUT, ""]
        panel.styles.height = 5  # (a row of the points under its heading: the note is the last line)
        await wait_until(pilot, lambda a: panel.content_size.height == 5, "the panel taller")
        drawn = [panel.render_line(y).text.rstrip() for y in range(5)]
        assert drawn == ["card one", "card two", "POINTS, 6/8", "row one", POINTS_CUT]


async def test_a_side_panel_too_short_for_its_points_says_where_the_rest_is():
    """At 80x24 the points' rows were cut at the panel's foot with no sign, and those in sight did not add up to the
    "so far" above them (found by a helper): the last line in sight says H gives them all."""
    from overlord.tui.game_screen import POINTS_CUT
    from overlord.tui.widgets import CardPanel
    app = OverlordApp(game=solo_game(), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, until=at_movement)
        panel = next(p for p in app.screen.query(CardPanel).results(CardPanel) if p.display and p.size.height)
        # (a unit's card, its steps and the points: more than 24 lines hold; waited for, as the panel is laid out)
        await wait_until(pilot, lambda a: "POINTS" in panel.render().plain and len(panel.lines) > panel.content_size.height,
                         "the panel's card and points, laid out")
        height = panel.content_size.height
        assert height - 1 >= app.screen.points_from  # (a line of the points: a line of the card is never hidden)
        assert panel.render_line(height - 1).text.strip() == POINTS_CUT
        assert panel.render_line(height - 2).text.strip() == panel.lines[height - 2].plain.strip()
    async with OverlordApp(game=solo_game(), delay=0).run_test(size=(160, 60)) as pilot:
        await drive(pilot, until=at_movement)
        panel = next(p for p in pilot.app.screen.query(CardPanel).results(CardPanel) if p.display and p.size.height)
        await wait_until(pilot, lambda a: "POINTS" in panel.render().plain, "the panel's card and points")
        assert len(panel.lines) <= panel.content_size.height
        assert all(panel.render_line(y).text.strip() != POINTS_CUT for y in range(panel.content_size.height))
