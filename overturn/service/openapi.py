"""Pieces of the OpenAPI document that every router uses; each router declares its own paths and schemas.

The document is assembled by ``overturn.service.app.openapi_schema`` from the
routers' ``openapi_paths`` and ``openapi_schemas``. Components are derived
from the types the routers decode and answer with (``components``), never
written by hand; the schema-driven tests hold the code to them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from overturn import __version__
from overturn.service.errors import Error
from overturn.service.limits import Limits


def openapi30(schema: Any) -> Any:
    """A JSON Schema (2020-12, as msgspec derives it from a type) in the OpenAPI 3.0 dialect this document uses.

    ``anyOf [X, null]`` becomes X with ``nullable`` (and null in its enum), a
    tuple's ``prefixItems`` of one type becomes ``items``, ``const`` an enum;
    ``propertyNames`` (not in 3.0) is left out, its bound stays in the type.
    """
    if isinstance(schema, list):
        return [openapi30(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: openapi30(value) for key, value in schema.items() if key != "propertyNames"}
    variants = converted.get("anyOf")
    if isinstance(variants, list) and {"type": "null"} in variants:
        others = [variant for variant in variants if variant != {"type": "null"}]
        del converted["anyOf"]
        base = others[0] if len(others) == 1 and "$ref" not in others[0] else {"anyOf": others}
        converted = {**converted, **base, "nullable": True}
        if "enum" in converted:
            converted["enum"] = [*converted["enum"], None]
    if "prefixItems" in converted:
        items = converted.pop("prefixItems")
        if all(item == items[0] for item in items):
            converted["items"] = items[0]
        else:
            converted["items"] = {"anyOf": items}
    if "const" in converted:
        converted["enum"] = [converted.pop("const")]
    return converted


def schema_of(kind: Any) -> dict[str, Any]:
    """The inline schema of a type without components (a cell, a list of them), in this document's dialect."""
    converted: dict[str, Any] = openapi30(msgspec.json.schema(kind))
    return converted


def body_components(*kinds: type[msgspec.Struct], **server: dict[str, Any]) -> dict[str, Any]:
    """The components of request bodies or answers, derived from their declared types (``typed_body``, ``respond``).

    ``server`` fills in what only the running server knows, by property name
    wherever it appears (``lexicon=choice(lexicons)``, ``limit=schema_of(whole(1, 500))``).
    """
    _, components = msgspec.json.schema_components(kinds, ref_template="#/components/schemas/{name}")
    converted: dict[str, Any] = openapi30(components)
    for component in converted.values():
        for name, extra in server.items():
            if name in component.get("properties", {}):
                component["properties"][name] = {**component["properties"][name], **extra}
    return converted


def request_body(kind: type[msgspec.Struct], example: dict[str, Any] | None = None) -> dict[str, Any]:
    """A required JSON body of the declared type (its component is in ``body_components``), with a working example."""
    content: dict[str, Any] = {"schema": {"$ref": f"#/components/schemas/{kind.__name__}"}}
    if example is not None:
        content["example"] = example
    return {"required": True, "content": {"application/json": content}}


def error_responses(*codes: int) -> dict[str, Any]:
    reasons = {
        400: "The request is malformed (bad JSON, wrong type, missing field, nested too deep, lone surrogate).",
        408: "The body did not arrive within the server's time limit; the connection is closed.",
        413: "The body is larger than the server's limit.",
        404: "No such thing here (a list, a table).",
        415: "The body was not sent as Content-Type: application/json.",
        422: "Well-formed but unusable: bad board, word, pattern, lexicon or game.",
        503: "Busy or too slow; retry after the Retry-After seconds.",
    }
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    responses: dict[str, Any] = {str(code): {"description": reasons[code], "content": error} for code in codes}
    responses["default"] = {"description": "Any other error (unknown path, wrong method).", "content": error}
    return responses


def ok_response(kind: type[msgspec.Struct], description: str) -> dict[str, Any]:
    """A 200 answer of the declared type (its component is in ``body_components``)."""
    return {"description": description, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{kind.__name__}"}}}}


def text(max_length: int) -> Any:
    """The type of a text parameter: given (not empty), at most ``max_length`` characters."""
    return Annotated[str, Meta(min_length=1, max_length=max_length)]


def whole(low: int, high: int | None = None) -> Any:
    """The type of a whole-number parameter from ``low`` to ``high``."""
    return Annotated[int, Meta(ge=low, le=high)]


def choice(names: Iterable[str]) -> dict[str, Any]:
    """One of the names only the running server knows (its lexicons, its lists), which no type declares."""
    return {"type": "string", "enum": sorted(names)}


def query_param(name: str, kind: Any, description: str, required: bool = False) -> dict[str, Any]:
    """A query parameter of the declared type (a schema is taken as it stands: the table routers still write theirs)."""
    schema = kind if isinstance(kind, dict) else schema_of(kind)
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": description}


def path_param(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": schema}


def lexicon_param(lexicons: list[str]) -> dict[str, Any]:
    return query_param("lexicon", choice(lexicons), "Lexicon name (default: the server's first).")


def limit_param(limits: Limits) -> dict[str, Any]:
    return query_param("limit", whole(1, limits.max_results), "Most words returned.")


def document(limits: Limits, paths: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI 3.0 document from the routers' paths and schemas, with the server's limits in its description."""
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Overturn dictionary, solver and referee",
            "version": __version__,
            "description": f"Limits: bodies up to {limits.max_body_bytes} bytes, searches up to {limits.max_results} words, "
            f"patterns {limits.pattern_timeout:g} s, solves {limits.solve_timeout:g} s.",
        },
        "paths": paths,
        "components": {"schemas": {**body_components(Error), **schemas}},
    }
