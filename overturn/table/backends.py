"""The store a ``--store`` value names; the back ends are imported only when chosen (psycopg is optional)."""

from __future__ import annotations

from overturn.table.record import StoreError
from overturn.table.store import TableStore


def open_store(spec: str) -> TableStore:
    """The store a ``--store`` value names: ``postgresql://…`` (or ``postgres://``), ``memory``, or a SQLite file path (``sqlite:///PATH`` too).

    Any other ``SCHEME://`` is a StoreError naming the scheme (``foo://x`` once became a SQLite file ``./foo:/x``).
    """
    scheme, separator, _rest = spec.partition("://")
    if separator and scheme.lower() not in ("postgresql", "postgres", "sqlite"):
        raise StoreError(f"unknown store scheme {scheme[:40]!r} in {spec[:80]!r}: give a SQLite file path, sqlite:///PATH, postgresql://… or memory")
    if spec.startswith(("postgresql://", "postgres://")):
        from overturn.table.postgres_store import PostgresStore

        return PostgresStore(spec)
    from overturn.table.sqlite_store import SQLiteStore

    if spec == "memory":
        return SQLiteStore(":memory:")
    return SQLiteStore(spec.removeprefix("sqlite://"))


