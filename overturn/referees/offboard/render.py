"""Text drawing of an offboard position: the hexagon, the targets around it, a legend, the scores.

Every sign has one meaning, so nothing reads as something else:

* ``R`` / ``Y`` are marbles and ``.`` a free hole, four columns apart, row A at the bottom;
* ``+3`` just off the board: a marble pushed off there lands in a target worth 3
  points; ``r`` / ``y`` there: that target already holds a red / yellow marble;
* ``#7`` further out: the number of the target whose spots are beside it (the
  number the messages use, "into target 7");
* row letters stand alone at the far left, behind a bar, and the diagonal numbers
  1-9 are the only bare digits, beyond the lower right edges.
"""

from __future__ import annotations

from typing import Literal, Protocol

from overturn.referees.offboard.effects import Awaiting, AwaitPlay, GameOver, Score
from overturn.referees.offboard.geometry import HOLES, ROW_LETTERS, WIN_SCORE, Hex, Player
from overturn.referees.offboard.layouts import Layout
from overturn.referees.offboard.words import EN
from overturn.referees.wording import say


class OffboardPosition(Protocol):
    """What the drawing reads of a position (``state.OffboardState`` is one).

    The state draws itself through this module, so this module must not import the state.
    """

    layout: Layout

    def marble_at(self, hole: Hex) -> Player | None: ...

    def target_contents(self) -> list[Player | None]: ...

    def not_in_play(self, player: Player) -> int: ...

    def removed(self, player: Player) -> int: ...

    def in_hand(self) -> Player | None: ...

    def score(self, player: Player) -> int: ...

    @property
    def to_move(self) -> Player: ...

    def winner(self) -> Player | None: ...

    def marbles(self, player: Player) -> list[Hex]: ...

MARBLE_SYMBOLS = {Player.RED: "R", Player.YELLOW: "Y", None: "."}
CUP_SYMBOLS = {Player.RED: "r", Player.YELLOW: "y"}
LABEL_WIDTH = 4  # "E │"
LEGEND = (
    "R red, Y yellow, . free hole. Off the board: +N a target worth N points (a marble pushed off\n"
    "there lands in it), r/y a target already holding a red/yellow marble (a marble pushed there\n"
    "bounces back to its owner), #N the target's number. Rows A-I at the left, diagonals 1-9 at\n"
    "the lower right: a hole is named row then diagonal, E5 is the centre."
)


def _column(hole: Hex) -> int:
    """Text column of a position, four columns per hole, half a hole per row."""
    return 2 * (2 * hole.col - hole.row) + 16


def _diagonal_labels() -> dict[Hex, str]:
    """Diagonal numbers three steps south-east of each diagonal's lowest hole, beyond the target rings."""
    labels = {}
    for col in range(1, 10):
        bottom = min(hole.row for hole in HOLES if hole.col == col)
        labels[Hex(col, bottom - 3)] = str(col)
    return labels


def _target_cells(state: OffboardPosition) -> dict[Hex, str]:
    """The spots just off the board (value or occupant) and, one step further out, each target's number."""
    layout = state.layout
    contents = state.target_contents()
    cells: dict[Hex, str] = {}
    spots: dict[int, list[tuple[Hex, Hex]]] = {}
    for exit_, index in layout.exit_target.items():
        spot = exit_.hole.step(exit_.direction)
        cup = contents[index]
        cells[spot] = CUP_SYMBOLS[cup] if cup is not None else f"+{layout.targets[index].value}"
        spots.setdefault(index, []).append((spot, spot.step(exit_.direction)))
    for index, pairs in spots.items():
        ordered = sorted(set(pairs))
        _, beyond = ordered[len(ordered) // 2]
        cells.setdefault(beyond, f"#{layout.targets[index].number}")
    return cells


def render_board(state: OffboardPosition) -> list[str]:
    """The hexagon with its target rings, row letters and diagonal numbers, top row first."""
    cells = {**_diagonal_labels(), **_target_cells(state)}
    for hole in HOLES:
        cells[hole] = MARBLE_SYMBOLS[state.marble_at(hole)]
    lines = []
    for row in range(max(hole.row for hole in cells), min(hole.row for hole in cells) - 1, -1):
        line = [" "] * (max(_column(hole) for hole in cells) + 4)
        for hole, text in cells.items():
            if hole.row == row:
                start = _column(hole) - (len(text) - 1)  # values and numbers end where a marble would stand
                line[start : start + len(text)] = text
        label = f"{ROW_LETTERS[row]} │" if 0 <= row < len(ROW_LETTERS) else ""
        lines.append((label.ljust(LABEL_WIDTH) + "".join(line)[LABEL_WIDTH:]).rstrip())
    return lines


def render(state: OffboardPosition, legend: bool = True) -> str:
    """The board, a legend, the table of targets (numbered round from A1) and the status line."""
    layout = state.layout
    contents = state.target_contents()
    lines = render_board(state)
    if legend:
        lines += ["", LEGEND]
    lines.append("")
    lines.append("target " + "".join(f"{target.number:>4}" for target in layout.targets))
    lines.append("points " + "".join(f"{target.value:>4}" for target in layout.targets))
    lines.append("holds  " + "".join(f"{'-' if cup is None else CUP_SYMBOLS[cup]:>4}" for cup in contents))
    lines.append(f"layout: {describe_layout(state)}")
    lines.append(status(state))
    return "\n".join(lines)


def describe_layout(state: OffboardPosition) -> str:
    """The layout's name, or 'custom' with its hash and the marbles it leaves out of the game."""
    layout = state.layout
    if not layout.is_custom:
        return f"{layout.name} (packaged)"
    counts = ", ".join(f"{player.label} {12 - state.not_in_play(player)}" for player in Player)
    return f"CUSTOM, sha256 {layout.digest[:12]}… (marbles in this game: {counts})"


def status(state: OffboardPosition) -> str:
    """Scores, marbles removed after a bounce, and what happens next (or why the game ended)."""
    return say(EN, awaited(state))


def awaited(state: OffboardPosition) -> Awaiting:
    """What the game waits for (the side to move and the score), or who won and why."""
    score = Score(state.score(Player.RED), state.score(Player.YELLOW), state.removed(Player.RED), state.removed(Player.YELLOW))
    winner = state.winner()
    if winner is None:
        return AwaitPlay(state.to_move.label, score, state.in_hand() is not None)
    loser = state.to_move
    points = state.score(winner)
    why: Literal["points", "no-marble", "no-move"] = (
        "points" if points >= WIN_SCORE else "no-marble" if not state.marbles(loser) else "no-move"
    )
    return GameOver(winner.label, loser.label, why, points, score)
