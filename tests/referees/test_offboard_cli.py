"""`overturn offboard` commands, driven through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from overturn.referees.offboard import OffboardState, save_state
from overturn.referees.offboard_geometry import Player
from overturn_cli.main import main


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return tmp_path / "offboard.json"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["offboard", *args], input=input, catch_exceptions=False)


def new_game(path: Path) -> None:
    assert run("new", "--state", str(path)).exit_code == 0


def test_help_teaches_the_notation_with_examples() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "C3-D4" in result.output and "place E5" in result.output and "remove" in result.output
    for command in ("new", "show", "legal", "play", "undo", "session"):
        assert command in result.output
    play_help = run("play", "--help").output
    assert "Examples" in play_help and "offboard.json" in play_help  # --state default shown


def test_new_draws_the_board_and_saves(game: Path) -> None:
    result = run("new", "--state", str(game))
    assert result.exit_code == 0 and "red to play" in result.output
    assert json.loads(game.read_text(encoding="utf-8"))["history"] == []


def test_new_refuses_to_overwrite_without_force(game: Path) -> None:
    new_game(game)
    run("play", "C3-D4", "--state", str(game))
    result = run("new", "--state", str(game))
    assert result.exit_code != 0 and "--force" in result.output
    assert json.loads(game.read_text(encoding="utf-8"))["history"] == ["C3-D4"]
    assert run("new", "--force", "--state", str(game)).exit_code == 0


def test_play_moves_saves_and_reports(game: Path) -> None:
    new_game(game)
    result = run("play", "G5-H6", "--state", str(game))
    assert result.exit_code == 0
    assert "yellow marble off into target 7: +3" in result.output
    assert "score: red 3, yellow 0. yellow to play." in result.output
    saved = json.loads(game.read_text(encoding="utf-8"))
    assert saved["scores"] == {"red": 3, "yellow": 0} and saved["targets"][6] == "yellow"


def test_play_several_moves_is_all_or_nothing(game: Path) -> None:
    new_game(game)
    before = game.read_bytes()
    result = run("play", "C3-D4", "G7-F6", "C3-D4", "--state", str(game))
    assert result.exit_code == 1 and "not-your-marble" in result.output and "unchanged" in result.output
    assert game.read_bytes() == before
    assert run("play", "C3-D4", "G7-F6", "--state", str(game)).exit_code == 0
    assert json.loads(game.read_text(encoding="utf-8"))["history"] == ["C3-D4", "G7-F6"]


@pytest.mark.parametrize(
    ("move", "rule"),
    [("H5-I6", "own-marble-off"), ("C3-E5", "not-adjacent"), ("B2-B3", "outnumbered"), ("xyz", "notation"),
     ("B3-B4", "single-cannot-push"), ("E5-E6", "not-your-marble"),
     ("remove", "nothing-in-hand"), ("G7-F6", "not-your-marble")],
)
def test_refused_move_exits_non_zero_with_the_rule_and_keeps_the_file(game: Path, move: str, rule: str) -> None:
    new_game(game)
    before = game.read_bytes()
    result = run("play", move, "--state", str(game))
    assert result.exit_code == 1 and f"[rule: {rule}]" in result.output
    assert "Traceback" not in result.output and game.read_bytes() == before


def test_play_json_output_for_scripts(game: Path) -> None:
    new_game(game)
    data = json.loads(run("play", "G5-H6", "--json", "--state", str(game)).output)
    assert data["applied"][0] == {
        "move": "G5-H6", "player": "red", "marbles": 2, "pushed": 1, "target": 7, "points": 3,
        "bounced": False, "text": "red G5-H6: line of 2 pushes 1 yellow; yellow marble off into target 7: +3",
    }
    assert data["current_player"] == "yellow" and "C5-B4" in data["legal"]


def test_show_and_legal(game: Path) -> None:
    new_game(game)
    shown = run("show", "--state", str(game)).output
    assert "A   2 R R R Y . 2" in shown and "target   1  2  3" in shown
    assert json.loads(run("show", "--json", "--state", str(game)).output)["target_values"][:3] == [3, 1, 2]
    listed = run("legal", "--state", str(game)).output.splitlines()
    assert "A2-A3    line of 2 pushes 1 yellow" in listed and len(listed) == len(OffboardState().legal_actions())
    as_json = json.loads(run("legal", "--json", "--state", str(game)).output)
    assert {item["move"] for item in as_json} >= {"G5-H6", "A1-B1"}


def test_bounced_marble_choice_through_the_cli(game: Path) -> None:
    state = OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"], targets={1: Player.YELLOW})
    save_state(game, state)
    result = run("play", "C2-B2", "--state", str(game))
    assert "already taken: no points, yellow must place or remove it" in result.output
    assert "'place HOLE' (whole turn) or 'remove' (then play)" in result.output
    assert "[rule: marble-in-hand]" in run("play", "I9-I8", "--state", str(game)).output
    assert run("play", "remove", "I9-I8", "--state", str(game)).exit_code == 0
    assert json.loads(game.read_text(encoding="utf-8"))["removed"]["yellow"] == 10


def test_undo_replays_without_the_last_moves(game: Path) -> None:
    new_game(game)
    run("play", "C3-D4", "G7-F6", "--state", str(game))
    result = run("undo", "--state", str(game))
    assert result.exit_code == 0 and "Took back: G7-F6" in result.output
    assert json.loads(game.read_text(encoding="utf-8"))["history"] == ["C3-D4"]
    assert run("undo", "--moves", "5", "--state", str(game)).exit_code == 1


def test_missing_and_tampered_files_give_clear_errors(game: Path) -> None:
    result = run("show", "--state", str(game))
    assert result.exit_code == 1 and "no such file" in result.output and "offboard new" in result.output
    new_game(game)
    data = json.loads(game.read_text(encoding="utf-8"))
    data["board"]["red"].append("E5")
    game.write_text(json.dumps(data), encoding="utf-8")
    before = game.read_bytes()
    result = run("play", "C3-D4", "--state", str(game))
    assert result.exit_code == 1 and "board:" in result.output and "Traceback" not in result.output
    assert game.read_bytes() == before


def test_session_two_humans(game: Path) -> None:
    result = run("session", "--state", str(game), input="help\nC3-D4\nC3-D4\nlegal\nG7-F6\nquit\n")
    assert result.exit_code == 0
    assert "New game" in result.output and "legal        list the legal moves" in result.output
    assert "[rule: not-your-marble]" in result.output  # second C3-D4 is refused, session goes on
    assert json.loads(game.read_text(encoding="utf-8"))["history"] == ["C3-D4", "G7-F6"]


def test_session_against_the_computer_is_reproducible_and_undoable(game: Path) -> None:
    first = run("session", "--new", "-c", "yellow", "--seed", "3", "--state", str(game), input="C3-D4\n")
    history = json.loads(game.read_text(encoding="utf-8"))["history"]
    assert first.exit_code == 0 and len(history) == 2 and "computer: yellow" in first.output
    # yellow's reply was the only 3-point push on offer after C3-D4
    assert history[1] == "C5-B4"
    run("session", "--state", str(game), "-c", "yellow", input="undo\nquit\n")
    assert json.loads(game.read_text(encoding="utf-8"))["history"] == []


def test_session_ends_with_the_winner(game: Path) -> None:
    state = OffboardState.from_position(
        red=["C2", "B2"], yellow=["A2", "I9"], targets={3: Player.YELLOW, 12: Player.YELLOW}
    )
    save_state(game, state)
    result = run("session", "--state", str(game), input="C2-B2\n")
    assert result.exit_code == 0 and "Game over: red wins" in result.output


def test_unwritable_game_file_is_a_clean_error(tmp_path: Path) -> None:
    result = run("new", "--state", str(tmp_path))  # a directory, not a file
    assert result.exit_code != 0 and "Traceback" not in result.output
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    result = run("new", "--force", "--state", str(blocked / "game.json"))
    assert result.exit_code == 1 and "cannot write" in result.output


def test_legal_after_the_end_says_who_won(game: Path) -> None:
    state = OffboardState.from_position(red=["E5"], yellow=["I9"], targets={1: Player.YELLOW, 4: Player.YELLOW})
    save_state(game, state)
    assert "the game is over (red wins)" in run("legal", "--state", str(game)).output
    assert "[rule: game-over]" in run("play", "E5-E6", "--state", str(game)).output
