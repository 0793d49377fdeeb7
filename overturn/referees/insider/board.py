"""Insider material read from data: the board graph, the cards and the staircase.

Positions are small integers so the referee stays fast in long random playouts:
the big squares come first (in data order), then every path space. Names are
for people: a big square is ``a1`` .. ``e5`` (column letter, row number, row 1
at the bottom), a path space is ``a1-b1.1`` (link ``a1-b1``, space 1 being the
one next to ``a1``). The same space may be named from the other end of its link
(``b1-a1.2`` is ``a1-b1.1`` on a 2-space path): ``parse`` accepts both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

CARD_TYPES: tuple[str, ...] = ("admin", "heli", "scandal", "trend", "guard")


@dataclass(frozen=True)
class EvaluationCard:
    """One red-backed card: the value of each table and the penalty for being absent."""

    card_id: str
    tables: tuple[int, ...]
    penalty: int


@dataclass(frozen=True)
class Staircase:
    start: int
    cave: int
    top: int

    def clamp(self, score: int) -> int:
        """Nobody falls below the cave; the top step is the last one."""
        return max(self.cave, min(self.top, score))


class Board:
    """The graph of big squares and path spaces, with the moves and checks that depend only on it."""

    def __init__(self, data: dict[str, Any]) -> None:
        columns: str = data["columns"]
        rows: int = data["rows"]
        self.columns = columns
        self.rows = rows
        self.square_names: list[str] = [f"{c}{r}" for r in range(1, rows + 1) for c in columns]
        self.square_count = len(self.square_names)
        index = {name: i for i, name in enumerate(self.square_names)}
        self.centre: int = index[data["centre"]]
        self.inner: frozenset[int] = frozenset(index[n] for n in data["inner_squares"])
        self.total_out_start: tuple[int, ...] = tuple(index[n] for n in data["total_out_start"])
        self.corners: frozenset[int] = frozenset(index[n] for n in data["corners"])
        self.bases_by_player_count: dict[int, tuple[int, ...]] = {
            int(k): tuple(index[n] for n in v) for k, v in data["bases_by_player_count"].items()
        }
        self.names: list[str] = list(self.square_names)
        # link id -> (square a, square b, path space ids from a to b)
        self.links: list[tuple[int, int, tuple[int, ...]]] = []
        self.space_link: dict[int, tuple[int, int]] = {}  # path space -> (link id, 0-based index from a)
        for a_name, b_name, length in data["links"]:
            a, b = index[a_name], index[b_name]
            if length < 1:
                raise ValueError(f"link {a_name}-{b_name}: a path needs at least one space")
            spaces = tuple(range(len(self.names), len(self.names) + length))
            for k, space in enumerate(spaces):
                self.names.append(f"{a_name}-{b_name}.{k + 1}")
                self.space_link[space] = (len(self.links), k)
            self.links.append((a, b, spaces))
        self.position_count = len(self.names)
        self._components: dict[frozenset[int], tuple[list[int], frozenset[int]]] = {}
        self.position_index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        # the same path spaces named from the other end of their link: b1-a1.1 is a1-b1.2 on a 2-space path
        self.reversed_names: dict[str, int] = {
            f"{self.names[b]}-{self.names[a]}.{len(spaces) - k}": space
            for a, b, spaces in self.links for k, space in enumerate(spaces)
        }
        self.routes: list[tuple[tuple[int, ...], ...]] = [self._routes_from(p) for p in range(self.position_count)]
        self.neighbours: list[frozenset[int]] = [
            frozenset(route[-1] for route in self.routes[s]) for s in range(self.square_count)
        ]
        # the path space next to each square on each of its links: the doorsteps
        self.doorsteps: list[tuple[int, ...]] = [
            tuple(route[0] for route in self.routes[s]) for s in range(self.square_count)
        ]

    def _routes_from(self, position: int) -> tuple[tuple[int, ...], ...]:
        """Every direction a pawn can walk from here, as the positions passed up to the next big square."""
        routes: list[tuple[int, ...]] = []
        if position < self.square_count:
            for a, b, spaces in self.links:
                if a == position:
                    routes.append((*spaces, b))
                elif b == position:
                    routes.append((*reversed(spaces), a))
        else:
            link_id, k = self.space_link[position]
            a, b, spaces = self.links[link_id]
            routes.append((*spaces[k + 1 :], b))
            routes.append((*reversed(spaces[:k]), a))
        return tuple(routes)

    def is_square(self, position: int) -> bool:
        return position < self.square_count

    def is_outer(self, square: int) -> bool:
        """Outside the centre and the four squares around it (the reach of power-1 cards)."""
        return square < self.square_count and square != self.centre and square not in self.inner

    def name(self, position: int) -> str:
        return self.names[position]

    def parse(self, name: str) -> int:
        """A position from its name, path spaces named from either end of their link."""
        key = name.strip().lower()
        found = self.position_index.get(key, self.reversed_names.get(key))
        if found is None:
            raise KeyError(name)
        return found

    def regions(self, total_out: frozenset[int]) -> tuple[list[int], frozenset[int]]:
        """Component label of every position on the open board, and the labels that reach the centre.

        The open board is the path spaces and the open normal squares: bases
        (corners) and the centre are left out (label -1), since nobody walks through
        the INSIDER or through a base to get somewhere else. Cached: there are only
        a few thousand ways to place four Total OUT cards.
        """
        found = self._components.get(total_out)
        if found is None:
            labels = self._label_components(total_out)
            found = self._components[total_out] = (labels, frozenset(labels[d] for d in self.doorsteps[self.centre]))
        return found

    def _label_components(self, total_out: frozenset[int]) -> list[int]:
        parent = list(range(self.position_count))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def open_node(p: int) -> bool:
            return p >= self.square_count or (p not in total_out and p != self.centre and p not in self.corners)

        for a, b, spaces in self.links:
            chain = [a, *spaces, b]
            for x, y in zip(chain, chain[1:]):
                if open_node(x) and open_node(y):
                    parent[find(x)] = find(y)
        return [find(p) if open_node(p) else -1 for p in range(self.position_count)]


@dataclass(frozen=True)
class Material:
    """Everything the rule book fixes (or the data file defaults): board, cards, staircase, counts."""

    board: Board
    pawns_per_player: int
    action_cards: dict[str, int]
    starting_hand: int
    hand_limit: int
    movement_points: int
    evaluations_per_game: int
    evaluation_sizes: dict[int, tuple[int, ...]]
    evaluation_cards: dict[str, EvaluationCard]
    staircase: Staircase

    @property
    def total_action_cards(self) -> int:
        return sum(self.action_cards.values())

    def evaluation_pool(self, players: int) -> tuple[str, ...]:
        """The cards set aside for this number of players, before 7 are drawn."""
        sizes = self.evaluation_sizes[players]
        return tuple(c.card_id for c in self.evaluation_cards.values() if len(c.tables) in sizes)


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("overturn.referees.insider").joinpath("data", name).read_text(encoding="utf-8"))
    return data


@cache
def default_material() -> Material:
    """The material of the published game, with the documented defaults of the data files."""
    data = _read("material.json")
    cards = _read("evaluation_cards.json")["cards"]
    if set(data["action_cards"]) != set(CARD_TYPES):
        raise ValueError(f"material.json: action_cards must list exactly {', '.join(CARD_TYPES)}")
    stairs = data["staircase"]
    return Material(
        board=Board(data["board"]),
        pawns_per_player=data["pawns_per_player"],
        action_cards={t: data["action_cards"][t] for t in CARD_TYPES},
        starting_hand=data["starting_hand"],
        hand_limit=data["hand_limit"],
        movement_points=data["movement_points"],
        evaluations_per_game=data["evaluations_per_game"],
        evaluation_sizes={int(k): tuple(v) for k, v in data["evaluation_sizes_by_player_count"].items()},
        evaluation_cards={
            c["id"]: EvaluationCard(c["id"], tuple(c["tables"]), c["penalty"]) for c in cards
        },
        staircase=Staircase(stairs["start"], stairs["cave"], stairs["top"]),
    )
