"""Who is at a table: presence (joined, connected) beside each seat, streams a silent phone no longer holds, and the
stream of a seat handed to another phone told at once (issue 31, item 6; issue 32, item 3).

Real uvicorn servers on loopback with a short heartbeat; the stores where the store decides (a claim or a hand-over
made through another server process) are SQLite and a real PostgreSQL, and presence across processes is tried with
two real server processes on a real PostgreSQL, one of them killed with -9.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_table_api import BOARD, lexicon_dir  # noqa: F401  (lexicon_dir: a fixture)
from test_table_durability import Server

from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

#: The servers' heartbeat here: a stream promising acks is closed after 2.5 beats unheard (0.75 s).
BEAT = 0.3


class Stream:
    """A table's event stream read in a thread: every event as (name, data), and whether the server ended it."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.events: list[tuple[str, Any]] = []
        self.status = 0
        self.opened = threading.Event()
        self.ended = threading.Event()
        self._client = httpx.Client(timeout=httpx.Timeout(30, read=30))
        threading.Thread(target=self._read, args=(url, headers or {}), daemon=True).start()
        assert self.opened.wait(10)

    def _read(self, url: str, headers: dict[str, str]) -> None:
        try:
            with self._client.stream("GET", url, headers=headers) as response:
                self.status = response.status_code
                self.opened.set()
                event: dict[str, str] = {}
                for line in response.iter_lines():
                    if line == "":
                        if "event" in event:
                            self.events.append((event["event"], json.loads(event.get("data", "null"))))
                        event = {}
                    elif not line.startswith(":"):
                        key, _, value = line.partition(": ")
                        event[key] = value
        except (httpx.HTTPError, RuntimeError):
            pass
        finally:
            self.opened.set()
            self.ended.set()

    def of(self, name: str) -> list[Any]:
        return [data for kind, data in list(self.events) if kind == name]

    def wait(self, name: str, count: int = 1, seconds: float = 10) -> list[Any]:
        deadline = time.monotonic() + seconds
        while len(self.of(name)) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.of(name)

    def close(self) -> None:
        self._client.close()


@pytest.fixture
def server(lexicon_dir: Path) -> Iterator[str]:  # noqa: F811
    with BackgroundServer(create_app(str(lexicon_dir), Limits(stream_heartbeat=BEAT))) as url:
        yield url


def _table(client: httpx.Client) -> tuple[str, list[str]]:
    made = client.post("/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]})
    assert made.status_code == 201, made.text
    return made.json()["table"]["id"], made.json()["tokens"]


def _presence(client: httpx.Client, table_id: str) -> list[tuple[bool, bool]]:
    seats = client.get(f"/api/tables/{table_id}").json()["table"]["presence"]
    return [(seat["joined"], seat["connected"]) for seat in seats]


def _until(check: Any, seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(check())


def test_every_reader_sees_who_joined_and_who_is_connected_live(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        table_id, tokens = _table(client)
        assert _presence(client, table_id) == [(False, False), (False, False)]  # nobody came yet
        watcher = Stream(f"{server}/api/tables/{table_id}/events")
        try:
            assert watcher.wait("state")[0]["table"]["presence"] == [{"joined": False, "connected": False}] * 2  # the state carries it
            ali = client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[1]}).json()["token"]
            # the claim reaches the watcher live, without a move: Ali joined, not yet connected
            assert watcher.wait("presence", 1)[-1]["presence"][1] == {"joined": True, "connected": False}
            phone = Stream(f"{server}/api/tables/{table_id}/events?ack=1", {"X-Seat-Token": ali})
            assert watcher.wait("presence", 2)[-1]["presence"][1] == {"joined": True, "connected": True}
            assert _presence(client, table_id) == [(False, False), (True, True)]
            assert phone.wait("state")[0]["table"]["presence"][1] == {"joined": True, "connected": True}
            phone.close()  # the phone goes away: the others see it offline, still joined
            assert watcher.wait("presence", 3)[-1]["presence"][1] == {"joined": True, "connected": False}
            assert _presence(client, table_id) == [(False, False), (True, False)]
            assert watcher.of("state")[-1]["table"]["version"] == 0  # no move was needed
        finally:
            watcher.close()


def test_a_silent_stream_loses_its_place_and_an_acknowledging_one_keeps_it(server: str) -> None:
    """A phone whose network vanished holds its stream until TCP gives up, unless the server notices its silence."""
    with httpx.Client(base_url=server, timeout=30) as client:
        table_id, tokens = _table(client)
        base = f"{server}/api/tables/{table_id}/events"
        silent = Stream(base + "?ack=1", {"X-Seat-Token": tokens[0]})
        heard = Stream(base + "?ack=1", {"X-Seat-Token": tokens[1]})
        plain = Stream(base)  # an API client (the CLI's watch): it promised nothing, so its silence is no sign
        try:
            stream_id = heard.wait("heartbeat")[0]["stream"]
            assert "stream" in silent.wait("heartbeat")[0] and "stream" not in plain.wait("heartbeat")[0]
            started = time.monotonic()
            while time.monotonic() - started < 6 * BEAT:
                assert client.post(f"/api/tables/{table_id}/events/{stream_id}/ack", json={}).status_code == 200
                time.sleep(BEAT / 2)
            assert silent.ended.wait(1)  # closed by the server after 2.5 beats unheard
            assert not heard.ended.is_set() and not plain.ended.is_set()
            assert _presence(client, table_id) == [(False, False), (False, True)]  # Zoé's place is freed: offline
            assert client.post(f"/api/tables/{table_id}/events/nope/ack", json={}).status_code == 404
            assert client.post(f"/api/tables/other-table/events/{stream_id}/ack", json={}).status_code == 404  # an id opens only its table's
        finally:
            for stream in (silent, heard, plain):
                stream.close()
        assert _until(lambda: client.post(f"/api/tables/{table_id}/events/{stream_id}/ack", json={}).status_code == 404)  # closed: gone


def test_the_phone_that_lost_its_seat_is_told_at_once(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        made = client.post("/api/tables", json={"board": BOARD}).json()
        table_id, tokens, creator = made["table"]["id"], made["tokens"], made["creator"]
        old = client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[1]}).json()["token"]
        lost = Stream(f"{server}/api/tables/{table_id}/events?ack=1", {"X-Seat-Token": old})
        other = Stream(f"{server}/api/tables/{table_id}/events", {"X-Seat-Token": tokens[0]})
        try:
            lost.wait("state")
            started = time.monotonic()
            handed = client.post(f"/api/tables/{table_id}/hand-over", json={"creator": creator, "seat": 1})
            assert handed.status_code == 200
            assert lost.wait("revoked") == [{"seat": 1}]
            assert lost.ended.wait(2) and time.monotonic() - started < 1.0  # at once, not at the next heartbeat
            assert not other.ended.is_set() and other.of("revoked") == []  # the other seat is untouched
            assert other.wait("presence")[-1]["presence"][1] == {"joined": False, "connected": False}  # a new invitation: not come yet
            assert client.get(f"/api/tables/{table_id}/events", headers={"X-Seat-Token": old}).status_code == 403
        finally:
            lost.close()
            other.close()


