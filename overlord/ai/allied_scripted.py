"""The scripted computer Allied: one plan of data/plans.toml played all game ("classic", "caen-first").

"classic" lands as on June 6, cuts the Cotentin and takes Cherbourg with the
Utah divisions, drives on St-Lo and Caumont from Omaha, and sends the British
and Canadians on Caen. "caen-first" lands the same way but throws almost
everything at Caen and the road net to its west, leaving Cherbourg to a smaller
force.

It allocates transport by the Suggested Transport Allocation chart and then by
need (stockpiling general supply before the stormy turns the rulebook warns
of), flies most air points on interdiction, keeps its divisions within supply
and walks its depots forward behind them, attacks at 2.5:1 or better (or
against a beaten or key defender) with bombardment on key positions, and lets
its armour infiltrate. The plan players (allied_plan_player.py) and so the
Allied commander are this player with more.
"""

from __future__ import annotations

import attrs

from ..engine import view
from ..engine.actions import (Action, Advance, Allocate, FinishUnit, HoldGround, Interdict,
                              Support)
from ..engine.data import LEVELS, Beach
from ..engine.enums import NATIONS, Infiltration, Side, Terrain
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance, neighbour
from ..engine.prompts import (AdvancePrompt, AllocationPrompt, DefenderPrompt, DropZonePrompt,
                              InterdictionPrompt, RetreatPrompt, StrategyPrompt, SupportPrompt)
from ..engine.records import FrozenRecord
from ..engine.view import AFLOAT, ASHORE, PENDING, position_of
from . import board
from .common import (COUNTERATTACK, HOLD_AT_ALL_COSTS, LIMITED_ATTACK, LIMITED_COUNTERATTACK, STANDFAST, WITHDRAWAL,
                     best_retreat, level_by_odds, yes)
from .paths import ocean_path
from .plans import Place, Plan, plans_of
from .player import ScriptedPlayer

# Logistics
PERCENT = 100  # the four shares of the transport are percentages: they add up to this
STORMY = 20  # percent: a turn whose storm chance (the Weather Forecast chart) is this or more is stormy, and
# general supply is stockpiled for it the turn before and during it (rulebook, Suggested Transport Allocation)
LANDING_SUPPLY = 0.25  # general supply wanted for each CP waiting to land or arriving next turn
FUEL_MP = 5  # the movement points each unit ashore is expected to move next turn
CONTACT_SUPPLY = 0.9  # combat supply wanted for each CP of a unit in contact...
RESERVE_SUPPLY = 0.2  # ...and for each CP ashore
FUEL_MARGIN = 1.2  # fuel wanted beyond the estimate, and general supply...
GENERAL_MARGIN = 1.1  # (general supply)
POOL_COUNTED = 0.5  # ...less this share of what the pool already holds
FULL_INTERDICTION = 150  # air points: with this many or more, every point it may fly is flown on interdiction

# Airborne drops
BESIDE_DROP = 3.0  # a German unit beside a zone, against one two positions away (1)
DROP_NEAR = 2  # German units this near a zone count against it
WET = 0.5  # each swamp, river or sea position in or around a zone (a drift there drowns men)
DROP_GOAL = 0.3  # each position between the zone and the division's first place
HISTORICAL_ZONE = 1.5  # the planners' zone (the bridges, the causeways) is worth this much risk over another

