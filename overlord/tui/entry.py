"""Typing two-digit numbers, as in 1981: the allocation, interdiction and support fields.

Each field takes two digits (00-99); after the second digit the next field is
current. Enter fills an empty field with its default and moves on; on the last
field it hands back the numbers. Enter before anything is typed accepts every
default at once. Backspace erases; Tab and Shift+Tab go to the next and the
previous field. The numbers are checked by the caller, which asks the engine
whether they are a legal answer.
"""

from __future__ import annotations

import attrs

from ..engine.records import Record


@attrs.define(repr=False, eq=False)
class Field(Record):
    label: str
    default: int
    maximum: int = 99
    text: str = ""

    @property
    def value(self) -> int:
        return int(self.text) if self.text else self.default

    @property
    def fixed(self) -> bool:
        """A field with nothing to choose (e.g. no naval points out of naval range)."""
        return self.maximum <= 0


class DigitEntry:
    def __init__(self, fields: list[Field]) -> None:
        self.fields = fields
        self.index = self._next_open(0)

    def _next_open(self, start: int) -> int:
        for i in range(start, len(self.fields)):
            if not self.fields[i].fixed:
                return i
        return len(self.fields) - 1

    @property
    def current(self) -> Field:
        return self.fields[self.index]

    @property
    def touched(self) -> bool:
        return any(f.text for f in self.fields)

    @property
    def on_last(self) -> bool:
        return all(f.fixed for f in self.fields[self.index + 1:])

    def values(self) -> list[int]:
        return [f.value for f in self.fields]

    def type(self, digit: str) -> None:
        f = self.current
        if f.fixed:
            return
        if len(f.text) >= 2:
            f.text = ""
        f.text += digit
        if len(f.text) == 2 and not self.on_last:
            self.index = self._next_open(self.index + 1)

    def rub(self) -> None:
        if self.current.text:
            self.current.text = self.current.text[:-1]
            return
        for i in range(self.index - 1, -1, -1):
            if not self.fields[i].fixed:
                self.index = i
                self.current.text = self.current.text[:-1]
                return

    def accept(self) -> list[int] | None:
        """Enter: the numbers when the entry is complete, else None (the next field is current)."""
        if not self.touched or self.on_last:
            return self.values()
        # an empty field takes its default, a half-typed one is its number (4 is 04): both are whole, and a
        # digit typed there later starts a new number
        self.current.text = f"{self.current.value:02d}"
        self.index = self._next_open(self.index + 1)
        return None

    def step(self, by: int) -> None:
        """Tab (``by`` 1) or Shift+Tab (-1): the next or the previous field that can be typed in, round from the
        last to the first. A field left half typed is its number (4 is 04), as Enter makes it."""
        open_fields = [i for i, f in enumerate(self.fields) if not f.fixed]
        if not open_fields:
            return
        if self.current.text:
            self.current.text = f"{self.current.value:02d}"
        at = open_fields.index(self.index) if self.index in open_fields else 0
        self.index = open_fields[(at + by) % len(open_fields)]

    def again(self) -> None:
        """Back to the first field after a refused answer, the numbers typed kept: a digit types over a field,
        Enter keeps it and moves on."""
        for f in self.fields:
            if not f.fixed:
                f.text = f"{f.value:02d}"  # (a half-typed field too: typed over, not typed on)
        self.index = self._next_open(0)

    def clear(self) -> None:
        for f in self.fields:
            f.text = ""
        self.index = self._next_open(0)
