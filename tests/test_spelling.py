"""Entries keep their spelling: œ and æ where the sources write them, in look-ups, listings, the API and the CLI.

The default lexicon shows DELA's oe/ae words with Grammalecte's ligature
(``lexicons/ligatures.txt``) and never one no source writes; keys stay folded.
"""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
import pytest

from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.normalize import normalize_key
from overturn.lexicon.sources import Entry, data_file
from overturn.lexicon.spelling import read_ligatures, respelled, unligatured
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

WITH_LIGATURE = ["cœur", "sœur", "œuvre", "nævus", "bœufs", "œil", "cæcum", "tænia", "manœuvrer", "vœux", "nœud"]
WITHOUT = ["coexister", "maestro", "aérer", "goéland", "coefficient", "aérien", "poète", "moelle"]


def _forms(lexicon: Lexicon, word: str) -> set[str]:
    return {entry.form for entry in lexicon.entries(normalize_key(word))}


@pytest.mark.parametrize("word", WITH_LIGATURE)
def test_a_word_written_with_a_ligature_keeps_it(default_lexicon: Lexicon, word: str) -> None:
    forms = _forms(default_lexicon, word)
    assert word in forms and unligatured(word) not in forms, forms


@pytest.mark.parametrize("word", WITHOUT)
def test_a_word_written_with_two_letters_keeps_them(default_lexicon: Lexicon, word: str) -> None:
    forms = _forms(default_lexicon, word)
    assert word in forms and not any("œ" in form or "æ" in form for form in forms), forms


def test_every_shown_ligature_is_one_a_source_writes(default_lexicon: Lexicon) -> None:
    """Over every key with OE or AE: each form folds to its key, and a ligature appears only in a word the
    Grammalecte list writes with it, and a two-letter spelling of a listed word only appears beside its ligature."""
    ligatures = read_ligatures(data_file("ligatures.txt"))
    written = set(ligatures.values())
    keys = default_lexicon.match(".*(OE|AE).*", limit=None, timeout=60)
    assert len(keys) > 3000
    shown = 0
    for key in keys:
        for entry in default_lexicon.entries(key):
            assert normalize_key(entry.form) == key, (key, entry)
            for text in (entry.form, entry.lemma):
                if "œ" in text or "æ" in text:
                    assert text in written, (key, entry)
                    shown += 1
                elif text in ligatures:  # a two-letter spelling stays only beside the ligature (Grammalecte has vitae and vitæ)
                    assert ligatures[text] in {other.form for other in default_lexicon.entries(key)} | {other.lemma for other in default_lexicon.entries(key)}, (key, entry)
    assert shown > 400


def test_respelled_touches_only_the_listed_words() -> None:
    ligatures = {"coeur": "cœur", "soeurs": "sœurs"}
    entries = [("COEUR", Entry("coeur", "coeur", "N")), ("SOEURS", Entry("soeurs", "soeur", "N")), ("COEXISTE", Entry("coexiste", "coexister", "V"))]
    assert [entry for _, entry in respelled(entries, ligatures)] == [
        Entry("cœur", "cœur", "N"), Entry("sœurs", "soeur", "N"), Entry("coexiste", "coexister", "V"),
    ]


def test_the_cli_and_the_api_show_the_spelling(default_lexicon: Lexicon) -> None:
    def overturn(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "overturn_cli", *args], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "cœur — noun" in overturn("dict", "lookup", "coeur")
    assert "COEUR  cœur" in overturn("dict", "anagram", "RUCOE").splitlines()
    assert "SOEUR  sœur" in overturn("dict", "grep", "S.EUR").splitlines()
    listed = json.loads(overturn("dict", "find", "--ends", "OEUR", "--length", "5", "--json"))
    assert listed["spellings"]["COEUR"] == ["cœur"]
    with BackgroundServer(create_app()) as url, httpx.Client(base_url=url, timeout=60) as client:
        entries = client.get("/api/words/naevus").json()["entries"]
        assert entries[0]["form"] == "nævus"
        anagrams = client.get("/api/anagrams", params={"letters": "RUCOE"}).json()
        assert anagrams["spellings"]["COEUR"] == ["cœur"] and anagrams["spellings"]["ECROU"] == ["écrou"]
        assert "œuvre" in client.get("/api/pattern", params={"q": "OEUVRE"}).json()["spellings"]["OEUVRE"]
        hooked = client.get("/api/hooks", params={"word": "cour"}).json()
        assert "COEUR" in hooked["inserted"]["E"] and hooked["spellings"]["COEUR"] == ["cœur"]
        plus = client.get("/api/plus-one", params={"letters": "cour"}).json()
        assert "COEUR" in plus["by_letter"]["E"] and plus["spellings"]["COEUR"] == ["cœur"]
        groups = client.get("/api/forms", params={"word": "yeux"}).json()["lemmas"]
        assert any(group["lemma"] == "œil" and {"œil", "yeux"} <= set(group["forms"]) for group in groups)
    assert "œil (noun, 3 forms): œil, œils, yeux" in overturn("dict", "forms", "yeux").splitlines()