# Moving a unit (position_value)
UNREACHED = 60.0  # the walk to its goal from a position the walk never reached
BEYOND_SUPPLY = (2.0, 6.0)  # beyond supply lines when they are traced next turn: the first position, each more
BEYOND_UNTRACED = 1.5  # each position beyond them before they are traced (6/8)
SPENT = 8.0  # what standing next to the German counts against a position for a unit down to half strength
CUT_OFF = 1.0  # what an armoured division gains at a position that leaves a German unit one way out or none
DANGER_ODDS = 1.2  # the German odds against a position beyond which standing there costs...
DANGER = 5.0  # ...this much a point of odds over them
GROUND = 1.5  # each point of the Terrain Effects defence multiplier above 1, in contact
BEATABLE = 1.2  # a German neighbour weaker than the unit's attack times this is worth...
BEATABLE_VALUE = 2.0  # ...this
FOCUS_CP = 80  # CP: a German unit this weak (or a cadre) is a defender to close in on...
FOCUS = 1.5  # ...for each other Allied unit beside it or heading there...
FOCUS_COUNTED = 3  # ...up to this many
BESIEGE = 6.0  # beside a German unit holding an objective of the unit's plan
OBJECTIVE_TURNS = 2.5  # an objective position of the unit's plan is worth this many turns of its points (the
# Victory Points chart's points a turn: Cherbourg 25, Caen and St-Lo 12.5 with the shipped chart)
GUARD = 40.0  # a threatened landing position of an intact beach, for a unit of GUARD_FULL_CP or more...
GUARD_FULL_CP = 60  # ...and a share of it for a weaker one
OFF_THE_BEACH = 5.0  # a landing position, while formations wait at sea to land
STAY = 0.3  # the unit's own position (no shuffling)
GUARD_WATCH = 4  # a German unit this near a landing position of an intact beach may threaten it...
GUARD_NEAR = 2  # ...every one within this many positions of it, and those it could reach next turn
FAR_AWAY = 99  # the distance to the beaches of a unit when there are none
BEACH_HOLD_CP = 20  # a unit this strong on an intact beach's landing position holds rather than retreat

# Depots (plan_depot)
RESCUE = 0.08  # each CP of a unit it puts back in supply
DEPOT_DRIVE = 0.6  # each movement point of the walk to its goal
DEPOT_GUARDED = (3.0, -8.0)  # beside or under a friendly unit, and alone
DEPOT_WALK = 0.1  # each movement point of the move there

# Combat
TIRED = 85  # fatigue: a unit this tired is not sent into an attack (nor chosen for one)
PAID_LEVELS = (LIMITED_ATTACK, STANDFAST)  # the combat supply it must have for the attack, or it is not made
BEATEN_CP = 15  # a German unit weaker than this (or a cadre) is attacked at...
BEATEN_ODDS = 0.8  # ...these odds
SURE_ODDS = 2.5  # any German unit is attacked at these odds
KEY_GAIN = -4.0  # the least gain of an attack on an objective or a beach (a small loss is worth it)
GERMAN_DEFENCE = HOLD_AT_ALL_COSTS  # the defence the German usually chooses, for the loss model
LOSS_WEIGHT = 1.1  # Allied losses count this much more than German ones
BETTER_LEVEL = 0.25  # a more intense level must promise this much more gain
BLITZ_ODDS = 3.0  # at these odds: the most intense level (a chance of a second combat)
DEFENSIVE_SUPPORT = 40  # naval and air points each, for an Allied unit under German attack
SHARED_AMONG = 4  # a pass's air and naval points are shared among at most this many defenders still to come
# the defence levels by the German odds: (odds at least, level), the highest first; then a counterattack
DEFENCE_LEVELS = ((3.0, WITHDRAWAL), (1.5, STANDFAST), (0.7, LIMITED_COUNTERATTACK))


def stormy(g: Game, turn: str) -> bool:
    """Whether the Weather Forecast chart gives ``turn`` a storm chance of STORMY percent or more (the last
    turn, June 30, has no weather: no movement, no combat)."""
    chances = g.data.charts.weather.probability.get(turn)
    return chances is not None and chances["storm"] >= STORMY


@attrs.frozen(repr=False, eq=False)
class Outlook(FrozenRecord):
    """What a unit's move is weighed against, worked out once per unit (position_value)."""

    field: dict[Hex, float]  # the walk to its goal
    sources: list[Hex]  # its nation's supply sources
    tracing: bool  # supply lines are traced next turn
    waiting: bool  # formations wait at sea to land
    planned: set[str]  # the objectives of its plan
    spent: bool  # down to half strength
    armour: bool  # may infiltrate (the armoured divisions)
    allied_zoc: frozenset[Hex]  # the Allied zones of control (an armoured division's cut-offs)


