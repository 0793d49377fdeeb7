"""The server's own state: health, lexicons and the OpenAPI document."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn import __version__
from overturn.service.context import Service, service_of
from overturn.service.openapi import (
    error_responses,
    ok_response,
)


async def health(request: Request) -> Response:
    service = service_of(request)
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
    service = service_of(request)
    rows = [
        {"name": name, "words": len(lexicon), "description": service.descriptions.get(name, ""), "default": name == service.default}
        for name, lexicon in service.lexicons.items()
    ]
    return JSONResponse({"lexicons": rows})

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
                "responses": {"200": ok_response("Health", "The server is up."), **error_responses()},
            }
        },
        "/api/lexicons": {
            "get": {
                "operationId": "lexicons",
                "summary": "The lexicons this server was started with.",
                "responses": {"200": ok_response("Lexicons", "Names, sizes and descriptions."), **error_responses()},
            }
        },
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The component schemas this area's answers refer to."""
    return {
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
    }
