"""Insider random playouts: the invariants hold after every action and games end.

The regular suite plays 30 whole games (about 2,000 actions each, a few seconds);
``benchmarks/bench_insider.py`` plays the 10,000 of the issue with the same checks.
"""

from __future__ import annotations

import json
import random

import pytest

from overturn.referees.base import IllegalAction
from overturn.referees.insider.codec import state_from_json, state_to_json
from overturn.referees.insider.playout import check_invariants, random_playout
from overturn.referees.insider.state import InsiderState

REGULAR_PLAYOUTS = 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants_and_end(players: int) -> None:
    for seed in range(REGULAR_PLAYOUTS // 3):
        state = random_playout(players, seed * 10 + players, check=check_invariants)
        assert state.is_terminal()
        stairs = state.material.staircase
        assert state.evaluations_done == 7 or max(state.scores) >= stairs.top
        assert sorted(state.returns())[-1] >= 0


def test_playouts_replay_exactly_from_their_history() -> None:
    state = random_playout(3, 99)
    replay = InsiderState(3, seed=99)
    for action in state.history:
        replay.apply_action(action)
    assert state_to_json(replay) == state_to_json(state)


def test_refused_actions_never_change_a_live_state() -> None:
    rng = random.Random(5)
    junk = ["end", "walk", "step a1 a1-b1.2", "play admin 1 b2:0 d4:1", "play heli 2 b2 c3", "seat 1",
            "guard 1", "pass", "totalout c2 c1", "swap heli", "dice 3 4", "card heli", "vip 1 2", "done"]
    state = InsiderState(2, seed=5)
    state.auto_chance = False  # the table gives every chance outcome
    for _ in range(600):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        before = state_to_json(state)
        for action in junk:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    state.apply_action(action)
        assert state_to_json(state) == before
        state.apply_action(rng.choice(sorted(legal)))


def test_saved_mid_game_states_load_back_identically() -> None:
    for seed in range(6):
        state = random_playout(2 + seed % 3, seed, max_actions=150 * (seed + 1))
        data = json.loads(json.dumps(state_to_json(state)))
        again = state_from_json(data)
        assert state_to_json(again) == data
        assert again.legal_actions() == state.legal_actions()


def test_garbled_actions_are_refused_with_a_rule_never_a_crash() -> None:
    tokens = ["walk", "step", "play", "admin", "heli", "scandal", "trend", "guard", "0", "1", "3", "9", "a1",
              "c3", "b2:1", "t1", "t9", "a1-b1.1", "seat", "pass", "vip", "done", "totalout", "swap", "end",
              "card", "steal", "dice", "die", "eval", "4a", "zz", "-1", ":"]
    rng = random.Random(11)
    state = InsiderState(3, seed=11)
    state.auto_chance = False
    for _ in range(400):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        for _ in range(4):
            words = rng.choice(sorted(legal)).split()
            words[rng.randrange(len(words))] = rng.choice(tokens)
            garbled = " ".join(words + [rng.choice(tokens)] * rng.randint(0, 1))
            if garbled in legal or garbled.startswith("play admin"):
                continue  # admin swaps are accepted in either order
            with pytest.raises(IllegalAction) as info:
                state.apply_action(garbled)
            assert info.value.rule and info.value.message
        state.apply_action(rng.choice(sorted(legal)))
