"""One store interface and one SQL schema for the two back ends (SQLite by default, PostgreSQL for a club).

The schema is an ordered list of migrations: the database records the schema
it is at, and opening a store applies the steps it lacks, in order, each in
its own transaction; a database from a newer overturn is refused.

Every move is one transaction that names the version it was made on; the
update matches only when the table is still at that version, so of two moves
made on the same state exactly one is committed and the other raises
``StaleMove`` with the table as it now is (optimistic concurrency, no lock held
while the game is judged). The move log is kept beside the state so a table
can be replayed from its first move. Beside the tables, each server process
sharing the store holds leases on the seats it has a live stream for
(``overturn_presence``, on the store's own clock; ``overturn.table.presence``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from overturn.table.errors import StaleMove, TableNotFound
from overturn.table.record import CREDENTIAL_PREFIX, LogEntry, Seat, StoreError, TableRecord

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
    (  # 2: presence shared by server processes: each holds a lease on the seats it has a live stream for
        """CREATE TABLE overturn_presence (
            process TEXT NOT NULL,
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            expires DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (process, table_id, seat)
        )""",
        "CREATE INDEX overturn_presence_table ON overturn_presence (table_id)",
    ),
)


class TableStore(Protocol):
    """Where table games live. Methods block (the service calls them from worker threads)."""

    url: str

    def create(self, table: TableRecord) -> None: ...

    def get(self, table_id: str) -> TableRecord:
        """The table; ``TableNotFound`` when there is none by that id."""
        ...

    def commit(self, table_id: str, expected: int, state: str, seat: int | None, action: str) -> TableRecord:
        """The move that takes the table from version ``expected`` to the next, with its new ``state``; ``StaleMove`` (with the table now) if it has moved on."""
        ...

    def replace_token(self, table_id: str, seat: int, token_digest: str) -> TableRecord: ...

    def swap_token(self, table_id: str, seat: int, expected_digest: str, token_digest: str) -> bool:
        """Replaces the seat's token only if it is still ``expected_digest`` (of two phones claiming one invitation, one
        wins); whether it did."""
        ...

    def log(self, table_id: str, after: int = 0) -> list[LogEntry]:
        """The committed moves after version ``after``, oldest first."""
        ...

    def follow(self, on_move: Callable[[str, int], None], on_presence: Callable[[str, str], None] | None = None) -> bool:
        """Calls ``on_move(table_id, version)`` (from a thread) for moves committed by other processes, and
        ``on_presence(table_id, process)`` when a table's presence changed (a process's seats held, a claim, a hand-over:
        ``process`` empty); False if the store cannot announce (then presence is each process's own)."""
        ...

    def hold_presence(self, process: str, held: Mapping[str, Collection[int]], lapse: float) -> None:
        """``process`` has a live stream for these seats of each table given (none: an empty collection), leased for
        ``lapse`` seconds of the store's clock; the other processes are told."""
        ...

    def renew_presence(self, process: str, lapse: float) -> int:
        """Extends ``process``'s leases by ``lapse`` seconds and removes every lapsed one (a process gone); how many
        of its own were renewed (fewer than it holds: its rows lapsed, hold them again)."""
        ...

    def presence_elsewhere(self, process: str, table_id: str | None = None) -> dict[str, frozenset[int]]:
        """The seats other processes hold a live lease for, per table (only ``table_id``'s when given)."""
        ...

    def withdraw_presence(self, process: str) -> None:
        """``process`` stops: its leases go at once (the other processes are told)."""
        ...

    def quiet_since(self, before: float, limit: int) -> list[Activity]:
        """The tables with no move (nor creation) since ``before``, the quietest first, at most ``limit``."""
        ...

    def unclaimed_since(self, before: float, limit: int) -> list[Activity]:
        """The tables made before ``before`` that have no move and no seat a phone claimed, the oldest first, at most
        ``limit``."""
        ...

    def delete(self, table_ids: Sequence[str]) -> int:
        """Removes the tables, their seats and their moves; how many tables were removed."""
        ...

    def count(self) -> int:
        """How many tables the store holds."""
        ...

    def active_since(self, since: float, game: str, limit: int) -> list[Activity]:
        """The tables of ``game`` that moved (or were made) since ``since``, the latest first, at most ``limit``."""
        ...

    def close(self) -> None: ...


Execute = Callable[[str, Sequence[Any]], Any]


@dataclass(frozen=True)
class Activity:
    """A table, its game, and when it last moved (or was created)."""

    id: str
    game: str
    last_active: float


class SQLStore:
    """The schema's queries, written once; a back end supplies ``transaction()`` (an execute function) and the placeholder style."""

    url: str
    #: A database across a connection, which may stop answering (a request then waits for it a bounded time), rather
    #: than a local file.
    remote: bool = False
    #: The store's clock in seconds, as SQL (leases are compared on one clock, whichever machine a process runs on).
    clock: str = "(julianday('now') - 2440587.5) * 86400.0"

    def transaction(self) -> AbstractContextManager[Execute]:
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[Execute]:
        """A transaction that only reads (a back end may take no write lock for it)."""
        return self.transaction()

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
        with self.reading() as execute:
            return self._read(execute, table_id)

    def commit(self, table_id: str, expected: int, state: str, seat: int | None, action: str) -> TableRecord:
        with self.transaction() as execute:
            updated = execute(
                "UPDATE overturn_tables SET version = version + 1, state = ? WHERE id = ? AND version = ?", (state, table_id, expected)
            )
            if updated.rowcount != 1:
                current = self._read(execute, table_id)  # raises TableNotFound when it never existed
                raise StaleMove(f"table {current.id} is at version {current.version}", current)
            execute(
                "INSERT INTO overturn_moves (table_id, version, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, expected + 1, seat, action, time.time()),
            )
            self._announce(execute, table_id, expected + 1)
            return self._read(execute, table_id)

    def _announce(self, execute: Execute, table_id: str, version: int) -> None:
        """Tells the other server processes on this store of a committed move (PostgreSQL); nothing by default."""

    def _announce_presence(self, execute: Execute, table_id: str, process: str) -> None:
        """Tells the other server processes that a table's presence changed (PostgreSQL); nothing by default."""

    def replace_token(self, table_id: str, seat: int, token_digest: str) -> TableRecord:
        with self.transaction() as execute:
            execute("UPDATE overturn_seats SET token_digest = ? WHERE table_id = ? AND seat = ?", (token_digest, table_id, seat))
            self._announce_presence(execute, table_id, "")
            return self._read(execute, table_id)

    def swap_token(self, table_id: str, seat: int, expected_digest: str, token_digest: str) -> bool:
        with self.transaction() as execute:
            updated = execute(
                "UPDATE overturn_seats SET token_digest = ? WHERE table_id = ? AND seat = ? AND token_digest = ?",
                (token_digest, table_id, seat, expected_digest),
            )
            if updated.rowcount == 1:
                self._announce_presence(execute, table_id, "")
            return bool(updated.rowcount == 1)

    def hold_presence(self, process: str, held: Mapping[str, Collection[int]], lapse: float) -> None:
        with self.transaction() as execute:
            for table_id, seats in held.items():
                execute("DELETE FROM overturn_presence WHERE process = ? AND table_id = ?", (process, table_id))
                for seat in seats:
                    execute(
                        f"INSERT INTO overturn_presence (process, table_id, seat, expires) VALUES (?, ?, ?, {self.clock} + ?)",
                        (process, table_id, seat, lapse),
                    )
                self._announce_presence(execute, table_id, process)

    def renew_presence(self, process: str, lapse: float) -> int:
        with self.transaction() as execute:
            execute(f"DELETE FROM overturn_presence WHERE expires < {self.clock}", ())
            return int(execute(f"UPDATE overturn_presence SET expires = {self.clock} + ? WHERE process = ?", (lapse, process)).rowcount)

    def presence_elsewhere(self, process: str, table_id: str | None = None) -> dict[str, frozenset[int]]:
        query = f"SELECT table_id, seat FROM overturn_presence WHERE process <> ? AND expires > {self.clock}"
        with self.reading() as execute:
            if table_id is None:
                rows = execute(query, (process,)).fetchall()
            else:
                rows = execute(query + " AND table_id = ?", (process, table_id)).fetchall()
        seats: dict[str, set[int]] = {}
        for table, seat in rows:
            seats.setdefault(table, set()).add(int(seat))
        return {table: frozenset(held) for table, held in seats.items()}

    def withdraw_presence(self, process: str) -> None:
        with self.transaction() as execute:
            tables = [row[0] for row in execute("SELECT DISTINCT table_id FROM overturn_presence WHERE process = ?", (process,)).fetchall()]
            execute("DELETE FROM overturn_presence WHERE process = ?", (process,))
            for table_id in tables:
                self._announce_presence(execute, table_id, process)

    def log(self, table_id: str, after: int = 0) -> list[LogEntry]:
        with self.reading() as execute:
            rows = execute(
                "SELECT version, seat, action, at FROM overturn_moves WHERE table_id = ? AND version > ? ORDER BY version", (table_id, after)
            ).fetchall()
        return [LogEntry(int(version), seat, action, float(at)) for version, seat, action, at in rows]

    def follow(self, on_move: Callable[[str, int], None], on_presence: Callable[[str, str], None] | None = None) -> bool:
        return False

    def quiet_since(self, before: float, limit: int) -> list[Activity]:
        with self.reading() as execute:
            rows = execute(
                "SELECT t.id, t.game, COALESCE(MAX(m.at), t.created) AS last FROM overturn_tables t"
                " LEFT JOIN overturn_moves m ON m.table_id = t.id GROUP BY t.id, t.game, t.created"
                " HAVING COALESCE(MAX(m.at), t.created) < ? ORDER BY last, t.id LIMIT ?",
                (before, limit),
            ).fetchall()
        return [Activity(table_id, game, float(last)) for table_id, game, last in rows]

    def unclaimed_since(self, before: float, limit: int) -> list[Activity]:
        with self.reading() as execute:
            rows = execute(
                "SELECT t.id, t.game, t.created FROM overturn_tables t WHERE t.version = 0 AND t.created < ?"
                " AND NOT EXISTS (SELECT 1 FROM overturn_seats s WHERE s.table_id = t.id AND s.token_digest LIKE ?)"
                " ORDER BY t.created, t.id LIMIT ?",
                (before, CREDENTIAL_PREFIX + "%", limit),
            ).fetchall()
        return [Activity(table_id, game, float(created)) for table_id, game, created in rows]

    def count(self) -> int:
        with self.reading() as execute:
            return int(execute("SELECT COUNT(*) FROM overturn_tables", ()).fetchone()[0])

    def active_since(self, since: float, game: str, limit: int) -> list[Activity]:
        with self.reading() as execute:
            rows = execute(
                "SELECT t.id, t.game, COALESCE(MAX(m.at), t.created) AS last FROM overturn_tables t"
                " LEFT JOIN overturn_moves m ON m.table_id = t.id WHERE t.game = ? GROUP BY t.id, t.game, t.created"
                " HAVING COALESCE(MAX(m.at), t.created) >= ? ORDER BY last DESC, t.id LIMIT ?",
                (game, since, limit),
            ).fetchall()
        return [Activity(table_id, kind, float(last)) for table_id, kind, last in rows]

    def delete(self, table_ids: Sequence[str]) -> int:
        removed = 0
        with self.transaction() as execute:
            for table_id in table_ids:  # seats and moves first: no back end is trusted to cascade
                execute("DELETE FROM overturn_moves WHERE table_id = ?", (table_id,))
                execute("DELETE FROM overturn_seats WHERE table_id = ?", (table_id,))
                execute("DELETE FROM overturn_presence WHERE table_id = ?", (table_id,))
                removed += execute("DELETE FROM overturn_tables WHERE id = ?", (table_id,)).rowcount
        return removed

    def _read(self, execute: Execute, table_id: str) -> TableRecord:
        row = execute("SELECT id, game, created, version, state, creator_digest FROM overturn_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound("no such table (the link is wrong, or the server keeps no tables across restarts)")
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
