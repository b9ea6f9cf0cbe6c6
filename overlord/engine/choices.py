"""Lazy sequences of legal actions, for prompts whose answers are many.

An allocation has 176,847 legal answers and a support prompt up to 10,000;
these sequences enumerate them by index without building lists, so that
``legal_actions()`` stays exact and a random player can still pick uniformly.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import overload

from .actions import Allocate, Support


@lru_cache(maxsize=None)
def _ways(total: int, parts: int, cap: int) -> int:
    """How many ways ``parts`` numbers in 0..cap add up to ``total``."""
    if parts == 0:
        return 1 if total == 0 else 0
    return sum(_ways(total - x, parts - 1, cap) for x in range(0, min(cap, total) + 1))


class AllocationChoices(Sequence[Allocate]):
    """Every Allocate(fuel, general, combat, amphibious) of percentages adding up to 100, each at most
    ``cap`` (the largest number an answer may have: rules.answers.largest_number)."""

    TOTAL = 100

    def __init__(self, cap: int) -> None:
        self.CAP = cap

    def __len__(self) -> int:
        return _ways(self.TOTAL, 4, self.CAP)

    @overload
    def __getitem__(self, index: int) -> Allocate: ...
    @overload
    def __getitem__(self, index: slice) -> list[Allocate]: ...

    def __getitem__(self, index: int | slice) -> Allocate | list[Allocate]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        values: list[int] = []
        remaining = self.TOTAL
        for parts in (4, 3, 2):
            for x in range(0, min(self.CAP, remaining) + 1):
                n = _ways(remaining - x, parts - 1, self.CAP)
                if index < n:
                    values.append(x)
                    remaining -= x
                    break
                index -= n
        values.append(remaining)
        return Allocate(*values)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Allocate):
            return False
        values = (action.fuel, action.general, action.combat, action.amphibious)
        return all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= self.CAP for v in values) and sum(values) == self.TOTAL

    def __iter__(self) -> Iterator[Allocate]:
        cap = self.CAP
        total = self.TOTAL
        for f in range(0, cap + 1):
            for g in range(0, min(cap, total - f) + 1):
                for c in range(0, min(cap, total - f - g) + 1):
                    a = total - f - g - c
                    if a <= cap:
                        yield Allocate(f, g, c, a)


class SupportChoices(Sequence[Support]):
    """Every Support(naval, air) with naval in 0..naval_max and air in 0..air_max."""

    def __init__(self, naval_max: int, air_max: int) -> None:
        self.naval_max = naval_max
        self.air_max = air_max

    def __len__(self) -> int:
        return (self.naval_max + 1) * (self.air_max + 1)

    @overload
    def __getitem__(self, index: int) -> Support: ...
    @overload
    def __getitem__(self, index: slice) -> list[Support]: ...

    def __getitem__(self, index: int | slice) -> Support | list[Support]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        naval, air = divmod(index, self.air_max + 1)
        return Support(naval, air)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Support)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in (action.naval, action.air))
                and 0 <= action.naval <= self.naval_max and 0 <= action.air <= self.air_max)

    def __iter__(self) -> Iterator[Support]:
        for naval in range(self.naval_max + 1):
            for air in range(self.air_max + 1):
                yield Support(naval, air)
