"""The computer Allied playing a plan of data/plans.toml well: the Allied "historical", the Allied adversaries,
and the plans of the Allied commander.

A plan player is the scripted Allied (allied_scripted.AlliedPlayer) with its plan's drives, beaches and
weights, and what the scripted player lacks: depots stand under combat units that have finished moving and
never break another depot's chain; a formation that lands with movement to spare moves off the beach for the
next one; raiders weigh the continent side their own way; a feint changes its drives on its turn; the
firepower plan attacks at every chance with every air and naval point; and, with ``guard_beaches`` (the
commander's plans when the German may move on D-Day), guards on the threatened landing positions.

The adversaries (benchmarks/adversaries.py) are plans a clever human would try, built to beat the computer
German: ``southern-drive`` reads the Victory Points chart and drives every division across the naval-range
line to rows 9-11; ``single-beach`` lands everything at Omaha and Gold and breaks out south between the Vire
and the Seulles; ``armoured-raid`` sends the armour and the cavalry to the German reinforcement roads;
``feint`` plays the June 6 plan for the first week and then turns south; ``firepower`` fights the June 6
plan's drives attacking at every chance.
"""

from __future__ import annotations

from ..engine import view
from ..engine.actions import Action, Allocate, FinishUnit, HoldGround, Interdict, Support
from ..engine.data import Beach
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, DefenderPrompt, InterdictionPrompt, MovePrompt,
                              RetreatPrompt, SupportPrompt)
from ..engine.view import AFLOAT, ASHORE, position_of
from . import board
from .allied_scripted import UNREACHED, AlliedPlayer, percentages
from .paths import ocean_path
from .plans import Plan

COMBAT_WEIGHT = 3.0  # firepower: combat supply's share of the transport, times this
LEAST_SHARE = 0.1  # firepower: the least share of the transport a pool is weighed from
FIREPOWER_ODDS = 1.0  # firepower: the least odds it attacks at (docs/ai.md, Adversaries: what was tried)
FIREPOWER_LEVELS = (1, 1)  # firepower: the combat supply it must have for the attack (the least intense levels)
GUARD_CP = 30  # the weakest unit sent to guard a landing position (a weaker one only invites an attack)
GUARD_RANGE = 6  # guards are looked for this near a landing position (an infantry division's allowance;
# the reach search is costly)
GERMAN_NEAR = 3  # positions: a depot standing alone keeps this far from German units
STACK_DRIVE = 0.3  # a depot's walk to its goal, each movement point
STACKED = 3.0  # a depot under a combat unit that has finished moving
STACK_WALK = 0.05  # each movement point of a depot's move
RESCUE = 0.08  # each CP of a unit a depot puts back in supply


