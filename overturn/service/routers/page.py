"""The page for phones: its HTML, icon, service worker and static files (the pages' ES modules among them).

The static files are served under a version, ``/static/<version>/app.js``, a hash of every file in the web
directory: cached for a year and never asked again (``immutable``), while the pages and the service worker are
revalidated each time (``no-cache``) and name the current version, so a warm load transfers almost nothing and a
changed file arrives under a new address. The ES modules import each other relatively, staying under the version.
The unversioned ``/static/app.js`` still works, revalidated.

Each page names one script, its modules bundled (``overturn/service/bundler.py``; ``page_html`` is a page as served,
``generated_files`` the bundles, both plain functions, so a static copy of the site writes the same bytes), and every
page and text file is sent gzipped, compressed once, with an ETag per encoding.

Long because the pages, the versioned files, their compression and the page engine's lexicon files share one
cache of what is served, which the static export reads too.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import os
import re
import time
from pathlib import Path
from typing import Any

from starlette.datastructures import Headers
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Receive, Scope, Send

from overturn.service.bundler import NotBundled, bundle, bundle_name, entries_of, with_preloads

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

def accepts_gzip(request: Request | Headers) -> bool:
    """Whether the client takes gzip (``Accept-Encoding``, a ``q=0`` refusing it)."""
    headers = request.headers if isinstance(request, Request) else request
    for part in headers.get("accept-encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class Encoded:
    """A body and its gzip, compressed once (level 9, no time stamp, so the same bytes on every start), with an ETag
    per encoding: a cache that holds one must not take it for the other."""

    _made: dict[bytes, Encoded] = {}

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.gzip = gzip.compress(body, compresslevel=9, mtime=0)
        self.tag = hashlib.sha256(body).hexdigest()[:16]

    def etag(self, gzipped: bool) -> str:
        return f'"{self.tag}-gzip"' if gzipped else f'"{self.tag}"'

    @classmethod
    def of(cls, body: bytes) -> Encoded:
        """The body's encodings, made on its first answer and kept (a few pages and their versions: bounded)."""
        found = cls._made.get(body)
        if found is None:
            if len(cls._made) >= 64:
                cls._made.clear()
            found = cls._made[body] = cls(body)
        return found


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


# ----- the pages as served: one bundle each (overturn/service/bundler.py), or their modules preloaded -------------------

_bundles: dict[tuple[str, str], bytes | None] = {}


def page_bundle(entry: str) -> bytes | None:
    """The entry module's bundle under the current version, made once (None when its modules cannot be bundled)."""
    key = (entry, VERSION.refresh())
    if key not in _bundles:
        if len(_bundles) > 8:
            _bundles.clear()
        try:
            _bundles[key] = bundle(entry, WEB_DIR).encode()
        except NotBundled:
            _bundles[key] = None
    return _bundles[key]


def bundled_html(html: str) -> str | None:
    """The page with its module script naming its bundle, or None when a module cannot be bundled."""
    entries = entries_of(html)
    if not entries or not all(page_bundle(entry) for entry in entries):
        return None
    for entry in entries:
        html = html.replace(f'src="/static/{entry}"', f'src="/static/{bundle_name(entry)}"')
    return html


def generated_files() -> dict[str, bytes]:
    """The files the server makes rather than reads, by their path under /static/ (the pages' bundles), for the
    service worker's list and for a static copy of the site."""
    made = {}
    for name in PAGES:
        for entry in entries_of((WEB_DIR / name).read_text(encoding="utf-8")):
            made_bytes = page_bundle(entry)
            if made_bytes is not None:
                made[bundle_name(entry)] = made_bytes
    return made


#: The pages, by the name of their HTML file.
PAGES = ("index.html", "boardgame.html")
_page_cache: dict[tuple[str, str, bool], bytes] = {}


def page_html(name: str, bundled: bool = True) -> bytes:
    """The page ``name`` (``index.html`` or ``boardgame.html``) as served: its static files under the current version,
    and its module script naming its bundle (``generated_files``), or, unbundled (or when its modules cannot be
    bundled), every module it will import preloaded. Made once per version (a static copy writes the same bytes)."""
    if name not in PAGES:
        raise ValueError(f"no page named {name!r}")
    key = (name, VERSION.refresh(), bundled)
    if key not in _page_cache:
        if len(_page_cache) > 8:
            _page_cache.clear()
        html = (WEB_DIR / name).read_text(encoding="utf-8")
        _page_cache[key] = versioned((bundled and bundled_html(html)) or with_preloads(html, WEB_DIR))
    return _page_cache[key]


def _versioned_answer(request: Request, text: str, media_type: str) -> Response:
    return _page_answer(request, versioned(text), media_type)


def _page_answer(request: Request, body: bytes, media_type: str) -> Response:
    encoded = Encoded.of(body)
    gzip = accepts_gzip(request)
    headers = {"etag": encoded.etag(gzip), "cache-control": REVALIDATE, "vary": "Accept-Encoding"}
    if gzip:
        headers["content-encoding"] = "gzip"
    return _cached_answer(request, Response(encoded.gzip if gzip else encoded.body, media_type=media_type, headers=headers))


#: What a page says when the site offers its engine a lexicon (js/api.js starts the engine only then).
ENGINE_META = b'<meta name="overturn-engine" content="lexicon/manifest.json">'


def with_engine(html: bytes) -> bytes:
    """A page that starts its own engine: the meta js/api.js looks for, first in its head."""
    return html.replace(b"<head>\n", b"<head>\n  " + ENGINE_META + b"\n", 1)


