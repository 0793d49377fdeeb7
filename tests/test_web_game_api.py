"""The game endpoints the table page uses (overturn/service/routers/game.py): a stateless server, the game carried by the client.

Each answer is cross-checked against the same moves made on a ``Game`` in
process, so the endpoints cannot drift from the model the CLI uses.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from overturn.game.board import Board
from overturn.game.computer import LEVELS
from overturn.game.state import Game, PassMove, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "ALLEZ", "MAISON", "SAC", "CASE", "ETE"]


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("gameapi") / "small", table, {"name": "small"})


@pytest.fixture(scope="module")
def client(lexicon_dir: Path) -> Iterator[httpx.Client]:
    with BackgroundServer(create_app(str(lexicon_dir), Limits(max_body_bytes=64 * 1024))) as url:
        with httpx.Client(base_url=url, timeout=30) as http:
            yield http


def _post(client: httpx.Client, action: str, **data: Any) -> dict[str, Any]:
    response = client.post(f"/api/game/{action}", json=data)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def _local(lexicon_dir: Path) -> Game:
    return Game.from_board(Board.parse(BOARD), "reuse", "small", load_lexicon(str(lexicon_dir)))


def test_a_game_played_over_http_matches_the_model(client: httpx.Client, lexicon_dir: Path) -> None:
    state = _post(client, "new", board=BOARD)
    local = _local(lexicon_dir)
    assert state["game"] == local.to_json()
    assert state["result"] == {"scores": [0, 0], "over": False, "turn": 0, "winners": []}
    assert state["has_next_layer"] is False and state["levels"] == list(LEVELS)  # the page offers every level

    answer = _post(client, "play", game=state["game"], word="accès")
    local.push(WordMove("ACCES"))
    assert answer["verdict"]["legal"] and answer["verdict"]["swing"] == 4
    assert answer["game"] == local.to_json()
    assert answer["result"]["scores"][0] == 4 and answer["result"]["turn"] == 1

    again = _post(client, "play", game=answer["game"], word="ACCES")
    assert again["verdict"]["reason"] == "already_played" and again["game"] == answer["game"]

    path = [[3, 4], [2, 1]]  # not adjacent: refused, game unchanged
    refused = _post(client, "play", game=answer["game"], word="SO", path=path)
    assert not refused["verdict"]["legal"] and refused["game"] == answer["game"]

    undone = _post(client, "undo", game=answer["game"])
    assert undone["game"] == _local(lexicon_dir).to_json()


def test_pass_moves_and_the_end_of_the_game(client: httpx.Client, lexicon_dir: Path) -> None:
    state = _post(client, "new", board=BOARD, ending="passes")  # the older ending: two passes end the game
    local = _local(lexicon_dir)
    local.ending = "passes"
    moves = _post(client, "moves", game=state["game"], limit=3)
    expected = [ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove)]
    assert moves["count"] == len(expected) > 3
    assert [move["word"] for move in moves["moves"]] == [ranked.move.word for ranked in expected[:3]]

    green = _post(client, "pass", game=state["game"], cell=0)  # a cell by its number, as the answers give it
    assert green["verdict"]["legal"] and green["result"]["scores"][1] == 1
    taken = _post(client, "pass", game=green["game"], cell=[0, 0])  # or [row, col], as older clients send
    assert taken["verdict"]["reason"] == "cell_not_new" and taken["game"] == green["game"]
    wrong = _post(client, "pass", game=green["game"], cell=[0, 1], player="green")
    assert wrong["verdict"]["reason"] == "wrong_player"
    silver = _post(client, "pass", game=green["game"], cell=[0, 1])
    local.push(PassMove(0))
    local.push(PassMove(1))
    assert silver["game"] == local.to_json()
    assert silver["result"] == {"scores": [1, 1], "over": True, "turn": None, "winners": [0, 1]}
    over = _post(client, "play", game=silver["game"], word="ACCES")
    assert over["verdict"]["reason"] == "game_over"


def test_seeded_deal_next_layer_and_computer(client: httpx.Client) -> None:
    state = _post(client, "new", seed=7, mode="advanced")
    local = Game.new(7, "advanced", "small")
    assert state["game"] == local.to_json() and state["has_next_layer"]
    assert [face for row in state["faces"] for face in row] == list(local.board.faces)
    second = _post(client, "next-layer", game=state["game"])
    assert second["game"]["layer"] == 1 and second["game"]["seed"] == 7
    third = _post(client, "next-layer", game=second["game"])
    assert third["game"]["layer"] == 0 and third["game"]["seed"] != 7

    board = _post(client, "new", board=BOARD)
    moved = _post(client, "computer", game=board["game"], level=2, seed=1)
    assert moved["move"]["kind"] == "word" and moved["result"]["scores"][0] == moved["move"]["swing"]
    assert moved["result"]["turn"] == 1


@pytest.mark.parametrize(
    ("action", "data", "carries_game", "status", "field"),
    [
        ("new", {"board": "ABC"}, False, 422, "board"),
        ("new", {"mode": "chess"}, False, 422, "mode"),
        ("new", {"mode": ["reuse"]}, False, 422, "mode"),  # was a 500 (unhashable), found by the schema fuzzing
        ("new", {"board": ""}, False, 400, "board"),
        ("new", {"seed": -1}, False, 422, "seed"),
        ("play", {"word": "ACCES"}, False, 400, "game"),
        ("play", {"game": {"format": "overturn-game"}, "word": "ACCES"}, False, 422, "game"),
        ("play", {"word": "ACCES", "player": "blue"}, True, 422, "player"),
        ("pass", {"cell": [9, 9]}, True, 422, "cell"),
        ("pass", {"cell": 36}, True, 422, "cell"),
        ("pass", {"cell": "A1"}, True, 400, "cell"),
        ("play", {"word": "SO", "path": [0, [0, 1]]}, True, 422, "path"),  # the two shapes mixed
        ("play", {"word": "SO", "path": [0, -1]}, True, 422, "path"),
        ("pass", {}, True, 400, "cell"),
        ("undo", {}, True, 422, "game"),
        ("computer", {"level": 9}, True, 422, "level"),
    ],
)
def test_bad_requests_are_clear_json_errors(
    client: httpx.Client, lexicon_dir: Path, action: str, data: dict[str, Any], carries_game: bool, status: int, field: str
) -> None:
    body = {"game": _local(lexicon_dir).to_json(), **data} if carries_game else data
    response = client.post(f"/api/game/{action}", json=body)
    assert response.status_code == status, response.text
    assert response.json()["detail"]["field"] == field


def test_a_typed_board_has_no_next_layer(client: httpx.Client) -> None:
    state = _post(client, "new", board=BOARD)
    response = client.post("/api/game/next-layer", json={"game": state["game"]})
    assert response.status_code == 422 and response.json()["detail"]["reason"] == "no_next_layer"


def test_a_tampered_game_is_refused_with_the_field(client: httpx.Client) -> None:
    state = _post(client, "new", board=BOARD)
    played = _post(client, "play", game=state["game"], word="ACCES")["game"]
    played["rings"][0] = "green"
    response = client.post("/api/game/play", json={"game": played, "word": "SOU"})
    assert response.status_code == 422 and "rings: cell A1" in response.json()["error"]


def test_manifest_and_service_worker_are_served(client: httpx.Client) -> None:
    page = client.get("/").text
    linked = re.search(r'rel="manifest" href="(/static/[0-9a-f]{12}/manifest.webmanifest)"', page)
    assert linked is not None, "the page links its manifest under the static files' version"
    manifest = client.get(linked.group(1))
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
    cached = re.search(r"const FILES = (\[.*?\]);", worker.text)
    assert cached is not None
    for path in json.loads(cached.group(1)):  # every file the worker caches at install exists
        assert client.get(path).status_code == 200, path


def test_every_seed_the_api_deals_gives_a_game_it_can_read_back(client: httpx.Client) -> None:
    """A seed beyond the game file's range would deal a board whose game every later request refuses."""
    from overturn.game.board import MAX_SEED

    game = _post(client, "new", seed=MAX_SEED)["game"]
    assert _post(client, "moves", game=game)["count"] > 0
    for action, endpoint in (("new", "/api/game/new"), ("deal", "/api/deal")):
        response = client.post(endpoint, json={"seed": MAX_SEED + 1}) if action == "new" else client.get(endpoint, params={"seed": MAX_SEED + 1})
        assert response.status_code == 422, (action, response.text)
        assert "seed" in response.text


