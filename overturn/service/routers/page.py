"""The page for phones: its HTML, icon, service worker and static files (the pages' ES modules among them).

The static files are served under a version, ``/static/<version>/app.js``, a hash of every file in the web
directory: cached for a year and never asked again (``immutable``), while the pages and the service worker are
revalidated each time (``no-cache``) and name the current version, so a warm load transfers almost nothing and a
changed file arrives under a new address. The ES modules import each other relatively, staying under the version.
The unversioned ``/static/app.js`` still works, revalidated.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import time
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

#: Cache-Control of a file under the current version, of one under no version (or an old one), of the pages.
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_VERSION = re.compile(r"[0-9a-f]{12}")


class StaticVersion:
    """The web files' version: a hash of their names and contents, computed again only when a file's size or
    modification time changes (looked at when a page is asked for, at most once every ``every`` seconds, so an edited
    file is seen on a reload without every page load walking the directory)."""

    def __init__(self, root: Path, every: float = 2.0) -> None:
        self.root = root
        self.every = every
        self._signature: tuple[tuple[str, int, int], ...] = ()
        self._looked = -math.inf
        self.current = ""

    def refresh(self) -> str:
        if time.monotonic() - self._looked < self.every:
            return self.current
        self._looked = time.monotonic()
        files = sorted(path for path in self.root.rglob("*") if path.is_file() and "__pycache__" not in path.parts)
        signature = tuple((path.relative_to(self.root).as_posix(), stat.st_mtime_ns, stat.st_size) for path in files for stat in (path.stat(),))
        if signature != self._signature:
            digest = hashlib.sha256()
            for path in files:
                digest.update(path.relative_to(self.root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
            self._signature, self.current = signature, digest.hexdigest()[:12]
        return self.current


VERSION = StaticVersion(WEB_DIR)


def versioned(text: str) -> bytes:
    """A page or the service worker with its static files' addresses under the current version."""
    return text.replace('"/static/', f'"/static/{VERSION.refresh()}/').encode()


def _versioned_answer(request: Request, text: str, media_type: str) -> Response:
    body = versioned(text)
    headers = {"etag": f'"{hashlib.sha256(body).hexdigest()[:16]}"', "cache-control": REVALIDATE}
    return _cached_answer(request, Response(body, media_type=media_type, headers=headers))


async def index(request: Request) -> Response:
    return _versioned_answer(request, (WEB_DIR / "index.html").read_text(encoding="utf-8"), "text/html; charset=utf-8")

async def boardgame(request: Request) -> Response:
    """The board games' page (Overload, offboard, Insider at the shared table)."""
    return _versioned_answer(request, (WEB_DIR / "boardgame.html").read_text(encoding="utf-8"), "text/html; charset=utf-8")

async def favicon(request: Request) -> Response:
    headers = {"etag": FAVICON_ETAG, "cache-control": "max-age=86400"}
    return _cached_answer(request, Response(FAVICON, media_type="image/svg+xml", headers=headers))


#: The files the service worker caches at install, besides the pages: every file the pages may load.
CACHED_SUFFIXES = (".js", ".json", ".css", ".svg", ".webmanifest", ".wasm")


def worker_files() -> list[str]:
    return sorted(
        "/static/" + path.relative_to(WEB_DIR).as_posix()
        for path in WEB_DIR.rglob("*")
        if path.is_file() and path.name.endswith(CACHED_SUFFIXES) and path.name != "sw.js"
    )


async def service_worker(request: Request) -> Response:
    """The pages' service worker, served from the root so that it may control both pages (``/``, ``/boardgame``).
    It names the current version and every file to cache, so a new version is a new worker (the browser compares
    its bytes) and no list kept by hand can miss a module; and the lexicon's files where the page runs its own engine."""
    lexicon: PageLexicon | None = getattr(request.app.state, "page_lexicon", None)
    return _versioned_answer(request, worker_text(lexicon_files=lexicon.files if lexicon else None), "text/javascript; charset=utf-8")


