"""Presence shared by the server processes of one store: a seat is connected while a stream of its is open in any of them.

Each process writes the seats it has a live stream for to the store as leases
(``overturn_presence``), when they change and again every third of the lapse;
a process killed without a word (``kill -9``) renews nothing, so its leases
lapse and the others show its phones offline within the lapse and a third.
The store announces each change (PostgreSQL ``NOTIFY``, as moves are), so the
others' streams hear of it at once; every third of the lapse each process also
rereads the leases of the tables it serves, which is how a lapse is seen. Only
a store that announces is shared so (SQLite serves one process: presence stays
the hub's own).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from overturn.table.hub import Hub
from overturn.table.record import StoreError
from overturn.table.store import TableStore

log = logging.getLogger("overturn.table")


class PresenceRelay:
    """This process's side of shared presence: its leases written, renewed and withdrawn, the others' read into the hub."""

    def __init__(self, store: TableStore, hub: Hub, lapse: float) -> None:
        self.store = store
        self.hub = hub
        self.lapse = lapse
        self.process = secrets.token_hex(8)
        self._dirty: set[str] = set()
        self._held: dict[str, frozenset[int]] = {}  # as written to the store
        self._kick = asyncio.Event()
        self._asked = 0
        self._applied: dict[str, int] = {}
        hub.on_seats = self.changed

    def changed(self, table_id: str) -> None:
        """The hub's seats at a table may have changed: written by the running loop (one writer, so never out of order)."""
        self._dirty.add(table_id)
        self._kick.set()

    async def run(self) -> None:
        """Writes changes as they come; every third of the lapse, renews the leases and rereads the others'."""
        every = self.lapse / 3
        renew_at = 0.0
        while True:
            try:
                await asyncio.wait_for(self._kick.wait(), max(0.0, renew_at - time.monotonic()))
            except TimeoutError:
                pass
            self._kick.clear()
            try:
                await self._write()
                if time.monotonic() >= renew_at:
                    renew_at = time.monotonic() + every
                    await self._renew()
                    await self.refresh()
            except Exception as exc:  # noqa: BLE001  (a store away, or worse: logged, tried again, the loop kept)
                log.warning("presence not shared this time: %s", exc)
                await asyncio.sleep(min(every, 2.0))

    async def _write(self) -> None:
        dirty, self._dirty = self._dirty, set()
        changes = {table_id: self.hub.seats_here(table_id) for table_id in dirty}
        changes = {table_id: seats for table_id, seats in changes.items() if seats != self._held.get(table_id, frozenset())}
        if not changes:
            return
        try:
            await asyncio.to_thread(self.store.hold_presence, self.process, changes, self.lapse)
        except BaseException:
            self._dirty |= dirty  # written at the next round
            raise
        for table_id, seats in changes.items():
            if seats:
                self._held[table_id] = seats
            else:
                self._held.pop(table_id, None)

    async def _renew(self) -> None:
        renewed = await asyncio.to_thread(self.store.renew_presence, self.process, self.lapse)
        if renewed < sum(len(seats) for seats in self._held.values()):  # lapsed meanwhile (the store was away): held again
            await asyncio.to_thread(self.store.hold_presence, self.process, dict(self._held), self.lapse)

    async def refresh(self, table_id: str | None = None) -> None:
        """The seats other processes hold, read into the hub: at one table (a notice), or at every table served here."""
        self._asked += 1
        asked = self._asked
        read = await asyncio.to_thread(self.store.presence_elsewhere, self.process, table_id)
        for table in [table_id] if table_id is not None else self.hub.watched():
            if self._applied.get(table, 0) < asked:  # a read begun later has already told this table
                self._applied[table] = asked
                self.hub.connected_elsewhere(table, read.get(table, frozenset()))
        for table in [table for table in self._applied if not self.hub.watching(table)]:
            del self._applied[table]

    async def elsewhere(self, table_id: str) -> frozenset[int]:
        """The seats of a table other processes hold a live stream for, read now."""
        return (await asyncio.to_thread(self.store.presence_elsewhere, self.process, table_id)).get(table_id, frozenset())

    def withdraw(self) -> None:
        """This process stops: its leases go now rather than at their lapse."""
        try:
            self.store.withdraw_presence(self.process)
        except StoreError as exc:
            log.warning("presence not withdrawn (it lapses in %g s): %s", self.lapse, exc)