def test_a_claim_or_hand_over_through_another_process_reaches_this_ones_streams(lexicon_dir: Path, empty_database: str) -> None:  # noqa: F811
    """Two servers on one store: joined and a revocation are stored, so the other process sees them at its next
    heartbeat at the latest (at once on PostgreSQL, which announces them); connected is shared on PostgreSQL only
    (SQLite serves one process: there it is each process's own knowledge)."""
    from overturn.table.backends import open_store

    stores = [open_store(empty_database), open_store(empty_database)]
    try:
        with BackgroundServer(create_app(str(lexicon_dir), Limits(stream_heartbeat=BEAT), tables=stores[0])) as first:
            with BackgroundServer(create_app(str(lexicon_dir), Limits(stream_heartbeat=BEAT), tables=stores[1])) as second:
                with httpx.Client(base_url=first, timeout=30) as client:
                    made = client.post("/api/tables", json={"board": BOARD}).json()
                    table_id, tokens, creator = made["table"]["id"], made["tokens"], made["creator"]
                    zoe = client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[0]}).json()["token"]
                    there = Stream(f"{second}/api/tables/{table_id}/events", {"X-Seat-Token": zoe})
                    try:
                        assert there.wait("state")[-1]["table"]["presence"][0] == {"joined": True, "connected": True}
                        client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[1]}).raise_for_status()
                        assert _until(lambda: any(event["presence"][1]["joined"] for event in there.of("presence")), 3)
                        shared = empty_database.startswith("postgresql")
                        assert _presence(client, table_id) == [(True, shared), (True, False)]
                        with httpx.Client(base_url=second, timeout=30) as there_client:
                            assert _presence(there_client, table_id) == [(True, True), (True, False)]
                        assert client.post(f"/api/tables/{table_id}/hand-over", json={"creator": creator, "seat": 0}).status_code == 200
                        assert there.wait("revoked", seconds=3) == [{"seat": 0}] and there.ended.wait(2)
                    finally:
                        there.close()
    finally:
        for store in stores:
            store.close()


# ----- presence across real server processes on one PostgreSQL store ------------------------------------------------

#: A server process with a heartbeat of its own (``overturn serve`` has no option for it): the app on a store, its
#: heartbeat and presence lapse given; stops when its standard input closes (or when killed).
SERVE = """
import sys
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer
from overturn.table.backends import open_store
lexicon, store, beat, lapse = sys.argv[1:]
app = create_app(lexicon, Limits(stream_heartbeat=float(beat), presence_lapse=float(lapse)), tables=open_store(store))
with BackgroundServer(app) as url:
    print(url, flush=True)
    sys.stdin.read()
"""


