"""The referee area: a verdict on a disputed word, on a board or in a saved game."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.game.referee import REASONS, referee_word
from overturn.game.state import Colour, Game, GameError
from overturn.jsonstore import StateFileError
from overturn.lexicon.lexicon import Lexicon
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import (
    CELL,
    ENTRY,
    board_properties,
    error_responses,
    ok_response,
)
from overturn.service.params import path_cells, text_param


def saved_game(saved: Any, lexicon: Lexicon) -> Game:
    """The game a request carries, replayed and checked (the file's own rules): 422 naming it when refused."""
    try:
        return Game.from_json(saved, lexicon)
    except (StateFileError, GameError) as exc:
        raise ApiError(422, f"bad game: {exc}", {"field": "game"}) from None

def claimed_player(data: dict[str, Any]) -> Colour | None:
    """The colour a request says is moving (``player``), for the referee to check; None when not given."""
    value = data.get("player")
    if value is None:
        return None
    if value not in [colour.value for colour in Colour]:
        raise ApiError(422, "'player' must be 'green' or 'silver'", {"field": "player"})
    return Colour(value)

async def referee(request: Request) -> Response:
    service = service_of(request)
    limits = service.limits
    data = await service.read_json(request)
    word = text_param(data.get("word"), "word", limits.max_word_length)
    name, lexicon = service.lexicon(data.get("lexicon"))
    game: Game | None = None
    if data.get("game") is not None:
        game = saved_game(data["game"], lexicon)
        board = game.board
    elif data.get("board") is not None:
        board = service.board_and_rules(data)
    else:
        raise ApiError(400, "give the board (text) or the game (saved JSON state)", {"field": "board"})
    player = claimed_player(data)
    path = path_cells(data["path"], board) if data.get("path") is not None else None
    verdict = await service.judge(lambda: referee_word(lexicon, board, word, path, game, player=player), "referee")
    return JSONResponse({**verdict.to_json(board), "lexicon": name, "board": str(board)})


ROUTES: list[BaseRoute] = [Route("/api/referee", referee, methods=["POST"])]


def openapi_paths(service: Service) -> dict[str, Any]:
    """This area's entries in the OpenAPI document, with this server's limits in them."""
    limits = service.limits
    return {
        "/api/referee": {
            "post": {
                "operationId": "referee",
                "summary": "The referee's verdict on a disputed word, on a board or in a saved game's position.",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["word"],
                                "properties": {
                                    **board_properties(list(service.lexicons)),
                                    "word": {"type": "string", "minLength": 1, "maxLength": limits.max_word_length},
                                    "path": {"type": "array", "items": CELL, "minItems": 1, "maxItems": 144, "description": "The traced path, [row, col] 0-based."},
                                    "game": {"type": "object", "description": "A saved game (overturn-game JSON); its board replaces 'board'."},
                                    "player": {"type": "string", "enum": ["green", "silver"]},
                                },
                            }
                        }
                    },
                },
                "responses": {"200": ok_response("Verdict", "The verdict (legal or not) with its reason code."), **error_responses(400, 408, 413, 415, 422, 503)},
            }
        },
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The component schemas this area's answers refer to."""
    return {
        "Verdict": {
            "type": "object",
            "required": ["legal", "reason", "message", "word", "path", "readings", "entries", "alternatives", "swing", "suggestions"],
            "properties": {
                "legal": {"type": "boolean"},
                "reason": {"type": "string", "enum": list(REASONS) + ["bad_cell", "cell_not_new", "family_filter"]},
                "message": {"type": "string"},
                "word": {"type": "string"},
                "path": {"type": "array", "items": CELL, "nullable": True},
                "readings": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
                "entries": {"type": "array", "items": ENTRY},
                "alternatives": {"type": "array", "items": {"type": "array", "items": CELL}},
                "swing": {"type": "integer", "nullable": True},
                "suggestions": {"type": "array", "items": {"type": "string"}},
                "lexicon": {"type": "string"},
                "board": {"type": "string"},
            },
        },
    }
