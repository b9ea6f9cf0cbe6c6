"""Prompts: the question the engine is asking now, and of which side.

Each prompt names what is being decided and its legal answers. Front ends (the
Textual UI, the computer players, tests) read the prompt and answer with an
action; ``Game.legal_actions()`` enumerates the answers.
"""

from __future__ import annotations

from typing import Protocol

import attrs

from .data import LEVELS
from .enums import Side
from .hexgrid import Hex
from .records import FrozenRecord
from .state import Allocation


@attrs.frozen(repr=False, eq=False)
class Prompt(FrozenRecord):
    side: Side = attrs.field(converter=Side)  # who answers: Side.NONE once the game is over

    @property
    def kind(self) -> str:
        return type(self).__name__


@attrs.frozen(repr=False, eq=False)
class QuestionPrompt(Prompt):
    """A scenario question answered with one key (Y/N, a digit, a letter)."""
    question: str
    text: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    default: str


@attrs.frozen(repr=False, eq=False)
class DropZonePrompt(Prompt):
    """Drop this airborne division on ``zone``? Y accepts, N offers the next zone."""
    unit: str
    zone: Hex
    candidate: int  # 0 = the historical zone
    candidates: int
    options: tuple[str, ...] = ("Y", "N")


@attrs.frozen(repr=False, eq=False)
class AllocationPrompt(Prompt):
    """Next turn's transport: four percentages that add up to 100."""
    for_turn: str
    suggested: Allocation


@attrs.frozen(repr=False, eq=False)
class InterdictionPrompt(Prompt):
    """Air points (up to max_points) to fly on interdiction against German movement."""
    weather: str
    air_available: int
    max_points: int
    effective_percent: int  # what the weather leaves of the points entered


@attrs.frozen(repr=False, eq=False)
class MovePrompt(Prompt):
    """Move this unit: a direction 1-6, F (finish for now) or E (end the phase).

    What each direction would cost (movement points, fuel, whether the unit stops or lands) is
    asked of view.step_cost when wanted: the prompt is made at every step, and the computer
    players plan their own paths."""
    unit: str
    mp: int
    directions: tuple[int, ...]
    cycle: int
    afloat: bool
    landing: tuple[int, ...] = ()  # the directions that land it on a beach


class _WithOdds(Protocol):
    @property
    def odds(self) -> float: ...


def _same_as_odds(prompt: _WithOdds) -> float:
    return prompt.odds


@attrs.frozen(repr=False, eq=False)
class DefenderPrompt(Prompt):
    """Attack this enemy unit? Y, N (next) or E (end the combat phase)."""
    defender: str
    attackers: tuple[str, ...]  # the units that could join the attack
    pass_no: int
    second_combat: bool
    odds: float  # with every one of them, on paper (see StrategyPrompt)
    fought_odds: float = attrs.field(default=attrs.Factory(_same_as_odds, takes_self=True))
    options: tuple[str, ...] = ("Y", "N")


@attrs.frozen(repr=False, eq=False)
class AttackerPrompt(Prompt):
    """Include this unit in the attack? Y or N."""
    attacker: str
    defender: str
    chosen: tuple[str, ...]
    odds: float  # with this unit and those chosen, on paper (see StrategyPrompt)
    odds_without: float  # with those chosen only (0 when none is)
    fought_odds: float = attrs.field(default=attrs.Factory(_same_as_odds, takes_self=True))
    fought_odds_without: float = attrs.field(
        default=attrs.Factory(lambda self: self.odds_without, takes_self=True))
    options: tuple[str, ...] = ("Y", "N")


@attrs.frozen(repr=False, eq=False)
class SupportPrompt(Prompt):
    """Naval and air points for this combat (up to naval_max and air_max), from the turn's budgets.

    ``defensive``: bombardment lessening an Allied defender's losses against a German attack
    (the German's attack level is not shown: the defender chooses without it). ``landing``: support
    for a landing's round against a beach's coastal defence (the defender, a coastal defence unit,
    stands on the landing position for the fight)."""
    defender: str
    defensive: bool
    naval_max: int  # at most rules.answers.largest_number, and none beyond the naval range
    air_max: int
    in_naval_range: bool
    attackers: tuple[str, ...]  # the units attacking
    naval_left: int  # the turn's budgets still unspent
    air_left: int
    defenders_left: int  # the defenders still to be offered this pass, this one included
    odds: float  # on paper (see StrategyPrompt)
    fought_odds: float = attrs.field(default=attrs.Factory(_same_as_odds, takes_self=True))
    landing: str | None = None  # the beach, when this is a landing's round against its coastal defence


@attrs.frozen(repr=False, eq=False)
class StrategyPrompt(Prompt):
    """Choose the attack (or defence) level, 1-``max_level``.

    ``odds`` are the attackers' strength over the defender's (CP x effectiveness x terrain);
    ``fought_odds`` the odds as fought at the least intense levels (1 against 1), weaker for an
    Allied side short of combat supply (more intense levels cost more: combat.preview gives the
    odds and the expected losses of each pair of levels). Levels above ``max_level`` are closed
    (``closed_because``). The defender is not told the attack level (docs/rules.md, Combat); both
    sides know the range the other chooses from, 1-``opponent_max``.
    """
    role: str  # "attack" or "defence"
    defender: str
    attackers: tuple[str, ...]
    max_level: int
    odds: float
    fought_odds: float = attrs.field(default=attrs.Factory(_same_as_odds, takes_self=True))
    fatigue_max: int = attrs.field(default=attrs.Factory(lambda self: self.max_level, takes_self=True))
    opponent_max: int = LEVELS  # the most intense level the other side may choose
    landing: str | None = None  # the beach, when this is a landing's round against its coastal defence

    def closed_because(self, level: int) -> str | None:
        """Why a level cannot be chosen: "fatigue" (the most worn unit's cap), "combat supply" (an
        Allied attack the pool cannot pay for against defence 1), or None if it is open."""
        if level <= self.max_level:
            return None
        return "fatigue" if level > self.fatigue_max else "combat supply"


@attrs.frozen(repr=False, eq=False)
class RetreatPrompt(Prompt):
    """Retreat the defender: a direction 1-6, or F to refuse (not for a cadre)."""
    unit: str
    directions: tuple[int, ...]
    cadre: bool
    automatic: bool  # the defence level retreats of itself


@attrs.frozen(repr=False, eq=False)
class AdvancePrompt(Prompt):
    """Advance this attacker into the vacated position (its direction) or F."""
    unit: str
    direction: int
    into: Hex


@attrs.frozen(repr=False, eq=False)
class GameOverPrompt(Prompt):
    """The game has ended; nothing more can be done."""
