"""The Overturn board: faces on a grid of tiles, its text notation, and its rules.

A face is a single letter or a double face: ``ZX`` (reads Z or X) and ``QU``
(reads U or QU in Overturn, QU in Boggle). Cells are numbered row by row from
0; a tile is a ``tile_rows`` × ``tile_cols`` block. ``Rules`` keeps every switch
so that Overturn and classic Boggle are two presets of one engine.
"""

from __future__ import annotations

from functools import cached_property

from overturn.game.errors import GameException
from overturn.game.value import Value

LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
DOUBLE_FACES = ("ZX", "QU")
#: Seeds a deal, a game or the CLI accept: 32 bits (a random game draws below 2**31, a reshuffle derives 4 bytes).
#: Here, not in overturn.game.tiles, so that --seed costs commands that never deal no import.
MAX_SEED = 2**32 - 1


class BoardError(GameException, ValueError):
    """Board text that does not describe a board; the message names the row and column."""


class Rules(Value):
    """Geometry and word rules. ``reuse``: a cell may repeat in a word (basic Overturn).

    The defaults are Overturn's 6×6 board of 2×2 tiles; classic Boggle is another preset of the same engine:

    >>> import overturn
    >>> boggle = overturn.Rules(rows=4, cols=4, tile_rows=1, tile_cols=1, reuse=False, min_length=3, min_tiles=1, qu_readings=("QU",))
    >>> board = overturn.Board("SERT ONIE LAPC MUDE", boggle)
    >>> print(board)
    SERT / ONIE / LAPC / MUDE
    >>> len(overturn.Solver(overturn.load_lexicon("fr"), board).solve())
    443
    """

    FIELDS = ("rows", "cols", "tile_rows", "tile_cols", "reuse", "min_length", "min_tiles", "qu_readings", "zx_readings")
    rows: int
    cols: int
    tile_rows: int
    tile_cols: int
    reuse: bool
    min_length: int
    min_tiles: int
    qu_readings: tuple[str, ...]
    zx_readings: tuple[str, ...]

    def __init__(
        self,
        rows: int = 6,
        cols: int = 6,
        tile_rows: int = 2,
        tile_cols: int = 2,
        reuse: bool = True,
        min_length: int = 2,
        min_tiles: int = 2,
        qu_readings: tuple[str, ...] = ("U", "QU"),
        zx_readings: tuple[str, ...] = ("Z", "X"),
    ) -> None:
        if rows < 1 or cols < 1 or rows * cols > 256:
            raise ValueError("a board has between 1 and 256 cells")
        if rows % tile_rows or cols % tile_cols:
            raise ValueError("tiles must cover the grid exactly")
        if min_tiles not in (1, 2):
            raise ValueError("min_tiles is 1 or 2")
        self._set(
            rows=rows, cols=cols, tile_rows=tile_rows, tile_cols=tile_cols, reuse=reuse,
            min_length=min_length, min_tiles=min_tiles, qu_readings=qu_readings, zx_readings=zx_readings,
        )

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def readings(self, face: str) -> tuple[str, ...]:
        """The ways a face can be read when nothing has fixed it yet."""
        if face == "QU":
            return self.qu_readings
        if face == "ZX":
            return self.zx_readings
        return (face,)


OVERTURN = Rules()
OVERTURN_ADVANCED = OVERTURN.replace(reuse=False)
BOGGLE_4X4 = Rules(rows=4, cols=4, tile_rows=1, tile_cols=1, reuse=False, min_length=3, min_tiles=1, qu_readings=("QU",))
BOGGLE_5X5 = BOGGLE_4X4.replace(rows=5, cols=5, min_length=4)

PRESETS = {"overturn": OVERTURN, "advanced": OVERTURN_ADVANCED, "boggle4": BOGGLE_4X4, "boggle5": BOGGLE_5X5}


def parse_faces(text: str, rules: Rules = OVERTURN) -> tuple[str, ...]:
    """Faces of a board text: letters, ``[ZX]`` and ``[QU]`` (a lone ``Q`` is the Qu face).

    Spaces, newlines and ``/`` are ignored; lower case is accepted; rows are
    filled left to right, top to bottom.
    """
    faces: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace() or char == "/":
            index += 1
            continue
        position = divmod(len(faces), rules.cols)
        where = f"row {position[0] + 1}, column {position[1] + 1}"
        if char == "[":
            end = text.find("]", index)
            if end < 0:
                raise BoardError(f"{where}: '[' without a closing ']'")
            face = text[index + 1 : end].strip().upper()
            if face not in DOUBLE_FACES:
                raise BoardError(f"{where}: unknown double face [{text[index + 1:end]}] (use [ZX] or [QU])")
            index = end + 1
        else:
            face = char.upper()
            if face == "Q":
                face = "QU"
                if text[index + 1 : index + 2].upper() == "U":
                    index += 1  # "QU" written without brackets
            elif face not in LETTERS:
                raise BoardError(f"{where}: {char!r} is not a letter")
            index += 1
        faces.append(face)
    if len(faces) != rules.size:
        raise BoardError(
            f"a {rules.rows}×{rules.cols} board has {rules.size} faces, this text has {len(faces)}"
        )
    return tuple(faces)


def format_face(face: str) -> str:
    return f"[{face}]" if len(face) > 1 else face


