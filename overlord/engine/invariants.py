"""Checks that must hold after every action of every game (used by the fuzzer and the property tests).

``violations(game)`` returns a list of what is wrong (empty when all is well);
it changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import fatigue, supply, victory
from .enums import Side
from .hexgrid import Hex
from .state import AFLOAT, ASHORE, COASTAL, ELIMINATED, PENDING, UnitState

if TYPE_CHECKING:
    from .game import Game


def violations(g: "Game") -> list[str]:
    out: list[str] = []
    combat_at: dict[Hex, str] = {}
    depot_at: dict[Hex, str] = {}
    for uid, u in g.state.units.items():
        out += _unit_violations(g, uid, u, combat_at, depot_at)
    out += _board_violations(g, combat_at, depot_at)
    out += _score_violations(g)
    return out


def _unit_violations(g: "Game", uid: str, u: UnitState, combat_at: dict[Hex, str], depot_at: dict[Hex, str]) -> list[str]:
    """One unit's place for its status (recorded in combat_at or depot_at when ashore) and its numbers."""
    m = g.data.map
    spec = g.spec(uid)
    out: list[str] = []
    if u.status == ASHORE:
        if u.position is None or not m.grid.on_map(u.position) or not m.is_land(u.position):
            return [f"{uid} is ashore off the land: {u.position}"]
        table = depot_at if spec.is_depot else combat_at
        if u.position in table:
            out.append(f"{uid} and {table[u.position]} share {u.position}")
        table[u.position] = uid
    elif u.status == AFLOAT:
        if u.position is None or m.is_land(u.position) or spec.side != Side.ALLIED:
            out.append(f"{uid} is afloat at {u.position}")
    elif u.status == COASTAL and u.position is not None:  # only where a landing is fought: a landing position,
        # or for rangers and commandos (lands_anywhere) the land beside its marker they land on
        assault = g.state.movement.assault if g.state.movement is not None else None
        fought_there = assault is not None and assault.beach == u.beach and assault.target == u.position
        if u.beach is None or not (u.position in m.beach(u.beach).positions or fought_there):
            out.append(f"{uid} holds {u.beach} beach but stands at {u.position}")
    elif u.status in (PENDING, ELIMINATED, COASTAL):
        if u.position is not None:
            out.append(f"{uid} is {u.status} but has a position {u.position}")
    else:
        out.append(f"{uid} has an unknown status {u.status!r}")
    return out + _strength_violations(g, uid, u)


def _strength_violations(g: "Game", uid: str, u: UnitState) -> list[str]:
    """A unit's CP, fatigue, effectiveness, leadership and movement points are in their ranges."""
    rules = g.data.rules
    out: list[str] = []
    if u.status == ELIMINATED and u.cp != 0:
        out.append(f"{uid} is eliminated with {u.cp} CP")
    if not 0 <= u.cp <= max(u.max_cp, 0):
        out.append(f"{uid} has {u.cp} CP of {u.max_cp}")
    if u.status in (ASHORE, AFLOAT, COASTAL) and u.cp <= 0 and not g.spec(uid).is_depot:
        out.append(f"{uid} is in play with no CP")
    if not 0 <= u.fatigue <= rules.fatigue.max:
        out.append(f"{uid} has fatigue {u.fatigue}")
    eff = fatigue.effectiveness(g, u)
    if not rules.effectiveness.minimum <= eff <= 1.0 + 1e-9:
        out.append(f"{uid} has effectiveness {eff}")
    if not 1 <= u.leadership <= 9:
        out.append(f"{uid} has leadership {u.leadership}")
    if u.mp < 0:
        out.append(f"{uid} has {u.mp} movement points")
    return out


def _board_violations(g: "Game", combat_at: dict[Hex, str], depot_at: dict[Hex, str]) -> list[str]:
    """No depot shares a position with the enemy, no pool is negative, and the board index agrees
    with the state."""
    out: list[str] = []
    for pos, uid in depot_at.items():
        other = combat_at.get(pos)
        if other is not None and g.side_of(other) != g.side_of(uid):
            out.append(f"{uid} shares {pos} with the enemy {other}")
    for name, value in g.state.pools.as_dict().items():
        if value < 0:
            out.append(f"the {name} pool is negative: {value}")
    for pos, uid in combat_at.items():
        if g.occupant(pos) != uid:
            out.append(f"the board index has {g.occupant(pos)} at {pos}, the state {uid}")
    for pos, uid in depot_at.items():
        if g.depot_at(pos) != uid:
            out.append(f"the board index has depot {g.depot_at(pos)} at {pos}, the state {uid}")
    if len(g._occupant) != len(combat_at) or len(g._depot) != len(depot_at):
        out.append("the board index holds units the state does not place")
    return out


def _score_violations(g: "Game") -> list[str]:
    """The score is the sum of its categories, and the final report agrees with it."""
    out: list[str] = []
    points = victory.category_points(g)
    total = points.allied.total - points.german.total
    if abs(total - victory.score(g)) > 1e-6:
        out.append("the score is not the sum of its categories")
    report = g.state.final_report
    if report is not None and abs(report.allied_score - round(total, 1)) > 0.051:
        out.append("the final report's score is not the sum of its categories")
    return out


def supply_violations(g: "Game") -> list[str]:
    """Right after a turn's logistics, every Allied unit's supply status is the trace's."""
    st = g.state
    if st.turn < g.turn_of(g.data.rules.supply.first_trace_turn):
        return []
    cut = set(supply.allied_out_of_supply(g))
    return [f"{u.id} in_supply={u.in_supply} but the trace says {u.id not in cut}"
            for u in g.units(Side.ALLIED, ASHORE) if u.in_supply != (u.id not in cut)]
