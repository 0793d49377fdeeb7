"""The places the table page outlines are the places a move really changes (cross-checked against the referee).

For offboard, every legal move of random positions is previewed (own line,
pushed line, target) and played on a copy: the holes whose marble changed are
exactly the previewed line and the holes it moved into, and the target filled
is the one named. Overload's marks are the pawns whose place or discs the move
changed (and the pawn it moved or settled); Insider's the squares its action
names, drawn as the board names them.
"""

from __future__ import annotations

import json
import random

from overturn.referees.offboard.state import Step, format_move, parse_move
from overturn.referees.offboard.store import state_to_json
from overturn.table import board_marks
from overturn.table.board_base import MoveEntry
from overturn.table.games import new_board_table


def _occupants(game: object) -> dict[str, str]:
    board = state_to_json(game)["board"]  # type: ignore[arg-type]
    return {hole: colour for colour, holes in board.items() for hole in holes}


def test_offboard_marks_are_the_holes_the_move_changes() -> None:
    checked = pushes = ejections = 0
    for seed in range(12):
        table = new_board_table("offboard", 2, seed, {})
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


def _pawns(game: object) -> dict[str, tuple[int, int]]:
    state = game.state  # type: ignore[attr-defined]
    return {state.pawn_name(index): (pawn.position, pawn.discs) for index, pawn in enumerate(state.pawns)}


def test_overload_marks_are_the_pawns_the_move_changes_or_names() -> None:
    table = new_board_table("overload", 3, 5, {})
    rng = random.Random(5)
    marked = 0
    for _ in range(300):
        if table.is_over():
            break
        before = _pawns(table.game)
        move = rng.choice(table.legal_moves())
        entry = table.judge(table.seat_to_move() or 0, move)
        assert isinstance(entry, MoveEntry)
        after = _pawns(table.game)
        changed = {pawn for pawn in before if before[pawn] != after[pawn]}
        named = {word for word in move.split() if word in before}
        assert changed | named <= set(entry.marks) <= changed | named | {pawn for pawn in before if pawn in str(entry.events)}, (move, entry.marks)
        marked += bool(entry.marks)
    assert marked > 30


def test_insider_marks_are_squares_the_action_names() -> None:
    table = new_board_table("insider", 3, 5, {})
    rng = random.Random(5)
    marked = privates = 0
    for _ in range(300):
        if table.is_over():
            break
        move = rng.choice(table.legal_moves())
        entry = table.judge(table.seat_to_move() or 0, move)
        assert isinstance(entry, MoveEntry)
        board = table.game.board
        # a path space may be written from either end of its link (e5-e4.1 is drawn as e4-e5.2): its squares are named
        assert all(all(end[:2] in " ".join([move, str(entry.events)]) for end in mark.split("-")) for mark in entry.marks)
        assert all(board.name(board.parse(mark)) == mark for mark in entry.marks)
        if move.startswith(("move ", "step ")):
            assert {board.name(board.parse(place)) for place in move.split()[1:]} <= set(entry.marks)
        assert not entry.private or entry.marks == []
        if entry.private:  # another seat reads neither the card in the move nor in its events
            shown = table.entry_for(entry, (entry.seat + 1) % 3)
            assert shown["move"] == entry.hidden and move.split()[1] not in json.dumps(shown), shown
            privates += 1
        marked += bool(entry.marks)
    assert marked > 10 and privates > 3
