"""Reading data/ files: TOML into the typed model, with errors that name the file, the line and the field.

A ``Source`` is one file. ``structure(cls)`` reads it into its attrs class through the strict
converter of checks.py; any fault (a wrong kind of value, a number out of range, a key the class
does not name, a missing one) becomes a ``DataError``. cattrs says where a fault is as a path of
attribute names, keys and indexes, which are the file's own keys; tomllib gives no line numbers,
so the line is found again in the file's text by following that path (table headers, keys,
array elements).
"""

from __future__ import annotations

import functools
import re
import tomllib
import typing
from pathlib import Path
from typing import Any, TypeVar

import attrs
from cattrs.errors import AttributeValidationNote, ForbiddenExtraKeysError, IterableValidationNote

from .checks import Check, Fault, converter, misspelling
from ...files import NotRegular, TooLarge, read_regular

Path_ = tuple[Any, ...]
T = TypeVar("T")


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
        rf'^\s*\[\[?\s*(?:[\w".\-/ ]+\.)?"?{k}"?(?:\.[\w".\-/ ]+)?\s*\]\]?\s*(#.*)?$'  # [a.key], [a.key.b], [[key]]
        rf'|(?:^|[{{,]\s*|^\s*)"?{k}"?\s*='  # key = ... (bare or quoted, or inside an inline table)
    )


BOM = b"\xef\xbb\xbf"  # UTF-8's byte-order mark
MAX_DATA_BYTES = 4 * 1024 * 1024  # the largest data file is a few kilobytes: anything this big is not one
MAX_NESTING = 100  # the data nest three deep at most; where Python's recursion runs out, this names the line


def too_deep(lines: list[str]) -> int | None:
    """The first line where arrays and inline tables open more than MAX_NESTING deep (brackets in strings and
    comments are counted too: near enough to point at the line)."""
    depth = 0
    for number, text in enumerate(lines, 1):
        for ch in text:
            depth += (ch in "[{") - (ch in "]}")
            if depth > MAX_NESTING:
                return number
    return None


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
            hit = None
            if found is None:  # a top-level key: its own table's header before any same-named inner key
                header = re.compile(rf'^\s*\[\[?\s*"?{re.escape(str(key))}"?\s*[\].]')
                hit = next((i for i in range(pos, len(lines)) if header.search(lines[i])), None)
            if hit is None:
                hit = next((i for i in range(pos, len(lines)) if pattern.search(_strip_comment(lines[i]))), None)
            prev_key = str(key)
        if hit is None:
            if isinstance(key, int):
                break
            continue  # a table named in a dotted header ([types.allied]): look for the next key
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
            raw = read_regular(path, MAX_DATA_BYTES)[0].removeprefix(BOM)  # (as Windows' Notepad writes: no fault)
            self.text = raw.decode("utf-8")
        except FileNotFoundError:
            raise DataError(self.name, None, "", "file is missing") from None
        except NotRegular:
            raise DataError(self.name, None, "", "is not a regular file (a folder, device, pipe or socket)") from None
        except TooLarge:
            raise DataError(self.name, None, "", f"is too large for a data file (over {MAX_DATA_BYTES} bytes)") from None
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            raise DataError(self.name, line, "", f"is not UTF-8 text (the byte {raw[exc.start]:#04x}; save the file "
                                                 "as UTF-8)") from None
        except OSError as exc:
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
        except RecursionError:  # tomllib reads nested arrays and tables by recursion
            raise DataError(self.name, too_deep(self.lines), "",
                            f"is nested more than {MAX_NESTING} deep (arrays or tables inside each other)") from None
        return self

    # -- errors --------------------------------------------------------------
    def error(self, path: Path_, message: str, line: int | None = None) -> DataError:
        field = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in path).replace(".[", "[")
        return DataError(self.name, line if line is not None else find_line(self.lines, path), field, message)

    def missing(self, path: Path_, known: frozenset[str] | None = None) -> DataError:
        """A missing value: the line is its parent's, where it should have been written. Given the ``known``
        names, a key of the parent spelled almost like it and none of them is the fault (a misspelling),
        told at its own line. (A check's missing value comes without: keys() looks for misspellings itself.)"""
        parent = self.at_or_none(path[:-1]) if path else None
        if known is not None and isinstance(parent, dict) and isinstance(path[-1], str):
            misspelt = misspelling(path[-1], (k for k in parent if isinstance(k, str) and k not in known))
            if misspelt is not None:
                return self.fault(misspelt, path[:-1])
        return self.error(path, "is missing", line=find_line(self.lines, path[:-1]) if len(path) > 1 else None)

    def fault(self, fault: Fault, path: Path_ = ()) -> DataError:
        """A check's fault, for the value at ``path``."""
        where = path + fault.path
        return self.missing(where) if fault.missing else self.error(where, fault.message)

    # -- reading into the model ----------------------------------------------
    def structure(self, cls: type[T]) -> T:
        """The whole file as ``cls``; the first fault (in the order of the class's fields) is raised."""
        try:
            return converter.structure(self.data, cls)
        except Exception as exc:  # cattrs gathers every fault in exception groups; the first is told
            path, leaf = _first_fault(exc)
            if isinstance(leaf, Fault):
                raise self.fault(leaf, path) from None
            if isinstance(leaf, KeyError):  # a field the class needs is not in the file
                raise self.missing(path, field_names(typing.cast(type, cls))) from None  # a class: hashable
            if isinstance(leaf, ForbiddenExtraKeysError):
                table = self.at(path)
                name = next(k for k in table if k in leaf.extra_fields)
                known = ", ".join(a.name for a in attrs.fields(leaf.cl))
                raise self.error(path + (name,), f"unexpected entry {name!r} (expected {known})") from None
            raise self.error(path, str(leaf)) from None

    def check(self, path: Path_, value: Any, *checks: Check) -> None:
        """Check a value read from this file (at ``path``) against other files."""
        for one in checks:
            try:
                one(value)
            except Fault as fault:
                raise self.fault(fault, path) from None

    def at(self, path: Path_) -> Any:
        """The parsed value at ``path`` (known to be there)."""
        node: Any = self.data
        for key in path:
            node = node[key]
        return node

    def at_or_none(self, path: Path_) -> Any:
        try:
            return self.at(path)
        except (KeyError, IndexError, TypeError):
            return None


@functools.cache
def field_names(cls: type) -> frozenset[str]:
    """Every field name of ``cls`` and of the attrs classes its fields hold, however deep."""
    names: set[str] = set()
    seen: set[Any] = set()
    todo: list[Any] = [cls]
    while todo:
        kind = todo.pop()
        if kind in seen:
            continue
        seen.add(kind)
        if isinstance(kind, type) and attrs.has(kind):
            hints = typing.get_type_hints(kind)
            names.update(f.name for f in attrs.fields(kind))
            todo.extend(hints.values())
        todo.extend(typing.get_args(kind))
    return frozenset(names)


def _first_fault(exc: BaseException) -> tuple[Path_, BaseException]:
    """The first fault in cattrs' groups of exceptions, and its path of fields, keys and indexes."""
    path: list[Any] = []
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
        for note in getattr(exc, "__notes__", ()):
            if isinstance(note, AttributeValidationNote):
                path.append(note.name)
            elif isinstance(note, IterableValidationNote):
                path.append(note.index)
    return tuple(path), exc
