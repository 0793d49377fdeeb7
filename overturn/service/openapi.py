"""Each endpoint declared once (``Endpoint``): its starlette route and its operation in the OpenAPI document derive from it.

Every API router lists its ``ENDPOINTS``; ``overturn.service.app`` makes the
routes and the document from the same list, so no route goes undocumented and
no operation unrouted. The document is OpenAPI 3.1, whose schemas are JSON
Schema 2020-12: the components are msgspec's schemas of the types the handlers
decode and answer with, as they are, narrowed only by what the running server
alone knows (its lexicons, its limits). A declaration's value that only the
server knows is given as a function of the ``Service`` (a ``def`` or lambda).
"""

from __future__ import annotations

import copy
import functools
import types
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from overturn import __version__
from overturn.service.errors import Error

if TYPE_CHECKING:
    from overturn.service.context import Service

#: What serves a route.
Handler = Callable[[Request], Awaitable[Response]]
#: What a component's schema is narrowed with, by property name, or refined with once all are made.
Narrowing = Callable[["Service"], dict[str, Any]]
Refinement = Callable[["Service", dict[str, Any]], dict[str, Any]]


def _on_server(value: Any, service: Service) -> Any:
    """A declared value, or what it is on this server when declared as a function of the server."""
    return value(service) if isinstance(value, types.FunctionType) else value


def schema_of(kind: Any) -> dict[str, Any]:
    """The inline schema of a type without components (a cell, a list of them): msgspec's JSON Schema 2020-12."""
    return copy.deepcopy(_schema(kind))


@functools.lru_cache(maxsize=256)
def _schema(kind: Any) -> dict[str, Any]:
    """Made once per type: msgspec takes milliseconds per schema, and a document asks for the same ones again and again."""
    schema: dict[str, Any] = msgspec.json.schema(kind)
    return schema


