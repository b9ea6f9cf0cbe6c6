"""The classic computer German ("classic"): Rommel, with his hands partly tied.

He holds Cherbourg, Caen and St-Lo; forms his line on rivers, bocage and towns
next to the Allied perimeter, where his zones of control stop the Allied
advance; keeps as many units as he can on the ocean side of the naval range,
where each one scores for him every turn; strikes at the landings and the
beachhead markers with the panzer divisions while the Allies are weak;
counter-attacks when the odds are good; punishes the Allied units he catches
alone, worn down to half strength or beyond supply lines, gathering several
units around one for a blow; pulls back units that are being cut off; sends
reinforcements where the line is thinnest; and chooses his levels from the
odds, his fatigue and his supply. The searching German's "hold" posture, and the
Allied commander's model of the German.
"""

from __future__ import annotations

from ..engine import view
from ..engine.actions import Action, Advance, ChooseStrategy, FinishUnit
from ..engine.enums import Infiltration, Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from ..engine.prompts import AdvancePrompt, DefenderPrompt, RetreatPrompt, StrategyPrompt
from ..engine.view import ASHORE, position_of
from . import board
from .common import (BREAKTHROUGH, COUNTERATTACK, HEAVY_ATTACK, HOLD_AT_ALL_COSTS, LIGHT_ATTACK, LIMITED_COUNTERATTACK,
                     MAJOR_ATTACK, MEDIUM_ATTACK, STANDFAST, WITHDRAWAL, best_retreat, level_by_odds)
from .player import ScriptedPlayer

EARLY_TURNS = 4  # the first four turns (D-Day to 6/10): the panzers go for the beaches ("push you back into
# the sea") and everyone strikes as keenly as the panzers
STRIKE_INFANTRY = 0.5  # how keenly the infantry, after the first days, looks for a blow
ISOLATED = 6.0  # the worth of catching an Allied unit alone (and half again if it is out of supply)
BLOW_WEAK = 2  # an Allied unit down to 1/2 of its strength is exposed, as is one out of supply, and one alone:
BLOW_ALONE = 2  # with no other Allied unit within this many positions
BLOW_MIN_ODDS = (2.5, 2.0, 1.5)  # the least odds of a blow at a unit exposed in one, two or three ways...
BLOW_MARGIN = 0.5  # ...and units are gathered until the odds are this much better
BLOW_MAX_FATIGUE = 70  # units this tired are not sent

# Garrisons
CLOSING = 4  # positions: Allied units this near an objective position are closing on it
GARRISON_NEAR = 3  # a unit this near an empty objective position that can reach it this turn may be sent...
GARRISON_FAR = 6  # ...or else the nearest, when no farther than this (it starts on its way)
FRONT_DEPTH = 2  # positions within this of an Allied unit are the front (where good ground counts)

# What a position needs (needs)
OBJECTIVE_NEED = (20.0, 4.0)  # an objective position with Allied units closing on it, and without
OBJECTIVE_CROWD = 3.0  # more for each Allied unit closing on it...
CROWD_COUNTED = 4  # ...up to this many
RETAKE_NEED = 10.0  # beside an objective the Allies hold: take it back
BESIDE_NEED = 4.0  # beside a garrison the Allies threaten (an Allied unit within THREAT positions)
THREAT = 2  # (positions)
LINE_NEAR = 3  # a main-line position with an Allied unit this near wants line_need[0], else line_need[1]
FAR_AWAY = 9  # the distance to the Allies of a position when there are none
RING_NEED = (2.0, 1.0)  # a free position beside an Allied unit, on the ocean side and on the continent side

# Choosing a position (plan_move)
FRONT_PULL = 0.8  # each movement point toward the positions most in need
FRONT_UNKNOWN = 40.0  # the distance of a position the walk toward them never reached
UNREACHED = 99.0  # the same, for a garrison's own walk
NEED_WEIGHT = 1.5  # the need of the position itself
GROUND_AT_FRONT = 3.0  # each point of the Terrain Effects defence multiplier above 1, at the front
OCEAN_SIDE = (1.0, 0.8)  # a position on the ocean side: this, and this much for each point it scores next turn
NO_OCEAN_POINTS = 1  # what counts as its points next turn before the ocean side scores
DANGER_ODDS = 2.0  # the Allied odds against a position beyond which standing there costs...
DANGER = (2.0, 4.0)  # ...this much a point of odds over it, for a mechanised unit and for the others
CUT_OFF = 20.0  # a position no German supply reaches
CROWDED = 2.0  # each neighbour another unit has claimed (spread out: the zones of control cover the gaps)
WALK = 0.05  # each movement point of the walk there
STAY = 0.5  # the unit's own position (no shuffling)

