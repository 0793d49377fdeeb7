"""The table as players meet it, at 390×844 in headless Chromium: the pictures of README.md and docs/page.md.

Each test brings a page to the state it pictures and checks that state; it saves the picture only when
``OVERTURN_SCREENSHOTS`` names a directory (``OVERTURN_SCREENSHOTS=docs/img``), so a test run leaves the tree clean.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web import BOARD, CHROMIUM, browser  # noqa: F401  (browser: a fixture)

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.lexicon import Lexicon
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
#: A phone's screen at one CSS pixel a pixel: the pictures stay a few tens of kB.
SCREEN = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


@pytest.fixture(scope="module")
def server(default_lexicon: Lexicon) -> Iterator[str]:
    """The real French lexicon (the words players see); seeded board games, for the same picture each time."""
    with BackgroundServer(create_app("fr", allow_seeds=True)) as url:
        yield url


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(**SCREEN)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def _picture(tab: Any, name: str) -> None:
    """The screen as a PNG in $OVERTURN_SCREENSHOTS, when it is set."""
    folder = os.environ.get("OVERTURN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_an_overturn_table_after_a_few_moves(server: str, tab: Any, default_lexicon: Lexicon) -> None:
    """Ali's phone after three moves: Zoé's last word beside the board, its path drawn, Ali to play."""
    from playwright.sync_api import expect

    local = Game.from_board(Board.parse(BOARD), "reuse", "fr", default_lexicon, "position")
    with httpx.Client(base_url=server, timeout=30) as client:
        made = client.post("/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
        table_id, tokens = made["table"]["id"], made["tokens"]
        for version in range(3):
            # the best word of at most eight letters: a word a player might find
            ranked = next(ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove) and len(ranked.move.word) <= 8)
            move = ranked.move
            assert isinstance(move, WordMove) and move.path is not None
            local.push(move)
            path = [list(divmod(cell, 6)) for cell in move.path]
            moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[version % 2], "version": version, "action": {"kind": "word", "word": move.word, "path": path}})
            assert moved.status_code == 200 and moved.json()["verdict"]["legal"], moved.text
    tab.goto(f"{server}/?table={table_id}&seat={tokens[1]}")
    expect(tab.locator("#last-move")).to_have_text(f"Zoé a joué {move.word} (+{ranked.swing})")
    expect(tab.locator("#played li")).to_have_count(3)
    expect(tab.locator("#play")).to_be_enabled()  # Ali's turn, on Ali's phone
    assert tab.locator("#trace path, #trace polyline, #trace line").count() > 0, "the last move's path is drawn"
    _picture(tab, "overturn-table")


def test_an_overload_seat(server: str, tab: Any) -> None:
    """The second seat of a seeded Overload table after three rounds: the board, the scores, the seat's moves."""
    from playwright.sync_api import expect

    with httpx.Client(base_url=server, timeout=30) as client:
        made = client.post("/api/boardgames", json={"game": "overload", "seed": 7, "seats": [{"name": "Zoé"}, {"name": "Ali"}, {"name": "Léa"}]}).json()
        table_id, tokens = made["table"]["id"], made["tokens"]
        version = 0
        while version < 9:
            view = client.get(f"/api/boardgames/{table_id}").json()
            mover = view["turn"]
            legal = client.get(f"/api/boardgames/{table_id}?seat={tokens[mover]}").json()["legal"]
            moved = client.post(f"/api/boardgames/{table_id}/moves", json={"seat": tokens[mover], "version": version, "move": legal[0]}).json()
            assert not moved.get("error"), moved
            version = moved["state"]["table"]["version"]
    tab.goto(f"{server}/boardgame?table={table_id}&seat={tokens[1]}")
    expect(tab.locator("#table")).to_have_attribute("data-version", str(version))
    expect(tab.locator("#drawing")).not_to_be_empty()
    expect(tab.locator("#history li")).to_have_count(version)
    _picture(tab, "overload-seat")
