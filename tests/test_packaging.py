"""The install lists every package: an editable install hides a missing one, a wheel would not."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _declared() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    return setuptools["packages"], setuptools["package-dir"], setuptools["package-data"]


def test_every_python_package_on_disk_is_declared() -> None:
    packages, package_dir, _ = _declared()
    on_disk = set()
    for name, directory in package_dir.items():
        for init in (ROOT / directory).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / directory).parts
            on_disk.add(".".join((name, *relative)))
    assert on_disk == set(packages)


def test_every_data_directory_is_shipped() -> None:
    packages, package_dir, package_data = _declared()
    for package in packages:
        top, *rest = package.split(".")
        directory = ROOT / package_dir[top] / Path(*rest)
        if (directory / "data").is_dir():
            assert "data/*" in package_data.get(package, []), f"{package}/data is not in package-data"
