"""The post-game review: each move against the best one, from the library, the CLI and the HTTP API.

The swing the review gives a played move is checked against the rings
themselves (the change of the mover's lead), and the best move against a
fresh ranking of the same position.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from overturn.game.board import Board
from overturn.game.computer import choose_move
from overturn.game.review import review_game, review_json
from overturn.game.state import Colour, Game, PassMove, WordMove
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer
from overturn_cli.main import main as cli

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # the board of tests/test_game.py
WORDS = ["roi", "boire", "pôle", "bonne", "tempête", "axe", "zen", "que", "nu", "ré", "ri", "bol", "lob", "ego", "one"]


@pytest.fixture(scope="module")
def lexicon(make_lexicon):
    return make_lexicon(WORDS)


def played_game(lexicon, level_by_colour: dict[Colour, int], seed: int = 0) -> Game:
    game = Game.from_board(Board.parse(BOARD_TEXT), lexicon=lexicon)
    rng = random.Random(seed)
    while not game.is_over():
        game.push(choose_move(game, level_by_colour[game.to_move], rng).move)
    return game


def lead(game: Game, colour: Colour) -> int:
    result = game.result()
    return (result.green - result.silver) * (1 if colour is Colour.GREEN else -1)


def test_each_move_is_weighed_against_the_best(lexicon) -> None:
    game = played_game(lexicon, {Colour.GREEN: 1, Colour.SILVER: 2})
    before = game.to_json()
    review = review_game(game)
    assert game.to_json() == before  # the review only reads the game
    assert len(review.moves) == len(game.history) > 4
    replay = Game.from_board(Board.parse(BOARD_TEXT), lexicon=lexicon)
    for item, played in zip(review.moves, game.history):
        ranked = replay.legal_moves()
        words = [move for move in ranked if isinstance(move.move, WordMove)]
        assert item.player is played.player and item.best.swing == ranked[0].swing
        assert item.words == len(words)
        if words:
            assert item.longest is not None
            assert len(item.longest.move.word) == max(len(move.move.word) for move in words)  # type: ignore[union-attr]
        assert all(other.swing <= item.best.swing for other in item.notable)
        lead_before = lead(replay, played.player)
        replay.push(played.move)
        assert item.played.swing == lead(replay, played.player) - lead_before  # the swing is what the rings say
        assert item.missed == item.best.swing - item.played.swing >= 0
    for colour, summary in review.players.items():
        mine = [item for item in review.moves if item.player is colour]
        assert summary.moves == len(mine) and summary.swing == sum(item.played.swing for item in mine)
        assert summary.missed == sum(item.missed for item in mine)
        assert summary.passes == sum(isinstance(item.played.move, PassMove) for item in mine)
    greedy = review.players[Colour.SILVER]
    assert greedy.missed == 0 and greedy.best_moves == greedy.moves  # level 2 always plays the best swing


def test_the_review_json_gives_each_players_sums_as_a_list_by_seat(lexicon) -> None:
    game = played_game(lexicon, {Colour.GREEN: 1, Colour.SILVER: 2}, seed=1)
    review = review_game(game)
    data = review_json(review, game.board)
    sums = [review.players[Colour.GREEN], review.players[Colour.SILVER]]
    assert [(player["moves"], player["swing"]) for player in data["players"]] == [(s.moves, s.swing) for s in sums]
    assert sums[0].swing != sums[1].swing, "the two seats' sums differ, so their order is seen"
    assert [item["seat"] for item in data["moves"]] == [played.player.seat for played in game.history]


def test_review_command_text_and_json(lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(lexicon, {Colour.GREEN: 1, Colour.SILVER: 1}, seed=3)
    state = tmp_path / "game.json"
    game.save(state)
    monkeypatch.setattr("overturn_cli.game_files.open_lexicon", lambda spec, failure=None: lexicon)
    runner = CliRunner()
    text = runner.invoke(cli, ["game", "review", "--state", str(state)])
    assert text.exit_code == 0, text.output
    first = review_game(game).moves[0]
    assert " 1. green " in text.output and "green:" in text.output and "silver:" in text.output
    assert ("best move" if first.missed == 0 else f"missed {first.missed}") in text.output.splitlines()[0]
    data = runner.invoke(cli, ["game", "review", "--state", str(state), "--json"])
    assert json.loads(data.output) == review_json(review_game(game), game.board)
    missing = runner.invoke(cli, ["game", "review", "--state", str(tmp_path / "none.json")])
    assert missing.exit_code != 0 and "Traceback" not in missing.output and "none.json" in missing.output


def test_review_endpoint(lexicon, tmp_path: Path) -> None:
    from overturn.lexicon.compiled import write_build
    from overturn.lexicon.normalize import normalize_key
    from overturn.lexicon.sources import Entry

    table = {normalize_key(word): [Entry(word, word, "N")] for word in WORDS}
    directory = write_build(tmp_path / "small", table, {"name": "small"})
    game = played_game(lexicon, {Colour.GREEN: 2, Colour.SILVER: 1}, seed=5)
    with BackgroundServer(create_app(str(directory), Limits(solve_timeout=20.0))) as url:
        with httpx.Client(base_url=url, timeout=30) as client:
            answer = client.post("/api/review", json={"game": game.to_json()})
            assert answer.status_code == 200, answer.text
            body = answer.json()
            assert body["lexicon"] == "small"
            assert {key: body[key] for key in ("moves", "players")} == review_json(review_game(game), game.board)
            assert len(body["players"]) == 2 and all(type(player["moves"]) is int for player in body["players"])
            tampered = game.to_json()
            tampered["rings"][0] = "green" if tampered["rings"][0] != "green" else "silver"
            bad = client.post("/api/review", json={"game": tampered})
            assert bad.status_code == 422 and "rings" in bad.json()["error"]
            assert client.post("/api/review", json={}).status_code == 400
            assert "/api/review" in client.get("/openapi.json").json()["paths"]
