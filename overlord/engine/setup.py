"""Scenario selection (rulebook, Summary of Game Play I) and placing the units.

The 1981 questions, asked one at a time as ``QuestionPrompt``s: change any
ratings or players? "N" gives the Campaign Game against the computer German
with historical ratings, the default display delay (rules.setup) and no German
movement on D-Day. "Y"
asks for the German player, then (beyond 1981) the Allied player, the scenario,
a preset (the Difficulty Levels and Optional Rules charts) or each of the seven
ratings and US leadership, German movement on D-Day, and the display delay.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from .actions import Answer
from .data import LEVELS, GameData
from .enums import Nation, Side
from .events import Event, SettingChosen
from .prompts import QuestionPrompt
from .settings import SCENARIOS, Ratings, Settings
from .state import ASHORE, COASTAL, PENDING, BeachState, Pools, UnitState
from .util import clamp, round_half_up

if TYPE_CHECKING:
    from .game import Game

FIRST_QUESTIONS = ("change_ratings",)
PRESET_ORDER = (("1", "difficulty", "historical"), ("2", "difficulty", "novice"), ("3", "difficulty", "experienced"),
                ("4", "difficulty", "expert"), ("5", "optional", "rommels-plan"), ("6", "optional", "patton"))
CUSTOM = "7"
CUSTOM_PRESET = "custom"  # the preset of ratings set by hand (the answer CUSTOM)
DIGITS = tuple(str(i) for i in range(1, LEVELS + 1))


def begin(g: "Game", events: list[Event]) -> bool:
    return True


def prompt(g: "Game") -> QuestionPrompt:
    question = g.state.current_setup().queue[0]
    s = g.state.settings
    if question == "change_ratings":
        # (the 1981 question; its answers say what they lead to: a newcomer looking for the two-week scenario
        # answered N and was given the campaign, with nothing said)
        return _ask(question, "Change any ratings or players?", ("Y", "N"),
                    ("Yes: the scenario, who plays, the ratings", "No: the campaign against the computer German"), "N")
    if question == "german_player":
        return _ask(question, "Who plays the German?", ("C", "H"), ("Computer", "Human"), "C")
    if question == "allied_player":
        return _ask(question, "Who plays the Allies? (computer Allied is new since 1981)", ("H", "C"),
                    ("Human", "Computer"), "H")
    if question == "scenario":
        return _ask(question, "Which scenario?", ("C", "T"), tuple(scenario_label(g, k) for k in SCENARIOS), "C")
    if question == "preset":
        labels = tuple(preset_label(g, key) for _, _, key in PRESET_ORDER) + ("Set each rating myself",)
        return _ask(question, "Ratings: choose a level or optional rule, or set each rating",
                    tuple(o for o, _, _ in PRESET_ORDER) + (CUSTOM,), labels, "1")
    if question.startswith("rating:"):
        name = question.split(":", 1)[1]
        default = str(g.data.rules.ratings.historical[name])
        return _ask(question, f"{Ratings.LABELS[name]} rating (1-{LEVELS}, historical {default}; higher favours the "
                    f"{Ratings.FAVOURS[name]})", DIGITS, DIGITS,
                    str(getattr(s.ratings, name)))
    if question == "german_dday_movement":
        return _ask(question, "May the German move on D-Day? (an optional rule; it favours the German)", ("Y", "N"),
                    ("Yes", "No"), "Y" if s.german_dday_movement else "N")
    if question == "display_delay":
        shown = ("how long each computer move stays on the map; the pause between a landing's rounds"
                 if "computer" in (s.german_player, s.allied_player) else "the pause between a landing's rounds")
        return _ask(question, f"Display delay (1 fast - 9 slow)? ({shown})", DIGITS, DIGITS,
                    str(max(1, s.display_delay)))
    raise AssertionError(f"unknown question {question}")


def preset_label(g: "Game", key: str) -> str:
    """A preset's name, and which side its ratings make the game easier for (a German at the keyboard choosing
    "Novice" made his own game harder, and nothing said so): "Novice (easier for the Allies)"."""
    rating_set = g.data.charts.rating_set(key)
    historical = g.data.rules.ratings.historical
    sides = {Ratings.FAVOURS[name] if value > historical[name] else
             ("German" if Ratings.FAVOURS[name] == "Allies" else "Allies")
             for name, value in rating_set.ratings.items() if value != historical[name]}
    if rating_set.german_dday_movement:
        sides.add("German")
    return f"{rating_set.name} (easier for the {sides.pop()})" if len(sides) == 1 else rating_set.name


def settings_words(g: "Game") -> str:
    """The scenario and ratings a game is played at, in a sentence (the set-up's answers, which nothing on screen
    gave again once it began): "Campaign Game (to June 30); ratings: Novice (easier for the Allies), transport 7,
    air power 6, coastal defence 3, naval power 6". The ratings as the game has them, not the chart's (a display
    delay asked after the preset is the player's, not the preset's)."""
    s = g.settings
    historical = g.data.rules.ratings.historical
    changes = [rating_words(name, getattr(s.ratings, name), historical[name]) for name in historical
               if getattr(s.ratings, name) != historical[name]]
    if s.german_dday_movement:
        changes.append("the German moves on D-Day")
    said = ", ".join(changes) if changes else historical_words(g)
    ratings = f"ratings set by hand: {said}" if s.preset == CUSTOM_PRESET else \
        f"ratings: {preset_label(g, s.preset)}, {said}"
    human = human_german_words(g)
    return f"{scenario_label(g, s.scenario)}; {ratings}.{' ' + human if human else ''}"


def human_german_words(g: "Game", brief: bool = False) -> str:
    """What the charts give the Allies against a German played by a person, at every preset ("" against the
    computer): a German at the keyboard took Historical for an even game, and was told only on the logistics
    card (found by a helper). ``brief``: in a line of the set-up's list at 80 columns."""
    if not g.settings.german_is_human:
        return ""
    more = g.data.charts.transport.human_german
    if brief:
        return (f"Against a person the Allies have +{more.transport_percent}% transport, +{more.air_naval_percent}% "
                "air and naval points.")
    return (f"Against a German played by a person the Allies have {more.transport_percent}% more transport and "
            f"{more.air_naval_percent}% more air and naval points, at every preset (the charts' note).")


