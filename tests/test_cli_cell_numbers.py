"""A path the command line prints (cell numbers, as --json gives them) reads back in every path or cell option.

The forms are B3 (column letter, row number), 3,2 (row,col, 1-based) and the
cell's number (``row * cols + col``), a path of numbers written as JSON
(``[16, 9, 15]``), with spaces or with commas. Here: the forms give the same
cells on random boards and paths (against the arithmetic, not the parser), each
command that prints a path in --json takes it back and judges it as the
letter-number form, and the refusals are usage errors naming the option.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from overturn.game.board import Board, BoardError, Rules
from overturn_cli.common import typed_cells
from overturn_cli.main import main

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # tests/test_game.py draws it
WORDS = ["roi", "boire", "pôle", "bonne", "tempête", "axe", "zen", "que", "nu", "pou", "bol", "lob"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


# ----- the forms, by the arithmetic -------------------------------------------------------------


def letters(rows_cols: list[tuple[int, int]]) -> str:
    return " ".join(f"{chr(65 + col)}{row + 1}" for row, col in rows_cols)


def pairs(rows_cols: list[tuple[int, int]]) -> str:
    return " ".join(f"{row + 1},{col + 1}" for row, col in rows_cols)


def number_forms(numbers: list[int]) -> list[str]:
    """The numbers as --json prints them, with spaces, and (but for two numbers: a row,col pair) with commas."""
    forms = [json.dumps(numbers), json.dumps(numbers, separators=(",", ":")), " ".join(map(str, numbers))]
    if len(numbers) != 2:
        forms += [",".join(map(str, numbers)), ", ".join(map(str, numbers))]
    return forms


@st.composite
def board_and_path(draw: st.DrawFn) -> tuple[Board, list[tuple[int, int]]]:
    rows = draw(st.integers(1, 16))
    cols = draw(st.integers(1, min(16, 256 // rows)))
    faces = draw(st.text(alphabet="ABCDEFGHIJKLMNOPRSTUVWY", min_size=rows * cols, max_size=rows * cols))
    board = Board.parse("/".join(faces[row * cols : (row + 1) * cols] for row in range(rows)), Rules(rows, cols, 1, 1))
    cells = draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), min_size=1, max_size=12))
    return board, cells


@settings(max_examples=300, deadline=None)
@given(board_and_path())
def test_the_three_forms_give_the_same_cells(case: tuple[Board, list[tuple[int, int]]]) -> None:
    board, rows_cols = case
    cols = board.rules.cols
    expected = tuple(row * cols + col for row, col in rows_cols)
    assert typed_cells(letters(rows_cols), board) == expected
    assert typed_cells(pairs(rows_cols), board) == expected
    for form in number_forms(list(expected)):
        assert typed_cells(form, board) == expected, form
    if len(expected) == 2:  # "a,b" stays the row,col pair it always was; "a, b" is refused, never guessed
        first, second = expected
        bare = f"{first},{second}"
        if 1 <= first <= board.rules.rows and 1 <= second <= cols:
            assert typed_cells(bare, board) == ((first - 1) * cols + second - 1,)
        else:
            with pytest.raises(BoardError):
                typed_cells(bare, board)
        with pytest.raises(BoardError, match="ambiguous"):
            typed_cells(f"{first}, {second}", board)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 ,[]-", max_size=24))
def test_digits_either_read_as_documented_or_refused(text: str) -> None:
    """Any digit string: a BoardError or a reading; row,col pairs read as before; numbers only with one separator."""
    board = Board.parse("ABCDEF" * 6)
    try:
        cells = typed_cells(text, board)
    except BoardError:
        return
    typed = text.strip()
    tokens = typed.replace("-", " ").split()  # "-" separates cells in the letter forms, as it always did
    if tokens and all(re.fullmatch(r"\d+,\d+", token) for token in tokens):  # the old form keeps its meaning
        assert cells == tuple((int(row) - 1) * 6 + int(col) - 1 for row, col in (token.split(",") for token in tokens))
    elif typed.startswith("["):  # as the API reads JSON: cell numbers, or [row, col] pairs from 0
        assert list(cells) == [item if isinstance(item, int) else item[0] * 6 + item[1] for item in json.loads(typed)]
    else:  # numbers, with one kind of separator: all spaces, all bare commas or all commas with spaces
        numbers = re.findall(r"\d+", typed)
        assert list(cells) == [int(number) for number in numbers] and "-" not in typed
        kinds = {"space" if "," not in gap else "comma" if gap == "," else "comma-space" for gap in re.findall(r"[\s,]+", typed)}
        assert len(kinds) <= 1 and typed.count(",") in (0, len(numbers) - 1)
        assert len(numbers) != 2 or kinds == {"space"}  # "a,b" is a pair, "a, b" refused


def test_a_mix_of_forms_is_refused_and_letters_with_pairs_still_read() -> None:
    board = Board.parse(BOARD_TEXT)
    for mixed in ("A1 7", "7 B2", "1,1 7", "[0, 7] A1", "0,7,14 21", "1,1, 2,2"):
        with pytest.raises(BoardError):
            typed_cells(mixed, board)
    assert typed_cells("A1 2,2", board) == (0, 7)  # both 1-based human forms: as before
    assert typed_cells("[[0, 0], [1, 1]]", board) == (0, 7)  # JSON pairs are the API's and the saved games': 0-based


# ----- round trips through the commands ----------------------------------------------------------


@pytest.fixture(scope="module")
def lexicon_dir(make_lexicon) -> str:
    return str(make_lexicon(WORDS).directory)


@pytest.fixture
def state(tmp_path: Path, lexicon_dir: str) -> Path:
    path = tmp_path / "game.json"
    made = run("game", "new", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--ending", "passes", "--state", str(path))
    assert made.exit_code == 0, made.output
    return path


def lettered(path: list[int]) -> str:
    return letters([divmod(cell, 6) for cell in path])


def json_of(result: Result) -> dict[str, Any]:
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_the_hint_s_path_plays_back(state: Path, tmp_path: Path) -> None:
    hint = json_of(run("game", "hint", "--json", "--state", str(state)))["moves"][0]
    assert hint["kind"] == "word"
    answers = []
    for form in [lettered(hint["path"]), *number_forms(hint["path"])]:
        copy = tmp_path / f"copy-{len(answers)}.json"
        shutil.copy(state, copy)
        played = run("game", "play", hint["word"], "--path", form, "--json", "--state", str(copy))
        assert played.exit_code == 0, (form, played.output)
        answers.append((json.loads(played.output), json.loads(copy.read_text(encoding="utf-8"))))
    assert answers[0][0]["verdict"]["path"] == hint["path"] and answers[0][0]["verdict"]["swing"] == hint["swing"]
    assert all(answer == answers[0] for answer in answers), "a form played another move"


def test_every_move_s_path_is_judged_as_its_letters(state: Path) -> None:
    moves = json_of(run("game", "moves", "--json", "--state", str(state)))["moves"]
    words = [move for move in moves if move["kind"] == "word"]
    assert len(words) >= 3
    for move in words:
        verdicts = [json_of(run("referee", move["word"], "--path", form, "--json", "--state", str(state)))
                    for form in [lettered(move["path"]), *number_forms(move["path"])]]
        assert verdicts[0]["legal"] and verdicts[0]["path"] == move["path"] and verdicts[0]["swing"] == move["swing"]
        assert all(verdict == verdicts[0] for verdict in verdicts), move


def test_a_refused_verdict_s_path_reads_back_to_the_same_refusal(state: Path, lexicon_dir: str) -> None:
    """`referee --json` prints the closest path of a refusal: given back, it is judged as its letters."""
    first = json_of(run("referee", "POLE", "--json", "--state", str(state)))
    assert first["reason"] == "single_tile" and first["path"]
    by_letters = json_of(run("referee", "POLE", "--path", lettered(first["path"]), "--json", "--state", str(state)))
    again = json_of(run("referee", "POLE", "--path", json.dumps(first["path"]), "--json", "--state", str(state)))
    assert again == by_letters and again["reason"] == "single_tile" and again["path"] == first["path"]
    on_board = json_of(run("referee", "POLE", "--path", " ".join(map(str, first["path"])), "--board", BOARD_TEXT,
                           "--lexicon", lexicon_dir, "--json"))
    assert on_board["reason"] == "single_tile" and on_board["path"] == first["path"]


def test_solve_s_paths_draw_and_judge_as_their_letters(lexicon_dir: str) -> None:
    solved = json_of(run("solve", BOARD_TEXT, "--lexicon", lexicon_dir, "--json"))["words"]
    assert solved
    for found in solved:
        drawn = [run("show", BOARD_TEXT, "--path", form, "--no-color").output for form in [lettered(found["path"]), *number_forms(found["path"])]]
        assert all(drawing == drawn[0] for drawing in drawn) and "[" in drawn[0]
        judged = json_of(run("referee", found["word"], "--path", ",".join(map(str, found["path"])) if len(found["path"]) != 2 else json.dumps(found["path"]),
                             "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--json"))
        assert judged["legal"] and judged["path"] == found["path"], found


def test_the_saved_moves_game_show_prints_read_back(state: Path) -> None:
    """`game show --json` prints the game as saved, paths as 0-based [row, col] pairs: in brackets, they read as the API reads them."""
    assert run("game", "play", "BOIRE", "--state", str(state)).exit_code == 0
    saved = json_of(run("game", "show", "--json", "--state", str(state)))["game"]["moves"][0]
    assert saved["word"] == "BOIRE" and isinstance(saved["path"][0], list)
    numbers = [row * 6 + col for row, col in saved["path"]]
    verdicts = [json_of(run("referee", "BOIRE", "--path", form, "--json", "--state", str(state)))
                for form in (json.dumps(saved["path"]), json.dumps(numbers), lettered(numbers))]
    assert verdicts[0]["reason"] == "already_played" and verdicts[0]["path"] == numbers
    assert all(verdict == verdicts[0] for verdict in verdicts)


def test_a_pass_by_cell_number_rings_the_same_cell(state: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.json"
    shutil.copy(state, copy)
    by_letters = run("game", "pass", "F6", "--json", "--state", str(state))
    by_number = run("game", "pass", "35", "--json", "--state", str(copy))
    assert by_letters.exit_code == 0 and json.loads(by_letters.output)["verdict"]["path"] == [35]
    assert by_number.output == by_letters.output and copy.read_bytes() == state.read_bytes()


def test_the_session_reads_numbers_too(tmp_path: Path, lexicon_dir: str) -> None:
    saved = tmp_path / "session.json"
    result = run("play", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--state", str(saved), "--no-color",
                 input="boire 5 4 10 3 9\nroi 99\npass [1, 2]\nquit\n")
    assert result.exit_code == 0, result.output
    assert "green plays BOIRE" in result.output and "bad path: path[0] cell 99 is off the 6×6 board" in result.output
    assert "a pass rings exactly one cell" in result.output
    assert [move["word"] for move in json.loads(saved.read_text(encoding="utf-8"))["moves"]] == ["BOIRE"]


# ----- refusals: usage errors naming the option ----------------------------------------------------

REFUSED = {
    "[36]": "path[0] cell 36 is off the 6×6 board (cells 0 to 35)",
    "5 4 99": "path[2] cell 99 is off the 6×6 board",
    "[]": "the path is empty",
    "": "the path is empty",
    "   ": "the path is empty",
    "A1 7": "mixes cell numbers with cells like B3",
    "1,1 7": "cannot tell row,col pairs from cell numbers",
    "1,1, 2,2": "cannot tell row,col pairs from cell numbers",
    "1, 2": "ambiguous: write 1,2 for row 1, column 2 (1-based), or [1, 2]",
    "[[1, 1], 7]": "mixes cell numbers and [row, col] pairs",
    "[1.5]": "path[0] must be a cell number",
    "[true]": "path[0] must be a cell number",
    "[0, 7": "is not a JSON list of cell numbers",
    "-1 5": "cell numbers are 0 or more, separated by spaces or commas",
    "0,,7": "a cell number is missing between two commas",
    "9" * 300: "cell 999999999999… (300 digits) is off the 6×6 board",
}


@pytest.mark.parametrize("typed", list(REFUSED))
def test_bad_paths_are_usage_errors_naming_the_option(typed: str, state: Path, lexicon_dir: str) -> None:
    before = state.read_bytes()
    for args, option in [
        (["game", "play", "BOIRE", "--path", typed, "--state", str(state)], "--path"),
        (["referee", "BOIRE", "--path", typed, "--state", str(state), "--json"], "--path"),
        (["show", BOARD_TEXT, "--path", typed], "--path"),
        (["game", "pass", "--state", str(state), "--", typed], "CELL"),  # "--": a CELL may start with "-"
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert option in result.output and REFUSED[typed] in " ".join(result.output.split()), (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert state.read_bytes() == before


def test_a_pass_by_number_still_rings_one_cell(state: Path) -> None:
    result = run("game", "pass", "0 1", "--state", str(state))
    assert result.exit_code == 2 and "a pass rings exactly one cell" in result.output
