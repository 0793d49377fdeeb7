"""Random playouts of Insider, for property tests and benchmarks.

A uniformly random player almost never reaches the INSIDER (it needs the Total
OUT cards moved and a long walk), so a game would last tens of thousands of
actions. The playout policy is therefore random but hurried: half the time it
takes an action that makes progress (a step towards the centre, taking a table,
a media hype, a helicopter to the centre), otherwise it draws a kind of action
uniformly and then an action of that kind, so rare kinds (card plays, Total OUT
moves, Bodyguards) are exercised as often as steps.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from functools import cache

from overturn.referees.insider import InsiderState
from overturn.referees.insider_board import Board


@cache
def _distance_to_centre(board: Board) -> tuple[int, ...]:
    """Steps from every position to the INSIDER on the bare board (Total OUT ignored)."""
    distance = [10**6] * board.position_count
    distance[board.centre] = 0
    frontier = [board.centre]
    while frontier:
        following = []
        for position in frontier:
            for route in board.routes[position]:
                for steps, next_position in enumerate(route, start=1):
                    if distance[position] + steps < distance[next_position]:
                        distance[next_position] = distance[position] + steps
                        following.append(next_position)
        frontier = following
    return tuple(distance)


def action_kind(action: str) -> str:
    words = action.split()
    return " ".join(words[:3]) if words[0] == "play" else words[0]


def _progress(state: InsiderState, action: str) -> bool:
    words = action.split()
    board = state.board
    if words[0] == "step":
        distance = _distance_to_centre(board)
        return distance[board.parse(words[2])] < distance[board.parse(words[1])]
    centre = board.name(board.centre)
    return (words[0] in ("seat", "walk")
            or action == "play trend 3"
            or (words[:3] == ["play", "heli", "2"] and words[4] == centre))


def choose_action(state: InsiderState, rng: random.Random) -> str:
    if state.is_chance_node():
        return state.sample_chance(rng)
    actions = state.legal_actions()
    if rng.random() < 0.5:
        hurried = [a for a in actions if _progress(state, a)]
        if hurried:
            return rng.choice(hurried)
    kinds: dict[str, list[str]] = defaultdict(list)
    for action in actions:
        kinds[action_kind(action)].append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def random_playout(players: int, seed: int, max_actions: int = 20_000,
                   check: Callable[[InsiderState], None] | None = None) -> InsiderState:
    """Play one seeded game (or stop after ``max_actions``), calling ``check`` after every action."""
    rng = random.Random(seed)
    state = InsiderState(players, seed=seed)
    for _ in range(max_actions):
        if state.is_terminal():
            break
        state.apply_action(choose_action(state, rng))
        if check is not None:
            check(state)
    return state
