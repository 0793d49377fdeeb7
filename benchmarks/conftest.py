"""Shared measurement of whole-process start-up against a bare interpreter."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import pytest


def _seconds(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


@pytest.fixture(scope="session")
def startup_against_bare() -> Callable[[list[str]], tuple[float, float]]:
    """Median wall time of ``python ARGS`` and of ``python -c pass``, 7 runs each, after one warm-up.

    Bytecode caching is left on as on a user's machine: with PYTHONDONTWRITEBYTECODE
    set (as in some sandboxes) every start would recompile the project's modules.
    """
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}

    def measure(args: list[str]) -> tuple[float, float]:
        command = [sys.executable, *args]
        _seconds(command, env)  # warm: lexicon cache and .pyc files written
        cli = statistics.median(_seconds(command, env) for _ in range(7))
        bare = statistics.median(_seconds([sys.executable, "-c", "pass"], env) for _ in range(7))
        return cli, bare

    return measure
