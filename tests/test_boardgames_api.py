"""Board games at the shared table over HTTP: Overload, offboard and Insider held by the server.

A real uvicorn on loopback. The hidden-hand test reads every answer and every
server-sent event sent to each Insider seat over the first moves of a seeded
game and finds no other seat's card in any of them: what crosses the wire is
what the views hold, and the views' privacy over whole games, table chance
included, is held in-process by tests/test_table_conformance.py.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.insider.playout import _progress, action_kind
from overturn.referees.offboard.state import computer_move, format_move
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer
from overturn.table.games import new_board_table

HEARTBEAT = 0.3
#: An Insider seed whose game, with ``insider_policy``, ends in 740 actions (the referee's own playout takes ~2,000).
INSIDER_SEED = 36
#: Actions of the end-to-end hidden-hand test: every seat draws, meets and plays cards within them.
PRIVACY_ACTIONS = 150


def insider_policy(state: Any, rng: random.Random) -> str:
    """The playout's choice, hurried: most often an action that brings a pawn nearer the INSIDER or seats it."""
    actions = state.legal_actions()
    if rng.random() < 0.85:
        hurried = [action for action in actions if _progress(state, action)]
        if hurried:
            return str(rng.choice(hurried))
    kinds: dict[str, list[str]] = {}
    for action in actions:
        kinds.setdefault(action_kind(action), []).append(action)
    return str(rng.choice(kinds[rng.choice(sorted(kinds))]))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    lexicon = write_build(tmp_path_factory.mktemp("boardapi") / "small", {"ETE": [Entry("ete", "ete", "N")]}, {"name": "small"})
    with BackgroundServer(create_app(str(lexicon), Limits(stream_heartbeat=HEARTBEAT, max_streams_per_client=8), allow_seeds=True)) as url:
        yield url


@pytest.fixture
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as http:
        yield http


def _new(client: httpx.Client, **data: Any) -> dict[str, Any]:
    response = client.post("/api/boardgames", json=data)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def _move(client: httpx.Client, table_id: str, token: str, version: int, move: str) -> httpx.Response:
    return client.post(f"/api/boardgames/{table_id}/moves", json={"seat": token, "version": version, "move": move})


def test_create_show_and_links(client: httpx.Client) -> None:
    seed = 8_888_123_456_789_012  # long enough that its digits in an answer are a leak (every coming roll follows from it)
    made = _new(client, game="overload", seed=seed, seats=[{"name": "Zoé"}, {"name": "Paul"}, {}])
    table_id = made["table"]["id"]
    assert [seat["name"] for seat in made["table"]["seats"]] == ["Zoé", "Paul", "Jaune"]
    assert made["links"]["seats"][0] == f"/boardgame?table={table_id}#seat={made['tokens'][0]}"
    assert made["you"] is None and made["legal"] == [] and made["turn"] == 0
    assert "die_seed" not in json.dumps(made) and str(seed) not in json.dumps(made)
    first = client.get(f"/api/boardgames/{table_id}", params={"seat": made["tokens"][0]}).json()
    assert str(seed) not in json.dumps(first)
    assert first["you"] == 0 and first["legal"][0] == "load 0"
    other = client.get(f"/api/boardgames/{table_id}", params={"seat": made["tokens"][1]}).json()
    assert other["legal"] == []
    assert client.get(f"/api/boardgames/{table_id}", params={"seat": "nope"}).status_code == 403
    assert client.get("/api/boardgames/ABCDEFGHIJ").status_code == 404
    assert client.post("/api/boardgames", json={"game": "offboard", "players": 3}).status_code == 422
    assert client.post("/api/boardgames", json={"game": "chess"}).status_code == 422
    assert client.post("/api/boardgames", json={"game": "offboard", "options": {"layout": "/etc/passwd"}}).status_code == 422
    rules = client.get("/api/boardgames/rules/insider")
    assert rules.status_code == 200 and "INSIDER" in rules.text


