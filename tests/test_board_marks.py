"""The places the table page outlines are the places a move really changes (cross-checked against the referee).

For offboard, every legal move of random positions is previewed (own line,
pushed line, target) and played on a copy: the holes whose marble changed are
exactly the previewed line and the holes it moved into, and the target filled
is the one named. Overload's and Insider's marks name pawns and squares the
move's own words name.
"""

from __future__ import annotations

import random

from overturn.referees.offboard.state import Step, format_move, parse_move
from overturn.referees.offboard.store import state_to_json
from overturn.table import board_marks
from overturn.table.board_seating import BoardTable, MoveEntry


def _occupants(game: object) -> dict[str, str]:
    board = state_to_json(game)["board"]  # type: ignore[arg-type]
    return {hole: colour for colour, holes in board.items() for hole in holes}


def test_offboard_marks_are_the_holes_the_move_changes() -> None:
    checked = pushes = ejections = 0
    for seed in range(12):
        table = BoardTable.new("offboard", 2, seed, {})
        rng = random.Random(seed)
        for _ in range(60):
            if table.is_over():
                break
            game = table.game
            before = _occupants(game)
            targets_before = [target["holder"] for target in board_marks.offboard_layout(game)]
            for action in game.legal_actions():
                move = format_move(action)
                marks = board_marks.offboard_preview_marks(game, move)
                played = board_marks.offboard_played_marks(game, move)
                after_game = game.clone()
                after_game.apply_action(parse_move(move))
                after = _occupants(after_game)
                changed = {hole for hole in set(before) | set(after) if before.get(hole) != after.get(hole)}
                holes = [mark for mark in played if not mark.startswith("target ")]
                if isinstance(parse_move(move), Step):
                    assert all(before.get(hole) == before[marks["moving"][0]] for hole in marks["moving"])
                    assert all(before.get(hole) not in (None, before[marks["moving"][0]]) for hole in marks["pushed"])
                    assert changed <= set(marks["moving"]) | set(marks["pushed"]) | set(holes), (move, marks, played)
                    assert all(hole in after for hole in holes)
                targets_after = [target["holder"] for target in board_marks.offboard_layout(after_game)]
                filled = [index + 1 for index, (old, new) in enumerate(zip(targets_before, targets_after, strict=True)) if old != new]
                named = [int(mark.split()[1]) for mark in played if mark.startswith("target ")]
                if filled:
                    assert named == filled == [marks["target"]]
                    ejections += 1
                pushes += bool(marks["pushed"])
                checked += 1
            table.judge(table.seat_to_move() or 0, rng.choice(table.legal_moves()))
    assert checked > 5000 and pushes > 50 and ejections > 0, (checked, pushes, ejections)


def test_overload_and_insider_marks_name_what_the_move_names() -> None:
    for kind, players in (("overload", 3), ("insider", 3)):
        table = BoardTable.new(kind, players, 5, {})
        rng = random.Random(5)
        marked = 0
        for _ in range(200):
            if table.is_over():
                break
            entry = table.judge(table.seat_to_move() or 0, rng.choice(table.legal_moves()))
            assert isinstance(entry, MoveEntry)
            text = " ".join([entry.move, *entry.effects])
            # a path space may be written from either end of its link (e5-e4.1 is drawn as e4-e5.2): its squares are named
            assert all(mark in text if kind == "overload" else all(end[:2] in text for end in mark.split("-")) for mark in entry.marks)
            if kind == "insider":
                board = table.game.board
                assert all(board.name(board.parse(mark)) == mark for mark in entry.marks)
            assert not entry.private or entry.marks == []
            marked += bool(entry.marks)
        assert marked > 10, kind
