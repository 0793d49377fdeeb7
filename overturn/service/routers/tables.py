"""Every game's shared table over HTTP: one router for Overturn, Overload, offboard and Insider tables.

The authority is ``overturn.table.service.TableService``; this module only
reads requests, calls it, and writes its answers. Its refusals (the domain
errors of ``overturn.table.errors``) become statuses in one place,
``refusal_handler``. ``/api/tables/...`` serves tables of every game; the
``/api/boardgames/...`` paths are aliases, so links already shared keep working.

A seat's token travels in the ``X-Seat-Token`` header (the pages send it so,
streams included: they read them with fetch, not EventSource), or for API
clients and links already shared in the ``seat`` query parameter or a move's
body; the store keeps only their digests.

Long because it also declares every endpoint (two games' views and a working example per endpoint).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol

import msgspec
from msgspec import Meta, Struct
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from overturn.game.computer import LEVELS
from overturn.referees.protocol import UsageProblem
from overturn.service.answers import respond
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError, error_response
from overturn.service.game_requests import (
    ASKED_CELL,
    ASKED_PATH,
    MAX_LISTED_MOVES,
    LegalMoves,
    NewGameRequest,
    dealt_game,
    listed_moves,
    saved_game_of,
)
from overturn.service.openapi import Answer, Endpoint, Param, choice, ok, schema_of, whole
from overturn.service.params import int_param, typed_body
from overturn.service.ratelimit import prefix_of
from overturn.service.streams import Reader, table_stream
from overturn.table.contract import TableGame
from overturn.table.errors import (
    BadSeatToken,
    BadStoredGame,
    ComputerSeat,
    HelpsRefused,
    InvitationSpent,
    MalformedMove,
    MoveNotAllowed,
    NoSuchMove,
    NotCreator,
    NotYourTurn,
    StaleMove,
    StoreFull,
    StoreUnavailable,
    TableNotFound,
    TableRefusal,
    TooManyTables,
    UnusableMove,
    WatcherCannotMove,
)
from overturn.table.games import BOARDS, GAMES, PLAYERS, REFEREES, SEEDS, TableMove, new_board_table, seat_names
from overturn.table.insider_table import MAX_GUARD, MIN_GUARD
from overturn.table.seating import COLOURS, GAME, OverturnTable, helped_game
from overturn.table.service import Created, SeatAsked, joined
from overturn.table.views import (
    BOARD_TABLES_CREATED,
    BoardAfterMove,
    BoardTableMoved,
    InsiderView,
    OffboardView,
    OverloadView,
    OverturnTableCreated,
    OverturnTableMoved,
    OverturnTableView,
    SeatPresence,
    TableLinks,
    TablePresence,
    TableView,
)

#: Longest seat name kept (a phone's keyboard, not a document).
MAX_SEAT_NAME = 40
#: Most versions a table reaches (every move is one; a long Insider game is a few thousand actions).
MAX_VERSION = 10**9
#: The board games a table holds (``REFEREES``; a test holds the two spellings together).
GameName = Literal["overload", "offboard", "insider"]
#: A seat's name: printable text. No control character (C0, DEL, C1 with NEL: NUL above all, which no store keeps),
#: no line or paragraph separator, no bidi mark, embedding, override or isolate, which would show a name reversed
#: or spill its direction over the text around it.
SeatText = Annotated[str, Meta(max_length=MAX_SEAT_NAME, pattern=r"^[^\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]*$")]
#: Every table answer may hold a seat's private view or a token: never kept by a browser or a proxy.
PRIVATE = {"Cache-Control": "no-store"}
#: The header carrying a seat's token (kept out of URLs, so out of access logs and browser histories).
SEAT_HEADER = "X-Seat-Token"


def seat_token(request: Request, given: Any = None) -> Any:
    """The reader's token: the ``X-Seat-Token`` header, else ``given`` (a move's body), else the ``seat`` query."""
    header = request.headers.get(SEAT_HEADER)
    if header:
        return header
    return given if given is not None else request.query_params.get("seat")


def with_presence(view: TableView, presence: tuple[tuple[bool, bool], ...]) -> TableView:
    """The view with each seat's presence (made per answer: a view is shared by every reader of its version)."""
    if not presence:
        return view
    seats = [SeatPresence(joined, connected) for joined, connected in presence]
    return msgspec.structs.replace(view, table=msgspec.structs.replace(view.table, presence=seats))


