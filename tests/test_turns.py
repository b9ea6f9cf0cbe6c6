"""The turn controller (overlord/turns.py) drives whole games with no Textual at all: solo, hot-seat and the
German solo, each a person's answers given by a computer player. The steps are what the players see: the
set-up's choice of a computer player, the computer's turns, the hand-overs in hot-seat, the cards, the reports
between turns, and the final report at the end."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

from overlord.ai import make_player
from overlord.engine.actions import Answer, ChooseStrategy
from overlord.engine.events import TurnEnded
from overlord.engine.game import Game
from overlord.engine.prompts import QuestionPrompt
from overlord.engine.settings import Settings
from overlord.session import HIDDEN, Session, answers_a_choice_made
from overlord.turns import (ChoosePlayer, ComputerTurn, GameOver, HandOver, HumanTurn, Pages, ResultCard,
                            StandingOrder, Step, Turns)

STEPS = 100_000
# The scenario questions of a German solo against the computer Allies in the First Two Week scenario: change the
# players, the German human, the Allies the computer's, the two weeks, the historical ratings, the fastest delay
GERMAN_SOLO = {"change_ratings": "Y", "german_player": "H", "allied_player": "C", "scenario": "T", "preset": "1",
               "display_delay": "1"}


def drive(session: Session, person: str = "classic", computer: str = "classic", answers=None) -> list[Step]:
    """Play the session's game out through its controller, as a front end would: each step shown, then answered.
    A person's answers are those of the computer player ``person`` (the scenario questions' from ``answers``);
    a person asked a landing's level fights on at it, and the German answers his coastal defences for the day."""
    turns = Turns(session)
    people = {side: make_player(person, side, session.game.seed) for side in ("allied", "german")}
    steps: list[Step] = []
    for _ in range(STEPS):
        step = turns.next_step()
        assert turns.next_step() == step  # asked again before anything is shown or played: the same step
        steps.append(step)
        check_seat(session, step)
        turns.shown(step)
        if isinstance(step, GameOver):
            return steps
        if isinstance(step, ChoosePlayer):
            session.choose_player(step.side, computer)
        elif isinstance(step, StandingOrder):
            turns.answer(step.action)
        elif isinstance(step, ComputerTurn):
            turns.think_and_answer()
        elif isinstance(step, HumanTurn):
            turns.answer(person_answer(session, people[step.side], answers or {}))
    raise AssertionError(f"the game did not end in {STEPS} steps")


def person_answer(session: Session, player, answers: dict[str, str]):
    """What the person answers (and the standing orders he gives with it)."""
    game = session.game
    p = game.prompt
    if isinstance(p, QuestionPrompt):
        return Answer(answers.get(p.question, p.default))
    action = player.choose(game)
    if isinstance(action, ChooseStrategy) and session.asks_fight_on():
        session.fight_on_at(action.level)
    elif isinstance(action, ChooseStrategy) and session.asks_coastal_answer():
        session.coastal_answer = action.level
    return action


def check_seat(session: Session, step: Step) -> None:
    """In hot-seat, a choice the other player must not see is never asked of a player before the keyboard is his
    (a hand-over, or his already)."""
    if isinstance(step, HumanTurn) and session.hot_seat and isinstance(step.prompt, HIDDEN):
        if answers_a_choice_made(step.prompt):  # a defender's: the keyboard passes with a note, as the attacker's
            # level is chosen and the result comes next (each fight cost two hand-overs; found by a helper)
            assert session.game.state.current_combat().attack_level > 0, step
            assert step.takes_keyboard == (session.seat != step.side), step
            return
        # (and sent the other away: a keyboard passed on with a note after a fight's card left him watching the
        # next fight's support and level typed; found by a helper)
        assert session.seat == step.side and session.seat_private, step


def kinds(steps: list[Step]) -> Counter:
    return Counter(type(step).__name__ for step in steps)


def check_ending(session: Session, steps: list[Step]) -> None:
    """The game ends with its final report, once; every turn's end was a page, in order, the last turn's too, just
    before the final report (it was left out, and the score's last jump went unexplained); the game is the one its
    actions replay to."""
    game = session.game
    assert game.over and isinstance(steps[-1], GameOver) and steps[-1].report == game.final_report
    assert kinds(steps)["GameOver"] == 1
    shown = [e for step in steps if isinstance(step, Pages) for e in step.events if isinstance(e, TurnEnded)]
    ended = [e for e in session.log if isinstance(e, TurnEnded)]
    assert shown == ended and len(shown) >= 7 and not session.pages
    assert isinstance(steps[-2], Pages) and steps[-2].ends_turn
    replayed, _ = Game.replay(game.initial_settings, game.seed, game.actions)
    assert replayed.state_hash() == game.state_hash()


