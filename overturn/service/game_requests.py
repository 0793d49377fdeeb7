"""The Overturn game a request carries or asks for, below every router that needs one.

The game endpoints, the referee, the review and the tables each read a saved
game, deal a new one or list the legal words; they ask it here, never of one
another (routers call the layer below: ``tests/test_architecture.py``).
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from msgspec import Meta, Struct
from starlette.responses import Response

from overturn.game.board import MAX_SEED, Board, BoardError
from overturn.game.moves import Colour, GameError
from overturn.game.state import MODES, Game
from overturn.game.turns import MAX_LISTED_MOVES as MAX_LISTED_MOVES  # the tables' helps name them here
from overturn.game.turns import LegalMoves as LegalMoves
from overturn.game.turns import legal_moves_of
from overturn.jsonstore import StateFileError
from overturn.lexicon.lexicon import Lexicon
from overturn.service.answers import respond
from overturn.service.context import Service
from overturn.service.errors import ApiError
from overturn.service.openapi import schema_of
from overturn.service.params import LexiconName

#: Fewest and most cells a board has in any mode: the length of ``rings``; at most that many moves in a game.
MIN_CELLS, MAX_CELLS = min(rules.size for rules in MODES.values()), max(rules.size for rules in MODES.values())

#: The game's modes and endings by name (``MODES``, ``ENDINGS``; a test holds the two spellings together).
ModeName = Literal["reuse", "advanced"]
EndingName = Literal["position", "passes"]
#: The side claiming a move; refused (wrong_player) if it is not its turn.
PlayerName = Literal["green", "silver"]
#: A cell as the saved game (and older clients) give it: [row, col], 0-based, on the board (off it is refused).
BoardIndex = Annotated[int, Meta(ge=0, le=max(max(rules.rows, rules.cols) for rules in MODES.values()) - 1)]
BoardCell = Annotated[list[BoardIndex], Meta(min_length=2, max_length=2)]
BOARD_CELL = schema_of(BoardCell)
#: A cell by its number (row * cols + col), as every answer gives it, on the board (off it is refused).
BoardCellNumber = Annotated[int, Meta(ge=0, le=MAX_CELLS - 1)]
#: A cell or a path as a request gives it (``overturn.game.answers.cell_number``, ``path_numbers``): cell numbers, or
#: [row, col] pairs as older clients send (one shape or the other; msgspec cannot type two list shapes in one union).
ASKED_CELL = {"anyOf": [schema_of(BoardCellNumber), BOARD_CELL]}
_STEPS = Meta(min_length=1, max_length=4 * MAX_CELLS)
ASKED_PATH = {"anyOf": [schema_of(Annotated[list[BoardCellNumber], _STEPS]), schema_of(Annotated[list[BoardCell], _STEPS])]}


class NewGameRequest(Struct, forbid_unknown_fields=True):
    """A new game on a seeded deal (random when both are absent) or on a typed board."""

    seed: Annotated[int, Meta(ge=0, le=MAX_SEED)] | None = None
    board: Annotated[str, Meta(min_length=1, max_length=1000, description="A typed board instead of a deal.")] | None = None
    mode: ModeName | None = None
    ending: Annotated[EndingName, Meta(description="position: over when no legal word is left (rule 4); passes: after two passes in a row.")] | None = None
    family: Annotated[bool, Meta(description="A family table: the family list's words are refused, never proposed.")] = False
    lexicon: LexiconName = None


def saved_game(saved: Any, lexicon: Lexicon) -> Game:
    """The game a request carries, replayed and checked (the file's own rules): 422 naming it when refused."""
    try:
        return Game.from_json(saved, lexicon)
    except (StateFileError, GameError) as exc:
        raise ApiError(422, f"bad game: {exc}", {"field": "game"}) from None


def saved_game_of(service: Service, saved: Any) -> Game:
    """The game the request carries, replayed and checked, with the lexicon it names (or the server's default)."""
    if not isinstance(saved, dict):
        raise ApiError(400, "'game' must be the saved game (a JSON object)", {"field": "game"})
    _name, lexicon = service.lexicon(saved.get("lexicon"))
    return saved_game(saved, lexicon)


def claimed_player(name: PlayerName | None) -> Colour | None:
    """The colour a request says is moving (``player``), for the referee to check; None when not given."""
    return None if name is None else Colour(name)


def dealt_game(service: Service, asked: NewGameRequest) -> Game:
    """The new game a request asks for (``mode``, ``ending``, ``lexicon``, and ``board`` or ``seed``): 422 naming a bad field."""
    mode, ending = asked.mode or "reuse", asked.ending or "position"
    name, lexicon = service.lexicon(asked.lexicon)
    if asked.board is not None:
        try:
            return Game.from_board(Board.parse(asked.board, MODES[mode]), mode, name, lexicon, ending, asked.family)
        except BoardError as exc:
            raise ApiError(422, f"bad board: {exc}", {"field": "board"}) from None
    seed = random.SystemRandom().randrange(MAX_SEED + 1) if asked.seed is None else asked.seed
    return Game.new(seed, mode, name, lexicon, ending, asked.family)


async def listed_moves(service: Service, game: Game, limit: int) -> Response:
    """The legal words of ``game`` now, ``limit`` of them listed (0 only counts): the game's moves and a table's helps."""

    def job() -> LegalMoves:
        return legal_moves_of(game, limit)

    return respond(await service.judge(job, "game step"))
