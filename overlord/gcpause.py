"""The cyclic garbage collector, paused while the program starts.

Start-up builds a great many objects (modules, classes, the map, the charts)
and frees almost none, so the collector's passes during it are wasted: they
were about a tenth of the time to the first screen. ``pause`` is called first
thing; ``resume`` once the first screen is up (or, for the headless commands,
once the data is loaded) collects what start-up left, freezes the rest out of
later full passes (it lives as long as the program) and turns collection back on.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Collection back on; does nothing unless ``pause`` turned it off (tests and library use never see a freeze)."""
    global _paused
    if _paused:
        _paused = False
        gc.collect()
        gc.freeze()
        gc.enable()
