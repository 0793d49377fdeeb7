"""The dictionary, solver and referee over HTTP: a Starlette ASGI app for a club's own server.

Starlette rather than FastAPI: the few endpoints take flat parameters that a
dozen lines of checks validate with messages written for players, the library
types are already JSON-ready, and the OpenAPI schema below is plain data that
the schema-driven tests hold the code to; it keeps pydantic out of the default
install and the per-request overhead low for the look-up rate a table needs.

Everything that can take more than a millisecond (solving, pattern, prefix and
anagram searches, "did you mean") runs in bounded thread pools with a time
limit, so the event loop never blocks and a flood of requests gets a 503 with
Retry-After instead of an ever-growing queue. Lexicons are loaded once, when
the app is created, and shared read-only by every request.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from overturn import __version__
from overturn.game.board import MAX_SEED, PRESETS, Board, BoardError, Rules
from overturn.game.state import Colour, Game, GameError
from overturn.jsonstore import StateFileError
from overturn.lexicon.lexicon import Lexicon, PatternError
from overturn.lexicon.registry import DEFAULT_LEXICON, load_lexicon
from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.game.referee import REASONS, referee_word
from overturn.game.solver import Solver
from overturn.game.tiles import deal

WEB_DIR = Path(__file__).parent.parent / "web"
T = TypeVar("T")
log = logging.getLogger("overturn.service.app")


@dataclass(frozen=True)
class Limits:
    """Every bound the service enforces; the defaults suit one club on a small machine."""

    max_body_bytes: int = 64 * 1024  #: request bodies larger than this get 413 before any parsing
    max_results: int = 1000  #: most words a prefix, pattern or anagram search returns
    max_solve_words: int = 10_000  #: most words a solve returns (longest first)
    max_word_length: int = 64
    max_pattern_length: int = 200
    max_anagram_letters: int = 15  #: letters plus wildcards
    max_wildcards: int = 2
    pattern_timeout: float = 2.0  #: seconds a pattern scan may take (the lexicon enforces it)
    search_timeout: float = 5.0  #: seconds any search job may take before the client gets an answer
    solve_timeout: float = 20.0
    solve_threads: int = 2
    search_threads: int = 2
    max_pending: int = 64  #: jobs queued or running per pool before new ones get 503
    solve_cache: int = 64  #: boards whose solutions are kept (every phone at a table asks for the same one)
    max_json_depth: int = 32  #: deepest nesting of arrays and objects a body may have (a saved game needs about 6)
    body_timeout: float = 10.0  #: seconds a client has to send a whole request body (it may declare more than it sends)
    header_timeout: float = 10.0  #: seconds a client has to send a request's headers (slowloris)
    max_header_bytes: int = 16 * 1024  #: request line plus headers; larger requests get 400 and the connection closes
    keep_alive_timeout: int = 5  #: seconds an idle keep-alive connection stays open (uvicorn's timeout_keep_alive)
    max_connections: int = 1000  #: open connections or running requests before new requests get 503 (uvicorn's limit_concurrency)
    gzip_min_bytes: int = 1024  #: answers at least this large are gzipped for clients that accept it

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value < 0 or (value == 0 and name != "solve_cache"):
                raise ValueError(f"limit {name} must be positive, got {value}")


class ApiError(Exception):
    """An answer other than 200: the status, a message a person can act on, and optional detail."""

    def __init__(self, status: int, message: str, detail: Any = None, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.detail = detail
        self.headers = dict(headers or {})


def error_response(status: int, message: str, detail: Any = None, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "detail": detail}, status_code=status, headers=dict(headers or {}))


# --- bounded work off the event loop ---------------------------------------------


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
        except asyncio.TimeoutError:
            if not started.is_set():
                raise self._busy() from None
            raise too_slow from None

    def _busy(self) -> ApiError:
        return ApiError(503, "the server is busy; try again in a moment", {"pending": self._pending}, {"Retry-After": "2"})

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class SolveCache:
    """Encoded solutions of recent boards, and one shared computation per board being solved.

    Players at one table all ask for the same board within seconds; the first
    request solves it and the others wait for that result instead of queueing
    their own copies. Lives on the event loop: no lock needed.
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._done: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._running: dict[tuple[Any, ...], asyncio.Future[bytes]] = {}

    async def get(self, key: tuple[Any, ...], compute: Callable[[], Awaitable[bytes]]) -> tuple[bytes, bool]:
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

    def _finish(self, key: tuple[Any, ...], future: asyncio.Future[bytes]) -> None:
        self._running.pop(key, None)
        if self._size and not future.cancelled() and future.exception() is None:
            self._done[key] = future.result()
            while len(self._done) > self._size:
                self._done.popitem(last=False)


# --- parameter checks -------------------------------------------------------------


def _int(value: Any, name: str, low: int, high: int, default: int | None = None) -> int:
    if value is None or value == "":
        if default is None:
            raise ApiError(400, f"'{name}' is required", {"field": name})
        return default
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ApiError(400, f"'{name}' must be a whole number", {"field": name})
    try:
        number = int(value)
    except ValueError:
        raise ApiError(400, f"'{name}' must be a whole number, not {value!r}", {"field": name}) from None
    if not low <= number <= high:
        raise ApiError(422, f"'{name}' must be between {low} and {high}, not {number}", {"field": name})
    return number


