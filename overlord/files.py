"""Reading a file that should be a small regular file (a data file, a save, the preferences), safely: opened
without blocking, so that a pipe named like one cannot hang the game, and read to a limit, so that a link to
an endless device cannot fill the memory. Callers turn the exceptions into their own one-line errors.

It stands outside the engine, which uses it for data/, so that the title screen's start (which reads the
preferences) does without the engine; it needs only the standard library."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegular(Exception):
    """Not a regular file: a folder (``folder``), or a device, pipe or socket."""

    def __init__(self, folder: bool) -> None:
        super().__init__("a folder" if folder else "a device, pipe or socket")
        self.folder = folder


class TooLarge(Exception):
    """Over the limit: ``size`` is what the file claimed, None when it grew past the limit while read."""

    def __init__(self, size: int | None) -> None:
        super().__init__(f"{size} bytes" if size is not None else "grew past the limit")
        self.size = size


def read_regular(path: Path | str, limit: int) -> tuple[bytes, os.stat_result]:
    """A regular file's bytes (at most ``limit``) and its status. FileNotFoundError and other OSErrors
    pass through."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise NotRegular(folder=True) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(folder=stat.S_ISDIR(info.st_mode))
        if info.st_size > limit:
            raise TooLarge(info.st_size)
        chunks, total = [], 0
        while total <= limit:  # whatever the size claimed: a file that grows is cut off here
            chunk = os.read(fd, min(limit + 1 - total, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise TooLarge(None)
        return b"".join(chunks), info
    finally:
        os.close(fd)
