"""The page's dictionary box at phone size: a look-up with its definition links, and each everyday search.

Every search answers in French, with the words as the sources write them
(ligatures and accents), and the box says when nothing is found.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_web import CHROMIUM, browser, page, shoot  # noqa: F401  (fixtures)

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

TABLE = {
    "COEUR": [Entry("cœur", "cœur", "N")],
    "COEURS": [Entry("cœurs", "cœur", "N")],
    "ECROU": [Entry("écrou", "écrou", "N")],
    "SOU": [Entry("sou", "sou", "N")],
    "SOUS": [Entry("sous", "sou", "N"), Entry("sous", "sous", "PREP")],
    "SOUL": [Entry("soûl", "soûl", "A")],
    "PECHE": [Entry("pêche", "pêche", "N"), Entry("péché", "péché", "N")],
    "MANGE": [Entry("mange", "manger", "V")],
    "MANGEONS": [Entry("mangeons", "manger", "V")],
    "MANGER": [Entry("manger", "manger", "V")],
    "QI": [Entry("qi", "qi", "N")],
    "LYNX": [Entry("lynx", "lynx", "N")],
}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    lexicon = write_build(tmp_path_factory.mktemp("webdict") / "dict", TABLE, {"name": "dict"})
    with BackgroundServer(create_app(str(lexicon))) as url:
        yield url


def _search(page: object, kind: str, word: str) -> str:
    from playwright.sync_api import expect

    page.select_option("#dict-kind", kind)  # type: ignore[attr-defined]
    page.fill("#dict-word", word)  # type: ignore[attr-defined]
    page.click("#dict-go")  # type: ignore[attr-defined]
    answer = page.locator("#dict-answer")  # type: ignore[attr-defined]
    expect(answer).to_be_visible()
    if kind != "lookup":
        expect(answer).to_have_attribute("data-kind", kind)
    expect(answer).not_to_have_attribute("aria-busy", "true")
    return str(answer.inner_text())


def test_each_search_of_the_dictionary_box(base: str, page: object) -> None:
    page.goto(base + "/")  # type: ignore[attr-defined]
    looked = _search(page, "lookup", "coeur")
    assert "COEUR — dans le lexique" in looked and "cœur" in looked and "Wiktionnaire" in looked and "CNRTL" in looked
    assert page.locator("#dict-answer a").first.get_attribute("href").startswith("https://fr.wiktionary.org/wiki/")  # type: ignore[attr-defined]
    assert "COEUR — cœur" in _search(page, "anagrams", "rucoe")
    assert "COEUR — cœur (? = R)" in _search(page, "anagrams", "coeu?")
    hooks = _search(page, "hooks", "sou")
    assert "Derrière : SOUL SOUS" in hooks and "Devant : —" in hooks
    assert "+S : COEURS" in _search(page, "plus", "coeur")
    forms = _search(page, "forms", "mangeons")
    assert "manger (verbe, 3 formes) : mange, mangeons, manger" in forms
    page.locator("#dict-answer").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    shoot(page, "dictionary-forms")
    assert "PECHE — pêche, péché" in _search(page, "starts", "pec")
    assert "ECROU — écrou" in _search(page, "ends", "rou")
    assert "SOUL — soûl" in _search(page, "contains", "oul")
    assert "COEURS — cœurs" in _search(page, "pattern", "C.EURS")
    fitted = _search(page, "fit", "c.eu. ros")
    assert "COEUR — cœur" in fitted and "COEURS" not in fitted
    assert "QI" in _search(page, "two", "")
    assert "LYNX" in _search(page, "no-vowel", "")
    assert "Aucun mot." in _search(page, "ends", "zzz")
    assert page.locator("#error").is_hidden()  # type: ignore[attr-defined]
