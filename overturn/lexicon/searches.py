"""The searches word-game players use every day, over one lexicon: hooks, rack plus one, plain filters, lists, jokers, diffs.

Each is bounded (a result limit, and the pattern engine's deadline where it
scans) and answers keys (A–Z); the CLI and the service show them with their
entries. ``find`` and the lists go through the pattern engine's literal
prefilter, so they scan only the keys that can match.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any

import msgspec
import regex
from msgspec import Meta, Struct

from overturn.lexicon.errors import LexiconException
from overturn.lexicon.lemmas import MAX_ROWS, FormRow, codes_of, table_rows
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.links import definition_links as definition_links  # the service imports it from here
from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.lexicon.sources import Entry

LETTERS = string.ascii_uppercase
#: The preset lists: name → (what it holds, the pattern that finds it).
LISTS: dict[str, tuple[str, str]] = {
    "two": ("words of two letters", ".."),
    "three": ("words of three letters", "..."),
    "q-without-u": ("words with a Q not followed by U", ".*Q(?:[^U].*)?"),
    "no-vowel": ("words without A, E, I, O or U (Y counts as a consonant here)", "[B-DF-HJ-NP-TV-Z]+"),
}
#: Most words any list holds (two- and three-letter lists are a few hundred; the cap guards a custom lexicon).
MAX_LIST = 5000


def spellings(lexicon: Lexicon, keys: Iterable[str]) -> dict[str, list[str]]:
    """Each key's words as the sources write them (accents, ligatures), in entry order: PECHE → pêche, péché, pèche."""
    shown: dict[str, list[str]] = {}
    for key in keys:
        forms: list[str] = []
        for entry in lexicon.entries(key):
            if entry.form not in forms:
                forms.append(entry.form)
        shown[key] = forms
    return shown


def written(lexicon: Lexicon, key: str) -> str:
    """A key with its spellings when they differ from it (``PECHE  pêche, péché``), else the key alone: one line of a listing."""
    forms = spellings(lexicon, [key])[key]
    return key if all(form.upper() == key for form in forms) else f"{key}  {', '.join(forms)}"


#: Most lemmas one word leads to (PORTE: the noun, the verb porter, the adjective...) and most forms listed for one.
MAX_LEMMAS = 12
MAX_FORMS = 400
#: DELA's part-of-speech codes, as a reader says them.
POS_NAMES = {"N": "noun", "A": "adjective", "V": "verb", "ADV": "adverb", "PREP": "preposition", "PRO": "pronoun",
             "DET": "determiner", "INTJ": "interjection", "CONJC": "conjunction", "CONJS": "conjunction"}


class LemmaForms(Struct):
    """Every form of one lemma as one part of speech, as the sources write them, with the table DELA's tags give them.

    ``table`` (``lemmas.table_rows``) places each tagged form: a verb's forms by
    mood, tense and person, a noun's or adjective's by gender and number. Forms
    no source tags (Grammalecte's, the supplement's) are in ``forms`` only.
    """

    lemma: str
    pos: str
    count: Annotated[int, Meta(ge=0)]  #: forms in all (``forms`` lists at most ``MAX_FORMS``)
    forms: Annotated[list[str], Meta(max_length=MAX_FORMS)]
    table: Annotated[list[FormRow], Meta(max_length=MAX_ROWS)] = []

    def to_json(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)


def lemma_forms(lexicon: Lexicon, word: str) -> list[LemmaForms]:
    """Every form of each lemma ``word`` belongs to (MANGEONS → manger: mange, mangeons, mangeâmes...; accents ignored).

    ``forms`` lists them in alphabetical order; ``table`` sets out those DELA
    tags by tense and person (``overturn.lexicon.lemmas``), when the build has
    that index.
    """
    key = normalize_key(word)
    lemmas: list[str] = []
    for entry in lexicon.entries(key):
        if entry.lemma not in lemmas:
            lemmas.append(entry.lemma)
    if not lemmas and lexicon.keys_of_lemma(key):  # a lemma with no key of its own (a verb whose infinitive is blocked)
        lemmas = sorted({entry.lemma for other in lexicon.keys_of_lemma(key) for entry in lexicon.entries(other) if normalize_key(entry.lemma) == key})
    found: dict[tuple[str, str], list[Entry]] = {}
    for lemma in lemmas[:MAX_LEMMAS]:
        for other in lexicon.keys_of_lemma(lemma):
            for entry in lexicon.entries(other):
                if entry.lemma == lemma:
                    found.setdefault((lemma, entry.pos), []).append(entry)
    groups: list[LemmaForms] = []
    for (lemma, pos), entries in found.items():
        forms = sorted({entry.form for entry in entries}, key=lambda form: (normalize_key(form), form))[:MAX_FORMS]
        kept = set(forms)
        coded = [(entry.form, codes_of(lexicon, entry)) for entry in entries if entry.form in kept]
        groups.append(LemmaForms(lemma, pos, len(forms), forms, table_rows(coded)))
    return groups


