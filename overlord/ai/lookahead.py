"""The look-ahead toolkit both searching players share: play a copy of the game on, value where it got to,
and weigh the models of the opponent by how well they foretold him.

As OpenSpiel splits a search (its MCTSBot) from the evaluator that values its leaves, the searching German
(german_search.py) and the Allied commander (allied_commander.py) keep only what they search (postures,
plans) and how they choose; the rest is here:

- ``rollout``: players answer on a copy of the game until a moment comes or a budget of engine actions is
  spent (never the clock: the same seed gives the same game on any machine). They answer through
  ``answer``, not ``choose``: a failure inside goes up to the guard of the player the game asked.
- ``Evaluation``: what a position is worth to the Allies (the score; the German wants it low), the score so
  far and a share of what the position promises, with named weights. The formulas are the engine's
  (``view.score``, ``view.turn_points``, ``view.ocean_side_points``, the Victory Points chart).
- ``ModelFit``: a running credit for each model of the opponent, older evidence weighed less.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from ..engine import view
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.records import FrozenRecord, Record
from .player import ComputerPlayer


@attrs.frozen(repr=False, eq=False)
class Rollout(FrozenRecord):
    """Where a rollout stopped: the copy, the engine actions it played, and whether it got where it was going
    (the moment, or the game's end) within its budget."""

    game: Game
    actions: int
    finished: bool


def rollout(game: Game, players: Mapping[Side, ComputerPlayer], until: Callable[[Game], bool], budget: int) -> Rollout:
    """Play ``players`` (by side) on ``game``, a copy the caller made (``Game.clone(reseed=...)``), until
    ``until(game)`` holds or the game ends, for at most ``budget`` engine actions."""
    used = 0
    while not game.over and not until(game):
        if used >= budget:
            return Rollout(game, used, False)
        game.apply(players[game.prompt.side].answer(game))
        used += 1
    return Rollout(game, used, True)


@attrs.frozen(repr=False, eq=False)
class Evaluation(FrozenRecord):
    """What a position is worth to the Allies: the score so far (``view.score``), and shares of what the
    position promises, each with its weight.

    - ``projection``: the share of the points the standing position would score in each turn left (the
      Allied objective and continent-side points less the German ocean-side points, ``view.turn_points``).
      With ``ocean_side_grows`` the German's points of each turn left are the Victory Points chart's for
      that turn (they grow); without, this turn's for every turn left.
    - ``final_share``: the share of the objectives' final points (the chart's) the Allies would score
      standing where they stand: by objective wholly held (``per_position`` False) or by each objective
      position an Allied unit stands on.
    - ``marker``: points for each beachhead marker still standing, for each turn left (the landings and
      supply it carries).
    """

    projection: float
    final_share: float
    ocean_side_grows: bool
    per_position: bool
    marker: float = 0.0  # none, unless said

    def value(self, g: Game) -> float:
        if g.over:
            return view.score(g)
        left = g.last_turn - g.turn + 1
        markers = sum(b.marker_intact for b in g.beaches.values())
        promised = (self.projection * self.points_to_come(g) + self.final_share * self.final_points(g)
                    + self.marker * left * markers)
        return view.score(g) + promised

    def points_to_come(self, g: Game) -> float:
        """The Allied points less the German ones the standing position would score in the turns left."""
        points = view.turn_points(g)
        if not self.ocean_side_grows:
            per_turn = points.objectives + points.continent_side - points.ocean_side
            return per_turn * (g.last_turn - g.turn + 1)
        units = len(view.ocean_side_units(g))
        total = 0.0
        for turn in range(g.turn, g.last_turn + 1):
            total += points.objectives + points.continent_side - view.ocean_side_points(g, turn) * units
        return total

    def final_points(self, g: Game) -> float:
        """The Victory Points chart's final points of the objectives the Allies stand on."""
        m = g.data.map
        vp = g.data.charts.victory_points.objectives
        if not self.per_position:
            return float(sum(len(m.objectives[name]) * vp[name].final
                             for name, holder in view.objective_holders(g).items() if holder == Side.ALLIED))
        held = 0.0
        for name, hexes in m.objectives.items():
            for h in hexes:
                uid = g.occupant(h)
                if uid is not None and g.side_of(uid) == Side.ALLIED:
                    held += vp[name].final
        return held


@attrs.define(repr=False, eq=False)
class ModelFit(Record):
    """How well each model of the opponent has foretold him: a credit per model (higher is better), each new
    piece of evidence added to ``memory`` times the credit so far (1: every piece counts the same)."""

    credit: dict[str, float]
    memory: float = 1.0  # every piece of evidence counts the same, unless said

    @classmethod
    def of(cls, models: list[str], memory: float = 1.0) -> ModelFit:
        return cls(dict.fromkeys(models, 0.0), memory)

    def observe(self, model: str, evidence: float) -> None:
        self.credit[model] = self.memory * self.credit[model] + evidence

    def best(self, prefer: str | None = None) -> str:
        """The model with the most credit (``prefer`` on a tie, else the first)."""
        return max(self.credit, key=lambda n: (self.credit[n], n == prefer))

    def leader(self, lead: float) -> str | None:
        """The best model when the others' misses (less credit) are at least 1/``lead`` of its own, taking
        credit as minus the misses: a model that has missed by ``lead`` of the others' misses, or less."""
        best = self.best()
        others = [c for n, c in self.credit.items() if n != best]
        if others and -self.credit[best] < lead * min(-c for c in others):
            return best
        return None

    def has_evidence(self) -> bool:
        return any(self.credit.values())
