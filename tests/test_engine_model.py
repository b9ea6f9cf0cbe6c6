"""The engine's model: enums that read and write as the strings saves have always held."""

import json
from pathlib import Path

from overlord.engine.enums import PHASE_SIDE, TURN_PHASES, CombatStep, Phase, Side, UnitStatus
from overlord.engine.serialize import state_from_dict, state_to_dict
from overlord.engine.state import AFLOAT, ASHORE, COASTAL, ELIMINATED, PENDING

OLD_SAVES = sorted((Path(__file__).parent / "golden" / "saves").glob("*.json"))


def test_the_enums_are_the_strings_of_before():
    assert [p.value for p in Phase] == ["questions", "airborne", "allocation", "interdiction", "allied_movement",
                                        "allied_combat", "german_movement", "german_combat", "game_over"]
    assert [s.value for s in CombatStep] == ["defender", "attacker", "support", "attack_level", "defence_support",
                                             "defence_level", "retreat", "advance"]
    assert [s.value for s in UnitStatus] == ["pending", "afloat", "ashore", "coastal", "eliminated"]
    assert (PENDING, AFLOAT, ASHORE, COASTAL, ELIMINATED) == tuple(UnitStatus)
    assert Side.ALLIED == "allied" and {"german": 1}[Side.GERMAN] == 1 and f"{Side.NONE}" == "none"
    assert json.dumps({Side.ALLIED: Phase.GAME_OVER}) == '{"allied": "game_over"}'


def test_every_phase_has_its_side():
    assert set(PHASE_SIDE) == set(Phase)
    assert [PHASE_SIDE[p] for p in TURN_PHASES] == [Side.ALLIED] * 4 + [Side.GERMAN] * 2
    assert PHASE_SIDE[Phase.GAME_OVER] is Side.NONE


def test_an_old_saves_state_reads_as_enums_and_writes_back_byte_for_byte():
    assert OLD_SAVES
    for path in OLD_SAVES:
        doc = json.loads(path.read_text())
        state = state_from_dict(doc["state"])
        assert type(state.phase) is Phase
        assert all(type(u.status) is UnitStatus for u in state.units.values())
        if state.combat is not None:
            assert type(state.combat.step) is CombatStep and type(state.combat.side) is Side
        again = state_to_dict(state)
        assert json.dumps(again) == json.dumps(doc["state"])  # same fields, same order, same values
        assert type(again["phase"]) is str
        assert all(type(u["status"]) is str for u in again["units"].values())


# --------------------------------------------------------------------------- the order of play
def _pass_game(scenario="two-week", seed=5):
    from overlord.ai import make_player
    from overlord.engine.game import Game
    from overlord.engine.settings import Settings
    g = Game.new(None if scenario is None else Settings(scenario=scenario, allied_player="computer"), seed)
    players = {side: make_player("random", side, seed) for side in ("allied", "german")}
    return g, players


def test_a_whole_game_asks_in_the_order_game_advance_sets_out():
    from overlord.engine.actions import Answer
    g, players = _pass_game(scenario=None)
    order = [Phase.QUESTIONS, Phase.AIRBORNE, *TURN_PHASES]
    seen = []
    while not g.over:
        seen.append((g.state.turn, order.index(g.state.phase)))
        g.apply(Answer("N") if g.state.phase == Phase.QUESTIONS else players[g.prompt.side].choose(g))
    assert seen == sorted(seen)  # never back to an earlier phase of a turn, nor to an earlier turn
    assert seen[0] == (0, 0) and any(p == 1 for _, p in seen) and seen[-1][0] == g.last_turn - 1
    assert g.state.phase == Phase.GAME_OVER and g.state.final_report is not None
    assert g.state.setup is g.state.airborne is g.state.movement is g.state.combat is None


