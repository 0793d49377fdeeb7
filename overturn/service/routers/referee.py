"""The referee area: a verdict on a disputed word, on a board or in a saved game."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, structs
from starlette.requests import Request
from starlette.responses import Response

from overturn.game.answers import Cell, CellNumber, TracedPath, Verdict
from overturn.game.referee import referee_word
from overturn.game.state import Game
from overturn.service.answers import respond
from overturn.service.context import service_of
from overturn.service.errors import ApiError
from overturn.service.game_requests import PlayerName, claimed_player, saved_game
from overturn.service.openapi import Endpoint, choice, ok, schema_of, text
from overturn.service.params import BoardRules, BoardText, SavedGameJSON, path_cells, typed_body


class RefereeRequest(BoardRules, kw_only=True):
    """A disputed word, on a typed board or in a saved game's position (whose board then replaces ``board``)."""

    word: Annotated[str, Meta(min_length=1)]
    board: BoardText | None = None
    game: SavedGameJSON | None = None
    path: TracedPath | None = None
    player: PlayerName | None = None


class RefereeAnswer(Verdict):
    """The verdict, with the lexicon it was judged by and the board (the saved game's, when one was sent)."""

    lexicon: str
    board: str


async def referee(request: Request) -> Response:
    service = service_of(request)
    asked = typed_body(await service.read_json(request), RefereeRequest)
    word = service.word(asked.word)
    name, lexicon = service.lexicon(asked.lexicon)
    game: Game | None = None
    if asked.game is not None:
        game = saved_game(asked.game, lexicon)
        board = game.board
    elif asked.board is not None:
        board = service.board_and_rules(asked.board, asked)
    else:
        raise ApiError(400, "give the board (text) or the game (saved JSON state)", {"field": "board"})
    player = claimed_player(asked.player)
    path = path_cells(asked.path, board) if asked.path is not None else None
    verdict = await service.judge(lambda: referee_word(lexicon, board, word, path, game, player=player), "referee")
    return respond(RefereeAnswer(**structs.asdict(verdict.view()), lexicon=name, board=str(board)))


#: Most steps of a path on a typed board (a board of any size: its own bound is checked when it is read).
_STEPS = Meta(min_length=1, max_length=144)

ENDPOINTS = (
    Endpoint(
        "POST", "/api/referee", referee, "referee", "The referee's verdict on a disputed word, on a board or in a saved game's position.",
        ok("The verdict (legal or not) with its reason code.", RefereeAnswer), (400, 408, 413, 415, 422, 503),
        body=RefereeRequest,
        example={"board": "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC", "word": "MARE"},
        narrowed=lambda service: {
            "lexicon": choice(service.lexicons),
            "word": schema_of(text(service.limits.max_word_length)),
            "path": {"anyOf": [schema_of(Annotated[list[CellNumber], _STEPS]), schema_of(Annotated[list[Cell], _STEPS])]},  # any board's size
        },
    ),
)
