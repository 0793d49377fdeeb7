"""A post-game review: for each move, what the best move was, the swing missed, and the words left on the board.

The game is replayed from its first position; before each move the legal
moves are ranked (exact best ring-swing paths, as ``hint`` shows them), so the
review compares the move played with the best one, names the longest word
available and a few notable ones (the biggest swings), and sums it up per
player. The same JSON serves ``overturn game review --json`` and
``POST /api/review``; it names players by seat (green 0, silver 1), as every
game's JSON does, and gives the sums as a list by seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec
from msgspec import Struct

from overturn.game.answers import Ranked, RankedPass, RankedWord
from overturn.game.board import Board
from overturn.game.state import Colour, Game, PassMove, RankedMove, WordMove
from overturn.game.view import Seat

#: Words listed per move besides the best and the longest.
NOTABLE = 3


@dataclass(frozen=True)
class MoveReview:
    """One move: what was played, what was best, what it cost, and the words that were there."""

    number: int
    player: Colour
    played: RankedMove
    best: RankedMove
    longest: RankedMove | None  #: the longest legal word (the bigger swing among equals); None when none was legal
    notable: tuple[RankedMove, ...]  #: the biggest swings apart from the move played, best first
    words: int  #: legal words in the position

    @property
    def missed(self) -> int:
        """Swing given away against the best move (0 when the best was played)."""
        return max(0, self.best.swing - self.played.swing)


@dataclass
class PlayerSummary:
    moves: int = 0
    passes: int = 0
    swing: int = 0  #: sum of the swings played
    best_swing: int = 0  #: sum of the best swings available
    best_moves: int = 0  #: moves that matched the best swing
    longest_played: str | None = None

    @property
    def missed(self) -> int:
        return self.best_swing - self.swing


@dataclass
class Review:
    moves: list[MoveReview] = field(default_factory=list)
    players: dict[Colour, PlayerSummary] = field(default_factory=lambda: {colour: PlayerSummary() for colour in Colour})


def review_game(game: Game) -> Review:
    """Replay ``game`` (which needs its lexicon) and review every move; the game itself is not changed."""
    replay = Game(
        game.layers, layer=game.layer, seed=game.seed, mode=game.mode, lexicon_name=game.lexicon_name, lexicon=game.lexicon
    )
    review = Review()
    for number, played in enumerate(game.history, start=1):
        ranked = replay.legal_moves()
        words = [move for move in ranked if isinstance(move.move, WordMove)]
        move = played.move
        if isinstance(move, WordMove):
            assert move.path is not None
            mine = RankedMove(move, replay.swing_of(move.path, played.player), played.readings)
        else:
            mine = RankedMove(move, -1)
        longest = max(words, key=_length_then_swing, default=None)
        played_word = move.word if isinstance(move, WordMove) else None
        notable = tuple(item for item in words if _word(item) != played_word and item is not longest)[:NOTABLE]
        review.moves.append(MoveReview(number, played.player, mine, ranked[0], longest, notable, len(words)))
        _count(review.players[played.player], review.moves[-1])
        replay.push(move, played.player)
    return review


def _word(item: RankedMove) -> str:
    return item.move.word if isinstance(item.move, WordMove) else ""


def _length_then_swing(item: RankedMove) -> tuple[int, int]:
    return len(_word(item)), item.swing


def _count(summary: PlayerSummary, item: MoveReview) -> None:
    summary.moves += 1
    summary.swing += item.played.swing
    summary.best_swing += item.best.swing
    summary.best_moves += item.played.swing >= item.best.swing
    move = item.played.move
    if isinstance(move, PassMove):
        summary.passes += 1
    elif summary.longest_played is None or len(move.word) > len(summary.longest_played):
        summary.longest_played = move.word


def ranked_view(ranked: RankedMove, board: Board) -> Ranked:
    """A move as players see it: a word with its path (cell numbers), swing and readings, or a pass and its cell."""
    move = ranked.move
    if isinstance(move, PassMove):
        return RankedPass(move.cell, ranked.swing)
    assert move.path is not None
    return RankedWord(move.word, list(move.path), dict(ranked.readings), ranked.swing)


def ranked_json(ranked: RankedMove, board: Board) -> dict[str, Any]:
    """``ranked_view`` as JSON-ready data."""
    return msgspec.to_builtins(ranked_view(ranked, board))  # type: ignore[no-any-return]


class ReviewedMove(Struct):
    """One move of the review: the move played, the best one, the swing missed and the words that were there."""

    number: int
    seat: Seat
    played: Ranked
    best: Ranked
    missed: int
    longest: Ranked | None
    notable: list[Ranked]
    words: int


class PlayerReview(Struct):
    """One player's sums: moves, passes, swings played and available, best moves matched, longest word played."""

    moves: int
    passes: int
    swing: int
    best_swing: int
    missed: int
    best_moves: int
    longest_played: str | None


class GameReview(Struct):
    """The review: each move in order, and each player's sums, a list by seat (green 0, silver 1)."""

    moves: list[ReviewedMove]
    players: list[PlayerReview]


def review_view(review: Review, board: Board) -> GameReview:
    return GameReview(
        moves=[
            ReviewedMove(
                number=item.number,
                seat=item.player.seat,
                played=ranked_view(item.played, board),
                best=ranked_view(item.best, board),
                missed=item.missed,
                longest=None if item.longest is None else ranked_view(item.longest, board),
                notable=[ranked_view(other, board) for other in item.notable],
                words=item.words,
            )
            for item in review.moves
        ],
        players=[
            PlayerReview(
                moves=summary.moves,
                passes=summary.passes,
                swing=summary.swing,
                best_swing=summary.best_swing,
                missed=summary.missed,
                best_moves=summary.best_moves,
                longest_played=summary.longest_played,
            )
            for summary in (review.players[colour] for colour in sorted(Colour, key=lambda colour: colour.seat))
        ],
    )


def review_json(review: Review, board: Board) -> dict[str, Any]:
    """``review_view`` as JSON-ready data (``overturn game review --json``)."""
    return msgspec.to_builtins(review_view(review, board))  # type: ignore[no-any-return]
