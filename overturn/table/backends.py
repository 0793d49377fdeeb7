"""The store a ``--store`` value names; the back ends are imported only when chosen (psycopg is optional)."""

from __future__ import annotations

from overturn.table.store import TableStore


def open_store(spec: str) -> TableStore:
    """The store a ``--store`` value names: ``postgresql://…`` (or ``postgres://``), ``memory``, or a SQLite file path (``sqlite:///PATH`` too)."""
    if spec.startswith(("postgresql://", "postgres://")):
        from overturn.table.postgres_store import PostgresStore

        return PostgresStore(spec)
    from overturn.table.sqlite_store import SQLiteStore

    if spec == "memory":
        return SQLiteStore(":memory:")
    return SQLiteStore(spec.removeprefix("sqlite://"))


