"""The board drawing: tiles, rings and a traced path, in plain text and with terminal colours."""

from __future__ import annotations

from overturn.game.board import Board, Rules, parse_path
from overturn.game.render import describe_path, render_board
from overturn.game.state import Colour

BOARD = Board.parse("POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV")


def test_plain_board_has_coordinates_and_tile_borders():
    lines = render_board(BOARD).splitlines()
    assert lines[0].split() == list("ABCDEF")
    assert lines[1].split() == ["1", "P", "O", "|", "K", "R", "|", "O", "B"]
    assert set(lines[3].strip()) == {"-"} and len(lines) == 9
    assert "Zx" in lines[4] and "Qu" in lines[5]


def test_path_cells_are_framed_with_their_step_numbers_and_rings_marked():
    path = parse_path("B5 C5 B6 C6 C5 B5 C5", BOARD)
    rings = [None] * 36
    rings[parse_path("D1", BOARD)[0]] = Colour.GREEN
    rings[parse_path("C5", BOARD)[0]] = "silver"
    text = render_board(BOARD, path, rings)
    assert "[T]1,6" in text and "[E]s2,5,7" in text and "[M]3" in text and "R g" in text
    assert "\033[" not in text


def test_columns_stay_aligned_with_wide_cells():
    text = render_board(BOARD, parse_path("B5 C5 B6 C6 C5 B5 C5", BOARD))
    header, first = text.splitlines()[:2]
    assert header.index("F") == first.index("B", first.index("O", first.index("R")))


def test_colour_mode_uses_ansi_backgrounds_for_rings():
    rings = [Colour.GREEN, Colour.SILVER] + [None] * 34
    text = render_board(BOARD, (0, 1), rings, color=True)
    assert "\033[30;42m" in text and "\033[30;100m" in text and "\033[1;33m" in text
    assert "\033[30;47m" not in text  # a white background read as "no ring"
    assert "\033[30;42m[P]g" in text and "\033[30;100m[O]s" in text  # the marks stay: readable without colour


def test_other_grids_and_path_descriptions():
    small = Board.parse("RO/IB", Rules(rows=2, cols=2, tile_rows=1, tile_cols=1))
    assert render_board(small, (0, 1, 2)).splitlines()[1].split() == ["1", "[R]1", "|", "[O]2"]
    assert describe_path(BOARD, parse_path("D1 E1 E2", BOARD)) == "D1 R → E1 O → E2 I"