def test_refusal_in_french_stale_and_not_your_turn(client: httpx.Client) -> None:
    made = _new(client, game="offboard", seats=[{"name": "A"}, {"name": "B"}])
    table_id, tokens = made["table"]["id"], made["tokens"]
    refused = _move(client, table_id, tokens[0], 0, "A1-A9")
    assert refused.status_code == 200, refused.text
    body = refused.json()
    assert body["result"] is None and body["error"]["rule"] and body["error"]["message"]
    assert body["state"]["table"]["version"] == 0
    mine = client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[0]}).json()
    legal = mine["legal"]
    assert set(mine["previews"]) == set(legal) and all("bille" in text for text in mine["previews"].values())
    assert "previews" not in client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[1]}).json()
    played = _move(client, table_id, tokens[0], 0, legal[0])
    assert played.status_code == 200 and played.json()["result"]["move"] == legal[0]
    assert played.json()["state"]["table"]["version"] == 1
    stale = _move(client, table_id, tokens[1], 0, "anything")
    assert stale.status_code == 409 and stale.json()["detail"]["reason"] == "stale"
    assert stale.json()["detail"]["state"]["table"]["version"] == 1
    turn = _move(client, table_id, tokens[0], 1, legal[0])
    assert turn.status_code == 409 and turn.json()["detail"]["reason"] == "not_your_turn"
    watcher = client.post(f"/api/boardgames/{table_id}/moves", json={"version": 1, "move": "x"})
    assert watcher.status_code == 403


def test_overload_seeded_die_refuses_a_typed_face_and_table_dice_takes_it(client: httpx.Client) -> None:
    made = _new(client, game="overload", seed=1, seats=[{}, {}, {}])
    table_id, token = made["table"]["id"], made["tokens"][0]
    body = _move(client, table_id, token, 0, "load 2 roll 5").json()
    assert body["error"]["rule"] == "seeded-chance" and "dé" in body["error"]["message"]
    assert _move(client, table_id, token, 0, "load 2").json()["state"]["legal"] == ["roll"]
    rolled = _move(client, table_id, token, 1, "roll").json()
    assert rolled["error"] is None and rolled["state"]["table"]["version"] == 2
    dice = _new(client, game="overload", seed=1, seats=[{}, {}, {}], options={"table_dice": True})
    table_id, token = dice["table"]["id"], dice["tokens"][0]
    _move(client, table_id, token, 0, "load 1")
    state = client.get(f"/api/boardgames/{table_id}", params={"seat": token}).json()
    assert state["legal"] == [f"roll {face}" for face in range(1, 9)]
    assert _move(client, table_id, token, 1, "roll 4").json()["error"] is None


class _Stream(threading.Thread):
    """Reads every event a seat's stream sends until told to stop."""

    def __init__(self, url: str, params: dict[str, str]) -> None:
        super().__init__(daemon=True)
        self.url, self.params = url, params
        self.messages: list[dict[str, Any]] = []
        self.stop = False
        self.ready = threading.Event()

    def run(self) -> None:
        with httpx.Client(timeout=httpx.Timeout(30, read=60)) as http, http.stream("GET", self.url, params=self.params) as response:
            self.ready.set()
            kind = ""
            for line in response.iter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                if line.startswith("data: ") and kind == "state":  # the heartbeats say nothing of the table
                    self.messages.append(json.loads(line[6:]))
                if self.stop:
                    return


