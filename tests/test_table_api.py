"""The shared table over HTTP: a game held by the server, seat links, optimistic concurrency, live streams, the computer's seat.

Every answer's game is cross-checked against the same moves made on a
``Game`` in process. The server is a real uvicorn on loopback.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "ALLEZ", "MAISON", "SAC", "CASE", "ETE"]
#: A short heartbeat, so a stream with no news still says something within the test's patience.
HEARTBEAT = 0.3


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("tableapi") / "small", table, {"name": "small"})


@pytest.fixture(scope="module")
def server(lexicon_dir: Path) -> Iterator[str]:
    limits = Limits(stream_heartbeat=HEARTBEAT, max_streams_per_client=4)
    with BackgroundServer(create_app(str(lexicon_dir), limits)) as url:
        yield url


@pytest.fixture
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as http:
        yield http


def _new(client: httpx.Client, **data: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"board": BOARD, **data})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def _move(client: httpx.Client, table: dict[str, Any], token: str | None, version: int, **action: Any) -> httpx.Response:
    return client.post(f"/api/tables/{table['table']['id']}/moves", json={"seat": token, "version": version, "action": action})


def _local(lexicon_dir: Path) -> Game:
    return Game.from_board(Board.parse(BOARD), "reuse", "small", load_lexicon(str(lexicon_dir)), "position")


def test_a_table_is_created_with_a_secret_link_per_seat_and_one_to_watch(client: httpx.Client) -> None:
    created = _new(client, seats=[{"name": "Zoé"}, {"name": "Ali"}])
    table = created["table"]
    assert table["version"] == 0 and table["turn"] == 0 and table["you"] is None
    assert [(seat["name"], seat["colour"], seat["computer"]) for seat in table["seats"]] == [("Zoé", "green", None), ("Ali", "silver", None)]
    tokens = created["tokens"]
    assert len(set(tokens)) == 2 and all(len(token) >= 32 for token in tokens)  # 192 random bits each
    assert created["links"]["watch"] == f"/?table={table['id']}"
    assert created["links"]["seats"] == [f"/?table={table['id']}#seat={token}" for token in tokens]  # never sent by a browser
    seen = client.get(f"/api/tables/{table['id']}", params={"seat": tokens[1]}).json()
    assert seen["table"]["you"] == 1 and seen["game"] == created["game"]
    watched = client.get(f"/api/tables/{table['id']}").json()
    assert watched["table"]["you"] is None and "tokens" not in watched and "creator" not in watched


def test_moves_follow_the_model_and_the_turn(client: httpx.Client, lexicon_dir: Path) -> None:
    created = _new(client)
    green, silver = created["tokens"]
    local = _local(lexicon_dir)
    played = _move(client, created, green, 0, kind="word", word="accès")
    assert played.status_code == 200, played.text
    local.push(WordMove("ACCES"))
    answer = played.json()
    assert answer["verdict"]["legal"] and answer["game"] == local.to_json()
    assert answer["table"]["version"] == 1 and answer["table"]["turn"] == 1 and answer["table"]["you"] == 0

    again = _move(client, created, green, 1, kind="word", word="TOUS")
    assert again.status_code == 409 and again.json()["detail"]["reason"] == "not_your_turn"

    refused = _move(client, created, silver, 1, kind="word", word="ACCES")
    assert refused.status_code == 200 and refused.json()["verdict"]["reason"] == "already_played"
    assert refused.json()["table"]["version"] == 1 and refused.json()["game"] == local.to_json()

    passed = _move(client, created, silver, 1, kind="pass", cell=[0, 0])
    assert passed.status_code == 200, passed.text
    assert passed.json()["table"]["version"] == 2 and passed.json()["table"]["turn"] == 0


def test_an_overturn_move_says_move_as_every_game_does_with_action_its_older_name(client: httpx.Client, lexicon_dir: Path) -> None:
    """Overturn's move request once said only ``action``: it says ``move`` as the board games' do, ``action`` kept."""
    created = _new(client)
    green, silver = created["tokens"]
    moves = f"/api/tables/{created['table']['id']}/moves"
    local = _local(lexicon_dir)
    played = client.post(moves, json={"seat": green, "version": 0, "move": {"kind": "word", "word": "ACCES"}})
    assert played.status_code == 200, played.text
    local.push(WordMove("ACCES"))
    assert played.json()["verdict"]["legal"] and played.json()["game"] == local.to_json()
    off_board = client.post(moves, json={"seat": silver, "version": 1, "move": {"kind": "word", "word": "SOU", "path": [0, 1, 99]}})
    assert off_board.status_code == 422 and off_board.json()["detail"]["field"] == "move.path", off_board.text
    both = client.post(moves, json={"seat": silver, "version": 1, "move": {"kind": "pass", "cell": 0}, "action": {"kind": "pass", "cell": 0}})
    assert both.status_code == 422 and both.json()["detail"]["field"] == "action"
    assert client.post(moves, json={"seat": silver, "version": 1}).json()["detail"]["field"] == "move"
    sing = client.post(moves, json={"seat": silver, "version": 1, "move": {"kind": "sing"}})  # the kinds named, as under 'action'
    assert sing.status_code == 400 and sing.json()["error"] == "'move.kind' must be next-layer or pass or word, not 'sing'", sing.text
    passed = _move(client, created, silver, 1, kind="pass", cell=[0, 0])  # the older name
    assert passed.status_code == 200 and passed.json()["table"]["version"] == 2, passed.text


def test_a_move_on_a_state_already_moved_on_gets_409_with_the_current_table(client: httpx.Client) -> None:
    created = _new(client)
    green, _silver = created["tokens"]
    assert _move(client, created, green, 0, kind="word", word="ACCES").status_code == 200
    stale = _move(client, created, green, 0, kind="word", word="TOUS")
    assert stale.status_code == 409
    detail = stale.json()["detail"]
    assert detail["reason"] == "stale" and detail["version"] == 1
    assert detail["state"]["table"]["version"] == 1 and detail["state"]["game"]["moves"][0]["word"] == "ACCES"


def test_watchers_and_wrong_tokens_cannot_move(client: httpx.Client) -> None:
    created = _new(client)
    table_id = created["table"]["id"]
    assert _move(client, created, None, 0, kind="word", word="ACCES").status_code == 403
    wrong = _move(client, created, "x" * 32, 0, kind="word", word="ACCES")
    assert wrong.status_code == 403 and wrong.json()["detail"]["reason"] == "bad_seat_token"
    assert client.get(f"/api/tables/{table_id}", params={"seat": "nope"}).status_code == 403
    assert client.get("/api/tables/not-a-table-id").status_code == 404
    assert client.get(f"/api/tables/{table_id}").json()["table"]["version"] == 0


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"seat": "t", "version": 0}, 400),
        ({"seat": "t", "version": 0, "action": {"kind": "sing"}}, 400),
        ({"seat": "t", "version": -1, "action": {"kind": "word", "word": "A"}}, 422),
        ({"seat": ["t"], "version": 0, "action": {"kind": "word", "word": "A"}}, 403),
        ({"seat": "t", "version": 0, "action": {"kind": "word", "word": "SOU", "path": [0, [0, 1], 2]}}, 422),  # shapes mixed
        ({"seat": "t", "version": 0, "action": {"kind": "word", "word": "SOU", "path": [0, 1, 99]}}, 422),  # off the board
        ({"seat": "t", "version": 0, "action": {"kind": "pass", "cell": 36}}, 422),
        ({"seat": "t", "version": 0, "action": {"kind": "pass", "cell": [0, 0, 0]}}, 400),
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(client: httpx.Client, body: dict[str, Any], status: int) -> None:
    created = _new(client)
    if body["seat"] == "t":
        body = {**body, "seat": created["tokens"][0]}
    response = client.post(f"/api/tables/{created['table']['id']}/moves", json=body)
    assert response.status_code == status, response.text
    assert client.get(f"/api/tables/{created['table']['id']}").json()["table"]["version"] == 0
    if "path" in body.get("action", {}) or "cell" in body.get("action", {}):  # a path or cell refused names its field
        assert response.json()["detail"]["field"] == "action." + ("path" if "path" in body["action"] else "cell"), response.text


def test_the_creator_hands_a_seat_over_and_the_old_link_stops_working(client: httpx.Client) -> None:
    created = _new(client)
    table_id = created["table"]["id"]
    path = f"/api/tables/{table_id}/hand-over"
    assert client.post(path, json={"creator": created["tokens"][0], "seat": 0}).status_code == 403
    handed = client.post(path, json={"creator": created["creator"], "seat": 0})
    assert handed.status_code == 200, handed.text
    fresh = handed.json()["token"]
    assert handed.json()["link"] == f"/?table={table_id}#seat={fresh}"
    assert _move(client, created, created["tokens"][0], 0, kind="word", word="ACCES").status_code == 403
    assert _move(client, created, fresh, 0, kind="word", word="ACCES").status_code == 200


def test_a_computer_seat_replies_by_itself(client: httpx.Client) -> None:
    created = _new(client, seats=[{"name": "Zoé"}, {"computer": 2}])
    assert created["tokens"][1] is None and created["links"]["seats"][1] is None
    assert _move(client, created, created["tokens"][0], 0, kind="word", word="ACCES").status_code == 200
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        seen = client.get(f"/api/tables/{created['table']['id']}").json()
        if seen["table"]["version"] >= 2:
            break
        time.sleep(0.05)
    assert seen["table"]["version"] == 2 and seen["game"]["moves"][1]["player"] == "silver"
    assert seen["table"]["turn"] in (0, None)


def test_the_computer_thinks_in_its_own_process_which_ends_with_the_server(lexicon_dir: Path) -> None:
    """A computer seat's search runs in a process of its own (off the threads and the interpreter lock that judge
    people's moves); it is gone when the server stops, so a stopped server leaves nothing running behind it."""
    import multiprocessing

    before = set(multiprocessing.active_children())
    with BackgroundServer(create_app(str(lexicon_dir), Limits())) as url, httpx.Client(base_url=url, timeout=30) as client:
        created = _new(client, seats=[{"computer": 2}, {"computer": 2}])
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{created['table']['id']}").json()["table"]["version"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        engines = set(multiprocessing.active_children()) - before
        assert engines and all(engine.pid != os.getpid() for engine in engines)
    assert not set(multiprocessing.active_children()) - before


