"""The HTTP service over real HTTP: uvicorn on a free loopback port, a small lexicon built here."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from overturn.game.board import Board
from overturn.game.state import Game
from overturn.lexicon.compiled import write_build
from overturn.lexicon.registry import LexiconError, load_lexicon
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
ON_BOARD = {"ACCES", "TOUS", "SOU", "OSE", "ALEXIE", "ALLEZ", "SOUS"}
SLOW_KEY = "G" * 40  # not on the board; a catastrophic pattern like (G|GG)+B backtracks on it for ever

TABLE: dict[str, list[Entry]] = {
    "ACCES": [Entry("accès", "accès", "N")],
    "TOUS": [Entry("tous", "tous", "PRO"), Entry("tous", "tout", "DET")],
    "SOU": [Entry("sou", "sou", "N")],
    "SOUS": [Entry("sous", "sous", "PREP"), Entry("sous", "sou", "N")],
    "SOUPE": [Entry("soupe", "soupe", "N")],
    "SOUCI": [Entry("souci", "souci", "N")],
    "OSE": [Entry("osé", "osé", "A"), Entry("ose", "oser", "V")],
    "ALEXIE": [Entry("alexie", "alexie", "N")],
    "ALLEZ": [Entry("allez", "aller", "V")],
    "ETE": [Entry("été", "été", "N"), Entry("été", "être", "V")],
    "PECHE": [Entry("pêche", "pêche", "N"), Entry("péché", "péché", "N")],
    "MAISON": [Entry("maison", "maison", "N")],
    "CHIEN": [Entry("chien", "chien", "N")],
    "NICHE": [Entry("niche", "niche", "N")],
    SLOW_KEY: [Entry(SLOW_KEY.lower(), SLOW_KEY.lower(), "N")],
}

JSON = {"content-type": "application/json"}
LIMITS = Limits(max_body_bytes=4096, max_results=50, pattern_timeout=0.3, search_timeout=3.0, solve_timeout=20.0)


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_build(tmp_path_factory.mktemp("service") / "small", TABLE, {"name": "small", "description": "test words"})


@pytest.fixture(scope="module")
def base(lexicon_dir: Path) -> Iterator[str]:
    with BackgroundServer(create_app(str(lexicon_dir), LIMITS)) as url:
        yield url


@pytest.fixture(scope="module")
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=30) as session:
        yield session


def assert_error(response: httpx.Response, status: int, fragment: str) -> dict[str, object]:
    """A 4xx answer is JSON with a message a person can act on."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "detail"}
    assert fragment in body["error"], body
    return body


def spells(faces: list[list[str]], path: list[int], word: str, readings: dict[str, str]) -> bool:
    """Whether ``path`` (cell numbers, as every answer gives it) is a chain of neighbours (or repeats) whose faces read ``word``."""
    assert all(isinstance(cell, int) for cell in path), path
    cells = [divmod(cell, len(faces[0])) for cell in path]
    for (r1, c1), (r2, c2) in zip(cells, cells[1:]):
        if max(abs(r1 - r2), abs(c1 - c2)) > 1:
            return False
    return "".join(readings.get(faces[r][c], faces[r][c]) for r, c in cells) == word


# ----- health, schema, page --------------------------------------------------------------


def test_health_names_the_lexicon(client: httpx.Client) -> None:
    body = client.get("/health").json()
    assert body["status"] == "ok"
    assert body["lexicon"] == "small"
    assert body["words"] == len(TABLE)


def test_lexicons_lists_the_served_one(client: httpx.Client) -> None:
    rows = client.get("/api/lexicons").json()["lexicons"]
    assert rows == [{"name": "small", "words": len(TABLE), "description": "test words", "default": True}]


def test_openapi_schema_lists_every_endpoint(client: httpx.Client) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["openapi"] == "3.1.0"
    assert set(schema["paths"]) == {
        "/health", "/openapi.json", "/api/lexicons", "/api/words/{word}", "/api/pattern", "/api/prefix",
        "/api/anagrams", "/api/deal", "/api/solve", "/api/referee", "/api/review",
        "/api/game/new", "/api/game/play", "/api/game/pass", "/api/game/undo", "/api/game/next-layer",
        "/api/game/moves", "/api/game/computer",
        "/api/tables", "/api/tables/{table}", "/api/tables/{table}/moves", "/api/tables/{table}/events", "/api/tables/{table}/hand-over",
        "/api/hooks", "/api/plus-one", "/api/find", "/api/lists/{name}", "/api/forms", "/api/fit",
        "/api/boardgames", "/api/boardgames/rules/{game}", "/api/boardgames/{table}", "/api/boardgames/{table}/moves",
        "/api/boardgames/{table}/events", "/api/boardgames/{table}/moves/{number}", "/api/meta",
        "/api/boardgames/{table}/hand-over", "/api/tables/{table}/moves/{number}", "/api/tables/{table}/claim", "/api/boardgames/{table}/claim",
        "/api/tables/{table}/events/{stream}/ack", "/api/boardgames/{table}/events/{stream}/ack",
        "/api/tables/{table}/helps",
    }
    assert "4096 bytes" in schema["info"]["description"]


