"""The table page in headless Chromium (Debian's, driven by Playwright): board in, words out, path drawn.

Skipped with a reason when no chromium binary is installed; CI installs it.
Screenshots are kept in test-artifacts/ for a person to look at. Each bug of
play-testing found on the page has a regression test here; the whole game is in
test_web_game.py, which shares these fixtures.
"""

from __future__ import annotations

import math
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

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


TABLE = {
    "ACCES": [Entry("accès", "accès", "N")],
    "TOUS": [Entry("tous", "tous", "PRO")],
    "SOU": [Entry("sou", "sou", "N")],
    "ALLEZ": [Entry("allez", "aller", "V")],
    "MAISON": [Entry("maison", "maison", "N")],
    "PECHE": [Entry("pêche", "pêche", "N")],
}


@pytest.fixture(scope="module")
def web_lexicon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_build(tmp_path_factory.mktemp("web") / "web", TABLE, {"name": "web"})


@pytest.fixture(scope="module")
def base(web_lexicon: Path) -> Iterator[str]:
    with BackgroundServer(create_app(str(web_lexicon), allow_seeds=True)) as url:  # seeded board games, followed by a mirror
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True, "locale": "fr-FR"}
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "fr-FR"}


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(**PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _grid_input(row: int, col: int) -> str:
    return f"#grid .cell[data-row='{row}'][data-col='{col}'] input"


def _faces(page: object) -> list[str]:
    return page.eval_on_selector_all("#grid .cell input", "inputs => inputs.map(i => i.value)")  # type: ignore[attr-defined,no-any-return]


def _box(page: object, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()  # type: ignore[attr-defined]
    assert box is not None, f"{selector} is not displayed"
    return box  # type: ignore[no-any-return]


def shoot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))  # type: ignore[attr-defined]


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
    assert page.input_value(_grid_input(3, 1)) == "ZX"  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#summary")).to_have_text("4 mots")  # type: ignore[attr-defined]
    expect(page.locator(".length-group")).to_have_count(3)  # type: ignore[attr-defined]
    expect(page.locator(".length-group[data-length='5'] h3")).to_have_text("5 lettres (2)")  # type: ignore[attr-defined]

    page.click(".word[data-word='ACCES']")  # type: ignore[attr-defined]
    expect(page.locator("#grid .cell.on-path")).to_have_count(len(ACCES_CELLS))  # type: ignore[attr-defined]
    assert _cells_on_path(page) == ACCES_CELLS
    expect(page.locator("#grid .cell.path-start")).to_have_attribute("data-row", "1")  # type: ignore[attr-defined]
    expect(page.locator("#trace path")).to_have_count(1)  # type: ignore[attr-defined]
    # A-C-C-E-S: 3 steps between different cells, each line kept off the letters (the cells' centres).
    segments = re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", page.get_attribute("#trace path", "d"))  # type: ignore[attr-defined]
    assert len(segments) == 3
    centres = [(col + 0.5, row + 0.5) for row in range(6) for col in range(6)]
    for segment in segments:
        x1, y1, x2, y2 = map(float, segment)
        for t in (0, 0.25, 0.5, 0.75, 1):
            point = (x1 + t * (x2 - x1), y1 + t * (y2 - y1))
            assert min(math.dist(point, centre) for centre in centres) >= 0.29
    expect(page.locator("#word-info")).to_contain_text("accès")  # type: ignore[attr-defined]
    shoot(page, "web-path-390x844")


