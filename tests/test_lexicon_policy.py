"""The lexicon policies of lexicons/README.md, on the default lexicon and on the filters themselves."""

from __future__ import annotations

import pytest

from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry, add_verb_infinitives, drop_letters, has_vowel

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


# ----- one rule for each kind of word (lexicons/README.md, Policies), each listed both ways ------------------

#: Policy 1, letters: a one-letter key is a word only for its words of one letter (à, a, y, ô), never as the letter's name.
LETTERS_OUT = ["E", "I", "U", "B", "Z"]
LETTERS_KEPT = {"A": {"à", "a"}, "Y": {"y"}, "O": {"ô"}}
#: Policy 4, letter names: every letter's spelled-out name is a noun.
LETTER_NAMES = ["BE", "CE", "DE", "EFFE", "GE", "ACHE", "JI", "KA", "ELLE", "EMME", "ENNE", "PE", "KU", "ERRE", "ESSE", "TE", "VE", "IXE", "ZEDE"]
#: Policy 5, interjections: every spelling with a vowel the dictionaries give (variants completed), none without one.
INTERJECTIONS_KEPT = ["HAHA", "HIHI", "WAOUH", "WOUAH", "OUAH", "PSITT", "PSCHITT", "CHUT", "HUM", "BOF", "PFUT"]
INTERJECTIONS_OUT = ["PST", "PSST", "BRR", "BRRR", "HMM", "ZZZ", "PFF", "TSS"]
#: Policy 6, acronyms: out, unless said as a word and become one (sida); a source's lower-case acronym too (éna).
ACRONYMS_OUT = ["ENA", "LOL", "SNCF", "ONU", "TVA"]
ACRONYMS_KEPT = ["SIDA", "OVNI", "LASER", "RADAR", "SONAR"]
#: Policy 7, welded compounds: the 1990 rectified weldings are single words; a welded Latin locution is not.
WELDED_KEPT = ["WEEKEND", "PORTEMONNAIE", "PINGPONG", "HAUTPARLEUR", "BIENETRE"]
WELDED_OUT = ["EXAEQUO", "APRIORI", "APOSTERIORI"]
#: Policy 8, slurs: dictionary words, so in the lexicon; a family table refuses them.
SLURS = ["BOUGNOULE", "BICOT", "YOUPIN", "NEGRO"]


@pytest.mark.parametrize("key", LETTERS_OUT)
def test_a_letter_is_not_a_word(default_lexicon: Lexicon, key: str) -> None:
    assert key not in default_lexicon


@pytest.mark.parametrize(("key", "forms"), LETTERS_KEPT.items())
def test_a_word_of_one_letter_stays_without_its_letter_name(default_lexicon: Lexicon, key: str, forms: set[str]) -> None:
    entries = default_lexicon.entries(key)
    assert {entry.form for entry in entries} == forms and not any(entry.pos == "N" for entry in entries)


def test_drop_letters_keeps_only_the_words_of_one_letter() -> None:
    lexicon = {"E": [Entry("e", "e", "N")], "A": [Entry("a", "a", "N"), Entry("à", "à", "PREP")], "AI": [Entry("ai", "avoir", "V")]}
    assert drop_letters(lexicon) == 1
    assert lexicon == {"A": [Entry("à", "à", "PREP")], "AI": [Entry("ai", "avoir", "V")]}


@pytest.mark.parametrize("key", LETTER_NAMES)
def test_every_letter_name_is_a_noun(default_lexicon: Lexicon, key: str) -> None:
    assert any(entry.pos == "N" for entry in default_lexicon.entries(key)), key


@pytest.mark.parametrize("key", INTERJECTIONS_KEPT)
def test_interjections_with_a_vowel_are_words_in_each_spelling(default_lexicon: Lexicon, key: str) -> None:
    assert key in default_lexicon


@pytest.mark.parametrize("key", INTERJECTIONS_OUT)
def test_sound_transcriptions_without_a_vowel_are_not(default_lexicon: Lexicon, key: str) -> None:
    assert key not in default_lexicon


@pytest.mark.parametrize(("key", "kept"), [(key, False) for key in ACRONYMS_OUT] + [(key, True) for key in ACRONYMS_KEPT])
def test_acronyms_are_out_unless_they_became_words(default_lexicon: Lexicon, key: str, kept: bool) -> None:
    assert (key in default_lexicon) is kept


@pytest.mark.parametrize(("key", "kept"), [(key, True) for key in WELDED_KEPT] + [(key, False) for key in WELDED_OUT])
def test_rectified_weldings_stay_and_welded_latin_locutions_do_not(default_lexicon: Lexicon, key: str, kept: bool) -> None:
    assert (key in default_lexicon) is kept


def test_slurs_are_dictionary_words_that_a_family_table_refuses(default_lexicon: Lexicon) -> None:
    from overturn.lexicon.family import family_blocked_keys

    blocked = family_blocked_keys(default_lexicon)
    for key in SLURS:
        assert key in default_lexicon and key in blocked, key


#: Club vocabulary the supplement adds (each justified in lexicons/supplement.tsv), with a plural or a form.
CLUB = ["BOG", "DZO", "KOP", "YAM", "NAY", "ZEK", "OKA", "GOS", "ABAYA", "RAMEN", "RYOKAN", "ALUMNI", "AULA", "NANT", "AIRCO", "HIERENT", "HIAMES", "AIRCOS"]


@pytest.mark.parametrize("key", CLUB)
def test_club_vocabulary_from_the_supplement(default_lexicon: Lexicon, key: str) -> None:
    assert key in default_lexicon
