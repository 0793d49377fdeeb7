"""10,000 seeded random offboard playouts, the invariants checked after every move.

Run with ``pytest benchmarks/bench_offboard.py``: the games are shared between the
machine's cores, about 3 CPU minutes on two cores (a measured run on 2026-11-27: 8.0 million
plies, 59% of games decided within 1000 plies, 46,252 marbles pushed off, 8,110 bounces
off taken targets, 175 marbles removed; the 69% measured on 2026-11-22 came before the
fair default start and the packaged layouts, which, on the same 300 seeds, took the share
from 66% to 55%). The regular suite
(tests/referees/test_offboard_playouts.py) plays 100 of the same kind of games. Each game
stops at its end or at 1000 plies.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from smoke import sized, target

from overturn.referees.base import seeded_rng
from overturn.referees.offboard import MoveReport, OffboardState, random_playout
from overturn.referees.offboard.geometry import Player

PLAYOUTS = sized(10_000, 10)
MAX_PLIES = 1000


def checked_playouts(seeds: range) -> dict[str, int]:
    """Play the games of ``seeds``; every marble and point is accounted for after each move."""
    totals = {"games": 0, "plies": 0, "decided": 0, "ejections": 0, "bounces": 0, "removals": 0}
    for seed in seeds:
        state = OffboardState()
        scored = [0, 0]

        def check(state: OffboardState, report: MoveReport) -> None:
            scored[report.player] += report.points
            totals["ejections"] += report.target is not None
            totals["bounces"] += report.bounced
            problems = state.invariant_violations()
            assert not problems, (seed, problems)
            # 24 marbles: the per-colour check above, and the scores match the targets' contents
            assert [state.score(player) for player in Player] == scored, (seed, scored)

        totals["plies"] += random_playout(state, seeded_rng(seed), check, MAX_PLIES)
        totals["games"] += 1
        totals["decided"] += state.is_terminal()
        totals["removals"] += sum(state.removed(player) for player in Player)
    return totals


def parallel_playouts(count: int) -> dict[str, int]:
    workers = os.cpu_count() or 1
    chunks = [range(start, count, workers) for start in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(checked_playouts, chunks))
    return {key: sum(part[key] for part in parts) for key in parts[0]}


def test_one_ply_mid_game(benchmark) -> None:  # type: ignore[no-untyped-def]
    """Copy, move and generate the reply's legal moves: the cost of one playout ply."""
    state = OffboardState()
    random_playout(state, seeded_rng(5), max_plies=60)
    move = state.legal_actions()[0]

    def ply() -> int:
        after = state.clone()
        after.apply_action(move)
        return len(after.legal_actions())

    assert benchmark(ply) > 0


def test_ten_thousand_checked_playouts(benchmark) -> None:  # type: ignore[no-untyped-def]
    totals = benchmark.pedantic(parallel_playouts, args=(PLAYOUTS,), rounds=1, iterations=1)
    benchmark.extra_info.update(totals)
    assert totals["games"] == PLAYOUTS
    assert totals["bounces"] > 0
    # a share over many games: a few seeds' games may fall either side of it
    target(totals["decided"] > PLAYOUTS // 2, f"{totals['decided']} of {PLAYOUTS} games decided within {MAX_PLIES} plies, not more than half")
