"""A whole game on the table page at phone size (390×844), in headless Chromium, against the in-process model.

Every move the page makes is mirrored on a ``Game`` built here, and the page's
score, turn and warnings are checked against it, so nothing is hard-coded.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_web import BOARD, CHROMIUM, LAPTOP, PHONE, TABLE, _faces, base, browser, page, shoot  # noqa: F401  (fixtures)

from overturn.game.board import Board
from overturn.game.computer import LEVELS
from overturn.game.state import Game, PassMove, RankedMove, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.sources import Entry

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
COLOUR = {"green": "Vert", "silver": "Argent"}
TURN = {"green": "au tour de Vert", "silver": "au tour d'Argent"}
MORE_WORDS = ["SOUS", "OSE", "ETE", "NOS", "SON", "TON", "NON", "BAS", "PAS", "POSE", "TOT", "SOT", "NUIT", "TOUT"]


@pytest.fixture(scope="module")
def web_lexicon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """test_web's words and enough more for three words in a row on BOARD (this module's ``base`` serves it)."""
    table = {**TABLE, **{word: [Entry(word.lower(), word.lower(), "N")] for word in MORE_WORDS}}
    return write_build(tmp_path_factory.mktemp("webgame") / "webgame", table, {"name": "web"})


def _score(game: Game) -> str:
    result = game.result()
    return f"Vert {result.green} · Argent {result.silver}"


def _word_with_a_reply(local: Game) -> RankedMove:
    """The best-swing word after which the other side still has a word (ALLEZ, alone in a corner, would end the words)."""
    words = [ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove)]
    for ranked in words:
        local.push(ranked.move)
        replies = [reply for reply in local.legal_moves() if isinstance(reply.move, WordMove)]
        local.pop()
        if replies:
            return ranked
    return words[0]


def _tap(page: object, cell: int) -> None:
    row, col = divmod(cell, 6)
    page.click(f"#grid .cell[data-row='{row}'][data-col='{col}']")  # type: ignore[attr-defined]


def _pass(page: object, local: Game) -> None:
    """Pass on the first cell without a ring, confirming the warning when words remain; mirrored on ``local``."""
    from playwright.sync_api import expect

    cell = local.rings.index(None)
    words_left = sum(isinstance(ranked.move, WordMove) for ranked in local.legal_moves())
    _tap(page, cell)
    page.click("#pass")  # type: ignore[attr-defined]
    if words_left:
        expect(page.locator("#error")).to_contain_text(f"Il reste {words_left} mot")  # type: ignore[attr-defined]
        expect(page.locator("#pass")).to_have_text("Passer quand même")  # type: ignore[attr-defined]
        assert page.locator("#played li").count() == len(local.history)  # type: ignore[attr-defined]  # not passed yet
        page.click("#pass")  # type: ignore[attr-defined]
    local.push(PassMove(cell))
    expect(page.locator("#played li")).to_have_count(len(local.history))  # type: ignore[attr-defined]
    expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]


def test_start_by_seed_and_open_the_same_board_elsewhere(base: str, browser: object) -> None:  # noqa: F811
    from playwright.sync_api import expect

    first = browser.new_context(**PHONE)  # type: ignore[attr-defined]
    page_a = first.new_page()
    page_a.goto(base + "/")
    page_a.fill("#seed", "7")
    page_a.click("#deal")
    expect(page_a.locator("#game-section")).to_be_visible()
    assert "seed=7" in page_a.url
    dealt = list(Game.new(7).board.faces)
    assert _faces(page_a) == dealt
    expect(page_a.locator("#qr svg path")).to_have_count(1)
    second = browser.new_context(**PHONE)  # type: ignore[attr-defined]
    page_b = second.new_page()
    page_b.goto(page_a.url)
    expect(page_b.locator("#game-section")).to_be_visible()
    assert _faces(page_b) == dealt
    page_b.goto(base + "/?seed=x7")  # a mangled link is said so, not dealt at random
    expect(page_b.locator("#error")).to_have_text("Le numéro de donne est un entier de 0 à 4 294 967 295.")
    page_b.goto(page_a.url)
    page_b.click("#next-layer")
    expect(page_b.locator("#score")).to_have_text("Vert 0 · Argent 0")
    assert _faces(page_b) == list(Game.new(7).next_layer().board.faces) and "layer=1" in page_b.url
    first.close()
    second.close()


def test_a_whole_game_at_phone_size(base: str, page: object, web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    local = Game.from_board(Board.parse(BOARD), "reuse", "web", load_lexicon(str(web_lexicon)))
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    page.select_option("#ending", "passes")  # type: ignore[attr-defined]  # this game ends on two passes
    local.ending = "passes"
    page.click("#start-board")  # type: ignore[attr-defined]
    expect(page.locator("#turn")).to_have_text("au tour de Vert")  # type: ignore[attr-defined]
    expect(page.locator("#hint")).to_be_hidden()  # type: ignore[attr-defined]

    for _ in range(3):  # three words, each entered by tapping its best path
        best = _word_with_a_reply(local)
        assert best.move.path is not None
        for cell in best.move.path:
            _tap(page, cell)
        expect(page.locator("#grid .cell.path-start")).to_have_count(1)  # type: ignore[attr-defined]
        mover = COLOUR[local.to_move.value]
        page.click("#play")  # type: ignore[attr-defined]
        local.push(best.move)
        expect(page.locator("#verdict .verdict-title")).to_have_text(  # type: ignore[attr-defined]
            f"{best.move.word} — Valable — gain d'anneaux +{best.swing}"
        )
        expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]
        expect(page.locator("#turn")).to_have_text(TURN[local.to_move.value])  # type: ignore[attr-defined]
        expect(page.locator("#played li").last).to_have_text(f"{mover} : {best.move.word}")  # type: ignore[attr-defined]
        expect(page.locator("#move-word")).to_have_value("")  # type: ignore[attr-defined]
    green_ringed = page.locator("#grid .cell.ring-green").count()  # type: ignore[attr-defined]
    assert green_ringed == local.result().green and page.locator("#grid .cell.ring-silver").count() == local.result().silver  # type: ignore[attr-defined]
    shoot(page, "web-game-390x844")

    page.fill("#move-word", local.played_words[0])  # type: ignore[attr-defined]
    page.click("#play")  # type: ignore[attr-defined]
    expect(page.locator("#verdict .verdict-reason")).to_have_text("Ce mot a déjà été joué.")  # type: ignore[attr-defined]
    page.fill("#move-word", "maison")  # type: ignore[attr-defined]
    page.click("#play")  # type: ignore[attr-defined]
    expect(page.locator("#verdict")).to_have_attribute("data-reason", "cannot_trace")  # type: ignore[attr-defined]
    expect(page.locator("#verdict .verdict-reason")).to_have_text("Aucun chemin de la grille n'écrit ce mot.")  # type: ignore[attr-defined]
    expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]

    page.click("#played li:first-child button")  # type: ignore[attr-defined]  # a word played shows its path
    first_path = local.history[0].move.path
    assert first_path is not None
    expect(page.locator("#grid .cell.on-path")).to_have_count(len(set(first_path)))  # type: ignore[attr-defined]

    ringed = local.rings.index(local.to_move.other)  # a pass on a ringed cell is refused, in French
    _tap(page, ringed)
    page.click("#pass")  # type: ignore[attr-defined]
    page.click("#pass")  # type: ignore[attr-defined]  # past the remaining-words warning
    expect(page.locator("#verdict")).to_have_attribute("data-reason", "cell_not_new")  # type: ignore[attr-defined]
    expect(page.locator("#verdict .verdict-reason")).to_have_text(  # type: ignore[attr-defined]
        "Cette case a déjà un anneau : on passe sur une lettre nouvelle."
    )

    page.click("#helps summary")  # type: ignore[attr-defined]  # hidden by default; the best move is the model's
    expect(page.locator("#hint")).to_be_visible()  # type: ignore[attr-defined]
    page.click("#hint")  # type: ignore[attr-defined]
    hinted = local.legal_moves()[0]
    expect(page.locator("#help-output")).to_have_text(f"Indice : {hinted.move.word} (+{hinted.swing})")  # type: ignore[attr-defined]
    assert hinted.move.path is not None  # the hint's path (cell numbers) is drawn where the model traces it
    expect(page.locator("#grid .cell.on-path")).to_have_count(len(set(hinted.move.path)))  # type: ignore[attr-defined]
    expect(page.locator("#grid .cell").nth(hinted.move.path[0])).to_have_class(re.compile(r"\bpath-start\b"))  # type: ignore[attr-defined]

    _pass(page, local)
    page.click("#undo")  # type: ignore[attr-defined]
    local.pop()
    expect(page.locator("#played li")).to_have_count(len(local.history))  # type: ignore[attr-defined]
    expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]

    page.reload()  # type: ignore[attr-defined]
    expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]
    expect(page.locator("#played li")).to_have_count(len(local.history))  # type: ignore[attr-defined]

    _pass(page, local)
    _pass(page, local)
    result = local.result()
    assert result.over
    winner = result.winner
    expected = (
        f"Partie finie : {COLOUR[winner.value]} gagne {max(result.green, result.silver)} à {min(result.green, result.silver)}."
        if winner else f"Partie finie : égalité, {result.green} partout."
    )
    expect(page.locator("#game-over")).to_have_text(expected)  # type: ignore[attr-defined]
    expect(page.locator("#play")).to_be_disabled()  # type: ignore[attr-defined]
    shoot(page, "web-game-over-390x844")


def test_offline_the_page_keeps_the_game_and_says_so(base: str, browser: object) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + "/")
    page.fill("#board-text", BOARD)
    page.click("#start-board")
    expect(page.locator("#game-section")).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now under the service worker's control
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    expect(page.locator("#score")).to_have_text("Vert 0 · Argent 0")
    page.fill("#move-word", "acces")
    page.click("#play")
    expect(page.locator("#offline")).to_have_text(re.compile("Le serveur ne répond pas"))
    expect(page.locator("#score")).to_have_text("Vert 0 · Argent 0")
    expect(page.locator("#move-word")).to_have_value("acces")  # the word is kept for when the server is back
    context.set_offline(False)
    page.click("#play")
    expect(page.locator("#score")).to_have_text("Vert 4 · Argent 0")
    expect(page.locator("#offline")).to_be_hidden()
    context.close()


def test_laptop_game_layout_keeps_path_and_verdict_visible(base: str, browser: object) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(**LAPTOP)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + "/")
    page.fill("#board-text", BOARD)
    page.click("#start-board")
    page.fill("#move-word", "allez")  # ALLEZ reads the ZX face as Z, for the rest of the game
    page.click("#play")
    expect(page.locator("#verdict")).to_have_attribute("data-reason", "ok")
    expect(page.locator("#readings")).to_have_text("Lectures fixées : ZX = Z")
    for selector in ("#grid .cell.path-start", "#verdict"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, f"{selector} is off screen"
    shoot(page, "web-game-1280x800")
    page.click("#helps summary")
    expect(page.locator("#level option")).to_have_count(len(LEVELS))  # every level the server's computer offers
    page.click("#computer")
    expect(page.locator("#help-output")).to_contain_text("L'ordinateur")
    expect(page.locator("#turn")).to_have_text("au tour de Vert")
    page.click("#lang")
    expect(page.locator("#readings")).to_have_text("Fixed readings: ZX = Z")
    expect(page.locator("#turn")).to_have_text("Green to move")
    expect(page.locator("#help-output")).to_contain_text("The computer")
    expect(page.locator("#verdict")).to_be_hidden()  # the verdict was about the move before the computer's
    context.close()


def test_a_game_stored_before_scores_were_a_list_by_seat_still_opens(base: str, page: object, web_lexicon: Path) -> None:  # noqa: F811
    """A phone keeps its game in local storage: one stored with ``result.green``/``silver`` reopens with its score."""
    from playwright.sync_api import expect

    local = Game.from_board(Board.parse(BOARD), "reuse", "web", load_lexicon(str(web_lexicon)))
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.fill("#board-text", BOARD)  # type: ignore[attr-defined]
    page.click("#start-board")  # type: ignore[attr-defined]
    best = _word_with_a_reply(local)
    assert best.move.path is not None
    for cell in best.move.path:
        _tap(page, cell)
    page.click("#play")  # type: ignore[attr-defined]
    local.push(best.move)
    expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]
    stored = page.evaluate("JSON.parse(localStorage.getItem('overturn-game'))")  # type: ignore[attr-defined]
    green, silver = stored["result"].pop("scores")
    assert green > silver == 0
    stored["result"].update(green=green, silver=silver)
    page.evaluate("(state) => localStorage.setItem('overturn-game', JSON.stringify(state))", stored)  # type: ignore[attr-defined]
    page.reload()  # type: ignore[attr-defined]
    expect(page.locator("#score")).to_have_text(_score(local))  # type: ignore[attr-defined]
    expect(page.locator("#turn")).to_have_text(TURN[local.to_move.value])  # type: ignore[attr-defined]
