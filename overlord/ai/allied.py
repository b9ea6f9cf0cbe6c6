"""The computer Allied commander.

Two plans share one way of fighting. "historical" lands as on June 6, cuts the
Cotentin and takes Cherbourg with the Utah divisions, drives on St-Lo and
Caumont from Omaha, and sends the British and Canadians on Caen.
"caen-first" lands the same way but throws almost everything at Caen and the
road net to its west, leaving Cherbourg to a smaller force.

It allocates transport by the Suggested Transport Allocation chart and then by
need (stockpiling general supply before the stormy turns the rulebook warns
of), flies most air points on interdiction, keeps its divisions within supply
and walks its depots forward behind them, attacks at 2.5:1 or better (or
against a beaten or key defender) with bombardment on key positions, and lets
its armour infiltrate.
"""

from __future__ import annotations

from ..engine import view
from ..engine.actions import (Action, Advance, Allocate, Answer, ChooseStrategy, EndPhase, FinishUnit, HoldGround,
                              Interdict, Support)
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance, neighbour
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, AttackerPrompt, DefenderPrompt, DropZonePrompt,
                              InterdictionPrompt, MovePrompt, QuestionPrompt, RetreatPrompt, StrategyPrompt,
                              SupportPrompt)
from ..engine.view import AFLOAT, ASHORE, PENDING, position_of
from . import board
from .common import MovePlanner, best_retreat, yes
from .paths import ocean_path

# Where each D-Day formation lands (the June 6 plan).
DDAY_LANDINGS = {
    "us-4-inf": "Utah", "us-4-cav": "Utah", "us-1-inf": "Omaha", "us-29-inf": "Omaha", "us-rangers": "Omaha",
    "bc-50-inf": "Gold", "bc-8-armbde": "Gold", "bc-3cdn-inf": "Juno", "bc-2cdn-armbde": "Juno",
    "bc-4-cdo": "Juno", "bc-3-inf": "Sword", "bc-27-armbde": "Sword", "bc-1-cdo": "Sword",
}

