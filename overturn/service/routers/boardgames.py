"""Board games at the shared table: Overload, offboard and Insider held by the server, one secret link per seat.

The same table as Overturn's (``routers.table``): the store, seat tokens kept
as digests, a move naming the version it was made on (409 with the table as
it is when stale), live server-sent events through the shared ``Hub``. The
game is judged by its referee through ``overturn.table.board_seating``.

Every answer and every event is built for its reader from the per-seat view:
a seat gets its own Insider hand and, on its turn, its legal moves; the others
see hand counts; a watcher sees no hand. The hub holds each version's views for
every seat in the server's memory; a stream sends only its own seat's.

Long because a third of it is the endpoints' OpenAPI part (a view and an
example per game), and the Bodyguard's timer lives with the moves it guards.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Annotated, Any, Literal
from weakref import WeakKeyDictionary

import msgspec
from msgspec import Meta, Struct
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.jsonstore import StateFileError
from overturn.referees.protocol import UsageProblem
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import body_components, error_responses, query_param, request_body
from overturn.service.params import int_param, typed_body
from overturn.service.streams import reread, table_stream
from overturn.table.board_seating import MAX_GUARD, MIN_GUARD, PLAYERS, REFEREES, SEEDS, BoardTable, MoveEntry, NotYourTurn, Refusal, seat_names
from overturn.table.cache import LoadedTables
from overturn.table.record import NoSuchTable, Seat, Stale, StoreError, TableRecord, digest, new_table_id, new_token

log = logging.getLogger("overturn.service")

MAX_SEAT_NAME = 40
MAX_MOVE_CHARS = 200
#: Most versions a table reaches (a long Insider game is a few thousand actions).
MAX_VERSION = 10**9
#: The games a board table holds (``REFEREES``; a test holds the two spellings together).
GameName = Literal["overload", "offboard", "insider"]


# ----- the request bodies, each declared once: decoding, checks and schema derive from them --------------


class BoardOptions(Struct, forbid_unknown_fields=True):
    """The table's options; each game checks the ones it takes (``BoardTable.new``)."""

    table_dice: Annotated[bool, Meta(description="The players roll their own dice and type the result.")] = False
    variant: Annotated[int, Meta(ge=0, description="Overload: special sections (0 for the basic game).")] | None = None
    layout: Annotated[str, Meta(max_length=40, description="offboard: a packaged layout's name.")] | None = None
    guard_seconds: Annotated[int, Meta(ge=MIN_GUARD, le=MAX_GUARD, description="Insider: seconds for a Bodyguard answer, then 'pass'.")] | None = None


class SeatName(Struct):
    name: Annotated[str, Meta(max_length=MAX_SEAT_NAME)] | None = None


class NewBoardTableRequest(Struct):
    """A board game held by the server: the game, its seats (or just how many) and a seed (random when absent)."""

    game: GameName
    players: Annotated[int, Meta(ge=2, le=5)] | None = None
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1, description="Within the game's own range.")] | None = None
    options: BoardOptions | None = None
    seats: Annotated[list[SeatName], Meta(min_length=2, max_length=5)] | None = None


class BoardMoveRequest(Struct):
    """A move in the game's notation for the seat whose token is sent, made on the table's ``version``."""

    version: Annotated[int, Meta(ge=0, le=MAX_VERSION)]
    move: Annotated[str, Meta(min_length=1, max_length=MAX_MOVE_CHARS)]
    #: Any JSON: what is not a seat's token (a list, a number) opens no seat, 403 as a wrong token is.
    seat: Annotated[Any, Meta(extra_json_schema={"type": "string", "maxLength": 128}, description="The seat's token (from its link).")] = None
#: Replayed games kept per server process (an Insider game late in play takes a second to replay).
KEPT = 64


# ----- replayed games kept at their version ---------------------------------------------




_KEPT: WeakKeyDictionary[Service, LoadedTables[BoardTable]] = WeakKeyDictionary()


#: The Bodyguard timeouts this process has scheduled, per service: (table, version).
_GUARDS: WeakKeyDictionary[Service, set[tuple[str, int]]] = WeakKeyDictionary()


def _kept(service: Service) -> LoadedTables[BoardTable]:
    kept = _KEPT.get(service)
    if kept is None:
        kept = _KEPT[service] = LoadedTables(KEPT)
    return kept


# ----- reading the store ------------------------------------------------------------------


def _store_down(exc: StoreError) -> ApiError:
    log.error("table store: %s", exc)
    return ApiError(503, "the table store is unavailable; try again", {"reason": "store_unavailable"}, {"Retry-After": "5"})


