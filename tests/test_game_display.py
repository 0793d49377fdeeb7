"""The terminal game's display (found when it was play-tested): the pass warning, the message after an opening pass, the last path, the legend."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn.game.board import Board, parse_path
from overturn.game.render import LEGEND
from overturn.game.state import Game, PassMove, WordMove
from overturn_cli.main import main

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # the board of tests/test_game_cli.py


@pytest.fixture(scope="module")
def lexicon(make_lexicon):
    return make_lexicon(["roi", "boire", "pôle", "bonne", "tempête", "axe", "zen", "que", "nu"])


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def _words_left(game: Game) -> int:
    return sum(isinstance(ranked.move, WordMove) for ranked in game.legal_moves())


def test_interactive_pass_asks_while_words_remain(lexicon, tmp_path: Path) -> None:
    board = Board.parse(BOARD_TEXT)
    local = Game.from_board(board, lexicon_name=str(lexicon.directory), lexicon=lexicon)
    left = _words_left(local)
    assert left > 0
    saved = tmp_path / "session.json"
    result = run(
        "play", "--board", BOARD_TEXT, "--lexicon", str(lexicon.directory), "--state", str(saved),
        input="pass A6\nn\npass A6\ny\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.count(f"{left} word{'s' if left > 1 else ''} can still be played; pass anyway?") == 2
    assert "not passed: still your turn" in result.output
    assert result.output.count("green passes") == 1
    local.push(PassMove(parse_path("A6", board)[0]))
    assert Game.load(saved).to_json() == local.to_json()


def test_no_question_when_no_word_is_left(lexicon, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("zzzz\n", encoding="utf-8")
    result = run("play", "--board", BOARD_TEXT, "--lexicon", str(empty), "--ending", "passes", input="pass A6\nquit\n")
    assert result.exit_code == 0, result.output
    assert "pass anyway" not in result.output and "green passes" in result.output


def test_after_an_opening_pass_the_refusal_does_not_speak_of_a_first_word(lexicon, tmp_path: Path) -> None:
    state = tmp_path / "game.json"
    assert run("game", "new", "--board", BOARD_TEXT, "--lexicon", str(lexicon.directory), "--state", str(state)).exit_code == 0
    assert run("game", "pass", "A6", "--state", str(state)).exit_code == 0
    for args in (("--path", "D1 E1 E2"), ()):  # the path judged, and the search for one
        result = run("game", "play", "ROI", *args, "--state", str(state))
        assert result.exit_code == 1 and "no_used_cell" in result.output
        assert "after the first word" not in result.output and "a word or a pass" in result.output


def test_show_and_the_session_highlight_the_last_move_with_a_legend(lexicon, tmp_path: Path) -> None:
    state = tmp_path / "game.json"
    run("game", "new", "--board", BOARD_TEXT, "--lexicon", str(lexicon.directory), "--state", str(state))
    run("game", "play", "ROI", "--path", "D1 E1 E2", "--state", str(state))
    shown = run("game", "show", "--no-color", "--state", str(state)).output
    assert "[R]g1" in shown and "[O]g2" in shown and "[I]g3" in shown and LEGEND in shown
    session = run("play", "--state", str(state), "--no-color", input="BOIRE\nquit\n").output
    last_board = session[session.rindex("silver plays BOIRE") :]
    assert all(mark in last_board for mark in ("[B]s1", "[O]s2", "[I]s3", "[R]s4", "[E]s5"))  # BOIRE's path
    assert LEGEND in last_board


def test_game_pass_warns_when_words_were_left(lexicon, tmp_path: Path) -> None:
    state = tmp_path / "game.json"
    run("game", "new", "--board", BOARD_TEXT, "--lexicon", str(lexicon.directory), "--state", str(state))
    left = _words_left(Game.load(state, lexicon))
    result = CliRunner().invoke(main, ["game", "pass", "A6", "--state", str(state)])
    assert result.exit_code == 0 and "green passes" in result.stdout
    assert f"warning: {left} word{'s' if left > 1 else ''} could still be played" in result.stderr
