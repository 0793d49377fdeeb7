"""How a game reads at a terminal: the board with its rings, the last move's cells, a move in words.

Shared by ``overturn game`` (a game in a file) and ``overturn table`` (a game held by a server).
"""

from __future__ import annotations

from overturn.game.render import describe_path, render_board
from overturn.game.state import Colour, Game, Move, PassMove


def board_view(game: Game, path: tuple[int, ...] | None = None, color: bool = False) -> str:
    return render_board(game.board, path, game.rings, color)


def last_path(game: Game) -> tuple[int, ...] | None:
    """The cells of the last move (a word's path, a pass's cell), to highlight it on the board."""
    if not game.history:
        return None
    move = game.history[-1].move
    return (move.cell,) if isinstance(move, PassMove) else move.path


def played_text(game: Game, move: Move, player: Colour) -> str:
    if isinstance(move, PassMove):
        return f"{player.value} passes: a {player.other.value} ring on {describe_path(game.board, (move.cell,))}"
    assert move.path is not None
    return f"{player.value} plays {move.word}: {describe_path(game.board, move.path)}"
