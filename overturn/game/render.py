"""The board as text for the table: tiles, rings and a traced path.

Plain text (pipes, files, tests) marks a path cell as ``[E]`` followed by its
step numbers and a ring by ``g`` (green) or ``s`` (silver) after the face; with
``color`` the rings are also coloured backgrounds (green, and grey for silver so
it never reads as a plain white cell) and the path is bold yellow, for a
terminal. The ``g`` / ``s`` marks stay in colour too, so rings read without it.
"""

from __future__ import annotations

from collections.abc import Sequence

from overturn.game.board import Board, format_cell

_RESET = "\033[0m"
_RING_STYLE = {"green": "\033[30;42m", "silver": "\033[30;100m"}  # grey, not white (47): silver must not look unringed
_PATH_STYLE = "\033[1;33m"
LEGEND = "[X]1 = letter on the path and its step numbers; g / s = green / silver ring"


def _cell_parts(face: str, steps: list[int], ring: str | None) -> tuple[str, str, str]:
    """(face with path brackets, ring mark, step numbers) for one cell."""
    shown = face if len(face) == 1 else face.capitalize()
    framed = f"[{shown}]" if steps else f" {shown} "
    mark = {"green": "g", "silver": "s"}.get(ring or "", "")
    return framed, mark, ",".join(map(str, steps))


def render_board(
    board: Board,
    path: Sequence[int] | None = None,
    rings: Sequence[str | None] | None = None,
    color: bool = False,
) -> str:
    """The grid with column letters and row numbers, tiles separated, the path and the rings marked.

    ``rings`` holds per cell ``None``, ``"green"`` or ``"silver"`` (``Colour`` values compare equal).
    """
    rules = board.rules
    steps: dict[int, list[int]] = {}
    for number, cell in enumerate(path or (), start=1):
        steps.setdefault(cell, []).append(number)
    ring_of = list(rings) if rings is not None else [None] * rules.size
    parts = [
        _cell_parts(board.faces[cell], steps.get(cell, []), None if ring_of[cell] is None else str(_value(ring_of[cell])))
        for cell in range(rules.size)
    ]
    width = max(len(framed) + len(mark) + len(numbers) for framed, mark, numbers in parts)

    def draw(cell: int) -> str:
        framed, mark, numbers = parts[cell]
        padding = " " * (width - len(framed) - len(mark) - len(numbers))
        if not color:
            return framed + mark + numbers + padding
        ring = _value(ring_of[cell])
        face = f"{_RING_STYLE[ring]}{framed}{mark}{_RESET}" if ring in _RING_STYLE else framed
        if numbers:
            face = f"{_PATH_STYLE}{face}{_PATH_STYLE}{numbers}{_RESET}"
        return face + padding

    row_label = len(str(rules.rows))
    header = " " * (row_label + 1)
    lines = []
    for col in range(rules.cols):
        if col and col % rules.tile_cols == 0:
            header += "  "
        header += "  " + chr(65 + col).ljust(width - 1)
    lines.append(header.rstrip())
    rule_line = " " * (row_label + 1) + "-" * (len(header) - row_label - 1)
    for row in range(rules.rows):
        if row and row % rules.tile_rows == 0:
            lines.append(rule_line)
        text = str(row + 1).rjust(row_label) + " "
        for col in range(rules.cols):
            if col and col % rules.tile_cols == 0:
                text += " |"
            text += " " + draw(row * rules.cols + col)
        lines.append(text.rstrip())
    return "\n".join(lines)


def _value(ring: object) -> str | None:
    """A ring as its colour name, whether given as a string or as a ``Colour``."""
    if ring is None:
        return None
    return str(getattr(ring, "value", ring))


def describe_path(board: Board, path: Sequence[int]) -> str:
    """``D1 R → E1 O → E2 I``: the path as cells and letters, for messages."""
    return " → ".join(f"{format_cell(board, cell)} {board.faces[cell].capitalize()}" for cell in path)
