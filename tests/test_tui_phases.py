"""Every phase of the Textual game driven by key presses: drops, allocation (and its refusal),
movement and landing, interdiction, combat with support and levels, retreat and advance,
the hot-seat hand-over, and the computer's moves at the display delay."""

from __future__ import annotations

import pytest

from overlord.ai import make_player
from overlord.engine.actions import Move
from overlord.engine.events import DropResult, Landed, UnitMoved
from overlord.engine.game import Game
from overlord.engine.setup import preset_settings
from overlord.tui.app import OverlordApp
from overlord.tui.game_screen import GameScreen
from overlord.tui.keybar import KeyBar, join_keys
from overlord.tui.screens import HandOverScreen, ReportScreen
from textual.containers import VerticalScroll
from overlord.words import fight_in_brief

from test_tui_keys import computer_done, drive, wait_until


def kind(app) -> str:
    return app.session.game.prompt.kind


def enabled_keys(screen) -> set[str]:
    return {key for key, b in screen.active_bindings.items() if b.enabled}


def key_bar(app) -> str:
    return app.screen.query_one(KeyBar).text.plain


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
    await pilot.pause()


async def test_solo_drops_allocation_landing_interdiction_and_a_move_by_keys():
    app = OverlordApp(seed=11, delay=0)
    async with app.run_test() as pilot:
        await press(pilot, "n")  # no changes: the Campaign Game against the computer German
        await press(pilot, "enter")  # commanded by the one shown first: the ai
        game = app.session.game
        assert kind(app) == "DropZonePrompt" and isinstance(app.screen, GameScreen)
        first = game.prompt.zone
        assert app.screen.map_options().focus == first  # the candidate zone flashes
        await press(pilot, "n")
        assert game.prompt.candidate == 1 and game.prompt.zone != first
        assert app.screen.map_options().focus == game.prompt.zone
        bar = key_bar(app)
        assert "Y Drop here" in bar and "N Next zone" in bar and "Attack" not in bar and "Move" not in bar
        await press(pilot, "y", "y", "y")
        assert sum(isinstance(e, DropResult) for e in app.session.log) == 3
        assert isinstance(app.screen, ReportScreen)  # the D-Day logistics report
        await press(pilot, "enter")

        # allocation: a sum other than 100 is refused and asked again
        assert kind(app) == "AllocationPrompt"
        assert enabled_keys(app.screen) >= {"0", "9", "enter", "backspace"}
        assert "0-9 Type" in key_bar(app)
        await press(pilot, *"50505050", "enter")
        assert kind(app) == "AllocationPrompt"
        assert "add up to 200" in str(app.screen.message)
        assert app.screen.entry.values() == [50, 50, 50, 50]  # the numbers typed are kept, to be typed over
        await press(pilot, *"452327", "0", "backspace", *"05", "enter")
        assert game.state.allocation.as_dict() == {"fuel": 45, "general": 23, "combat": 27, "amphibious": 5}

        # movement: the 4th Infantry sails onto the Utah marker and lands
        p = game.prompt
        assert p.kind == "MovePrompt" and p.unit == "us-4-inf" and p.afloat
        assert {str(d) for d in p.directions} <= enabled_keys(app.screen)
        assert "y" not in enabled_keys(app.screen)
        assert f"{join_keys([str(d) for d in p.directions])} Move" in key_bar(app)  # only the legal directions
        assert "F Finish unit" in key_bar(app) and "Drop here" not in key_bar(app)
        await press(pilot, "5", "5", "6")
        p = game.prompt
        assert p.landing and game.unit("us-4-inf").position == game.data.map.beach("Utah").marker
        await press(pilot, str(p.landing[0]))
        # Utah is not cleared: each round of the landing asks support and an attack level by keys
        assert kind(app) in ("SupportPrompt", "StrategyPrompt") and game.prompt.landing == "Utah"
        await drive(pilot, policy={"SupportPrompt": lambda p: "enter", "StrategyPrompt": lambda p: str(min(5, p.max_level))},
                    until=lambda a: any(isinstance(e, Landed) and e.unit == "us-4-inf" for e in a.session.log))
        await drive(pilot, until=lambda a: a.session.game.prompt.kind == "MovePrompt")
        await press(pilot, "e", "y")  # E in movement asks first; Y ends the phase

        # on to the next turn's interdiction, whatever the computer German does meanwhile
        await drive(pilot, until=lambda a: a.session.game.prompt.kind == "InterdictionPrompt"
                    and isinstance(a.screen, GameScreen))
        await press(pilot, "4", "0", "enter")
        assert game.state.interdiction == 40

        # a move on land shows its cost first and pays fuel
        await drive(pilot, until=lambda a: a.session.game.prompt.kind == "MovePrompt"
                    and not a.session.game.prompt.afloat and isinstance(a.screen, GameScreen))
        p = game.prompt
        direction = p.directions[0]
        assert "mp" in str(app.screen.prompt_panel_text())
        fuel = game.state.pools.fuel
        await press(pilot, str(direction))
        moved = [e for e in app.session.log if isinstance(e, UnitMoved) and e.unit == p.unit]
        assert moved and moved[-1].fuel == fuel - game.state.pools.fuel


