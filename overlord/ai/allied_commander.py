"""The computer Allied ("ai"): a commander who chooses his plan by looking ahead.

He knows several ways to fight the campaign (data/plans.toml [commander.plans]:
the June 6 plan, the southern drive, the counter-attack, the single beach, the
armoured raid), each played by a plan player (allied_plan_player.py). He lands
on D-Day by the file's first plan; at the start of the file's replanning turns
(every turn from 6/6 to 6/28) he plays each plan HORIZON turns ahead on copies
of the game (``Game.clone`` with seeds from his own random generator, never the
game's), against the German he believes he faces, and keeps the one whose
outcome is best (EVALUATION: the score, plus part of what the position would
earn to the end of the game). With German D-Day movement each plan is played
on DRAWS rolls of the dice and is worth its worst.

A general (data/plans.toml [generals]: Montgomery, Bradley) is the same commander choosing among his own
plans only, landing by his own first plan.

The German he believes he faces is the one of his models (GERMAN_MODELS: the
classic computer German and the German scripts) that best predicted the German's
last movement phase: he replays the game's public record to the start of that
phase and lets each model move, counting the units each one put where the
German really did. Until the German has moved he keeps the first plan.

The rollouts, the evaluation and the fit of the German models are the look-ahead
toolkit's (lookahead.py); this module says what is searched and how the plan is
chosen. A failure anywhere in the look ahead is a failure of this player
(player.ComputerPlayer.choose), never hidden.
"""

from __future__ import annotations

import random

import attrs

from ..engine.actions import Action
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.prompts import MovePrompt, QuestionPrompt
from ..engine.view import ASHORE
from .allied_plan_player import PlanPlayer
from .german_classic import GermanPlayer
from .german_scripts import BeachRush, FocusedRush, Turtle
from .lookahead import Evaluation, ModelFit, rollout
from .plans import plans_of
from .player import ComputerPlayer, Maker, Memory

GERMAN_MODELS: dict[str, Maker] = {"classic": GermanPlayer, "turtle": Turtle, "beach-rush": BeachRush,
                                         "focused-rush": FocusedRush}
LIKELIEST = "classic"  # the model believed on a tie
MEMORY = 0.5  # what the credit of the German's earlier phases counts, each phase (recent phases count most)
HORIZON = 2  # turns each look ahead plays
STEADY = 40.0  # another plan must promise this many points more than the present one to replace it
BEACH_FIGHT_GAIN = 2.0  # with German D-Day movement, the least gain his plans attack for (theirs: 4, or 0)
MAX_ACTIONS = 20_000  # a look ahead that has not ended its turns by then is cut short (and valued as it is)
SEEDS = 1 << 30  # the range of the seeds drawn for a look ahead's dice
DRAWS = 2  # with German D-Day movement, rolls of the dice each plan is looked ahead on; it is worth its worst
# What a look ahead is worth: the score, plus half of what the position would earn in the turns left (the Allied
# ground points each turn, less the German ocean-side points, which grow each turn as the chart says) and half
# of the final points of the objectives held (it seldom lasts)
EVALUATION = Evaluation(projection=0.5, final_share=0.5, ocean_side_grows=True, per_position=False)
# His plans and his models of the German, as his advice says them to a player (AlliedCommander.explain)
PLAN_WORDS = {
    "historical": "the June 6 plan: Cherbourg from Utah, St-Lo and Caumont from Omaha, Caen for the British",
    "southern-drive": "drive south for the continent side, where every division scores each turn",
    "counter-attack": "drive south, attacking wherever the exchange of losses is even or better",
    "single-beach": "land everything at Omaha and Gold and break out south between the Vire and the Seulles",
    "armoured-raid": "the June 6 plan, with the armour raiding the German reinforcement roads",
    "caen-methodical": "Caen first: nearly everything on Caen and the roads west of it, attacking only at a clear gain",
}
MODEL_WORDS = {
    "classic": "holds a line and strikes at exposed units",
    "turtle": "defends in depth and never attacks",
    "beach-rush": "sends every unit at the beaches",
    "focused-rush": "rushes the most weakly held beach with everything",
}


