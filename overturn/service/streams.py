"""A table's live stream (server-sent events), one implementation for every kind of table.

A stream holds a place in the hub (bounded per client and in total, 503 past
them), sends the table's state when the reader's Last-Event-ID is older than
it, then each newer version the hub publishes, a `heartbeat` event when
nothing happens (rereading the store then, for moves made by another server
process that could not announce them), a `presence` event when who is at the
table changes, and ends when the server stops. A page's stream asks to
acknowledge the beats (``?ack=1``; the first beat gives the stream's id): one
unheard for 2.5 beats is closed, so a phone whose network vanished quietly
frees its place. A stream whose seat was handed to another phone gets a
`revoked` event and ends.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from overturn.service.context import Service
from overturn.service.errors import ApiError
from overturn.table.contract import SeatViews
from overturn.table.hub import TooManyStreams
from overturn.table.views import TableView

#: Headers of every stream: never cached, never buffered by a proxy.
STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def last_event_id(request: Request) -> int:
    """The version the client has: Last-Event-ID (EventSource's reconnect) or ``last``; -1 sends the state at once."""
    given = request.headers.get("last-event-id") or request.query_params.get("last")
    if given is None or not given.isdigit() or len(given) > 9:
        return -1
    return int(given)


#: Heartbeat periods a stream that promised acknowledgements may stay unheard before the server closes it.
MISSED_ACKS = 2.5


@dataclass(frozen=True)
class Reader:
    """Who a stream is for: the seat (None: a watcher), the stored digest of the token that opened it, whether it will
    acknowledge the beats (``?ack=1``: a page or the CLI's watch), the seats claimed when it opened (None for a
    computer's) and those connected through other server processes (None: the hub knows)."""

    seat: int | None = None
    token_digest: str = ""
    acks: bool = False
    joined: tuple[bool | None, ...] = ()
    elsewhere: frozenset[int] | None = None


def table_stream(
    request: Request,
    service: Service,
    table_id: str,
    version: int,
    for_reader: Callable[[SeatViews], TableView],
    reread: Callable[[int], Awaitable[tuple[int, SeatViews] | None]],
    reader: Reader = Reader(),
    presence: Callable[[], Any] = lambda: None,
) -> Response:
    """The event stream of a table at ``version``: ``for_reader`` turns a published view into this reader's,
    ``reread`` fetches the table from the store when it is newer than the version sent (None otherwise), ``presence``
    gives the table's presence as sent in a ``presence`` event (each time it changes)."""
    last = last_event_id(request)
    client = request.client.host if request.client else "?"
    hub = service.hub
    try:
        place = hub.stream(table_id, client, reader.seat, reader.token_digest, reader.acks, reader.joined, reader.elsewhere)
        slot = place.__enter__()
    except TooManyStreams as exc:
        # the connection is closed too: a refused stream must not keep a descriptor the server needs
        raise ApiError(503, f"{exc}; try again later", {"reason": "too_many_streams"}, {"Retry-After": "10", "Connection": "close"}) from None
    heartbeat = service.limits.stream_heartbeat
    grace = MISSED_ACKS * heartbeat

    def state(current_version: int, current: SeatViews) -> str:
        data = msgspec.json.encode(for_reader(current)).decode()
        return f"event: state\nid: {current_version}\ndata: {data}\n\n"

    async def events() -> AsyncIterator[str]:
        sent = last if last <= version else -1  # an id from the future (a reset store) resends the state
        beat = f"event: heartbeat\ndata: {{\"every\": {heartbeat:g}}}\n\n"
        opening = {"every": heartbeat, "stream": slot.id} if reader.acks else {"every": heartbeat}
        yield f"retry: 2000\n: table {table_id}\n\nevent: heartbeat\ndata: {msgspec.json.encode(opening).decode()}\n\n"
        presence_sent = -1
        next_beat = time.monotonic() + heartbeat
        while not hub.closed:
            now = time.monotonic()
            if slot.revoked:
                yield f"event: revoked\ndata: {{\"seat\": {slot.seat}}}\n\n"
                return  # the seat is another phone's now: this reader's token opens nothing
            if reader.acks and now - slot.heard > grace:
                return  # the reader went silent (a phone whose network vanished): its place is freed
            published = hub.latest(table_id)
            if published is not None and published.version > sent:
                presence_sent = hub.presence_version(table_id)
                sent = published.version
                yield state(published.version, published.views)
                next_beat = time.monotonic() + heartbeat
                continue
            if hub.presence_version(table_id) != presence_sent:
                presence_sent = hub.presence_version(table_id)
                yield f"event: presence\ndata: {msgspec.json.encode(presence()).decode()}\n\n"
                continue
            if now >= next_beat:
                next_beat = now + heartbeat
                fresh = await reread(sent)
                if fresh is not None and fresh[0] > sent:
                    sent = fresh[0]
                    yield state(*fresh)
                elif not slot.revoked:
                    yield beat  # an event, not a comment: a page counts the beats to tell a link that died quietly
                continue
            wake = min(next_beat, slot.heard + grace + 0.01) if reader.acks else next_beat
            await hub.wait(table_id, wake - now)

    return EventStream(events(), lambda: place.__exit__(None, None, None))


class EventStream(StreamingResponse):
    """A stream that gives its place back however it ends (finished, client gone, or never started)."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], object]) -> None:
        super().__init__(content, media_type="text/event-stream", headers=STREAM_HEADERS)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()
