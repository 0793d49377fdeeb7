"""The server's priorities (issue 40, item 3): people's moves before the computer's searches, no crowd filling the
store, and a database that does not answer refused in a second rather than waited on."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import sqlite3
import time
import urllib.parse
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from test_table_durability import Server

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.errors import ApiError
from overturn.service.limits import Limits
from overturn.service.ratelimit import AddressAndPrefixLimit, prefix_of
from overturn.service.server import BackgroundServer
from overturn.service.workers import ENGINE_NICENESS, Engines, engine_cores
from overturn.table.backends import open_store
from overturn.table.contract import TableGame
from overturn.table.errors import TableNotFound
from overturn.table.games import new_board_table
from overturn.table.hub import Hub
from overturn.table.record import Seat, TableRecord, digest, new_table_id
from overturn.table.service import SeatAsked, TableService

T = TypeVar("T")


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


# ----- creation bounded per address and per network ----------------------------------------------------------------

DAY = 86400.0


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    words = {word: [Entry(word.lower(), word.lower(), "N")] for word in ("ACCES", "TOUS", "SOUS", "ETE")}
    return write_build(tmp_path_factory.mktemp("priorities") / "small", words, {"name": "small"})


def test_a_network_prefix_is_an_ipv4_24_or_an_ipv6_64() -> None:
    assert prefix_of("192.0.2.77") == prefix_of("192.0.2.1") == "192.0.2.0/24"
    assert prefix_of("192.0.3.1") != prefix_of("192.0.2.1")
    assert prefix_of("2001:db8:1:2:aaaa::1") == prefix_of("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert prefix_of("2001:db8:1:3::1") != prefix_of("2001:db8:1:2::1")
    assert prefix_of("::ffff:192.0.2.9") == "192.0.2.0/24"  # an IPv4 client on a dual-stack socket
    assert prefix_of("testclient") == "testclient"


def test_addresses_rotated_within_one_network_are_stopped_at_its_bound(lexicon_dir: Path) -> None:
    """A crowd bound to many loopback addresses of 127.0.0.0/24, each opening tables until refused: together they open
    the network's bound and no more (429 naming the network, Retry-After), while another network still opens."""
    limits = Limits(tables_per_client_hour=2, tables_per_prefix_hour=10, max_tables=1000)
    with BackgroundServer(create_app(str(lexicon_dir), limits)) as url:

        def post(address: str) -> httpx.Response:
            with httpx.Client(base_url=url, timeout=30, transport=httpx.HTTPTransport(local_address=address)) as client:
                return client.post("/api/tables", json={"game": "offboard"})

        opened, refusals = 0, []
        for host in range(2, 30):
            for _ in range(3):  # one more than the address's own bound
                answer = post(f"127.0.0.{host}")
                if answer.status_code == 201:
                    opened += 1
                else:
                    refusals.append(answer)
        assert opened == 10
        assert all(answer.status_code == 429 and answer.json()["detail"]["reason"] == "too_many_tables" for answer in refusals)
        last = refusals[-1]
        assert "127.0.0.0/24" in last.json()["error"] and 3500 <= int(last.headers["retry-after"]) <= 3601
        assert post("127.0.1.2").status_code == 201  # another /24 has its own budget
        assert post("127.0.0.200").status_code == 429  # a fresh address of the spent network does not


def test_one_network_cannot_fill_the_store_within_a_day() -> None:
    """The default bounds: a crowd rotating every address of one /24 (or one /64), asking every 5 s for a whole day, opens 24 hours' worth of its network's bound, far below the store's cap, so ``store_full`` is out of its reach."""
    limits = Limits()
    openings = AddressAndPrefixLimit(limits.tables_per_client_hour, limits.tables_per_prefix_hour, 3600.0)
    opened = {"v4": 0, "v6": 0}
    for second in range(0, int(DAY), 5):
        if not openings.allow(f"198.51.100.{second % 256}", float(second))[0]:
            opened["v4"] += 1
        if not openings.allow(f"2001:db8:0:7::{second % 65536:x}", float(second))[0]:
            opened["v6"] += 1
    assert opened["v4"] == opened["v6"] == 24 * limits.tables_per_prefix_hour
    assert 24 * limits.tables_per_prefix_hour < limits.max_tables
    with pytest.raises(ValueError, match="within a day"):
        Limits(max_tables=1000, tables_per_prefix_hour=100)  # a configuration one network could fill is refused


# ----- tables no one joined expire within hours ------------------------------------------------------------------

HOUR = 3600.0


async def _inline(job: Callable[[], T], what: str) -> T:
    return job()