class Process:
    """SERVE as a server process of its own, with a heartbeat of ``beat`` seconds (``overturn serve`` has no option for
    it); ``url`` once it serves."""

    def __init__(self, lexicon: Path, store: str, beat: float, lapse: float) -> None:
        command = [sys.executable, "-c", SERVE, str(lexicon), store, str(beat), str(lapse)]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().decode().strip()
        if not self.url.startswith("http://"):
            self.kill()
            raise AssertionError(self.process.stderr.read().decode() if self.process.stderr else "the server did not start")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        """SERVE stops when its input closes."""
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def processes() -> Iterator[list[Process | Server]]:
    started: list[Process | Server] = []
    yield started
    for process in started:
        process.stop()


def _connected(stream: Stream, seat: int, wanted: bool, seconds: float) -> float | None:
    """Seconds until the stream's latest presence (an event, or a state's) says ``seat`` is (or is not) connected; None
    if it never did."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        sent = [data["presence"] if kind == "presence" else data["table"]["presence"] for kind, data in list(stream.events) if kind in ("presence", "state")]
        if sent and sent[-1][seat]["connected"] is wanted:
            return time.monotonic() - started
        time.sleep(0.01)
    return None


def test_a_phone_connected_through_one_process_is_connected_for_the_other(lexicon_dir: Path, postgres_url: str, processes: list[Process | Server]) -> None:  # noqa: F811
    """The watcher's process beats once a minute and rereads the leases every 10 s: what it shows within a second came
    through the relay. The phone's beats every 0.3 s (a server notices a closed stream when it writes to it)."""
    processes += [Process(lexicon_dir, postgres_url, BEAT, 30), Process(lexicon_dir, postgres_url, 60, 30)]
    first, second = (process.url for process in processes)
    with httpx.Client(base_url=first, timeout=30) as client, httpx.Client(base_url=second, timeout=30) as there:
        made = client.post("/api/tables", json={"board": BOARD}).json()
        table_id, tokens, creator = made["table"]["id"], made["tokens"], made["creator"]
        zoe = client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[0]}).json()["token"]
        watcher = Stream(f"{second}/api/tables/{table_id}/events")
        try:
            assert watcher.wait("state")[0]["table"]["presence"][0] == {"joined": True, "connected": False}
            phone = Stream(f"{first}/api/tables/{table_id}/events?ack=1", {"X-Seat-Token": zoe})
            assert (_connected(watcher, 0, True, 5) or 99) < 1.5  # Zoé's phone, on the first process, is seen by the second
            assert _presence(there, table_id) == [(True, True), (False, False)]
            ali = client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[1]}).json()["token"]
            assert _until(lambda: bool(watcher.of("presence")) and watcher.of("presence")[-1]["presence"][1]["joined"], 1.5)  # a claim, at once
            phone.close()
            assert (_connected(watcher, 0, False, 5) or 99) < 1.5  # and its going away
            assert _presence(there, table_id) == [(True, False), (True, False)]
            lost = Stream(f"{second}/api/tables/{table_id}/events", {"X-Seat-Token": zoe})
            assert lost.wait("state")
            started = time.monotonic()
            assert client.post(f"/api/tables/{table_id}/hand-over", json={"creator": creator, "seat": 0}).status_code == 200
            assert lost.wait("revoked", seconds=3) == [{"seat": 0}] and time.monotonic() - started < 1.5  # a hand-over, at once
            lost.close()
        finally:
            watcher.close()
        # a table nobody follows on the second process: its read asks the store who is connected elsewhere
        phone = Stream(f"{first}/api/tables/{table_id}/events", {"X-Seat-Token": ali})
        try:
            assert phone.wait("state") and _until(lambda: _presence(there, table_id) == [(False, False), (True, True)], 2)
        finally:
            phone.close()


def test_a_killed_process_keeps_no_seat_connected_past_its_lapse(lexicon_dir: Path, postgres_url: str, processes: list[Process | Server]) -> None:  # noqa: F811
    """kill -9: the process says nothing; its leases lapse, and the other process shows its phone offline by then. The
    doomed process is `overturn serve --presence-lapse`: the lapse given on the command line is the one that holds (the
    default's 30 s would fail the bounds below)."""
    lapse = 1.5
    processes += [Server(lexicon_dir, postgres_url, "--presence-lapse", str(lapse)), Process(lexicon_dir, postgres_url, 60, lapse)]
    doomed, survivor = processes
    with httpx.Client(base_url=survivor.url, timeout=30) as client:
        table_id, tokens = _table(client)
        phone = Stream(f"{doomed.url}/api/tables/{table_id}/events", {"X-Seat-Token": tokens[0]})
        watcher = Stream(f"{survivor.url}/api/tables/{table_id}/events")
        try:
            assert phone.wait("state") and _connected(watcher, 0, True, 5) is not None
            killed = time.monotonic()
            doomed.kill()
            assert _connected(watcher, 0, False, 3 * lapse) is not None
            offline = time.monotonic() - killed
            assert 2 / 3 * lapse - 0.2 < offline < lapse * 4 / 3 + 1.0  # not before its last lease ran out, and soon after
            assert _presence(client, table_id) == [(False, False), (False, False)]
        finally:
            phone.close()
            watcher.close()
