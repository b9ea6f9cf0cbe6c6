"""Allied adversaries: plans a clever human would try, built to beat the computer German.

They are not handicaps but real plans, each the computer Allied (AlliedPlayer)
with its own drives, beaches and a few weights:

- ``southern-drive`` reads the Victory Points chart: it ignores Cherbourg and
  Caen and drives every division south across the naval-range line to rows
  9-11, where each Allied unit scores CP / 60 x its row every turn: the Utah
  divisions by Carentan and Periers to Coutances, the Omaha divisions by
  Trevieres to St-Lo, Caumont and Torigni, the British by Tilly to
  Villers-Bocage and Aunay and across the Caen plain south of the city. The
  depots walk in the drive's wake so the mass stays supplied, and it attacks
  only at good odds.
- ``single-beach`` lands every formation at Omaha and Gold, side by side, and
  breaks out south from one compact lodgement.
- ``armoured-raid`` sends the armoured divisions and the cavalry to the German
  reinforcement roads (data/map.toml [entry]) to block arrivals and the German
  supply to the map edges, while the infantry hold the lodgement and take
  the objectives.
- ``firepower`` attacks everything at every chance, at the highest levels the
  units can bear, with all the air and naval points, and allocates transport
  weighted to combat supply.

They exist to find the computer German's weaknesses (benchmarks/adversaries.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import supply
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from ..engine.state import ASHORE
from . import board
from .allied import AlliedPlayer


@dataclass(frozen=True)
class Plan:
    """What makes one adversary: drives, beaches and a few weights."""

    goals: dict  # unit -> the places (names, or (col, row)) it drives through, in order
    landings: dict  # D-Day formation -> its beach
    beaches: tuple[str, ...] = ()  # the only beaches later formations land at (any nation's); () = AlliedPlayer's
    continent_weight: float = 0.05  # the continent-side points (CP / 60 x row) of a position, when moving
    drop_zones: dict = field(default_factory=dict)  # airborne division -> its zone (col, row), if not the planners'
    stacked_depots: bool = True  # depots stand under combat units that have finished moving (no German can enter)


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
JUNE_6 = {
    "us-4-inf": "Utah", "us-4-cav": "Utah", "us-1-inf": "Omaha", "us-29-inf": "Omaha", "us-rangers": "Omaha",
    "bc-50-inf": "Gold", "bc-8-armbde": "Gold", "bc-3cdn-inf": "Juno", "bc-2cdn-armbde": "Juno",
    "bc-4-cdo": "Juno", "bc-3-inf": "Sword", "bc-27-armbde": "Sword", "bc-1-cdo": "Sword",
}

ADVERSARY_PLANS = {
    "southern-drive": Plan(goals=SOUTH, landings=JUNE_6, continent_weight=0.6),
}


class AdversaryAllied(AlliedPlayer):
    """The computer Allied playing one of the ADVERSARY_PLANS."""

    def __init__(self, side: str = Side.ALLIED, seed: int = 0, plan: str = "southern-drive") -> None:
        if plan not in ADVERSARY_PLANS:
            raise ValueError(f"unknown Allied adversary {plan!r}")
        self.design = ADVERSARY_PLANS[plan]
        super().__init__(side, seed, plan=plan, goals=self.design.goals, landings=self.design.landings)
        self.continent_weight = self.design.continent_weight

    def landing_beaches(self, g: Game, uid: str) -> list:
        if not self.design.beaches:
            return super().landing_beaches(g, uid)
        return [b for b in g.data.map.beaches if b.name in self.design.beaches and g.state.beaches[b.name].marker_intact]


    def plan_depot(self, g: Game, uid: str) -> list[Hex]:
        """A depot waits for the first cycle's moves, then stands under a combat unit that has finished
        moving (a German unit cannot enter it there), where it puts the most stranded units back in supply
        while staying in supply itself; with nowhere to stack it keeps clear of the German."""
        if not self.design.stacked_depots:
            return super().plan_depot(g, uid)
        if g.prompt.cycle == 1:
            return []
        spec = g.spec(uid)
        rng = g.data.rules.supply.range
        best = board.reach(g, uid)
        others = _chain(g, spec.nation, without=uid)
        # the depots whose supply runs through this one: wherever it goes, it must stay in their reach
        dependents = [s for s in supply.allied_sources(g, spec.nation) if s not in others and s != g.unit(uid).position]
        units = [u for u in g.units(Side.ALLIED, ASHORE, combat=True) if g.spec(u.id).nation == spec.nation]
        stranded = [u for u in units if not any(distance(u.position, s) <= rng for s in others)]
        german = [g.unit(e).position for e in board.combat_units(g, Side.GERMAN)]
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
            rescued = sum(u.cp for u in stranded if distance(u.position, h) <= rng)
            scored.append((0.08 * rescued - 0.3 * fld.get(h, 60.0) + (3.0 if stacked else 0.0) - 0.05 * cost, h))
        if not scored:
            return []
        return board.path_to(best, max(scored)[1])


def _chain(g: Game, nation: str, without: str) -> list[Hex]:
    """The nation's supply sources (intact markers, depots chained to them) if depot ``without`` were gone."""
    rng = g.data.rules.supply.range
    sources = [b.marker for b in g.data.map.beaches if b.nation == nation and g.state.beaches[b.name].marker_intact]
    depots = [u.position for u in g.units(Side.ALLIED, ASHORE, combat=False)
              if u.id != without and g.spec(u.id).nation == nation]
    grew = True
    while grew:
        grew = False
        for d in list(depots):
            if any(distance(d, s) <= rng for s in sources):
                sources.append(d)
                depots.remove(d)
                grew = True
    return sources