# Each plan: unit -> the places it drives on, in order (the next one once the first is taken or passed).
PLANS = {
    "historical": {
        "us-4-inf": ["Montebourg", "Valognes", "Cherbourg"],
        "us-82-abn": ["Ste-Mere-Eglise", "St-Sauveur-le-Vicomte", "Barneville-Carteret"],
        "us-101-abn": ["Carentan"],
        "us-4-cav": ["Quineville", "Valognes", "Cherbourg"],
        "us-24-cav": ["Barfleur", "Cherbourg"],
        "us-90-inf": ["Pont-l'Abbe", "La Haye-du-Puits"],
        "us-9-inf": ["St-Sauveur-le-Vicomte", "Barneville-Carteret", "Cherbourg"],
        "us-79-inf": ["Valognes", "Cherbourg"],
        "us-1-inf": ["Trevieres", "Caumont-l'Evente"],
        "us-29-inf": ["Isigny-sur-Mer", "St-Lo"],
        "us-rangers": ["Pointe du Hoc", "Isigny-sur-Mer"],
        "us-102-cav": ["Isigny-sur-Mer", "Carentan"],
        "us-2-inf": ["Trevieres", "St-Lo"],
        "us-30-inf": ["Isigny-sur-Mer", "St-Lo"],
        "us-2-arm": ["Carentan", "Periers"],
        "us-83-inf": ["Carentan", "Periers"],
        "us-3-arm": ["St-Lo", "Marigny"],
        "us-113-cav": ["Carentan", "Lessay"],
        "bc-50-inf": ["Bayeux", "Tilly-sur-Seulles"],
        "bc-8-armbde": ["Bayeux", "Tilly-sur-Seulles"],
        "bc-3cdn-inf": ["Carpiquet", "Caen"],
        "bc-2cdn-armbde": ["Carpiquet", "Caen"],
        "bc-4-cdo": ["Benouville / Ranville"],
        "bc-3-inf": ["Caen"],
        "bc-27-armbde": ["Caen (Colombelles)"],
        "bc-1-cdo": ["Benouville / Ranville", "Troarn"],
        "bc-6-abn": ["Benouville / Ranville", "Troarn"],
        "bc-51-inf": ["Caen (Colombelles)", "Troarn"],
        "bc-7-arm": ["Tilly-sur-Seulles", "Villers-Bocage"],
        "bc-4-armbde": ["Carpiquet", "Caen"],
        "bc-49-inf": ["Tilly-sur-Seulles", "Villers-Bocage"],
        "bc-11-arm": ["Evrecy", "Caen"],
        "bc-15-inf": ["Evrecy", "Caen"],
        # depots follow the drives: they go as far toward these as supply and safety allow
        "us-depot-1": ["Valognes", "Cherbourg"],
        "us-depot-2": ["Carentan", "St-Lo"],
        "us-depot-3": ["St-Sauveur-le-Vicomte", "Cherbourg"],
        "bc-depot-1": ["Bayeux", "Tilly-sur-Seulles"],
        "bc-depot-2": ["Carpiquet", "Caen"],
        "bc-depot-3": ["Benouville / Ranville", "Caen"],
    },
}
PLANS["caen-first"] = dict(PLANS["historical"], **{
    "us-9-inf": ["Carentan", "Periers"],
    "us-79-inf": ["Isigny-sur-Mer", "St-Lo"],
    "us-2-arm": ["Caumont-l'Evente", "Villers-Bocage"],
    "us-30-inf": ["St-Lo"],
    "us-3-arm": ["Caumont-l'Evente", "Villers-Bocage"],
    "bc-50-inf": ["Carpiquet", "Caen"],
    "bc-8-armbde": ["Carpiquet", "Caen"],
    "bc-7-arm": ["Villers-Bocage", "Evrecy"],
    "bc-49-inf": ["Tilly-sur-Seulles", "Evrecy"],
    "bc-51-inf": ["Troarn", "Caen (Colombelles)"],
    "bc-15-inf": ["Carpiquet", "Caen"],
})
STORM_TURNS = ("6/18", "6/20", "6/22")
MIN_GAIN = 4.0  # an attack must promise this many more German than Allied casualties (key positions: -4)
SPENT = 8.0  # what standing next to the German counts against a position for a unit down to half strength
CUT_OFF = 1.0  # what an armoured division gains at a position that leaves a German unit one way out or none
HISTORICAL_ZONE = 1.5  # the planners' zone (the bridges, the causeways) is worth this much risk over another


