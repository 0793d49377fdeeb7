"""`overturn insider`: new, show, legal, play, session; refusals leave the file untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli.main import main


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(main, ["insider", *args], input=input, catch_exceptions=False)


def new_game(runner: CliRunner, path: Path, *extra: str) -> None:
    result = run(runner, "new", "--players", "2", "--seed", "7", "--state", str(path), *extra)
    assert result.exit_code == 0, result.output


def test_help_teaches_with_examples(runner: CliRunner) -> None:
    result = run(runner, "--help")
    assert result.exit_code == 0
    assert "overturn insider new --players 2 --seed 7" in result.output
    for command in ("new", "show", "legal", "play", "session"):
        assert command in result.output
    assert "[default: insider.json]" in run(runner, "show", "--help").output


def test_new_deals_and_saves(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    data = json.loads(path.read_text())
    assert data["game"] == "insider" and data["version"] == 1 and data["seed"] == 7
    assert all(sum(hand.values()) == 7 for hand in data["hands"])
    again = run(runner, "new", "--state", str(path))
    assert again.exit_code != 0 and "already exists" in again.output
    assert run(runner, "new", "--players", "3", "--force", "--state", str(path)).exit_code == 0
    assert json.loads(path.read_text())["players"] == 3


def test_show_and_legal(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    shown = run(runner, "show", "--state", str(path))
    assert "[c3 INS ]" in shown.output and "P0 to play: walk, roll or draw" in shown.output
    assert "7 cards" in shown.output
    hands = run(runner, "show", "--hands", "--state", str(path)).output
    assert "7 cards" not in hands and any(f"{card}:" in hands for card in ("admin", "heli", "scandal", "trend", "guard"))
    legal = run(runner, "legal", "--state", str(path))
    assert legal.output.split("\n")[1:4] == ["  walk", "  roll", "  draw"]
    data = json.loads(run(runner, "legal", "--json", "--state", str(path)).output)
    assert data["legal_actions"] == ["walk", "roll", "draw"] and data["current_player"] == 0


def test_play_applies_and_saves(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    assert run(runner, "play", "walk", "--state", str(path)).exit_code == 0
    result = run(runner, "play", "step", "a1", "a1-b1.1", "--state", str(path))
    assert result.exit_code == 0 and "6 point(s) left" in result.output
    data = json.loads(run(runner, "play", "step", "a1-b1.1", "a1-b1.2", "--json", "--state", str(path)).output)
    assert data["applied"] == "step a1-b1.1 a1-b1.2"
    assert "a1-b1.2" in json.loads(path.read_text())["pawns"][0]


def test_a_refused_action_exits_non_zero_and_leaves_the_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    run(runner, "play", "walk", "--state", str(path))
    before = path.read_bytes()
    result = run(runner, "play", "step", "a1", "b1", "--state", str(path))
    assert result.exit_code == 1
    assert "rule: not-a-step" in result.output and "Traceback" not in result.output
    assert path.read_bytes() == before


def test_seeded_rolls_are_drawn_by_the_referee(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    result = run(runner, "play", "roll", "--state", str(path))
    assert "rolled" in result.output
    assert json.loads(path.read_text())["turn"]["points"] > 0


def test_table_mode_takes_dice_and_cards_from_the_table(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path, "--table")
    legal = run(runner, "legal", "--state", str(path))
    assert "card admin" in legal.output and "0.200" in legal.output
    for _ in range(11):
        assert run(runner, "play", "card", "heli", "--state", str(path)).exit_code == 0
    refused = run(runner, "play", "card", "heli", "--state", str(path))
    assert refused.exit_code == 1 and "bad-outcome" in refused.output  # all 11 are dealt
    for _ in range(3):
        assert run(runner, "play", "card", "admin", "--state", str(path)).exit_code == 0
    data = json.loads(path.read_text())
    assert data["hands"][0]["heli"] == 7 and data["hands"][1] == {"admin": 3, "heli": 4, "scandal": 0, "trend": 0, "guard": 0}
    assert run(runner, "play", "eval", "9z", "--state", str(path)).exit_code == 1
    assert run(runner, "play", "eval", "4b", "--state", str(path)).exit_code == 0
    run(runner, "play", "roll", "--state", str(path))
    assert run(runner, "play", "dice", "3", "4", "--state", str(path)).exit_code == 0  # a 7: roll again
    result = run(runner, "play", "dice", "5", "5", "--state", str(path))
    assert "double" in result.output
    assert "totalout c2 c1" in run(runner, "legal", "--state", str(path)).output


def test_a_broken_state_file_is_reported_without_traceback(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    data = json.loads(path.read_text())
    data["turn"]["points"] = "many"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    result = run(runner, "play", "walk", "--state", str(path))
    assert result.exit_code == 1 and "turn.points" in result.output and "Traceback" not in result.output
    assert path.read_bytes() == before
    missing = run(runner, "show", "--state", str(tmp_path / "none.json"))
    assert missing.exit_code == 1 and "overturn insider new" in missing.output


def test_session_plays_from_the_prompt(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    result = run(runner, "session", "--state", str(path),
                 input="legal\nwalk\nstep a1 b1\nstep a1 a1-b1.1\nhelp\nquit\n")
    assert result.exit_code == 0
    assert "  walk\n  roll\n  draw" in result.output
    assert "refused: " in result.output and "[rule: not-a-step]" in result.output
    assert "6 point(s) left" in result.output
    assert "a1-b1.1" in json.loads(path.read_text())["pawns"][0]


def test_session_ends_cleanly_at_end_of_input(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    result = run(runner, "session", "--state", str(path), input="walk\n")
    assert result.exit_code == 0 and "Saved in" in result.output


def test_card_plays_may_drop_the_word_play(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    run(runner, "play", "walk", "--state", str(path))
    data = json.loads(path.read_text())
    card = next(c for c in ("trend", "scandal") if data["hands"][0][c] >= 1)
    action = ["trend", "1"] if card == "trend" else ["scandal", "1", "1"]
    result = run(runner, "play", *action, "--state", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["history"][-1].startswith(f"play {card} 1")


def test_show_json_carries_the_whole_state(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(runner, path)
    data = json.loads(run(runner, "show", "--json", "--state", str(path)).output)
    assert data["state"] == json.loads(path.read_text())
    assert data["awaiting"] == "P0 to play: walk, roll or draw" and data["terminal"] is False
