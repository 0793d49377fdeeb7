"""A word looked up, as ``overturn dict lookup --json`` and ``GET /api/words/{word}`` both answer it: one Struct, one function."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from msgspec import Meta, Struct

from overturn.lexicon.answers import DictionaryEntry, dictionary_entries
from overturn.lexicon.links import definition_links

if TYPE_CHECKING:
    from overturn.lexicon.lexicon import Lexicon


class Links(Struct):
    """Where to read a definition: Wiktionnaire (the first entry's form) and the CNRTL (its lemma)."""

    wiktionnaire: str
    cnrtl: str


class Lookup(Struct, omit_defaults=True):
    """A word looked up: its key, whether the lexicon has it, its entries; links for a word, the closest keys for a non-word."""

    word: str
    key: Annotated[str, Meta(pattern="^[A-Z]+$")]
    lexicon: str
    valid: bool
    spellings: Annotated[list[str], Meta(description="The word's spellings (accents, ligatures), as every search gives them.")]
    entries: list[DictionaryEntry]
    suggestions: Annotated[list[str], Meta(description="For a non-word, the closest keys (none when not asked for).")]
    links: Links | None = None


def look_up(lexicon: Lexicon, name: str, word: str, key: str, suggest: bool) -> Lookup:
    """``word`` (its key ``key``) in ``lexicon`` (named ``name``): its entries and links, or, with ``suggest``, the closest keys (``Lexicon.near``)."""
    entries = dictionary_entries(lexicon, key)
    answer = Lookup(word, key, name, bool(entries), sorted({entry.form for entry in entries}), entries, [])
    if entries:
        answer.links = Links(**definition_links(entries[0].form, entries[0].lemma))
    elif suggest:
        answer.suggestions = lexicon.near(key)
    return answer
