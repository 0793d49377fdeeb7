"""Schema-driven fuzzing of every endpoint over real HTTP: valid and invalid requests, never a 5xx.

Schemathesis reads /openapi.json from a uvicorn server on a loopback port and
sends requests that fit the schema and requests that break it; every answer
must be a non-5xx status the schema documents, with a body matching it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.applications import Starlette

from overturn.lexicon.compiled import write_build
from overturn.lexicon.lemmas import write_inflections
from overturn.lexicon.normalize import normalize_key
from overturn.lexicon.sources import DELA_FILE_NAME, Entry
from overturn.service.app import create_app, openapi_schema
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

WORDS = ["accès", "sou", "sous", "tous", "osé", "allez", "alexie", "été", "chien", "niche", "maison"]
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def small_app() -> Starlette:
    """An app under test, made at import: schemathesis parametrizes from its schema at collection time.

    One per test module: stopping a module's server shuts its app's worker pools.
    """
    table = {normalize_key(word): [Entry(word, word, "N")] for word in WORDS}
    directory = write_build(Path(tempfile.mkdtemp(dir=_BUILD.name)) / "fuzz", table, {"name": "fuzz"})
    dela = directory.parent / DELA_FILE_NAME  # a few tagged forms, so /api/forms answers with a table too
    dela.write_text("maison,.N+z1:fs\nchien,.N+z1:ms\nsous,.N+z1:mp\nallez,.N+z1:P2p:Y2p\n", encoding="utf-8")
    write_inflections(directory, [dela], table)
    limits = Limits(max_body_bytes=8192, max_results=100, pattern_timeout=0.2, search_timeout=2.0)
    return create_app(str(directory), limits)


_BUILD = tempfile.TemporaryDirectory(prefix="overturn-fuzz-")
APP = small_app()
schema = schemathesis.openapi.from_dict(openapi_schema(APP.state.service)).exclude(path_regex="^/api/game/")  # in test_service_game_fuzz.py


@pytest.fixture(scope="module")
def base_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A server for the requesting module's ``APP``."""
    with BackgroundServer(request.module.APP) as url:
        yield url


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_answers_match_the_schema(case: schemathesis.Case, base_url: str) -> None:
    case.call_and_validate(base_url=base_url, checks=CHECKS, timeout=30)
