"""Table games survive the server: a restart, and ``kill -9`` in the middle of a move, on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "ALLEZ", "MAISON", "SAC", "CASE", "ETE"]


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("durable") / "small", table, {"name": "small"})


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``overturn serve`` (with any further ``options``) as a separate process, so it can be killed for real."""

    def __init__(self, lexicon: Path, store: str, *options: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "overturn_cli", "serve", "--lexicon", str(lexicon), "--store", store, "--port", str(self.port), "--log-level", "warning", *options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        try:
            while True:
                assert self.process.poll() is None, self.process.stderr.read().decode() if self.process.stderr else ""
                try:
                    if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        except BaseException:
            self.kill()  # a server that failed to start is not left running
            raise

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)


@pytest.fixture
def servers(lexicon_dir: Path, store: str) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def _move(url: str, table_id: str, token: str, version: int, **action: Any) -> httpx.Response:
    return httpx.post(f"{url}/api/tables/{table_id}/moves", json={"seat": token, "version": version, "action": action}, timeout=30)


def test_a_table_survives_kill_9_mid_move_and_resumes(lexicon_dir: Path, store: str, servers: list[Server]) -> None:
    servers.append(Server(lexicon_dir, store))
    first = servers[-1]
    created = httpx.post(f"{first.url}/api/tables", json={"board": BOARD}, timeout=30).json()
    table_id, (green, silver) = created["table"]["id"], created["tokens"]
    assert _move(first.url, table_id, green, 0, kind="word", word="ACCES").status_code == 200
    assert _move(first.url, table_id, silver, 1, kind="pass", cell=[0, 0]).status_code == 200

    # A move in flight when the server dies: it is either committed whole or not at all.
    answers: list[Any] = []

    def in_flight() -> None:
        try:
            answers.append(_move(first.url, table_id, green, 2, kind="pass", cell=[0, 1]).status_code)
        except httpx.HTTPError as exc:
            answers.append(exc)

    thread = threading.Thread(target=in_flight)
    thread.start()
    time.sleep(0.005)
    first.kill()
    thread.join(30)

    servers.append(Server(lexicon_dir, store))
    second = servers[-1]
    seen = httpx.get(f"{second.url}/api/tables/{table_id}", timeout=30)
    assert seen.status_code == 200, seen.text  # replayed and checked from the store
    state = seen.json()
    version = state["table"]["version"]
    assert version in (2, 3) and len(state["game"]["moves"]) == version
    if answers == [200]:
        assert version == 3  # a move answered 200 is never lost
    assert [move["kind"] for move in state["game"]["moves"][:2]] == ["word", "pass"]
    to_move = state["table"]["turn"]
    resumed = _move(second.url, table_id, (green, silver)[to_move], version, kind="pass", cell=[5, 5])
    assert resumed.status_code == 200, resumed.text
    assert resumed.json()["table"]["version"] == version + 1