# ----- the request bodies, each declared once: decoding, checks and schema derive from them --------------


class SeatRequest(Struct, forbid_unknown_fields=True):
    """One seat asked for: a person (with a name, or the colour's) or the computer at a level (Overturn only)."""

    name: SeatText | None = None
    computer: Annotated[int, Meta(ge=min(LEVELS), le=max(LEVELS), description="The computer's level; absent for a person.")] | None = None


@dataclass(frozen=True)
class Opening:
    """What a creation request opens: the game's kind (its name in ``GAMES``), its game and its seats."""

    kind: str
    game: TableGame
    seats: list[SeatAsked]


class OpeningRequest(Protocol):
    """A creation request: it opens its game's table, with what only the server knows (its lexicons, its seed policy)."""

    async def opened(self, service: Service) -> Opening: ...


class NewTableRequest(NewGameRequest, kw_only=True):
    """An Overturn table (the default when ``game`` is absent): the deal as for /api/game/new, and the two seats."""

    game: Literal["overturn"] | None = None
    seats: Annotated[list[SeatRequest], Meta(min_length=len(COLOURS), max_length=len(COLOURS))] = msgspec.field(
        default_factory=lambda: [SeatRequest() for _ in COLOURS]
    )
    helps: Annotated[bool, Meta(description="false: a fair table, no hint, list of legal words or dictionary for its players.")] = True

    async def opened(self, service: Service) -> Opening:
        seats = []
        for index, seat in enumerate(self.seats):
            level = seat.computer
            default = f"Ordinateur {level}" if level is not None else ("Vert" if index == 0 else "Argent")
            seats.append(SeatAsked(seat.name or default, level))
        return Opening(GAME, OverturnTable(dealt_game(service, self), helps=self.helps), seats)


class BoardOptions(Struct, forbid_unknown_fields=True):
    """The table's options; each game checks the ones it takes (``BoardTable.new``)."""

    table_dice: Annotated[bool, Meta(description="The players roll their own dice and type the result.")] = False
    variant: Annotated[int, Meta(ge=0, description="Overload: special sections (0 for the basic game).")] | None = None
    layout: Annotated[str, Meta(max_length=40, description="offboard: a packaged layout's name.")] | None = None
    guard_seconds: Annotated[int, Meta(ge=MIN_GUARD, le=MAX_GUARD, description="Insider: seconds for a Bodyguard answer, then 'pass'.")] | None = None


class SeatName(Struct, forbid_unknown_fields=True):
    name: SeatText | None = None


class NewBoardTableRequest(Struct, forbid_unknown_fields=True):
    """A board game held by the server: the game, its seats (or just how many) and a seed (random when absent)."""

    game: GameName
    players: Annotated[int, Meta(ge=2, le=5)] | None = None
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1, description="Within the game's own range.")] | None = None
    options: BoardOptions | None = None
    seats: Annotated[list[SeatName], Meta(min_length=2, max_length=5)] | None = None

    async def opened(self, service: Service) -> Opening:
        kind = self.game
        low, high = PLAYERS[kind]
        players = self.players if self.players is not None else low if self.seats is None else len(self.seats)
        if not low <= players <= high:
            raise ApiError(422, f"'players' must be between {low} and {high} for {kind}, not {players}", {"field": "players"})
        names = self.seats if self.seats is not None else [SeatName() for _ in range(players)]
        if players != len(names):
            raise ApiError(422, f"'players' ({players}) and the seats given ({len(names)}) differ", {"field": "players"})
        seed_low, seed_high = SEEDS[kind]
        server_draws = BOARDS[kind].chance_from_seed and not (self.options is not None and self.options.table_dice)
        if self.seed is not None and server_draws and not service.allow_seeds:
            raise ApiError(
                422,
                f"'seed' is chosen by this server for {kind}: whoever chose it could foresee every roll and draw (play with table_dice, or start the server with --allow-seeds for a lesson)",
                {"field": "seed"},
            )
        if self.seed is not None and not seed_low <= self.seed <= seed_high:
            raise ApiError(422, f"'seed' must be between {seed_low} and {seed_high} for {kind}, not {self.seed}", {"field": "seed"})
        seed = secrets.randbelow(seed_high + 1) if self.seed is None else self.seed
        given = msgspec.to_builtins(self.options) if self.options is not None else {}
        options = {name: value for name, value in given.items() if value is not None and (name != "table_dice" or value)}
        try:
            game = await service.judge(lambda: new_board_table(kind, players, seed, options), "new table")
        except UsageProblem as exc:
            raise ApiError(422, str(exc), {"field": "options"}) from None
        game.seed_chosen = self.seed is not None and server_draws
        defaults = seat_names(kind, players)
        return Opening(kind, game, [SeatAsked(seat.name or defaults[index]) for index, seat in enumerate(names)])