def _bool(value: Any, name: str, default: bool = False) -> bool:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "1", "yes"):
        return True
    if isinstance(value, str) and value.lower() in ("false", "0", "no"):
        return False
    raise ApiError(400, f"'{name}' must be true or false, not {value!r}", {"field": name})


def _text(value: Any, name: str, max_length: int, required: bool = True) -> str:
    if value is None or value == "":
        if required:
            raise ApiError(400, f"'{name}' is required", {"field": name})
        return ""
    if not isinstance(value, str):
        raise ApiError(400, f"'{name}' must be a string", {"field": name})
    if len(value) > max_length:
        raise ApiError(422, f"'{name}' is too long: at most {max_length} characters", {"field": name, "max": max_length})
    return value


def _check_json_value(value: Any, max_depth: int, too_deep: ApiError) -> None:
    """Refuse what json.loads accepts but the handlers cannot use safely: deep nesting, lone surrogates.

    Deep nesting would overflow the recursion of any code that walks the value
    (a nested saved game); a lone surrogate (``"\\ud800"``) is valid JSON but
    no UTF-8 text, so echoing it back would fail. Iterative, so nothing recurses here.
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
            continue
        if depth > max_depth:
            raise too_deep
        children = item
        if isinstance(item, dict):
            for key in item:
                _check_text(key)
            children = item.values()
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list, str)))


def _check_text(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise ApiError(400, f"the body has a lone surrogate (an unpaired \\u escape) in {text[:40]!r}") from None


def _key(word: str, name: str = "word") -> str:
    try:
        return normalize_key(word)
    except InvalidWord as exc:
        raise ApiError(422, str(exc), {"field": name}) from None


# --- JSON shapes ----------------------------------------------------------------


def _entries_json(lexicon: Lexicon, key: str) -> list[dict[str, str]]:
    return [{"form": form, "lemma": lemma, "pos": pos} for form, lemma, pos in lexicon.entries(key)]


def _rules_json(rules: Rules) -> dict[str, Any]:
    return {
        "rows": rules.rows,
        "cols": rules.cols,
        "reuse": rules.reuse,
        "min_length": rules.min_length,
        "min_tiles": rules.min_tiles,
    }


def _board_json(board: Board) -> dict[str, Any]:
    cols = board.rules.cols
    faces = board.faces
    return {
        "board": str(board),
        "faces": [list(faces[row * cols : (row + 1) * cols]) for row in range(board.rules.rows)],
        "rules": _rules_json(board.rules),
    }


class Service:
    """The state every request shares: the lexicons, the limits, the pools and the solve cache."""

    def __init__(self, lexicons: dict[str, Lexicon], default: str, limits: Limits, descriptions: Mapping[str, str] | None = None) -> None:
        self.lexicons = lexicons
        self.descriptions = dict(descriptions or {})
        self.default = default
        self.limits = limits
        self.solvers = Workers("solve", limits.solve_threads, limits.max_pending)
        self.searches = Workers("search", limits.search_threads, limits.max_pending)
        self.cache = SolveCache(limits.solve_cache)

    def lexicon(self, name: Any) -> tuple[str, Lexicon]:
        if name is None or name == "":
            return self.default, self.lexicons[self.default]
        if not isinstance(name, str) or name not in self.lexicons:
            raise ApiError(
                422,
                f"unknown lexicon {name!r}: this server has {', '.join(sorted(self.lexicons))}",
                {"field": "lexicon", "available": sorted(self.lexicons)},
            )
        return name, self.lexicons[name]

    async def search(self, job: Callable[[], T], what: str) -> T:
        too_slow = ApiError(422, f"the {what} took more than {self.limits.search_timeout:g} s: this query is too slow to answer")
        return await self.searches.run(job, self.limits.search_timeout, too_slow)

    async def judge(self, job: Callable[[], T], what: str) -> T:
        """A game-judging job (referee, game step, review) in the solver pool: 503 when it outlasts the limit."""
        seconds = self.limits.solve_timeout
        too_slow = ApiError(503, f"the {what} took more than {seconds:g} s; try again", None, {"Retry-After": "5"})
        return await self.solvers.run(job, seconds, too_slow)

    async def read_json(self, request: Request) -> dict[str, Any]:
        """The JSON object of a body, refused with 413 as soon as it passes the size limit."""
        limit = self.limits.max_body_bytes
        too_large = ApiError(413, f"the request body is larger than {limit} bytes", {"max_body_bytes": limit})
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            if not declared.isdigit():
                raise ApiError(400, "the Content-Length header is not a number")
            raise too_large
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise too_large
        if not body:
            raise ApiError(400, "the request needs a JSON object body")
        too_deep = ApiError(400, f"the body nests arrays and objects more than {self.limits.max_json_depth} deep", {"max_json_depth": self.limits.max_json_depth})
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ApiError(400, f"the body is not valid JSON: {exc}") from None
        except RecursionError:
            raise too_deep from None
        if not isinstance(data, dict):
            raise ApiError(400, "the body must be a JSON object")
        _check_json_value(data, self.limits.max_json_depth, too_deep)
        return data

    def board_and_rules(self, data: Mapping[str, Any]) -> Board:
        mode = data.get("mode") or "overturn"
        if not isinstance(mode, str) or mode not in PRESETS:
            raise ApiError(422, f"unknown mode {mode!r}: use one of {', '.join(PRESETS)}", {"field": "mode"})
        rules = PRESETS[mode]
        switches: dict[str, Any] = {}
        if data.get("reuse") is not None:
            switches["reuse"] = _bool(data["reuse"], "reuse")
        if data.get("min_length") is not None:
            switches["min_length"] = _int(data["min_length"], "min_length", 1, rules.size)
        if data.get("min_tiles") is not None:
            switches["min_tiles"] = _int(data["min_tiles"], "min_tiles", 1, 2)
        rules = rules.replace(**switches)
        text = _text(data.get("board"), "board", 1000)
        try:
            return Board.parse(text, rules)
        except BoardError as exc:
            raise ApiError(422, f"bad board: {exc}", {"field": "board"}) from None


# --- endpoints ------------------------------------------------------------------


def _service(request: Request) -> Service:
    return request.app.state.service  # type: ignore[no-any-return]


async def health(request: Request) -> Response:
    service = _service(request)
    return JSONResponse(
        {
            "status": "ok",
            "version": __version__,
            "lexicon": service.default,
            "words": len(service.lexicons[service.default]),
            "pending": {"solve": service.solvers.pending, "search": service.searches.pending},
        }
    )


async def lexicons(request: Request) -> Response:
    service = _service(request)
    rows = [
        {"name": name, "words": len(lexicon), "description": service.descriptions.get(name, ""), "default": name == service.default}
        for name, lexicon in service.lexicons.items()
    ]
    return JSONResponse({"lexicons": rows})


async def lookup(request: Request) -> Response:
    service = _service(request)
    params = request.query_params
    word = _text(request.path_params["word"], "word", service.limits.max_word_length)
    name, lexicon = service.lexicon(params.get("lexicon"))
    suggest = _bool(params.get("suggest"), "suggest")
    key = _key(word)
    entries = _entries_json(lexicon, key)
    answer: dict[str, Any] = {"word": word, "key": key, "lexicon": name, "valid": bool(entries), "entries": entries}
    if suggest and not entries:
        answer["suggestions"] = await service.search(lambda: lexicon.near(key), "suggestion search")
    return JSONResponse(answer)


def _listing(name: str, query: str, words: list[str], limit: int) -> dict[str, Any]:
    return {"query": query, "lexicon": name, "count": min(len(words), limit), "truncated": len(words) > limit, "words": words[:limit]}


async def pattern_search(request: Request) -> Response:
    service = _service(request)
    limits = service.limits
    params = request.query_params
    pattern = _text(params.get("q"), "q", limits.max_pattern_length)
    limit = _int(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))

    def job() -> list[str]:
        return lexicon.match(pattern, limit=limit + 1, timeout=limits.pattern_timeout)

    try:
        words = await service.search(job, "pattern search")
    except PatternError as exc:
        raise ApiError(422, str(exc), {"field": "q"}) from None
    except MemoryError:  # compiling a huge repetition under the server's memory cap
        raise ApiError(422, f"pattern {pattern!r} needs too much memory to compile", {"field": "q"}) from None
    return JSONResponse(_listing(name, pattern, words, limit))


async def prefix_search(request: Request) -> Response:
    service = _service(request)
    limits = service.limits
    params = request.query_params
    prefix = _text(params.get("q"), "q", limits.max_word_length)
    key = _key(prefix, "q")
    limit = _int(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))
    words = await service.search(lambda: lexicon.completions(key, limit + 1), "prefix search")
    return JSONResponse(_listing(name, prefix, words, limit))


async def anagram_search(request: Request) -> Response:
    service = _service(request)
    limits = service.limits
    params = request.query_params
    letters = _text(params.get("letters"), "letters", limits.max_anagram_letters * 4)
    wildcards = sum(letters.count(mark) for mark in "?*.")
    plain = "".join(ch for ch in letters if ch not in "?*.")
    key = _key(plain, "letters") if plain else ""
    if len(key) + wildcards > limits.max_anagram_letters or wildcards > limits.max_wildcards:
        raise ApiError(
            422,
            f"at most {limits.max_anagram_letters} letters with at most {limits.max_wildcards} wildcards (?)",
            {"field": "letters"},
        )
    partial = _bool(params.get("partial"), "partial")
    limit = _int(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))
    words = await service.search(lambda: lexicon.anagrams(key, wildcards, partial=partial), "anagram search")
    return JSONResponse(_listing(name, letters, words, limit))


async def deal_board(request: Request) -> Response:
    seed = _int(request.query_params.get("seed"), "seed", 0, MAX_SEED, default=random.SystemRandom().randrange(MAX_SEED + 1))
    dealt = deal(seed)
    return JSONResponse({"seed": seed, **_board_json(dealt.layers[0]), "layers": [str(layer) for layer in dealt.layers]})


async def solve(request: Request) -> Response:
    service = _service(request)
    limits = service.limits
    data = await service.read_json(request)
    board = service.board_and_rules(data)
    name, lexicon = service.lexicon(data.get("lexicon"))
    limit = _int(data.get("limit"), "limit", 1, limits.max_solve_words, default=limits.max_solve_words)
    too_slow = ApiError(
        503, f"solving took more than {limits.solve_timeout:g} s; the server is overloaded, try again", None, {"Retry-After": "5"}
    )
    mode = data.get("mode") or "overturn"
    started = time.perf_counter()

    def encode() -> bytes:
        """Solve and encode in the worker thread; the native search writes the word list's JSON itself."""
        solved = Solver(lexicon, board).solve_json(limit)
        answer = {
            **_board_json(board),
            "mode": mode,
            "lexicon": name,
            "count": solved.count,
            "truncated": solved.count > limit,
            "lengths": {str(length): count for length, count in solved.lengths.items()},
            "words": [],
        }
        head = json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode()
        return head[: -len(b"[]}")] + solved.words + b"}"

    async def compute() -> bytes:
        return await service.solvers.run(encode, limits.solve_timeout, too_slow)

    body, cached = await service.cache.get((name, board.faces, board.rules, mode, limit), compute)
    elapsed = round((time.perf_counter() - started) * 1000, 1)
    head = f'{{"cached":{"true" if cached else "false"},"elapsed_ms":{elapsed},'.encode()
    return Response(head + body[1:], media_type="application/json")


