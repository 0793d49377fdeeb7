"""A phone whose live link dies quietly, or is refused, hears the next move anyway (headless Chromium, phone size).

A TCP proxy the test starts (``tcp_proxy``) stands for one phone's network.
Stalled for half a second then restored, it leaves the phone's stream a black
hole that raises no error in the browser (the phone once showed the wrong turn
forever); the page counts the server's heartbeats and reconnects. A board-game
page refused a stream at the server's bound (503) reconnects with back-off
instead of asking for a reload.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tcp_proxy import Proxy
from test_web import BOARD, CHROMIUM, PHONE, browser  # noqa: F401  (browser: a fixture)
from test_web_page_table import web_lexicon  # noqa: F401  (a fixture: many words along BOARD's paths)

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.registry import load_lexicon
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
#: The server's heartbeat in these tests: the page takes a stream for dead after 2.5 beats of silence.
BEAT = 1.0
#: What the issue asks: the stalled phone shows the move within 30 s of the network returning.
HEALED_MS = 30_000


@pytest.fixture
def server(web_lexicon: Path) -> Iterator[str]:  # noqa: F811
    """A server with room for the phone's new streams (a stalled link's stream stays open until 2.5 beats go unacknowledged)."""
    with BackgroundServer(create_app(str(web_lexicon), Limits(stream_heartbeat=BEAT))) as url:
        yield url


@pytest.fixture
def full_server(web_lexicon: Path) -> Iterator[str]:  # noqa: F811
    """A server with two stream slots, for a page refused at the bound."""
    with BackgroundServer(create_app(str(web_lexicon), Limits(stream_heartbeat=BEAT, max_streams=2))) as url:
        yield url


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, errors


def _seat_on_phone(server: str, proxy: Proxy, phone: Any, seat: int) -> tuple[str, list[str]]:
    """A table on BOARD for Zoé and Ali, made on the server; ``seat``'s link opened on the phone, through the proxy."""
    from playwright.sync_api import expect

    with httpx.Client(base_url=server, timeout=30) as client:
        made = client.post("/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
    phone.goto(f"{proxy.url}/?table={made['table']['id']}&seat={made['tokens'][seat]}")
    expect(phone.locator("#turn")).to_have_text("À vous de jouer" if seat == 0 else "au tour de Zoé")  # Zoé's own phone says it so
    return made["table"]["id"], made["tokens"]


def test_a_stalled_phone_hears_the_opponents_move(server: str, phone: Any, web_lexicon: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    proxy = Proxy(int(server.rsplit(":", 1)[1]))
    try:
        table_id, tokens = _seat_on_phone(server, proxy, phone, 1)
        with httpx.Client(base_url=server, timeout=30) as client:
            proxy.stall()  # the link dies quietly: no error reaches the browser
            time.sleep(0.5)
            proxy.restore()
            local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
            ranked = next(ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove))
            best = ranked.move
            assert isinstance(best, WordMove) and best.path is not None
            path = [list(divmod(cell, 6)) for cell in best.path]
            moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[0], "version": 0, "action": {"kind": "word", "word": best.word, "path": path}})
            assert moved.status_code == 200 and moved.json()["verdict"]["legal"], moved.text
        expect(phone.locator("#played li")).to_have_count(1, timeout=HEALED_MS)
        expect(phone.locator("#play")).to_be_enabled()  # Ali's turn, on Ali's phone
        expect(phone.locator("#last-move")).to_have_text(f"Zoé a joué {best.word} (+{ranked.swing})")  # the opponent's word, where he looks
        expect(phone.locator("#table-live")).to_be_hidden()
    finally:
        proxy.close()


def test_a_board_game_page_refused_a_stream_reconnects_by_itself(full_server: str, phone: Any) -> None:
    """The server's two stream slots are taken: the page's stream gets 503 and the page says the link is lost; once a
    slot is free it reconnects (with back-off, no reload) and shows the next move."""
    from playwright.sync_api import expect

    server = full_server
    with httpx.Client(base_url=server, timeout=30) as client:
        made = client.post("/api/boardgames", json={"game": "offboard"}).json()
        table_id, tokens = made["table"]["id"], made["tokens"]
        holders = [client.stream("GET", f"/api/tables/{table_id}/events") for _ in range(2)]
        opened = [holder.__enter__() for holder in holders]
        assert all(stream.status_code == 200 for stream in opened)
        phone.goto(f"{server}/boardgame?table={table_id}&seat={tokens[1]}")
        expect(phone.locator("#live-lost")).to_be_visible(timeout=10_000)
        for holder in holders:
            holder.__exit__(None, None, None)
        seat = made["turn"]
        legal = client.get(f"/api/tables/{table_id}?seat={tokens[seat]}").json()["legal"]
        assert client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[seat], "version": 0, "move": legal[0]}).json()["error"] is None
    expect(phone.locator("#history li")).to_have_count(1, timeout=HEALED_MS)
    expect(phone.locator("#live-lost")).to_be_hidden()


