"""Board geometry of offboard: 61 holes named like Abalone, and the ways off the board.

The start holes and the targets are data, read and checked in ``layouts.py``.

Coordinates are axial: ``col`` is the Abalone diagonal number (1–9) and ``row`` is
0–8 for rows A–I, row A at the bottom (A1–A5), row E the long middle row (E1–E9)
and row I at the top (I5–I9). Off-board positions are Hex values too: that is where
an ejected marble goes, and which target it meets depends on its exit.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

ROW_LETTERS = "ABCDEFGHI"
MARBLES_PER_PLAYER = 12
#: Points that win the game.
WIN_SCORE = 6


class Player(IntEnum):
    """The two colours; red always starts (rule book)."""

    RED = 0
    YELLOW = 1

    @property
    def opponent(self) -> Player:
        return _OPPONENTS[self]

    @property
    def label(self) -> str:
        """Lower-case name used in files and on the command line."""
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Player:
        try:
            return cls[label.upper()]
        except KeyError:
            raise ValueError(f"unknown player {label!r} (expected 'red' or 'yellow')") from None


_OPPONENTS = (Player.YELLOW, Player.RED)


class Direction(IntEnum):
    """The six neighbours of a hole, counter-clockwise from east, row A drawn at the bottom."""

    E = 0
    NE = 1
    NW = 2
    W = 3
    SW = 4
    SE = 5

    @property
    def vector(self) -> tuple[int, int]:
        """Step in (col, row)."""
        return _VECTORS[self]

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)


_VECTORS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))


class Hex(NamedTuple):
    """A position in axial coordinates; on the board or just off it (where targets are)."""

    col: int
    row: int

    def step(self, direction: Direction) -> Hex:
        dcol, drow = _VECTORS[direction]
        return Hex(self.col + dcol, self.row + drow)

    def is_hole(self) -> bool:
        """Inside the hexagon of side 5: cube coordinates of E5-centred offsets all within 4."""
        x, y = self.col - 5, self.row - 4
        return abs(x) <= 4 and abs(y) <= 4 and abs(x - y) <= 4

    @property
    def name(self) -> str:
        if not self.is_hole():
            raise ValueError(f"({self.col}, {self.row}) is not a hole of the board")
        return f"{ROW_LETTERS[self.row]}{self.col}"

    def __str__(self) -> str:
        return self.name


HOLES: tuple[Hex, ...] = tuple(
    Hex(col, row) for row in range(9) for col in range(1, 10) if Hex(col, row).is_hole()
)
HOLE_INDEX: dict[Hex, int] = {hole: index for index, hole in enumerate(HOLES)}
HOLE_COUNT = len(HOLES)  # 61
CORNERS: tuple[Hex, ...] = (Hex(1, 0), Hex(5, 0), Hex(9, 4), Hex(9, 8), Hex(5, 8), Hex(1, 4))


def _ray(origin: Hex, direction: Direction) -> tuple[int, ...]:
    cells = []
    hole = origin
    while hole.is_hole():
        cells.append(HOLE_INDEX[hole])
        hole = hole.step(direction)
    return tuple(cells)


# RAYS[6 * hole_index + direction]: hole indexes from that hole to the edge, the hole included.
# Move generation walks these instead of building Hex values, which keeps playouts fast.
RAYS: tuple[tuple[int, ...], ...] = tuple(_ray(hole, direction) for hole in HOLES for direction in Direction)
# INWARD_RAYS[hole_index]: (ray index, ray) for the directions that stay on the board from that hole.
INWARD_RAYS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((ray_index, RAYS[ray_index]) for ray_index in range(6 * index, 6 * index + 6) if len(RAYS[ray_index]) > 1)
    for index in range(HOLE_COUNT)
)


def parse_hex(text: str) -> Hex:
    """``"c3"``/``"C3"`` → ``Hex(3, 2)``; ValueError when no such hole exists."""
    cleaned = text.strip().upper()
    if len(cleaned) == 2 and cleaned[0] in ROW_LETTERS and cleaned[1].isdigit():
        hole = Hex(int(cleaned[1]), ROW_LETTERS.index(cleaned[0]))
        if hole.is_hole():
            return hole
    raise ValueError(f"{text.strip()!r} is not a hole (rows A-I, diagonals 1-9, e.g. A1, E5, I9)")


class Exit(NamedTuple):
    """The way a marble leaves the board: from ``hole`` moving one step in ``direction``."""

    hole: Hex
    direction: Direction

    def __str__(self) -> str:
        return f"{self.hole.name}:{self.direction.name}"


def outward_exits() -> tuple[Exit, ...]:
    """Every (edge hole, direction) that leaves the board: 54 on this board (corners have 3)."""
    return tuple(
        Exit(hole, direction) for hole in HOLES for direction in Direction if not hole.step(direction).is_hole()
    )


def parse_exit(text: str) -> Exit:
    hole_text, separator, direction_text = text.partition(":")
    if not separator or direction_text.upper() not in Direction.__members__:
        raise ValueError(f"{text!r} is not an exit like 'A1:SW'")
    exit_ = Exit(parse_hex(hole_text), Direction[direction_text.upper()])
    if exit_.hole.step(exit_.direction).is_hole():
        raise ValueError(f"{text!r} does not leave the board")
    return exit_
