"""The computer German: Rommel, with his hands partly tied.

He holds Cherbourg, Caen and St-Lo; forms his line on rivers, bocage and towns
next to the Allied perimeter, where his zones of control stop the Allied
advance; keeps as many units as he can on the ocean side of the naval range,
where each one scores for him every turn; strikes at the landings and the
beachhead markers with the panzer divisions while the Allies are weak;
counter-attacks when the odds are good; punishes the Allied units he catches
alone, worn down to half strength or beyond supply lines, gathering several
units around one for a blow; pulls back units that are being cut off; sends
reinforcements where the line is thinnest; and chooses his levels from the
odds, his fatigue and his supply.
"""

from __future__ import annotations

from ..engine import view
from ..engine.actions import Action, Advance, Answer, ChooseStrategy, EndPhase, FinishUnit, Support
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from ..engine.prompts import (AdvancePrompt, AttackerPrompt, DefenderPrompt, MovePrompt, QuestionPrompt,
                              RetreatPrompt, StrategyPrompt, SupportPrompt)
from ..engine.view import ASHORE, position_of
from . import board
from .common import MovePlanner, best_retreat, yes

EARLY = 4  # through 6/12 the panzers go for the beaches ("push you back into the sea")
STRIKE_INFANTRY = 0.5  # how keenly the infantry, after the first days, looks for a blow
ISOLATED = 6.0  # the worth of catching an Allied unit alone (and half again if it is out of supply)
BLOW_WEAK = 2  # an Allied unit down to 1/2 of its strength is exposed, as is one out of supply, and one alone:
BLOW_ALONE = 2  # with no other Allied unit within this many positions
BLOW_MIN_ODDS = (2.5, 2.0, 1.5)  # the least odds of a blow at a unit exposed in one, two or three ways...
BLOW_MARGIN = 0.5  # ...and units are gathered until the odds are this much better
BLOW_MAX_FATIGUE = 70  # units this tired are not sent


