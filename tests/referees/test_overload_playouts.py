"""Random Overload playouts with the invariants checked after every action.

The regular suite plays 250 seeded games (about 5 s); the 10,000-game run
is benchmarks/bench_overload.py (70 to 95 s of CPU).
"""

from __future__ import annotations

import random
from collections import Counter

from overturn.referees.base import IllegalAction
from overturn.referees.overload import Action, Kind, OverloadState, Phase, random_playout
from overturn.referees.overload.rules import load_rules
from overturn.referees.overload.store import SavedGame, game_from_json, game_to_json, snapshot

RULES = load_rules()
GAMES = 250


class InvariantWatcher:
    """Checks what must hold after any action and counts which rules were used."""

    def __init__(self, state: OverloadState) -> None:
        self.scores = list(state.scores)
        self.mover = state.current
        self.events: Counter[str] = Counter()

    def __call__(self, state: OverloadState, action: Action) -> None:
        problems = state.invariant_violations()
        assert problems == [], (problems, state.history[-8:])
        assert all(new >= old for new, old in zip(state.scores, self.scores)), "a score went down"
        scored = [player for player, (new, old) in enumerate(zip(state.scores, self.scores)) if new > old]
        assert scored in ([], [self.mover]), "only the player on turn can score"
        self.events[action.kind.value] += 1
        self.events["points"] += sum(state.scores) - sum(self.scores)
        self.scores = list(state.scores)
        self.mover = state.current


def play_games(count: int, first_seed: int = 0) -> Counter[str]:
    totals: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + count):
        players = 3 + seed % 3
        variant = seed % (RULES.special_capacity(players) + 1)
        state = OverloadState.new(players, variant, RULES)
        watcher = InvariantWatcher(state)
        actions = random_playout(state, random.Random(seed), watcher, max_actions=20_000)
        assert state.is_terminal() and state.phase is Phase.OVER
        winners = [player for player, score in enumerate(state.scores) if score >= state.target]
        assert winners == [state.winner], "exactly one player reaches the target"
        assert state.returns() == [1.0 if seat == state.winner else -1.0 for seat in range(state.players)]
        totals.update(watcher.events)
        totals["actions"] += actions
        totals["games"] += 1
    return totals


def test_random_playouts_keep_every_invariant_and_end() -> None:
    totals = play_games(GAMES)
    assert totals["games"] == GAMES
    # The random players really exercised every kind of decision.
    for kind in Kind:
        assert totals[kind.value] > 0, kind


def test_a_finished_random_game_survives_a_json_round_trip() -> None:
    state = OverloadState.new(5, 6, RULES)
    random_playout(state, random.Random(2024))
    saved = game_to_json(SavedGame(state, 1))
    assert game_to_json(game_from_json(saved)) == saved


def test_playouts_replay_identically_from_the_same_seed() -> None:
    first, second = OverloadState.new(4, 2, RULES), OverloadState.new(4, 2, RULES)
    random_playout(first, random.Random(77))
    random_playout(second, random.Random(77))
    assert first.history == second.history and first.scores == second.scores


def test_random_actions_legal_or_not_are_either_refused_untouched_or_played_cleanly() -> None:
    refusals: Counter[str] = Counter()
    for seed in range(30):
        rng = random.Random(seed)
        state = OverloadState.new(3 + seed % 3, seed % 4, RULES)
        for _ in range(2000):
            if state.is_terminal():
                break
            if rng.random() < 0.5:
                action = rng.choice(state.legal_actions())
            else:
                action = Action(rng.choice(list(Kind)), rng.randint(-1, 12))
            before = (snapshot(state), len(state.history))
            try:
                state.apply_action(action)
            except IllegalAction as refusal:
                refusals[refusal.rule] += 1
                assert (snapshot(state), len(state.history)) == before
                continue
            assert state.invariant_violations() == []
    assert len(refusals) >= 10, refusals  # many different rules were exercised