class PlanPlayer(AlliedPlayer):
    """The computer Allied playing a plan well (the module's docstring says what it does more)."""

    def __init__(self, side: str = Side.ALLIED, seed: int = 0, plan: str = "southern-drive",
                 design: Plan | None = None) -> None:
        """``plan`` names a plan of data/plans.toml; ``design`` plays a Plan of its own under that name (the
        Allied commander's plans)."""
        super().__init__(side, seed, plan=plan, design=design)
        self._landing: set[str] = set()  # formations sailing in to land this phase
        self.design_weight = self.design.continent_weight  # the continent side's weight for the plan's units now
        self._guards: dict[str, Hex] = {}  # unit -> the landing position it guards this phase
        self._guards_key: tuple[int, str] | None = None
        self._landing_at: Beach | None = None  # the beach a formation is sent to guard, while its landing is planned

    # ------------------------------------------------------------------ the hooks
    def answer(self, game: Game) -> Action:
        later = self.design.later
        if later is not None and self.design.switch is not None and self.goals is not later \
                and game.turn >= game.turn_of(self.design.switch):
            self.goals, self.design_weight = later, self.design.later_weight  # the feint is over
            self._fields = {}
        return super().answer(game)

    def on_move(self, game: Game, prompt: MovePrompt) -> Action:
        if not prompt.afloat and prompt.unit in self._landing:
            # just landed with movement to spare: off the beach, making room for the next formation
            self._landing.discard(prompt.unit)
            self.mover.paths.pop(prompt.unit, None)
            self.mover.claimed = {h: o for h, o in self.mover.claimed.items() if o != prompt.unit}
        return super().on_move(game, prompt)

    def on_retreat(self, game: Game, prompt: RetreatPrompt) -> Action:
        # a guard holds whatever its strength: a German advancing onto the position destroys the marker
        if self.design.guard_beaches and board.on_intact_beach(game, position_of(game.unit(prompt.unit))) \
                and HoldGround() in game.legal_actions():
            return HoldGround()
        return super().on_retreat(game, prompt)

    def on_advance(self, game: Game, prompt: AdvancePrompt) -> Action:
        if self.design.guard_beaches and self.holds_beach(game, prompt.unit):
            return FinishUnit(prompt.unit)  # an advance off a landing position opens it to the German's walk-in
        return super().on_advance(game, prompt)

    def on_interdiction(self, game: Game, prompt: InterdictionPrompt) -> Action:
        if self.design.firepower:
            return Interdict(0)  # every air point for the attacks
        return super().on_interdiction(game, prompt)

    # ------------------------------------------------------------------ guarding the beaches
    @staticmethod
    def holds_beach(g: Game, uid: str) -> bool:
        """Whether ``uid`` stands on a landing position of an intact beach with a German unit near enough to
        walk onto it next turn (GUARD_RANGE: an infantry division's allowance)."""
        here = position_of(g.unit(uid))
        return board.on_intact_beach(g, here) and any(distance(position_of(g.unit(e)), here) <= GUARD_RANGE
                                                      for e in board.combat_units(g, Side.GERMAN) if not g.unit(e).cadre)

    def plan_move(self, g: Game, uid: str) -> list[Hex]:
        if self.design.guard_beaches and g.unit(uid).status == ASHORE:
            post = self.guards(g).get(uid)
            if post is not None and not self.mover.is_claimed(post, uid) and g.occupant(post) in (None, uid):
                best = board.reach(g, uid)
                if post in best:
                    self.mover.claim(post, uid)
                    return board.path_to(best, post)
        raider = uid in self.design.raiders
        self.continent_weight = self.design.raider_weight if raider else self.design_weight
        return super().plan_move(g, uid)

    def guards(self, g: Game) -> dict[str, Hex]:
        """Once a movement phase: a guard for each free landing position a German unit could enter next
        turn (AlliedPlayer.threatened_beaches), the strongest unit ashore that can reach it this phase and
        is not itself guarding one; a walk-in destroys the beach's marker, and with it its supply."""
        key = (g.turn, g.phase)
        if key == self._guards_key:
            return self._guards
        self._guards_key, self._guards = key, {}
        free = sorted(p for p in self._threatened if g.occupant(p) is None)
        if not free:
            return self._guards
        units = [u for u in g.units(Side.ALLIED, ASHORE, combat=True)
                 if not u.cadre and u.cp >= GUARD_CP and u.position not in self._threatened and not u.moved]
        for post in free:
            reachable = [u for u in units if u.id not in self._guards and distance(position_of(u), post) <= GUARD_RANGE
                         and post in board.reach(g, u.id)]
            if reachable:
                pick = max(reachable, key=lambda u: (u.cp, -distance(position_of(u), post), u.id))
                self._guards[pick.id] = post
        return self._guards

    def plan_landing(self, g: Game, uid: str) -> list[Hex]:
        path: list[Hex] = []
        if self.design.guard_beaches and g.turn > 0 and not g.spec(uid).is_depot and g.unit(uid).cp >= GUARD_CP:
            # a formation sailing in lands first where a German could walk onto a free landing position
            self._landing_at = self.unguarded_beach(g, uid)
            try:
                path = super().plan_landing(g, uid) if self._landing_at is not None else []
            finally:
                self._landing_at = None
        if not path:
            path = super().plan_landing(g, uid)
        if path:
            self._landing.add(uid)
        return path

    def unguarded_beach(self, g: Game, uid: str) -> Beach | None:
        """The nation's intact beach with the most free landing positions a German could enter next turn."""
        nation = g.spec(uid).nation
        scored = [(sum(1 for p in b.positions if p in self._threatened and g.occupant(p) is None
                       and not self.mover.is_claimed(p, uid)), b.name, b)
                  for b in g.data.map.beaches if b.nation == nation and g.beaches[b.name].marker_intact]
        best = max(scored, key=lambda t: t[:2], default=None)
        return None if best is None or best[0] == 0 else best[2]

    def landing_beaches(self, g: Game, uid: str) -> list[Beach]:
        if self._landing_at is not None:
            return [self._landing_at]
        if not self.design.beaches:
            return super().landing_beaches(g, uid)
        return [b for b in g.data.map.beaches if b.name in self.design.beaches and g.beaches[b.name].marker_intact]

    def relieved_positions(self, g: Game) -> set[Hex]:
        """With formations afloat that could land at a beach this phase, as many of its landing positions'
        holders step off to make room for them (those that can move, the freest first): a beach whose
        positions stay held lands nobody, and the army waits at sea while the German gathers."""
        if not self.design.guard_beaches:
            return set()
        waiting = {u.id: self.landing_beaches(g, u.id) for u in g.units(Side.ALLIED, AFLOAT, combat=True)
                   if view.amphibious_cost(g, u.id) <= g.pools.amphibious}
        relieved: set[Hex] = set()
        for b in g.data.map.beaches:
            if not waiting or not g.beaches[b.name].marker_intact:
                continue
            landers = sum(1 for uid, beaches in waiting.items() if b in beaches
                          and (route := ocean_path(g, position_of(g.unit(uid)), b.marker)) is not None
                          and len(route) <= g.unit(uid).ocean_steps)
            room = landers - sum(1 for p in b.positions if g.occupant(p) is None)
            if room <= 0:
                continue  # the reach searches below are costly: only where someone must step off
            holders = sorted((-len(board.reach(g, o)), p) for p in b.positions
                             if (o := g.occupant(p)) is not None and g.side_of(o) == Side.ALLIED and not g.spec(o).is_depot)
            relieved.update(p for reach, p in holders[:room] if reach < -1)  # a holder that can move at all
        return relieved

    # ------------------------------------------------------------------ firepower
    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        if not self.design.firepower:
            return super().worth_attacking(g, p)
        cp = sum(g.unit(a).cp for a in p.attackers)
        if view.combat_supply_cost(g, *FIREPOWER_LEVELS, cp) > g.pools.combat:
            return False
        return board.odds_with(g, list(p.attackers), p.defender) >= FIREPOWER_ODDS

    def support(self, g: Game, p: SupportPrompt) -> Support:
        if not self.design.firepower or p.defensive:
            return super().support(g, p)
        # half of what is left on every attack: the whole budget is spent and every attack gets its share
        return Support(min(p.naval_max, (g.naval_left + 1) // 2), min(p.air_max, (g.air_left + 1) // 2))

    def allocate(self, g: Game, p: AllocationPrompt) -> Allocate:
        a = super().allocate(g, p)
        if not self.design.firepower or (self.follow_chart and p.for_turn in g.data.charts.suggested_allocation.allocated_for):
            return a
        shares: dict[str, float] = dict(a.as_dict())
        shares["combat"] *= COMBAT_WEIGHT
        return Allocate(**percentages({k: max(v, LEAST_SHARE) for k, v in shares.items()},
                                      g.data.rules.answers.largest_number))

    # ------------------------------------------------------------------ depots
    def plan_depot(self, g: Game, uid: str) -> list[Hex]:
        """A depot waits for the first cycle's moves, then stands under a combat unit that has finished
        moving (a German unit cannot enter it there), where it puts the most stranded units back in supply
        while staying in supply itself; with nowhere to stack it keeps clear of the German."""
        if not self.design.stacked_depots:
            return super().plan_depot(g, uid)
        if g.movement_cycle == 1:
            return []
        spec = g.spec(uid)
        rng = g.data.rules.supply.range
        best = board.reach(g, uid)
        others = view.allied_sources(g, spec.nation, without=uid)
        # the depots whose supply runs through this one: wherever it goes, it must stay in their reach
        here = g.unit(uid).position
        dependents = [s for s in view.allied_sources(g, spec.nation) if s not in others and s != here]
        units = [u for u in g.units(Side.ALLIED, ASHORE, combat=True) if g.spec(u.id).nation == spec.nation]
        stranded = [u for u in units if not any(distance(position_of(u), s) <= rng for s in others)]
        german = [position_of(g.unit(e)) for e in board.combat_units(g, Side.GERMAN)]
        fld = self._field(g, self.goal_for(g, uid))
        scored = []
        for h, (cost, _) in best.items():
            if g.depot_at(h) not in (None, uid) or not any(distance(h, s) <= rng for s in others):
                continue
            if any(distance(h, d) > rng for d in dependents):
                continue
            occupant = g.occupant(h)
            stacked = occupant is not None and self.mover.paths.get(occupant) == []
            if not stacked and (g.in_enemy_zoc(uid, h) or any(distance(h, p) <= GERMAN_NEAR for p in german)):
                continue  # alone, a German unit walking in destroys it
            rescued = sum(u.cp for u in stranded if distance(position_of(u), h) <= rng)
            scored.append((RESCUE * rescued - STACK_DRIVE * fld.get(h, UNREACHED) + (STACKED if stacked else 0.0)
                           - STACK_WALK * cost, h))
        if not scored:
            return []
        return board.path_to(best, max(scored)[1])
