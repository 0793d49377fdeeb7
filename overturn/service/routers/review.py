"""``POST /api/review``: the post-game review of a saved game, for the page (mounted by overturn.service.app).

The body is ``{"game": <saved overturn-game JSON>, "lexicon": name?}``; the
answer is what ``overturn game review --json`` prints. The game is replayed and
every position ranked, so it runs in the solver pool under the solve timeout.
"""

from __future__ import annotations

from msgspec import Struct, structs
from starlette.requests import Request
from starlette.responses import Response

from overturn.game.review import GameReview, review_game, review_view
from overturn.service.answers import respond
from overturn.service.context import service_of
from overturn.service.game_requests import saved_game
from overturn.service.openapi import Endpoint, choice, ok
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


ENDPOINTS = (
    Endpoint(
        "POST", "/api/review", review, "review", "Post-game review: per move the best move, the swing missed, the longest and notable words.",
        ok("The review.", ReviewAnswer), (400, 413, 422, 503),
        body=ReviewRequest,
        narrowed=lambda service: {"lexicon": choice(service.lexicons)},
    ),
)
