"""The default table store: one SQLite file in WAL mode (the standard library's sqlite3; nothing to install)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from overturn.table.record import StoreError
from overturn.table.store import Execute, SQLStore

#: Seconds a store opening waits for another process's transaction on the same file (two servers starting together).
BUSY_TIMEOUT = 10.0
#: Seconds a transaction waits for another process's write lock on the file before giving up: a file another process
#: holds fails the request within the service's deadline, before anything was written, and frees this process's
#: connection for the next request (waiting 10 s, it held every request of the process behind it).
WAIT_TIMEOUT = 0.7


class SQLiteStore(SQLStore):
    """Tables in one SQLite file (``:memory:`` for a server that forgets them).

    One connection serves this process behind a lock (SQLite writes one
    transaction at a time anyway); ``BEGIN IMMEDIATE`` takes the file's write
    lock at once, so two processes on one file also commit moves one by one,
    while a read (``BEGIN``, under WAL) never waits for that lock.
    ``synchronous=FULL``: a move answered is on disk, even if the server is
    killed right after.
    """

    def __init__(self, path: str) -> None:
        self.url = path if path == ":memory:" else f"sqlite://{Path(path).resolve()}"
        self._lock = threading.Lock()
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
            _switch_to_wal(self._connection)
            self._connection.execute("PRAGMA synchronous=FULL")
            self._connection.execute("PRAGMA foreign_keys=ON")
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"cannot open the table store {path}: {exc}") from None
        try:
            self.initialise()
            self._connection.execute(f"PRAGMA busy_timeout = {int(WAIT_TIMEOUT * 1000)}")
        except BaseException:
            self._connection.close()
            raise

    def transaction(self) -> AbstractContextManager[Execute]:
        return self._transaction("BEGIN IMMEDIATE")

    def reading(self) -> AbstractContextManager[Execute]:
        """A read: a deferred transaction, which under WAL never waits for another process's write lock."""
        return self._transaction("BEGIN")

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Execute]:
        with self._lock:
            connection = self._connection

            def execute(sql: str, params: Any) -> sqlite3.Cursor:
                return connection.execute(sql, tuple(params))

            try:
                connection.execute(begin)
            except sqlite3.Error as exc:
                raise StoreError(f"the table store is unavailable: {exc}") from None
            try:
                yield execute
            except sqlite3.Error as exc:
                connection.execute("ROLLBACK")
                raise StoreError(f"the table store failed: {exc}") from None
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            else:
                try:
                    connection.execute("COMMIT")
                except sqlite3.Error as exc:
                    raise StoreError(f"the table store could not commit: {exc}") from None

    def close(self) -> None:
        with self._lock:
            self._connection.close()


def _switch_to_wal(connection: sqlite3.Connection) -> None:
    """WAL mode. On a new file that another process is switching at the same moment, SQLite answers "locked" at once
    rather than waiting out the busy timeout, so the switch is retried until that timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
