"""Logistics, the heart of the game (rulebook, Logistics, and its charts).

At the start of each turn: the weather is drawn from the Weather Forecast
chart; the transport capacity is drawn within the Transport Availability range
for the turn and weather, scaled by the transport rating (more against a human
German, by the chart's note; less for each destroyed beachhead marker,
rules.transport.marker_destroyed_percent); it arrives in the four
pools per the allocation made last turn (D-Day's is pre-planned); new
formations join the fleet and German reinforcements enter; supply lines are
traced; every unit on the map pays its general-supply upkeep; units beyond
supply lines or deprived of general supply lose strength and gain fatigue;
fatigue falls and replacements arrive. A LogisticsReport event tells it all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import fatigue, losses, supply
from .data import CATEGORIES, WEATHERS, Span
from .enums import Side, Weather
from .hexgrid import Hex
from .events import Event, LogisticsReport, PhaseStarted, ReinforcementBlocked, ReinforcementEntered
from .state import AFLOAT, ASHORE, PENDING, Allocation, present
from .util import percent_of, round_half_up

if TYPE_CHECKING:
    from .game import Game


# --------------------------------------------------------------------------- weather
def draw_weather(g: "Game") -> Weather:
    chances = g.data.charts.weather.probability[g.turn_label]
    roll = g.rng.random() * 100.0
    total = 0.0
    for w in WEATHERS:
        total += chances[w]
        if roll < total:
            return w
    return WEATHERS[0]


def _transport_range(g: "Game", turn: str, weather: Weather) -> Span:
    """The Transport chart's range for a weather that can happen that turn (the chart has one for each:
    data/charts.py checks it)."""
    return present(g.data.charts.transport.ranges[turn][weather], "the transport range of a weather that can happen")


def weather_value(g: "Game", turn: str, weather: Weather) -> float:
    """How good a weather is: the middle of its transport range that turn."""
    low, high = _transport_range(g, turn, weather)
    return (low + high) / 2.0


def expected_weather_value(g: "Game", turn: str) -> float:
    chances = g.data.charts.weather.probability[turn]
    return sum(chances[w] / 100.0 * weather_value(g, turn, w) for w in WEATHERS if chances[w])


def weather_percent(g: "Game") -> int:
    """This game's weather so far against the chart's average (rulebook, Weather note).

    -11 means 11% less than average weather: the transport the weather allowed,
    summed over the turns played, against what the chart's odds would give.
    """
    actual = expected = 0.0
    for turn, w in g.state.weather_history.items():
        actual += weather_value(g, turn, w)
        expected += expected_weather_value(g, turn)
    return round_half_up(100.0 * (actual - expected) / expected) if expected else 0


# --------------------------------------------------------------------------- transport
def transport_capacity(g: "Game", weather: Weather) -> int:
    """A draw within the chart's range, scaled by the transport rating and circumstances."""
    chart = g.data.charts.transport
    low, high = _transport_range(g, g.turn_label, weather)
    points = g.rng.randint(low, high)
    s = g.state.settings
    factor = g.data.rules.ratings.factor(s.ratings, "transport")
    if s.german_is_human:
        factor *= 1 + chart.human_german.transport_percent / 100
    lost = sum(1 for b in g.state.beaches.values() if not b.marker_intact)
    factor *= max(0.0, 1 - g.data.rules.transport.marker_destroyed_percent * lost / 100)
    return round_half_up(points * factor)


def allocation_for_turn(g: "Game") -> Allocation:
    if g.state.turn == 0:
        return Allocation(**g.data.rules.dday.allocation)
    if g.state.allocation is not None:
        return g.state.allocation
    from .allocation import suggested
    return suggested(g, g.state.turn)


def deliver(g: "Game", transport: int) -> dict[str, int]:
    alloc = allocation_for_turn(g).as_dict()
    arrived = {c: percent_of(transport, alloc[c]) for c in CATEGORIES}
    pools = g.state.pools
    for c in CATEGORIES:
        setattr(pools, c, getattr(pools, c) + arrived[c])
    return arrived


def air_naval_budgets(g: "Game") -> tuple[int, int]:
    """Air and naval points for this turn's interdiction and bombardment."""
    r = g.data.rules
    s = g.state.settings
    weather = g.state.current_weather()
    air = r.support.air_points * r.ratings.factor(s.ratings, "airpower")
    air *= r.support.weather_percent[weather] / 100
    naval = r.support.naval_points * r.ratings.factor(s.ratings, "naval")
    naval *= r.support.naval_weather_percent[weather] / 100
    if s.german_is_human:
        more = 1 + g.data.charts.transport.human_german.air_naval_percent / 100
        air *= more
        naval *= more
    return round_half_up(air), round_half_up(naval)