def test_a_computer_seat_that_starts_moves_first_by_itself(client: httpx.Client) -> None:
    created = _new(client, seats=[{"computer": 1}, {"name": "Ali"}])
    deadline = time.monotonic() + 20
    while client.get(f"/api/tables/{created['table']['id']}").json()["table"]["version"] < 1:
        assert time.monotonic() < deadline
        time.sleep(0.05)


class Events:
    """A live stream read in a thread: every ``state`` event, and every comment line or heartbeat, as they arrive."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.states: list[dict[str, Any]] = []
        self.ids: list[int] = []
        self.comments = 0
        self.status = 0
        self.opened = threading.Event()
        self._client = httpx.Client(timeout=httpx.Timeout(30, read=10))
        self._thread = threading.Thread(target=self._read, args=(url, headers or {}), daemon=True)
        self._thread.start()
        assert self.opened.wait(10)

    def _read(self, url: str, headers: dict[str, str]) -> None:
        try:
            with self._client.stream("GET", url, headers=headers) as response:
                self.status = response.status_code
                self.headers = response.headers
                self.opened.set()
                event: dict[str, str] = {}
                for line in response.iter_lines():
                    if line.startswith(":"):
                        self.comments += 1
                    elif line == "":
                        if event.get("event") == "heartbeat":  # a beat the page counts (a comment it could not see)
                            self.comments += 1
                        if event.get("event") == "state":
                            self.ids.append(int(event["id"]))
                            self.states.append(json.loads(event["data"]))
                        event = {}
                    else:
                        key, _, value = line.partition(": ")
                        event[key] = value
        except (httpx.HTTPError, RuntimeError):
            pass
        finally:
            self.opened.set()

    def wait_for(self, count: int, seconds: float = 10) -> list[dict[str, Any]]:
        deadline = time.monotonic() + seconds
        while len(self.states) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.states

    def close(self) -> None:
        self._client.close()


def test_every_seat_and_watcher_sees_a_move_live(server: str, client: httpx.Client) -> None:
    created = _new(client)
    base = f"{server}/api/tables/{created['table']['id']}/events"
    streams = [Events(base + f"?seat={created['tokens'][1]}"), Events(base)]
    try:
        for stream in streams:
            assert stream.status == 200 and stream.headers["content-type"].startswith("text/event-stream")
            assert stream.wait_for(1)[0]["table"]["version"] == 0
        started = time.monotonic()
        assert _move(client, created, created["tokens"][0], 0, kind="word", word="ACCES").status_code == 200
        for stream, you in zip(streams, (1, None)):
            latest = stream.wait_for(2)[-1]
            assert latest["table"]["version"] == 1 and latest["table"]["you"] == you
            assert latest["game"]["moves"][0]["word"] == "ACCES"
            assert stream.ids == [0, 1]
        assert time.monotonic() - started < 1.0  # live: well within a second on loopback
        time.sleep(HEARTBEAT * 3)
        assert all(stream.comments >= 2 for stream in streams)  # heartbeats while nothing happens
    finally:
        for stream in streams:
            stream.close()


def test_a_reconnecting_stream_resumes_from_its_last_event_id(server: str, client: httpx.Client) -> None:
    created = _new(client)
    green, silver = created["tokens"]
    assert _move(client, created, green, 0, kind="word", word="ACCES").status_code == 200
    base = f"{server}/api/tables/{created['table']['id']}/events"
    resumed = Events(base, {"Last-Event-ID": "1"})  # it has version 1: nothing to resend
    behind = Events(base, {"Last-Event-ID": "0"})  # it missed version 1: sent at once
    try:
        assert behind.wait_for(1)[0]["table"]["version"] == 1
        time.sleep(HEARTBEAT * 2)
        assert resumed.states == [] and resumed.comments >= 1
        assert _move(client, created, silver, 1, kind="pass", cell=[0, 0]).json()["table"]["version"] == 2
        assert [state["table"]["version"] for state in resumed.wait_for(1)] == [2]
    finally:
        resumed.close()
        behind.close()


def test_streams_past_a_clients_bound_get_503_with_retry_after(lexicon_dir: Path) -> None:
    """On a server of its own: the other tests' streams, closing, would hold places of this client's bound."""
    with BackgroundServer(create_app(str(lexicon_dir), Limits(stream_heartbeat=HEARTBEAT, max_streams_per_client=4))) as server:
        with httpx.Client(base_url=server, timeout=30) as client:
            _bounded_streams(server, client)


def _bounded_streams(server: str, client: httpx.Client) -> None:
    created = _new(client)
    base = f"{server}/api/tables/{created['table']['id']}/events"
    held = [Events(base) for _ in range(4)]
    try:
        assert all(stream.status == 200 for stream in held)
        refused = client.get(f"/api/tables/{created['table']['id']}/events")
        assert refused.status_code == 503 and refused.headers["retry-after"] == "10"
        assert refused.json()["detail"]["reason"] == "too_many_streams"
    finally:
        for stream in held:
            stream.close()
    deadline = time.monotonic() + 10  # places come back when the streams close
    while time.monotonic() < deadline:
        with httpx.Client(timeout=httpx.Timeout(5, read=1)) as probe:
            with probe.stream("GET", base) as response:
                if response.status_code == 200:
                    return
        time.sleep(0.1)
    pytest.fail("closed streams did not give their places back")


def test_fifty_concurrent_double_plays_lose_no_move(server: str, client: httpx.Client) -> None:
    """Fifty tables, each sent two different words on the same version at the same moment: one is played, one gets 409."""
    tables = [_new(client) for _ in range(50)]
    barrier = threading.Barrier(100)
    results: dict[tuple[int, str], int] = {}

    def play(index: int, word: str) -> None:
        with httpx.Client(base_url=server, timeout=60) as own:
            barrier.wait()
            results[index, word] = _move(own, tables[index], tables[index]["tokens"][0], 0, kind="word", word=word).status_code

    threads = [threading.Thread(target=play, args=(index, word)) for index in range(50) for word in ("ACCES", "TOUS")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    for index, table in enumerate(tables):
        assert sorted((results[index, "ACCES"], results[index, "TOUS"])) == [200, 409]
        winner = "ACCES" if results[index, "ACCES"] == 200 else "TOUS"
        stored = client.get(f"/api/tables/{table['table']['id']}").json()
        assert stored["table"]["version"] == 1 and [move["word"] for move in stored["game"]["moves"]] == [winner]


def test_the_next_layer_waits_for_the_end_and_keeps_the_total(client: httpx.Client) -> None:
    typed = _new(client)
    early = _move(client, typed, typed["tokens"][0], 0, kind="next-layer")
    assert early.status_code == 422 and early.json()["detail"]["reason"] == "not_over"
    # A dealt board on this ten-word lexicon has hardly a word: play until over, then deal the next layer.
    created = _new(client, seed=7, board=None)
    state = created
    while not state["result"]["over"]:
        seat = state["table"]["turn"]
        moves = client.post("/api/game/moves", json={"game": state["game"]}).json()["moves"]
        rings = state["game"]["rings"]
        cols = len(state["faces"][0])
        action: dict[str, Any] = {"kind": "word", "word": moves[0]["word"]} if moves else {"kind": "pass", "cell": divmod(rings.index(None), cols)}
        answer = _move(client, created, created["tokens"][seat], state["table"]["version"], **action)
        assert answer.status_code == 200, answer.text
        state = answer.json()
    before = state["table"]["totals"]
    following = _move(client, created, created["tokens"][1], state["table"]["version"], kind="next-layer")
    assert following.status_code == 200, following.text
    after = following.json()
    assert after["game"]["layer"] == 1 and after["game"]["moves"] == [] and after["verdict"] is None
    assert after["table"]["layers"] == [state["result"]["scores"]]
    assert after["table"]["totals"] == before


def test_a_move_made_through_another_server_process_arrives_live(lexicon_dir: Path, postgres_url: str) -> None:
    """Two servers on one PostgreSQL: a stream on one sees a move made on the other at once (LISTEN/NOTIFY), not at a heartbeat."""
    from overturn.table.backends import open_store

    limits = Limits(stream_heartbeat=30.0)  # far longer than the wait below: only the notification can bring the move
    stores = [open_store(postgres_url), open_store(postgres_url)]
    try:
        with BackgroundServer(create_app(str(lexicon_dir), limits, tables=stores[0])) as first:
            with BackgroundServer(create_app(str(lexicon_dir), limits, tables=stores[1])) as second:
                with httpx.Client(base_url=first, timeout=30) as client:
                    created = _new(client)
                    watching = Events(f"{second}/api/tables/{created['table']['id']}/events")
                    try:
                        assert watching.wait_for(1)[0]["table"]["version"] == 0
                        started = time.monotonic()
                        assert _move(client, created, created["tokens"][0], 0, kind="word", word="ACCES").status_code == 200
                        assert watching.wait_for(2, seconds=5)[-1]["table"]["version"] == 1
                        assert time.monotonic() - started < 2.0
                    finally:
                        watching.close()
    finally:
        for store in stores:
            store.close()


def test_a_board_game_move_made_through_another_server_process_arrives_live(lexicon_dir: Path, postgres_url: str) -> None:
    """The same relay for a board game (it raised AttributeError on every move and arrived only at the next heartbeat):
    each move made through one server reaches a seat's stream on the other within a second, no version skipped."""
    from overturn.table.backends import open_store

    limits = Limits(stream_heartbeat=30.0)  # only the notification can bring the moves in time
    stores = [open_store(postgres_url), open_store(postgres_url)]
    try:
        with BackgroundServer(create_app(str(lexicon_dir), limits, tables=stores[0])) as first:
            with BackgroundServer(create_app(str(lexicon_dir), limits, tables=stores[1])) as second:
                with httpx.Client(base_url=first, timeout=30) as client:
                    created = client.post("/api/tables", json={"game": "offboard", "seed": 3}).json()
                    table_id, tokens = created["table"]["id"], created["tokens"]
                    watching = Events(f"{second}/api/tables/{table_id}/events?seat={tokens[1]}")
                    try:
                        assert watching.wait_for(1)[0]["table"]["version"] == 0
                        for version in range(5):
                            state = client.get(f"/api/tables/{table_id}").json()
                            seat = state["turn"]
                            legal = client.get(f"/api/tables/{table_id}?seat={tokens[seat]}").json()["legal"]
                            started = time.monotonic()
                            moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": tokens[seat], "version": version, "move": legal[0]})
                            assert moved.status_code == 200 and moved.json()["error"] is None, moved.text
                            assert watching.wait_for(version + 2, seconds=5)[-1]["table"]["version"] == version + 1
                            assert time.monotonic() - started < 1.0
                        assert watching.ids == list(range(6))
                        assert all(view["you"] == 1 for view in watching.states)
                    finally:
                        watching.close()
    finally:
        for store in stores:
            store.close()


