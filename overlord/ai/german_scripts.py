"""The German scripts: short players built to beat the computer Allied, and the searching German's postures.

- ``turtle`` garrisons the objectives first and puts every other unit on the
  best ground of the ocean side of the naval-range line (where each German
  unit scores every turn), in front of the Allies, and never attacks.
- ``beach-rush`` sends every unit for the beaches: onto their landing
  positions (a German unit there destroys the beachhead marker, and with it
  the beach's landings and supply) and against the Allied units standing on
  or beside them, at poor odds if need be. Once no marker is left it turns
  turtle. With the game's German D-Day movement it starts on June 6.
- ``focused-rush`` rushes one beach at a time, the one the Allies hold most
  weakly: built to beat the Allied ``ai``, whose guards stand on every
  threatened landing position.

They are the adversaries of the Allied players (benchmarks/adversaries.py), the searching German's
"depth" and "strike-beaches" postures, and the Allied commander's models of the German.
"""

from __future__ import annotations

from ..engine import view
from ..engine.actions import Action, Advance, FinishUnit
from ..engine.data import Beach
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from ..engine.prompts import AdvancePrompt, DefenderPrompt, RetreatPrompt, StrategyPrompt
from ..engine.view import ASHORE, position_of
from . import board
from .common import (BREAKTHROUGH, HEAVY_ATTACK, HOLD_AT_ALL_COSTS, LIMITED_COUNTERATTACK, MAJOR_ATTACK, MEDIUM_ATTACK,
                     STANDFAST, WITHDRAWAL, best_retreat, level_by_odds)
from .player import ScriptedPlayer

OCEAN_SIDE = 20.0  # a position on the scoring ocean side of the naval range
GOOD_GROUND = 1.5  # each point of the Terrain Effects defence multiplier above 1
FRONT = 8.0  # next to an Allied unit (its zone of control stops it); half that within FRONT_DEPTH positions
FRONT_DEPTH = 3  # (positions)
BESIDE = 0.0  # beside an objective the Allies are closing on (within CLOSING positions)
CLOSING = 4  # (positions)
WANTED = 20.0  # positions wanted this much draw the units that have none (ocean-side towns and better)
HOPELESS = 3.0  # the odds against a position (off the objectives) beyond which a unit will not stand there...
HOPELESS_COST = 4.0  # ...costing this much a point of odds over them
STAY = 1.0  # a unit's own position, over an equal one (no shuffling)
WALK = 0.8  # each movement point between a position and the nearest free wanted one
UNWANTED_WALK = 40.0  # the walk from a position the walk toward the wanted ones never reached
UNREACHED = 99.0  # the same, for a garrison's own walk
MOVE_COST = 0.05  # each movement point of the move there
CROWDED = 2.0  # each neighbour another unit has claimed (spread out: the zones of control cover the gaps)
OUT_OF_SUPPLY = 20.0  # a position from which no supply can be traced to the map's edges or Cherbourg
GARRISON_BANDS = 3  # garrisons are picked by distance in bands this wide, the strongest of the nearest band
RUSH = 60.0  # a landing position of a beach whose marker stands (half that beside one)
RUSH_ODDS = 1.0  # the least odds of an attack on a unit on a landing position...
ATTACK_ODDS = 1.5  # ...and elsewhere (the beach rush)
TIRED = 80  # fatigue: a unit this tired is not sent into an attack
ATTACK_LEVELS = ((3.0, BREAKTHROUGH), (2.0, MAJOR_ATTACK), (1.5, HEAVY_ATTACK))  # (odds at least, level)...
# ...and a medium attack below them
BEATEN = 15  # CP: a unit weaker than this (or a cadre) fights a withdrawal
STRONG_GROUND = 2  # a Terrain Effects defence multiplier of this or more is strong ground (held at all costs)
DEFENCE_LEVELS = ((3.5, WITHDRAWAL), (1.5, STANDFAST))  # in the open: (Allied odds at least, level)...
# ...and a limited counterattack below them
SOUTH_EDGE_FROM = 4  # retreats go toward the map's southern edge from this column


