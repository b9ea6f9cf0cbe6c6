"""Supply allocation (rulebook, Summary of Game Play III).

The Allied player gives next turn's transport priorities as four percentages
(fuel, general, combat, amphibious; each a number of at most
rules.answers.largest_number) that must add up to 100; the
Suggested Transport Allocation chart is the default for the turns it covers,
and after that the allocation last given. There is nothing to allocate for the
final turn, which has no transport.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .actions import Allocate
from .choices import AllocationChoices
from .enums import Side
from .events import Event, TransportAllocated
from .prompts import AllocationPrompt
from .state import Allocation

if TYPE_CHECKING:
    from .game import Game

_choices = functools.cache(AllocationChoices)  # one lazy sequence for each largest number


def begin(g: "Game", events: list[Event]) -> bool:
    return g.state.turn + 1 < g.last_turn


def suggested(g: "Game", for_index: int | None = None) -> Allocation:
    """The Suggested Transport Allocation chart's row for a turn, else the last allocation made."""
    charts = g.data.charts
    chart = charts.suggested_allocation.allocated_for
    for_turn = charts.turns[g.state.turn + 1 if for_index is None else for_index]
    if for_turn in chart:
        return Allocation(**chart[for_turn])
    if g.state.allocation is not None:
        return g.state.allocation
    last = list(chart.values())[-1]
    return Allocation(**last)


def prompt(g: "Game") -> AllocationPrompt:
    return AllocationPrompt(side=Side.ALLIED, for_turn=g.data.charts.turns[g.state.turn + 1], suggested=suggested(g))


def legal_actions(g: "Game", p: AllocationPrompt) -> AllocationChoices:
    return _choices(g.data.rules.answers.largest_number)


def apply(g: "Game", action: Allocate, events: list[Event]) -> bool:
    g.state.allocation = Allocation(action.fuel, action.general, action.combat, action.amphibious)
    turn = g.data.charts.turns[g.state.turn + 1]
    events.append(TransportAllocated(turn=turn, fuel=action.fuel, general=action.general, combat=action.combat,
                                     amphibious=action.amphibious))
    return True  # one answer, and the phase is over
