"""What every referee shares: the refusal type and the seeded chance source."""

from __future__ import annotations

import random


class IllegalAction(ValueError):
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


def seeded_rng(seed: int | None) -> random.Random:
    """A private generator, so chance outcomes replay exactly from a seed."""
    return random.Random(seed)
