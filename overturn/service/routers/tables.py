"""Every game's shared table over HTTP: one router for Overturn, Overload, offboard and Insider tables.

The authority is ``overturn.table.service.TableService``; this module only
reads requests, calls it, and writes its answers. Its refusals (the domain
errors of ``overturn.table.errors``) become statuses in one place,
``refusal_handler``. ``/api/tables/...`` serves tables of every game; the
``/api/boardgames/...`` paths are aliases, so links already shared keep working.

Tokens travel in the body for moves and in the query string for reads and
streams (an EventSource cannot set headers); the store keeps only their digests.

Long because half of it is the endpoints' OpenAPI part (two games' views and a working example per endpoint).
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.game.computer import LEVELS
from overturn.game.moves import Move, PassMove, WordMove
from overturn.referees.protocol import UsageProblem
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError, error_response
from overturn.service.openapi import body_components, error_responses, query_param, request_body
from overturn.service.params import TracedPath, int_param, path_cells, typed_body
from overturn.service.routers.game import BOARD_CELL, NewGameRequest, dealt_game, state_properties
from overturn.service.streams import table_stream
from overturn.table.board_seating import MAX_GUARD, MIN_GUARD, PLAYERS, REFEREES, SEEDS, BoardTable, seat_names
from overturn.table.contract import TableGame
from overturn.table.errors import (
    BadSeatToken,
    BadStoredGame,
    ComputerSeat,
    MoveNotAllowed,
    NoSuchMove,
    NotCreator,
    NotYourTurn,
    StaleMove,
    StoreUnavailable,
    TableNotFound,
    TableRefusal,
    TooManyTables,
    WatcherCannotMove,
)
from overturn.table.games import GAMES
from overturn.table.seating import COLOURS, GAME, OverturnTable
from overturn.table.service import Created, Moved, SeatAsked

#: Longest seat name kept (a phone's keyboard, not a document).
MAX_SEAT_NAME = 40
#: Longest board-game move (its notation, typed or tapped).
MAX_MOVE_CHARS = 200
#: Most versions a table reaches (every move is one; a long Insider game is a few thousand actions).
MAX_VERSION = 10**9
#: The board games a table holds (``REFEREES``; a test holds the two spellings together).
GameName = Literal["overload", "offboard", "insider"]
#: A seat's name: any printable text (a control character, NUL above all, is no name and no store keeps it).
SeatText = Annotated[str, Meta(max_length=MAX_SEAT_NAME, pattern=r"^[^\x00-\x1f\x7f]*$")]
#: Every table answer may hold a seat's private view or a token: never kept by a browser or a proxy.
PRIVATE = {"Cache-Control": "no-store"}


# ----- the request bodies, each declared once: decoding, checks and schema derive from them --------------


class SeatRequest(Struct):
    """One seat asked for: a person (with a name, or the colour's) or the computer at a level (Overturn only)."""

    name: SeatText | None = None
    computer: Annotated[int, Meta(ge=min(LEVELS), le=max(LEVELS), description="The computer's level; absent for a person.")] | None = None


class NewTableRequest(NewGameRequest, kw_only=True):
    """An Overturn table: the deal as for /api/game/new, and the two seats."""

    seats: Annotated[list[SeatRequest], Meta(min_length=len(COLOURS), max_length=len(COLOURS))] = msgspec.field(
        default_factory=lambda: [SeatRequest() for _ in COLOURS]
    )


class BoardOptions(Struct, forbid_unknown_fields=True):
    """The table's options; each game checks the ones it takes (``BoardTable.new``)."""

    table_dice: Annotated[bool, Meta(description="The players roll their own dice and type the result.")] = False
    variant: Annotated[int, Meta(ge=0, description="Overload: special sections (0 for the basic game).")] | None = None
    layout: Annotated[str, Meta(max_length=40, description="offboard: a packaged layout's name.")] | None = None
    guard_seconds: Annotated[int, Meta(ge=MIN_GUARD, le=MAX_GUARD, description="Insider: seconds for a Bodyguard answer, then 'pass'.")] | None = None


class SeatName(Struct):
    name: SeatText | None = None


class NewBoardTableRequest(Struct):
    """A board game held by the server: the game, its seats (or just how many) and a seed (random when absent)."""

    game: GameName
    players: Annotated[int, Meta(ge=2, le=5)] | None = None
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1, description="Within the game's own range.")] | None = None
    options: BoardOptions | None = None
    seats: Annotated[list[SeatName], Meta(min_length=2, max_length=5)] | None = None