def test_page_and_its_assets_are_served(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for asset in ("app.bundle.js", "style.css"):  # named under the static files' version (tests/test_static_cache.py); app.js's modules bundled
        named = re.search(rf'"(/static/[0-9a-f]{{12}}/{re.escape(asset)})"', page.text)
        assert named is not None, asset
        assert client.get(named.group(1)).status_code == 200


def test_unknown_route_and_method_are_json_errors(client: httpx.Client) -> None:
    assert_error(client.get("/api/nothing"), 404, "no such page")
    assert_error(client.get("/static/missing.js"), 404, "no such page")
    assert_error(client.delete("/api/solve"), 405, "method")


# ----- look-ups and searches ----------------------------------------------------------------


def test_lookup_gives_accented_entries(client: httpx.Client) -> None:
    body = client.get("/api/words/été").json()
    assert body["valid"] is True
    assert body["key"] == "ETE"
    assert body["entries"] == [{"form": "été", "lemma": "été", "pos": "N"}, {"form": "été", "lemma": "être", "pos": "V"}]
    assert body["suggestions"] == []  # a word has no close words: the key is there, as in `dict lookup --json`


def test_lookup_of_a_non_word_suggests_neighbours(client: httpx.Client) -> None:
    body = client.get("/api/words/souz", params={"suggest": "true"}).json()
    assert body["valid"] is False and body["entries"] == []
    assert "SOU" in body["suggestions"] and "SOUS" in body["suggestions"]


def test_lookup_refuses_what_is_not_a_word(client: httpx.Client) -> None:
    assert_error(client.get("/api/words/abc1"), 422, "not a word of letters")
    assert_error(client.get("/api/words/" + "a" * 65), 422, "too long")
    assert_error(client.get("/api/words/abc", params={"suggest": "maybe"}), 400, "true or false")


def test_unknown_lexicon_names_the_served_ones(client: httpx.Client) -> None:
    body = assert_error(client.get("/api/words/sou", params={"lexicon": "fr"}), 422, "unknown lexicon 'fr'")
    assert body["detail"] == {"field": "lexicon", "available": ["small"]}


def test_pattern_search(client: httpx.Client) -> None:
    body = client.get("/api/pattern", params={"q": "so.*"}).json()
    assert body["words"] == ["SOU", "SOUCI", "SOUPE", "SOUS"]
    assert body["count"] == 4 and body["truncated"] is False
    assert client.get("/api/pattern", params={"q": "p[eê]che"}).json()["words"] == ["PECHE"]


def test_pattern_search_truncates_at_the_limit(client: httpx.Client) -> None:
    body = client.get("/api/pattern", params={"q": "S.*", "limit": 2}).json()
    assert body["count"] == 2 and body["truncated"] is True
    assert_error(client.get("/api/pattern", params={"q": "S.*", "limit": 51}), 422, "between 1 and 50")


def test_invalid_and_slow_patterns_are_refused_quickly(client: httpx.Client) -> None:
    assert_error(client.get("/api/pattern", params={"q": "SO(U"}), 422, "bad pattern")
    started = time.monotonic()
    slow = assert_error(client.get("/api/pattern", params={"q": "(G|GG)+B"}), 422, "")
    assert "too slow" in slow["error"] or "took more than" in slow["error"]  # the pattern's cost, named either way
    assert time.monotonic() - started < 2.5
    assert client.get("/health").status_code == 200  # the worker is free again


def test_prefix_search(client: httpx.Client) -> None:
    body = client.get("/api/prefix", params={"q": "sou", "limit": 3}).json()
    assert body["words"] == ["SOU", "SOUS", "SOUCI"]
    assert body["truncated"] is True
    assert_error(client.get("/api/prefix", params={"q": "so-"}), 422, "not a word of letters")
    assert_error(client.get("/api/prefix"), 400, "'q' is required")


def test_anagram_search(client: httpx.Client) -> None:
    assert client.get("/api/anagrams", params={"letters": "NICHE"}).json()["words"] == ["CHIEN", "NICHE"]
    assert client.get("/api/anagrams", params={"letters": "ceins?"}).json()["words"] == []
    assert client.get("/api/anagrams", params={"letters": "chie?"}).json()["words"] == ["CHIEN", "NICHE"]
    partial = client.get("/api/anagrams", params={"letters": "ousse", "partial": "true"}).json()["words"]
    assert partial == ["SOUS", "OSE", "SOU"]
    assert_error(client.get("/api/anagrams", params={"letters": "abcdefghijklmnop"}), 422, "at most 15 letters")
    assert_error(client.get("/api/anagrams", params={"letters": "ab???"}), 422, "at most 2 wildcards")


# ----- deal and solve -----------------------------------------------------------------------


def test_deal_is_reproducible_from_its_seed(client: httpx.Client) -> None:
    first = client.get("/api/deal", params={"seed": 1}).json()
    assert first == client.get("/api/deal", params={"seed": 1}).json()
    assert first["board"] == BOARD and len(first["layers"]) == 2
    assert len(first["faces"]) == 6 and all(len(row) == 6 for row in first["faces"])
    assert isinstance(client.get("/api/deal").json()["seed"], int)
    assert_error(client.get("/api/deal", params={"seed": "x"}), 400, "whole number")


def test_solve_gives_every_word_with_a_path(client: httpx.Client) -> None:
    body = client.post("/api/solve", json={"board": BOARD.replace(" / ", "\n")}).json()
    assert body["board"] == BOARD
    assert {item["word"] for item in body["words"]} == ON_BOARD
    assert body["count"] == len(ON_BOARD) and body["truncated"] is False
    assert sum(body["lengths"].values()) == body["count"]
    assert [len(item["word"]) for item in body["words"]] == sorted((len(w) for w in ON_BOARD), reverse=True)
    for item in body["words"]:  # a solve's path is cell numbers, row * cols + col
        assert spells(body["faces"], item["path"], item["word"], item["readings"]), item
    readings = {item["word"]: item["readings"] for item in body["words"]}
    assert readings["ALLEZ"] == {"ZX": "Z"} and readings["ALEXIE"] == {"ZX": "X"}


def test_solve_rule_switches_and_limit(client: httpx.Client) -> None:
    long_only = client.post("/api/solve", json={"board": BOARD, "min_length": 5}).json()
    assert {item["word"] for item in long_only["words"]} == {"ACCES", "ALEXIE", "ALLEZ"}
    assert long_only["rules"]["min_length"] == 5
    advanced = client.post("/api/solve", json={"board": BOARD, "mode": "advanced"}).json()
    assert advanced["rules"]["reuse"] is False
    assert "ACCES" not in {item["word"] for item in advanced["words"]}  # its only paths repeat the C
    for item in advanced["words"]:
        assert len(set(item["path"])) == len(item["path"])
    top = client.post("/api/solve", json={"board": BOARD, "limit": 2}).json()
    assert [item["word"] for item in top["words"]] == ["ALEXIE", "ACCES"]
    assert top["count"] == len(ON_BOARD) and top["truncated"] is True


def test_repeated_solve_is_served_from_the_cache(client: httpx.Client) -> None:
    board = BOARD.replace("AMRECD", "AMRECE")
    first = client.post("/api/solve", json={"board": board}).json()
    again = client.post("/api/solve", json={"board": board}).json()
    assert first["cached"] is False and again["cached"] is True
    assert first["words"] == again["words"]


def test_bad_boards_are_refused_with_the_row_and_column(client: httpx.Client) -> None:
    body = assert_error(client.post("/api/solve", json={"board": BOARD.replace("H[ZX]", "H1")}), 422, "row 4, column 2")
    assert body["detail"] == {"field": "board"}
    assert_error(client.post("/api/solve", json={"board": "ABC"}), 422, "has 36 faces, this text has 3")
    assert_error(client.post("/api/solve", json={"board": BOARD, "mode": "chess"}), 422, "unknown mode")
    assert_error(client.post("/api/solve", json={"board": BOARD, "min_tiles": 3}), 422, "between 1 and 2")
    assert_error(client.post("/api/solve", json={"board": BOARD, "reuse": True}), 422, "unknown field 'reuse'")  # said by mode now
    assert_error(client.post("/api/solve", json={"board": BOARD, "mode": "overturn"}), 422, "'mode' must be advanced or reuse")  # a preset
    assert_error(client.post("/api/solve", json={"board": 36}), 400, "must be a string")
    assert_error(client.post("/api/solve", json={}), 400, "'board' is required")


def test_bad_bodies_are_refused_before_parsing(client: httpx.Client) -> None:
    assert_error(client.post("/api/solve", content=b"{not json", headers=JSON), 400, "not valid JSON")
    assert_error(client.post("/api/solve", content=b"\xff\xfe", headers=JSON), 400, "not valid JSON")
    assert_error(client.post("/api/solve", json=[BOARD]), 400, "JSON object")
    assert_error(client.post("/api/solve", content=b"", headers=JSON), 400, "needs a JSON object")
    big = json.dumps({"board": BOARD, "pad": "x" * 5000}).encode()
    assert_error(client.post("/api/solve", content=big, headers=JSON), 413, "larger than 4096 bytes")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit is counted as the body arrives
        yield b'{"board": "'
        for _ in range(100):
            yield b"x" * 100

    assert_error(client.post("/api/solve", content=chunks(), headers=JSON), 413, "larger than 4096 bytes")


# ----- referee ---------------------------------------------------------------------------------


def test_referee_legal_word_with_its_path(client: httpx.Client) -> None:
    body = client.post("/api/referee", json={"board": BOARD, "word": "accès"}).json()
    assert body["legal"] is True and body["reason"] == "ok"
    assert body["word"] == "ACCES"
    assert body["entries"] == [{"form": "accès", "lemma": "accès", "pos": "N"}]
    assert spells([list(Board.parse(BOARD).faces[r * 6 : r * 6 + 6]) for r in range(6)], body["path"], "ACCES", {})


def test_a_verdict_reads_its_double_faces_as_every_answer_does(client: httpx.Client) -> None:
    """Readings are an object, {"ZX": "Z"}, in a verdict as in a solve's words and a saved game's moves."""
    body = client.post("/api/referee", json={"board": BOARD, "word": "allez"}).json()
    assert body["legal"] is True and body["readings"] == {"ZX": "Z"}
    faces = [list(Board.parse(BOARD).faces[r * 6 : r * 6 + 6]) for r in range(6)]
    assert spells(faces, body["path"], "ALLEZ", body["readings"])
    solved = {item["word"]: item for item in client.post("/api/solve", json={"board": BOARD}).json()["words"]}
    assert solved["ALLEZ"]["readings"] == body["readings"]


def test_referee_reasons(client: httpx.Client) -> None:
    missing = client.post("/api/referee", json={"board": BOARD, "word": "souz"}).json()
    assert (missing["legal"], missing["reason"]) == (False, "not_in_lexicon")
    assert "SOU" in missing["suggestions"]
    absent = client.post("/api/referee", json={"board": BOARD, "word": "maison"}).json()
    assert absent["reason"] == "cannot_trace"
    traced = client.post(
        "/api/referee", json={"board": BOARD, "word": "sou", "path": [[0, 0], [0, 1], [0, 2]]}
    ).json()
    assert traced["reason"] == "bad_path" and "not SOU" in traced["message"]


def test_referee_in_a_posted_game(client: httpx.Client, lexicon_dir: Path) -> None:
    game = Game.from_board(Board.parse(BOARD), lexicon_name="small", lexicon=load_lexicon(str(lexicon_dir)))
    game.push(game.legal_moves()[0].move)
    played = game.history[0].move.word  # type: ignore[union-attr]
    state = game.to_json()
    again = client.post("/api/referee", json={"game": state, "word": played}).json()
    assert again["reason"] == "already_played"
    wrong = client.post("/api/referee", json={"game": state, "word": "sou", "player": "green"}).json()
    assert wrong["reason"] == "wrong_player"
    assert_error(client.post("/api/referee", json={"game": state, "word": "sou", "player": "red"}), 422, "'player'")
    assert_error(client.post("/api/referee", json={"game": [1], "word": "sou"}), 422, "bad game")
    state["rings"][0] = "green" if state["rings"][0] is None else None
    assert_error(client.post("/api/referee", json={"game": state, "word": "sou"}), 422, "bad game: rings")


def test_referee_refuses_malformed_requests(client: httpx.Client) -> None:
    assert_error(client.post("/api/referee", json={"word": "sou"}), 400, "give the board")
    assert_error(client.post("/api/referee", json={"board": BOARD}), 400, "'word' is required")
    off = {"board": BOARD, "word": "sou", "path": [[0, 0], [6, 0]]}
    assert_error(client.post("/api/referee", json=off), 422, "path[1] [6, 0] is off the 6×6 board")
    assert_error(client.post("/api/referee", json={**off, "path": [[0, True]]}), 400, "path[0] must be a cell number (row * 6 + col) or [row, col]")
    assert_error(client.post("/api/referee", json={**off, "path": "A1 B2"}), 400, "'path' must be a list")
    assert_error(client.post("/api/referee", json={**off, "path": [0, 36]}), 422, "path[1] cell 36 is off the 6×6 board (cells 0 to 35)")
    mixed = assert_error(client.post("/api/referee", json={**off, "path": [0, [0, 1], 2]}), 422, "'path' mixes cell numbers and [row, col] pairs (at path[1])")
    assert mixed["detail"] == {"field": "path"}


def test_a_path_is_asked_as_cell_numbers_or_as_pairs_and_answered_as_cell_numbers(client: httpx.Client) -> None:
    """Older clients send [row, col] pairs: the same path either way gets the same verdict, its path in cell numbers."""
    best = client.post("/api/referee", json={"board": BOARD, "word": "accès"}).json()["path"]
    by_number = client.post("/api/referee", json={"board": BOARD, "word": "accès", "path": best}).json()
    by_pair = client.post("/api/referee", json={"board": BOARD, "word": "accès", "path": [list(divmod(cell, 6)) for cell in best]}).json()
    assert by_number == by_pair and by_number["legal"] is True and by_number["path"] == best


# ----- concurrency and limits ------------------------------------------------------------------


def test_many_concurrent_requests_all_succeed(base: str) -> None:
    async def burst() -> list[int]:
        async with httpx.AsyncClient(base_url=base, timeout=30) as session:
            requests = [session.get("/api/words/sou") for _ in range(40)]
            requests += [session.post("/api/solve", json={"board": BOARD}) for _ in range(10)]
            requests += [session.get("/api/prefix", params={"q": "s"}) for _ in range(10)]
            return [response.status_code for response in await asyncio.gather(*requests)]

    assert asyncio.run(burst()) == [200] * 60


def test_lexicon_is_loaded_once_and_shared(lexicon_dir: Path) -> None:
    first, second = create_app(str(lexicon_dir)), create_app(str(lexicon_dir))
    assert first.state.service.lexicons["small"] is second.state.service.lexicons["small"]


def test_unknown_lexicon_fails_at_start_up(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="unknown lexicon"):
        create_app(str(tmp_path / "nowhere"))


def test_limits_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_results"):
        Limits(max_results=0)


# ----- the command ----------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_command_runs_uvicorn(lexicon_dir: Path, tmp_path: Path) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "overturn_cli", "serve", "--port", str(port), "--lexicon", str(lexicon_dir), "--log-level", "warning"]
    # The default table store is in the user data directory: here a temporary one, never the tester's own.
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(tmp_path)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/health", timeout=2)
                break
            except httpx.TransportError:
                assert process.poll() is None, process.communicate()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert response.json()["lexicon"] == "small"
        assert (tmp_path / "overturn" / "tables.sqlite3").exists()
    finally:
        process.terminate()
        process.wait(timeout=15)


def test_serve_command_reports_an_unknown_lexicon(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "overturn_cli", "serve", "--lexicon", str(tmp_path / "nowhere")]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "unknown lexicon" in result.stderr


# ----- the real French lexicon ------------------------------------------------------------------


@pytest.mark.lexicon
def test_default_lexicon_smoke() -> None:
    with BackgroundServer(create_app()) as url:
        body = httpx.get(f"{url}/api/words/pêche", timeout=30).json()
        assert body["valid"] and {"form": "pêche", "lemma": "pêche", "pos": "N"} in body["entries"]
        solved = httpx.post(f"{url}/api/solve", json={"board": BOARD}, timeout=60).json()
        assert solved["count"] > 1000 and "ACCES" in {item["word"] for item in solved["words"]}


def test_the_saved_game_in_the_schema_is_derived_from_its_type(client: httpx.Client) -> None:
    """One description of a saved game: the OpenAPI component is msgspec's schema of ``SavedGame`` (JSON Schema 2020-12, as 3.1 takes it),
    narrowed to this server (its lexicons, the version it reads, the board's cells); the paths refer to it."""
    import msgspec

    from overturn.game.save import SavedGame, SavedPass, SavedWord

    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    for struct in (SavedGame, SavedPass, SavedWord):
        fields = {field.encode_name for field in msgspec.structs.fields(struct)} | ({"kind"} if struct is not SavedGame else set())
        assert set(components[struct.__name__]["properties"]) == fields
    game = components["SavedGame"]["properties"]
    assert {"type": "null"} in game["seed"]["anyOf"] and "nullable" not in game["seed"]  # 2020-12 as it is, not 3.0's nullable
    assert game["rings"]["items"]["anyOf"][0]["enum"] == ["green", "silver"]
    assert game["lexicon"]["enum"] and all(isinstance(name, str) for name in game["lexicon"]["enum"])
    body = schema["paths"]["/api/game/play"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/PlayRequest"}
    assert components["PlayRequest"]["properties"]["game"]["$ref"] == "#/components/schemas/SavedGame"


def test_every_json_body_is_one_declared_type(client: httpx.Client) -> None:
    """Each POST body's schema is the component derived from the Struct its handler decodes with ``typed_body``:
    same fields, same required ones, and the Struct's bounds in the schema."""
    import msgspec

    from overturn.service.routers import game, referee, review, solve, tables

    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    kinds = {
        kind.__name__: kind
        for module in (game, referee, review, solve, tables)
        for kind in vars(module).values()
        if isinstance(kind, type) and issubclass(kind, msgspec.Struct) and kind.__name__.endswith("Request")
    }
    seen = set()
    for path, operations in schema["paths"].items():
        body = operations.get("post", {}).get("requestBody")
        if body is None:
            continue
        declared = body["content"]["application/json"]["schema"]
        for reference in declared.get("oneOf", [declared]):  # a table's creation: one game's own request of several
            name = reference["$ref"].rsplit("/", 1)[1]
            fields = msgspec.structs.fields(kinds[name])
            component = components[name]
            assert set(component["properties"]) == {field.encode_name for field in fields}, path
            assert set(component.get("required", [])) == {field.encode_name for field in fields if field.required}, path
            seen.add(name)
    assert seen == set(kinds) - {"SeatRequest"}  # a part of NewTableRequest
    created = schema["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    assert [reference["$ref"].rsplit("/", 1)[1] for reference in created] == ["NewTableRequest", "NewBoardTableRequest"]
    assert components["NewGameRequest"]["properties"]["seed"]["anyOf"][0]["maximum"] == 2**32 - 1
    assert components["SolveRequest"]["properties"]["board"]["maxLength"] == 1000


def test_every_answer_is_one_declared_type(client: httpx.Client) -> None:
    """Each 200 answer (the tables' aside, typed in their own rewrite) is a component derived from the Struct its handler
    encodes: the component is msgspec's schema of that type, so the document cannot drift from what is sent."""
    import msgspec

    from overturn.game import answers, review, view
    from overturn.service import answers as service_answers
    from overturn.service import errors
    from overturn.service.routers import dictionary, game, referee, searches, solve, status
    from overturn.service.routers import review as review_router

    modules = (answers, review, view, errors, service_answers, dictionary, game, referee, review_router, searches, solve, status)
    kinds = {kind.__name__: kind for module in modules for kind in vars(module).values() if isinstance(kind, type) and issubclass(kind, msgspec.Struct)}
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    answered = set()
    for path, operations in schema["paths"].items():
        if path.startswith(("/api/tables", "/api/boardgames")) or path == "/openapi.json":  # the document is no Struct
            continue
        for operation in operations.values():
            name = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
            derived = msgspec.json.schema_components([kinds[name]], ref_template="#/components/schemas/{name}")[1][name]
            if name in ("GameView", "Judged", "ComputerMove"):  # a state's saved game: the component narrowed to this server
                derived["properties"]["game"] = {"$ref": "#/components/schemas/SavedGame"}
            assert components[name] == derived, path
            answered.add(name)
    assert {"Lookup", "WordList", "Solution", "RefereeAnswer", "GameView", "Judged", "LegalMoves", "ReviewAnswer", "FormsAnswer"} <= answered
    assert components["VerdictView"]["properties"]["readings"]["type"] == "object"  # a word's readings, as everywhere


def test_error_codes_are_one_literal_the_page_words() -> None:
    """Every ``detail.reason`` the service and the tables raise is an ``ErrorCode``, which the schema's Error lists and the page words."""
    import re
    from typing import get_args

    from overturn.service.errors import ErrorCode

    codes = set(get_args(ErrorCode))
    root = Path(__file__).resolve().parent.parent / "overturn"
    raised: set[str] = set()
    for source in [*root.glob("service/**/*.py"), *root.glob("table/*.py")]:
        text = source.read_text(encoding="utf-8")
        raised |= set(re.findall(r"""["']reason["']: ["'](\w+)["']""", text))  # ApiError's detail
        raised |= set(re.findall(r"""^    reason = ["'](\w+)["']""", text, re.MULTILINE))  # a table refusal's code
        raised |= set(re.findall(r"""(?:NotYourTurn|MoveNotAllowed)\([^()]*(?:\([^()]*\)[^()]*)*, ["'](\w+)["']\)""", text))
    assert {"nothing_to_undo", "too_slow", "no_such_table", "stale", "not_over", "game_over"} <= raised
    assert raised - {"refused"} <= codes  # "refused": the base class's, never raised as it stands
    for language in ("fr", "en"):  # the page words each code from the catalogue (overturn/wording), its only source
        worded = set(json.loads((root / "wording" / f"{language}.json").read_text(encoding="utf-8"))["page"]["codes"])
        assert worded and worded <= codes, (language, sorted(worded - codes))


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/solve", {"board": BOARD, "min_tiles": 3}, 422, "'min_tiles' must be between 1 and 2, not 3"),
        ("/api/solve", {"board": BOARD, "mode": "maybe"}, 422, "'mode' must be advanced or reuse"),
        ("/api/solve", {"board": BOARD, "min_len": "long"}, 400, "'min_len' must be a whole number"),
        ("/api/solve", {"board": BOARD, "sort": "random"}, 422, "'sort' must be alpha or length"),
        ("/api/solve", {"board": BOARD, "limit": "12"}, 200, ""),  # digit strings are numbers, as in a query string
        ("/api/solve", {"board": ""}, 400, "'board' is required"),
        ("/api/game/new", {"mode": {"a": 1}}, 422, "'mode' must be advanced or reuse"),
        ("/api/game/new", {"family": [True]}, 400, "'family' must be true or false"),
        ("/api/tables", {"seats": [{"name": "A" * 41}, {}]}, 422, "'seats[0].name' is too long: at most 40 characters"),
        ("/api/tables", {"seats": [{"computer": 9}, {}]}, 422, "'seats[0].computer' must be between 1 and 5, not 9"),
        ("/api/tables", {"seats": [{}]}, 422, "'seats' must have at least 2 entries"),
        ("/api/boardgames", {"game": "offboard", "options": {"dice": True}}, 422, "unknown field 'options.dice': 'options' takes"),
        ("/api/boardgames", {"game": "overload", "seed": 2**64}, 422, "'seed' must be between 0 and"),
        ("/api/boardgames", {"game": "offboard", "seats": [{"name": 7}, {}]}, 400, "'seats[0].name' must be a string"),
    ],
)
def test_a_typed_body_is_refused_with_its_field_named(client: httpx.Client, path: str, body: dict[str, object], status: int, message: str) -> None:
    response = client.post(path, json=body)
    if status == 200:
        assert response.status_code in (200, 201), response.text
    else:
        assert_error(response, status, message)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/solve", {"board": BOARD, "contain": "BOIRE"}, "contain"),  # a misspelt filter once answered all 4,121 words
        ("/api/referee", {"board": BOARD, "word": "ROI", "min_len": 3}, "min_len"),
        ("/api/game/new", {"sed": 7}, "sed"),
        ("/api/game/moves", {"game": {}, "limits": 3}, "limits"),
        ("/api/review", {"game": {}, "level": 5}, "level"),
        ("/api/tables", {"seed": 7, "seats": [{"name": "Zoé", "colour": "red"}, {}]}, "seats[0].colour"),
        ("/api/tables", {"seed": 7, "helpers": False}, "helpers"),
        ("/api/boardgames", {"game": "overload", "seats": [{"nom": "Ali"}, {}]}, "seats[0].nom"),
        ("/api/boardgames", {"game": "overload", "seedd": 3}, "seedd"),
        ("/api/tables/abcdefgh12/moves", {"version": 0, "action": {"kind": "word", "word": "ROI", "cells": [1]}}, "action.cells"),
        ("/api/tables/abcdefgh12/moves", {"version": 0, "move": "roll", "token": "x"}, "token"),
        ("/api/tables/abcdefgh12/claim", {"seat": "x", "name": "Ali"}, "name"),
        ("/api/tables/abcdefgh12/hand-over", {"seat": 1, "creator": "x", "why": "lost"}, "why"),
    ],
)
def test_a_field_the_request_does_not_know_is_refused_by_name(client: httpx.Client, path: str, body: dict[str, object], field: str) -> None:
    """Unknown fields were ignored: a misspelt filter answered as if absent. Now 422 naming the field and what is known."""
    answer = assert_error(client.post(path, json=body), 422, f"unknown field '{field}': ")
    assert answer["detail"] == {"field": field}