class GermanPlayer:
    """The classic computer German ("classic"; the searching German's "hold the line")."""

    name = "classic"
    sides = (Side.GERMAN,)
    # the weights a posture of the searching German changes (german_search.py); these are the classic player's
    line_need = (4.0, 2.0)  # a main-line position with an Allied unit within three positions, and without
    deny_south = 0.0  # a free position beside an Allied unit and not north of it (barring the way south)
    blow_min_odds = BLOW_MIN_ODDS
    hunt_penetration = False  # an Allied unit on the continent side counts as exposed, for a blow
    strike_infantry = STRIKE_INFANTRY

    def __init__(self, side: str = Side.GERMAN, seed: int = 0) -> None:
        self.side = side
        self.mover = MovePlanner()
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

    def choose(self, g: Game) -> Action:
        p = g.prompt
        if isinstance(p, QuestionPrompt):
            return Answer(p.default)
        if isinstance(p, MovePrompt):
            if self.mover.reset_if_new_phase(g):
                self._start_phase(g)
            return self.mover.next_step(g, p, self.plan_move)
        if isinstance(p, DefenderPrompt):
            return yes(self.worth_attacking(g, p))
        if isinstance(p, AttackerPrompt):
            u = g.unit(p.attacker)
            return yes(u.fatigue < 80 or not p.chosen)
        if isinstance(p, StrategyPrompt):
            return ChooseStrategy(self.attack_level(g, p) if p.role == "attack" else self.defence_level(g, p))
        if isinstance(p, RetreatPrompt):
            return best_retreat(g, p, toward=self._home(g))
        if isinstance(p, AdvancePrompt):
            return self.advance(g, p)
        if isinstance(p, SupportPrompt):
            return Support(0, 0)
        legal = g.legal_actions()
        return EndPhase() if EndPhase() in legal else legal[0]

    # ------------------------------------------------------------------ the picture
    def _start_phase(self, g: Game) -> None:
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
        # within two positions of an Allied unit (the Allies do not move while the German does)
        self._front_zone = {h for a in board.combat_units(g, Side.ALLIED) for h in m.grid.within(position_of(g.unit(a)), 2)}
        self._blows = self.plan_blows(g)

    def garrisons(self, g: Game) -> dict[str, Hex]:
        """A German unit for each objective position the Allies are closing on: the one there, or the
        strongest that can get there this turn, or else the nearest, sent on its way."""
        m = g.data.map
        allied_pos = [position_of(g.unit(a)) for a in board.combat_units(g, Side.ALLIED)]
        units = [u for u in g.units(Side.GERMAN, ASHORE, combat=True) if not u.cadre]
        assigned: dict[str, Hex] = {}
        for hexes in m.objectives.values():
            for h in hexes:
                occupant = g.occupant(h)
                if occupant is not None:
                    if g.side_of(occupant) == Side.GERMAN and not g.unit(occupant).cadre:
                        assigned[occupant] = h  # a garrison stays
                    continue
                if not any(distance(p, h) <= 4 for p in allied_pos):
                    continue
                free = [u for u in units if u.id not in assigned and u.mp >= 0]
                reachable = [u for u in free if distance(position_of(u), h) <= 3 and h in board.reach(g, u.id, mp=g.spec(u.id).movement)]
                if reachable:
                    pick = max(reachable, key=lambda u: (u.cp, u.id))
                elif free:
                    pick = min(free, key=lambda u: (distance(position_of(u), h), -u.cp, u.id))
                    if distance(position_of(pick), h) > 6:
                        continue
                else:
                    continue
                assigned[pick.id] = h
        return assigned

    def plan_blows(self, g: Game) -> dict[str, Hex]:
        """Punish the Allied units caught weak, alone or out of supply: for each, from the most exposed,
        German units that can reach the positions around it this turn are sent there until the odds are
        good. A blow that cannot reach fair odds is not planned (its units keep to the line)."""
        m = g.data.map
        self._hunted = set()
        free = [u for u in g.units(Side.GERMAN, ASHORE, combat=True)
                if not u.cadre and u.id not in self._garrisons and u.fatigue < BLOW_MAX_FATIGUE]
        targets = []
        allied_pos = [position_of(g.unit(a)) for a in board.combat_units(g, Side.ALLIED)]
        for a in board.combat_units(g, Side.ALLIED):
            au = g.unit(a)
            alone = not any(distance(position_of(au), p) <= BLOW_ALONE for p in allied_pos if p != position_of(au))
            exposed = alone + (not au.in_supply) + (au.cp * BLOW_WEAK < au.max_cp)
            if self.hunt_penetration and m.naval_side[position_of(au)] == "c":
                exposed = min(exposed + 1, 3)
            if exposed:
                targets.append((board.defence_at(g, a, position_of(au)) / (1 + exposed), a, exposed))
        blows: dict[str, Hex] = {}
        taken: set[Hex] = set()
        reaches: dict[str, dict] = {}
        for _, a, exposed in sorted(targets):
            least = self.blow_min_odds[exposed - 1]
            pos = position_of(g.unit(a))
            defence = max(board.defence_at(g, a, pos), 1.0)
            there = [x for x in g.adjacent_units(pos, Side.GERMAN) if not g.unit(x).cadre]
            strength = sum(board.attack_from(g, x, position_of(g.unit(x))) for x in there)
            spots = [n for n in m.land_neighbours(pos)
                     if g.occupant(n) is None and n not in taken and n in self._supplied_if_held]
            joining: dict[str, Hex] = {}
            for u in sorted(free, key=lambda u: (-board.attack_from(g, u.id, position_of(u)), u.id)):
                if strength >= (least + BLOW_MARGIN) * defence or not spots:
                    break
                if u.id in blows or u.id in there or distance(position_of(u), pos) > g.spec(u.id).movement + 1:
                    continue
                reach = reaches.get(u.id)
                if reach is None:  # a unit may be weighed for several blows: its reach is worked out once
                    reach = reaches[u.id] = board.reach(g, u.id)
                spot = min((h for h in spots if h in reach), key=lambda h: (reach[h][0], h), default=None)
                if spot is None:
                    continue
                joining[u.id] = spot
                spots.remove(spot)
                strength += board.attack_from(g, u.id, spot)
            if joining and strength >= least * defence:
                blows.update(joining)
                taken.update(joining.values())
                self._hunted.add(a)
                self._strikers[a] = strength
        for uid, spot in blows.items():
            self.mover.claim(spot, uid)
        return blows

    def _home(self, g: Game) -> list[Hex]:
        grid = g.data.map.grid
        return [(c, grid.rows - 1) for c in range(4, grid.cols)] + [(grid.cols - 1, r) for r in range(6, grid.rows)]

    def needs(self, g: Game) -> dict[Hex, float]:
        """How badly each position wants a German unit.

        The objectives when threatened; the main line of resistance, the
        ocean-side positions along the naval-range line, where a unit both
        scores every turn and bars the way to the continent side; and the ring
        of positions next to the Allied units, whose zones of control stop them.
        """
        if self._need is not None:
            return self._need
        m = g.data.map
        allied_pos = [position_of(g.unit(a)) for a in board.combat_units(g, Side.ALLIED)]
        need: dict[Hex, float] = {}
        for hexes in m.objectives.values():
            for h in hexes:
                near = sum(1 for p in allied_pos if distance(p, h) <= 4)
                need[h] = (20.0 if near else 4.0) + 3.0 * min(near, 4)
        for hexes in m.objectives.values():
            for h in hexes:
                o = g.occupant(h)
                held = o is not None and g.side_of(o) == Side.ALLIED
                threatened = any(distance(p, h) <= 2 for p in allied_pos)
                for _, n in m.grid.adjacent(h):
                    if m.is_land(n) and g.occupant(n) is None:
                        # take back an objective the Allies hold; stand beside a garrison under threat
                        need[n] = need.get(n, 0.0) + (10.0 if held else 4.0 if threatened else 0.0)
        for h in self.main_line(g):
            if (occ := g.occupant(h)) is None or g.side_of(occ) == Side.GERMAN:
                near = min((distance(h, p) for p in allied_pos), default=9)
                need[h] = need.get(h, 0.0) + (self.line_need[0] if near <= 3 else self.line_need[1])
        for p in allied_pos:
            for _, n in m.grid.adjacent(p):
                if m.is_land(n) and ((occ := g.occupant(n)) is None or g.side_of(occ) == Side.GERMAN):
                    need[n] = need.get(n, 0.0) + (2.0 if m.naval_side[n] == "o" else 1.0)
                    if n[1] >= p[1]:
                        need[n] += self.deny_south
        self._need = need
        self._front = board.field(g, list(need), Side.GERMAN) if need else {}
        return need

    def main_line(self, g: Game) -> list[Hex]:
        """Ocean-side land positions with a continent-side neighbour: the naval-range line."""
        if self._line is None:
            m = g.data.map
            self._line = [h for h in m.grid.positions() if m.is_land(h) and m.naval_side[h] == "o"
                          and any(m.naval_side[n] == "c" for n in m.grid.neighbours(h))]
        return self._line

    # ------------------------------------------------------------------ movement
    def plan_move(self, g: Game, uid: str) -> list[Hex]:
        u = g.unit(uid)
        spec = g.spec(uid)
        m = g.data.map
        best = board.reach(g, uid)
        post = self._garrisons.get(uid)
        if post is not None:  # garrison an objective: go there, or as near as this turn allows
            if post in best:
                self.mover.claim(post, uid)
                return board.path_to(best, post)
            fld = board.field(g, [post], Side.GERMAN)
            target = min(best, key=lambda h: (fld.get(h, 99.0), best[h][0], h))
            self.mover.claim(target, uid)
            return board.path_to(best, target)
        blow = self._blows.get(uid)
        if blow is not None and blow in best:
            return board.path_to(best, blow)
        need = self.needs(g)
        early = g.turn < EARLY
        mobile = spec.infiltration == "mechanised"
        next_turn = g.turn + 1  # what a unit on the ocean side scores then (a point before they score)
        ocean_value = view.ocean_side_points(g, next_turn) if view.ocean_side_scores(g, next_turn) else 1
        scored = []
        for h, (cost, _) in best.items():
            if self.mover.is_claimed(h, uid) or (h != u.position and g.occupant(h) is not None):
                continue
            near_front = h in self._front_zone
            s = -0.8 * self._front.get(h, 40.0)
            s += need.get(h, 0.0) * 1.5
            if near_front:
                s += (g.data.charts.terrain[m.terrain[h]].defence - 1.0) * 3.0
            if m.naval_side[h] == "o":
                s += 1.0 + 0.8 * ocean_value
            enemies = g.adjacent_units(h, Side.ALLIED)
            if enemies:
                threat = sum(board.attack_from(g, e, position_of(g.unit(e))) for e in enemies)
                ratio = threat / max(board.defence_at(g, uid, h), 1.0)
                if ratio > 2.0 and m.objective_of(h) is None:  # objectives are held at all costs
                    s -= (ratio - 2.0) * (2.0 if mobile else 4.0)
                # every unit looks for a blow; the panzers (and everyone in the first days) most keenly
                s += self.strike_value(g, uid, h, enemies, early) * (1.0 if mobile or early else self.strike_infantry)
            if h not in self._supplied:
                s -= 20.0
            s -= 2.0 * sum(1 for n in m.grid.neighbours(h) if self.mover.claimed.get(n) not in (None, uid))
            s -= 0.05 * cost
            if h == u.position:
                s += 0.5
            scored.append((s, -cost, h))
        if not scored:
            return []
        target = max(scored)[2]
        self.mover.claim(target, uid)
        for e in g.adjacent_units(target, Side.ALLIED):  # those who come later can join the blow
            self._strikers[e] = self._strikers.get(e, 0.0) + board.attack_from(g, uid, target)
        return board.path_to(best, target)

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
            if odds < 1.2:
                continue
            value = 4.0 * min(odds, 3.0)
            if not g.adjacent_units(target, Side.ALLIED):
                value += ISOLATED  # alone: nobody to support it, nobody to stop a second blow
            if not g.unit(e).in_supply:
                value += ISOLATED / 2
            if m.objective_of(target) is not None:
                value += 8.0
            if early and m.beach_of_position(target) is not None:
                value += 8.0  # push them back into the sea
            best = max(best, value)
        return best

    # ------------------------------------------------------------------ combat
    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        attackers = [a for a in p.attackers if g.unit(a).fatigue < 80] or list(p.attackers)
        ratio = board.odds_with(g, attackers, p.defender)
        d = g.unit(p.defender)
        m = g.data.map
        on_beach = m.beach_of_position(position_of(d)) is not None
        if d.cp < 20:
            return ratio >= 1.0
        if p.defender in self._hunted:
            return ratio >= self.blow_min_odds[-1]
        if on_beach and g.turn < EARLY:
            return ratio >= 1.1
        if m.objective_of(position_of(d)) is not None:
            return ratio >= 1.1
        return ratio >= 1.8

    def attack_level(self, g: Game, p: StrategyPrompt) -> int:
        r = p.odds
        level = 8 if r >= 3 else 7 if r >= 2 else 6 if r >= 1.5 else 5 if r >= 1.1 else 3
        return max(1, min(level, p.max_level))

    def defence_level(self, g: Game, p: StrategyPrompt) -> int:
        r = p.odds  # the Allied attack against us
        d = g.unit(p.defender)
        m = g.data.map
        key = m.objective_of(position_of(d)) is not None
        strong_ground = g.data.charts.terrain[m.terrain[position_of(d)]].defence >= 2
        if d.cadre or d.cp < 15:
            level = 3
        elif key:
            level = 6  # hold at all costs
        elif r >= 3.5 and not strong_ground:
            level = 3  # fighting withdrawal: no second combat for the attacker
        elif r >= 1.5:
            level = 6 if strong_ground else 5
        elif r >= 0.8:
            level = 7
        else:
            level = 8
        return max(1, min(level, p.max_level))

    def advance(self, g: Game, p: AdvancePrompt) -> Action:
        m = g.data.map
        if m.beach_of_position(p.into) is not None or m.objective_of(p.into) is not None:
            return Advance(p.unit, p.direction)
        here = position_of(g.unit(p.unit))
        better = g.data.charts.terrain[m.terrain[p.into]].defence > g.data.charts.terrain[m.terrain[here]].defence
        safe = len(g.adjacent_units(p.into, Side.ALLIED)) <= 1
        if better and safe and p.into in self._supplied:
            return Advance(p.unit, p.direction)
        return FinishUnit(p.unit)
