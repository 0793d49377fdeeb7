"""The page's dictionary box at phone size: a look-up with its definition links, and each everyday search.

Every search answers in French, with the words as the sources write them
(ligatures and accents), and the box says when nothing is found.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_web import CHROMIUM, browser, page, shoot  # noqa: F401  (fixtures)

from overturn.lexicon.compiled import write_build
from overturn.lexicon.lemmas import write_inflections
from overturn.lexicon.sources import DELA_FILE_NAME, Entry
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
    "MANGER": [Entry("manger", "manger", "V"), Entry("manger", "manger", "N")],
    "MANGEAMES": [Entry("mangeâmes", "manger", "V")],  # no DELA line: a form with no place in the table
    "AIMAIS": [Entry("aimais", "aimer", "V")],
    "AIMER": [Entry("aimer", "aimer", "V")],
    "QI": [Entry("qi", "qi", "N")],
    "LYNX": [Entry("lynx", "lynx", "N")],
}


#: DELA's tags for some of them (ligatures written as two letters, as DELA does), for the forms' tables.
DELA = """mange,manger.V+z1:P1s:P3s:S1s:S3s:Y2s
mangeons,manger.V+z1:P1p:Y1p
manger,manger.V+z1:W
manger,manger.N+z1:ms
aimais,aimer.V+z1:I1s:I2s
aimer,aimer.V+z1:W
coeur,.N+z1:ms
coeurs,coeur.N+z1:mp
"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("webdict")
    lexicon = write_build(folder / "dict", TABLE, {"name": "dict"})
    (folder / DELA_FILE_NAME).write_text(DELA, encoding="utf-8")
    write_inflections(lexicon, [folder / DELA_FILE_NAME], TABLE)
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
    assert "Derrière : SOUL (soûl) SOUS" in hooks and "Devant : —" in hooks
    assert "+S : COEURS (cœurs)" in _search(page, "plus", "coeur")
    forms = _search(page, "forms", "MANGEONS").splitlines()
    assert "manger (verbe, 4 formes)" in forms and "infinitif : manger" in forms
    assert "indicatif présent : je mange · il mange · nous mangeons" in forms
    assert "subjonctif présent : je mange · il mange" in forms and "impératif : (tu) mange · (nous) mangeons" in forms
    assert "Autres formes : mangeâmes" in forms and "manger (nom, 1 forme)" in forms and "genre et nombre : m. sg. manger" in forms
    page.locator("#dict-answer").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    shoot(page, "dictionary-forms")
    assert "imparfait : j'aimais · tu aimais" in _search(page, "forms", "aimer").splitlines()
    assert "genre et nombre : m. sg. cœur · m. pl. cœurs" in _search(page, "forms", "COEURS").splitlines()
    assert "PECHE — pêche, péché" in _search(page, "starts", "pec")
    assert "ECROU — écrou" in _search(page, "ends", "rou")
    assert "SOUL — soûl" in _search(page, "contains", "oul")
    four = _search(page, "length", "4")
    assert "LYNX" in four and "SOUL — soûl" in four and "COEUR" not in four
    assert "COEURS — cœurs" in _search(page, "pattern", "C.EURS")
    fitted = _search(page, "fit", "c.eu. ros")
    assert "COEUR — cœur" in fitted and "COEURS" not in fitted
    assert "QI" in _search(page, "two", "")
    assert "LYNX" in _search(page, "no-vowel", "")
    assert "Aucun mot." in _search(page, "ends", "zzz")
    assert page.locator("#error").is_hidden()  # type: ignore[attr-defined]


def test_the_box_says_it_is_busy_and_speaks_french_on_errors(base: str, page: object) -> None:
    """While a search runs the box says so and the button waits; a refused search is explained in French."""
    from playwright.sync_api import expect

    page.goto(base + "/")  # type: ignore[attr-defined]
    held: list[object] = []

    def hold(route: object) -> None:
        held.append(route)

    page.route("**/api/plus-one*", hold)  # type: ignore[attr-defined]
    page.select_option("#dict-kind", "plus")  # type: ignore[attr-defined]
    page.fill("#dict-word", "coeur")  # type: ignore[attr-defined]
    page.click("#dict-go")  # type: ignore[attr-defined]
    answer = page.locator("#dict-answer")  # type: ignore[attr-defined]
    expect(answer).to_have_attribute("aria-busy", "true")
    expect(answer).to_have_text("Recherche en cours…")
    expect(page.locator("#dict-go")).to_be_disabled()  # type: ignore[attr-defined]
    answer.scroll_into_view_if_needed()
    shoot(page, "dictionary-busy")
    held[0].continue_()  # type: ignore[attr-defined]
    expect(answer).not_to_have_attribute("aria-busy", "true")
    expect(answer).to_contain_text("+S : COEURS (cœurs)")
    expect(page.locator("#dict-go")).to_be_enabled()  # type: ignore[attr-defined]
    page.unroute("**/api/plus-one*", hold)  # type: ignore[attr-defined]
    for kind, text, message in [
        ("anagrams", "a1", "Tirage invalide"), ("length", "99", "Longueur invalide"), ("starts", "é-", "Début invalide"),
        ("pattern", "((", "Motif invalide"), ("hooks", "sou!", "Mot invalide"),
    ]:
        page.select_option("#dict-kind", kind)  # type: ignore[attr-defined]
        page.fill("#dict-word", text)  # type: ignore[attr-defined]
        page.click("#dict-go")  # type: ignore[attr-defined]
        expect(answer).to_have_attribute("data-kind", "error")  # said in the box, beside the field, not at the top of the page
        expect(answer).to_contain_text(message)
        assert "HTTP" not in str(answer.inner_text())
    too_slow = '{"error": "the rack plus one search took more than 2 s", "detail": {"reason": "too_slow"}}'
    page.route("**/api/plus-one*", lambda route: route.fulfill(status=422, content_type="application/json", body=too_slow))  # type: ignore[attr-defined]
    page.select_option("#dict-kind", "plus")  # type: ignore[attr-defined]
    page.fill("#dict-word", "aeinrst")  # type: ignore[attr-defined]
    page.click("#dict-go")  # type: ignore[attr-defined]
    expect(answer).to_contain_text("Recherche trop longue")
    answer.scroll_into_view_if_needed()
    shoot(page, "dictionary-refused")
    assert "QI" in _search(page, "two", "")  # the next search replaces the refusal
    assert page.locator("#error").is_hidden()  # type: ignore[attr-defined]