#: The request that opens a table of each game, by the ``game`` it names (a test holds it to ``GAMES``): the table
#: router reads a creation through it and asks no game which it is.
OPENINGS: dict[str, type[OpeningRequest]] = {GAME: NewTableRequest, **dict.fromkeys(REFEREES, NewBoardTableRequest)}


def opening_request(data: dict[str, Any]) -> OpeningRequest:
    """The creation request ``data`` makes, read as the Struct of the game it names (Overturn when ``game`` is absent)."""
    name = data.get("game")
    name = GAME if name is None else name
    if not isinstance(name, str) or name not in OPENINGS:
        raise ApiError(422, f"unknown game {name!r}: 'game' must be {' or '.join(sorted(OPENINGS))}", {"field": "game"})
    return typed_body(data, OPENINGS[name])


class MoveRequest(Struct, forbid_unknown_fields=True):
    """A move for the seat whose token is sent, made on the table's ``version``: the game's ``move`` (a board game's
    notation, an Overturn object with its ``kind``); ``action`` is its older name, still taken."""

    version: Annotated[int, Meta(ge=0, le=MAX_VERSION, description="Moves committed when the move was chosen.")]
    move: TableMove | None = None
    action: Annotated[TableMove | None, Meta(description="The older name of 'move' (Overturn tables' first clients).")] = None
    #: Any JSON: what is not a seat's token (a list, a number) opens no seat, 403 as a wrong token is.
    seat: Annotated[Any, Meta(extra_json_schema={"type": "string", "maxLength": 128}, description="The seat's token (from its link).")] = None


class AckRequest(Struct, forbid_unknown_fields=True):
    """A stream heard: the body says nothing more (an empty JSON object), it is the request itself that counts."""


class ClaimRequest(Struct, forbid_unknown_fields=True):
    """The token of the link a phone opened (an invitation), to exchange for the phone's own credential."""

    seat: Annotated[Any, Meta(extra_json_schema={"type": "string", "maxLength": 128}, description="The invitation's token.")] = None


class HandOverRequest(Struct, forbid_unknown_fields=True):
    """A new token for a seat, asked with the creator's token."""

    seat: Annotated[int, Meta(ge=0, le=4)]
    creator: str | None = None


# ----- the answers: a table's view wrapped with what only that request receives --------------------


class Heard(Struct):
    """A stream's acknowledgement received: it keeps its place for 2.5 more heartbeats."""

    heard: bool


class Claimed(Struct):
    """The seat a phone now holds and its own credential (the invitation is spent: its creator cannot open the seat),
    with the table as that seat now sees it (``GET`` of the table with the new credential answers the same), so that a
    phone opening its link waits one round trip, not two."""

    seat: int
    token: str
    view: Annotated[TableView, Meta(description="The table as this seat now sees it, as GET of the table answers.")]


class HandedOver(Struct):
    """A seat's new token and link; the old ones stop opening it."""

    seat: int
    token: str
    link: str


# ----- refusals: the one place a table refusal becomes an HTTP status --------------------------

