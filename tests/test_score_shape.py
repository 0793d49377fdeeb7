"""One score shape (issue 41): in the four games, a score is a list of ints by seat, in the state, the view,
the command line's --json and the HTTP API's answers alike (the seats' order: Overload's colours, red then
yellow at offboard, Insider's players, green then silver at Overturn)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from overturn.referees.insider.playout import choose_action
from overturn.referees.insider.referee import InsiderReferee
from overturn.referees.offboard.referee import OffboardReferee
from overturn.referees.overload.referee import OverloadReferee
from overturn.referees.protocol import Referee
from overturn.table.games import GAMES, new_board_table
from overturn_cli.main import main

#: (referee, new_game options, seats) of each board game.
BOARD_GAMES: dict[str, tuple[Referee[Any], dict[str, Any], int]] = {
    "overload": (OverloadReferee(), {"players": 3, "seed": 8}, 3),
    "offboard": (OffboardReferee(), {}, 2),
    "insider": (InsiderReferee(), {"players": 4, "seed": 8}, 4),
}
#: Bound of the playout that looks for a position where the seats' scores differ.
ACTIONS = 2000


def cli_json(*args: str) -> Any:
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def is_a_score_by_seat(scores: Any, seats: int) -> bool:
    return isinstance(scores, list) and len(scores) == seats and all(type(score) is int for score in scores)


def uneven_position(referee: Referee[Any], options: dict[str, Any]) -> Any:
    """A seeded random playout stopped where two seats' scores differ (so their order shows in the answers);
    at Insider its own playout's moves, which hurry the pawns towards the scoring."""
    game, rng = referee.new_game(**options), random.Random(3)
    for _ in range(ACTIONS):
        state = referee.state(game)
        if len(set(state.scores)) > 1 or state.is_terminal():
            break
        state.apply_action(choose_action(state, rng) if referee.name == "insider" else referee.random_action(game, rng))
    assert len(set(referee.state(game).scores)) > 1, "no seat scored within the playout"
    return game


@pytest.mark.parametrize("name", sorted(BOARD_GAMES))
def test_a_board_game_s_score_is_a_list_by_seat_in_its_state_view_and_cli_json(name: str, tmp_path: Path) -> None:
    referee, options, seats = BOARD_GAMES[name]
    game = uneven_position(referee, options)
    scores = referee.state(game).scores
    assert is_a_score_by_seat(scores, seats)
    assert referee.view_json(game)["scores"] == scores
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(referee.to_json(game)), encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["scores"] == scores
    assert cli_json(name, "show", "--state", str(path))["scores"] == scores


@pytest.fixture(scope="module")
def api():
    from starlette.testclient import TestClient

    from overturn.service.app import create_app

    with TestClient(create_app()) as client:
        yield client


@pytest.mark.parametrize("name", sorted(BOARD_GAMES))
def test_a_board_game_table_answers_its_score_as_a_list_by_seat(name: str, api: Any) -> None:
    seats = BOARD_GAMES[name][2]
    answer = api.post("/api/boardgames", json={"game": name, "seats": [{}] * seats})
    assert answer.status_code == 201, answer.text[:300]
    table = answer.json()
    assert is_a_score_by_seat(table["scores"], seats), table["scores"]
    if name != "insider":  # Overload and offboard answer their referee's own view inside the table's: the same list
        assert table["board"]["scores"] == table["scores"]


def test_overturn_s_score_is_a_list_by_seat_in_the_cli_and_the_api(api: Any, default_lexicon: Any, tmp_path: Path) -> None:
    state = str(tmp_path / "g.json")
    new = cli_json("game", "new", "--seed", "311", "--state", state)
    played = cli_json("game", "play", "ROI", "--state", state)
    assert is_a_score_by_seat(played["result"]["scores"], 2) and played["result"]["scores"][0] > 0
    served = api.post("/api/game/play", json={"game": new["game"], "word": "ROI"})
    assert served.status_code == 200, served.text[:300]
    assert served.json()["result"]["scores"] == played["result"]["scores"]
    table = api.post("/api/tables", json={"seed": 311}).json()
    assert is_a_score_by_seat(table["result"]["scores"], 2) and table["result"]["scores"] == table["table"]["totals"]
    assert table["table"]["layers"] == []


@pytest.mark.parametrize(("name", "colours"), [("overload", ["red", "blue", "yellow"]), ("offboard", ["red", "yellow"])])
def test_a_table_stored_when_scores_were_keyed_by_colour_still_loads(name: str, colours: list[str]) -> None:
    table, rng = new_board_table(name, len(colours), 8, {}), random.Random(2)
    for _ in range(ACTIONS):  # random legal moves until two seats' scores differ
        if len(set(referee_scores(table))) > 1 or table.seat_to_move() is None:
            break
        seat = table.seat_to_move()
        assert seat is not None and table.play(seat, rng.choice(table.legal_moves())).accepted
    scores = referee_scores(table)
    assert len(set(scores)) > 1
    stored = json.loads(table.dump())
    stored["save"]["scores"] = dict(zip(colours, scores))  # as tables stored their save before
    loaded = GAMES[name].load(json.dumps(stored), lambda _: None)
    assert referee_scores(loaded) == scores and json.loads(loaded.dump())["save"]["scores"] == scores


def referee_scores(table: Any) -> list[int]:
    return list(table.referee.state(table.game).scores)
