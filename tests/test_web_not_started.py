"""Both pages in headless Chromium say so when their script has not started (a browser too old for their modules):
the notice in their HTML, shown at once by not-started.js when the page's modules fail, in French and English, readable
in both themes (and by CSS alone after 20 s, should nothing run); a page whose script runs removes it first, so a
player never sees it, however slow the network (tests/test_web_fast3g.py loads the pages on Fast 3G).

Chromium here runs the modules, so the old browser is played by failing the module graph: the table page's script
(its modules bundled by the server) answers 404, the board games' page's does not parse (as ``import … with`` does not
on a browser without import attributes).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_web import CHROMIUM, PHONE, base, browser, shoot, web_lexicon  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

#: The CSS delay (palette.css), for a browser where not even not-started.js ran; a failure shows it well before.
CSS_DELAY = "20s"
SHOWN_WITHIN_MS = 3_000
NOTICE = "#not-started"


def _broken(route: Any) -> None:
    """A module that does not parse: what an old browser makes of ``import … with { type: "json" }``."""
    route.fulfill(status=200, content_type="text/javascript", body='import broken from "./broken.json" with;\n')


def _missing(route: Any) -> None:
    route.fulfill(status=404, content_type="text/plain", body="Not Found")


def _axe_on_notice(page: Any) -> list[str]:
    """axe's violations on the notice alone (the rest of a page whose script never ran is not what a player uses)."""
    from axe_playwright_python.base import AXE_SCRIPT

    page.evaluate(AXE_SCRIPT)
    found = page.evaluate("(selector) => axe.run({include: [selector]}, {resultTypes: ['violations']})", NOTICE)["violations"]
    return [f"{rule['id']} {node['target']}: {node['failureSummary'].splitlines()[-1].strip()}" for rule in found for node in rule["nodes"]]


@pytest.mark.parametrize(
    ("path", "failing", "answer"),
    [("/", "**/app.bundle.js", _missing), ("/boardgame", "**/boardgame.bundle.js", _broken)],
    ids=["table-page-without-its-module", "board-games-page-with-a-module-that-does-not-parse"],
)
def test_a_page_whose_script_does_not_start_says_so_after_a_few_seconds(base: str, browser: Any, path: str, failing: str, answer: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    page = context.new_page()
    asked: list[str] = []
    page.route(failing, lambda route: (asked.append(route.request.url), answer(route)))
    opened = time.monotonic()
    page.goto(base + path)
    alert = page.get_by_role("alert").filter(has_text="Cette page n'a pas démarré")
    expect(alert).to_be_visible(timeout=SHOWN_WITHIN_MS)  # at once, by not-started.js: no waiting out a delay
    assert time.monotonic() - opened < SHOWN_WITHIN_MS / 1000
    assert asked, f"{failing} was never asked for"
    expect(alert).to_be_in_viewport()
    expect(alert).to_contain_text("Mettez-le à jour (Chrome ou Edge 123, Safari 17.2, Firefox 138 ou plus récents)")
    expect(alert.locator("p[lang=en]")).to_have_text(
        "This page has not started: this browser is probably too old. Update it (Chrome or Edge 123, Safari 17.2, Firefox 138 or later), then reload the page."
    )
    report = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        report += [f"{scheme}: {line}" for line in _axe_on_notice(page)]
        shoot(page, f"not-started{path.replace('/', '-')}-{scheme}")
    assert not report, "\n".join(report)
    context.close()


def test_a_page_whose_script_starts_never_shows_the_notice(base: str, browser: Any) -> None:  # noqa: F811
    """Both pages: started, the notice gone; and the sheet's own delay, for a browser where nothing ran, is long enough
    that a slow network alone never reaches it (the pages start in under 5 s on Fast 3G)."""
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    errors: list[str] = []
    for path, started in (("/", "#grid .cell"), ("/boardgame", "#new-names .seat-name")):
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base + path)
        expect(page.locator(started).first).to_be_visible()
        expect(page.locator(NOTICE)).to_have_count(0)
        expect(page.get_by_role("alert").filter(has_text="pas démarré")).to_have_count(0)
    bare = context.new_page()  # the sheet alone, as a browser that runs no script at all has it
    bare.set_content(f'<link rel="stylesheet" href="{base}/static/palette.css"><div id="not-started" class="not-started">x</div>')
    assert bare.eval_on_selector(NOTICE, "n => [getComputedStyle(n).visibility, getComputedStyle(n).animationDelay]") == ["hidden", CSS_DELAY]
    context.close()
    assert not errors, errors
