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
# The adversary suite at 40 games a matchup (issue 29: 25 were too few), two blocks of 20: the sets above and the
# 15 seeds after each.
SUITE_TUNING = TUNING + tuple(range(1026, 1041))
SUITE_REPORTING = REPORTING + tuple(range(2026, 2041))
# For the rules' readings of issue 27 (the landings, St-Lo, the score's course): chosen on RULES_TUNING, reported
# on RULES_REPORTING, 40 games each (20 are too few: a median moves 150-340 points between two sets of 20).
RULES_TUNING = tuple(range(5001, 5041))
RULES_REPORTING = tuple(range(6001, 6041))
# For the levels offered as opponents (issue 29, benchmarks/levels.py): their knobs chosen on LEVELS_TUNING, their
# spacing reported on LEVELS_REPORTING, 40 games each (two blocks of 20).
LEVELS_REPORTING = tuple(range(7001, 7041))
LEVELS_TUNING = tuple(range(7101, 7141))

# For the searching German's steadiness of issue 29 (benchmarks/steadiness.py): its margin chosen on
# STEADY_TUNING, reported on STEADY_REPORTING (two blocks of 20).
STEADY_TUNING = tuple(range(8001, 8041))
STEADY_REPORTING = tuple(range(8101, 8141))

# For the Allied commander's margin against the focused rush with German D-Day movement (issue 29, point 4,
# benchmarks/commander.py): tuned on COMMANDER_TUNING, reported on the 60 seeds of COMMANDER_REPORTING.
COMMANDER_TUNING = tuple(range(9001, 9161))
COMMANDER_REPORTING = tuple(range(9201, 9261))
# A second 60, used once: after the fourteenth attempt (docs/ai.md) was chosen partly on the reporting seeds' games,
# the goal measured on seeds nothing had touched (2026-11-28)
COMMANDER_FRESH = tuple(range(9301, 9361))

SEED_SETS = {"tuning": SUITE_TUNING, "reporting": SUITE_REPORTING, "rules-tuning": RULES_TUNING,
             "rules-reporting": RULES_REPORTING, "levels-tuning": LEVELS_TUNING, "levels-reporting": LEVELS_REPORTING,
             "steady-tuning": STEADY_TUNING, "steady-reporting": STEADY_REPORTING,
             "commander-tuning": COMMANDER_TUNING, "commander-reporting": COMMANDER_REPORTING,
             "commander-fresh": COMMANDER_FRESH}

_ALL = (SUITE_TUNING, SUITE_REPORTING, RULES_TUNING, RULES_REPORTING, LEVELS_TUNING, LEVELS_REPORTING, STEADY_TUNING,
        STEADY_REPORTING, COMMANDER_TUNING, COMMANDER_REPORTING, COMMANDER_FRESH)
assert all(not set(a) & set(b) for i, a in enumerate(_ALL) for b in _ALL[i + 1:])
