"""The page around a game at phone size (390×844), in headless Chromium: busy mark, confirmations and recent games,
messages beside the pinned board, the computer as an opponent, stepping through the moves, the total over layers,
the post-game review and the Qu cell's readings.

Every move the page makes is mirrored on a ``Game`` built here, so rings and scores are the model's, not hard-coded.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_web import BOARD, CHROMIUM, PHONE, TABLE, base, browser, page, shoot  # noqa: F401  (fixtures)

from overturn.game.board import Board
from overturn.game.moves import Colour
from overturn.game.review import review_game
from overturn.game.state import Game, RankedMove, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.sources import Entry

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
QU_BOARD = "ASS[QU]RE / NTLOIE / PAMRDC / BUGEOT / LENPOE / LAABSC"
ASSUREE_PATH = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5)]
VIEWPORT_HEIGHT = PHONE["viewport"]["height"]  # type: ignore[index]


def _path_words(board: str, count: int) -> list[str]:
    """Strings read along random paths of the board (no double face), to give a game many legal words."""
    faces = Board.parse(board).faces
    chooser = random.Random(5)
    words: set[str] = set()
    while len(words) < count:
        cell = chooser.randrange(36)
        path = [cell]
        for _ in range(chooser.randrange(3, 6)):
            row, col = divmod(path[-1], 6)
            around = [
                r * 6 + c
                for r in range(row - 1, row + 2)
                for c in range(col - 1, col + 2)
                if 0 <= r < 6 and 0 <= c < 6 and (r, c) != (row, col) and r * 6 + c not in path
            ]
            if not around:
                break
            path.append(chooser.choice(around))
        letters = [faces[cell] for cell in path]
        if len(letters) >= 4 and all(len(face) == 1 for face in letters):
            words.add("".join(letters))
    return sorted(words)


@pytest.fixture(scope="module")
def web_lexicon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """test_web's words without ALLEZ (a ZX word), ASSURÉE for the Qu board, and many words along BOARD's paths."""
    table = {word: entries for word, entries in TABLE.items() if word != "ALLEZ"}
    table["ASSUREE"] = [Entry("assurée", "assurer", "V")]
    table.update({word: [Entry(word.lower(), word.lower(), "N")] for word in _path_words(BOARD, 80)})
    return write_build(tmp_path_factory.mktemp("webtable") / "webtable", table, {"name": "webtable"})


@pytest.fixture
def local(web_lexicon: Path) -> Game:
    return Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)))


def _score(game: Game) -> str:
    result = game.result()
    return f"Vert {result.green} · Argent {result.silver}"


def _tap(tab: Any, cell: int) -> None:
    row, col = divmod(cell, 6)
    tab.click(f"#grid .cell[data-row='{row}'][data-col='{col}']")


def _start(tab: Any, url: str, board: str = BOARD, computer_level: int | None = None, ending: str = "position") -> None:
    from playwright.sync_api import expect

    tab.goto(url + "/")
    tab.select_option("#ending", ending)
    if computer_level is not None:
        tab.check("input[name=opponent][value=computer]")
        tab.select_option("#start-level", str(computer_level))
    tab.fill("#board-text", board)
    tab.click("#start-board")
    expect(tab.locator("#turn")).to_have_text("au tour de Vert")


def _best_word(game: Game) -> RankedMove:
    return next(ranked for ranked in game.legal_moves() if isinstance(ranked.move, WordMove))


def _play_best(tab: Any, game: Game) -> None:
    """Tap the best word's path and play it; mirrored on ``game``."""
    from playwright.sync_api import expect

    best = _best_word(game)
    assert best.move.path is not None
    for cell in best.move.path:
        _tap(tab, cell)
    tab.click("#play")
    game.push(best.move)
    expect(tab.locator("#played li")).to_have_count(len(game.history))
    expect(tab.locator("#score")).to_have_text(_score(game))


def _in_view(tab: Any, selector: str) -> None:
    box = tab.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not displayed"
    assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT_HEIGHT, f"{selector} is off screen: {box}"


def _ringed(tab: Any) -> tuple[int, int]:
    return tab.locator("#grid .cell.ring-green").count(), tab.locator("#grid .cell.ring-silver").count()


