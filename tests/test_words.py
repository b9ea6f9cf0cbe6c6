"""The events' words (overlord/words.py): every kind of event has them, in good grammar, from data alone."""

from __future__ import annotations

import math

import attrs
import pytest

from overlord import words
from overlord.engine import Answer, Game, Settings
from overlord.engine.data import cached_data
from overlord.engine.events import (AssaultBegun, AttacksHeldBack, CadreTrapped, CombatResult, DropResult, Event, InfiltrationFailed,
                                    InterdictionCost, InterdictionFlown, InterdictionGrounded, Landed, LogisticsReport,
                                    MarkerDestroyed, Motion, MovesHeldBack, PhaseStarted, ReinforcementBlocked, ReinforcementEntered,
                                    RetreatedNextToEnemy, RetreatRefused, SecondCombatOffered, SettingChosen,
                                    TransportAllocated, TurnEnded, UnitEliminated, UnitMoved)
from overlord.engine.results import TurnPoints
from overlord.headless import play_out
from overlord.ai import make_player

DATA = cached_data()
RANGERS = "us-rangers"  # "2nd and 5th Ranger Battalions": a plural name
BROUGHT = {"fuel": 3, "general": 4, "combat": 5}


def every_kind(cls: type = Event) -> set[type]:
    """Every subclass of Event, however deep."""
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub} | every_kind(sub)
    return out


def fight(attackers: tuple[str, ...], defender: str, **changes) -> CombatResult:
    return CombatResult(**{**dict(attackers=attackers, defender=defender, odds=2.0, attack_level=5, defence_level=3,
                                  attacker_losses=4, defender_losses=9, retreat=False, eliminated=False,
                                  second_combat=False, combat_supply=0), **changes})