class Hooks(Struct):
    """The words one letter away from a word: in front, at the back, or inserted inside, grouped by that letter."""

    word: str
    front: dict[str, str] = {}
    back: dict[str, str] = {}
    inserted: dict[str, list[str]] = {}

    def to_json(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)


def hooks(lexicon: Lexicon, word: str) -> Hooks:
    """Every word made by adding one letter to ``word``: before it, after it, or anywhere inside (grouped by the letter)."""
    key = normalize_key(word)
    found = Hooks(key)
    for letter in LETTERS:
        if lexicon.entries(letter + key):
            found.front[letter] = letter + key
        if lexicon.entries(key + letter):
            found.back[letter] = key + letter
        inside = sorted({key[:at] + letter + key[at:] for at in range(1, len(key)) if lexicon.entries(key[:at] + letter + key[at:])})
        if inside:
            found.inserted[letter] = inside
    return found


def plus_one(lexicon: Lexicon, letters: str) -> dict[str, list[str]]:
    """The "7+1": the words using all of ``letters`` and one letter more, grouped by the letter added (none: left out)."""
    key = normalize_key(letters)
    grouped: dict[str, list[str]] = {}
    for word in lexicon.anagrams(key, 1):  # one search with a joker; the joker's letter is the one added
        grouped.setdefault(jokers(key, word), []).append(word)
    return {letter: sorted(grouped[letter]) for letter in sorted(grouped)}


def first_of_groups(grouped: dict[str, list[str]], limit: int) -> tuple[dict[str, list[str]], bool]:
    """The first ``limit`` words of ``grouped``, group by group, and whether any was left out (``truncated``)."""
    kept: dict[str, list[str]] = {}
    left = limit
    for letter, words in grouped.items():
        if left <= 0:
            break
        kept[letter] = words[:left]
        left -= len(kept[letter])
    return kept, sum(map(len, kept.values())) < sum(map(len, grouped.values()))


def jokers(letters: str, word: str) -> str:
    """The letters the jokers (``?``) of ``letters`` stood for in ``word``, in alphabetical order."""
    given = Counter(normalize_key(letters.replace("?", "").replace("*", "").replace(".", "")) if letters.strip("?*.") else "")
    spare = Counter(word) - given
    return "".join(sorted(spare.elements()))


@dataclass(frozen=True)
class Filters:
    """Plain filters, no regex to write: starts with, ends with, contains, length."""

    starts: str = ""
    ends: str = ""
    contains: str = ""
    min_length: int = 0
    max_length: int | None = None

    def keeps(self, key: str) -> bool:
        return (
            key.startswith(self.starts)
            and key.endswith(self.ends)
            and self.contains in key
            and self.min_length <= len(key) <= (self.max_length if self.max_length is not None else len(key))
        )


@dataclass
class Found:
    words: list[str]
    truncated: bool
    timed_out: bool