def _rings_of(game: Game) -> tuple[int, int]:
    return sum(ring is not None and ring.value == "green" for ring in game.rings), sum(
        ring is not None and ring.value == "silver" for ring in game.rings
    )


def test_a_request_in_flight_disables_the_racing_buttons_and_shows_a_busy_mark(base: str, page: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base)
    held: list[Any] = []
    computer_calls: list[str] = []
    page.context.route("**/api/game/play", lambda route: held.append(route))
    page.on("request", lambda request: computer_calls.append(request.url) if "/api/game/computer" in request.url else None)
    page.fill("#move-word", "acces")
    page.click("#play")
    expect(page.locator("#busy")).to_be_visible()
    expect(page.locator("#busy")).to_have_text("…")
    expect(page.locator("#game-section")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#board-view")).to_have_attribute("aria-busy", "true")
    for button in ("#play", "#pass", "#undo", "#computer", "#hint", "#next-layer", "#new-game"):
        expect(page.locator(button)).to_be_disabled()
    page.click("#helps summary")
    page.evaluate("document.getElementById('computer').click()")  # what a fast second tap does: nothing
    page.locator("#move-form").evaluate("form => form.requestSubmit()")  # nor a second Jouer (Enter)
    shoot(page, "page-table-busy-390x844")
    assert len(held) == 1 and not computer_calls
    held[0].continue_()
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#game-section")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#played li")).to_have_count(1)
    expect(page.locator("#played li").last).to_have_text("Vert : ACCES")
    expect(page.locator("#turn")).to_have_text("au tour d'Argent")
    expect(page.locator("#play")).to_be_enabled()
    assert not computer_calls and len(held) == 1


def test_messages_sit_beside_the_pinned_board_after_eight_moves(base: str, page: Any, local: Game) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base)
    for _ in range(8):
        _play_best(page, local)
        _in_view(page, "#verdict")
    expect(page.locator("#verdict .verdict-reason")).to_have_text("Mot valable.")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the game section scrolls, the board stays
    _in_view(page, "#grid-wrap")
    _in_view(page, "#messages")
    _tap(page, local.rings.index(None))
    page.click("#pass")
    expect(page.locator("#error")).to_contain_text("Il reste")  # the pass warning shows where the player looks
    _in_view(page, "#error")
    _in_view(page, "#grid-wrap")
    assert page.locator("#board-view").evaluate("node => getComputedStyle(node).position") == "sticky"
    shoot(page, "page-table-eight-moves-390x844")


def test_against_the_computer_it_replies_by_itself(base: str, page: Any, local: Game) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(base + "/")
    expect(page.locator("input[name=opponent][value=table]")).to_be_enabled()  # one phone each: tests/test_web_table_live.py
    expect(page.locator("#start-level")).to_be_disabled()  # a level only against the computer
    requests: list[dict[str, Any]] = []
    page.on("request", lambda request: requests.append(request.post_data_json) if "/api/game/computer" in request.url else None)
    _start(page, base, computer_level=1)
    expect(page.locator("#computer-help")).to_be_hidden()  # not a help for the player's side
    best = _best_word(local)
    assert best.move.path is not None
    for cell in best.move.path:
        _tap(page, cell)
    page.click("#play")
    expect(page.locator("#played li")).to_have_count(2)
    expect(page.locator("#played li").first).to_have_text(f"Vert : {best.move.word}")
    expect(page.locator("#played li").last).to_contain_text("Ordinateur (Argent)")
    expect(page.locator("#note")).to_contain_text("L'ordinateur")
    expect(page.locator("#verdict .verdict-title")).to_contain_text(f"{best.move.word} — Valable")
    expect(page.locator("#turn")).to_have_text("au tour de Vert")
    assert len(requests) == 1 and requests[0]["level"] == 1 and requests[0]["game"]["to_move"] == "silver"
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    _in_view(page, "#grid-wrap")
    shoot(page, "page-table-computer-390x844")
    page.reload()  # the opponent is part of the saved game
    expect(page.locator("#played li").last).to_contain_text("Ordinateur (Argent)")
    page.click("#lang")
    expect(page.locator("#played li").last).to_contain_text("Computer (Silver): ")
    page.click("#lang")
    page.click("#undo")  # the computer's reply and the player's move go back together
    expect(page.locator("#played li")).to_have_count(0)
    expect(page.locator("#turn")).to_have_text("au tour de Vert")
    assert len(requests) == 1


