"""What the table page highlights on a board: the places a move touched, or would touch.

A move's marks are names the page's drawing already uses: offboard holes
(``E5``) and targets (``target 4``) here, from the referee's own report;
Overload pawns (``red1``) and Insider squares (``c3``) from the move's
events, by each game's table adapter. They are never guessed by the page.
"""

from __future__ import annotations

from typing import Any

from overturn.referees.offboard.geometry import Hex
from overturn.referees.offboard.state import OffboardState, Place, Step, parse_move


def offboard_layout(game: OffboardState) -> list[dict[str, Any]]:
    """The targets as the page draws them around the hexagon: number, points, holder, and the edge holes that drain into each."""
    holders = game.target_contents()
    return [
        {
            "number": target.number,
            "value": target.value,
            "holes": sorted({exit.hole.name for exit in target.exits}),
            "holder": None if holder is None else holder.label,
        }
        for target, holder in zip(game.layout.targets, holders, strict=True)
    ]


def offboard_preview_marks(game: OffboardState, move: str) -> dict[str, Any]:
    """The holes a legal offboard move would move (``moving``: own line; ``pushed``: the opponent's) and the target it would fill."""
    parsed = parse_move(move)
    report = game.check(parsed)
    if isinstance(parsed, Place):
        return {"moving": [parsed.hole.name], "pushed": [], "target": None}
    if not isinstance(parsed, Step):
        return {"moving": [], "pushed": [], "target": None}
    line = _line(parsed.origin, parsed, report.marbles + report.pushed)
    return {"moving": line[: report.marbles], "pushed": line[report.marbles :], "target": report.target}


def offboard_played_marks(game_before: OffboardState, move: str) -> list[str]:
    """Where an offboard move left its marbles (each moved marble's new hole), and ``target N`` if one was pushed off into it."""
    parsed = parse_move(move)
    report = game_before.check(parsed)
    if isinstance(parsed, Place):
        return [parsed.hole.name]
    if not isinstance(parsed, Step):
        return []
    line = _line(parsed.origin.step(parsed.direction), parsed, report.marbles + report.pushed)
    return line + ([f"target {report.target}"] if report.target is not None else [])


def _line(start: Hex, step: Step, count: int) -> list[str]:
    """``count`` holes from ``start`` in the step's direction (those on the board)."""
    holes, here = [], start
    for _ in range(count):
        if here.is_hole():
            holes.append(here.name)
        here = here.step(step.direction)
    return holes

