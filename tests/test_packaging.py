"""The install lists every package: an editable install hides a missing one, a wheel would not."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _declared() -> tuple[list[str], Path, dict[str, list[str]]]:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert set(setuptools["package-dir"]) == {""}, "one folder for every package, or `pip install -e` falls back to an import hook"
    return setuptools["packages"], ROOT / setuptools["package-dir"][""], setuptools["package-data"]


def test_every_python_package_on_disk_is_declared() -> None:
    packages, folder, _ = _declared()
    on_disk = set()
    for top in folder.iterdir():
        for init in top.resolve().rglob("__init__.py"):
            relative = init.parent.relative_to(top.resolve()).parts
            on_disk.add(".".join((top.name, *relative)))
    assert on_disk == set(packages)


def test_every_data_directory_is_shipped() -> None:
    packages, folder, package_data = _declared()
    for package in packages:
        if (folder / Path(*package.split(".")) / "data").is_dir():
            assert "data/*" in package_data.get(package, []), f"{package}/data is not in package-data"


def test_start_up_runs_no_import_hook() -> None:
    """The install is a plain path entry: bare start-up imports no finder, pathlib or re (10 ms of a look-up's 13-15 ms)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import overturn_cli, overturn_lexicons"],
                          capture_output=True, text=True, timeout=60, check=True)
    imported = [line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert {"overturn_cli", "overturn_lexicons"} <= set(imported)
    assert not [name for name in imported if name.startswith("__editable__") or name in {"pathlib", "re", "fnmatch", "importlib.util"}], imported
