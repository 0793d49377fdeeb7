"""`overturn offboard` commands on the shared scaffold, driven through click's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from overturn.referees.offboard import OffboardState, Player, load_state, save_state
from overturn_cli.main import main
from overturn_cli.offboard import offboard

# Two pushes into 3-point targets are a win; a second push into target 1 bounces.
SCORING_START = {"red": ["C2", "B2", "C5", "C6", "C1", "B1", "E5"], "yellow": ["A2", "C7", "A1", "I9"]}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return tmp_path / "offboard.json"


@pytest.fixture
def layout_file(tmp_path: Path) -> Path:
    path = tmp_path / "start.json"
    path.write_text(json.dumps({"version": 1, "start": SCORING_START}), encoding="utf-8")
    return path


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(offboard, list(args), input=input)


def new_game(path: Path, *options: str) -> None:
    result = run("new", "--state", str(path), *options)
    assert result.exit_code == 0, result.output


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_help_teaches_the_notation_and_the_rules_command() -> None:
    result = CliRunner().invoke(main, ["offboard", "--help"])
    assert result.exit_code == 0
    assert "C3-D4" in result.output and "place E5" in result.output and '"remove E5-E6"' in result.output
    for command in ("new", "show", "legal", "play", "undo", "session", "rules", "layouts"):
        assert command in result.output
    assert "docs/" not in result.output
    play_help = run("play", "--help").output
    assert "Examples:" in play_help and "offboard.json" in play_help


def test_no_short_option_has_two_meanings() -> None:
    meanings: dict[str, set[str]] = {}
    for command in offboard.commands.values():
        for param in command.params:
            for option in param.opts:
                if not option.startswith("--"):
                    meanings.setdefault(option, set()).add(param.name or "")
    assert all(len(names) == 1 for names in meanings.values()), meanings


def test_rules_summary_is_packaged_with_the_french_names() -> None:
    text = run("rules").output
    for french in ("cible", "bille", "alvéole", "pousser", "retirée", "position de départ"):
        assert french in text
    assert "CHOICE" in text and "remove E5-E6" in text and "apart" in text
    assert json.loads(run("rules", "--json").output)["rules"] == text


def test_new_draws_the_fair_default_and_will_not_overwrite_a_game(game: Path) -> None:
    result = run("new", "--state", str(game))
    assert result.exit_code == 0 and "layout: apart (packaged)" in result.output and "red to play" in result.output
    run("play", "C2-D3", "--state", str(game))
    again = run("new", "--state", str(game))
    assert again.exit_code == 2 and "--force" in again.output
    assert saved(game)["history"] == ["C2-D3"]
    session = run("session", "--new", "--state", str(game), input="quit\n")
    assert session.exit_code == 2 and "--force" in session.output and saved(game)["history"] == ["C2-D3"]
    assert run("new", "--force", "--layout", "contact", "--state", str(game)).exit_code == 0
    assert saved(game)["layout"] == {"name": "contact"} and saved(game)["history"] == []


def test_a_short_scripted_game_on_a_custom_layout_with_the_new_move_forms(game: Path, layout_file: Path) -> None:
    """Issue 15: a bounce answered with "remove MOVE" in one argument, the layout recorded by hash."""
    new_game(game, "--layout", str(layout_file))
    shown = run("show", "--state", str(game)).output
    assert "layout: CUSTOM, sha256 " in shown and "marbles in this game: red 7, yellow 4" in shown
    assert "removed" not in shown  # marbles never on the board are not "removed from the game"
    first = run("play", "C2-B2", "I9-I8", "--state", str(game))
    assert first.exit_code == 0 and "a yellow marble goes off into target 1: +3" in first.output
    bounce = run("play", "C1-B1", "--state", str(game))
    assert "already taken: no points, yellow must put it back or remove it" in bounce.output
    assert "put it back (the whole turn) or remove it from the game, then play" in bounce.output
    assert run("play", "I8-H8", "--state", str(game)).exit_code == 1  # the marble in hand comes first
    removed = run("play", "remove I8-I9", "--state", str(game))
    assert removed.exit_code == 0, removed.output
    assert "yellow remove" in removed.output and "yellow I8-I9" in removed.output
    data = saved(game)
    assert data["history"] == ["C2-B2", "I9-I8", "C1-B1", "remove", "I8-I9"]
    assert data["removed"] == {"red": 0, "yellow": 1} and data["scores"] == [3, 0]
    assert data["layout"]["sha256"] == load_state(game).layout.digest
    assert "removed from the game after a bounce: yellow 1" in run("show", "--state", str(game)).output
    undone = run("undo", "-n", "2", "--state", str(game))
    assert undone.exit_code == 0 and "Took back: remove, I8-I9." in undone.output
    assert run("play", "place E1", "--state", str(game)).exit_code == 0
    assert saved(game)["board"]["yellow"] == ["C7", "E1", "I8"]


def test_a_win_is_announced_with_its_reason(game: Path, layout_file: Path) -> None:
    new_game(game, "--layout", str(layout_file))
    result = run("play", "C2-B2", "I9-I8", "C5-C6", "--json", "--state", str(game))
    data = json.loads(result.output)
    assert data["winners"] == [0] and data["seat_names"][0] == "red" and data["win_reason"] == "red reaches 6 points"
    assert data["layout"]["custom"] is True and data["not_in_play"] == {"red": 5, "yellow": 8}
    assert "Game over: red wins (red reaches 6 points)" in run("show", "--state", str(game)).output
    assert run("play", "I8-I9", "--state", str(game)).exit_code == 1


def test_play_several_moves_is_all_or_nothing(game: Path) -> None:
    new_game(game)
    before = game.read_bytes()
    result = run("play", "C2-D3", "H7-G6", "C2-D3", "--state", str(game))
    assert result.exit_code == 1 and "not-your-marble" in result.output and "unchanged" in result.output
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("move", "rule"),
    [("A1-A0", "notation"), ("C2-E4", "not-adjacent"), ("xyz", "notation"), ("C2-B2", "own-marble-off"), ("E5-E6", "not-your-marble"), ("remove", "nothing-in-hand"),
     ("H7-G6", "not-your-marble"), ("remove C2-D3", "nothing-in-hand"), ("x" * 10_000, "notation")],
)
def test_refused_move_exits_1_with_the_rule_and_keeps_the_file(game: Path, move: str, rule: str) -> None:
    new_game(game, "--layout", "apart")
    before = game.read_bytes()
    result = run("play", move, "--state", str(game))
    assert result.exit_code == 1 and f"[rule: {rule}]" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert game.read_bytes() == before
    as_json = run("play", move, "--json", "--state", str(game))
    assert as_json.exit_code == 1 and json.loads(as_json.stdout)["error"]["rule"] == rule


def test_play_json_output_for_scripts(game: Path) -> None:
    new_game(game, "--layout", "contact")
    data = json.loads(run("play", "G5-H6", "--json", "--state", str(game)).output)
    assert data["applied"] == [{
        "action": "red G5-H6", "note": "",
        "effects": ["a line of 2 pushes 1 yellow marble(s); a yellow marble goes off into target 7: +3"],
        "events": [
            {"kind": "acted", "player": "red", "move": "G5-H6", "form": "step", "hole": ""},
            {"kind": "stepped", "player": "red", "opponent": "yellow", "marbles": 2, "pushed": 1, "target": 7, "points": 3,
             "bounced": False},
        ],
    }]
    assert data["turn"] == 1 and "C5-B4" in data["legal"] and data["scores"][0] == 3


def test_show_and_legal(game: Path) -> None:
    new_game(game)
    assert "R red, Y yellow" in run("show", "--state", str(game)).output
    assert "R red, Y yellow" not in run("show", "--no-legend", "--state", str(game)).output
    view = json.loads(run("show", "--json", "--state", str(game)).output)
    assert view["target_values"][:3] == [3, 1, 2] and view["layout"]["name"] == "apart"
    listed = run("legal", "--state", str(game)).output.splitlines()
    assert "C2-D3" in listed and len(listed) == len(OffboardState().legal_actions()) + 1  # + the awaiting line


def test_undo_replays_without_the_last_moves(game: Path) -> None:
    new_game(game)
    run("play", "C2-D3", "H7-G6", "--state", str(game))
    result = run("undo", "--state", str(game))
    assert result.exit_code == 0 and "Took back: H7-G6." in result.output
    assert saved(game)["history"] == ["C2-D3"]
    too_far = run("undo", "-n", "5", "--state", str(game))
    assert too_far.exit_code == 1 and "cannot take back 5 moves: only 1 move has been played" in too_far.output


def test_missing_tampered_and_hostile_files_are_one_line_exit_2(game: Path, tmp_path: Path) -> None:
    result = run("show", "--state", str(game))
    assert result.exit_code == 2 and "no such file" in result.output and "offboard new" in result.output
    new_game(game)
    data = saved(game)
    data["board"]["red"].append("E5")
    game.write_text(json.dumps(data), encoding="utf-8")
    before = game.read_bytes()
    result = run("play", "C2-D3", "--state", str(game))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "offboard.json: board.red: 13 entries where the recorded moves give 12" in result.output
    assert game.read_bytes() == before
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000, encoding="utf-8")
    assert run("show", "--state", str(deep)).exit_code == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"version": 1, "start": {"red": [1], "yellow": []}}, r"start.red\[0\]: expected a string"),
        ({"version": 1, "start": {"red": ["E5"], "yellow": ["E5"]}}, "E5 listed twice"),
        ({"version": 1, "start": {"red": ["Z9"], "yellow": []}}, "'Z9' is not a hole"),
        ({"version": True, "start": {"red": [], "yellow": []}}, "version: expected an integer"),
        ({"version": 1, "start": {"red": [], "yellow": []}, "cheat": 1}, "unknown key 'cheat'"),
        ({"version": 1, "start": {"red": ["E5"], "yellow": []}, "targets": [{"number": 1}]}, "missing key"),
    ],
)
def test_bad_layout_files_are_usage_errors_naming_the_field(
    game: Path, tmp_path: Path, content: dict, message: str
) -> None:
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    result = run("new", "--layout", str(path), "--state", str(game))
    assert result.exit_code == 2 and "Traceback" not in result.output and not game.exists()
    assert re.search(message, result.output), result.output


def test_layout_files_are_bounded_and_names_checked(game: Path, tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_text(" " * 100_000 + "{}", encoding="utf-8")
    result = run("new", "--layout", str(huge), "--state", str(game))
    assert result.exit_code == 2 and "too large" in result.output
    unknown = run("new", "--layout", "nowhere", "--state", str(game))
    assert unknown.exit_code == 2 and "neither a packaged layout (apart, contact) nor a file" in unknown.output


def test_a_layout_file_identical_to_a_packaged_one_keeps_its_name(game: Path, tmp_path: Path) -> None:
    listed = json.loads(run("layouts", "--json").output)
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(listed["layouts"]["contact"]), encoding="utf-8")
    new_game(game, "--layout", str(path))
    assert saved(game)["layout"] == {"name": "contact"} and listed["default"] == "apart"


def test_session_two_humans(game: Path) -> None:
    new_game(game)
    result = run("session", "--state", str(game), input="help\nC2-D3\nC2-D3\nlegal\nH7-G6\nquit\n")
    assert result.exit_code == 0
    assert "remove E5-E6" in result.output  # the help text
    assert "[rule: not-your-marble]" in result.output  # the second C2-D3 is refused, the session goes on
    assert saved(game)["history"] == ["C2-D3", "H7-G6"]


def test_session_against_the_computer_is_reproducible_and_undoable(game: Path, tmp_path: Path) -> None:
    histories = []
    for path in (game, tmp_path / "again.json"):
        first = run("session", "--new", "-c", "yellow", "--seed", "3", "--state", str(path), input="C2-D3\nquit\n")
        assert first.exit_code == 0 and "computer: yellow" in first.output
        histories.append(saved(path)["history"])
    assert histories[0] == histories[1] and len(histories[0]) == 2
    run("session", "--state", str(game), "-c", "yellow", input="undo\nquit\n")
    assert saved(game)["history"] == []


def test_session_ends_with_the_winner_and_why(game: Path, layout_file: Path) -> None:
    new_game(game, "--layout", str(layout_file))
    result = run("session", "--state", str(game), input="C2-B2\nI9-I8\nC5-C6\n")
    assert result.exit_code == 0 and "Game over: red wins (red reaches 6 points)" in result.output


def test_seed_range_is_checked(game: Path) -> None:
    result = run("session", "--new", "--seed", "9" * 50, "--state", str(game), input="quit\n")
    assert result.exit_code == 2 and not game.exists()


def test_unwritable_game_file_is_a_clean_error(tmp_path: Path) -> None:
    result = run("new", "--state", str(tmp_path))  # a directory, not a file
    assert result.exit_code != 0 and "Traceback" not in result.output
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    result = run("new", "--force", "--state", str(blocked / "game.json"))
    assert result.exit_code == 1 and "cannot save" in result.output


def test_a_puzzle_position_saved_by_a_script_is_refused_before_writing(game: Path) -> None:
    puzzle = OffboardState.from_position(red=["E5"], yellow=["I9"], targets={1: Player.YELLOW})
    with pytest.raises(ValueError, match="cannot be saved"):
        save_state(game, puzzle)
    assert not game.exists()


MOVE_WORDS = st.one_of(
    st.text(max_size=30),
    st.builds(
        lambda verb, row, col, sep, row2, col2: f"{verb}{row}{col}{sep}{row2}{col2}",
        st.sampled_from(["", "place ", "remove ", "REMOVE "]),
        st.sampled_from("ABCDEFGHIJaez"), st.integers(-1, 12),
        st.sampled_from(["-", " ", "", "--"]),
        st.sampled_from("ABCDEFGHIJa"), st.integers(0, 10),
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(MOVE_WORDS, min_size=1, max_size=3))
def test_any_play_arguments_give_a_verdict_never_a_traceback(tmp_path: Path, words: list[str]) -> None:
    game = tmp_path / "hypothesis.json"
    if not game.exists():
        new_game(game, "--layout", "contact")
    before = game.read_bytes()
    result = run("play", *words, "--state", str(game))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2)
    if result.exit_code != 0:
        assert game.read_bytes() == before
    else:
        load_state(game)  # what was written reads back
