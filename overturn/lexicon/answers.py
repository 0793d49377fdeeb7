"""The lexicon's answers as types: a dictionary entry (``{"form": "cœur", "lemma": "cœur", "pos": "N"}``) and spellings."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from overturn.lexicon.lexicon import Lexicon


class DictionaryEntry(Struct):
    """One accented form of a key, with its lemma and part of speech (DELA codes: N, A, V, ADV, INTJ, ...)."""

    form: str
    lemma: str
    pos: str


def dictionary_entries(lexicon: Lexicon, key: str) -> list[DictionaryEntry]:
    return [DictionaryEntry(entry.form, entry.lemma, entry.pos) for entry in lexicon.entries(key)]


#: Each key of a list with its words as the sources write them (accents, ligatures): {"COEUR": ["cœur"]}.
Spellings = Annotated[dict[str, list[str]], Meta(description='Each key with its words as the sources write them: {"COEUR": ["cœur"]}.')]
