"""One store interface and one SQL schema for the two back ends (SQLite by default, PostgreSQL for a club).

The schema is an ordered list of migrations: the database records the schema
it is at, and opening a store applies the steps it lacks, in order, each in
its own transaction; a database from a newer overturn is refused.

Every move is one transaction that names the version it was made on; the
update matches only when the table is still at that version, so of two moves
made on the same state exactly one is committed and the other raises
``Stale`` with the table as it now is (optimistic concurrency, no lock held
while the game is judged). The move log is kept beside the state so a table
can be replayed from its first move.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from overturn.table.record import LogEntry, NoSuchTable, Seat, Stale, StoreError, TableRecord

#: The schema, as the ordered steps that build it: step N takes a database from schema N - 1 to N (0 is an empty
#: database), and this overturn reads schema ``len(MIGRATIONS)``. A change to the tables is a new step at the end, never
#: an edit of a step some database already has.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: tables, their seats and their move log
        """CREATE TABLE overturn_tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 0),
            state TEXT NOT NULL,
            creator_digest TEXT NOT NULL
        )""",
        """CREATE TABLE overturn_seats (
            table_id TEXT NOT NULL REFERENCES overturn_tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            token_digest TEXT NOT NULL,
            computer INTEGER,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE overturn_moves (
            table_id TEXT NOT NULL REFERENCES overturn_tables (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            seat INTEGER,
            action TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, version)
        )""",
    ),
)


class TableStore(Protocol):
    """Where table games live. Methods block (the service calls them from worker threads)."""

    url: str

    def create(self, table: TableRecord) -> None: ...

    def get(self, table_id: str) -> TableRecord:
        """The table; ``NoSuchTable`` when there is none by that id."""
        ...

    def commit(self, table_id: str, expected: int, state: str, seat: int | None, action: str) -> TableRecord:
        """The move that takes the table from version ``expected`` to the next, with its new ``state``; ``Stale`` if it has moved on."""
        ...

    def replace_token(self, table_id: str, seat: int, token_digest: str) -> TableRecord: ...

    def log(self, table_id: str, after: int = 0) -> list[LogEntry]:
        """The committed moves after version ``after``, oldest first."""
        ...

    def follow(self, on_move: Callable[[str, int], None]) -> bool:
        """Calls ``on_move(table_id, version)`` (from a thread) for moves committed by other processes; False if the store cannot."""
        ...

    def close(self) -> None: ...


Execute = Callable[[str, Sequence[Any]], Any]


class SQLStore:
    """The schema's queries, written once; a back end supplies ``transaction()`` (an execute function) and the placeholder style."""

    url: str

    def transaction(self) -> AbstractContextManager[Execute]:
        raise NotImplementedError

    def initialise(self) -> None:
        """Brings the database to the latest schema, one migration per transaction (a step fails whole, its version
        unrecorded); a database written by a newer overturn is refused, never altered."""
        while True:
            with self.transaction() as execute:
                self._lock_schema(execute)
                execute("CREATE TABLE IF NOT EXISTS overturn_schema (version INTEGER NOT NULL)", ())
                rows = execute("SELECT version FROM overturn_schema", ()).fetchall()
                found = int(rows[0][0]) if rows else 0
                if found > len(MIGRATIONS):
                    raise StoreError(
                        f"the table store {self.url} was written by a newer overturn (schema {found}, this one reads up to {len(MIGRATIONS)}): upgrade overturn"
                    )
                if found == len(MIGRATIONS):
                    return
                for statement in MIGRATIONS[found]:
                    execute(statement, ())
                if rows:
                    execute("UPDATE overturn_schema SET version = ?", (found + 1,))
                else:
                    execute("INSERT INTO overturn_schema (version) VALUES (?)", (found + 1,))

    def _lock_schema(self, execute: Execute) -> None:
        """Makes a second process starting on the same database wait for this one's migration (PostgreSQL); nothing by
        default, as SQLite's ``BEGIN IMMEDIATE`` already holds the whole file."""

    def create(self, table: TableRecord) -> None:
        with self.transaction() as execute:
            execute(
                "INSERT INTO overturn_tables (id, game, created, version, state, creator_digest) VALUES (?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.created, table.version, table.state, table.creator_digest),
            )
            for seat in table.seats:
                execute(
                    "INSERT INTO overturn_seats (table_id, seat, name, token_digest, computer) VALUES (?, ?, ?, ?, ?)",
                    (table.id, seat.index, seat.name, seat.token_digest, seat.computer),
                )

    def get(self, table_id: str) -> TableRecord:
        with self.transaction() as execute:
            return self._read(execute, table_id)

    def commit(self, table_id: str, expected: int, state: str, seat: int | None, action: str) -> TableRecord:
        with self.transaction() as execute:
            updated = execute(
                "UPDATE overturn_tables SET version = version + 1, state = ? WHERE id = ? AND version = ?", (state, table_id, expected)
            )
            if updated.rowcount != 1:
                current = self._read(execute, table_id)  # raises NoSuchTable when it never existed
                raise Stale(current)
            execute(
                "INSERT INTO overturn_moves (table_id, version, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, expected + 1, seat, action, time.time()),
            )
            self._announce(execute, table_id, expected + 1)
            return self._read(execute, table_id)

    def _announce(self, execute: Execute, table_id: str, version: int) -> None:
        """Tells the other server processes on this store of a committed move (PostgreSQL); nothing by default."""

    def replace_token(self, table_id: str, seat: int, token_digest: str) -> TableRecord:
        with self.transaction() as execute:
            execute("UPDATE overturn_seats SET token_digest = ? WHERE table_id = ? AND seat = ?", (token_digest, table_id, seat))
            return self._read(execute, table_id)

    def log(self, table_id: str, after: int = 0) -> list[LogEntry]:
        with self.transaction() as execute:
            rows = execute(
                "SELECT version, seat, action, at FROM overturn_moves WHERE table_id = ? AND version > ? ORDER BY version", (table_id, after)
            ).fetchall()
        return [LogEntry(int(version), seat, action, float(at)) for version, seat, action, at in rows]

    def follow(self, on_move: Callable[[str, int], None]) -> bool:
        return False

    def _read(self, execute: Execute, table_id: str) -> TableRecord:
        row = execute("SELECT id, game, created, version, state, creator_digest FROM overturn_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise NoSuchTable(table_id)
        seats = execute(
            "SELECT seat, name, token_digest, computer FROM overturn_seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
        return TableRecord(
            id=row[0],
            game=row[1],
            created=float(row[2]),
            version=int(row[3]),
            state=row[4],
            creator_digest=row[5],
            seats=tuple(Seat(int(index), name, token, computer) for index, name, token, computer in seats),
        )