class AlliedPlayer:
    """The computer Allied, playing one of the PLANS."""

    sides = (Side.ALLIED,)
    continent_weight = 0.05  # how much a position's continent-side points (CP / 60 x row) count when moving
    follow_chart = True  # allocate by the Suggested Transport Allocation chart while it has the turn
    min_gain = MIN_GAIN  # an attack must promise this many more German than Allied casualties

    def __init__(self, side: str = Side.ALLIED, seed: int = 0, plan: str = "historical",
                 goals: dict[str, list[str]] | None = None, landings: dict[str, str] | None = None) -> None:
        """``goals`` and ``landings`` replace the plan's drives and the June 6 beaches (adversaries.py)."""
        if goals is None and plan not in PLANS:
            raise ValueError(f"unknown Allied plan {plan!r}")
        self.side = side
        self.plan = plan
        self.name = plan
        self.goals = PLANS[plan] if goals is None else goals
        self.landings = DDAY_LANDINGS if landings is None else landings
        self.mover = MovePlanner()
        self._fields: dict = {}
        self._threatened: set[Hex] = set()
        self._relieved: set[Hex] = set()  # landing positions whose holders step off for a formation to land
        self._sources: dict[str, list[Hex]] = {}
        self._supply_distance: dict[tuple[str, Hex], int] = {}

    # ------------------------------------------------------------------ dispatch
    def choose(self, g: Game) -> Action:
        p = g.prompt
        if isinstance(p, QuestionPrompt):
            return Answer(p.default)
        if isinstance(p, DropZonePrompt):
            zone = self.drop_zone(g, p.unit)
            return yes(zone is None or p.zone == zone)
        if isinstance(p, AllocationPrompt):
            return self.allocate(g, p)
        if isinstance(p, InterdictionPrompt):
            return Interdict(p.max_points if p.air_available >= 150 else min(p.max_points, p.air_available // 2))
        if isinstance(p, MovePrompt):
            if self.mover.reset_if_new_phase(g):
                self._fields = {}
                self._threatened = self.threatened_beaches(g)
                self._relieved = self.relieved_positions(g)
                self._sources = {n: board.supply_sources(g, n) for n in ("US", "BC")}
                self._supply_distance = {}
            return self.mover.next_step(g, p, self.plan_move)
        if isinstance(p, DefenderPrompt):
            return yes(self.worth_attacking(g, p))
        if isinstance(p, AttackerPrompt):
            u = g.unit(p.attacker)
            return yes(u.fatigue < 85 or not p.chosen)
        if isinstance(p, SupportPrompt):
            return self.support(g, p)
        if isinstance(p, StrategyPrompt):
            return ChooseStrategy(self.attack_level(g, p) if p.role == "attack" else self.defence_level(g, p))
        if isinstance(p, RetreatPrompt):
            u = g.unit(p.unit)
            if board.on_intact_beach(g, position_of(u)) and u.cp >= 20 and not p.cadre:
                return HoldGround()  # a beach given up is a beachhead lost
            nation = g.spec(p.unit).nation
            return best_retreat(g, p, toward=board.supply_sources(g, nation))
        if isinstance(p, AdvancePrompt):
            return self.advance(g, p)
        legal = g.legal_actions()
        return EndPhase() if EndPhase() in legal else legal[0]

    # ------------------------------------------------------------------ logistics
    def allocate(self, g: Game, p: AllocationPrompt) -> Allocate:
        charts = g.data.charts
        if self.follow_chart and p.for_turn in charts.suggested_allocation.allocated_for:
            return Allocate(**p.suggested.as_dict())
        pools = g.pools
        ashore = list(g.units(Side.ALLIED, ASHORE, combat=True))
        waiting = list(g.units(Side.ALLIED, AFLOAT))
        next_index = g.turn + 1
        arriving = [u for u in g.units(Side.ALLIED, PENDING) if u.arrival is not None and u.arrival <= next_index]
        upkeep = view.upkeep_estimate(g, (u.id for u in ashore))
        landing = sum(u.cp for u in waiting + arriving)
        general = upkeep + 0.25 * landing
        if p.for_turn in STORM_TURNS or charts.turns[min(next_index + 1, len(charts.turns) - 1)] in STORM_TURNS:
            general *= 2.0  # stockpile before the storms (rulebook, Suggested Transport Allocation)
        fuel = sum(view.fuel_cost(g, u.id, 5) for u in ashore)
        combat_need = sum(u.cp * 0.9 for u in ashore if g.in_enemy_zoc(u.id)) + 0.2 * sum(u.cp for u in ashore)
        amph = max(0.0, landing - pools.amphibious)
        needs = {"fuel": max(0.0, fuel * 1.2 - 0.5 * pools.fuel),
                 "general": max(0.0, general * 1.1 - 0.5 * pools.general),
                 "combat": max(0.0, combat_need - 0.5 * pools.combat),
                 "amphibious": amph}
        total = sum(needs.values())
        if total <= 0:
            return Allocate(**p.suggested.as_dict())
        return Allocate(**_percentages(needs))

    # ------------------------------------------------------------------ airborne drops
    def drop_zone(self, g: Game, uid: str) -> Hex | None:
        """The best of the division's free zones: away from German units (a drop beside them is fought
        at once and tires the division), off swamp and river (a drift there drowns men), near the first
        place of its plan; the historical zone, offered first, unless another is clearly safer."""
        m = g.data.map
        goal = self.goal_for(g, uid)[0]
        german = [g.unit(e).position for e in board.combat_units(g, Side.GERMAN)]

        def risk(h: Hex) -> float:
            near = sum(3.0 if distance(h, p) == 1 else 1.0 for p in german if distance(h, p) <= 2)
            wet = sum(1 for n in m.grid.within(h, 1) if m.terrain.get(n) in ("swamp", "river", "ocean"))
            return near + 0.5 * wet + 0.3 * distance(h, goal)
        zones = view.free_zones(g, uid)
        if not zones:
            return None
        return min(zones, key=lambda h: (risk(h) - (HISTORICAL_ZONE if h == zones[0] else 0.0), zones.index(h)))

    # ------------------------------------------------------------------ movement
    def goal_for(self, g: Game, uid: str) -> list[Hex]:
        """Where the unit is driving now: the first place of its plan still ahead of it.

        A place is ahead when it is nearer the plan's last place than the unit
        is, the unit is not already beside it, and no other Allied unit holds it.
        It needs no memory, so a loaded game carries on the same way.
        """
        m = g.data.map
        places = self.goals.get(uid)
        if not places:
            places = ["Cherbourg", "St-Lo"] if g.spec(uid).nation == "US" else ["Caen"]
        hexes = [p if isinstance(p, tuple) else m.towns.get(p) or m.places.get(p) for p in places]  # or (col, row)
        final = hexes[-1]
        here = g.unit(uid).position
        if here is None:
            return [final]
        for h in hexes[:-1]:
            occ = g.occupant(h)
            held = occ is not None and occ != uid and g.side_of(occ) == Side.ALLIED
            if distance(h, final) < distance(here, final) and distance(here, h) > 1 and not held:
                return [h]
        return [final]

    def threatened_beaches(self, g: Game) -> set[Hex]:
        """Free landing positions of intact beaches that a German unit could reach next turn."""
        m = g.data.map
        positions = {p for b in m.beaches if g.beaches[b.name].marker_intact for p in b.positions}
        threatened: set[Hex] = set()
        if not positions:
            return threatened  # every marker destroyed: no beach left to guard
        for uid in board.combat_units(g, Side.GERMAN):
            u = g.unit(uid)
            if u.cadre or min((distance(u.position, p) for p in positions), default=99) > 4:  # no marker left: none
                continue
            threatened.update(p for p in positions if distance(u.position, p) <= 2)  # held ones too
            reachable = board.reach(g, uid, mp=g.spec(uid).movement)
            threatened.update(p for p in positions if p in reachable)
        return threatened

    def relieved_positions(self, g: Game) -> set[Hex]:
        """Landing positions whose holders leave them this phase for a formation to land (none here)."""
        return set()

    def _field(self, g: Game, goals: list[Hex]) -> dict[Hex, float]:
        key = tuple(goals)
        if key not in self._fields:
            self._fields[key] = board.field(g, list(goals), Side.ALLIED)
        return self._fields[key]

    def plan_move(self, g: Game, uid: str) -> list[Hex]:
        u = g.unit(uid)
        if u.status == AFLOAT:
            return self.plan_landing(g, uid)
        spec = g.spec(uid)
        if spec.is_depot:
            return self.plan_depot(g, uid)
        best = board.reach(g, uid)
        goals = self.goal_for(g, uid)
        fld = self._field(g, goals)
        sources = self._sources.get(spec.nation) or board.supply_sources(g, spec.nation)
        tracing = view.traced_on(g, g.turn + 1)
        supply_range = g.data.rules.supply.range
        waiting = any(True for _ in g.units(Side.ALLIED, AFLOAT))
        m = g.data.map
        planned = {m.objective_of(m.towns[p]) for p in self.goals.get(uid, ()) if p in m.towns} - {None}
        spent = u.cp * 2 < u.max_cp
        armour = spec.infiltration != "none"  # the armoured divisions, the only Allied units that infiltrate
        allied_zoc = g.zoc(Side.ALLIED) if armour else frozenset()
        scored = []
        for h, (cost, _) in best.items():
            if self.mover.is_claimed(h, uid) or (h != u.position and g.occupant(h) is not None):
                continue
            s = -fld.get(h, 60.0)
            if m.naval_side[h] == "c":
                s += u.cp / 60 * h[1] * self.continent_weight
            sd = self._supply_distance.get((spec.nation, h))
            if sd is None:  # the sources are the phase's (see choose), so the distance is too
                sd = self._supply_distance[(spec.nation, h)] = board.supply_distance(sources, h)
            beyond = sd - supply_range
            if beyond > 0:  # one position beyond supply lines is tolerable: the depots follow
                s -= (2.0 if beyond == 1 else 2.0 + 6.0 * (beyond - 1)) if tracing else 1.5 * beyond
            enemies = g.adjacent_units(h, Side.GERMAN)
            if enemies and spent:
                s -= SPENT  # a unit worn down to half strength pulls out of the line to rest and refit
            if enemies and armour:
                s += CUT_OFF * sum(1 for e in enemies if self._exits(g, e, h, allied_zoc) <= 1)
            if enemies:
                defence = board.defence_at(g, uid, h)
                ratio = sum(board.attack_from(g, e, g.unit(e).position) for e in enemies) / max(defence, 1.0)
                if ratio > 1.2:
                    s -= (ratio - 1.2) * 5.0
                s += (g.data.charts.terrain[m.terrain[h]].defence - 1.0) * 1.5
                weakest = min(board.defence_at(g, e, g.unit(e).position) for e in enemies)
                if weakest < board.attack_from(g, uid, h) * 1.2:
                    s += 2.0
                # concentrate: join the units already closing on a beatable defender
                for e in enemies:
                    if g.unit(e).cp <= 80 or g.unit(e).cadre:
                        s += 1.5 * min(3, self._focus(g, e, uid))
                    if m.objective_of(g.unit(e).position) in planned:
                        s += 6.0  # besiege the objective
            objective = m.objective_of(h)
            if objective is not None and objective in planned:  # the objectives of this unit's plan
                s += 25.0 if objective == "Cherbourg" else 10.0
            if h in self._threatened and h not in self._relieved:
                s += 40.0 * min(1.0, u.cp / 60)  # by all means protect your beachheads (with a strong unit)
            elif waiting and m.beach_of_position(h) is not None:
                s -= 5.0
            if h == u.position:
                s += 0.3
            scored.append((s, -cost, h))
        if not scored:
            return []
        _, _, target = max(scored)
        self.mover.claim(target, uid)
        return board.path_to(best, target)

    def _exits(self, g: Game, enemy_uid: str, h: Hex, allied_zoc: frozenset) -> int:
        """How many ways a German unit would have to retreat with an Allied unit at ``h``: free land
        positions next to it outside the Allied zones of control (a retreat into them costs it dear)."""
        m = g.data.map
        pos = g.unit(enemy_uid).position
        return sum(1 for n in m.land_neighbours(pos)
                   if n != h and g.occupant(n) is None and n not in allied_zoc and distance(n, h) > 1)

    def _focus(self, g: Game, enemy_uid: str, uid: str) -> int:
        """How many other Allied units are next to (or are heading next to) an enemy unit."""
        pos = g.unit(enemy_uid).position
        count = 0
        for _, n in g.data.map.grid.adjacent(pos):
            o = g.occupant(n)
            friend = o is not None and o != uid and g.side_of(o) == Side.ALLIED
            if friend or self.mover.claimed.get(n) not in (None, uid):
                count += 1
        return count

    def plan_depot(self, g: Game, uid: str) -> list[Hex]:
        """Walk a depot up its drive as far as it stays in supply, out of enemy reach, beside friends."""
        spec = g.spec(uid)
        best = board.reach(g, uid)
        others = [s for s in view.allied_sources(g, spec.nation) if s != g.unit(uid).position]
        markers = [b.marker for b in g.data.map.beaches if b.nation == spec.nation
                   and g.beaches[b.name].marker_intact]
        fld = self._field(g, self.goal_for(g, uid))
        units = [u for u in g.units(Side.ALLIED, ASHORE, combat=True) if g.spec(u.id).nation == spec.nation]
        stranded = [u for u in units if not view.within_supply_range(g, u.position, others + markers)]
        scored = []
        for h, (cost, _) in best.items():
            if g.in_enemy_zoc(uid, h) or g.depot_at(h) not in (None, uid):
                continue
            if not view.within_supply_range(g, h, others + markers):
                continue  # it must itself stay in supply
            friends = sum(1 for _, n in g.data.map.grid.adjacent(h)
                          if (o := g.occupant(n)) is not None and g.side_of(o) == Side.ALLIED)
            guarded = friends > 0 or g.occupant(h) is not None
            rescued = sum(u.cp for u in stranded if view.within_supply_range(g, u.position, (h,)))
            scored.append((0.08 * rescued - 0.6 * fld.get(h, 60.0) + (3.0 if guarded else -8.0) - 0.1 * cost, h))
        if not scored:
            return []
        target = max(scored)[1]
        return board.path_to(best, target)

    def plan_landing(self, g: Game, uid: str) -> list[Hex]:
        """Sail to a beach with a free landing position and land (a path ending on land)."""
        u = g.unit(uid)
        spec = g.spec(uid)
        if view.amphibious_cost(g, uid) > g.pools.amphibious:
            return []
        beaches = self.landing_beaches(g, uid)
        wanted = self.landings.get(uid) if g.turn == 0 else None
        goals = self.goal_for(g, uid)
        if wanted is None and spec.nation == "US" and goals[0][1] <= 5 and goals[0][0] <= 8:
            wanted = "Utah"  # the drive up the Cotentin lands at Utah

        def free(b):
            if spec.is_depot:  # a depot may share a position with a friendly unit
                return [p for p in b.positions if g.depot_at(p) is None
                        and (g.occupant(p) is None or g.side_of(g.occupant(p)) == Side.ALLIED)]
            spots = list(b.positions)
            if spec.lands_anywhere and uid == "us-rangers":  # the rangers' cliff: Pointe du Hoc
                spots += [n for n in g.data.map.grid.neighbours(b.marker)
                          if g.data.map.is_land(n) and n not in spots]
            return [p for p in spots if g.occupant(p) is None and not self.mover.is_claimed(p, uid)]

        options = [b for b in beaches if free(b) and (not spec.is_depot or _cleared(g, b))]
        if wanted:
            options = [b for b in options if b.name == wanted]  # else wait: the beach may clear this phase
        if not options:
            return []
        if goals:
            beach = min(options, key=lambda b: (min(distance(b.marker, x) for x in goals), b.name))
        else:
            beach = options[0]
        landing = min(free(beach), key=lambda p: (p not in self._threatened, len(g.adjacent_units(p, Side.GERMAN)), p))
        route = ocean_path(g, u.position, beach.marker)
        if route is None or len(route) > u.ocean_steps:
            return []
        path, here = [], u.position
        for d in route:
            here = neighbour(here, d)
            path.append(here)
        path.append(landing)
        if not spec.is_depot:
            self.mover.claim(landing, uid)
        return path

    def landing_beaches(self, g: Game, uid: str) -> list:
        """The beaches a formation may land at: its nation's, with their markers intact."""
        nation = g.spec(uid).nation
        return [b for b in g.data.map.beaches if b.nation == nation and g.beaches[b.name].marker_intact]

    # ------------------------------------------------------------------ combat
    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        """Attack when the expected German losses (bombardment included) outweigh ours."""
        attackers = [a for a in p.attackers if g.unit(a).fatigue < 85] or list(p.attackers)
        d = g.unit(p.defender)
        cp = sum(g.unit(a).cp for a in attackers)
        if view.combat_supply_cost(g, 4, 5, cp) > g.pools.combat:
            return False
        ratio = board.odds_with(g, attackers, p.defender)
        m = g.data.map
        key = m.objective_of(d.position) is not None or m.beach_of_position(d.position) is not None
        if d.cadre or d.cp < 15:
            return ratio >= 0.8
        if ratio >= 2.5:
            return True
        bombard = min(99, g.air_left // 2) + (min(99, g.naval_left // 2) if view.in_naval_range(g, d.position) else 0)
        level = self._best_level(g, attackers, p.defender, 9)
        gain = self._expected_gain(g, attackers, p.defender, level, bombard)
        return gain > (-4.0 if key else self.min_gain)

    def _expected_gain(self, g: Game, attackers: list[str], defender: str, level: int, bombard: int) -> float:
        """German losses less ours, at a level, against the defence the German usually chooses."""
        outlook = view.preview(g, attackers, defender, level, 6)
        low, high = view.bombardment_row(g.data.charts, bombard).german_extra
        return outlook["defender_losses"] + (low + high) / 2 - outlook["attacker_losses"] * 1.1

    def _best_level(self, g: Game, attackers: list[str], defender: str, max_level: int) -> int:
        best, best_gain = 1, -1e9
        for level in range(1, max_level + 1):
            gain = self._expected_gain(g, attackers, defender, level, 0)
            if gain > best_gain + 0.25:
                best, best_gain = level, gain
        return best

    def support(self, g: Game, p: SupportPrompt) -> Support:
        d = g.unit(p.defender)
        key = g.data.map.objective_of(d.position) is not None
        if p.defensive:
            return Support(min(p.naval_max, 40), min(p.air_max, 40))
        left = max(1, p.defenders_left)  # the budgets are shared among the defenders still to come
        share_air = p.air_left / min(left, 4)
        share_naval = p.naval_left / min(left, 4)
        if key:
            share_air, share_naval = share_air * 2, share_naval * 2
        return Support(min(p.naval_max, int(share_naval)), min(p.air_max, int(share_air)))

    def attack_level(self, g: Game, p: StrategyPrompt) -> int:
        r = p.odds
        if r >= 3:
            return max(1, min(9, p.max_level))  # breakthrough or blitz: a chance of a second combat
        return self._best_level(g, list(p.attackers), p.defender, p.max_level)

    def defence_level(self, g: Game, p: StrategyPrompt) -> int:
        r = p.odds  # the German attack against us
        d = g.unit(p.defender)
        m = g.data.map
        key = m.objective_of(d.position) is not None or m.beach_of_position(d.position) is not None
        if key:
            level = 6  # hold at all costs
        else:
            level = 3 if r >= 3 else 5 if r >= 1.5 else 7 if r >= 0.7 else 8
        return max(1, min(level, p.max_level))

    def advance(self, g: Game, p: AdvancePrompt) -> Action:
        goals = self.goal_for(g, p.unit)
        here = g.unit(p.unit).position
        closer = min(distance(p.into, x) for x in goals) < min(distance(here, x) for x in goals)
        key = g.data.map.objective_of(p.into) is not None
        if key or closer:
            return Advance(p.unit, p.direction)
        return FinishUnit(p.unit)


def _cleared(g: Game, beach) -> bool:
    return view.beach_cleared(g, beach)


def _percentages(needs: dict[str, float]) -> dict[str, int]:
    """Whole percentages in proportion to the needs, each 0-99, adding up to exactly 100."""
    total = sum(needs.values())
    raw = {k: v * 100.0 / total for k, v in needs.items()}
    out = {k: min(99, int(v)) for k, v in raw.items()}
    order = sorted(raw, key=lambda k: (-(raw[k] - int(raw[k])), k))
    i = 0
    while sum(out.values()) < 100:
        k = order[i % len(order)]
        if out[k] < 99:
            out[k] += 1
        i += 1
    while sum(out.values()) > 100:
        k = max(out, key=out.get)
        out[k] -= 1
    return out
