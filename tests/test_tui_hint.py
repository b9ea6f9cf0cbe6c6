"""The hint keys (issue 29, point 5): T asks the computer player of the side for its answer and why, thought in a
worker while the keys work; U takes it, through the very path a key's answer takes. The tests wait for states,
never for a moment on screen."""

from __future__ import annotations

import threading

import pytest

from overlord.ai import advise
from overlord.engine.game import Game
from overlord.engine.setup import preset_settings
from overlord.engine.settings import Settings
from overlord import session as session_module
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.history import HistoryScreen
from overlord.tui.keybar import KeyBar
from overlord.tui.screens import HintScreen

from test_tui_keys import drive, wait_until


async def take_a_hint(pilot) -> str:
    """T, the hint's card once it is in, U: the answer taken is the one the computer player gives for the
    position (asked afresh here, on a copy) and legal there; it is played, and the game goes on. Returns what the
    card said."""
    app = pilot.app
    game = app.session.game
    before = game.clone()
    at = len(game.actions)
    await pilot.press("t")
    await wait_until(pilot, lambda a: isinstance(a.screen, HintScreen), "the hint's card")
    said = app.screen.reason
    shown = app.hint_ready()
    expected = advise(before, None, {})
    assert shown is not None and shown.action == expected.action and shown.reason == expected.reason
    assert before.is_legal(shown.action)
    await pilot.press("u")
    await wait_until(pilot, lambda a: len(a.session.game.actions) > at, "the hint's answer played")
    assert game.actions[at] == expected.action
    return said


async def until_asked(pilot, kind: str, side: str = "allied", role: str | None = None, **policy) -> None:
    await drive(pilot, policy=policy, until=lambda a: isinstance(a.screen, GameScreen) and a.accepting()
                and a.session.game.prompt.kind == kind and a.session.game.prompt.side == side
                and getattr(a.session.game.prompt, "role", None) == role)


