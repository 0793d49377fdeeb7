"""The games a table may hold, by the name stored with the table: Overturn and the three referees.

Each board game brings its own table adapter (``overload_table``,
``offboard_table``, ``insider_table``); registering it in ``BOARDS`` is all
the generic table (``board_seating``) and the service need.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

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
from overturn.table.seating import COLOURS, GAME, OverturnMove, OverturnTable
from overturn.table.views import (
    BOARD_TABLES_CREATED,
    BoardAnswer,
    BoardGameView,
    BoardTableMoved,
    OverturnAnswer,
    OverturnTableCreated,
    OverturnTableMoved,
    OverturnTableView,
    TableLinks,
    TableView,
)

#: The board games' table adapters, by the ``game`` kind stored with the table.
BOARDS: dict[str, BoardRules] = {rules.name: rules for rules in (OVERLOAD, OFFBOARD, INSIDER)}
#: The referees a board table may hold; the seats each game takes (fewest, most) and the seeds it accepts.
REFEREES: dict[str, Referee[Any]] = {name: rules.referee for name, rules in BOARDS.items()}
PLAYERS = {name: rules.players for name, rules in BOARDS.items()}
SEEDS = {name: rules.seeds for name, rules in BOARDS.items()}

#: Longest board-game move (its notation, typed or tapped).
MAX_MOVE_CHARS = 200
#: A board game's move: its notation.
BoardMove = Annotated[str, Meta(min_length=1, max_length=MAX_MOVE_CHARS, description="A board game's move, in its notation.")]
#: A move as a request gives it, whatever the game: each game's ``parse`` takes its own shape and refuses the others'.
TableMove = BoardMove | OverturnMove

#: What a stored game that no longer replays raises (an edited store is refused, not trusted).
_UNREADABLE = (StateFileError, GameError, KeyError, TypeError, ValueError)


@dataclass(frozen=True)
class OverturnKind:
    name: str = GAME
    title: str = "Overturn"
    players: tuple[int, int] = (len(COLOURS), len(COLOURS))
    page: str = "/"
    clocked: bool = False

    def created(self, watcher: TableView, creator: str, tokens: list[str | None], links: TableLinks) -> Struct:
        """Overturn's answers are flat: the view's fields at top level, beside the creator's."""
        assert isinstance(watcher, OverturnTableView)
        return OverturnTableCreated(**msgspec.structs.asdict(watcher), creator=creator, tokens=tokens, links=links)

    def moved(self, answer: Struct, view: TableView) -> Struct:
        assert isinstance(answer, OverturnAnswer) and isinstance(view, OverturnTableView)
        return OverturnTableMoved(**msgspec.structs.asdict(view), verdict=answer.verdict)

    def load(self, state: str, lexicon: Callable[[str | None], Lexicon]) -> TableGame:
        try:
            return OverturnTable.load(state, lexicon(json.loads(state)["game"].get("lexicon")))
        except _UNREADABLE as exc:
            raise BadStoredGame(f"the table holds a game that does not replay: {exc}") from None


@dataclass(frozen=True)
class BoardKind:
    rules: BoardRules
    page: str = "/boardgame"

    def created(self, watcher: TableView, creator: str, tokens: list[str | None], links: TableLinks) -> Struct:
        assert isinstance(watcher, BoardGameView)
        return BOARD_TABLES_CREATED[self.rules.view](**msgspec.structs.asdict(watcher), creator=creator, tokens=tokens, links=links)

    def moved(self, answer: Struct, view: TableView) -> Struct:
        """A board game's answer holds the view under ``state``, beside the refusal or the move list entry."""
        assert isinstance(answer, BoardAnswer) and isinstance(view, BoardGameView)
        return BoardTableMoved(answer.error, answer.result, view)

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