def preset_changes(g: "Game", key: str) -> str:
    """What a preset changes from the historical ratings (every rating 5, German leadership 7, no German move on
    D-Day): "transport 7, air power 6, coastal defence 3, naval power 6"; one that changes none gives them."""
    rating_set = g.data.charts.rating_set(key)
    historical = g.data.rules.ratings.historical
    changes = [rating_words(name, value, historical[name]) for name, value in rating_set.ratings.items()
               if value != historical[name]]
    if rating_set.german_dday_movement:
        changes.append("the German moves on D-Day")
    if not changes:
        if key == "historical":
            return historical_words(g)
        # (Expert, "every rating 5, German leadership 7; the display delay 1", was taken for a harder game; found
        # by a helper): the rulebook changes no rating for it
        same = f"the same as {g.data.charts.rating_set('historical').name}"
        delay = rating_set.display_delay
        return same if delay is None else f"{same} but for the display delay ({delay})"
    return ", ".join(changes)


def rating_words(name: str, value: int, historical: int) -> str:
    """A rating changed, in words: "transport 7", "German reinforcement arrival 3 (sooner)"."""
    return f"{Ratings.SHORT[name]} {value}{which_way(name, value, historical)}"


def which_way(name: str, value: int, historical: int) -> str:
    """" (sooner)" or " (later)" for a reinforcement arrival changed ("German reinforcement arrival 3": a newcomer
    could not tell whether 3 was sooner; found by a helper); "" for any other rating, whose way its name says."""
    if name != "reinforcements" or value == historical:
        return ""
    return " (sooner)" if value < historical else " (later)"


def historical_words(g: "Game") -> str:
    """The historical ratings in words: "every rating 5, German leadership 7"."""
    historical = g.data.rules.ratings.historical
    usual = Counter(historical.values()).most_common(1)[0][0]
    odd = [f"{Ratings.SHORT[name]} {value}" for name, value in historical.items() if value != usual]
    return f"every rating {usual}" + "".join(f", {o}" for o in odd)


def _ask(question: str, text: str, options: tuple[str, ...], labels: tuple[str, ...], default: str) -> QuestionPrompt:
    return QuestionPrompt(side=Side.ALLIED, question=question, text=text, options=options, labels=labels,
                          default=default)


def legal_actions(g: "Game", p: QuestionPrompt) -> list[Answer]:
    return [Answer(o) for o in p.options]


def apply(g: "Game", action: Answer, events: list[Event]) -> bool:
    """Record an answer; True once every question is answered."""
    st = g.state
    queue = st.current_setup().queue
    question = queue.pop(0)
    choice = action.choice
    s = st.settings
    value: object = choice
    if question == "change_ratings":
        if choice == "N":
            st.settings = default_settings(g)
            value = "no: Campaign Game, computer German, historical ratings"
        else:
            queue[:0] = ["german_player", "allied_player", "scenario", "preset"]
            value = "yes"
    elif question == "german_player":
        st.settings = attrs.evolve(s, german_player="computer" if choice == "C" else "human")
        value = st.settings.german_player
    elif question == "allied_player":
        st.settings = attrs.evolve(s, allied_player="computer" if choice == "C" else "human")
        value = st.settings.allied_player
    elif question == "scenario":
        st.settings = attrs.evolve(s, scenario="campaign" if choice == "C" else "two-week")
        value = st.settings.scenario
    elif question == "preset":
        if choice == CUSTOM:
            st.settings = attrs.evolve(s, preset=CUSTOM_PRESET, ratings=historical_ratings(g.data))
            queue[:0] = [f"rating:{r}" for r in Ratings.BY_HAND] + ["german_dday_movement", "display_delay"]
            value = CUSTOM_PRESET
        else:
            kind, key = next((k, n) for o, k, n in PRESET_ORDER if o == choice)
            st.settings = apply_preset(g.data, s, kind, key)
            queue[:0] = ["display_delay"]
            value = st.settings.preset
    elif question.startswith("rating:"):
        name = question.split(":", 1)[1]
        st.settings = attrs.evolve(s, ratings=attrs.evolve(s.ratings, **{name: int(choice)}))
        value = int(choice)
    elif question == "german_dday_movement":
        st.settings = attrs.evolve(s, german_dday_movement=choice == "Y")
        value = "yes" if st.settings.german_dday_movement else "no"
    elif question == "display_delay":
        st.settings = attrs.evolve(s, display_delay=int(choice))
        value = int(choice)
    events.append(SettingChosen(question=question, value=str(value)))
    if queue:
        return False
    st.setup = None
    return True


