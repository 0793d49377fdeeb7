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


@pytest.mark.parametrize("mark", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\u2028", "\u2029", "\u0085"])
def test_a_bidi_control_or_line_separator_in_a_seat_name_is_refused_naming_the_field(client: TestClient, mark: str) -> None:
    """U+202E once made a name display reversed, U+2028 and U+0085 broke it over lines: 422 naming the seat's name."""
    for body in ({"seats": [{}, {"name": f"Ali{mark}ceZ"}]}, {"game": "insider", "seats": [{}, {"name": f"Ali{mark}"}]}):
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422 and answer.json()["detail"]["field"] == "seats[1].name", answer.text
        assert "direction mark" in answer.json()["error"]
    assert client.post("/api/tables", json={"seats": [{"name": "Zoé ☺"}, {"name": "عليّ"}]}).status_code == 201


def test_refusals_of_the_table_endpoints_are_kept_out_of_caches(client: TestClient) -> None:
    """400 and 422 answers (a refusal may name a table's state) carried no Cache-Control; the rules' text keeps its own."""
    refusals = [
        client.post("/api/tables", json={"seats": [{"name": "a\u202eb"}, {}]}),
        client.post("/api/tables", json={"seed": -1}),
        client.post("/api/boardgames", json={"game": "chess"}),
        client.post("/api/tables", content=b"{", headers={"content-type": "application/json"}),
        client.post("/api/tables", content=b"{}", headers={"content-type": "text/plain"}),
        client.get("/api/tables/abc\x01defghij".replace("\x01", "%01")),
        client.get("/api/tables/nosuchtable123"),
    ]
    assert sorted({answer.status_code for answer in refusals}) == [400, 404, 415, 422]
    for answer in refusals:
        assert answer.headers.get("cache-control") == "no-store", (answer.status_code, answer.text)
    assert client.get("/api/boardgames/rules/insider").headers["cache-control"] == "max-age=3600"
    assert "cache-control" not in client.get("/api/health").headers  # outside the tables, no change


def test_a_seat_is_claimed_with_the_token_in_the_header(client: TestClient) -> None:
    """The pages send a seat's token as X-Seat-Token everywhere; /claim read only the body's 'seat'."""
    made = client.post("/api/tables", json={"game": "offboard", "players": 2}).json()
    table_id, invitations = made["table"]["id"], made["tokens"]
    claimed = client.post(f"/api/tables/{table_id}/claim", json={}, headers={"X-Seat-Token": invitations[0]})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 0, claimed.text
    credential = claimed.json()["token"]
    assert client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": credential}).json()["you"] == 0
    spent = client.post(f"/api/tables/{table_id}/claim", json={}, headers={"X-Seat-Token": invitations[0]})
    assert spent.status_code == 403 and spent.json()["detail"]["reason"] == "invitation_spent"


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


def test_tables_where_only_computers_play_are_bounded(lexicon_dir: Path) -> None:
    """Each keeps a computer player busy all game: past the server's bound the next gets 429 with the reason, and a
    table with a person at it is still opened."""
    limits = Limits(max_computer_tables=2, computer_tables_per_client_hour=10)
    with TestClient(create_app(str(lexicon_dir), limits)) as client:
        computers = {"seed": 7, "seats": [{"computer": 5}, {"computer": 5}]}
        assert client.post("/api/tables", json=computers).status_code == 201
        assert client.post("/api/tables", json=computers).status_code == 201
        refused = client.post("/api/tables", json=computers)
        assert refused.status_code == 429 and refused.json()["detail"]["reason"] == "too_many_computer_tables"
        assert int(refused.headers["retry-after"]) > 0
        assert client.post("/api/tables", json={"seed": 7, "seats": [{}, {"computer": 5}]}).status_code == 201


def test_a_phone_claims_its_seat_and_the_creator_can_no_longer_open_it(client: TestClient) -> None:
    """As boardgame.io's players: the creator hands out invitations; the phone that opens one takes the seat with a
    credential of its own, so the creator (who saw every invitation) cannot read that seat's Insider hand."""
    made = client.post("/api/tables", json={"game": "insider", "players": 2}).json()
    table_id, invitations, creator = made["table"]["id"], made["tokens"], made["creator"]
    claimed = client.post(f"/api/tables/{table_id}/claim", json={"seat": invitations[1]})
    assert claimed.status_code == 200 and claimed.headers["cache-control"] == "no-store"
    credential = claimed.json()["token"]
    assert claimed.json()["seat"] == 1 and credential.startswith("c.") and credential != invitations[1]
    assert client.get(f"/api/tables/{table_id}?seat={credential}").json()["hand"] is not None
    spied = client.get(f"/api/tables/{table_id}?seat={invitations[1]}")
    assert spied.status_code == 403 and spied.json()["detail"]["reason"] == "bad_seat_token"
    again = client.post(f"/api/tables/{table_id}/claim", json={"seat": invitations[1]})
    assert again.status_code == 403 and again.json()["detail"]["reason"] == "invitation_spent"
    assert client.post(f"/api/tables/{table_id}/claim", json={"seat": credential}).json()["token"] == credential  # a reload
    # a lost phone: the creator's new invitation revokes the credential
    handed = client.post(f"/api/tables/{table_id}/hand-over", json={"creator": creator, "seat": 1}).json()
    assert client.get(f"/api/tables/{table_id}?seat={credential}").status_code == 403
    assert client.post(f"/api/tables/{table_id}/claim", json={"seat": handed["token"]}).status_code == 200
    watcher = client.post(f"/api/tables/{table_id}/claim", json={})
    assert watcher.status_code == 403 and watcher.json()["detail"]["reason"] == "watcher"


def test_two_phones_claiming_one_invitation_get_one_seat(lexicon_dir: Path) -> None:
    """Claims race in one store transaction each: one phone takes the seat, the other is told the invitation is spent."""
    import asyncio

    from overturn.table.errors import InvitationSpent
    from overturn.table.games import new_board_table
    from overturn.table.hub import Hub
    from overturn.table.service import SeatAsked, TableService

    async def inline(job, what):  # type: ignore[no-untyped-def]
        return job()

    store = open_store("memory")
    service = TableService(store, Hub(4, 4), lambda name: None, inline, inline)  # type: ignore[arg-type,return-value]

    async def race() -> list[object]:
        made = await service.create("offboard", new_board_table("offboard", 2, 0, {}), [SeatAsked("A"), SeatAsked("B")])
        invitation = made.tokens[0]
        return await asyncio.gather(*(service.claim(made.record.id, invitation) for _ in range(5)), return_exceptions=True)

    try:
        outcomes = asyncio.run(race())
    finally:
        store.close()
    assert sum(not isinstance(outcome, Exception) for outcome in outcomes) == 1
    assert all(isinstance(outcome, InvitationSpent) for outcome in outcomes if isinstance(outcome, Exception))


def test_the_server_draws_the_dice_and_cards_no_creator_chooses(client: TestClient, lexicon_dir: Path) -> None:
    """With the seed of an Overload or Insider table a creator could foresee every roll and draw (Overload's next 20
    rolls were predicted, 20 of 20): refused unless the table rolls its own dice or the server is a lesson's."""
    for body in ({"game": "insider", "seed": 7}, {"game": "overload", "seed": 7}):
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 422 and refused.json()["detail"] == {"field": "seed"}, refused.text
    assert client.post("/api/tables", json={"game": "overload", "seed": 7, "options": {"table_dice": True}}).status_code == 201
    assert client.post("/api/tables", json={"game": "offboard", "seed": 7}).status_code == 201  # no chance at all
    assert client.post("/api/tables", json={"game": "insider"}).json()["seed_chosen"] is False
    with TestClient(create_app(str(lexicon_dir), allow_seeds=True)) as lesson:
        made = lesson.post("/api/tables", json={"game": "insider", "seed": 7})
        assert made.status_code == 201 and made.json()["seed_chosen"] is True  # such a table says so, to every reader
        table_id = made.json()["table"]["id"]
        assert lesson.get(f"/api/tables/{table_id}").json()["seed_chosen"] is True


def test_a_computer_table_past_its_search_budget_plays_on_cheaply(lexicon_dir: Path) -> None:
    """Each table's computers may search for so long at their level, then play at level 1: a level-5 table cannot hold
    the computer players' processes from the other tables all evening."""
    import asyncio
    import time as clock

    from overturn.game.board import Board
    from overturn.game.state import Game
    from overturn.lexicon.lexicon import Lexicon
    from overturn.table.hub import Hub
    from overturn.table.seating import OverturnTable
    from overturn.table.service import SeatAsked, TableService

    lexicon = Lexicon.open(lexicon_dir)
    levels: list[int] = []

    async def judge(job, what):  # type: ignore[no-untyped-def]
        return job()

    async def think(job, what):  # type: ignore[no-untyped-def]
        levels.append(job.args[2])  # the partial's level
        clock.sleep(0.02)  # some search time, so the budget is spent
        return job()

    store = open_store("memory")
    service = TableService(store, Hub(4, 4), lambda name: lexicon, judge, think, computer_budget=0.05)

    async def play() -> None:
        game = Game.from_board(Board.parse("AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC"), lexicon_name="small", lexicon=lexicon)
        await service.create("overturn", OverturnTable(game), [SeatAsked("A", 5), SeatAsked("B", 5)])
        deadline = clock.monotonic() + 30
        while service.computer_tables() and clock.monotonic() < deadline:
            await asyncio.sleep(0.01)

    try:
        asyncio.run(play())
    finally:
        store.close()
    assert len(levels) >= 4 and levels[0] == 5 and levels[-1] == 1 and set(levels) == {5, 1}