# Striking (strike_value)
STRIKE_ODDS = 1.2  # the least odds a position's blow must promise to count
STRIKE_VALUE = 4.0  # for each point of odds...
STRIKE_ODDS_CAP = 3.0  # ...up to these
STRIKE_OBJECTIVE = 8.0  # the Allied unit holds an objective
STRIKE_BEACH = 8.0  # early on, the Allied unit stands on a beach

# Combat
TIRED = 80  # fatigue: a unit this tired is not sent into an attack
WEAK_DEFENDER = 20  # CP: an Allied unit weaker than this is attacked at...
WEAK_ODDS = 1.0  # ...these odds
KEY_ODDS = 1.1  # an Allied unit on an objective, or early on a beach
ATTACK_ODDS = 1.8  # any other
# (odds at least, attack level), the highest odds first; below the last, a light attack
ATTACK_LEVELS = ((3.0, BREAKTHROUGH), (2.0, MAJOR_ATTACK), (1.5, HEAVY_ATTACK), (1.1, MEDIUM_ATTACK))
BEATEN = 15  # CP: a unit weaker than this (or a cadre) fights a withdrawal
HOPELESS_ODDS = 3.5  # in the open against these odds: a fighting withdrawal
STRONG_GROUND = 2  # a Terrain Effects defence multiplier of this or more is strong ground (held at all costs)
STEADY_ODDS = 1.5  # the Allied odds from which he holds (standfast in the open) rather than counterattacks...
DEFENCE_LEVELS = ((0.8, LIMITED_COUNTERATTACK),)  # ...below them, these (Allied odds at least, level)...
# ...and below those a counterattack
SOUTH_EDGE_FROM = 4  # retreats go toward the map's southern edge from this column...
EAST_EDGE_FROM = 6  # ...and its eastern edge from this row


