"""Games already replayed, kept per table at their version, so a move does not replay the whole game again.

A stored game is replayed and checked move by move when a server process
first reads it (after a restart, or when another process moved it); then the
replayed game is kept here at the version it is at. A move takes it out
(``take``), so no two requests ever hold one game, and puts it back at the
next version once committed. Moves on one table are judged one at a time in a
process (``lock``); across processes the store's version check decides.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Generic, TypeVar
from weakref import WeakValueDictionary

from overturn.table.contract import SeatViews

#: The game a table holds (an Overturn table, a board game's table).
G = TypeVar("G")


class LoadedTables(Generic[G]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[int, G]] = OrderedDict()
        self._views: OrderedDict[str, tuple[int, SeatViews]] = OrderedDict()
        self._locks: WeakValueDictionary[str, asyncio.Lock] = WeakValueDictionary()

    def lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def take(self, table_id: str, version: int) -> G | None:
        """The replayed game at ``version``, now the caller's alone; None when not kept (or kept at another version)."""
        entry = self._games.pop(table_id, None)
        return entry[1] if entry is not None and entry[0] == version else None

    def put(self, table_id: str, version: int, table: G) -> None:
        self._games[table_id] = (version, table)
        self._games.move_to_end(table_id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)

    def view(self, table_id: str, version: int) -> SeatViews | None:
        """Every reader's view at ``version``, if they were made already."""
        entry = self._views.get(table_id)
        return entry[1] if entry is not None and entry[0] == version else None

    def keep_view(self, table_id: str, version: int, view: SeatViews) -> None:
        self._views[table_id] = (version, view)
        self._views.move_to_end(table_id)
        while len(self._views) > self.size:
            self._views.popitem(last=False)