class AlliedCommander(ComputerPlayer):
    """The computer Allied ("ai")."""

    sides = (Side.ALLIED,)
    name = "ai"

    def __init__(self, side: str = Side.ALLIED, seed: int = 0, general: str | None = None) -> None:
        super().__init__(side, seed)
        self.own_random = random.Random(seed)  # his own: the look ahead never draws from the game's generator
        self.plans = plans_of()
        # the plans he chooses among: the commander's, or a general's (data/plans.toml [generals])
        chosen = self.plans.generals[general] if general is not None else None
        self.designs = chosen.plans if chosen is not None else self.plans.commander_plans
        self.plan = chosen.first_plan if chosen is not None else self.plans.first_plan
        self.replan_turns = chosen.replan if chosen is not None and chosen.replan else self.plans.replan
        self.players: dict[str, PlanPlayer] = {}  # plan -> its player, made at the first prompt (guarded?)
        self.fit = ModelFit.of(list(GERMAN_MODELS), memory=MEMORY)  # how well each model predicted the German
        self.planned_turn: int | None = None
        self.outlook: dict[str, float] = {}  # the last look ahead: plan -> its value (for the curious)

    def _player(self, g: Game, name: str) -> PlanPlayer:
        """The player of a plan. Every plan of his fights for the beaches (its guard_beaches, in the data). With
        German D-Day movement (a public setting) the plans also attack at a smaller gain (BEACH_FIGHT_GAIN), the
        German being within the fleet's range; without it, that cost more than it saved on the tuning seeds
        (docs/ai.md), and the plans play their static later drives (the whole VII Corps on Cherbourg: the
        German's reserves are days from the beaches, not at them)."""
        design = self.designs[name]
        if g.settings.german_dday_movement:
            design = attrs.evolve(design, min_gain=min(design.min_gain, BEACH_FIGHT_GAIN))
        else:
            design = design.with_static_german()
        return PlanPlayer(plan=name, design=design)

    def answer(self, game: Game) -> Action:
        if not self.players:
            self.players = {name: self._player(game, name) for name in self.designs}
        if self.planned_turn != game.turn and game.turn_label in self.replan_turns:
            self.planned_turn = game.turn
            self.replan(game)
        return self.players[self.plan].answer(game)

    # ------------------------------------------------------------------ advice
    def take_stock(self, game: Game, memory: Memory) -> None:
        """Asked for advice: the plan chosen at the turn's first question, as at a replanning turn (the plan
        he would be playing), kept in ``memory`` for the turn's other questions."""
        if not self.players:
            self.players = {name: self._player(game, name) for name in self.designs}
        self.planned_turn = game.turn
        if game.turn in memory:
            self.plan, self.fit = memory[game.turn]
            return
        self.replan(game)
        memory[game.turn] = (self.plan, self.fit)

    def explain(self, game: Game, action: Action) -> str:
        """What the answer does (his plan player's words), then his plan and the German he expects."""
        said = self.players[self.plan].explain(game, action) if self.players else super().explain(game, action)
        if isinstance(game.prompt, QuestionPrompt):
            return said  # (a set-up question: no plan is chosen yet, and "Plan: drive south" answered nothing asked)
        plan = PLAN_WORDS.get(self.plan, f"the {self.plan} plan")
        design = self.designs.get(self.plan)
        beaches = design.beaches if design is not None else ()
        closed = [b for b in beaches if not game.beaches[b].marker_intact]
        if closed:  # (its words name the beaches it was made for; "Omaha and Gold (Gold closed)" read as landing at
            # a closed beach, found by a helper: it lands at those left)
            still = [b for b in beaches if b not in closed]
            marker = "its marker is" if len(closed) == 1 else "their markers are"
            plan += (f" ({' and '.join(closed)}: {marker} destroyed, so it lands at {' and '.join(still)} alone)"
                     if still else f" ({' and '.join(closed)}: {marker} destroyed, none of its beaches is open)")
        if self.fit.has_evidence():
            german = f"he expects a German who {MODEL_WORDS.get(self.believed_model(), 'plays as before')}"
        else:
            german = "chosen before the German showed his hand"  # (he learns at his next turn: "has not shown his
            # hand yet" was still said in the German's combat, after the German had moved and attacked)
        return f"{said}\nPlan: {plan}; {german}."

    # ------------------------------------------------------------------ choosing a plan
    def replan(self, g: Game) -> None:
        """Look ahead with every plan against the German he believes he faces; keep the best."""
        self.learn(g)
        if not self.fit.has_evidence():
            return  # the German has not moved yet: nothing to go on
        model = self.believed_model()
        # the same seeds for every plan (the plans meet the same luck). With German D-Day movement (a public setting)
        # each plan is judged by its worse of DRAWS rolls of the dice: against a German at the beaches from D-Day, a
        # plan that wins big on one roll and is bottled up on the next is not taken (docs/ai.md, the fourteenth
        # attempt); without it one roll: two did no better there, for twice the thought
        draws = DRAWS if g.settings.german_dday_movement else 1
        seeds = [self.own_random.randrange(SEEDS) for _ in range(draws)]
        values = {name: min(self.look_ahead(g, name, model, seed) for seed in seeds) for name in self.designs}
        self.outlook = values
        best = max(values, key=lambda n: (values[n], n == self.plan))
        if values[best] > values.get(self.plan, float("-inf")) + STEADY:
            self.plan = best

    def believed_model(self) -> str:
        """The model that predicted the German best (the classic German on a tie)."""
        return self.fit.best(prefer=LIKELIEST)

    def look_ahead(self, g: Game, plan: str, model: str, seed: int) -> float:
        """Play ``plan`` against ``model`` for HORIZON turns on a copy of the game; what it is worth then."""
        stop = g.turn + HORIZON
        players: dict[Side, ComputerPlayer] = {Side.ALLIED: self._player(g, plan),
                                               Side.GERMAN: GERMAN_MODELS[model](Side.GERMAN, seed)}
        played = rollout(g.clone(reseed=seed), players, lambda copy: copy.turn >= stop, MAX_ACTIONS)
        return EVALUATION.value(played.game)

    # ------------------------------------------------------------------ reading the German
    def learn(self, g: Game) -> None:
        """Credit each model with the share of German units it would have moved where the German did
        in his last movement phase (found by replaying the game's public record of actions)."""
        before, after = last_german_movement(g)
        if before is None or after is None:
            return
        real = {u.id: u.position for u in after.units(Side.GERMAN, ASHORE, combat=True)}
        if not real:
            return
        seed = self.own_random.randrange(SEEDS)
        for name, model in GERMAN_MODELS.items():
            twin = before.clone(reseed=seed)
            player = model(Side.GERMAN, seed)
            rollout(twin, {Side.GERMAN: player}, lambda copy: not german_moving(copy), MAX_ACTIONS)
            same = sum(1 for uid, h in real.items() if twin.unit(uid).position == h)
            self.fit.observe(name, same / len(real))


def german_moving(g: Game) -> bool:
    p = g.prompt
    return isinstance(p, MovePrompt) and p.side == Side.GERMAN


def last_german_movement(g: Game) -> tuple[Game | None, Game | None]:
    """The game at the start and at the end of the German's last movement phase, replayed from the
    game's public record (its settings, seed and actions); (None, None) before he has moved, and for a game
    its record does not give (one set up or changed by hand, as the tests do)."""
    replay = Game.new(g.initial_settings, g.seed, g.data)
    before = after = None
    moving = False
    for action in g.actions:
        now = german_moving(replay)
        if now and not moving:
            before, after = replay.clone(), None
        elif moving and not now:
            after = replay.clone()
        moving = now
        if not replay.is_legal(action):
            return None, None  # the record does not give this game
        replay.apply(action)
    if replay.state_hash() != g.state_hash():
        return None, None
    if before is not None and after is None:
        after = replay  # still moving: the phase so far
    return before, after
