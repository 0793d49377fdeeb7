"""The Overturn save file as one typed description: the schema, the decoder and the writer agree."""

from __future__ import annotations

import json
import typing
from typing import Any

import jsonschema
import pytest

from overturn.game.moves import WordMove
from overturn.game.save import MODES, SavedGame, decode_saved_game, saved_game_schema
from overturn.game.state import Game, PassMove
from overturn.jsonbounds import loads_json
from overturn.jsonstore import StateFileError, convert


def _validator() -> jsonschema.Draft202012Validator:
    """The derived components wrapped as an OpenAPI document would hold them."""
    document = {"$ref": "#/components/schemas/SavedGame", "components": {"schemas": saved_game_schema()}}
    return jsonschema.Draft202012Validator(document)


@pytest.fixture(scope="module")
def saved_games(default_lexicon) -> list[dict[str, Any]]:
    """Real saves: a fresh deal, a word with its path, a pass, a typed board in the advanced mode."""
    game = Game.new(7, lexicon=default_lexicon)
    saves = [game.to_json()]
    best = game.legal_moves()[0].move
    assert isinstance(best, WordMove)
    game.push(best)
    saves.append(game.to_json())
    game.push(PassMove(game.rings.index(None)))
    saves.append(game.to_json())
    typed = Game.from_board(game.board, mode="advanced")
    saves.append(typed.to_json())
    return saves


def test_the_derived_schema_accepts_real_saved_games(saved_games):
    validator = _validator()
    for data in saved_games:
        assert list(validator.iter_errors(json.loads(json.dumps(data)))) == []
    assert any(move["kind"] == "word" for move in saved_games[1]["moves"])


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.update(cheat=1),
        lambda data: data.update(mode="turbo"),
        lambda data: data.update(seed=-1),
        lambda data: data.update(version=True),
        lambda data: data["moves"].append({"player": "green", "kind": "jump", "cell": [0, 0]}),
        lambda data: data["moves"].append({"player": "green", "kind": "pass", "cell": [0, 0, 0]}),
        lambda data: data["moves"].append({"player": "green", "kind": "word", "word": "roi", "path": [], "readings": {}}),
    ],
)
def test_the_schema_and_the_decoder_refuse_the_same_shapes(saved_games, change):
    data = json.loads(json.dumps(saved_games[1]))
    change(data)
    assert list(_validator().iter_errors(data)), "the schema lets it through"
    with pytest.raises(StateFileError):
        decode_saved_game(data)


def test_saves_round_trip_through_the_type_and_are_written_as_before(saved_games):
    for data in saved_games:
        assert Game.from_json(data).to_json() == data
        assert [list(move)[:2] for move in data["moves"]] == [["player", "kind"]] * len(data["moves"])
        assert list(data) == [
            "format", "version", "mode", "lexicon", "seed", "layers", "layer", "to_move", "rings", "fixed", "moves",
            *(["ending"] if data.get("ending", "passes") != "passes" else []),  # written only when not the older default
        ]


