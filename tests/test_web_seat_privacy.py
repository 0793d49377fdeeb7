"""A seat's token never stays on the device: the service worker keeps pages under their path alone (headless Chromium).

It kept ``/boardgame?table=…&seat=TOKEN`` under its full address, so the token
of every seat a phone had opened stayed in its cache.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web import BOARD, CHROMIUM, PHONE, browser  # noqa: F401  (browser: a fixture)
from test_web_page_table import web_lexicon  # noqa: F401  (a fixture)

from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(request.url);
  }
  return urls;
}"""


@pytest.fixture
def server(web_lexicon: Path) -> Iterator[str]:  # noqa: F811
    with BackgroundServer(create_app(str(web_lexicon))) as url:
        yield url


def test_the_service_worker_keeps_no_seat_token(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    tab = context.new_page()
    try:
        tab.goto(f"{server}/")
        assert tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
        with httpx.Client(base_url=server) as client:
            board = client.post("/api/boardgames", json={"game": "offboard"}).json()
            overturn = client.post("/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
        secrets = [board["tokens"][0], overturn["tokens"][1], board["creator"], overturn["creator"]]
        tab.goto(f"{server}/boardgame?table={board['table']['id']}&seat={board['tokens'][0]}")
        expect(tab.locator("#table")).to_be_visible()
        tab.goto(f"{server}/?table={overturn['table']['id']}&seat={overturn['tokens'][1]}")
        expect(tab.locator("#turn")).to_have_text("au tour de Zoé")
        cached = tab.evaluate(CACHED_URLS)
        assert any(url.endswith("/boardgame") for url in cached), cached  # the page itself is kept, for offline use
        assert not any(secret in url for url in cached for secret in secrets), cached
        assert not any("seat=" in url for url in cached), cached
    finally:
        context.close()


def test_a_phone_opening_its_seat_link_takes_the_seat_for_itself(server: str, browser: Any) -> None:  # noqa: F811
    """The link a creator hands out is an invitation: the phone that opens it claims the seat, so the creator (who
    saw the invitation) can no longer read that seat's Insider hand; a reload keeps the phone in its seat."""
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    tab = context.new_page()
    try:
        with httpx.Client(base_url=server) as client:
            made = client.post("/api/boardgames", json={"game": "insider", "players": 2}).json()
            table_id, invitation = made["table"]["id"], made["tokens"][1]
            tab.goto(f"{server}/boardgame?table={table_id}&seat={invitation}")
            expect(tab.locator("#hand-box")).to_be_visible()
            assert invitation not in tab.url and "seat=" not in tab.url and tab.url.endswith("#seated")  # no token in the address
            assert client.get(f"/api/tables/{table_id}?seat={invitation}").status_code == 403  # the creator is out
            tab.reload()
            expect(tab.locator("#hand-box")).to_be_visible()
            other = context.new_page()
            other.goto(f"{server}/boardgame?table={table_id}&seat={invitation}")  # the spent link, opened again
            expect(other.locator("#error")).to_contain_text("Ce lien a déjà servi")
    finally:
        context.close()


def _requests(tab: Any) -> list[str]:
    """Every URL the tab requests from now on (fetches, streams and acknowledgements included)."""
    urls: list[str] = []
    tab.on("request", lambda request: urls.append(request.url))
    return urls


def test_no_request_carries_a_seat_token_and_a_seat_handed_over_is_told(server: str, browser: Any) -> None:  # noqa: F811
    """Ali opens his invitation (in the link's fragment, never sent): no URL the page requests holds a token, the
    names say who is here live, and once Zoé, the creator, confirms a new link for his seat, his phone says so at once
    and offers no move."""
    from playwright.sync_api import expect

    zoe, ali = browser.new_context(**PHONE), browser.new_context(**PHONE)
    try:
        with httpx.Client(base_url=server) as client:
            made = client.post("/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
        table_id, tokens = made["table"]["id"], made["tokens"]
        ali_tab = ali.new_page()
        urls = _requests(ali_tab)
        ali_tab.goto(f"{server}/?table={table_id}#seat={tokens[1]}")
        expect(ali_tab.locator("#table-seat")).to_have_text("Vous jouez Ali (Argent).")
        expect(ali_tab.locator("#table-presence")).to_have_text("Zoé : pas encore venu · Ali : connecté")
        assert ali_tab.url.endswith(f"?table={table_id}#seated")  # the address bar holds no token
        zoe.add_init_script(f"localStorage.setItem('overturn-tables', JSON.stringify({{'{table_id}': {{creator: '{made['creator']}', tokens: {tokens!r}, here: false}}}}))")
        zoe_tab = zoe.new_page()
        zoe_tab.goto(f"{server}/?table={table_id}&seat={tokens[0]}")  # a link shared before: still opens the seat
        expect(ali_tab.locator("#table-presence")).to_have_text("Zoé : connecté · Ali : connecté")  # live, no move made
        ali_tab.reload()  # the phone's own credential, kept on the phone: the seat again, not a watcher
        expect(ali_tab.locator("#table-seat")).to_have_text("Vous jouez Ali (Argent).")
        credential = ali_tab.evaluate(f"JSON.parse(localStorage.getItem('overturn-seats'))['{table_id}']")
        assert credential.startswith("c.")
        assert not [url for url in urls if "seat=" in url or tokens[1] in url or credential in url], urls
        assert any("/ack" in url for url in urls) or ali_tab.wait_for_event("request", lambda request: "/ack" in request.url, timeout=20_000)

        asked: list[str] = []
        zoe_tab.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        zoe_tab.click("#seat-links .hand-over")
        assert asked and "Ali" in asked[0]
        expect(ali_tab.locator("#table-presence")).to_have_text("Zoé : connecté · Ali : connecté")  # dismissed: nothing changed
        zoe_tab.once("dialog", lambda dialog: dialog.accept())
        zoe_tab.click("#seat-links .hand-over")
        expect(ali_tab.locator("#error")).to_have_text("Ce siège a été confié à un autre téléphone.")
        expect(zoe_tab.locator("#table-presence")).to_have_text("Zoé : connecté · Ali : pas encore venu")
        expect(ali_tab.locator("#play")).to_be_disabled()
    finally:
        zoe.close()
        ali.close()


def test_the_board_page_keeps_tokens_out_of_urls_and_tells_a_seat_handed_over(server: str, browser: Any) -> None:  # noqa: F811
    """The same on the board page: the seat to move is handed over by the creator, on the other seat's phone."""
    from playwright.sync_api import expect

    creator, player = browser.new_context(**PHONE), browser.new_context(**PHONE)
    try:
        with httpx.Client(base_url=server) as client:
            made = client.post("/api/boardgames", json={"game": "offboard", "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
        table_id, tokens, lost = made["table"]["id"], made["tokens"], made["turn"]
        name = ("Zoé", "Ali")[lost]
        links = {"seats": [f"/boardgame?table={table_id}#seat={token}" for token in tokens], "watch": f"/boardgame?table={table_id}"}
        creator.add_init_script(f"localStorage.setItem('overturn-board-tables', JSON.stringify({{'{table_id}': {{creator: '{made['creator']}', links: {links!r}}}}}))")
        host, phone = creator.new_page(), player.new_page()
        urls = _requests(phone)
        host.goto(f"{server}{links['seats'][1 - lost]}")
        phone.goto(f"{server}{links['seats'][lost]}")
        expect(phone.locator("#moves-box")).to_be_visible()
        expect(host.locator("#presence")).to_contain_text(f"{name} : connecté")
        assert phone.url.endswith("#seated")
        assert not [url for url in urls if "seat=" in url or tokens[lost] in url], urls
        asked: list[str] = []
        host.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        host.click("#invite-list .hand-over")
        expect(phone.locator("#error")).to_have_text("Ce siège a été confié à un autre téléphone.")
        assert asked and name in asked[0]
        expect(phone.locator("#moves-box")).to_be_hidden()
        expect(host.locator("#presence")).to_contain_text(f"{name} : pas encore venu")
        expect(host.locator("#invite-list .invite-link").first).not_to_have_text(f"{server}{links['seats'][lost]}")  # the new link
    finally:
        creator.close()
        player.close()
