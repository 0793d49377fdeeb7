"""What a reader of an Overturn game is shown: the saved game, the faces, the score and whose turn.

One view for the stateless game endpoints and the shared table (which adds its
own seats and totals), so the two never describe a game differently.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from overturn.game.answers import Count
from overturn.game.computer import LEVELS
from overturn.game.save import ColourName, colour_name
from overturn.game.state import Game


class Score(Struct):
    """Rings of each colour, whether the game is over, who won (None: a tie, or not over yet) and whose turn it is."""

    green: Count
    silver: Count
    over: bool
    winner: ColourName | None
    to_move: ColourName


class GameView(Struct):
    """The state of a game as the page shows it: the save to keep, the current layer's faces and the score.

    ``game`` is ``Game.to_json``, the saved game as files write it (each move's
    player first), so a page's stored games compare equal to the files.
    """

    game: dict[str, Any]
    faces: list[list[str]]
    result: Score
    has_next_layer: bool
    levels: Annotated[list[int], Meta(description="The computer's strengths.")]


def view_of(game: Game) -> GameView:
    """The game as every answer holding a state shows it (Overturn hides nothing from anyone)."""
    result = game.result()
    winner = result.winner
    score = Score(
        green=result.green,
        silver=result.silver,
        over=result.over,
        winner=None if not result.over or winner is None else colour_name(winner),
        to_move=colour_name(game.to_move),
    )
    cols, faces = game.board.rules.cols, game.board.faces
    rows = [list(faces[row * cols : (row + 1) * cols]) for row in range(game.board.rules.rows)]
    has_next_layer = game.layer + 1 < len(game.layers) or game.seed is not None
    return GameView(game.to_json(), rows, score, has_next_layer, list(LEVELS))


def game_view(game: Game) -> dict[str, Any]:
    """``view_of`` as JSON-ready data, for the answers that hold it among their own keys (the table's)."""
    return msgspec.to_builtins(view_of(game))  # type: ignore[no-any-return]