def worker_text(pages: list[str] | None = None, lexicon_files: list[str] | None = None) -> str:
    """sw.js naming every static file to cache (and ``pages``, ``lexicon_files`` where given: a static export's)."""
    text = (WEB_DIR / "sw.js").read_text(encoding="utf-8").replace("const FILES = [];", f"const FILES = {json.dumps(worker_files())};")
    if pages is not None:
        text = text.replace('const PAGES = ["/", "/boardgame"];', f"const PAGES = {json.dumps(pages)};")
    if lexicon_files is not None:
        text = text.replace("const LEXICON_FILES = [];", f"const LEXICON_FILES = {json.dumps(lexicon_files)};")
    return text


#: The types a module must be served with (a script, the words the pages import as a JSON module).
MODULE_TYPES = {".js": "text/javascript; charset=utf-8", ".json": "application/json"}


class PageFiles(StaticFiles):
    """The pages' files, under a version or none, scripts always as JavaScript and data as JSON: browsers run an ES
    module (or import a JSON module) only when served with its type, and the MIME table the standard library reads
    from the system may lack ``.js`` or name it otherwise. A file asked for under an old version is today's file, revalidated rather than kept."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        version, _, rest = path.replace(os.sep, "/").partition("/")
        if not (_VERSION.fullmatch(version) and rest):
            return self._cached(await super().get_response(path, scope), REVALIDATE)
        current = version == (VERSION.current or VERSION.refresh())
        return self._cached(await super().get_response(rest, scope), IMMUTABLE if current else REVALIDATE)

    @staticmethod
    def _cached(response: Response, policy: str) -> Response:
        if response.status_code in (200, 304):
            response.headers["cache-control"] = policy
        return response

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200) -> Response:
        media_type = MODULE_TYPES.get(Path(full_path).suffix)
        if media_type is None:
            return super().file_response(full_path, stat_result, scope, status_code)
        response = FileResponse(full_path, status_code=status_code, stat_result=stat_result, media_type=media_type)
        if self.is_not_modified(response.headers, Headers(scope=scope)):
            return NotModifiedResponse(response.headers)
        return response


class PageLexicon:
    """The default lexicon's files for the page's own engine (``overturn serve --page-engine``), at ``/lexicon/``:
    the manifest revalidated, naming the lexicon as this server's requests name it; the files, named by the
    lexicon's hash, kept a year (``overturn.lexicon.browser`` makes them, ``js/engine/lexicon.js`` reads them)."""

    def __init__(self, name: str, directory: Path) -> None:
        from overturn.lexicon.browser import manifest_files, read_manifest

        manifest = {**read_manifest(directory), "name": name}
        self.manifest = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()
        self.etag = f'"{hashlib.sha256(self.manifest).hexdigest()[:16]}"'
        self.files = [f"/lexicon/{file}" for file in manifest_files(manifest)]
        self.directory = directory

    async def manifest_answer(self, request: Request) -> Response:
        headers = {"etag": self.etag, "cache-control": REVALIDATE}
        return _cached_answer(request, Response(self.manifest, media_type="application/json", headers=headers))

    def routes(self) -> list[BaseRoute]:
        return [Route("/lexicon/manifest.json", self.manifest_answer, methods=["GET"]), Mount("/lexicon", LexiconFiles(directory=self.directory))]


class LexiconFiles(StaticFiles):
    """The lexicon's hash-named files: immutable, as gzip data (which the page decompresses itself, so no
    middleware compresses them again)."""

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200) -> Response:
        response = FileResponse(full_path, status_code=status_code, stat_result=stat_result, media_type="application/gzip")
        if self.is_not_modified(response.headers, Headers(scope=scope)):
            return NotModifiedResponse(response.headers)
        response.headers["cache-control"] = IMMUTABLE
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
