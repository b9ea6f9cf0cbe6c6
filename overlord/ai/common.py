"""Parts shared by the computer players: following a movement plan, retreats, support."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Action, Answer, EndPhase, FinishUnit, Move, Retreat, HoldGround
from ..engine.game import Game
from ..engine.hexgrid import Hex, direction_to, distance, neighbour
from ..engine.prompts import MovePrompt, RetreatPrompt
from ..engine.view import AFLOAT, ASHORE, enemy, position_of

# The Strategy Level chart's levels the players choose, by the chart's names (the 1981 game's answer keys 1-9;
# tests/test_ai_rules.py holds each to the chart's name)
LIGHT_ATTACK = 3  # attack "Light attack"
LIMITED_ATTACK = 4  # attack "Limited attack"
MEDIUM_ATTACK = 5  # attack "Medium attack"
HEAVY_ATTACK = 6  # attack "Heavy attack"
MAJOR_ATTACK = 7  # attack "Major attack"
BREAKTHROUGH = 8  # attack "Breakthrough attack" (with defence 1-2, the attacker may attack again)
WITHDRAWAL = 3  # defence "Fighting withdrawal" (retreats; no second combat for the attacker)
STANDFAST = 5  # defence "Standfast"
HOLD_AT_ALL_COSTS = 6  # defence "Hold at all costs"
LIMITED_COUNTERATTACK = 7  # defence "Limited counterattack"
COUNTERATTACK = 8  # defence "Counterattack"

# Where a retreat goes (best_retreat): the ground's defence multiplier, and
RETREAT_ENEMY = 3.0  # against each enemy unit next to the position
RETREAT_ZOC = 4.0  # against a position in an enemy zone of control
RETREAT_FRIEND = 0.5  # for each friendly unit next to it
RETREAT_TOWARD = 0.3  # against each position between it and the nearest of the places it retreats toward


class MovePlanner:
    """Plans each unit's move once per movement phase, then walks it step by step."""

    def __init__(self) -> None:
        self.phase_key: tuple[int, str] | None = None
        self.paths: dict[str, list[Hex]] = {}
        self.claimed: dict[Hex, str] = {}
        self.cut_short: dict[str, Hex] = {}  # the step a unit's path went on to, not open to it when it came (a hint's why)
        self.cycle = 1
        self.moves_this_cycle = 0

    def reset_if_new_phase(self, g: Game) -> bool:
        key = (g.turn, g.phase)
        if key != self.phase_key:
            self.phase_key = key
            self.paths, self.claimed, self.cut_short = {}, {}, {}
            # the phase's cycle now: the first, but for a player first asked later in the phase (asked for
            # advice, or after a load), who would otherwise take the cycle for a new one in which nothing has
            # moved, and end it; and a unit of the side moved already this phase counts as a move of this cycle (so
            # that the cycle's end does not end the phase while units may move on in the next)
            self.cycle = g.movement_cycle or 1
            self.moves_this_cycle = int(any(g.unit(uid).moved for uid in moving_units(g)))
            return True
        return False

    def next_step(self, g: Game, p: MovePrompt, plan: Callable[[Game, str], list[Hex]]) -> Action:
        """The next Move of ``p.unit``'s plan; ``plan(g, uid)`` makes one (a list of positions).

        Units behind others may find their way open once the front units have
        moved, so each later cycle plans again the units that have not moved,
        until a cycle passes with nothing moving.
        """
        if p.cycle != self.cycle:
            if self.moves_this_cycle == 0:
                return EndPhase()
            self.cycle, self.moves_this_cycle = p.cycle, 0
            for uid in list(self.paths):
                if not g.unit(uid).moved:
                    del self.paths[uid]
                    self.claimed = {h: o for h, o in self.claimed.items() if o != uid}
        uid = p.unit
        if uid not in self.paths:
            self.paths[uid] = plan(g, uid) or []
        path = self.paths[uid]
        u = g.unit(uid)
        while path and path[0] == u.position:
            path.pop(0)
        if not path:
            return FinishUnit(uid)
        d = direction_to(position_of(u), path[0])
        if d is None or d not in p.directions:
            self.paths[uid] = []
            self.cut_short[uid] = path[0]
            return FinishUnit(uid)
        path.pop(0)
        self.moves_this_cycle += 1
        return Move(uid, d)

    def claim(self, hex_: Hex, uid: str) -> None:
        self.claimed[hex_] = uid

    def is_claimed(self, hex_: Hex, uid: str) -> bool:
        owner = self.claimed.get(hex_)
        return owner is not None and owner != uid


def moving_units(g: Game) -> list[str]:
    """The units of the side asked to move, ashore or at sea (whose ``moved`` the phase's start cleared)."""
    return [u.id for u in g.units(str(g.prompt.side), status=None) if u.status in (ASHORE, AFLOAT)]


def best_retreat(g: Game, p: RetreatPrompt, toward: list[Hex] | None = None) -> Action:
    """Retreat away from the enemy: fewest enemies next to it, good ground, toward friends or supply."""
    if not p.directions:
        return HoldGround()
    uid = p.unit
    side = g.side_of(uid)
    here = position_of(g.unit(uid))
    m = g.data.map
    zoc = g.zoc(enemy(side))

    def score(d: int) -> float:
        h = neighbour(here, d)
        s = -RETREAT_ENEMY * len(g.adjacent_units(h, enemy(side))) - (RETREAT_ZOC if h in zoc else 0.0)
        s += g.data.charts.terrain[m.terrain[h]].defence
        s += RETREAT_FRIEND * len(g.adjacent_units(h, side))
        if toward:
            s -= RETREAT_TOWARD * min(distance(h, t) for t in toward)
        return s
    return Retreat(max(p.directions, key=lambda d: (score(d), -d)))


def level_by_odds(odds: float, table: tuple[tuple[float, int], ...], otherwise: int) -> int:
    """The level of the first row of ``table`` (odds at least, level; the highest odds first) whose odds
    ``odds`` reach, else ``otherwise``."""
    for least, level in table:
        if odds >= least:
            return level
    return otherwise


def yes(flag: bool) -> Answer:
    return Answer("Y" if flag else "N")


def safe_action(g: Game) -> Action:
    """An answer to any prompt that is always legal and never rash: the prompt's default answer, the
    end of the phase, the unit's finish, holding ground, or else the first legal action."""
    legal = g.legal_actions()
    p = g.prompt
    default, unit = getattr(p, "default", None), getattr(p, "unit", None)
    options: list[Action] = [Answer(default)] if isinstance(default, str) else []
    options += [EndPhase(), HoldGround()]
    if unit is not None:
        options.append(FinishUnit(unit))
    for action in options:
        if action in legal:
            return action
    return legal[0]
