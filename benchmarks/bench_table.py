"""The shared table under load, on loopback: moves committed per second, live fan-out latency, memory per stream.

Run with ``pytest benchmarks/bench_table.py -s`` (about two minutes; needs the
default French lexicon and, for the PostgreSQL figures, Debian's postgresql).
The server is ``overturn serve`` in its own process, as a club runs it; the
clients are raw keep-alive HTTP/1.1 connections on one asyncio loop. Every run
is bounded in count and seconds, and only 127.0.0.1 is used.

* ``test_moves_per_second``: 50 tables at once, each client making its table's
  moves one after the other (passes on free cells of a seeded deal: each is
  judged on the stored game, replayed and checked, and committed under the
  version check, as any move), on SQLite and on PostgreSQL; and two server
  processes on one PostgreSQL, the clients split between them.
* ``test_fan_out``: 200 streams watch one table; each move's time from its
  request to its arrival on every stream (p50, p99).
* ``test_memory_per_stream``: the server's resident memory before and with
  1,000 open streams (over 100 tables).
* ``test_people_beside_computer_tables``: the moves run above while 4
  computer-against-computer tables play at level 5 (the computers think in
  their own process, off the threads that judge people's moves, at the lowest
  scheduling priority and off one core left to the server), in rounds that
  alternate with rounds where those processes are paused (SIGSTOP: people
  alone); the ratio of the two rates (issue 40's target: at least 0.9,
  asserted). Measured 29 November 2026 on the 2-core machine while it was
  quiet (load average about 1): 0.98x, 1.09x and 1.04x in three runs, so the
  target is **met**; earlier the same day, with five other engineers' work
  running (load average 4-10), 0.87x, 0.75x and 0.60x, the rounds of one run
  ranging from 0.27x to 2.06x: there the drift of the others' load is larger
  than the effect measured (docs/service.md).

The machine's two cores run the server and the clients together; rates are
printed with the same-run baseline of a look-up (``GET /health``) rate.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from smoke import sized, target

HOST = "127.0.0.1"
TABLES = sized(50, 4)
MOVES_PER_TABLE = sized(30, 3)
RUN_SECONDS = 60.0
HEALTH_SECONDS = sized(3.0, 0.5)
WATCHERS = sized(200, 10)
FAN_OUT_MOVES = sized(30, 3)
STREAMS = sized(1000, 50)
SETTLE_SECONDS = sized(1.0, 0.2)  #: after the streams opened, before the moves or the memory reading
COMPUTER_LEVEL = sized(5, 2)  #: smoke: a level that answers at once, so its moves land within the short run
TARGET_BESIDE_COMPUTERS = 0.9  #: people's moves per second beside 4 computer tables, over their rate alone
COMPUTER_ROUNDS = sized(4, 1)  #: rounds of people's moves with the computers paused, then thinking


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(store: str, port: int | None = None, options: tuple[str, ...] = ()) -> Iterator[tuple[int, int]]:
    """``overturn serve`` on the default lexicon and ``store`` (and any further ``options``); yields (port, pid)."""
    port = port or _free_port()
    command = [
        sys.executable, "-m", "overturn_cli", "serve", "--port", str(port), "--store", store, "--log-level", "warning",
        "--max-streams", "5000", "--max-streams-per-client", "5000", "--max-connections", "6000", *options,
    ]
    process = subprocess.Popen(command, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(30)


async def _request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, path: str, body: object = None) -> tuple[int, dict]:
    payload = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
    writer.write(head.encode() + payload)
    status_line = await reader.readline()
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    data = await reader.readexactly(length)
    return int(status_line.split()[1]), json.loads(data) if data else {}


async def _open(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection(HOST, port, limit=2**22)


async def _create(port: int, count: int, seed: int = 0) -> list[dict]:
    reader, writer = await _open(port)
    tables = []
    for index in range(count):
        status, created = await _request(reader, writer, "POST", "/api/tables", {"seed": seed + index})
        assert status == 201, created
        tables.append(created)
    writer.close()
    return tables


async def _play_table(port: int, created: dict, moves: int, deadline: float, latencies: list[float]) -> int:
    """A table's moves one after the other: a pass on the first free cell by the seat to move."""
    reader, writer = await _open(port)
    table_id, tokens, state = created["table"]["id"], created["tokens"], created
    done = 0
    while done < moves and time.monotonic() < deadline and not state["result"]["over"]:
        free = state["game"]["rings"].index(None)
        seat = state["table"]["turn"]
        body = {"seat": tokens[seat], "version": state["table"]["version"], "action": {"kind": "pass", "cell": list(divmod(free, 6))}}
        started = time.perf_counter()
        status, answer = await _request(reader, writer, "POST", f"/api/tables/{table_id}/moves", body)
        latencies.append(time.perf_counter() - started)
        assert status == 200 and answer["verdict"]["legal"], answer
        state, done = answer, done + 1
    writer.close()
    return done


