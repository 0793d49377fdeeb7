"""A shared table's word judged on the phone first, the server deciding (issue 39, item 5), in headless Chromium.

The server runs with the page's engine (``create_app(page_engine=True)``, what ``overturn serve --page-engine``
does), and its page is served another lexicon's files than the table's, under the table's lexicon name: the page's
engine then holds a word the table's lexicon lacks (``PHONE_ONLY``) and lacks one it holds (``ACCES``). A seat's
word gets the phone's verdict at once, shown provisional, while the server's answer is held (route interception);
released, the server's verdict takes its place, with a note when the two differ (in legality, or in swing: an answer
altered on its way back), and the move is the server's alone; a move cut off takes the phone's verdict with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web import BOARD, CHROMIUM, PHONE, TABLE, browser, shoot  # noqa: F401  (browser: a fixture)
from test_web_page_engine import ApiCount
from test_web_page_table import _path_words

import overturn.lexicon.browser
from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

_WORDS = _path_words(BOARD, 30)
#: Read along a path of BOARD: a word of the phone's lexicon only, so the phone accepts it and the table refuses it.
PHONE_ONLY = _WORDS[-1]
#: On BOARD too (A C C E S): a word of the table's lexicon only, so the phone refuses it and the table accepts it.
TABLE_ONLY = "ACCES"


def _entries(words: list[str]) -> dict[str, list[Entry]]:
    return {word: [Entry(word.lower(), word.lower(), "N")] for word in words}


@pytest.fixture(scope="module")
def lexicons(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The table's lexicon and the phone's: the same words but ACCES (the table's alone) and PHONE_ONLY (the phone's)."""
    common = {**TABLE, **_entries(_WORDS[:-1])}
    del common[TABLE_ONLY]
    assert PHONE_ONLY not in common and PHONE_ONLY not in TABLE
    root = tmp_path_factory.mktemp("verdict")
    table = write_build(root / "table", {**common, TABLE_ONLY: TABLE[TABLE_ONLY]}, {"name": "verdict"})
    phone = write_build(root / "phone", {**common, **_entries([PHONE_ONLY])}, {"name": "verdict-phone"})
    return table, phone


@pytest.fixture
def server(lexicons: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, ApiCount]]:
    """A server with the page's engine whose page gets the phone's lexicon files (named as the table's lexicon)."""
    table, phone = lexicons
    files = overturn.lexicon.browser.lexicon_files
    monkeypatch.setattr(overturn.lexicon.browser, "lexicon_files", lambda _lexicon: files(load_lexicon(str(phone))))
    app = ApiCount(create_app(str(table), page_engine=True))
    with BackgroundServer(app) as url:
        yield url, app


MOVES = "**/api/tables/*/moves"


class Held:
    """A move's request held on its way to the server (route interception) until released, or cut off."""

    def __init__(self, tab: Any) -> None:
        self.tab = tab
        self.routes: list[Any] = []
        tab.route(MOVES, lambda route: self.routes.append(route))

    def release(self) -> None:
        self._held().continue_()
        self.tab.unroute(MOVES)  # after: unrouting lets a held request through

    def release_with_swing(self, change: int) -> None:
        """Lets the request through, the server's verdict given another swing on its way back."""
        route = self._held()
        answer = route.fetch()
        body = answer.json()
        body["verdict"]["swing"] += change
        route.fulfill(response=answer, json=body)
        self.tab.unroute(MOVES)

    def cut(self) -> None:
        self._held().abort()
        self.tab.unroute(MOVES)

    def _held(self) -> Any:
        for _ in range(250):  # the request reaches this process as the browser's events are read: within 5 s
            if self.routes:
                break
            self.tab.wait_for_timeout(20)
        assert len(self.routes) == 1, self.routes
        return self.routes[0]


def _held_play(tab: Any, word: str) -> Held:
    """Types the word and taps Jouer with its request held on its way to the server."""
    from playwright.sync_api import expect

    held = Held(tab)
    tab.fill("#move-word", word)
    tab.click("#play")
    expect(tab.locator("#busy")).to_be_visible()
    return held


