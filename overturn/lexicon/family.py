"""The family filter: words a table of children and grandparents would rather not see played.

Built from a maintained list (the npm package french-badwords-list, vendored in
``lexicons/family-words.txt`` with the project's few edits and their reasons).
A word is kept off when its key is listed or when one of its entries' lemmas
is (ENCULERAIS through its lemma *enculer*), so every inflection of a listed
word goes with it, while a word that only shares its first letters stays
(PÉDALER is not PÉDALE's lemma).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.normalize import fold
from overturn.lexicon.sources import Entry, data_file

FAMILY_FILE = "family-words.txt"


@lru_cache(maxsize=1)
def family_words() -> frozenset[str]:
    """The listed keys after the project's edits (+KEY added, -KEY kept)."""
    listed: set[str] = set()
    kept: set[str] = set()
    for raw in data_file(FAMILY_FILE).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-"):
            kept.add(line[1:])
        else:
            listed.add(line.removeprefix("+"))
    return frozenset(listed - kept)


def family_safe(key: str, entries: Iterable[Entry]) -> bool:
    """True unless ``key``, or the lemma of one of its ``entries``, is on the family list."""
    words = family_words()
    return key not in words and not any(fold(entry.lemma) in words for entry in entries)


#: Letters of a listed word kept as the prefix under which its inflections are looked for (ENCULER: ENCU…).
STEM_KEEP = 3


@lru_cache(maxsize=8)
def family_blocked_keys(lexicon: Lexicon) -> frozenset[str]:
    """Every key of ``lexicon`` the family filter keeps off: the listed keys and the keys whose entries have a listed lemma.

    A lemma's forms share its first letters in French (enculer, enculerais;
    pédale, pédales), so each listed word's inflections are looked for among
    the keys under its stem (its letters but the last three, at least three);
    once per lexicon (about 0.2 s on the default one), then remembered.
    """
    words = family_words()
    blocked: set[str] = set()
    for word in words:
        stem = word[: max(STEM_KEEP, len(word) - STEM_KEEP)]
        for key in lexicon.completions(stem, None):
            if key in words or any(fold(entry.lemma) in words for entry in lexicon.entries(key)):
                blocked.add(key)
    return frozenset(blocked)
