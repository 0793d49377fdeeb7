"""One bounded line reader for every list the program reads a line at a time (word lists, ``dict lookup -``).

A file from outside may hold a line of ten million letters: ``for line in
handle`` would hold it whole, and a lexicon build would then spend gigabytes on
it. ``bounded_lines`` reads at most ``bound + 1`` characters of a line before it
decides, so a line past the bound is never held: the caller gets its number and
its first characters, and either refuses the file (``LineTooLong``, a lexicon
build) or reports the line and goes on (a look-up list).
"""

from __future__ import annotations

TYPE_CHECKING = False  # not from typing: a look-up's start-up does not pay for it (type checkers read the name as true)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import IO

#: The longest line read from a list, in characters: far above any word (the longest French words
#: have 25 letters; a board has 36 cells), far below what costs memory.
MAX_LINE = 1000

_SKIP_CHUNK = 1 << 16


class LineTooLong(ValueError):
    """A line past the bound; the message names its source, its number and the bound."""

    def __init__(self, source: str, number: int, bound: int = MAX_LINE) -> None:
        super().__init__(f"{source}, line {number}: longer than {bound:,} characters, the most a line may hold")
        self.source = source
        self.number = number
        self.bound = bound


def bounded_lines(handle: IO[str], bound: int = MAX_LINE) -> Iterator[tuple[int, str, bool]]:
    """Each line of ``handle`` as (number from 1, text without its newline, whole).

    ``whole`` is False for a line longer than ``bound`` characters: its text is then
    only its first ``bound`` characters, and the rest of it was read in bounded
    chunks and dropped, never held.
    """
    number = 0
    while True:
        line = handle.readline(bound + 1)
        if not line:
            return
        number += 1
        if line.endswith("\n"):
            yield number, line[:-1], True
        elif len(line) <= bound:
            yield number, line, True  # the last line, with no newline
        else:
            while True:  # the rest of the long line, a chunk at a time
                rest = handle.readline(_SKIP_CHUNK)
                if not rest or rest.endswith("\n"):
                    break
            yield number, line[:bound], False


def checked_lines(handle: IO[str], source: str, bound: int = MAX_LINE) -> Iterator[tuple[int, str]]:
    """Each line of ``handle`` with its number; LineTooLong (naming ``source``) at the first line past ``bound``."""
    for number, text, whole in bounded_lines(handle, bound):
        if not whole:
            raise LineTooLong(source, number, bound)
        yield number, text