def test_every_request_type_refuses_unknown_fields() -> None:
    """Each Struct a request body is read into, and each Struct inside one, is closed (``forbid_unknown_fields``)."""
    import typing

    import msgspec

    from overturn.service.routers import game, referee, review, solve, tables

    roots = [
        value for module in (game, referee, review, solve, tables) for name, value in vars(module).items()
        if isinstance(value, type) and issubclass(value, msgspec.Struct) and name.endswith("Request")
    ]
    assert len(roots) >= 14, roots
    seen: set[type] = set()

    def walk(kind: object) -> None:
        if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
            if kind in seen:
                return
            seen.add(kind)
            assert kind.__struct_config__.forbid_unknown_fields, f"{kind.__name__} ignores unknown fields"
            for hint in typing.get_type_hints(kind, include_extras=True).values():
                walk(hint)
        for argument in typing.get_args(kind):
            walk(argument)

    for root in roots:
        walk(root)
    assert {"SeatRequest", "WordAction", "BoardOptions", "SeatName"} <= {kind.__name__ for kind in seen}


def test_the_bodies_name_the_same_choices_as_the_game() -> None:
    """The request types spell modes, endings, presets and colours as Literals; they must be the game's own names."""
    from typing import get_args

    from overturn.game.board import PRESETS
    from overturn.game.solution import Mode, PresetName
    from overturn.game.state import ENDINGS, MODES, Colour
    from overturn.service.game_requests import EndingName, ModeName, PlayerName

    assert set(get_args(ModeName)) == set(get_args(Mode)) == set(MODES)
    assert set(get_args(EndingName)) == set(ENDINGS)
    assert set(get_args(PresetName)) == set(PRESETS)
    assert set(get_args(PlayerName)) == {colour.value for colour in Colour}
    from overturn.service.routers.tables import GameName
    from overturn.table.games import REFEREES

    assert set(get_args(GameName)) == set(REFEREES)