class Board(Value):
    """An immutable grid of faces with its rules; the precomputed bit masks serve the solver.

    Read from the notation (README, "Board notation"); cells are numbered row by row from 0:

    >>> import overturn
    >>> board = overturn.Board("AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC")
    >>> print(board)
    AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC
    >>> board.faces[board.cell(3, 1)]
    'ZX'
    >>> overturn.Board("AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABS1")
    Traceback (most recent call last):
    ...
    overturn.game.board.BoardError: row 6, column 6: '1' is not a letter
    """

    FIELDS = ("faces", "rules")
    faces: tuple[str, ...]
    rules: Rules

    def __init__(self, faces: tuple[str, ...] | str, rules: Rules = OVERTURN) -> None:
        """``faces`` one a cell, or the board's text as ``parse`` reads it (``Board('AMRECD / ETSOAU / …')``)."""
        if isinstance(faces, str):
            faces = parse_faces(faces, rules)
        self._set(faces=faces, rules=rules)
        if len(faces) != rules.size:
            raise BoardError(f"expected {rules.size} faces, got {len(faces)}")
        for cell, face in enumerate(faces):
            if face not in LETTERS and face not in DOUBLE_FACES:
                row, col = self.coords(cell)
                raise BoardError(f"row {row + 1}, column {col + 1}: {face!r} is not a face")

    @classmethod
    def parse(cls, text: str, rules: Rules = OVERTURN) -> Board:
        return cls(parse_faces(text, rules), rules)

    def __str__(self) -> str:
        return " / ".join(self.row_text(row) for row in range(self.rules.rows))

    def row_text(self, row: int) -> str:
        cols = self.rules.cols
        return "".join(format_face(face) for face in self.faces[row * cols : (row + 1) * cols])

    def with_rules(self, rules: Rules) -> Board:
        return Board(self.faces, rules)

    def coords(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.rules.cols)

    def cell(self, row: int, col: int) -> int:
        if not (0 <= row < self.rules.rows and 0 <= col < self.rules.cols):
            raise BoardError(f"({row + 1}, {col + 1}) is off the board")
        return row * self.rules.cols + col

    def tile_of(self, cell: int) -> int:
        row, col = self.coords(cell)
        tiles_per_row = self.rules.cols // self.rules.tile_cols
        return (row // self.rules.tile_rows) * tiles_per_row + col // self.rules.tile_cols

    def adjacent(self, a: int, b: int) -> bool:
        """The 8-neighbourhood (a cell is not adjacent to itself; reuse rules decide repeats)."""
        (ra, ca), (rb, cb) = self.coords(a), self.coords(b)
        return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1

    @cached_property
    def neighbours(self) -> tuple[int, ...]:
        """Per cell, the bit mask of its 8-neighbourhood."""
        return tuple(
            sum(1 << other for other in range(self.rules.size) if self.adjacent(cell, other))
            for cell in range(self.rules.size)
        )

    @cached_property
    def tile_masks(self) -> tuple[int, ...]:
        count = (self.rules.rows // self.rules.tile_rows) * (self.rules.cols // self.rules.tile_cols)
        masks = [0] * count
        for cell in range(self.rules.size):
            masks[self.tile_of(cell)] |= 1 << cell
        return tuple(masks)

    @cached_property
    def cell_tile_mask(self) -> tuple[int, ...]:
        """Per cell, the mask of its whole tile."""
        return tuple(self.tile_masks[self.tile_of(cell)] for cell in range(self.rules.size))

    @property
    def all_cells(self) -> int:
        return (1 << self.rules.size) - 1

    def double_face_cells(self) -> dict[str, list[int]]:
        """Cells holding each double face (ZX, QU) present on the board."""
        found: dict[str, list[int]] = {}
        for cell, face in enumerate(self.faces):
            if face in DOUBLE_FACES:
                found.setdefault(face, []).append(cell)
        return found


def parse_path(text: str, board: Board) -> tuple[int, ...]:
    """A path written as ``r,c r,c ...`` (1-based, as shown to players), or ``A1 B2`` (column letter, row number)."""
    cells: list[int] = []
    for token in text.replace(";", " ").replace("-", " ").split():
        token = token.strip("()")
        row_text, comma, col_text = token.partition(",")
        if comma and _is_number(row_text.strip()) and _is_number(col_text.strip()):
            row, col = int(row_text) - 1, int(col_text) - 1
        elif not comma and len(token) >= 2 and token[0].isascii() and token[0].isalpha() and _is_number(token[1:]):
            col, row = ord(token[0].upper()) - 65, int(token[1:]) - 1
        else:
            raise BoardError(f"bad cell {token[:20]!r}: write row,col (1-based) or a letter and a number like B3")
        if not (0 <= row < board.rules.rows and 0 <= col < board.rules.cols):
            last = f"{chr(64 + board.rules.cols)}{board.rules.rows}"
            raise BoardError(f"{token[:20]} is off the board (A1 to {last}, or 1,1 to {board.rules.rows},{board.rules.cols})")
        cells.append(board.cell(row, col))
    if not cells:
        raise BoardError("the path is empty")
    return tuple(cells)


def _is_number(text: str) -> bool:
    """A short run of ASCII digits (``'²'.isdigit()`` is true, and 5,000 digits would stall int())."""
    return 0 < len(text) <= 4 and text.isascii() and text.isdigit()


def format_cell(board: Board, cell: int) -> str:
    """Column letter and row number, e.g. ``B3`` (column B, row 3)."""
    row, col = board.coords(cell)
    return f"{chr(65 + col)}{row + 1}"