class WordAction(Struct, tag_field="kind", tag="word", omit_defaults=True):
    """An Overturn word (the best path when none is traced)."""

    word: Annotated[str, Meta(min_length=1)]
    path: TracedPath | None = None


class PassAction(Struct, tag_field="kind", tag="pass"):
    """No word: the new cell, as [row, col] (0-based), that gets the opponent's ring."""

    cell: list[Any]


class NextLayerAction(Struct, tag_field="kind", tag="next-layer"):
    """The next game, once this one is over."""


class MoveRequest(Struct):
    """A move for the seat whose token is sent, made on the table's ``version``: an Overturn ``action``, or a board game's ``move``."""

    version: Annotated[int, Meta(ge=0, le=MAX_VERSION, description="Moves committed when the move was chosen.")]
    action: WordAction | PassAction | NextLayerAction | None = None
    move: Annotated[str, Meta(min_length=1, max_length=MAX_MOVE_CHARS, description="A board game's move, in its notation.")] | None = None
    #: Any JSON: what is not a seat's token (a list, a number) opens no seat, 403 as a wrong token is.
    seat: Annotated[Any, Meta(extra_json_schema={"type": "string", "maxLength": 128}, description="The seat's token (from its link).")] = None


class HandOverRequest(Struct):
    """A new token for a seat, asked with the creator's token."""

    seat: Annotated[int, Meta(ge=0, le=4)]
    creator: str | None = None


# ----- refusals: the one place a table refusal becomes an HTTP status --------------------------

_STATUS: dict[type[TableRefusal], int] = {
    TableNotFound: 404,
    NoSuchMove: 404,
    BadSeatToken: 403,
    WatcherCannotMove: 403,
    NotCreator: 403,
    ComputerSeat: 422,
    MoveNotAllowed: 422,
    NotYourTurn: 409,
    StaleMove: 409,
    TooManyTables: 429,
    BadStoredGame: 500,
    StoreUnavailable: 503,
}


async def refusal_handler(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TableRefusal)
    headers = {**PRIVATE, "Retry-After": "5"} if isinstance(exc, StoreUnavailable) else dict(PRIVATE)
    if isinstance(exc, TooManyTables):
        headers["Retry-After"] = str(int(exc.retry_after) + 1)
    return error_response(_STATUS.get(type(exc), 422), exc.message, {"reason": exc.reason, **exc.detail}, headers)


# ----- endpoints -------------------------------------------------------------------------


async def create(request: Request) -> Response:
    """A table of any game: ``game`` names a board game; without it, an Overturn deal and its two seats."""
    service = service_of(request)
    data = await service.read_json(request)
    if data.get("game") in (None, GAME):
        game, seats = _new_overturn(service, typed_body({k: v for k, v in data.items() if k != "game"}, NewTableRequest))
        return await _open(request, GAME, game, seats)
    return await _create_board_game(request, data)


async def create_board_game(request: Request) -> Response:
    """A board game's table (``/api/boardgames``: ``game`` required, as links already shared expect)."""
    return await _create_board_game(request, await service_of(request).read_json(request))


async def _create_board_game(request: Request, data: dict[str, Any]) -> Response:
    asked = typed_body(data, NewBoardTableRequest)
    game, seats = await _new_board_game(service_of(request), asked)
    return await _open(request, asked.game, game, seats)


