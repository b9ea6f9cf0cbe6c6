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
