"""A fair table: the creator turns the helps off (``helps: false``); its seats and watchers are then refused them.

In process (Starlette's test client): the option stored with the table and shown in every view, the table's helps
endpoint answering a seat of a table with helps and refusing a fair table's seats, a watcher refused while the game
is live, and the seat that dealt the next layer named in every view.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "MAISON", "SAC", "CASE", "ETE"]


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("fair") / "small", table, {"name": "small"})


@pytest.fixture
def client(lexicon_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(lexicon_dir))) as test_client:
        yield test_client


def _new(client: TestClient, **data: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"board": BOARD, **data})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def _helps(client: TestClient, table: dict[str, Any], token: str | None, limit: int | None = None) -> Any:
    params = {key: value for key, value in (("seat", token), ("limit", limit)) if value is not None}
    return client.get(f"/api/tables/{table['table']['id']}/helps", params=params)


def test_a_table_with_helps_answers_its_seats_as_the_game_endpoint_does(client: TestClient, lexicon_dir: Path) -> None:
    created = _new(client)
    assert created["table"]["helps"] is True
    local = Game.from_board(Board.parse(BOARD), "reuse", "small", load_lexicon(str(lexicon_dir)), "position")
    words = [ranked.move.word for ranked in local.legal_moves() if isinstance(ranked.move, WordMove)]
    answer = _helps(client, created, created["tokens"][1])
    assert answer.status_code == 200, answer.text
    assert answer.json()["count"] == len(words) and [move["word"] for move in answer.json()["moves"]] == words
    counted = _helps(client, created, created["tokens"][0], limit=0).json()
    assert counted == {"count": len(words), "truncated": True, "moves": []}  # the game endpoint's shape: the count is complete
    watched = _helps(client, created, None)
    assert watched.status_code == 403 and watched.json()["detail"]["reason"] == "helps_watcher"  # the game is live


def test_a_fair_table_refuses_helps_to_its_seats_and_watchers_and_says_so_in_every_view(client: TestClient) -> None:
    created = _new(client, helps=False, seats=[{"name": "Zoé"}, {"name": "Ali"}])
    table_id = created["table"]["id"]
    for token in [*created["tokens"], None]:
        view = client.get(f"/api/tables/{table_id}", params={"seat": token} if token else {}).json()
        assert view["table"]["helps"] is False
        refused = _helps(client, created, token)
        assert refused.status_code == 403, refused.text
        assert refused.json()["detail"]["reason"] == "helps_off"
        assert _helps(client, created, token, limit=0).status_code == 403  # not even the pass warning's count
    assert _helps(client, created, "not-a-seat").status_code == 403
    # the option is stored with the table: a move (a reload from the store) keeps it
    moved = client.post(f"/api/tables/{table_id}/moves", json={"seat": created["tokens"][0], "version": 0, "action": {"kind": "word", "word": "ACCES"}})
    assert moved.status_code == 200 and moved.json()["table"]["helps"] is False


def test_the_next_layer_names_the_seat_that_dealt_it(client: TestClient) -> None:
    created = _new(client, seed=7, board=None, seats=[{"name": "Zoé"}, {"name": "Ali"}])
    assert created["table"]["layer_started_by"] is None
    state = created
    while not state["result"]["over"]:  # this small lexicon leaves hardly a word: passes end the layer
        seat = state["table"]["turn"]
        moves = _helps(client, created, created["tokens"][seat]).json()["moves"]
        cols = len(state["faces"][0])
        action = {"kind": "word", "word": moves[0]["word"]} if moves else {"kind": "pass", "cell": divmod(state["game"]["rings"].index(None), cols)}
        state = client.post(f"/api/tables/{created['table']['id']}/moves", json={"seat": created["tokens"][seat], "version": state["table"]["version"], "action": action}).json()
    assert _helps(client, created, None, limit=0).status_code == 200  # a watcher may look once the layer is over
    dealt = client.post(f"/api/tables/{created['table']['id']}/moves", json={"seat": created["tokens"][1], "version": state["table"]["version"], "action": {"kind": "next-layer"}})
    assert dealt.status_code == 200, dealt.text
    assert dealt.json()["table"]["layer_started_by"] == 1
    watched = client.get(f"/api/tables/{created['table']['id']}").json()
    assert watched["table"]["layer_started_by"] == 1 and watched["game"]["layer"] == 1


def test_a_fair_table_offers_no_close_words_for_a_refused_word(client: TestClient) -> None:
    """The page says « ni dictionnaire » at a fair table: a word not in the lexicon is refused without its close words
    (in the verdict or its message), where a table with helps offers them as the dictionary does."""
    for helps, offered in ((True, True), (False, False)):
        created = _new(client, helps=helps)
        moved = client.post(f"/api/tables/{created['table']['id']}/moves", json={"seat": created["tokens"][0], "version": 0, "action": {"kind": "word", "word": "SOUE"}})
        assert moved.status_code == 200, moved.text
        verdict = moved.json()["verdict"]
        assert verdict["legal"] is False and verdict["reason"] == "not_in_lexicon"
        assert bool(verdict["suggestions"]) is offered and ("SOUS" in verdict["message"]) is offered, verdict
