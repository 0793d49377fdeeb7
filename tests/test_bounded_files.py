"""Every game file, server answer and request body is bounded in bytes and depth before it is held (issue 41, item 1).

The commands run in a process that may not map more than 512 MB (``RLIMIT_AS``): a 1 GB game file
(sparse, so the test writes nothing) and one nested 100,000 deep are refused with exit 2 naming the bound,
never a MemoryError or RecursionError traceback. A command that saves read the whole file once before
taking its lock (to see whether another command moved on meanwhile), which a 1 GB file turned into a
MemoryError. The table's answers and its live stream come from a server the terminal does not control;
the service's request bodies from anyone: both are read up to their bound, then refused.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_bounded_input import limited

from overturn.jsonbounds import MAX_BYTES, MAX_DEPTH
from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn_cli import table_stream
from overturn_cli.main import main

#: Every command that reads a game file, and the ones that save it (they look at the file before their lock).
READERS = [
    ("game", "show"), ("game", "play", "MAISON"), ("game", "undo"), ("play",), ("solve", "--state"),
    ("overload", "show"), ("overload", "undo"), ("offboard", "show"), ("offboard", "play", "a1"),
    ("insider", "show"), ("insider", "undo"),
]


def one_gigabyte_string(path: Path) -> Path:
    """A JSON string of a thousand million characters, sparse: nothing but its two ends is written to the disk."""
    with path.open("wb") as handle:
        handle.write(b'"')
        handle.seek(1 << 30)
        handle.write(b'a"')
    return path


def deep(path: Path) -> Path:
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return path


def command_on(words: tuple[str, ...], state: Path) -> list[str]:
    """``words`` with ``--state FILE`` where the command takes it (``solve --state FILE``)."""
    if words[-1] == "--state":
        return [*words, str(state)]
    return [*words, "--state", str(state)]


@pytest.mark.parametrize("words", READERS, ids=" ".join)
def test_a_huge_game_file_is_refused_by_its_size_under_512_mb(words: tuple[str, ...], tmp_path: Path) -> None:
    done = limited(*command_on(words, one_gigabyte_string(tmp_path / "huge.json")), env={})
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"too large ({(1 << 30) + 2:,} bytes; the limit is {MAX_BYTES:,})" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("words", READERS, ids=" ".join)
def test_a_deep_game_file_is_refused_by_its_depth_under_512_mb(words: tuple[str, ...], tmp_path: Path) -> None:
    done = limited(*command_on(words, deep(tmp_path / "deep.json")), env={})
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"nested 100000 levels deep: more than {MAX_DEPTH} deep is refused" in done.stderr
    assert "Traceback" not in done.stderr


# ----- a server that answers what it likes -------------------------------------------------------


class Hostile(http.server.BaseHTTPRequestHandler):
    """Answers every GET with ``answer`` (bytes, or a callable writing to the socket)."""

    answer: Any = b"{}"
    content_type = "application/json"

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", self.content_type)
        self.end_headers()
        if callable(self.answer):
            self.answer(self.wfile)
        else:
            self.wfile.write(self.answer)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hostile() -> Iterator[type[Hostile]]:
    handler = type("Handler", (Hostile,), {})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    handler.url = f"http://127.0.0.1:{server.server_address[1]}"  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield handler
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def test_a_table_answer_nested_100000_deep_is_refused_naming_the_bound(hostile: type[Hostile]) -> None:
    hostile.answer = b"[" * 100_000 + b"]" * 100_000
    done = CliRunner().invoke(main, ["table", "show", f"{hostile.url}/?table=T1#seat=S1"])  # type: ignore[attr-defined]
    assert isinstance(done.exception, SystemExit), done.exception
    assert done.exit_code == 1
    assert f"the server's answer: nested 100000 levels deep: more than {MAX_DEPTH} deep is refused" in done.output


def test_a_stream_line_that_never_ends_is_refused_at_the_bound(hostile: type[Hostile], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_stream, "MAX_EVENT_BYTES", 64 * 1024)
    sent = []

    def endless(wfile: Any) -> None:
        wfile.write(b"event: state\ndata: ")
        for _ in range(2000):  # 128 MB at most, cut off as soon as the reader has gone
            try:
                wfile.write(b"x" * 65536)
            except OSError:
                return
            sent.append(1)

    hostile.answer, hostile.content_type = staticmethod(endless), "text/event-stream"
    done = CliRunner().invoke(main, ["table", "watch", f"{hostile.url}/?table=T1"])  # type: ignore[attr-defined]
    assert done.exit_code == 1, done.output
    assert "the server's stream sent an event larger than 65,536 bytes" in done.output
    assert len(sent) < 200  # the reader stopped at the bound, the server's writes failed soon after


def test_a_deep_stream_event_is_refused_naming_the_bound(hostile: type[Hostile]) -> None:
    hostile.answer = b"event: state\ndata: " + b"[" * 100_000 + b"]" * 100_000 + b"\n\n"
    hostile.content_type = "text/event-stream"
    done = CliRunner().invoke(main, ["table", "watch", f"{hostile.url}/?table=T1"])  # type: ignore[attr-defined]
    assert done.exit_code == 1, done.output
    assert f"the server's stream: nested 100000 levels deep: more than {MAX_DEPTH} deep is refused" in done.output


# ----- request bodies ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app() -> Any:
    table = {"MAISON": [Entry("maison", "maison", "N")], "SOU": [Entry("sou", "sou", "N")]}
    with tempfile.TemporaryDirectory() as directory:
        yield create_app(str(write_build(Path(directory) / "small", table, {"name": "small", "description": "test"})), Limits())


def post_in_chunks(app: Any, path: str, chunks: Iterator[bytes]) -> tuple[int, dict[str, Any], int]:
    """POST a body the app pulls chunk by chunk (no Content-Length): its status, its JSON answer, the chunks it pulled."""
    pulled = 0
    answer: dict[str, Any] = {"status": 0, "body": b""}

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            answer["body"] += message.get("body", b"")

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http", "path": path,
        "raw_path": path.encode(), "query_string": b"", "root_path": "", "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80),
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")],
    }

    asyncio.run(app(scope, receive, send))  # the body is read before anything the app's start-up prepares
    return answer["status"], json.loads(answer["body"]), pulled


def test_a_200_mb_body_is_refused_after_reading_its_bound(app: Any) -> None:
    chunk = 64 * 1024
    body = (b'{"board": "' if index == 0 else b"a" * chunk for index in range(200 * 1024 * 1024 // chunk))
    status, answer, pulled = post_in_chunks(app, "/api/solve", body)
    limit = Limits().max_body_bytes
    assert status == 413 and answer["error"] == f"the request body is larger than {limit} bytes"
    assert pulled <= limit // chunk + 2  # read up to the bound, not one chunk more


def test_a_body_nested_30000_deep_is_refused_naming_the_bound(app: Any) -> None:
    deepest = 30_000  # 60,000 bytes: under the body's size bound, so its depth is what refuses it
    status, answer, _ = post_in_chunks(app, "/api/solve", iter([b"[" * deepest + b"]" * deepest]))
    assert status == 400, answer
    assert answer["error"] == f"the body: nested {deepest} levels deep: more than {Limits().max_json_depth} deep is refused"
