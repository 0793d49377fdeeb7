"""The solver area: deals and solves."""

from __future__ import annotations

import random
import time
from typing import Annotated, cast

from msgspec import Meta, Raw
from starlette.requests import Request
from starlette.responses import Response

from overturn.game.answers import SolvedWord
from overturn.game.board import MAX_SEED, Board
from overturn.game.solver import Solver
from overturn.game.tiles import deal
from overturn.service.answers import BoardView, EncodedSolution, Solution, Solved, faces_of, respond, rules_view
from overturn.service.context import service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import Endpoint, Param, choice, ok, schema_of, whole
from overturn.service.params import BoardRules, BoardText, int_param, typed_body


class SolveRequest(BoardRules, kw_only=True):
    """A board to solve, read with its rules; ``limit`` caps the words listed (the count is always complete)."""

    board: BoardText
    limit: Annotated[int, Meta(ge=1)] | None = None


class Deal(BoardView):
    """A dealt board: its seed, the top layer as a board, and both layers as text."""

    seed: int
    layers: list[str]


def _board_view(board: Board) -> BoardView:
    return BoardView(str(board), faces_of(board), rules_view(board))


def _written(words: bytes) -> list[SolvedWord]:
    """The native search's JSON list as the answer's words: msgspec writes a ``Raw`` as it is, with no decoding."""
    return cast("list[SolvedWord]", Raw(words))


async def deal_board(request: Request) -> Response:
    seed = int_param(request.query_params.get("seed"), "seed", 0, MAX_SEED, default=random.SystemRandom().randrange(MAX_SEED + 1))
    dealt = deal(seed)
    top = _board_view(dealt.layers[0])
    return respond(Deal(top.board, top.faces, top.rules, seed, [str(layer) for layer in dealt.layers]))

async def solve(request: Request) -> Response:
    service = service_of(request)
    limits = service.limits
    asked = typed_body(await service.read_json(request), SolveRequest)
    board = service.board_and_rules(asked.board, asked)
    name, lexicon = service.lexicon(asked.lexicon)
    if asked.limit is not None and asked.limit > limits.max_solve_words:
        raise ApiError(422, f"'limit' must be between 1 and {limits.max_solve_words}, not {asked.limit}", {"field": "limit"})
    limit = limits.max_solve_words if asked.limit is None else asked.limit
    too_slow = ApiError(
        503, f"solving took more than {limits.solve_timeout:g} s; the server is overloaded, try again", None, {"Retry-After": "5"}
    )
    mode = asked.mode or "overturn"
    started = time.perf_counter()

    accepts_gzip = "gzip" in request.headers.get("accept-encoding", "")

    def job() -> EncodedSolution:
        """Solve and encode in the worker thread; the native search writes the word list's JSON itself."""
        solved = Solver(lexicon, board).solve_json(limit)
        view = _board_view(board)
        lengths = {str(length): count for length, count in solved.lengths.items()}
        encoded = EncodedSolution(Solved(view.board, view.faces, view.rules, mode, name, solved.count, solved.count > limit, lengths, _written(solved.words)))
        if accepts_gzip and len(encoded.head) >= limits.gzip_min_bytes:
            encoded.deflate()  # compressed here too, off the event loop
        return encoded

    async def compute() -> EncodedSolution:
        return await service.solvers.run(job, limits.solve_timeout, too_slow)

    encoded, cached = await service.cache.get((name, board.faces, board.rules, mode, limit), compute)
    elapsed = round((time.perf_counter() - started) * 1000, 1)
    gzip = accepts_gzip and len(encoded.head) >= limits.gzip_min_bytes
    # Compressed here, once per board: the gzip middleware leaves an answer with a Content-Encoding as it is.
    headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if gzip else None
    return Response(encoded.body(cached, elapsed, gzip), media_type="application/json", headers=headers)


ENDPOINTS = (
    Endpoint(
        "GET", "/api/deal", deal_board, "deal", "A board dealt from the tile set (random, or reproducible from a seed).",
        ok("The top layer as a board, and both layers.", Deal), (400, 422),
        (Param("seed", whole(0, MAX_SEED), "Seed of the deal (the game file's range)."),),
    ),
    Endpoint(
        "POST", "/api/solve", solve, "solve", "Every legal word of a board with a path (cell numbers, row * cols + col), longest first.",
        ok("The words, their count and their count by length.", Solution), (400, 408, 413, 415, 422, 503),
        body=SolveRequest,
        example={"board": "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC", "limit": 20},
        narrowed=lambda service: {"lexicon": choice(service.lexicons), "limit": schema_of(whole(1, service.limits.max_solve_words))},
    ),
)
