"""The front ends read prompts and the public view only (overlord/engine/view.py).

The computer players (overlord/ai), the Textual UI (overlord/tui), overlord/headless.py and
overlord/reports.py never read ``game.state`` (the engine's own record, with its combat and
movement states), never use the engine's private names, never patch a frozen object with
``object.__setattr__`` nor call the methods the rules change the game with, and import from the
engine only its public modules. Writes to the records the view hands out are caught by a type
checker (they are typed as read-only Protocols); this test reads the source.
"""

from __future__ import annotations

import ast
from pathlib import Path

import overlord

PACKAGE = Path(overlord.__file__).resolve().parent
FRONT_ENDS = sorted([*PACKAGE.joinpath("ai").glob("*.py"), *PACKAGE.joinpath("tui").glob("*.py"),
                     PACKAGE / "headless.py", PACKAGE / "reports.py"])
PUBLIC_MODULES = {"actions", "data", "enums", "events", "game", "hexgrid", "prompts", "results", "rng", "settings", "view",
                  "records"}  # (records: the bases every record of the program is made on; no part of a game)
RULES_ONLY_METHODS = {"place", "lift", "changed", "edited", "memo", "record", "records"}


def engine_private_names() -> set[str]:
    """Every name starting with one underscore that the engine defines (functions, methods, attributes)."""
    names = set()
    for path in PACKAGE.joinpath("engine").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def engine_module(node: ast.ImportFrom, path: Path) -> list[str]:
    """The engine modules an import reads from ([] if it is not an engine import)."""
    if node.level:
        package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-node.level]
        module = ".".join([*package, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    if module == "overlord.engine":
        return [alias.name for alias in node.names]
    if module.startswith("overlord.engine."):
        return [module.split(".")[2]]
    return []


def faults(path: Path, private: set[str], source: str | None = None) -> list[str]:
    """What ``path`` (or ``source``, read as if it were there) does that a front end may not."""
    found = []
    tree = ast.parse(path.read_text() if source is None else source)
    for node in ast.walk(tree):
        where = f"{path.relative_to(PACKAGE.parent)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.ImportFrom):
            for module in engine_module(node, path):
                if module not in PUBLIC_MODULES and module not in {"Game", "Settings", "IllegalAction"}:
                    found.append(f"{where} imports overlord.engine.{module} (use overlord.engine.view)")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[:2] == ["overlord", "engine"] and len(parts) > 2 and parts[2] not in PUBLIC_MODULES:
                    found.append(f"{where} imports {alias.name}")
        elif isinstance(node, ast.Attribute):
            own = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if node.attr == "state":
                found.append(f"{where} reads .state (the engine's own record)")
            elif node.attr in private and not own:
                found.append(f"{where} uses the engine's private {node.attr}")
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "__setattr__":
                found.append(f"{where} patches an object with __setattr__")
            elif (isinstance(f, ast.Attribute) and f.attr in RULES_ONLY_METHODS
                  and not (isinstance(f.value, ast.Name) and f.value.id in ("self", "cls"))):
                found.append(f"{where} calls {f.attr}(), which changes the game")
    return found


def test_the_front_ends_read_prompts_and_the_public_view_only():
    private = engine_private_names()
    assert {"_occupant", "_prompt", "_legal", "_advance"} <= private  # the test knows what it looks for
    found = [fault for path in FRONT_ENDS for fault in faults(path, private)]
    assert not found, "\n".join(found)


def test_the_check_finds_what_it_forbids():
    """The check itself: each thing it forbids, written once, is found."""
    source = '''
from ..engine import combat
from ..engine.movement import step_cost
import overlord.engine.supply
def f(g):
    g.state.combat.attack_level
    g._occupant
    object.__setattr__(g.data.map, "x", 1)
    g.place("u", (1, 1))
'''
    text = "\n".join(faults(PACKAGE / "ai" / "probe.py", engine_private_names(), source))
    for expected in ("engine.combat", "engine.movement", "overlord.engine.supply", "reads .state",
                     "private _occupant", "__setattr__", "calls place()"):
        assert expected in text, (expected, text)


def test_the_view_hands_out_the_engines_own_records_without_copying():
    from overlord.engine import Game
    from overlord.engine.state import ASHORE
    from builders import computer_settings
    g = Game.new(computer_settings(), seed=2)
    st = g.state
    uid = next(iter(st.units))
    assert g.unit(uid) is st.units[uid] and g.pools is st.pools and g.beaches is st.beaches
    assert g.history is st.history and g.objectives_taken is st.objectives_taken
    assert [u.id for u in g.units(status=None)] == list(st.units)
    assert [u.id for u in g.units("german", ASHORE)] == [u.id for u in st.units.values()
                                                       if u.status == ASHORE and g.side_of(u.id) == "german"]
    assert (g.turn, g.phase, g.weather, g.settings, g.seed) == (st.turn, st.phase, st.weather, st.settings, st.seed)
    assert (g.air_left, g.naval_left, g.interdiction, g.final_report) == (st.air_left, st.naval_left,
                                                                          st.interdiction, st.final_report)
    assert g.movement_cycle is None and g.combat_pass is None  # the drops come first


def test_every_helper_the_view_lists_is_there():
    from overlord.engine import view
    assert all(hasattr(view, name) for name in view.__all__)
    for name in view.__all__:
        if name[0].islower():
            assert f" {name}" in view.__doc__ or f"{name} (" in view.__doc__, f"{name} is not listed in view's docstring"
