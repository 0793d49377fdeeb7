"""ASCII drawing of an offboard position: the hexagon, the targets around it, the scores.

Each hole is one character two columns apart, row A at the bottom as on an Abalone
board. The ring of digits just outside the holes shows, for every off-board spot a
marble can be pushed to, the value of the target it lands in; a target that already
holds a marble shows that marble's colour in lower case instead (r / y). Row letters
stand at the left, diagonal numbers at the lower right, one blank step beyond the ring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from overturn.referees.offboard_geometry import HOLES, ROW_LETTERS, Hex, Player

if TYPE_CHECKING:
    from overturn.referees.offboard import OffboardState

MARBLE_SYMBOLS = {Player.RED: "R", Player.YELLOW: "Y", None: "."}
CUP_SYMBOLS = {Player.RED: "r", Player.YELLOW: "y"}


def _column(hole: Hex) -> int:
    """Text column of a position; +8 puts the leftmost label (row E's, at Hex(-2, 4)) in column 0."""
    return 2 * hole.col - hole.row + 8


def _labels() -> dict[Hex, str]:
    """Row letters three steps west of each row, diagonal numbers three steps south-east."""
    labels = {}
    for row, letter in enumerate(ROW_LETTERS):
        west = min(hole.col for hole in HOLES if hole.row == row)
        labels[Hex(west - 3, row)] = letter
    for col in range(1, 10):
        bottom = min(hole.row for hole in HOLES if hole.col == col)
        labels[Hex(col, bottom - 3)] = str(col)
    return labels


def render(state: OffboardState) -> str:
    """The board, a table of the targets (numbered round from A1, see docs) and the status line."""
    layout = state.layout
    contents = state.target_contents()
    cells: dict[Hex, str] = dict(_labels())
    for exit_, target_index in layout.exit_target.items():
        cup = contents[target_index]
        symbol = CUP_SYMBOLS[cup] if cup is not None else str(layout.targets[target_index].value)
        cells[exit_.hole.step(exit_.direction)] = symbol
    for hole in HOLES:
        cells[hole] = MARBLE_SYMBOLS[state.marble_at(hole)]
    lines = []
    for row in range(max(hole.row for hole in cells), min(hole.row for hole in cells) - 1, -1):
        in_row = {_column(hole): symbol for hole, symbol in cells.items() if hole.row == row}
        lines.append("".join(in_row.get(column, " ") for column in range(max(in_row) + 1)).rstrip())
    lines.append("")
    lines.append("target " + "".join(f"{target.number:>3}" for target in layout.targets))
    lines.append("value  " + "".join(f"{target.value:>3}" for target in layout.targets))
    lines.append("holds  " + "".join(f"{'-' if cup is None else CUP_SYMBOLS[cup]:>3}" for cup in contents))
    lines.append(_status(state))
    return "\n".join(lines)


def _status(state: OffboardState) -> str:
    scores = f"red {state.score(Player.RED)}, yellow {state.score(Player.YELLOW)}"
    removed = [f"{player.label} {state.removed(player)}" for player in Player if state.removed(player)]
    if removed:
        scores += f"; removed from the game: {', '.join(removed)}"
    winner = state.winner()
    if winner is not None:
        return f"score: {scores}. Game over: {winner.label} wins."
    player = state.current_player()
    assert player is not None
    if state.in_hand() is not None:
        return (
            f"score: {scores}. {player.label} to play: its pushed-off marble bounced off a taken target; "
            "'place HOLE' (whole turn) or 'remove' (then play)."
        )
    return f"score: {scores}. {player.label} to play."