def _path_cells(value: Any, board: Board) -> tuple[int, ...]:
    """A traced path from ``[[row, col], ...]`` (0-based); the page only sends cells it drew, so off-board is a bad request."""
    if not isinstance(value, list) or not value or len(value) > 4 * board.rules.size:
        raise ApiError(400, f"'path' must be a list of 1 to {4 * board.rules.size} [row, col] pairs (0-based)", {"field": "path"})
    cells = []
    for step, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in item)):
            raise ApiError(400, f"path[{step}] must be [row, col] with whole numbers (0-based)", {"field": "path"})
        row, col = item
        if not (0 <= row < board.rules.rows and 0 <= col < board.rules.cols):
            raise ApiError(422, f"path[{step}] [{row}, {col}] is off the {board.rules.rows}×{board.rules.cols} board", {"field": "path"})
        cells.append(row * board.rules.cols + col)
    return tuple(cells)


def saved_game(saved: Any, lexicon: Lexicon) -> Game:
    """The game a request carries, replayed and checked (the file's own rules): 422 naming it when refused."""
    try:
        return Game.from_json(saved, lexicon)
    except (StateFileError, GameError) as exc:
        raise ApiError(422, f"bad game: {exc}", {"field": "game"}) from None


def claimed_player(data: dict[str, Any]) -> Colour | None:
    """The colour a request says is moving (``player``), for the referee to check; None when not given."""
    value = data.get("player")
    if value is None:
        return None
    if value not in [colour.value for colour in Colour]:
        raise ApiError(422, "'player' must be 'green' or 'silver'", {"field": "player"})
    return Colour(value)