def test_the_phone_judges_first_and_the_tables_referee_decides(server: tuple[str, ApiCount], browser: Any, lexicons: tuple[Path, Path]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    url, app = server
    mirror = Game.from_board(Board.parse(BOARD), "reuse", "verdict", load_lexicon(str(lexicons[0])), "position")
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(url + "/")
        tab.check("input[name=opponent][value=table]")
        tab.check("#all-here")  # one phone holds both seats: it plays each in turn
        tab.select_option("#ending", "position")
        tab.fill("#board-text", BOARD)
        tab.click("#start-board")
        expect(tab.locator("#turn")).to_have_text("au tour de Vert")
        # the page's engine is ready once it answers a look-up: the phone's lexicon, not the table's
        tab.fill("#dict-word", PHONE_ONLY)
        tab.click("#dict-go")
        expect(tab.locator("#dict-answer .verdict-title")).to_have_text(f"{PHONE_ONLY} — dans le lexique")
        app.api.clear()

        # the phone accepts a word the table's referee refuses
        held = _held_play(tab, PHONE_ONLY)
        verdict = tab.locator("#verdict")
        expect(verdict).to_have_class("verdict legal provisional")
        expect(verdict.locator(".verdict-note")).to_have_text("Jugé sur ce téléphone — vérification par l'arbitre de la table…")
        shoot(tab, "table-verdict-provisional")
        expect(tab.locator("#played li")).to_have_count(0)  # the phone's verdict played nothing
        expect(tab.locator("#score")).to_have_text("Vert 0 · Argent 0")
        held.release()
        expect(verdict).to_have_class("verdict illegal")
        expect(verdict).not_to_have_attribute("data-reason", "ok")
        expect(verdict.locator(".verdict-note")).to_have_text(
            "Ce téléphone l'avait jugé valable : l'arbitre de la table (le serveur) l'a refusé."
        )
        shoot(tab, "table-verdict-overruled")
        expect(tab.locator("#played li")).to_have_count(0)
        expect(tab.locator("#turn")).to_have_text("au tour de Vert")
        expect(tab.locator("#move-word")).to_have_value(PHONE_ONLY)  # refused: the word stays to be corrected

        # the phone refuses a word the table's referee accepts
        held = _held_play(tab, TABLE_ONLY)
        expect(verdict).to_have_class("verdict illegal provisional")
        expect(verdict.locator(".verdict-note")).to_contain_text("vérification")
        expect(tab.locator("#played li")).to_have_count(0)
        held.release()
        expect(verdict).to_have_class("verdict legal")
        expect(verdict).to_have_attribute("data-reason", "ok")
        expect(verdict.locator(".verdict-note")).to_have_text(
            "Ce téléphone l'avait refusé : l'arbitre de la table (le serveur) l'a accepté."
        )
        expect(tab.locator("#played li")).to_have_count(1)
        expect(tab.locator("#played li").first).to_have_text(f"Vert : {TABLE_ONLY}")
        mirror.push(_word_move(mirror, TABLE_ONLY))
        expect(tab.locator("#score")).to_have_text(_score(mirror))  # the rings the server's move swung
        expect(tab.locator("#turn")).to_have_text("au tour d'Argent")
        tab.click("#lang")  # the English catalogue words the note too
        expect(verdict.locator(".verdict-note")).to_have_text("This phone had refused it: the table's referee (the server) accepted it.")
        tab.click("#lang")

        # both agree: the phone's verdict, then the server's alike, with no note
        best = _word_move(mirror, None)
        assert best.word != TABLE_ONLY  # a word of both lexicons
        swing = next(ranked.swing for ranked in mirror.legal_moves() if ranked.move == best)
        held = _held_play(tab, best.word)
        expect(verdict).to_have_class("verdict legal provisional")
        expect(verdict.locator(".verdict-title")).to_have_text(_legal(best.word, swing))
        held.release()
        expect(verdict).to_have_class("verdict legal")
        expect(verdict.locator(".verdict-note")).to_have_count(0)
        expect(verdict.locator(".verdict-title")).to_have_text(_legal(best.word, swing))
        expect(tab.locator("#played li")).to_have_count(2)
        mirror.push(best)
        expect(tab.locator("#score")).to_have_text(_score(mirror))

        # another swing than the phone's (the answer altered on its way back): the server's, with its note
        best = _word_move(mirror, None)
        swing = next(ranked.swing for ranked in mirror.legal_moves() if ranked.move == best)
        held = _held_play(tab, best.word)
        expect(verdict.locator(".verdict-title")).to_have_text(_legal(best.word, swing))
        held.release_with_swing(1)
        expect(verdict).to_have_class("verdict legal")
        expect(verdict.locator(".verdict-title")).to_have_text(_legal(best.word, swing + 1))
        expect(verdict.locator(".verdict-note")).to_have_text("Ce téléphone avait jugé autrement : l'arbitre de la table (le serveur) a tranché.")
        expect(tab.locator("#played li")).to_have_count(3)
        mirror.push(best)

        # no answer from the server: the phone's verdict goes with the move not sent, and nothing was played
        held = _held_play(tab, _word_move(mirror, None).word)
        expect(verdict).to_have_class("verdict legal provisional")
        held.cut()
        expect(tab.locator("#error")).to_contain_text("Coup non envoyé")
        expect(verdict).to_be_hidden()
        expect(tab.locator("#played li")).to_have_count(3)

        # every verdict was the page's engine's or the table's: nothing else reached the server
        assert app.api and all(path.startswith("/api/tables/") for path in app.api), app.api
        assert not errors, errors
    finally:
        context.close()


def _legal(word: str, swing: int) -> str:
    """A legal word's verdict title in a game, as the page words it."""
    return f"{word} — Valable — gain d'anneaux {'+' if swing > 0 else ''}{swing}"


def _score(game: Game) -> str:
    result = game.result()
    return f"Vert {result.green} · Argent {result.silver}"


def _word_move(game: Game, word: str | None) -> WordMove:
    """The best-swinging legal move of ``word`` (or of any word, with None) in the game's position."""
    for ranked in game.legal_moves():
        if isinstance(ranked.move, WordMove) and (word is None or ranked.move.word == word):
            return ranked.move
    raise AssertionError(f"{word} is not playable here")
