"""One JSON vocabulary (issue 33, "Must show"): the same things have the same keys across the CLI's --json and the HTTP API.

Whose turn it is and who won (``turn``, ``winners``: seats from 0) in the four games, the refusal
shape (``error: {rule, message}``), ``truncated`` on every list, ``spellings`` for accented forms
and readings as objects, compared command against command and command against the API.

And one answer to one question (issue 41): every CLI command with an API twin (solve, deal, referee,
dict lookup, the dict searches, game new, play, moves and hint) asked what its endpoint is asked, the
two answers compared key by key, timings aside; solve's options under the CLI's names in the API (``preset``, ``mode`` reuse or
advanced, ``min_len``, ``pattern``, ``contains``, ``sort``, ``limit``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from overturn_cli.main import main

BOARD = "ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET"  # seed 311's top layer
#: Names the four games used for whose turn and who won before they shared one; none may come back.
OLD_NAMES = {"to_move", "current_player", "to_move_seat", "winner"}


def cli(*args: str) -> Any:
    """The --json answer of ``overturn ARGS`` (exit status 0 or 1: a refusal answers in JSON too)."""
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def keys_everywhere(data: Any) -> set[str]:
    """Every object key at any depth of a JSON answer."""
    if isinstance(data, dict):
        return set(data) | {key for value in data.values() for key in keys_everywhere(value)}
    if isinstance(data, list):
        return {key for value in data for key in keys_everywhere(value)}
    return set()


def assert_turn_and_winners(data: dict[str, Any], seats: int) -> None:
    assert data["turn"] is None or (isinstance(data["turn"], int) and 0 <= data["turn"] < seats), data["turn"]
    assert isinstance(data["winners"], list) and all(isinstance(seat, int) and 0 <= seat < seats for seat in data["winners"])
    assert not keys_everywhere(data) & OLD_NAMES, keys_everywhere(data) & OLD_NAMES


@pytest.fixture(scope="module")
def api():
    from starlette.testclient import TestClient

    from overturn.service.app import create_app

    with TestClient(create_app()) as client:
        yield client


# ----- whose turn, who won --------------------------------------------------------------------------


def test_overturn_s_score_is_one_struct_in_the_cli_and_the_api(api, default_lexicon, tmp_path: Path) -> None:
    state = str(tmp_path / "g.json")
    said = cli("game", "new", "--seed", "311", "--state", state)
    served = api.post("/api/game/new", json={"seed": 311}).json()
    assert said["result"] == served["result"] == {"scores": [0, 0], "over": False, "turn": 0, "winners": []}
    played = cli("game", "play", "ROI", "--state", state)
    answered = api.post("/api/game/play", json={"game": served["game"], "word": "ROI"}).json()
    assert played["result"] == answered["result"] and played["result"]["turn"] == 1
    assert cli("game", "show", "--state", state)["result"] == answered["result"]
    table = api.post("/api/tables", json={"seed": 311}).json()
    assert table["table"]["turn"] == table["result"]["turn"] == 0
    for answer in (said, played, served, answered, table):
        assert_turn_and_winners(answer["result"], 2)


@pytest.mark.parametrize(("game", "new"), [
    ("overload", ["--players", "3", "--seed", "1"]),
    ("offboard", []),
    ("insider", ["--players", "2", "--seed", "1"]),
])
def test_the_board_games_say_turn_and_winners_as_overturn_does(game: str, new: list[str], api, tmp_path: Path) -> None:
    said = cli(game, "new", *new, "--state", str(tmp_path / f"{game}.json"))
    seats = 3 if game == "overload" else 2
    assert_turn_and_winners(said, seats)
    assert said["turn"] == 0 and said["winners"] == []
    shown = cli(game, "show", "--state", str(tmp_path / f"{game}.json"))
    assert (shown["turn"], shown["winners"]) == (said["turn"], said["winners"])
    table = api.post("/api/boardgames", json={"game": game, "seats": [{}] * seats}).json()  # the server draws the seed
    assert_turn_and_winners(table, seats)
    assert table["turn"] == 0 and table["winners"] == [] and table["over"] is False
    if "board" in table:  # the referee's own view inside the table's says the same
        assert (table["board"]["turn"], table["board"]["winners"]) == (table["turn"], table["winners"])
        assert len(table["board"]["seat_names"]) == seats


@pytest.mark.parametrize("game", ["overload", "offboard"])
def test_a_finished_game_names_its_winners_and_no_turn(game: str) -> None:
    """Played out at random: once over, ``turn`` is null and ``winners`` the seats the returns reward."""
    from overturn.referees.offboard.referee import OffboardReferee
    from overturn.referees.overload.referee import OverloadReferee

    referee = OverloadReferee() if game == "overload" else OffboardReferee()
    position = referee.new_game(seed=5, **({"players": 3} if game == "overload" else {}))
    rng = random.Random(5)
    for _ in range(5000):
        if referee.state(position).is_terminal():
            break
        assert_turn_and_winners(referee.view_json(position), 3)
        assert referee.view_json(position)["winners"] == []
        position, _ = referee.play(position, [rng.choice(referee.legal(position))])
    state = referee.state(position)
    assert state.is_terminal()
    view = referee.view_json(position)
    assert view["turn"] is None and view["winners"] == [seat for seat, value in enumerate(state.returns()) if value > 0]
    assert len(view["winners"]) >= 1


# ----- refusals ---------------------------------------------------------------------------------------


def test_one_refusal_shape_in_the_four_games_and_the_api(api, default_lexicon, tmp_path: Path) -> None:
    state = str(tmp_path / "g.json")
    cli("game", "new", "--seed", "311", "--state", state)
    refusals = [
        cli("game", "play", "XYZZY", "--state", state)["error"],
        cli("game", "play", "XYZZY", "--state", state)["verdict"]["error"],
        cli("referee", "XYZZY", "--board", BOARD)["error"],
        api.post("/api/referee", json={"word": "XYZZY", "board": BOARD}).json()["error"],
        api.post("/api/game/play", json={"game": cli("game", "show", "--state", state)["game"], "word": "XYZZY"}).json()["verdict"]["error"],
    ]
    for game, new, bad in (("overload", ["--players", "3", "--seed", "1"], "load 99"), ("offboard", [], "I9-I8"),
                           ("insider", ["--players", "2", "--seed", "1"], "seat 9")):
        path = str(tmp_path / f"{game}.json")
        cli(game, "new", *new, "--state", path)
        refusals.append(cli(game, "play", bad, "--state", path)["error"])
    for refusal in refusals:
        assert set(refusal) == {"rule", "message"} and refusal["rule"] and refusal["message"], refusal
    # a board game's table answers its refusal under the same name, with the referee's own words beside
    made = api.post("/api/tables", json={"game": "offboard", "seats": [{"name": "Zoé"}, {"name": "Ali"}]}).json()
    table, token = made["table"], made["tokens"][made["turn"]]
    refused = api.post(f"/api/tables/{table['id']}/moves", headers={"X-Seat-Token": token}, json={"version": table["version"], "move": "I9-I8"}).json()
    assert refused["result"] is None and "refused" not in refused
    assert set(refused["error"]) == {"rule", "message", "detail"} and refused["error"]["rule"], refused
    assert refusals[0] == refusals[2] == refusals[3] and refusals[3]["rule"] == "not_in_lexicon"
    legal = cli("referee", "ROI", "--board", BOARD)
    assert legal["legal"] is True and legal["error"] is None


# ----- lists, spellings, readings ----------------------------------------------------------------------

#: Every list the API answers, and the CLI command giving the same list: (API path, CLI words, a query with more than one word).
LISTS = [
    ("/api/prefix?q=MAIS", ["dict", "prefix", "MAIS"]),
    ("/api/pattern?q=P.CHE", ["dict", "grep", "P.CHE"]),
    ("/api/anagrams?letters=CHIEN", ["dict", "anagram", "CHIEN"]),
    ("/api/fit?pattern=..E.S&rack=AIRT?", ["dict", "fit", "..E.S", "AIRT?"]),
    ("/api/plus-one?letters=CHIEN", ["dict", "plus", "CHIEN"]),
    ("/api/find?starts=RE&length=4", ["dict", "find", "--starts", "RE", "--length", "4"]),
    ("/api/lists/two", ["dict", "list", "two"]),
]


def _listed(answer: dict[str, Any]) -> list[str]:
    return answer["words"] if "words" in answer else [word for words in answer["by_letter"].values() for word in words]


@pytest.mark.parametrize(("url", "args"), LISTS, ids=[url for url, _ in LISTS])
def test_every_list_says_truncated_and_spells_its_words_alike(url: str, args: list[str], api, default_lexicon) -> None:
    whole_served, whole_said = api.get(url).json(), cli(*args)
    assert whole_served["truncated"] is whole_said["truncated"] is False and len(_listed(whole_served)) > 1
    assert _listed(whole_served) == _listed(whole_said) and whole_served["spellings"] == whole_said["spellings"]
    cut_served = api.get(url + ("&" if "?" in url else "?") + "limit=1").json()
    cut_said = cli(*args, "--limit", "1")
    for cut in (cut_served, cut_said):
        assert cut["truncated"] is True and cut["count"] == len(_listed(cut)) == 1, cut
        assert set(cut["spellings"]) == set(_listed(cut))
    assert {key for key in cut_served if key not in ("query", "pattern", "rack", "letters", "list")} <= set(cut_said)


def test_a_look_up_spells_its_word_alike(api, default_lexicon) -> None:
    served = api.get("/api/words/peche").json()
    said = cli("dict", "lookup", "peche")["results"][0]
    assert served["spellings"] == said["spellings"] and {"pêche", "péché"} <= set(said["spellings"])
    assert served["entries"] == said["entries"]


def test_readings_are_objects_in_the_api_as_in_the_cli(api, default_lexicon, tmp_path: Path) -> None:
    board = "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC"  # a ZX face: some words read it
    served = api.post("/api/solve", json={"board": board}).json()["words"]
    said = cli("solve", board)["words"]
    assert all(isinstance(word["readings"], dict) for word in served + said)
    assert any(word["readings"] for word in served) and served == said[: len(served)]
    game = api.post("/api/game/new", json={"seed": 311}).json()["game"]
    moves = api.post("/api/game/moves", json={"game": game, "limit": 5}).json()["moves"]
    state = str(tmp_path / "g.json")
    cli("game", "new", "--seed", "311", "--state", state)
    assert [move["readings"] for move in moves] == [move["readings"] for move in cli("game", "moves", "--limit", "5", "--state", state)["moves"]]


# ----- paths and cells ---------------------------------------------------------------------------------

#: Keys holding one path (cells in spelling order), a list of paths, or one cell, wherever they sit in an Overturn answer
#: (Insider's board calls its tracks between squares ``paths``: another thing, in another game's answers).
PATH_KEYS, PATHS_KEYS, CELL_KEYS = {"path"}, {"paths", "alternatives"}, {"cell"}


def cells_everywhere(data: Any, found: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """Every value under a path or cell key at any depth of a JSON answer, by key.

    The saved game (an object with ``format``, under ``game``) is skipped: it keeps its stored format, [row, col],
    which its loader checks against a replay.
    """
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "game" and isinstance(value, dict) and "format" in value:
                continue
            if key in PATH_KEYS | PATHS_KEYS | CELL_KEYS:
                found.setdefault(key, []).append(value)
            cells_everywhere(value, found)
    elif isinstance(data, list):
        for value in data:
            cells_everywhere(value, found)
    return found


def is_cell(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 36


def assert_cell_numbers(answers: list[Any], keys: set[str]) -> None:
    """Every path, list of paths and cell in ``answers`` is cell numbers (row * 6 + col); each of ``keys`` is met, so none passes empty."""
    found: dict[str, list[Any]] = {}
    for answer in answers:
        cells_everywhere(answer, found)
    assert keys <= set(found), (keys, set(found))
    for key, values in found.items():
        for value in values:
            if key in CELL_KEYS:
                assert is_cell(value), (key, value)
            elif key in PATH_KEYS:
                assert value is None or (isinstance(value, list) and value and all(map(is_cell, value))), (key, value)
            else:
                assert isinstance(value, list) and all(isinstance(path, list) and path and all(map(is_cell, path)) for path in value), (key, value)


def test_every_path_and_cell_the_cli_answers_is_cell_numbers(default_lexicon, tmp_path: Path) -> None:
    state = str(tmp_path / "g.json")
    answers = [cli("solve", BOARD), cli("referee", "ROI", "--board", BOARD), cli("referee", "ROI", "--board", BOARD, "--path", "A1 B1 C1")]
    answers.append(cli("game", "new", "--seed", "311", "--state", state))
    answers += [cli("game", "hint", "--state", state), cli("game", "moves", "--limit", "5", "--state", state)]
    answers += [cli("game", "play", "ROI", "--path", "E3 D2 D3", "--state", state), cli("game", "play", "XYZZY", "--state", state)]
    answers += [cli("game", "pass", "A1", "--state", state), cli("game", "undo", "--state", state), cli("game", "review", "--state", state)]
    assert_cell_numbers(answers, {"path", "alternatives"})  # a pass answers as /api/game/pass does: its cell is the verdict's path
    assert answers[-1]["moves"][0]["played"]["path"] == answers[6]["verdict"]["path"]  # the move reviewed, as it was answered


def test_every_path_and_cell_the_api_answers_is_cell_numbers(api, default_lexicon) -> None:
    game = api.post("/api/game/new", json={"seed": 311}).json()["game"]
    answers = [api.post("/api/solve", json={"board": BOARD, "limit": 20}).json()]
    answers.append(api.post("/api/referee", json={"word": "ROI", "board": BOARD}).json())
    answers.append(api.post("/api/game/moves", json={"game": game, "limit": 5}).json())
    played = api.post("/api/game/play", json={"game": game, "word": "ROI", "path": [[2, 4], [1, 3], [2, 3]]}).json()  # asked as pairs
    passed = api.post("/api/game/pass", json={"game": played["game"], "cell": 0}).json()
    answers += [played, passed, api.post("/api/game/computer", json={"game": passed["game"], "level": 1, "seed": 1}).json()]
    answers.append(api.post("/api/review", json={"game": answers[-1]["game"]}).json())
    table = api.post("/api/tables", json={"seed": 311}).json()
    moved = api.post(f"/api/tables/{table['table']['id']}/moves", headers={"X-Seat-Token": table["tokens"][0]},
                     json={"version": table["table"]["version"], "action": {"kind": "word", "word": "ROI", "path": [16, 9, 15]}}).json()
    answers += [table, moved]
    assert_cell_numbers(answers, {"path", "alternatives", "cell"})
    assert played["verdict"]["path"] == moved["verdict"]["path"] == [16, 9, 15]  # pairs in, cell numbers out; numbers in alike


# ----- twins: the same question to the CLI and to the API, the same answer key by key ------------------
# (issue 41: one Struct encodes both; only what differs between two runs of one question, the timings, may differ)

#: Keys whose values may differ between two answers to one question: how long it took and whether it came from a cache.
TIMINGS = {"elapsed_ms", "cached"}


def assert_twins(said: dict[str, Any], served: dict[str, Any]) -> None:
    """The same keys, and the same values but the timings."""
    assert set(said) == set(served), (set(said) - set(served), set(served) - set(said))
    assert {key: value for key, value in said.items() if key not in TIMINGS} == {key: value for key, value in served.items() if key not in TIMINGS}


#: Stand-ins in a twin's question: the CLI's game file, and the saved game it holds, which the API is sent.
STATE, GAME = "<state file>", object()

#: (CLI words, API request: method, path, JSON body), the same question: every CLI command with an API twin.
TWINS = [
    (["solve", BOARD, "--limit", "20"], ("POST", "/api/solve", {"board": BOARD, "limit": 20})),
    (["solve", BOARD, "--mode", "advanced", "--preset", "overturn"], ("POST", "/api/solve", {"board": BOARD, "mode": "advanced", "preset": "overturn"})),
    (["solve", "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC", "--contains", "X", "--sort", "alpha"],
     ("POST", "/api/solve", {"board": "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC", "contains": "X", "sort": "alpha"})),
    (["solve", BOARD, "--min-len", "6", "--pattern", "R.*", "--limit", "3"],
     ("POST", "/api/solve", {"board": BOARD, "min_len": 6, "pattern": "R.*", "limit": 3})),
    (["solve", BOARD, "--preset", "advanced", "--contains", "boire"], ("POST", "/api/solve", {"board": BOARD, "preset": "advanced", "contains": "boire"})),
    (["deal", "--seed", "311"], ("GET", "/api/deal?seed=311", None)),
    (["referee", "ROI", "--board", BOARD], ("POST", "/api/referee", {"word": "ROI", "board": BOARD})),
    (["referee", "XYZZY", "--board", BOARD], ("POST", "/api/referee", {"word": "XYZZY", "board": BOARD})),
    (["referee", "roi", "--path", "E3 D2 D3", "--board", BOARD], ("POST", "/api/referee", {"word": "roi", "board": BOARD, "path": [16, 9, 15]})),
    (["dict", "grep", "P.CHE"], ("GET", "/api/pattern?q=P.CHE", None)),
    (["dict", "prefix", "MAIS", "--limit", "5"], ("GET", "/api/prefix?q=MAIS&limit=5", None)),
    (["dict", "anagram", "CHIEN"], ("GET", "/api/anagrams?letters=CHIEN", None)),
    (["dict", "fit", "..E.S", "AIRT?"], ("GET", "/api/fit?pattern=..E.S&rack=AIRT?", None)),
    (["dict", "plus", "CHIEN"], ("GET", "/api/plus-one?letters=CHIEN", None)),
    (["dict", "find", "--starts", "RE", "--length", "4"], ("GET", "/api/find?starts=RE&length=4", None)),
    (["dict", "list", "two"], ("GET", "/api/lists/two", None)),
    (["dict", "hooks", "ami"], ("GET", "/api/hooks?word=ami", None)),
    (["dict", "forms", "cheval"], ("GET", "/api/forms?word=cheval", None)),
    (["game", "new", "--seed", "311", "--state", STATE], ("POST", "/api/game/new", {"seed": 311})),
    (["game", "new", "--board", BOARD, "--mode", "advanced", "--state", STATE], ("POST", "/api/game/new", {"board": BOARD, "mode": "advanced"})),
    (["game", "play", "ROI", "--state", STATE], ("POST", "/api/game/play", {"game": GAME, "word": "ROI"})),
    (["game", "play", "ROI", "--path", "E3 D2 D3", "--state", STATE], ("POST", "/api/game/play", {"game": GAME, "word": "ROI", "path": [16, 9, 15]})),
    (["game", "play", "XYZZY", "--state", STATE], ("POST", "/api/game/play", {"game": GAME, "word": "XYZZY"})),
    (["game", "moves", "--state", STATE], ("POST", "/api/game/moves", {"game": GAME})),
    (["game", "moves", "--limit", "5", "--state", STATE], ("POST", "/api/game/moves", {"game": GAME, "limit": 5})),
    (["game", "hint", "--state", STATE], ("POST", "/api/game/moves", {"game": GAME, "limit": 1})),
    (["game", "pass", "A1", "--state", STATE], ("POST", "/api/game/pass", {"game": GAME, "cell": 0})),
]


def _asked(asked: Any, state: Path, game: dict[str, Any] | None) -> Any:
    """``asked`` with the game file for STATE and its saved game for GAME."""
    if asked == STATE:
        return str(state)
    if asked is GAME:
        return game
    if isinstance(asked, dict):
        return {key: _asked(value, state, game) for key, value in asked.items()}
    return asked


@pytest.mark.parametrize(("args", "request_"), TWINS, ids=[" ".join(args[:3]) for args, _ in TWINS])
def test_the_cli_and_the_api_answer_one_question_alike(
    args: list[str], request_: tuple[str, str, Any], api, default_lexicon, tmp_path: Path
) -> None:
    """A game step is asked of seed 311's game, as the CLI's file and as the saved game the API is sent, before either moves."""
    method, path, body = request_
    state, game = tmp_path / "g.json", None
    if GAME in (body or {}).values():
        cli("game", "new", "--seed", "311", "--state", str(state))
        game = json.loads(state.read_text(encoding="utf-8"))
    said = cli(*[_asked(arg, state, game) for arg in args])
    served = api.request(method, path, json=_asked(body, state, game))
    assert served.status_code == 200, served.text
    assert_twins(said, served.json())


def test_an_undo_is_the_game_without_its_last_move_in_both_faces(api, default_lexicon, tmp_path: Path) -> None:
    """``game undo --json`` after ROI is ``POST /api/game/undo`` of the game after ROI: the game view, not a list of its own."""
    state = tmp_path / "g.json"
    cli("game", "new", "--seed", "311", "--state", str(state))
    cli("game", "play", "ROI", "--state", str(state))
    after_roi = json.loads(state.read_text(encoding="utf-8"))
    assert_twins(cli("game", "undo", "--state", str(state)), api.post("/api/game/undo", json={"game": after_roi}).json())


@pytest.mark.parametrize("word", ["peche", "maisonx", "ZZZZQ"])
def test_a_look_up_is_one_struct_with_its_suggestions(word: str, api, default_lexicon) -> None:
    """``dict lookup --json`` gives each word as ``GET /api/words/{word}`` does, close words of a non-word included."""
    said = cli("dict", "lookup", word)
    assert said["lexicon"] == default_lexicon.name and len(said["results"]) == 1
    served = api.get(f"/api/words/{word}").json()
    assert_twins(said["results"][0], served)
    assert served["valid"] or served["suggestions"] == default_lexicon.near(served["key"])
    assert api.get(f"/api/words/{word}?suggest=false").json()["suggestions"] == []


def test_solve_says_mode_as_the_cli_does_and_filters_as_it_does(api, default_lexicon) -> None:
    """``mode`` is reuse or advanced in the request and the answer of both faces; the preset is ``preset``; the filters keep
    the words the CLI keeps, counted (``count``, ``lengths``) before the limit."""
    every = api.post("/api/solve", json={"board": BOARD}).json()
    assert every["mode"] == cli("solve", BOARD)["mode"] == "reuse"
    advanced = api.post("/api/solve", json={"board": BOARD, "mode": "advanced"}).json()
    assert advanced["mode"] == "advanced" and advanced["rules"]["reuse"] is False
    assert api.post("/api/solve", json={"board": BOARD, "preset": "advanced"}).json()["rules"] == advanced["rules"]
    refused = api.post("/api/solve", json={"board": BOARD, "mode": "overturn"})  # a preset is not a mode
    assert refused.status_code == 422 and refused.json()["detail"] == {"field": "mode"}
    assert "'overturn' is a preset: send it as 'preset'" in refused.json()["error"]
    kept = api.post("/api/solve", json={"board": BOARD, "min_len": 5, "contains": "OI", "limit": 2}).json()
    expected = [item for item in every["words"] if len(item["word"]) >= 5 and "OI" in item["word"]]
    assert kept["count"] == len(expected) > 2 and kept["truncated"] is True and kept["words"] == expected[:2]
    assert sum(kept["lengths"].values()) == kept["count"]
    alpha = api.post("/api/solve", json={"board": BOARD, "sort": "alpha"}).json()["words"]
    assert [item["word"] for item in alpha] == sorted(item["word"] for item in every["words"])


@pytest.mark.parametrize(("field", "value", "flag"), [("pattern", "(", "--pattern"), ("contains", "BO1RE", "--contains")])
def test_a_bad_filter_is_refused_by_name_in_both_faces(field: str, value: str, flag: str, api, default_lexicon) -> None:
    refused = api.post("/api/solve", json={"board": BOARD, field: value})
    assert refused.status_code == 422 and refused.json()["detail"] == {"field": field}
    result = CliRunner().invoke(main, ["solve", BOARD, flag, value, "--json"])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize("word", ["ROI", "XYZZY"])
def test_a_word_refereed_in_a_saved_game_is_one_answer(word: str, api, default_lexicon, tmp_path: Path) -> None:
    """``referee WORD --state FILE`` and ``POST /api/referee`` with that file's game: the same verdict, lexicon and board."""
    state = tmp_path / "g.json"
    cli("game", "new", "--seed", "311", "--state", str(state))
    served = api.post("/api/referee", json={"word": word, "game": json.loads(state.read_text(encoding="utf-8"))})
    assert served.status_code == 200, served.text
    assert_twins(cli("referee", word, "--state", str(state)), served.json())


def test_a_game_s_review_is_one_answer(api, default_lexicon, tmp_path: Path) -> None:
    """``game review --state FILE`` and ``POST /api/review`` with that file's game: the same review, lexicon included."""
    state = tmp_path / "g.json"
    cli("game", "new", "--seed", "311", "--state", str(state))
    cli("game", "play", "ROI", "--state", str(state))
    served = api.post("/api/review", json={"game": json.loads(state.read_text(encoding="utf-8"))})
    assert served.status_code == 200, served.text
    said = cli("game", "review", "--state", str(state))
    assert_twins(said, served.json())
    assert said["lexicon"] == default_lexicon.name and said["moves"][0]["played"]["word"] == "ROI"
