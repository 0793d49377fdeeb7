"""Random offboard games: invariants at every ply, move generation agreeing with the rule checks.

The regular suite plays PLAYOUTS games, half from each packaged start; benchmarks/bench_offboard.py plays the
issue's 10,000, too slow for the shared test budget in pure Python (minutes, see there).
"""

from __future__ import annotations

import json

from overturn.referees.base import IllegalAction, seeded_rng
from overturn.referees.offboard import (
    REMOVE,
    WIN_SCORE,
    MoveReport,
    OffboardState,
    Place,
    Step,
    random_playout,
    state_from_json,
    state_to_json,
)
from overturn.referees.offboard.geometry import HOLES, MARBLES_PER_PLAYER, Direction, Player
from overturn.referees.offboard.layouts import named_layout

PLAYOUTS = 100
LAYOUTS = ("apart", "contact")
MAX_PLIES = 1000  # random play wanders: about a quarter of games are still going by then

ALL_MOVES = [Step(hole, d) for hole in HOLES for d in Direction] + [Place(hole) for hole in HOLES] + [REMOVE]


def assert_invariants(state: OffboardState, scored: dict[Player, int]) -> None:
    assert state.invariant_violations() == []
    contents = state.target_contents()
    assert sum(sum(state.marble_counts(player).values()) for player in Player) == 2 * MARBLES_PER_PLAYER
    for player in Player:
        # a player's points are the values of the targets holding the opponent's marbles...
        opponent = player.opponent
        from_targets = sum(target.value for target, cup in zip(state.layout.targets, contents) if cup is opponent)
        # ...and also the sum of what its moves reported scoring
        assert state.score(player) == from_targets == scored[player]
    winner = state.winner()
    if winner is not None and state.score(winner) >= WIN_SCORE:
        assert state.score(winner.opponent) < WIN_SCORE and state.returns()[winner] == 1.0
    elif winner is not None:
        assert state.legal_actions() == [] and winner is state.to_move.opponent
    else:
        assert max(state.score(player) for player in Player) < WIN_SCORE and state.legal_actions()


def assert_generation_matches_checks(state: OffboardState) -> None:
    legal = set(state.legal_actions())
    assert len(legal) == len(state.legal_actions())
    accepted = set()
    for move in ALL_MOVES:
        try:
            state.check(move)
        except IllegalAction:
            continue
        accepted.add(move)
    assert accepted == legal


def run_playout(seed: int, check_generation_every: int = 0) -> tuple[OffboardState, int, int]:
    """Play one random game checking everything after each move; returns state, plies, bounces.

    Even seeds start from the default 'apart', odd ones from 'contact': random play
    from 'apart' wanders longer before contact (about half its games end by 1000 plies).
    """
    state = OffboardState(named_layout(LAYOUTS[seed % 2]))
    scored = {Player.RED: 0, Player.YELLOW: 0}
    bounces = 0

    def check(state: OffboardState, report: MoveReport) -> None:
        nonlocal bounces
        scored[report.player] += report.points
        bounces += report.bounced
        assert_invariants(state, scored)
        if check_generation_every and len(state.history) % check_generation_every == 0:
            assert_generation_matches_checks(state)

    plies = random_playout(state, seeded_rng(seed), check, MAX_PLIES)
    return state, plies, bounces


def test_random_playouts_keep_every_marble_and_point_accounted_for() -> None:
    finished = bounces = 0
    for seed in range(PLAYOUTS):
        state, _, bounced = run_playout(seed)
        finished += state.is_terminal()
        bounces += bounced
    # the runs must actually reach the rules under test, or the invariants prove little
    assert finished > PLAYOUTS // 2 and bounces > 0


def test_move_generation_agrees_with_the_rule_checks() -> None:
    for seed in range(1000, 1006):
        run_playout(seed, check_generation_every=25)


def test_saved_games_replay_to_the_same_state() -> None:
    for seed in range(2000, 2005):
        state, plies, _ = run_playout(seed)
        data = json.loads(json.dumps(state_to_json(state)))
        again = state_from_json(data)
        assert state_to_json(again) == data and len(again.history) == plies