def _moves_run(ports: list[int], label: str) -> dict[str, float]:
    async def run() -> dict[str, float]:
        tables = await _create(ports[0], TABLES)
        latencies: list[float] = []
        started = time.perf_counter()
        deadline = time.monotonic() + RUN_SECONDS
        counts = await asyncio.gather(*(_play_table(ports[index % len(ports)], table, MOVES_PER_TABLE, deadline, latencies) for index, table in enumerate(tables)))
        seconds = time.perf_counter() - started
        latencies.sort()
        return {
            "moves": sum(counts),
            "seconds": seconds,
            "moves_per_s": sum(counts) / seconds,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        }

    figures = asyncio.run(run())
    print(f"\n{label}: {figures['moves']} moves on {TABLES} tables, {figures['moves_per_s']:.0f} moves/s, p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
    return figures


def _health_rate(port: int, seconds: float = HEALTH_SECONDS) -> float:
    """The same-run baseline: GET /health answers per second, one client a table."""

    async def client(deadline: float) -> int:
        reader, writer = await _open(port)
        count = 0
        while time.monotonic() < deadline:
            status, _ = await _request(reader, writer, "GET", "/health")
            assert status == 200
            count += 1
        writer.close()
        return count

    async def run() -> float:
        deadline = time.monotonic() + seconds
        return sum(await asyncio.gather(*(client(deadline) for _ in range(TABLES)))) / seconds

    rate = asyncio.run(run())
    print(f"\nbaseline: {rate:.0f} GET /health per second, {TABLES} clients")
    return rate


@contextmanager
def postgres() -> Iterator[str | None]:
    """The tests' throwaway PostgreSQL server (tests/postgres_server.py), or None with the reason printed."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from postgres_server import postgres_server, why_unavailable

    reason = why_unavailable()
    if reason and os.environ.get("OVERTURN_REQUIRE_POSTGRES"):
        pytest.fail(f"OVERTURN_REQUIRE_POSTGRES is set but {reason}")
    if reason:
        print(f"\nPostgreSQL figures skipped: {reason}")
        yield None
        return
    with postgres_server() as url:
        yield url


def test_moves_per_second(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    results: dict[str, dict[str, float]] = {}
    with serving(str(tmp_path / "tables.sqlite3")) as (port, _pid):
        results["baseline_health_per_s"] = {"rate": _health_rate(port)}
        results["sqlite"] = _moves_run([port], "SQLite")
    with postgres() as url:
        if url is not None:
            with serving(url) as (port, _pid):
                results["postgresql"] = _moves_run([port], "PostgreSQL, one server process")
            with serving(url) as (first, _a), serving(url) as (second, _b):
                results["postgresql_two_workers"] = _moves_run([first, second], "PostgreSQL, two server processes")
    benchmark.extra_info.update(results)
    benchmark.pedantic(lambda: None, rounds=1)
    assert results["sqlite"]["moves"] > 0


async def _computer_tables(port: int, count: int, level: int) -> list[str]:
    reader, writer = await _open(port)
    made = []
    for index in range(count):
        body = {"seed": 100 + index, "seats": [{"computer": level}, {"computer": level}]}
        status, created = await _request(reader, writer, "POST", "/api/tables", body)
        assert status == 201, created
        made.append(created["table"]["id"])
    writer.close()
    return made


def _engines(server: int) -> list[int]:
    """The computer players' processes of the server ``server`` (its children started by multiprocessing's spawn)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if parent == server and b"spawn_main" in command:
            found.append(int(stat.parent.name))
    return found