LINES = [  # (event, its line)
    (PhaseStarted(turn="6/7", phase="logistics"), "Turn 6/7"),
    (PhaseStarted(turn="6/7", phase="allied_movement"), "Allied movement"),
    (SettingChosen(question="german_player", value="computer"), "german player: computer"),
    (DropResult(unit="us-82-abn", zone=(6, 5), landed_at=(10, 5), drifted=1, cp_lost=0),
     "82nd Airborne Division drops at beach (10,5) after drifting 1 position"),
    (DropResult(unit="us-82-abn", zone=(6, 5), landed_at=(10, 5), drifted=2, cp_lost=7, over_water=True),
     "82nd Airborne Division drops at beach (10,5) after drifting 2 positions, some sticks lost over the sea (7 CP lost)"),
    (TransportAllocated(turn="6/7", fuel=30, general=30, combat=20, amphibious=20),
     "Transport for 6/7: fuel 30%, general 30%, combat 20%, amphibious 20%"),
    (InterdictionGrounded(), "No interdiction is possible: the aircraft are grounded"),
    (InterdictionFlown(air_points=1, effective=1, weather="clear"), "1 air point flies interdiction (1 effective in clear weather)"),
    (InterdictionFlown(air_points=20, effective=15, weather="cloudy"),
     "20 air points fly interdiction (15 effective in cloudy weather)"),
    (InterdictionCost(movement_points=1), "Air interdiction costs the German 1 movement point in all"),
    (LogisticsReport(turn="6/7", weather="clear", transport=40, arrived={"fuel": 10, "general": 10, "combat": 10,
                                                                          "amphibious": 10},
                     upkeep=5, pools={}, out_of_supply=("us-1-inf",), deprived=(), attrition=0, reinforcements=(),
                     weather_percent=0),
     "Logistics 6/7: clear weather, 40 transport points (fuel +10, general +10, combat +10, amphibious +10); "
     "upkeep 5; 1 Allied unit beyond supply lines (1st Infantry Division), 0 without general supply"),
    (ReinforcementEntered(unit="de-21-pz", entry="Vire road", to=(14, 11)),
     "German reinforcement: 21st Panzer Division enters by the Vire road"),
    (ReinforcementBlocked(unit="de-21-pz", entry="Vire road"),
     "21st Panzer Division cannot enter at Vire road (blocked); it will try next turn"),
    (UnitMoved(unit="us-1-inf", origin=(16, 8), to=(17, 8), cost=2, fuel=3, mp_left=1, stops=True),
     "1st Infantry Division moves to Caen (2 MP, 3 fuel): next to the enemy, it stops"),
    (UnitMoved(unit=RANGERS, origin=(16, 8), to=(17, 8), cost=2, fuel=0, mp_left=1, stops=True),
     "2nd and 5th Ranger Battalions move to Caen (2 MP): next to the enemy, they stop"),
    (UnitMoved(unit=RANGERS, origin=(10, 1), to=(10, 2), cost=0, fuel=0, mp_left=6, motion=Motion.SAIL),
     "2nd and 5th Ranger Battalions sail to (10,2)"),
    (UnitMoved(unit="de-21-pz", origin=(16, 8), to=(17, 8), cost=0, fuel=0, mp_left=0, motion=Motion.RETREAT),
     "21st Panzer Division retreats to Caen"),
    (UnitMoved(unit=RANGERS, origin=(16, 8), to=(17, 8), cost=0, fuel=0, mp_left=0, motion=Motion.ADVANCE),
     "2nd and 5th Ranger Battalions advance into Caen"),
    (InfiltrationFailed(unit=RANGERS), "2nd and 5th Ranger Battalions fail to infiltrate and are pinned where they are"),
    (InfiltrationFailed(unit="de-21-pz"), "21st Panzer Division fails to infiltrate and is pinned where it is"),
    (AssaultBegun(unit=RANGERS, beach="Omaha", to=(10, 5), amphibious=6, brought=BROUGHT),
     "2nd and 5th Ranger Battalions cross to Omaha beach (6 amphibious; bring 3 fuel, 4 general, 5 combat supply): "
     "the coastal defence holds them, and they must fight their way ashore"),
    (Landed(unit=RANGERS, beach="Omaha", to=(10, 5), rounds=2, cp_lost=8, amphibious=6, brought=BROUGHT, stops=True),
     "2nd and 5th Ranger Battalions land at Omaha after 2 rounds against the coastal defences (8 CP lost); "
     "next to the enemy, they stop; bring 3 fuel, 4 general, 5 combat supply"),
    (Landed(unit="us-1-inf", beach="Omaha", to=(10, 5), rounds=1, cp_lost=8, amphibious=6, brought=BROUGHT,
            destroyed=True),
     "1st Infantry Division is destroyed assaulting Omaha beach after 1 round"),
    (fight(("us-1-inf", "us-29-inf"), "de-352-inf", retreat=True),
     "1st Infantry Division and 29th Infantry Division attack 352nd Infantry Division at 2.0:1 (Medium attack "
     "against Fighting withdrawal): the attackers lose 4 CP, the defender 9; the defender must retreat"),
    (fight(("de-21-pz",), "bc-3-inf", combat_supply=6, eliminated=True),
     "21st Panzer Division attacks 3rd British Infantry Division at 2.0:1 (Medium attack against Fighting "
     "withdrawal): the attacker loses 4 CP, the defender 9, 6 Allied combat supply spent; the defender is eliminated"),
    (fight((RANGERS,), "de-352-inf", beach="Omaha", round=2, eliminated=True),
     "2nd and 5th Ranger Battalions assault Omaha beach, round 2, at 2.0:1 (Medium attack against Fighting "
     "withdrawal): the attackers lose 4 CP, the defender 9; the coastal defence of Omaha is eliminated"),
    (RetreatRefused(unit="de-21-pz", cp_lost=3), "21st Panzer Division refuses to retreat and loses 3 more CP"),
    (RetreatedNextToEnemy(unit=RANGERS, cp_lost=2),
     "2nd and 5th Ranger Battalions retreat next to the enemy and lose 2 more CP"),
    (CadreTrapped(unit="de-21-pz"), "21st Panzer Division's cadre has nowhere to go and is destroyed"),
    (AttacksHeldBack(side="allied", units=("us-1-inf", "us-29-inf"), combat_supply=2),
     "No more Allied attacks this phase: the combat supply pool (2) cannot pay for a Recon attack by 1st Infantry "
     "Division, 29th Infantry Division"),
    (AttacksHeldBack(side="german", units=("de-21-pz",), combat_supply=0),
     "Cut off from supply, 21st Panzer Division cannot attack"),
    (MovesHeldBack(units=("us-1-inf",), fuel=3),
     "No more Allied moves this phase: the fuel pool (3) cannot pay for a step by 1st Infantry Division (the transport "
     "allocation's fuel share fills it)"),
    (SecondCombatOffered(attackers=("us-1-inf",)), "1st Infantry Division may attack again (second combat)"),
    (UnitEliminated(unit="de-21-pz", cadre=True), "21st Panzer Division is eliminated and forms a cadre"),
    (UnitEliminated(unit=RANGERS, cadre=False), "2nd and 5th Ranger Battalions are eliminated"),
    (MarkerDestroyed(beach="Gold"), "The German overruns Gold beach: its beachhead marker is destroyed"),
    (TurnEnded(turn="6/7", score=120.4, adjusted_score=110.0, weather_percent=8,
               points=TurnPoints(objectives=10, objectives_final=0, continent_side=2.5, ocean_side=6)),
     "End of 6/7: this turn Allied +12 for ground, German +6; score 120 (weather +8%, adjusted 110)"),
]