async def _open(request: Request, kind: str, game: TableGame, seats: list[SeatAsked]) -> Response:
    """The table stored and its links answered, within the per-address bound every game shares."""
    service = service_of(request)
    wait = service.table_openings.allow(request.client.host if request.client else "?")
    if wait:
        limit = service.limits.tables_per_client_hour
        raise TooManyTables(f"this address opened {limit} tables in the last hour; try again in {wait / 60:.0f} min", wait)
    created = await service.tables.create(kind, game, seats)
    return JSONResponse(_created(created), status_code=201, headers=PRIVATE)


def _table_id(request: Request) -> str:
    """The table id of the path; a control character (NUL above all) is refused here, before any store sees it."""
    table_id: str = request.path_params["table"]
    if any(ord(char) < 32 or ord(char) == 127 for char in table_id):
        raise ApiError(422, "'table' holds a control character: a table id is letters, digits, '-' and '_'", {"field": "table"})
    return table_id


def _new_overturn(service: Service, asked: NewTableRequest) -> tuple[TableGame, list[SeatAsked]]:
    seats = []
    for index, seat in enumerate(asked.seats):
        level = seat.computer
        default = f"Ordinateur {level}" if level is not None else ("Vert" if index == 0 else "Argent")
        seats.append(SeatAsked(seat.name or default, level))
    return OverturnTable(dealt_game(service, asked)), seats


async def _new_board_game(service: Service, asked: NewBoardTableRequest) -> tuple[BoardTable, list[SeatAsked]]:
    kind = asked.game
    low, high = PLAYERS[kind]
    players = asked.players if asked.players is not None else low if asked.seats is None else len(asked.seats)
    if not low <= players <= high:
        raise ApiError(422, f"'players' must be between {low} and {high} for {kind}, not {players}", {"field": "players"})
    names = asked.seats if asked.seats is not None else [SeatName() for _ in range(players)]
    if players != len(names):
        raise ApiError(422, f"'players' ({players}) and the seats given ({len(names)}) differ", {"field": "players"})
    seed_low, seed_high = SEEDS[kind]
    if asked.seed is not None and not seed_low <= asked.seed <= seed_high:
        raise ApiError(422, f"'seed' must be between {seed_low} and {seed_high} for {kind}, not {asked.seed}", {"field": "seed"})
    seed = secrets.randbelow(seed_high + 1) if asked.seed is None else asked.seed
    given = msgspec.to_builtins(asked.options) if asked.options is not None else {}
    options = {name: value for name, value in given.items() if value is not None and (name != "table_dice" or value)}
    try:
        game = await service.judge(lambda: BoardTable.new(kind, players, seed, options), "new table")
    except UsageProblem as exc:
        raise ApiError(422, str(exc), {"field": "options"}) from None
    defaults = seat_names(kind, players)
    return game, [SeatAsked(seat.name or defaults[index]) for index, seat in enumerate(names)]


def _created(created: Created) -> dict[str, Any]:
    record, page = created.record, created.kind.page
    links = {
        "watch": f"{page}?table={record.id}",
        "seats": [None if token is None else f"{page}?table={record.id}&seat={token}" for token in created.tokens],
    }
    return {**created.views.watcher, "creator": created.creator, "tokens": created.tokens, "links": links}


async def show(request: Request) -> Response:
    _record, seat, views = await service_of(request).tables.show(_table_id(request), request.query_params.get("seat"))
    return JSONResponse(views.for_reader(None if seat is None else seat.index), headers=PRIVATE)