async def test_hints_taken_at_a_drop_an_allocation_a_move_a_landing_and_an_attack():
    app = OverlordApp(game=Game.new(Settings(), 3), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_asked(pilot, "DropZonePrompt")
        assert "T Hint" in app.screen.query_one(KeyBar).text.plain
        assert "Take hint" not in app.screen.query_one(KeyBar).text.plain  # nothing to take yet
        await pilot.press("u")  # and U says so ('U is not an answer here: the keys are below')
        await wait_until(pilot, lambda a: "T asks for it first" in str(a.screen.message), "U's refusal")
        await take_a_hint(pilot)
        await until_asked(pilot, "AllocationPrompt")
        await take_a_hint(pilot)
        await until_asked(pilot, "MovePrompt")
        mover = app.session.game.prompt.unit
        await take_a_hint(pilot)
        assert app.session.game.unit(mover).position != Game.new(Settings(), 3).unit(mover).position  # it sailed
        await until_asked(pilot, "SupportPrompt", MovePrompt=lambda p: str(p.landing[0]) if p.landing else "b" if p.afloat else "f")
        await take_a_hint(pilot)  # a landing's support, then its level
        await until_asked(pilot, "StrategyPrompt", role="attack")
        assert app.session.game.prompt.landing is not None
        orders: list[int] = []
        session, order = app.session, app.session.fight_on_at
        session.fight_on_at = lambda level: (orders.append(level), order(level))[1]
        at = len(session.game.actions)
        said = await take_a_hint(pilot)  # as its digit key: an order to fight on at the level, with the support given
        assert orders == [session.game.actions[at].level]
        # and its card said so: the losses it gave are a round's, and U fought every round (found by a helper)
        assert said.startswith(f"U fights on at level {orders[0]} until the beach falls (to fight this round "
                               "only, press R before U).\nAttack at level")
        assert "Expected losses a round over his defence levels" in said
        await until_asked(pilot, "DefenderPrompt", MovePrompt=lambda p: "e")
        await take_a_hint(pilot)


async def test_hot_seat_hints_for_a_defence_and_a_retreat():
    """Each side's hint is its own computer player's, from what that side may know."""
    app = OverlordApp(game=Game.new(preset_settings("historical", german_player="human"), 3), delay=0)
    policy = {"DefenderPrompt": lambda p: "y" if p.side == "allied" else "e", "AttackerPrompt": lambda p: "y",
              "StrategyPrompt": lambda p: "5" if p.role == "attack" else "1",
              "AdvancePrompt": lambda p: str(p.direction)}
    async with app.run_test() as pilot:
        await until_asked(pilot, "StrategyPrompt", "german", "defence", **policy)
        await take_a_hint(pilot)
        await until_asked(pilot, "RetreatPrompt", "german", **policy)
        await take_a_hint(pilot)


class Slow:
    """Advice that waits until the test lets it come."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = threading.Event()

    def __call__(self, game, player=None, memory=None):
        self.asked.set()
        self.go.wait(timeout=60)
        return advise(game, player, memory)


@pytest.fixture
def slow(monkeypatch):
    advice = Slow()
    monkeypatch.setattr(session_module, "advise", advice)
    yield advice
    advice.go.set()


async def a_hint_thinking_at_the_first_drop(pilot, slow):
    """T pressed at the first drop zone, the hint held back by ``slow``: the game's screen then."""
    await until_asked(pilot, "DropZonePrompt")
    screen = pilot.app.screen
    await pilot.press("t")
    await wait_until(pilot, lambda a: slow.asked.is_set(), "the hint to be asked")
    return screen


async def test_the_keys_work_while_the_hint_is_thought_and_a_hint_for_another_question_is_dropped(slow):
    app = OverlordApp(game=Game.new(Settings(), 3), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_hint_thinking_at_the_first_drop(pilot, slow)
        assert "Asking the computer Allied for a hint" in screen.prompt_panel_text().plain
        await pilot.press("h")  # the keys work meanwhile
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.press("n")  # the player answers by himself: the next zone
        assert app.session.game.prompt.candidate == 1
        slow.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen and app.hint_ready() is None  # the hint came for the question before
        assert "u" not in {k for k, b in screen.active_bindings.items() if b.enabled}


async def test_t_again_gives_a_hint_up_while_it_is_thought(slow):
    app = OverlordApp(game=Game.new(Settings(), 3), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_hint_thinking_at_the_first_drop(pilot, slow)
        await pilot.press("t")
        assert "Hint given up" in screen.prompt_panel_text().plain
        slow.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen and app.hint_ready() is None and len(app.session.game.actions) == 0


async def test_the_hint_for_the_coastal_defences_says_it_is_taken_for_the_day():
    app = OverlordApp(game=Game.new(preset_settings("historical", german_player="human", allied_player="computer"), 3),
                      delay=0)
    async with app.run_test() as pilot:
        await drive(pilot, until=lambda a: isinstance(a.screen, GameScreen) and a.accepting()
                    and a.session.asks_coastal_answer())
        await pilot.press("t")
        await wait_until(pilot, lambda a: isinstance(a.screen, HintScreen), "the hint's card")
        level = app.hint_ready().action.level
        assert "your coastal defences' level for every landing" in app.screen.reason
        assert app.screen.reason.startswith(f"Level {level}, ")
        await pilot.press("u")
        await wait_until(pilot, lambda a: a.session.coastal_answer == level, "the level taken for the day")


async def test_hints_from_in_the_palette_chooses_who_gives_them_and_the_card_names_it():
    """The hints came from the opponent last chosen in a set-up for that side (a German who practised against the
    weakest Allies was advised by them as the Allies, and never told; found by a helper). They come from the
    strongest unless the player chooses another in the palette, and the card names who gives them."""
    from textual.command import CommandList
    from overlord import preferences
    from overlord.ai.registry import levels
    preferences.remember(computer_allied="classic")  # the opponent chosen in a German game: not the adviser
    app = OverlordApp(game=Game.new(Settings(), 3), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_asked(pilot, "DropZonePrompt")
        assert app.session.advisor("allied") == "ai"
        await pilot.press("t")
        await wait_until(pilot, lambda a: isinstance(a.screen, HintScreen), "the strongest's hint")
        assert app.screen.who == "The computer Allies (ai, level 3)"
        await pilot.press("ctrl+p")  # from the card: it goes (its U would have taken the last one's answer)
        await pilot.press(*"hints from")
        await wait_until(pilot, lambda a: any(results.option_count for results in a.screen.query(CommandList)),
                         "the command palette to find Hints from")
        # the line says who gives them now (choosing moved on to the next blind; found by a helper)
        assert any("now ai, level 3" in str(c.help) for c in app.get_system_commands(app.screen)
                   if c.title == "Hints from")
        await pilot.press("enter")
        weakest = levels("allied")[0]  # after the strongest, round to the weakest
        await wait_until(pilot, lambda a: preferences.load().get("hints_allied") == weakest, "the choice remembered")
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the question again")
        assert app.session.advisor("allied") == weakest
        assert "Hint:" not in app.screen.prompt_panel_text().plain  # the last one's hint gone from the line too
        await pilot.press("t")
        await wait_until(pilot, lambda a: isinstance(a.screen, HintScreen), "the hint's card")
        assert app.screen.who == f"The computer Allies ({weakest}, level 1)"
        assert app.hint_ready() == advise(app.session.game, weakest, {})
        # its hint gives no why: the line under the card does not promise one ("T shows why"; found by a helper)
        assert "\n" not in app.screen.reason
        await pilot.press("escape")
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen), "the card closed")
        assert "U takes it, T shows it again." in app.screen.prompt_panel_text().plain


async def test_a_hinted_step_out_of_supply_says_so(monkeypatch):
    """A hint sent an airborne division beyond its supply lines without a word, where the step's preview said NO
    SUPPLY next turn (found by a helper): the hint's line says it, and its card what it costs."""
    from builders import put, start_phase
    from overlord.ai.advice import Advice
    from overlord.engine.actions import Move
    from overlord.engine.hexgrid import neighbour
    from overlord.tui.cards import NO_SUPPLY, destination_words
    from test_score_readable import hand_built, on_the_line
    g = hand_built(2, allied_player="human")  # 6/8: supply lines are traced from the next turn
    here = on_the_line(g)
    put(g, "us-1-inf", here, cp=90)
    start_phase(g, "allied_movement")
    away = next(d for d in range(1, 7) if NO_SUPPLY in destination_words(g, "us-1-inf", neighbour(here, d)))
    step = Move("us-1-inf", away)
    assert g.is_legal(step)
    monkeypatch.setattr(session_module, "advise", lambda game, player, memory: Advice(
        "allied", game.turn_label, str(game.phase), game.prompt.kind, "ai", step, "Move the 1st Infantry.\nPlan: on."))
    app = OverlordApp(game=g, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, GameScreen) and a.accepting(), "the move")
        await pilot.press("t")
        await wait_until(pilot, lambda a: isinstance(a.screen, HintScreen), "the hint's card")
        lost = g.data.rules.supply.out_of_supply_cp_percent
        assert app.screen.reason == (f"Move the 1st Infantry. ({NO_SUPPLY})\nPlan: on.\nThat step leads where it has "
                                     f"no supply at the next turn's start: it loses {lost}% CP each turn.")
        # its keys on the card's frame, in sight however long the hint (they ran past its foot at 80x24; a helper)
        assert "U take it" in str(app.screen.query_one(".hint-card").border_subtitle)
    # a hint that says it already is not told it twice (the German's: the second ran past the card at 80x24; a helper)
    from overlord.tui.game_screen import hint_stranded
    told = Advice("allied", g.turn_label, str(g.phase), g.prompt.kind, "ai", step,
                  "Move it, cut off from supply at the next turn's start.")
    assert hint_stranded(g, told) is None
