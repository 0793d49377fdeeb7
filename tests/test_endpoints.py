"""Each endpoint is declared once (``overturn.service.openapi.Endpoint``): the app's routes and its OpenAPI 3.1
document are both made from the declarations, so neither can hold what the other lacks."""

from __future__ import annotations

from typing import Any

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError
from starlette.routing import Mount, Route

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app, openapi_schema
from overturn.service.limits import Limits
from overturn.service.routers import page

LIMITS = Limits(max_results=40, max_word_length=20)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("endpoints")
    words = {"ETE": [Entry("été", "été", "N")], "SOU": [Entry("sou", "sou", "N")]}  # ETE is on the deal of the documented examples
    small = write_build(folder / "small", words, {"name": "small", "description": "test words"})
    other = write_build(folder / "other", {"ETE": [Entry("été", "été", "N")]}, {"name": "other", "description": "more words"})
    return create_app([str(small), str(other)], LIMITS)


def _operations(document: dict[str, Any]) -> set[tuple[str, str]]:
    return {(path, method.upper()) for path, operations in document["paths"].items() for method in operations}


def test_every_route_is_documented_and_every_operation_routed(app: Any) -> None:
    routed = {
        (route.path, method)
        for route in app.routes
        if isinstance(route, Route) and route not in page.ROUTES
        for method in route.methods or ()
        if method != "HEAD"  # starlette adds HEAD to every GET
    }
    assert routed == _operations(openapi_schema(app.state.service))
    assert not [route for route in app.routes if isinstance(route, Mount) and route not in page.ROUTES]  # no files outside the pages'


def test_the_document_is_valid_openapi_3_1(app: Any) -> None:
    document = openapi_schema(app.state.service)
    assert document["openapi"].startswith("3.1.")
    validate(document)  # the 3.1 specification's rules, its schemas read as JSON Schema 2020-12
    identifiers = [operation["operationId"] for operations in document["paths"].values() for operation in operations.values()]
    assert len(identifiers) == len(set(identifiers))


def test_the_validator_reads_the_schemas_as_json_schema_2020_12(app: Any) -> None:
    """The check above can fail: a schema that is no JSON Schema (a type JSON does not have) is refused."""
    document = openapi_schema(app.state.service)
    document["components"]["schemas"]["Error"]["properties"]["error"]["type"] = "text"
    with pytest.raises(OpenAPIValidationError):
        validate(document)


def test_the_server_limits_are_in_the_schemas(app: Any) -> None:
    """What only the running server knows (its lexicons, its bounds) narrows the derived schemas, in the 2020-12 form."""
    document = openapi_schema(app.state.service)
    word = document["paths"]["/api/words/{word}"]["get"]["parameters"][0]
    assert word["in"] == "path" and word["schema"]["maxLength"] == LIMITS.max_word_length
    lexicon = {parameter["name"]: parameter for parameter in document["paths"]["/api/pattern"]["get"]["parameters"]}["lexicon"]
    assert lexicon["schema"]["enum"] == ["other", "small"]
    solve = document["components"]["schemas"]["SolveRequest"]["properties"]
    assert solve["lexicon"]["anyOf"] == [{"type": "string", "enum": ["other", "small"]}, {"type": "null"}]
    assert solve["limit"]["anyOf"][0]["maximum"] == LIMITS.max_solve_words and {"type": "null"} in solve["limit"]["anyOf"]
    play = document["components"]["schemas"]["PlayRequest"]["properties"]
    assert play["word"]["maxLength"] == LIMITS.max_word_length
    assert {"type": "null"} in play["path"]["anyOf"]  # an optional path stays optional once narrowed


def test_the_page_is_served_but_not_documented(app: Any) -> None:
    document = openapi_schema(app.state.service)
    assert "/" not in document["paths"] and "/static" not in document["paths"]
    assert any(isinstance(route, Route) and route.path == "/" for route in app.routes)


def test_a_table_view_is_declared_as_each_game_s_own_struct(app: Any) -> None:
    """A claim's view is required and one of the games' views told apart by ``view``; each board game's view holds
    only its own fields (Insider's hand is in no other game's schema)."""
    schemas = openapi_schema(app.state.service)["components"]["schemas"]
    claimed = schemas["Claimed"]
    assert "view" in claimed["required"]
    union = claimed["properties"]["view"]
    assert union["discriminator"]["propertyName"] == "view"
    assert set(union["discriminator"]["mapping"]) == {"overturn", "overload", "offboard", "insider"}
    views = {tag: schemas[ref.rsplit("/", 1)[1]] for tag, ref in union["discriminator"]["mapping"].items()}
    assert [tag for tag, view in views.items() if "hand" in view["properties"]] == ["insider"]
    assert [tag for tag, view in views.items() if "targets" in view["properties"]] == ["offboard"]
    assert "board" in views["overload"]["required"] and "board" not in views["insider"]["properties"]
    guard = views["insider"]["properties"]["guard"]["$ref"].rsplit("/", 1)[1]
    assert set(schemas[guard]["required"]) == {"from", "card", "power", "seconds", "deadline"}  # no longer any object