def landing_supply(g: "Game", cp: int) -> dict[str, int]:
    """What a landing unit brings into the pools (docs/rules.md, Logistics)."""
    r = g.data.rules.landing_supply
    brought = {"fuel": round_half_up(cp * r.fuel), "general": round_half_up(cp * r.general),
               "combat": round_half_up(cp * r.combat)}
    for c, n in brought.items():
        setattr(g.state.pools, c, getattr(g.state.pools, c) + n)
    return brought


# --------------------------------------------------------------------------- expenditure
def fuel_cost(g: "Game", uid: str, movement_points: int) -> int:
    """Fuel for ``movement_points``: the Fuel chart's rate for the unit's fuel class, for the chart's
    CP, proportionate."""
    spec = g.spec(uid)
    if spec.side != Side.ALLIED:
        return 0
    fuel = g.data.charts.fuel
    return round_half_up(movement_points * fuel.per_movement_point[spec.fuel_class] * g.unit(uid).cp
                         / fuel.base_combat_points)


def general_supply_need(g: "Game", uid: str) -> float:
    """A unit's general-supply upkeep before rounding: the General Supply chart's fraction of its CP,
    one within an enemy zone of control, one otherwise."""
    chart = g.data.charts.general_supply
    return (chart.in_enemy_zoc if g.in_enemy_zoc(uid) else chart.otherwise).of(g.unit(uid).cp)


def general_supply_cost(g: "Game", uid: str) -> int:
    """What a unit pays in general supply this turn (its need, rounded)."""
    return round_half_up(general_supply_need(g, uid))


def upkeep_estimate(g: "Game", uids: Iterable[str]) -> float:
    """The general supply these units would need as they stand (before rounding), for planning the
    next turn's transport."""
    return sum(general_supply_need(g, uid) for uid in uids)


def combat_supply_cost(g: "Game", attack: int, defence: int, cp: int) -> int:
    """The Combat Supply chart's cell, scaled by the Allied CP taking part over the chart's CP."""
    chart = g.data.charts.combat_supply
    return round_half_up(chart.rows[defence - 1][attack - 1] * cp / chart.base_combat_points)


def amphibious_cost(g: "Game", uid: str) -> int:
    return g.unit(uid).cp * g.data.charts.amphibious_supply.per_combat_point


# --------------------------------------------------------------------------- the turn's logistics
def start_turn(g: "Game", events: list[Event]) -> None:
    """The turn's logistics, before its first phase."""
    events.append(PhaseStarted(turn=g.turn_label, phase="logistics"))
    st = g.state
    for u in st.units.values():
        u.attacks = 0
        u.interdicted = 0
    st.interdiction = -1
    if g.is_last_turn:
        # the final turn has no transport, movement or combat: only supply, for the objectives
        st.weather, st.transport = None, 0
        st.air_left = st.naval_left = 0
        supply.trace(g)
        return
    weather = draw_weather(g)
    st.weather = weather
    st.weather_history[g.turn_label] = weather
    st.transport = transport_capacity(g, weather)
    arrived = deliver(g, st.transport)
    reinforcements = arrivals(g, events)
    st.air_left, st.naval_left = air_naval_budgets(g)
    out_allied, out_german = supply.trace(g)
    upkeep, deprived = (0, []) if st.turn == 0 else pay_upkeep(g)
    attrition = german_attrition = 0
    if st.turn > 0:
        recover(g)
        attrition = suffer_attrition(g, out_allied, deprived, events)
        german_attrition = cut_off_german(g, out_german, events)
        replace(g)
    for u in st.units.values():
        u.acted = False

    events.append(LogisticsReport(
        turn=g.turn_label, weather=weather, transport=st.transport, arrived=arrived, upkeep=upkeep,
        pools=st.pools.as_dict(), out_of_supply=tuple(out_allied), deprived=tuple(deprived), attrition=attrition,
        reinforcements=tuple(reinforcements), weather_percent=weather_percent(g),
        german_cut_off=tuple(out_german) if st.turn > 0 else (), german_attrition=german_attrition))


