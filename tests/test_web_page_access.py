"""The Overturn page for every player, at phone size (390×844) in headless Chromium: a word traced, cleared, played and a
pass made with the keyboard alone, the cells' names saying their place in the path, the pinned board compact; a fair
table (no helps) and a watcher of a live game without helps or dictionary, letters tapped out of turn dropped with their
path; the next layer starting clean and saying who dealt it.

Moves are mirrored on a ``Game`` built here, so the paths, names and scores checked are the model's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_web import BOARD, CHROMIUM, PHONE, base, browser, page, shoot  # noqa: F401  (fixtures)
from test_web_page_table import _best_word, _score, _start, _tap, local, web_lexicon  # noqa: F401  (fixtures)

from overturn.game.board import Board
from overturn.game.state import Game, PassMove

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
COLUMNS = "ABCDEF"


def _focused(tab: Any) -> str:
    return tab.evaluate("document.activeElement.id || document.activeElement.closest('.cell')?.dataset.name || document.activeElement.tagName")  # type: ignore[no-any-return]


def _arrow_to(tab: Any, here: int, there: int) -> int:
    """Arrow keys from cell ``here`` to cell ``there`` (the focused cell moves, nothing is selected)."""
    (row, col), (to_row, to_col) = divmod(here, 6), divmod(there, 6)
    for _ in range(abs(to_row - row)):
        tab.keyboard.press("ArrowDown" if to_row > row else "ArrowUp")
    for _ in range(abs(to_col - col)):
        tab.keyboard.press("ArrowRight" if to_col > col else "ArrowLeft")
    return there


def _trace(tab: Any, here: int, path: tuple[int, ...]) -> int:
    for step, cell in enumerate(path):
        here = _arrow_to(tab, here, cell)
        tab.keyboard.press("Enter" if step % 2 == 0 else " ")  # both select
    return here


def _label(tab: Any, cell: int) -> str:
    row, col = divmod(cell, 6)
    return tab.get_attribute(f"#grid .cell[data-row='{row}'][data-col='{col}'] .face", "aria-label")  # type: ignore[no-any-return]


def test_a_word_traced_cleared_played_and_a_pass_with_the_keyboard_alone(base: str, page: Any, local: Game) -> None:  # noqa: F811
    from playwright.sync_api import expect

    _start(page, base)
    page.focus("#lang")
    stops = []
    for _ in range(4):
        page.keyboard.press("Tab")
        stops.append(_focused(page))
        if stops[-1] == "move-word":
            break
    assert stops == ["A1", "move-word"], stops  # from the header's one button: the grid is one Tab stop (36 before)
    page.keyboard.press("Shift+Tab")
    assert _focused(page) == "A1"

    best = _best_word(local)
    path = best.move.path
    assert path is not None and len(path) >= 3
    faces = Board.parse(BOARD).faces
    here = _trace(page, 0, path[:2])
    second = path[1]
    name = f"{COLUMNS[second % 6]}{second // 6 + 1}"
    assert _label(page, second) == f"{name}, {faces[second]}, 2e lettre du chemin"
    assert _label(page, path[0]).endswith(", 1re lettre du chemin")
    page.keyboard.press("Backspace")  # the last cell taken back
    assert _label(page, second) == f"{name}, {faces[second]}"
    page.keyboard.press("Escape")  # the whole path cleared
    expect(page.locator("#grid .cell.on-path")).to_have_count(0)
    expect(page.locator("#move-word")).to_have_value("")

    here = _trace(page, here, (19,))  # B4, the ZX face not fixed yet: the box shows both readings, not a Z
    expect(page.locator("#move-word")).to_have_value("(Z/X)")
    assert _label(page, 19) == "B4, ZX, 1re lettre du chemin"
    page.keyboard.press("Escape")
    here = _trace(page, here, path)
    expect(page.locator("#move-word")).to_have_value(best.move.word)
    page.keyboard.press("Tab")
    assert _focused(page) == "move-word"
    page.keyboard.press("Enter")  # the form: Jouer
    local.push(best.move)
    expect(page.locator("#played li")).to_have_count(1)
    expect(page.locator("#score")).to_have_text(_score(local))
    expect(page.locator("#verdict")).to_be_visible()
    pinned = page.locator("#board-view").bounding_box()  # compact with the last move and the verdict: under half the screen
    assert pinned is not None and pinned["height"] <= 0.48 * 844, pinned
    last = path[-1]
    assert _label(page, last).startswith(f"{COLUMNS[last % 6]}{last // 6 + 1}, {faces[last]}, anneau Vert, ")  # its ring, the last move's path

    free = local.rings.index(None)
    page.keyboard.press("Shift+Tab")
    assert _focused(page) == f"{COLUMNS[here % 6]}{here // 6 + 1}"  # back on the grid where the tracing stopped
    _trace(page, here, (free,))
    for _ in range(4):
        page.keyboard.press("Tab")
        if _focused(page) == "pass":
            break
    assert _focused(page) == "pass"
    page.keyboard.press("Enter")
    expect(page.locator("#pass")).to_have_text("Passer quand même")  # words are left: asked first
    page.keyboard.press("Enter")
    local.push(PassMove(free))
    expect(page.locator("#played li")).to_have_count(2)
    expect(page.locator("#played li").nth(1)).to_contain_text("Argent passe")
    expect(page.locator("#score")).to_have_text(_score(local))
    shoot(page, "keyboard-play")

    # what the keyboard reaches under the pinned board is scrolled clear of it
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.keyboard.press("Shift+Tab")  # back from the pass button to the word box, which the browser scrolls to
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert _focused(page) == "move-word"
    box = page.locator("#move-word").bounding_box()
    pinned = page.locator("#board-view").bounding_box()
    assert box is not None and pinned is not None and box["y"] >= pinned["y"] + pinned["height"], (box, pinned)


class Phone:
    def __init__(self, browser: Any) -> None:  # noqa: F811
        self.context = browser.new_context(**PHONE)
        self.tab = self.context.new_page()
        self.errors: list[str] = []
        self.tab.on("pageerror", lambda error: self.errors.append(str(error)))


@pytest.fixture
def phones(browser: Any) -> Iterator[list[Any]]:  # noqa: F811
    made = [Phone(browser) for _ in range(3)]
    yield [phone.tab for phone in made]
    for phone in made:
        phone.context.close()
    errors = [error for phone in made for error in phone.errors]
    assert not errors, f"JavaScript errors on the pages: {errors}"


def _create(tab: Any, url: str, *, helps: bool, seed: str | None = None) -> list[str]:
    """Zoé creates a table for two phones (on BOARD, or dealt from ``seed`` ending after two passes); the other links."""
    from playwright.sync_api import expect

    tab.goto(url + "/")
    tab.check("input[name=opponent][value=table]")
    tab.fill("#name-green", "Zoé")
    tab.fill("#name-silver", "Ali")
    tab.set_checked("#table-helps", helps)
    if seed is None:
        tab.fill("#board-text", BOARD)
        tab.click("#start-board")
    else:
        tab.select_option("#ending", "passes")
        tab.fill("#seed", seed)
        tab.click("#deal")
    expect(tab.locator("#turn")).to_have_text("À vous de jouer")
    links = tab.locator("#seat-links a")
    expect(links).to_have_count(3)
    return [links.nth(1).get_attribute("href"), links.nth(2).get_attribute("href")]


def _pass(tab: Any, cell: int, played: int) -> None:
    """Pass on ``cell``, confirming when the page asks first."""
    from playwright.sync_api import expect

    _tap(tab, cell)
    tab.click("#pass")
    tab.locator("#played li").nth(played).or_(tab.locator("#pass", has_text="Passer quand même")).wait_for()
    if tab.locator("#played li").count() == played:
        tab.click("#pass")
    expect(tab.locator("#played li")).to_have_count(played + 1)


def test_a_fair_table_offers_no_helps_to_its_players(base: str, phones: list[Any]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    zoe, ali, _ = phones
    ali_link, _watch = _create(zoe, base, helps=False)
    ali.add_init_script("navigator.vibrate = (pattern) => { (window.buzzed = window.buzzed || []).push(pattern); return true; };")
    ali.goto(ali_link)
    expect(ali.locator("#vibrate")).to_be_checked()
    for tab in (zoe, ali):
        expect(tab.locator("#table-seat")).to_contain_text("Table sans aides : ni indice, ni mots jouables, ni dictionnaire.")
        expect(tab.locator("#helps")).to_be_hidden()
        expect(tab.locator("#dictionary-section")).to_be_hidden()
    expect(ali.locator("#turn")).to_have_text("au tour de Zoé")
    _tap(ali, 7)  # Ali traces out of turn: the letters go with their path when Zoé's move arrives
    _tap(ali, 8)
    expect(ali.locator("#move-word")).not_to_have_value("")
    _tap(zoe, 0)
    zoe.click("#pass")
    expect(zoe.locator("#error")).to_have_text("Passer ? Touchez « Passer quand même » pour confirmer.")  # no count of the words left
    zoe.click("#pass")
    expect(ali.locator("#played li")).to_have_count(1)
    expect(ali.locator("#turn")).to_have_text("À vous de jouer")
    expect(ali.locator("#move-word")).to_have_value("")
    assert ali.evaluate("window.buzzed || []") == [200]  # once, as the turn came to Ali's phone
    shoot(ali, "fair-table")


def test_the_next_layer_starts_clean_and_says_who_dealt_it(base: str, phones: list[Any]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    zoe, ali, watcher = phones
    ali_link, watch_link = _create(zoe, base, helps=True, seed="7")
    ali.goto(ali_link)
    watcher.goto(watch_link)
    expect(watcher.locator("#table-seat")).to_have_text("Vous regardez cette partie.")
    expect(watcher.locator("#helps")).to_be_hidden()  # a watcher of a live game: no helps, no dictionary
    expect(watcher.locator("#dictionary-section")).to_be_hidden()
    zoe.click("#helps summary")
    zoe.click("#hint")
    expect(zoe.locator("#help-output")).not_to_be_empty()
    _pass(zoe, 0, 0)
    _pass(ali, 1, 1)
    for tab in (zoe, ali, watcher):
        expect(tab.locator("#game-over")).to_be_visible()
    expect(watcher.locator("#helps")).to_be_visible()  # the game over, a watcher may look
    ali.click("#next-layer")
    for tab in (zoe, ali, watcher):
        expect(tab.locator("#last-move")).to_have_text("Ali a lancé la couche 2.")
        expect(tab.locator("#played li")).to_have_count(0)
        expect(tab.locator("#score")).to_have_text("Zoé 0 · Ali 0")  # named seats by their names
        for box in ("#game-over", "#verdict", "#review"):
            expect(tab.locator(box)).to_be_hidden()
        expect(tab.locator("#help-output")).to_be_empty()
        expect(tab.locator("#grid .cell.on-path")).to_have_count(0)
    expect(zoe.locator("#turn")).to_have_text("À vous de jouer")
    shoot(zoe, "next-layer")



def _free_cell(tab: Any) -> int:
    """A cell with no ring yet, as the page shows the board."""
    cell = tab.locator("#grid .cell:not(.ring-green, .ring-silver)").first
    return int(cell.get_attribute("data-row")) * 6 + int(cell.get_attribute("data-col"))


def test_named_seats_are_called_by_their_names_and_the_move_box_goes_once_over(base: str, phones: list[Any]) -> None:  # noqa: F811
    """Zoé and Ali, never « Vert » and « Argent », in the score, the words played and the end of the game; once the game
    is over, no disabled word box nor move buttons are left under the board."""
    import re

    from playwright.sync_api import expect

    zoe, ali, _ = phones
    ali_link, _watch = _create(zoe, base, helps=True, seed="7")
    ali.goto(ali_link)
    expect(ali.locator("#turn")).to_have_text("au tour de Zoé")
    zoe.click("#helps summary")
    zoe.click("#hint")
    expect(zoe.locator("#help-output")).to_contain_text("Indice")
    word = re.search(r"Indice : (\w+)", zoe.locator("#help-output").inner_text())
    assert word, zoe.locator("#help-output").inner_text()
    zoe.fill("#move-word", word.group(1))
    zoe.click("#play")
    expect(ali.locator("#played li")).to_have_count(1)
    _pass(ali, _free_cell(ali), 1)
    expect(zoe.locator("#played li")).to_have_count(2)
    _pass(zoe, _free_cell(zoe), 2)
    for tab in (zoe, ali):
        expect(tab.locator("#game-over")).to_have_text(re.compile(r"^Partie finie : Zoé gagne \d+ à \d+\.$"))
        expect(tab.locator("#played li").nth(0)).to_have_text(f"Zoé : {word.group(1)}")
        expect(tab.locator("#played li").nth(1)).to_have_text(re.compile(r"^Ali passe "))
        expect(tab.locator("#score")).to_have_text(re.compile(r"^Zoé \d+ · Ali \d+$"))
        for gone in ("#move-form", "#pass", "#back"):
            expect(tab.locator(gone)).to_be_hidden()