@pytest.mark.parametrize("answer", ["y", "n"])
async def test_hot_seat_combat_support_levels_retreat_and_advance_with_hand_overs(answer):
    game = Game.new(preset_settings("historical", german_player="human"), 3)
    app = OverlordApp(game=game, delay=0)
    seen: list[str] = []
    handovers: list[str] = []

    def record(choose):
        def wrapped(p):
            seen.append(f"{p.kind}:{p.side}:{getattr(p, 'role', '')}")
            return choose(p)
        return wrapped

    policy = {
        "MovePrompt": record(lambda p: "e"),
        "DefenderPrompt": record(lambda p: "y" if p.side == "allied" else "e"),
        "AttackerPrompt": record(lambda p: "y"),
        "SupportPrompt": record(lambda p: "enter"),
        "StrategyPrompt": record(lambda p: "5" if p.role == "attack" else (notes.append(str(app.screen.message)),
                                                                           "1")[1]),
        "RetreatPrompt": record(lambda p: str(p.directions[0]) if p.directions else "f"),
        # Y advances (its question ends in "?": Y was refused; found by a helper)
        "AdvancePrompt": record(lambda p: (panels.append(app.screen.prompt_panel_text().plain), asked.append(p), answer)[2]),
    }
    panels: list[str] = []  # the advance question's panel, as it was asked
    notes: list[str] = []  # the question's line as the defender is asked
    asked: list = []

    def until(a):
        if isinstance(a.screen, HandOverScreen) and (not handovers or handovers[-1] != id(a.screen)):
            handovers.append(id(a.screen))
            seen.append(f"handover:{a.screen.side}")
        return any(s.startswith("AdvancePrompt") for s in seen)

    async with app.run_test() as pilot:
        await drive(pilot, policy=policy, until=until)
        assert "DefenderPrompt:allied:" in seen and "AttackerPrompt:allied:" in seen
        attack = seen.index("StrategyPrompt:allied:attack")
        defence = seen.index("StrategyPrompt:german:defence")
        # the defender's player takes the keyboard with a note: the attacker has chosen, the result comes next (each
        # fight cost two hand-overs; found by a helper)
        assert not any(s.startswith("handover") for s in seen[attack:defence])
        assert "The German player takes the keyboard: your" in notes[0], notes
        assert any(s.startswith("RetreatPrompt:german") for s in seen)
        advance = next(i for i, s in enumerate(seen) if s.startswith("AdvancePrompt"))
        # a retreat and an advance hide nothing: the keyboard passes without a hand-over (a fight ending in a retreat
        # cost two), and the advance's question says the fight's result to the attacker's player
        assert not any(s.startswith("handover") for s in seen[defence:advance])
        result = [e for e in app.session.log if e.kind == "CombatResult"]
        assert result and result[0].defence_level == 1 and result[0].attack_level == 5
        said = " ".join(panels[0].split())
        assert "The fight's result:" in said and " ".join(fight_in_brief(result[0], app.session.game.data).split()) in said
        assert f"Y or {asked[0].direction} advances, N or F stays." in said
        if answer == "y":
            await wait_until(pilot, lambda a: a.session.game.unit(asked[0].unit).position == asked[0].into,
                             "the attacker to advance on Y")
        else:  # N stays: the question answered, the attacker where it was
            await wait_until(pilot, lambda a: a.session.game.prompt.kind != "AdvancePrompt", "N to answer it")
            assert app.session.game.unit(asked[0].unit).position != asked[0].into