def _narrow(schema: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """A property's schema with the server's bounds added; an optional property stays optional (null kept aside)."""
    variants = schema.get("anyOf")
    if isinstance(variants, list) and {"type": "null"} in variants:
        others = [variant for variant in variants if variant != {"type": "null"}]
        if len(others) == 1 and "$ref" not in others[0]:
            return {**schema, "anyOf": [_narrow(others[0], extra), {"type": "null"}]}
    return {**schema, **extra}


def _admits_null(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    if kinds is not None:
        return kinds == "null" or isinstance(kinds, list) and "null" in kinds
    variants = schema.get("anyOf", schema.get("oneOf"))
    if isinstance(variants, list):
        return any(_admits_null(variant) for variant in variants)
    return "$ref" not in schema and "enum" not in schema and "const" not in schema


def _null_by_default(schema: dict[str, Any]) -> dict[str, Any]:
    """A field of type ``Any`` with a schema declared by hand, defaulting to None, takes null too: the schema says so."""
    if "default" not in schema or schema["default"] is not None or _admits_null(schema):
        return schema
    declared = {key: value for key, value in schema.items() if key not in ("default", "description")}
    described = {"description": schema["description"]} if "description" in schema else {}
    return {**described, "anyOf": [declared, {"type": "null"}], "default": None}


def body_components(*kinds: type[msgspec.Struct], **server: dict[str, Any]) -> dict[str, Any]:
    """The components of request bodies or answers, derived from their declared types (``typed_body``, ``respond``).

    ``server`` fills in what only the running server knows, by property name
    wherever it appears (``lexicon=choice(lexicons)``, ``limit=schema_of(whole(1, 500))``).
    """
    _, components = msgspec.json.schema_components(kinds, ref_template="#/components/schemas/{name}")
    for component in components.values():
        properties = component.get("properties", {})
        properties.update({name: _null_by_default(schema) for name, schema in properties.items()})
        for name, extra in server.items():
            if name in properties:
                properties[name] = _narrow(properties[name], extra)
    return dict(components)


def error_responses(*codes: int) -> dict[str, Any]:
    reasons = {
        400: "The request is malformed (bad JSON, wrong type, missing field, nested too deep, lone surrogate).",
        408: "The body did not arrive within the server's time limit; the connection is closed.",
        413: "The body is larger than the server's limit.",
        404: "No such thing here (a list, a table).",
        415: "The body was not sent as Content-Type: application/json.",
        422: "Well-formed but unusable: bad board, word, pattern, lexicon or game, or a field the request does not take.",
        503: "Busy or too slow; retry after the Retry-After seconds.",
    }
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    responses: dict[str, Any] = {str(code): {"description": reasons[code], "content": error} for code in codes}
    responses["default"] = {"description": "Any other error (unknown path, wrong method).", "content": error}
    return responses


def text(max_length: int) -> Any:
    """The type of a text parameter: given (not empty), at most ``max_length`` characters."""
    return Annotated[str, Meta(min_length=1, max_length=max_length)]


def whole(low: int, high: int | None = None) -> Any:
    """The type of a whole-number parameter from ``low`` to ``high``."""
    return Annotated[int, Meta(ge=low, le=high)]


def choice(names: Iterable[str]) -> dict[str, Any]:
    """One of the names only the running server knows (its lexicons, its lists), which no type declares."""
    return {"type": "string", "enum": sorted(names)}


@dataclass(frozen=True)
class Param:
    """A parameter outside the body: its type (or a schema, or a function of the server giving either)."""

    name: str
    kind: Any
    description: str = ""
    where: Literal["query", "path", "header"] = "query"
    required: bool = False

    def spec(self, service: Service) -> dict[str, Any]:
        kind = _on_server(self.kind, service)
        schema = kind if isinstance(kind, dict) else schema_of(kind)
        spec = {"name": self.name, "in": self.where, "required": self.required or self.where == "path", "schema": schema}
        return {**spec, "description": self.description} if self.description else spec


#: The parameters every search takes: a lexicon of this server, and the most words listed.
LEXICON = Param("lexicon", lambda service: choice(service.lexicons), "Lexicon name (default: the server's first).")
LIMIT = Param("limit", lambda service: whole(1, service.limits.max_results), "Most words returned.")


@dataclass(frozen=True)
class Answer:
    """A success: one of the declared types as JSON, or a ``schema`` in another media type (text, an event stream,
    whose events' types ``kinds`` then names for the components)."""

    description: str
    kinds: tuple[type[msgspec.Struct], ...] = ()
    status: int = 200
    media: str = "application/json"
    schema: dict[str, Any] | None = None

    def response(self) -> dict[str, Any]:
        references = [{"$ref": f"#/components/schemas/{kind.__name__}"} for kind in self.kinds]
        schema = self.schema if self.schema is not None else references[0] if len(references) == 1 else {"oneOf": references}
        return {"description": self.description, "content": {self.media: {"schema": schema}}}


def ok(description: str, *kinds: type[msgspec.Struct], status: int = 200) -> Answer:
    """A JSON answer of one of the declared types."""
    return Answer(description, kinds, status)


@dataclass(frozen=True)
class Endpoint:
    """One endpoint, declared once: the route serving it and its operation in the document.

    ``body`` is the request's Struct (``typed_body`` decodes it; a tuple: one of them), its component
    narrowed by ``narrowed``; ``example`` a request that works. ``errors`` are the
    statuses answered with an ``Error``, ``responses`` others described in words
    (a table's 403, 404, 409). ``refined`` adjusts the finished components (a
    saved game narrowed to this server).
    """

    method: Literal["GET", "POST"]
    path: str
    handler: Handler
    operation_id: str
    summary: str
    answer: Answer
    errors: tuple[int, ...] = ()
    parameters: tuple[Param, ...] = ()
    body: type[msgspec.Struct] | tuple[type[msgspec.Struct], ...] | None = None
    example: Any = None
    narrowed: Narrowing | None = None
    refined: Refinement | None = None
    responses: Mapping[int, str] = field(default_factory=dict)

    def bodies(self) -> tuple[type[msgspec.Struct], ...]:
        """The request Structs the body may be (none, one, or each game's own)."""
        return () if self.body is None else self.body if isinstance(self.body, tuple) else (self.body,)

    def route(self) -> Route:
        return Route(self.path, self.handler, methods=[self.method])

    def operation(self, service: Service) -> dict[str, Any]:
        operation: dict[str, Any] = {"operationId": self.operation_id, "summary": self.summary}
        if self.parameters:
            operation["parameters"] = [parameter.spec(service) for parameter in self.parameters]
        if self.body is not None:
            references = [{"$ref": f"#/components/schemas/{kind.__name__}"} for kind in self.bodies()]
            content: dict[str, Any] = {"schema": references[0] if len(references) == 1 else {"oneOf": references}}
            example = _on_server(self.example, service)
            if example is not None:
                content["example"] = example
            operation["requestBody"] = {"required": True, "content": {"application/json": content}}
        described = {str(status): {"description": reason} for status, reason in self.responses.items()}
        operation["responses"] = {str(self.answer.status): self.answer.response(), **described, **error_responses(*self.errors)}
        return operation


def document(service: Service, endpoints: Iterable[Endpoint]) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the endpoints, with this server's limits in its description and its schemas.

    The answers' components first, then the bodies' (narrowed to this server,
    so a type both sent and received keeps the narrowing), then refinements.
    """
    limits = service.limits
    endpoints = list(endpoints)
    paths: dict[str, Any] = {}
    components = body_components(Error)
    for endpoint in endpoints:
        paths.setdefault(endpoint.path, {})[endpoint.method.lower()] = endpoint.operation(service)
    components.update(body_components(*dict.fromkeys(kind for endpoint in endpoints for kind in endpoint.answer.kinds)))
    bodies: dict[Narrowing | None, dict[type[msgspec.Struct], None]] = {}
    for endpoint in endpoints:
        bodies.setdefault(endpoint.narrowed, {}).update(dict.fromkeys(endpoint.bodies()))
    for narrowing, kinds in bodies.items():  # one derivation per narrowing: msgspec takes milliseconds per type
        components.update(body_components(*kinds, **(narrowing(service) if narrowing is not None else {})))
    for refined in dict.fromkeys(endpoint.refined for endpoint in endpoints if endpoint.refined is not None):
        components = refined(service, components)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Overturn dictionary, solver and referee",
            "version": __version__,
            "description": f"Limits: bodies up to {limits.max_body_bytes} bytes, searches up to {limits.max_results} words, "
            f"patterns {limits.pattern_timeout:g} s, solves {limits.solve_timeout:g} s.",
        },
        "paths": paths,
        "components": {"schemas": components},
    }
