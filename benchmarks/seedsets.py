"""The two fixed seed sets the computer players are measured on.

Players are tuned on TUNING only and reported on REPORTING only: a player
tuned on the seeds it is reported on would be measured on the games it was
fitted to, and its numbers would flatter it. The sets are disjoint from each
other and from the seeds 0-49 of benchmarks/ai_strength.py and the golden
games. Never change them once results are published; add a new set instead.
"""

from __future__ import annotations

TUNING = tuple(range(1001, 1026))
REPORTING = tuple(range(2001, 2026))

SEED_SETS = {"tuning": TUNING, "reporting": REPORTING}

assert not set(TUNING) & set(REPORTING)