def _no_foreign_card(message: Any, seat: int | None, hands: list[dict[str, int]] | None) -> None:
    """Nothing in ``message`` names a card of a hand other than ``seat``'s."""
    text = json.dumps(message)
    for banned in ('"hands"', '"seed"', '"save"', '"history"', '"deck": {'):
        assert banned not in text, banned
    assert not re.search(r"\b(" + "|".join(CARD_TYPES) + r"):\d", text)  # the referee's drawing with hands shows 'heli:2'

    def walk(value: Any, top: bool) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "hand":
                    assert top, "a hand below the top of the view"
                    if seat is None:
                        assert inner is None
                    elif hands is not None:
                        assert inner == {card: count for card, count in hands[seat].items() if count}
                walk(inner, top and key == "state")
        elif isinstance(value, list):
            for inner in value:
                walk(inner, False)

    walk(message, True)
    state = message.get("state", message) if isinstance(message, dict) else message
    for entry in state.get("moves", []) if isinstance(state, dict) else []:
        words = entry["move"].split()
        if entry["seat"] != seat and words and words[0] in ("card", "steal", "swap"):
            assert words[1:] == ["?"], entry


def test_insider_hidden_hands_in_every_answer_and_event(server: str, client: httpx.Client) -> None:
    made = _new(client, game="insider", seed=INSIDER_SEED, seats=[{"name": "A"}, {"name": "B"}, {"name": "C"}])
    table_id, tokens = made["table"]["id"], made["tokens"]
    mirror = new_board_table("insider", 3, INSIDER_SEED, {})
    received: dict[int | None, list[Any]] = {0: [], 1: [], 2: [], None: []}
    received[None].append(made)
    streams = {seat: _Stream(f"{server}/api/boardgames/{table_id}/events", {"seat": tokens[seat]} if seat is not None else {}) for seat in (0, 1, 2, None)}
    for stream in streams.values():
        stream.start()
        assert stream.ready.wait(10)
    rng = random.Random(INSIDER_SEED)
    version = 0
    while not mirror.is_over() and version < PRIVACY_ACTIONS:
        seat = mirror.seat_to_move()
        assert seat is not None
        move = insider_policy(mirror.game, rng)
        for reader in (0, 1, 2):
            if version % 25 == 0 or reader == seat:
                answer = client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[reader]}).json()
                received[reader].append(answer)
                if reader == seat:
                    assert move in answer["legal"]
        response = _move(client, table_id, tokens[seat], version, move)
        assert response.status_code == 200, response.text
        assert response.json()["error"] is None, response.json()["error"]
        received[seat].append(response.json())
        assert not isinstance(mirror.judge(seat, move), type(None))
        version += 1
        received[seat][-1]["_hands"] = [dict(hand) for hand in mirror.game.hands]
    final = client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[0]}).json()
    assert final["table"]["version"] == version == PRIVACY_ACTIONS and final["events"] == mirror.public_view()["events"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not all(s.messages and s.messages[-1]["table"]["version"] == version for s in streams.values()):
        time.sleep(0.1)
    for stream in streams.values():
        stream.stop = True
    for seat, stream in streams.items():
        received[seat].extend(stream.messages)
        assert stream.messages, f"seat {seat} heard nothing live"
    for seat, messages in received.items():
        for message in messages:
            hands = message.pop("_hands", None) if isinstance(message, dict) else None
            _no_foreign_card(message, seat, hands)
    # a seat's own hand is there, and live: the last event each seat heard is the final table
    for seat in (0, 1, 2):
        last = streams[seat].messages[-1]
        assert last["hand"] == {card: count for card, count in mirror.game.hands[seat].items() if count}
        assert last["hand_counts"] == [mirror.game.hand_size(player) for player in range(3)]


def test_offboard_whole_game_to_the_winner(client: httpx.Client) -> None:
    made = _new(client, game="offboard", seats=[{}, {}])
    table_id, tokens = made["table"]["id"], made["tokens"]
    mirror = new_board_table("offboard", 2, 0, {})
    rng = random.Random(2)
    version = 0
    while not mirror.is_over():
        seat = mirror.seat_to_move()
        assert seat is not None
        move = format_move(computer_move(mirror.game, rng))
        assert _move(client, table_id, tokens[seat], version, move).json()["error"] is None
        mirror.judge(seat, move)
        version += 1
    final = client.get(f"/api/boardgames/{table_id}").json()
    assert final["over"] and final["winners"] == mirror.winners() and final["scores"] == mirror.public_view()["scores"]


def test_insider_bodyguard_answer_is_asked_on_the_victims_seat_and_times_out(client: httpx.Client) -> None:
    """A starred card asks the victim's seat (and only it) for 'guard N' or 'pass'; with guard_seconds, the server
    answers 'pass' for it once the time is up, and every reader hears it."""
    made = _new(client, game="insider", seed=INSIDER_SEED, seats=[{}, {}], options={"guard_seconds": 5})
    table_id, tokens = made["table"]["id"], made["tokens"]
    mirror = new_board_table("insider", 2, INSIDER_SEED, {"guard_seconds": 5})
    rng = random.Random(INSIDER_SEED)
    version = 0
    while not mirror.rules.waits_on_clock(mirror.game):
        seat = mirror.seat_to_move()
        assert seat is not None
        move = insider_policy(mirror.game, rng)
        assert _move(client, table_id, tokens[seat], version, move).json()["error"] is None
        mirror.judge(seat, move)
        version += 1
    victim = mirror.seat_to_move()
    assert victim is not None
    asked = client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[victim]}).json()
    assert asked["question"] == "guard" and asked["guard"]["seconds"] == 5 and "pass" in asked["legal"]
    assert client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[1 - victim]}).json()["legal"] == []
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        now = client.get(f"/api/boardgames/{table_id}").json()
        if now["table"]["version"] > version:
            break
        time.sleep(0.25)
    assert now["table"]["version"] == version + 1
    last = now["moves"][-1]
    assert last["seat"] == victim and last["move"] == "pass" and last["effects"][0].startswith("temps écoulé")
    mirror.judge(victim, "pass")
    assert now["board_text"] == mirror.public_view()["board_text"]