@pytest.mark.parametrize("fight", ["landing", "combat"])
async def test_a_human_german_against_the_computer_allies_defends_without_seeing_the_attack_level(fight):
    """A landing's coastal defence on D-Day, and a unit attacked in the Allied combat phase."""
    from overlord.engine.prompts import StrategyPrompt
    from test_tui_keys import key_for
    app = OverlordApp(delay=0)
    answers = {"change_ratings": "y", "german_player": "h", "allied_player": "c", "scenario": "t", "preset": "1",
               "display_delay": "1"}

    def defending(a) -> bool:
        p = a.session and a.session.game.prompt
        return (isinstance(p, StrategyPrompt) and p.role == "defence" and isinstance(a.screen, GameScreen)
                and (p.landing is not None) == (fight == "landing"))

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, answers=answers, policy={"StrategyPrompt": lambda p: "1"}, until=defending)
        await pilot.pause()
        game = app.session.game
        p = game.prompt
        fought = game.state.movement.assault if fight == "landing" else game.state.combat
        level = fought.attack_level  # the test may look; the player may not
        hidden = game.data.charts.strategy_levels.attack[level - 1].name
        # (the words, however the panel's width wrapped them: it is known only once the screen is laid out)
        shown = " ".join((app.screen.prompt_panel_text().plain + " " + app.screen.side_text().plain).split())
        assert hidden not in shown and "against a" not in shown
        assert f"attack level 1-{p.opponent_max}, unseen" in shown
        assert "over their attacks" in shown  # the expected losses range over the attacker's levels
        assert key_for(app) == "1"
        await press(pilot, "1")
        assert any(e.kind == "CombatResult" and e.attack_level == level for e in app.session.log)


class Mover:
    """A computer German that always takes a step when it can (so there is something to watch)."""

    def __init__(self) -> None:
        self.fallback = make_player("pass", "german", 0)

    def choose(self, game):
        p = game.prompt
        if p.kind == "MovePrompt" and p.directions:
            return Move(p.unit, p.directions[0])
        return self.fallback.choose(game)


def german_mover_game(delay: float) -> OverlordApp:
    """An Allied player's game, the German moving by Mover (with D-Day movement), at ``delay``."""
    return OverlordApp(game=Game.new(preset_settings("historical", german_dday_movement=True), 4), delay=delay)


async def end_the_allied_turn(pilot) -> None:
    """From the game's start: to the Allied movement, then E, Y (and E in a combat an airborne drop began), the
    German to move next."""
    pilot.app.session.players["german"] = Mover()
    await drive(pilot, until=lambda a: a.session.game.prompt.kind == "MovePrompt"
                and a.session.game.prompt.side == "allied" and isinstance(a.screen, GameScreen))
    await press(pilot, "e", "y")
    await wait_until(pilot, lambda a: a.session.game.phase != "allied_movement", "the movement ended")
    if pilot.app.session.game.phase == "allied_combat":  # an airborne division came down beside the enemy
        await press(pilot, "e")