async def _stored(service: Service, table_id: str) -> TableRecord:
    if not isinstance(table_id, str) or not 8 <= len(table_id) <= 64:
        raise ApiError(404, "no such table", {"reason": "no_such_table"})
    try:
        record = await asyncio.to_thread(service.tables.get, table_id)
    except NoSuchTable:
        raise ApiError(404, "no such table (the link is wrong, or the server keeps no tables across restarts)", {"reason": "no_such_table"}) from None
    except StoreError as exc:
        raise _store_down(exc) from None
    if record.game not in REFEREES:
        raise ApiError(404, "no such board-game table (this link is an Overturn table: open it at /)", {"reason": "no_such_table"})
    return record


def _reader(record: TableRecord, token: Any) -> Seat | None:
    if token is None or token == "":
        return None
    seat = record.seat_of(token) if isinstance(token, str) and len(token) <= 128 else None
    if seat is None:
        raise ApiError(403, "this seat link is not (or no longer) valid at this table", {"reason": "bad_seat_token"})
    return seat


async def _table_at(service: Service, record: TableRecord) -> BoardTable:
    """The game at the record's version: kept by this process, else replayed from the store and checked."""
    kept = _kept(service).take(record.id, record.version)
    if kept is not None:
        return kept

    def load() -> BoardTable:
        try:
            return BoardTable.load(record.game, record.state)
        except (StateFileError, KeyError, TypeError, ValueError) as exc:
            raise ApiError(500, f"table {record.id} holds a game that does not replay: {exc}", {"reason": "bad_stored_game"}) from None

    return await service.judge(load, "table")


def _views(record: TableRecord, table: BoardTable) -> dict[str, Any]:
    """Every reader's view at the record's version: ``seats[i]`` for seat i, ``watcher`` for a reader without a seat."""
    public = table.public_view()
    meta = {
        "id": record.id,
        "version": record.version,
        "seats": [{"seat": seat.index, "name": seat.name} for seat in record.seats],
    }
    def made(seat: int | None) -> dict[str, Any]:
        return {**table.seat_view(public, seat), "table": meta}

    return {"seats": [made(seat.index) for seat in record.seats], "watcher": made(None)}


