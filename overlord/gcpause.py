"""The cyclic garbage collector, paused while the program starts.

Start-up builds a great many objects (modules, classes, the map, the charts)
and frees almost none, so the collector's passes during it are wasted: they
were about a tenth of the time to the first screen. ``pause`` is called first
thing; ``resume`` once the first screen is up (or, for the headless commands,
once the data is loaded) collects what start-up left, freezes the rest out of
later full passes (it lives as long as the program) and turns collection back on.

``forget_generated_source`` drops from ``linecache`` the source text of the methods attrs and cattrs
generated for the program's classes: kept there only for a debugger to show their lines (a traceback
still names the generated method), it is some 0.9 MB of the game's peak memory (benchmarks/perf.py).
The app calls it as it starts, before its screens take their memory, and again as play makes more (each main
screen shown, each new phase's autosave).
"""

from __future__ import annotations

import gc
import linecache

GENERATED = ("<attrs generated", "<cattrs generated")  # how attrs and cattrs name the source they generate

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


def forget_generated_source() -> None:
    for name in [name for name in linecache.cache if name.startswith(GENERATED)]:
        del linecache.cache[name]