@pytest.mark.parametrize(
    ("pattern", "rack", "field", "fragment"),
    [
        ("A1.", "ISON", "pattern", "the pattern is letters"),  # the old guess from the message text called this the rack
        ("MAI.", "SO1", "rack", "the rack is letters"),
        ("MAISON", "S", "pattern", "at least one '.'"),
        ("MA-.", "S?", "pattern", "the pattern is letters"),
        ("MÂ.", "S?", "", ""),  # an accent is folded away, as on the tiles: not an error
        ("M.ISON", "a b", "rack", "the rack is letters"),
    ],
)
def test_fit_names_the_field_it_refuses(client: httpx.Client, pattern: str, rack: str, field: str, fragment: str) -> None:
    response = client.get("/api/fit", params={"pattern": pattern, "rack": rack})
    if not field:
        assert response.status_code == 200, response.text
        return
    body = assert_error(response, 422, fragment)
    assert body["detail"] == {"field": field}


def test_meta_says_what_the_pages_learn_from_the_server(client: httpx.Client) -> None:
    """/api/meta lists the games a table holds with their seats (the board page's player counts come from it), Insider's
    cards, and every refusal reason and error code, each equal to the literal the server itself types them with."""
    from typing import get_args

    from overturn.game.answers import Reason
    from overturn.referees.insider.board import CARD_TYPES
    from overturn.service.errors import ErrorCode
    from overturn.table.games import GAMES

    meta = client.get("/api/meta").json()
    assert {game["name"]: (game["title"], tuple(game["players"]), game["page"]) for game in meta["games"]} == {
        kind.name: (kind.title, kind.players, kind.page) for kind in GAMES.values()
    }
    assert meta["insider_cards"] == list(CARD_TYPES)
    assert meta["reasons"] == list(get_args(Reason)) and meta["errors"] == list(get_args(ErrorCode))
    script = (Path(__file__).resolve().parent.parent / "overturn" / "web" / "boardgame.js").read_text(encoding="utf-8")
    assert "/api/meta" in script and "overload: [" not in script  # learnt, not copied
