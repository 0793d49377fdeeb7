"""Shared fixtures: small lexicons built in the test, the real default lexicon, and table stores on an empty database."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.normalize import normalize_key
from overturn.lexicon.sources import Entry
from overturn.table.record import new_table_id

_counter = itertools.count()


@pytest.fixture(scope="session")
def make_lexicon(tmp_path_factory: pytest.TempPathFactory):
    """Build a lexicon from words (accented forms allowed) or from key → entries, in a temporary directory."""

    def make(words: Iterable[str] | dict[str, list[Entry]], name: str = "test") -> Lexicon:
        if isinstance(words, dict):
            table = words
        else:
            table = {}
            for word in words:
                table.setdefault(normalize_key(word), []).append(Entry(word.lower(), word.lower(), "N"))
        directory = tmp_path_factory.mktemp("lexicon") / f"{name}-{next(_counter)}"
        write_build(directory, table, {"name": name})
        return Lexicon.open(directory, name)

    return make


@pytest.fixture(scope="session")
def default_lexicon() -> Lexicon:
    """The real French lexicon (built once into the user cache on first use)."""
    from overturn.lexicon.registry import load_lexicon

    return load_lexicon("fr")


@pytest.fixture
def isolated_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache directory, so build and rebuild tests never touch the user's cache."""
    monkeypatch.setenv("OVERTURN_CACHE_DIR", str(tmp_path / "cache"))
    from overturn.lexicon import registry

    monkeypatch.setattr(registry, "_loaded", {})
    return tmp_path / "cache"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for this test session (tests/postgres_server.py); skipped only where none can run."""
    from postgres_server import postgres_server, why_unavailable

    reason = why_unavailable()
    if reason and os.environ.get("OVERTURN_REQUIRE_POSTGRES"):
        pytest.fail(f"OVERTURN_REQUIRE_POSTGRES is set but {reason}")
    if reason:
        pytest.skip(reason)
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``--store`` value of a database no store has opened yet (a new database on the PostgreSQL server)."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    import psycopg

    url = str(request.getfixturevalue("postgres_url"))
    name = f"empty_{new_table_id().replace('-', '_').lower()}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    assert "@/postgres?" in url
    return url.replace("@/postgres?", f"@/{name}?")