class GermanPlayer(ScriptedPlayer):
    """The classic computer German ("classic"; the searching German's "hold the line")."""

    name = "classic"
    sides = (Side.GERMAN,)
    # the weights a posture of the searching German changes (german_search.py); these are the classic player's
    line_need = (4.0, 2.0)  # a main-line position with an Allied unit within three positions, and without
    deny_south = 0.0  # a free position beside an Allied unit and not north of it (barring the way south)
    blow_min_odds = BLOW_MIN_ODDS
    hunt_penetration = False  # an Allied unit on the continent side counts as exposed, for a blow
    strike_infantry = STRIKE_INFANTRY
    tired = TIRED

    def __init__(self, side: str = Side.GERMAN, seed: int = 0) -> None:
        super().__init__(side, seed)
        self._need: dict[Hex, float] | None = None
        self._front: dict[Hex, float] = {}
        self._supplied: set[Hex] = set()
        self._supplied_if_held: set[Hex] = set()
        self._line: list[Hex] | None = None
        self._garrisons: dict[str, Hex] = {}
        self._strikers: dict[str, float] = {}  # Allied unit -> German attack strength planned next to it
        self._blows: dict[str, Hex] = {}  # German unit -> where it goes to join a planned blow
        self._front_zone: set[Hex] = set()
        self._hunted: set[str] = set()  # the Allied units those blows are aimed at

    def on_retreat(self, game: Game, prompt: RetreatPrompt) -> Action:
        return best_retreat(game, prompt, toward=self._home(game))

    # ------------------------------------------------------------------ the picture
    def start_phase(self, g: Game) -> None:
        self._supplied = view.german_supplied_positions(g)
        # an empty position in an Allied zone of control is closed to the trace only while empty: a German
        # unit that moves there traces through its own position to a supplied neighbour. Blows go there;
        # the line itself keeps to positions supplied now.
        m = g.data.map
        self._supplied_if_held = self._supplied | {
            n for h in self._supplied for n in m.land_neighbours(h) if g.occupant(n) is None}
        self._need = None
        self._garrisons = self.garrisons(g)
        self._strikers = {}
        # the Allies do not move while the German does
        self._front_zone = {h for p in board.allied_positions(g) for h in m.grid.within(p, FRONT_DEPTH)}
        self._blows = self.plan_blows(g)

    def garrisons(self, g: Game) -> dict[str, Hex]:
        """A German unit for each objective position the Allies are closing on: the one there, or the
        strongest that can get there this turn, or else the nearest, sent on its way."""
        allied_pos = board.allied_positions(g)
        units = [u for u in g.units(Side.GERMAN, ASHORE, combat=True) if not u.cadre]
        assigned: dict[str, Hex] = {}
        for h in board.objective_positions(g):
            occupant = g.occupant(h)
            if occupant is not None:
                if g.side_of(occupant) == Side.GERMAN and not g.unit(occupant).cadre:
                    assigned[occupant] = h  # a garrison stays
                continue
            if not any(distance(p, h) <= CLOSING for p in allied_pos):
                continue
            pick = self._garrison_for(g, h, [u for u in units if u.id not in assigned and u.mp >= 0])
            if pick is not None:
                assigned[pick] = h
        return assigned

    def _garrison_for(self, g: Game, h: Hex, free: list[view.UnitView]) -> str | None:
        """The unit sent to an empty objective position: the strongest that can reach it this turn, else the
        nearest unless it is far away."""
        reachable = [u for u in free if distance(position_of(u), h) <= GARRISON_NEAR
                     and h in board.reach(g, u.id, mp=g.spec(u.id).movement)]
        if reachable:
            return max(reachable, key=lambda u: (u.cp, u.id)).id
        if not free:
            return None
        pick = min(free, key=lambda u: (distance(position_of(u), h), -u.cp, u.id))
        return None if distance(position_of(pick), h) > GARRISON_FAR else pick.id

    def plan_blows(self, g: Game) -> dict[str, Hex]:
        """Punish the Allied units caught weak, alone or out of supply: for each, from the most exposed,
        German units that can reach the positions around it this turn are sent there until the odds are
        good. A blow that cannot reach fair odds is not planned (its units keep to the line)."""
        self._hunted = set()
        free = [u for u in g.units(Side.GERMAN, ASHORE, combat=True)
                if not u.cadre and u.id not in self._garrisons and u.fatigue < BLOW_MAX_FATIGUE]
        free.sort(key=lambda u: (-board.attack_from(g, u.id, position_of(u)), u.id))
        blows: dict[str, Hex] = {}
        taken: set[Hex] = set()
        reaches: dict[str, dict[Hex, tuple[float, Hex | None]]] = {}  # a unit weighed for several blows: once
        for _, a, exposed in sorted(self._exposed(g)):
            joining, strength = self._gather(g, a, self.blow_min_odds[exposed - 1], free, blows, taken, reaches)
            if joining and strength >= self.blow_min_odds[exposed - 1] * board.defence_here(g, a):
                blows.update(joining)
                taken.update(joining.values())
                self._hunted.add(a)
                self._strikers[a] = strength
        for uid, spot in blows.items():
            self.mover.claim(spot, uid)
        return blows

    def _exposed(self, g: Game) -> list[tuple[float, str, int]]:
        """The Allied units exposed to a blow: (how hard to beat, the unit, in how many ways it is exposed)."""
        m = g.data.map
        allied_pos = board.allied_positions(g)
        targets = []
        for a in board.combat_units(g, Side.ALLIED):
            au = g.unit(a)
            here = position_of(au)
            alone = not any(distance(here, p) <= BLOW_ALONE for p in allied_pos if p != here)
            exposed = alone + (not au.in_supply) + (au.cp * BLOW_WEAK < au.max_cp)
            if self.hunt_penetration and m.on_continent_side(here):
                exposed = min(exposed + 1, len(self.blow_min_odds))
            if exposed:
                targets.append((board.defence_at(g, a, here) / (1 + exposed), a, exposed))
        return targets

    def _gather(self, g: Game, a: str, least: float, free: list[view.UnitView], blows: dict[str, Hex],
                taken: set[Hex], reaches: dict[str, dict[Hex, tuple[float, Hex | None]]]) -> tuple[dict[str, Hex], float]:
        """The units sent round Allied unit ``a`` (strongest first) until the odds reach ``least`` and the
        margin, and the strength they bring with those already beside it."""
        m = g.data.map
        pos = position_of(g.unit(a))
        defence = board.defence_here(g, a)
        there = [x for x in g.adjacent_units(pos, Side.GERMAN) if not g.unit(x).cadre]
        strength = board.threat(g, there)
        spots = [n for n in m.land_neighbours(pos) if g.occupant(n) is None and n not in taken
                 and n in self._supplied_if_held]
        joining: dict[str, Hex] = {}
        for u in free:
            if strength >= (least + BLOW_MARGIN) * defence or not spots:
                break
            if u.id in blows or u.id in there or distance(position_of(u), pos) > g.spec(u.id).movement + 1:
                continue
            reach = reaches.get(u.id)
            if reach is None:
                reach = reaches[u.id] = board.reach(g, u.id)
            spot = min((h for h in spots if h in reach), key=lambda h: (reach[h][0], h), default=None)
            if spot is None:
                continue
            joining[u.id] = spot
            spots.remove(spot)
            strength += board.attack_from(g, u.id, spot)
        return joining, strength

    def _home(self, g: Game) -> list[Hex]:
        """Where retreats go: the map's southern and eastern edges."""
        grid = g.data.map.grid
        south = [(c, grid.rows - 1) for c in range(SOUTH_EDGE_FROM, grid.cols)]
        return south + [(grid.cols - 1, r) for r in range(EAST_EDGE_FROM, grid.rows)]

    def needs(self, g: Game) -> dict[Hex, float]:
        """How badly each position wants a German unit.

        The objectives when threatened; the main line of resistance, the
        ocean-side positions along the naval-range line, where a unit both
        scores every turn and bars the way to the continent side; and the ring
        of positions next to the Allied units, whose zones of control stop them.
        """
        if self._need is not None:
            return self._need
        allied_pos = board.allied_positions(g)
        need: dict[Hex, float] = {}
        self._objective_needs(g, allied_pos, need)
        for h in self.main_line(g):
            if (occ := g.occupant(h)) is None or g.side_of(occ) == Side.GERMAN:
                near = min((distance(h, p) for p in allied_pos), default=FAR_AWAY)
                need[h] = need.get(h, 0.0) + (self.line_need[0] if near <= LINE_NEAR else self.line_need[1])
        self._ring_needs(g, allied_pos, need)
        self._need = need
        self._front = board.field(g, list(need), Side.GERMAN) if need else {}
        return need

    def _objective_needs(self, g: Game, allied_pos: list[Hex], need: dict[Hex, float]) -> None:
        """The objective positions, and the free positions beside them (to retake one or stand by it)."""
        m = g.data.map
        for h in board.objective_positions(g):
            near = sum(1 for p in allied_pos if distance(p, h) <= CLOSING)
            need[h] = OBJECTIVE_NEED[0 if near else 1] + OBJECTIVE_CROWD * min(near, CROWD_COUNTED)
        for h in board.objective_positions(g):
            o = g.occupant(h)
            held = o is not None and g.side_of(o) == Side.ALLIED
            threatened = any(distance(p, h) <= THREAT for p in allied_pos)
            for _, n in m.grid.adjacent(h):
                if m.is_land(n) and g.occupant(n) is None:
                    # take back an objective the Allies hold; stand beside a garrison under threat
                    need[n] = need.get(n, 0.0) + (RETAKE_NEED if held else BESIDE_NEED if threatened else 0.0)

    def _ring_needs(self, g: Game, allied_pos: list[Hex], need: dict[Hex, float]) -> None:
        """The free positions beside the Allied units (their zones of control stop them)."""
        m = g.data.map
        for p in allied_pos:
            for _, n in m.grid.adjacent(p):
                if m.is_land(n) and ((occ := g.occupant(n)) is None or g.side_of(occ) == Side.GERMAN):
                    need[n] = need.get(n, 0.0) + RING_NEED[0 if m.on_scoring_ocean_side(n) else 1]
                    if n[1] >= p[1]:
                        need[n] += self.deny_south

    def main_line(self, g: Game) -> list[Hex]:
        """Ocean-side land positions with a continent-side neighbour: the naval-range line."""
        if self._line is None:
            m = g.data.map
            self._line = [h for h in m.grid.positions() if m.is_land(h) and m.on_scoring_ocean_side(h)
                          and any(m.on_continent_side(n) for n in m.grid.neighbours(h))]
        return self._line

    # ------------------------------------------------------------------ movement
    def plan_move(self, g: Game, uid: str) -> list[Hex]:
        best = board.reach(g, uid)
        post = self._garrisons.get(uid)
        if post is not None:  # garrison an objective: go there, or as near as this turn allows
            if post in best:
                self.mover.claim(post, uid)
                return board.path_to(best, post)
            fld = board.field(g, [post], Side.GERMAN)
            target = min(best, key=lambda h: (fld.get(h, UNREACHED), best[h][0], h))
            self.mover.claim(target, uid)
            return board.path_to(best, target)
        blow = self._blows.get(uid)
        if blow is not None and blow in best:
            return board.path_to(best, blow)
        here = g.unit(uid).position
        self.needs(g)  # (and the walk toward the positions in need, for position_value)
        next_turn = g.turn + 1  # what a unit on the ocean side scores then (a point before they score)
        ocean_value = view.ocean_side_points(g, next_turn) if view.ocean_side_scores(g, next_turn) else NO_OCEAN_POINTS
        scored = [(self.position_value(g, uid, h, cost, ocean_value), -cost, h) for h, (cost, _) in best.items()
                  if not self.mover.is_claimed(h, uid) and (h == here or g.occupant(h) is None)]
        if not scored:
            return []
        target = max(scored)[2]
        self.mover.claim(target, uid)
        for e in g.adjacent_units(target, Side.ALLIED):  # those who come later can join the blow
            self._strikers[e] = self._strikers.get(e, 0.0) + board.attack_from(g, uid, target)
        return board.path_to(best, target)

    def position_value(self, g: Game, uid: str, h: Hex, cost: float, ocean_value: int) -> float:
        """What standing at ``h`` (``cost`` movement points away) is worth to a unit of the line, a unit on the
        ocean side scoring ``ocean_value`` next turn."""
        m = g.data.map
        early = g.turn < EARLY_TURNS
        mobile = g.spec(uid).infiltration == Infiltration.MECHANISED
        s = -FRONT_PULL * self._front.get(h, FRONT_UNKNOWN) + self.needs(g).get(h, 0.0) * NEED_WEIGHT
        if h in self._front_zone:
            s += (board.terrain_defence(g, h) - 1.0) * GROUND_AT_FRONT
        if m.on_scoring_ocean_side(h):
            s += OCEAN_SIDE[0] + OCEAN_SIDE[1] * ocean_value
        enemies = g.adjacent_units(h, Side.ALLIED)
        if enemies:
            ratio = board.threat(g, enemies) / max(board.defence_at(g, uid, h), 1.0)
            if ratio > DANGER_ODDS and m.objective_of(h) is None:  # objectives are held at all costs
                s -= (ratio - DANGER_ODDS) * DANGER[0 if mobile else 1]
            # every unit looks for a blow; the panzers (and everyone in the first days) most keenly
            s += self.strike_value(g, uid, h, enemies, early) * (1.0 if mobile or early else self.strike_infantry)
        if h not in self._supplied:
            s -= CUT_OFF
        s -= CROWDED * sum(1 for n in m.grid.neighbours(h) if self.mover.claimed.get(n) not in (None, uid))
        s -= WALK * cost
        if h == g.unit(uid).position:
            s += STAY
        return s

    def strike_value(self, g: Game, uid: str, h: Hex, enemies: list[str], early: bool) -> float:
        """What a counter-attack from ``h`` promises: the best odds the German could bring on a neighbour."""
        m = g.data.map
        mine = board.attack_from(g, uid, h)
        best = 0.0
        for e in enemies:
            target = position_of(g.unit(e))
            others = sum(board.attack_from(g, x, position_of(g.unit(x))) for x in g.adjacent_units(target, Side.GERMAN)
                         if x != uid and not g.unit(x).cadre)
            others += self._strikers.get(e, 0.0)  # units already sent against it this phase
            odds = (mine + others) / max(board.defence_at(g, e, target), 1.0)
            if odds < STRIKE_ODDS:
                continue
            value = STRIKE_VALUE * min(odds, STRIKE_ODDS_CAP)
            if not g.adjacent_units(target, Side.ALLIED):
                value += ISOLATED  # alone: nobody to support it, nobody to stop a second blow
            if not g.unit(e).in_supply:
                value += ISOLATED / 2
            if m.objective_of(target) is not None:
                value += STRIKE_OBJECTIVE
            if early and m.beach_of_position(target) is not None:
                value += STRIKE_BEACH  # push them back into the sea
            best = max(best, value)
        return best

    # ------------------------------------------------------------------ combat
    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        attackers = [a for a in p.attackers if g.unit(a).fatigue < TIRED] or list(p.attackers)
        ratio = board.odds_with(g, attackers, p.defender)
        d = g.unit(p.defender)
        m = g.data.map
        on_beach = m.beach_of_position(position_of(d)) is not None
        if d.cp < WEAK_DEFENDER:
            return ratio >= WEAK_ODDS
        if p.defender in self._hunted:
            return ratio >= self.blow_min_odds[-1]
        if on_beach and g.turn < EARLY_TURNS:
            return ratio >= KEY_ODDS
        if m.objective_of(position_of(d)) is not None:
            return ratio >= KEY_ODDS
        return ratio >= ATTACK_ODDS

    def attack_level(self, g: Game, p: StrategyPrompt) -> int:
        return max(1, min(level_by_odds(p.odds, ATTACK_LEVELS, LIGHT_ATTACK), p.max_level))

    def defence_level(self, g: Game, p: StrategyPrompt) -> int:
        return self.defence_choice(g, p)[0]

    def defence_choice(self, g: Game, p: StrategyPrompt) -> tuple[int, str]:
        """The defence level, and why in words (its advice: ``explain``)."""
        r = p.odds  # the Allied attack against us
        d = g.unit(p.defender)
        here = position_of(d)
        strong_ground = board.terrain_defence(g, here) >= STRONG_GROUND
        if d.cadre or d.cp < BEATEN:
            level = WITHDRAWAL
            why = ("the coastal defence is too weak to stand against the landing: it fights at a fighting withdrawal's "
                   "level (it cannot leave its beach)") if p.landing is not None else \
                "the unit is too weak to stand: it falls back fighting"
        elif g.data.map.objective_of(here) is not None:
            level, why = HOLD_AT_ALL_COSTS, f"{g.data.map.objective_of(here)}, an objective, is held at all costs"
        elif r >= HOPELESS_ODDS and not strong_ground:
            # no second combat for the attacker
            level, why = WITHDRAWAL, "the odds are hopeless on weak ground: falling back denies a second attack"
        elif r >= STEADY_ODDS:
            level = HOLD_AT_ALL_COSTS if strong_ground else STANDFAST
            why = "the odds are against it, but the ground is strong" if strong_ground else "the odds are against it"
        else:
            level, why = level_by_odds(r, DEFENCE_LEVELS, COUNTERATTACK), "the odds are low enough to strike back"
        closed = p.closed_because(level)
        if closed is not None:  # (a "Hold at all costs" said to be a counter-attack read as nonsense)
            why = f"{why}, but {'its fatigue' if closed == 'fatigue' else closed} allows no level above {p.max_level}"
        return max(1, min(level, p.max_level)), why

    def explain(self, game: Game, action: Action) -> str:
        """A defence level says why the classic German chose it."""
        said = super().explain(game, action)
        p = game.prompt
        if isinstance(p, StrategyPrompt) and p.role == "defence" and isinstance(action, ChooseStrategy):
            level, why = self.defence_choice(game, p)
            if level == action.level:
                said = f"{said} Why: {why}."
        return said

    def advance(self, g: Game, p: AdvancePrompt) -> Action:
        m = g.data.map
        if m.beach_of_position(p.into) is not None or m.objective_of(p.into) is not None:
            return Advance(p.unit, p.direction)
        here = position_of(g.unit(p.unit))
        better = board.terrain_defence(g, p.into) > board.terrain_defence(g, here)
        safe = len(g.adjacent_units(p.into, Side.ALLIED)) <= 1
        if better and safe and p.into in self._supplied:
            return Advance(p.unit, p.direction)
        return FinishUnit(p.unit)
