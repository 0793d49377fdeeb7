"""The server's own state: health, lexicons and the OpenAPI document."""

from __future__ import annotations

from typing import Any, Literal

from msgspec import Struct
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn import __version__
from overturn.service.answers import Count, respond
from overturn.service.context import Service, service_of
from overturn.service.openapi import body_components, error_responses, ok_response


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


ROUTES: list[BaseRoute] = [
    Route("/health", health, methods=["GET"]),
    Route("/openapi.json", openapi, methods=["GET"]),
    Route("/api/lexicons", lexicons, methods=["GET"]),
]


def openapi_paths(service: Service) -> dict[str, Any]:
    """This area's entries in the OpenAPI document, with this server's limits in them."""
    return {
        "/health": {
            "get": {
                "operationId": "health",
                "summary": "Liveness, version and the default lexicon.",
                "responses": {"200": ok_response(Health, "The server is up."), **error_responses()},
            }
        },
        "/api/lexicons": {
            "get": {
                "operationId": "lexicons",
                "summary": "The lexicons this server was started with.",
                "responses": {"200": ok_response(Lexicons, "Names, sizes and descriptions."), **error_responses()},
            }
        },
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The components of this area's answers, derived from their types."""
    return body_components(Health, Lexicons)