async def move(request: Request) -> Response:
    """One move for the seat whose token is sent, made on ``version``: played, refused (200, the game's words), or 409."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), MoveRequest)

    def parse(game: TableGame) -> Any:
        """The move as the table's game takes it: an Overturn ``action``, or a board game's ``move`` in its notation."""
        if isinstance(game, OverturnTable):
            if asked.action is None:
                raise ApiError(400, "'action' is required", {"field": "action"})
            return _overturn_move(service, game, asked.action)
        if asked.move is None:
            raise ApiError(400, "'move' is required", {"field": "move"})
        return asked.move

    moved = await service.tables.move(_table_id(request), asked.seat, asked.version, parse)
    return JSONResponse(_moved(moved), headers=PRIVATE)


def _overturn_move(service: Service, table: OverturnTable, action: WordAction | PassAction | NextLayerAction) -> Move | None:
    """The move an action asks for; None for the next layer."""
    board = table.game.board
    if isinstance(action, WordAction):
        word = service.word(action.word, "action.word")
        return WordMove(word, path_cells(action.path, board) if action.path is not None else None)
    if isinstance(action, PassAction):
        (cell,) = path_cells([action.cell], board)
        return PassMove(cell)
    return None


def _moved(moved: Moved) -> dict[str, Any]:
    if moved.kind.flat_answers:
        return {**moved.judged.answer, **moved.view}
    return {**moved.judged.answer, "state": moved.view}


async def hand_over(request: Request) -> Response:
    """A new link for a seat (a lost or flat phone), asked with the creator's token; the old link stops working."""
    service = service_of(request)
    data = await service.read_json(request)
    asked = typed_body(data, HandOverRequest)
    record, token = await service.tables.hand_over(_table_id(request), asked.creator, asked.seat)
    page = GAMES[record.game].page
    return JSONResponse({"seat": asked.seat, "token": token, "link": f"{page}?table={record.id}&seat={token}"}, headers=PRIVATE)


async def position(request: Request) -> Response:
    """The board after move ``n`` of the move list (1-based), for stepping through it; public (no hand, no legal move)."""
    service = service_of(request)
    number = int_param(request.path_params["number"], "number", 1, 10**6)
    answer = await service.tables.position(_table_id(request), request.query_params.get("seat"), number)
    return JSONResponse(answer, headers=PRIVATE)


async def rules(request: Request) -> Response:
    kind = request.path_params["game"]
    if kind not in REFEREES:
        raise ApiError(404, f"no such game: use one of {', '.join(REFEREES)}", {"reason": "no_such_game"})
    return PlainTextResponse(REFEREES[kind].rules_text(), headers={"Cache-Control": "max-age=3600"})


async def events(request: Request) -> Response:
    """The table live, as server-sent events: a ``state`` event per committed move (this reader's view), ``id`` its version.

    A reconnecting EventSource sends Last-Event-ID; the stream then starts with
    the current state only if it is newer. A comment line every heartbeat keeps
    proxies from closing an idle stream (``overturn.service.streams``).
    """
    service = service_of(request)
    record, seat, views = await service.tables.show(_table_id(request), request.query_params.get("seat"))
    index = None if seat is None else seat.index
    stream = table_stream(
        request, service, record.id, record.version, lambda current: current.for_reader(index), lambda sent: service.tables.reread(record.id, sent)
    )
    service.hub.publish(record.id, record.version, views)
    return stream


ROUTES: list[BaseRoute] = [
    Route("/api/tables", create, methods=["POST"]),
    Route("/api/boardgames", create_board_game, methods=["POST"]),
    Route("/api/boardgames/rules/{game}", rules, methods=["GET"]),
    *(
        Route(f"/api/{family}{path}", handler, methods=[method])
        for family in ("tables", "boardgames")
        for path, handler, method in (
            ("/{table}", show, "GET"),
            ("/{table}/moves", move, "POST"),
            ("/{table}/moves/{number}", position, "GET"),
            ("/{table}/events", events, "GET"),
            ("/{table}/hand-over", hand_over, "POST"),
        )
    ),
]


# --- the table endpoints' part of the OpenAPI document ----------------------------------

_TABLE_ID = {"name": "table", "in": "path", "required": True, "schema": {"type": "string", "minLength": 8, "maxLength": 64}, "description": "The table's id (from its links)."}
_SEAT_QUERY = query_param("seat", {"type": "string", "maxLength": 128}, "A seat's token (from its link); absent to watch.")