def test_opening_tables_is_bounded_per_address(lexicon_dir: Path) -> None:
    """Each table is a row kept in the store: a loop of openings gets 429 with Retry-After, not a full disk."""
    with BackgroundServer(create_app(str(lexicon_dir), Limits(tables_per_client_hour=3))) as server:
        with httpx.Client(base_url=server, timeout=30) as client:
            for _ in range(3):
                _new(client)
            refused = client.post("/api/tables", json={"board": BOARD})
            assert refused.status_code == 429 and refused.json()["detail"]["reason"] == "too_many_tables"
            assert 3500 <= int(refused.headers["retry-after"]) <= 3601


def test_the_rate_limit_window_slides() -> None:
    from overturn.service.ratelimit import RateLimit

    limit = RateLimit(2, 10.0)
    assert limit.allow("a", 0.0) == 0 and limit.allow("a", 1.0) == 0
    assert limit.allow("a", 2.0) == pytest.approx(8.0)  # the first event leaves the window at 10 s
    assert limit.allow("b", 2.0) == 0  # another address has its own budget
    assert limit.allow("a", 10.5) == 0


@pytest.mark.parametrize(
    "target",
    [
        "/api/tables/abc/events?seat=SECRET&last=3",
        "/boardgame?table=abc&%73eat=SECRET",  # the server decodes the name: so must the log
        "/?table=abc&SEAT=SECRET",
        "/api/tables/abc?creator=SECRET;seat%5B%5D=SECRET",
        "/?invite=SECRET&table=abc",
    ],
)
def test_seat_tokens_never_reach_the_access_log(target: str) -> None:
    import logging

    from overturn.service.server import SeatTokenRedaction

    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d', ("127.0.0.1:5", "GET", target, "1.1", 200), None)
    SeatTokenRedaction().filter(record)
    assert "SECRET" not in record.getMessage()
    assert "abc" in record.getMessage()  # the table stays named: only the secrets are blanked
    if "last=3" in target:
        assert "seat=…&last=3" in record.getMessage()
