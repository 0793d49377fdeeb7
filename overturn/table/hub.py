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

The hub also knows who is at each table it serves: a stream holds a ``Slot``
naming its reader's seat, so presence (joined, connected) changes wake the
table's streams as a move does, and a seat handed over to another phone
revokes the slots opened with its old credential. A seat is connected while
a stream of its is open here or, on a store shared by several processes, in
another process (``elsewhere``, kept by ``overturn.table.presence``; ``on_seats``
tells it when this process's own seats may have changed).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from overturn.table.contract import SeatViews
from overturn.table.errors import TableException


class TooManyStreams(TableException):
    """This server's bound of open streams is reached (the service answers 503)."""


@dataclass
class Published:
    version: int
    views: SeatViews


@dataclass(eq=False)
class Slot:
    """One open stream: its id (the reader acknowledges beats with it), its table, and its reader's seat (None: a
    watcher) with the digest of the token that opened it. ``acks``: the reader promised to acknowledge, so a silence
    closes the stream; ``revoked``: its seat was handed to another phone."""

    id: str
    table_id: str
    client: str
    seat: int | None
    token_digest: str
    acks: bool
    heard: float
    revoked: bool = False


class Hub:
    def __init__(self, max_streams: int, max_per_client: int) -> None:
        self.max_streams = max_streams
        self.max_per_client = max_per_client
        self._latest: dict[str, Published] = {}
        self._changed: dict[str, asyncio.Event] = {}
        self._watchers: Counter[str] = Counter()
        self._clients: Counter[str] = Counter()
        self._slots: dict[str, Slot] = {}
        self._seated: dict[tuple[str, int], dict[str, Slot]] = {}  # a seat's slots (watchers' are in none)
        #: Per watched table: each seat claimed (None for a computer's), as last read from the store.
        self._joined: dict[str, tuple[bool | None, ...]] = {}
        #: Per watched table: bumped at every change of presence (streams send it when theirs is older).
        self._presence: Counter[str] = Counter()
        self._presence_made: dict[str, tuple[int, tuple[tuple[bool, bool], ...]]] = {}
        #: Per watched table: the seats another server process has a live stream for, as last read from the store.
        self._elsewhere: dict[str, frozenset[int]] = {}
        #: Called with a table's id when the seats this process has a live stream for may have changed there.
        self.on_seats: Callable[[str], None] = lambda _table_id: None
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
    def stream(
        self,
        table_id: str,
        client: str,
        seat: int | None = None,
        token_digest: str = "",
        acks: bool = False,
        joined: tuple[bool | None, ...] = (),
        elsewhere: frozenset[int] | None = None,
    ) -> Iterator[Slot]:
        """Holds one stream's place; ``TooManyStreams`` past the server's or this client's bound. ``joined``: the seats
        claimed, ``elsewhere``: the seats connected through other processes, as the stream's reader read them."""
        if self.open_streams >= self.max_streams:
            raise TooManyStreams(f"the server has {self.max_streams} live streams open")
        if self._clients[client] >= self.max_per_client:
            raise TooManyStreams(f"this address has {self.max_per_client} live streams open")
        slot = Slot(secrets.token_urlsafe(12), table_id, client, seat, token_digest, acks, time.monotonic())
        self._clients[client] += 1
        self._watchers[table_id] += 1
        before = self._current(table_id)
        self._slots[slot.id] = slot
        if seat is not None:
            self._seated.setdefault((table_id, seat), {})[slot.id] = slot
        if joined:  # what the hub heard since (a claim, a reread) is newer than this reader's read: kept
            self._joined.setdefault(table_id, joined)
        if elsewhere is not None:
            self._elsewhere.setdefault(table_id, elsewhere)
        self._presence_moved(table_id, before)
        if seat is not None:
            self.on_seats(table_id)
        try:
            yield slot
        finally:
            before = self._current(table_id)
            del self._slots[slot.id]
            if seat is not None:
                held = self._seated[(table_id, seat)]
                del held[slot.id]
                if not held:
                    del self._seated[(table_id, seat)]
            self._clients[client] -= 1
            if not self._clients[client]:
                del self._clients[client]
            self._watchers[table_id] -= 1
            if not self._watchers[table_id]:
                del self._watchers[table_id]
                self._latest.pop(table_id, None)
                self._changed.pop(table_id, None)
                self._joined.pop(table_id, None)
                self._presence.pop(table_id, None)
                self._presence_made.pop(table_id, None)
                self._elsewhere.pop(table_id, None)
            else:
                self._presence_moved(table_id, before)
            if seat is not None:
                self.on_seats(table_id)

    def publish(self, table_id: str, version: int, views: SeatViews) -> None:
        """A table's new views; streams waiting on an older version wake up. Older news is ignored."""
        if not self._watchers[table_id]:
            self._watchers.pop(table_id, None)
            return
        known = self._latest.get(table_id)
        if known is not None and known.version >= version:
            return
        self._latest[table_id] = Published(version, views)
        self._wake(table_id)

    def _wake(self, table_id: str) -> None:
        event = self._changed.pop(table_id, None)
        if event is not None:
            event.set()

    def watching(self, table_id: str) -> bool:
        return self._watchers.get(table_id, 0) > 0

    def watched(self) -> list[str]:
        """The tables with a stream open here."""
        return list(self._watchers)

    def latest(self, table_id: str) -> Published | None:
        return self._latest.get(table_id)

    # ----- presence: who joined, who is connected now; seats handed over --------------------

    def presence(
        self, table_id: str, joined: tuple[bool | None, ...] | None = None, elsewhere: frozenset[int] | None = None
    ) -> tuple[tuple[bool, bool], ...]:
        """Each seat's (joined, connected): connected while a stream of its (not revoked) is open here or elsewhere;
        a computer's seat is always both. ``joined``: the seats claimed as just read, with ``elsewhere`` the seats
        connected through other processes for a table nobody follows here (else both as last heard, worked out once
        per change however many streams send it; empty for a table nobody follows here)."""
        if joined is not None:
            return self._presence_of(table_id, joined, None if self.watching(table_id) else elsewhere)
        version = self.presence_version(table_id)
        cached = self._presence_made.get(table_id)
        if cached is None or cached[0] != version:
            cached = (version, self._current(table_id))
            if table_id in self._watchers:
                self._presence_made[table_id] = cached
        return cached[1]

    def _current(self, table_id: str) -> tuple[tuple[bool, bool], ...]:
        return self._presence_of(table_id, self._joined.get(table_id, ()))

    def _presence_of(self, table_id: str, joined: tuple[bool | None, ...], elsewhere: frozenset[int] | None = None) -> tuple[tuple[bool, bool], ...]:
        others = self._elsewhere.get(table_id, frozenset()) if elsewhere is None else elsewhere
        return tuple((True, True) if claimed is None else (claimed, index in others or self._here(table_id, index)) for index, claimed in enumerate(joined))

    def _here(self, table_id: str, seat: int) -> bool:
        return any(not slot.revoked for slot in self._seated.get((table_id, seat), {}).values())

    def seats_here(self, table_id: str) -> frozenset[int]:
        """The seats of a table with a live (not revoked) stream in this process."""
        return frozenset(seat for (table, seat), slots in self._seated.items() if table == table_id and any(not slot.revoked for slot in slots.values()))

    def connected_elsewhere(self, table_id: str, seats: frozenset[int]) -> None:
        """The seats of a table another process has a live stream for, as just read from the store: its streams hear
        of a change."""
        if not self.watching(table_id) or self._elsewhere.get(table_id) == seats:
            return
        before = self._current(table_id)
        self._elsewhere[table_id] = seats
        self._presence_moved(table_id, before)

    def presence_version(self, table_id: str) -> int:
        return self._presence[table_id] if table_id in self._watchers else 0

    def seated(self, table_id: str, joined: tuple[bool | None, ...]) -> None:
        """The table's seats as just read from the store (a claim here or in another process; None for a computer's):
        its streams hear of a change."""
        if not self.watching(table_id):
            return
        before = self._current(table_id)
        self._joined[table_id] = joined
        self._presence_moved(table_id, before)

    def reseated(self, table_id: str, seat: int, token_digest: str) -> int:
        """A seat now opens only with ``token_digest``: the streams opened with another token for it are revoked (they
        say so and end). How many were."""
        revoked = [slot for slot in self._seated.get((table_id, seat), {}).values() if slot.token_digest != token_digest and not slot.revoked]
        if not revoked:
            return 0
        before = self._current(table_id)
        for slot in revoked:
            slot.revoked = True
        self._presence_moved(table_id, before)
        self._wake(table_id)
        self.on_seats(table_id)
        return len(revoked)

    def _presence_moved(self, table_id: str, before: tuple[tuple[bool, bool], ...]) -> None:
        if self._current(table_id) != before:
            self._presence[table_id] += 1
            self._wake(table_id)

    def ack(self, table_id: str, stream_id: str) -> bool:
        """A reader heard its stream: it keeps its place. False for a stream not open here (closed, or never)."""
        slot = self._slots.get(stream_id)
        if slot is None or slot.table_id != table_id:
            return False
        slot.heard = time.monotonic()
        return True

    async def wait(self, table_id: str, timeout: float) -> None:
        """Until the table changes here (a version, presence, a revocation, the server stopping) or ``timeout`` seconds.
        The caller checks what changed; call it right after checking, with no await between."""
        if self.closed or timeout <= 0:
            return
        event = self._changed.setdefault(table_id, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return
