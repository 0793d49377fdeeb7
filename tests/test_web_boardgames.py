"""The board games' page (/boardgame) at phone size (390×844), in headless Chromium: one page per seat plus a watcher.

For Overload and offboard a whole seeded game is played to its declared
winner by tapping a legal move's button on the page of the seat to move; after
every move every page (the other seats and the watcher) shows it live (the
table's version, by EventSource). The move is chosen by a policy run on a
``BoardTable`` mirror built here, so the winner is the referee's, not
hard-coded. Insider's game is played as far as its pages have something of
their own to show (a Bodyguard question, each seat's hand): that no view holds
another's hand over whole games is held in-process by
tests/test_table_conformance.py, and over the wire by test_boardgames_api.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from test_boardgames_api import INSIDER_SEED, insider_policy
from test_web import CHROMIUM, PHONE, base, browser, shoot, web_lexicon  # noqa: F401  (fixtures)

from overturn.referees.offboard.state import computer_move, format_move
from overturn.referees.overload.words import FR as OVERLOAD_FR
from overturn.referees.templates import SharedCatalogue
from overturn.table.board_seating import BoardTable
from overturn.table.games import new_board_table

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

#: Seconds a whole game may take on the pages (bounded: a stuck page fails the test, not the suite).
GAME_SECONDS = 600
#: Moves of Insider played on the pages: past its first Bodyguard question (move 8) and a second look at the hands (101).
INSIDER_MOVES = 110


class Table:
    """A table made through the API, with one phone-sized page per seat and one for a watcher."""

    def __init__(self, browser: Any, base: str, game: str, seats: int, seed: int, names: list[str]) -> None:
        made = httpx.post(f"{base}/api/boardgames", json={"game": game, "seed": seed, "seats": [{"name": name} for name in names[:seats]]}, timeout=30)
        assert made.status_code == 201, made.text
        self.data = made.json()
        self.contexts = [browser.new_context(**PHONE) for _ in range(seats + 1)]
        self.pages = [context.new_page() for context in self.contexts]
        self.errors: list[str] = []
        links = [*self.data["links"]["seats"], self.data["links"]["watch"]]
        for page, link in zip(self.pages, links):
            page.on("pageerror", lambda error: self.errors.append(str(error)))
            page.goto(base + link)
        self.wait_all(0)

    @property
    def watcher(self) -> Any:
        return self.pages[-1]

    def wait_all(self, version: int) -> None:
        for page in self.pages:
            page.wait_for_selector(f"#table[data-version='{version}']", timeout=15_000)

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        assert not self.errors, f"JavaScript errors on the pages: {self.errors}"


@pytest.fixture
def tables(browser: Any, base: str) -> Iterator[Callable[..., Table]]:
    made: list[Table] = []

    def make(game: str, seats: int, seed: int) -> Table:
        table = Table(browser, base, game, seats, seed, ["Zoé", "Paul", "Inès", "Malo", "Léa"])
        made.append(table)
        return table

    yield make
    for table in made:
        table.close()


def _play_whole_game(
    table: Table, mirror: BoardTable, choose: Callable[[BoardTable], str], name: str, check: Callable[[int], None] | None = None, moves: int | None = None
) -> None:
    """The game played on the pages to its winner, or its first ``moves`` only (its end then not looked at)."""
    started = time.monotonic()
    version = 0
    while not mirror.is_over() and (moves is None or version < moves):
        assert time.monotonic() - started < GAME_SECONDS, f"{name}: not over after {version} moves"
        seat = mirror.seat_to_move()
        assert seat is not None
        move = choose(mirror)
        page = table.pages[seat]
        button = page.locator(f"#legal button.move[data-move='{move}']")
        button.click()
        if name == "offboard":  # what the move would push is shown first, outlined on the hexagon, then confirmed
            preview = page.locator("#preview-text")
            assert preview.inner_text().startswith(f"{move} : ")
            marks = mirror.seat_view(mirror.public_view(), seat)["preview_marks"][move]
            assert page.locator(".hole.moving").count() == len(marks["moving"])
            assert page.locator(".hole.pushed").count() == len(marks["pushed"])
            assert page.locator(".target.aimed").count() == (marks["target"] is not None)
            if version == 4:
                shoot(page, "boardgame-offboard-preview")
            page.click("#preview-confirm")
        played = mirror.judge(seat, move)
        assert not hasattr(played, "rule"), played
        version += 1
        table.wait_all(version)
        # what the referee says is French on every page, and the move's places are outlined on the board
        said = mirror.public_view()["awaiting"]
        if name == "insider":  # the page names Insider's players by their seats
            said = re.sub(r"\bJoueur (\d)\b", lambda found: table.data["table"]["seats"][int(found[1]) - 1]["name"], said)
        awaited = mirror.public_view()["awaited"]
        if name == "overload" and awaited:  # and Overload's, its colour after ("Zoé (rouge)"; a colour's own name alone)
            seat_name = table.data["table"]["seats"][mirror.public_view()["board"]["seat_names"].index(awaited["player"])]["name"]
            colour = OVERLOAD_FR.table("colour")[awaited["player"]]
            said = said.replace(colour, seat_name if seat_name.lower() == colour else f"{seat_name} ({colour})", 1)
        if name == "offboard" and awaited:  # and offboard's player to move and winner by name (« À Zoé (rouge) de jouer »)
            event = dict(awaited)
            for key in ("player", "winner", "loser"):
                if event.get(key) in ("red", "yellow"):
                    seat_name = table.data["table"]["seats"][["red", "yellow"].index(event[key])]["name"]
                    event[key] = f"{seat_name} ({ {'red': 'rouge', 'yellow': 'jaune'}[event[key]] })"
                    event["named"] = True
            said = SharedCatalogue("fr", "offboard")[event["kind"]](event)
        assert table.watcher.locator("#awaiting").inner_text() == said
        shown = {"offboard": ".hole.touched, .target.touched", "overload": ".pawn.touched", "insider": ".touched"}[name]
        touched = table.watcher.eval_on_selector_all(shown, "els => els.map(el => el.dataset.hole || (el.dataset.target ? 'target ' + el.dataset.target : '') || el.dataset.pawn || el.dataset.square || el.dataset.space)")
        assert sorted(touched) == sorted(played.marks), (move, played.marks)
        if check is not None:
            check(version)
        if version == 6:
            for index, each in enumerate(table.pages):
                shoot(each, f"boardgame-{name}-{'watcher' if index == len(table.pages) - 1 else f'seat{index + 1}'}")
    if moves is not None:
        return
    winners = ", ".join(table.data["table"]["seats"][seat]["name"] for seat in mirror.winners())
    for page in table.pages:
        assert page.locator("#over").is_visible()
        assert winners in page.locator("#over").inner_text()
        assert page.locator("#legal button").count() == 0
    assert table.watcher.locator("#history li").count() == len(mirror.moves)
    shoot(table.watcher, f"boardgame-{name}-over")
    # stepping through the move list: the board after move 3, then back and forth, then the live board again
    watcher = table.watcher
    watcher.locator("#history button.see[data-number='3']").click()
    watcher.wait_for_selector("#replay:not([hidden])")
    assert watcher.locator("#board-text").text_content() == mirror.position_after(2)["board_text"]
    watcher.click("#replay-back")
    watcher.wait_for_function("() => document.querySelector('#replay-label').textContent.startsWith('Après le coup 2/')")
    assert watcher.locator("#board-text").text_content() == mirror.position_after(1)["board_text"]
    shoot(watcher, f"boardgame-{name}-step")
    watcher.click("#replay-live")
    assert watcher.locator("#replay").is_hidden()
    assert watcher.locator("#board-text").text_content() == mirror.public_view()["board_text"]


def test_overload_three_seats_to_the_winner(tables: Callable[..., Table]) -> None:
    table = tables("overload", 3, 2)
    mirror = new_board_table("overload", 3, 2, {})
    rng = random.Random(2)
    first = table.pages[0]
    assert "À vous de jouer" in first.locator("#turn").inner_text()
    assert table.pages[1].locator("#turn").inner_text() == "À Zoé (rouge) de jouer"
    assert table.watcher.locator("#moves-box").is_hidden() and table.watcher.locator("#watcher").is_visible()
    assert first.locator(".track .pawn").count() == 6
    _play_whole_game(table, mirror, lambda m: rng.choice(m.legal_moves()), "overload")


def test_offboard_two_seats_to_the_winner_and_a_refusal_in_french(tables: Callable[..., Table]) -> None:
    table = tables("offboard", 2, 0)
    first = table.pages[0]
    first.fill("#typed-move", "A1-A9")
    first.click("#typed button")
    first.wait_for_selector("#refusal:not([hidden])")
    refusal = first.locator("#refusal").inner_text()
    assert refusal == "Coup illisible : écrivez-le dans la notation du jeu."  # one colon (was « Coup refusé : Coup illisible : … »), the referee's English left out
    shoot(first, "boardgame-offboard-refused")
    # in English the page words the refusal from its rule code; the referee's own English follows it
    first.click("#lang")
    first.click("#typed button")
    first.wait_for_selector("#refusal:has-text('Move refused')")
    assert first.locator("#refusal").inner_text().startswith("Move refused: Unreadable move: write it in the game's notation. ('A9' is not a hole")
    first.click("#lang")
    assert first.locator("#table").get_attribute("data-version") == "0"
    # the twelve targets are drawn around the hexagon, each outside the edge holes it drains
    targets = first.eval_on_selector_all(".target", """els => { const c = document.querySelector('[data-hole="E5"]').getBoundingClientRect();
        const far = Math.max(...[...document.querySelectorAll('.hole')].map(h => { const r = h.getBoundingClientRect(); return Math.hypot(r.x - c.x, r.y - c.y); }));
        return els.map(el => { const r = el.getBoundingClientRect(); return [el.textContent, Math.hypot(r.x + r.width / 2 - c.x - c.width / 2, r.y + r.height / 2 - c.y - c.height / 2) > far]; }); }""")
    assert len(targets) == 12 and all(outside for _, outside in targets), targets
    assert first.locator("#awaiting").inner_text() == "Score : rouge 0, jaune 0. À Zoé (rouge) de jouer."  # by name
    mirror = new_board_table("offboard", 2, 0, {})
    rng = random.Random(2)
    _play_whole_game(table, mirror, lambda m: format_move(computer_move(m.game, rng)), "offboard")
    # in English the page words the same events itself: the awaiting line and the move list, no French left
    watcher = table.watcher
    watcher.click("#lang")
    score = mirror.public_view()["awaited"]["score"]
    assert watcher.locator("#awaiting").inner_text().startswith(f"Score: red {score['red']}, yellow {score['yellow']}. Game over: ")
    history = watcher.locator("#history").inner_text()
    assert "marble" in history and not re.search(r"\b(bille|rouge|jaune|avance|pousse)\b", history), history[:400]
    assert "; " in history and " ; " not in history, history[:400]  # an entry's lines joined in English
    shoot(watcher, "boardgame-offboard-english")


def test_insider_three_seats_own_hand_only(tables: Callable[..., Table]) -> None:
    table = tables("insider", 3, INSIDER_SEED)
    mirror = new_board_table("insider", 3, INSIDER_SEED, {})
    rng = random.Random(INSIDER_SEED)
    assert table.watcher.locator("#hand-box").is_hidden()

    guards_seen = []

    def hands_shown(version: int) -> None:
        if mirror.rules.waits_on_clock(mirror.game) and len(guards_seen) < 3:  # the Bodyguard question is asked on the victim's phone
            victim = mirror.seat_to_move()
            assert victim is not None
            assert "garde du corps ?" in table.pages[victim].locator("#guard").inner_text()
            assert table.pages[victim].locator("#legal button.move[data-move='pass']").count() == 1
            assert table.watcher.locator("#guard").is_visible()
            if not guards_seen:
                shoot(table.pages[victim], "boardgame-insider-bodyguard")
            guards_seen.append(version)
        if version % 100 != 1:
            return
        for seat in range(3):
            hand = mirror.game.hands[seat]
            shown = sorted(table.pages[seat].locator("#hand li.card").all_inner_texts())
            assert len(shown) == sum(1 for count in hand.values() if count)
            assert all(text.endswith(f"×{hand[card]}") for card, text in zip(sorted(c for c, n in hand.items() if n), sorted(table.pages[seat].locator("#hand li.card").evaluate_all("items => items.map(i => i.className.slice(10) + ' ×' + i.textContent.split('×')[1])"))))
            text = table.pages[seat].locator("#scores").inner_text()
            assert f"{mirror.game.hand_size(seat)} cartes" in text
        assert table.watcher.locator("#hand li").count() == 0

    _play_whole_game(table, mirror, lambda m: insider_policy(m.game, rng), "insider", hands_shown, INSIDER_MOVES)
    assert guards_seen, "no starred card in the game: the Bodyguard question was never checked"