def _table_schema() -> dict[str, Any]:
    seat = {
        "type": "object",
        "required": ["seat", "name", "colour", "computer"],
        "properties": {
            "seat": {"type": "integer", "minimum": 0},
            "name": {"type": "string"},
            "colour": {"type": "string", "enum": [colour.value for colour in COLOURS]},
            "computer": {"type": "integer", "nullable": True, "description": "The computer's level, or null for a person."},
        },
    }
    score = {"type": "object", "properties": {"green": {"type": "integer"}, "silver": {"type": "integer"}}}
    return {
        "type": "object",
        "required": ["id", "version", "seats", "to_move_seat", "layers", "totals", "you"],
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer", "minimum": 0, "description": "Moves committed; send it with the next move."},
            "seats": {"type": "array", "items": seat},
            "to_move_seat": {"type": "integer", "nullable": True, "description": "Whose turn; null once the game is over."},
            "layers": {"type": "array", "items": score, "description": "The scores of the layers already played."},
            "totals": score,
            "you": {"type": "integer", "nullable": True, "description": "The reader's seat; null for a watcher."},
        },
    }


def _overturn_paths(service: Service) -> dict[str, Any]:
    def answer(description: str, **extra: Any) -> dict[str, Any]:
        properties = {**state_properties(service), "table": {"$ref": "#/components/schemas/Table"}, **extra}
        schema = {"type": "object", "required": list(properties), "properties": properties}
        return {"description": description, "content": {"application/json": {"schema": schema}}}

    verdict = {"allOf": [{"$ref": "#/components/schemas/Verdict"}], "nullable": True}
    tokens = {"type": "array", "items": {"type": "string", "nullable": True}}
    created = answer(
        "The table: its state, the creator's token (to hand seats over), each seat's token and link (null for the computer), the watch link.",
        creator={"type": "string"},
        tokens=tokens,
        links={"type": "object", "properties": {"watch": {"type": "string"}, "seats": tokens}},
    )
    errors = (400, 408, 413, 415, 422, 503)
    refused = {"description": "403: a token that opens no seat (or a watcher moving); 404: no such table; 409: stale version or not this seat's turn (detail.state: the table now)."}
    return {
        "/api/tables": {
            "post": {
                "operationId": "table_new",
                "summary": "An Overturn table held by the server: the deal as for /api/game/new, and two seats (a name, or the computer at a level); with `game`, a board game's table as /api/boardgames makes it.",
                "requestBody": request_body(NewTableRequest, {"seed": 7, "seats": [{"name": "Zoé"}, {"computer": 2}]}),
                "responses": {"201": created, "429": {"description": "This address opened too many tables in the last hour (Retry-After)."}, **error_responses(*errors)},
            }
        },
        "/api/tables/{table}": {
            "get": {
                "operationId": "table_show",
                "summary": "The table as a seat (its token) or a watcher sees it.",
                "parameters": [_TABLE_ID, _SEAT_QUERY],
                "responses": {"200": answer("The table's state."), "403": refused, "404": refused, **error_responses(503)},
            }
        },
        "/api/tables/{table}/moves": {
            "post": {
                "operationId": "table_move",
                "summary": "A move for the seat whose token is sent, made on the table's version: played, refused (verdict), or 409 if the table moved on.",
                "parameters": [_TABLE_ID],
                "requestBody": request_body(MoveRequest, {"seat": "SEAT-TOKEN", "version": 0, "action": {"kind": "word", "word": "ETE"}}),
                "responses": {"200": answer("The verdict (null for next-layer) and the table after.", verdict=verdict), "403": refused, "404": refused, "409": refused, **error_responses(*errors)},
            }
        },
        "/api/tables/{table}/events": {
            "get": {
                "operationId": "table_events",
                "summary": "The table live (server-sent events): a state event per move, id its version; Last-Event-ID resumes; a comment line each heartbeat.",
                "parameters": [
                    _TABLE_ID,
                    _SEAT_QUERY,
                    query_param("last", {"type": "integer", "minimum": 0}, "The version the client has (as Last-Event-ID)."),
                ],
                "responses": {
                    "200": {"description": "The event stream.", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                    "403": refused,
                    "404": refused,
                    **error_responses(503),
                },
            }
        },
        "/api/tables/{table}/hand-over": {
            "post": {
                "operationId": "table_hand_over",
                "summary": "A new token for a seat (a lost phone), asked with the creator's token; the old link stops working.",
                "parameters": [_TABLE_ID],
                "requestBody": request_body(HandOverRequest, {"creator": "CREATOR-TOKEN", "seat": 0}),
                "responses": {
                    "200": {
                        "description": "The seat's new token and link.",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["seat", "token", "link"], "properties": {"seat": {"type": "integer"}, "token": {"type": "string"}, "link": {"type": "string"}}}}},
                    },
                    "403": refused,
                    "404": refused,
                    **error_responses(*errors),
                },
            }
        },
    }