def test_an_unclaimed_idle_table_is_pruned_within_hours(empty_database: str) -> None:
    """A table no phone joined and no one moved at goes ``unclaimed`` after it was made; one a phone joined, one
    played at through its invitations (the terminal's way) and one with a computer seat that moved stay for days."""
    store = open_store(empty_database)
    service = TableService(store, Hub(10, 10), lambda name: None, _inline, _inline)  # type: ignore[arg-type,return-value]
    seats = [SeatAsked("Zoé"), SeatAsked("Ali")]

    async def scenario() -> None:
        def offboard() -> TableGame:
            return new_board_table("offboard", 2, 0, {})

        abandoned = (await service.create("offboard", offboard(), seats)).record.id
        joined = await service.create("offboard", offboard(), seats)
        await service.claim(joined.record.id, joined.tokens[0])
        played = await service.create("offboard", offboard(), seats)
        game = offboard()
        to_move = game.seat_to_move()
        assert to_move is not None
        moved = await service.move(played.record.id, played.tokens[to_move], 0, lambda _game: game.legal_moves()[0])
        assert moved.judged.accepted
        start = time.time()
        assert (await service.prune(30 * DAY, 7 * DAY, now=start + 5 * HOUR, unclaimed=6 * HOUR)).removed == []
        dry = await service.prune(30 * DAY, 7 * DAY, dry_run=True, now=start + 7 * HOUR, unclaimed=6 * HOUR)
        assert dry.removed == [abandoned]
        assert (await service.prune(30 * DAY, 7 * DAY, now=start + 7 * HOUR, unclaimed=6 * HOUR)).removed == [abandoned]
        with pytest.raises(TableNotFound):
            store.get(abandoned)
        assert store.count() == 2
        assert (await service.prune(30 * DAY, 7 * DAY, now=start + 7 * HOUR)).removed == []  # the rule is the caller's

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_the_server_prunes_unclaimed_tables_on_its_schedule(lexicon_dir: Path, tmp_path: Path) -> None:
    """``table_unclaimed_hours`` reaches the server's own prune: a table made 7 hours ago that no one joined goes at
    the server's start, one joined stays."""
    store = open_store(str(tmp_path / "tables.sqlite3"))
    dump = new_board_table("offboard", 2, 0, {}).dump()
    made = time.time() - 7 * HOUR
    abandoned = TableRecord(new_table_id(), "offboard", made, 0, dump, digest("c"), (Seat(0, "A", digest("a")), Seat(1, "B", digest("b"))))
    joined = TableRecord(new_table_id(), "offboard", made, 0, dump, digest("c"), (Seat(0, "A", digest("c.joined")), Seat(1, "B", digest("b"))))
    store.create(abandoned)
    store.create(joined)
    try:
        with BackgroundServer(create_app(str(lexicon_dir), Limits(table_unclaimed_hours=6), tables=store)) as url:
            deadline = time.monotonic() + 10
            while httpx.get(f"{url}/api/tables/{abandoned.id}", timeout=10).status_code != 404:
                assert time.monotonic() < deadline, "the unclaimed table was not removed"
                time.sleep(0.05)
            assert httpx.get(f"{url}/api/tables/{joined.id}", timeout=10).status_code == 200
    finally:
        store.close()


# ----- the cap and the retention are serve's options -----------------------------------------------------------------


