"""The club store: PostgreSQL through psycopg 3, for a server many tables share (or several server processes).

The same schema and queries as SQLite (``SQLStore``); only the connection and
the placeholder style differ. Under PostgreSQL's default READ COMMITTED, a
second move on the same version waits for the first's row lock, then finds the
version changed and updates nothing: it is answered as stale.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from overturn.table.record import StoreError
from overturn.table.store import Execute, SQLStore

#: Connections kept open per server process.
POOL_SIZE = 8
#: Seconds to connect before the store is declared unreachable.
CONNECT_TIMEOUT = 10


class PostgresStore(SQLStore):
    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL store needs psycopg: pip install 'overturn[postgresql]'") from None
        self._psycopg = psycopg
        self.url = _without_password(url)
        self._dsn = url
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(pool_size)
        self.initialise()

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self._dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except self._psycopg.Error as exc:
            raise StoreError(f"cannot reach the table store {self.url}: {_first_line(exc)}") from None

    @contextmanager
    def transaction(self) -> Iterator[Execute]:
        with self._slots:
            try:
                connection = self._idle.get_nowait()
            except queue.Empty:
                connection = self._connect()
            healthy = True
            try:
                with connection.transaction():

                    def execute(sql: str, params: Any) -> Any:
                        return connection.execute(sql.replace("?", "%s"), tuple(params))

                    yield execute
            except self._psycopg.Error as exc:
                healthy = not connection.closed and not connection.broken
                raise StoreError(f"the table store failed: {_first_line(exc)}") from None
            finally:
                if healthy and not connection.closed:
                    self._idle.put(connection)
                else:
                    connection.close()

    def close(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _without_password(url: str) -> str:
    """The URL as it may be shown (logs, errors): any password replaced."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest.split("/", 1)[0]:
        return url
    credentials, _, host = rest.partition("@")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in credentials else url