def test_one_router_serves_every_game_under_both_paths(client: httpx.Client) -> None:
    """One store and one router hold both kinds of table: /api/tables and its /api/boardgames alias open either,
    each with its own game's view; a move in the other game's shape is refused naming the field it lacks."""
    made = _new(client, game="offboard", players=2)
    board_game, board_token = made["table"]["id"], made["tokens"][made["turn"]]
    made = client.post("/api/tables", json={"seed": 7}).json()
    overturn, overturn_token = made["table"]["id"], made["tokens"][0]
    for family in ("tables", "boardgames"):
        assert client.get(f"/api/{family}/{board_game}").json()["game"] == "offboard"
        assert "faces" in client.get(f"/api/{family}/{overturn}").json()
    moved = client.post(f"/api/tables/{board_game}/moves", json={"seat": board_token, "version": 0, "action": {"kind": "pass", "cell": [0, 0]}})
    assert moved.status_code == 400 and moved.json()["detail"]["field"] == "action"
    moved = client.post(f"/api/boardgames/{overturn}/moves", json={"seat": overturn_token, "version": 0, "move": "a1"})
    assert moved.status_code == 400 and moved.json()["detail"]["field"] == "move"
    for table in (board_game, overturn):  # the refused requests left both tables as they were
        assert client.get(f"/api/tables/{table}").json()["table"]["version"] == 0
    assert client.get("/api/tables/no-such-table-here").json()["detail"]["reason"] == "no_such_table"