def test_the_modes_of_the_type_are_the_games_modes():
    mode_type = typing.get_type_hints(SavedGame, include_extras=True)["mode"]
    assert set(typing.get_args(mode_type)) == set(MODES)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(seed=2**32), "seed: 4294967296 is out of range (0 to 4294967295)"),
        (lambda data: data.update(seed="7"), "seed: expected an integer or null, found a string"),
        (lambda data: data.update(layer=5), "layer: 5 is out of range (0 to 1)"),
        (lambda data: data.update(format="overturn"), "format: 'overturn' is not one of 'overturn-game'"),
        (lambda data: data.update(version=2), "version: this program reads version 1, found 2"),
        (lambda data: data.pop("rings"), "missing key 'rings'"),
        (lambda data: data.update(rings="green"), "rings: expected a list, found a string"),
        (lambda data: data.update(layers=["A"] * 3), "layers: 3 entries; the limit is 2"),
        (lambda data: data["fixed"].update({"x" * 300: "X"}), "fixed: the key 'xxxxxxxx"),
        (lambda data: data["fixed"].update({"x" * 300: "X"}), "is refused (a string of 300 characters; the limit is 200)"),
        (lambda data: data["moves"][0].update(kind="jump"), "moves[0].kind: 'jump' is not one of 'pass', 'word'"),
        (lambda data: data["moves"][0].update(kind=["word"]), "moves[0].kind: expected a string, found a list"),
        (lambda data: data["moves"][0].pop("kind"), "moves[0]: missing key 'kind'"),
        (lambda data: data["moves"][0].update(word="roi"), "moves[0].word: 'roi' is not in the expected form"),
        (lambda data: data["moves"][0].update(word="ROI\n"), "moves[0].word: 'ROI\\n' is not in the expected form"),
        (lambda data: data["moves"][0].update(word="R" * 65), "moves[0].word: a string of 65 characters; the limit is 64"),
        (lambda data: data["moves"][0]["path"].append([0]), "moves[0].path["),
        (lambda data: data["moves"][0]["path"][0].__setitem__(0, 2**70), "is out of range"),
        (lambda data: data["moves"][0]["path"][0].__setitem__(0, 9), "moves[0].path[0]: [9, "),
        (lambda data: data["moves"][0].update(extra=1), "moves[0]: unknown key 'extra' (allowed: "),
        (lambda data: data["moves"][0]["readings"].update(E=1), "moves[0].readings.E: expected a string, found an integer"),
        (lambda data: data["moves"][0]["readings"].update({"a\nb": 1}), "moves[0].readings['a\\nb']: expected a string"),
        (lambda data: data["moves"][0]["readings"].update({"[QU]": 1}), "moves[0].readings['[QU]']: expected a string"),
    ],
)
def test_refusals_name_the_field_in_the_projects_words(saved_games, change, message):
    data = json.loads(json.dumps(saved_games[1]))
    change(data)
    with pytest.raises(StateFileError) as caught:
        Game.from_json(data)
    assert message in str(caught.value)
    assert "`" not in str(caught.value) and "$." not in str(caught.value)  # msgspec's own wording never leaks
    assert len(str(caught.value)) < 400 and "\n" not in str(caught.value)


def test_a_refusal_inside_a_file_names_the_file_first(tmp_path, saved_games):
    path = tmp_path / "g.json"
    data = json.loads(json.dumps(saved_games[1]))
    data["moves"][0]["path"][0] = [0, True]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=r"g\.json: moves\[0\]\.path\[0\]\[1\]: expected an integer, found a boolean"):
        Game.load(path)


@pytest.mark.parametrize(
    "payload",
    ['{"format": ' + '"' + "é" * 60_000 + '"}', '{"moves": [' + '{"kind": [1], "x": 2},' * 2000 + "1]}", "[]", "null"],
)
def test_odd_payloads_give_one_short_line(payload):
    with pytest.raises(StateFileError) as caught:
        Game.from_json(loads_json(payload))
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


def test_convert_refuses_coercion():
    with pytest.raises(StateFileError, match="expected an integer, found a number"):
        convert(1.0, int)
    with pytest.raises(StateFileError, match="expected an integer, found a string"):
        convert("1", int)


def test_every_file_format_has_a_schema_for_the_service():
    import msgspec

    from overturn.referees.insider.codec import InsiderFile
    from overturn.referees.offboard.layouts import LayoutFile
    from overturn.referees.offboard.store import OffboardFile
    from overturn.referees.overload.rules import RulesFile
    from overturn.referees.overload.store import OverloadFile

    formats = [SavedGame, OverloadFile, InsiderFile, OffboardFile, RulesFile, LayoutFile]
    _, components = msgspec.json.schema_components(formats, ref_template="#/components/schemas/{name}")
    for kind in formats:
        assert components[kind.__name__]["additionalProperties"] is False
    assert components["RulesFile"]["properties"]["total_discs"]["minimum"] == 1