def arrivals(g: "Game", events: list[Event]) -> list[str]:
    """Allied formations due join their waiting fleet; German reinforcements enter the map."""
    m = g.data.map
    entered = []
    for uid, u in g.state.units.items():
        if u.status != PENDING or u.arrival is None or u.arrival > g.state.turn:
            continue
        spec = g.spec(uid)
        if spec.side == Side.ALLIED:
            g.place(uid, m.waiting[spec.nation], AFLOAT)
            continue
        where = entry_position(g, m.entry[present(spec.entry, "a German reinforcement's entry")])
        if where is None:
            events.append(ReinforcementBlocked(unit=uid, entry=spec.entry or ""))
            continue
        g.place(uid, where, ASHORE)
        entered.append(uid)
        events.append(ReinforcementEntered(unit=uid, entry=spec.entry or "", to=where))
        losses.german_occupies(g, where, events)
    return entered


def entry_position(g: "Game", entry: Hex) -> Hex | None:
    """The entry position, or the nearest free land position on the same map edge within
    rules.reinforcements.entry_detour of it."""
    m = g.data.map
    grid = m.grid
    if g.occupant(entry) is None:
        return entry
    candidates = [h for h in grid.within(entry, g.data.rules.reinforcements.entry_detour)
                  if m.is_land(h) and g.occupant(h) is None and grid.on_edge(h) and h not in g.zoc(Side.ALLIED)]
    candidates.sort(key=lambda h: (abs(h[0] - entry[0]) + abs(h[1] - entry[1]), h[1], h[0]))
    return candidates[0] if candidates else None


def pay_upkeep(g: "Game") -> tuple[int, list[str]]:
    """General supply for every Allied unit on the map in supply; returns (paid, deprived ids).

    Units in an enemy zone of control are served first; a unit the pool cannot
    pay in full gets nothing. Units beyond supply lines cannot draw at all.
    """
    pools = g.state.pools
    paid = 0
    deprived = []
    units = list(g.records(Side.ALLIED, ASHORE, combat=True))
    units.sort(key=lambda u: not g.in_enemy_zoc(u.id))
    for u in units:
        if not u.in_supply:
            u.general_supplied = False
            continue
        cost = general_supply_cost(g, u.id)
        if cost <= pools.general:
            pools.general -= cost
            paid += cost
            u.general_supplied = True
        else:
            u.general_supplied = False
            deprived.append(u.id)
    return paid, deprived


def suffer_attrition(g: "Game", out_allied: list[str], deprived: list[str], events: list[Event]) -> int:
    """Units beyond supply lines or without general supply lose strength and gain fatigue. A depot has
    no strength to lose (0 CP): beyond supply lines it only stops supplying (supply.allied_sources)."""
    r = g.data.rules
    lost = 0
    for uid in out_allied + deprived:
        u = g.record(uid)
        if u.status != ASHORE or g.spec(uid).is_depot:
            continue
        beyond = uid in out_allied
        pct = r.supply.out_of_supply_cp_percent if beyond else r.supply.no_general_supply_cp_percent
        amount = max(1, percent_of(u.cp, pct))
        lost += min(amount, u.cp)
        fatigue.add_fatigue(g, u, r.supply.out_of_supply_fatigue if beyond else r.supply.no_general_supply_fatigue)
        losses.inflict(g, uid, amount, events, supply=True)
    return lost


def cut_off_german(g: "Game", out_german: list[str], events: list[Event]) -> int:
    """German units cut off from their supply lose strength and gain fatigue; returns the CP they lost (each a
    point to the Allies, as any German casualty)."""
    gs = g.data.rules.german_supply
    lost = 0
    for uid in out_german:
        u = g.record(uid)
        if u.status != ASHORE:
            continue
        fatigue.add_fatigue(g, u, gs.out_of_supply_fatigue)
        amount = min(u.cp, max(1, percent_of(u.cp, gs.out_of_supply_cp_percent)))
        lost += amount
        losses.inflict(g, uid, amount, events, cadre=False)
    return lost


def recover(g: "Game") -> None:
    for u in g.records(None, ASHORE, combat=True):
        fatigue.recover(g, u, g.in_enemy_zoc(u.id))
    for u in g.records(Side.ALLIED, AFLOAT):
        fatigue.recover(g, u, False)


def replace(g: "Game") -> None:
    for u in g.records(None, ASHORE, combat=True):
        fatigue.replacements(g, u, g.side_of(u.id))
