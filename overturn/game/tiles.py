"""Tile sets and deals: 18 tiles dealt as two layers of 9 (the top one is played first).

A tile set is a data file (JSON): tile size and each tile's faces, row by row.
A deal places the tiles at random, each turned a random quarter turn, from a
seed, so a table can reproduce a board from its seed alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from msgspec import Meta, Struct

from overturn.game.board import OVERTURN, Board, BoardError, Rules, parse_faces
from overturn.jsonstore import StateFileError, convert, load_with

DEFAULT_TILESET = Path(__file__).parent / "data" / "tiles-fr.json"
#: Bounds on a tile-set file: a real set is under 2 KB, 18 tiles of 2×2.
MAX_TILESET_BYTES = 64 * 1024
MAX_TILES = 256
MAX_TILE_SIDE = 8
#: The longest text of one tile's faces: 20 characters a face (``[QU]``, spaces) on the largest tile.
MAX_TILE_TEXT = 20 * MAX_TILE_SIDE * MAX_TILE_SIDE


class TileSetFile(Struct, forbid_unknown_fields=True):
    """A tile-set file as written: the tile size and each tile's faces, row by row (``AB/CD``)."""

    tile_rows: Annotated[int, Meta(ge=1, le=MAX_TILE_SIDE)]
    tile_cols: Annotated[int, Meta(ge=1, le=MAX_TILE_SIDE)]
    tiles: Annotated[list[Annotated[str, Meta(max_length=MAX_TILE_TEXT)]], Meta(min_length=1, max_length=MAX_TILES)]
    name: Annotated[str, Meta(max_length=200)] | None = None
    description: Annotated[str, Meta(max_length=2000)] | None = None


@dataclass(frozen=True)
class TileSet:
    name: str
    tile_rows: int
    tile_cols: int
    tiles: tuple[tuple[str, ...], ...]

    @classmethod
    def load(cls, path: str | Path = DEFAULT_TILESET) -> TileSet:
        """Read a tile set through the shared file layer; any problem is a BoardError naming file and field."""
        try:
            return load_with(path, lambda data: cls.from_json(data, Path(path).stem), max_bytes=MAX_TILESET_BYTES)
        except StateFileError as exc:
            raise BoardError(f"tile set {exc}") from None

    @classmethod
    def from_json(cls, data: object, default_name: str) -> TileSet:
        """The tile set a file holds: its type checked first (the field named), then each tile's faces against its size."""
        saved = convert(data, TileSetFile)
        rows, cols = saved.tile_rows, saved.tile_cols
        square = Rules(rows=rows, cols=cols, tile_rows=rows, tile_cols=cols, min_tiles=1)
        tiles = []
        for index, text in enumerate(saved.tiles):
            try:
                tiles.append(parse_faces(text, square))
            except BoardError as exc:
                raise StateFileError(f"tiles[{index}]: {exc}") from None
        return cls(saved.name if saved.name is not None else default_name, rows, cols, tuple(tiles))

    def rotations(self, tile: tuple[str, ...], quarter_turns: int) -> tuple[str, ...]:
        """The tile turned clockwise; a non-square tile only turns half-way (0 or 2 quarter turns)."""
        rows, cols = self.tile_rows, self.tile_cols
        grid = [list(tile[row * cols : (row + 1) * cols]) for row in range(rows)]
        turns = quarter_turns % 4 if rows == cols else (quarter_turns % 2) * 2
        for _ in range(turns):
            grid = [list(row) for row in zip(*grid[::-1])]
        return tuple(face for row in grid for face in row)


@dataclass(frozen=True)
class Deal:
    """Two layers of tiles, top first, as dealt from a seed."""

    seed: int
    layers: tuple[Board, ...]


def deal(seed: int, tileset: TileSet | None = None, rules: Rules = OVERTURN) -> Deal:
    """Shuffle the tiles, turn each at random, and lay them out as layers filling ``rules``' grid."""
    tileset = tileset or TileSet.load()
    if (tileset.tile_rows, tileset.tile_cols) != (rules.tile_rows, rules.tile_cols):
        raise BoardError("the tile set's tile size does not match the board's")
    per_layer = (rules.rows // rules.tile_rows) * (rules.cols // rules.tile_cols)
    if len(tileset.tiles) < per_layer:
        raise BoardError(f"a layer needs {per_layer} tiles, the set has {len(tileset.tiles)}")
    rng = random.Random(seed)
    order = list(tileset.tiles)
    rng.shuffle(order)
    turned = [tileset.rotations(tile, rng.randrange(4)) for tile in order]
    layers = []
    for first in range(0, len(turned) - per_layer + 1, per_layer):
        layers.append(_lay_out(turned[first : first + per_layer], rules))
    return Deal(seed, tuple(layers))


def _lay_out(tiles: list[tuple[str, ...]], rules: Rules) -> Board:
    faces = [""] * rules.size
    tiles_per_row = rules.cols // rules.tile_cols
    for index, tile in enumerate(tiles):
        top, left = divmod(index, tiles_per_row)
        for offset, face in enumerate(tile):
            row = top * rules.tile_rows + offset // rules.tile_cols
            col = left * rules.tile_cols + offset % rules.tile_cols
            faces[row * rules.cols + col] = face
    return Board(tuple(faces), rules)
