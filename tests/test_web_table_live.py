"""A shared table in headless Chromium at phone size: two phones (one seat each) and a watcher, live, to the end.

The game is held by the server; each phone opens its seat's link (the creator's
phone hands out the other link), every move is made on the right phone, and
the other pages must show it without a reload. Every move is mirrored on a
``Game`` built here, so the scores checked are the model's. A second test kills
the server with ``kill -9`` mid-game, starts it again on the same port and
store, and the pages reconnect by themselves and finish the game.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from test_web import BOARD, CHROMIUM, PHONE, browser, shoot  # noqa: F401  (browser: a fixture)
from test_web_page_table import web_lexicon  # noqa: F401  (a fixture: many words along BOARD's paths)

from overturn.game.board import Board
from overturn.game.state import Game, PassMove, WordMove
from overturn.lexicon.registry import load_lexicon
from overturn.service.app import create_app
from overturn.service.routers.page import page_html
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
#: Moves played before the kill -9 and most moves a test game takes (the ending by rule 4 comes well before).
MOVES_BEFORE_KILL, MAX_MOVES = 4, 72
LIVE_SECONDS = 5_000  # ms: a move must reach the other pages within this (on loopback it takes well under a second)


@pytest.fixture(scope="module")
def server(web_lexicon: Path) -> Iterator[str]:  # noqa: F811
    with BackgroundServer(create_app(str(web_lexicon))) as url:
        yield url


class Phone:
    """One browser context (a phone) on the table page, JavaScript errors collected."""

    def __init__(self, browser: Any, name: str) -> None:  # noqa: F811
        self.context = browser.new_context(**PHONE)
        self.tab = self.context.new_page()
        self.name = name
        self.errors: list[str] = []
        self.tab.on("pageerror", lambda error: self.errors.append(str(error)))

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"JavaScript errors on {self.name}'s page: {self.errors}"


@pytest.fixture
def phones(browser: Any) -> Iterator[list[Phone]]:  # noqa: F811
    made = [Phone(browser, name) for name in ("zoe", "ali", "watcher")]
    yield made
    for phone in made:
        phone.close()


#: The seats' names at the tables _open_table makes; a table made with no names calls its seats by their colours.
NAMED = ("Zoé", "Ali")


def _score(game: Game, names: tuple[str, str] = ("Vert", "Argent")) -> str:
    result = game.result()
    return f"{names[0]} {result.green} · {names[1]} {result.silver}"


def _tap(tab: Any, cell: int) -> None:
    row, col = divmod(cell, 6)
    tab.click(f"#grid .cell[data-row='{row}'][data-col='{col}']")


def _open_table(zoe: Phone, ali: Phone, watcher: Phone, url: str) -> None:
    """Zoé opens a table for two phones on BOARD; Ali and a watcher open the links her phone shows."""
    from playwright.sync_api import expect

    tab = zoe.tab
    tab.goto(url + "/")
    assert tab.locator("#other-games").get_attribute("href") == "/boardgame"  # the three other games' tables
    tab.check("input[name=opponent][value=table]")
    tab.fill("#name-green", "Zoé")
    tab.fill("#name-silver", "Ali")
    tab.select_option("#ending", "position")
    tab.fill("#board-text", BOARD)
    tab.click("#start-board")
    expect(tab.locator("#table-seat")).to_have_text("Vous jouez Zoé (Vert).")
    expect(tab.locator("#turn")).to_have_text("À vous de jouer")  # on her own phone; the others name her
    links = tab.locator("#seat-links a")
    expect(links).to_have_count(3)  # her own seat, Ali's seat (with its QR code), the watchers'
    expect(tab.locator("#seat-links .qr-box svg")).to_have_count(2)
    ali_link, watch_link = links.nth(1).get_attribute("href"), links.nth(2).get_attribute("href")
    assert "seat=" in ali_link and "seat=" not in watch_link
    ali.tab.goto(ali_link)
    watcher.tab.goto(watch_link)
    expect(ali.tab.locator("#table-seat")).to_have_text("Vous jouez Ali (Argent).")
    expect(watcher.tab.locator("#table-seat")).to_have_text("Vous regardez cette partie.")
    for phone in (ali, watcher):
        expect(phone.tab.locator("#play")).to_be_disabled()
        expect(phone.tab.locator("#turn")).to_have_text("au tour de Zoé")
    expect(tab.locator("#play")).to_be_enabled()


def _move(mover: Phone, others: list[Phone], local: Game, names: tuple[str, str] = NAMED) -> None:
    """The side to move plays its best word (or passes on the first new cell); every page then shows the same score."""
    from playwright.sync_api import expect

    tab = mover.tab
    words = [ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove)]
    if words:
        best = words[0]
        assert best.move.path is not None
        for cell in best.move.path:
            _tap(tab, cell)
        tab.click("#play")
        local.push(best.move)
    else:
        cell = local.rings.index(None)
        _tap(tab, cell)
        tab.click("#pass")
        local.push(PassMove(cell))
    for phone in (mover, *others):
        expect(phone.tab.locator("#played li")).to_have_count(len(local.history), timeout=LIVE_SECONDS)
        expect(phone.tab.locator("#score")).to_have_text(_score(local, names), timeout=LIVE_SECONDS)


def _seat_to_move(local: Game, zoe: Phone, ali: Phone) -> tuple[Phone, Phone]:
    return (zoe, ali) if local.to_move.value == "green" else (ali, zoe)


def test_two_phones_and_a_watcher_play_a_whole_game_live(server: str, phones: list[Phone], web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    zoe, ali, watcher = phones
    _open_table(zoe, ali, watcher, server)
    local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
    shoot(zoe.tab, "table-live-zoe-start")
    _move(zoe, [ali, watcher], local)
    expect(ali.tab.locator("#play")).to_be_enabled(timeout=LIVE_SECONDS)  # Ali's turn reached his phone by itself
    expect(zoe.tab.locator("#play")).to_be_disabled()
    expect(watcher.tab.locator("#play")).to_be_disabled()
    shoot(ali.tab, "table-live-ali-his-turn")

    # A stale move: a second tab on Ali's seat, its live stream cut, plays after Ali's own phone did.
    second = ali.context.new_page()
    # this tab's page unbundled (its modules one by one, as page_html makes it without the bundle), so that the test
    # reaches the page's own instance of js/table.js to cut its stream
    # (routed on the context: the page's service worker asks for it)
    unbundled = page_html("index.html", bundled=False)

    def top(url: str) -> bool:
        return urlsplit(url).path == "/"

    ali.context.route(top, lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=unbundled))
    second.goto(ali.tab.url)
    expect(second.locator("#play")).to_be_enabled()
    ali.context.unroute(top)
    assert second.evaluate("document.querySelector('script[type=module]').src.endsWith('/app.js')")
    second.evaluate(  # the page's own module instance: under the static files' version, as the page loaded it
        "import(new URL('js/table.js', document.querySelector('script[type=module]').src).href).then((table) => table.closeLive())")
    mover, other = _seat_to_move(local, zoe, ali)
    _move(mover, [other, watcher], local)
    second.fill("#move-word", "TOUS")  # any word: the version it was made on is refused first
    second.click("#play")
    expect(second.locator("#error")).to_have_text("La partie a avancé sur un autre téléphone : votre coup n'a pas été joué. Voici la partie à jour.")
    expect(second.locator("#played li")).to_have_count(len(local.history))  # the table as it is, shown at once
    expect(second.locator("#play")).to_be_disabled()
    shoot(second, "table-live-stale-move")
    second.close()

    for _ in range(MAX_MOVES):
        if local.is_over():
            break
        mover, other = _seat_to_move(local, zoe, ali)
        _move(mover, [other, watcher], local)
    assert local.is_over()
    result = local.result()
    winner = {"green": NAMED[0], "silver": NAMED[1], None: None}[result.winner.value if result.winner else None]  # by name
    for phone in phones:
        banner = phone.tab.locator("#game-over")
        expect(banner).to_be_visible(timeout=LIVE_SECONDS)
        if winner:
            expect(banner).to_have_text(f"Partie finie : {winner} gagne {max(result.green, result.silver)} à {min(result.green, result.silver)}.")
        expect(phone.tab.locator("#play")).to_be_disabled()
    shoot(watcher.tab, "table-live-watcher-end")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(lexicon: Path, store: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "overturn_cli", "serve", "--lexicon", str(lexicon), "--store", str(store), "--port", str(port), "--log-level", "warning"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError("the server did not start") from None
            time.sleep(0.1)


def test_the_game_survives_kill_9_and_the_pages_reconnect(phones: list[Phone], web_lexicon: Path, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    zoe, ali, watcher = phones
    store, port = tmp_path / "tables.sqlite3", _free_port()
    process = _serve(web_lexicon, store, port)
    try:
        url = f"http://127.0.0.1:{port}"
        _open_table(zoe, ali, watcher, url)
        local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
        for _ in range(MOVES_BEFORE_KILL):
            mover, other = _seat_to_move(local, zoe, ali)
            _move(mover, [other, watcher], local)
        process.send_signal(signal.SIGKILL)
        process.wait(30)
        for phone in phones:
            expect(phone.tab.locator("#table-live")).to_have_text("Connexion perdue, reconnexion…", timeout=LIVE_SECONDS)
        shoot(watcher.tab, "table-live-server-down")
        process = _serve(web_lexicon, store, port)
        for phone in phones:  # the browsers reconnect by themselves; the table is where it was
            expect(phone.tab.locator("#table-live")).to_be_hidden(timeout=15_000)
            expect(phone.tab.locator("#played li")).to_have_count(len(local.history))
        for _ in range(MAX_MOVES):
            if local.is_over():
                break
            mover, other = _seat_to_move(local, zoe, ali)
            _move(mover, [other, watcher], local)
        assert local.is_over()
        for phone in phones:
            expect(phone.tab.locator("#game-over")).to_be_visible(timeout=LIVE_SECONDS)
    finally:
        process.kill()
        process.wait(30)


def _open_alone(tab: Any, url: str, *, computer: bool = False, all_here: bool = False) -> None:
    from playwright.sync_api import expect

    tab.goto(url + "/")
    tab.check("input[name=opponent][value=table]")
    if computer:
        tab.check("#silver-computer")
        tab.select_option("#start-level", "1")
    if all_here:
        tab.check("#all-here")
    tab.select_option("#ending", "position")
    tab.fill("#board-text", BOARD)
    tab.click("#start-board")
    expect(tab.locator("#turn")).to_have_text("au tour de Vert" if all_here else "À vous de jouer")


def test_a_computer_seat_replies_live_on_the_players_phone(server: str, phones: list[Phone], web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    tab = phones[0].tab
    _open_alone(tab, server, computer=True)
    expect(tab.locator("#table-seat")).to_contain_text("Ordinateur 1 est joué par l'ordinateur, sur le serveur.")
    local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
    best = next(ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove))
    assert best.move.path is not None
    for cell in best.move.path:
        _tap(tab, cell)
    tab.click("#play")
    expect(tab.locator("#played li")).to_have_count(2, timeout=20_000)  # the server's computer replied, and the page was told
    expect(tab.locator("#played li").nth(1)).to_contain_text("Ordinateur 1 : ")  # the seat by its name, as everywhere at a table
    expect(tab.locator("#play")).to_be_enabled()
    shoot(tab, "table-live-computer-seat")


def test_every_seat_on_one_phone_passes_it_round(server: str, phones: list[Phone], web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    phone = phones[0]
    _open_alone(phone.tab, server, all_here=True)
    expect(phone.tab.locator("#table-seat")).to_have_text("Toutes les places sont sur ce téléphone : il passe de main en main.")
    local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
    for _ in range(3):  # green, silver, green: each move made for the seat to move, from the same phone
        expect(phone.tab.locator("#play")).to_be_enabled()
        _move(phone, [], local, ("Vert", "Argent"))


def test_a_shared_table_left_stays_in_the_recent_list(server: str, phones: list[Phone], web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    phone = phones[0]
    _open_alone(phone.tab, server, all_here=True)
    local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
    _move(phone, [], local, ("Vert", "Argent"))
    phone.tab.click("#new-game")  # no question asked: the server keeps the table
    entry = phone.tab.locator("#recent .recent-table")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Table partagée : Vert – Argent · Vert")
    entry.click()
    expect(phone.tab.locator("#played li")).to_have_count(1)
    expect(phone.tab.locator("#score")).to_have_text(_score(local))
