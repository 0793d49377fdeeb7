"""A computer opponent that plays by ring swing, at three strengths.

Level 1 looks at a random third of the legal words and plays the best of them
(a beginner misses words); level 2 plays the best swing; level 3 also looks one
reply ahead and plays the largest swing minus the opponent's best answer, over
the few best candidates only (each look-ahead is a full solve). Choices between
equal moves, and passes, are drawn from a seeded generator so a game replays.
"""

from __future__ import annotations

import random

from overturn.game import Game, GameError, PassMove, RankedMove, WordMove

LEVELS = (1, 2, 3)
#: Candidates examined one reply deep at level 3.
LOOKAHEAD_CANDIDATES = 6


def choose_move(game: Game, level: int, rng: random.Random) -> RankedMove:
    """The computer's move for the side to move; passes (on a random new cell) only when no word is left."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}")
    moves = game.legal_moves()
    if not moves:
        raise GameError("the game is over")
    if isinstance(moves[0].move, PassMove):
        return rng.choice(moves)
    if level == 1:
        moves = rng.sample(moves, max(1, len(moves) // 3))
        return _best(moves, [move.swing for move in moves], rng)
    if level == 2:
        return _best(moves, [move.swing for move in moves], rng)
    candidates = moves[:LOOKAHEAD_CANDIDATES]
    return _best(candidates, [move.swing - best_reply(game, move) for move in candidates], rng)


def _best(moves: list[RankedMove], scores: list[int], rng: random.Random) -> RankedMove:
    top = max(scores)
    return rng.choice([move for move, score in zip(moves, scores) if score == top])


def best_reply(game: Game, candidate: RankedMove) -> int:
    """The opponent's largest swing after ``candidate`` (a pass they would have to make costs them 1)."""
    game.push(candidate.move)
    try:
        replies = game.legal_moves()
        words = [reply.swing for reply in replies if isinstance(reply.move, WordMove)]
        return max(words) if words else (-1 if replies else 0)
    finally:
        game.pop()
