"""The real default lexicon: DELA + Grammalecte + supplement, filtered for the rule book."""

import pytest

pytestmark = pytest.mark.lexicon


def test_size_is_what_the_filters_promise(default_lexicon) -> None:
    assert 640_000 <= len(default_lexicon) <= 660_000


@pytest.mark.parametrize("word", ["VOICI", "REVOILA", "OGNON", "WEBCAM", "REMIX", "HAIKU", "TANDOORI", "KIFFER", "ZOUKER", "PARIS", "BONNE", "TEMPETE", "BOIRE", "ROI", "BA", "BE", "BI", "JA", "OM", "OEUVRE", "CA"])
def test_playable_words(default_lexicon, word: str) -> None:
    assert word in default_lexicon


@pytest.mark.parametrize("word", ["TVA", "ADN", "CNRS", "ADJANI", "QU", "JUSQU", "ETC", "CF", "WC", "JANV"])
def test_forbidden_words(default_lexicon, word: str) -> None:
    assert word not in default_lexicon


def test_entries_show_every_accented_form(default_lexicon) -> None:
    forms = {entry.form for entry in default_lexicon.entries("PECHE")}
    assert {"pèche", "péché", "pêche", "pêché"} <= forms
    assert ("paris", "pari", "N") in {tuple(entry) for entry in default_lexicon.entries("paris")}