def test_handlers_report_the_end_of_their_phase_and_never_move_the_game_on(monkeypatch):
    from overlord.engine import phases
    from overlord.engine.game import Game
    inside = []
    advance = Game._advance

    class Watched:
        def __init__(self, handler):
            self.handler = handler

        def __getattr__(self, name):
            return getattr(self.handler, name)

        def apply(self, game, action, events):
            inside.append(game.state.phase)
            try:
                over = self.handler.apply(game, action, events)
            finally:
                inside.pop()
            assert isinstance(over, bool)
            assert game.state.phase in phases.HANDLERS  # the handler left the phase where it was
            return over

    def watched_advance(game, events):
        assert not inside, f"a handler of {inside[-1]} moved the game on itself"
        advance(game, events)

    monkeypatch.setattr(Game, "_advance", watched_advance)
    for phase, handler in list(phases.HANDLERS.items()):
        monkeypatch.setitem(phases.HANDLERS, phase, Watched(handler))
    g, players = _pass_game()
    while not g.over:
        g.apply(players[g.prompt.side].choose(g))
    assert g.state.phase == Phase.GAME_OVER


# --------------------------------------------------------------------------- what the game works out
def test_the_game_forgets_what_it_worked_out_when_it_moves_a_unit():
    from overlord.engine.game import Game
    from overlord.engine.prompts import DropZonePrompt
    from overlord.engine.settings import Settings
    g = Game.new(Settings(allied_player="computer"), 3)
    p = g.prompt
    assert isinstance(p, DropZonePrompt) and p.unit == "us-82-abn"
    g.legal_actions()
    g.place("de-21-pz", p.zone)  # the German on the drop zone: it is no longer offered
    assert g.prompt.zone != p.zone and g.occupant(p.zone) == "de-21-pz"


def test_edited_rebuilds_the_board_index_after_changes_from_outside():
    from builders import blank_game
    from overlord.engine.invariants import violations
    g = blank_game()
    u = g.unit("us-1-inf")
    u.status, u.position = ASHORE, (16, 7)  # straight into the state, as a tool might
    assert g.occupant((16, 7)) is None
    g.edited()
    assert g.occupant((16, 7)) == "us-1-inf" and (16, 8) in g.zoc(Side.ALLIED)
    assert violations(g) == []


# --------------------------------------------------------------------------- clone
def _played(until, seed=11):
    """A game of the historical Allies against the German AI, played until ``until(game)``."""
    from overlord.ai import make_player
    from overlord.engine.game import Game
    from overlord.engine.settings import Settings
    g = Game.new(Settings(allied_player="computer", german_dday_movement=True), seed)
    players = {"allied": make_player("historical", "allied", seed), "german": make_player("ai", "german", seed)}
    while not g.over and not until(g):
        g.apply(players[g.prompt.side].choose(g))
    return g, players


def _mutable_parts(game):
    """Every mutable object reachable from a game's state, actions and board index, by id."""
    import attrs
    found = {}

    def walk(value):
        if _mutable(value):
            if id(value) in found:
                return
            found[id(value)] = value
        if isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for v in value:
                walk(v)
        elif attrs.has(type(value)):
            for f in attrs.fields(type(value)):
                walk(getattr(value, f.name))

    for part in (game.state, game.actions, game.opening_events, game._occupant, game._depot, game._zoc_cache,
                 game._memo):
        walk(part)
    return found


def _mutable(value) -> bool:
    import attrs
    if isinstance(value, (list, dict, set)):
        return True
    if not attrs.has(type(value)) or not attrs.fields(type(value)):
        return False
    name = attrs.fields(type(value))[0].name
    try:
        setattr(value, name, getattr(value, name))  # the same value: harmless, unless frozen
    except attrs.exceptions.FrozenInstanceError:
        return False
    return True


