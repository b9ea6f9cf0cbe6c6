"""Prompts: the question the engine is asking now, and of which side.

Each prompt names what is being decided and its legal answers. Front ends (the
Textual UI, the computer players, tests) read the prompt and answer with an
action; ``Game.legal_actions()`` enumerates the answers.
"""

from __future__ import annotations

import attrs

from .enums import Side
from .hexgrid import Hex
from .state import Allocation


@attrs.frozen
class Prompt:
    side: Side = attrs.field(converter=Side)  # who answers: Side.NONE once the game is over

    @property
    def kind(self) -> str:
        return type(self).__name__


@attrs.frozen
class QuestionPrompt(Prompt):
    """A scenario question answered with one key (Y/N, a digit, a letter)."""
    question: str
    text: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    default: str


@attrs.frozen
class DropZonePrompt(Prompt):
    """Drop this airborne division on ``zone``? Y accepts, N offers the next zone."""
    unit: str
    zone: Hex
    candidate: int  # 0 = the historical zone
    candidates: int
    options: tuple[str, ...] = ("Y", "N")


@attrs.frozen
class AllocationPrompt(Prompt):
    """Next turn's transport: four percentages that add up to 100."""
    for_turn: str
    suggested: Allocation


@attrs.frozen
class InterdictionPrompt(Prompt):
    """Air points (00-99) to fly on interdiction against German movement."""
    weather: str
    air_available: int
    max_points: int
    effective_percent: int  # what the weather leaves of the points entered


@attrs.frozen
class MovePrompt(Prompt):
    """Move this unit: a direction 1-6, F (finish for now) or E (end the phase)."""
    unit: str
    mp: int
    directions: tuple[int, ...]
    cycle: int
    afloat: bool
    landing: tuple[int, ...] = ()  # the directions that land it on a beach


@attrs.frozen
class DefenderPrompt(Prompt):
    """Attack this enemy unit? Y, N (next) or E (end the combat phase)."""
    defender: str
    attackers: tuple[str, ...]  # the units that could join the attack
    pass_no: int
    second_combat: bool
    options: tuple[str, ...] = ("Y", "N")


@attrs.frozen
class AttackerPrompt(Prompt):
    """Include this unit in the attack? Y or N."""
    attacker: str
    defender: str
    chosen: tuple[str, ...]
    options: tuple[str, ...] = ("Y", "N")


@attrs.frozen
class SupportPrompt(Prompt):
    """Naval and air points for this combat (two digits each)."""
    defender: str
    defensive: bool  # True: bombardment reducing an Allied defender's losses
    naval_max: int
    air_max: int
    in_naval_range: bool


@attrs.frozen
class StrategyPrompt(Prompt):
    """Choose the attack (or defence) level, 1-9."""
    role: str  # "attack" or "defence"
    defender: str
    attackers: tuple[str, ...]
    max_level: int
    odds: float


@attrs.frozen
class RetreatPrompt(Prompt):
    """Retreat the defender: a direction 1-6, or F to refuse (not for a cadre)."""
    unit: str
    directions: tuple[int, ...]
    cadre: bool
    automatic: bool  # the defence level retreats of itself


@attrs.frozen
class AdvancePrompt(Prompt):
    """Advance this attacker into the vacated position (its direction) or F."""
    unit: str
    direction: int
    into: Hex


@attrs.frozen
class GameOverPrompt(Prompt):
    """The game has ended; nothing more can be done."""
