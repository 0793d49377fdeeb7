"""What every referee shares: the player markers, the refusal type, the returns convention and the chance source."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from overturn.referees.errors import RefereeException

ActionT = TypeVar("ActionT")

#: ``current_player()`` at a chance node (dice, card draws) and once the game is over, as in OpenSpiel.
CHANCE = -1
TERMINAL = -4


class IllegalAction(RefereeException, ValueError):
    """A move the rule book forbids.

    ``rule`` is a short stable code (for scripts and tests); ``message`` says in
    plain English which rule is broken. Raising it must leave the state untouched.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


class BaseState(Generic[ActionT]):
    """Defaults for what the three states would otherwise each repeat (see ``protocol.State``).

    A game without chance keeps ``chance_outcomes`` empty and never reports
    ``CHANCE``; a game whose actions are their own notation keeps ``action_to_string``.
    """

    def current_player(self) -> int:
        raise NotImplementedError

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[ActionT, float]]:
        """The chance node's outcomes with their probabilities (summing to 1); empty elsewhere."""
        return []

    def action_to_string(self, action: ActionT) -> str:
        return str(action)


def win_returns(players: int, winners: Sequence[int]) -> list[float]:
    """The one ``returns()`` convention: +1 for each winner, -1 for every other player; all zeros
    while the game goes on (no winners yet) or when every player shares the win."""
    if not winners or len(winners) == players:
        return [0.0] * players
    return [1.0 if player in winners else -1.0 for player in range(players)]


def winning_seats(returns: Sequence[float], over: bool) -> list[int]:
    """The ``winners`` of every game's JSON: once over, the seats with a positive return (every seat on a
    shared win or a draw); empty while the game goes on."""
    if not over:
        return []
    best = [seat for seat, value in enumerate(returns) if value > 0]
    return best or list(range(len(returns)))


def scores_by_seat(stored: Any, seat_names: Sequence[str]) -> Any:
    """A saved ``scores`` as a list by seat: files written before scores were lists keyed them by each seat's
    name; such an object is read in seat order. Anything else stays as read, for the comparison to name."""
    if isinstance(stored, dict) and list(stored) == list(seat_names):
        return list(stored.values())
    return stored


def seeded_rng(seed: int | None) -> random.Random:
    """A private generator, so chance outcomes replay exactly from a seed."""
    return random.Random(seed)
