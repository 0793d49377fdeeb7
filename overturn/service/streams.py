"""A table's live stream (server-sent events), one implementation for every kind of table.

A stream holds a place in the hub (bounded per client and in total, 503 past
them), sends the table's state when the reader's Last-Event-ID is older than
it, then each newer version the hub publishes, a heartbeat comment when
nothing happens (rereading the store then, for moves made by another server
process that could not announce them), and ends when the server stops.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from overturn.service.context import Service
from overturn.service.errors import ApiError
from overturn.table.contract import SeatViews
from overturn.table.hub import TooManyStreams

#: Headers of every stream: never cached, never buffered by a proxy.
STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def last_event_id(request: Request) -> int:
    """The version the client has: Last-Event-ID (EventSource's reconnect) or ``last``; -1 sends the state at once."""
    given = request.headers.get("last-event-id") or request.query_params.get("last")
    if given is None or not given.isdigit() or len(given) > 9:
        return -1
    return int(given)


def table_stream(
    request: Request,
    service: Service,
    table_id: str,
    version: int,
    for_reader: Callable[[SeatViews], dict[str, Any]],
    reread: Callable[[int], Awaitable[tuple[int, SeatViews] | None]],
) -> Response:
    """The event stream of a table at ``version``: ``for_reader`` turns a published view into this reader's,
    ``reread`` fetches the table from the store when it is newer than the version sent (None otherwise)."""
    last = last_event_id(request)
    client = request.client.host if request.client else "?"
    try:
        place = service.hub.stream(table_id, client)
        place.__enter__()
    except TooManyStreams as exc:
        raise ApiError(503, f"{exc}; try again later", {"reason": "too_many_streams"}, {"Retry-After": "10"}) from None
    heartbeat = service.limits.stream_heartbeat

    async def events() -> AsyncIterator[str]:
        sent = last if last <= version else -1  # an id from the future (a reset store) resends the state
        yield f"retry: 2000\n: table {table_id}\n\n"
        while True:
            published = await service.hub.wait_newer(table_id, sent, heartbeat)
            if service.hub.closed:
                return
            if published is None:
                fresh = await reread(sent)
                if fresh is None:
                    yield ": heartbeat\n\n"
                    continue
                current_version, current = fresh
            else:
                current_version, current = published.version, published.views
            sent = current_version
            data = json.dumps(for_reader(current), ensure_ascii=False, separators=(",", ":"))
            yield f"event: state\nid: {current_version}\ndata: {data}\n\n"

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
