"""Solver speed on 200 seeded 6×6 Overturn deals (the top layer of ``deal(seed)``), both modes.

Run with ``pytest benchmarks/bench_solver.py -s``.  Per board: the median time of
a full ``Solver.solve`` (every word with its path) by the native search, against
the pure-Python search and a naive per-word baseline (each lexicon key checked
with ``Solver.paths``), both measured in the same run on a few boards of the
corpus, since they take seconds per board.  The native ``solve`` answers a
``FoundList`` that makes each ``Found`` when first read, so the time of ``solve``
and then reading every item's word and path is printed beside it (the pure-Python
search builds every ``Found`` in its time).  The figures go to
``benchmark.extra_info`` and to one printed summary line per mode.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from smoke import sized

from overturn.game.board import OVERTURN, Board, Rules
from overturn.game.solver import FREE, Solver, _native_search
from overturn.game.tiles import deal
from overturn.lexicon.lexicon import Lexicon

pytestmark = pytest.mark.lexicon

CORPUS = sized(200, 3)
REPEATS = sized(5, 1)  #: timings per board; the per-board figure is their median
PYTHON_BOARDS = sized({"reuse": 6, "advanced": 20}, {"reuse": 1, "advanced": 1})  #: boards of the corpus timed with the pure-Python search
NAIVE_BOARDS = sized(2, 1)  #: boards timed with the naive per-word baseline
NAIVE_KEY_STEP = sized(1, 50)  #: the naive baseline checks every key (smoke: every 50th; 20 s a board otherwise)
MODES = {"reuse": OVERTURN, "advanced": OVERTURN.replace(reuse=False)}  # min_length 2, min_tiles 2: all rules on


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    from overturn.lexicon.registry import load_lexicon

    return load_lexicon()


@pytest.fixture(scope="module")
def lexicon_keys(lexicon: Lexicon) -> list[str]:
    return lexicon.completions("", limit=None)[::NAIVE_KEY_STEP]


def corpus(rules: Rules) -> list[Board]:
    return [deal(seed).layers[0].with_rules(rules) for seed in range(CORPUS)]


def median_ms(run: Callable[[], object], repeats: int, warm: bool = False) -> float:
    """The median of ``repeats`` timed runs, in ms; ``warm`` runs once untimed first (compiled code, touched memory)."""
    if warm:
        run()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def read_all(solver: Solver) -> None:
    """``solve``, then every item's word and path read, as a caller listing the words does."""
    for found in solver.solve():
        found.word, found.path  # noqa: B018  # the read is the point


def naive_words(solver: Solver, keys: list[str]) -> set[str]:
    """The baseline: every lexicon key checked on its own, first for letters the board lacks, then for a legal path."""
    rules = solver.rules
    letters = set().union(*(rules.readings(face) for face in solver.board.faces))
    readable = set("".join(letters))
    return {
        key
        for key in keys
        if len(key) >= rules.min_length
        and readable.issuperset(key)
        and next(solver.paths(key, limit=1), None) is not None
    }


