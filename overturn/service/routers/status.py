"""The server's own state: health, lexicons, what the pages learn from the server (``/api/meta``) and the OpenAPI document."""

from __future__ import annotations

from typing import Literal, get_args

from msgspec import Struct
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from overturn import __version__
from overturn.game.answers import Reason
from overturn.referees.insider.board import CARD_TYPES
from overturn.service.answers import Count, respond
from overturn.service.context import service_of
from overturn.service.errors import ErrorCode
from overturn.service.openapi import Answer, Endpoint, ok
from overturn.table.games import GAMES


class Pending(Struct):
    """Jobs queued or running in each pool."""

    solve: Count
    search: Count


class Health(Struct):
    """The server is up: its version, its default lexicon and how many words that has, its pools' load."""

    status: Literal["ok"]
    version: str
    lexicon: str
    words: Count
    pending: Pending


class LexiconRow(Struct):
    """One lexicon this server serves."""

    name: str
    words: Count
    description: str
    default: bool


class Lexicons(Struct):
    lexicons: list[LexiconRow]


class GameRow(Struct):
    """One game a table may hold: its name in requests, its title, its fewest and most seats, the page that shows it."""

    name: str
    title: str
    players: tuple[int, int]
    page: str


class Meta(Struct):
    """What the pages learn from the server rather than copy: the games, Insider's card types, every refusal reason of a
    word and every error code, so a page words each one (its translation files are checked against these)."""

    games: list[GameRow]
    insider_cards: list[str]
    reasons: list[str]
    errors: list[str]


def meta() -> Meta:
    games = [GameRow(kind.name, kind.title, kind.players, kind.page) for kind in GAMES.values()]
    return Meta(games, list(CARD_TYPES), list(get_args(Reason)), list(get_args(ErrorCode)))


async def meta_answer(_request: Request) -> Response:
    return respond(meta(), headers={"Cache-Control": "max-age=3600"})


async def health(request: Request) -> Response:
    service = service_of(request)
    pending = Pending(service.solvers.pending, service.searches.pending)
    return respond(Health("ok", __version__, service.default, len(service.lexicons[service.default]), pending))

async def lexicons(request: Request) -> Response:
    service = service_of(request)
    rows = [
        LexiconRow(name, len(lexicon), service.descriptions.get(name, ""), name == service.default)
        for name, lexicon in service.lexicons.items()
    ]
    return respond(Lexicons(rows))

async def openapi(request: Request) -> Response:
    """The OpenAPI document, assembled by the app from every router's part (``app.state.openapi``)."""
    return JSONResponse(request.app.state.openapi())


ENDPOINTS = (
    Endpoint("GET", "/health", health, "health", "Liveness, version and the default lexicon.", ok("The server is up.", Health)),
    Endpoint(
        "GET", "/openapi.json", openapi, "openapi", "This document: every endpoint, derived from the same declarations as the routes.",
        Answer("The OpenAPI 3.1 document.", schema={"type": "object"}),
    ),
    Endpoint("GET", "/api/lexicons", lexicons, "lexicons", "The lexicons this server was started with.", ok("Names, sizes and descriptions.", Lexicons)),
    Endpoint(
        "GET", "/api/meta", meta_answer, "meta", "The games a table holds (seats, titles, pages), Insider's cards, the refusal reasons and error codes.",
        ok("What the pages word rather than copy.", Meta),
    ),
)