def _view_schema() -> dict[str, Any]:
    move_entry = {
        "type": "object",
        "required": ["seat", "move", "effects"],
        "properties": {"seat": {"type": "integer"}, "move": {"type": "string"}, "effects": {"type": "array", "items": {"type": "string"}}},
    }
    return {
        "type": "object",
        "required": ["game", "title", "over", "winners", "to_move", "board_text", "awaiting", "scores", "you", "moves", "legal", "table"],
        "properties": {
            "game": {"type": "string", "enum": list(REFEREES)},
            "title": {"type": "string"},
            "table_dice": {"type": "boolean"},
            "over": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "integer"}, "description": "The winning seats once the game is over."},
            "to_move": {"type": "integer", "nullable": True, "description": "The seat that moves (rolls, draws, answers) now; null once over."},
            "board_text": {"type": "string", "description": "The referee's own text drawing (no hand)."},
            "awaiting": {"type": "string", "description": "The referee's line on what the game waits for."},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "you": {"type": "integer", "nullable": True, "description": "The reader's seat; null for a watcher."},
            "moves": {"type": "array", "items": move_entry, "description": "The move list; a card drawn or taken is named only to its seat."},
            "legal": {"type": "array", "items": {"type": "string"}, "description": "The moves the reader may play now (empty unless it is the reader's turn)."},
            "hand": {"type": "object", "nullable": True, "additionalProperties": {"type": "integer"}, "description": "Insider: the reader's own action cards (null for a watcher)."},
            "hand_counts": {"type": "array", "items": {"type": "integer"}, "description": "Insider: how many cards each seat holds."},
            "board": {"type": "object", "description": "Overload and offboard: the referee's show --json, without the seed."},
            "table": {
                "type": "object",
                "required": ["id", "version", "seats"],
                "properties": {
                    "id": {"type": "string"},
                    "version": {"type": "integer", "minimum": 0},
                    "seats": {"type": "array", "items": {"type": "object", "properties": {"seat": {"type": "integer"}, "name": {"type": "string"}}}},
                },
            },
        },
    }