def scenario_label(g: "Game", key: str) -> str:
    """"Campaign Game (to June 30)": the scenario's name and last date (the Turns chart)."""
    charts = g.data.charts
    scenario = charts.scenarios[key]
    return f"{scenario.name} (to {charts.dates[charts.turn_index(scenario.last_turn)]})"


def historical_ratings(data: GameData) -> Ratings:
    return Ratings(**data.rules.ratings.historical)


def default_settings(g: "Game") -> Settings:
    """The answer "N": Campaign Game, computer German, the Historical level (historical ratings, no D-Day
    movement, the default display delay)."""
    return preset_settings("historical", g.data, scenario="campaign", allied_player="human", german_player="computer")


def apply_preset(data: GameData, settings: Settings, kind: str, key: str) -> Settings:
    """Settings per a Difficulty Levels row or an Optional Rule (``kind`` says which chart ``key`` is
    from): historical plus what it changes."""
    chart = data.charts.difficulty if kind == "difficulty" else data.charts.optional_rules.rules
    p = chart[key]
    ratings = attrs.evolve(historical_ratings(data), **p.ratings)
    delay = p.display_delay
    if delay is None:
        delay = settings.display_delay if settings.display_delay else data.rules.setup.default_display_delay
    return attrs.evolve(settings, ratings=ratings, german_dday_movement=p.german_dday_movement,
                        display_delay=delay, preset=key)


def presets(data: GameData) -> list[str]:
    """The names of the presets: the Difficulty Levels' rows, then the Optional Rules'."""
    return [*data.charts.difficulty, *data.charts.optional_rules.rules]


def check_preset(data: GameData, key: str) -> None:
    """A game's ``preset`` is a preset's name, or ``custom`` (the ratings set by hand): ValueError naming the field
    (Settings cannot check it, having no charts; a name made up was played, saved and shown)."""
    if key != CUSTOM_PRESET and key not in presets(data):
        raise ValueError(f"preset must be one of {', '.join([*presets(data), CUSTOM_PRESET])}, not {key!r}")


def preset_settings(key: str, data: GameData | None = None, **overrides: Any) -> Settings:
    """Settings for a named preset (historical, novice, experienced, expert, rommels-plan, patton)."""
    from .data import cached_data
    data = data or cached_data()
    if key in data.charts.difficulty:
        kind = "difficulty"
    elif key in data.charts.optional_rules.rules:
        kind = "optional"
    else:
        raise ValueError(f"unknown preset {key!r}: choose from {', '.join(presets(data))}")
    historical = Settings(ratings=historical_ratings(data), display_delay=data.rules.setup.default_display_delay)
    return attrs.evolve(apply_preset(data, historical, kind, key), **overrides)


# --------------------------------------------------------------------------- the units
def place_units(g: "Game") -> None:
    """Create every unit's state from the order of battle, as the settings' ratings adjust it."""
    st = g.state
    r = st.settings.ratings
    rules = g.data.rules.ratings
    st.units = {}
    for uid, spec in g.data.units.items():
        cp, lead = spec.cp, spec.leadership
        arrival = None
        if spec.side == Side.GERMAN:
            if spec.is_coastal:
                cp = round_half_up(cp * rules.factor(r, "coastal_defence"))
            else:
                cp = round_half_up(cp * rules.factor(r, "combat_points"))
            lead += rules.points_from_historical(r, "leadership")
            if spec.arrival is not None:
                shift = round_half_up(rules.points_from_historical(r, "reinforcements") * rules.reinforcement_turns_per_point)
                arrival = clamp(g.turn_of(spec.arrival) + shift, 1, len(g.data.charts.turns) - 1)
        else:
            if spec.nation == Nation.US:
                lead += rules.points_from_historical(r, "us_leadership")
            if spec.arrival not in (None, "drop"):
                arrival = g.turn_of(spec.arrival)
        cp = max(cp, 1) if spec.cp else 0
        u = UnitState(id=uid, status=PENDING, cp=cp, max_cp=cp, leadership=clamp(lead, 1, LEVELS), arrival=arrival)
        if spec.is_coastal:
            u.status, u.beach = COASTAL, spec.beach
        elif spec.start is not None:
            u.status, u.position = ASHORE, spec.start
        st.units[uid] = u
    st.beaches = {b.name: BeachState(name=b.name) for b in g.data.map.beaches}
    st.pools = Pools(**g.data.rules.dday.initial_pools)