def test_solo_a_person_commands_the_allies_against_the_computer_german():
    session = Session(Game.new(Settings(scenario="two-week"), seed=5))
    steps = drive(session)
    check_ending(session, steps)
    count = kinds(steps)
    assert count["HandOver"] == 0 and count["ChoosePlayer"] == 0
    assert {step.side for step in steps if isinstance(step, HumanTurn)} == {"allied"}
    assert {step.side for step in steps if isinstance(step, ComputerTurn)} == {"german"}
    assert count["ComputerTurn"] > 100 and count["HumanTurn"] > 100
    assert count["StandingOrder"] > 0  # the landings fought on at one level
    cards = [step for step in steps if isinstance(step, ResultCard)]
    assert cards and not any(card.by_computers for card in cards)  # a person fought every fight
    assert any(card.assault is not None for card in cards)  # a landing's rounds on one card


def test_hot_seat_hands_the_keyboard_over_before_every_hidden_choice():
    session = Session(Game.new(Settings(scenario="two-week", german_player="human"), seed=6))
    steps = drive(session)
    check_ending(session, steps)
    count = kinds(steps)
    assert count["ComputerTurn"] == 0 and count["HandOver"] > 5
    assert {step.side for step in steps if isinstance(step, HumanTurn)} == {"allied", "german"}
    for handover, after in zip(steps, steps[1:]):
        if isinstance(handover, HandOver):  # the player who takes the keyboard is asked next, and only him
            assert isinstance(after, HumanTurn) and after.side == handover.side and not after.takes_keyboard
    assert any(step.takes_keyboard for step in steps if isinstance(step, HumanTurn))  # a movement: no hand-over
    # a defender chooses once the attacker has: the keyboard passes with a note (each fight cost two hand-overs)
    defences = [step for step in steps if isinstance(step, (HandOver, HumanTurn)) and answers_a_choice_made(step.prompt)]
    assert defences and not any(isinstance(step, HandOver) for step in defences)
    assert any(step.takes_keyboard for step in defences)
    # since the other player last answered, a hand-over sent him away before any choice he must not see (after a
    # fight's card the keyboard passed with a note, and the next fight's support and level were typed before him)
    # and since the reports both read (the side that kept the keyboard across a turn's end typed its first attack
    # before the other; found by a helper)
    last_handover: dict[str, int] = {}
    last_answer: dict[str, int] = {}
    last_reports = -1
    for at, step in enumerate(steps):
        if isinstance(step, HandOver):
            last_handover[step.side] = at
        elif isinstance(step, Pages):
            last_reports = at
        elif isinstance(step, HumanTurn):
            other = "german" if step.side == "allied" else "allied"
            if isinstance(step.prompt, HIDDEN) and not answers_a_choice_made(step.prompt):
                assert last_handover.get(step.side, -1) > max(last_answer.get(other, -1), last_reports), (at, step)
            last_answer[step.side] = at


def test_a_hot_seat_game_resumed_at_a_hidden_choice_hands_the_keyboard_over_first():
    """Who sits at the keyboard is not known in a game just resumed: the other player may be there, so a choice he
    must not see is handed over before it is asked (it was asked at once)."""
    game = Game.new(Settings(scenario="two-week", german_player="human"), seed=6)
    people = {side: make_player("classic", side, 6) for side in ("allied", "german")}
    while not (isinstance(game.prompt, HIDDEN) and game.prompt.side == "german"):
        game.apply(people[game.prompt.side].choose(game))
    resumed = Session(Game.replay(game.initial_settings, game.seed, game.actions)[0])  # as a save is opened
    turns = Turns(resumed)
    step = turns.next_step()
    assert isinstance(step, HandOver) and step.side == "german"
    turns.shown(step)
    asked = turns.next_step()
    assert isinstance(asked, HumanTurn) and asked.side == "german" and resumed.seat == "german"


