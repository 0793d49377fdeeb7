"""A seat's token out of the URL (issue 31, item 6): the X-Seat-Token header opens the seat for every read, move and
stream, so the pages never put it in a URL; the ``?seat=`` query and a move's body ``seat`` keep working for API
clients and links already shared. Real uvicorn on loopback.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from test_table_api import BOARD, lexicon_dir  # noqa: F401  (lexicon_dir: a fixture)
from test_table_presence import Stream

from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer


@pytest.fixture(scope="module")
def server(lexicon_dir: Path) -> Iterator[str]:  # noqa: F811
    with BackgroundServer(create_app(str(lexicon_dir), Limits(stream_heartbeat=0.3))) as url:
        yield url


@pytest.fixture
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as http:
        yield http


def test_the_header_opens_the_seat_for_reads_moves_and_streams(server: str, client: httpx.Client) -> None:
    made = client.post("/api/tables", json={"board": BOARD}).json()
    table_id, tokens = made["table"]["id"], made["tokens"]
    credential = client.post(f"/api/tables/{table_id}/claim", json={"seat": tokens[1]}).json()["token"]
    silver = {"X-Seat-Token": credential}
    assert client.get(f"/api/tables/{table_id}", headers=silver).json()["table"]["you"] == 1
    assert client.get(f"/api/tables/{table_id}").json()["table"]["you"] is None  # without it: a watcher
    stream = Stream(f"{server}/api/tables/{table_id}/events", silver)
    try:
        assert stream.wait("state")[0]["table"]["you"] == 1
        green = {"X-Seat-Token": tokens[0]}
        moved = client.post(f"/api/tables/{table_id}/moves", headers=green, json={"version": 0, "action": {"kind": "word", "word": "ACCES"}})
        assert moved.status_code == 200 and moved.json()["verdict"]["legal"], moved.text  # no seat in the body: the header's
        assert stream.wait("state", 2)[-1]["table"]["version"] == 1
        # out of turn, by the header alone: refused as that seat's move, not as a watcher's
        refused = client.post(f"/api/tables/{table_id}/moves", headers=green, json={"version": 1, "action": {"kind": "word", "word": "TOUS"}})
        assert refused.status_code == 409 and refused.json()["detail"]["reason"] == "not_your_turn"
    finally:
        stream.close()
    # the header wins over a query or a body naming another seat (one credential per request, the header's)
    assert client.get(f"/api/tables/{table_id}?seat={tokens[0]}", headers=silver).json()["table"]["you"] == 1
    assert client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": "forged"}).status_code == 403
    assert client.get(f"/api/tables/{table_id}/events", headers={"X-Seat-Token": "forged"}).status_code == 403


def test_a_board_games_positions_open_with_the_header(client: httpx.Client) -> None:
    made = client.post("/api/boardgames", json={"game": "offboard"}).json()
    table_id, tokens = made["table"]["id"], made["tokens"]
    seat = made["turn"]
    mover = {"X-Seat-Token": tokens[seat]}
    legal = client.get(f"/api/boardgames/{table_id}", headers=mover).json()["legal"]
    assert legal
    played = client.post(f"/api/boardgames/{table_id}/moves", headers=mover, json={"version": 0, "move": legal[0]})
    assert played.status_code == 200 and played.json()["error"] is None, played.text
    assert client.get(f"/api/boardgames/{table_id}/moves/1", headers=mover).status_code == 200
    assert client.get(f"/api/boardgames/{table_id}/moves/1", headers={"X-Seat-Token": "forged"}).status_code == 403


def test_links_already_shared_and_api_clients_keep_the_query_and_the_body(client: httpx.Client) -> None:
    made = client.post("/api/tables", json={"board": BOARD}).json()
    table_id, tokens = made["table"]["id"], made["tokens"]
    assert client.get(f"/api/tables/{table_id}?seat={tokens[0]}").json()["table"]["you"] == 0
    moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[0], "version": 0, "action": {"kind": "word", "word": "ACCES"}})
    assert moved.status_code == 200 and moved.json()["table"]["version"] == 1


def test_the_openapi_document_says_where_a_token_goes(client: httpx.Client) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, method in (("/api/tables/{table}", "get"), ("/api/tables/{table}/moves", "post"), ("/api/tables/{table}/events", "get"), ("/api/boardgames/{table}/moves/{number}", "get")):
        names = {(param["in"], param["name"]) for param in paths[path][method]["parameters"]}
        assert ("header", "X-Seat-Token") in names, path
    assert "post" in paths["/api/tables/{table}/events/{stream}/ack"]


def test_the_terminal_opens_a_link_copied_from_a_page() -> None:
    """The pages hand the invitation out in the fragment; `overturn table` reads it there as in the query."""
    from overturn_cli.table import Link

    assert Link.parse("http://club:8000/?table=T1#seat=S1") == Link("http://club:8000", "T1", "S1")
    assert Link.parse("http://club:8000/?table=T1&seat=S1") == Link("http://club:8000", "T1", "S1")
    assert Link.parse("http://club:8000/?table=T1#seated").seat is None  # a page's own address: nothing to open here


def test_a_claimed_seat_says_so_and_a_credential_stored_before_still_opens_it() -> None:
    """A claimed credential's digest keeps its prefix (presence's "joined", read alike by every process); a seat claimed
    before, its digest stored bare, keeps opening with its credential."""
    import hashlib

    from overturn.table.record import Seat, digest, new_credential, new_token, token_matches

    credential, invitation = new_credential(), new_token()
    assert Seat(0, "Zoé", digest(credential)).claimed and not Seat(0, "Zoé", digest(invitation)).claimed
    assert Seat(1, "Ordinateur", "", computer=3).claimed
    bare = hashlib.sha256(credential.encode()).hexdigest()
    assert token_matches(credential, bare) and token_matches(credential, digest(credential))
    assert not token_matches(invitation, "c." + hashlib.sha256(invitation.encode()).hexdigest())  # a prefix adds no way in
    assert not token_matches(new_credential(), digest(credential))


def test_the_terminal_watching_a_seat_handed_over_is_told(server: str, client: httpx.Client) -> None:
    import subprocess
    import sys

    made = client.post("/api/tables", json={"board": BOARD}).json()
    watcher = subprocess.Popen(
        [sys.executable, "-m", "overturn_cli", "table", "watch", server + made["links"]["seats"][1]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert watcher.stdout is not None
    shown = ""
    while "at move 0" not in shown:
        line = watcher.stdout.readline()
        assert line, "the watch ended before showing the table"
        shown += line
    assert client.post(f"/api/tables/{made['table']['id']}/hand-over", json={"creator": made["creator"], "seat": 1}).status_code == 200
    _out, err = watcher.communicate(timeout=30)
    assert watcher.returncode == 1 and "handed to another phone" in err


@pytest.mark.parametrize("body", [{"board": BOARD, "seats": [{"name": "Zoé"}, {"name": "Ali"}]}, {"game": "insider", "seats": [{"name": "Zoé"}, {"name": "Ali"}]}], ids=["overturn", "insider"])
def test_a_claim_answers_the_table_as_the_seat_now_sees_it(client: httpx.Client, body: dict[str, object]) -> None:
    """A phone opening its link needs one round trip: the claim's answer holds what a read with the new credential
    answers (an Insider seat's own hand included), so the page does not read the table again."""
    made = client.post("/api/tables", json=body).json()
    table_id = made["table"]["id"]
    claimed = client.post(f"/api/tables/{table_id}/claim", json={"seat": made["tokens"][1]}).json()
    read = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": claimed["token"]}).json()
    assert claimed["seat"] == 1 and claimed["view"] == read
    assert claimed["view"]["table"]["version"] == 0
