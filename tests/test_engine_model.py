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
