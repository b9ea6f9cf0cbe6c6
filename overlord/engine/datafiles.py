"""Reading data/ files: TOML with errors that name the file, the line and the field.

tomllib gives no line numbers, so when a value is wrong the line is found again
in the file's text by following the field's path (table headers, keys, array
elements). Every loader in data.py reads through a ``Source``.
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path
from typing import Any

Path_ = tuple[Any, ...]
LARGEST = 10**9  # no number of the game comes near this: a bigger one is a slip of the keyboard


class DataError(Exception):
    """A data file is missing, malformed or contradicts the rulebook."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        where = f"{file}, line {line}" if line else file
        super().__init__(f"{where}, field {field}: {message}" if field else f"{where}: {message}")


def _key_pattern(key: str) -> re.Pattern[str]:
    k = re.escape(key)
    return re.compile(
        rf'^\s*\[\[?\s*(?:[\w".\-/ ]+\.)?"?{k}"?\s*\]\]?\s*(#.*)?$'  # [a.key] or [[key]]
        rf'|(?:^|[{{,]\s*|^\s*)"?{k}"?\s*='  # key = ... (bare or quoted, or inside an inline table)
    )


def find_line(lines: list[str], path: Path_) -> int | None:
    """The 1-based line where the value at ``path`` is written, as near as can be told."""
    pos = 0
    found: int | None = None
    prev_key: str | None = None
    for key in path:
        if isinstance(key, int):
            hit = _find_index(lines, pos, prev_key, key)
        else:
            pattern = _key_pattern(str(key))
            hit = next((i for i in range(pos, len(lines)) if pattern.search(_strip_comment(lines[i]))), None)
            prev_key = str(key)
        if hit is None:
            break
        found, pos = hit + 1, hit
    return found


def _strip_comment(line: str) -> str:
    # good enough for data files: '#' never appears inside our strings' keys
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def _find_index(lines: list[str], pos: int, array_key: str | None, index: int) -> int | None:
    if array_key is not None:
        header = re.compile(rf"^\s*\[\[\s*{re.escape(array_key)}\s*\]\]")
        headers = [i for i, line in enumerate(lines) if header.match(line)]
        if headers:
            return headers[index] if index < len(headers) else None
    # an inline array: count the lines that start an element after "key = ["
    value = _strip_comment(lines[pos]).split("=", 1)[-1]
    if value.count("[") and value.count("[") == value.count("]"):
        return pos  # the whole array is on one line
    count = -1
    for i in range(pos + 1, len(lines)):
        text = _strip_comment(lines[i]).strip()
        if not text:
            continue
        if text.startswith("]"):
            return None
        count += 1
        if count == index:
            return i
    return None


class Source:
    """One data file, parsed, with helpers that check each value they return."""

    def __init__(self, path: Path, root: Path) -> None:
        self.path = path
        try:
            self.name = str(path.relative_to(root.parent))
        except ValueError:
            self.name = str(path)
        try:
            self.text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(self.name, None, "", "file is missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(self.name, None, "", f"cannot be read ({exc})") from None
        self.lines = self.text.splitlines()
        self.data: dict[str, Any] = {}

    def parse_toml(self) -> "Source":
        try:
            self.data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as exc:
            line = getattr(exc, "lineno", None)
            match = re.search(r"line (\d+)", str(exc))
            if line is None and match:
                line = int(match.group(1))
            raise DataError(self.name, line, "", f"is not valid TOML ({exc})") from None
        except ValueError:  # a whole number with more digits than Python reads
            line = next((i for i, text in enumerate(self.lines, 1) if re.search(r"\d{1000,}", text)), None)
            raise DataError(self.name, line, "", "holds a number with more digits than Python reads") from None
        return self

    # -- errors --------------------------------------------------------------
    def error(self, path: Path_, message: str, line: int | None = None) -> DataError:
        field = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in path).replace(".[", "[")
        return DataError(self.name, line if line is not None else find_line(self.lines, path), field, message)

    def missing(self, path: Path_) -> DataError:
        """A missing value: the line is its parent's, where it should have been written."""
        return self.error(path, "is missing", line=find_line(self.lines, path[:-1]) if len(path) > 1 else None)

    # -- typed access --------------------------------------------------------
    def at(self, path: Path_) -> Any:
        depth, node = self._walk(path)
        if depth < len(path):
            raise self.missing(path[: depth + 1])
        return node

    def has(self, path: Path_) -> bool:
        return self._walk(path)[0] == len(path)

    def _walk(self, path: Path_) -> tuple[int, Any]:
        """How far along ``path`` the data go, and the value reached (no error is built)."""
        node: Any = self.data
        for i, key in enumerate(path):
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                return i, None
        return len(path), node

    def table(self, path: Path_) -> dict[str, Any]:
        value = self.at(path)
        if not isinstance(value, dict):
            raise self.error(path, f"should be a table, not {_kind(value)}")
        return value

    def array(self, path: Path_, length: int | None = None) -> list[Any]:
        value = self.at(path)
        if not isinstance(value, list):
            raise self.error(path, f"should be an array, not {_kind(value)}")
        if length is not None and len(value) != length:
            raise self.error(path, f"should have {length} entries, has {len(value)}")
        return value

    def int(self, path: Path_, low: int | None = None, high: int | None = None) -> int:
        value = self.at(path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(path, f"should be a whole number, not {_kind(value)} {value!r}")
        self._check_range(path, value, low, high)
        return value

    def number(self, path: Path_, low: float | None = None, high: float | None = None) -> float:
        value = self.at(path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(path, f"should be a number, not {_kind(value)} {value!r}")
        if not math.isfinite(value):
            raise self.error(path, f"should be a finite number, not {value}")
        self._check_range(path, value, low, high)
        return float(value) if isinstance(value, float) else value

    def str(self, path: Path_, choices: Any = None) -> str:
        value = self.at(path)
        if not isinstance(value, str):
            raise self.error(path, f"should be text, not {_kind(value)} {value!r}")
        if choices is not None and value not in choices:
            raise self.error(path, f"is {value!r}, which is not one of {', '.join(map(repr, choices))}")
        return value

    def bool(self, path: Path_) -> bool:
        value = self.at(path)
        if not isinstance(value, bool):
            raise self.error(path, f"should be true or false, not {_kind(value)} {value!r}")
        return value

    def pair(self, path: Path_, low: int | None = None, high: int | None = None) -> tuple[int, int]:
        """A ``[low, high]`` pair of whole numbers with low <= high."""
        value = self.array(path, 2)
        a = self.int(path + (0,), low, high)
        b = self.int(path + (1,), low, high)
        if a > b:
            raise self.error(path, f"range {value} runs backwards")
        return (a, b)

    def hex(self, path: Path_) -> tuple[int, int]:
        self.array(path, 2)
        return (self.int(path + (0,)), self.int(path + (1,)))

    def _check_range(self, path: Path_, value: float, low: float | None, high: float | None) -> None:
        if abs(value) > LARGEST:
            shown = f"{value:.3g}" if isinstance(value, float) else f"a {len(str(abs(value)))}-digit number"
            raise self.error(path, f"is {shown}, far beyond any number of the game")
        if low is not None and value < low:
            raise self.error(path, f"is {value}, below the least allowed {low}")
        if high is not None and value > high:
            raise self.error(path, f"is {value}, above the most allowed {high}")


def _kind(value: Any) -> str:
    return {str: "text", int: "a whole number", float: "a number", bool: "true/false", list: "an array", dict: "a table"}.get(
        type(value), type(value).__name__
    )