def test_serve_sets_the_cap_the_retention_and_the_creation_bounds(lexicon_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import overturn.service.server
    from overturn_cli.serve import serve

    started: list[Limits] = []

    class Stopped:
        def __init__(self, config: Any) -> None:
            started.append(config.app.state.service.limits)

        def run(self) -> None:
            raise KeyboardInterrupt

    monkeypatch.setattr(overturn.service.server, "closing_server", Stopped)
    options = ["--max-tables", "5000", "--tables-per-address-hour", "20", "--tables-per-network-hour", "200"]
    options += ["--idle-days", "10", "--finished-days", "2", "--unclaimed-hours", "3"]
    result = CliRunner().invoke(serve, ["--lexicon", str(lexicon_dir), "--store", "memory", *options])
    assert result.exit_code == 130, result.output
    (limits,) = started
    assert (limits.max_tables, limits.tables_per_client_hour, limits.tables_per_prefix_hour) == (5000, 20, 200)
    assert (limits.table_idle_days, limits.table_finished_days, limits.table_unclaimed_hours) == (10, 2, 3)

    refused = CliRunner().invoke(serve, ["--lexicon", str(lexicon_dir), "--store", "memory", "--max-tables", "1000"])
    assert refused.exit_code == 2 and "--tables-per-network-hour 41 or less" in refused.output
    assert not started[1:]


# ----- a database that does not answer -------------------------------------------------------------------------------


def _postgres_processes(url: str) -> list[int]:
    """The postmaster of the server ``url`` names, then every process it started (backends, background workers)."""
    socket_dir = Path(urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["host"][0])
    postmaster = int((socket_dir.parent / "data" / "postmaster.pid").read_text().split()[0])
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == postmaster:
            children.append(int(stat.parent.name))
    return [postmaster, *children]


def _timed(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    answer = call()
    return answer, time.monotonic() - started


def test_a_postgresql_that_does_not_answer_is_a_503_within_a_second_and_recovers(lexicon_dir: Path) -> None:
    """The PostgreSQL server stopped (SIGSTOP to its postmaster and every backend: connections open, nothing answers):
    table requests, 30 at once beyond the pool's connections, are answered 503 with Retry-After within a second while
    /health answers; after SIGCONT the same requests succeed again and the game goes on."""
    from postgres_server import postgres_server, why_unavailable

    reason = why_unavailable()
    if reason and os.environ.get("OVERTURN_REQUIRE_POSTGRES"):
        pytest.fail(f"OVERTURN_REQUIRE_POSTGRES is set but {reason}")
    if reason:
        pytest.skip(reason)
    with postgres_server() as url:  # a server of its own: the session's must not be stopped under other tests
        server = Server(lexicon_dir, url)
        stopped: list[int] = []
        try:
            with httpx.Client(base_url=server.url, timeout=30) as client:
                created = client.post("/api/tables", json={"game": "offboard"}).json()
                table_id, tokens = created["table"]["id"], created["tokens"]
                game = new_board_table("offboard", 2, 0, {})
                to_move = game.seat_to_move()
                assert to_move is not None
                first = client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[to_move], "version": 0, "move": game.legal_moves()[0]})
                assert first.status_code == 200, first.text

                postmaster = _postgres_processes(url)[0]
                os.kill(postmaster, signal.SIGSTOP)
                stopped.append(postmaster)
                for child in _postgres_processes(url)[1:]:  # the postmaster stopped: no process starts meanwhile
                    os.kill(child, signal.SIGSTOP)
                    stopped.append(child)
                assert len(stopped) > 2  # the server's own workers and the backends of the pool and the listener

                asks: list[Callable[[], httpx.Response]] = [
                    lambda: client.get(f"/api/tables/{table_id}"),
                    lambda: client.post("/api/tables", json={"game": "offboard"}),
                    lambda: client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[0], "version": 1, "move": "pass"}),
                ]
                with ThreadPoolExecutor(30) as crowd:
                    answers = list(crowd.map(lambda index: _timed(asks[index % 3]), range(30)))
                slowest = max(seconds for _, seconds in answers)
                for answer, _ in answers:
                    assert answer.status_code == 503, answer.text
                    assert answer.json()["detail"]["reason"] == "store_unavailable" and int(answer.headers["retry-after"]) > 0
                assert slowest <= 1.0, f"the slowest refusal took {slowest:.2f} s"
                health, seconds = _timed(lambda: client.get("/health"))
                assert health.status_code == 200 and seconds < 1.0
                again, seconds = _timed(lambda: client.get(f"/api/tables/{table_id}"))
                assert again.status_code == 503 and seconds <= 1.0  # still a second, however long it has been down

                for pid in stopped:
                    os.kill(pid, signal.SIGCONT)
                stopped.clear()
                deadline = time.monotonic() + 30
                while (read := client.get(f"/api/tables/{table_id}")).status_code != 200:
                    assert read.status_code == 503 and time.monotonic() < deadline, read.text
                    time.sleep(0.2)
                assert read.json()["table"]["version"] >= 1
                fresh = client.post("/api/tables", json={"game": "offboard"}).json()
                fresh_move = client.post(
                    f"/api/tables/{fresh['table']['id']}/moves", json={"seat": fresh["tokens"][to_move], "version": 0, "move": game.legal_moves()[0]}
                )
                assert fresh_move.status_code == 200, fresh_move.text
        finally:
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)
            server.stop()


def test_a_sqlite_file_another_process_holds_is_a_503_within_a_second(lexicon_dir: Path, tmp_path: Path) -> None:
    """Another process holding the file's write lock: a table opening waits SQLite's busy timeout, not 10 s, and is
    answered 503 with Retry-After within a second; reads go on (WAL), and once the lock is let go tables open again."""
    path = tmp_path / "tables.sqlite3"
    store = open_store(str(path))
    try:
        with BackgroundServer(create_app(str(lexicon_dir), tables=store)) as url, httpx.Client(base_url=url, timeout=30) as client:
            made = client.post("/api/tables", json={"game": "offboard"})
            assert made.status_code == 201
            holder = sqlite3.connect(path, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")
            try:
                refused, seconds = _timed(lambda: client.post("/api/tables", json={"game": "offboard"}))
                assert refused.status_code == 503 and int(refused.headers["retry-after"]) > 0, refused.text
                assert seconds <= 1.0, f"refused after {seconds:.2f} s"
                assert client.get(f"/api/tables/{made.json()['table']['id']}").status_code == 200
            finally:
                holder.execute("ROLLBACK")
                holder.close()
            assert client.post("/api/tables", json={"game": "offboard"}).status_code == 201
    finally:
        store.close()