def test_the_bodyguard_deadline_outlives_a_server_restart(tmp_path: Any) -> None:
    """The answer's deadline is stored with the table: a server started on the same store after the first one stopped
    plays the timed-out 'pass' when the deadline comes, as the first would have, though no phone reads the table
    (it resumes the clocks of recently active tables at start)."""
    from overturn.table.sqlite_store import SQLiteStore

    lexicon = write_build(tmp_path / "small", {"ETE": [Entry("ete", "ete", "N")]}, {"name": "small"})
    store_path = tmp_path / "tables.sqlite3"
    mirror = new_board_table("insider", 2, INSIDER_SEED, {"guard_seconds": 5})
    rng = random.Random(INSIDER_SEED)
    with BackgroundServer(create_app(str(lexicon), Limits(stream_heartbeat=HEARTBEAT), tables=SQLiteStore(store_path), allow_seeds=True)) as url:
        with httpx.Client(base_url=url, timeout=30) as first:
            made = _new(first, game="insider", seed=INSIDER_SEED, seats=[{}, {}], options={"guard_seconds": 5})
            table_id, tokens = made["table"]["id"], made["tokens"]
            version = 0
            while not mirror.rules.waits_on_clock(mirror.game):
                seat = mirror.seat_to_move()
                assert seat is not None
                move = insider_policy(mirror.game, rng)
                assert _move(first, table_id, tokens[seat], version, move).json()["error"] is None
                mirror.judge(seat, move)
                version += 1
            asked = first.get(f"/api/boardgames/{table_id}").json()
            deadline = asked["guard"]["deadline"]
            assert deadline is not None and 0 < deadline - time.time() <= 5
    # the first server is gone before the deadline; the second plays it by its own clock, with no phone reading the table
    assert time.time() < deadline
    store = SQLiteStore(store_path)
    with BackgroundServer(create_app(str(lexicon), Limits(stream_heartbeat=HEARTBEAT), tables=store, allow_seeds=True)) as url:
        while time.time() < deadline + 5 and store.get(table_id).version == version:
            time.sleep(0.1)
        assert store.get(table_id).version == version + 1, "the restarted server did not time the answer out by itself"
        assert time.time() >= deadline - 0.5  # not before the stored deadline
        with httpx.Client(base_url=url, timeout=30) as second:
            now = second.get(f"/api/boardgames/{table_id}").json()
            assert now["moves"][-1]["move"] == "pass" and now["moves"][-1]["effects"][0].startswith("temps écoulé")


def _at_a_steal(seed: int) -> Any:
    """A three-seat Insider table rolling its own dice, played at random until a pawn takes a card from another's hand."""
    from overturn.table.games import new_board_table

    rng = random.Random(seed)
    table = new_board_table("insider", 3, seed, {"table_dice": True})
    for _ in range(5000):
        if table.game.pending and table.game.pending[-1]["kind"] == "steal":
            return table
        seat = table.seat_to_move()
        assert seat is not None, "the game ended before any steal"
        table.judge(seat, rng.choice(table.legal_moves()))
    raise AssertionError("no steal within 5,000 moves")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_steal_takes_a_card_the_thief_cannot_see(seed: int) -> None:
    """At a table rolling its own dice the thief typed the card to take, and each type the victim lacked was refused:
    the refusals told the hand and the thief chose. Now one tap, 'steal', whatever is typed after it: the server draws
    blind from the victim's hand, so every spelling is accepted and takes a card the victim held."""
    from overturn.table.board_seating import BoardTable
    from overturn.table.games import BOARDS

    table = _at_a_steal(seed)
    assert table.legal_moves() == ["steal"]
    thief, victim = table.game.current, table.game.pending[-1]["victims"][0]
    held = {card for card, count in table.game.hands[victim].items() if count}
    taken: set[str] = set()
    for typed in ["steal", *(f"steal {card}" for card in CARD_TYPES)] * 8:
        copy = BoardTable.load(BOARDS["insider"], table.dump())
        before = dict(copy.game.hands[victim])
        entry = copy.judge(thief, typed)
        assert not hasattr(entry, "rule"), (typed, entry)  # never refused: a refusal would name what the hand lacks
        lost = [card for card in CARD_TYPES if copy.game.hands[victim][card] == before[card] - 1]
        assert len(lost) == 1 and lost[0] in held and copy.game.hands[thief][lost[0]] == table.game.hands[thief][lost[0]] + 1
        assert entry.private and entry.move == f"steal {lost[0]}"  # the thief alone reads what it took
        taken.add(lost[0])
    assert len(held) == 1 or len(taken) > 1  # drawn, not chosen by what was typed
