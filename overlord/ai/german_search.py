"""The computer German ("ai"): Rommel choosing each turn's posture by playing the candidates out.

At the first German prompt of each turn it takes a handful of postures (ways
of fighting the turn: hold the line, bar the way south, counter-attack the
deepest penetration, strike the beaches, defend in depth), and plays each out
on copies of the game (``Game.clone``, reseeded from the player's own
generator, so the dice it cannot know are its own guesses) through its own
movement and combat and the Allied turn that answers it, once for each model
of the Allied side (the June 6 plan, and a plan that presses for the
continent side). Each copy is valued at the end by the score so far plus a
projection of the points both sides would go on scoring from where the units
stand (Allied objectives and continent side, German ocean side, the final
objective points); the posture with the best mean is played for the turn.

The search is bounded by engine actions, not by the clock, so that the same
seed gives the same game on any machine: it stops when the budget is spent
and plays the best posture it has finished weighing (anytime; with nothing
weighed it holds the line). Every answer comes from the posture player, which
answers every prompt; an answer that is not legal (a prompt no posture knows)
is replaced by the prompt's default or the first legal action.
"""

from __future__ import annotations

import random
from functools import partial

from ..engine import view
from ..engine.view import position_of
from ..engine.actions import Action, Answer, EndPhase
from ..engine.enums import Phase, Side
from ..engine.game import Game
from ..engine.hexgrid import Hex, distance
from . import board
from .allied import AlliedPlayer
from .allied_adversaries import AdversaryAllied
from .german import GermanPlayer
from .german_adversaries import BeachRush, Turtle


class BarTheSouth(GermanPlayer):
    """Shift the line south: every unit into the ring in front of the Allied units and onto the naval-range
    line before them, so that no Allied unit walks across to the continent side (rows 9-11 score for it)."""

    line_need = (12.0, 2.0)
    deny_south = 8.0


class CounterAttack(GermanPlayer):
    """The panzer reserve hits the deepest penetration: a unit on the continent side counts as exposed, blows
    are struck at lower odds, and the infantry joins the strikes as keenly as the panzers."""

    blow_min_odds = (2.0, 1.6, 1.2)
    hunt_penetration = True
    strike_infantry = 1.0


class StrikeBeaches(BeachRush):
    """Every unit for the beachhead markers while one stands (the beach-rush script), but a unit standing in an
    objective on the continent side (St-Lo) stays while the Allies are closing on it: a rush that leaves it
    empty hands the Allies the objective's points and the continent side's, unfought, for one unit more at a
    beach it would reach late."""

    def garrisons(self, g: Game) -> dict[str, Hex]:
        if not self._beaches(g):
            return super().garrisons(g)
        m = g.data.map
        allied = [position_of(g.unit(a)) for a in board.combat_units(g, Side.ALLIED)]
        held = {}
        for hexes in m.objectives.values():
            for h in hexes:
                occupant = g.occupant(h)
                if (occupant is not None and g.side_of(occupant) == Side.GERMAN and m.naval_side[h] == "c"
                        and any(distance(p, h) <= CLOSING for p in allied)):
                    held[occupant] = h
        return held


POSTURES: dict[str, type[GermanPlayer | Turtle]] = {
    "bar-the-south": BarTheSouth,
    "counter-attack": CounterAttack,
    "strike-beaches": StrikeBeaches,  # every unit for the beachhead markers while one stands, the garrisons kept
    "depth": Turtle,  # objectives, then the best ocean-side ground, never attacking
}
HOLD = GermanPlayer  # the classic German (garrisons, the main line, blows at exposed units): played with nothing
# weighed; as a posture of the search it was chosen in one turn of twenty and cost a fifth of the time
# the Allied sides the German imagines answering him: the June 6 plan and a drive for the continent side
REPLIES = {"historical": partial(AlliedPlayer, plan="historical"),
           "southern-drive": partial(AdversaryAllied, plan="southern-drive")}
BUDGET = 12_000  # engine actions a turn's search may play out (about a tenth of a second per thousand)
PROJECTION = 0.5  # how much of the points scored from the standing position count, a turn, for the turns left
FINAL_SHARE = 0.5  # of the final points of the objectives the Allies stand on
STRIKE_UNTIL = 99  # the turn from which the beaches are no longer struck
MODEL_LEAD = 2 / 3  # a model that has missed by this share of the others' misses (or less) is the one used
MARKER = 8.0  # a beachhead marker still standing, for each turn left (the landings and supply it carries)
CLOSING = 4  # positions: Allied units this near an objective are closing on it (its garrison stays)


