"""Gates on how the engine and the computer players are written (issues 15 and 28): checked on the source, so
they stay true."""

import ast
from pathlib import Path

import pytest

import overlord.ai
import overlord.engine

ENGINE = Path(overlord.engine.__file__).parent
AI = Path(overlord.ai.__file__).parent
MAX_FUNCTION_LINES = 60  # from its def to its last line, docstring and comments included


def _functions(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def test_the_engine_is_read_in_full():
    files = sorted(ENGINE.rglob("*.py"))
    assert ENGINE / "combat.py" in files and ENGINE / "data" / "charts.py" in files
    assert sum(1 for f in files for _ in _functions(f)) > 300


def test_the_computer_players_are_read_in_full():
    files = sorted(AI.rglob("*.py"))
    assert AI / "allied_scripted.py" in files and AI / "german_search.py" in files
    assert sum(1 for f in files for _ in _functions(f)) > 150


@pytest.mark.parametrize("package", [ENGINE, AI], ids=["engine", "ai"])
def test_no_function_is_longer_than_60_lines(package):
    too_long = [f"{path.relative_to(package)}:{fn.lineno} {fn.name} has {fn.end_lineno - fn.lineno + 1} lines"
                for path in sorted(package.rglob("*.py")) for fn in _functions(path)
                if fn.end_lineno - fn.lineno + 1 > MAX_FUNCTION_LINES]
    assert too_long == []


def test_the_limit_counts_a_function_from_its_def_to_its_last_line(tmp_path):
    source = tmp_path / "f.py"
    source.write_text("def f():\n    '''Doc.'''\n" + "    x = 1\n" * 59 + "\n\ndef g():\n    pass\n")
    lengths = {fn.name: fn.end_lineno - fn.lineno + 1 for fn in _functions(source)}
    assert lengths == {"f": 61, "g": 2}
