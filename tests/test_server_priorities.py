"""The server's priorities (issue 40, item 3): people's moves before the computer's searches, no crowd filling the
store, and a database that does not answer refused in a second rather than waited on."""

from __future__ import annotations

import asyncio
import functools
import os

import pytest

from overturn.service.errors import ApiError
from overturn.service.workers import ENGINE_NICENESS, Engines, engine_cores


def test_engine_cores_leave_one_to_the_server() -> None:
    assert engine_cores({0, 1}) == {1}
    assert engine_cores({2, 5, 7}) == {5, 7}
    assert engine_cores({3}) == {3}  # one core: nothing to leave, the priority alone


def test_a_computer_players_process_runs_below_the_server_and_off_its_core() -> None:
    engines = Engines(1, 4)
    too_slow = ApiError(503, "too slow")

    async def ask() -> tuple[int, set[int]]:
        niceness = await engines.run(functools.partial(os.nice, 0), 60, too_slow)
        cores = await engines.run(functools.partial(os.sched_getaffinity, 0), 60, too_slow)
        return niceness, cores

    try:
        niceness, cores = asyncio.run(ask())
    finally:
        engines.shutdown()
    assert niceness == min(19, os.nice(0) + ENGINE_NICENESS) > os.nice(0)
    server_cores = os.sched_getaffinity(0)
    assert cores == engine_cores(server_cores)
    if len(server_cores) >= 2:
        assert min(server_cores) not in cores and len(cores) == len(server_cores) - 1
