"""The table store, the same tests on both back ends: SQLite (a file) and a real PostgreSQL server."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from overturn.table import store as store_module
from overturn.table.backends import open_store
from overturn.table.errors import StaleMove, TableNotFound
from overturn.table.record import Seat, StoreError, TableRecord, digest, new_table_id, new_token
from overturn.table.sqlite_store import SQLiteStore
from overturn.table.store import MIGRATIONS, SQLStore, TableStore


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    if request.param == "sqlite":
        opened: TableStore = open_store(str(tmp_path / "tables.sqlite3"))
    else:
        opened = open_store(request.getfixturevalue("postgres_url"))
    yield opened
    opened.close()


def _table(seats: int = 2) -> tuple[TableRecord, list[str]]:
    tokens = [new_token() for _ in range(seats)]
    record = TableRecord(
        new_table_id(), "overturn", 1.0, 0, '{"n": 0}', digest("creator"), tuple(Seat(i, f"P{i}", digest(t)) for i, t in enumerate(tokens))
    )
    return record, tokens


def test_a_table_reads_back_as_created(store: TableStore) -> None:
    record, tokens = _table()
    store.create(record)
    assert store.get(record.id) == record
    assert store.get(record.id).seat_of(tokens[1]) == record.seats[1]
    assert store.get(record.id).seat_of("not a token") is None
    assert store.log(record.id) == []


def test_an_unknown_table_is_named(store: TableStore) -> None:
    with pytest.raises(TableNotFound):
        store.get("nope-nope-nope")
    with pytest.raises(TableNotFound):
        store.commit("nope-nope-nope", 0, "{}", 0, "{}")


def test_a_move_on_an_old_version_is_stale_and_changes_nothing(store: TableStore) -> None:
    record, _ = _table()
    store.create(record)
    after = store.commit(record.id, 0, '{"n": 1}', 0, '{"kind": "a"}')
    assert (after.version, after.state) == (1, '{"n": 1}')
    with pytest.raises(StaleMove) as stale:
        store.commit(record.id, 0, '{"n": "lost"}', 1, '{"kind": "b"}')
    assert stale.value.current == after
    assert store.get(record.id) == after
    assert [(entry.version, entry.seat, entry.action) for entry in store.log(record.id)] == [(1, 0, '{"kind": "a"}')]


def test_of_many_moves_made_on_one_version_exactly_one_is_committed(store: TableStore) -> None:
    """Optimistic concurrency under real contention: 16 threads, each commits on the version it read."""
    record, _ = _table()
    store.create(record)
    outcomes: list[str] = []
    start = threading.Barrier(16)

    def attempt(index: int) -> None:
        seen = store.get(record.id).version
        start.wait()
        try:
            store.commit(record.id, seen, f'{{"by": {index}}}', index % 2, f'{{"i": {index}}}')
            outcomes.append("ok")
        except StaleMove:
            outcomes.append("stale")

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(outcomes) == ["ok"] + ["stale"] * 15
    assert store.get(record.id).version == 1
    assert len(store.log(record.id)) == 1


def test_the_log_lists_moves_after_a_version(store: TableStore) -> None:
    record, _ = _table()
    store.create(record)
    for version in range(5):
        store.commit(record.id, version, f'{{"n": {version + 1}}}', version % 2, f'"move {version + 1}"')
    assert [entry.action for entry in store.log(record.id, after=3)] == ['"move 4"', '"move 5"']


def test_a_seat_handed_over_opens_with_the_new_token_only(store: TableStore) -> None:
    record, tokens = _table()
    store.create(record)
    fresh = new_token()
    after = store.replace_token(record.id, 1, digest(fresh))
    assert after.seat_of(tokens[1]) is None
    assert after.seat_of(fresh) == after.seats[1]
    assert after.seat_of(tokens[0]) == after.seats[0]


def test_unicode_names_and_states_round_trip(store: TableStore) -> None:
    tokens = [new_token()]
    record = TableRecord(new_table_id(), "overturn", 2.5, 0, '{"mot": "CŒUR ÉTÉ 🎲"}', digest("c"), (Seat(0, "Zoé 🦊", digest(tokens[0])),))
    store.create(record)
    assert store.get(record.id) == record


def test_sqlite_tables_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    record, _ = _table()
    first = SQLiteStore(str(path))
    first.create(record)
    first.commit(record.id, 0, '{"n": 1}', 0, '"m"')
    first.close()
    again = SQLiteStore(str(path))
    assert again.get(record.id).version == 1
    again.close()


def test_two_sqlite_stores_on_one_file_still_commit_one_move_per_version(tmp_path: Path) -> None:
    """Two server processes on one file: BEGIN IMMEDIATE serialises them and the version check refuses the second."""
    path = str(tmp_path / "tables.sqlite3")
    first, second = SQLiteStore(path), SQLiteStore(path)
    record, _ = _table()
    first.create(record)
    first.commit(record.id, 0, '{"n": 1}', 0, '"a"')
    with pytest.raises(StaleMove):
        second.commit(record.id, 0, '{"n": "lost"}', 1, '"b"')
    first.close()
    second.close()


def test_an_unusable_sqlite_path_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"not a database, " * 512)
    with pytest.raises(StoreError, match="cannot open the table store"):
        SQLiteStore(str(blocker / "sub" / "tables.sqlite3"))
    with pytest.raises(StoreError):
        SQLiteStore(str(blocker))  # a file that is not a database


def test_an_unreachable_postgresql_is_a_store_error_naming_no_password(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as refused:
        open_store(f"postgresql://user:secret@/db?host={tmp_path}&connect_timeout=2")
    assert "secret" not in str(refused.value)
    assert "***" in str(refused.value)


def test_a_process_presence_is_a_lease_that_lapses_unless_renewed(empty_database: str) -> None:
    """Leases on the store's clock: another process sees them while they run, never after (a process killed -9)."""
    store = open_store(empty_database)
    record, _ = _table()
    store.create(record)
    store.hold_presence("quick", {record.id: [0, 1]}, 0.5)
    store.hold_presence("slow", {record.id: [1]}, 60)
    assert store.presence_elsewhere("slow") == {record.id: frozenset({0, 1})}
    assert store.presence_elsewhere("quick", record.id) == {record.id: frozenset({1})}
    assert store.presence_elsewhere("slow", "other-table-id") == {}
    time.sleep(0.7)
    assert store.presence_elsewhere("slow") == {}  # lapsed: nobody renewed it
    assert store.renew_presence("slow", 60) == 1
    assert store.renew_presence("quick", 60) == 0  # removed once lapsed: the process must hold its seats again
    store.hold_presence("quick", {record.id: [0]}, 60)
    assert store.presence_elsewhere("slow") == {record.id: frozenset({0})}
    store.hold_presence("quick", {record.id: []}, 60)  # its last stream there closed
    assert store.presence_elsewhere("slow") == {}
    store.withdraw_presence("slow")
    assert store.presence_elsewhere("quick") == {}
    store.hold_presence("quick", {record.id: [0]}, 60)
    store.delete([record.id])  # a removed table's presence goes with it
    assert store.presence_elsewhere("slow") == {}
    store.close()


