"""A refused value is named from the type's own information (``overturn.jsonrefusal``), never by taking msgspec's
sentence apart: the same field and the same words come back when msgspec words its refusal otherwise, on the HTTP
API (``typed_body``) and on a game file the CLI reads (``jsonstore.convert``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

import httpx
import msgspec
import pytest
from click.testing import CliRunner
from msgspec import Meta, Struct

from overturn import jsonstore
from overturn.jsonrefusal import locate_refusal
from overturn.service import params
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer
from overturn_cli.main import main

BOARD = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"


class _RewordedMsgspec:
    """msgspec as a later version might word it: the same refusals, none of today's sentences."""

    ValidationError = msgspec.ValidationError

    @staticmethod
    def convert(*args: Any, **kwargs: Any) -> Any:
        try:
            return msgspec.convert(*args, **kwargs)
        except msgspec.ValidationError:
            raise msgspec.ValidationError("Der Wert passt nicht zum Typ") from None


@pytest.fixture(params=["msgspec", "reworded"])
def wording(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "reworded":
        monkeypatch.setattr(jsonstore, "msgspec", _RewordedMsgspec)
        monkeypatch.setattr(params, "msgspec", _RewordedMsgspec)
    return str(request.param)


@pytest.fixture(scope="module")
def lexicon_dir(make_lexicon: Callable[..., Any]) -> str:
    return str(make_lexicon(["roi", "boire", "axe"]).directory)


@pytest.fixture(scope="module")
def api(lexicon_dir: str) -> Iterator[httpx.Client]:
    """The app in a thread of this process, so a test's msgspec stands in for the server's too."""
    with BackgroundServer(create_app(lexicon_dir)) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


@pytest.mark.parametrize(
    ("path", "body", "status", "field", "message"),
    [
        ("/api/solve", {"board": BOARD, "contain": "BOIRE"}, 422, "contain", "unknown field 'contain': this request takes board, contains, lexicon, limit,"),
        ("/api/solve", {"limit": 5}, 400, "board", "'board' is required"),
        ("/api/solve", {"board": BOARD, "limit": "many"}, 400, "limit", "'limit' must be a whole number"),
        ("/api/tables", {"seats": [{"name": 5}, {}]}, 400, "seats[0].name", "'seats[0].name' must be a string"),
        ("/api/tables", {"seats": [{"name": "Zoé", "age": 9}, {}]}, 422, "seats[0].age", "unknown field 'seats[0].age': 'seats[0]' takes computer, name"),
        ("/api/solve", {"board": BOARD, "min_length": 99}, 422, "min_length", "'min_length' must be between 1 and 64, not 99"),
        ("/api/solve", {"board": BOARD, "mode": "chess"}, 422, "mode", "unknown mode 'chess': 'mode' must be advanced or reuse"),
        ("/api/game/pass", {"game": {}, "cell": 0, "player": ["green"]}, 422, "player", "unknown player ['green']: 'player' must be green or silver"),
    ],
)
def test_the_api_names_the_refused_field(api: httpx.Client, wording: str, path: str, body: Any, status: int, field: str, message: str) -> None:
    answer = api.post(path, json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"].startswith(message), answer.json()
    assert answer.json()["detail"]["field"] == field


@pytest.fixture(scope="module")
def saved(lexicon_dir: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("refusals") / "game.json"
    runner = CliRunner()
    assert runner.invoke(main, ["game", "new", "--board", BOARD, "--lexicon", lexicon_dir, "--state", str(path)]).exit_code == 0
    assert runner.invoke(main, ["game", "play", "roi", "--path", "D1 E1 E2", "--state", str(path)]).exit_code == 0
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(cheat=1), ": unknown key 'cheat' (allowed: computer, ending, family, fixed, format,"),
        (lambda data: data.pop("layer"), ": missing key 'layer'"),
        (lambda data: data.update(seed="7"), ": seed: expected an integer or null, found a string"),
        (lambda data: data["moves"][0].update(word=5), ": moves[0].word: expected a string, found an integer"),
        (lambda data: data["moves"][0]["path"][1].__setitem__(0, True), ": moves[0].path[1][0]: expected an integer, found a boolean"),
        (lambda data: data.update(seed=-1), ": seed: -1 is out of range (0 to 4294967295)"),
        (lambda data: data["fixed"].update({"x" * 300: "X"}), ": fixed: the key '" + "x" * 78 + "… is refused (a string of 300 characters; the limit is 200)"),
        (lambda data: data["moves"][0].update(kind="jump"), ": moves[0].kind: 'jump' is not one of 'pass', 'word'"),
    ],
)
def test_a_game_file_read_by_the_cli_names_the_refused_field(
    saved: dict[str, Any], tmp_path: Path, wording: str, change: Callable[[dict[str, Any]], Any], message: str
) -> None:
    data = json.loads(json.dumps(saved))
    change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["game", "show", "--state", str(path)])
    assert result.exit_code == 2, result.output
    assert f"game.json{message}" in result.output, result.output


class _Inner(Struct, forbid_unknown_fields=True):
    cells: Annotated[list[Annotated[int, Meta(ge=0, le=35)]], Meta(max_length=3)]
    side: Literal["green", "silver"] | None = None


class _Outer(Struct, forbid_unknown_fields=True):
    inner: dict[Annotated[str, Meta(max_length=4)], _Inner]


@pytest.mark.parametrize(
    ("data", "field", "problem", "detail"),
    [
        ({"inner": {"a": {"cells": [1, 40]}}}, "inner.a.cells[1]", "range", {"low": 0, "high": 35, "bound": "<= 35"}),
        ({"inner": {"a": {"cells": [1, 2, 3, 4]}}}, "inner.a.cells", "length", {"size": ("<=", 3), "length": 4}),
        ({"inner": {"long-key": {"cells": []}}}, "inner", "length", {"in_key": True, "value": "long-key"}),
        ({"inner": {"a": {"cells": [], "side": "blue"}}}, "inner.a.side", "choice", {"choices": ("green", "silver")}),
        ({"inner": {"a": {"cells": [], "hue": 1}}}, "inner.a", "unknown", {"key": "hue", "allowed": ("cells", "side")}),
        ({"inner": {"a": {}}}, "inner.a", "missing", {"key": "cells"}),
        ({"inner": []}, "inner", "type", {"expected": ("object",)}),
    ],
)
def test_the_refusal_is_read_from_the_type_not_the_sentence(data: Any, field: str, problem: str, detail: dict[str, Any]) -> None:
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.convert(data, _Outer)
    for error in (refused.value, msgspec.ValidationError("")):  # msgspec's sentence or none: the same refusal
        refusal = locate_refusal(data, _Outer, error)
        assert (refusal.field, refusal.problem) == (field, problem)
        assert {name: getattr(refusal, name) for name in detail} == detail