CLONE_POINTS = {
    "drops": lambda g: g.state.phase == Phase.AIRBORNE,
    "mid-movement": lambda g: g.state.movement is not None and g.state.movement.cycle == 2,
    "mid-landing": lambda g: g.state.movement is not None and g.state.movement.assault is not None,
    "mid-combat": lambda g: g.state.combat is not None and g.state.combat.step == CombatStep.ATTACK_LEVEL,
    "second turn": lambda g: g.state.turn == 2 and g.state.phase == Phase.ALLIED_COMBAT,
}


def test_a_clone_plays_on_exactly_as_the_game_does():
    """Clones taken at the drops, in movement, in combat and later each follow the game for 150 actions."""
    from overlord.ai import make_player
    from overlord.engine.game import Game
    from overlord.engine.settings import Settings
    g = Game.new(Settings(allied_player="computer", german_dday_movement=True), 11)
    players = {"allied": make_player("historical", "allied", 11), "german": make_player("ai", "german", 11)}
    points, twins, taken = dict(CLONE_POINTS), [], []
    while not g.over and (points or twins):
        for name, point in list(points.items()):
            if point(g):
                del points[name]
                twin = g.clone()
                assert twin.state_hash() == g.state_hash() and twin.prompt == g.prompt
                assert list(twin.legal_actions()[:50]) == list(g.legal_actions()[:50])
                twins.append([twin, 150])
                taken.append(name)
        action = players[g.prompt.side].choose(g)
        for twin, _ in twins:
            assert twin.prompt == g.prompt and len(twin.legal_actions()) == len(g.legal_actions())
        events = g.apply(action)
        for entry in twins:
            twin = entry[0]
            assert twin.apply(action) == events
            assert twin.state_hash() == g.state_hash() and twin.actions == g.actions
            entry[1] -= 1
        twins = [t for t in twins if t[1] > 0]
    assert sorted(taken) == sorted(CLONE_POINTS)


def test_a_clone_shares_nothing_mutable_with_its_game():
    from overlord.engine.serialize import state_to_dict
    g, _ = _played(CLONE_POINTS["second turn"])
    assert g.state.combat is not None and g.state.history and g.state.weather_history
    before, before_hash = state_to_dict(g.state), g.state_hash()
    twin = g.clone()
    mine, theirs = _mutable_parts(g), _mutable_parts(twin)
    assert len(mine) > len(g.state.units) and not set(mine) & set(theirs)
    assert set(twin.__dict__) == set(g.__dict__)  # every attribute of a game is given to its clone
    # change every mutable part of the clone: the game does not see it
    st = twin.state
    for u in st.units.values():
        u.cp, u.fatigue, u.mp, u.position = u.cp + 1, u.fatigue + 1, u.mp + 1, (0, 0)
    for b in st.beaches.values():
        b.landed_cp += 1
        b.marker_intact = not b.marker_intact
    st.pools.fuel += 1
    st.tally.german_casualties += 1
    st.history.append(st.history[0])
    st.weather_history["x"] = "storm"
    st.objectives_taken["x"] = "D-Day"
    c = st.combat
    c.candidates.append("x")
    c.attackers.append("x")
    c.offers.append("x")
    c.step = CombatStep.RETREAT
    st.rng.next64()
    twin.actions.append(twin.actions[0])
    twin.place(next(iter(twin.state.units)), (1, 1))
    assert g.state_hash() == before_hash and state_to_dict(g.state) == before
    assert len(g.actions) == len(twin.actions) - 1


def test_a_reseeded_clone_draws_its_own_numbers():
    g, players = _played(CLONE_POINTS["mid-movement"])
    hash_before = g.state_hash()
    one, two = g.clone(reseed=5), g.clone(reseed=5)
    assert one.state.rng.state != g.state.rng.state and one.state.rng == two.state.rng
    assert one.prompt == g.prompt and list(one.legal_actions()) == list(g.legal_actions())
    for _ in range(100):
        if one.over:
            break
        action = players[one.prompt.side].choose(one)
        assert one.apply(action) == two.apply(action)
    assert one.state_hash() == two.state_hash() and g.state_hash() == hash_before
