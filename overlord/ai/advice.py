"""Advice: what a computer player would answer to the question a side is asked, and why (the hint key of the
game, ``overlord advise``).

``advise(game, player)`` asks a player made for the question (``make_player(player, side, game.seed)``, its
own generator seeded as the computer opponent's are) on a copy of the game as the asking side sees it
(``advisor_view``), so that asking changes nothing: not the game, not its generator, not the computer
opponent (a player of the other side, never asked). The player decides what it decides at the start of its
turn (the commander's plan, the German's posture) and answers (``ComputerPlayer.advise``); its reason is a
line or two in the game's words (``ComputerPlayer.explain``).

The side asking sees what the 1981 screen shows, and no more: in a fight, the other side's level and
support are not known until the result (``overlord.engine.prompts``: the defender is never told the attack
level). So where the other side has already answered such a question in the fight being asked about, the
view is the game replayed from its record with those answers replaced by a neutral one (no support, the
middle level): the advice cannot depend on them, nor show them.
"""

from __future__ import annotations

import copy

import attrs

from ..engine.actions import Action, Answer, ChooseStrategy, EndPhase, FinishUnit, Support
from ..engine.enums import Phase
from ..engine.game import Game, IllegalAction
from ..engine.prompts import DefenderPrompt, DropZonePrompt, MovePrompt, Prompt, StrategyPrompt, SupportPrompt
from ..engine.records import FrozenRecord
from .. import words
from .explain import describe, place
from .explain import name as unit_name  # (advise's own "name" is the player's)
from .player import MIDDLE_LEVEL, ComputerPlayer, Memory
from .registry import DEFAULT_PLAYERS, make_player

SIDES = ("allied", "german")
GERMAN_PHASES = (Phase.GERMAN_MOVEMENT, Phase.GERMAN_COMBAT)  # the German's part of a turn
LOOK_FOR_A_MOVE = 400  # answers played on to see whether the player moves anything more this phase


class AdviceMemory(dict[tuple[str, str], Memory]):
    """What each player asked for advice decided each turn, by (player, side) (ComputerPlayer.advise); and the
    player that gave the last hint, while its hints are taken one after another (``follow``): it then goes on
    with the moves it planned this phase (a unit's path, the positions it meant for the others, the movement
    cycles with nothing moved that end the phase), where a player made afresh for each question would plan each
    step again from where the unit stands, and might send it back the way it came."""

    def __init__(self) -> None:
        super().__init__()
        self.last: tuple[str, str, ComputerPlayer, int, Action] | None = None  # (player, side, it, actions, hint)

    def follow(self, name: str, side: str, game: Game) -> ComputerPlayer | None:
        """The player whose hint was the game's last action, taken just now; None otherwise."""
        if self.last is None:
            return None
        player_name, player_side, player, played, hinted = self.last
        taken = len(game.actions) == played + 1 and game.actions[-1] == hinted
        return player if (player_name, player_side) == (name, side) and taken else None

    def gave(self, name: str, side: str, player: ComputerPlayer, game: Game, action: Action) -> None:
        self.last = (name, side, player, len(game.actions), action)


class NoAdvice(ValueError):
    """No advice can be given here (the game is over, or the position cannot be seen from one side)."""


@attrs.frozen(repr=False, eq=False)
class Advice(FrozenRecord):
    """A computer player's answer to the question a side is asked, and why."""

    side: str  # the side asked
    turn: str  # the turn's label
    phase: str
    prompt: str  # the kind of question (its class name)
    player: str  # the computer player asked (its name in the registry)
    action: Action
    reason: str  # a line or two for the player


def advisor_player(side: str) -> str:
    """The player asked for advice by default: the computer player the game uses for the side."""
    return DEFAULT_PLAYERS[side]


