"""``Game.legal_moves()`` on mid-game positions of the 200 seeded deals, both modes.

Run with ``pytest benchmarks/bench_moves.py -s``. Each deal is played 3 to 8
moves deep by always taking the best-ranked move, then ``legal_moves()`` (every
legal word with its exact best ring-swing path, ranked) is timed, five times; a
position's figure is the fastest run, since on a shared machine the slower ones
mostly measure other processes. Target: a median over positions of at most 1.5 ms.
The baseline is the previous implementation, measured in the same run on every
position: the native word search, the native best path of each word, and a
``RankedMove`` made for each in Python and sorted (``legal_moves`` now ranks in
C and makes a move only when it is read). Both give the same moves.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from smoke import sized, target

from overturn.game.solver import Solver
from overturn.game.state import Game, RankedMove, WordMove
from overturn.lexicon.lexicon import Lexicon

pytestmark = pytest.mark.lexicon

CORPUS = sized(200, 3)
REPEATS = sized(5, 1)  #: timings per position; the position's figure is the fastest (the machine is shared: the others are
#: mostly another process's time slice)
TARGET_MS = 1.5


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    from overturn.lexicon.registry import load_lexicon

    return load_lexicon()


def mid_game(seed: int, mode: str, lexicon: Lexicon) -> Game:
    """The deal of ``seed`` after 3 to 8 moves, each the best-ranked one."""
    game = Game.new(seed, mode=mode, lexicon=lexicon)
    for _ in range(3 + seed % 6):
        moves = game.legal_moves()
        if not moves or game.is_over():
            break
        game.push(moves[0].move)
    return game


def fastest_ms(run: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


def previous_legal_moves(game: Game) -> list[RankedMove]:
    """The baseline: the native word search, the native best path of each word, then Python objects sorted."""
    solver = Solver(game.lexicon, game.board)  # type: ignore[arg-type]
    constraints = game.constraints()
    words = [found.word for found in solver.solve(constraints)]
    best = solver.best_paths(words, constraints, game.gains(game.to_move))
    order = sorted(range(len(words)), key=lambda index: best[index][0], reverse=True)  # type: ignore[index]
    return [RankedMove(WordMove(words[i], best[i][1]), best[i][0], best[i][2]) for i in order]  # type: ignore[index]


@pytest.mark.parametrize("mode", ["reuse", "advanced"])
def test_legal_moves_speed(mode: str, lexicon: Lexicon, benchmark: BenchmarkFixture) -> None:
    games = [mid_game(seed, mode, lexicon) for seed in range(CORPUS)]
    games = [game for game in games if not game.is_over()]
    for game in games:  # same answers, move for move
        assert game.legal_moves() == previous_legal_moves(game)
    native, baseline = [], []
    for game in games:  # interleaved, so both see the same machine
        native.append(fastest_ms(game.legal_moves))
        baseline.append(fastest_ms(partial(previous_legal_moves, game)))
    sizes = [len(game.legal_moves()) for game in games]
    native_median, baseline_median = statistics.median(native), statistics.median(baseline)
    benchmark.extra_info.update(
        positions=len(games), median_ms=native_median, p90_ms=statistics.quantiles(native, n=10)[-1],
        baseline_median_ms=baseline_median, median_words=statistics.median(sizes),
    )
    print(
        f"\n{mode}: legal_moves() median {native_median:.2f} ms (p90 {benchmark.extra_info['p90_ms']:.2f} ms, "
        f"max {max(native):.2f} ms) over {len(games)} mid-game positions, median {statistics.median(sizes):.0f} words; "
        f"target <= {TARGET_MS} ms. Previous (a Python object per move, sorted) on the same positions: "
        f"median {baseline_median:.2f} ms, {baseline_median / native_median:.1f}x the time."
    )
    benchmark.pedantic(games[0].legal_moves, rounds=5, iterations=1)
    target(native_median <= TARGET_MS, f"legal_moves() median {native_median:.2f} ms over the {TARGET_MS} ms target")


def previous_best_swing(game: Game) -> int:
    """The baseline of ``best_swing``: a ``Found`` per word, the words sorted longest first, then ``best_of_all``."""
    solver = Solver(game.lexicon, game.board)  # type: ignore[arg-type]
    constraints = game.constraints()
    words = sorted((found.word for found in solver.solve(constraints)), key=len, reverse=True)
    best = solver.best_of_all(words, constraints, game.gains(game.to_move))
    return -1 if best is None else best[0]


@pytest.mark.parametrize("mode", ["reuse", "advanced"])
def test_best_swing_speed(mode: str, lexicon: Lexicon, benchmark: BenchmarkFixture) -> None:
    """``best_swing()``, the computer's look-ahead leaf, on the same positions, against the previous way in the same run."""
    games = [game for game in (mid_game(seed, mode, lexicon) for seed in range(CORPUS)) if not game.is_over()]
    native, baseline = [], []
    for game in games:
        assert game.best_swing() == previous_best_swing(game)
        native.append(fastest_ms(game.best_swing))
        baseline.append(fastest_ms(partial(previous_best_swing, game)))
    native_median, baseline_median = statistics.median(native), statistics.median(baseline)
    benchmark.extra_info.update(positions=len(games), median_ms=native_median, baseline_median_ms=baseline_median)
    print(
        f"\n{mode}: best_swing() median {native_median:.3f} ms over {len(games)} mid-game positions; the previous way "
        f"(a Found per word) {baseline_median:.3f} ms on the same positions, {baseline_median / native_median:.1f}x the time."
    )
    benchmark.pedantic(games[0].best_swing, rounds=5, iterations=1)
    target(native_median <= baseline_median, f"best_swing() median {native_median:.3f} ms, slower than the previous way's {baseline_median:.3f} ms")
