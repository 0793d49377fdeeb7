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


class Links(Struct):
    """Where to read a definition: Wiktionnaire (the first entry's form) and the CNRTL (its lemma)."""

    wiktionnaire: str
    cnrtl: str


class Lookup(Struct, omit_defaults=True):
    """A word looked up (``overturn.lexicon.lookup.look_up``): its key, whether the lexicon has it, its entries; links for a
    word, the closest keys for a non-word."""

    word: str
    key: Annotated[str, Meta(pattern="^[A-Z]+$")]
    lexicon: str
    valid: bool
    spellings: Annotated[list[str], Meta(description="The word's spellings (accents, ligatures), as every search gives them.")]
    entries: list[DictionaryEntry]
    suggestions: Annotated[list[str], Meta(description="For a non-word, the closest keys (none when not asked for).")]
    links: Links | None = None


def dictionary_entries(lexicon: Lexicon, key: str) -> list[DictionaryEntry]:
    return [DictionaryEntry(entry.form, entry.lemma, entry.pos) for entry in lexicon.entries(key)]


#: Each key of a list with its words as the sources write them (accents, ligatures): {"COEUR": ["cœur"]}.
Spellings = Annotated[dict[str, list[str]], Meta(description='Each key with its words as the sources write them: {"COEUR": ["cœur"]}.')]
