"""``POST /api/review``: the post-game review of a saved game, for the page (mounted by overturn.service.app).

The body is ``{"game": <saved overturn-game JSON>, "lexicon": name?}``; the
answer is what ``overturn game review --json`` prints. The game is replayed and
every position ranked, so it runs in the solver pool under the solve timeout.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.game.review import review_game, review_json
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import error_responses
from overturn.service.routers.referee import saved_game


async def review(request: Request) -> Response:
    service = service_of(request)
    data = await service.read_json(request)
    name, lexicon = service.lexicon(data.get("lexicon"))
    if data.get("game") is None:
        raise ApiError(400, "give the game to review (saved overturn-game JSON)", {"field": "game"})
    game = saved_game(data["game"], lexicon)
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
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["game"],
                                "properties": {
                                    "game": {"type": "object", "description": "A saved game (overturn-game JSON)."},
                                    "lexicon": {"type": "string"},
                                },
                            }
                        }
                    },
                },
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
    """The review is described inline in its path: no shared component."""
    return {}
