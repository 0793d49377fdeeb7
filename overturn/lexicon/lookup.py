"""A word looked up, as ``overturn dict lookup`` and ``GET /api/words/{word}`` both answer it: one function.

``look_up`` gives plain data, so `dict lookup` in text imports no msgspec (a
look-up's start-up is counted in milliseconds); ``overturn.lexicon.answers.Lookup``
is its Struct, which the API and ``dict lookup --json`` encode.
"""

from __future__ import annotations

from overturn.lexicon.links import definition_links

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from typing import Any

    from overturn.lexicon.lexicon import Lexicon


def look_up(lexicon: Lexicon, name: str, word: str, key: str, suggest: bool) -> dict[str, Any]:
    """``word`` (its key ``key``) in ``lexicon`` (served as ``name``): its entries and links, or, with ``suggest``,
    the closest keys (``Lexicon.near``); the fields of ``Lookup``."""
    entries = lexicon.entries(key)
    answer: dict[str, Any] = {
        "word": word,
        "key": key,
        "lexicon": name,
        "valid": bool(entries),
        "spellings": sorted({entry.form for entry in entries}),
        "entries": [entry._asdict() for entry in entries],
        "suggestions": lexicon.near(key) if suggest and not entries else [],
    }
    if entries:
        answer["links"] = definition_links(entries[0].form, entries[0].lemma)
    return answer
