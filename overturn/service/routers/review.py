"""``POST /api/review``: the post-game review of a saved game, for the page (mounted by overturn.service.app).

The body is ``{"game": <saved overturn-game JSON>, "lexicon": name?}``; the
answer is what ``overturn game review --json`` prints. The game is replayed and
every position ranked, so it runs in the solver pool under the solve timeout.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.game.review import review_game, review_json
from overturn.service.context import Service, service_of
from overturn.service.openapi import body_components, error_responses, request_body
from overturn.service.params import LexiconName, SavedGameJSON, typed_body
from overturn.service.routers.referee import saved_game


class ReviewRequest(Struct):
    """The game to review, and the lexicon to rank its positions with (the server's default when absent)."""

    game: SavedGameJSON
    lexicon: LexiconName = None


async def review(request: Request) -> Response:
    service = service_of(request)
    asked = typed_body(await service.read_json(request), ReviewRequest)
    name, lexicon = service.lexicon(asked.lexicon)
    game = saved_game(asked.game, lexicon)
    answer = await service.judge(lambda: review_json(review_game(game), game.board), "review")
    return JSONResponse({**answer, "lexicon": name})


ROUTES: list[BaseRoute] = [Route("/api/review", review, methods=["POST"])]


def openapi_paths(service: Service) -> dict[str, Any]:
    """The endpoint's entry in the hand-written OpenAPI schema."""
    move = {"type": "object", "description": "kind 'word' (word, path, swing, readings) or 'pass' (cell, swing)."}
    summary = {
        "type": "object",
        "properties": {
            name: {"type": "integer"} for name in ("moves", "passes", "swing", "best_swing", "missed", "best_moves")
        }
        | {"longest_played": {"type": "string", "nullable": True}},
    }
    return {
        "/api/review": {
            "post": {
                "operationId": "review",
                "summary": "Post-game review: per move the best move, the swing missed, the longest and notable words.",
                "requestBody": request_body(ReviewRequest),
                "responses": {
                    "200": {
                        "description": "The review.",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["moves", "players", "lexicon"],
                                    "properties": {
                                        "moves": {
                                            "type": "array",
                                            "items": {
                                                "type": "object",
                                                "properties": {
                                                    "number": {"type": "integer"},
                                                    "player": {"type": "string", "enum": ["green", "silver"]},
                                                    "played": move,
                                                    "best": move,
                                                    "missed": {"type": "integer"},
                                                    "longest": {**move, "nullable": True},
                                                    "notable": {"type": "array", "items": move},
                                                    "words": {"type": "integer"},
                                                },
                                            },
                                        },
                                        "players": {"type": "object", "additionalProperties": summary},
                                        "lexicon": {"type": "string"},
                                    },
                                }
                            }
                        },
                    },
                    **error_responses(400, 413, 422, 503),
                },
            }
        }
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The body's component, derived from its type; the answer is described inline in its path."""
    return body_components(ReviewRequest, lexicon={"enum": sorted(service.lexicons)})