async def the_german_moving(pilot) -> None:
    """The German moving at a long display delay: only a key finishes his phase."""
    await end_the_allied_turn(pilot)
    await drive(pilot, until=lambda a: a.computer_moving() or a.session.game.prompt.side == "allied")
    assert pilot.app.computer_moving()


async def test_the_computer_moves_at_the_display_delay_and_any_key_hurries_it():
    app = german_mover_game(delay=30)  # a long delay: only a key can finish the phase in the test
    async with app.run_test() as pilot:
        await the_german_moving(pilot)
        assert "THE GERMAN IS MOVING" in str(app.screen.prompt_panel_text())
        assert "space" in enabled_keys(app.screen)
        before = len(app.session.game.actions)
        await press(pilot, "x")  # any key hurries: no more display delay, only the computer's thinking
        await computer_done(pilot)
        assert not app.computer_moving()
        assert len(app.session.game.actions) > before + 1
        assert app.session.game.prompt.side == "allied" or app.session.game.over


async def held_back_then_taken(pilot, now: list[float]) -> None:
    """Enter on the screen up, half a run's gap after the computer's moves (``now``: the screens' clock): held back,
    and said; after a pause, taken."""
    from overlord.tui import screens
    report = pilot.app.screen
    now[0] += screens.HURRY_RUN_GAP / 2
    await pilot.press("enter")
    await wait_until(pilot, lambda a: a.hurry_run.said, "the key said to be ignored")
    assert pilot.app.screen is report
    now[0] += screens.HURRY_RUN_GAP
    await pilot.press("enter")
    await wait_until(pilot, lambda a: a.screen is not report, "Enter, after a pause, goes on")