def test_the_qu_cell_reads_u_and_a_refused_word_stays(base: str, page: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base, board=QU_BOARD)
    for row, col in ASSUREE_PATH:
        page.click(f"#grid .cell[data-row='{row}'][data-col='{col}']")
    page.click("#play")
    expect(page.locator("#verdict .verdict-title")).to_contain_text("ASSUREE — Valable")
    expect(page.locator("#played li").last).to_have_text("Vert : ASSUREE")
    expect(page.locator("#readings")).to_have_text("Lectures fixées : Qu = U")
    page.fill("#move-word", "maison")
    page.click("#play")
    expect(page.locator("#verdict")).to_have_attribute("data-reason", "cannot_trace")
    expect(page.locator("#move-word")).to_have_value("maison")  # kept, to be corrected
    _in_view(page, "#verdict")


def test_stepping_through_the_moves_shows_the_rings_as_they_were(base: str, page: Any, local: Game) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base)
    after: list[tuple[int, int]] = []
    for _ in range(3):
        _play_best(page, local)
        after.append(_rings_of(local))
    assert len(set(after)) > 1
    page.click("#played li:first-child button")
    expect(page.locator("#step-label")).to_have_text("Après le coup 1 / 3")
    assert _ringed(page) == after[0]
    page.click("#step-forward")
    expect(page.locator("#step-label")).to_have_text("Après le coup 2 / 3")
    assert _ringed(page) == after[1]
    page.click("#step-back")
    page.click("#step-back")
    expect(page.locator("#step-label")).to_have_text("Début de la couche (0 / 3)")
    assert _ringed(page) == (0, 0)
    expect(page.locator("#step-back")).to_be_disabled()
    shoot(page, "page-table-stepping-390x844")
    page.click("#step-live")
    expect(page.locator("#history-nav")).to_be_hidden()
    assert _ringed(page) == after[2]
    expect(page.locator("#score")).to_have_text(_score(local))


def _computer_helps(tab: Any) -> None:
    """One move played by the help's computer (a two-player game), whatever the words of the deal."""
    if tab.locator("#helps").get_attribute("open") is None:
        tab.click("#helps summary")
    tab.click("#computer")


