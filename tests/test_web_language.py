"""Both pages in headless Chromium share one language choice: French by default, English offered on either page
and kept for the other; an error the server sends as a code is worded in the page's language."""

from __future__ import annotations

from typing import Any

import pytest
from test_web import CHROMIUM, PHONE, base, browser, web_lexicon  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")


def test_the_language_chosen_on_one_page_is_the_other_pages(base: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base + "/boardgame")
    expect(page.locator("#new-form h2")).to_have_text("Nouvelle table")
    expect(page.locator("#new-names label").first).to_have_text("Siège 1 ")
    page.fill(".seat-name >> nth=0", "Zoé")
    page.click("#lang")
    expect(page.locator("#new-form h2")).to_have_text("New table")
    expect(page.locator("#new-names label").first).to_have_text("Seat 1 ")
    assert page.input_value(".seat-name >> nth=0") == "Zoé"  # switching the language keeps what was typed
    assert page.get_attribute("#new-seed", "placeholder") == "random"
    assert page.evaluate("document.documentElement.lang") == "en"

    page.goto(base + "/")
    expect(page.locator("#lang")).to_have_text("FR")
    expect(page.locator("#deal")).to_have_text("Deal")
    page.click("#lang")
    expect(page.locator("#deal")).to_have_text("Distribuer")
    page.goto(base + "/boardgame")
    expect(page.locator("#new-form h2")).to_have_text("Nouvelle table")
    context.close()
    assert not errors, errors


def test_a_board_game_error_is_worded_from_its_code(base: str, browser: Any) -> None:
    """A link to a table the server does not hold: its reason code, worded in French, then in English."""
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(base + "/boardgame?table=nosuchtable")
    expect(page.locator("#error")).to_have_text("Cette table n'existe pas (lien erroné, ou le serveur ne garde pas les tables).")
    page.evaluate("localStorage.setItem('overturn-lang', 'en')")
    page.reload()
    expect(page.locator("#error")).to_have_text("There is no such table (a wrong link, or the server does not keep tables).")
    context.close()
