"""The game's answers as types: a word with its path, a ranked move, a verdict.

Declared once as msgspec Structs, so the HTTP service encodes them as they
are and derives its OpenAPI schema from them, and the CLI prints the same
JSON. A cell is its number, row by row from 0 (``row * cols + col``), and a
path the list of its cells' numbers, in every answer (a solve lists thousands:
one shape, and the short one); readings are an object, ``{"ZX": "X"}``.
Requests still accept ``[row, col]`` pairs, as older clients send them and
saved games keep them (``path_numbers``, ``cell_number``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from overturn.game.errors import GameException
from overturn.lexicon.answers import DictionaryEntry

#: Why the referee refused a word or a pass ("ok" when it did not); stable codes that scripts and pages switch on.
Reason = Literal[
    "ok",
    "not_in_lexicon",
    "too_short",
    "cannot_trace",
    "single_tile",
    "no_new_cell",
    "no_used_cell",
    "already_played",
    "reading_conflict",
    "cell_reused",
    "bad_path",
    "wrong_player",
    "game_over",
    "bad_cell",
    "cell_not_new",
    "family_filter",
]

Count = Annotated[int, Meta(ge=0)]
#: A cell by its number, row by row from 0: ``row * cols + col`` (the one shape of a cell in every answer).
CellNumber = Annotated[int, Meta(ge=0)]
#: A path: its cells' numbers, in the order they spell the word.
Path = list[CellNumber]
#: A cell as ``[row, col]``, 0-based: what saved games hold and older clients still send (never answered).
Cell = Annotated[list[Count], Meta(min_length=2, max_length=2)]
#: What each double face on the path was read as.
Readings = Annotated[dict[str, str], Meta(description='Double face to its reading, e.g. {"ZX": "X"}.')]
#: A traced path as a request gives it (either shape); ``path_numbers`` reads it and checks it against the board.
TracedPath = Annotated[list[Any], Meta(description="The traced path: cell numbers (row * cols + col), or [row, col] pairs (0-based) as older clients send.")]
#: A cell a request names: its number, or [row, col] as older clients send (``cell_number`` reads both).
CellAsked = Annotated[Any, Meta(description="The cell: its number (row * cols + col), or [row, col] (0-based) as older clients send.")]


class PathError(GameException, ValueError):
    """A path or cell a request gave that cannot be read: ``malformed`` when it is neither shape, else well-formed
    but unusable (the shapes mixed, a cell off the board)."""

    def __init__(self, message: str, malformed: bool) -> None:
        super().__init__(message)
        self.malformed = malformed


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_whole(n) for n in value)


def path_numbers(value: object, rows: int, cols: int, field: str = "path", most: int | None = None) -> tuple[int, ...]:
    """A path as a request gives it, as cell numbers: cell numbers, or ``[row, col]`` pairs (0-based), not mixed.

    ``most`` bounds its length (a path may revisit cells in reuse mode, so the
    board's size is no bound); every cell must be on the ``rows``×``cols`` board.
    """
    if not isinstance(value, list) or not value or (most is not None and len(value) > most):
        raise PathError(f"'{field}' must be a list of 1 to {most or rows * cols} cell numbers (row * {cols} + col), or of [row, col] pairs", True)
    numbered = _whole(value[0])
    for step, item in enumerate(value):
        if not (_whole(item) or _pair(item)):
            raise PathError(f"{field}[{step}] must be a cell number (row * {cols} + col) or [row, col] with whole numbers (0-based)", True)
        if _whole(item) != numbered:
            raise PathError(f"'{field}' mixes cell numbers and [row, col] pairs (at {field}[{step}]): give one shape, cell numbers (row * {cols} + col)", False)
    return tuple(cell_number(item, rows, cols, f"{field}[{step}]") for step, item in enumerate(value))


def cell_number(value: object, rows: int, cols: int, field: str = "cell") -> int:
    """One cell as a request gives it (its number, or ``[row, col]``) as its number on the ``rows``×``cols`` board."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < rows * cols:
            raise PathError(f"{field} cell {value} is off the {rows}×{cols} board (cells 0 to {rows * cols - 1})", False)
        return value
    if isinstance(value, list) and _pair(value):
        row, col = value
        if not (0 <= row < rows and 0 <= col < cols):
            raise PathError(f"{field} [{row}, {col}] is off the {rows}×{cols} board", False)
        return int(row * cols + col)
    raise PathError(f"'{field}' must be a cell number (row * {cols} + col) or [row, col] (0-based)", True)


class SolvedWord(Struct):
    """A word with the path that spells it and the readings of the double faces on that path (a solve's, a move's)."""

    word: str
    path: Path
    readings: Readings


class RankedWord(SolvedWord, tag_field="kind", tag="word"):
    """A legal word and the ring swing it earns the mover."""

    swing: int


class RankedPass(Struct, tag_field="kind", tag="pass"):
    """A pass: a ring of the opponent's colour on ``cell``, which costs the mover one ring (swing -1)."""

    cell: CellNumber
    swing: int


Ranked = RankedWord | RankedPass


class Refusal(Struct):
    """A move refused, as the four games' referees say it: the rule's code and the message."""

    rule: str
    message: str


class VerdictView(Struct):
    """The referee's verdict on one word or pass, as players see it (``overturn.game.referee.Verdict.view``).

    ``path`` is the path judged (None when no path was given and none comes
    close); ``alternatives`` the other legal paths, best first; ``error`` the
    refusal in the shape the other games give theirs (null when legal).
    """

    legal: bool
    reason: Reason
    message: str
    word: str
    path: Path | None
    readings: Readings
    entries: list[DictionaryEntry]
    alternatives: list[Path]
    swing: int | None
    suggestions: list[str]
    error: Refusal | None


class RefereeAnswer(VerdictView):
    """A disputed word's verdict with the lexicon it was judged by and the board (``overturn referee --json``, ``POST /api/referee``)."""

    lexicon: str
    board: str
