"""The table page in headless Chromium (Debian's, driven by Playwright): board in, words out, path drawn.

Skipped with a reason when no chromium binary is installed; CI installs it.
The screenshot is kept in test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service import BackgroundServer, create_app

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
ACCES_CELLS = {(1, 4), (0, 4), (0, 3), (1, 2)}  # A C C E S: the path repeats the C at row 1, column 5
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _chromium() -> str | None:
    for candidate in (os.environ.get("OVERTURN_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    table = {
        "ACCES": [Entry("accès", "accès", "N")],
        "TOUS": [Entry("tous", "tous", "PRO")],
        "SOU": [Entry("sou", "sou", "N")],
        "ALLEZ": [Entry("allez", "aller", "V")],
        "MAISON": [Entry("maison", "maison", "N")],
    }
    directory = write_build(tmp_path_factory.mktemp("web") / "web", table, {"name": "web"})
    with BackgroundServer(create_app(str(directory))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True, locale="fr-FR")  # type: ignore[attr-defined]
    page = context.new_page()
    yield page
    context.close()


def _cells_on_path(page: object) -> set[tuple[int, int]]:
    return {
        (int(row), int(col))
        for row, col in page.eval_on_selector_all(  # type: ignore[attr-defined]
            "#grid .cell.on-path", "cells => cells.map(c => [c.dataset.row, c.dataset.col])"
        )
    }


def test_board_words_and_path(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    assert page.input_value("#grid .cell:nth-child(20) input") == "ZX"  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#summary")).to_have_text("4 mots")  # type: ignore[attr-defined]
    expect(page.locator(".length-group")).to_have_count(3)  # type: ignore[attr-defined]
    expect(page.locator(".length-group[data-length='5'] h3")).to_have_text("5 lettres (2)")  # type: ignore[attr-defined]

    page.click(".word[data-word='ACCES']")  # type: ignore[attr-defined]
    expect(page.locator("#grid .cell.on-path")).to_have_count(len(ACCES_CELLS))  # type: ignore[attr-defined]
    assert _cells_on_path(page) == ACCES_CELLS
    expect(page.locator("#grid .cell.path-start")).to_have_attribute("data-row", "1")  # type: ignore[attr-defined]
    expect(page.locator("#trace polyline")).to_have_count(1)  # type: ignore[attr-defined]
    expect(page.locator("#word-info")).to_contain_text("accès")  # type: ignore[attr-defined]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-path.png"), full_page=True)  # type: ignore[attr-defined]


def test_referee_verdict_and_language_toggle(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    page.fill("#dispute", "maison")  # type: ignore[attr-defined]
    page.click("#judge")  # type: ignore[attr-defined]
    expect(page.locator("#verdict")).to_have_class("illegal")  # type: ignore[attr-defined]
    expect(page.locator("#verdict")).to_have_attribute("data-reason", "cannot_trace")  # type: ignore[attr-defined]
    expect(page.locator("#verdict .verdict-reason")).to_have_text("Aucun chemin de la grille n'écrit ce mot.")  # type: ignore[attr-defined]
    page.click("#lang")  # type: ignore[attr-defined]
    expect(page.locator("#verdict .verdict-reason")).to_have_text("No path on the board spells this word.")  # type: ignore[attr-defined]
    expect(page.locator("#solve")).to_have_text("All words")  # type: ignore[attr-defined]

    page.fill("#dispute", "accès")  # type: ignore[attr-defined]
    page.click("#judge")  # type: ignore[attr-defined]
    expect(page.locator("#verdict")).to_have_class("legal")  # type: ignore[attr-defined]
    expect(page.locator("#grid .cell.on-path")).to_have_count(len(ACCES_CELLS))  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / "web-referee.png"), full_page=True)  # type: ignore[attr-defined]


def test_incomplete_board_is_reported_not_sent(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD.replace("LAABSC", "LAAB"))  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#error")).to_have_text("La grille n'est pas complète : 2 case(s) vide(s).")  # type: ignore[attr-defined]
    expect(page.locator("#error")).to_be_visible()  # type: ignore[attr-defined]
