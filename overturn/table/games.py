"""The games a table may hold, by the name stored with the table: Overturn and the three referees."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from overturn.game.moves import GameError
from overturn.jsonstore import StateFileError
from overturn.lexicon.lexicon import Lexicon
from overturn.table.board_seating import PLAYERS, REFEREES, BoardTable
from overturn.table.contract import GameKind, TableGame
from overturn.table.errors import BadStoredGame
from overturn.table.seating import COLOURS, GAME, OverturnTable

#: What a stored game that no longer replays raises (an edited store is refused, not trusted).
_UNREADABLE = (StateFileError, GameError, KeyError, TypeError, ValueError)


@dataclass(frozen=True)
class OverturnKind:
    name: str = GAME
    title: str = "Overturn"
    players: tuple[int, int] = (len(COLOURS), len(COLOURS))
    page: str = "/"
    flat_answers: bool = True

    def load(self, state: str, lexicon: Callable[[str | None], Lexicon]) -> TableGame:
        try:
            return OverturnTable.load(state, lexicon(json.loads(state)["game"].get("lexicon")))
        except _UNREADABLE as exc:
            raise BadStoredGame(f"the table holds a game that does not replay: {exc}") from None


@dataclass(frozen=True)
class BoardKind:
    name: str
    title: str
    players: tuple[int, int]
    page: str = "/boardgame"
    flat_answers: bool = False

    def load(self, state: str, lexicon: Callable[[str | None], Lexicon]) -> TableGame:
        try:
            return BoardTable.load(self.name, state)
        except _UNREADABLE as exc:
            raise BadStoredGame(f"the table holds a game that does not replay: {exc}") from None


GAMES: dict[str, GameKind] = {
    GAME: OverturnKind(),
    **{name: BoardKind(name, referee.title, PLAYERS[name]) for name, referee in REFEREES.items()},
}
