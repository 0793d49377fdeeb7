"""An Insider position as the modules that read it see it: the turn record and a protocol.

``notation``, ``refusals`` and ``render`` read a position but must not import
the state module that calls them, so they are typed against ``InsiderPosition`` here;
the arrows run state -> notation/refusals/render -> position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from overturn.referees.insider.board import Board, Material

PLAYABLE_TYPES = ("admin", "heli", "scandal", "trend")  # Bodyguard only answers, out of turn


@dataclass
class Turn:
    """What the active player has done so far this turn (reset at every turn)."""

    phase: str = "choose"  # choose -> move -> after -> ending
    main: str | None = None  # walk, roll, die or draw
    points: int = 0
    double: bool = False  # a double was rolled: one Total OUT may move instead of playing cards
    totalout_moved: bool = False
    cards_played: bool = False
    cards_locked: bool = False  # the extra turn of a Trendsetter: no second card play
    extra_turn: bool = False  # a Trendsetter 1 was resolved: play again
    fresh: dict[str, int] = field(default_factory=dict)  # cards drawn this turn (not playable)
    frozen: list[int] = field(default_factory=list)  # pawns that may not move again this turn


class InsiderPosition(Protocol):
    """What notation, refusals and render read of an Insider state (``state.InsiderState`` is one)."""

    material: Material
    players: int
    bases: tuple[int, ...]
    scores: list[int]
    discard: dict[str, int]
    evaluation_card: str | None
    evaluations_done: int
    game_over: bool
    skips: list[int]
    auto_chance: bool
    current: int
    turn: Turn
    hands: list[dict[str, int]]
    pawns: list[list[int]]
    total_out: list[int]
    tables: list[int | None]
    one_die: list[bool]
    pending: list[dict[str, Any]]

    @property
    def board(self) -> Board: ...

    def clone(self) -> InsiderPosition: ...

    def is_chance_node(self) -> bool: ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> list[str]: ...

    def apply_action(self, action: str) -> None: ...

    def playable(self, player: int, card: str) -> int: ...

    def chance_outcomes(self) -> list[tuple[str, float]]: ...

    def deck_size(self) -> int: ...

    def hand_size(self, player: int) -> int: ...

    def may_play_cards(self) -> bool: ...

    def winners(self) -> list[int]: ...
