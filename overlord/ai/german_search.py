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
from ..engine.actions import Action, Answer, EndPhase
from ..engine.enums import Phase, Side
from ..engine.game import Game
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


POSTURES = {
    "hold": GermanPlayer,  # the classic German: garrisons, the main line, blows at exposed units
    "bar-the-south": BarTheSouth,
    "counter-attack": CounterAttack,
    "strike-beaches": BeachRush,  # every unit for the beachhead markers while one stands
    "depth": Turtle,  # objectives, then the best ocean-side ground, never attacking
}
# the Allied sides the German imagines answering him: the June 6 plan and a drive for the continent side
REPLIES = {"historical": partial(AlliedPlayer, plan="historical"),
           "southern-drive": partial(AdversaryAllied, plan="southern-drive")}
BUDGET = 12_000  # engine actions a turn's search may play out (about a tenth of a second per thousand)
PROJECTION = 0.5  # how much of the points scored from the standing position count, a turn, for the turns left
FINAL_SHARE = 0.5  # of the final points of the objectives the Allies stand on


class SearchGerman:
    """The computer German ("ai"): a posture a turn, chosen by playing them out."""

    name = "ai"
    sides = (Side.GERMAN,)

    def __init__(self, side: str = Side.GERMAN, seed: int = 0, postures: dict | None = None,
                 replies: dict | None = None, budget: int = BUDGET) -> None:
        self.side = side
        self.seed = seed
        self.rng = random.Random(f"german-search-{seed}")  # its own generator, never the game's
        self.postures = POSTURES if postures is None else postures
        self.replies = REPLIES if replies is None else replies
        self.budget = budget
        self.posture = "hold"
        self.player = GermanPlayer(side, seed)
        self.decided: int | None = None  # the turn whose posture is chosen
        self.log: list[tuple[str, str, dict[str, float]]] = []  # (turn, posture, mean value of each)

    def choose(self, g: Game) -> Action:
        if g.phase in (Phase.GERMAN_MOVEMENT, Phase.GERMAN_COMBAT) and self.decided != g.turn:
            self.decided = g.turn
            self.decide(g)
        action = self.player.choose(g)
        if g.is_legal(action):
            return action
        return fallback(g)

    # ------------------------------------------------------------------ the search
    def decide(self, g: Game) -> None:
        """Weigh every posture against every Allied reply; play the best for this turn."""
        spent = 0
        totals: dict[str, list[float]] = {}
        seeds = [self.rng.randrange(2**31) for _ in self.replies]  # the same dice for every posture
        for name in self.postures:
            values = []
            for (reply, model), dice in zip(self.replies.items(), seeds):
                value, used = self.rollout(g, name, model, dice, self.budget - spent)
                spent += used
                if value is None:
                    break
                values.append(value)
            if len(values) == len(self.replies):
                totals[name] = values
            if spent >= self.budget:
                break
        means = {name: sum(v) / len(v) for name, v in totals.items()}
        self.posture = min(means, key=lambda n: (means[n], n)) if means else "hold"
        self.player = self.postures[self.posture](self.side, self.seed)
        self.log.append((g.turn_label, self.posture, {n: round(v, 1) for n, v in means.items()}))

    def rollout(self, g: Game, posture: str, model, dice: int, budget: int) -> tuple[float | None, int]:
        """Play ``posture`` and the Allied ``model`` on a copy of the game until the German's next turn;
        the copy's value (Allied points, lower is better for the German) and the actions it took (None when
        the budget ran out first)."""
        copy = g.clone(reseed=dice)
        players = {Side.GERMAN: self.postures[posture](self.side, dice), Side.ALLIED: model(Side.ALLIED, dice)}
        turn, used = g.turn, 0
        while not copy.over and not (copy.turn > turn and copy.phase in (Phase.GERMAN_MOVEMENT, Phase.GERMAN_COMBAT)):
            if used >= budget:
                return None, used
            side = copy.prompt.side
            action = players[side].choose(copy)
            if not copy.is_legal(action):
                action = fallback(copy)
            copy.apply(action)
            used += 1
        return value(copy), used


def value(g: Game) -> float:
    """The Allied score so far and what the standing position promises for the turns left."""
    total = view.score(g)
    if g.over:
        return total
    points = view.turn_points(g)
    per_turn = points["objectives"] + points["continent_side"] - points["ocean_side"]
    left = g.last_turn - g.turn + 1
    total += PROJECTION * per_turn * left
    vp = g.data.charts.victory_points["objectives"]
    for name, hexes in g.data.map.objectives.items():
        for h in hexes:
            uid = g.occupant(h)
            if uid is not None and g.side_of(uid) == Side.ALLIED:
                total += FINAL_SHARE * vp[name]["final"]
    return total


def fallback(g: Game) -> Action:
    """An answer to a prompt no posture knows: its default, or ending the phase, or the first legal action."""
    p = g.prompt
    legal = g.legal_actions()
    default = getattr(p, "default", None)
    if default is not None and Answer(default) in legal:
        return Answer(default)
    return EndPhase() if EndPhase() in legal else legal[0]
