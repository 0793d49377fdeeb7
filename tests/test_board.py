"""Board notation, geometry, tile sets and deals."""

from collections import Counter

import pytest

from overturn.game.board import BOGGLE_4X4, OVERTURN, Board, BoardError, Rules, format_cell, parse_path
from overturn.game.tiles import TileSet, deal

TEXT = "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW"


def test_parse_and_format_round_trip() -> None:
    board = Board.parse(TEXT)
    assert board.faces[12] == "ZX" and board.faces[29] == "QU"
    assert str(board) == "ROIBEN / PLEMAT / [ZX]ASCDE / FGHIJK / LMNOP[QU] / RSTUVW"
    assert Board.parse(str(board)) == board
    assert Board.parse(TEXT.lower().replace("/", "\n")) == board
    assert Board.parse(TEXT.replace("[QU]", "Q")) == board
    assert Board.parse(TEXT.replace("[QU]", "QU")) == board


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ROIBEN/PLE1AT/ZABCDE/FGHIJK/LMNOPQ/RSTUVW", "row 2, column 4"),
        ("ROIBEN/PLEMAT/[ZY]BCDE/FGHIJK/LMNOPQ/RSTUVW", "row 3, column 1: unknown double face"),
        ("ROIBEN/PLEMAT/[ZX", "'[' without a closing"),
        ("ROIBEN", "has 36 faces, this text has 6"),
    ],
)
def test_errors_name_the_bad_face(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message.replace("[", r"\[")):
        Board.parse(text)


def test_tiles_and_neighbours() -> None:
    board = Board.parse(TEXT)
    assert [board.tile_of(cell) for cell in (0, 1, 6, 7, 2, 35)] == [0, 0, 0, 0, 1, 8]
    assert bin(board.neighbours[0]).count("1") == 3 and bin(board.neighbours[7]).count("1") == 8
    assert not board.adjacent(7, 7) and board.adjacent(7, 14) and not board.adjacent(5, 6)
    boggle = Board.parse("ABCD EFGH IJKL MNOP", BOGGLE_4X4)
    assert len(boggle.tile_masks) == 16


def test_rules_validate_geometry() -> None:
    with pytest.raises(ValueError):
        Rules(rows=5, cols=6)  # 2×2 tiles cannot cover 5 rows
    with pytest.raises(ValueError):
        Rules(min_tiles=3)


def test_paths_in_both_notations() -> None:
    board = Board.parse(TEXT)
    assert parse_path("1,1 1,2 1,3", board) == (0, 1, 2)
    assert parse_path("A1 B1 C1", board) == (0, 1, 2)
    assert format_cell(board, 8) == "C2"
    with pytest.raises(BoardError):
        parse_path("7,1", board)
    with pytest.raises(BoardError):
        parse_path("hello", board)


def test_default_tile_set_is_french_and_complete() -> None:
    tiles = TileSet.load()
    faces = Counter(face for tile in tiles.tiles for face in tile)
    assert len(tiles.tiles) == 18 and sum(faces.values()) == 72
    assert faces["ZX"] == 1 and faces["QU"] == 1
    assert faces["E"] == max(faces.values())  # E is the commonest French letter
    assert {"A", "I", "S", "N", "R", "T"} <= {face for face, count in faces.items() if count >= 5}


def test_deals_are_reproducible_and_use_every_tile_once() -> None:
    first, again, other = deal(5), deal(5), deal(6)
    assert first == again and first != other
    assert len(first.layers) == 2 and all(layer.rules == OVERTURN for layer in first.layers)
    dealt = Counter(first.layers[0].faces + first.layers[1].faces)
    expected = Counter(face for tile in TileSet.load().tiles for face in tile)
    assert dealt == expected


def test_tile_rotation_keeps_tiles_together() -> None:
    tiles = TileSet.load()
    tile = tiles.tiles[0]
    assert tiles.rotations(tile, 4) == tile
    assert tiles.rotations(tiles.rotations(tile, 1), 3) == tile
    assert sorted(tiles.rotations(tile, 1)) == sorted(tile)
    a, b, c, d = tile
    assert tiles.rotations(tile, 1) == (c, a, d, b)
