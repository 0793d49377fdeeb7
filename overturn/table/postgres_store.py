"""The club store: PostgreSQL through psycopg 3 and its pool, for a server many tables share (or several server processes).

The same schema and queries as SQLite (``SQLStore``); only the connection and
the placeholder style differ. Under PostgreSQL's default READ COMMITTED, a
second move on the same version waits for the first's row lock, then finds the
version changed and updates nothing: it is answered as stale.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from overturn.table.record import StoreError
from overturn.table.store import Execute, SQLStore

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

#: Connections kept open per server process, at most.
POOL_SIZE = 8
#: Seconds to connect before the store is declared unreachable.
CONNECT_TIMEOUT = 10
#: Seconds a call waits for a pooled connection: a database that stopped answering holds every pooled connection, and
#: the calls behind them give up and free their thread (the service answers the request at its own deadline, sooner).
ACQUIRE_TIMEOUT = 2.0
#: Milliseconds a statement may run on the server (``statement_timeout``, with ``lock_timeout`` for row locks): the
#: server itself cancels a statement stuck there, and its connection returns to the pool.
STATEMENT_TIMEOUT_MS = 5000
#: The channel committed moves are announced on (``NOTIFY``), for the other server processes' live streams.
CHANNEL = "overturn_tables"
#: What a presence notice carries in place of a version (then the process that changed it, if one did).
PRESENCE = "presence"
#: Seconds between a lost listening connection and the next try.
RELISTEN_SECONDS = 2.0
#: The advisory lock that makes server processes starting together migrate the schema one at a time ("overturn" in ASCII).
SCHEMA_LOCK = 0x6F7665727475726E


class PostgresStore(SQLStore):
    """Tables in a PostgreSQL database, through a pool of connections that checks each one before lending it, so the
    store carries on after the server restarts (a connection it cut is replaced, not handed to a move)."""

    clock = "EXTRACT(EPOCH FROM clock_timestamp())"
    remote = True

    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool, PoolTimeout
        except ImportError:
            raise StoreError("a PostgreSQL store needs psycopg and psycopg-pool: pip install 'overturn[postgresql]'") from None
        self._psycopg = psycopg
        self.url = _without_password(url)
        self._dsn = url
        self._closed = threading.Event()
        self._connect().close()  # an unreachable server is refused now, with its reason (the pool would only time out)
        self._pool: ConnectionPool[psycopg.Connection[Any]] = ConnectionPool(
            url,
            kwargs={
                "autocommit": True,
                "connect_timeout": CONNECT_TIMEOUT,
                "options": f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout={STATEMENT_TIMEOUT_MS}",
            },
            min_size=1,
            max_size=pool_size,
            open=False,
            check=ConnectionPool.check_connection,
            timeout=ACQUIRE_TIMEOUT,
            name="overturn-tables",
        )
        self._pool.open()
        try:
            self._pool.wait(CONNECT_TIMEOUT)  # the first connection made before a call waits only ACQUIRE_TIMEOUT for one
        except PoolTimeout:
            self._pool.close()
            raise StoreError(f"cannot reach the table store {self.url}: no connection within {CONNECT_TIMEOUT} s") from None
        try:
            self.initialise()
        except BaseException:
            self._pool.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return self._psycopg.connect(self._dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except self._psycopg.Error as exc:
            raise StoreError(f"cannot reach the table store {self.url}: {_first_line(exc)}") from None

    @contextmanager
    def transaction(self) -> Iterator[Execute]:
        from psycopg_pool import PoolTimeout

        try:
            with self._pool.connection() as connection, connection.transaction():

                def execute(sql: str, params: Any) -> Any:
                    return connection.execute(sql.replace("?", "%s"), tuple(params))

                yield execute
        except PoolTimeout:
            raise StoreError(f"the table store {self.url} is unavailable: no connection within {ACQUIRE_TIMEOUT:g} s") from None
        except self._psycopg.Error as exc:  # the pool replaces a connection left broken
            raise StoreError(f"the table store failed: {_first_line(exc)}") from None

    def _lock_schema(self, execute: Execute) -> None:
        execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def _announce(self, execute: Execute, table_id: str, version: int) -> None:
        # delivered when the transaction commits, never for a move rolled back
        execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{table_id} {version}"))

    def _announce_presence(self, execute: Execute, table_id: str, process: str) -> None:
        # on the moves' channel: a version that is no number, which a process predating presence ignores
        execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{table_id} {PRESENCE} {process}".rstrip()))

    def follow(self, on_move: Callable[[str, int], None], on_presence: Callable[[str, str], None] | None = None) -> bool:
        """A thread LISTENing on its own connection (outside the pool) for as long as the store is open, reconnecting when
        the server restarts. Returns once it listens (or after the connection time-out), so no move committed after
        ``follow`` returns goes unheard."""
        listening = threading.Event()

        def listen() -> None:
            while not self._closed.is_set():
                try:
                    with self._psycopg.connect(self._dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        listening.set()
                        while not self._closed.is_set():
                            for notice in connection.notifies(timeout=1.0):
                                table_id, _, version = notice.payload.partition(" ")
                                if version.isdigit():
                                    on_move(table_id, int(version))
                                elif on_presence is not None and version.startswith(PRESENCE):
                                    on_presence(table_id, version[len(PRESENCE) :].strip())
                except self._psycopg.Error:
                    self._closed.wait(RELISTEN_SECONDS)

        threading.Thread(target=listen, name="overturn-table-listen", daemon=True).start()
        listening.wait(CONNECT_TIMEOUT)
        return True

    def close(self) -> None:
        self._closed.set()
        self._pool.close()


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
