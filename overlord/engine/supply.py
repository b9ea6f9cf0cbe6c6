"""Supply lines (rulebook, Logistics and Summary of Game Play V).

Allied: a unit is in supply within rules.supply.range positions of one of its
nation's intact beachhead markers or of one of its nation's depots that is in
supply; a depot is in supply within that range of a marker or of another depot
in supply, so depots chain inland. US units draw only on Utah, Omaha and US
depots; British Commonwealth units on Gold, Juno, Sword and theirs. Distance is
counted in positions through anything, as in 1981: the German cuts supply by
destroying markers and depots, not by standing between them. Supply is traced
at the start of each turn from rules.supply.first_trace_turn; before that every
unit is in supply.

German (the rulebook is silent): a German unit is in supply if it can trace a
path of any length to the map's southern or eastern edge, or to Cherbourg's
fortress stores while a German unit holds the town, through land positions
free of Allied units and, unless a German unit stands there, of Allied zones
of control.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .enums import Side
from .hexgrid import Hex, distance
from .state import AFLOAT, ASHORE, position_of

if TYPE_CHECKING:
    from .game import Game


def beach_nation(g: "Game", beach: str) -> str:
    return g.data.map.beach(beach).nation


def allied_sources(g: "Game", nation: str, without: str | None = None) -> list[Hex]:
    """Intact beachhead markers and in-supply depots of ``nation`` (as they would be without depot ``without``)."""
    rng = g.data.rules.supply.range
    sources = [b.marker for b in g.data.map.beaches
               if b.nation == nation and g.state.beaches[b.name].marker_intact]
    depots = [position_of(u) for u in g.units(Side.ALLIED, ASHORE, combat=False)
              if g.spec(u.id).nation == nation and u.id != without]
    # chain depots outward from the markers, the supply range at a time
    grew = True
    while grew and depots:
        grew = False
        for d in list(depots):
            if any(distance(d, s) <= rng for s in sources):
                sources.append(d)
                depots.remove(d)
                grew = True
    return sources


def source_distance(hex_: Hex, sources: Iterable[Hex]) -> int | None:
    """How many positions ``hex_`` is from the nearest of ``sources`` (None if there are none)."""
    return min((distance(hex_, s) for s in sources), default=None)


def within_supply_range(g: "Game", hex_: Hex, sources: Iterable[Hex]) -> bool:
    """Whether an Allied unit at ``hex_`` would be in supply from one of ``sources``."""
    rng = g.data.rules.supply.range
    return any(distance(hex_, s) <= rng for s in sources)


def traced_on(g: "Game", turn: int) -> bool:
    """Whether Allied supply lines are traced at the start of turn index ``turn`` (before that every
    unit is in supply)."""
    return turn >= g.turn_of(g.data.rules.supply.first_trace_turn)


def allied_out_of_supply(g: "Game") -> list[str]:
    """The Allied units ashore that cannot trace supply now (nothing is changed)."""
    sources = {n: allied_sources(g, n) for n in ("US", "BC")}
    return [u.id for u in g.units(Side.ALLIED, ASHORE)
            if not within_supply_range(g, position_of(u), sources[g.spec(u.id).nation])]


def trace_allied(g: "Game") -> list[str]:
    """Set every Allied unit's in_supply flag; returns the ids of units out of supply."""
    out = allied_out_of_supply(g)
    cut = set(out)
    for u in g.records(Side.ALLIED, status=None):
        if u.status in (AFLOAT, ASHORE):
            u.in_supply = u.id not in cut
    return out


def german_supplied_positions(g: "Game", standing: Hex | None = None, leaving: Hex | None = None) -> set[Hex]:
    """Every land position from which a German unit could trace supply; with ``standing``, as if a German unit
    stood there too (a position next to the Allies, in their zone of control, carries supply once a German unit
    holds it), and ``leaving``, as if the unit on it had gone (it carried supply only while it stood there): a
    move's destination is judged so, with the unit moved."""
    m = g.data.map
    grid = m.grid
    allied_zoc = g.zoc(Side.ALLIED)

    def passable(h: Hex) -> bool:
        if not m.is_land(h):
            return False
        if h == standing:
            return True
        if h == leaving:
            return h not in allied_zoc
        occupant = g.occupant(h)
        if occupant is not None:
            return g.side_of(occupant) == Side.GERMAN
        return h not in allied_zoc

    starts = [h for h in grid.positions() if (h[1] == grid.rows - 1 or h[0] == grid.cols - 1) and passable(h)]
    for town in g.data.rules.german_supply.fortress_sources:
        h = m.towns[town]
        occupant = None if h == leaving else g.occupant(h)
        if h == standing or (occupant is not None and g.side_of(occupant) == Side.GERMAN):
            starts.append(h)
    seen = set(starts)
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        for n in grid.neighbours(h):
            if n not in seen and passable(n):
                seen.add(n)
                queue.append(n)
    return seen


def german_out_of_supply(g: "Game") -> list[str]:
    """The German units ashore that cannot trace supply now (nothing is changed): those the next trace cuts off
    if nothing moves."""
    reachable = german_supplied_positions(g)
    return [u.id for u in g.records(Side.GERMAN, ASHORE) if u.position not in reachable]


def german_cut_off_at(g: "Game", uid: str, hex_: Hex) -> bool:
    """Whether German unit ``uid`` moved to ``hex_`` could not trace supply there, as things stand now (the unit
    moved: its own position left empty, the zone of control at ``hex_`` no bar while it stands there)."""
    return hex_ not in german_supplied_positions(g, standing=hex_, leaving=g.unit(uid).position)


def trace_german(g: "Game") -> list[str]:
    out = german_out_of_supply(g)
    cut = set(out)
    for u in g.records(Side.GERMAN, ASHORE):
        u.in_supply = u.id not in cut
    return out


def trace(g: "Game") -> tuple[list[str], list[str]]:
    """Trace both sides' supply (Allied only from the first trace turn)."""
    if traced_on(g, g.state.turn):
        allied = trace_allied(g)
    else:
        for u in g.records(Side.ALLIED, status=None):
            u.in_supply = True
        allied = []
    return allied, trace_german(g)


def supplied_positions(g: "Game", nation: str) -> set[Hex]:
    """Every position within supply range of ``nation``'s markers and in-supply depots (for an overlay)."""
    rng = g.data.rules.supply.range
    out: set[Hex] = set()
    for source in allied_sources(g, nation):
        out.update(g.data.map.grid.within(source, rng))
    return out