def test_a_hot_seat_game_resumed_at_a_question_with_nothing_hidden_says_whose_keyboard_it_is():
    """Resumed at the Allied movement, the line that says which player takes the keyboard was left out (who sits
    there is not known after a load; found by a helper): it is said."""
    game = Game.new(Settings(scenario="two-week", german_player="human"), seed=6)
    people = {side: make_player("classic", side, 6) for side in ("allied", "german")}
    while not (game.phase == "allied_movement" and game.turn == 1):
        game.apply(people[game.prompt.side].choose(game))
    step = Turns(Session(Game.replay(game.initial_settings, game.seed, game.actions)[0])).next_step()
    assert isinstance(step, HumanTurn) and step.side == "allied" and step.takes_keyboard


def test_a_hot_seat_game_resumed_at_a_hand_over_gives_its_news():
    """Saved at a hand-over, the game loaded handed over with no news of the fights since that player's last answer
    (they were listed before the save; found by a helper). Each hand-over of two turns, saved and loaded, comes back
    the same: its side, its question and its news."""
    game = Game.new(Settings(scenario="two-week", german_player="human"), seed=6)
    people = {"allied": make_player("classic", "allied", 6), "german": make_player("ai", "german", 6)}
    played = Session(game)
    turns = Turns(played)
    checked = 0
    while game.turn < 3:
        step = turns.next_step()
        if isinstance(step, HandOver):
            resumed = Turns(Session.resumed(Game.replay(game.initial_settings, game.seed, game.actions)[0]))
            again = resumed.next_step()
            while isinstance(again, (ResultCard, Pages)):  # (what the save does not say was seen comes first)
                resumed.shown(again)
                again = resumed.next_step()
            assert isinstance(again, HandOver) and (again.side, again.prompt) == (step.side, step.prompt)
            assert again.news == step.news, (again.news, step.news)
            checked += 1
        turns.shown(step)
        if isinstance(step, HumanTurn):
            turns.answer(person_answer(played, people[step.side], {}))
        elif isinstance(step, StandingOrder):
            turns.answer(step.action)
    assert checked >= 3


def test_a_hand_over_to_the_side_already_at_the_keyboard_after_a_resume_has_no_news():
    """Resumed mid-movement, the Allied player kept the keyboard to his next hidden choice, whose hand-over told him
    his own landing of the turn before as news (a helper); a German who took the keyboard after a fight's card was
    told that fight at his next hand-over: everything since a player took the keyboard was on his screen."""
    game = Game.new(Settings(scenario="two-week", german_player="human"), seed=6)
    people = {side: make_player("classic", side, 6) for side in ("allied", "german")}
    while not (game.phase == "allied_movement" and game.turn == 1):
        game.apply(people[game.prompt.side].choose(game))
    session = Session.resumed(Game.replay(game.initial_settings, game.seed, game.actions)[0])
    turns = Turns(session)
    kept = 0
    while session.game.turn < 4:
        step = turns.next_step()
        if isinstance(step, HandOver) and session.seat == step.side:
            assert step.news == () and step.earlier == 0, step
            kept += 1
        turns.shown(step)
        if isinstance(step, HumanTurn):
            turns.answer(person_answer(session, people[step.side], {}))
        elif isinstance(step, StandingOrder):
            turns.answer(step.action)
    assert kept


def test_german_solo_from_the_scenario_questions_against_the_computer_allies():
    session = Session(Game.new(None, seed=7))
    steps = drive(session, answers=GERMAN_SOLO)
    check_ending(session, steps)
    first = [step for step in steps if not isinstance(step, HumanTurn)][0]
    assert first == ChoosePlayer("allied") and session.player_name("allied") == "classic"
    asked = [step.prompt.question for step in steps if isinstance(step, HumanTurn)
             and isinstance(step.prompt, QuestionPrompt)]
    assert asked == list(GERMAN_SOLO)
    count = kinds(steps)
    assert count["HandOver"] == 0
    assert {step.side for step in steps if isinstance(step, ComputerTurn)} == {"allied"}
    assert {step.side for step in steps if isinstance(step, HumanTurn)} == {"allied", "german"}  # (the questions)
    assert {step.side for step in steps if isinstance(step, HumanTurn)
            and not isinstance(step.prompt, QuestionPrompt)} == {"german"}
    assert count["StandingOrder"] > 0  # the coastal defences answered at the German's level for the day