_STATUS: dict[type[TableRefusal], int] = {
    TableNotFound: 404,
    NoSuchMove: 404,
    BadSeatToken: 403,
    WatcherCannotMove: 403,
    NotCreator: 403,
    InvitationSpent: 403,
    ComputerSeat: 422,
    MoveNotAllowed: 422,
    MalformedMove: 400,
    UnusableMove: 422,
    HelpsRefused: 403,
    NotYourTurn: 409,
    StaleMove: 409,
    TooManyTables: 429,
    BadStoredGame: 500,
    StoreUnavailable: 503,
    StoreFull: 503,
}


async def refusal_handler(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TableRefusal)
    headers = {**PRIVATE, "Retry-After": "5"} if isinstance(exc, StoreUnavailable) else dict(PRIVATE)
    if isinstance(exc, StoreFull):
        headers["Retry-After"] = "3600"
    if isinstance(exc, TooManyTables):
        headers["Retry-After"] = str(int(exc.retry_after) + 1)
    detail = {"reason": exc.reason, **msgspec.to_builtins(exc.detail)}  # a refusal carrying the table holds its view
    return error_response(_STATUS.get(type(exc), 422), exc.message, detail, headers)


# ----- endpoints -------------------------------------------------------------------------


async def create(request: Request) -> Response:
    """A table of any game: ``game`` names it (Overturn when absent), whose own request is read and opens the table."""
    service = service_of(request)
    asked = opening_request(await service.read_json(request))
    return await _open(request, await asked.opened(service))