class AlliedPlayer(ScriptedPlayer):
    """The computer Allied, playing one plan of data/plans.toml."""

    name = "classic"
    sides = (Side.ALLIED,)
    tired = TIRED

    def __init__(self, side: str = Side.ALLIED, seed: int = 0, plan: str = "classic", design: Plan | None = None) -> None:
        """``plan`` names the plan (data/plans.toml [plans]); ``design`` gives one of its own instead."""
        super().__init__(side, seed)
        known = plans_of()
        if design is None and plan not in known.plans:
            raise ValueError(f"unknown Allied plan {plan!r}")
        self.plans = known
        self.plan = self.name = plan
        self.design = known.plans[plan] if design is None else design
        self.goals = self.design.drives
        self.landings = self.design.landings
        self.continent_weight = self.design.continent_weight
        self.follow_chart = self.design.follow_chart
        self.min_gain = self.design.min_gain
        self._fields: dict[tuple[Hex, ...], dict[Hex, float]] = {}
        self._threatened: set[Hex] = set()
        self._relieved: set[Hex] = set()  # landing positions whose holders step off for a formation to land
        self._sources: dict[str, list[Hex]] = {}
        self._supply_distance: dict[tuple[str, Hex], int] = {}

    # ------------------------------------------------------------------ the hooks
    def on_drop_zone(self, game: Game, prompt: DropZonePrompt) -> Action:
        zone = self.drop_zone(game, prompt.unit)
        return yes(zone is None or prompt.zone == zone)

    def on_allocation(self, game: Game, prompt: AllocationPrompt) -> Action:
        return self.allocate(game, prompt)

    def on_interdiction(self, game: Game, prompt: InterdictionPrompt) -> Action:
        if prompt.air_available >= FULL_INTERDICTION:
            return Interdict(prompt.max_points)
        return Interdict(min(prompt.max_points, prompt.air_available // 2))

    def on_support(self, game: Game, prompt: SupportPrompt) -> Action:
        return self.support(game, prompt)

    def on_retreat(self, game: Game, prompt: RetreatPrompt) -> Action:
        u = game.unit(prompt.unit)
        if board.on_intact_beach(game, position_of(u)) and u.cp >= BEACH_HOLD_CP and not prompt.cadre:
            return HoldGround()  # a beach given up is a beachhead lost
        return best_retreat(game, prompt, toward=board.supply_sources(game, game.spec(prompt.unit).nation))

    def start_phase(self, game: Game) -> None:
        self._fields = {}
        self._threatened = self.threatened_beaches(game)
        self._relieved = self.relieved_positions(game)
        self._sources = {n: board.supply_sources(game, n) for n in NATIONS[Side.ALLIED]}
        self._supply_distance = {}

    # ------------------------------------------------------------------ logistics
    def allocate(self, g: Game, p: AllocationPrompt) -> Allocate:
        charts = g.data.charts
        if self.follow_chart and p.for_turn in charts.suggested_allocation.allocated_for:
            return Allocate(**p.suggested.as_dict())
        needs = self.needs(g, p)
        if sum(needs.values()) <= 0:
            return Allocate(**p.suggested.as_dict())
        return Allocate(**percentages(needs, g.data.rules.answers.largest_number))

    def needs(self, g: Game, p: AllocationPrompt) -> dict[str, float]:
        """What each pool wants next turn, less part of what it holds."""
        pools = g.pools
        turns = g.data.charts.turns
        ashore = list(g.units(Side.ALLIED, ASHORE, combat=True))
        waiting = list(g.units(Side.ALLIED, AFLOAT))
        next_index = g.turn + 1
        arriving = [u for u in g.units(Side.ALLIED, PENDING) if u.arrival is not None and u.arrival <= next_index]
        landing = sum(u.cp for u in waiting + arriving)
        general = view.upkeep_estimate(g, (u.id for u in ashore)) + LANDING_SUPPLY * landing
        if stormy(g, p.for_turn) or stormy(g, turns[min(next_index + 1, len(turns) - 1)]):
            general *= 2  # stockpile before the storms (rulebook, Suggested Transport Allocation)
        fuel = sum(view.fuel_cost(g, u.id, FUEL_MP) for u in ashore)
        combat = (sum(u.cp * CONTACT_SUPPLY for u in ashore if g.in_enemy_zoc(u.id))
                  + RESERVE_SUPPLY * sum(u.cp for u in ashore))
        return {"fuel": max(0.0, fuel * FUEL_MARGIN - POOL_COUNTED * pools.fuel),
                "general": max(0.0, general * GENERAL_MARGIN - POOL_COUNTED * pools.general),
                "combat": max(0.0, combat - POOL_COUNTED * pools.combat),
                "amphibious": max(0.0, landing - pools.amphibious)}

    # ------------------------------------------------------------------ airborne drops
    def drop_zone(self, g: Game, uid: str) -> Hex | None:
        """The best of the division's free zones: away from German units (a drop beside them is fought
        at once and tires the division), off swamp and river (a drift there drowns men), near the first
        place of its plan; the historical zone, offered first, unless another is clearly safer."""
        m = g.data.map
        goal = self.goal_for(g, uid)[0]
        german = [position_of(g.unit(e)) for e in board.combat_units(g, Side.GERMAN)]

        def risk(h: Hex) -> float:
            near = sum(BESIDE_DROP if distance(h, p) == 1 else 1.0 for p in german if distance(h, p) <= DROP_NEAR)
            wet = sum(1 for n in m.grid.within(h, 1) if m.terrain.get(n) in (Terrain.SWAMP, Terrain.RIVER, Terrain.OCEAN))
            return near + WET * wet + DROP_GOAL * distance(h, goal)
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
        places = self.goals.get(uid) or self.plans.default_drives[g.spec(uid).nation]
        hexes = [where(g, p) for p in places]
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
            here = position_of(u)
            if u.cadre or min((distance(here, p) for p in positions), default=FAR_AWAY) > GUARD_WATCH:
                continue
            threatened.update(p for p in positions if distance(here, p) <= GUARD_NEAR)  # held ones too
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
        if g.spec(uid).is_depot:
            return self.plan_depot(g, uid)
        best = board.reach(g, uid)
        look = self.outlook(g, uid)
        scored = [(self.position_value(g, uid, h, look), -cost, h) for h, (cost, _) in best.items()
                  if not self.mover.is_claimed(h, uid) and (h == u.position or g.occupant(h) is None)]
        if not scored:
            return []
        _, _, target = max(scored)
        self.mover.claim(target, uid)
        return board.path_to(best, target)

    def outlook(self, g: Game, uid: str) -> Outlook:
        u = g.unit(uid)
        spec = g.spec(uid)
        m = g.data.map
        armour = spec.infiltration != Infiltration.NONE  # the armoured divisions, the only Allied units that infiltrate
        return Outlook(field=self._field(g, self.goal_for(g, uid)),
                       sources=self._sources.get(spec.nation) or board.supply_sources(g, spec.nation),
                       tracing=view.traced_on(g, g.turn + 1), waiting=any(True for _ in g.units(Side.ALLIED, AFLOAT)),
                       planned={o for p in self.goals.get(uid, ()) if isinstance(p, str) and p in m.towns
                                and (o := m.objective_of(m.towns[p])) is not None},
                       spent=u.cp * 2 < u.max_cp, armour=armour,
                       allied_zoc=g.zoc(Side.ALLIED) if armour else frozenset())

    def position_value(self, g: Game, uid: str, h: Hex, look: Outlook) -> float:
        """What standing at ``h`` is worth to a unit: its drive, the continent side, supply, the German beside
        it, the objectives of its plan and the beaches."""
        m = g.data.map
        u = g.unit(uid)
        s = -look.field.get(h, UNREACHED)
        if m.on_continent_side(h):
            s += view.continent_side_points(g, uid, h) * self.continent_weight
        s -= self.beyond_supply(g, uid, h, look)
        enemies = g.adjacent_units(h, Side.GERMAN)
        if enemies:
            s = self.in_contact(g, uid, h, enemies, look, s)
        objective = m.objective_of(h)
        if objective is not None and objective in look.planned:  # the objectives of this unit's plan
            s += OBJECTIVE_TURNS * g.data.charts.victory_points.objectives[objective].per_turn
        if h in self._threatened and h not in self._relieved:
            s += GUARD * min(1.0, u.cp / GUARD_FULL_CP)  # by all means protect your beachheads (with a strong unit)
        elif look.waiting and m.beach_of_position(h) is not None:
            s -= OFF_THE_BEACH
        if h == u.position:
            s += STAY
        return s

    def beyond_supply(self, g: Game, uid: str, h: Hex, look: Outlook) -> float:
        """What being beyond supply lines at ``h`` costs: one position beyond is tolerable (the depots follow)."""
        nation = g.spec(uid).nation
        sd = self._supply_distance.get((nation, h))
        if sd is None:  # the sources are the phase's (on_move), so the distance is too
            sd = self._supply_distance[(nation, h)] = board.supply_distance(look.sources, h)
        beyond = sd - g.data.rules.supply.range
        if beyond <= 0:
            return 0.0
        if not look.tracing:
            return BEYOND_UNTRACED * beyond
        return BEYOND_SUPPLY[0] if beyond == 1 else BEYOND_SUPPLY[0] + BEYOND_SUPPLY[1] * (beyond - 1)

    def in_contact(self, g: Game, uid: str, h: Hex, enemies: list[str], look: Outlook, s: float) -> float:
        """``s``, the worth of standing at ``h``, with what standing beside German units there adds: the danger,
        good ground, a beatable defender, an armoured division's cut-off, the friends closing on the same
        defender (each added to ``s`` in turn, so that equal positions stay exactly equal)."""
        m = g.data.map
        if look.spent:
            s -= SPENT  # a unit worn down to half strength pulls out of the line to rest and refit
        if look.armour:
            s += CUT_OFF * sum(1 for e in enemies if self._exits(g, e, h, look.allied_zoc) <= 1)
        ratio = board.threat(g, enemies) / max(board.defence_at(g, uid, h), 1.0)
        if ratio > DANGER_ODDS:
            s -= (ratio - DANGER_ODDS) * DANGER
        s += (board.terrain_defence(g, h) - 1.0) * GROUND
        weakest = min(board.defence_at(g, e, position_of(g.unit(e))) for e in enemies)
        if weakest < board.attack_from(g, uid, h) * BEATABLE:
            s += BEATABLE_VALUE
        siege = self.design.ocean_side_siege * view.ocean_side_points(g, g.turn + 1)
        for e in enemies:  # concentrate: join the units already closing on a beatable defender
            there = position_of(g.unit(e))
            if g.unit(e).cp <= FOCUS_CP or g.unit(e).cadre:
                s += FOCUS * min(FOCUS_COUNTED, self._focus(g, e, uid))
            if m.objective_of(there) in look.planned:
                s += BESIEGE  # besiege the objective
            if siege and m.on_scoring_ocean_side(there):
                s += siege  # he scores there every turn, more each turn: stand beside him, to attack or drive him off
        return s

    def _exits(self, g: Game, enemy_uid: str, h: Hex, allied_zoc: frozenset[Hex]) -> int:
        """How many ways a German unit would have to retreat with an Allied unit at ``h``: free land
        positions next to it outside the Allied zones of control (a retreat into them costs it dear)."""
        pos = position_of(g.unit(enemy_uid))
        return sum(1 for n in g.data.map.land_neighbours(pos)
                   if n != h and g.occupant(n) is None and n not in allied_zoc and distance(n, h) > 1)

    def _focus(self, g: Game, enemy_uid: str, uid: str) -> int:
        """How many other Allied units are next to (or are heading next to) an enemy unit."""
        pos = position_of(g.unit(enemy_uid))
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
        here = g.unit(uid).position
        markers = [b.marker for b in g.data.map.beaches if b.nation == spec.nation and g.beaches[b.name].marker_intact]
        sources = [s for s in view.allied_sources(g, spec.nation) if s != here] + markers
        fld = self._field(g, self.goal_for(g, uid))
        units = [u for u in g.units(Side.ALLIED, ASHORE, combat=True) if g.spec(u.id).nation == spec.nation]
        stranded = [u for u in units if not view.within_supply_range(g, position_of(u), sources)]
        scored = []
        for h, (cost, _) in best.items():
            if g.in_enemy_zoc(uid, h) or g.depot_at(h) not in (None, uid):
                continue
            if not view.within_supply_range(g, h, sources):
                continue  # it must itself stay in supply
            friends = sum(1 for _, n in g.data.map.grid.adjacent(h)
                          if (o := g.occupant(n)) is not None and g.side_of(o) == Side.ALLIED)
            guarded = friends > 0 or g.occupant(h) is not None
            rescued = sum(u.cp for u in stranded if view.within_supply_range(g, position_of(u), (h,)))
            scored.append((RESCUE * rescued - DEPOT_DRIVE * fld.get(h, UNREACHED)
                           + DEPOT_GUARDED[0 if guarded else 1] - DEPOT_WALK * cost, h))
        if not scored:
            return []
        return board.path_to(best, max(scored)[1])

    def plan_landing(self, g: Game, uid: str) -> list[Hex]:
        """Sail to a beach with a free landing position and land (a path ending on land)."""
        u = g.unit(uid)
        spec = g.spec(uid)
        if view.amphibious_cost(g, uid) > g.pools.amphibious:
            return []
        goals = self.goal_for(g, uid)
        wanted = self.landings.get(uid) if g.turn == 0 else None
        if wanted is None:
            wanted = self.plans.cotentin.lands(spec.nation, goals[0])  # the drive up the Cotentin lands there
        options = [b for b in self.landing_beaches(g, uid)
                   if self.free_positions(g, uid, b) and (not spec.is_depot or view.beach_cleared(g, b))]
        if wanted and g.beaches[wanted].marker_intact:  # (a destroyed marker never clears: any beach then)
            options = [b for b in options if b.name == wanted]  # else wait: the beach may clear this phase
        if not options:
            return []
        beach = min(options, key=lambda b: (min(distance(b.marker, x) for x in goals), b.name))
        landing = min(self.free_positions(g, uid, beach),
                      key=lambda p: (p not in self._threatened, len(g.adjacent_units(p, Side.GERMAN)), p))
        route = ocean_path(g, position_of(u), beach.marker)
        if route is None or len(route) > u.ocean_steps:
            return []
        path, here = [], position_of(u)
        for d in route:
            here = neighbour(here, d)
            path.append(here)
        path.append(landing)
        if not spec.is_depot:
            self.mover.claim(landing, uid)
        return path

    def free_positions(self, g: Game, uid: str, b: Beach) -> list[Hex]:
        """The positions of beach ``b`` a unit could land on now."""
        spec = g.spec(uid)
        if spec.is_depot:  # a depot may share a position with a friendly unit
            return [p for p in b.positions if g.depot_at(p) is None
                    and ((o := g.occupant(p)) is None or g.side_of(o) == Side.ALLIED)]
        spots = list(b.positions)
        if spec.lands_anywhere and uid in self.plans.cliff_landers:  # the rangers' cliff: Pointe du Hoc
            spots += [n for n in g.data.map.grid.neighbours(b.marker) if g.data.map.is_land(n) and n not in spots]
        return [p for p in spots if g.occupant(p) is None and not self.mover.is_claimed(p, uid)]

    def landing_beaches(self, g: Game, uid: str) -> list[Beach]:
        """The beaches a formation may land at: its nation's, with their markers intact."""
        nation = g.spec(uid).nation
        return [b for b in g.data.map.beaches if b.nation == nation and g.beaches[b.name].marker_intact]

    # ------------------------------------------------------------------ combat
    def worth_attacking(self, g: Game, p: DefenderPrompt) -> bool:
        """Attack when the expected German losses (bombardment included) outweigh ours."""
        attackers = [a for a in p.attackers if g.unit(a).fatigue < TIRED] or list(p.attackers)
        d = g.unit(p.defender)
        cp = sum(g.unit(a).cp for a in attackers)
        if view.combat_supply_cost(g, *PAID_LEVELS, cp) > g.pools.combat:
            return False
        ratio = board.odds_with(g, attackers, p.defender)
        here = position_of(d)
        key = g.data.map.objective_of(here) is not None or g.data.map.beach_of_position(here) is not None
        if d.cadre or d.cp < BEATEN_CP:
            return ratio >= BEATEN_ODDS
        if ratio >= SURE_ODDS:
            return True
        largest = g.data.rules.answers.largest_number
        bombard = min(largest, g.air_left // 2) + (min(largest, g.naval_left // 2) if view.in_naval_range(g, here) else 0)
        level = self._best_level(g, attackers, p.defender, LEVELS)
        return self._expected_gain(g, attackers, p.defender, level, bombard) > (KEY_GAIN if key else self.min_gain)

    def _expected_gain(self, g: Game, attackers: list[str], defender: str, level: int, bombard: int) -> float:
        """German losses less ours, at a level, against the defence the German usually chooses."""
        outlook = view.preview(g, attackers, defender, level, GERMAN_DEFENCE)
        low, high = view.bombardment_row(g.data.charts, bombard).german_extra
        gain: float = outlook["defender_losses"] + (low + high) / 2 - outlook["attacker_losses"] * LOSS_WEIGHT
        return gain

    def _best_level(self, g: Game, attackers: list[str], defender: str, max_level: int) -> int:
        best, best_gain = 1, float("-inf")
        for level in range(1, max_level + 1):
            gain = self._expected_gain(g, attackers, defender, level, 0)
            if gain > best_gain + BETTER_LEVEL:
                best, best_gain = level, gain
        return best

    def support(self, g: Game, p: SupportPrompt) -> Support:
        key = g.data.map.objective_of(position_of(g.unit(p.defender))) is not None
        if p.defensive:
            return Support(min(p.naval_max, DEFENSIVE_SUPPORT), min(p.air_max, DEFENSIVE_SUPPORT))
        left = max(1, p.defenders_left)  # the budgets are shared among the defenders still to come
        share_air = p.air_left / min(left, SHARED_AMONG)
        share_naval = p.naval_left / min(left, SHARED_AMONG)
        if key:
            share_air, share_naval = share_air * 2, share_naval * 2
        return Support(min(p.naval_max, int(share_naval)), min(p.air_max, int(share_air)))

    def attack_level(self, g: Game, p: StrategyPrompt) -> int:
        if p.odds >= BLITZ_ODDS:
            return max(1, min(LEVELS, p.max_level))  # breakthrough or blitz: a chance of a second combat
        return self._best_level(g, list(p.attackers), p.defender, p.max_level)

    def defence_level(self, g: Game, p: StrategyPrompt) -> int:
        here = position_of(g.unit(p.defender))
        m = g.data.map
        if m.objective_of(here) is not None or m.beach_of_position(here) is not None:
            level = HOLD_AT_ALL_COSTS
        else:
            level = level_by_odds(p.odds, DEFENCE_LEVELS, COUNTERATTACK)  # the German attack against us
        return max(1, min(level, p.max_level))

    def advance(self, g: Game, p: AdvancePrompt) -> Action:
        goals = self.goal_for(g, p.unit)
        here = position_of(g.unit(p.unit))
        closer = min(distance(p.into, x) for x in goals) < min(distance(here, x) for x in goals)
        if g.data.map.objective_of(p.into) is not None or closer:
            return Advance(p.unit, p.direction)
        return FinishUnit(p.unit)


def where(g: Game, place: Place) -> Hex:
    """A place of a drive on the map: a position as it is, a town or place by its name."""
    if isinstance(place, tuple):
        return place
    m = g.data.map
    return m.towns.get(place) or m.places[place]


def percentages(needs: dict[str, float], largest: int) -> dict[str, int]:
    """Whole percentages in proportion to the needs, each 0-``largest``, adding up to exactly PERCENT."""
    total = sum(needs.values())
    raw = {k: v * PERCENT / total for k, v in needs.items()}
    out = {k: min(largest, int(v)) for k, v in raw.items()}
    order = sorted(raw, key=lambda k: (-(raw[k] - int(raw[k])), k))
    i = 0
    while sum(out.values()) < PERCENT:
        k = order[i % len(order)]
        if out[k] < largest:
            out[k] += 1
        i += 1
    while sum(out.values()) > PERCENT:
        k = max(out, key=lambda name: out[name])
        out[k] -= 1
    return out
