"""The HTTP service under hostile clients (the attacks found when the service was tried as an attacker would), over real HTTP on loopback.

Each reproduction of the issue is a test here: deep nesting, lone surrogates and
wrong types answer 4xx and leave the keep-alive connection usable; slow or
bloated headers and short bodies are cut off; cross-site simple requests are
refused; every answer carries the security headers; large answers are gzipped;
conditional GETs get 304; a lexicon that yields no word is refused at start-up.
"""

from __future__ import annotations

import asyncio
import gzip
import http.client
import json
import select
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import LexiconError
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.errors import ApiError
from overturn.service.limits import Limits
from overturn.service.middleware import Hardening
from overturn.service.server import BackgroundServer
from overturn.service.workers import Workers
from overturn_cli.serve import serve

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = {"ACCES": "accès", "SOU": "sou", "SOUS": "sous", "TOUS": "tous", "OSE": "osé", "ALLEZ": "allez", "ALEXIE": "alexie"}
LIMITS = Limits(max_body_bytes=64 * 1024, body_timeout=0.5, header_timeout=1.0, max_header_bytes=4096, gzip_min_bytes=500)
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {key: [Entry(form, form, "N")] for key, form in WORDS.items()}
    return write_build(tmp_path_factory.mktemp("hostile") / "small", table, {"name": "small", "description": "test words"})


@pytest.fixture(scope="module")
def port(lexicon_dir: Path) -> Iterator[int]:
    with BackgroundServer(create_app(str(lexicon_dir), LIMITS)) as url:
        yield int(url.rsplit(":", 1)[1])


class Connection:
    """One keep-alive HTTP/1.1 connection; ``same_socket`` tells whether the server kept it open."""

    def __init__(self, port: int) -> None:
        self._http = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self._http.connect()
        self._socket = self._http.sock

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        self._http.request(method, path, body=body, headers=headers or {})
        response = self._http.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()

    @property
    def same_socket(self) -> bool:
        return self._http.sock is self._socket

    def close(self) -> None:
        self._http.close()


@pytest.fixture
def connection(port: int) -> Iterator[Connection]:
    opened = Connection(port)
    yield opened
    opened.close()


def assert_refused_and_still_open(connection: Connection, method: str, path: str, body: bytes, status: int, fragment: str) -> None:
    """A 4xx JSON answer naming the problem, then a normal answer on the very same connection."""
    got, headers, answer = connection.request(method, path, body, JSON)
    assert got == status, answer
    assert fragment in json.loads(answer)["error"]
    assert headers.get("connection") != "close"
    assert connection.request("GET", "/health")[0] == 200
    assert connection.same_socket


# ----- malformed bodies: 4xx, never 500, the connection kept -------------------------------------------


def test_deeply_nested_solve_body_is_400_and_the_connection_stays(connection: Connection) -> None:
    nested = b"[" * 20_000 + b"]" * 20_000
    assert_refused_and_still_open(connection, "POST", "/api/solve", nested, 400, "more than 32 deep")
    in_object = b'{"board": ' + b'{"a":' * 100 + b"1" + b"}" * 100 + b"}"
    assert_refused_and_still_open(connection, "POST", "/api/solve", in_object, 400, "more than 32 deep")


def test_referee_with_a_nested_game_is_400(connection: Connection) -> None:
    game = b'{"game":' * 5000 + b'{"format":"overturn-game"}' + b"}" * 5000
    body = b'{"word":"sou","game":' + game + b"}"
    assert_refused_and_still_open(connection, "POST", "/api/referee", body, 400, "more than 32 deep")


def test_lone_surrogate_is_400_not_a_unicode_error(connection: Connection) -> None:
    body = b'{"word":"ac\\ud800ces","board":"' + BOARD.encode() + b'"}'
    assert_refused_and_still_open(connection, "POST", "/api/referee", body, 400, "lone surrogate")
    key = b'{"\\udfff":1,"board":"' + BOARD.encode() + b'"}'
    assert_refused_and_still_open(connection, "POST", "/api/solve", key, 400, "lone surrogate")


def test_a_valid_surrogate_pair_is_still_accepted(connection: Connection) -> None:
    body = json.dumps({"word": "sou\U0001F600", "board": BOARD}).encode()  # json.dumps writes the pair as \\ud83d\\ude00
    status, _, answer = connection.request("POST", "/api/referee", body, JSON)
    assert status == 200 and json.loads(answer)["legal"] is False
    assert json.loads(answer)["word"] == "sou\U0001F600"  # echoed back intact