def test_a_move_sent_on_a_dead_network_says_so_and_can_be_sent_again(server: str, phone: Any, web_lexicon: Path) -> None:  # noqa: F811
    """The page stayed busy for 12 s and more with no word; now the move is given up with its message, and the same
    tap once the network is back plays it (once: the version it was made on is checked)."""
    from playwright.sync_api import expect

    proxy = Proxy(int(server.rsplit(":", 1)[1]))
    try:
        table_id, _tokens = _seat_on_phone(server, proxy, phone, 0)
        local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
        word = next(ranked.move.word for ranked in local.legal_moves() if isinstance(ranked.move, WordMove))
        proxy.stall()
        phone.fill("#move-word", word)
        phone.click("#play")
        expect(phone.locator("#error")).to_have_text(
            "Coup non envoyé (le serveur ne répond pas) — réessayez : il ne sera pas joué deux fois.", timeout=HEALED_MS
        )
        expect(phone.locator("#move-word")).to_have_value(word)  # kept, to be sent again
        proxy.restore(reset_stalled=True)  # the network is back: the phone's old connections are reset by the far end
        phone.click("#play")
        expect(phone.locator("#played li")).to_have_count(1, timeout=HEALED_MS)
        expect(phone.locator("#last-move")).to_contain_text(f"Zoé a joué {word}")
        expect(phone.locator("#error")).to_be_hidden()
        with httpx.Client(base_url=server, timeout=30) as client:
            assert client.get(f"/api/tables/{table_id}").json()["table"]["version"] == 1  # played once
    finally:
        proxy.close()


@pytest.fixture
def default_server(web_lexicon: Path) -> Iterator[str]:  # noqa: F811
    """A server with the default limits: the heartbeat a club's server has."""
    with BackgroundServer(create_app(str(web_lexicon), Limits())) as url:
        yield url


def test_a_stall_is_told_within_ten_seconds_and_the_move_shown_within_three_of_the_heal(default_server: str, phone: Any, web_lexicon: Path) -> None:  # noqa: F811
    """Issue 40: the link stalls for 30 s and the opponent plays 2 s in. The stalled phone says it is out of touch
    within 10 s (it said *au tour de Zoé* for 37 s with the 15 s heartbeat), and shows the move within 3 s of the heal
    (7.5 s before), with the server's default heartbeat and no reset of the dead connections."""
    from playwright.sync_api import expect

    server = default_server
    assert Limits().stream_heartbeat * 2.5 < 10
    proxy = Proxy(int(server.rsplit(":", 1)[1]))
    try:
        table_id, tokens = _seat_on_phone(server, proxy, phone, 1)
        local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
        ranked = next(ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove))
        assert isinstance(ranked.move, WordMove) and ranked.move.path is not None
        expect(phone.locator("#table-live")).to_be_hidden()
        proxy.stall()
        stalled = time.monotonic()
        time.sleep(2)
        with httpx.Client(base_url=server, timeout=30) as client:
            moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[0], "version": 0, "action": {"kind": "word", "word": ranked.move.word, "path": list(ranked.move.path)}})
            assert moved.status_code == 200 and moved.json()["verdict"]["legal"], moved.text
        expect(phone.locator("#table-live")).to_be_visible(timeout=10_000 - (time.monotonic() - stalled) * 1000)
        told = time.monotonic() - stalled
        expect(phone.locator("#played li")).to_have_count(0)  # nothing gets through the stall
        time.sleep(max(0.0, 30 - (time.monotonic() - stalled)))
        proxy.restore()
        healed = time.monotonic()
        expect(phone.locator("#played li")).to_have_count(1, timeout=3_000)
        shown = time.monotonic() - healed
        expect(phone.locator("#last-move")).to_have_text(f"Zoé a joué {ranked.move.word} (+{ranked.swing})")
        expect(phone.locator("#table-live")).to_be_hidden(timeout=3_000)
        print(f"\nstall told after {told:.1f} s; the move shown {shown:.1f} s after the heal")
    finally:
        proxy.close()
