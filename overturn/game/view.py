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
from overturn.game.state import Game

#: A seat in every game's JSON, Overturn's included (green 0, silver 1): numbered from 0; the text names it.
Seat = Annotated[int, Meta(ge=0, description="A seat's number, from 0 (Overturn: green 0, silver 1).")]
#: Points of each seat, as every game's JSON gives them: a list by seat (Overturn: green's rings, then silver's).
Scores = Annotated[list[Count], Meta(description="Each seat's points, a list by seat (Overturn: the rings of green 0, silver 1).")]


class Score(Struct):
    """Rings of each seat, whether the game is over, whose turn it is and who won, as the four games say it.

    ``scores`` are the rings by seat (green 0, silver 1); ``turn`` is the seat to move (null once over); ``winners`` the seats with the
    most rings once over: one seat, both on a tie, none while the game goes on.
    """

    scores: Scores
    over: bool
    turn: Annotated[Seat | None, Meta(description="The seat to move (green 0, silver 1); null once the game is over.")]
    winners: Annotated[list[Seat], Meta(description="Once over, the seats with the most rings: one, or both on a tie; empty while playing.")]


def score_of(game: Game) -> Score:
    """The score as every JSON answer gives it: the HTTP API, the table and the command line's --json."""
    result = game.result()
    scores = [result.green, result.silver]
    if not result.over:
        return Score(scores, False, game.to_move.seat, [])
    winner = result.winner
    return Score(scores, True, None, [0, 1] if winner is None else [winner.seat])


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
    score = score_of(game)
    cols, faces = game.board.rules.cols, game.board.faces
    rows = [list(faces[row * cols : (row + 1) * cols]) for row in range(game.board.rules.rows)]
    has_next_layer = game.layer + 1 < len(game.layers) or game.seed is not None
    return GameView(game.to_json(), rows, score, has_next_layer, list(LEVELS))


def game_view(game: Game) -> dict[str, Any]:
    """``view_of`` as JSON-ready data, for the answers that hold it among their own keys (the table's)."""
    return msgspec.to_builtins(view_of(game))  # type: ignore[no-any-return]