def _board_paths() -> dict[str, Any]:
    view = {"$ref": "#/components/schemas/BoardTable"}
    refusal = {"type": "object", "nullable": True, "required": ["rule", "message", "detail"], "properties": {"rule": {"type": "string"}, "message": {"type": "string", "description": "In French."}, "detail": {"type": "string", "description": "The referee's own words."}}}
    refused = {"description": "403: a token that opens no seat (or a watcher moving); 404: no such table; 409: stale version or not this seat's turn (detail.state: the table now)."}
    errors = (400, 408, 413, 415, 422, 503)
    tokens = {"type": "array", "items": {"type": "string"}}

    def json_answer(description: str, schema: dict[str, Any]) -> dict[str, Any]:
        return {"description": description, "content": {"application/json": {"schema": schema}}}

    return {
        "/api/boardgames": {
            "post": {
                "operationId": "boardgame_new",
                "summary": "A board game (Overload 3-5, offboard 2, Insider 2-4) held by the server, one secret link per seat.",
                "requestBody": request_body(NewBoardTableRequest, {"game": "insider", "seed": 7, "seats": [{"name": "Zoé"}, {"name": "Paul"}, {"name": "Inès"}]}),
                "responses": {
                    "201": json_answer(
                        "The table as a watcher sees it, the creator's token, each seat's token and link, the watch link.",
                        {"allOf": [view, {"type": "object", "required": ["creator", "tokens", "links"], "properties": {"creator": {"type": "string"}, "tokens": tokens, "links": {"type": "object", "properties": {"watch": {"type": "string"}, "seats": tokens}}}}]},
                    ),
                    **error_responses(*errors),
                },
            }
        },
        "/api/boardgames/rules/{game}": {
            "get": {
                "operationId": "boardgame_rules",
                "summary": "The rules summary the referee applies (as `overturn GAME rules`).",
                "parameters": [{"name": "game", "in": "path", "required": True, "schema": {"type": "string", "enum": list(REFEREES)}}],
                "responses": {"200": {"description": "The rules, plain text.", "content": {"text/plain": {"schema": {"type": "string"}}}}, "404": refused},
            }
        },
        "/api/boardgames/{table}": {
            "get": {
                "operationId": "boardgame_show",
                "summary": "The table as a seat (its token) or a watcher sees it.",
                "parameters": [_TABLE_ID, _SEAT_QUERY],
                "responses": {"200": json_answer("The reader's view.", view), "403": refused, "404": refused, **error_responses(503)},
            }
        },
        "/api/boardgames/{table}/moves": {
            "post": {
                "operationId": "boardgame_move",
                "summary": "A move in the game's notation for the seat whose token is sent, made on the table's version: played, refused (refused: rule and French reason), or 409.",
                "parameters": [_TABLE_ID],
                "requestBody": request_body(MoveRequest, {"seat": "SEAT-TOKEN", "version": 0, "move": "walk"}),
                "responses": {
                    "200": json_answer(
                        "The move played (result) or refused (refused), and the table after.",
                        {"type": "object", "required": ["refused", "result", "state"], "properties": {"refused": refusal, "result": {"type": "object", "nullable": True}, "state": view}},
                    ),
                    "403": refused,
                    "404": refused,
                    "409": refused,
                    **error_responses(*errors),
                },
            }
        },
        "/api/boardgames/{table}/moves/{number}": {
            "get": {
                "operationId": "boardgame_position",
                "summary": "The board after move number (1-based) of the move list, to step through it: public (no hand, no legal move).",
                "parameters": [_TABLE_ID, {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}, _SEAT_QUERY],
                "responses": {
                    "200": json_answer(
                        "The move and the board after it.",
                        {"type": "object", "required": ["number", "entry", "position"], "properties": {"number": {"type": "integer"}, "entry": {"type": "object"}, "position": {"type": "object"}}},
                    ),
                    "403": refused,
                    "404": refused,
                    **error_responses(400, 503),
                },
            }
        },
        "/api/boardgames/{table}/events": {
            "get": {
                "operationId": "boardgame_events",
                "summary": "The table live (server-sent events): a state event per move with this reader's view, id its version; Last-Event-ID resumes.",
                "parameters": [_TABLE_ID, _SEAT_QUERY, query_param("last", {"type": "integer", "minimum": 0}, "The version the client has (as Last-Event-ID).")],
                "responses": {
                    "200": {"description": "The event stream.", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                    "403": refused,
                    "404": refused,
                    **error_responses(503),
                },
            }
        },
    }


def openapi_paths(service: Service) -> dict[str, Any]:
    return {**_overturn_paths(service), **_board_paths()}


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The bodies' components (derived from their types) and the table's."""
    bodies = body_components(
        NewTableRequest, MoveRequest, HandOverRequest,
        lexicon={"enum": sorted(service.lexicons)},
        word={"maxLength": service.limits.max_word_length},
        path={"items": BOARD_CELL},
        cell=BOARD_CELL,
    )
    return {**bodies, **body_components(NewBoardTableRequest), "Table": _table_schema(), "BoardTable": _view_schema()}
