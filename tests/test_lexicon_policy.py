"""The lexicon policies of lexicons/README.md, on the default lexicon and on the filters themselves."""

from __future__ import annotations

import pytest

from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry, add_verb_infinitives, has_vowel

OUT = ["AE", "OE", "LOL", "PST", "PSST", "BRR", "BRRR", "GRRR", "KSS", "MMM", "HMM", "ZZZ", "ZZZZ", "PFF", "PFFT", "TSS"]
KEPT = ["CHUT", "HUM", "OUF", "BOF", "PFUT", "ESSE", "IXE", "SIDA", "OVNI", "LASER", "AIE"]


@pytest.mark.parametrize("word", OUT)
def test_letters_acronyms_and_vowel_less_interjections_are_out(default_lexicon: Lexicon, word: str) -> None:
    assert word not in default_lexicon


@pytest.mark.parametrize("word", KEPT)
def test_interjections_with_a_vowel_letter_names_and_lexicalised_acronyms_stay(default_lexicon: Lexicon, word: str) -> None:
    assert word in default_lexicon


def test_no_key_of_the_default_lexicon_lacks_a_vowel(default_lexicon: Lexicon) -> None:
    assert default_lexicon.match("[^AEIOUY]+", limit=None, timeout=30) == []
    assert not has_vowel("PSST") and has_vowel("PSY")


def test_tweeter_is_a_verb_too(default_lexicon: Lexicon) -> None:
    kinds = {(entry.form, entry.pos) for entry in default_lexicon.entries("TWEETER")}
    assert {("tweeter", "N"), ("tweeter", "V")} <= kinds
    assert any(entry.pos == "V" and entry.lemma == "tweeter" for entry in default_lexicon.entries("TWEETONS"))


def test_add_verb_infinitives_adds_only_missing_entries_to_present_keys() -> None:
    lexicon = {
        "TWEETER": [Entry("tweeter", "tweeter", "N")],
        "TWEETA": [Entry("tweeta", "tweeter", "V")],
        "MANGER": [Entry("manger", "manger", "V"), Entry("manger", "manger", "N")],
        "MANGEA": [Entry("mangea", "manger", "V")],
        "BLOQUA": [Entry("bloqua", "bloquer", "V")],  # BLOQUER absent: refused on purpose, not added back
    }
    assert add_verb_infinitives(lexicon) == 1
    assert lexicon["TWEETER"] == [Entry("tweeter", "tweeter", "N"), Entry("tweeter", "tweeter", "V")]
    assert len(lexicon["MANGER"]) == 2 and "BLOQUER" not in lexicon
    assert add_verb_infinitives(lexicon) == 0
