"""Insider speed, and the 10,000 random playouts of the issue with every invariant checked.

Run with ``pytest benchmarks/bench_insider.py``. The 10,000 games take about
30 minutes of one core (0.17 s per game with the checks; the regular suite plays
30); set INSIDER_PLAYOUTS to play fewer or more.
"""

from __future__ import annotations

import os
from collections import Counter

from smoke import sized

from overturn.referees.insider.playout import check_invariants, random_playout
from overturn.referees.insider.state import InsiderState

PLAYOUTS = int(os.environ.get("INSIDER_PLAYOUTS", sized(10_000, 3)))  #: smoke: 3 games, one of each player count


def test_bench_one_random_game(benchmark) -> None:
    state = benchmark(random_playout, 3, 12345)
    assert state.is_terminal()


def test_bench_legal_actions_mid_move(benchmark) -> None:
    state = InsiderState(4, seed=3)
    state.resolve_chance()
    state.apply_action("walk")
    actions = benchmark(lambda: (state.refresh(), state.legal_actions())[1])
    assert any(a.startswith("step") for a in actions)


def test_ten_thousand_random_playouts_keep_the_invariants(benchmark) -> None:
    def run() -> Counter:
        figures: Counter = Counter()
        for seed in range(PLAYOUTS):
            players = 2 + seed % 3
            state = random_playout(players, seed, check=check_invariants)
            figures["games"] += 1
            figures["terminal"] += state.is_terminal()
            figures["actions"] += len(state.history)
            figures["reached 35"] += max(state.scores) >= state.material.staircase.top
            figures["shared wins"] += len(state.winners()) > 1
        return figures

    figures = benchmark.pedantic(run, rounds=1, iterations=1)
    print(f"\nInsider playouts: {dict(figures)}")
    assert figures["games"] == PLAYOUTS == figures["terminal"]
