"""The look-up API over a compiled lexicon: membership, entries, prefixes,
patterns, anagrams, near misses, and the letter-trie stepping the solver uses."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from overturn.lexicon.compiled import LETTER_MASK, WORD_BIT, CompiledLexicon
from overturn.lexicon.sources import Entry
from overturn.normalize import InvalidWord, normalize_key

__all__ = ["Entry", "Lexicon", "PatternError", "ROOT"]

ROOT = 0
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class PatternError(ValueError):
    """A pattern that does not compile, or that takes longer than its time limit."""


def _key_or_none(word: str) -> str | None:
    try:
        return normalize_key(word)
    except InvalidWord:
        return None


def _strip_accents(pattern: str) -> str:
    """Fold accented letters in a pattern (pêche → peche) without touching regex syntax or case."""
    return "".join(ch if ch.isascii() else normalize_key_char(ch) for ch in pattern)


def normalize_key_char(char: str) -> str:
    key = _key_or_none(char)
    return char if key is None else key.lower() if char.islower() else key


class Lexicon:
    """A French (or any) word list, keyed by ``normalize_key``: accents never matter for play.

    Nodes of the letter trie are ints; ``ROOT`` is the empty prefix.
    """

    def __init__(self, compiled: CompiledLexicon, name: str) -> None:
        self.name = name
        self._compiled = compiled
        self._trie = compiled.trie
        self.masks = compiled.masks
        self.first_child = compiled.first_child

    @classmethod
    def open(cls, directory: Path, name: str | None = None) -> "Lexicon":
        compiled = CompiledLexicon(directory)
        return cls(compiled, name or compiled.meta.get("name", directory.name))

    @property
    def meta(self) -> dict[str, object]:
        return self._compiled.meta

    @property
    def directory(self) -> Path:
        return self._compiled.directory

    def __len__(self) -> int:
        return len(self._trie)

    def __contains__(self, word: object) -> bool:
        key = _key_or_none(word) if isinstance(word, str) else None
        return key is not None and key in self._trie

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self):,} words>"

    def entries(self, word: str) -> list[Entry]:
        """The accented forms of ``word`` with lemma and part of speech (empty if not a word)."""
        key = _key_or_none(word)
        return [] if key is None else self._compiled.entries_of(key)

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

    def match(self, pattern: str, limit: int | None = 1000, timeout: float = 2.0) -> list[str]:
        """Keys that the ``regex`` pattern matches in full (case and accents ignored).

        With ``limit``, the scan stops at the limit-th match (in trie order), so
        the work stays bounded. A literal prefix narrows the scan to that branch of the trie. The whole
        scan is bounded by ``timeout`` seconds: a pathological pattern gives a
        PatternError, never a hung process.
        """
        import regex  # 20 ms to import: only for pattern searches

        plain = _strip_accents(pattern)
        try:
            compiled = regex.compile(plain, regex.IGNORECASE | regex.V1)
        except (regex.error, ValueError) as exc:
            raise PatternError(f"bad pattern {pattern!r}: {exc}") from None
        literal = regex.match(r"[A-Za-z]*", plain).group(0).upper()
        if literal and len(plain) > len(literal) and plain[len(literal)] in "?*{":
            literal = literal[:-1]  # the last letter is optional or repeated
        if "|" in plain:
            literal = ""
        deadline = time.monotonic() + timeout
        found: list[str] = []
        for index, key in enumerate(self._trie.iterkeys(literal)):
            remaining = deadline - time.monotonic() if index % 256 == 0 else None
            if remaining is not None and remaining <= 0:
                raise PatternError(f"pattern {pattern!r} took more than {timeout:g} s; make it more specific")
            try:
                if compiled.fullmatch(key, timeout=max(timeout, 0.01)):
                    found.append(key)
            except TimeoutError:
                raise PatternError(f"pattern {pattern!r} took more than {timeout:g} s; make it more specific") from None
            if limit is not None and len(found) >= limit:
                break
        found.sort()
        return found

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

    def near(self, word: str, max_distance: int = 2, limit: int = 8) -> list[str]:
        """Closest keys by edit distance (insert, delete, substitute), for "did you mean"."""
        key = _key_or_none(word)
        if not key:
            return []
        scored: list[tuple[int, str]] = []
        first_row = list(range(len(key) + 1))

        def search(node: int, prefix: str, row: list[int]) -> None:
            if self.masks[node] & WORD_BIT and row[-1] <= max_distance and prefix != key:
                scored.append((row[-1], prefix))
            if min(row) > max_distance:
                return
            for letter, child in self._children(node):
                next_row = [row[0] + 1]
                for column in range(1, len(key) + 1):
                    cost = 0 if key[column - 1] == letter else 1
                    next_row.append(min(next_row[column - 1] + 1, row[column] + 1, row[column - 1] + cost))
                search(child, prefix + letter, next_row)

        search(ROOT, "", first_row)
        scored.sort(key=lambda item: (item[0], abs(len(item[1]) - len(key)), item[1]))
        return [candidate for _, candidate in islice(scored, limit)]
