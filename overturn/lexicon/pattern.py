"""The one pattern engine: `dict grep`, `/api/pattern` and `solve --pattern`.

A pattern is a `regex` module expression (V1 syntax) that must match a whole
key; case and accents are ignored (``pêche`` finds PECHE). Three rules keep
every search bounded, whoever sends the pattern:

* **Bounded compiling.** At most ``MAX_PATTERN_LENGTH`` characters; a
  repetition count larger than the longest key is clamped to that length plus
  one (nothing longer can match, so the answer is unchanged), and nested
  counted repetitions whose product exceeds ``MAX_REPEAT_PRODUCT`` are refused:
  the `regex` module expands them when compiling, and ``a{99999999}`` would
  otherwise take gigabytes before any word is read.
* **One deadline.** Compiling and scanning share one wall-clock deadline; each
  call into the regex engine gets the time left as its own ``timeout``. When it
  passes, the words found so far come back marked ``timed_out`` (``match``
  raises ``PatternTimeout`` instead).
* **Fast scans.** The keys are one memory-mapped text, a key a line, grouped by
  length (``keys.txt`` of a build). The regex engine scans it in C with
  ``\\n(?:PATTERN)(?=\\n)``, only over the lengths the pattern can match when its
  shape is simple enough to tell, and a literal run the pattern requires
  (``.*OUX``) is located with a substring search first. Patterns whose meaning
  depends on what surrounds a key (look-arounds, ``\\A``, inline flags) are
  checked key by key instead, under the same deadline.

Long because the pattern's shape analysis (lengths, first letters, literals) and the bounded scan it drives are one algorithm; split, each half would need the other's internals.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from overturn.lexicon.errors import LexiconException
from overturn.lexicon.normalize import fold

__all__ = [
    "MAX_PATTERN_LENGTH",
    "MAX_REPEAT_PRODUCT",
    "CompiledPattern",
    "PatternError",
    "PatternMatches",
    "PatternTimeout",
    "compile_pattern",
]

MAX_PATTERN_LENGTH = 200
#: Largest product of nested counted repetitions, e.g. ``(A{30}){30}`` is 900.
MAX_REPEAT_PRODUCT = 2000
#: Below this many occurrences of a required literal, the candidates are its lines.
_LITERAL_CANDIDATES = 2_000
_COUNT = re.compile(r"\{(\d*)(?:(,)(\d*))?\}")
#: Look-arounds, inline flags, conditionals, \A \Z \G \K: a match may depend on the text around a key.
_CONTEXT_SENSITIVE = re.compile(r"\(\?(?!:|P[<=>]|<[A-Za-z_]|[#>|])|\\[AZGKz]")


class PatternError(LexiconException, ValueError):
    """A pattern the player should fix: it does not compile, or is too long or too large."""


class PatternTimeout(PatternError):
    """A pattern too slow to finish before its deadline: the pattern's cost, not the player's mistake."""


class PatternMatches(NamedTuple):
    """Keys found (alphabetical); ``truncated`` when the limit stopped the scan, ``timed_out`` when the deadline did."""

    words: list[str]
    truncated: bool
    timed_out: bool


def fold_pattern(pattern: str) -> str:
    """Accents folded the way keys are (``tempête`` → ``tempete``, ``Œ`` → ``OE``); regex syntax and case kept."""
    if pattern.isascii():
        return pattern
    return "".join(char if char.isascii() else _fold_keeping_case(char) for char in pattern)


def _fold_keeping_case(char: str) -> str:
    folded = fold(char)
    return folded.lower() if char.islower() else folded


def _skip_escape(pattern: str, index: int) -> int:
    """The index after the escape starting at ``pattern[index] == '\\\\'`` (``\\p{L}``, ``\\x{41}`` included)."""
    if index + 2 < len(pattern) and pattern[index + 1] in "xuUNpPgLk" and pattern[index + 2] in "{<":
        closing = "}" if pattern[index + 2] == "{" else ">"
        end = pattern.find(closing, index + 3)
        return len(pattern) if end < 0 else end + 1
    return index + 2


def _skip_class(pattern: str, index: int) -> int:
    """The index after the character class opening at ``index`` (V1: classes nest)."""
    depth = 0
    start = index
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index = _skip_escape(pattern, index)
            continue
        if char == "[":
            depth += 1
            if pattern.startswith("^", index + 1):
                index += 1
            if pattern.startswith("]", index + 1):
                index += 1  # a ']' first in a class is a member
        elif char == "]" and index > start:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return index


def _token_end(pattern: str, index: int) -> int:
    """Where the token at ``index`` ends: an escape, a whole character class, or one character."""
    if pattern[index] == "\\":
        return _skip_escape(pattern, index)
    if pattern[index] == "[":
        return _skip_class(pattern, index)
    return index + 1


def bound_repeats(pattern: str, longest: int) -> str:
    """``pattern`` with repetition counts above ``longest`` clamped to ``longest + 1``; PatternError if nested counts multiply too far.

    Counts are read on the pattern text, before `regex` sees (and would allocate for) them.
    """
    clamp = longest + 1
    pieces: list[str] = []
    products = [1]  # per open group: the largest product of counts inside it
    last_group_product = 1  # of the group that just closed, if the next token repeats it
    index = 0
    while index < len(pattern):
        char = pattern[index]
        group_product = last_group_product
        last_group_product = 1
        if char == "(":
            products.append(1)
        elif char == ")" and len(products) > 1:
            last_group_product = products.pop()
            products[-1] = max(products[-1], last_group_product)
        elif char == "{" and (count := _COUNT.match(pattern, index)) and (count.group(1) or count.group(3)):
            low, comma, high = count.groups()
            numbers = [int(text) for text in (low, high) if text]
            product = group_product * min(max(numbers), clamp)
            if product > MAX_REPEAT_PRODUCT:
                raise PatternError(
                    f"pattern {pattern!r} nests repetitions too deeply ({product:,} copies; at most {MAX_REPEAT_PRODUCT:,})"
                )
            products[-1] = max(products[-1], product)
            bounded = [str(min(int(text), clamp)) if text else "" for text in (low, high)]
            pieces.append("{" + bounded[0] + (comma or "") + bounded[1] + "}")
            index = count.end()
            continue
        end = _token_end(pattern, index)
        pieces.append(pattern[index:end])
        index = end
    return "".join(pieces)


def _exclude_newline(pattern: str) -> str:
    """``pattern`` with ``\\n`` added to its simple negated classes (``[^AEIOU]`` → ``[^\\nAEIOU]``).

    Keys hold no newline, so the keys that match in full are the same; but in
    the keys text the scan no longer runs across line ends, which would
    otherwise send it back key by key.
    """
    pieces: list[str] = []
    index = 0
    while index < len(pattern):
        end = _token_end(pattern, index)
        if pattern.startswith("[^", index):
            members = pattern[index + 2 : end - 1]
            simple = not any(operator in members for operator in ("[", "--", "&&", "||", "~~"))
            if simple and not members.startswith("]"):
                pieces.append("[^\\n" + pattern[index + 2 : end])
                index = end
                continue
        pieces.append(pattern[index:end])
        index = end
    return "".join(pieces)


class _Shape(NamedTuple):
    """What a pattern can match: lengths ``shortest..longest`` (None: unbounded), literal runs every match
    contains, and the letters a match can start with (None: any)."""

    shortest: int
    longest: int | None
    literals: tuple[str, ...]
    first: frozenset[str] | None


_ANY = None
_UNKNOWN = _Shape(0, None, (), _ANY)


def _shape_of(pattern: str) -> _Shape:
    """The shape of a pattern in a simple subset of the syntax; the unknown shape (scan everything) otherwise."""
    try:
        shape, end = _ShapeParser(pattern).alternation(0, {})
    except _Unsupported:
        return _UNKNOWN
    return shape if end == len(pattern) else _UNKNOWN


class _Unsupported(LexiconException):
    pass


_ESCAPED_CLASSES = frozenset("dDwWsS")
_ZERO_WIDTH = {"^": _Shape(0, 0, (), frozenset()), "$": _Shape(0, 0, (), frozenset())}
_ONE_CHARACTER = _Shape(1, 1, (), _ANY)


def _class_letters(members: str) -> frozenset[str] | None:
    """The letters of a plain class body such as ``AEIOU`` or ``a-eX`` (case ignored); None for anything else."""
    letters: set[str] = set()
    index = 0
    while index < len(members):
        low = members[index]
        if not (low.isascii() and low.isalpha()):
            return None
        if members.startswith("-", index + 1) and index + 2 < len(members):
            high = members[index + 2]
            if not (high.isascii() and high.isalpha() and low.islower() == high.islower() and low <= high):
                return None
            letters.update(chr(code) for code in range(ord(low.upper()), ord(high.upper()) + 1))
            index += 3
        else:
            letters.add(low.upper())
            index += 1
    return frozenset(letters) if letters else None


class _ShapeParser:
    """A small recursive-descent reader of letters, '.', classes, groups, '|', quantifiers and back-references."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.groups = 0

    def alternation(self, index: int, groups: dict[int, _Shape]) -> tuple[_Shape, int]:
        branches = []
        while True:
            branch, index = self.sequence(index, groups)
            branches.append(branch)
            if index < len(self.pattern) and self.pattern[index] == "|":
                index += 1
                continue
            break
        if len(branches) == 1:
            return branches[0], index
        longest = [branch.longest for branch in branches]
        firsts = [branch.first for branch in branches]
        return _Shape(
            min(branch.shortest for branch in branches),
            None if None in longest else max(longest),  # type: ignore[type-var]
            (),
            None if _ANY in firsts else frozenset().union(*firsts),  # type: ignore[arg-type]
        ), index

    def sequence(self, index: int, groups: dict[int, _Shape]) -> tuple[_Shape, int]:
        shortest, run = 0, ""
        longest: int | None = 0
        literals: list[str] = []
        first: frozenset[str] | None = frozenset()
        first_known = False  # a non-empty atom has fixed where matches start
        pattern = self.pattern
        while index < len(pattern) and pattern[index] not in "|)":
            atom, index, letter = self.atom(index, groups)
            repeat, index = self.quantifier(index)
            if repeat is not None:
                low, high = repeat
                atom = _Shape(
                    atom.shortest * low,
                    None if high is None or atom.longest is None else atom.longest * high,
                    atom.literals if low else (),
                    atom.first,
                )
                letter = ""
            if letter:
                run += letter
            else:
                literals.append(run)
                literals.extend(atom.literals)
                run = ""
            if not first_known:
                first = None if first is _ANY or atom.first is _ANY else first | atom.first
                first_known = atom.shortest > 0
            shortest += atom.shortest
            longest = None if longest is None or atom.longest is None else longest + atom.longest
        literals.append(run)
        return _Shape(shortest, longest, tuple(text for text in literals if text), first), index

    def atom(self, index: int, groups: dict[int, _Shape]) -> tuple[_Shape, int, str]:
        """The shape after one atom, the next index, and the letter it is if a plain letter (upper case)."""
        pattern = self.pattern
        char = pattern[index]
        if char.isascii() and char.isalpha():
            return _Shape(1, 1, (), frozenset(char.upper())), index + 1, char.upper()
        if char in _ZERO_WIDTH:
            return _ZERO_WIDTH[char], index + 1, ""
        if char == ".":
            return _ONE_CHARACTER, index + 1, ""
        if char == "[":
            end = _skip_class(pattern, index)
            return _Shape(1, 1, (), _class_letters(pattern[index + 1 : end - 1])), end, ""
        if char == "(":
            start = index + 1
            capturing = not pattern.startswith("?", start)
            if not capturing:
                if not pattern.startswith("?:", start):
                    raise _Unsupported
                start += 2
            if capturing:
                self.groups += 1
                number = self.groups
            inner, index = self.alternation(start, groups)
            if index >= len(pattern) or pattern[index] != ")":
                raise _Unsupported
            if capturing:
                groups[number] = inner
            return inner, index + 1, ""
        if char == "\\" and index + 1 < len(pattern):
            escaped = pattern[index + 1]
            if escaped in _ESCAPED_CLASSES:
                return _ONE_CHARACTER, index + 2, ""
            if escaped.isdigit() and escaped != "0" and int(escaped) in groups:
                referred = groups[int(escaped)]
                if index + 2 < len(pattern) and pattern[index + 2].isdigit():
                    raise _Unsupported
                return referred, index + 2, ""
            if not escaped.isalnum() and escaped.isascii():
                return _ONE_CHARACTER, index + 2, ""
        if char.isascii() and char not in "\\{}*+?)":
            return _ONE_CHARACTER, index + 1, ""  # punctuation: one character that is never a letter
        raise _Unsupported

    def quantifier(self, index: int) -> tuple[tuple[int, int | None] | None, int]:
        pattern = self.pattern
        if index >= len(pattern):
            return None, index
        char = pattern[index]
        if char in "*+?":
            repeat: tuple[int, int | None] = {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
            index += 1
        elif char == "{":
            count = _COUNT.match(pattern, index)
            if not count or not (count.group(1) or count.group(3)):
                raise _Unsupported
            low = int(count.group(1) or 0)
            high = int(count.group(3)) if count.group(3) else (None if count.group(2) else low)
            repeat = (low, high)
            index = count.end()
        else:
            return None, index
        if index < len(pattern) and pattern[index] in "?+":
            index += 1  # lazy or possessive: the same words match
        if index < len(pattern) and pattern[index] in "*+?{":
            raise _Unsupported
        return repeat, index


class CompiledPattern:
    """A pattern ready to scan a keys text or to test keys, with the deadline it was compiled under."""

    def __init__(self, scanner: Any, whole: Any, shape: _Shape, context_sensitive: bool, deadline: float) -> None:
        self._scanner = scanner
        self._whole = whole
        self.shape = shape
        self.context_sensitive = context_sensitive
        self.deadline = deadline
        #: The longest literal every match contains: searched for first when it is rare enough.
        self._literal = max(shape.literals, key=len, default="").encode("ascii")

    def _time_left(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        return left

    def fullmatch(self, key: str) -> bool:
        """Whether the pattern matches all of ``key``; TimeoutError past the deadline."""
        return self._whole.fullmatch(key.encode("ascii"), timeout=self._time_left()) is not None

    def filter(self, keys: Iterable[str]) -> PatternMatches:
        """The keys the pattern matches in full, in the given order, until the deadline."""
        found: list[str] = []
        try:
            self._collect(found, keys, None)
        except TimeoutError:
            return PatternMatches(found, False, True)
        return PatternMatches(found, False, False)

    def scan(self, keys_text: Any, key_offsets: list[list[int]], limit: int | None) -> PatternMatches:
        """The keys of a ``keys.txt`` text that the pattern matches, at most ``limit``, until the deadline."""
        found: list[str] = []
        truncated = False
        try:
            for start, end in self._segments(key_offsets):
                if self.context_sensitive:
                    keys = bytes(keys_text[start + 1 : end - 1]).decode("ascii").split("\n")
                    truncated = self._collect(found, keys, limit)
                else:
                    truncated = self._scan_range(found, keys_text, start, end, limit)
                if truncated:
                    break
        except TimeoutError:
            return PatternMatches(sorted(found), False, True)
        return PatternMatches(sorted(found), truncated, False)

    def _segments(self, key_offsets: list[list[int]]) -> Iterator[tuple[int, int]]:
        """The (start, end) spans of the keys text the shape allows: lengths, then runs of first letters."""
        longest_key = len(key_offsets) - 2
        shape = self.shape
        longest = longest_key if shape.longest is None else min(shape.longest, longest_key)
        if shape.shortest > longest:
            return
        if shape.first is _ANY or shape.shortest == 0:
            yield key_offsets[shape.shortest][0], key_offsets[longest + 1][0] + 1
            return
        runs = [(ord(letters[0]) - 65, ord(letters[-1]) - 65) for letters in _runs(shape.first)]
        for length in range(shape.shortest, longest + 1):
            row = key_offsets[length]
            for low, high in runs:
                if row[low] != row[high + 1]:
                    yield row[low], row[high + 1] + 1

    def _collect(self, found: list[str], keys: Iterable[str], limit: int | None) -> bool:
        """Append the keys that match in full; True if the limit was reached."""
        for key in keys:
            if key and self.fullmatch(key):
                found.append(key)
                if limit is not None and len(found) >= limit:
                    return True
        return False

    def _scan_range(self, found: list[str], text: Any, start: int, end: int, limit: int | None) -> bool:
        if len(self._literal) >= 2 and (candidates := _lines_containing(text, self._literal, start, end)) is not None:
            return self._collect(found, candidates, limit)
        position = start
        while True:
            # concurrent: the GIL is released while the engine scans, so a slow pattern leaves other requests running.
            match = self._scanner.search(text, position, end, concurrent=True, timeout=self._time_left())
            if match is None:
                return False
            matched = match.group()
            # A class such as [^X] can cross line ends: then test each key the match spans.
            keys = matched[1:].decode("ascii").split("\n")
            if len(keys) > 1:
                if self._collect(found, keys, limit):
                    return True
            else:
                found.append(keys[0])
                if limit is not None and len(found) >= limit:
                    return True
            position = match.end()


def _runs(letters: frozenset[str]) -> list[str]:
    """Consecutive runs of the alphabet among ``letters``: {A, B, C, X} → ["ABC", "X"]."""
    runs: list[str] = []
    for letter in sorted(letters):
        if runs and ord(runs[-1][-1]) + 1 == ord(letter):
            runs[-1] += letter
        else:
            runs.append(letter)
    return runs


def _lines_containing(text: Any, literal: bytes, start: int, end: int) -> list[str] | None:
    """Each key of ``text[start:end]`` that contains ``literal``, once; None when ``literal`` occurs more than
    _LITERAL_CANDIDATES times (then the regex scan is faster). One pass of ``find`` (an mmap has no ``count``)."""
    positions: list[int] = []
    position = text.find(literal, start, end)
    while position >= 0:
        if len(positions) == _LITERAL_CANDIDATES:
            return None
        positions.append(position)
        position = text.find(literal, position + 1, end)
    lines, line_end = [], start
    for position in positions:
        if position < line_end:  # in the key just taken
            continue
        line_start = text.rfind(b"\n", start, position) + 1
        line_end = text.find(b"\n", position, end)
        lines.append(bytes(text[line_start:line_end]).decode("ascii"))
    return lines


def compile_pattern(pattern: str, longest_key: int, timeout: float) -> CompiledPattern:
    """Fold, bound and compile ``pattern``; the returned pattern's deadline is ``timeout`` seconds from now.

    PatternError for a pattern that is too long, too large or invalid;
    PatternTimeout if compiling alone used up the time.
    """
    import regex  # 20 ms to import: only for pattern searches

    deadline = time.monotonic() + timeout
    if not pattern:
        raise PatternError("empty pattern: write the letters to match, e.g. P.CHE")
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise PatternError(f"pattern of {len(pattern)} characters; at most {MAX_PATTERN_LENGTH}")
    plain = bound_repeats(fold_pattern(pattern), longest_key)
    flags = regex.IGNORECASE | regex.MULTILINE | regex.V1
    try:
        whole = regex.compile(plain.encode("utf-8"), flags)
        scanner = regex.compile(b"\\n(?:" + _exclude_newline(plain).encode("utf-8") + b")(?=\\n)", flags)
    except (regex.error, ValueError, OverflowError) as exc:
        raise PatternError(f"bad pattern {pattern!r}: {exc}") from None
    except MemoryError:
        raise PatternError(f"pattern {pattern!r} is too large to compile") from None
    if time.monotonic() >= deadline:
        raise PatternTimeout(f"pattern {pattern!r} is too slow: compiling it took more than {timeout:g} s")
    context_sensitive = bool(_CONTEXT_SENSITIVE.search(plain))
    return CompiledPattern(scanner, whole, _shape_of(plain), context_sensitive, deadline)
