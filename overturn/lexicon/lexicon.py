"""The look-up API over a compiled lexicon: membership, entries, prefixes,
patterns, anagrams, near misses, and the letter-trie stepping the solver uses."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import cached_property
from itertools import islice

from overturn.lexicon.compiled import LETTER_MASK, WORD_BIT, CompiledLexicon
from overturn.lexicon.errors import LexiconException
from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.lexicon.sources import Entry

# PatternError and PatternTimeout come lazily through __getattr__ below.
__all__ = ["Entry", "Lexicon", "PatternError", "PatternMatches", "PatternTimeout", "ROOT", "WordTooLong"]  # noqa: F822

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    import os
    from pathlib import Path  # only named: a look-up reads its build through os.path (pathlib costs it 3 ms)
    from typing import Any

    import marisa_trie

    from overturn.lexicon.pattern import CompiledPattern, PatternMatches

ROOT = 0
_PATTERN_NAMES = frozenset({"PatternError", "PatternMatches", "PatternTimeout"})
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Letters beyond the longest key a word may have before ``check_length`` refuses it.
LENGTH_MARGIN = 5


class WordTooLong(LexiconException, ValueError):
    """A word much longer than every key: no look-up or suggestion can find anything for it."""


def __getattr__(name: str) -> Any:
    """The pattern engine's names, re-exported lazily: commands that never search by pattern never import it."""
    if name in _PATTERN_NAMES:
        from overturn.lexicon import pattern

        return getattr(pattern, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _key_or_none(word: str) -> str | None:
    try:
        return normalize_key(word)
    except InvalidWord:
        return None


class Lexicon:
    """A French (or any) word list, keyed by ``normalize_key``: accents never matter for play.

    Nodes of the letter trie are ints; ``ROOT`` is the empty prefix.

    >>> import overturn
    >>> lexicon = overturn.load_lexicon("fr")
    >>> "pêche" in lexicon, "PECHE" in lexicon
    (True, True)
    >>> sorted({entry.form for entry in lexicon.entries("peche")})
    ['pèche', 'péché', 'pêche', 'pêché']
    >>> lexicon.anagrams("chien")
    ['CHIEN', 'CHINE', 'NICHE']
    >>> lexicon.match("P.CHE")
    ['PECHE', 'POCHE', 'PUCHE']
    """

    def __init__(self, compiled: CompiledLexicon, name: str) -> None:
        self.name = name
        self._compiled = compiled
        self.masks = compiled.masks
        self.first_child = compiled.first_child

    @classmethod
    def open(cls, directory: str | os.PathLike[str], name: str | None = None) -> Lexicon:
        compiled = CompiledLexicon(directory)
        return cls(compiled, name or compiled.meta.get("name", compiled.directory.name))

    @cached_property
    def _trie(self) -> marisa_trie.Trie:
        """The key trie, mapped on the first look-up (a solve never needs it); then a plain attribute."""
        return self._compiled.trie

    @property
    def meta(self) -> dict[str, object]:
        return self._compiled.meta

    @property
    def directory(self) -> Path:
        return self._compiled.directory

    def __len__(self) -> int:
        return self._compiled.keys

    def __contains__(self, word: object) -> bool:
        key = _key_or_none(word) if isinstance(word, str) else None
        return key is not None and key in self._trie

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self):,} words>"

    def entries(self, word: str) -> list[Entry]:
        """The accented forms of ``word`` with lemma and part of speech (empty if not a word)."""
        key = _key_or_none(word)
        return [] if key is None else self._compiled.entries_of(key)

    def all_entries(self) -> Iterator[tuple[str, list[Entry]]]:
        """Every key with its entries, in key order."""
        return self._compiled.all_entries()

    def keys_of_lemma(self, lemma: str) -> list[str]:
        """The keys holding a form of ``lemma`` (accents ignored), from the build's lemma index."""
        key = _key_or_none(lemma)
        return [] if key is None else self._compiled.keys_of_lemma(key)

    def has_prefix(self, prefix: str) -> bool:
        key = _key_or_none(prefix) if prefix else ""
        return key is not None and self.walk(key) >= 0

    def completions(self, prefix: str, limit: int | None = 50) -> list[str]:
        """Keys starting with ``prefix``, shortest first then alphabetical."""
        key = _key_or_none(prefix) if prefix else ""
        if key is None:
            return []
        found = self._trie.keys(key)
        found.sort(key=lambda word: (len(word), word))
        return found if limit is None else found[:limit]

    @property
    def longest(self) -> int:
        """Letters in the longest key."""
        return self._compiled.longest

    def check_length(self, word: str) -> None:
        """WordTooLong if ``word`` has more than ``LENGTH_MARGIN`` letters beyond the longest key (a typo cannot explain it)."""
        if len(word) > self.longest + LENGTH_MARGIN:
            raise WordTooLong(
                f"a word of {len(word):,} letters is longer than any word of lexicon {self.name} "
                f"(the longest has {self.longest})"
            )

    def compile_pattern(self, pattern: str, timeout: float = 2.0) -> CompiledPattern:
        """``pattern`` compiled for this lexicon (repetitions bounded by its longest key), with a deadline ``timeout`` s away."""
        from overturn.lexicon.pattern import compile_pattern

        return compile_pattern(pattern, self.longest, timeout)

    def search_pattern(self, pattern: str, limit: int | None = 1000, timeout: float = 2.0) -> PatternMatches:
        """Keys the ``regex`` pattern matches in full (case and accents ignored), alphabetical.

        At most ``limit`` keys, shortest first (``truncated`` when it stopped the
        scan). Compiling and scanning share ``timeout`` seconds of wall-clock
        time; past it, the keys found so far come back with ``timed_out`` set.
        PatternError for a pattern the player should fix (see ``overturn.lexicon.pattern``).
        """
        compiled = self.compile_pattern(pattern, timeout)
        return compiled.scan(self._compiled.keys_text, self._compiled.key_offsets, limit)

    def match(self, pattern: str, limit: int | None = 1000, timeout: float = 2.0) -> list[str]:
        """``search_pattern``'s words, or PatternTimeout (a PatternError) if the deadline passed first."""
        from overturn.lexicon.pattern import PatternTimeout

        result = self.search_pattern(pattern, limit, timeout)
        if result.timed_out:
            raise PatternTimeout(
                f"pattern {pattern!r} is too slow: stopped after {timeout:g} s with {len(result.words)} words found"
            )
        return result.words

    # --- the letter trie -------------------------------------------------

    def child(self, node: int, letter: str) -> int:
        """The node of ``prefix + letter`` (letter A–Z), or -1 if no word continues that way."""
        bit = 1 << (ord(letter) - 65)
        mask = self.masks[node]
        if not mask & bit:
            return -1
        return self.first_child[node] + (mask & (bit - 1)).bit_count()

    def child_by_reading(self, node: int, reading: str) -> int:
        """The node after one or more letters (a face may read two: QU), or -1; the solver's inner step."""
        masks, first_child = self.masks, self.first_child
        for letter in reading:
            bit = 1 << (ord(letter) - 65)
            mask = masks[node]
            if not mask & bit:
                return -1
            node = first_child[node] + (mask & (bit - 1)).bit_count()
        return node

    def walk(self, key: str, node: int = ROOT) -> int:
        """The node of a key or prefix, or -1."""
        return self.child_by_reading(node, key) if key else node

    def is_word_node(self, node: int) -> bool:
        return bool(self.masks[node] & WORD_BIT)

    def next_letters(self, node: int) -> str:
        mask = self.masks[node] & LETTER_MASK
        return "".join(letter for index, letter in enumerate(_ALPHABET) if mask >> index & 1)

    def _children(self, node: int) -> Iterator[tuple[str, int]]:
        mask = self.masks[node] & LETTER_MASK
        child = self.first_child[node]
        for index in range(26):
            if mask >> index & 1:
                yield _ALPHABET[index], child
                child += 1

    def anagrams(self, letters: str, wildcards: int = 0, *, partial: bool = False, min_length: int = 2) -> list[str]:
        """Words using exactly ``letters`` plus ``wildcards`` blanks (``?`` in ``letters`` counts as one).

        With ``partial``, words using any subset of them (at least ``min_length`` letters).
        """
        counts = [0] * 26
        for char in letters:
            if char in "?*.":
                wildcards += 1
                continue
            key = _key_or_none(char)
            if key is None:
                raise ValueError(f"{char!r} is not a letter")
            for letter in key:
                counts[ord(letter) - 65] += 1
        total = sum(counts) + wildcards
        found: list[str] = []

        def search(node: int, prefix: str, blanks: int) -> None:
            depth = len(prefix)
            if self.masks[node] & WORD_BIT and (depth == total or (partial and depth >= min_length)):
                found.append(prefix)
            if depth == total:
                return
            for letter, child in self._children(node):
                index = ord(letter) - 65
                if counts[index]:
                    counts[index] -= 1
                    search(child, prefix + letter, blanks)
                    counts[index] += 1
                elif blanks:
                    search(child, prefix + letter, blanks - 1)

        search(ROOT, "", wildcards)
        found.sort(key=lambda word: (-len(word), word))
        return found

    def near(self, word: str, max_distance: int = 2, limit: int = 8, timeout: float = 1.0) -> list[str]:
        """Closest keys by edit distance (insert, delete, substitute), for "did you mean".

        Bounded: a word longer than every key by more than ``max_distance`` has no
        close key (answered at once), and the search stops at ``timeout`` seconds
        with the closest keys found so far.
        """
        key = _key_or_none(word)
        if not key or len(key) > self.longest + max_distance:
            return []
        deadline = time.monotonic() + timeout
        scored: list[tuple[int, str]] = []
        first_row = list(range(len(key) + 1))
        stack: list[tuple[int, str, list[int]]] = [(ROOT, "", first_row)]
        visited = 0
        while stack:
            visited += 1
            if visited % 4096 == 0 and time.monotonic() > deadline:
                break
            node, prefix, row = stack.pop()
            if self.masks[node] & WORD_BIT and row[-1] <= max_distance and prefix != key:
                scored.append((row[-1], prefix))
            if min(row) > max_distance:
                continue
            for letter, child in self._children(node):
                next_row = [row[0] + 1]
                for column in range(1, len(key) + 1):
                    cost = 0 if key[column - 1] == letter else 1
                    next_row.append(min(next_row[column - 1] + 1, row[column] + 1, row[column - 1] + cost))
                stack.append((child, prefix + letter, next_row))
        scored.sort(key=lambda item: (item[0], abs(len(item[1]) - len(key)), item[1]))
        return [candidate for _, candidate in islice(scored, limit)]
