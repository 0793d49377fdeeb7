"""`overturn serve --page-engine`: the server's page runs its own engine as an exported site's does, on the lexicon
the server serves at /lexicon/ (and a policy that lets its scripts compile WebAssembly); without the option,
nothing changes: no lexicon, the same policy, every request to the server."""

from __future__ import annotations

import gzip
import json
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from test_web import CHROMIUM, PHONE, browser  # noqa: F401  (browser: a fixture)

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.game.tiles import deal
from overturn.lexicon.browser import lexicon_files
from overturn.lexicon.lexicon import Lexicon
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.lexicon


def test_the_server_serves_the_lexicon_only_with_the_option(default_lexicon: Lexicon) -> None:
    with TestClient(create_app()) as client:
        assert client.get("/lexicon/manifest.json").status_code == 404
        assert "'wasm-unsafe-eval'" not in client.get("/").headers["content-security-policy"]
        assert "const LEXICON_FILES = [];" in client.get("/sw.js").text
    directory = lexicon_files(default_lexicon)
    with TestClient(create_app(page_engine=True)) as client:
        page = client.get("/")
        assert "script-src 'self' 'wasm-unsafe-eval';" in page.headers["content-security-policy"]
        answer = client.get("/lexicon/manifest.json")
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
        manifest = answer.json()
        assert manifest["name"] == "fr" and manifest["words"] == len(default_lexicon)
        assert client.get("/lexicon/manifest.json", headers={"if-none-match": answer.headers["etag"]}).status_code == 304
        trie = client.get(f"/lexicon/{manifest['trie']['file']}", headers={"accept-encoding": "gzip"})
        assert trie.status_code == 200 and trie.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert trie.headers["content-type"] == "application/gzip" and "content-encoding" not in trie.headers  # not compressed twice
        assert gzip.decompress(trie.content) == bytes(default_lexicon.masks)
        assert trie.content == (directory / manifest["trie"]["file"]).read_bytes()
        listed = json.loads(re.search(r"const LEXICON_FILES = (\[.*?\]);", client.get("/sw.js").text).group(1))  # type: ignore[union-attr]
        assert listed[0] == f"/lexicon/{manifest['trie']['file']}" and len(listed) == 1 + len(manifest["spellings"])
        assert client.get("/lexicon/nothing.gz").status_code == 404


class ApiCount:
    """The app, noting the API requests that reach the server."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.api: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            self.api.append(scope["path"])
        await self.app(scope, receive, send)


@pytest.fixture(scope="module")
def engine_server() -> Iterator[tuple[str, ApiCount]]:
    app = ApiCount(create_app(page_engine=True))
    with BackgroundServer(app) as url:
        yield url, app


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
def test_the_served_page_plays_on_the_phone_with_the_option(engine_server: tuple[str, ApiCount], browser: Any, default_lexicon: Lexicon) -> None:  # noqa: F811
    from playwright.sync_api import expect

    url, app = engine_server
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        app.api.clear()
        tab.goto(url + "/?seed=7&mode=reuse")
        expect(tab.locator("#turn")).to_have_text("au tour de Vert")
        mirror = Game.from_board(Board.parse(str(deal(7).layers[0])), "reuse", "fr", default_lexicon, "position")
        word = next(ranked.move.word for ranked in mirror.legal_moves() if isinstance(ranked.move, WordMove))
        tab.fill("#move-word", word)
        tab.click("#play")
        expect(tab.locator("#verdict")).to_have_attribute("data-reason", "ok")
        expect(tab.locator("#turn")).to_have_text("au tour d'Argent")
        assert app.api == [], app.api  # the deal and the move judged on the phone
        # a lexicon the page does not hold is the server's to answer (a server may hold several)
        version = re.search(r"/static/([0-9a-f]{12})/", tab.content()).group(1)  # type: ignore[union-attr]
        status = tab.evaluate("""async (version) => {
          const { api, ApiProblem, startEngine } = await import(`/static/${version}/js/api.js`);
          if (!(await startEngine())) return -2;  // this module's own engine, beside the page's bundle
          try { await api("/api/words/maison?lexicon=other"); return 200; } catch (error) { return error instanceof ApiProblem ? error.status : -1; }
        }""", version)
        assert status == 422 and app.api == ["/api/words/maison"], (status, app.api)
        assert not errors, errors
    finally:
        context.close()
