"""The application factory: one router per area, middleware for cross-cutting concerns; the routes and the OpenAPI document both made from the routers' endpoints."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import BaseRoute

from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.registry import DEFAULT_LEXICON, load_lexicon
from overturn.service.context import Service
from overturn.service.errors import ApiError, api_error_handler, http_error_handler
from overturn.service.limits import Limits
from overturn.service.middleware import Hardening
from overturn.service.openapi import document
from overturn.service.routers import dictionary, game, page, referee, review, searches, solve, status, tables
from overturn.service.routers.tables import refusal_handler
from overturn.table.errors import TableRefusal
from overturn.table.store import TableStore


def create_app(
    lexicon_spec: str | Sequence[str] | None = None,
    limits: Limits | None = None,
    allowed_hosts: Sequence[str] | None = None,
    tables: TableStore | None = None,
    allow_seeds: bool = False,
    page_engine: bool = False,
) -> Starlette:
    """The ASGI app serving the given lexicons (names or paths; the first is the default).

    Lexicons are loaded here, before the first request, so a bad spec (or one
    that yields no word, such as a file that is no word list) fails at start-up
    with a LexiconError rather than on a player's phone. With ``allowed_hosts``,
    requests naming any other Host get 400 (DNS rebinding, host-header tricks).
    Table games live in ``tables`` (in memory when none is given). A board game whose dice or cards the server
    draws takes a client's seed only with ``allow_seeds`` (lessons, replays, tests): otherwise whoever chose the seed
    could foresee every roll and draw. With ``page_engine``, the table page runs its own engine (the word search as
    WebAssembly, the rules in JavaScript) on the default lexicon, served at /lexicon/ (made on first use, about 15 s
    once): solo games, solves and verdicts never wait for the network; shared tables stay the server's.
    """
    specs = [lexicon_spec] if isinstance(lexicon_spec, str) or lexicon_spec is None else list(lexicon_spec)
    loaded: dict[str, Lexicon] = {}
    descriptions: dict[str, str] = {}
    for spec in specs or [None]:
        lexicon = load_lexicon(spec)
        name = _served_name(spec, lexicon, loaded)
        loaded[name] = lexicon
        descriptions[name] = _public_description(spec, lexicon)
    limits = limits or Limits()
    service = Service(loaded, next(iter(loaded)), limits, descriptions, tables, allow_seeds)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        service.tables.follow_other_processes()
        day = 86400.0
        service.tables.start(
            limits.prune_hours * 3600.0, limits.table_idle_days * day, limits.table_finished_days * day, limits.table_unclaimed_hours * 3600.0
        )
        yield
        service.tables.close()
        service.solvers.shutdown()
        service.searches.shutdown()
        service.engines.shutdown()

    routes: list[BaseRoute] = [*(endpoint.route() for endpoint in ENDPOINTS), *page.ROUTES]
    page_lexicon = None
    if page_engine:
        from overturn.lexicon.browser import lexicon_files

        page_lexicon = page.PageLexicon(service.default, lexicon_files(loaded[service.default]))
        routes += page_lexicon.routes()
    middleware = [Middleware(Hardening, limits=limits, wasm=page_engine)]
    if allowed_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    middleware.append(Middleware(page.GZipOthers, minimum_size=limits.gzip_min_bytes, compresslevel=5))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={ApiError: api_error_handler, HTTPException: http_error_handler, TableRefusal: refusal_handler},
    )
    app.state.service = service
    app.state.page_lexicon = page_lexicon
    app.state.openapi = lambda: openapi_schema(service)
    return app

def _served_name(spec: str | None, lexicon: Lexicon, taken: Mapping[str, Lexicon]) -> str:
    """The name requests use: the recipe or user name, or a path's last component; unique per server."""
    name = spec or DEFAULT_LEXICON
    if _given_by_path(name):
        name = str(lexicon.meta.get("name") or Path(name).name)
    base, count = name, 2
    while name in taken:
        name, count = f"{base}-{count}", count + 1
    return name

def _given_by_path(spec: str) -> bool:
    return "/" in spec or spec.startswith(".")

def _public_description(spec: str | None, lexicon: Lexicon) -> str:
    """The description clients see: a lexicon given by path may record a server path in it (a
    word list's build does, and its cached build may name another file), so then it is left out."""
    description = str(lexicon.meta.get("description", ""))
    if spec and _given_by_path(spec) and ("/" in description or "\\" in description):
        return ""
    return description


#: Every endpoint of the API, the dictionary's first (the most requested: routes are matched in order); the pages follow.
ENDPOINTS = tuple(
    endpoint for router in (dictionary, status, solve, referee, game, tables, review, searches) for endpoint in router.ENDPOINTS
)


def openapi_schema(service: Service) -> dict[str, Any]:
    """The OpenAPI 3.1 document of every endpoint, with this server's limits."""
    return document(service, ENDPOINTS)