def advise(game: Game, player: str | None = None, memory: AdviceMemory | None = None) -> Advice:
    """What ``player`` (a name of the registry; by default the game's computer player of the side asked) would
    answer to ``game.prompt``, and why. Changes nothing in ``game``. NoAdvice when no side is asked.

    ``memory``: a dict the caller keeps between the questions of one game (the game's screen does), in which
    the player asked keeps what it decided at each turn's first question (the commander's plan, the German's
    posture), so that one turn's advice follows one plan; without it each question is taken afresh."""
    p = game.prompt
    side = str(p.side)
    if game.over or side not in SIDES:
        raise NoAdvice("the game is over: there is no question to advise on")
    name = advisor_player(side) if player is None else player
    following = memory.follow(name, side, game) if isinstance(memory, AdviceMemory) else None
    advisor = following or make_player(name, side, game.seed)
    seen = advisor_view(game)
    if isinstance(advisor, ComputerPlayer):
        kept = memory.setdefault((name, side), {}) if memory is not None else {}
        # the turn's decision, taken where the player would have taken it: the same whenever it is first asked
        start = decision_point(game, side) if following is None and game.turn not in kept else None
        if start is not None and advisor.remembers_turns:
            remember_earlier_turns(game, name, side, kept)  # (the same advice in play, after a load, or from a save)
        if following is None:  # (the phase's earlier questions, as if each hint had been asked and taken)
            advisor, start = caught_up(game, name, side, kept, start) or (advisor, start)
        action, reason = advisor.advise(seen, kept, start=start)
        if advisor.failures:  # it answered safely for a fault of its own: that is no advice
            raise NoAdvice(f"the computer {side} could not decide ({advisor.failures[-1].error})")
        if passes(seen.prompt, action) and nothing_more_this_phase(seen, advisor, action):
            action = EndPhase()  # one hint for the phase's end, not "finish" or "no" for each unit left in turn
            reason = advisor.explain(seen, action)  # (with his plan or posture, as his other hints)
        wanted = zone_wanted(seen, advisor) if isinstance(seen.prompt, DropZonePrompt) and action == Answer("N") \
            else None
        if wanted is not None:
            reason = "\n".join([wanted, *reason.split("\n")[1:]])
        if isinstance(memory, AdviceMemory):
            memory.gave(name, side, advisor, game, action)
    else:  # a player of the protocol only: its answer, in the game's words
        action = advisor.choose(seen)
        reason = describe(seen, action)
    if not game.is_legal(action):
        raise NoAdvice(f"the computer {side} answered {action!r}, which is not legal here")
    return Advice(side, game.turn_label, str(game.phase), p.kind, name, action, reason)


def passes(prompt: Prompt, action: Action) -> bool:
    """Whether ``action`` lets a unit be, where the phase could end instead (E): a unit finished in the movement, a
    defender not attacked in the combat."""
    return isinstance(prompt, MovePrompt) and isinstance(action, FinishUnit) or \
        isinstance(prompt, DefenderPrompt) and action == Answer("N")


def nothing_more_this_phase(game: Game, player: ComputerPlayer, action: Action) -> bool:
    """Whether, after ``action``, ``player`` would do nothing more this phase: finish each unit left (and end the
    phase after a cycle with nothing moved), or attack none of the defenders left (in this pass or the next).
    Played on copies of both: nothing changes."""
    played, player = game.clone(), copy.deepcopy(player)
    side, phase, kind = game.prompt.side, game.phase, type(game.prompt)
    for _ in range(LOOK_FOR_A_MOVE):
        played.apply(action)
        if played.over or played.phase != phase:
            return True
        if not isinstance(played.prompt, kind) or played.prompt.side != side:
            return False  # (a landing's fight, say: the phase goes on with other questions)
        action = player.choose(played)
        if isinstance(action, EndPhase):
            return True
        if not passes(played.prompt, action):
            return False  # a move, an attack
    return False


def zone_wanted(game: Game, player: ComputerPlayer) -> str | None:
    """Where ``player``, who passes the zone offered, would drop the division: the zones offered after it (N) played
    on copies until it takes one (None if it takes none). "Not here" alone sent the player through every zone, a
    hint at each."""
    p = game.prompt
    assert isinstance(p, DropZonePrompt)
    played, player = game.clone(), copy.deepcopy(player)
    for on in range(1, p.candidates + 1):
        played.apply(Answer("N"))
        q = played.prompt
        if not isinstance(q, DropZonePrompt) or q.unit != p.unit:
            break
        if player.choose(played) == Answer("Y"):  # (U shows the next zone: it read as dropping the division there)
            return (f"Not here: drop {unit_name(game, p.unit)} at {place(game, q.zone)}, zone {q.candidate + 1} of "
                    f"{q.candidates}, {words.plural(on, 'zone')} on. U shows the next zone, as N does.")
    return None


def caught_up(game: Game, name: str, side: str, kept: Memory, start: Game | None) \
        -> tuple[ComputerPlayer, None] | None:
    """The player ``name`` as it stands had it been asked every question of ``side`` so far in this phase, and its
    answers been the ones played (a chain broken by another answer begins again at the next question): None when it
    was not asked before in the phase, or its last answer was not the one played. So a hint asked after a load, or
    of a save (overlord advise), is the hint the player would have had in play: a unit's path planned at the phase's
    start goes on, where a player made afresh planned each step again from where the unit stood, and could send it
    back the way it came (found by a helper: Ste-Mere-Eglise for Pont-l'Abbe, then Montebourg for Valognes).
    Its turn's decision is taken first (``start``, kept in ``kept``), as the hint would take it."""
    replay = Game.new(game.initial_settings, game.seed, game.data)
    player: ComputerPlayer | None = None
    for action in game.actions:
        if replay.turn == game.turn and replay.phase == game.phase and str(replay.prompt.side) == side:
            if player is None:
                made = make_player(name, side, game.seed)
                if not isinstance(made, ComputerPlayer):
                    return None
                player = made
                player.take_stock(replay if start is None else start, kept)
                start = None  # (taken: the turn's other questions follow it)
            try:
                followed = player.choose(advisor_view(replay)) == action
            except NoAdvice:  # (a position that cannot be seen from one side: the chain begins again after it)
                followed = False
            if not followed:
                player = None
        if not replay.is_legal(action):
            return None  # (a position set up by hand: its record does not give it)
        replay.apply(action)
    return (player, None) if player is not None else None