class Turtle(ScriptedPlayer):
    """Objectives first, then every unit on good ocean-side ground in front of the Allies; never attacks."""

    sides = (Side.GERMAN,)
    name = "turtle"
    tired = TIRED

    def __init__(self, side: str = Side.GERMAN, seed: int = 0) -> None:
        super().__init__(side, seed)
        self._supplied: set[Hex] = set()
        self._garrisons: dict[str, Hex] = {}
        self._want: dict[Hex, float] = {}
        self._field: dict[Hex, float] = {}

    def on_retreat(self, game: Game, prompt: RetreatPrompt) -> Action:
        grid = game.data.map.grid
        return best_retreat(game, prompt, toward=[(c, grid.rows - 1) for c in range(SOUTH_EDGE_FROM, grid.cols)])

    # ------------------------------------------------------------------ the picture
    def start_phase(self, g: Game) -> None:
        self._supplied = view.german_supplied_positions(g)
        self._garrisons = self.garrisons(g)
        self._want = self.wanted(g)
        targets = self.targets(g)
        self._field = board.field(g, targets, Side.GERMAN) if targets else {}

    def targets(self, g: Game) -> list[Hex]:
        """Where the units with no wanted position in reach walk to: the free positions wanted most."""
        return [h for h, w in self._want.items() if w >= WANTED and g.occupant(h) is None]

    def garrisons(self, g: Game) -> dict[str, Hex]:
        """A German unit for every objective position: the one there, or the strongest of the nearest."""
        units = [u for u in g.units(Side.GERMAN, ASHORE, combat=True) if not u.cadre]
        assigned: dict[str, Hex] = {}
        for h in board.objective_positions(g):
            occupant = g.occupant(h)
            if occupant is not None:
                if g.side_of(occupant) == Side.GERMAN:
                    assigned[occupant] = h
                continue
            free = [u for u in units if u.id not in assigned]
            if free:
                pick = min(free, key=lambda u: (distance(position_of(u), h) // GARRISON_BANDS, -u.cp, u.id))
                assigned[pick.id] = h
        return assigned

    def wanted(self, g: Game) -> dict[Hex, float]:
        """How much a German unit is wanted on each free land position: the scoring ocean side, good ground,
        the front and the positions beside the objectives the Allies are closing on."""
        m = g.data.map
        allied = board.allied_positions(g)
        near: dict[Hex, int] = {}
        for a in allied:
            for h in m.grid.within(a, FRONT_DEPTH):
                near[h] = min(near.get(h, FRONT_DEPTH + 1), distance(h, a))
        want: dict[Hex, float] = {}
        for h in m.grid.positions():
            occupant = g.occupant(h)
            if not m.is_land(h) or (occupant is not None and g.side_of(occupant) == Side.ALLIED):
                continue
            w = (board.terrain_defence(g, h) - 1.0) * GOOD_GROUND
            if m.on_scoring_ocean_side(h):
                w += OCEAN_SIDE
            if h in near:
                w += FRONT if near[h] == 1 else FRONT / 2
            want[h] = w
        for h in board.objective_positions(g):
            if any(distance(h, a) <= CLOSING for a in allied):
                for n in m.land_neighbours(h):
                    if n in want:
                        want[n] += BESIDE
        return want

    def value(self, g: Game, uid: str, h: Hex) -> float:
        """What a position is worth to a unit, besides the walk toward the wanted positions."""
        s = self._want.get(h, 0.0)
        enemies = g.adjacent_units(h, Side.ALLIED)
        if enemies:
            odds = board.threat(g, enemies) / max(board.defence_at(g, uid, h), 1.0)
            if odds > HOPELESS and g.data.map.objective_of(h) is None:
                s -= HOPELESS_COST * (odds - HOPELESS)
        if h not in self._supplied:
            s -= OUT_OF_SUPPLY
        return s

    # ------------------------------------------------------------------ movement
    def plan_move(self, g: Game, uid: str) -> list[Hex]:
        best = board.reach(g, uid)
        post = self._garrisons.get(uid)
        if post is not None:
            fld = board.field(g, [post], Side.GERMAN)
            target = post if post in best else min(best, key=lambda h: (fld.get(h, UNREACHED), best[h][0], h))
        else:
            here = g.unit(uid).position
            scored = []
            for h, (cost, _) in best.items():
                if self.mover.is_claimed(h, uid) or (h != here and g.occupant(h) is not None):
                    continue
                s = self.value(g, uid, h) - WALK * self._field.get(h, UNWANTED_WALK) - MOVE_COST * cost
                s -= CROWDED * sum(1 for n in g.data.map.grid.neighbours(h) if self.mover.claimed.get(n) not in (None, uid))
                scored.append((s + (STAY if h == here else 0.0), -cost, h))
            if not scored:
                return []
            target = max(scored)[2]
        self.mover.claim(target, uid)
        return board.path_to(best, target)

    # ------------------------------------------------------------------ combat
    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        return False  # never attacks

    def attack_level(self, g: Game, p: StrategyPrompt) -> int:
        return max(1, min(level_by_odds(p.odds, ATTACK_LEVELS, MEDIUM_ATTACK), p.max_level))

    def defence_level(self, g: Game, p: StrategyPrompt) -> int:
        d = g.unit(p.defender)
        here = position_of(d)
        strong = g.data.map.objective_of(here) is not None or board.terrain_defence(g, here) >= STRONG_GROUND
        if d.cadre or d.cp < BEATEN:
            level = WITHDRAWAL
        elif strong:
            level = HOLD_AT_ALL_COSTS
        else:
            level = level_by_odds(p.odds, DEFENCE_LEVELS, LIMITED_COUNTERATTACK)
        return max(1, min(level, p.max_level))

    def advance(self, g: Game, p: AdvancePrompt) -> Action:
        m = g.data.map
        if m.beach_of_position(p.into) is not None or m.objective_of(p.into) is not None:
            return Advance(p.unit, p.direction)
        return FinishUnit(p.unit)


class BeachRush(Turtle):
    """Every unit for the beaches: onto their landing positions and against what stands there."""

    name = "beach-rush"

    def _beaches(self, g: Game) -> list[Hex]:
        """The landing positions of the beaches whose markers stand."""
        return [p for b in g.data.map.beaches if g.beaches[b.name].marker_intact for p in b.positions]

    def garrisons(self, g: Game) -> dict[str, Hex]:
        return {} if self._beaches(g) else super().garrisons(g)  # every unit for the beaches while one stands

    def targets(self, g: Game) -> list[Hex]:
        beaches = self._beaches(g)
        if not beaches:
            return super().targets(g)
        around = {n for p in beaches for n in g.data.map.land_neighbours(p)}
        return [h for h in set(beaches) | around if g.occupant(h) is None]

    def wanted(self, g: Game) -> dict[Hex, float]:
        want = super().wanted(g)
        m = g.data.map
        for p in self._beaches(g):
            for n in [p, *m.land_neighbours(p)]:
                if n in want:
                    want[n] += RUSH if n == p else RUSH / 2  # the marker falls; strike at the beach
        return want

    def value(self, g: Game, uid: str, h: Hex) -> float:
        s = super().value(g, uid, h)
        if h not in self._supplied and self._beaches(g):
            s += OUT_OF_SUPPLY  # a rush does not look back
        return s

    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        attackers = [a for a in p.attackers if g.unit(a).fatigue < TIRED] or list(p.attackers)
        odds = board.odds_with(g, attackers, p.defender)
        return odds >= (RUSH_ODDS if g.unit(p.defender).position in self._beaches(g) else ATTACK_ODDS)


class FocusedRush(BeachRush):
    """A beach rush on one beach at a time: every unit goes for the open beach the Allies hold most weakly
    (least Allied CP on and beside its landing positions), overwhelming its guards where a rush spread over
    five beaches meets them everywhere at even odds. Built against the Allied ai, whose guards stand on every
    threatened landing position."""

    name = "focused-rush"

    def _beaches(self, g: Game) -> list[Hex]:
        m = g.data.map
        open_beaches = [b for b in m.beaches if g.beaches[b.name].marker_intact]
        if not open_beaches:
            return []

        def held(b: Beach) -> int:
            around = {n for p in b.positions for n in (p, *m.land_neighbours(p))}
            return sum(g.unit(o).cp for h in around if (o := g.occupant(h)) is not None
                       and g.side_of(o) == Side.ALLIED)
        weakest = min(open_beaches, key=lambda b: (held(b), b.name))
        return list(weakest.positions)
