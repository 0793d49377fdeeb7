"""The server holds under a busy evening: its descriptors budgeted, forwarded headers believed only when configured.

The descriptor test starts ``overturn serve`` as a club would under systemd's
default ``ulimit -n 1024`` and opens 1,000 live streams (loopback only, bounded
in count and time): /health still answers and a table is still created.
"""

from __future__ import annotations

import asyncio
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.descriptors import RESERVED, SPARE_CONNECTIONS, budget
from overturn.service.httpguard import server_settings
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

STREAMS = 1000


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_build(tmp_path_factory.mktemp("bounds") / "small", {"ETE": [Entry("été", "été", "N")]}, {"name": "small"})


def test_the_budget_keeps_room_for_everything_that_is_not_a_stream() -> None:
    held = budget(1024, 2000, 1000)
    assert held.max_connections == 1024 - RESERVED and held.max_streams == held.max_connections - SPARE_CONNECTIONS
    assert len(held.warnings) == 2 and "--max-streams 1000 lowered" in held.warnings[1]
    roomy = budget(1 << 20, 2000, 1000)
    assert (roomy.max_connections, roomy.max_streams, roomy.warnings) == (2000, 1000, ())


@pytest.mark.parametrize(("trusted", "created"), [(None, 5), ("127.0.0.1", 8)])
def test_forwarded_for_is_believed_only_from_a_configured_proxy(lexicon_dir: Path, trusted: str | None, created: int) -> None:
    """From one loopback address with eight X-Forwarded-For values: counted as one client (5 tables, then 429) unless the
    proxy is configured (uvicorn believed loopback by default: 130 tables passed a bound of 120)."""
    limits = Limits(tables_per_client_hour=5)
    with BackgroundServer(create_app(str(lexicon_dir), limits), **server_settings(limits, trusted)) as url, httpx.Client(base_url=url) as client:
        answers = [client.post("/api/tables", json={"game": "offboard"}, headers={"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(8)]
    assert [answer.status_code for answer in answers].count(201) == created
    assert all(answer.status_code == 429 for answer in answers[created:])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def limited_server(lexicon_dir: Path) -> Iterator[str]:
    """``overturn serve`` under ``ulimit -n 1024``, asked for 1,000 streams (its default)."""
    port = _free_port()
    command = (
        f"ulimit -n 1024 && exec {sys.executable} -m overturn_cli serve --port {port} --store memory --lexicon {lexicon_dir}"
        f" --max-streams {STREAMS} --max-streams-per-client {2 * STREAMS} --log-level warning"
    )
    process = subprocess.Popen(["bash", "-c", command], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
        assert "lowered" in errors, errors  # the server said it clamped its bounds


def test_a_thousand_streams_under_ulimit_1024_leave_health_and_creation_working(limited_server: str) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 3 * STREAMS:
        pytest.skip(f"this test's own process may open only {hard} files, fewer than its {STREAMS} streams need")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 3 * STREAMS), hard))
    with httpx.Client(base_url=limited_server, timeout=30) as client:
        table_id = client.post("/api/tables", json={"game": "offboard"}).json()["table"]["id"]
    host, port = limited_server.removeprefix("http://").split(":")

    async def run() -> tuple[list[int], int, int]:
        opened: list[asyncio.StreamWriter] = []
        statuses: list[int] = []
        try:
            for _ in range(STREAMS):
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 10)
                writer.write(f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
                opened.append(writer)
                statuses.append(int((await asyncio.wait_for(reader.readline(), 10)).split()[1]))
            async with httpx.AsyncClient(base_url=limited_server, timeout=10) as client:
                health = (await client.get("/health")).status_code
                made = (await client.post("/api/tables", json={"game": "offboard"})).status_code
            return statuses, health, made
        finally:
            for writer in opened:
                writer.close()

    statuses, health, made = asyncio.run(asyncio.wait_for(run(), 120))
    assert health == 200 and made == 201
    assert set(statuses) <= {200, 503} and statuses.count(200) >= STREAMS // 2 and 503 in statuses