async def referee(request: Request) -> Response:
    service = _service(request)
    limits = service.limits
    data = await service.read_json(request)
    word = _text(data.get("word"), "word", limits.max_word_length)
    name, lexicon = service.lexicon(data.get("lexicon"))
    game: Game | None = None
    if data.get("game") is not None:
        game = saved_game(data["game"], lexicon)
        board = game.board
    elif data.get("board") is not None:
        board = service.board_and_rules(data)
    else:
        raise ApiError(400, "give the board (text) or the game (saved JSON state)", {"field": "board"})
    player = claimed_player(data)
    path = _path_cells(data["path"], board) if data.get("path") is not None else None
    verdict = await service.judge(lambda: referee_word(lexicon, board, word, path, game, player=player), "referee")
    return JSONResponse({**verdict.to_json(board), "lexicon": name, "board": str(board)})


async def openapi(request: Request) -> Response:
    return JSONResponse(openapi_schema(_service(request)))


#: The tab icon: a ringed tile, as SVG (every browser the page supports shows an SVG at /favicon.ico).
FAVICON = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    b'<rect x="1" y="1" width="14" height="14" rx="3" fill="#2e7d32"/>'
    b'<circle cx="8" cy="8" r="4.5" fill="none" stroke="#fff" stroke-width="2"/></svg>'
)
FAVICON_ETAG = f'"{hashlib.sha256(FAVICON).hexdigest()[:16]}"'


def _not_modified(request: Request, etag: str) -> bool:
    """Whether the client's If-None-Match names this ETag (weak or strong), so a 304 will do."""
    asked = request.headers.get("if-none-match")
    if not asked:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in asked.split(",")}
    return "*" in tags or etag.removeprefix("W/") in tags


