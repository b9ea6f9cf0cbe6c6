"""Movement, landings and German reinforcement moves (rulebook, Summary of Game Play V).

Each eligible unit is offered in turn with its movement points left: a
direction 1-6 moves it, F finishes it for now, E ends the phase. The phase
cycles through the units rules.movement.max_cycles times, then ends by itself;
a unit finished with F comes round again while it has movement left. The player
may also choose another unit that can still move (ChooseUnit): it is put in the
order before the one asked about, which is asked about again once it is finished.

Entering a position costs the Terrain Effects chart's points, with the chart's
chance of one more (not in the terrains it exempts). Entering a position next to
an enemy unit costs the Infiltration chart's extra points and ends the unit's
movement; moving from next-to-enemy to next-to-enemy (infiltration) costs that
chart's infiltration points, ends its movement, and succeeds only with its
chance (a failed attempt leaves the unit where it was with its movement over).
A unit may always make its first step of a phase; after that it needs the
points for the step (the chance point, if rolled, is taken even when it leaves
the unit short). Allied units pay fuel per point from the pool and cannot take
a step the pool cannot pay for.

Landings: afloat formations move freely in the ocean (ocean costs nothing; at
most ``ocean_steps`` moves a phase) onto a beachhead marker, then a direction
key lands them on one of its beach positions; the unit types oob.toml marks
``lands_anywhere`` (rangers and commandos) may land from the marker or any
ocean position next to it, on any land position beside them. Landing pays the
Amphibious Supply chart's points for the unit's CP, and the unit's supplies come
across with it. Once rules.landing.cleared_cp have landed there, or the coastal
defence is gone, the unit lands and may keep moving; otherwise it fights the
beach's coastal defence round after round (landing.py asks each round's
questions before the unit's next step), until one of them is eliminated.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from . import combat, fatigue, interdiction, landing, logistics, losses
from .actions import Action, ChooseUnit, EndPhase, FinishUnit, Move
from .data import Beach, GameData, UnitSpec
from .enums import PHASE_SIDE, Infiltration, Side
from .events import AssaultBegun, Event, InfiltrationFailed, Landed, Motion, MovesHeldBack, PhaseStarted, UnitMoved
from .hexgrid import Hex, neighbour
from .landing import beach_cleared, landing_beach
from .prompts import MovePrompt, Prompt, StrategyPrompt, SupportPrompt
from .state import AFLOAT, ASHORE, MovementState, UnitState, position_of, present
from .util import enemy, is_there

if TYPE_CHECKING:
    from .game import Game


# --------------------------------------------------------------------------- the phase
def begin(g: "Game", events: list[Event]) -> bool:
    st = g.state
    side = PHASE_SIDE[st.phase]
    if side == Side.GERMAN and g.german_still:
        return False
    if side == Side.GERMAN:
        interdiction.interdict_german_units(g, events)
    rules = g.data.rules.movement
    ashore: list[UnitState] = []
    afloat: list[UnitState] = []
    for u in g.records(side, status=None):
        spec = g.spec(u.id)
        if u.status == ASHORE and spec.movement > 0:
            u.mp = max(0, spec.movement - u.interdicted)
            ashore.append(u)
        elif u.status == AFLOAT:
            u.mp = spec.movement
            u.ocean_steps = rules.ocean_steps
            afloat.append(u)
        else:
            continue
        u.moved = u.stopped = False
    ashore.sort(key=position_of)  # by column, then row
    st.movement = MovementState(side=side, order=[u.id for u in ashore + afloat])
    g.changed()  # movement points have been set
    events.append(PhaseStarted(turn=g.turn_label, phase=st.phase))
    if not _settle(g):
        _finish(g, events)
        return False
    return True


def _finish(g: "Game", events: list[Event] | None = None) -> None:
    """The movement phase is over: no unit can move, or (with no ``events``) the side has ended it. Allied units
    that could not move for want of fuel are named: the phase would otherwise end with no word why."""
    mv = g.state.current_movement()
    g.state.movement = None
    if events is not None and (held := held_by_fuel(g, mv.order)):
        events.append(MovesHeldBack(units=tuple(held), fuel=g.state.pools.fuel))


def held_by_fuel(g: "Game", order: list[str] | None = None) -> list[str]:
    """The Allied units ashore of ``order`` (the movement phase's, by default) with movement points left and a step
    they could take but for the fuel it costs (the German pays none)."""
    if order is None:
        order = moving_units(g)
    held = []
    for uid in order:
        u = g.unit(uid)
        if g.side_of(uid) == Side.ALLIED and u.status == ASHORE and u.mp > 0 and not u.stopped \
                and not legal_directions(g, uid) and _land_costs(g, uid, pay_fuel=False):  # (the first, memoized)
            held.append(uid)
    return held


def _settle(g: "Game") -> bool:
    """Point the phase at the next unit that can move; False when the phase is over."""
    mv = g.state.current_movement()
    max_cycles = g.data.rules.movement.max_cycles
    while mv.cycle <= max_cycles:
        while mv.index < len(mv.order):
            if legal_directions(g, mv.order[mv.index]):
                return True
            mv.index += 1
        mv.cycle += 1
        mv.index = 0
        if not any(legal_directions(g, uid) for uid in mv.order):
            return False
    return False


def current_unit(g: "Game") -> str:
    mv = g.state.current_movement()
    return mv.order[mv.index]


def prompt(g: "Game") -> MovePrompt | SupportPrompt | StrategyPrompt:
    mv = g.state.current_movement()
    if mv.assault is not None:
        return landing.prompt(g)
    uid = current_unit(g)
    u = g.unit(uid)
    options = legal_directions(g, uid)
    lands = tuple(d for d in options if u.status == AFLOAT and g.data.map.is_land(neighbour(position_of(u), d)))
    return MovePrompt(side=mv.side, unit=uid, mp=u.mp, directions=tuple(options),
                      cycle=mv.cycle, afloat=u.status == AFLOAT, landing=lands)


def legal_actions(g: "Game", p: Prompt) -> Sequence[Action]:
    if not isinstance(p, MovePrompt):  # a landing's round against the coastal defence
        return combat.legal_actions(g, p)
    return MoveChoices(g, p)


class MoveChoices(Sequence[Action]):
    """The answers to a movement prompt: the steps, F and E (``in_turn``, the 1981 answers), then a
    ChooseUnit for each other unit that can move. The units are looked at only when the list is read
    through: checking one answer (Game.apply does, for every action) looks at that unit alone."""

    def __init__(self, g: "Game", p: MovePrompt) -> None:
        self.g, self.p = g, p
        self.in_turn = [Move(p.unit, d) for d in p.directions] + [FinishUnit(p.unit), EndPhase()]
        self._others: list[ChooseUnit] | None = None

    def others(self) -> list[ChooseUnit]:
        if self._others is None:
            self._others = [ChooseUnit(uid) for uid in choosable_units(self.g) if uid != self.p.unit]
        return self._others

    def __len__(self) -> int:
        return len(self.in_turn) + len(self.others())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return (self.in_turn + self.others())[index]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, ChooseUnit):
            mv = self.g.state.current_movement()
            return (isinstance(action.unit, str) and action.unit != self.p.unit and action.unit in mv.order
                    and bool(legal_directions(self.g, action.unit)))
        return action in self.in_turn

    def __iter__(self) -> Iterator[Action]:
        yield from self.in_turn
        yield from self.others()


def moving_units(g: "Game") -> list[str]:
    """The units of the side moving, in the phase's order, whether they can still move or not; none outside a
    movement phase."""
    mv = g.state.movement
    return [] if mv is None else list(mv.order)


def choosable_units(g: "Game") -> list[str]:
    """The units of the side moving that can still move, in the phase's order (the one asked about too);
    none outside a movement phase."""
    mv = g.state.movement
    return [] if mv is None else [uid for uid in mv.order if legal_directions(g, uid)]


def apply(g: "Game", action: Action, events: list[Event]) -> bool:
    """Carry out an answer; True when that ends the movement phase."""
    mv = g.state.current_movement()
    if mv.assault is not None:
        uid = mv.assault.unit
        _assault_answer(g, action, events)
        g.changed()
        if mv.assault is not None or legal_directions(g, uid):
            return False  # the fight goes on, or the unit has landed and may keep moving
    elif isinstance(action, EndPhase):
        _finish(g)  # (the side's own choice: nothing held back to name)
        return True
    elif isinstance(action, ChooseUnit):
        # put the unit chosen before the one asked about: it is asked about now, and once it is finished
        # (index + 1) the order goes on from the unit it was put before
        if mv.order.index(action.unit) < mv.index:
            mv.index -= 1
        mv.order.remove(action.unit)
        mv.order.insert(mv.index, action.unit)
        return False
    elif isinstance(action, Move):
        step(g, action.unit, action.direction, events)
        g.changed()  # the unit has moved, or has stopped
        if mv.assault is not None or legal_directions(g, action.unit):
            return False  # the same unit keeps the move (or fights its way ashore first)
    mv.index += 1
    if _settle(g):
        return False
    _finish(g, events)
    return True


# --------------------------------------------------------------------------- what a unit may do
def legal_directions(g: "Game", uid: str) -> list[int]:
    """The directions ``uid`` may move now (worked out once per state of the board)."""
    cache = g.memo("directions")
    found = cache.get(uid)
    if found is None:
        found = cache[uid] = _legal_directions(g, uid)
    return found


def _legal_directions(g: "Game", uid: str) -> list[int]:
    u = g.unit(uid)
    if u.stopped or u.status not in (ASHORE, AFLOAT):
        return []
    if u.status == AFLOAT:
        return [d for d in range(1, 7) if _afloat_option(g, uid, d) is not None]
    if u.mp <= 0:
        return []
    return sorted(_land_costs(g, uid))


def _land_cost(g: "Game", uid: str, direction: int) -> tuple[int, bool, bool] | None:
    """(base cost, enters enemy ZOC, is infiltration) for a step on land, or None if illegal."""
    return _land_costs(g, uid).get(direction)


def _land_costs(g: "Game", uid: str, pay_fuel: bool = True) -> dict[int, tuple[int, bool, bool]]:
    """The legal steps on land, by direction: (base cost, enters enemy ZOC, is infiltration); without
    ``pay_fuel``, the steps it could take were the fuel pool full. All six at once: what they share (the unit,
    its zone of control, the fuel) is looked up once."""
    u = g.unit(uid)
    spec = g.spec(uid)
    m = g.data.map
    enemy_zoc = g.zoc(enemy(spec.side))
    here = position_of(u)
    here_in_zoc = here in enemy_zoc
    fuel = g.state.pools.fuel if spec.side == Side.ALLIED and pay_fuel else None
    out = {}
    for direction, target in m.grid.adjacent(here):
        if not m.is_land(target):
            continue
        occupant = g.occupant(target)
        if spec.is_depot:
            if g.depot_at(target) is not None or (occupant is not None and g.side_of(occupant) != spec.side):
                continue
        elif occupant is not None:
            continue  # one combat unit per land position; a depot may share it
        enters = target in enemy_zoc
        cost = land_step_points(g.data, spec, target, here_in_zoc, enters)
        if cost is None:
            continue
        infiltration = enters and here_in_zoc
        if u.moved and cost > u.mp:
            continue
        if fuel is not None and logistics.fuel_cost(g, uid, cost) > fuel:
            continue
        out[direction] = (cost, enters, infiltration)
    return out


def land_step_points(data: GameData, spec: UnitSpec, target: Hex, from_enemy_zoc: bool,
                     into_enemy_zoc: bool) -> int | None:
    """The movement points of a step on land into ``target``, before the Terrain Effects chart's chance
    point: the chart's points to enter it, plus the Infiltration chart's points for entering an enemy zone
    of control (its infiltration points when the step also leaves one). None when the unit may not take
    the step at all: infiltration by a unit that cannot infiltrate. The rules' own movement and the
    computer players' path finding both count a step by this, so that they never disagree."""
    cost = int(data.movement_cost[target])
    if not into_enemy_zoc:
        return cost
    chart = data.charts.infiltration
    if not from_enemy_zoc:
        return cost + chart.enter_enemy_zoc_cost
    if spec.infiltration == Infiltration.NONE:
        return None
    return cost + chart.infiltration_cost


def _afloat_option(g: "Game", uid: str, direction: int) -> tuple[str, Beach | None] | None:
    """For an afloat unit: ("ocean", None) or ("land", beach), or None if illegal."""
    u = g.unit(uid)
    m = g.data.map
    target = neighbour(position_of(u), direction)
    if not m.grid.on_map(target):
        return None
    if not m.is_land(target):
        return ("ocean", None) if u.ocean_steps > 0 else None
    beach = landing_beach(g, uid, target)
    if beach is None or u.mp <= 0:
        return None
    spec = g.spec(uid)
    occupant = g.occupant(target)
    if spec.is_depot:
        # a depot lands only on a cleared beach, and may share a position with a friendly unit
        if g.depot_at(target) is not None or not beach_cleared(g, beach):
            return None
        if occupant is not None and g.side_of(occupant) != spec.side:
            return None
    elif occupant is not None:
        return None
    if logistics.amphibious_cost(g, uid) > g.state.pools.amphibious:
        return None
    return ("land", beach)


def landing_refused(g: "Game", uid: str, direction: int) -> str | None:
    """Why a unit at sea may not land on the land position that way, beside a beach it could land at
    (None if it may, or if there is no beach of its there): for the prompt, so that a landing missing from
    the choices says why."""
    u = g.unit(uid)
    if u.status != AFLOAT:
        return None
    target = neighbour(position_of(u), direction)
    if not g.data.map.grid.on_map(target) or not g.data.map.is_land(target):
        return None
    beach = landing_beach(g, uid, target)
    if beach is None or _afloat_option(g, uid, direction) is not None:
        return None
    spec = g.spec(uid)
    occupant = g.occupant(target)
    if u.mp <= 0:
        return "no movement points left"
    if spec.is_depot and not beach_cleared(g, beach):
        return f"a depot lands only once {beach.name} is cleared"
    if spec.is_depot and g.depot_at(target) is not None:
        return "a depot is there already"
    if occupant is not None and (not spec.is_depot or g.side_of(occupant) != spec.side):
        return is_there(g.spec(occupant).name)
    need = logistics.amphibious_cost(g, uid)
    return f"needs {need} amphibious supply, the pool has {g.state.pools.amphibious}"


# --------------------------------------------------------------------------- doing it
def step(g: "Game", uid: str, direction: int, events: list[Event]) -> None:
    u = g.record(uid)
    origin = position_of(u)
    target = neighbour(origin, direction)
    if u.status == AFLOAT:
        _, beach = present(_afloat_option(g, uid, direction), "a legal step at sea")
        if beach is None:  # a move in the ocean
            g.place(uid, target, AFLOAT)
            u.ocean_steps -= 1
            events.append(UnitMoved(unit=uid, origin=origin, to=target, cost=0, fuel=0, mp_left=u.mp, motion=Motion.SAIL))
            return
        land(g, uid, beach, target, events)
        return
    base, enters, infiltration = present(_land_cost(g, uid, direction), "a legal step on land")
    if infiltration and not g.rng.percent(infiltration_chance(g, uid)):
        u.mp, u.stopped, u.moved, u.acted = 0, True, True, True
        events.append(InfiltrationFailed(unit=uid))
        return
    _enter(g, uid, target, base, enters, events, origin)


def _enter(g: "Game", uid: str, target: Hex, base: int, enters: bool, events: list[Event], origin: Hex) -> None:
    spec = g.spec(uid)
    cost = _with_chance_point(g, base, target)
    fuel = 0
    if spec.side == Side.ALLIED:
        fuel = min(logistics.fuel_cost(g, uid, cost), g.state.pools.fuel)
        g.state.pools.fuel -= fuel
    _arrive(g, uid, target, cost, enters)
    events.append(UnitMoved(unit=uid, origin=origin, to=target, cost=cost, fuel=fuel, mp_left=g.unit(uid).mp,
                            stops=enters))
    if spec.side == Side.GERMAN:
        losses.german_occupies(g, target, events)


def _with_chance_point(g: "Game", base: int, target: Hex) -> int:
    """The step's cost: its points, and the Terrain Effects chart's chance of one more (not in the
    terrains it exempts)."""
    chart = g.data.charts.terrain
    exempt = g.data.map.terrain[target] in chart.extra_point_exempt
    return base + (1 if not exempt and g.rng.percent(chart.extra_point_percent) else 0)


def _arrive(g: "Game", uid: str, target: Hex, cost: int, enters: bool) -> None:
    """Spend the points (all of them next to the enemy), tire the unit, and put it there."""
    u = g.record(uid)
    u.mp = max(0, u.mp - cost)
    u.moved = u.acted = True
    if enters:
        u.mp, u.stopped = 0, True
    fatigue.add_fatigue(g, u, g.data.rules.fatigue.per_movement_point * cost)
    g.place(uid, target, ASHORE)


def infiltration_chance(g: "Game", uid: str) -> int:
    """The Infiltration chart's chance for the unit's infiltration class (German: by who plays him)."""
    spec = g.spec(uid)
    chance = g.data.charts.infiltration.chance
    human = g.state.settings.german_is_human
    if spec.side == Side.ALLIED:
        return chance.allied_armoured if spec.infiltration == Infiltration.ARMOURED else 0
    if spec.infiltration == Infiltration.MECHANISED:
        return chance.human_german_mechanised if human else chance.computer_german_mechanised
    if spec.infiltration == Infiltration.INFANTRY:
        return chance.human_german_infantry if human else chance.computer_german_infantry
    return 0


# --------------------------------------------------------------------------- landings
def land(g: "Game", uid: str, beach: Beach, target: Hex, events: list[Event]) -> None:
    """The unit crosses to the beach: it pays amphibious supply, its supplies come into the pools
    with it (so that its own assault can draw on its combat supply), and it comes ashore, or must
    first fight the coastal defence (landing.py)."""
    amphibious = logistics.amphibious_cost(g, uid)
    g.state.pools.amphibious -= amphibious
    brought = logistics.landing_supply(g, g.unit(uid).cp)
    if landing.must_fight(g, beach, target):
        landing.start(g, uid, beach, target, amphibious, brought)
        events.append(AssaultBegun(unit=uid, beach=beach.name, to=target, amphibious=amphibious, brought=brought))
        return
    _come_ashore(g, uid, beach, target, events, amphibious, brought)


def _assault_answer(g: "Game", action: Action, events: list[Event]) -> None:
    """An answer to a landing's round; when one side is eliminated the unit comes ashore (or not)."""
    outcome = landing.answer(g, action, events)
    if outcome is None:
        return
    a = g.state.current_assault()
    g.state.current_movement().assault = None
    beach = g.data.map.beach(a.beach)
    brought = dict(zip(("fuel", "general", "combat"), a.brought))
    if outcome == "destroyed":
        events.append(Landed(unit=a.unit, beach=beach.name, to=a.target, rounds=a.rounds, cp_lost=a.lost,
                             amphibious=a.amphibious, brought=brought, destroyed=True))
        return
    _come_ashore(g, a.unit, beach, a.target, events, a.amphibious, brought, a.rounds, a.lost)


def _come_ashore(g: "Game", uid: str, beach: Beach, target: Hex, events: list[Event], amphibious: int,
                 brought: dict[Any, Any], rounds: int = 0, lost: int = 0) -> None:
    u = g.record(uid)
    spec = g.spec(uid)
    st = g.state
    st.beaches[beach.name].landed_cp += u.cp
    u.beach = beach.name
    base = int(g.data.movement_cost[target])
    enters = target in g.zoc(Side.GERMAN)
    if enters:
        base += g.data.charts.infiltration.enter_enemy_zoc_cost
    _arrive(g, uid, target, _with_chance_point(g, base, target), enters)  # no fuel: the ships carry it
    record = st.beaches[beach.name]
    if record.first_mp_left is None and not spec.is_depot:
        record.first_mp_left = u.mp
    events.append(Landed(unit=uid, beach=beach.name, to=target, rounds=rounds, cp_lost=lost,
                         amphibious=amphibious, brought=brought, stops=enters))
    landing.overrun_if_cleared(g, beach, events)


def step_cost(g: "Game", uid: str, direction: int) -> dict[str, Any] | None:
    """What a step would cost before the chance point: movement points, fuel, and whether it stops there."""
    u = g.unit(uid)
    if u.status == AFLOAT:
        option = _afloat_option(g, uid, direction)
        if option is None:
            return None
        beach = option[1]
        if beach is None:  # a move in the ocean
            return {"mp": 0, "fuel": 0, "stops": False, "landing": None}
        target = neighbour(position_of(u), direction)
        return {"mp": int(g.data.movement_cost[target]),
                "fuel": 0, "stops": False, "landing": beach.name,
                "amphibious": logistics.amphibious_cost(g, uid),
                "cleared": not landing.must_fight(g, beach, target)}
    found = _land_cost(g, uid, direction)
    if found is None:
        return None
    cost, enters, infiltration = found
    return {"mp": cost, "fuel": logistics.fuel_cost(g, uid, cost), "stops": enters, "landing": None,
            "infiltration": infiltration}