async def test_keys_that_hurried_the_computer_answer_nothing_once_it_has_finished(monkeypatch):
    """Enter pressed again and again to hurry the German went on through the turn's reports and answered the
    transport allocation and the interdiction for the player (a helper): a key that comes within HURRY_RUN_GAP of
    the last that hurried is ignored, and said; one after a pause is taken."""
    import types
    from overlord.tui import screens
    now = [0.0]
    monkeypatch.setattr(screens, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    app = german_mover_game(delay=30)  # a long delay: only a key can finish the phase in the test
    async with app.run_test() as pilot:
        await the_german_moving(pilot)
        await pilot.press("enter")  # hurries
        await wait_until(pilot, lambda a: not a.computer_moving() and not a.thinking(), "the computer finished")
        screen, played = app.screen, len(app.session.game.actions)
        now[0] += screens.HURRY_RUN_GAP / 2
        await pilot.press("enter")  # ... and one more of the run, once it has finished
        await wait_until(pilot, lambda a: a.hurry_run.said, "the key of the run said")
        now[0] += screens.MASHED_GAP / 2
        await pilot.press("enter")  # and another, pressed on and on
        await pilot.pause()
        assert app.screen is screen and len(app.session.game.actions) == played
        assert "Ignored: that key came as the computer finished" in str([n.message for n in app._notifications])
        # pressed again as the notice asks, after a moment (within the second, it was ignored too, unsaid; a helper)
        now[0] += screens.MASHED_GAP
        await pilot.press("enter")
        await wait_until(pilot, lambda a: a.screen is not screen or len(a.session.game.actions) > played,
                         "Enter taken")


async def test_keys_pressed_as_the_computer_finishes_answer_nothing_even_if_none_hurried_it(monkeypatch):
    """A German that finished before the first key came began no run of keys: Enter pressed again and again went
    through the report, the allocation and the interdiction (a helper). The screen that comes after the computer's
    moves begins the run itself."""
    import types
    from overlord.tui import screens
    now = [1e6]  # (long after any run of keys begun before it)
    monkeypatch.setattr(screens, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    app = german_mover_game(delay=0)  # (the German's moves shown at once: done before any key)
    async with app.run_test(size=(80, 24)) as pilot:
        await end_the_allied_turn(pilot)
        await wait_until(pilot, lambda a: isinstance(a.screen, ReportScreen), "the turn's report, the German done")
        # the arrows scroll it all the same: they answer nothing (fifteen Downs scrolled it one line; a helper)
        box = pilot.app.screen.query_one(VerticalScroll)
        assert box.max_scroll_y > 2
        await pilot.press("down", "down", "down")
        await wait_until(pilot, lambda a: box.scroll_y == 3, "three lines scrolled")
        assert not pilot.app.hurry_run.said
        await held_back_then_taken(pilot, now)


async def test_the_final_report_after_the_computers_moves_is_not_skipped_by_a_key_of_their_run(monkeypatch):
    """A double Enter on the last fight's card went on through the final report to the title, unread (a helper):
    the final report after the computer's moves begins a run of keys, as any screen after them does."""
    import types
    from pathlib import Path
    from overlord.saves import open_save
    from overlord.tui import screens
    from overlord.tui.final import FinalScreen
    now = [1e6]
    monkeypatch.setattr(screens, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    app = OverlordApp(loaded=open_save(Path(__file__).parent / "golden" / "saves" / "two-week-finished.json"),
                      delay=0)
    app.computer_played = True  # (as the computer's last move before the end)
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda a: isinstance(a.screen, FinalScreen), "the final report")
        await held_back_then_taken(pilot, now)


async def test_while_watching_no_key_is_held_back_as_the_run_of_a_hurry(monkeypatch):
    """P pressed to play on, a moment after a Space that hurried the computers, was ignored as a key "as the
    computer finished" (a helper): watching, no key answers a question."""
    import types
    from overlord.engine.settings import Settings
    from overlord.tui import screens
    now = [1e6]
    monkeypatch.setattr(screens, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    game = Game.new(Settings(scenario="two-week", allied_player="computer", german_player="computer"), 4)
    app = OverlordApp(game=game, delay=0.05, players={"allied": "classic", "german": "classic"}, watching=True)
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda a: len(game.actions) > 5, "the computers play")
        app.hurry_run.hurried()  # (a Space a moment ago)
        app.paused = True
        await pilot.press("p")
        await wait_until(pilot, lambda a: not a.paused, "playing on")
        assert not app.hurry_run.said


async def test_escape_hurries_the_computer_as_any_key_does():
    """Escape while the German moved did not hurry him (it said "Esc takes nothing back here" at his moves; a
    helper): the key bar says any key hurries."""
    app = german_mover_game(delay=30)  # a long delay: only a key can finish the phase in the test
    async with app.run_test() as pilot:
        await the_german_moving(pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda a: a.hurry, "hurried")


def test_the_key_bar_writes_a_run_of_digits_as_a_range():
    assert join_keys(["1", "2", "3", "4", "5", "6"]) == "1-6"
    assert join_keys(["1", "2", "4"]) == "1/2/4"
    assert join_keys([*"1234567890"]) == "0-9"
    assert join_keys(["Y", "N"]) == "Y/N"
    assert join_keys(["f1", "^s"]) == "f1/^s"


async def test_the_command_palette_does_not_open_past_a_hand_over():
    """Ctrl+P on a hand-over opened the palette (Load, Roster, Points, Charts) before the player taking the keyboard
    had pressed Enter."""
    from textual.command import CommandPalette
    game = Game.new(preset_settings("historical", german_player="human"), 3)
    app = OverlordApp(game=game, delay=0)
    policy = {"MovePrompt": lambda p: "e", "DefenderPrompt": lambda p: "y" if p.side == "allied" else "e",
              "AttackerPrompt": lambda p: "y", "SupportPrompt": lambda p: "enter",
              "StrategyPrompt": lambda p: "5" if p.role == "attack" else "1"}
    async with app.run_test() as pilot:
        await drive(pilot, policy=policy, until=lambda a: isinstance(a.screen, HandOverScreen))
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and not isinstance(app.screen, CommandPalette)
