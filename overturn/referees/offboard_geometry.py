"""Board geometry of offboard: 61 holes named like Abalone, and the targets around the edge.

The rule book shows the board only in missing pictures, so the start holes and the
target values live in ``data/offboard.json`` (documented defaults, see docs/offboard.md)
and this module checks that file against the hexagon before the referee trusts it.

Coordinates are axial: ``col`` is the Abalone diagonal number (1–9) and ``row`` is
0–8 for rows A–I, row A at the bottom (A1–A5), row E the long middle row (E1–E9)
and row I at the top (I5–I9). Off-board positions are Hex values too: that is where
an ejected marble goes, and which target it meets depends on its exit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

ROW_LETTERS = "ABCDEFGHI"
MARBLES_PER_PLAYER = 12


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


@dataclass(frozen=True)
class Target:
    """A cup beside the edge; holds at most one marble, worth ``value`` to the pusher."""

    number: int
    value: int
    edge: str
    exits: tuple[Exit, ...]


class LayoutError(ValueError):
    """The layout data file does not describe a playable board; the message names the field."""


@dataclass(frozen=True, eq=False)
class Layout:
    """Start holes and targets, checked; ``exit_target`` already applies the corner rule.

    ``ray_target`` is the same mapping indexed like ``RAYS``: the target (index) met by a
    marble pushed off the far end of that ray.
    """

    start: dict[Player, tuple[Hex, ...]]
    targets: tuple[Target, ...]
    exit_target: dict[Exit, int]
    ray_target: tuple[int, ...]

    def target_of(self, exit_: Exit) -> Target:
        return self.targets[self.exit_target[exit_]]


def layout_from_data(data: Any) -> Layout:
    """Build and check a Layout; every problem raises LayoutError naming the offending field."""
    if not isinstance(data, dict):
        raise LayoutError("layout: expected a JSON object")
    if data.get("version") != 1:
        raise LayoutError(f"version: expected 1, got {data.get('version')!r}")
    start = _start_from_data(data.get("start"))
    targets = _targets_from_data(data.get("targets"))
    exit_target = _resolve_exits(targets)
    ray_target = tuple(exit_target[Exit(HOLES[ray[-1]], Direction(index % 6))] for index, ray in enumerate(RAYS))
    return Layout(start=start, targets=targets, exit_target=exit_target, ray_target=ray_target)


def _start_from_data(raw: Any) -> dict[Player, tuple[Hex, ...]]:
    if not isinstance(raw, dict) or set(raw) != {"red", "yellow"}:
        raise LayoutError("start: expected an object with 'red' and 'yellow' lists")
    start: dict[Player, tuple[Hex, ...]] = {}
    for player in Player:
        names = raw[player.label]
        if not isinstance(names, list) or len(names) != MARBLES_PER_PLAYER:
            raise LayoutError(f"start.{player.label}: expected {MARBLES_PER_PLAYER} hole names")
        try:
            start[player] = tuple(parse_hex(str(name)) for name in names)
        except ValueError as exc:
            raise LayoutError(f"start.{player.label}: {exc}") from None
    every = start[Player.RED] + start[Player.YELLOW]
    if len(set(every)) != len(every):
        raise LayoutError("start: a hole is listed twice")
    return start


def _targets_from_data(raw: Any) -> tuple[Target, ...]:
    if not isinstance(raw, list) or not raw:
        raise LayoutError("targets: expected a non-empty list")
    targets = []
    for position, item in enumerate(raw):
        field = f"targets[{position}]"
        if not isinstance(item, dict):
            raise LayoutError(f"{field}: expected an object")
        value = item.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise LayoutError(f"{field}.value: expected a positive integer")
        if item.get("number") != position + 1:
            raise LayoutError(f"{field}.number: expected {position + 1} (targets are numbered in order)")
        exits_raw = item.get("exits")
        if not isinstance(exits_raw, list) or not exits_raw:
            raise LayoutError(f"{field}.exits: expected a non-empty list like ['A1:SW']")
        try:
            exits = tuple(parse_exit(str(text)) for text in exits_raw)
        except ValueError as exc:
            raise LayoutError(f"{field}.exits: {exc}") from None
        targets.append(Target(number=position + 1, value=value, edge=str(item.get("edge", "")), exits=exits))
    return tuple(targets)


def _resolve_exits(targets: tuple[Target, ...]) -> dict[Exit, int]:
    """Map each exit to one target; an exit reaching two targets falls into the lower value."""
    reach: dict[Exit, list[int]] = {}
    for index, target in enumerate(targets):
        for exit_ in target.exits:
            reach.setdefault(exit_, []).append(index)
    missing = [str(exit_) for exit_ in outward_exits() if exit_ not in reach]
    if missing:
        raise LayoutError(f"targets: exits lead to no target: {', '.join(missing)}")
    resolved: dict[Exit, int] = {}
    for exit_, indexes in reach.items():
        if len(indexes) > 2:
            raise LayoutError(f"targets: exit {exit_} is listed under more than two targets")
        values = sorted(targets[index].value for index in indexes)
        if len(values) == 2 and values[0] == values[1]:
            raise LayoutError(f"targets: exit {exit_} reaches two targets of equal value; the lower cannot be chosen")
        resolved[exit_] = min(indexes, key=lambda index: targets[index].value)
    return resolved


@cache
def default_layout() -> Layout:
    """The packaged layout, read once."""
    text = resources.files("overturn.referees").joinpath("data/offboard.json").read_text(encoding="utf-8")
    return layout_from_data(json.loads(text))