def _cached_answer(request: Request, response: Response) -> Response:
    """``response``, or a bodiless 304 carrying its ETag when the client already has it."""
    etag = response.headers["etag"]
    if _not_modified(request, etag):
        return Response(status_code=304, headers={"etag": etag, "cache-control": response.headers.get("cache-control", "no-cache")})
    return response


async def index(request: Request) -> Response:
    page = WEB_DIR / "index.html"
    return _cached_answer(request, FileResponse(page, media_type="text/html; charset=utf-8", stat_result=os.stat(page)))


async def favicon(request: Request) -> Response:
    headers = {"etag": FAVICON_ETAG, "cache-control": "max-age=86400"}
    return _cached_answer(request, Response(FAVICON, media_type="image/svg+xml", headers=headers))


# --- errors -----------------------------------------------------------------------


async def _api_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.message, exc.detail, exc.headers)


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "no such page or endpoint; see /openapi.json", 405: "this endpoint does not take that method"}
    message = messages.get(exc.status_code, str(exc.detail))
    return error_response(exc.status_code, message, None, exc.headers)


#: On every answer, errors included. The page loads only its own script and style sheet
#: (no inline code), so the CSP allows exactly those; no site may frame it or read where it came from.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class Hardening:
    """The cross-cutting defences every request goes through, as plain ASGI middleware.

    * security headers on every answer;
    * POST bodies only as application/json (415 otherwise): a cross-site page
      can only send text/plain or form bodies without a CORS preflight;
    * the whole body within ``body_timeout`` seconds (408 and the connection
      closed), so a body shorter than its Content-Length is not waited on for ever;
    * an unexpected exception answered with a JSON 500 and logged, without
      dropping the keep-alive connection (Starlette's last-resort handler re-raises,
      which makes uvicorn close it).
    """

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.body_timeout = limits.body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_secured(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", ()), *SECURITY_HEADERS]}
            await send(message)

        if scope["method"] == "POST" and _media_type(scope) != "application/json":
            refusal = error_response(415, "send the body as JSON with the header Content-Type: application/json", {"content_type": _media_type(scope)})
            await refusal(scope, receive, send_secured)
            return
        try:
            await self.app(scope, self._bounded(receive), send_secured)
        except ClientDisconnect:  # the client left mid-body: nobody to answer, nothing went wrong here
            return
        except Exception as exc:
            log.exception("internal error on %s %s", scope["method"], scope["path"])
            if started:
                raise
            await error_response(500, "internal error; please report it", {"type": type(exc).__name__})(scope, receive, send_secured)

    def _bounded(self, receive: Receive) -> Receive:
        """``receive`` with one deadline for the whole body; afterwards (disconnect watchers) unbounded."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        body_done = False

        async def receive_bounded() -> Message:
            nonlocal body_done
            if body_done:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):  # no extra task per receive, unlike wait_for
                    message = await receive()
            except TimeoutError:
                raise ApiError(
                    408, f"the request body did not arrive within {self.body_timeout:g} s", None, {"Connection": "close"}
                ) from None
            body_done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        return receive_bounded


def _media_type(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return value.decode("latin-1").split(";", 1)[0].strip().lower()
    return ""


# --- the app ---------------------------------------------------------------------


def create_app(
    lexicon_spec: str | Sequence[str] | None = None, limits: Limits = Limits(), allowed_hosts: Sequence[str] | None = None
) -> Starlette:
    """The ASGI app serving the given lexicons (names or paths; the first is the default).

    Lexicons are loaded here, before the first request, so a bad spec (or one
    that yields no word, such as a file that is no word list) fails at start-up
    with a LexiconError rather than on a player's phone. With ``allowed_hosts``,
    requests naming any other Host get 400 (DNS rebinding, host-header tricks).
    """
    specs = [lexicon_spec] if isinstance(lexicon_spec, str) or lexicon_spec is None else list(lexicon_spec)
    loaded: dict[str, Lexicon] = {}
    descriptions: dict[str, str] = {}
    for spec in specs or [None]:
        lexicon = load_lexicon(spec)
        name = _served_name(spec, lexicon, loaded)
        loaded[name] = lexicon
        descriptions[name] = _public_description(spec, lexicon)
    service = Service(loaded, next(iter(loaded)), limits, descriptions)
    from overturn.service import game_routes as service_game, review_routes as review_api  # endpoint modules built on this one: imported here, not at the top

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        service.solvers.shutdown()
        service.searches.shutdown()

    routes = [  # the most frequent first: routes are matched in order
        Route("/api/words/{word}", lookup, methods=["GET"]),
        Route("/", index, methods=["GET"]),
        Route("/favicon.ico", favicon, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        Route("/api/lexicons", lexicons, methods=["GET"]),
        Route("/api/pattern", pattern_search, methods=["GET"]),
        Route("/api/prefix", prefix_search, methods=["GET"]),
        Route("/api/anagrams", anagram_search, methods=["GET"]),
        Route("/api/deal", deal_board, methods=["GET"]),
        Route("/api/solve", solve, methods=["POST"]),
        Route("/api/referee", referee, methods=["POST"]),
        *service_game.PAGE_ROUTES,
        *review_api.review_routes(),
        Mount("/static", StaticFiles(directory=WEB_DIR), name="static"),
    ]
    middleware = [Middleware(Hardening, limits=limits)]
    if allowed_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    middleware.append(Middleware(GZipMiddleware, minimum_size=limits.gzip_min_bytes, compresslevel=5))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={ApiError: _api_error, HTTPException: _http_error},
    )
    app.state.service = service
    return app


def _served_name(spec: str | None, lexicon: Lexicon, taken: Mapping[str, Lexicon]) -> str:
    """The name requests use: the recipe or user name, or a path's last component; unique per server."""
    name = spec or DEFAULT_LEXICON
    if _given_by_path(name):
        name = str(lexicon.meta.get("name") or Path(name).name)
    base, count = name, 2
    while name in taken:
        name, count = f"{base}-{count}", count + 1
    return name


def _given_by_path(spec: str) -> bool:
    return "/" in spec or spec.startswith(".")


def _public_description(spec: str | None, lexicon: Lexicon) -> str:
    """The description clients see: a lexicon given by path may record a server path in it (a
    word list's build does, and its cached build may name another file), so then it is left out."""
    description = str(lexicon.meta.get("description", ""))
    if spec and _given_by_path(spec) and ("/" in description or "\\" in description):
        return ""
    return description


# --- the server's connection limits ----------------------------------------------------


def guarded_http_protocol(header_timeout: float, max_header_bytes: int) -> type:
    """uvicorn's httptools protocol plus the two guards it lacks against slow or bloated clients.

    uvicorn arms no timer while a request's headers arrive (its keep-alive
    timeout stops at the first byte), and httptools sets no size limit on
    them, so a client dribbling header bytes holds a connection for ever. Here
    a request's headers must complete within ``header_timeout`` seconds of the
    connection opening or the previous answer ending (else the connection is
    closed with a 408), and may not exceed ``max_header_bytes`` (else 400 and closed).
    """
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None
        _header_bytes = 0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_header_timer()
            super().connection_lost(exc)

        def on_url(self, url: bytes) -> None:
            self._count_header_bytes(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count_header_bytes(len(name) + len(value) + 4)
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._disarm_header_timer()
            self._header_bytes = 0
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm_header_timer()

        def _count_header_bytes(self, size: int) -> None:
            self._header_bytes += size
            if self._header_bytes > max_header_bytes:  # uvicorn answers a parser callback's exception with 400 and closes
                raise ValueError(f"request headers larger than {max_header_bytes} bytes")

        def _arm_header_timer(self) -> None:
            self._disarm_header_timer()
            self._header_timer = self.loop.call_later(header_timeout, self._headers_too_slow)

        def _disarm_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            busy = self.cycle is not None and not self.cycle.response_complete  # a request is being answered
            if not busy and not self.transport.is_closing():
                self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                self.transport.close()

    return GuardedHttpToolsProtocol


def server_settings(limits: Limits) -> dict[str, Any]:
    """uvicorn.Config keywords that enforce ``limits`` at the connection level (its own settings where they exist)."""
    return {
        "http": guarded_http_protocol(limits.header_timeout, limits.max_header_bytes),
        "timeout_keep_alive": limits.keep_alive_timeout,
        "limit_concurrency": limits.max_connections,
        "timeout_graceful_shutdown": 5,
    }


class BackgroundServer:
    """uvicorn serving ``app`` from a daemon thread on a loopback port (0: any free one).

    For tests, benchmarks and programs that embed the service: ``with
    BackgroundServer(app) as url:`` gives the base URL once the port is open
    and stops the server on leaving. The connection limits are those of the
    app's ``Limits``, as ``overturn serve`` sets them.
    """

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 0, **config: Any) -> None:
        import uvicorn

        config.setdefault("log_level", "warning")
        service = getattr(getattr(app, "state", None), "service", None)
        if service is not None:
            config = {**server_settings(service.limits), **config}
        self._server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, **config))
        self._thread = threading.Thread(target=self._server.run, name="overturn-uvicorn", daemon=True)
        self.url = ""

    def __enter__(self) -> str:
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        host, port = self._server.servers[0].sockets[0].getsockname()[:2]
        self.url = f"http://{host}:{port}"
        return self.url

    def __exit__(self, *_exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=15)


