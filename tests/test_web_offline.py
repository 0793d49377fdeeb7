"""Both pages without the network, and a warm load (headless Chromium, phone size).

A table link reloaded offline showed the phone's own local game (another board, "Annuler le coup") and rewrote the
address to ``/?seed=…``; /boardgame offline was a blank "Failed to fetch". Each now shows the table as this phone
last saw it, marked stale, and follows it live again once the network returns. A warm reload asks the server for no
static file: their addresses carry the files' version and are kept for a year.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web import BOARD, CHROMIUM, PHONE, browser  # noqa: F401  (browser: a fixture)
from test_web_page_table import web_lexicon  # noqa: F401  (a fixture: many words along BOARD's paths)

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.registry import load_lexicon
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
STALE = "Hors ligne — la table telle que ce téléphone l'a vue"


class StaticCount:
    """The app, counting the requests for static files that reach the server."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.static: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/static/"):
            self.static.append(scope["path"])
        await self.app(scope, receive, send)


@pytest.fixture(scope="module")
def counted(web_lexicon: Path) -> Iterator[tuple[str, StaticCount]]:  # noqa: F811
    app = StaticCount(create_app(str(web_lexicon)))
    with BackgroundServer(app) as url:
        yield url, app


@pytest.fixture
def phone(browser: Any) -> Iterator[tuple[Any, Any]]:  # noqa: F811
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield context, tab
    context.close()
    assert not errors, errors


def _under_worker(tab: Any) -> None:
    """The page reloaded once its service worker is ready, so that the worker serves it from now on."""
    assert tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
    tab.reload()
    tab.wait_for_function("navigator.serviceWorker.controller !== null")


def test_a_warm_reload_asks_the_server_for_no_static_file(counted: tuple[str, StaticCount], browser: Any) -> None:  # noqa: F811
    """Without a service worker, the browser's own cache alone: the versioned files are not even revalidated. (Files
    changed long ago would also escape revalidation by the browser's heuristics; the versioned addresses, checked
    here, are what hold it for files just deployed.)"""
    from playwright.sync_api import expect

    url, app = counted
    context = browser.new_context(**PHONE, service_workers="block")
    tab = context.new_page()
    try:
        for page, shown in (("/", "#start-section"), ("/boardgame", "#new-form")):
            app.static.clear()
            tab.goto(url + page)
            expect(tab.locator(shown)).to_be_visible()
            cold = list(app.static)
            # the page's files, versioned (one script for its modules, the files both pages share asked for once)
            assert len(cold) >= 2 and all(path.count("/") >= 3 for path in cold), cold
            tab.reload()
            expect(tab.locator(shown)).to_be_visible()
            assert app.static == cold, f"{page}: a warm reload asked for {app.static[len(cold):]}"
    finally:
        context.close()


def _word(local: Game) -> tuple[str, list[list[int]]]:
    """The local mirror's first legal word and its path, played on the mirror."""
    move = next(ranked.move for ranked in local.legal_moves() if isinstance(ranked.move, WordMove))
    assert isinstance(move, WordMove) and move.path is not None
    local.push(move)
    return move.word, [list(divmod(cell, 6)) for cell in move.path]


def _play(client: httpx.Client, table_id: str, seat: str, version: int, local: Game) -> str:
    word, path = _word(local)
    moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": seat, "version": version, "action": {"kind": "word", "word": word, "path": path}})
    assert moved.status_code == 200 and moved.json()["verdict"]["legal"], moved.text
    return word


def test_an_offline_reload_of_a_table_link_shows_that_table_and_heals(counted: tuple[str, StaticCount], phone: tuple[Any, Any], web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    url, _ = counted
    context, tab = phone
    local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
    with httpx.Client(base_url=url, timeout=30) as client:
        made = client.post("/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
        table_id = made["table"]["id"]
        first = _play(client, table_id, made["tokens"][0], 0, local)
        tab.goto(f"{url}/?seed=99")  # the phone's own game, which a table link must never give way to
        expect(tab.locator("#undo")).to_be_visible()
        tab.goto(f"{url}/?table={table_id}&seat={made['tokens'][1]}")
        expect(tab.locator("#last-move")).to_contain_text(f"Zoé a joué {first}")
        _under_worker(tab)
        link = tab.url  # the table's address: '#seated', this phone's own credential kept on the phone, not in the address
        assert link.endswith("#seated") and "seat=" not in link
        credential = tab.evaluate(f"JSON.parse(localStorage.getItem('overturn-seats'))['{table_id}']")
        assert credential.startswith("c.")
        context.set_offline(True)
        tab.reload()
        expect(tab.locator("#table-live")).to_contain_text(STALE)
        expect(tab.locator("#offline")).to_have_text(re.compile("^Hors ligne — .* La table est gardée par le serveur"))  # not "sur ce téléphone"
        expect(tab.locator("#error")).to_be_hidden()
        expect(tab.locator("#last-move")).to_contain_text(f"Zoé a joué {first}")
        expect(tab.locator("#turn")).to_have_text("À vous de jouer")  # Ali's own phone
        expect(tab.locator("#undo")).to_be_hidden()  # not the phone's own game
        assert tab.url == link
        assert tab.evaluate("document.body.classList.contains('stale')")
        # Ali plays from another device holding the seat while this phone is offline
        second = _play(client, table_id, credential, 1, local)
        context.set_offline(False)
        expect(tab.locator("#last-move")).to_contain_text(f"Ali a joué {second}", timeout=15_000)
        expect(tab.locator("#table-live")).to_be_hidden()
        expect(tab.locator("#offline")).to_be_hidden()
        assert not tab.evaluate("document.body.classList.contains('stale')")
        tab.reload()  # online again: the link opens the table live
        expect(tab.locator("#last-move")).to_contain_text(f"Ali a joué {second}")
        expect(tab.locator("#table-live")).to_be_hidden()
        assert tab.url == link


def test_a_board_game_link_offline_shows_the_table_last_seen(counted: tuple[str, StaticCount], phone: tuple[Any, Any]) -> None:
    from playwright.sync_api import expect

    url, _ = counted
    context, tab = phone
    with httpx.Client(base_url=url, timeout=30) as client:
        made = client.post("/api/boardgames", json={"game": "offboard", "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
        table_id, tokens = made["table"]["id"], made["tokens"]
        tab.goto(f"{url}/boardgame?table={table_id}&seat={tokens[1]}")
        expect(tab.locator("#turn")).to_contain_text("Zoé")
        _under_worker(tab)
        expect(tab.locator("#table")).to_have_attribute("data-version", "0")
        context.set_offline(True)
        tab.reload()
        expect(tab.locator("#live-lost")).to_contain_text(STALE)
        expect(tab.locator("#offline")).to_contain_text("Hors ligne")
        expect(tab.locator("#turn")).to_contain_text("Zoé")
        expect(tab.locator("#error")).to_be_hidden()  # no "Failed to fetch", no blank page
        view = client.get(f"/api/boardgames/{table_id}?seat={tokens[0]}").json()
        moved = client.post(f"/api/boardgames/{table_id}/moves", json={"seat": tokens[0], "version": 0, "move": view["legal"][0]})
        assert moved.status_code == 200 and not moved.json().get("error"), moved.text
        context.set_offline(False)
        expect(tab.locator("#table")).to_have_attribute("data-version", "1", timeout=15_000)
        expect(tab.locator("#live-lost")).to_be_hidden()
        expect(tab.locator("#offline")).to_be_hidden()
