"""The game's answers as types: a word with its path, a ranked move, a verdict.

Declared once as msgspec Structs, so the HTTP service encodes them as they
are and derives its OpenAPI schema from them, and the CLI prints the same
JSON. Cells are ``[row, col]`` (0-based) and readings an object, ``{"ZX": "X"}``;
a solve's paths, thousands to an answer, are cell numbers (``row * cols + col``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, Struct

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
#: A cell as ``[row, col]``, 0-based (a list, as JSON gives it back).
Cell = Annotated[list[Count], Meta(min_length=2, max_length=2)]
#: What each double face on the path was read as.
Readings = Annotated[dict[str, str], Meta(description='Double face to its reading, e.g. {"ZX": "X"}.')]


def cells(path: tuple[int, ...], cols: int) -> list[Cell]:
    """Cell numbers as ``[row, col]`` pairs on a board ``cols`` wide."""
    return [[cell // cols, cell % cols] for cell in path]


class TracedWord(Struct):
    """A word with the path that spells it and the readings of the double faces on that path."""

    word: str
    path: list[Cell]
    readings: Readings


#: A cell by its number, row by row from 0: ``row * cols + col``.
CellNumber = Annotated[int, Meta(ge=0)]


class SolvedWord(Struct):
    """A word of a solve, the path that spells it as cell numbers (``row * cols + col``: an answer lists thousands),
    and the readings of the double faces on that path."""

    word: str
    path: list[CellNumber]
    readings: Readings


class RankedWord(TracedWord, tag_field="kind", tag="word"):
    """A legal word and the ring swing it earns the mover."""

    swing: int


class RankedPass(Struct, tag_field="kind", tag="pass"):
    """A pass: a ring of the opponent's colour on ``cell``, which costs the mover one ring (swing -1)."""

    cell: Cell
    swing: int


Ranked = RankedWord | RankedPass


class Refusal(Struct):
    """A move refused, as the four games' referees say it: the rule's code and the message."""

    rule: str
    message: str


class Verdict(Struct):
    """The referee's verdict on one word or pass, as players see it (``overturn.game.referee.Verdict.view``).

    ``path`` is the path judged (None when no path was given and none comes
    close); ``alternatives`` the other legal paths, best first; ``error`` the
    refusal in the shape the other games give theirs (null when legal).
    """

    legal: bool
    reason: Reason
    message: str
    word: str
    path: list[Cell] | None
    readings: Readings
    entries: list[DictionaryEntry]
    alternatives: list[list[Cell]]
    swing: int | None
    suggestions: list[str]
    error: Refusal | None
