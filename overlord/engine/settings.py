"""Game settings: scenario, who plays each side, the seven ratings, options.

The ratings run 1 to LEVELS. A Settings made without the game's data holds the historical
ratings and the default display delay of data/rules.toml (``Ratings()`` and ``Settings()`` below
write them again, so that settings can be made before the data are read; tests keep the two equal).
docs/rules.md says what each rating changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from .enums import Side
from .records import FrozenRecord

SCENARIOS = ("campaign", "two-week")
PLAYERS = ("human", "computer")
LEVELS = 9  # ratings and strategy levels run 1 to 9, the display delay 0 to 9 (rulebook)


def _rating(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LEVELS:
        raise ValueError(f"rating {attribute.name} must be a whole number from 1 to {LEVELS}, not {value!r}")


@attrs.frozen(repr=False, eq=False)
class Ratings(FrozenRecord):
    combat_points: int = attrs.field(default=5, validator=_rating)
    leadership: int = attrs.field(default=7, validator=_rating)  # German leadership
    transport: int = attrs.field(default=5, validator=_rating)  # the rulebook's "amphibious supply rating"
    airpower: int = attrs.field(default=5, validator=_rating)
    naval: int = attrs.field(default=5, validator=_rating)
    coastal_defence: int = attrs.field(default=5, validator=_rating)
    reinforcements: int = attrs.field(default=5, validator=_rating)  # German reinforcement arrival
    us_leadership: int = attrs.field(default=5, validator=_rating)  # only Patton Replaces Montgomery changes it

    # The seven ratings the scenario questions ask for, in the 1981 order.
    ASKED = ("combat_points", "leadership", "transport", "airpower", "naval", "coastal_defence", "reinforcements")
    # Set by hand, they are asked with US leadership last, so that every rating a preset of the rulebook
    # changes can be set by hand too (Patton Replaces Montgomery's US leadership 7; docs/rules.md).
    BY_HAND = ASKED + ("us_leadership",)
    LABELS = {
        "combat_points": "Combat points",
        "leadership": "German leadership",
        "transport": "Transport (amphibious supply)",
        "airpower": "Tactical air power",
        "naval": "Naval power",
        "coastal_defence": "Coastal defence",
        "reinforcements": "German reinforcement arrival",
        "us_leadership": "US leadership (Patton)",
    }
    SHORT = {"combat_points": "German combat points", "leadership": "German leadership", "transport": "transport",
             "airpower": "air power", "naval": "naval power", "coastal_defence": "coastal defence",
             "reinforcements": "German reinforcement arrival", "us_leadership": "US leadership"}
    # the side a rating's higher numbers favour (data/rules.toml [ratings]: more German combat points, leadership
    # and coastal defence; more transport, air and naval power, later German reinforcements, better US leaders)
    FAVOURS = {"combat_points": "German", "leadership": "German", "transport": "Allies", "airpower": "Allies",
               "naval": "Allies", "coastal_defence": "German", "reinforcements": "Allies", "us_leadership": "Allies"}


def _choice(options: Iterable[str]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in options:
            raise ValueError(f"{attribute.name} must be one of {', '.join(options)}, not {value!r}")
    return check


def _delay(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LEVELS:
        raise ValueError(f"display_delay must be a whole number from 0 to {LEVELS}, not {value!r}")


def _flag(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attribute.name} must be true or false, not {value!r}")


def _of_type(kind: type) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):  # (attrs' own check says it in a tuple of four)
            raise TypeError(f"{attribute.name} must be a {kind.__name__}, not {value!r}")
    return check


@attrs.frozen(repr=False, eq=False)
class Settings(FrozenRecord):
    scenario: str = attrs.field(default="campaign", validator=_choice(SCENARIOS))
    allied_player: str = attrs.field(default="human", validator=_choice(PLAYERS))
    german_player: str = attrs.field(default="computer", validator=_choice(PLAYERS))
    ratings: Ratings = attrs.field(factory=Ratings, validator=_of_type(Ratings))
    german_dday_movement: bool = attrs.field(default=False, validator=_flag)
    display_delay: int = attrs.field(default=3, validator=_delay)
    preset: str = attrs.field(default="historical", validator=_of_type(str))

    @property
    def german_is_human(self) -> bool:
        return self.german_player == "human"

    def player(self, side: str) -> str:
        return self.allied_player if side == Side.ALLIED else self.german_player