@pytest.mark.parametrize("mode", list(MODES))
def test_solve_speed(
    mode: str,
    lexicon: Lexicon,
    lexicon_keys: list[str],
    benchmark: BenchmarkFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solvers = [Solver(lexicon, board) for board in corpus(MODES[mode])]
    if _native_search(solvers[0], FREE) is None:
        pytest.skip("the C extension overturn.game._search is not built")
    for solver in solvers:  # page in the memory-mapped trie once, outside the timings
        solver.solve()

    def native_corpus() -> tuple[list[float], list[float], list[float]]:
        solve = [median_ms(solver.solve, REPEATS) for solver in solvers]
        find = [median_ms(solver.find_words, REPEATS) for solver in solvers]
        read = [median_ms(lambda: read_all(solver), REPEATS) for solver in solvers]  # noqa: B023  # called at once
        return solve, find, read

    native_solve, native_find, native_read = benchmark.pedantic(native_corpus, rounds=1, iterations=1)
    native = statistics.median(native_solve)

    subset = solvers[: PYTHON_BOARDS[mode]]
    with monkeypatch.context() as patch:
        patch.setenv("OVERTURN_PURE_PYTHON", "1")
        python = statistics.median(median_ms(solver.solve, 1) for solver in subset)
    native_subset = statistics.median(native_solve[: len(subset)])

    naive_times, checked = [], set(lexicon_keys)
    for solver in solvers[:NAIVE_BOARDS]:
        start = time.perf_counter()
        words = naive_words(solver, lexicon_keys)
        naive_times.append((time.perf_counter() - start) * 1e3)
        assert words and words == checked.intersection(solver.find_words()), "the native search and the naive baseline disagree"
    naive = statistics.median(naive_times)
    native_naive_subset = statistics.median(native_solve[:NAIVE_BOARDS])

    figures = {
        "boards": len(solvers),
        "words_median": statistics.median(len(solver.find_words()) for solver in solvers[:20]),
        "native_solve_ms_median": round(native, 3),
        "native_solve_ms_max": round(max(native_solve), 3),
        "native_find_words_ms_median": round(statistics.median(native_find), 3),
        "native_solve_read_all_ms_median": round(statistics.median(native_read), 3),
        "python_solve_ms_median": round(python, 1),
        "python_boards": len(subset),
        "python_over_native": round(python / native_subset, 1),
        "naive_ms_median": round(naive, 1),
        "naive_boards": NAIVE_BOARDS,
        "naive_over_native": round(naive / native_naive_subset, 1),
    }
    benchmark.extra_info.update(figures)
    print(
        f"\n[{mode}] native solve {native:.3f} ms/board median over {len(solvers)} boards "
        f"(solve and reading every Found {figures['native_solve_read_all_ms_median']:.3f} ms, "
        f"find_words alone {figures['native_find_words_ms_median']:.3f} ms, max solve {max(native_solve):.2f} ms); "
        f"pure Python {python:.1f} ms ({figures['python_over_native']:.0f}× the native time on the same "
        f"{len(subset)} boards); naive per-word {naive:.0f} ms "
        f"({figures['naive_over_native']:.0f}× on {NAIVE_BOARDS} boards)"
    )
    assert native < python



def test_fixed_cost_per_call(lexicon: Lexicon) -> None:
    """The cost of a call that finds nothing: an empty-handed 4×4 board (all X, Boggle rules), best of 7 × 20,000 calls.

    The native call alone, ``Solver.solve`` on a kept solver, and a new ``Solver`` with its solve.
    """
    import timeit

    from overturn.game import _search
    from overturn.game.board import BOGGLE_4X4
    from overturn.game.solver import Found, _native_search_arguments

    solver = Solver(lexicon, Board.parse("XXXX/XXXX/XXXX/XXXX", BOGGLE_4X4))
    if _native_search(solver, FREE) is None:
        pytest.skip("the C extension overturn.game._search is not built")
    assert len(solver.solve()) == 0
    arguments = _native_search_arguments(solver, FREE)
    board = solver.board
    calls = sized(20_000, 100)
    figures = {
        name: round(min(timeit.repeat(run, number=calls, repeat=sized(7, 1))) / calls * 1e6, 2)
        for name, run in (
            ("native_call_us", lambda: _search.find_words(*arguments, Found)),
            ("solve_us", solver.solve),
            ("new_solver_us", lambda: Solver(lexicon, board)),
            ("new_solver_and_solve_us", lambda: Solver(lexicon, board).solve()),
        )
    }
    print(
        f"\n[fixed cost, empty 4×4] native call {figures['native_call_us']} µs, Solver.solve {figures['solve_us']} µs, "
        f"Solver() {figures['new_solver_us']} µs, Solver().solve() {figures['new_solver_and_solve_us']} µs"
    )