def find(lexicon: Lexicon, filters: Filters, limit: int, timeout: float) -> Found:
    """The words the filters keep, shortest first, at most ``limit``; the scan stops at ``timeout`` seconds.

    The start, the end and the length become one pattern (``RE.{0,2}ONS``), so
    the pattern engine scans only what its literal prefilter lets through; a
    part contained is checked on what it finds (it may overlap the start or
    the end), or is the pattern itself when nothing else is given.
    """
    fixed = len(filters.starts) + len(filters.ends)
    low = max(0, filters.min_length - fixed)
    high = None if filters.max_length is None else filters.max_length - fixed
    if high is not None and high < low:
        return Found([], False, False)
    if filters.contains and not (filters.starts or filters.ends):
        # bounded on each side when the length is: the engine then never walks the long keys
        side = "*" if filters.max_length is None else f"{{0,{max(0, filters.max_length - len(filters.contains))}}}"
        pattern = f".{side}{regex.escape(filters.contains)}.{side}"
    else:
        middle = f".{{{low},{'' if high is None else high}}}"
        pattern = regex.escape(filters.starts) + middle + regex.escape(filters.ends)
    exact = not filters.contains  # the pattern says everything: the engine may stop at the limit
    scanned = lexicon.search_pattern(pattern, limit=limit + 1 if exact else None, timeout=timeout)
    words = sorted((key for key in scanned.words if filters.keeps(key)), key=lambda key: (len(key), key))
    return Found(words[:limit], len(words) > limit or (exact and scanned.truncated), scanned.timed_out)


#: Longest board pattern ``fit`` takes (a Scrabble line is 15 squares; Overturn's grid is 6).
MAX_FIT = 15


@dataclass
class Fitted:
    """The words that fit a board pattern from a rack, and the letters the rack's jokers stood for in each."""

    words: list[str]
    jokers: dict[str, str]
    truncated: bool
    timed_out: bool


class FitError(LexiconException, ValueError):
    """A pattern or a rack ``fit`` cannot take; ``field`` says which ("pattern" or "rack"), for the API's answer."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


_PATTERN_RULE = "the pattern is letters and at least one '.' (an empty square), at most 15 squares"


def fit(lexicon: Lexicon, slots: str, rack: str, limit: int, timeout: float) -> Fitted:
    """Words that fill a board pattern (letters fixed, ``.`` an empty square) with letters of ``rack`` (``?`` a joker).

    ``..E.S`` with AIRT? gives TIERS, RIEUS (U by the joker)...: every empty
    square takes one rack letter, at least one is filled, the fixed letters
    stay. The pattern engine finds the words of the pattern's shape; the
    rack is checked on each. A pattern or rack it cannot take raises
    ``FitError`` naming which.
    """
    try:
        shape = ".".join(normalize_key(part) if part else "" for part in slots.split("."))  # each run of letters folded (é, Œ)
    except InvalidWord:
        raise FitError("pattern", f"{_PATTERN_RULE}, not {slots!r}") from None
    if not shape or len(shape) > MAX_FIT or set(shape) - set(LETTERS + ".") or "." not in shape:
        raise FitError("pattern", _PATTERN_RULE)
    jokers_given = rack.count("?")
    plain = rack.replace("?", "")
    try:
        letters = Counter(normalize_key(plain) if plain else "")
    except InvalidWord:
        raise FitError("rack", f"the rack is letters and '?' (a joker), not {rack!r}") from None
    scanned = lexicon.search_pattern(shape, limit=None, timeout=timeout)
    words: list[str] = []
    stood: dict[str, str] = {}
    for key in scanned.words:
        needed = Counter(key[index] for index, char in enumerate(shape) if char == ".")
        missing = needed - letters
        if sum(missing.values()) <= jokers_given:
            words.append(key)
            if missing:
                stood[key] = "".join(sorted(missing.elements()))
    words.sort(key=lambda key: (len(stood.get(key, "")), key))  # fewest jokers first
    return Fitted(words[:limit], {key: stood[key] for key in words[:limit] if key in stood}, len(words) > limit, scanned.timed_out)


def preset_list(lexicon: Lexicon, name: str) -> list[str]:
    """One of ``LISTS``, alphabetical (remembered per lexicon: the first reading of some scans the whole lexicon)."""
    if name not in LISTS:
        raise KeyError(name)
    return list(_preset(lexicon, name))


@lru_cache(maxsize=32)
def _preset(lexicon: Lexicon, name: str) -> tuple[str, ...]:
    result = lexicon.search_pattern(LISTS[name][1], limit=MAX_LIST, timeout=30.0)
    return tuple(sorted(result.words))


@dataclass
class Difference:
    only_first: list[str]
    only_second: list[str]
    common: int


def diff(first: Iterable[str], second: Iterable[str]) -> Difference:
    """The keys of one lexicon that the other lacks, each way, and how many they share."""
    one, two = set(first), set(second)
    return Difference(sorted(one - two), sorted(two - one), len(one & two))
