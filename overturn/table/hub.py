"""Live fan-out: each committed move reaches every open stream on its table, within this server process.

A table's views are published once per move (every reader's, made once);
each stream waits for a version newer than the one it sent and sends its own
reader's view.
Streams are bounded in total and per client address (``TooManyStreams``).
Several server processes on one PostgreSQL hear of each other's moves by
``LISTEN/NOTIFY`` (``TableStore.follow``); on a store that cannot announce
(SQLite shared by two processes), each stream also rereads the store at every
heartbeat, so a move made through another process arrives by then at the
latest (docs/service.md, "Scale").
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from overturn.table.contract import SeatViews


class TooManyStreams(Exception):
    pass


@dataclass
class Published:
    version: int
    views: SeatViews


class Hub:
    def __init__(self, max_streams: int, max_per_client: int) -> None:
        self.max_streams = max_streams
        self.max_per_client = max_per_client
        self._latest: dict[str, Published] = {}
        self._changed: dict[str, asyncio.Event] = {}
        self._watchers: Counter[str] = Counter()
        self._clients: Counter[str] = Counter()
        self.closed = False

    def close(self) -> None:
        """The server is stopping: every stream wakes up and ends (browsers reconnect to the next server)."""
        self.closed = True
        for event in self._changed.values():
            event.set()
        self._changed.clear()

    @property
    def open_streams(self) -> int:
        return sum(self._clients.values())

    @contextmanager
    def stream(self, table_id: str, client: str) -> Iterator[None]:
        """Holds one stream's place; ``TooManyStreams`` past the server's or this client's bound."""
        if self.open_streams >= self.max_streams:
            raise TooManyStreams(f"the server has {self.max_streams} live streams open")
        if self._clients[client] >= self.max_per_client:
            raise TooManyStreams(f"this address has {self.max_per_client} live streams open")
        self._clients[client] += 1
        self._watchers[table_id] += 1
        try:
            yield
        finally:
            self._clients[client] -= 1
            if not self._clients[client]:
                del self._clients[client]
            self._watchers[table_id] -= 1
            if not self._watchers[table_id]:
                del self._watchers[table_id]
                self._latest.pop(table_id, None)
                self._changed.pop(table_id, None)

    def publish(self, table_id: str, version: int, views: SeatViews) -> None:
        """A table's new views; streams waiting on an older version wake up. Older news is ignored."""
        if not self._watchers[table_id]:
            self._watchers.pop(table_id, None)
            return
        known = self._latest.get(table_id)
        if known is not None and known.version >= version:
            return
        self._latest[table_id] = Published(version, views)
        event = self._changed.pop(table_id, None)
        if event is not None:
            event.set()

    def watching(self, table_id: str) -> bool:
        return self._watchers.get(table_id, 0) > 0

    def latest(self, table_id: str) -> Published | None:
        return self._latest.get(table_id)

    async def wait_newer(self, table_id: str, version: int, timeout: float) -> Published | None:
        """The table's view once it is newer than ``version``; None after ``timeout`` seconds with no news."""
        known = self._latest.get(table_id)
        if known is not None and known.version > version or self.closed:
            return known if not self.closed else None
        event = self._changed.setdefault(table_id, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return None
        known = self._latest.get(table_id)
        return known if known is not None and known.version > version else None