def _for_reader(views: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
    return views["watcher"] if seat is None else views["seats"][seat.index]  # type: ignore[no-any-return]


async def _current_views(service: Service, record: TableRecord) -> dict[str, Any]:
    latest = service.hub.latest(record.id)
    if latest is not None and latest.version == record.version and "watcher" in latest.view:
        return latest.view
    async with _kept(service).lock(record.id):
        table = await _table_at(service, record)
        views = await service.judge(lambda: _views(record, table), "table")
        _kept(service).put(record.id, record.version, table)
    _schedule_guard(service, record, table)  # a restarted server (or another process) takes up a stored deadline
    return views


# ----- endpoints ----------------------------------------------------------------------------


async def create(request: Request) -> Response:
    service = service_of(request)
    asked = typed_body(await service.read_json(request), NewBoardTableRequest)
    kind = asked.game
    low, high = PLAYERS[kind]
    players = asked.players if asked.players is not None else low if asked.seats is None else len(asked.seats)
    if not low <= players <= high:
        raise ApiError(422, f"'players' must be between {low} and {high} for {kind}, not {players}", {"field": "players"})
    seats_asked = asked.seats if asked.seats is not None else [SeatName() for _ in range(players)]
    if players != len(seats_asked):
        raise ApiError(422, f"'players' ({players}) and the seats given ({len(seats_asked)}) differ", {"field": "players"})
    seed_low, seed_high = SEEDS[kind]
    if asked.seed is not None and not seed_low <= asked.seed <= seed_high:
        raise ApiError(422, f"'seed' must be between {seed_low} and {seed_high} for {kind}, not {asked.seed}", {"field": "seed"})
    seed = secrets.randbelow(seed_high + 1) if asked.seed is None else asked.seed
    given = msgspec.to_builtins(asked.options) if asked.options is not None else {}
    options = {name: value for name, value in given.items() if value is not None and (name != "table_dice" or value)}
    try:
        table = await service.judge(lambda: BoardTable.new(kind, players, seed, options), "new table")
    except UsageProblem as exc:
        raise ApiError(422, str(exc), {"field": "options"}) from None
    defaults = seat_names(kind, players)
    tokens = [new_token() for _ in seats_asked]
    seats = tuple(
        Seat(index, seat.name or defaults[index], digest(token))
        for index, (seat, token) in enumerate(zip(seats_asked, tokens, strict=True))
    )
    creator = new_token()
    record = TableRecord(new_table_id(), kind, time.time(), 0, table.dump(), digest(creator), seats)
    try:
        await asyncio.to_thread(service.tables.create, record)
    except StoreError as exc:
        raise _store_down(exc) from None
    views = _views(record, table)
    _kept(service).put(record.id, 0, table)
    links = {"watch": f"/boardgame?table={record.id}", "seats": [f"/boardgame?table={record.id}&seat={token}" for token in tokens]}
    return JSONResponse({**views["watcher"], "creator": creator, "tokens": tokens, "links": links}, status_code=201)


async def show(request: Request) -> Response:
    service = service_of(request)
    record = await _stored(service, request.path_params["table"])
    seat = _reader(record, request.query_params.get("seat"))
    return JSONResponse(_for_reader(await _current_views(service, record), seat))


async def move(request: Request) -> Response:
    """One move for the seat whose token is sent, made on ``version``: played (200), refused (200, ``refused``), or 409."""
    service = service_of(request)
    data = await service.read_json(request)
    record = await _stored(service, request.path_params["table"])
    asked = typed_body(data, BoardMoveRequest)
    seat = _reader(record, asked.seat)
    if seat is None:
        raise ApiError(403, "watchers cannot move: open the table with a seat link", {"reason": "watcher"})
    version, text = asked.version, asked.move
    kept = _kept(service)
    async with kept.lock(record.id):
        record = await _stored(service, record.id)
        if version != record.version:
            views = await _views_unlocked(service, record)
            raise ApiError(
                409,
                f"the table moved on (it is at move {record.version}): your move was not played; here is the table as it is",
                {"reason": "stale", "version": record.version, "state": _for_reader(views, seat)},
            )
        table = await _table_at(service, record)
        before = table.game
        try:
            outcome: Refusal | MoveEntry = await service.judge(lambda: table.play(seat.index, text), "table move")
        except NotYourTurn as exc:
            kept.put(record.id, record.version, table)
            views = await service.judge(lambda: _views(record, table), "table")
            raise ApiError(409, str(exc), {"reason": "not_your_turn", "state": _for_reader(views, seat)}) from None
        if isinstance(outcome, Refusal):
            kept.put(record.id, record.version, table)
            views = await service.judge(lambda: _views(record, table), "table")
            return JSONResponse({"refused": outcome.to_json(), "result": None, "state": _for_reader(views, seat)})
        try:
            committed = await asyncio.to_thread(service.tables.commit, record.id, record.version, table.dump(), seat.index, text)
        except Stale as exc:
            table.game = before  # not kept: the next reader replays the stored game
            views = await _views_unlocked(service, exc.current)
            raise ApiError(409, "the table moved on: your move was not played", {"reason": "stale", "version": exc.current.version, "state": _for_reader(views, seat)}) from None
        except StoreError as exc:
            raise _store_down(exc) from None
        views = await service.judge(lambda: _views(committed, table), "table")
        kept.put(committed.id, committed.version, table)
    service.hub.publish(committed.id, committed.version, views)
    _schedule_guard(service, committed, table)
    return JSONResponse({"refused": None, "result": outcome.for_reader(seat.index), "state": _for_reader(views, seat)})


def _schedule_guard(service: Service, record: TableRecord, table: BoardTable) -> None:
    """Insider with a time limit: when a Bodyguard answer is awaited, 'pass' is played for the seat at the stored deadline.

    Once per table and version in this process; the deadline is the table's, so
    a server restarted in the meantime (or a second one on the same store)
    times out at the same moment, or at once if it has passed.
    """
    if table.guard_seconds is None or table.guard_deadline is None or not table.awaits_guard():
        return
    waiting = _GUARDS.setdefault(service, set())
    key = (record.id, record.version)
    if key in waiting:
        return
    waiting.add(key)
    delay = max(0.0, table.guard_deadline - time.time())
    task = asyncio.get_running_loop().create_task(
        _guard_timeout(service, record.id, record.version, table.seat_to_move(), table.guard_seconds, delay)
    )
    service.background.add(task)
    task.add_done_callback(service.background.discard)
    task.add_done_callback(lambda _: waiting.discard(key))


async def _guard_timeout(service: Service, table_id: str, version: int, seat: int | None, seconds: int, delay: float) -> None:
    await asyncio.sleep(delay)
    kept = _kept(service)
    try:
        async with kept.lock(table_id):
            record = await asyncio.to_thread(service.tables.get, table_id)
            if record.version != version:
                return  # answered in time (or the table moved on)
            table = await _table_at(service, record)
            if not table.awaits_guard() or table.seat_to_move() != seat or seat is None:
                kept.put(record.id, record.version, table)
                return
            outcome = table.play(seat, "pass")
            if isinstance(outcome, Refusal):
                log.warning("table %s: the timed-out Bodyguard pass was refused: %s", table_id, outcome.detail)
                return
            outcome.effects.insert(0, f"temps écoulé ({seconds} s) : pas de garde du corps")
            committed = await asyncio.to_thread(service.tables.commit, record.id, record.version, table.dump(), seat, "pass (timeout)")
            views = await service.judge(lambda: _views(committed, table), "table")
            kept.put(committed.id, committed.version, table)
        service.hub.publish(committed.id, committed.version, views)
        _schedule_guard(service, committed, table)
    except (Stale, StoreError, NoSuchTable, ApiError) as exc:
        log.warning("table %s: the timed-out Bodyguard pass was not played: %s", table_id, exc)


async def _views_unlocked(service: Service, record: TableRecord) -> dict[str, Any]:
    """The views at the record's version while this table's lock is already held."""
    table = await _table_at(service, record)
    views = await service.judge(lambda: _views(record, table), "table")
    _kept(service).put(record.id, record.version, table)
    return views


async def position(request: Request) -> Response:
    """The board after move ``n`` of the move list (1-based), for stepping through it; public (no hand, no legal move)."""
    service = service_of(request)
    record = await _stored(service, request.path_params["table"])
    seat = _reader(record, request.query_params.get("seat"))
    number = int_param(request.path_params["number"], "number", 1, 10**6)
    async with _kept(service).lock(record.id):
        table = await _table_at(service, record)
        _kept(service).put(record.id, record.version, table)
    if number > len(table.moves):
        raise ApiError(404, f"the move list has {len(table.moves)} moves", {"reason": "no_such_move"})

    def made() -> dict[str, Any]:
        try:
            return table.position_after(number - 1)
        except (ValueError, UsageProblem) as exc:
            raise ApiError(404, str(exc), {"reason": "no_such_move"}) from None

    shown = await service.judge(made, "table position")
    return JSONResponse({"number": number, "entry": table.moves[number - 1].for_reader(None if seat is None else seat.index), "position": shown})


async def rules(request: Request) -> Response:
    kind = request.path_params["game"]
    if kind not in REFEREES:
        raise ApiError(404, f"no such game: use one of {', '.join(REFEREES)}", {"reason": "no_such_game"})
    return PlainTextResponse(REFEREES[kind].rules_text(), headers={"Cache-Control": "max-age=3600"})


async def events(request: Request) -> Response:
    """The table live, as server-sent events: a ``state`` event per committed move (this reader's view), ``id`` its version."""
    service = service_of(request)
    record = await _stored(service, request.path_params["table"])
    seat = _reader(record, request.query_params.get("seat"))
    views = await _current_views(service, record)
    stream = table_stream(request, service, record.id, record.version, lambda current: _for_reader(current, seat), lambda sent: reread(service, record.id, sent, lambda found: _current_views(service, found)))
    service.hub.publish(record.id, record.version, views)
    return stream




ROUTES: list[BaseRoute] = [
    Route("/api/boardgames", create, methods=["POST"]),
    Route("/api/boardgames/rules/{game}", rules, methods=["GET"]),
    Route("/api/boardgames/{table}", show, methods=["GET"]),
    Route("/api/boardgames/{table}/moves", move, methods=["POST"]),
    Route("/api/boardgames/{table}/events", events, methods=["GET"]),
    Route("/api/boardgames/{table}/moves/{number}", position, methods=["GET"]),
]


# --- OpenAPI -----------------------------------------------------------------------------

_TABLE_ID = {"name": "table", "in": "path", "required": True, "schema": {"type": "string", "minLength": 8, "maxLength": 64}, "description": "The table's id (from its links)."}
_SEAT_QUERY = query_param("seat", {"type": "string", "maxLength": 128}, "A seat's token (from its link); absent to watch.")


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


def openapi_paths(service: Service) -> dict[str, Any]:
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
                "requestBody": request_body(BoardMoveRequest, {"seat": "SEAT-TOKEN", "version": 0, "move": "walk"}),
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


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The bodies' components (derived from their types) and the table's view."""
    return {**body_components(NewBoardTableRequest, BoardMoveRequest), "BoardTable": _view_schema()}