# ----- the schema's migrations -----------------------------------------------------------------------------

#: The schema this overturn reads.
CURRENT = len(MIGRATIONS)
#: A schema 2 as a later overturn might add it: a column, filled for the tables already there.
STEP_2 = ("ALTER TABLE overturn_tables ADD COLUMN note TEXT", "UPDATE overturn_tables SET note = 'added by step 2'")


def _query(store: TableStore, sql: str) -> list[tuple[Any, ...]]:
    assert isinstance(store, SQLStore)
    with store.transaction() as execute:
        return [tuple(row) for row in execute(sql, ()).fetchall()]


def test_an_empty_database_is_brought_to_the_current_schema(empty_database: str) -> None:
    first = open_store(empty_database)
    assert _query(first, "SELECT version FROM overturn_schema") == [(CURRENT,)]
    record, _ = _table()
    first.create(record)
    first.close()
    again = open_store(empty_database)  # reopened: nothing applied twice
    assert _query(again, "SELECT version FROM overturn_schema") == [(CURRENT,)]
    assert again.get(record.id) == record
    again.close()


def test_an_older_database_gets_the_steps_it_lacks_once_and_keeps_its_tables(empty_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    older = open_store(empty_database)
    record, _ = _table()
    older.create(record)
    older.close()
    monkeypatch.setattr(store_module, "MIGRATIONS", (*MIGRATIONS, STEP_2))
    newer = open_store(empty_database)
    assert _query(newer, "SELECT version FROM overturn_schema") == [(CURRENT + 1,)]
    assert _query(newer, "SELECT id, note FROM overturn_tables") == [(record.id, "added by step 2")]
    assert newer.get(record.id) == record
    newer.close()
    open_store(empty_database).close()  # the column is not added a second time


def test_a_step_that_fails_leaves_the_database_at_the_schema_before_it(empty_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    open_store(empty_database).close()
    monkeypatch.setattr(store_module, "MIGRATIONS", (*MIGRATIONS, ("CREATE TABLE overturn_notes (x INTEGER)", "NOT SQL AT ALL")))
    with pytest.raises(StoreError, match="the table store failed"):
        open_store(empty_database)
    monkeypatch.setattr(store_module, "MIGRATIONS", (*MIGRATIONS, ("CREATE TABLE overturn_notes (x INTEGER)",)))
    store = open_store(empty_database)  # the table of the failed step was rolled back with it, so it can be created now
    assert _query(store, "SELECT version FROM overturn_schema") == [(CURRENT + 1,)]
    store.close()


def test_a_database_from_a_newer_overturn_is_refused_and_left_alone(empty_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MIGRATIONS", (*MIGRATIONS, STEP_2))
    newer = open_store(empty_database)
    record, _ = _table()
    newer.create(record)
    newer.close()
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS)
    with pytest.raises(StoreError, match=rf"newer overturn \(schema {CURRENT + 1}, this one reads up to {CURRENT}\): upgrade overturn"):
        open_store(empty_database)
    monkeypatch.setattr(store_module, "MIGRATIONS", (*MIGRATIONS, STEP_2))
    again = open_store(empty_database)
    assert _query(again, "SELECT version FROM overturn_schema") == [(CURRENT + 1,)]
    assert again.get(record.id) == record
    again.close()


def test_servers_starting_together_on_an_empty_database_migrate_it_once(empty_database: str) -> None:
    opened: list[TableStore] = []
    failed: list[Exception] = []
    start = threading.Barrier(6)

    def start_one() -> None:
        start.wait()
        try:
            opened.append(open_store(empty_database))
        except Exception as exc:
            failed.append(exc)

    threads = [threading.Thread(target=start_one) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failed == [] and len(opened) == 6
    assert _query(opened[0], "SELECT version FROM overturn_schema") == [(CURRENT,)]
    for store in opened:
        store.close()


# ----- a PostgreSQL server that crashes ----------------------------------------------------------------------


def test_a_postgresql_store_carries_on_after_its_server_crashes_and_restarts(postgres_url: str) -> None:
    """Every pooled connection is cut: the pool replaces them instead of lending one to a move, and following resumes."""
    from postgres_server import crash_and_restart

    store, other = open_store(postgres_url), open_store(postgres_url)
    record, _ = _table()
    store.create(record)
    heard: list[tuple[str, int]] = []
    assert store.follow(lambda table_id, version: heard.append((table_id, version)))
    other.commit(record.id, 0, '{"n": 1}', 0, '"before"')
    _wait_for(lambda: (record.id, 1) in heard)

    crash_and_restart(postgres_url)
    assert store.get(record.id).version == 1
    version = other.commit(record.id, 1, '{"n": 2}', 1, '"after"').version
    deadline = time.monotonic() + 30
    while not any(table_id == record.id and seen >= 2 for table_id, seen in heard):  # the listener reconnects within seconds
        assert time.monotonic() < deadline, f"no move heard after the restart: {heard}"
        time.sleep(0.5)
        version = other.commit(record.id, version, "{}", 0, '"again"').version
    store.close()
    other.close()


def _wait_for(condition: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_sqlite_read_does_not_wait_for_another_process_writing(tmp_path: Path) -> None:
    """Reads take no write lock (they did: BEGIN IMMEDIATE even to read, one reason for a 0.5-1 s p99 with two
    processes): while another connection holds the file's write lock, a table is still read."""
    import sqlite3

    path = tmp_path / "tables.sqlite3"
    store = open_store(str(path))
    record, _ = _table()
    store.create(record)
    writer = sqlite3.connect(path, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another process in the middle of a move
        # a write-locking read would wait out the busy timeout and fail with StoreError
        assert store.get(record.id).id == record.id and store.log(record.id) == []
    finally:
        writer.execute("ROLLBACK")
        writer.close()
        store.close()


def test_a_store_address_of_an_unknown_scheme_is_refused() -> None:
    """``foo://x`` became a SQLite file ``./foo:/x``; now a StoreError naming the scheme (serve and table prune: exit 2)."""
    for spec in ("foo://x", "http://db/overturn", "mysql://u@h/d"):
        with pytest.raises(StoreError, match="unknown store scheme"):
            open_store(spec)
    open_store("memory").close()
