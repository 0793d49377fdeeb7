"""Bounded work off the event loop: thread pools that answer 503 when full, the computer players' processes, the solve cache."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

from overturn.service.errors import ApiError

T = TypeVar("T")
V = TypeVar("V")

class Workers:
    """A fixed thread pool with a cap on jobs in flight.

    A job that outlives its time limit is abandoned by the request, not by the
    pool: it keeps its thread and its place in the count until it ends, so a
    run of slow jobs can never grow the number of threads or the queue.
    """

    def __init__(self, name: str, threads: int, max_pending: int) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix=f"overturn-{name}")
        self._max_pending = max_pending
        self._pending = 0
        self._lock = threading.Lock()

    @property
    def pending(self) -> int:
        return self._pending

    def _release(self, _future: Future[Any]) -> None:
        with self._lock:
            self._pending -= 1

    async def run(self, job: Callable[[], T], timeout: float, too_slow: ApiError) -> T:
        """The job's result; ``too_slow`` if it ran past ``timeout``, 503 if it waited that long for a thread.

        A job that never started was not the client's fault: the pool was busy.
        """
        with self._lock:
            if self._pending >= self._max_pending:
                raise self._busy()
            self._pending += 1
        started = threading.Event()

        def run_job() -> T:
            started.set()
            return job()

        try:
            future = self._pool.submit(run_job)
        except RuntimeError:  # the pool is shutting down
            with self._lock:
                self._pending -= 1
            raise ApiError(503, "the server is shutting down", None, {"Retry-After": "5"}) from None
        future.add_done_callback(self._release)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
        except TimeoutError:
            if not started.is_set():
                raise self._busy() from None
            raise too_slow from None

    def _busy(self) -> ApiError:
        return ApiError(503, "the server is busy; try again in a moment", {"pending": self._pending}, {"Retry-After": "2"})

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


#: How much lower the computer players' processes run than the server (``nice``: 19 is the lowest priority). A person's
#: move then always comes first, and a search takes what the people leave (a level's time budget still bounds it).
ENGINE_NICENESS = 19


class Engines:
    """Processes of their own for the computer seats' searches (as lichess runs its engines apart): a search holds
    no lock a person's move needs, not even the interpreter's. Started on first use; jobs are picklable calls.

    They run at the lowest scheduling priority, and, where the server may use two cores or more, on all of them but
    one (``engine_cores``): the server always has a core no search competes for, so people's moves keep their pace
    beside tables where computers play."""

    def __init__(self, processes: int, max_pending: int) -> None:
        self._processes = processes
        self._max_pending = max_pending
        self._pending = 0
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, job: Callable[[], T], timeout: float, too_slow: ApiError) -> T:
        if self._pending >= self._max_pending:
            raise ApiError(503, "the computer players are busy; try again in a moment", {"pending": self._pending}, {"Retry-After": "2"})
        if self._pool is None:
            # spawned, not forked: the server's threads and its event loop must not be copied into a worker
            self._pool = ProcessPoolExecutor(
                self._processes, mp_context=multiprocessing.get_context("spawn"), initializer=_engine_started, initargs=(os.getpid(),)
            )
        self._pending += 1
        try:
            future = asyncio.get_running_loop().run_in_executor(self._pool, job)
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise too_slow from None
        except BrokenProcessPool:  # a worker died (killed, out of memory): the next job starts a new pool
            self._pool = None
            raise ApiError(503, "a computer player's process stopped; try again", None, {"Retry-After": "2"}) from None
        finally:
            self._pending -= 1

    def shutdown(self) -> None:
        """Waits for a search under way (at most a level's time budget), so no process outlives the server."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)


def engine_cores(allowed: set[int]) -> set[int]:
    """The cores a computer player may run on, of those the server may: all but the lowest-numbered, left to the
    server, where there are two or more; the one otherwise (nothing to leave)."""
    return allowed - {min(allowed)} if len(allowed) >= 2 else set(allowed)


def _engine_started(server: int) -> None:
    """A computer player's process starting: below the server's priority, off the server's core, and gone with it."""
    try:
        os.nice(ENGINE_NICENESS)
    except OSError:  # not allowed here: the search still runs, at the server's priority
        pass
    if hasattr(os, "sched_setaffinity"):  # Linux; elsewhere the priority alone
        try:
            os.sched_setaffinity(0, engine_cores(os.sched_getaffinity(0)))
        except OSError:
            pass
    _leave_with(server)


def _leave_with(server: int) -> None:
    """In a computer player's process: end as soon as the server is gone, however it went (kill -9 included)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="overturn-engine-parent", daemon=True).start()


class SolveCache(Generic[V]):
    """Solutions of recent boards, and one shared computation per board being solved.

    Players at one table all ask for the same board within seconds; the first
    request solves it and the others wait for that result instead of queueing
    their own copies. Lives on the event loop: no lock needed.
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._done: OrderedDict[tuple[Any, ...], V] = OrderedDict()
        self._running: dict[tuple[Any, ...], asyncio.Future[V]] = {}

    async def get(self, key: tuple[Any, ...], compute: Callable[[], Awaitable[V]]) -> tuple[V, bool]:
        """The solution and whether it was already known (cached or being computed)."""
        known = self._done.get(key)
        if known is not None:
            self._done.move_to_end(key)
            return known, True
        running = self._running.get(key)
        shared = running is not None
        if running is None:
            running = asyncio.ensure_future(compute())
            self._running[key] = running
            running.add_done_callback(lambda future: self._finish(key, future))
        return await asyncio.shield(running), shared

    def _finish(self, key: tuple[Any, ...], future: asyncio.Future[V]) -> None:
        self._running.pop(key, None)
        if self._size and not future.cancelled() and future.exception() is None:
            self._done[key] = future.result()
            while len(self._done) > self._size:
                self._done.popitem(last=False)
