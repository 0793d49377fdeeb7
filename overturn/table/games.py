"""The games a table may hold, by the name stored with the table: Overturn and the three referees.

Each board game brings its own table adapter (``overload_table``,
``offboard_table``, ``insider_table``); registering it in ``BOARDS`` is all
the generic table (``board_seating``) and the service need.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from overturn.game.moves import GameError
from overturn.jsonstore import StateFileError
from overturn.lexicon.lexicon import Lexicon
from overturn.referees.protocol import Referee, UsageProblem
from overturn.table.board_seating import BoardRules, BoardTable
from overturn.table.contract import GameKind, TableGame
from overturn.table.errors import BadStoredGame
from overturn.table.insider_table import INSIDER
from overturn.table.offboard_table import OFFBOARD
from overturn.table.overload_table import OVERLOAD
from overturn.table.seating import COLOURS, GAME, OverturnTable

#: The board games' table adapters, by the ``game`` kind stored with the table.
BOARDS: dict[str, BoardRules] = {rules.name: rules for rules in (OVERLOAD, OFFBOARD, INSIDER)}
#: The referees a board table may hold; the seats each game takes (fewest, most) and the seeds it accepts.
REFEREES: dict[str, Referee[Any]] = {name: rules.referee for name, rules in BOARDS.items()}
PLAYERS = {name: rules.players for name, rules in BOARDS.items()}
SEEDS = {name: rules.seeds for name, rules in BOARDS.items()}

#: What a stored game that no longer replays raises (an edited store is refused, not trusted).
_UNREADABLE = (StateFileError, GameError, KeyError, TypeError, ValueError)


@dataclass(frozen=True)
class OverturnKind:
    name: str = GAME
    title: str = "Overturn"
    players: tuple[int, int] = (len(COLOURS), len(COLOURS))
    page: str = "/"
    flat_answers: bool = True
    clocked: bool = False

    def load(self, state: str, lexicon: Callable[[str | None], Lexicon]) -> TableGame:
        try:
            return OverturnTable.load(state, lexicon(json.loads(state)["game"].get("lexicon")))
        except _UNREADABLE as exc:
            raise BadStoredGame(f"the table holds a game that does not replay: {exc}") from None


@dataclass(frozen=True)
class BoardKind:
    rules: BoardRules
    page: str = "/boardgame"
    flat_answers: bool = False

    @property
    def clocked(self) -> bool:
        return bool(self.rules.clock_option)

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.referee.title

    @property
    def players(self) -> tuple[int, int]:
        return self.rules.players

    def load(self, state: str, lexicon: Callable[[str | None], Lexicon]) -> TableGame:
        try:
            return BoardTable.load(self.rules, state)
        except _UNREADABLE as exc:
            raise BadStoredGame(f"the table holds a game that does not replay: {exc}") from None


GAMES: dict[str, GameKind] = {
    GAME: OverturnKind(),
    **{name: BoardKind(rules) for name, rules in BOARDS.items()},
}


def new_board_table(kind: str, players: int, seed: int, options: dict[str, Any]) -> BoardTable:
    """A fresh board-game table; ``UsageProblem`` (in English, for the API) for a game or an option there is not."""
    if kind not in BOARDS:
        raise UsageProblem(f"unknown game {kind!r}: use one of {', '.join(BOARDS)}")
    return BoardTable.new(BOARDS[kind], players, seed, options)


def seat_names(kind: str, players: int) -> list[str]:
    """The default names of a board game's seats: the game's own colours or player numbers."""
    return BOARDS[kind].seat_names(players)
