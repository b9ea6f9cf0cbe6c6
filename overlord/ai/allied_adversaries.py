"""Allied adversaries: plans a clever human would try, built to beat the computer German.

They are not handicaps but real plans, each the computer Allied (AlliedPlayer)
with its own drives, beaches and a few weights:

- ``southern-drive`` reads the Victory Points chart: it ignores Cherbourg and
  Caen and drives every division south across the naval-range line to rows
  9-11, where each Allied unit scores CP / 60 x its row every turn: the Utah
  divisions by Carentan and Periers to Coutances and Marigny, the Omaha
  divisions by Trevieres to St-Lo, Caumont and Torigni, the British by Tilly
  to Villers-Bocage and Aunay and across the Caen plain south of the city.
  It attacks as AlliedPlayer does, only when the exchange pays.
- ``single-beach`` lands every formation at Omaha and Gold, side by side (the
  best of the pairs and single beaches tried), and breaks out south from one
  compact lodgement between the Vire and the Seulles.
- ``armoured-raid`` sends the armoured divisions, the armoured brigades and
  the cavalry to the German reinforcement roads (data/map.toml [entry]) to
  block arrivals and the German supply to the map's edges, while the
  infantry take the objectives by the June 6 plan.
- ``feint`` plays the June 6 plan for the first week, then turns every
  division south to the southern drive's positions (built against the
  searching German, who models the Allies on what he has seen them do).
- ``firepower`` fights the June 6 plan's drives by attacking at every chance
  it can pay for at 1:1 or better, with every air point (none on
  interdiction) and every naval point, and allocates transport weighted to
  combat supply.

What all of them do better than AlliedPlayer: depots stand under combat units
that have finished moving and never break another depot's chain; a formation
that lands with movement to spare moves off the beach for the next one; and,
but for firepower, transport goes by need from 6/6 rather than by the chart.
They exist to find the computer German's weaknesses (benchmarks/adversaries.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import view
from ..engine.actions import Action, Allocate, FinishUnit, HoldGround, Interdict, Support
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from ..engine.prompts import AdvancePrompt, AllocationPrompt, DefenderPrompt, InterdictionPrompt, MovePrompt, RetreatPrompt, SupportPrompt
from ..engine.view import AFLOAT, ASHORE, position_of
from . import board
from .allied import DDAY_LANDINGS, PLANS, AlliedPlayer, _percentages
from .paths import ocean_path

COMBAT_WEIGHT = 3.0  # firepower: combat supply's share of the transport, times this
GUARD_CP = 30  # the weakest unit sent to guard a landing position (a weaker one only invites an attack)
GUARD_RANGE = 6  # guards are looked for this near a landing position (an infantry division's allowance;
# the reach search is costly)
FIREPOWER_ODDS = 1.0  # firepower: the least odds it attacks at (docs/ai.md, Adversaries: what was tried)


@dataclass(frozen=True)
class Plan:
    """What makes one adversary: drives, beaches and a few weights."""

    goals: dict  # unit -> the places (names, or (col, row)) it drives through, in order
    landings: dict  # D-Day formation -> its beach
    beaches: tuple[str, ...] = ()  # the only beaches later formations land at (any nation's); () = AlliedPlayer's
    continent_weight: float = 0.05  # the continent-side points (CP / 60 x row) of a position, when moving
    stacked_depots: bool = True  # depots stand under combat units that have finished moving (no German can enter)
    raiders: tuple[str, ...] = ()  # units that weigh the continent side by raider_weight instead
    raider_weight: float = 0.05
    follow_chart: bool = True  # the Suggested Transport Allocation chart for 6/6-6/12 (else by need at once)
    firepower: bool = False  # attack at every chance, with every air and naval point
    later: dict | None = None  # drives that replace ``goals`` from the turn ``switch`` (a feint)
    switch: str = "6/14"
    later_weight: float = 0.6  # continent_weight from then on
    min_gain: float = 4.0  # an attack must promise this many more German than Allied casualties (AlliedPlayer's)
    guard_beaches: bool = False  # each free landing position a German could enter next turn gets a guard, the
    # formations sailing in land there first, a unit on a landing position neither retreats nor advances off it,
    # and steps off only for a formation waiting to land there (allied_ai.py)


# ---------------------------------------------------------------------------- southern drive
# Every division's last place is its own position on rows 9-11, so the mass spreads along the south.
SOUTH = {
    # Utah: Carentan, Periers, Coutances and Marigny
    "us-4-inf": ["Carentan", "Periers", "Coutances"],
    "us-4-cav": ["Carentan", "Periers", (5, 9)],
    "us-82-abn": ["Pont-l'Abbe", "La Haye-du-Puits", "Lessay", (5, 8)],
    "us-101-abn": ["Carentan", "Marigny"],
    "us-9-inf": ["Carentan", "Periers", (5, 10)],
    "us-90-inf": ["Carentan", "Periers", (7, 10)],
    "us-79-inf": ["Carentan", (8, 10)],
    # Omaha: Trevieres to St-Lo, Torigni and Caumont
    "us-1-inf": ["Trevieres", "Caumont-l'Evente"],
    "us-29-inf": ["Isigny-sur-Mer", "St-Lo"],
    "us-rangers": ["Trevieres", (10, 9)],
    "us-2-inf": ["Trevieres", "Torigni-sur-Vire"],
    "us-30-inf": ["Trevieres", (10, 10)],
    "us-24-cav": ["Trevieres", (12, 10)],
    "us-102-cav": ["Trevieres", (11, 9)],
    "us-2-arm": ["Trevieres", (12, 11)],
    "us-83-inf": ["Trevieres", (9, 10)],
    "us-3-arm": ["Trevieres", (10, 11)],
    "us-113-cav": ["Carentan", (6, 11)],
    # British and Canadians: Tilly to Villers-Bocage and Aunay; the Caen plain south of the city
    "bc-50-inf": ["Bayeux", "Tilly-sur-Seulles", "Villers-Bocage"],
    "bc-8-armbde": ["Bayeux", "Tilly-sur-Seulles", "Aunay-sur-Odon"],
    "bc-3cdn-inf": ["Carpiquet", "Evrecy"],
    "bc-2cdn-armbde": ["Carpiquet", (17, 10)],
    "bc-4-cdo": ["Carpiquet", (16, 11)],
    "bc-3-inf": ["Benouville / Ranville", "Troarn", (18, 10)],
    "bc-27-armbde": ["Benouville / Ranville", "Troarn", (19, 10)],
    "bc-1-cdo": ["Benouville / Ranville", "Troarn", (18, 11)],
    "bc-6-abn": ["Benouville / Ranville", "Troarn", (19, 11)],
    "bc-51-inf": ["Benouville / Ranville", "Troarn", (17, 11)],
    "bc-7-arm": ["Tilly-sur-Seulles", (13, 10)],
    "bc-4-armbde": ["Tilly-sur-Seulles", (13, 11)],
    "bc-49-inf": ["Tilly-sur-Seulles", (14, 11)],
    "bc-11-arm": ["Carpiquet", "Thury-Harcourt"],
    "bc-15-inf": ["Carpiquet", (17, 9), (16, 10)],
    # the depots follow the drives as far as supply allows
    "us-depot-1": ["Carentan", "Periers", "Marigny"],
    "us-depot-2": ["Trevieres", "St-Lo"],
    "us-depot-3": ["Trevieres", "Caumont-l'Evente"],
    "bc-depot-1": ["Bayeux", "Tilly-sur-Seulles", "Villers-Bocage"],
    "bc-depot-2": ["Carpiquet", (17, 10)],
    "bc-depot-3": ["Benouville / Ranville", "Troarn", (18, 10)],
}


def breakout(exits: dict[str, list], finals: dict[str, list[tuple[int, int]]], depots: dict[str, list]) -> dict:
    """Drives for a force breaking out of one lodgement: each nation's formations go out by its exits, then
    each to the next of its nation's final positions in turn (in order of battle), so the mass spreads along
    the south; its depots follow the exits to the places given."""
    goals, taken = {}, {"US": 0, "BC": 0}
    for uid in SOUTH:
        nation = "US" if uid.startswith("us-") else "BC"
        if "depot" in uid:
            goals[uid] = depots[uid]
            continue
        spots = finals[nation]
        goals[uid] = exits[nation] + [spots[taken[nation] % len(spots)]]
        taken[nation] += 1
    return goals


# Single beach: everything lands at Omaha and Gold, side by side, and breaks out south between the Vire and
# the Seulles: the Americans by Trevieres to St-Lo and Torigni, the British by Bayeux and Tilly to
# Villers-Bocage and Aunay.
LODGEMENT = breakout(
    exits={"US": ["Trevieres"], "BC": ["Bayeux", "Tilly-sur-Seulles"]},
    finals={"US": [(9, 9), (10, 10), (11, 9), (11, 10), (12, 9), (9, 10), (10, 11), (11, 11), (12, 10), (8, 10),
                   (10, 9), (12, 11), (8, 9), (9, 11), (8, 11), (7, 10), (7, 9), (13, 11)],
            "BC": [(13, 9), (14, 10), (13, 10), (14, 9), (14, 11), (15, 10), (12, 10), (15, 11), (13, 11),
                   (16, 10), (16, 11), (15, 9), (12, 11), (17, 10), (17, 11)]},
    depots={"us-depot-1": ["Trevieres", "St-Lo"], "us-depot-2": ["Trevieres", "Torigni-sur-Vire"],
            "us-depot-3": ["Trevieres", (11, 8)], "bc-depot-1": ["Bayeux", "Villers-Bocage"],
            "bc-depot-2": ["Bayeux", "Aunay-sur-Odon"], "bc-depot-3": ["Bayeux", (14, 8)]})

# Armoured raid: the armoured divisions and the cavalry race for the roads the German reinforcements come
# in by (data/map.toml [entry]) and sit on them, blocking arrivals and the German supply to the map's edges;
# the infantry hold the lodgement and take the objectives as in the June 6 plan.
RAID = dict(PLANS["historical"], **{
    "us-4-cav": ["Carentan", "Periers", "Coutances", (5, 11)],  # the Coutances road
    "us-24-cav": ["Carentan", "Periers", (6, 11)],
    "us-102-cav": ["Trevieres", "St-Lo", (8, 11)],
    "us-113-cav": ["Trevieres", "Torigni-sur-Vire", (11, 11)],
    "us-2-arm": ["Trevieres", "St-Lo", (9, 11)],  # the St-Lo road
    "us-3-arm": ["Trevieres", "Caumont-l'Evente", (12, 11)],  # the Vire road
    "bc-7-arm": ["Carpiquet", (17, 10), (17, 11)],  # the Falaise road
    "bc-11-arm": ["Benouville / Ranville", "Troarn", (21, 10)],  # the Vimoutiers road
    "bc-4-armbde": ["Benouville / Ranville", "Troarn", (21, 8)],  # the Lisieux road
    "bc-8-armbde": ["Bayeux", "Tilly-sur-Seulles", (14, 11)],
    "bc-27-armbde": ["Benouville / Ranville", (18, 11)],
    "bc-2cdn-armbde": ["Carpiquet", (16, 11)],
    "us-depot-2": ["Trevieres", "St-Lo", (9, 10)],
    "bc-depot-3": ["Carpiquet", (17, 10)],
})
RAIDERS = ("us-4-cav", "us-24-cav", "us-102-cav", "us-113-cav", "us-2-arm", "us-3-arm", "bc-7-arm", "bc-11-arm",
           "bc-4-armbde", "bc-8-armbde", "bc-27-armbde", "bc-2cdn-armbde")

# Feint: the June 6 plan (and its caution about the continent side) for the first week, which a German who
# models the Allies on what they did sees as the June 6 plan; then every division turns south (the southern
# drive's positions on rows 9-11). Built against the searching German's choice of Allied model.
FEINT: dict[str, Any] = dict(goals=PLANS["historical"], landings=DDAY_LANDINGS, continent_weight=0.05,
                             follow_chart=False, later=SOUTH, switch="6/14", later_weight=0.6)

# The named Allied player "historical": the June 6 plan (the beaches, Cherbourg, St-Lo and Caumont, Caen)
# played with what the adversaries do better, as the Allied ai's own plan of that name (allied_ai.PLANS),
# but weighing the ground south of the naval range as a commander reading the Victory Points chart would.
# On the tuning seeds against the German ai (median score): weight 0.05 -422, 0.3 -102, 0.6 30, 1.0 372,
# 1.2 332, 1.5 469, 2.0 185 (Cherbourg taken in 13-19 games of 25, median date 6/20-6/24, throughout).
HISTORICAL = Plan(goals=PLANS["historical"], landings=DDAY_LANDINGS, continent_weight=1.5, follow_chart=False)

ADVERSARY_PLANS = {
    "southern-drive": Plan(goals=SOUTH, landings=DDAY_LANDINGS, continent_weight=0.6, follow_chart=False),
    "single-beach": Plan(goals=LODGEMENT, landings={}, beaches=("Omaha", "Gold"), continent_weight=3.0,
                         follow_chart=False),
    "armoured-raid": Plan(goals=RAID, landings=DDAY_LANDINGS, continent_weight=0.6, raiders=RAIDERS, raider_weight=2.0,
                          follow_chart=False),
    "firepower": Plan(goals=PLANS["historical"], landings=DDAY_LANDINGS, continent_weight=0.6, follow_chart=False,
                      firepower=True),
    "feint": Plan(**FEINT),
}


class AdversaryAllied(AlliedPlayer):
    """The computer Allied playing one of the ADVERSARY_PLANS."""

    def __init__(self, side: str = Side.ALLIED, seed: int = 0, plan: str = "southern-drive",
                 design: Plan | None = None) -> None:
        """``design`` plays a Plan of its own under the name ``plan`` (the Allied ai's plans)."""
        if design is None and plan not in ADVERSARY_PLANS:
            raise ValueError(f"unknown Allied adversary {plan!r}")
        self.design = ADVERSARY_PLANS[plan] if design is None else design
        super().__init__(side, seed, plan=plan, goals=self.design.goals, landings=self.design.landings)
        self.continent_weight = self.design.continent_weight
        self.follow_chart = self.design.follow_chart
        self.min_gain = self.design.min_gain
        self._landing: set[str] = set()  # formations sailing in to land this phase
        self.design_weight = self.design.continent_weight  # the continent side's weight for the plan's units now
        self._guards: dict[str, Hex] = {}  # unit -> the landing position it guards this phase
        self._guards_key: tuple | None = None
        self._landing_at = None  # the beach a formation is sent to guard, while its landing is planned

    def choose(self, g: Game) -> Action:
        p = g.prompt
        if self.design.later is not None and g.turn >= g.turn_of(self.design.switch) and self.goals is not self.design.later:
            self.goals, self.design_weight = self.design.later, self.design.later_weight  # the feint is over
            self._fields = {}
        if isinstance(p, MovePrompt) and not p.afloat and p.unit in self._landing:
            # just landed with movement to spare: off the beach, making room for the next formation
            self._landing.discard(p.unit)
            self.mover.paths.pop(p.unit, None)
            self.mover.claimed = {h: o for h, o in self.mover.claimed.items() if o != p.unit}
        if self.design.guard_beaches and isinstance(p, RetreatPrompt):
            # a guard holds whatever its strength: a German advancing onto the position destroys the marker
            if board.on_intact_beach(g, position_of(g.unit(p.unit))) and HoldGround() in g.legal_actions():
                return HoldGround()
        if self.design.guard_beaches and isinstance(p, AdvancePrompt) and self.holds_beach(g, p.unit):
            return FinishUnit(p.unit)  # an advance off a landing position opens it to the German's walk-in
        if isinstance(p, InterdictionPrompt) and self.design.firepower:
            return Interdict(0)  # every air point for the attacks
        return super().choose(g)

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

    def unguarded_beach(self, g: Game, uid: str):
        """The nation's intact beach with the most free landing positions a German could enter next turn."""
        nation = g.spec(uid).nation
        scored = [(sum(1 for p in b.positions if p in self._threatened and g.occupant(p) is None
                       and not self.mover.is_claimed(p, uid)), b.name, b)
                  for b in g.data.map.beaches if b.nation == nation and g.beaches[b.name].marker_intact]
        best = max(scored, key=lambda t: t[:2], default=None)
        return None if best is None or best[0] == 0 else best[2]

    def landing_beaches(self, g: Game, uid: str) -> list:
        if self._landing_at is not None:
            return [self._landing_at]
        if not self.design.beaches:
            return super().landing_beaches(g, uid)
        return [b for b in g.data.map.beaches
                if b.name in self.design.beaches and g.beaches[b.name].marker_intact]

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
        if view.combat_supply_cost(g, 1, 1, cp) > g.pools.combat:
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
        return Allocate(**_percentages({k: max(v, 0.1) for k, v in shares.items()}))

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
            if not stacked and (g.in_enemy_zoc(uid, h) or any(distance(h, p) <= 3 for p in german)):
                continue  # alone, a German unit walking in destroys it
            rescued = sum(u.cp for u in stranded if distance(position_of(u), h) <= rng)
            scored.append((0.08 * rescued - 0.3 * fld.get(h, 60.0) + (3.0 if stacked else 0.0) - 0.05 * cost, h))
        if not scored:
            return []
        return board.path_to(best, max(scored)[1])