def test_mutated_games_sent_to_every_game_endpoint_never_answer_5xx(client: httpx.Client) -> None:
    """The game travels in each request, so a hostile client controls all of it: mutated games get 4xx, never 5xx."""
    from json_mutations import mutants

    state = _post(client, "new", board=BOARD)
    best = _post(client, "moves", game=state["game"])["moves"][0]
    state = _post(client, "play", game=state["game"], word=best["word"], path=best["path"])
    state = _post(client, "pass", game=state["game"], cell=[0, 0])
    answers: Counter[int] = Counter()
    endpoints = (  # each endpoint with the rest of a plausible body; moves both lists and only counts (limit 0)
        ("play", b',"word":"ROI"'), ("pass", b',"cell":[0,0]'), ("undo", b""), ("moves", b""), ("moves", b',"limit":0'),
        ("next-layer", b""), ("computer", b',"level":1,"seed":1'),
    )
    for index, mutant in enumerate(mutants(state["game"], seed=11, count=int(os.environ.get("OVERTURN_FUZZ_CASES", 240)))):
        action, extra = endpoints[index % len(endpoints)]
        body = b'{"game":' + mutant.payload + extra + b"}"
        response = client.post(f"/api/game/{action}", content=body, headers={"Content-Type": "application/json"})
        answers[response.status_code] += 1
        assert response.status_code < 500, (mutant.kind, mutant.where, action, response.text[:300])
        assert response.headers["content-type"].startswith("application/json"), (mutant.kind, action)
    assert answers[200] and sum(count for status, count in answers.items() if 400 <= status < 500) > 100, answers