def test_referee_verdict_and_language_toggle(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    page.fill("#dispute", "maison")  # type: ignore[attr-defined]
    page.click("#judge")  # type: ignore[attr-defined]
    expect(page.locator("#dispute-verdict")).to_have_class("verdict illegal")  # type: ignore[attr-defined]
    expect(page.locator("#dispute-verdict")).to_have_attribute("data-reason", "cannot_trace")  # type: ignore[attr-defined]
    expect(page.locator("#dispute-verdict .verdict-reason")).to_have_text("Aucun chemin de la grille n'écrit ce mot.")  # type: ignore[attr-defined]
    expect(page.locator("#dispute")).to_have_value("")  # type: ignore[attr-defined]  # the box no longer keeps the previous word
    page.click("#lang")  # type: ignore[attr-defined]
    expect(page.locator("#dispute-verdict .verdict-reason")).to_have_text("No path on the board spells this word.")  # type: ignore[attr-defined]
    expect(page.locator("#solve")).to_have_text("All words")  # type: ignore[attr-defined]

    page.fill("#dispute", "accès")  # type: ignore[attr-defined]
    page.click("#judge")  # type: ignore[attr-defined]
    expect(page.locator("#dispute-verdict")).to_have_class("verdict legal")  # type: ignore[attr-defined]
    expect(page.locator("#grid .cell.on-path")).to_have_count(len(ACCES_CELLS))  # type: ignore[attr-defined]
    # English from the reason code and the path's cell names, never the server's message ("ring swing" on a page without rings).
    expect(page.locator("#dispute-verdict")).to_contain_text("path: E2 E1 E1 D1 C2")  # type: ignore[attr-defined]
    expect(page.locator("#dispute-verdict")).not_to_contain_text("ring swing")  # type: ignore[attr-defined]
    shoot(page, "web-referee-390x844")


def test_incomplete_board_is_reported_not_sent(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD.replace("LAABSC", "LAAB"))  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#error")).to_have_text("La grille n'est pas complète : 2 cases vides.")  # type: ignore[attr-defined]
    expect(page.locator("#error")).to_be_visible()  # type: ignore[attr-defined]


def test_editing_a_cell_drops_the_stale_word_list(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#summary")).to_have_text("4 mots")  # type: ignore[attr-defined]
    page.fill(_grid_input(0, 4), "B")  # type: ignore[attr-defined]  # E1: C becomes B
    expect(page.locator("#summary")).to_have_text("")  # type: ignore[attr-defined]
    expect(page.locator(".word[data-word='ACCES']")).to_have_count(0)  # type: ignore[attr-defined]  # no A-B-B-E-S to tap
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#summary")).to_have_text("3 mots")  # type: ignore[attr-defined]


def test_typing_q_or_z_then_a_letter_keeps_every_letter(base: str, page: object) -> None:
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.click(_grid_input(0, 0))  # type: ignore[attr-defined]
    page.keyboard.type("QEZAB")  # type: ignore[attr-defined]
    assert _faces(page)[:6] == ["QU", "E", "Z", "A", "B", ""]
    page.click(_grid_input(2, 0))  # type: ignore[attr-defined]
    page.keyboard.type("ZXQUA")  # type: ignore[attr-defined]
    assert _faces(page)[12:16] == ["ZX", "QU", "A", ""]


BAD_BOARDS = [
    (BOARD.replace("ETSOAU", "ETS0AU"), "Caractère « 0 » inattendu en rangée 2, colonne 4"),
    (BOARD + " / ABC", "39 cases : une grille en a 36."),
    (BOARD.replace("H[ZX]", "H[ZZ]"), "Rangée 4, colonne 2 : seules [ZX] et [QU]"),
]


def test_a_bad_pasted_board_is_refused_not_shifted_or_cut(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    for text, message in BAD_BOARDS:
        page.fill("#board-text", text)  # type: ignore[attr-defined]
        expect(page.locator("#error")).to_contain_text(message)  # type: ignore[attr-defined]
        assert _faces(page) == [""] * 36, text  # nothing half-filled with shifted letters
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    expect(page.locator("#error")).to_be_hidden()  # type: ignore[attr-defined]
    assert "".join(_faces(page)).startswith("AMRECDETSOAU")


def test_dictionary_box_needs_no_board(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#dict-word", "pêche")  # type: ignore[attr-defined]
    page.click("#dict-go")  # type: ignore[attr-defined]
    expect(page.locator("#dict-answer")).to_contain_text("PECHE — dans le lexique")  # type: ignore[attr-defined]
    expect(page.locator("#dict-answer")).to_contain_text("pêche (N)")  # type: ignore[attr-defined]
    page.fill("#dict-word", "maisons")  # type: ignore[attr-defined]
    page.click("#dict-go")  # type: ignore[attr-defined]
    expect(page.locator("#dict-answer")).to_contain_text("absent du lexique")  # type: ignore[attr-defined]
    expect(page.locator("#error")).to_be_hidden()  # type: ignore[attr-defined]


def test_phone_layout_grid_list_and_tapped_word(base: str, page: object) -> None:
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    assert _box(page, "#grid")["height"] <= 0.45 * 844
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    page.click("#solve")  # type: ignore[attr-defined]
    expect(page.locator("#summary")).to_have_text("4 mots")  # type: ignore[attr-defined]
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    summary = _box(page, "#summary")
    assert 0 <= summary["y"] < 844, "the list is scrolled into view after a solve"
    page.click(".word[data-word='TOUS']")  # type: ignore[attr-defined]
    word, board = _box(page, ".word[data-word='TOUS']"), _box(page, "#board-view")
    assert word["y"] >= board["y"] + board["height"] - 1 and word["y"] + word["height"] <= 844, "the tapped word stays visible"
    step = page.eval_on_selector("#grid .cell.on-path .step", "node => parseFloat(getComputedStyle(node).fontSize)")  # type: ignore[attr-defined]
    assert step >= 12
    start = page.eval_on_selector("#trace circle", "node => getComputedStyle(node).fill")  # type: ignore[attr-defined]
    assert start == "none", "the start mark is a ring, not a dot over the letter"
    shoot(page, "web-solved-390x844")


def test_laptop_shows_path_and_verdict_together(base: str, browser: object) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(**LAPTOP)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + "/")
    page.fill("#board-text", BOARD)
    page.fill("#dispute", "acces")
    page.click("#judge")
    expect(page.locator("#dispute-verdict")).to_have_class("verdict legal")
    for selector in ("#grid .cell.path-start", "#dispute-verdict"):
        box = _box(page, selector)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, f"{selector} is off screen"
    shoot(page, "web-referee-1280x800")
    context.close()


def test_french_by_default_even_in_an_english_browser(base: str, browser: object) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(**{**PHONE, "locale": "en-US"})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + "/")
    expect(page.locator("#solve")).to_have_text("Tous les mots")
    page.click("#lang")
    page.reload()  # the switch is remembered
    expect(page.locator("#solve")).to_have_text("All words")
    context.close()


def test_grid_rows_cells_and_labels_are_accessible(base: str, page: object) -> None:
    page.goto(base + "/")  # type: ignore[attr-defined]
    assert page.locator("#grid [role=row]").count() == 6  # type: ignore[attr-defined]
    assert page.locator("#grid [role=row] > [role=gridcell]").count() == 36  # type: ignore[attr-defined]
    assert page.get_by_label("A1").count() == 1  # type: ignore[attr-defined]
    for field in ("#dispute", "#dict-word", "#seed", "#move-word", "#board-text"):
        name = page.eval_on_selector(field, "node => node.labels.length && node.labels[0].textContent.trim()")  # type: ignore[attr-defined]
        assert name, f"{field} has no label"
    assert page.locator("#col-labels span").all_inner_texts() == list("ABCDEF")  # type: ignore[attr-defined]
    assert page.locator("#row-labels span").all_inner_texts() == [str(n) for n in range(1, 7)]  # type: ignore[attr-defined]


def test_the_page_reads_boards_like_the_server(base: str, page: object) -> None:
    """The page's parseBoard (js/notation.js) against overturn.game.board.parse_faces on random texts: same faces, or both refuse."""
    import random

    from overturn.game.board import BoardError, parse_faces

    rng = random.Random(13)
    alphabet = "AEZXQUBqz[]/ 0-"
    texts = [BOARD, BOARD.lower(), BOARD.replace("[ZX]", "[ zx ]"), "Q" * 36, "QU" * 36, "[QU]" * 35 + "Q"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(30, 50))) for _ in range(400)]
    for _ in range(600):  # boards written every way the notation allows, a third of them with one character broken
        faces = [rng.choice(["A", "e", "Z", "X", "[ZX]", "[qu]", "Q", "QU", "U", "[ ZX ]"]) for _ in range(rng.randint(35, 37))]
        text = "".join(face + rng.choice(["", "", " ", "/", "\n"]) for face in faces)
        if rng.random() < 1 / 3:
            spot = rng.randrange(len(text))
            text = text[:spot] + rng.choice(["", "0", "[", "]", "Q", "-", "[ZZ]"]) + text[spot + 1 :]
        texts.append(text)
    page.goto(base + "/")  # type: ignore[attr-defined]
    read_all = "async texts => { const { parseBoard } = await import('/static/js/notation.js'); return texts.map((text) => parseBoard(text)); }"
    answers = page.evaluate(read_all, texts)  # type: ignore[attr-defined]
    agreed = 0
    for text, answer in zip(texts, answers):
        try:
            expected: list[str] | None = list(parse_faces(text))
        except BoardError:
            expected = None
        page_reads = answer["faces"] if answer["problem"] is None and len(answer["faces"]) == 36 else None
        assert page_reads == expected, text
        agreed += expected is not None
    assert agreed >= 100  # enough valid boards among the random texts for the comparison to mean something