WRONG_TYPES = [
    ("/api/solve", {"board": ["AMRECD"]}, 400),
    ("/api/solve", {"board": BOARD, "lexicon": ["small"]}, 422),
    ("/api/solve", {"board": BOARD, "mode": {"a": 1}}, 422),
    ("/api/solve", {"board": BOARD, "limit": 2.5}, 400),
    ("/api/solve", {"board": BOARD, "min_length": [3]}, 400),
    ("/api/referee", {"board": BOARD, "word": 5}, 400),
    ("/api/referee", {"board": BOARD, "word": "sou", "player": ["green"]}, 422),
    ("/api/referee", {"board": BOARD, "word": "sou", "path": {"0": 1}}, 400),
    ("/api/referee", {"game": [1], "word": "sou"}, 422),
    ("/api/referee", {"game": {"format": {}}, "word": "sou"}, 422),
    ("/api/referee", {"game": "x", "word": "sou"}, 422),
]


def test_wrong_types_are_4xx_on_one_connection(connection: Connection) -> None:
    for path, data, status in WRONG_TYPES:
        got, _, answer = connection.request("POST", path, json.dumps(data).encode(), JSON)
        assert got == status, (data, answer)
        assert json.loads(answer)["error"]
    assert connection.request("GET", "/health")[0] == 200
    assert connection.same_socket


def test_an_internal_error_is_a_json_500_that_keeps_the_connection() -> None:
    async def broken(_request: Request) -> Response:
        raise RuntimeError("a bug")

    async def fine(_request: Request) -> Response:
        return Response("ok")

    app = Starlette(routes=[Route("/broken", broken), Route("/fine", fine)], middleware=[Middleware(Hardening, limits=LIMITS)])
    with BackgroundServer(app) as url:
        connection = Connection(int(url.rsplit(":", 1)[1]))
        status, headers, body = connection.request("GET", "/broken")
        assert status == 500 and json.loads(body) == {"error": "internal error; please report it", "detail": {"type": "RuntimeError"}}
        assert "content-security-policy" in headers
        assert connection.request("GET", "/fine")[:1] == (200,)
        assert connection.same_socket
        connection.close()


# ----- content type, hosts, headers -------------------------------------------------------------------


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None])
def test_posts_other_than_json_are_415(connection: Connection, content_type: str | None) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    status, _, answer = connection.request("POST", "/api/solve", json.dumps({"board": BOARD}).encode(), headers)
    assert status == 415 and "Content-Type: application/json" in json.loads(answer)["error"]
    status, _, _ = connection.request("POST", "/api/solve", json.dumps({"board": BOARD}).encode(), {"Content-Type": "application/json; charset=utf-8"})
    assert status == 200 and connection.same_socket


@pytest.mark.parametrize("path", ["/", "/health", "/static/app.js", "/api/nothing", "/favicon.ico", "/api/words/abc1"])
def test_every_answer_carries_the_security_headers(connection: Connection, path: str) -> None:
    _, headers, _ = connection.request("GET", path)
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_allowed_hosts_refuse_other_host_headers(lexicon_dir: Path) -> None:
    with BackgroundServer(create_app(str(lexicon_dir), LIMITS, allowed_hosts=["club.local"])) as url:
        connection = Connection(int(url.rsplit(":", 1)[1]))
        assert connection.request("GET", "/health", headers={"Host": "club.local:8000"})[0] == 200
        status, headers, _ = connection.request("GET", "/health", headers={"Host": "evil.example"})
        assert status == 400 and "x-content-type-options" in headers
        connection.close()


def test_any_host_is_answered_without_an_allowed_list(connection: Connection) -> None:
    assert connection.request("GET", "/health", headers={"Host": "anything.example"})[0] == 200


# ----- compression, favicon, conditional GETs ----------------------------------------------------------------


