"""Overload JSON state: round trip, atomic save, tampered files refused by field."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from overturn.jsonstore import StateFileError
from overturn.referees.overload import OverloadState, random_playout
from overturn.referees.overload.referee import OverloadReferee
from overturn.referees.overload.store import SavedGame, game_from_json, game_to_json, load_game, save_game


def midgame() -> dict[str, Any]:
    state = OverloadState.new(4, 3)
    rng = random.Random(5)
    for _ in range(120):
        state.apply_action(rng.choice(state.legal_actions()))
    return game_to_json(SavedGame(state, 9))


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    data = midgame()
    path = tmp_path / "game.json"
    save_game(path, game_from_json(data))
    loaded = load_game(path)
    assert game_to_json(loaded) == data
    assert loaded.die_seed == 9
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 2


def test_scores_are_saved_as_a_list_by_seat_and_a_file_keyed_by_colour_still_loads() -> None:
    data = midgame()
    state = game_from_json(data).state
    assert data["scores"] == state.scores and len(data["scores"]) == state.players
    assert any(data["scores"]), "the midgame has points to compare"
    older = {**data, "scores": {state.player_name(seat): score for seat, score in enumerate(data["scores"])}}
    assert game_to_json(game_from_json(older)) == data
    shuffled = {**data, "scores": dict(reversed(older["scores"].items()))}  # not in seat order: not a save ever written
    with pytest.raises(StateFileError, match=r"^scores: "):
        game_from_json(shuffled)


def test_a_finished_game_loads_as_terminal() -> None:
    state = OverloadState.new(3)
    random_playout(state, random.Random(3))
    assert game_from_json(game_to_json(SavedGame(state, 0))).state.is_terminal()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (_set("version", 1), "version"),
        (_set("game", "insider"), "game"),
        (_set("players", 6), "players"),
        (_set("variant_sections", 9), "variant_sections"),
        (_set("track.finish", "far"), "track.finish"),
        (_set("track.specials.6", "x3"), "track.specials.6"),
        (_set("die_seed", "abc"), "die_seed"),
        (_set("history.2", "move white1"), "history[2]"),
        (_set("history.3", "roll 12"), "history[3]"),
        (_set("cup", 80), "cup"),
        (_set("pawns.red1.discs", 9), "pawns.red1.discs"),
        (_set("pawns.blue2.space", -1), "pawns.blue2.space"),
        (_set("scores.2", 99), "scores[2]"),
        (_set("turn.phase", "over"), "turn.phase"),
        (_set("history", "load 3"), "history"),
    ],
)
def test_a_tampered_file_is_refused_naming_the_field(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = copy.deepcopy(midgame())
    edit(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(StateFileError, match=re.escape(f"game.json: {field}: ")):
        load_game(path)
    assert path.read_bytes() == before


def test_an_unknown_pawn_field_is_refused() -> None:
    data = midgame()
    data["pawns"]["purple1"] = {"space": 0, "discs": 0}
    with pytest.raises(StateFileError, match=r"^pawns\.purple1: unknown key"):
        game_from_json(data)


def test_files_that_are_not_games_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with pytest.raises(StateFileError, match="no such file"):
        load_game(path)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(StateFileError, match="not valid JSON"):
        load_game(path)
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(StateFileError, match="game.json: expected an object, found a list"):
        load_game(path)


# ----- the file is evidence, not authority ---------------------------------


def basic_game() -> dict[str, Any]:
    state = OverloadState.new(3)
    for move in ("load 3", "roll 5", "move red1"):
        state.apply_action(state.parse_action(move))
    return game_to_json(SavedGame(state, 7))


def refusal(data: Any) -> str:
    with pytest.raises(StateFileError) as error:
        OverloadReferee().from_json(data, "game.json")
    return str(error.value)


def test_a_tampered_track_is_refused_even_when_consistent() -> None:
    data = basic_game()
    data["track"]["finish"] = 3
    assert refusal(data) == "game.json: track.finish: the file says 3, the recorded moves give 23"


def test_special_spaces_added_to_a_basic_game_are_refused() -> None:
    data = basic_game()
    data["track"]["specials"] = {"6": "+"}
    assert refusal(data).startswith("game.json: track.specials.6: unknown key")


@pytest.mark.parametrize("where", ["top", "pawn", "turn"])
def test_unknown_keys_are_refused(where: str) -> None:
    data = basic_game()
    path = {"top": "", "pawn": "pawns.red1", "turn": "turn"}[where]
    target = {"top": data, "pawn": data["pawns"]["red1"], "turn": data["turn"]}[where]
    target["cheat"] = True
    assert refusal(data).startswith(("game.json: unknown key 'cheat'", f"game.json: {path}.cheat: unknown key"))


@pytest.mark.parametrize("field", ["version", "players", "variant_sections", "die_seed", "cup"])
def test_booleans_are_not_numbers(field: str) -> None:
    data = basic_game()
    data[field] = True
    assert refusal(data).startswith(f"game.json: {field}: ")


def test_a_huge_die_counter_costs_no_time() -> None:
    """Issue 11: 'die.draws' of 1,000,000,000 made 'roll' run for minutes; no counter is stored now."""
    data = basic_game()
    data["die"] = {"seed": 7, "draws": 1_000_000_000}
    assert refusal(data).startswith("game.json: unknown key 'die' (allowed: ")
    data = basic_game()
    data["die_seed"] = 10**5000
    assert refusal(data).startswith("game.json: die_seed: a huge integer (16,610 bits) is out of range")


def test_a_missing_or_changed_custom_rules_file_is_refused(tmp_path: Path) -> None:
    data = basic_game()
    data["rules"] = {"path": str(tmp_path / "gone.json"), "sha256": "0" * 64}
    assert refusal(data).startswith("game.json: rules.path: names unusable rules")
    data["rules"] = {"path": str(tmp_path / "gone.json")}
    assert refusal(data) == "game.json: rules: missing key 'sha256'"


# ----- the rules data file, read through its declared type ----------------------------

PACKAGED_RULES_DATA = Path(__file__).resolve().parents[2] / "overturn" / "referees" / "overload" / "data" / "overload.json"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda data: data.update(die_faces=True), "field 'die_faces': expected an integer, found a boolean"),
        (lambda data: data.update(die_faces=10**30), "field 'die_faces': 1000000000000000000000000000000 is out of range"),
        (lambda data: data.update(cheat=1), "unknown key 'cheat'"),
        (lambda data: data["sections"]["curve-1"].update(spaces=1), "field 'sections.curve-1.spaces': 1 is out of range (2 to"),
        (lambda data: data["targets"].update(three=40), "field 'targets': the key 'three' is refused"),
        (lambda data: data["exact_load_bonus"].pop("points"), "field 'exact_load_bonus': missing key 'points'"),
        (lambda data: data["layouts"].update({"3": ["start"]}), "field 'layouts.3': expected at least 2 entries, found 1"),
        # a list where a section name belongs was a TypeError (unhashable) before the type was declared
        (lambda data: data["layouts"].update({"3": [["start"], "finish"]}), "field 'layouts.3[0]': expected a string, found a list"),
    ],
)
def test_a_rules_file_is_refused_naming_the_field(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    from overturn.referees.overload.rules import RulesDataError, load_rules

    data = json.loads(PACKAGED_RULES_DATA.read_text(encoding="utf-8"))
    edit(data)
    custom = tmp_path / "rules.json"
    custom.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RulesDataError) as caught:
        load_rules(custom)
    assert str(caught.value).startswith(f"{custom}: ") and message in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


@pytest.mark.parametrize("text", ['{"total_discs": NaN}', '{"a": 1, "a": 2}', "[" * 200, "\ud800"])
def test_a_hostile_rules_file_is_one_line(tmp_path: Path, text: str) -> None:
    from overturn.referees.overload.rules import RulesDataError, load_rules

    custom = tmp_path / "rules.json"
    custom.write_text(text, encoding="utf-8", errors="surrogatepass")
    with pytest.raises(RulesDataError) as caught:
        load_rules(custom)
    assert str(caught.value).startswith(f"{custom}: ") and "\n" not in str(caught.value)
