"""Load benchmark of the HTTP service on loopback: 50 concurrent clients against `overturn serve`.

Run with ``pytest benchmarks/bench_service.py -s`` (about a minute; needs the
default French lexicon, built on first use). The server runs in its own process
as a club would run it; the clients are raw keep-alive HTTP/1.1 connections on
one asyncio loop, so the client's own cost stays small next to the server's.
Every run is bounded in request count and in seconds, and only 127.0.0.1 is used.

Three runs:

* look-ups: ``GET /api/words/{word}`` on words of the lexicon (one in ten not a word);
* solves, distinct boards: every request a board never seen before, so every
  one is solved and encoded (the solver's own throughput on this machine);
* solves, one table: the phones of a table asking for the same few boards (the
  club case): one solve per board, the rest served from the solve cache.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest

from overturn.lexicon.registry import load_lexicon
from overturn.tiles import TileSet, deal

HOST = "127.0.0.1"
CLIENTS = 50
LOOKUPS, LOOKUP_SECONDS = 30_000, 20.0
SOLVES, SOLVE_SECONDS = 1_500, 20.0
TABLE_SOLVES, TABLE_BOARDS, TABLE_SECONDS = 4_000, 8, 20.0
TARGETS = {"lookups_per_s": 2000, "lookup_p99_ms": 50, "solves_per_s": 200}


@dataclass
class Run:
    """Latencies of the answered requests and the count of failed ones."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000 if ordered else float("nan")

    def summary(self) -> dict[str, float | int]:
        return {
            "requests": len(self.latencies) + self.errors,
            "per_s": round(self.rate, 1),
            "p50_ms": round(self.percentile(0.50), 2),
            "p99_ms": round(self.percentile(0.99), 2),
            "mean_ms": round(statistics.fmean(self.latencies) * 1000, 2) if self.latencies else float("nan"),
            "errors": self.errors,
        }


def _get(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()


def _post(path: str, data: object) -> bytes:
    body = json.dumps(data).encode()
    head = f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


async def _exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes) -> int:
    """Send one request on a kept-alive connection and read the whole answer; returns its status."""
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:"))
    await reader.readexactly(length)
    return status


async def _load(name: str, port: int, requests: list[bytes], max_seconds: float) -> Run:
    """CLIENTS connections share the request list until it is used up or the time is over."""
    run = Run(name)
    queue = iter(requests)
    deadline = time.monotonic() + max_seconds

    async def client() -> None:
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            for request in queue:
                if time.monotonic() > deadline:
                    return
                started = time.perf_counter()
                try:
                    status = await _exchange(reader, writer, request)
                except (OSError, asyncio.IncompleteReadError, ValueError, StopIteration):
                    run.errors += 1
                    writer.close()
                    reader, writer = await asyncio.open_connection(HOST, port)
                    continue
                if status == 200:
                    run.latencies.append(time.perf_counter() - started)
                else:
                    run.errors += 1
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(CLIENTS)))
    run.seconds = time.perf_counter() - started
    return run


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop when installed (it comes with the service): the clients then cost the machine less."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    """`overturn serve` in its own process, as a club runs it (default lexicon, default limits)."""
    load_lexicon()  # build it here, with the cache the server will find
    port = _free_port()
    command = [sys.executable, "-m", "overturn_cli", "serve", "--host", HOST, "--port", str(port), "--log-level", "warning"]
    process = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection((HOST, port), timeout=1) as probe:
                probe.sendall(_get("/health"))
                if probe.recv(64).startswith(b"HTTP/1.1 200"):
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("the server did not start")
        time.sleep(0.1)
    yield port
    process.terminate()
    process.wait(timeout=15)


def _lookup_requests() -> list[bytes]:
    lexicon = load_lexicon()
    rng = random.Random(8)
    words = [word for letter in "ABCDEFGHIJLMNOPRSTUV" for word in lexicon.completions(letter + rng.choice("AEIOU"), 100)]
    forms = [lexicon.entries(word)[0].form for word in words]
    paths = [f"/api/words/{quote(form)}" for form in forms] + [f"/api/words/{word}QX" for word in words[::9]]
    return [_get(path) for path in rng.choices(paths, k=LOOKUPS)]


def _solve_requests(count: int, distinct: bool) -> list[bytes]:
    tiles = TileSet.load()
    boards = [str(deal(seed, tiles).layers[0]) for seed in range(count if distinct else TABLE_BOARDS)]
    rng = random.Random(9)
    return [_post("/api/solve", {"board": board if distinct else rng.choice(boards)}) for board in boards] if distinct else [
        _post("/api/solve", {"board": rng.choice(boards)}) for _ in range(count)
    ]


def _report(runs: list[Run]) -> dict[str, dict[str, float | int]]:
    figures = {run.name: run.summary() for run in runs}
    print(f"\nHTTP service, {CLIENTS} concurrent clients on {HOST}, {os.cpu_count()} cores:")
    for name, row in figures.items():
        print(
            f"  {name:<24} {row['per_s']:>9.1f}/s   p50 {row['p50_ms']:>8.2f} ms   p99 {row['p99_ms']:>8.2f} ms"
            f"   {row['requests']} requests, {row['errors']} errors"
        )
    return figures


def test_service_load(benchmark, server: int) -> None:  # type: ignore[no-untyped-def]
    lookups, distinct, table = _lookup_requests(), _solve_requests(SOLVES, True), _solve_requests(TABLE_SOLVES, False)

    def scenario() -> list[Run]:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            return [
                runner.run(_load("look-ups", server, lookups, LOOKUP_SECONDS)),
                runner.run(_load("solves (distinct boards)", server, distinct, SOLVE_SECONDS)),
                runner.run(_load("solves (one table)", server, table, TABLE_SECONDS)),
            ]

    runs = benchmark.pedantic(scenario, rounds=1, iterations=1)
    figures = _report(runs)
    benchmark.extra_info.update({"clients": CLIENTS, "targets": TARGETS, **figures})
    assert all(run.errors == 0 for run in runs), figures
    look_ups = figures["look-ups"]
    assert look_ups["per_s"] >= TARGETS["lookups_per_s"] and look_ups["p99_ms"] <= TARGETS["lookup_p99_ms"], figures
    assert figures["solves (one table)"]["per_s"] >= TARGETS["solves_per_s"], figures
