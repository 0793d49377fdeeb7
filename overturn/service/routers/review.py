"""``POST /api/review``: the post-game review of a saved game, for the page (mounted by overturn.service.app).

The body is ``{"game": <saved overturn-game JSON>, "lexicon": name?}``; the
answer is what ``overturn game review --json`` prints. The game is replayed and
every position ranked, so it runs in the solver pool under the solve timeout.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, structs
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from overturn.game.review import GameReview, review_game, review_view
from overturn.service.answers import respond
from overturn.service.context import Service, service_of
from overturn.service.game_requests import saved_game
from overturn.service.openapi import body_components, choice, error_responses, ok_response, request_body
from overturn.service.params import LexiconName, SavedGameJSON, typed_body


class ReviewRequest(Struct, forbid_unknown_fields=True):
    """The game to review, and the lexicon to rank its positions with (the server's default when absent)."""

    game: SavedGameJSON
    lexicon: LexiconName = None


class ReviewAnswer(GameReview):
    """The review, with the lexicon its positions were ranked with."""

    lexicon: str


async def review(request: Request) -> Response:
    service = service_of(request)
    asked = typed_body(await service.read_json(request), ReviewRequest)
    name, lexicon = service.lexicon(asked.lexicon)
    game = saved_game(asked.game, lexicon)
    answer = await service.judge(lambda: review_view(review_game(game), game.board), "review")
    return respond(ReviewAnswer(**structs.asdict(answer), lexicon=name))


ROUTES: list[BaseRoute] = [Route("/api/review", review, methods=["POST"])]


def openapi_paths(service: Service) -> dict[str, Any]:
    """The endpoint's entry in the OpenAPI document."""
    return {
        "/api/review": {
            "post": {
                "operationId": "review",
                "summary": "Post-game review: per move the best move, the swing missed, the longest and notable words.",
                "requestBody": request_body(ReviewRequest),
                "responses": {"200": ok_response(ReviewAnswer, "The review."), **error_responses(400, 413, 422, 503)},
            }
        }
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The components of the body and the answer, derived from their types."""
    return {**body_components(ReviewRequest, lexicon=choice(service.lexicons)), **body_components(ReviewAnswer)}
