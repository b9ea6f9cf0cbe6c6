"""Small arithmetic shared by the rules."""

from __future__ import annotations

import math
from typing import TypeVar

from .enums import Side


def round_half_up(x: float) -> int:
    """Round to the nearest whole number, halves away from zero (as a player expects)."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


_Number = TypeVar("_Number", int, float)


def clamp(x: _Number, low: _Number, high: _Number) -> _Number:
    return low if x < low else high if x > high else x


def percent_of(value: float, percent: float) -> int:
    return round_half_up(value * percent / 100.0)


_ENEMY: dict[str, Side] = {Side.ALLIED: Side.GERMAN, Side.GERMAN: Side.ALLIED}


def enemy(side: str) -> Side:
    """The other side."""
    return _ENEMY[side]  # a table: reading an enum's members is slow in Python 3.11, and this is asked often


def is_there(name: str) -> str:
    """A refusal's "<unit> is there", its verb agreeing with a unit named as a plural ("2nd and 5th Ranger
    Battalions are there"; overlord.words.is_plural's reading, which the engine may not import)."""
    return f"{name} {'are' if name.split()[-1].endswith('s') else 'is'} there"
