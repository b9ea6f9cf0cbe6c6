"""The game's own seeded random generator.

All chance in a game comes from one generator whose whole state is a single
integer held in the game state, so that (settings, seed, actions) determine a
game exactly and a save can store the generator as it stands. SplitMix64 is
small, fast and gives the same numbers on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from .records import Record

_Item = TypeVar("_Item")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# The seeds a game accepts, everywhere (the command line, the tools, saves): -2^63 to 2^63, what saves
# have always been checked against, so every save that ever loaded still does.
SEED_LIMIT = 2**63
SEED_RANGE = "a whole number from -2^63 to 2^63, that is -9223372036854775808 to 9223372036854775808"


def seed_in_range(seed: int) -> bool:
    return -SEED_LIMIT <= seed <= SEED_LIMIT


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any integer).

    The seed is scrambled (SplitMix64's finaliser, a bijection) so that nearby
    seeds give unrelated games: without it, seed n + 1 would replay seed n's
    numbers one draw later.
    """
    z = (seed & _MASK) ^ 0x2545F4914F6CDD1D
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@attrs.define(repr=False, eq=False)
class Rng(Record):
    state: int

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], both included."""
        if high < low:
            raise ValueError(f"empty range {low}..{high}")
        return low + self.next64() % (high - low + 1)

    def percent(self, chance: float) -> bool:
        """True with ``chance`` percent probability."""
        return self.random() * 100.0 < chance

    def choice(self, items: Sequence[_Item]) -> _Item:
        return items[self.randint(0, len(items) - 1)]
