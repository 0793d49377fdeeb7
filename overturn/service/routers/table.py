"""The shared table: an Overturn game held by the server, one secret link per seat, live on every phone.

The server is the authority (as boardgame.io's is): a phone sends a move with
its seat token and the version it saw; the move is judged on the stored game
(replayed and checked) and committed only if the table is still at that
version, else 409 with the table as it now is. Every committed move is
published to the table's open event streams (server-sent events). A seat
played by the computer moves by itself on the server.

Tokens travel in the body for moves and in the query string for reads and
streams (an EventSource cannot set headers); the store keeps only their digests.

Long because a third of it is the endpoints' OpenAPI part (the table's schema and a working example per endpoint).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.game.computer import LEVELS, choose_move
from overturn.game.moves import GameError, Move, PassMove, WordMove
from overturn.game.review import ranked_json
from overturn.jsonstore import StateFileError
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import body_components, error_responses, query_param, request_body
from overturn.service.params import TracedPath, path_cells, typed_body
from overturn.service.routers.game import BOARD_CELL, NewGameRequest, dealt_game, game_state, state_properties
from overturn.service.streams import reread, table_stream
from overturn.table.record import NoSuchTable, Seat, Stale, StoreError, TableRecord, digest, new_table_id, new_token, token_matches
from overturn.table.seating import COLOURS, GAME, NotYourTurn, OverturnTable

log = logging.getLogger("overturn.service")

#: Longest seat name kept (a phone's keyboard, not a document).
MAX_SEAT_NAME = 40
#: Most versions a table reaches (every move is one; a game has at most 36 plus passes and layers).
MAX_VERSION = 10**9


# ----- the request bodies, each declared once: decoding, checks and schema derive from them --------------


class SeatRequest(Struct):
    """One seat asked for: a person (with a name, or the colour's) or the computer at a level."""

    name: Annotated[str, Meta(max_length=MAX_SEAT_NAME)] | None = None
    computer: Annotated[int, Meta(ge=min(LEVELS), le=max(LEVELS), description="The computer's level; absent for a person.")] | None = None


class NewTableRequest(NewGameRequest, kw_only=True):
    """The deal as for /api/game/new, and the two seats."""

    seats: Annotated[list[SeatRequest], Meta(min_length=len(COLOURS), max_length=len(COLOURS))] = msgspec.field(
        default_factory=lambda: [SeatRequest() for _ in COLOURS]
    )


class WordAction(Struct, tag_field="kind", tag="word", omit_defaults=True):
    """A word (the best path when none is traced)."""

    word: Annotated[str, Meta(min_length=1)]
    path: TracedPath | None = None


class PassAction(Struct, tag_field="kind", tag="pass"):
    """No word: the new cell, as [row, col] (0-based), that gets the opponent's ring."""

    cell: list[Any]


class NextLayerAction(Struct, tag_field="kind", tag="next-layer"):
    """The next game, once this one is over."""


class MoveRequest(Struct):
    """A move for the seat whose token is sent, made on the table's ``version``."""

    version: Annotated[int, Meta(ge=0, le=MAX_VERSION, description="Moves committed when the move was chosen.")]
    action: WordAction | PassAction | NextLayerAction
    #: Any JSON: what is not a seat's token (a list, a number) opens no seat, 403 as a wrong token is.
    seat: Annotated[Any, Meta(extra_json_schema={"type": "string", "maxLength": 128}, description="The seat's token (from its link).")] = None


class HandOverRequest(Struct):
    """A new token for a seat, asked with the creator's token."""

    seat: Annotated[int, Meta(ge=0, le=len(COLOURS) - 1)]
    creator: str | None = None


# ----- reading the store (in worker threads: a store call blocks) ----------------------


async def _stored(service: Service, table_id: str) -> TableRecord:
    if not isinstance(table_id, str) or not 8 <= len(table_id) <= 64:
        raise ApiError(404, "no such table", {"reason": "no_such_table"})
    try:
        record = await asyncio.to_thread(service.tables.get, table_id)
        if record.game != GAME:  # a board game's table (routers/boardgames.py) is not an Overturn table
            raise NoSuchTable(table_id)
        return record
    except NoSuchTable:
        raise ApiError(404, "no such table (the link is wrong, or the server keeps no tables across restarts)", {"reason": "no_such_table"}) from None
    except StoreError as exc:
        raise _store_down(exc) from None


def _store_down(exc: StoreError) -> ApiError:
    log.error("table store: %s", exc)
    return ApiError(503, "the table store is unavailable; try again", {"reason": "store_unavailable"}, {"Retry-After": "5"})


def _loaded(service: Service, record: TableRecord) -> OverturnTable:
    """The table's game, replayed from its moves and checked (a store edited by hand is refused, not trusted)."""
    _name, lexicon = service.lexicon(json.loads(record.state)["game"].get("lexicon"))
    try:
        return OverturnTable.load(record.state, lexicon)
    except (StateFileError, GameError, KeyError, TypeError, ValueError) as exc:
        raise ApiError(500, f"table {record.id} holds a game that does not replay: {exc}", {"reason": "bad_stored_game"}) from None


def _view(record: TableRecord, table: OverturnTable) -> dict[str, Any]:
    """What every seat and watcher sees (Overturn hides nothing); ``you`` is added per reader."""
    to_move = table.seat_to_move()
    return {
        **game_state(table.game),
        "table": {
            "id": record.id,
            "version": record.version,
            "seats": [
                {"seat": seat.index, "name": seat.name, "colour": COLOURS[seat.index].value, "computer": seat.computer}
                for seat in record.seats
            ],
            "to_move_seat": to_move,
            "layers": table.layers,
            "totals": table.totals(),
            "you": None,
        },
    }


def _for_reader(view: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    return {**view, "table": {**view["table"], "you": None if seat is None else seat.index}}


async def _table_at(service: Service, record: TableRecord) -> OverturnTable:
    """The game at the record's version: the one this process kept, else replayed from the store."""
    kept = service.loaded.take(record.id, record.version)
    return kept if kept is not None else await service.judge(lambda: _loaded(service, record), "table")


def _keep(service: Service, record: TableRecord, table: OverturnTable) -> dict[str, Any]:
    """Keeps the game and its public view at the record's version; the view."""
    view = _view(record, table)
    service.loaded.put(record.id, record.version, table)
    service.loaded.keep_view(record.id, record.version, view)
    return view


async def _shared_view(service: Service, record: TableRecord) -> dict[str, Any]:
    """The view for a reader outside a move: made once per version even when a thousand streams open at once."""
    view = service.loaded.view(record.id, record.version)
    if view is not None:
        return view
    async with service.loaded.lock(record.id):
        return await _view_of(service, record)


async def _view_of(service: Service, record: TableRecord) -> dict[str, Any]:
    """The view at the record's version (the caller holds the table's lock, or accepts a second replay)."""
    view = service.loaded.view(record.id, record.version)
    if view is None:
        table = await _table_at(service, record)
        view = await service.judge(lambda: _keep(service, record, table), "table")
    return view


def _reader(record: TableRecord, token: Any) -> Seat | None:
    """The seat a token opens; None for a watcher. A token that opens nothing is refused, not taken for a watcher."""
    if token is None or token == "":
        return None
    seat = record.seat_of(token) if isinstance(token, str) and len(token) <= 128 else None
    if seat is None:
        raise ApiError(403, "this seat link is not (or no longer) valid at this table", {"reason": "bad_seat_token"})
    return seat


# ----- endpoints -------------------------------------------------------------------------


async def create_table(request: Request) -> Response:
    """A table game: the deal as for /api/game/new, and ``seats`` (two: a name each, or ``computer`` with a level)."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), NewTableRequest)
    wait = service.table_openings.allow(request.client.host if request.client else "?")
    if wait:
        raise ApiError(
            429,
            f"this address opened {service.limits.tables_per_client_hour} tables in the last hour; try again in {wait / 60:.0f} min",
            {"reason": "too_many_tables"},
            {"Retry-After": str(int(wait) + 1)},
        )
    game = dealt_game(service, asked)
    creator = new_token()
    tokens: list[str | None] = []
    seats = []
    for index, seat_asked in enumerate(asked.seats):
        level = seat_asked.computer
        default = f"Ordinateur {level}" if level is not None else ("Vert" if index == 0 else "Argent")
        name = seat_asked.name or default
        token = None if level is not None else new_token()
        tokens.append(token)
        seats.append(Seat(index, name, digest(token) if token else "", level))
    table = OverturnTable(game)
    record = TableRecord(new_table_id(), GAME, time.time(), 0, table.dump(), digest(creator), tuple(seats))
    try:
        await asyncio.to_thread(service.tables.create, record)
    except StoreError as exc:
        raise _store_down(exc) from None
    view = _view(record, table)
    links = {
        "watch": f"/?table={record.id}",
        "seats": [None if token is None else f"/?table={record.id}&seat={token}" for token in tokens],
    }
    _schedule_computer(service, record, table)
    return JSONResponse({**view, "creator": creator, "tokens": tokens, "links": links}, status_code=201)


async def show_table(request: Request) -> Response:
    service = service_of(request)
    record = await _stored(service, request.path_params["table"])
    seat = _reader(record, request.query_params.get("seat"))
    view = await _shared_view(service, record)
    _schedule_computer(service, record, None)
    return JSONResponse(_for_reader(view, seat))


async def move(request: Request) -> Response:
    """One move for the seat whose token is sent, made on ``version``: committed, refused (200, verdict), or stale (409)."""
    service = service_of(request)
    data = await service.read_json(request)
    record = await _stored(service, request.path_params["table"])
    asked = typed_body(data, MoveRequest)
    seat = _reader(record, asked.seat)
    if seat is None:
        raise ApiError(403, "watchers cannot move: open the table with a seat link", {"reason": "watcher"})
    action = asked.action
    async with service.loaded.lock(record.id):
        record = await _stored(service, record.id)  # as it is now that this table's earlier moves here are done
        seat = _reader(record, asked.seat)
        assert seat is not None
        if asked.version != record.version:
            raise await _stale(service, record, seat)
        table = await _table_at(service, record)

        def unchanged() -> None:
            service.loaded.put(record.id, record.version, table)

        try:
            parsed = _parsed(service, table, action)
        except ApiError:
            unchanged()
            raise

        def judge() -> dict[str, Any] | None:
            if parsed is None:
                table.next_layer()
                return None
            verdict = table.play(seat.index, parsed)
            return verdict.to_json(table.game.board)

        try:
            verdict = await service.judge(judge, "table move")
        except NotYourTurn as exc:
            unchanged()
            raise ApiError(409, str(exc), {"reason": exc.reason, "state": _for_reader(await _view_of(service, record), seat)}) from None
        except GameError as exc:
            unchanged()
            raise ApiError(422, str(exc), {"reason": "no_next_layer" if table.game.is_over() else "not_over"}) from None
        if verdict is not None and not verdict["legal"]:
            unchanged()
            return JSONResponse({"verdict": verdict, **_for_reader(await _view_of(service, record), seat)})
        committed = await _commit(service, record, table, seat, action)
        view = await service.judge(lambda: _keep(service, committed, table), "table")
    service.hub.publish(committed.id, committed.version, view)
    _schedule_computer(service, committed, table)
    return JSONResponse({"verdict": verdict, **_for_reader(view, seat)})


def _parsed(service: Service, table: OverturnTable, action: WordAction | PassAction | NextLayerAction) -> Move | None:
    """The move an action asks for; None for the next layer."""
    board = table.game.board
    if isinstance(action, WordAction):
        word = service.word(action.word, "action.word")
        return WordMove(word, path_cells(action.path, board) if action.path is not None else None)
    if isinstance(action, PassAction):
        (cell,) = path_cells([action.cell], board)
        return PassMove(cell)
    return None


async def _commit(
    service: Service, record: TableRecord, table: OverturnTable, seat: Seat | None, action: WordAction | PassAction | NextLayerAction
) -> TableRecord:
    text = msgspec.json.encode(action).decode()
    try:
        return await asyncio.to_thread(service.tables.commit, record.id, record.version, table.dump(), None if seat is None else seat.index, text)
    except Stale as exc:
        raise await _stale(service, exc.current, seat) from None
    except StoreError as exc:
        raise _store_down(exc) from None


async def _stale(service: Service, current: TableRecord, seat: Seat | None) -> ApiError:
    view = await _view_of(service, current)
    return ApiError(
        409,
        f"the table moved on (it is at move {current.version}): your move was not played; here is the table as it is",
        {"reason": "stale", "version": current.version, "state": _for_reader(view, seat)},
    )


async def hand_over(request: Request) -> Response:
    """A new link for a seat (a lost or flat phone), asked with the creator's token; the old link stops working."""
    service = service_of(request)
    data = await service.read_json(request)
    record = await _stored(service, request.path_params["table"])
    asked = typed_body(data, HandOverRequest)
    creator = asked.creator
    if creator is None or len(creator) > 128 or not token_matches(creator, record.creator_digest):
        raise ApiError(403, "only the table's creator can hand a seat over", {"reason": "not_creator"})
    index = asked.seat
    if record.seats[index].computer is not None:
        raise ApiError(422, "the computer's seat has no link to hand over", {"reason": "computer_seat"})
    token = new_token()
    try:
        await asyncio.to_thread(service.tables.replace_token, record.id, index, digest(token))
    except StoreError as exc:
        raise _store_down(exc) from None
    return JSONResponse({"seat": index, "token": token, "link": f"/?table={record.id}&seat={token}"})


async def events(request: Request) -> Response:
    """The table live, as server-sent events: a ``state`` event per committed move, ``id`` its version.

    A reconnecting EventSource sends Last-Event-ID; the stream then starts with
    the current state only if it is newer. A comment line every heartbeat keeps
    proxies from closing an idle stream (``overturn.service.streams``).
    """
    service = service_of(request)
    record = await _stored(service, request.path_params["table"])
    seat = _reader(record, request.query_params.get("seat"))
    view = await _shared_view(service, record)
    stream = table_stream(request, service, record.id, record.version, lambda current: _for_reader(current, seat), lambda sent: reread(service, record.id, sent, lambda found: _shared_view(service, found)))
    service.hub.publish(record.id, record.version, view)
    _schedule_computer(service, record, None)
    return stream




def follow_other_processes(service: Service) -> None:
    """Moves committed by other server processes on the same store reach this one's streams (PostgreSQL NOTIFY)."""
    loop = asyncio.get_running_loop()

    def heard(table_id: str, version: int) -> None:  # in the store's listening thread
        try:
            loop.call_soon_threadsafe(_remote_move, service, table_id, version)
        except RuntimeError:  # this server has stopped (its loop is closed); the store may serve another
            return

    service.tables.follow(heard)


def _remote_move(service: Service, table_id: str, version: int) -> None:
    known = service.hub.latest(table_id)
    if not service.hub.watching(table_id) or (known is not None and known.version >= version):
        return  # nobody here follows that table, or the move was made here
    task = asyncio.get_running_loop().create_task(_publish_from_store(service, table_id))
    service.background.add(task)
    task.add_done_callback(service.background.discard)


async def _publish_from_store(service: Service, table_id: str) -> None:
    try:
        record = await asyncio.to_thread(service.tables.get, table_id)
        service.hub.publish(record.id, record.version, await _shared_view(service, record))
    except (StoreError, NoSuchTable, ApiError) as exc:
        log.warning("a move made elsewhere at table %s not relayed: %s", table_id, exc)


# ----- the computer's seats --------------------------------------------------------------


def _schedule_computer(service: Service, record: TableRecord, table: OverturnTable | None) -> None:
    """When a computer seat is to move, its move is played in the background (once per table at a time)."""
    if not any(seat.computer is not None for seat in record.seats) or record.id in service.computing:
        return
    if table is not None:
        to_move = table.seat_to_move()
        if to_move is None or record.seats[to_move].computer is None:
            return
    service.computing.add(record.id)
    task = asyncio.get_running_loop().create_task(_play_computer(service, record.id))
    service.background.add(task)
    task.add_done_callback(service.background.discard)


async def _play_computer(service: Service, table_id: str) -> None:
    try:
        while True:
            async with service.loaded.lock(table_id):
                record = await asyncio.to_thread(service.tables.get, table_id)
                table = await _table_at(service, record)
                to_move = table.seat_to_move()
                if to_move is None or (level := record.seats[to_move].computer) is None:
                    service.loaded.put(record.id, record.version, table)
                    return
                # seeded by the table and the move number: a replay of the log makes the same choice
                rng = random.Random(f"{table_id}:{record.version}")

                def think(table: OverturnTable = table, level: int = level, rng: random.Random = rng) -> dict[str, Any]:
                    choice = choose_move(table.game, level, rng)
                    table.game.push(choice.move)
                    return ranked_json(choice, table.game.board)

                chosen = await service.judge(think, "computer move")
                action = {"kind": "computer", "move": chosen}
                committed = await asyncio.to_thread(
                    service.tables.commit, record.id, record.version, table.dump(), to_move, json.dumps(action, ensure_ascii=False)
                )
                view = await service.judge(lambda committed=committed, table=table: _keep(service, committed, table), "table")  # type: ignore[misc]
            service.hub.publish(committed.id, committed.version, view)
    except Stale:
        return  # someone else moved (a second server process, or a hand-over race): the next move reschedules
    except (StoreError, ApiError, GameError) as exc:
        log.warning("computer move at table %s not played: %s", table_id, exc)
    finally:
        service.computing.discard(table_id)


ROUTES: list[BaseRoute] = [
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{table}", show_table, methods=["GET"]),
    Route("/api/tables/{table}/moves", move, methods=["POST"]),
    Route("/api/tables/{table}/events", events, methods=["GET"]),
    Route("/api/tables/{table}/hand-over", hand_over, methods=["POST"]),
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


def openapi_paths(service: Service) -> dict[str, Any]:
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
                "summary": "A table game held by the server: the deal as for /api/game/new, and two seats (a name, or the computer at a level).",
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


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The bodies' components (derived from their types) and the table's."""
    bodies = body_components(
        NewTableRequest, MoveRequest, HandOverRequest,
        lexicon={"enum": sorted(service.lexicons)},
        word={"maxLength": service.limits.max_word_length},
        path={"items": BOARD_CELL},
        cell=BOARD_CELL,
    )
    return {**bodies, "Table": _table_schema()}