# --- the OpenAPI schema ---------------------------------------------------------------


def _error_responses(*codes: int) -> dict[str, Any]:
    reasons = {
        400: "The request is malformed (bad JSON, wrong type, missing field, nested too deep, lone surrogate).",
        408: "The body did not arrive within the server's time limit; the connection is closed.",
        413: "The body is larger than the server's limit.",
        415: "The body was not sent as Content-Type: application/json.",
        422: "Well-formed but unusable: bad board, word, pattern, lexicon or game.",
        503: "Busy or too slow; retry after the Retry-After seconds.",
    }
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    responses = {str(code): {"description": reasons[code], "content": error} for code in codes}
    responses["default"] = {"description": "Any other error (unknown path, wrong method).", "content": error}
    return responses


def _ok(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}


def _query(name: str, schema: dict[str, Any], description: str, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": description}


def openapi_schema(service: Service) -> dict[str, Any]:
    """OpenAPI 3.0 description of the endpoints, with this server's limits in it."""
    limits = service.limits
    lexicon_param = _query("lexicon", {"type": "string", "enum": sorted(service.lexicons)}, "Lexicon name (default: the server's first).")
    limit_param = _query("limit", {"type": "integer", "minimum": 1, "maximum": limits.max_results}, "Most words returned.")
    listing_ok = _ok("WordList", "The matching keys.")
    board_props = {
        "board": {"type": "string", "maxLength": 1000, "description": "Faces row by row; '/' and spaces ignored; [QU] [ZX] double faces.", "example": "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"},
        "mode": {"type": "string", "enum": list(PRESETS), "default": "overturn"},
        "reuse": {"type": "boolean", "description": "A cell may repeat in a word (overrides the mode)."},
        "min_length": {"type": "integer", "minimum": 1, "maximum": 36},
        "min_tiles": {"type": "integer", "minimum": 1, "maximum": 2},
        "lexicon": {"type": "string", "enum": sorted(service.lexicons)},
    }
    entry = {
        "type": "object",
        "required": ["form", "lemma", "pos"],
        "properties": {"form": {"type": "string"}, "lemma": {"type": "string"}, "pos": {"type": "string"}},
    }
    cell = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}
    faces = {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}
    rules = {
        "type": "object",
        "properties": {
            "rows": {"type": "integer"},
            "cols": {"type": "integer"},
            "reuse": {"type": "boolean"},
            "min_length": {"type": "integer"},
            "min_tiles": {"type": "integer"},
        },
    }
    paths: dict[str, Any] = {
        "/health": {
            "get": {
                "operationId": "health",
                "summary": "Liveness, version and the default lexicon.",
                "responses": {"200": _ok("Health", "The server is up."), **_error_responses()},
            }
        },
        "/api/lexicons": {
            "get": {
                "operationId": "lexicons",
                "summary": "The lexicons this server was started with.",
                "responses": {"200": _ok("Lexicons", "Names, sizes and descriptions."), **_error_responses()},
            }
        },
        "/api/words/{word}": {
            "get": {
                "operationId": "lookup",
                "summary": "Look a word up: its accented forms with lemma and part of speech.",
                "parameters": [
                    {"name": "word", "in": "path", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": limits.max_word_length}},
                    lexicon_param,
                    _query("suggest", {"type": "boolean"}, "For a word that is not in the lexicon, add the nearest words."),
                ],
                "responses": {"200": _ok("Lookup", "The verdict; 'valid' is false for a non-word."), **_error_responses(400, 422, 503)},
            }
        },
        "/api/pattern": {
            "get": {
                "operationId": "pattern",
                "summary": "Words fully matching a regular expression (case and accents ignored), time-bounded.",
                "parameters": [
                    _query("q", {"type": "string", "minLength": 1, "maxLength": limits.max_pattern_length}, "Pattern, e.g. PE.HE or ^[AEIOU]{2}", True),
                    limit_param,
                    lexicon_param,
                ],
                "responses": {"200": listing_ok, **_error_responses(400, 422, 503)},
            }
        },
        "/api/prefix": {
            "get": {
                "operationId": "prefix",
                "summary": "Words starting with a prefix, shortest first.",
                "parameters": [
                    _query("q", {"type": "string", "minLength": 1, "maxLength": limits.max_word_length}, "The prefix.", True),
                    limit_param,
                    lexicon_param,
                ],
                "responses": {"200": listing_ok, **_error_responses(400, 422, 503)},
            }
        },
        "/api/anagrams": {
            "get": {
                "operationId": "anagrams",
                "summary": "Words using exactly the letters (or, with partial, some of them); '?' is a wildcard.",
                "parameters": [
                    _query("letters", {"type": "string", "minLength": 1, "maxLength": limits.max_anagram_letters * 4}, "Letters, e.g. AEIRST or CHI?N", True),
                    _query("partial", {"type": "boolean"}, "Also words using only some of the letters."),
                    limit_param,
                    lexicon_param,
                ],
                "responses": {"200": listing_ok, **_error_responses(400, 422, 503)},
            }
        },
        "/api/deal": {
            "get": {
                "operationId": "deal",
                "summary": "A board dealt from the tile set (random, or reproducible from a seed).",
                "parameters": [_query("seed", {"type": "integer", "minimum": 0, "maximum": MAX_SEED}, "Seed of the deal (the game file's range).")],
                "responses": {"200": _ok("Deal", "The top layer as a board, and both layers."), **_error_responses(400, 422)},
            }
        },
        "/api/solve": {
            "post": {
                "operationId": "solve",
                "summary": "Every legal word of a board with a path (cells as [row, col], 0-based), longest first.",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["board"],
                                "properties": {**board_props, "limit": {"type": "integer", "minimum": 1, "maximum": limits.max_solve_words}},
                            }
                        }
                    },
                },
                "responses": {"200": _ok("Solution", "The words, their count and their count by length."), **_error_responses(400, 408, 413, 415, 422, 503)},
            }
        },
        "/api/referee": {
            "post": {
                "operationId": "referee",
                "summary": "The referee's verdict on a disputed word, on a board or in a saved game's position.",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["word"],
                                "properties": {
                                    **board_props,
                                    "word": {"type": "string", "minLength": 1, "maxLength": limits.max_word_length},
                                    "path": {"type": "array", "items": cell, "minItems": 1, "maxItems": 144, "description": "The traced path, [row, col] 0-based."},
                                    "game": {"type": "object", "description": "A saved game (overturn-game JSON); its board replaces 'board'."},
                                    "player": {"type": "string", "enum": ["green", "silver"]},
                                },
                            }
                        }
                    },
                },
                "responses": {"200": _ok("Verdict", "The verdict (legal or not) with its reason code."), **_error_responses(400, 408, 413, 415, 422, 503)},
            }
        },
    }
    from overturn.service import game_routes as service_game, review_routes as review_api  # built on this module: imported here, not at the top

    paths.update(review_api.review_openapi())
    paths.update(service_game.game_openapi(service))
    schemas: dict[str, Any] = {
        "Error": {
            "type": "object",
            "required": ["error", "detail"],
            "properties": {"error": {"type": "string"}, "detail": {"nullable": True}},
        },
        "Health": {
            "type": "object",
            "required": ["status", "version", "lexicon", "words"],
            "properties": {
                "status": {"type": "string", "enum": ["ok"]},
                "version": {"type": "string"},
                "lexicon": {"type": "string"},
                "words": {"type": "integer"},
                "pending": {"type": "object", "additionalProperties": {"type": "integer"}},
            },
        },
        "Lexicons": {
            "type": "object",
            "required": ["lexicons"],
            "properties": {"lexicons": {"type": "array", "items": {"type": "object", "required": ["name", "words"]}}},
        },
        "Lookup": {
            "type": "object",
            "required": ["word", "key", "lexicon", "valid", "entries"],
            "properties": {
                "word": {"type": "string"},
                "key": {"type": "string", "pattern": "^[A-Z]+$"},
                "lexicon": {"type": "string"},
                "valid": {"type": "boolean"},
                "entries": {"type": "array", "items": entry},
                "suggestions": {"type": "array", "items": {"type": "string"}},
            },
        },
        "WordList": {
            "type": "object",
            "required": ["query", "lexicon", "count", "truncated", "words"],
            "properties": {
                "query": {"type": "string"},
                "lexicon": {"type": "string"},
                "count": {"type": "integer", "minimum": 0},
                "truncated": {"type": "boolean"},
                "words": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Deal": {
            "type": "object",
            "required": ["seed", "board", "faces", "rules", "layers"],
            "properties": {
                "seed": {"type": "integer"},
                "board": {"type": "string"},
                "faces": faces,
                "rules": rules,
                "layers": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Verdict": {
            "type": "object",
            "required": ["legal", "reason", "message", "word", "path", "readings", "entries", "alternatives", "swing", "suggestions"],
            "properties": {
                "legal": {"type": "boolean"},
                "reason": {"type": "string", "enum": list(REASONS) + ["bad_cell", "cell_not_new"]},
                "message": {"type": "string"},
                "word": {"type": "string"},
                "path": {"type": "array", "items": cell, "nullable": True},
                "readings": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
                "entries": {"type": "array", "items": entry},
                "alternatives": {"type": "array", "items": {"type": "array", "items": cell}},
                "swing": {"type": "integer", "nullable": True},
                "suggestions": {"type": "array", "items": {"type": "string"}},
                "lexicon": {"type": "string"},
                "board": {"type": "string"},
            },
        },
        "Solution": {
            "type": "object",
            "required": ["board", "faces", "rules", "mode", "lexicon", "count", "truncated", "lengths", "words"],
            "properties": {
                "board": {"type": "string"},
                "faces": faces,
                "rules": rules,
                "mode": {"type": "string"},
                "lexicon": {"type": "string"},
                "count": {"type": "integer", "minimum": 0},
                "truncated": {"type": "boolean"},
                "lengths": {"type": "object", "additionalProperties": {"type": "integer"}},
                "words": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["word", "path", "readings"],
                        "properties": {
                            "word": {"type": "string"},
                            "path": {"type": "array", "items": cell},
                            "readings": {"type": "object", "additionalProperties": {"type": "string"}},
                        },
                    },
                },
                "cached": {"type": "boolean"},
                "elapsed_ms": {"type": "number"},
            },
        },
    }
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Overturn dictionary, solver and referee",
            "version": __version__,
            "description": f"Limits: bodies up to {limits.max_body_bytes} bytes, searches up to {limits.max_results} words, "
            f"patterns {limits.pattern_timeout:g} s, solves {limits.solve_timeout:g} s.",
        },
        "paths": paths,
        "components": {"schemas": schemas},
    }