def test_people_beside_computer_tables(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Rounds of people's moves alternate, on one server, between the computer players paused (SIGSTOP: as if no
    computer table were playing) and thinking: on a machine other work shares, the load drifts within a minute, and
    one run alone then one beside measured that drift more than the computers (0.37x to 1.41x in one hour)."""
    results: dict[str, dict[str, float]] = {}
    rounds: dict[str, list[dict[str, float]]] = {"alone": [], "beside_computers": []}
    # every round opens its tables: the creation bounds raised for this one client (24 hours of them under the cap)
    with serving(str(tmp_path / "tables.sqlite3"), options=("--tables-per-address-hour", "2000", "--tables-per-network-hour", "2000")) as (port, pid):
        computer_tables = asyncio.run(_computer_tables(port, 4, COMPUTER_LEVEL))
        time.sleep(2.0)  # the computers are thinking
        engines = _engines(pid)
        assert engines, "no computer player's process"
        try:
            for index in range(COMPUTER_ROUNDS):
                for paused in (True, False) if index % 2 == 0 else (False, True):  # alone first, then beside first: a drift cancels
                    for engine in engines:
                        os.kill(engine, signal.SIGSTOP if paused else signal.SIGCONT)
                    label = "people alone (computers paused)" if paused else f"people beside 4 computer tables at level {COMPUTER_LEVEL}"
                    rounds["alone" if paused else "beside_computers"].append(_moves_run([port], f"round {index + 1}: {label}"))
        finally:
            for engine in engines:
                os.kill(engine, signal.SIGCONT)

        async def computer_versions() -> list[int]:
            reader, writer = await _open(port)
            versions = [(await _request(reader, writer, "GET", f"/api/tables/{table}"))[1]["table"]["version"] for table in computer_tables]
            writer.close()
            return versions

        results["computer_moves"] = {"played": float(sum(asyncio.run(computer_versions())))}
    for name, measured in rounds.items():
        results[name] = {"moves": sum(run["moves"] for run in measured), "moves_per_s": sum(run["moves"] for run in measured) / sum(run["seconds"] for run in measured)}
    ratio = results["beside_computers"]["moves_per_s"] / results["alone"]["moves_per_s"]
    each = [beside["moves_per_s"] / alone["moves_per_s"] for alone, beside in zip(rounds["alone"], rounds["beside_computers"], strict=True)]
    results["ratio"] = {"beside_over_alone": ratio, "lowest_round": min(each), "highest_round": max(each)}
    played = results["computer_moves"]["played"]
    print(
        f"\npeople's moves per second beside 4 computer tables: {ratio:.2f}x alone over {COMPUTER_ROUNDS} alternating rounds"
        f" ({results['alone']['moves_per_s']:.0f}/s alone, {results['beside_computers']['moves_per_s']:.0f}/s beside; rounds {min(each):.2f}x to {max(each):.2f}x;"
        f" target {TARGET_BESIDE_COMPUTERS}x); computer moves meanwhile: {played:.0f}"
    )
    benchmark.extra_info.update(results)
    benchmark.pedantic(lambda: None, rounds=1)
    assert played > 0  # the computers did play meanwhile
    target(ratio >= TARGET_BESIDE_COMPUTERS, f"people's moves beside 4 computer tables at {ratio:.2f}x their rate alone, under {TARGET_BESIDE_COMPUTERS}x")


async def _watch(port: int, table_id: str, arrivals: dict[int, list[float]], ready: asyncio.Event, counter: list[int]) -> None:
    reader, writer = await _open(port)
    writer.write(f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    counter[0] += 1
    if counter[0] == WATCHERS:
        ready.set()
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                arrivals.setdefault(int(line[4:]), []).append(time.perf_counter())
    except asyncio.CancelledError:
        writer.close()
        raise


def test_fan_out(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def run(port: int) -> dict[str, float]:
        (created,) = await _create(port, 1)
        table_id = created["table"]["id"]
        arrivals: dict[int, list[float]] = {}
        ready, counter = asyncio.Event(), [0]
        watchers = [asyncio.create_task(_watch(port, table_id, arrivals, ready, counter)) for _ in range(WATCHERS)]
        await asyncio.wait_for(ready.wait(), 60)
        await asyncio.sleep(SETTLE_SECONDS)
        reader, writer = await _open(port)
        state, sent = created, {}
        delays: list[float] = []
        for _ in range(FAN_OUT_MOVES):
            free = state["game"]["rings"].index(None)
            seat = state["table"]["turn"]
            body = {"seat": created["tokens"][seat], "version": state["table"]["version"], "action": {"kind": "pass", "cell": list(divmod(free, 6))}}
            version = state["table"]["version"] + 1
            sent[version] = time.perf_counter()
            status, state = await _request(reader, writer, "POST", f"/api/tables/{table_id}/moves", body)
            assert status == 200
            deadline = time.monotonic() + 10
            while len(arrivals.get(version, [])) < WATCHERS and time.monotonic() < deadline:
                await asyncio.sleep(0.002)
            delays += [arrived - sent[version] for arrived in arrivals.get(version, [])]
            assert len(arrivals.get(version, [])) == WATCHERS, f"move {version} reached {len(arrivals.get(version, []))} of {WATCHERS} streams"
        for task in watchers:
            task.cancel()
        delays.sort()
        return {"streams": WATCHERS, "moves": FAN_OUT_MOVES, "p50_ms": 1000 * statistics.median(delays), "p99_ms": 1000 * delays[int(0.99 * (len(delays) - 1))]}

    with serving(str(tmp_path / "tables.sqlite3")) as (port, _pid):
        figures = asyncio.run(run(port))
    print(f"\nfan-out: {WATCHERS} streams, {FAN_OUT_MOVES} moves: move to arrival p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
    benchmark.extra_info.update(figures)
    benchmark.pedantic(lambda: None, rounds=1)


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_memory_per_stream(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def run(port: int, pid: int) -> dict[str, float]:
        tables = await _create(port, STREAMS // 10)
        reader, writer = await _open(port)
        for created in tables:  # each table's view made once, as its first phone would; then the streams only read it
            status, _ = await _request(reader, writer, "GET", f"/api/tables/{created['table']['id']}")
            assert status == 200
        writer.close()
        before = _rss(pid)
        ready, counter, arrivals = asyncio.Event(), [0], {}
        opened: list[asyncio.Task[None]] = []

        async def watch(table_id: str) -> None:
            reader, writer = await _open(port)
            writer.write(f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            status = await reader.readline()
            if b" 200 " not in status:
                raise AssertionError(status + await reader.read(2000))
            counter[0] += 1
            if counter[0] == STREAMS:
                ready.set()
            await reader.readline()
            await asyncio.sleep(3600)

        for index in range(STREAMS):
            opened.append(asyncio.create_task(watch(tables[index % len(tables)]["table"]["id"])))
        await asyncio.wait_for(ready.wait(), 120)
        await asyncio.sleep(2 * SETTLE_SECONDS)
        during = _rss(pid)
        for task in opened:
            task.cancel()
        del arrivals
        return {"streams": STREAMS, "rss_before_mb": before / 2**20, "rss_with_streams_mb": during / 2**20, "kb_per_stream": (during - before) / STREAMS / 1024}

    with serving(str(tmp_path / "tables.sqlite3")) as (port, pid):
        figures = asyncio.run(run(port, pid))
    print(f"\nmemory: {STREAMS} streams: server RSS {figures['rss_before_mb']:.0f} MB -> {figures['rss_with_streams_mb']:.0f} MB ({figures['kb_per_stream']:.0f} KB a stream)")
    benchmark.extra_info.update(figures)
    benchmark.pedantic(lambda: None, rounds=1)
    # a per-stream share of the RSS growth: over smoke size's 50 streams an allocator's step weighs 20 times more
    target(figures["kb_per_stream"] < 200, f"{figures['kb_per_stream']:.0f} KB a stream, not under 200 KB")

