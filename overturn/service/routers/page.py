"""The page for phones: its HTML, icon, service worker and static files (the pages' ES modules among them)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

from overturn.service.context import Service

WEB_DIR = Path(__file__).parent.parent.parent / "web"

#: The tab icon: a ringed tile, as SVG (every browser the page supports shows an SVG at /favicon.ico).
FAVICON = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    b'<rect x="1" y="1" width="14" height="14" rx="3" fill="#2e7d32"/>'
    b'<circle cx="8" cy="8" r="4.5" fill="none" stroke="#fff" stroke-width="2"/></svg>'
)

FAVICON_ETAG = f'"{hashlib.sha256(FAVICON).hexdigest()[:16]}"'

def _not_modified(request: Request, etag: str) -> bool:
    """Whether the client's If-None-Match names this ETag (weak or strong), so a 304 will do."""
    asked = request.headers.get("if-none-match")
    if not asked:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in asked.split(",")}
    return "*" in tags or etag.removeprefix("W/") in tags

def _cached_answer(request: Request, response: Response) -> Response:
    """``response``, or a bodiless 304 carrying its ETag when the client already has it."""
    etag = response.headers["etag"]
    if _not_modified(request, etag):
        return Response(status_code=304, headers={"etag": etag, "cache-control": response.headers.get("cache-control", "no-cache")})
    return response

async def index(request: Request) -> Response:
    page = WEB_DIR / "index.html"
    return _cached_answer(request, FileResponse(page, media_type="text/html; charset=utf-8", stat_result=os.stat(page)))

async def boardgame(request: Request) -> Response:
    """The board games' page (Overload, offboard, Insider at the shared table)."""
    page = WEB_DIR / "boardgame.html"
    return _cached_answer(request, FileResponse(page, media_type="text/html; charset=utf-8", stat_result=os.stat(page)))

async def favicon(request: Request) -> Response:
    headers = {"etag": FAVICON_ETAG, "cache-control": "max-age=86400"}
    return _cached_answer(request, Response(FAVICON, media_type="image/svg+xml", headers=headers))


async def service_worker(_request: Request) -> Response:
    """The page's service worker, served from the root so that it may control the whole page (``/``)."""
    return FileResponse(WEB_DIR / "sw.js", media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})


class PageFiles(StaticFiles):
    """The pages' files, scripts always as JavaScript: browsers run an ES module only when served with a JavaScript
    type, and the MIME table the standard library reads from the system may lack ``.js`` or name it otherwise."""

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200) -> Response:
        if not str(full_path).endswith(".js"):
            return super().file_response(full_path, stat_result, scope, status_code)
        response = FileResponse(full_path, status_code=status_code, stat_result=stat_result, media_type="text/javascript; charset=utf-8")
        if self.is_not_modified(response.headers, Headers(scope=scope)):
            return NotModifiedResponse(response.headers)
        return response


ROUTES: list[BaseRoute] = [
    Route("/", index, methods=["GET"]),
    Route("/boardgame", boardgame, methods=["GET"]),
    Route("/favicon.ico", favicon, methods=["GET"]),
    Route("/sw.js", service_worker, methods=["GET"]),
    Mount("/static", PageFiles(directory=WEB_DIR), name="static"),
]


def openapi_paths(service: Service) -> dict[str, Any]:
    """The page and its files are not part of the API."""
    return {}


def openapi_schemas(service: Service) -> dict[str, Any]:
    return {}
