"""The one key normalisation used everywhere: what a word is on the tiles.

Tiles carry no accents, so TEMPÊTE is played as TEMPETE: a key is the word in
Unicode NFD with combining marks dropped, Œ→OE and Æ→AE, upper case, A–Z only;
full-width letters (ＭＡＩＳＯＮ) are read as their ASCII letters, but no other compatibility form: NFKC
would read the superscript of an abbreviation (iiᵉ, Mᵐᵉ) as a letter and let it into a lexicon.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from overturn.lexicon.errors import LexiconException

_LIGATURES = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}


def _fold_char(char: str) -> str:
    decomposed = unicodedata.normalize("NFD", _LIGATURES.get(char, char))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def _fold_table() -> dict[int, str]:
    """Latin letters up to U+024F folded once (on the first accented word, not at start-up): then one str.translate."""
    return str.maketrans({chr(code): _fold_char(chr(code)) for code in range(0x80, 0x250)})

_ASCII_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: Full-width ASCII (U+FF01–U+FF5E) to ASCII: typed on a phone's CJK keyboard, ＭＡＩＳＯＮ is MAISON.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}


class InvalidWord(LexiconException, ValueError):
    """A word that has no key: it holds something other than letters."""


def fold(word: str) -> str:
    """Upper-case ``word`` with accents and ligatures removed; other characters are kept."""
    if word.isascii():
        return word.upper()
    folded = word.translate(_fold_table())
    if not folded.isascii():
        folded = "".join(_fold_char(ch) for ch in unicodedata.normalize("NFC", folded.translate(_FULL_WIDTH)))
    return folded.upper()


def normalize_key(word: str) -> str:
    """The lexicon key of ``word`` (pêche → PECHE), or InvalidWord if it is not a plain word."""
    key = fold(word.strip())
    if not key or not _ASCII_UPPER.issuperset(key):
        raise InvalidWord(f"{word!r} is not a word of letters (A–Z once accents are removed)")
    return key


def is_key(text: str) -> bool:
    """True if ``text`` is already a normalised key."""
    return bool(text) and _ASCII_UPPER.issuperset(text)
