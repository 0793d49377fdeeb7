"""overturn's 4×4 Boggle solve against hybrid-boggle's score-only ``Boggler.score``, in one process, interleaved.

hybrid-boggle (github.com/danvk/hybrid-boggle, C++ with pybind11) is not a
dependency: build its ``cpp_boggle`` module outside the project and point
``--hybrid`` at its folder. Both sides load the same word list (overturn
compiles it as a lexicon with ``overturn lexicon build LIST --name NAME``).
Boards are rolls of the 16 standard Boggle dice (Q is Qu), seeded. Every
board's Boggle score is checked equal on both sides before any timing; then
rounds alternate which side goes first, and each side's boards per second is
the boards over its median round. A round is timed in this thread's CPU time
(``time.thread_time``), so on a shared machine other processes' time slices
do not count against either side.

Four sides are timed. hybrid-boggle's ``score`` (a score, no words, no paths)
is the baseline the target is set against, and its ``find_words`` (the path of
every word, as Python lists) is the like-for-like one when words are read.
overturn's ``Solver.solve()`` answers every word with its path (a ``FoundList``
holding them, which makes each ``Found`` when first read); ``solve()`` and then
reading every word and path (as a caller listing the words does) adds the
Python objects and the interpreter's loop over them.

    python benchmarks/compare_hybrid_boggle.py --hybrid /tmp/hb --words /tmp/hb/words.txt --lexicon bogglewords
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable

from overturn.game.board import BOGGLE_4X4, Board
from overturn.game.solver import Solver
from overturn.lexicon.registry import load_lexicon

#: The 16 dice of today's Boggle (Q stands for Qu).
DICE = [
    "AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY",
    "DISTTY", "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMNQU", "HLNNRZ",
]
#: Boggle points by word length (Qu counts two letters).
POINTS = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}


def roll(rng: random.Random) -> str:
    dice = DICE[:]
    rng.shuffle(dice)
    return "".join(rng.choice(die) for die in dice)


def overturn_board(letters: str) -> Board:
    faces = ["[QU]" if letter == "Q" else letter for letter in letters]
    return Board.parse("/".join("".join(faces[row * 4 : row * 4 + 4]) for row in range(4)), BOGGLE_4X4)


def score(words: list[str]) -> int:
    return sum(POINTS.get(len(word), 11) for word in words)


def solve_with_paths(solver: Solver) -> int:
    found = solver.solve()
    for item in found:
        item.word, item.path  # noqa: B018  # the read is the point
    return len(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hybrid", required=True, help="folder holding hybrid-boggle's built cpp_boggle module")
    parser.add_argument("--words", required=True, help="the word list both sides load")
    parser.add_argument("--lexicon", required=True, help="the same list compiled by `overturn lexicon build --name`")
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    sys.path.insert(0, args.hybrid)
    cpp_boggle = importlib.import_module("cpp_boggle")
    trie = cpp_boggle.Trie.create_from_file(args.words)
    boggler = cpp_boggle.Boggler44(trie)
    lexicon = load_lexicon(args.lexicon)
    rng = random.Random(args.seed)
    boards = [roll(rng) for _ in range(args.boards)]
    hybrid_boards = [board.lower() for board in boards]
    solvers = [Solver(lexicon, overturn_board(board)) for board in boards]
    disagreements = 0
    for board, hybrid_board, solver in zip(boards, hybrid_boards, solvers, strict=True):
        found = solver.solve()
        ours = (score([item.word for item in found]), len(found))
        theirs = (boggler.score(hybrid_board), len(boggler.find_words(hybrid_board, False)))
        if ours != theirs:
            disagreements += 1
            if disagreements <= 5:
                print(f"  differs on {board}: overturn (score, words) {ours}, hybrid-boggle {theirs}")
    print(f"{len(boards)} boards: {len(boards) - disagreements} scores and word counts agree, {disagreements} differ")
    if disagreements:
        return 1

    def timed(run: Callable[[], object]) -> Callable[[], float]:
        def time_it() -> float:
            started = time.thread_time()
            run()
            return time.thread_time() - started

        return time_it

    sides = {
        "hybrid-boggle Boggler44.score (no words)": timed(lambda: [boggler.score(board) for board in hybrid_boards]),
        "hybrid-boggle Boggler44.find_words (paths)": timed(
            lambda: [boggler.find_words(board, False) for board in hybrid_boards]
        ),
        "overturn solve, every word with its path": timed(lambda: [solver.solve() for solver in solvers]),
        "overturn solve, then every word and path read": timed(lambda: [solve_with_paths(solver) for solver in solvers]),
    }
    times: dict[str, list[float]] = {name: [] for name in sides}
    for index in range(args.rounds):
        names = list(sides) if index % 2 == 0 else list(reversed(sides))
        for name in names:
            times[name].append(sides[name]())
    rates = {name: len(boards) / statistics.median(spent) for name, spent in times.items()}
    for name, rate in rates.items():
        print(f"{name + ':':48} {rate:10,.0f} boards/s (median of {args.rounds} rounds)")
    score_rate, find_rate, solve_rate, read_rate = rates.values()
    print(f"ratio overturn solve / hybrid-boggle score: {solve_rate / score_rate:.2f}x (target >= 1.0x)")
    print(f"ratio overturn solve and read / hybrid-boggle score: {read_rate / score_rate:.2f}x (target >= 1.0x)")
    print(f"ratio overturn solve and read / hybrid-boggle find_words: {read_rate / find_rate:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
