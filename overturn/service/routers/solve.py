"""The solver area: deals and solves."""

from __future__ import annotations

import json
import random
import time
from typing import Annotated, Any

from msgspec import Meta
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.game.board import MAX_SEED
from overturn.game.solver import Solver
from overturn.game.tiles import deal
from overturn.service.answers import board_json
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import (
    CELL,
    FACES,
    RULES,
    body_components,
    error_responses,
    ok_response,
    query_param,
    request_body,
)
from overturn.service.params import BoardRules, BoardText, int_param, typed_body


class SolveRequest(BoardRules, kw_only=True):
    """A board to solve, read with its rules; ``limit`` caps the words listed (the count is always complete)."""

    board: BoardText
    limit: Annotated[int, Meta(ge=1)] | None = None


async def deal_board(request: Request) -> Response:
    seed = int_param(request.query_params.get("seed"), "seed", 0, MAX_SEED, default=random.SystemRandom().randrange(MAX_SEED + 1))
    dealt = deal(seed)
    return JSONResponse({"seed": seed, **board_json(dealt.layers[0]), "layers": [str(layer) for layer in dealt.layers]})

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

    def encode() -> bytes:
        """Solve and encode in the worker thread; the native search writes the word list's JSON itself."""
        solved = Solver(lexicon, board).solve_json(limit)
        answer = {
            **board_json(board),
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


ROUTES: list[BaseRoute] = [
    Route("/api/deal", deal_board, methods=["GET"]),
    Route("/api/solve", solve, methods=["POST"]),
]


def openapi_paths(service: Service) -> dict[str, Any]:
    """This area's entries in the OpenAPI document, with this server's limits in them."""
    return {
        "/api/deal": {
            "get": {
                "operationId": "deal",
                "summary": "A board dealt from the tile set (random, or reproducible from a seed).",
                "parameters": [query_param("seed", {"type": "integer", "minimum": 0, "maximum": MAX_SEED}, "Seed of the deal (the game file's range).")],
                "responses": {"200": ok_response("Deal", "The top layer as a board, and both layers."), **error_responses(400, 422)},
            }
        },
        "/api/solve": {
            "post": {
                "operationId": "solve",
                "summary": "Every legal word of a board with a path (cells as [row, col], 0-based), longest first.",
                "requestBody": request_body(SolveRequest, {"board": "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC", "limit": 20}),
                "responses": {"200": ok_response("Solution", "The words, their count and their count by length."), **error_responses(400, 408, 413, 415, 422, 503)},
            }
        },
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The component schemas of this area's body (derived from its type) and of its answers."""
    body = body_components(SolveRequest, lexicon={"enum": sorted(service.lexicons)}, limit={"maximum": service.limits.max_solve_words})
    return {
        **body,
        "Deal": {
            "type": "object",
            "required": ["seed", "board", "faces", "rules", "layers"],
            "properties": {
                "seed": {"type": "integer"},
                "board": {"type": "string"},
                "faces": FACES,
                "rules": RULES,
                "layers": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Solution": {
            "type": "object",
            "required": ["board", "faces", "rules", "mode", "lexicon", "count", "truncated", "lengths", "words"],
            "properties": {
                "board": {"type": "string"},
                "faces": FACES,
                "rules": RULES,
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
                            "path": {"type": "array", "items": CELL},
                            "readings": {"type": "object", "additionalProperties": {"type": "string"}},
                        },
                    },
                },
                "cached": {"type": "boolean"},
                "elapsed_ms": {"type": "number"},
            },
        },
    }
