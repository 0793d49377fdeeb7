"""The state every request shares (lexicons, limits, pools, cache, table store, live hub) and request-body reading."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from starlette.requests import Request

from overturn.game.board import Board, BoardError
from overturn.game.solution import board_rules
from overturn.jsonbounds import UnreadableJSON, loads_json
from overturn.lexicon.lexicon import Lexicon
from overturn.service.answers import EncodedSolution
from overturn.service.errors import ApiError
from overturn.service.limits import Limits
from overturn.service.params import BoardRules
from overturn.service.ratelimit import AddressAndPrefixLimit, RateLimit
from overturn.service.workers import Engines, SolveCache, T, Workers
from overturn.table.hub import Hub
from overturn.table.service import TableService
from overturn.table.sqlite_store import SQLiteStore
from overturn.table.store import TableStore


class Service:
    """The state every request shares: the lexicons, the limits, the pools and the solve cache."""

    def __init__(
        self,
        lexicons: dict[str, Lexicon],
        default: str,
        limits: Limits,
        descriptions: Mapping[str, str] | None = None,
        tables: TableStore | None = None,
        allow_seeds: bool = False,
    ) -> None:
        self.lexicons = lexicons
        #: Board games with dice or cards the server draws take a client's seed (a lesson's server): else it draws its own.
        self.allow_seeds = allow_seeds
        self.descriptions = dict(descriptions or {})
        self.default = default
        self.limits = limits
        self.solvers = Workers("solve", limits.solve_threads, limits.max_pending)
        self.searches = Workers("search", limits.search_threads, limits.max_pending)
        #: The computer seats' own processes: their searches never queue a person's move behind them.
        self.engines = Engines(limits.computer_processes, limits.max_pending)
        self.cache: SolveCache[EncodedSolution] = SolveCache(limits.solve_cache)
        #: Table games: a server given no store keeps them in memory (lost when it stops).
        self.store: TableStore = tables if tables is not None else SQLiteStore(":memory:")
        self.hub = Hub(limits.max_streams, limits.max_streams_per_client)
        self.tables = TableService(
            self.store, self.hub, lambda name: self.lexicon(name)[1], self.judge, self.think, limits.kept_tables, limits.computer_seconds_per_table, limits.max_tables,
            limits.presence_lapse, limits.store_timeout,
        )
        #: Tables opened, per address and per network prefix (a crowd rotating addresses in one network shares one budget).
        self.table_openings = AddressAndPrefixLimit(limits.tables_per_client_hour, limits.tables_per_prefix_hour, 3600.0)
        self.computer_openings = RateLimit(limits.computer_tables_per_client_hour, 3600.0)

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
        too_slow = ApiError(
            422, f"the {what} took more than {self.limits.search_timeout:g} s: this query is too slow to answer", {"reason": "too_slow"}
        )
        return await self.searches.run(job, self.limits.search_timeout, too_slow)

    async def judge(self, job: Callable[[], T], what: str) -> T:
        """A game-judging job (referee, game step, review) in the solver pool: 503 when it outlasts the limit."""
        seconds = self.limits.solve_timeout
        too_slow = ApiError(503, f"the {what} took more than {seconds:g} s; try again", None, {"Retry-After": "5"})
        return await self.solvers.run(job, seconds, too_slow)

    async def think(self, job: Callable[[], T], what: str) -> T:
        """A computer seat's search (a picklable call), in the engines' processes: 503 when it outlasts the limit."""
        seconds = self.limits.solve_timeout
        too_slow = ApiError(503, f"the {what} took more than {seconds:g} s", None, {"Retry-After": "5"})
        return await self.engines.run(job, seconds, too_slow)

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
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ApiError(400, f"the body is not valid JSON: not UTF-8 (byte {exc.start})") from None
        try:  # the same caps as a saved file: depth, lone surrogates, huge numbers and strings, repeated keys
            data = loads_json(text, "the body", max_bytes=limit, max_depth=self.limits.max_json_depth)
        except UnreadableJSON as exc:
            raise ApiError(400, str(exc)) from None
        if not isinstance(data, dict):
            raise ApiError(400, "the body must be a JSON object")
        return data

    def board_and_rules(self, text: str, asked: BoardRules) -> Board:
        """The board ``text`` read with the preset and switches ``asked`` for: 422 naming a bad field."""
        rules = board_rules(asked.preset or "overturn", asked.mode)
        switches: dict[str, Any] = {}
        if asked.min_length is not None:
            if asked.min_length > rules.size:
                raise ApiError(422, f"'min_length' must be between 1 and {rules.size}, not {asked.min_length}", {"field": "min_length"})
            switches["min_length"] = asked.min_length
        if asked.min_tiles is not None:
            switches["min_tiles"] = asked.min_tiles
        try:
            return Board.parse(text, rules.replace(**switches))
        except BoardError as exc:
            raise ApiError(422, f"bad board: {exc}", {"field": "board"}) from None

    def word(self, text: str, field: str = "word") -> str:
        """A word as sent, refused (422) past this server's longest word."""
        limit = self.limits.max_word_length
        if len(text) > limit:
            raise ApiError(422, f"'{field}' is too long: at most {limit} characters", {"field": field, "max": limit})
        return text


def service_of(request: Request) -> Service:
    return request.app.state.service  # type: ignore[no-any-return]
