"""The benchmarks' smoke size: ``OVERTURN_BENCH_SMOKE=1`` shrinks their counts and seconds so a test can run them all.

tests/test_benchmarks_smoke.py runs every ``bench_*.py`` at this size with
``--benchmark-disable`` (each body once), so a benchmark broken by a rename fails
the test suite instead of waiting for someone to run it. Only sizes shrink (boards,
games, rounds, clients, seconds): every code path still runs with its correctness
assertions. Targets (speed, strength, a share over many games, memory a stream)
are printed instead of asserted at smoke size, since a few rounds on a shared
machine measure nothing.
"""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

SMOKE = os.environ.get("OVERTURN_BENCH_SMOKE", "") not in ("", "0")


def sized(full: T, smoke: T) -> T:
    """``full`` for a real run, ``smoke`` under OVERTURN_BENCH_SMOKE."""
    return smoke if SMOKE else full


def target(met: bool, message: str) -> None:
    """A measured target: asserted at full size, only reported (when missed) at smoke size."""
    if not SMOKE:
        assert met, message
    elif not met:
        print(f"\n(smoke size: target not asserted) {message}")
