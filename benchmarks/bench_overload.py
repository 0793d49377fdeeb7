"""10,000 seeded random Overload playouts, every invariant checked after every action.

Run with ``pytest benchmarks/bench_overload.py`` (70 to 95 s of CPU, 4.2
million actions); the regular test suite plays the first 250 of these games.
"""

from __future__ import annotations

import random

from smoke import sized

from overturn.referees.overload import Action, OverloadState, random_playout
from overturn.referees.overload.rules import load_rules

RULES = load_rules()
PLAYOUTS = sized(10_000, 30)


def checked_playouts(count: int) -> dict[str, int]:
    """Seeds 0..count-1 over every player count and variant size; returns totals."""
    totals = {"games": 0, "actions": 0, "longest": 0}
    for seed in range(count):
        players = 3 + seed % 3
        state = OverloadState.new(players, seed % (RULES.special_capacity(players) + 1), RULES)
        last_scores = list(state.scores)

        def check(state: OverloadState, action: Action) -> None:
            nonlocal last_scores
            assert state.invariant_violations() == [], (seed, state.history[-8:])
            assert all(new >= old for new, old in zip(state.scores, last_scores)), (seed, "score went down")
            last_scores = list(state.scores)

        actions = random_playout(state, random.Random(seed), check, max_actions=20_000)
        assert [p for p, score in enumerate(state.scores) if score >= state.target] == [state.winner]
        totals["games"] += 1
        totals["actions"] += actions
        totals["longest"] = max(totals["longest"], actions)
    return totals


def test_ten_thousand_checked_playouts(benchmark) -> None:  # type: ignore[no-untyped-def]
    totals = benchmark.pedantic(checked_playouts, args=(PLAYOUTS,), rounds=1, iterations=1)
    benchmark.extra_info.update(totals)
    assert totals["games"] == PLAYOUTS
