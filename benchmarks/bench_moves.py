"""``Game.legal_moves()`` on mid-game positions of the 200 seeded deals, both modes.

Run with ``pytest benchmarks/bench_moves.py -s``. Each deal is played 3 to 8
moves deep by always taking the best-ranked move, then ``legal_moves()`` (every
legal word with its exact best ring-swing path) is timed, five times; a
position's figure is the fastest run, since on a shared machine the slower ones
mostly measure other processes. Target: a median over positions of at most 10 ms. The baseline is the previous implementation, the native word search
followed by the Python branch and bound per word (``Solver.best_path``),
measured in the same run on the first few positions, since it takes a third of
a second per position.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from overturn.game.solver import Solver
from overturn.game.state import Game
from overturn.lexicon.lexicon import Lexicon

pytestmark = pytest.mark.lexicon

CORPUS = 200
REPEATS = 5  #: timings per position; the position's figure is the fastest (the machine is shared: the others are
#: mostly another process's time slice)
BASELINE_POSITIONS = 8
TARGET_MS = 10.0


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


def previous_legal_moves(game: Game) -> list[tuple[str, int]]:
    """The baseline: the native word search, then the Python branch and bound for each word."""
    solver = Solver(game.lexicon, game.board)  # type: ignore[arg-type]
    constraints = game.constraints()
    gains = game.gains(game.to_move)
    ranked = []
    for found in solver.solve(constraints):
        best = solver.best_path(found.word, constraints, gains)
        assert best is not None
        ranked.append((found.word, best[0]))
    return sorted(ranked, key=lambda item: -item[1])


@pytest.mark.parametrize("mode", ["reuse", "advanced"])
def test_legal_moves_speed(mode: str, lexicon: Lexicon, benchmark: BenchmarkFixture) -> None:
    games = [mid_game(seed, mode, lexicon) for seed in range(CORPUS)]
    games = [game for game in games if not game.is_over()]
    native = [fastest_ms(game.legal_moves) for game in games]
    baseline = [fastest_ms(partial(previous_legal_moves, game), 1) for game in games[:BASELINE_POSITIONS]]
    for game in games[:BASELINE_POSITIONS]:  # same answers, word for word
        assert [(r.move.word, r.swing) for r in game.legal_moves()] == previous_legal_moves(game)
    sizes = [len(game.legal_moves()) for game in games]
    native_median = statistics.median(native)
    same_positions = statistics.median(native[:BASELINE_POSITIONS])
    benchmark.extra_info.update(
        positions=len(games), median_ms=native_median, p90_ms=statistics.quantiles(native, n=10)[-1],
        baseline_median_ms=statistics.median(baseline), median_words=statistics.median(sizes),
    )
    print(
        f"\n{mode}: legal_moves() median {native_median:.2f} ms (p90 {benchmark.extra_info['p90_ms']:.2f} ms, "
        f"max {max(native):.2f} ms) over {len(games)} mid-game positions, median {statistics.median(sizes):.0f} words; "
        f"target <= {TARGET_MS:.0f} ms. Previous (Python best paths) on the first {len(baseline)}: "
        f"median {statistics.median(baseline):.1f} ms against {same_positions:.2f} ms now, "
        f"{statistics.median(baseline) / same_positions:.0f}x faster."
    )
    benchmark.pedantic(games[0].legal_moves, rounds=5, iterations=1)
    assert native_median <= TARGET_MS
