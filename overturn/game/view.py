"""What a reader of an Overturn game is shown: the saved game, the faces, the score and whose turn.

One view for the stateless game endpoints and the shared table (which adds its
own seats and totals), so the two never describe a game differently.
"""

from __future__ import annotations

from typing import Any

from overturn.game.computer import LEVELS
from overturn.game.state import Game


def game_view(game: Game) -> dict[str, Any]:
    """The game as every answer holding a state shows it (Overturn hides nothing from anyone)."""
    result = game.result()
    cols = game.board.rules.cols
    faces = game.board.faces
    winner = result.winner
    return {
        "game": game.to_json(),
        "faces": [list(faces[row * cols : (row + 1) * cols]) for row in range(game.board.rules.rows)],
        "result": {
            "green": result.green,
            "silver": result.silver,
            "over": result.over,
            "winner": None if not result.over or winner is None else winner.value,
            "to_move": game.to_move.value,
        },
        "has_next_layer": game.layer + 1 < len(game.layers) or game.seed is not None,
        "levels": list(LEVELS),
    }
