"""The distribution: every package is listed for the wheel, and the game finds its data wherever it runs."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from overlord.engine.data import default_data_dir

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_of_the_source_is_listed_for_the_wheel():
    # pyproject.toml lists the packages by name (data/ is mapped into the package as overlord/_data),
    # so a new package left out of the list would be missing from the installed game
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "overlord").rglob("__init__.py")}
    assert found <= listed
    assert {"overlord._data", "overlord._data.charts"} <= listed


def test_the_wheel_carries_py_typed_and_every_file_its_package_data_names():
    # PEP 561: overlord/py.typed tells type checkers that the package's hints (its public API, docs/api.md) are
    # meant to be read; the wheel holds a package's other files only when package-data names them
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    package_data = setuptools["package-data"]
    assert "py.typed" in package_data["overlord"] and (ROOT / "overlord" / "py.typed").is_file()
    for package, patterns in package_data.items():
        for pattern in patterns:
            assert list(_folder_of(package, setuptools["package-dir"]).glob(pattern)), (package, pattern)


def _folder_of(package: str, package_dir: dict[str, str]) -> Path:
    """Where a package's files are in the checkout: under the folder package-dir maps it (or a package it is
    in) to, else its own name's path."""
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        mapped = package_dir.get(".".join(parts[:n]))
        if mapped is not None:
            return ROOT / mapped / Path(*parts[n:])
    return ROOT / Path(*parts)


def test_a_checkout_finds_its_own_data_folder(monkeypatch):
    monkeypatch.delenv("OVERLORD_DATA", raising=False)
    assert default_data_dir() == ROOT / "data"


def test_overlord_data_overrides_where_the_data_is(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORD_DATA", str(tmp_path))
    assert default_data_dir() == tmp_path
    # and the program itself reads it from there: an empty folder is reported as missing data
    env = dict(os.environ, OVERLORD_DATA=str(tmp_path / "nowhere"))
    r = subprocess.run([sys.executable, "-m", "overlord", "charts"], capture_output=True, text=True, cwd=tmp_path,
                       env=env)
    assert r.returncode == 2 and "nowhere" in r.stderr and "Traceback" not in r.stderr


def test_mypy_is_strict_over_the_whole_package_with_no_module_relaxed():
    # Issue 30: `mypy` checks every module of overlord with every flag of --strict. The only overrides allowed
    # are for other packages without type hints (ignore_missing_imports), never for one of ours: no flag turned
    # off, no error code disabled, here or for the whole run.
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    overrides = mypy.pop("overrides", [])
    assert mypy == {"files": ["overlord"], "python_version": "3.11", "strict": True}
    for override in overrides:
        modules = [override["module"]] if isinstance(override["module"], str) else override["module"]
        assert not [m for m in modules if m == "overlord" or m.startswith(("overlord.", "overlord*"))], override
        assert set(override) == {"module", "ignore_missing_imports"} and override["ignore_missing_imports"] is True
