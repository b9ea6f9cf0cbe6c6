"""SHA-256, for the state hash and the data's fingerprint, from CPython's own built-in module when it has one.

``hashlib`` loads OpenSSL as it is imported, some 0.6 MB of the game's memory for one hash a save
(benchmarks/perf.py); the standard library's ``random`` takes its SHA-512 the same way, for the same reason.
The digest is the same whichever module makes it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol, cast


class Hash(Protocol):
    def update(self, data: bytes, /) -> None: ...

    def hexdigest(self) -> str: ...


def _lean_sha256() -> Callable[..., Hash]:
    for name in ("_sha2", "_sha256"):  # CPython 3.12 and later; 3.11
        try:
            return cast("Callable[..., Hash]", importlib.import_module(name).sha256)
        except (ImportError, AttributeError):
            continue
    import hashlib
    return hashlib.sha256


sha256 = _lean_sha256()