def test_the_controller_loads_no_screen_library():
    """What the import contract in pyproject.toml forbids, seen in a fresh interpreter: neither Textual nor Rich
    is loaded with the controller (a network client or a replay viewer need neither)."""
    out = subprocess.run([sys.executable, "-c", "import sys, overlord.turns; "
                          "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_game_left_before_its_last_fights_card_was_seen_shows_the_card_when_resumed():
    """Quit (or the window closed) just after the computer answered a fight: the autosave holds the answer, and the
    game resumed went on past the fight, its result only in the log. The card of the last action's fight comes
    first now; a game resumed anywhere else begins as before."""
    game = Game.new(Settings(allied_player="human", german_player="computer"), seed=6)
    people = {side: make_player("classic", side, 6) for side in ("allied", "german")}
    fought = []
    while not fought:  # the first fight of the Allied combat on 6/6, ended by the computer German's answer
        events = game.apply(people[game.prompt.side].choose(game))
        fought = [e for e in events if e.kind == "CombatResult" and game.phase == "allied_combat"
                  and game.prompt.side == "allied"]
    resumed = Session.resumed(Game.replay(game.initial_settings, game.seed, game.actions)[0])
    step = Turns(resumed).next_step()
    assert isinstance(step, ResultCard) and step.results[0].defender == fought[0].defender
    game.apply(people[game.prompt.side].choose(game))  # the Allies answer on: no fight's card left to show
    resumed = Session.resumed(Game.replay(game.initial_settings, game.seed, game.actions)[0])
    assert not isinstance(Turns(resumed).next_step(), ResultCard)


def test_a_game_left_while_the_computer_played_on_to_a_new_turn_shows_its_reports_when_resumed():
    """A browser page closed while the computer German's moves were shown: the game played on to the next turn's
    first question of the Allies before it was saved, and the game resumed there without the end-of-turn report or
    the logistics report (the score fell from -22 to -50 without a word; found by a helper). Both come first now,
    after the fights since the person last answered; once he has answered in the new turn, they do not."""
    game = Game.new(Settings(allied_player="human", german_player="computer"), seed=6)
    people = {side: make_player("classic", side, 6) for side in ("allied", "german")}
    while not (game.turn == 2 and game.prompt.side == "allied"):
        game.apply(people[game.prompt.side].choose(game))
    resumed = Session.resumed(Game.replay(game.initial_settings, game.seed, game.actions)[0])
    turns = Turns(resumed)
    step = turns.next_step()
    if isinstance(step, ResultCard):  # the German's last fight, whose card comes first
        turns.shown(step)
        step = turns.next_step()
    assert isinstance(step, Pages) and step.ends_turn
    reports = [e.kind for e in step.events if e.kind in ("TurnEnded", "LogisticsReport")]
    assert reports == ["TurnEnded", "LogisticsReport"]
    assert step.events[0].kind != "TurnEnded"  # the computer German's fights come first, as in play
    turns.shown(step)
    assert isinstance(turns.next_step(), HumanTurn)
    game.apply(people["allied"].choose(game))  # the Allies answer in the new turn: the reports were seen
    resumed = Session.resumed(Game.replay(game.initial_settings, game.seed, game.actions)[0])
    assert not isinstance(Turns(resumed).next_step(), Pages)


def test_a_save_says_what_its_player_had_seen_and_a_game_loaded_shows_again_only_the_rest(tmp_path):
    """Reports and cards already read came back at every load until the next answer (found by a helper): a save
    holds how many actions the person at the keyboard had seen the outcome of (``seen``), taken as he takes the
    keyboard. Loaded as he left it at 6/8's first question, nothing comes again; saved before he had read the turn's
    reports (the German still moving), the German's last fight's card and the reports come first."""
    from overlord.saves import open_save, write_save
    session = Session(Game.new(Settings(allied_player="human", german_player="computer"), seed=6))
    turns = Turns(session)
    person = make_player("classic", "allied", 6)
    before = None
    for _ in range(STEPS):
        step = turns.next_step()
        if isinstance(step, HumanTurn) and session.game.turn == 2:
            before = session.seen_at  # (at the Allies' last question before the German moved)
            turns.shown(step)
            break
        turns.shown(step)
        if isinstance(step, ComputerTurn):
            turns.think_and_answer()
        elif isinstance(step, HumanTurn):
            turns.answer(person_answer(session, person, {}))
        elif isinstance(step, StandingOrder):
            turns.answer(step.action)
    game = session.game
    assert before is not None and before < session.seen_at == len(game.actions)
    for seen, first in ((session.seen_at, HumanTurn), (before, ResultCard), (None, ResultCard)):  # (None: older)
        path = tmp_path / f"at-{seen}.json"
        write_save(game, path, seen=seen)
        opened = open_save(path)
        assert opened.seen == seen
        resumed = Turns(Session.resumed(opened.game, opened))
        step = resumed.next_step()
        assert isinstance(step, first), (seen, step)
        if first is ResultCard:
            resumed.shown(step)
            assert isinstance(resumed.next_step(), Pages)


def test_a_march_is_answered_step_by_step_and_ends_where_a_step_is_no_answer():
    """A hosted game's G or B: the steps given at once are a standing order, each answered in its turn (the app
    cannot play them at once there: each waits for the host); it ends with its last step, or where its step is no
    answer (another unit asked about, a step not legal), or at another answer."""
    from overlord.engine.actions import Allocate, EndPhase, Move
    from overlord.session import March, beachhead_course
    game = Game.new(None, 21)
    game.apply(Answer("N"))
    for _ in range(3):
        game.apply(Answer("Y"))
    suggested = game.prompt.suggested
    game.apply(Allocate(suggested.fuel, suggested.general, suggested.combat, suggested.amphibious))
    session = Session(game)
    turns = Turns(session)
    unit = game.prompt.unit
    course = beachhead_course(game, unit)
    session.march = March(unit, list(course))
    played = []
    while isinstance(step := turns.next_step(), StandingOrder):
        played.append(step.action)
        turns.answer(step.action)
    assert played == [Move(unit, d) for d in course] and session.march is None
    assert isinstance(step, HumanTurn) and game.prompt.unit == unit  # the player answers again
    session.march = March("us-1-inf", [1])  # a unit not asked about: no answer
    assert isinstance(turns.next_step(), HumanTurn) and session.march is None
    assert session.march_stopped == ("us-1-inf", 1)  # (ended short: the question's line says so)
    session.march = March(unit, [1])
    turns.answer(EndPhase())  # another answer ends the march
    assert session.march is None


def test_a_game_left_at_a_report_that_came_with_a_fights_card_shows_the_report_when_loaded(tmp_path):
    """The last attack of a turn brings its card and the turn's reports with one action; the card read, the game was
    said to be seen to that action, and a game left at the reports (the window closed, the page reloaded) was loaded
    without them (found by a helper)."""
    from overlord.saves import open_save, write_save
    session = Session(Game.new(Settings(allied_player="human", german_player="computer"), seed=6))
    turns = Turns(session)
    person = make_player("classic", "allied", 6)
    for _ in range(STEPS):
        step = turns.next_step()
        turns.shown(step)
        if isinstance(step, (ResultCard, Pages)):
            turns.read()  # (as the app does when the card or the reports are closed)
            if isinstance(step, ResultCard) and isinstance(turns.next_step(), Pages):
                break
        elif isinstance(step, ComputerTurn):
            turns.think_and_answer()
        elif isinstance(step, HumanTurn):
            turns.answer(person_answer(session, person, {}))
        elif isinstance(step, StandingOrder):
            turns.answer(step.action)
    else:
        raise AssertionError("no fight's card came with a turn's reports")
    waiting = turns.next_step()
    assert isinstance(waiting, Pages)
    path = tmp_path / "left-at-the-report.json"
    write_save(session.game, path, seen=session.seen_at)
    opened = open_save(path)
    resumed = Turns(Session.resumed(opened.game, opened))
    steps = []
    for _ in range(3):
        step = resumed.next_step()
        steps.append(step)
        if isinstance(step, Pages):
            break
        resumed.shown(step)
    assert isinstance(steps[-1], Pages) and steps[-1].events == waiting.events, steps


def test_an_answer_taken_back_in_the_set_up_leaves_an_autosave_that_loads():
    """Escape back through the set-up then on: "The game could not be autosaved: ... would not load (field 'seen' is
    out of range (0 to the number of actions))": the answers seen outnumbered those left (found by a helper)."""
    from overlord.saves import open_save
    session = Session(Game.new(None, seed=12))  # (no settings: the set-up's questions are asked)
    for _ in range(3):
        assert isinstance(session.game.prompt, QuestionPrompt)
        session.game.apply(session.game.legal_actions()[0])
    session.seen_at = len(session.game.actions)  # (as the turn controller marks a question reached)
    session.take_back_answer()
    session.take_back_answer()
    assert session.seen_at == len(session.game.actions) == 1
    assert open_save(session.autosave()).seen == 1
