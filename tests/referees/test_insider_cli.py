"""`overturn insider` on the shared scaffold: a scripted game with the new move forms, exit codes, JSON, help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from overturn_cli.main import main


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def game(runner: CliRunner, tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    result = run(runner, path, "new", "--players", "2", "--seed", "7")
    assert result.exit_code == 0, result.output
    return path


def run(runner: CliRunner, path: Path | None, *args: str, input: str | None = None) -> Result:
    state = ["--state", str(path)] if path is not None else []
    return runner.invoke(main, ["insider", *args, *state], input=input, catch_exceptions=False)


def played(runner: CliRunner, path: Path, *actions: str) -> str:
    """Play actions one command each, all accepted; return the last output."""
    output = ""
    for action in actions:
        result = run(runner, path, "play", *action.split())
        assert result.exit_code == 0, (action, result.output)
        output = result.output
    return output


def history(path: Path) -> list[str]:
    return json.loads(path.read_text())["history"]


def test_a_short_scripted_game_with_the_new_move_forms(runner: CliRunner, game: Path) -> None:
    # P0: a whole link per command, several actions in one, a path space named from either end
    played(runner, game, "walk", "move a1 b1", "move b1 c1")
    assert history(game)[-6:] == ["step a1 a1-b1.1", "step a1-b1.1 a1-b1.2", "step a1-b1.2 b1",
                                  "step b1 b1-c1.1", "step b1-c1.1 b1-c1.2", "step b1-c1.2 c1"]
    played(runner, game, "step c1 d1-c1.2", "end")
    assert history(game)[-2] == "step c1 c1-d1.1"
    played(runner, game, "walk, move e5 e4, move e4 e3, step e3 e3-e2.1, end")
    assert "e2-e3.2" in json.loads(game.read_text())["pawns"][1]
    played(runner, game, "walk, move c1-d1.1 d1, move d1 d2, move a1 a1-b1.2, end")
    # P1 meets P0 on d2 after a Trendsetter's extra turn: the status line offers no card play there
    played(runner, game, "walk", "move e2-e3.2 e2", "trend 1")
    assert played(runner, game, "walk").splitlines()[-1] == (
        "P1 moving: 7 point(s) left (move a pawn). Type 'play move FROM TO' (a whole link) or 'play step FROM TO' (one step).")
    meeting = played(runner, game, "move e2 d2")
    assert "take a card from each" in meeting
    assert "[d2 01  ]" in run(runner, game, "show").output
    # declining: the pawn moves on
    played(runner, game, "decline", "move d2 d2-c2.1")
    assert "c2-d2.2" in json.loads(game.read_text())["pawns"][1]
    # undo back to the meeting, take this time: the pawn stops
    assert run(runner, game, "undo", "-n", "2").exit_code == 0
    hand = sum(json.loads(game.read_text())["hands"][1].values())
    played(runner, game, "take")
    assert sum(json.loads(game.read_text())["hands"][1].values()) == hand + 1
    stopped = run(runner, game, "play", "move", "d2", "c2-d2.1", "--json")
    assert stopped.exit_code == 1 and json.loads(stopped.stdout)["error"]["rule"] == "pawn-stopped"


def test_new_needs_force_over_a_game_and_bounds_the_seed(runner: CliRunner, game: Path) -> None:
    before = game.read_bytes()
    again = run(runner, game, "new")
    assert again.exit_code == 2 and "--force" in again.output and game.read_bytes() == before
    assert run(runner, game, "session", "--new", input="quit\n").exit_code == 2
    assert run(runner, game, "new", "--seed", str(2**63)).exit_code == 2
    assert run(runner, game, "new", "--seed", "-1").exit_code == 2
    repeated = run(runner, game, "new", "--players", "3", "--seed", "1", "--seed", "2", "--force")
    assert repeated.exit_code == 2 and "more than once" in repeated.output and game.read_bytes() == before
    assert run(runner, game, "new", "--players", "3", "--force").exit_code == 0
    assert json.loads(game.read_text())["players"] == 3


def test_a_refusal_exits_1_names_the_rule_and_leaves_the_file(runner: CliRunner, game: Path) -> None:
    played(runner, game, "walk")
    before = game.read_bytes()
    text = run(runner, game, "play", "step", "a1", "b1")
    assert text.exit_code == 1 and "[rule: not-a-step]" in text.stderr and "Traceback" not in text.output
    as_json = run(runner, game, "play", "move", "a1", "c1", "--json")
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["error"]["rule"] == "not-on-a-link"
    # all or nothing: a refused action after accepted ones saves nothing
    assert run(runner, game, "play", "move a1 b1, step b1 e5").exit_code == 1
    assert game.read_bytes() == before


def test_an_unknown_position_gets_a_suggestion(runner: CliRunner, game: Path) -> None:
    played(runner, game, "walk")
    result = run(runner, game, "play", "step", "a1", "a1-b1.3")
    assert result.exit_code == 1 and "did you mean" in result.output and "a1-b1.1" in result.output


def test_table_mode_takes_dice_in_any_order_and_cards_in_one_command(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    assert run(runner, path, "new", "--table").exit_code == 0
    legal = run(runner, path, "legal").output
    assert "card admin" in legal and "0.200" in legal
    deal = ", ".join(["card heli"] * 7 + ["card admin"] * 3 + ["card guard"] * 4)
    played(runner, path, deal, "eval 4b", "roll", "dice 4 3")  # a 7: rolled again
    assert history(path)[-1] == "dice 3 4"
    result = run(runner, path, "play", "dice", "5", "1")
    assert result.exit_code == 0 and history(path)[-1] == "dice 1 5"
    assert json.loads(path.read_text())["turn"]["points"] == 6


def test_the_status_line_under_rumours_offers_no_walk(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    run(runner, path, "new", "--table")
    deal = ", ".join(["card scandal"] * 7 + ["card admin"] * 7)
    played(runner, path, deal, "eval 4b", "walk", "scandal 2 1")  # rumours on P1 (no Bodyguard to stop it)
    played(runner, path, "move a1 b1, move b1 c1, step c1 c1-d1.1, end")
    status = run(runner, path, "show").output.splitlines()[-1]
    assert status == "P1 to play: roll or draw (rumours: one die, no walking). Type 'play roll' or 'play draw'."


def test_help_lists_the_card_words_and_their_powers(runner: CliRunner) -> None:
    text = run(runner, None, "--help").output
    for word, french in (("admin", "Administrateur"), ("heli", "Hélicoptère"), ("scandal", "Scandale"),
                         ("trend", "Tendance"), ("guard", "Protection")):
        assert f"  {word} " in text and french in text
    assert "Special VIP" in text and "Alerte à la bombe" in text and "media hype" in text
    assert "move a1 b1" in run(runner, None, "play", "--help").output


def test_rules_ship_with_the_package_with_the_french_names(runner: CliRunner) -> None:
    text = run(runner, None, "rules").output
    for name in ("Administrateur", "Hélicoptère", "Scandale", "Tendance", "Protection", "CHOICE", "move FROM TO"):
        assert name in text
    assert "'decline'" in text and "offers the choice again" in text


def test_legal_groups_flights_on_one_line(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    run(runner, path, "new", "--table")
    deal = ", ".join(["card heli"] * 7 + ["card admin"] * 7)
    played(runner, path, deal, "eval 4b", "walk", "move a1 b1", "move b1 b2")
    lines = run(runner, path, "legal").output.splitlines()
    flights = [line for line in lines if line.startswith("play heli 1")]
    assert len(flights) == 1 and flights[0].startswith("play heli 1 FROM TO: b2 -> ")
    assert len(lines) < 12
    listed = json.loads(run(runner, path, "legal", "--json").output)["legal"]  # each flight as 'play' takes it
    flights_2 = [line for line in listed if line.startswith("play heli 2 b2 ")]
    assert len(flights_2) > 1 and all(len(line.split()) == 5 for line in flights_2)


def test_a_tampered_file_is_unreadable_exit_2_without_traceback(runner: CliRunner, game: Path) -> None:
    data = json.loads(game.read_text())
    data["pending"] = [{"kind": "steal", "victims": []}]
    game.write_text(json.dumps(data))
    before = game.read_bytes()
    for command in ("show", "legal", "play walk", "undo"):
        result = run(runner, game, *command.split())
        assert result.exit_code == 2, command
        assert "g.json: pending: " in result.output and "Traceback" not in result.output
    assert game.read_bytes() == before
    missing = run(runner, game.parent / "none.json", "show")
    assert missing.exit_code == 2 and "overturn insider new" in missing.output


def test_session_plays_from_the_prompt(runner: CliRunner, game: Path) -> None:
    result = run(runner, game, "session", input="legal\nwalk\nstep a1 b1\nmove a1 b1\nundo\nhelp\nquit\n")
    assert result.exit_code == 0
    assert "[rule: not-a-step]" in result.output and "took back step a1-b1.2 b1" in result.output
    assert "move a1 b1" in result.output and "4 point(s) left" in result.output
    assert "a1-b1.2" in json.loads(game.read_text())["pawns"][0]


def test_show_json_carries_the_whole_state(runner: CliRunner, game: Path) -> None:
    data = json.loads(run(runner, game, "show", "--json").output)
    assert data["state"] == json.loads(game.read_text())
    assert data["awaiting"] == "P0 to play: walk, roll or draw." and data["terminal"] is False
    assert data["legal"] == ["walk", "roll", "draw"] and data["chance"] == "seeded"
