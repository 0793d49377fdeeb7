"""The look-up API and the compiled letter trie, on small lexicons built in the test."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from overturn.lexicon import registry
from overturn.lexicon.lexicon import ROOT, PatternError, PatternTimeout
from overturn.lexicon.sources import Entry

WORDS = ["pêche", "péché", "pécher", "pêcher", "poche", "chien", "chine", "niche", "tempête", "œuvre", "ça", "roi", "boire", "bonne"]


@pytest.fixture(scope="module")
def lexicon(make_lexicon):
    table: dict[str, list[Entry]] = {}
    for word in WORDS:
        from overturn.lexicon.normalize import normalize_key

        table.setdefault(normalize_key(word), []).append(Entry(word, word, "N"))
    table["PECHE"].append(Entry("pêche", "pêcher", "V"))
    return make_lexicon(table)


def test_membership_ignores_accents_and_case(lexicon) -> None:
    assert "PECHE" in lexicon and "pêche" in lexicon and "Pèche" in lexicon
    assert "OEUVRE" in lexicon and "œuvre" in lexicon and "CA" in lexicon
    assert "PECH" not in lexicon and "porte-clé" not in lexicon and 42 not in lexicon
    assert len(lexicon) == 12


def test_the_count_noted_at_build_is_the_trie_s(lexicon, default_lexicon) -> None:
    """len() reads the count from meta.json (no trie to map at start-up); it must be what the trie holds."""
    for loaded in (lexicon, default_lexicon):
        assert len(loaded) == len(loaded._compiled.trie) == sum(1 for _ in loaded._compiled.trie.iterkeys()) > 0


def test_entries_keep_every_accented_form(lexicon) -> None:
    forms = {(entry.form, entry.lemma, entry.pos) for entry in lexicon.entries("peche")}
    assert forms == {("pêche", "pêche", "N"), ("péché", "péché", "N"), ("pêche", "pêcher", "V")}
    assert lexicon.entries("inconnu") == [] and lexicon.entries("a-b") == []


def test_prefixes_and_completions(lexicon) -> None:
    assert lexicon.has_prefix("pêc") and lexicon.has_prefix("") and not lexicon.has_prefix("xyz")
    assert lexicon.completions("PECH") == ["PECHE", "PECHER"]
    assert lexicon.completions("PECH", limit=1) == ["PECHE"]
    assert lexicon.completions("1") == []


def test_match_full_patterns_with_accents_ignored(lexicon) -> None:
    assert lexicon.match("P.CHE") == ["PECHE", "POCHE"]
    assert lexicon.match("pêche[r]?") == ["PECHE", "PECHER"]
    assert lexicon.match("CH.*|NICHE") == ["CHIEN", "CHINE", "NICHE"]
    assert lexicon.match("PE?CHER") == ["PECHER"]
    some = lexicon.match(".*", limit=3)
    assert len(some) == 3 and set(some) <= set(lexicon.match(".*")) and some == sorted(some)


def test_bad_or_slow_patterns_are_clear_errors(lexicon) -> None:
    with pytest.raises(PatternError, match="bad pattern"):
        lexicon.match("(")
    with pytest.raises(PatternTimeout, match="too slow"):
        lexicon.match("(.*)*X(.*)*Y(.*)*Z", timeout=0.0)


def test_anagrams(lexicon) -> None:
    assert lexicon.anagrams("CHIEN") == ["CHIEN", "CHINE", "NICHE"]
    assert lexicon.anagrams("CHIE?") == ["CHIEN", "CHINE", "NICHE"]
    assert lexicon.anagrams("OIR", partial=True) == ["ROI"]
    assert lexicon.anagrams("ENNOB") == ["BONNE"]
    with pytest.raises(ValueError):
        lexicon.anagrams("A1")


def test_near_suggests_close_words(lexicon) -> None:
    assert lexicon.near("PECHR")[:2] == ["PECHE", "PECHER"]
    assert "BOIRE" in lexicon.near("BOIR")


def test_letter_trie_matches_the_key_set(make_lexicon) -> None:
    rng = random.Random(7)
    words = {"".join(rng.choice("ABCDE") for _ in range(rng.randint(1, 7))) for _ in range(400)}
    lexicon = make_lexicon(sorted(words))
    prefixes = {word[:i] for word in words for i in range(len(word) + 1)}
    for prefix in prefixes:
        node = lexicon.walk(prefix)
        assert node >= 0
        assert lexicon.is_word_node(node) == (prefix in words)
        assert set(lexicon.next_letters(node)) == {w[len(prefix)] for w in prefixes if len(w) == len(prefix) + 1 and w.startswith(prefix)}
    for _ in range(300):
        probe = "".join(rng.choice("ABCDEF") for _ in range(rng.randint(1, 6)))
        assert (lexicon.walk(probe) >= 0) == (probe in prefixes)
    assert lexicon.walk("") == ROOT


def test_custom_word_list_build(isolated_cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "ods.txt"
    source.write_text("kiffer\nZOUKER\nété\nporte-monnaie\n", encoding="utf-8")
    directory, rejected = registry.build_word_list(source, "club")
    assert rejected == ["porte-monnaie"]
    club = registry.load_lexicon("club")
    assert "KIFFER" in club and "ete" in club and "PORTEMONNAIE" not in club
    assert club.entries("ete")[0].form == "été"
    assert {row["name"] for row in registry.available()} >= {"fr", "wfrench", "club"}
    with pytest.raises(registry.LexiconError, match="invalid lexicon name"):
        registry.build_word_list(source, "fr")
    with pytest.raises(registry.LexiconError, match="unknown lexicon"):
        registry.load_lexicon("no-such-lexicon")
    # a path to a word list works too, built into the cache on first use
    assert "ZOUKER" in registry.load_lexicon(str(source))


def test_stale_cache_is_rebuilt_when_a_source_changes(isolated_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "words.txt"
    source.write_text("alpha\nbeta\n", encoding="utf-8")
    recipe = registry.Recipe("tiny", "test recipe", lambda: [source], registry._read_word_list)
    monkeypatch.setitem(registry.RECIPES, "tiny", recipe)
    messages: list[str] = []
    first = registry.resolve("tiny", progress=messages.append)
    assert messages and "building" in messages[0]
    messages.clear()
    assert registry.resolve("tiny", progress=messages.append) == first and messages == []  # warm: no rebuild
    source.write_text("alpha\nbeta\ngamma\n", encoding="utf-8")
    second = registry.resolve("tiny", progress=messages.append)
    assert second != first and messages
    from overturn.lexicon.lexicon import Lexicon

    assert "GAMMA" in Lexicon.open(second)
    # a filter change invalidates builds too
    monkeypatch.setattr(registry.sources, "FILTER_VERSION", registry.sources.FILTER_VERSION + 1)
    assert registry.resolve("tiny") not in (first, second)