def test_destructive_actions_ask_first_and_keep_the_old_game(base: str, page: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    asked: list[str] = []

    def answer(accept: bool) -> None:
        def handle(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", handle)

    page.goto(base + "/")
    page.fill("#seed", "7")
    page.click("#deal")
    _computer_helps(page)
    expect(page.locator("#played li")).to_have_count(1)
    first_score = page.locator("#score").text_content()
    answer(False)
    page.click("#next-layer")
    expect(page.locator("#played li")).to_have_count(1)  # refused: nothing changed
    assert asked and "pas finie" in asked[-1]
    answer(True)
    page.click("#next-layer")
    expect(page.locator("#played li")).to_have_count(0)
    expect(page.locator("#score")).to_have_text("Vert 0 · Argent 0")
    assert "layer=1" in page.url and len(asked) == 2
    expect(page.locator("#total")).to_contain_text(f"Total des 2 couches : {first_score}")

    page.goto(base + "/?seed=5")  # the new layer has no move: nothing to lose, nothing asked
    expect(page.locator("#score")).to_have_text("Vert 0 · Argent 0")
    assert "seed=5" in page.url and len(asked) == 2
    _computer_helps(page)
    expect(page.locator("#played li")).to_have_count(1)
    answer(False)
    page.goto(base + "/?seed=6")
    expect(page.locator("#played li")).to_have_count(1)  # kept: the link asked and was refused
    assert "seed=5" in page.url and "ce lien" in asked[-1]
    answer(True)
    page.goto(base + "/?seed=6")
    expect(page.locator("#played li")).to_have_count(0)
    assert "seed=6" in page.url and len(asked) == 4

    page.click("#new-game")  # no move on seed 6: back to the start without asking
    expect(page.locator("#recent li")).to_have_count(3)
    expect(page.locator("#recent li").nth(0)).to_contain_text("Donne 5 · 1 coup")
    expect(page.locator("#recent li").nth(1)).to_contain_text("Donne 7, couche 2 · 0 coup")
    expect(page.locator("#recent li").nth(2)).to_contain_text("Donne 7 · 1 coup")
    shoot(page, "page-table-recent-390x844")
    page.click("#recent li:nth-child(3) button")  # the first layer of deal 7, reopened as it was
    expect(page.locator("#played li")).to_have_count(1)
    expect(page.locator("#score")).to_have_text(first_score)
    assert "seed=7" in page.url and "layer" not in page.url and len(asked) == 4


def test_the_review_shows_when_the_game_is_over(base: str, page: Any, local: Game) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base, ending="passes")  # ended by two passes, the table's older rule
    local.ending = "passes"
    _play_best(page, local)
    expect(page.locator("#review")).to_be_hidden()
    for _ in range(2):
        words_left = sum(isinstance(ranked.move, WordMove) for ranked in local.legal_moves())
        _tap(page, local.rings.index(None))
        page.click("#pass")
        if words_left:
            expect(page.locator("#pass")).to_have_text("Passer quand même")
            page.click("#pass")
        local.push(_pass_move(local))
        expect(page.locator("#played li")).to_have_count(len(local.history))
    assert local.result().over
    expect(page.locator("#game-over")).to_contain_text("Partie finie")
    expect(page.locator("#review")).to_be_visible()
    green = review_game(local).players[Colour.GREEN]
    assert (green.moves, green.passes) == (2, 1)
    expect(page.locator("#review-body .review-player.green")).to_have_text(
        f"Vert : 2 coups dont 1 passe, gain d'anneaux {green.swing} sur {green.best_swing} possibles, "
        f"{green.best_moves} meilleur{'s' if green.best_moves > 1 else ''} coup{'s' if green.best_moves > 1 else ''}, "
        f"mot le plus long {green.longest_played}."
    )
    expect(page.locator("#review-body .review-moves li")).to_have_count(3)
    expect(page.locator("#review-body .review-moves li").first).to_contain_text("1. Vert")
    shoot(page, "page-table-review-390x844")


def _pass_move(game: Game) -> Any:
    from overturn.game.state import PassMove

    return PassMove(game.rings.index(None))


def test_after_a_failed_reply_jouer_lets_the_computer_play_not_you(base: str, page: Any, local: Game) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base, computer_level=1)
    page.context.route("**/api/game/computer", lambda route: route.abort())
    _play_best(page, local)  # the player's word is played; the computer's reply cannot reach the server
    expect(page.locator("#offline")).to_contain_text("Le serveur ne répond pas")
    expect(page.locator("#turn")).to_have_text("au tour d'Argent")
    page.context.unroute("**/api/game/computer")
    page.fill("#move-word", "acces")
    page.click("#play")  # Silver is the computer's side: it replies now, the typed word is not played for it
    expect(page.locator("#played li")).to_have_count(2)
    expect(page.locator("#played li").last).to_contain_text("Ordinateur (Argent)")
    expect(page.locator("#move-word")).to_have_value("acces")
    expect(page.locator("#turn")).to_have_text("au tour de Vert")


def test_junk_in_local_storage_leaves_the_page_working(base: str, page: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(base + "/")
    junk = [
        '[{"game": {}, "faces": [], "result": {}}, 7, null, "x"]',
        '{"game": 1}',
        "not json",
    ]
    for value in junk:
        page.evaluate("value => { localStorage.setItem('overturn-recent', value); localStorage.setItem('overturn-game', value); }", value)
        page.reload()
        expect(page.locator("#start-section")).to_be_visible()
        expect(page.locator("#recent-games")).to_be_hidden()
    page.evaluate("() => localStorage.setItem('overturn-recent', JSON.stringify(Array.from({length: 30}, () => ({table: {past: 'x'}}))))")
    _start(page, base)  # a game still starts, and the page throws nothing (the fixture checks)