def test_large_answers_are_gzipped_small_ones_not(connection: Connection) -> None:
    body = json.dumps({"board": BOARD}).encode()
    status, headers, packed = connection.request("POST", "/api/solve", body, {**JSON, "Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert {item["word"] for item in json.loads(gzip.decompress(packed))["words"]} == set(WORDS) - {"SOU"} | {"SOU"}
    status, headers, _ = connection.request("GET", "/health", headers={"Accept-Encoding": "gzip"})
    assert status == 200 and "content-encoding" not in headers
    _, headers, plain = connection.request("POST", "/api/solve", body, JSON)
    assert "content-encoding" not in headers and json.loads(plain)["count"] == len(WORDS)


def test_favicon_is_a_small_svg(connection: Connection) -> None:
    status, headers, body = connection.request("GET", "/favicon.ico")
    assert status == 200 and headers["content-type"].startswith("image/svg+xml")
    assert body.startswith(b"<svg") and len(body) < 1024


@pytest.mark.parametrize("path", ["/", "/favicon.ico", "/static/app.js", "/static/style.css"])
def test_conditional_get_answers_304(connection: Connection, path: str) -> None:
    status, headers, body = connection.request("GET", path)
    assert status == 200 and body
    etag = headers["etag"]
    status, headers, body = connection.request("GET", path, headers={"If-None-Match": etag})
    assert status == 304 and body == b"" and headers["etag"] == etag
    assert connection.request("GET", path, headers={"If-None-Match": '"something-else"'})[0] == 200
    assert connection.same_socket


# ----- slow and bloated clients --------------------------------------------------------------------------------


def _raw(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5)


def _read_all(raw: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    chunks = []
    while chunk := raw.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def test_headers_that_never_end_are_cut_off(port: int) -> None:
    with _raw(port) as raw:
        started = time.monotonic()
        raw.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        for _ in range(5):  # a slowloris keeps sending, a byte at a time
            time.sleep(0.1)
            raw.sendall(b"X")
        answer = _read_all(raw)
        assert answer.startswith(b"HTTP/1.1 408")
        assert 0.9 <= time.monotonic() - started < 4  # the server's timer started at connect, just before `started`


def test_headers_too_large_are_refused(port: int) -> None:
    with _raw(port) as raw:
        raw.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 8000 + b"\r\n\r\n")
        assert _read_all(raw).startswith(b"HTTP/1.1 400")


def test_a_header_line_that_never_ends_is_cut_off_at_the_limit(port: int) -> None:
    """The parser buffers a header line until it ends: the bytes are counted before it sees them."""
    with _raw(port) as raw:
        started = time.monotonic()
        raw.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ")
        sent = 0
        while sent < 64 * 1024:  # no line end, ever: up to 16 times the limit, until the server answers
            raw.sendall(b"a" * 1024)
            sent += 1024
            if select.select([raw], [], [], 0.02)[0]:
                break
        answer = raw.recv(65536)
        assert answer.startswith(b"HTTP/1.1 400") and b"larger than 4096 bytes" in answer
        assert time.monotonic() - started < 0.9  # at the limit, not at the 1 s header deadline
    honest = Connection(port)  # and the server still answers everyone else
    try:
        assert honest.request("GET", "/health")[0] == 200
    finally:
        honest.close()


def test_a_body_shorter_than_its_length_is_not_waited_on(port: int) -> None:
    with _raw(port) as raw:
        started = time.monotonic()
        raw.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"board\":")
        answer = _read_all(raw)
        assert answer.startswith(b"HTTP/1.1 408")
        assert b"did not arrive within 0.5 s" in answer
        assert time.monotonic() - started < 3


def test_connections_over_the_limit_get_503(lexicon_dir: Path) -> None:
    """uvicorn's limit_concurrency: held-open connections cannot starve the machine, new requests hear why."""
    with BackgroundServer(create_app(str(lexicon_dir), replace(LIMITS, max_connections=4))) as url:
        port = int(url.rsplit(":", 1)[1])
        held = [_raw(port) for _ in range(4)]
        try:
            for raw in held:
                raw.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # headers never finished
            time.sleep(0.1)
            with _raw(port) as extra:
                extra.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                assert extra.recv(64).startswith(b"HTTP/1.1 503")
        finally:
            for raw in held:
                raw.close()
        time.sleep(0.2)
        assert Connection(port).request("GET", "/health")[0] == 200


def test_a_client_leaving_mid_body_is_not_an_internal_error(port: int, caplog: pytest.LogCaptureFixture) -> None:
    with _raw(port) as raw:
        raw.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        time.sleep(0.1)
    time.sleep(0.3)  # the server sees the disconnect while reading the body
    assert not [record for record in caplog.records if record.name == "overturn.service"]
    assert Connection(port).request("GET", "/health")[0] == 200


def test_an_idle_connection_between_requests_is_still_served(connection: Connection) -> None:
    """The header timer starts again after each answer: a phone pausing briefly keeps its connection."""
    assert connection.request("GET", "/health")[0] == 200
    time.sleep(0.6)
    assert connection.request("GET", "/health")[0] == 200
    time.sleep(0.6)  # 1.2 s since the connection opened, over the header timeout, but each wait was shorter
    assert connection.request("GET", "/health")[0] == 200
    assert connection.same_socket


# ----- busy is 503, not the client's fault ------------------------------------------------------------------


@pytest.mark.parametrize("max_pending", [1, 4], ids=["pool full", "queued past its time"])
def test_a_job_that_never_got_a_thread_is_503_not_422(max_pending: int) -> None:
    """Busy is the server's state (503 and Retry-After), whether the pool is full or the job waited past its time;
    only a job that ran too long gets the caller's own error, and an abandoned job counts until its thread ends."""
    release = threading.Event()
    workers = Workers("test", threads=1, max_pending=max_pending)
    too_slow = ApiError(422, "the pattern search took too long")

    async def scenario() -> None:
        blocking = asyncio.ensure_future(workers.run(release.wait, 30, too_slow))
        await asyncio.sleep(0.05)
        with pytest.raises(ApiError) as busy:
            await workers.run(lambda: 1, 0.1, too_slow)
        assert busy.value.status == 503 and busy.value.headers == {"Retry-After": "2"}
        release.set()
        assert await blocking is True
        with pytest.raises(ApiError) as slow:
            await workers.run(lambda: time.sleep(0.3), 0.05, too_slow)
        assert slow.value is too_slow
        await asyncio.sleep(0.4)
        assert workers.pending == 0

    try:
        asyncio.run(scenario())
    finally:
        workers.shutdown()


# ----- lexicons: no empty ones, no server paths ---------------------------------------------------------------


def test_a_lexicon_without_words_is_refused_at_start_up(tmp_path: Path) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n")
    with pytest.raises(LexiconError, match="holds no word"):
        create_app(str(passwd))
    result = CliRunner().invoke(serve, ["--lexicon", str(passwd), "--port", "0"])
    assert result.exit_code == 2 and "holds no word" in result.output


def test_lexicons_show_names_never_server_paths(tmp_path: Path) -> None:
    words = tmp_path / "secret-dir" / "club.txt"
    words.parent.mkdir()
    words.write_text("maison\nchien\nniche\n")
    app = create_app(str(words), LIMITS)
    with BackgroundServer(app) as url:
        connection = Connection(int(url.rsplit(":", 1)[1]))
        status, _, body = connection.request("GET", "/api/lexicons")
        connection.close()
    assert status == 200
    assert "secret-dir" not in body.decode() and str(tmp_path) not in body.decode()
    assert json.loads(body)["lexicons"][0]["words"] == 3


def test_a_loopback_server_answers_only_loopback_host_names(lexicon_dir: Path) -> None:
    """DNS rebinding: a page on another site that resolves its name to 127.0.0.1 names its own Host."""
    from overturn_cli.serve import hosts_to_allow

    assert hosts_to_allow("0.0.0.0", ()) is None and hosts_to_allow("127.0.0.1", ("club.local",)) == ["club.local"]
    allowed = hosts_to_allow("127.0.0.1", ())
    assert allowed is not None and "localhost" in allowed
    with BackgroundServer(create_app(str(lexicon_dir), LIMITS, allowed_hosts=allowed)) as url:
        connection = Connection(int(url.rsplit(":", 1)[1]))
        try:
            assert connection.request("GET", "/health", headers={"Host": "localhost:8000"})[0] == 200
            assert connection.request("GET", "/health", headers={"Host": "127.0.0.1:8000"})[0] == 200
            assert connection.request("GET", "/health", headers={"Host": "rebind.attacker.example"})[0] == 400
        finally:
            connection.close()


def test_a_body_after_headers_whose_end_straddles_two_reads_is_not_counted_as_headers(port: int) -> None:
    """The blank line ending the headers split over two packets: the large body after it is a body."""
    body = (json.dumps({"board": BOARD})[:-1] + " " * 20000 + "}").encode()  # padded with blanks: an unknown field is refused
    head = f"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r".encode()
    with _raw(port) as raw:
        raw.sendall(head)
        time.sleep(0.1)  # two reads on the server: "...\r\n\r" then "\n" and the body
        raw.sendall(b"\n" + body)
        answer = raw.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]


def test_a_request_whose_head_shares_a_read_with_the_previous_body_has_its_body_counted_as_body(port: int) -> None:
    """An early answer (413 on the declared length) lets a client send its next request while the server still reads
    the previous body: the end of that body and the next head arrive in one read, the next body in another. The next
    body is a body, not header bytes (found by the game endpoints' mutation test under load: 400 text/plain)."""
    big = b"[" * 70_000  # over the 64 KB body limit: answered 413 as soon as the head is read
    first = f"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(big)}\r\n\r\n".encode()
    body = (json.dumps({"board": BOARD})[:-1] + " " * 20000 + "}").encode()  # padded with blanks: an unknown field is refused
    second = f"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    with _raw(port) as raw:
        raw.sendall(first + big[:-10])
        assert raw.recv(65536).startswith(b"HTTP/1.1 413")
        raw.sendall(big[-10:] + second)  # the previous body's end and the next head in one read
        time.sleep(0.1)
        raw.sendall(body)  # then the next body, larger than the 4 KB header limit
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = raw.recv(65536)
            assert chunk, answer
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