@pytest.mark.parametrize("event,expected", LINES, ids=lambda v: v.kind if isinstance(v, Event) else "")
def test_each_event_has_its_line_in_good_grammar(event, expected):
    assert words.line(event, DATA) == expected


def test_every_kind_of_event_has_words_and_an_example_here():
    kinds = every_kind()
    assert kinds == set(words.WORDS), "an Event subclass without words (or words for no event)"
    shown = {type(e) for e, _ in LINES}
    assert kinds - shown <= {words.GameEnded}  # the final report's line is checked on a whole game below


def test_every_event_of_whole_games_is_said_in_words_naming_its_units():
    """Two games, one begun with the scenario questions: each event's line names its units, never their ids."""
    for settings, seed, allied in ((Settings(scenario="two-week", allied_player="computer"), 2, "historical"),
                                   (None, 4, "pass")):
        game = Game.new(settings, seed)
        log = list(game.opening_events)
        if settings is None:
            for choice in ("Y", "C", "C", "T", "2", "3"):  # the questions: a two-week game, the computer German
                log.extend(game.apply(Answer(choice)))
        play_out(game, {"allied": make_player(allied, "allied", seed), "german": make_player("ai", "german", seed)},
                 on_action=lambda g, action, events, log=log: log.extend(events))
        for event in log:
            text = words.line(event, game.data)
            assert text and "None" not in text, event
            landing = isinstance(event, CombatResult) and event.beach is not None  # its defender: "the coastal defence"
            for field in attrs.fields(type(event)):
                value = getattr(event, field.name)
                named = ("unit",) if landing else ("unit", "defender")
                ids = (value,) if field.name in named else value if field.name == "attackers" else ()
                for uid in ids:
                    assert game.spec(uid).name in text and uid not in text, (event, text)
        assert words.line(log[-1], game.data).startswith("The game is over: ")


def test_a_plural_name_is_known_by_its_last_word():
    assert words.is_plural("2nd and 5th Ranger Battalions") and not words.is_plural("1st Infantry Division")
    assert words.plural(1, "round") == "1 round" and words.plural(0, "round") == "0 rounds"
    assert str(words.Subject(DATA, ["us-1-inf", "us-29-inf"])) == "1st Infantry Division and 29th Infantry Division"
    assert words.Subject(DATA, ["us-1-inf", "us-29-inf"]).verb("attacks", "attack") == "attack"
    three = words.Subject(DATA, ["us-4-cav", "us-4-inf", "us-rangers"])  # commas, then "and" (found by a helper)
    assert str(three) == "4th Cavalry Squadron, 4th Infantry Division and 2nd and 5th Ranger Battalions", str(three)


def test_odds_read_the_same_before_a_fight_and_in_its_result():
    """The question and the hint read 1.653 as "1.7:1", the result the 1.65 the engine keeps (1.6499...) as "1.6:1":
    the card then seemed to say the odds had changed (found by a helper). Both go to a tenth from the hundredths."""
    from overlord.engine.data import load_data
    from overlord.words import odds
    data = load_data()
    assert odds(data, 1.653) == odds(data, round(1.653, 2)) == odds(data, 1.6499999999999999) == "1.7:1"
    assert odds(data, 1.04) == "1.0:1" and odds(data, 0.25) == "0.3:1" and odds(data, 3) == "3.0:1"
    assert odds(data, 1.98) == "1.98:1"  # (under a retreat threshold, to the hundredth as before)
    # near a threshold too (2.447 read "2.44:1" in the question and "2.45:1" on its card; found by a helper), but
    # never reading as a threshold the odds do not reach
    assert odds(data, 2.447) == odds(data, round(2.447, 2)) == "2.45:1"
    assert odds(data, 1.996) == "1.99:1" and odds(data, 2.4999999999999996) == "2.5:1"
    for hundredths in range(50, 400):
        for thousandth in range(10):
            ratio = hundredths / 100 + thousandth / 1000
            assert odds(data, ratio) == odds(data, round(ratio, 2)) or odds(data, ratio).startswith(
                f"{math.floor(ratio * 100 + 1e-6) / 100:.2f}"), ratio