async def index(request: Request) -> Response:
    body = page_html("index.html")
    return _page_answer(request, with_engine(body) if getattr(request.app.state, "page_lexicon", None) else body, "text/html; charset=utf-8")

async def boardgame(request: Request) -> Response:
    """The board games' page (Overload, offboard, Insider at the shared table)."""
    return _page_answer(request, page_html("boardgame.html"), "text/html; charset=utf-8")

async def favicon(request: Request) -> Response:
    headers = {"etag": FAVICON_ETAG, "cache-control": "max-age=86400"}
    return _cached_answer(request, Response(FAVICON, media_type="image/svg+xml", headers=headers))


#: The files the service worker caches at install, besides the pages: every file the pages may load.
CACHED_SUFFIXES = (".js", ".json", ".css", ".svg", ".webmanifest", ".wasm")


def worker_files() -> list[str]:
    return sorted(
        ["/static/" + path.relative_to(WEB_DIR).as_posix()
        for path in WEB_DIR.rglob("*")
        if path.is_file() and path.name.endswith(CACHED_SUFFIXES) and path.name != "sw.js"]
        + ["/static/" + path for path in generated_files()]
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
#: The files sent compressed (text, and the engine's WebAssembly); the others as they are.
COMPRESSED_TYPES = {
    **MODULE_TYPES, ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm", ".html": "text/html; charset=utf-8", ".md": "text/markdown; charset=utf-8", ".txt": "text/plain; charset=utf-8",
}


class PageFiles(StaticFiles):
    """The pages' files, under a version or none, scripts always as JavaScript and data as JSON: browsers run an ES
    module (or import a JSON module) only when served with its type, and the MIME table the standard library reads
    from the system may lack ``.js`` or name it otherwise. A file asked for under an old version is today's file, revalidated rather than kept.

    The text files are read and gzipped once (again when their size or time changes) and sent gzipped to a client
    that takes it, with ``Vary: Accept-Encoding`` and an ETag per encoding."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._encoded: dict[str, tuple[tuple[int, int], Encoded]] = {}

    async def get_response(self, path: str, scope: Scope) -> Response:
        version, _, rest = path.replace(os.sep, "/").partition("/")
        if not (_VERSION.fullmatch(version) and rest):
            return self._cached(await self._file_or_made(path, scope), REVALIDATE)
        current = version == (VERSION.current or VERSION.refresh())
        return self._cached(await self._file_or_made(rest, scope), IMMUTABLE if current else REVALIDATE)

    async def _file_or_made(self, path: str, scope: Scope) -> Response:
        """A file of the web directory, or one the server makes (a page's bundle)."""
        if path.endswith(".bundle.js") and scope.get("method") in ("GET", "HEAD"):
            made = generated_files().get(path)
            if made is not None:
                return self.made_response(Encoded.of(made), MODULE_TYPES[".js"], scope)
        return await super().get_response(path, scope)

    def made_response(self, encoded: Encoded, media_type: str, scope: Scope) -> Response:
        """The body, gzipped (once) when the client takes it, an ETag per encoding, a 304 when the client has it."""
        request_headers = Headers(scope=scope)
        gzipped = accepts_gzip(request_headers)
        headers = {"etag": encoded.etag(gzipped), "vary": "Accept-Encoding"}
        if gzipped:
            headers["content-encoding"] = "gzip"
        response = Response(encoded.gzip if gzipped else encoded.body, media_type=media_type, headers=headers)
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        if scope.get("method") == "HEAD":
            response.body = b""
        return response

    @staticmethod
    def _cached(response: Response, policy: str) -> Response:
        if response.status_code in (200, 304):
            response.headers["cache-control"] = policy
        return response

    def encoded(self, full_path: str, stat_result: os.stat_result) -> Encoded:
        """The file's bytes and their gzip, made on its first answer and kept while its size and time stay."""
        signature = (stat_result.st_mtime_ns, stat_result.st_size)
        kept = self._encoded.get(full_path)
        if kept is None or kept[0] != signature:
            kept = self._encoded[full_path] = (signature, Encoded(Path(full_path).read_bytes()))
        return kept[1]

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200) -> Response:
        media_type = COMPRESSED_TYPES.get(Path(full_path).suffix)
        if media_type is None or status_code != 200:
            return super().file_response(full_path, stat_result, scope, status_code)
        encoded = self.encoded(os.fspath(full_path), stat_result)
        return self.made_response(encoded, media_type, scope)


#: The addresses whose answers this router encodes itself (compressed once, an ETag per encoding).
_SELF_ENCODED = ("/", "/boardgame", "/sw.js")


class GZipOthers(GZipMiddleware):
    """Starlette's gzip for every answer but the pages', the worker's and their files' (which come compressed from
    here, once, with their own ETags: the middleware would compress them again on each request and add its ``Vary``
    to the one they carry)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and (scope["path"] in _SELF_ENCODED or scope["path"].startswith("/static/")):
            await self.app(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


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


#: The pages and their files: routes, not part of the API (no operation in the OpenAPI document).
ROUTES: list[BaseRoute] = [
    Route("/", index, methods=["GET"]),
    Route("/boardgame", boardgame, methods=["GET"]),
    Route("/favicon.ico", favicon, methods=["GET"]),
    Route("/sw.js", service_worker, methods=["GET"]),
    Mount("/static", PageFiles(directory=WEB_DIR), name="static"),
]
