"""What a game answers for one turn, below the command line and the HTTP API: its legal moves listed, a move judged.

``overturn game moves``/``hint --json`` and ``POST /api/game/moves`` encode one
``LegalMoves``; ``overturn game play --json`` and ``POST /api/game/play`` one
``Judged``; so the two faces never count or word a turn differently.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from overturn.game.answers import Count, Ranked, Refusal, VerdictView
from overturn.game.moves import Colour, Move, WordMove
from overturn.game.review import ranked_view
from overturn.game.state import Game
from overturn.game.view import GameView, view_of

#: Most moves a list of legal words holds (the count is always complete; ``truncated`` says when some were left off).
MAX_LISTED_MOVES = 2000


class LegalMoves(msgspec.Struct):
    """How many legal words there are now (all of them), the best ``limit`` listed, and whether some were left off."""

    count: Count
    truncated: bool
    moves: Annotated[list[Ranked], Meta(max_length=MAX_LISTED_MOVES)]


def legal_moves_of(game: Game, limit: int = MAX_LISTED_MOVES) -> LegalMoves:
    """The legal words of ``game`` now, best swing first, ``limit`` of them listed (0 only counts: the pass warning).

    A pass is no word: when only passes are left the count is 0 and nothing is listed.
    """
    if limit == 0:  # the pass warning only counts: no best paths to rank
        left = game.words_left()
        return LegalMoves(left, left > 0, [])
    ranked = game.legal_moves()  # made when read: only the listed moves are
    if not ranked or not isinstance(ranked[0].move, WordMove):  # passes come only when no word is left
        return LegalMoves(0, False, [])
    listed = ranked[:limit]
    return LegalMoves(len(ranked), len(listed) < len(ranked), [ranked_view(move, game.board) for move in listed])


class Judged(GameView):
    """A word or a pass judged: the verdict, its refusal beside as every refusal is said, and the state after (unchanged when refused)."""

    verdict: VerdictView
    error: Refusal | None


def judged_move(game: Game, move: Move, player: Colour | None) -> Judged:
    """Judge ``move`` in the game's context and play it when legal: the verdict (with its swing) and the state after."""
    verdict = game.check(move, player).view()
    if verdict.legal:
        game.push(move, player)
    return Judged(**msgspec.structs.asdict(view_of(game)), verdict=verdict, error=verdict.error)