async def create_board_game(request: Request) -> Response:
    """A board game's table (``/api/boardgames``: ``game`` required, as links already shared expect)."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), NewBoardTableRequest)
    return await _open(request, await asked.opened(service))


async def _open(request: Request, opening: Opening) -> Response:
    """The table stored and its links answered, within the per-address bound every game shares."""
    service, seats = service_of(request), opening.seats
    client = request.client.host if request.client else "?"
    if seats and all(seat.computer is not None for seat in seats):
        _computers_only(service, client)
    wait, by_network = service.table_openings.allow(client)
    if wait:
        limits = service.limits
        who = f"the addresses of this network ({prefix_of(client)})" if by_network else "this address"
        limit = limits.tables_per_prefix_hour if by_network else limits.tables_per_client_hour
        raise TooManyTables(f"{who} opened {limit} tables in the last hour; try again in {wait / 60:.0f} min", wait)
    created = await service.tables.create(opening.kind, opening.game, seats)
    return respond(_created(created), 201, PRIVATE)


def _table_id(request: Request) -> str:
    """The table id of the path; a control character (NUL above all) is refused here, before any store sees it."""
    table_id: str = request.path_params["table"]
    if any(ord(char) < 32 or ord(char) == 127 for char in table_id):
        raise ApiError(422, "'table' holds a control character: a table id is letters, digits, '-' and '_'", {"field": "table"})
    return table_id


def _computers_only(service: Service, client: str) -> None:
    """A table where only computers play keeps a computer player busy all game: bounded at once and per address."""
    limits = service.limits
    if service.tables.computer_tables() >= limits.max_computer_tables:
        raise TooManyTables(f"the server runs {limits.max_computer_tables} computer-only tables already; try again in a few minutes", 120, "too_many_computer_tables")
    wait = service.computer_openings.allow(client)
    if wait:
        message = f"this address opened {limits.computer_tables_per_client_hour} computer-only tables in the last hour; try again in {wait / 60:.0f} min"
        raise TooManyTables(message, wait, "too_many_computer_tables")


def _created(created: Created) -> Struct:
    record, page = created.record, created.kind.page
    links = TableLinks(
        f"{page}?table={record.id}", [None if token is None else _invitation(page, record.id, token) for token in created.tokens]
    )
    return created.kind.created(created.views.watcher, created.creator, created.tokens, links)


async def show(request: Request) -> Response:
    service = service_of(request)
    record, seat, views = await service.tables.show(_table_id(request), seat_token(request))
    view = views.for_reader(None if seat is None else seat.index)
    presence = service.hub.presence(record.id, joined(record), await service.tables.elsewhere(record.id))
    return respond(with_presence(view, presence), headers=PRIVATE)


async def move(request: Request) -> Response:
    """One move for the seat whose token is sent, made on ``version``: played, refused (200, the game's words), or 409."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), MoveRequest)
    if asked.move is not None and asked.action is not None:
        raise ApiError(422, "give 'move' or its older name 'action', not both", {"field": "action"})
    field, given = ("move", asked.move) if asked.action is None else ("action", asked.action)
    if given is None:
        raise ApiError(400, "'move' is required", {"field": "move"})
    moved = await service.tables.move(_table_id(request), seat_token(request, asked.seat), asked.version, lambda game: game.parse(given, field))
    return respond(moved.kind.moved(moved.judged.answer, moved.view), headers=PRIVATE)


async def hand_over(request: Request) -> Response:
    """A new link for a seat (a lost or flat phone), asked with the creator's token; the old link stops working."""
    service = service_of(request)
    data = await service.read_json(request)
    asked = typed_body(data, HandOverRequest)
    record, token = await service.tables.hand_over(_table_id(request), asked.creator, asked.seat)
    page = GAMES[record.game].page
    return respond(HandedOver(asked.seat, token, _invitation(page, record.id, token)), headers=PRIVATE)


def _invitation(page: str, table_id: str, token: str) -> str:
    """A seat's link: the invitation after '#', which a browser never sends, so it reaches no server or proxy log."""
    return f"{page}?table={table_id}#seat={token}"


async def claim(request: Request) -> Response:
    """A phone takes the seat of the link it opened: its own credential, the invitation spent (see ``TableService.claim``)."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), ClaimRequest)
    claimed, seat, token = await service.tables.claim(_table_id(request), seat_token(request, asked.seat))
    record, _seat, views = await service.tables.show(claimed.id, token)  # the record as claimed: this seat joined
    presence = service.hub.presence(record.id, joined(record), await service.tables.elsewhere(record.id))
    return respond(Claimed(seat.index, token, with_presence(views.for_reader(seat.index), presence)), headers=PRIVATE)


async def position(request: Request) -> Response:
    """The board after move ``n`` of the move list (1-based), for stepping through it; public (no hand, no legal move)."""
    service = service_of(request)
    number = int_param(request.path_params["number"], "number", 1, 10**6)
    answer = await service.tables.position(_table_id(request), seat_token(request), number)
    return respond(answer, headers=PRIVATE)


async def helps(request: Request) -> Response:
    """The legal words now (``limit`` listed, 0 only counts), for a seat of an Overturn table whose creator allowed helps.

    A fair table (created with ``helps: false``) refuses them to everyone; a watcher never gets them while the game is live.
    """
    service = service_of(request)
    _record, seat, views = await service.tables.show(_table_id(request), seat_token(request))
    saved = helped_game(views.for_reader(None if seat is None else seat.index), watcher=seat is None)
    limit = int_param(request.query_params.get("limit"), "limit", 0, MAX_LISTED_MOVES, MAX_LISTED_MOVES)
    return await listed_moves(service, saved_game_of(service, saved), limit)


async def rules(request: Request) -> Response:
    kind = request.path_params["game"]
    if kind not in REFEREES:
        raise ApiError(404, f"no such game: use one of {', '.join(REFEREES)}", {"reason": "no_such_game"})
    return PlainTextResponse(REFEREES[kind].rules_text(), headers={"Cache-Control": "max-age=3600"})


async def events(request: Request) -> Response:
    """The table live, as server-sent events: a ``state`` event per committed move (this reader's view), ``id`` its version.

    A reconnecting EventSource sends Last-Event-ID; the stream then starts with
    the current state only if it is newer. A heartbeat event every period keeps
    proxies from closing an idle stream; a ``presence`` event says who is at the
    table when that changes; ``?ack=1`` promises acknowledgements (``ack``), and
    ``revoked`` ends the stream of a seat handed over (``overturn.service.streams``).
    """
    service = service_of(request)
    record, seat, views = await service.tables.show(_table_id(request), seat_token(request))
    index = None if seat is None else seat.index
    hub = service.hub
    acks = request.query_params.get("ack") == "1"
    reader = Reader(index, "" if seat is None else seat.token_digest, acks, joined(record), await service.tables.elsewhere(record.id))
    stream = table_stream(
        request,
        service,
        record.id,
        record.version,
        lambda current: with_presence(current.for_reader(index), hub.presence(record.id)),
        lambda sent: service.tables.reread(record.id, sent),
        reader,
        lambda: TablePresence([SeatPresence(joined, connected) for joined, connected in hub.presence(record.id)]),
    )
    hub.publish(record.id, record.version, views)
    return stream


async def ack(request: Request) -> Response:
    """A page heard its stream (the id its first heartbeat gave): the stream keeps its place. 404 once it is closed."""
    service = service_of(request)
    typed_body(await service.read_json(request), AckRequest)
    if not service.hub.ack(_table_id(request), request.path_params["stream"]):
        raise ApiError(404, "no such stream open on this server: open the table's events again", {"reason": "no_such_stream"})
    return respond(Heard(True), headers=PRIVATE)


# --- the table endpoints, each declared once: its route and its OpenAPI operation, every schema derived from the types above ---

_TOKEN = Annotated[str, Meta(max_length=128)]
_TABLE_ID = Param("table", Annotated[str, Meta(min_length=8, max_length=64, description="The table's id (from its links).")], where="path")
_SEAT_QUERY = Param("seat", _TOKEN, f"A seat's token (from its link); absent to watch. The {SEAT_HEADER} header is preferred (kept out of URLs and logs).")
_SEAT_HEADER = Param(SEAT_HEADER, _TOKEN, "A seat's token (the phone's credential, or an invitation); wins over the query's and the body's.", where="header")
_REFUSED = "403: a token that opens no seat (or a watcher moving); 404: no such table; 409: stale version or not this seat's turn (detail.state: the table now)."
_SEEN, _JUDGED = dict.fromkeys((403, 404), _REFUSED), dict.fromkeys((403, 404, 409), _REFUSED)
_ERRORS = (400, 408, 413, 415, 422, 503)
_TEXT, _CREATED = {"type": "string"}, "The table as a watcher sees it, the creator's token, each seat's token and link, the watch link."


def _narrowed(service: Service) -> dict[str, Any]:
    """A request's fields narrowed to this server (a path and a cell in either shape)."""
    word = schema_of(Annotated[str, Meta(max_length=service.limits.max_word_length)])
    return {"lexicon": choice(service.lexicons), "word": word, "path": ASKED_PATH, "cell": ASKED_CELL}


def _on_a_table(family: str, prefix: str) -> tuple[Endpoint, ...]:
    """The endpoints on one table, under ``/api/tables`` or its alias ``/api/boardgames``."""
    base, seat = f"/api/{family}/{{table}}", (_TABLE_ID, _SEAT_HEADER, _SEAT_QUERY)
    view = ok("The table as this reader sees it (an Overturn table, or a board game's built up for this seat).", OverturnTableView, OverloadView, OffboardView, InsiderView)
    return (
        Endpoint("GET", base, show, f"{prefix}_show", "The table as a seat (its token) or a watcher sees it.", view, _ERRORS, seat, responses=_SEEN),
        Endpoint(
            "POST", f"{base}/moves", move, f"{prefix}_move", "A move for the seat whose token is sent, made on the table's version: Overturn's `action`, a board game's `move`.",
            ok("The move judged and the table after it.", OverturnTableMoved, BoardTableMoved), _ERRORS, seat[:2],
            MoveRequest, {"seat": "SEAT-TOKEN", "version": 0, "action": {"kind": "word", "word": "ETE"}}, _narrowed, responses=_JUDGED,
        ),
        Endpoint(
            "GET", f"{base}/moves/{{number}}", position, f"{prefix}_position", "Move number (1-based) of a board game's list and the public board after it.",
            ok("The move and the board after it.", BoardAfterMove), _ERRORS, (_TABLE_ID, Param("number", whole(1), where="path"), *seat[1:]), responses=_SEEN,
        ),
        Endpoint(
            "GET", f"{base}/events", events, f"{prefix}_events", "The table live (server-sent events: state, heartbeat, presence, revoked); Last-Event-ID resumes.",
            Answer("The event stream: a state event per move (this reader's view), id its version; presence events (TablePresence).", (TablePresence,), media="text/event-stream", schema=_TEXT), (503,),
            (*seat, Param("last", whole(0), "The version the client has (as Last-Event-ID)."), Param("ack", Literal["1"], "The client acknowledges each heartbeat (POST …/events/STREAM/ack, STREAM from the first heartbeat's data): a stream unheard for 2.5 heartbeats is closed.")),
            responses=_SEEN,
        ),
        Endpoint(
            "POST", f"{base}/events/{{stream}}/ack", ack, f"{prefix}_events_ack", "A stream opened with ack=1 was heard (body: an empty JSON object): it keeps its place; 404 once it is closed (open it again).",
            ok("Heard.", Heard), _ERRORS, (_TABLE_ID, Param("stream", Annotated[str, Meta(max_length=64)], where="path")), AckRequest, {}, responses={404: _REFUSED},
        ),
        Endpoint(
            "POST", f"{base}/hand-over", hand_over, f"{prefix}_hand_over", "A new token for a seat (a lost phone), asked with the creator's token; the old link stops working.",
            ok("The seat's new token and link.", HandedOver), _ERRORS, (_TABLE_ID,), HandOverRequest, {"creator": "CREATOR-TOKEN", "seat": 0}, responses=_SEEN,
        ),
        Endpoint(
            "POST", f"{base}/claim", claim, f"{prefix}_claim", "A phone takes the seat of the link it opened: the invitation is exchanged for the phone's own credential (the creator can no longer open the seat).",
            ok("The seat and the phone's own credential.", Claimed), _ERRORS, seat[:2], ClaimRequest, {"seat": "INVITATION-TOKEN"}, responses=_SEEN,
        ),
    )

ENDPOINTS = (
    Endpoint(
        "POST", "/api/tables", create, "table_new", "A table held by the server: an Overturn deal and its two seats (a name, or the computer at a level); with `game`, a board game's table as /api/boardgames makes it.",
        ok(_CREATED, OverturnTableCreated, *BOARD_TABLES_CREATED.values(), status=201), _ERRORS, body=(NewTableRequest, NewBoardTableRequest), example={"seed": 7, "seats": [{"name": "Zoé"}, {"computer": 2}]},
        narrowed=_narrowed, responses={429: "This address opened too many tables in the last hour (Retry-After)."},
    ),
    Endpoint(
        "POST", "/api/boardgames", create_board_game, "boardgame_new", "A board game (Overload 3-5, offboard 2, Insider 2-4) held by the server, one secret link per seat.",
        ok(_CREATED, *BOARD_TABLES_CREATED.values(), status=201), _ERRORS, body=NewBoardTableRequest, example={"game": "insider", "seed": 7, "seats": [{"name": "Zoé"}, {"name": "Paul"}, {"name": "Inès"}]},
        narrowed=_narrowed, responses={429: "Too many tables from this address (Retry-After)."},
    ),
    Endpoint(
        "GET", "/api/boardgames/rules/{game}", rules, "boardgame_rules", "The rules summary the referee applies (as `overturn GAME rules`).",
        Answer("The rules, plain text.", media="text/plain", schema=_TEXT), parameters=(Param("game", GameName, where="path"),), responses={404: _REFUSED},
    ),
    Endpoint(
        "GET", "/api/tables/{table}/helps", helps, "table_helps", "An Overturn table's legal words now (hint, list, pass warning) for a seat, when its creator allowed helps; never for a watcher of a live game.",
        ok("How many legal words there are now, and the best of them.", LegalMoves), _ERRORS,
        (_TABLE_ID, _SEAT_HEADER, _SEAT_QUERY, Param("limit", Annotated[int, Meta(ge=0, le=MAX_LISTED_MOVES)], "How many to list; 0 only counts them.")), responses=_SEEN,
    ),
    *_on_a_table("tables", "table"),
    *_on_a_table("boardgames", "boardgame"),
)
