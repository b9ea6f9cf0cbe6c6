"""Turning states and actions into plain JSON-ready values and back (cattrs).

Structuring runs every attrs validator, so a hostile or corrupt snapshot
fails here with an error rather than producing a half-valid game. The enums
(sides, phases, combat steps, unit statuses) are written as their plain string
values and read back from them, so the files and hashes are those of the days
when they were bare strings.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override

from .actions import ACTION_TYPES, Action
from .results import FinalReport
from .settings import Settings
from .state import GameState, MovementState

_converter = cattrs.Converter(forbid_extra_keys=True)
_converter.register_unstructure_hook(StrEnum, str)  # its value (a plain string set by hand too); before str, whose hook keeps it
# A movement phase writes its landing's fight only while there is one: a state without one is written (and
# hashed) as before landings were fought as combats.
_converter.register_unstructure_hook(MovementState, make_dict_unstructure_fn(
    MovementState, _converter, assault=override(omit_if_default=True)))

# The final report is read as its own module reads it (its numbers as written: whole or not).
_converter.register_structure_hook(FinalReport, lambda data, _: FinalReport.from_dict(data))


def state_to_dict(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = _converter.unstructure(state)
    return data


def state_from_dict(data: Any) -> GameState:
    return _converter.structure(data, GameState)


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = _converter.unstructure(settings)
    return data


def settings_from_dict(data: Any) -> Settings:
    if not isinstance(data, dict):
        raise ValueError(f"the settings must be an object of their fields, not {data!r}"[:200])
    settings = _converter.structure(data, Settings)
    _same_types(data, settings, "settings")
    return settings


def _same_types(data: dict[str, Any], record: Any, where: str) -> None:
    """Each field given as the type it is kept as: cattrs would turn "false" into True, "7" and 1.9 into 7 and 1,
    and null into "None"; a save or a request to a host must say what it means."""
    for name, value in data.items():
        kept = getattr(record, name)
        if attrs.has(type(kept)):
            _same_types(value, kept, f"{where} {name}")  # (a nested record: cattrs read it from an object)
        elif type(value) is not type(kept):
            raise ValueError(f"{where} field {name} must be {type(kept).__name__}, not {value!r}"[:200])


def action_to_dict(action: Action) -> dict[str, Any]:
    out = {"type": type(action).__name__}
    out.update(_converter.unstructure(action))
    return out


def action_from_dict(data: Any) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"an action must be an object with a \"type\", not {data!r}"[:200])
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown action type {data['type']!r}"[:200])
    fields = {k: v for k, v in data.items() if k != "type"}
    names = [a.name for a in attrs.fields(cls)]
    unknown = [k for k in fields if k not in names]
    missing = [a.name for a in attrs.fields(cls) if a.name not in fields and a.default is attrs.NOTHING]
    if unknown or missing:  # (cattrs says only "While structuring X (1 sub-exception)"; found by a helper)
        wrong = f"has no field {unknown[0]!r}" if unknown else f"needs field {missing[0]!r}"
        raise ValueError(f"action {data['type']} {wrong} (its fields: {', '.join(names) or 'none'})"[:200])
    try:
        action = _converter.structure(fields, cls)
    except cattrs.BaseValidationError as exc:
        raise ValueError("; ".join(cattrs.transform_error(exc, data["type"]))[:200]) from None  # ("... @ Move.unit")
    for name, value in fields.items():
        expected = type(getattr(action, name))
        if type(value) is not expected:  # cattrs would turn "3" into 3; a save must not
            raise ValueError(f"action {data['type']} field {name} has the wrong type")
    return action
