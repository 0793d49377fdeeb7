"""The moves of an Overturn game and the values a game reports: sides, moves, results.

Kept apart from ``state`` so the referee can speak of sides and moves without
importing the game that calls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from overturn.game.errors import GameException


class Colour(str, Enum):
    """A side (a player or a team); a ring shows one of the two colours.

    >>> import overturn
    >>> overturn.Colour.GREEN.other
    <Colour.SILVER: 'silver'>
    >>> overturn.Colour("silver").seat  # its seat in JSON answers
    1
    """

    GREEN = "green"
    SILVER = "silver"

    @property
    def other(self) -> Colour:
        return Colour.SILVER if self is Colour.GREEN else Colour.GREEN

    @property
    def seat(self) -> int:
        """The side's seat in JSON answers, numbered from 0 as the other games' seats are: green 0, silver 1."""
        return 0 if self is Colour.GREEN else 1


@dataclass(frozen=True, slots=True)
class WordMove:
    """A word (any spelling; stored as its key) along a path of cells; ``path`` None lets the referee choose.

    >>> import overturn
    >>> game = overturn.Game.new(seed=311, lexicon=overturn.load_lexicon("fr"))
    >>> game.push(overturn.WordMove("roi")).move  # the referee chose the path of the largest ring swing
    WordMove(word='ROI', path=(16, 9, 15))
    >>> game.pop().move.word
    'ROI'
    >>> game.push(overturn.WordMove("Roi", (25, 20, 15))).move  # a traced path: cell numbers, row by row from 0
    WordMove(word='ROI', path=(25, 20, 15))
    """

    word: str
    path: tuple[int, ...] | None = None


@dataclass(frozen=True)
class PassMove:
    """No word: a ring of the opponent's colour on a new cell.

    >>> import overturn
    >>> game = overturn.Game.new(seed=311)
    >>> game.push(overturn.PassMove(0))
    Played(player=<Colour.GREEN: 'green'>, move=PassMove(cell=0), readings=())
    >>> game.rings[0], game.to_move
    (<Colour.SILVER: 'silver'>, <Colour.SILVER: 'silver'>)
    """

    cell: int


Move = WordMove | PassMove


@dataclass(frozen=True)
class Played:
    """A move as it entered the game: who, what (path resolved) and the readings it fixed or relied on."""

    player: Colour
    move: Move
    readings: tuple[tuple[str, str], ...] = ()


class RankedMove(NamedTuple):
    """A legal move, the ring swing it earns the mover, and the double-face readings its path fixes.

    A named tuple: a position has thousands, and frozen dataclasses cost more to build than the search.
    """

    move: Move
    swing: int
    readings: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Result:
    green: int
    silver: int
    over: bool

    @property
    def winner(self) -> Colour | None:
        """The side with more rings of its colour; None for a tie."""
        if self.green == self.silver:
            return None
        return Colour.GREEN if self.green > self.silver else Colour.SILVER


class GameError(GameException, ValueError):
    """A request the game cannot serve (nothing to undo, no lexicon, no layer left to deal)."""
