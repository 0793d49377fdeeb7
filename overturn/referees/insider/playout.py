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

from overturn.referees.base import CHANCE
from overturn.referees.insider.board import Board
from overturn.referees.insider.state import InsiderState


@cache
def _distance_to_centre(board: Board) -> dict[str, int]:
    """Steps from every position (by name) to the INSIDER on the bare board (Total OUT ignored)."""
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
    return {board.name(p): d for p, d in enumerate(distance)}


def action_kind(action: str) -> str:
    words = action.split()
    return " ".join(words[:3]) if words[0] == "play" else words[0]


def _progress(state: InsiderState, action: str) -> bool:
    words = action.split()
    board = state.board
    if words[0] == "step":
        distance = _distance_to_centre(board)
        return distance[words[2]] < distance[words[1]]
    centre = board.name(board.centre)
    return (words[0] in ("seat", "walk")
            or action == "play trend 3"
            or (words[:3] == ["play", "heli", "2"] and words[4] == centre))


def choose_action(state: InsiderState, rng: random.Random) -> str:
    """The playout's next action; chance is drawn from the game's own seed so the game saves and loads back."""
    if state.is_chance_node():
        return state.sample_chance(state.auto_rng() if state.auto_chance else rng)
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


def check_invariants(state: InsiderState) -> None:
    """Raise AssertionError naming the first broken invariant (55 cards, 7 pawns each, scores on the stairs...).

    Written for speed: the benchmark calls it after every action of 10,000 games.
    """
    material = state.material
    board = state.board
    for card, count in material.action_cards.items():
        deck, discard = state.deck[card], state.discard[card]
        held = deck + discard + sum(hand[card] for hand in state.hands)
        if held != count or deck < 0 or discard < 0:
            _fail(f"{held} {card} cards instead of {count} (deck {deck}, discard {discard})")
    if any(not 0 <= sum(hand.values()) <= material.hand_limit for hand in state.hands):
        _fail("hand size")
    stairs = material.staircase
    if any(not stairs.cave <= s <= stairs.top for s in state.scores):
        _fail(f"score off the staircase {state.scores}")
    blocked = set(state.total_out)
    corners = board.corners
    path_spaces: list[int] = []
    for p, pawns in enumerate(state.pawns):
        if len(pawns) != material.pawns_per_player:
            _fail(f"P{p} has {len(pawns)} pawns")
        if blocked.intersection(pawns):
            _fail(f"P{p} pawn under a Total OUT")
        if any(pos in corners and pos != state.bases[p] for pos in pawns):
            _fail(f"P{p} pawn in a foreign base")
        path_spaces += [pos for pos in pawns if pos >= board.square_count]
        arriving = sum(1 for n in state.pending if n["kind"] == "seat" and n["player"] == p)
        if pawns.count(board.centre) != state.tables.count(p) + arriving:
            _fail(f"P{p} pawns and tables disagree")
    if len(path_spaces) != len(set(path_spaces)):
        _fail("two pawns on one path space")
    if len(blocked) != len(board.total_out_start):
        _fail("Total OUT cards lost or stacked")
    if state.evaluations_done > material.evaluations_per_game:
        _fail("too many evaluations")
    if not state.is_terminal():
        if not state.legal_actions():
            _fail("a live state without any action")
        if state.current_player() == CHANCE and abs(sum(p for _, p in state.chance_outcomes()) - 1) > 1e-9:
            _fail("chance outcomes do not sum to 1")


def _fail(what: str) -> None:
    """Like a failed assert, but never stripped by ``python -O``."""
    raise AssertionError(f"invariant broken: {what}")
