"""The answers several routers share (a board with its rules, a solution, kept in the solve cache) and ``respond``, which encodes any answer.

Every answer is a msgspec Struct: encoded as it is declared, and the OpenAPI
document derives its components from the same types (``overturn.service.openapi``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from msgspec import Meta, Struct, json
from starlette.responses import Response

from overturn.game.answers import TracedWord
from overturn.game.board import Board

#: How many of something (words, moves): never negative.
Count = Annotated[int, Meta(ge=0)]


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


class Solution(Struct):
    """Every legal word of a board with a path, longest first (``limit`` of them; ``count`` is all), and the count by length."""

    cached: bool
    elapsed_ms: float
    board: str
    faces: list[list[str]]
    rules: RulesView
    mode: str
    lexicon: str
    count: Count
    truncated: bool
    lengths: Annotated[dict[str, int], Meta(description="Word length to how many legal words have it.")]
    words: list[TracedWord]


def faces_of(board: Board) -> list[list[str]]:
    """The faces row by row."""
    cols = board.rules.cols
    return [list(board.faces[row * cols : (row + 1) * cols]) for row in range(board.rules.rows)]


def rules_view(board: Board) -> RulesView:
    rules = board.rules
    return RulesView(rules.rows, rules.cols, rules.reuse, rules.min_length, rules.min_tiles)


def respond(answer: Struct, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """The answer encoded as JSON."""
    return Response(json.encode(answer), status_code=status, media_type="application/json", headers=dict(headers or {}))
