"""The table refuses at its edge what no store can hold, keeps private answers out of caches, and bounds every game's tables.

Driven in-process (Starlette's test client on the app) on both stores: an
in-memory SQLite and a real PostgreSQL server started by the fixtures.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.table.backends import open_store

WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "ETE"]


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("edges") / "small", table, {"name": "small"})


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, lexicon_dir: Path) -> Iterator[TestClient]:
    spec = "memory" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    store = open_store(spec)
    try:
        with TestClient(create_app(str(lexicon_dir), Limits(tables_per_client_hour=5), tables=store)) as test_client:
            yield test_client
    finally:
        store.close()


@pytest.mark.parametrize("table_id", ["abc\x00defghij", "abcdefgh\x1f", "\x7f" * 9])
def test_a_control_character_in_a_table_id_is_refused_naming_the_field(client: TestClient, table_id: str) -> None:
    """NUL in an id was a 503 store_unavailable with an ERROR log on PostgreSQL (and 404 on SQLite): now 422 on both."""
    table_id = quote(table_id)  # as a client sends it: percent-encoded in the path
    for path in (f"/api/tables/{table_id}", f"/api/boardgames/{table_id}", f"/api/tables/{table_id}/events"):
        answer = client.get(path)
        assert answer.status_code == 422 and answer.json()["detail"] == {"field": "table"}, (path, answer.text)
    moved = client.post(f"/api/tables/{table_id}/moves", json={"version": 0, "move": "x", "seat": "t"})
    assert moved.status_code == 422 and moved.json()["detail"] == {"field": "table"}


@pytest.mark.parametrize("body", [{"seats": [{"name": "Zo\x00é"}, {}]}, {"game": "offboard", "seats": [{"name": "a\nb"}, {}]}])
def test_a_control_character_in_a_seat_name_is_refused_naming_the_field(client: TestClient, body: dict[str, object]) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422 and answer.json()["detail"]["field"] == "seats[0].name", answer.text


def test_every_table_answer_is_kept_out_of_caches(client: TestClient) -> None:
    """A seat's view (an Insider hand), the creator's token and a hand-over's new token are never stored by a browser or proxy."""
    made = client.post("/api/tables", json={"game": "insider", "players": 2})
    assert made.status_code == 201 and made.headers["cache-control"] == "no-store"
    table_id, tokens, creator = made.json()["table"]["id"], made.json()["tokens"], made.json()["creator"]
    seat = client.get(f"/api/tables/{table_id}?seat={tokens[0]}")
    assert seat.json()["hand"] is not None and seat.headers["cache-control"] == "no-store"
    stale = client.post(f"/api/tables/{table_id}/moves", json={"version": 9, "move": "walk", "seat": tokens[0]})
    assert stale.status_code == 409 and "state" in stale.json()["detail"] and stale.headers["cache-control"] == "no-store"
    handed = client.post(f"/api/tables/{table_id}/hand-over", json={"creator": creator, "seat": 1})
    assert handed.status_code == 200 and handed.headers["cache-control"] == "no-store"


def test_table_openings_are_bounded_per_address_for_every_game(client: TestClient) -> None:
    """Board-game tables had no bound (108-145 a second from one address); now every game shares the Overturn one."""
    bodies = [{"game": "overload"}, {"game": "offboard"}, {"game": "insider"}, {"seed": 7}, {"game": "offboard"}]
    for body in bodies:
        assert client.post("/api/tables", json=body).status_code == 201
    for path, body in (("/api/boardgames", {"game": "insider"}), ("/api/tables", {"seed": 7})):
        refused = client.post(path, json=body)
        assert refused.status_code == 429 and refused.json()["detail"]["reason"] == "too_many_tables"
        assert int(refused.headers["retry-after"]) > 0