class SearchGerman:
    """The computer German ("ai"): a posture a turn, chosen by playing them out."""

    name = "ai"
    sides = (Side.GERMAN,)

    def __init__(self, side: str = Side.GERMAN, seed: int = 0, postures: dict | None = None,
                 replies: dict | None = None, budget: int = BUDGET) -> None:
        self.side = side
        self.seed = seed
        self.chance = random.Random(f"german-search-{seed}")  # its own generator, never the game's
        self.postures = POSTURES if postures is None else postures
        self.replies = REPLIES if replies is None else replies
        self.budget = budget
        self.posture = "hold"
        self.player: GermanPlayer | Turtle = GermanPlayer(side, seed)
        self.decided: int | None = None  # the turn whose posture is chosen
        # how far each Allied model's guess of the Allied units' positions has been from where they went
        self.misses = dict.fromkeys(self.replies, 0.0)
        self._guesses: dict[str, dict[str, tuple]] = {}  # model -> unit -> where it put it, for the posture played
        self.log: list[tuple[str, str, dict[str, float]]] = []  # (turn, posture, mean value of each)

    def choose(self, g: Game) -> Action:
        if g.phase in (Phase.GERMAN_MOVEMENT, Phase.GERMAN_COMBAT) and self.decided != g.turn:
            self.decided = g.turn
            self.decide(g)
        return answer(self.player, g)

    # ------------------------------------------------------------------ the search
    def decide(self, g: Game) -> None:
        """Weigh every posture against the Allied models that foretell the Allies best; play the best."""
        self.score_guesses(g)
        models = self.likely_models()
        spent = 0
        totals: dict[str, list[float]] = {}
        guesses: dict[str, dict[str, dict]] = {}
        seeds = [self.chance.randrange(2**31) for _ in models]  # the same dice for every posture
        for name in self.postures:
            if name == "strike-beaches" and (g.turn >= STRIKE_UNTIL
                                             or not any(b.marker_intact for b in g.beaches.values())):
                continue  # the beaches are struck while the Allies are weak; with no marker left it is "depth"
            values = []
            for reply, dice in zip(models, seeds):
                value, used, copy = self.rollout(g, name, self.replies[reply], dice, self.budget - spent)
                spent += used
                if value is None:
                    break
                values.append(value)
                guesses.setdefault(name, {})[reply] = {u.id: position_of(u) for u in copy.units(Side.ALLIED)}
            if len(values) == len(models):
                totals[name] = values
            if spent >= self.budget:
                break
        means = {name: sum(v) / len(v) for name, v in totals.items()}
        self.posture = min(means, key=lambda n: (means[n], n)) if means else "hold"
        self.player = self.postures.get(self.posture, HOLD)(self.side, self.seed)
        self._guesses = guesses.get(self.posture, {})
        self.log.append((g.turn_label, self.posture, {n: round(v, 1) for n, v in means.items()}))

    def score_guesses(self, g: Game) -> None:
        """Add to each model's misses how far its guess of last turn put the Allied units from where they are."""
        for reply, guess in self._guesses.items():
            for u in g.units(Side.ALLIED):
                if u.id in guess:
                    self.misses[reply] += distance(position_of(u), guess[u.id])
        self._guesses = {}

    def likely_models(self) -> list[str]:
        """Every model until one has missed by a third less than the others over the turns seen; then that one
        (it halves the search, and the German plays against the Allies he sees)."""
        best = min(self.misses, key=lambda r: (self.misses[r], r))
        others = [m for r, m in self.misses.items() if r != best]
        if others and self.misses[best] < MODEL_LEAD * min(others):
            return [best]
        return list(self.replies)

    def rollout(self, g: Game, posture: str, model, dice: int, budget: int) -> tuple[float | None, int, Game]:
        """Play ``posture`` and the Allied ``model`` on a copy of the game until the German's next turn;
        the copy's value (Allied points, lower is better for the German) and the actions it took (None when
        the budget ran out first)."""
        copy = g.clone(reseed=dice)
        players = {Side.GERMAN: self.postures[posture](self.side, dice), Side.ALLIED: model(Side.ALLIED, dice)}
        turn, used = g.turn, 0
        while not copy.over and not (copy.turn > turn and copy.phase in (Phase.GERMAN_MOVEMENT, Phase.GERMAN_COMBAT)):
            if used >= budget:
                return None, used, copy
            copy.apply(answer(players[copy.prompt.side], copy))
            used += 1
        return value(copy), used, copy


def value(g: Game) -> float:
    """The Allied score so far and what the standing position promises for the turns left."""
    total = view.score(g)
    if g.over:
        return total
    points = view.turn_points(g)
    per_turn = points["objectives"] + points["continent_side"] - points["ocean_side"]
    left = g.last_turn - g.turn + 1
    total += PROJECTION * per_turn * left
    total += MARKER * left * sum(b.marker_intact for b in g.beaches.values())
    vp = g.data.charts.victory_points.objectives
    for name, hexes in g.data.map.objectives.items():
        for h in hexes:
            uid = g.occupant(h)
            if uid is not None and g.side_of(uid) == Side.ALLIED:
                total += FINAL_SHARE * vp[name].final
    return total


def answer(player, g: Game) -> Action:
    """``player``'s answer when it is legal; otherwise, or when the player cannot answer at all (a prompt
    of a rule it was not written for, a board it never expected), the fallback."""
    try:
        action = player.choose(g)
    except (ArithmeticError, AttributeError, KeyError, LookupError, TypeError, ValueError):
        return fallback(g)
    return action if g.is_legal(action) else fallback(g)


def fallback(g: Game) -> Action:
    """An answer to a prompt no posture knows: its default, or ending the phase, or the first legal action."""
    p = g.prompt
    legal = g.legal_actions()
    default = getattr(p, "default", None)
    if default is not None and Answer(default) in legal:
        return Answer(default)
    return EndPhase() if EndPhase() in legal else legal[0]
