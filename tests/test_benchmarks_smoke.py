"""Every benchmark runs once at smoke size, so a benchmark broken by a rename fails the suite instead of waiting for a run.

The ``benchmarks/bench_*.py`` files are outside the test paths: here they run in
one child pytest with ``OVERTURN_BENCH_SMOKE=1`` (benchmarks/smoke.py shrinks
their counts) and ``--benchmark-disable`` (each body once, untimed), and every
file must have a test that passed. A new benchmark joins the run by itself:
give it smoke sizes too, so the whole run stays under a minute on two cores.
``compare_hybrid_boggle.py`` needs
hybrid-boggle built outside the project, so only its overturn side is checked:
its dice, the board it builds and its Boggle score, against a pure-Python
Boggle scorer on the default lexicon.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

from overturn.game.solver import Solver
from overturn.lexicon.lexicon import Lexicon

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"

pytestmark = [pytest.mark.lexicon, pytest.mark.slow]


def test_every_benchmark_runs_at_smoke_size(tmp_path: Path) -> None:
    report = tmp_path / "benchmarks.xml"
    command = [
        sys.executable, "-m", "pytest", str(BENCHMARKS), "--benchmark-disable", "-q", "-p", "no:randomly",
        "-p", "no:cacheprovider", f"--junitxml={report}",
    ]
    env = {**os.environ, "OVERTURN_BENCH_SMOKE": "1"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    output = done.stdout[-6000:] + done.stderr[-2000:]
    assert done.returncode == 0, output
    outcomes: dict[str, list[str]] = defaultdict(list)
    for case in ElementTree.parse(report).iter("testcase"):
        module = case.get("classname", "").rsplit(".", 1)[-1]
        outcome = next((child.tag for child in case if child.tag in ("failure", "error", "skipped")), "passed")
        outcomes[f"{module}.py"].append(outcome)
    expected = sorted(path.name for path in BENCHMARKS.glob("bench_*.py"))
    assert expected and sorted(outcomes) == expected, output
    not_run = [name for name in expected if "passed" not in outcomes[name]]
    assert not not_run, f"no test of {not_run} passed at smoke size:\n{output}"


# ----- compare_hybrid_boggle.py: the overturn side ---------------------------------------------------------------


@pytest.fixture(scope="module")
def compare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compare_hybrid_boggle", BENCHMARKS / "compare_hybrid_boggle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def boggle_words(letters: str, keys: list[str]) -> set[str]:
    """Pure-Python Boggle on a 4×4 board of letters (Q is Qu): every key of 3 letters or more traced without a cell twice."""
    faces = ["QU" if letter == "Q" else letter for letter in letters]
    neighbours = [
        [other for other in range(16) if other != cell and abs(other // 4 - cell // 4) <= 1 and abs(other % 4 - cell % 4) <= 1]
        for cell in range(16)
    ]

    def traced(word: str, cell: int, at: int, used: int) -> bool:
        if not word.startswith(faces[cell], at):
            return False
        at += len(faces[cell])
        used |= 1 << cell
        return at == len(word) or any(traced(word, after, at, used) for after in neighbours[cell] if not used >> after & 1)

    readable = set("".join(faces))
    return {key for key in keys if len(key) >= 3 and readable.issuperset(key) and any(traced(key, cell, 0, 0) for cell in range(16))}


def one_die_each(letters: str, dice: list[str]) -> bool:
    """Whether each letter can be shown by a different die (a matching, by augmenting paths)."""
    position_of: dict[int, int] = {}  # die -> the position it shows

    def place(position: int, tried: set[int]) -> bool:
        for die, faces in enumerate(dice):
            if letters[position] in faces and die not in tried:
                tried.add(die)
                if die not in position_of or place(position_of[die], tried):
                    position_of[die] = position
                    return True
        return False

    return len(letters) == len(dice) and all(place(position, set()) for position in range(len(letters)))


def test_rolls_use_each_die_once(compare: ModuleType) -> None:
    for seed in range(20):
        letters = compare.roll(random.Random(seed))
        assert letters == compare.roll(random.Random(seed)) and one_die_each(letters, compare.DICE), letters
    assert not one_die_each("Z" * 16, compare.DICE)  # one die shows Z


def test_overturn_side_scores_as_pure_python_boggle(compare: ModuleType, default_lexicon: Lexicon) -> None:
    keys = default_lexicon.completions("", limit=None)
    rng = random.Random(2026)
    boards = [compare.roll(rng) for _ in range(4)] + ["QIESTNUARLEOTRSE"]  # the last one has words through its Qu
    assert compare.score(["ABC", "ABCD", "ABCDE", "ABCDEF", "ABCDEFG", "ABCDEFGH"]) == 1 + 1 + 2 + 3 + 5 + 11
    scores = []
    for letters in boards:
        solver = Solver(default_lexicon, compare.overturn_board(letters))
        found = solver.solve()
        expected = boggle_words(letters, keys)
        assert {item.word for item in found} == expected, letters
        scores.append(compare.score([item.word for item in found]))
        assert scores[-1] == compare.score(sorted(expected))
        assert compare.solve_with_paths(solver) == len(expected)
    assert sum(score > 0 for score in scores) >= 3, scores  # most rolls make words (one of these has no vowel but Y)
    assert any("QU" in word for word in boggle_words(boards[-1], keys))
