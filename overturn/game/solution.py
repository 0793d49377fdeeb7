"""A board's solve as both faces answer it: ``overturn solve --json`` and ``POST /api/solve`` encode these Structs.

The question is asked here, below the CLI and the service, so the two take the
same options under the same names (``preset``, ``mode``, ``min_len``,
``pattern``, ``contains``, ``sort``, ``limit``) and give the same answer:
``words_kept`` is the one filter, ``solution`` the one answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, Struct

from overturn.game.answers import Count, SolvedWord
from overturn.game.board import PRESETS, Board, Rules
from overturn.game.errors import GameException

if TYPE_CHECKING:
    from overturn.game.solver import Found
    from overturn.lexicon.lexicon import Lexicon

#: The board presets by name (``overturn.game.board.PRESETS``; a test holds the two spellings together).
PresetName = Literal["overturn", "advanced", "boggle4", "boggle5"]
#: Whether a cell may repeat in a word: "reuse" (the basic game) or "advanced" (each cell once).
Mode = Literal["reuse", "advanced"]
#: The order of a solve's words: longest first (alphabetical within a length), or alphabetical.
Order = Literal["length", "alpha"]


class RulesView(Struct):
    """The rules a board is read with."""

    rows: int
    cols: int
    reuse: bool
    min_length: int
    min_tiles: int


class BoardView(Struct):
    """A board as text, as rows of faces, and its rules."""

    board: str
    faces: list[list[str]]
    rules: RulesView


class Deal(BoardView):
    """A dealt board: its seed, the top layer as a board, and both layers as text."""

    seed: int
    layers: list[str]


class Solved(Struct):
    """A board's words, the same for every phone that asks: ``Solution`` without its last two fields."""

    board: str
    faces: list[list[str]]
    rules: RulesView
    mode: Annotated[Mode, Meta(description="Whether a cell may repeat in a word: reuse, or advanced (each cell once).")]
    lexicon: str
    count: Annotated[Count, Meta(description="The words the filters kept, before the limit.")]
    truncated: bool
    lengths: Annotated[dict[str, int], Meta(description="Word length to how many of the words kept have it.")]
    words: list[SolvedWord]


class Solution(Solved):
    """Every legal word of a board kept by the filters, with a path, ordered (``limit`` of them; ``count`` is all), and the count by length.

    The two fields of this request come last: the service encodes and compresses the rest once per board.
    """

    cached: bool
    elapsed_ms: float


class FilterError(GameException, ValueError):
    """A filter that cannot be applied: ``field`` names it (``pattern``, ``contains``); ``too_slow`` when the pattern ran out of time."""

    def __init__(self, message: str, field: str, too_slow: bool = False) -> None:
        super().__init__(message)
        self.field = field
        self.too_slow = too_slow


class WordFilters(Struct, frozen=True, kw_only=True):
    """Which of a solve's words to keep, and in which order (the CLI's ``--min-len``, ``--pattern``, ``--contains``, ``--sort``)."""

    min_len: int = 0
    pattern: str | None = None
    contains: str | None = None
    sort: Order = "length"

    def any(self) -> bool:
        """Whether these keep or order the words otherwise than every word, longest first."""
        return self != WordFilters()


def board_rules(preset: str, mode: str | None) -> Rules:
    """The preset's rules, with its reuse setting overridden by ``mode`` ("reuse" or "advanced") when given."""
    rules = PRESETS[preset]
    return rules.replace(reuse=(mode == "reuse")) if mode else rules


def mode_of(rules: Rules) -> Mode:
    return "reuse" if rules.reuse else "advanced"


def faces_of(board: Board) -> list[list[str]]:
    """The faces row by row."""
    cols = board.rules.cols
    return [list(board.faces[row * cols : (row + 1) * cols]) for row in range(board.rules.rows)]


def rules_view(board: Board) -> RulesView:
    rules = board.rules
    return RulesView(rules.rows, rules.cols, rules.reuse, rules.min_length, rules.min_tiles)


def board_view(board: Board) -> BoardView:
    return BoardView(str(board), faces_of(board), rules_view(board))


def deal_answer(seed: int, layers: Sequence[Board]) -> Deal:
    """A deal as both faces answer it: the top layer as a board, both layers as text."""
    top = board_view(layers[0])
    return Deal(top.board, top.faces, top.rules, seed, [str(layer) for layer in layers])


def words_kept(found: Sequence[Found], lexicon: Lexicon, filters: WordFilters, pattern_seconds: float) -> list[Found]:
    """The words of a solve (alphabetical, as ``Solver.solve`` lists them) the filters keep, in their order.

    ``min_len`` keeps words at least that long; ``pattern`` those the regex matches in full (case and accents
    ignored, as in ``dict grep``), within ``pattern_seconds``; ``contains`` those holding the string (a word's key).
    FilterError names a filter that cannot be applied.
    """
    from overturn.lexicon.normalize import InvalidWord, normalize_key
    from overturn.lexicon.pattern import PatternError

    kept: list[Found] = [item for item in found if len(item.word) >= filters.min_len]
    if filters.pattern:
        try:
            selected = lexicon.compile_pattern(filters.pattern, pattern_seconds).filter(item.word for item in kept)
        except PatternError as exc:
            raise FilterError(str(exc), "pattern") from None
        except MemoryError:  # a huge repetition under a memory cap
            raise FilterError(f"pattern {filters.pattern!r} needs too much memory to compile", "pattern") from None
        if selected.timed_out:
            raise FilterError(f"pattern {filters.pattern!r} is too slow: it took more than {pattern_seconds:g} s on the words found", "pattern", too_slow=True)
        matched = set(selected.words)
        kept = [item for item in kept if item.word in matched]
    if filters.contains:
        try:
            needle = normalize_key(filters.contains)
        except InvalidWord as exc:
            raise FilterError(str(exc), "contains") from None
        kept = [item for item in kept if needle in item.word]
    if filters.sort == "length":  # a stable sort keeps the alphabetical order within a length
        kept.sort(key=lambda item: len(item.word), reverse=True)
    return kept


def word_lengths(words: Iterable[str]) -> dict[str, int]:
    """Word length to how many of ``words`` have it, shortest first (lengths as text: JSON's keys)."""
    counts: dict[int, int] = {}
    for word in words:
        counts[len(word)] = counts.get(len(word), 0) + 1
    return {str(length): counts[length] for length in sorted(counts)}


def solved(board: Board, lexicon_name: str, kept: Sequence[Found], limit: int | None) -> Solved:
    """The answer for the words ``kept`` (all of them counted, ``limit`` of them listed)."""
    view = board_view(board)
    shown = kept if limit is None else kept[:limit]
    words = [SolvedWord(item.word, list(item.path), dict(item.readings)) for item in shown]
    return Solved(view.board, view.faces, view.rules, mode_of(board.rules), lexicon_name, len(kept), len(shown) < len(kept), word_lengths(item.word for item in kept), words)