def remember_earlier_turns(game: Game, name: str, side: str, kept: Memory) -> None:
    """Put in ``kept`` the decision ``name`` would have taken at each of ``side``'s earlier turns that it lacks,
    oldest first, each at its turn's decision point replayed from the record and following those before it, as a
    player made afresh for each hint takes them. So a turn's advice follows from the game's record alone: the same
    whether hints were asked each turn, some turns or none, before a load or after it, or of a save (overlord
    advise). Asked first late in a game it costs one decision a turn, once."""
    for start in earlier_decision_points(game, side, set(kept)):
        player = make_player(name, side, game.seed)
        if isinstance(player, ComputerPlayer):
            player.take_stock(start, kept)


def earlier_decision_points(game: Game, side: str, skip: set[int]) -> list[Game]:
    """The game at ``side``'s first question of each turn before the present one (decision_point's), but for the
    turns in ``skip``: replayed from the record once (none for a game the record does not give)."""
    own = GERMAN_PHASES if side == "german" else None
    replay = Game.new(game.initial_settings, game.seed, game.data)
    points: list[Game] = []
    seen = set(skip)
    for action in game.actions:
        if replay.turn >= game.turn:
            break
        if replay.turn not in seen and str(replay.prompt.side) == side and (own is None or replay.phase in own):
            seen.add(replay.turn)
            points.append(replay.clone())
        if not replay.is_legal(action):
            return []
        replay.apply(action)
    return points


def decision_point(game: Game, side: str) -> Game:
    """The game at ``side``'s first question of its part of the present turn (the Allies': the whole turn, from
    its start; the German's: his movement and combat), replayed from the record: where a computer player decides
    its turn (the commander his plan, the German his posture). Advice asked later in the turn (a defence in the
    other side's combat too), or again after the game was loaded, is decided there, as the player would have.
    The game itself while the German is not in his part of the turn, or when the record does not give the game
    (a position set up by hand)."""
    own = GERMAN_PHASES if side == "german" else None
    if own is not None and game.phase not in own:
        return game  # (the German's answers in the Allied part of the turn follow no decision of his turn)
    replay = Game.new(game.initial_settings, game.seed, game.data)
    for action in game.actions:
        if replay.turn == game.turn and str(replay.prompt.side) == side and (own is None or replay.phase in own):
            return replay
        if not replay.is_legal(action):
            return game
        replay.apply(action)
    return game


def advisor_view(game: Game) -> Game:
    """A copy of the game as the side asked sees it: the other side's answers in the fight being asked about
    (its level, its support), not known until the result, are replaced by neutral ones."""
    p = game.prompt
    run = trailing_fight_answers(game)
    # only the defender's answers follow the other side's hidden ones: his level follows the attacker's level (and
    # support), the Allied defender's bombardment the German's attack level (an attacker chooses first)
    defends = isinstance(p, StrategyPrompt) and p.role == "defence" or isinstance(p, SupportPrompt) and p.defensive
    if not run or not defends:
        return game.clone()
    try:
        base, _ = Game.replay(game.initial_settings, game.seed, game.actions[:-run], game.data)
    except IllegalAction as exc:  # a game its record does not give (one set up by hand)
        raise NoAdvice(f"this position cannot be seen from one side only ({exc})") from exc
    asked = []
    played = base.clone()
    for action in game.actions[-run:]:
        asked.append(played.prompt)
        played.apply(action)
    if played.state_hash() != game.state_hash():
        raise NoAdvice("this position cannot be seen from one side only: its record does not give it")
    resolved = max((i + 1 for i, q in enumerate(asked) if isinstance(q, StrategyPrompt) and q.role == "defence"),
                   default=0)  # a defence level ends a fight's round: what came before it is known
    for i, action in enumerate(game.actions[-run:]):
        hidden = i >= resolved and asked[i].side != p.side
        base.apply(neutral(asked[i]) if hidden else action)
    if base.prompt != p:
        raise NoAdvice("this position cannot be seen from one side only: the question changes without the "
                       "other side's answers")
    return base


def trailing_fight_answers(game: Game) -> int:
    """How many of the game's last actions are answers of levels and support (a fight's hidden choices)."""
    count = 0
    for action in reversed(game.actions):
        if not isinstance(action, (ChooseStrategy, Support)):
            break
        count += 1
    return count


def neutral(prompt: Prompt) -> Action:
    """An answer to the other side's hidden question that tells nothing: no support, or the middle level."""
    if isinstance(prompt, SupportPrompt):
        return Support(0, 0)
    if isinstance(prompt, StrategyPrompt):
        return ChooseStrategy(min(MIDDLE_LEVEL, prompt.max_level))
    raise NoAdvice(f"unexpected question {prompt.kind} among a fight's answers")
