"""A computer opponent that plays by ring swing, at five strengths.

Level 1 looks at a random third of the legal words and plays the best of them
(a beginner misses words); level 2 plays the best swing; level 3 also looks one
reply ahead and plays the largest swing minus the opponent's best answer, over
the few best candidates only. Levels 4 and 5 search deeper: a negamax with
alpha-beta pruning over the best candidates of each position (by swing), by
iterative deepening within a time budget that is a hard bound. The score of a
line is the sum of its swings, signed by side, which is exactly the change of
the ring difference, so a line searched to the end of the game is scored by
its result.

Choices between equal moves, and passes, are drawn from a seeded generator so a
game replays (except against levels 4 and 5: their searches stop when their
budget runs out, which depends on the machine and its load, unless the caller
gives them a clock of its own: ``clock=lambda: 0.0`` searches with no time limit,
and the page's computer.js, which takes the same clock, then plays the same move).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from overturn.game.errors import GameException
from overturn.game.state import Game, GameError, PassMove, RankedMove, WordMove

#: Each level, one line each, for the CLI's help, the match command and the page.
LEVEL_DESCRIPTIONS: dict[int, str] = {
    1: "beginner: the best swing among a random third of the words",
    2: "greedy: the largest ring swing",
    3: "one reply ahead: swing minus the opponent's best answer, over the 6 best moves",
    4: "alpha-beta 2, then 4 plies deep (if 0.5 s allows) over the 8 best moves of each position",
    5: "alpha-beta 2 plies deep over the 40 best moves, then 4, 6... over the 10 best (as 0.8 s allows)",
}
LEVELS = tuple(LEVEL_DESCRIPTIONS)
T = TypeVar("T")
#: Candidates examined one reply deep at level 3.
LOOKAHEAD_CANDIDATES = 6


@dataclass(frozen=True)
class SearchPlan:
    """How deep and how wide a searching level looks, and the time it may take per move."""

    depths: tuple[int, ...]  #: searched in turn; even, so a line ends on the opponent's reply
    width: int  #: moves searched per position, and at the root after the first depth
    root_width: int  #: moves searched at the root by the first depth
    budget: float  #: seconds from the start of the move; the deepest search finished within it is played


PLANS = {
    4: SearchPlan(depths=(2, 4), width=8, root_width=8, budget=0.5),
    5: SearchPlan(depths=(2, 4, 6, 8, 10), width=10, root_width=40, budget=0.8),
}


def choose_move(game: Game, level: int, rng: random.Random, *, clock: Callable[[], float] = time.perf_counter) -> RankedMove:
    """The computer's move for the side to move; passes (on a random new cell) only when no word is left.

    ``clock`` (seconds) times the budget of levels 4 and 5; a clock that does not move (``lambda: 0.0``) lets
    their search finish every depth of its plan, so the move depends on the position and ``rng`` alone.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}")
    started = clock()
    moves = game.legal_moves()
    root_ranking = clock() - started
    if not moves:
        raise GameError("the game is over")
    if isinstance(moves[0].move, PassMove):
        return rng.choice(moves)
    if level == 1:  # indices drawn as rng.sample(moves, k) would draw them, so only the chosen moves are made
        moves = [moves[index] for index in rng.sample(range(len(moves)), max(1, len(moves) // 3))]
        return _best(moves, [move.swing for move in moves], rng)
    if level == 2:  # the moves come best swing first: the best ones are a prefix, read up to the first worse
        top = _leading_ties(moves)
        return _best(top, [move.swing for move in top], rng)
    if level == 3:
        candidates = moves[:LOOKAHEAD_CANDIDATES]
        return _best(candidates, [move.swing - best_reply(game, move) for move in candidates], rng)
    return _search(game, moves, PLANS[level], started + PLANS[level].budget, root_ranking, rng, clock)


def _leading_ties(moves: Sequence[RankedMove]) -> list[RankedMove]:
    """The moves at the start of ``moves`` that share its first swing (read one by one, the rest never made)."""
    top = []
    for move in moves:
        if move.swing != moves[0].swing:
            break
        top.append(move)
    return top


def _best(moves: Sequence[RankedMove], scores: list[int], rng: random.Random) -> RankedMove:
    top = max(scores)
    return rng.choice([move for move, score in zip(moves, scores) if score == top])


def best_reply(game: Game, candidate: RankedMove) -> int:
    """The opponent's largest swing after ``candidate`` (a pass they would have to make costs them 1)."""
    game.push(candidate.move)
    try:
        return game.best_swing()  # the top of the opponent's ranking, without ranking every word
    finally:
        game.pop()


class _OutOfTime(GameException):
    """The budget ran out in the middle of a search; what the search finished decides."""


def _search(
    game: Game,
    moves: Sequence[RankedMove],
    plan: SearchPlan,
    deadline: float,
    root_ranking: float,
    rng: random.Random,
    clock: Callable[[], float] = time.perf_counter,
) -> RankedMove:
    """Iterative deepening: each depth re-searches the root candidates, best first from the previous depth.

    A pass cut short by the budget still counts for the candidates it finished: they come best first, the
    previous best leading, and each is scored exactly if it could tie or beat the best, so the best of them
    is the better-informed choice. Deepening stops when the budget is spent or the search saw every line to
    the end of the game (a deeper pass would find the same).
    """
    search = _Search(game, plan, deadline, root_ranking, clock)
    candidates = search.candidates(moves, plan.root_width)
    scores = [move.swing for move in candidates]  # depth 1
    for number, depth in enumerate(plan.depths):
        order = sorted(range(len(candidates)), key=lambda index: -scores[index])
        if number:  # the first pass is cheap (its leaves need only a best swing): wide; the deeper ones narrow
            order = order[: plan.width]
        candidates = [candidates[index] for index in order]
        scored: list[int] = []
        search.cut_by_depth = False
        try:
            search.root_scores(candidates, depth, scored)
        except _OutOfTime:
            if scored:
                candidates, scores = candidates[: len(scored)], scored
            else:
                scores = [scores[index] for index in order]
            break
        scores = scored
        if not search.cut_by_depth:
            break
    return _best(candidates, scores, rng)


class _Search:
    """Negamax with alpha-beta over the ``plan.width`` best moves of each position, sharing work across depths.

    Positions are remembered by the moves that lead to them from the root, so
    the deeper passes of iterative deepening do not recompute legal moves. The
    budget is a hard bound: no ranking is started that the longest one so far
    (the root's included) says would end past the deadline.
    """

    def __init__(
        self, game: Game, plan: SearchPlan, deadline: float, root_ranking: float = 0.0, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.game = game
        self.clock = clock
        self.width = plan.width
        self.deadline = deadline
        self.longest_ranking = root_ranking  #: seconds, the longest legal-move or best-swing call of this move
        self.cut_by_depth = False  #: whether the last pass stopped a line before the end of the game
        self.root = len(game.history)
        self.moves: dict[tuple[object, ...], list[RankedMove]] = {}
        self.swings: dict[tuple[object, ...], int] = {}

    def _ranked(self, rank: Callable[[], T]) -> T:
        """``rank()``, unless the time it may take would pass the deadline (then _OutOfTime)."""
        started = self.clock()
        if started + self.longest_ranking > self.deadline:
            raise _OutOfTime
        result = rank()
        self.longest_ranking = max(self.longest_ranking, self.clock() - started)
        return result

    def candidates(self, moves: Sequence[RankedMove], width: int) -> list[RankedMove]:
        """The moves searched: the best by swing and, near the end, the best for each number of free cells taken.

        Near the end who rings the last cell matters more than a swing (it ends the game, and the swings are
        big), so the search sees every choice of how many free cells to leave: taking them all, all but one...
        or none. Moves that ring the same cells and fix the same readings lead to the same position: only the
        first (alphabetically) is kept. With no word left, one pass stands for all: each costs 1, only the
        cell of the ring differs. Away from the end only the first moves are read (``moves`` makes each when
        first read).
        """
        if isinstance(moves[0].move, PassMove):
            return list(moves[:1])
        free = {cell for cell, ring in enumerate(self.game.rings) if ring is None}
        if len(free) > ENDING_CELLS:
            return _distinct(moves, width)
        distinct = _distinct(moves)
        chosen = distinct[:width]
        taken_counts = {len(free.intersection(_path(move))) for move in chosen}
        for move in distinct[width:]:
            taken = len(free.intersection(_path(move)))
            if taken not in taken_counts:
                taken_counts.add(taken)
                chosen.append(move)
        return chosen

    def _line(self) -> tuple[object, ...]:
        return tuple(played.move for played in self.game.history[self.root :])

    def root_scores(self, candidates: list[RankedMove], depth: int, scores: list[int]) -> list[int]:
        """Each root candidate's score at ``depth``, appended to ``scores`` as it comes (so a search cut short
        keeps what it found), exact for any score that could tie or beat the best."""
        best = -INFINITY
        for move in candidates:
            # Window (best - 1, +inf): a score equal to the best so far comes out exact, so ties are drawn fairly.
            scores.append(move.swing - self._after(move, depth - 1, -INFINITY, move.swing - best + 1))
            best = max(best, scores[-1])
        return scores

    def _after(self, move: RankedMove, depth: int, alpha: int, beta: int) -> int:
        self.game.push(move.move)
        try:
            return self._negamax(depth, alpha, beta)
        finally:
            self.game.pop()

    def _negamax(self, depth: int, alpha: int, beta: int) -> int:
        """The best the side to move can make of the next ``depth`` moves (sum of signed swings), within (alpha, beta)."""
        game = self.game
        if game.is_over():
            return 0
        if depth <= 1:  # the line stops here, or after the best swing, before the end of the game
            self.cut_by_depth = True
        if depth == 0:
            return 0
        line = self._line()
        if depth == 1:
            if line not in self.swings:
                self.swings[line] = self._ranked(game.best_swing)
            return self.swings[line]
        if line not in self.moves:
            self.moves[line] = self.candidates(self._ranked(game.legal_moves), self.width)
        best = -INFINITY
        for move in self.moves[line]:
            score = move.swing - self._after(move, depth - 1, move.swing - beta, move.swing - alpha)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best


def _path(move: RankedMove) -> tuple[int, ...]:
    return move.move.path or () if isinstance(move.move, WordMove) else ()


def _distinct(moves: Sequence[RankedMove], limit: int | None = None) -> list[RankedMove]:
    """``moves`` without those that lead to the same position as one before (same cells, same readings fixed),
    the first ``limit`` of them (all if None)."""
    seen: set[tuple[frozenset[int], frozenset[tuple[str, str]]]] = set()
    distinct: list[RankedMove] = []
    for move in moves:
        if limit is not None and len(distinct) >= limit:
            break
        key = (frozenset(_path(move)), frozenset(move.readings))
        if key not in seen:
            seen.add(key)
            distinct.append(move)
    return distinct


INFINITY = 10**6
#: Free cells left when the best move for each number of free cells taken joins the candidates.
ENDING_CELLS = 6
