"""Rules of offboard: geometry and target data, moves, pushes, ejections, bounces, win, files."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from overturn.jsonstore import StateFileError
from overturn.referees.base import TERMINAL, IllegalAction, seeded_rng
from overturn.referees.offboard import (
    REMOVE,
    OffboardState,
    Place,
    Step,
    computer_move,
    format_move,
    load_state,
    parse_move,
    save_state,
    state_from_json,
    state_to_json,
)
from overturn.referees.offboard.geometry import CORNERS, HOLES, Direction, Exit, Hex, Player, outward_exits, parse_hex
from overturn.referees.offboard.layouts import LayoutError, default_layout, layout_from_data, named_layout

RED, YELLOW = Player.RED, Player.YELLOW
DATA_FILE = resources.files("overturn.referees.offboard").joinpath("data/layouts.json")


def h(name: str) -> Hex:
    return parse_hex(name)


def names(holes: list[Hex]) -> set[str]:
    return {hole.name for hole in holes}


def play(state: OffboardState, *moves: str) -> OffboardState:
    for text in moves:
        state.apply_action(parse_move(text))
    return state


def snapshot(state: OffboardState) -> tuple:
    """Everything a move can change, for puzzle positions too (which cannot be saved)."""
    marbles = {player: names(state.marbles(player)) for player in Player}
    removed = [state.removed(player) for player in Player]
    return marbles, state.target_contents(), state.in_hand(), state.to_move, state.history, removed


def refusal(state: OffboardState, text: str) -> str:
    """The rule code of a refused move, checking the refusal left the state untouched."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(parse_move(text))
    assert snapshot(state) == before
    return caught.value.rule


def distance(a: Hex, b: Hex) -> int:
    dcol, drow = b.col - a.col, b.row - a.row
    return max(abs(dcol), abs(drow), abs(drow - dcol))


def side_holes(first: Hex, second: Hex) -> list[Hex]:
    """The 5 holes of the board side from corner ``first`` to corner ``second``."""
    direction = next(d for d in Direction if Hex(first.col + 4 * d.vector[0], first.row + 4 * d.vector[1]) == second)
    holes = [first]
    while len(holes) < 5:
        holes.append(holes[-1].step(direction))
    return holes


ISSUE_VALUES = [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]


def expected_targets() -> dict[Exit, set[int]]:
    """Oracle for the issue's layout, derived from geometry alone (not from the data file).

    Sides go round counter-clockwise from A1 (A1-A5, A5-E9, E9-I9, I9-I5, I5-E1, E1-A1).
    An exit belongs to a side when it leaves from one of its holes through one of the two
    directions that lead off the board from the side's middle hole; it goes to the side's
    first target when the off-board spot it reaches is nearer the side's first corner, so the
    middle hole's two exits fall one into each half. A corner's diagonal exit belongs to
    both of its sides and so reaches two targets.
    """
    expected: dict[Exit, set[int]] = {}
    for side in range(6):
        first, last = CORNERS[side], CORNERS[(side + 1) % 6]
        holes = side_holes(first, last)
        outward = [d for d in Direction if not holes[2].step(d).is_hole()]
        assert len(outward) == 2
        for hole in holes:
            for direction in outward:
                spot = hole.step(direction)
                half = 1 if distance(spot, first) < distance(spot, last) else 2
                expected.setdefault(Exit(hole, direction), set()).add(2 * side + half)
    return expected


# --- geometry -------------------------------------------------------------------------


def test_board_has_61_holes_in_abalone_rows() -> None:
    rows = {}
    for hole in HOLES:
        rows.setdefault(hole.name[0], []).append(int(hole.name[1]))
    assert len(HOLES) == 61
    assert rows["A"] == [1, 2, 3, 4, 5]
    assert rows["E"] == list(range(1, 10))
    assert rows["I"] == [5, 6, 7, 8, 9]
    assert [len(rows[letter]) for letter in "ABCDEFGHI"] == [5, 6, 7, 8, 9, 8, 7, 6, 5]


@pytest.mark.parametrize("text", ["A6", "I4", "J1", "E0", "F1", "", "A", "A10", "5E"])
def test_parse_hex_rejects_non_holes(text: str) -> None:
    with pytest.raises(ValueError):
        parse_hex(text)


def test_neighbours_follow_abalone_layout() -> None:
    def neighbours(name: str) -> set[str]:
        return {h(name).step(d).name for d in Direction if h(name).step(d).is_hole()}

    assert neighbours("A1") == {"A2", "B1", "B2"}
    assert neighbours("E5") == {"E4", "E6", "D4", "D5", "F5", "F6"}
    assert neighbours("I9") == {"I8", "H9", "H8"}
    assert h("E5").step(Direction.NE) == h("F6")
    assert h("E5").step(Direction.SW) == h("D4")


def test_outward_exits_two_per_edge_hole_three_per_corner() -> None:
    per_hole: dict[Hex, int] = {}
    for exit_ in outward_exits():
        per_hole[exit_.hole] = per_hole.get(exit_.hole, 0) + 1
    assert len(outward_exits()) == 54
    assert {hole for hole, count in per_hole.items() if count == 3} == set(CORNERS)
    assert len(per_hole) == 24 and all(count == 2 for hole, count in per_hole.items() if hole not in CORNERS)


def test_the_first_default_start_is_kept_as_the_contact_layout() -> None:
    state = OffboardState(named_layout("contact"))
    assert names(state.marbles(RED)) == set("A1 A2 A3 B2 B3 C3 G4 G5 G6 H5 H6 I6".split())
    assert names(state.marbles(YELLOW)) == set("A4 B4 B5 C4 C5 C6 G7 H7 H8 I7 I8 I9".split())
    assert state.check(parse_move("G5-H6")).points == 3  # why it is no longer the default (the 3-point start made first moves too strong)


def test_default_start_is_apart_with_red_to_play() -> None:
    state = OffboardState()
    assert state.layout.name == "apart" and state.current_player() is RED
    assert names(state.marbles(RED)) == set("A1 A2 B2 B3 C2 C3 A4 A5 B4 B5 C5 C6".split())


def half_turn(hole: Hex) -> Hex:
    return Hex(10 - hole.col, 8 - hole.row)


@pytest.mark.parametrize("layout_name", ["apart", "contact"])
def test_start_is_the_half_turn_of_the_other_colour_which_keeps_every_target_value(layout_name: str) -> None:
    layout = named_layout(layout_name)
    assert {half_turn(hole) for hole in layout.start[RED]} == set(layout.start[YELLOW])
    for exit_, index in layout.exit_target.items():
        turned = Exit(half_turn(exit_.hole), exit_.direction.opposite)
        assert layout.targets[layout.exit_target[turned]].value == layout.targets[index].value


def test_default_start_groups_do_not_touch() -> None:
    layout = default_layout()
    gaps = [distance(red, yellow) for red in layout.start[RED] for yellow in layout.start[YELLOW]]
    assert min(gaps) >= 2


def test_no_first_move_of_either_player_can_push_a_marble_off() -> None:
    """Every red opening, and every yellow reply to each, checked by playing it."""
    start = OffboardState()
    replies = 0
    for opening in start.legal_actions():
        assert start.check(opening).target is None
        after = start.clone()
        after.apply_action(opening)
        for reply in after.legal_actions():
            assert after.check(reply).target is None, (format_move(opening), format_move(reply))
            replies += 1
    assert len(start.legal_actions()) > 20 and replies > 500


def test_target_values_go_round_from_a1() -> None:
    layout = default_layout()
    assert [target.value for target in layout.targets] == ISSUE_VALUES
    assert [target.edge for target in layout.targets[:4]] == ["A1-A3", "A3-A5", "A5-C7", "C7-E9"]


def test_data_file_maps_every_exit_as_the_issue_describes() -> None:
    layout = default_layout()
    listed = {exit_: {t.number for t in layout.targets if exit_ in t.exits} for exit_ in outward_exits()}
    assert listed == expected_targets()


def test_only_main_diagonal_corner_exits_reach_two_targets() -> None:
    layout = default_layout()
    doubles = {exit_ for exit_ in outward_exits() if sum(exit_ in t.exits for t in layout.targets) == 2}
    diagonal_exits = set()
    for direction in Direction:
        hole = h("E5")
        for _ in range(4):
            hole = hole.step(direction)
        diagonal_exits.add(Exit(hole, direction))  # the main diagonal from the centre, continued off
    assert doubles == diagonal_exits
    assert {exit_.hole for exit_ in doubles} == set(CORNERS)


@pytest.mark.parametrize(
    ("corner", "direction", "number", "value"),
    [
        ("A1", "SW", 12, 2),
        ("A5", "SE", 2, 1),
        ("E9", "E", 5, 1),
        ("I9", "NE", 6, 2),
        ("I5", "NW", 8, 1),
        ("E1", "W", 11, 1),
    ],
)
def test_corner_diagonal_exit_goes_to_the_lower_value(corner: str, direction: str, number: int, value: int) -> None:
    target = default_layout().target_of(Exit(h(corner), Direction[direction]))
    assert (target.number, target.value) == (number, value)


def test_exits_into_the_same_off_board_spot_reach_the_same_target() -> None:
    layout = default_layout()
    by_spot: dict[Hex, set[int]] = {}
    for exit_, index in layout.exit_target.items():
        by_spot.setdefault(exit_.hole.step(exit_.direction), set()).add(index)
    assert len(by_spot) == 30
    assert all(len(indexes) == 1 for indexes in by_spot.values())


def _layout_data() -> dict:
    """The packaged 'contact' layout as a layout file would hold it."""
    packaged = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return {"version": 1, "start": packaged["layouts"]["contact"]["start"], "targets": packaged["targets"]}


def test_layout_loader_names_the_broken_field() -> None:
    data = _layout_data()
    data["targets"][0]["exits"].remove("A2:SW")
    with pytest.raises(LayoutError, match="A2:SW"):
        layout_from_data(data)
    data = _layout_data()
    data["targets"][11]["value"] = 3  # corner A1:SW would reach two targets worth 3
    with pytest.raises(LayoutError, match="A1:SW"):
        layout_from_data(data)
    data = _layout_data()
    data["start"]["yellow"][0] = "A1"
    with pytest.raises(LayoutError, match="start"):
        layout_from_data(data)
    data = _layout_data()
    data["start"]["red"][0] = "Z9"
    with pytest.raises(LayoutError, match="start.red"):
        layout_from_data(data)
    data = _layout_data()
    data["targets"][3]["exits"].append("E5:NE")
    with pytest.raises(LayoutError, match="does not leave the board"):
        layout_from_data(data)


def test_layout_values_are_data_not_code() -> None:
    data = _layout_data()
    data["targets"][0]["value"] = 1
    data["targets"][11]["value"] = 2
    layout = layout_from_data(data)
    assert layout.target_of(Exit(h("A2"), Direction.SW)).value == 1
    assert layout.target_of(Exit(h("A1"), Direction.SW)).number == 1  # now the lower of the two


# --- moves ----------------------------------------------------------------------------


def test_red_starts_with_legal_moves_only_of_its_own_marbles() -> None:
    state = OffboardState()
    moves = state.legal_actions()
    assert moves and all(isinstance(move, Step) and state.marble_at(move.origin) is RED for move in moves)


def test_single_marble_moves_to_any_free_neighbour() -> None:
    state = OffboardState.from_position(red=["E5"], yellow=["A1"])
    assert {format_move(move) for move in state.legal_actions()} == {
        "E5-E6", "E5-F6", "E5-F5", "E5-E4", "E5-D4", "E5-D5"
    }
    play(state, "E5-F6")
    assert names(state.marbles(RED)) == {"F6"} and state.current_player() is YELLOW


def test_single_marble_on_a_corner_never_leaves_the_board() -> None:
    state = OffboardState.from_position(red=["A1"], yellow=["I9"])
    assert {format_move(move) for move in state.legal_actions()} == {"A1-A2", "A1-B1", "A1-B2"}
    for direction in (Direction.W, Direction.SW, Direction.SE):
        with pytest.raises(IllegalAction) as caught:
            state.apply_action(Step(h("A1"), direction))
        assert caught.value.rule == "own-marble-off"


def test_single_marble_cannot_push() -> None:
    state = OffboardState.from_position(red=["E5"], yellow=["E6"])
    assert refusal(state, "E5-E6") == "single-cannot-push"


def test_line_of_two_moves_forward_and_backward_along_its_axis() -> None:
    forward = play(OffboardState.from_position(red=["E4", "E5"], yellow=["A1"]), "E4-E5")
    assert names(forward.marbles(RED)) == {"E5", "E6"}
    backward = play(OffboardState.from_position(red=["E4", "E5"], yellow=["A1"]), "E5-E4")
    assert names(backward.marbles(RED)) == {"E3", "E4"}


def test_line_of_three_moves_whole_or_its_front_part() -> None:
    whole = play(OffboardState.from_position(red=["C3", "D4", "E5"], yellow=["A5"]), "C3-D4")
    assert names(whole.marbles(RED)) == {"D4", "E5", "F6"}
    front = play(OffboardState.from_position(red=["C3", "D4", "E5"], yellow=["A5"]), "D4-E5")
    assert names(front.marbles(RED)) == {"C3", "E5", "F6"}


def test_long_lines_move_without_limit() -> None:
    state = play(OffboardState.from_position(red=[f"E{i}" for i in range(1, 9)], yellow=["A5"]), "E1-E2")
    assert names(state.marbles(RED)) == {f"E{i}" for i in range(2, 10)}


def test_no_sideways_group_moves() -> None:
    state = OffboardState.from_position(red=["E4", "E5"], yellow=["A5"])
    play(state, "E4-F5")  # a broadside in Abalone; here only the marble on E4 steps
    assert names(state.marbles(RED)) == {"F5", "E5"}


def test_line_needs_a_free_hole_at_its_far_end() -> None:
    state = OffboardState.from_position(red=["E7", "E8", "E9"], yellow=["A5"])
    assert refusal(state, "E7-E8") == "own-marble-off"
    assert refusal(state, "E8-E9") == "own-marble-off"


def test_moving_needs_an_own_marble_at_the_rear() -> None:
    state = OffboardState.from_position(red=["E5"], yellow=["E3"])
    assert refusal(state, "E4-E5") == "not-your-marble"
    assert refusal(state, "E3-E4") == "not-your-marble"


def test_every_step_changes_only_the_two_or_three_holes_at_the_ends() -> None:
    """No move ever shifts marbles sideways: origin empties, at most two other holes change."""
    rng = seeded_rng(7)
    state = OffboardState()
    for _ in range(300):
        if state.is_terminal():
            break
        move = rng.choice(state.legal_actions())
        before = {hole: state.marble_at(hole) for hole in HOLES}
        state.apply_action(move)
        changed = [hole for hole in HOLES if state.marble_at(hole) != before[hole]]
        if isinstance(move, Step):
            assert move.origin in changed and len(changed) <= 3


# --- pushes ---------------------------------------------------------------------------


def test_push_two_against_one() -> None:
    state = OffboardState.from_position(red=["E3", "E4"], yellow=["E5"])
    report = state.apply_action(parse_move("E3-E4"))
    assert (report.marbles, report.pushed, report.target, report.points) == (2, 1, None, 0)
    assert names(state.marbles(RED)) == {"E4", "E5"} and names(state.marbles(YELLOW)) == {"E6"}


def test_push_three_against_two() -> None:
    state = play(OffboardState.from_position(red=["E2", "E3", "E4"], yellow=["E5", "E6"]), "E2-E3")
    assert names(state.marbles(RED)) == {"E3", "E4", "E5"} and names(state.marbles(YELLOW)) == {"E6", "E7"}


def test_push_three_against_one_and_front_two_against_one_differ() -> None:
    all_three = play(OffboardState.from_position(red=["E2", "E3", "E4"], yellow=["E5"]), "E2-E3")
    front_two = play(OffboardState.from_position(red=["E2", "E3", "E4"], yellow=["E5"]), "E3-E4")
    assert names(all_three.marbles(RED)) == {"E3", "E4", "E5"}
    assert names(front_two.marbles(RED)) == {"E2", "E4", "E5"}


def test_push_has_no_limit_but_the_board() -> None:
    state = OffboardState.from_position(red=["E1", "E2", "E3", "E4", "E5"], yellow=["E6", "E7", "E8", "E9"])
    report = state.apply_action(parse_move("E1-E2"))
    assert report.pushed == 4 and report.target == 5 and report.points == 1  # E9:E, corner rule: 1 not 3
    assert names(state.marbles(YELLOW)) == {"E7", "E8", "E9"}


@pytest.mark.parametrize(
    ("red", "yellow", "move", "rule"),
    [
        (["E3", "E4"], ["E5", "E6"], "E3-E4", "outnumbered"),
        (["E2", "E3", "E4"], ["E5", "E6", "E7"], "E2-E3", "outnumbered"),
        (["E3", "E4", "E6"], ["E5"], "E3-E4", "push-blocked"),
        (["E2", "E3", "E4", "E7"], ["E5", "E6"], "E2-E3", "push-blocked"),
        (["D4", "E5"], ["F6", "G7", "H8"], "D4-E5", "outnumbered"),
    ],
)
def test_blocked_pushes(red: list[str], yellow: list[str], move: str, rule: str) -> None:
    assert refusal(OffboardState.from_position(red=red, yellow=yellow), move) == rule


def test_opponent_line_with_an_own_marble_inside_is_not_pushed_as_one() -> None:
    # red E3 E4 | yellow E5 | red E6 | yellow E7: the pushed line ends at the red marble
    state = OffboardState.from_position(red=["E3", "E4", "E6"], yellow=["E5", "E7"])
    assert refusal(state, "E3-E4") == "push-blocked"


def test_pushes_are_never_compulsory() -> None:
    state = OffboardState.from_position(red=["E3", "E4"], yellow=["E5"])
    play(state, "E4-F5")
    assert names(state.marbles(YELLOW)) == {"E5"}


# --- ejections and targets --------------------------------------------------------------


def _expected_target(exit_: Exit) -> int:
    numbers = expected_targets()[exit_]
    return min(numbers, key=lambda number: ISSUE_VALUES[number - 1])


@pytest.mark.parametrize("exit_", outward_exits(), ids=str)
def test_push_off_through_every_exit_lands_in_its_target(exit_: Exit) -> None:
    back = exit_.direction.opposite
    rear = exit_.hole.step(back).step(back)
    state = OffboardState.from_position(red=[rear.name, exit_.hole.step(back).name], yellow=[exit_.hole.name])
    report = state.apply_action(Step(rear, exit_.direction))
    number = _expected_target(exit_)
    assert (report.target, report.points, report.bounced) == (number, ISSUE_VALUES[number - 1], False)
    assert state.target_contents()[number - 1] is YELLOW
    assert state.score(RED) == ISSUE_VALUES[number - 1] and state.marbles(YELLOW) == []


def test_every_target_can_be_hit() -> None:
    hit = {_expected_target(exit_) for exit_ in outward_exits()}
    assert hit == set(range(1, 13))


def test_yellow_scores_red_marbles() -> None:
    state = OffboardState.from_position(red=["A3"], yellow=["C3", "B3"], to_move=YELLOW)
    report = state.apply_action(parse_move("C3-B3"))  # pushes A3 south-east, off into target 2
    assert report.target == 2 and report.player is YELLOW
    assert state.score(YELLOW) == report.points > 0 and state.score(RED) == 0
    assert state.target_contents()[report.target - 1] is RED


def test_corner_diagonal_push_goes_to_the_lower_value_target() -> None:
    state = OffboardState.from_position(red=["C3", "B2"], yellow=["A1"])
    report = state.apply_action(parse_move("C3-B2"))
    assert (report.target, report.points) == (12, 2)  # not target 1, worth 3


def test_corner_diagonal_push_bounces_when_the_lower_target_is_taken() -> None:
    """Interpretation: the mechanism always sends it to the lower value, even if taken."""
    state = OffboardState.from_position(red=["C3", "B2"], yellow=["A1"], targets={12: RED})
    report = state.apply_action(parse_move("C3-B2"))
    assert (report.target, report.points, report.bounced) == (12, 0, True)
    assert state.target_contents()[0] is None


# --- a marble meeting a taken target ------------------------------------------------------


def _bounced_state() -> OffboardState:
    """Red pushes yellow off at A2 into target 1, already holding a yellow marble."""
    state = OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"], targets={1: YELLOW})
    report = state.apply_action(parse_move("C2-B2"))
    assert (report.target, report.points, report.bounced) == (1, 0, True)
    return state


def test_taken_target_scores_nothing_and_hands_the_marble_back() -> None:
    state = _bounced_state()
    assert state.score(RED) == 3  # only the first marble counts
    assert state.in_hand() is YELLOW and state.current_player() is YELLOW
    assert state.marble_counts(YELLOW) == {"board": 1, "targets": 1, "removed": 0, "not_in_play": 9, "in_hand": 1}


def test_owner_of_a_bounced_marble_must_place_or_remove_it() -> None:
    state = _bounced_state()
    legal = state.legal_actions()
    free = [hole for hole in HOLES if state.marble_at(hole) is None]
    assert set(legal) == {Place(hole) for hole in free} | {REMOVE}
    assert refusal(state, "I9-I8") == "marble-in-hand"
    assert refusal(state, "place E5") == "occupied"


def test_placing_the_bounced_marble_is_the_whole_turn() -> None:
    state = play(_bounced_state(), "place E1")
    assert state.marble_at(h("E1")) is YELLOW and state.in_hand() is None
    assert state.current_player() is RED


def test_removing_the_bounced_marble_then_playing_normally() -> None:
    state = play(_bounced_state(), "remove")
    assert state.removed(YELLOW) == 1 and state.in_hand() is None
    assert state.current_player() is YELLOW
    assert all(isinstance(move, Step) for move in state.legal_actions())
    play(state, "I9-I8")
    assert state.current_player() is RED and state.marble_counts(YELLOW)["removed"] == 1


def test_place_or_remove_without_a_bounced_marble_is_refused() -> None:
    state = OffboardState()
    assert refusal(state, "remove") == "nothing-in-hand"
    assert refusal(state, "place E5") == "nothing-in-hand"


# --- end of the game ----------------------------------------------------------------------


def test_reaching_six_points_wins_at_once() -> None:
    state = OffboardState.from_position(red=["C3", "B3", "E5"], yellow=["A3", "I9"], targets={3: YELLOW, 12: YELLOW})
    assert state.score(RED) == 4 and not state.is_terminal()
    report = state.apply_action(parse_move("C3-B3"))  # A3 pushed south-east: target 2, worth 1
    assert report.points == 1 and state.score(RED) == 5 and not state.is_terminal()
    state = OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"], targets={3: YELLOW, 12: YELLOW})
    play(state, "C2-B2")  # A2 pushed south-west: target 1, worth 3
    assert state.score(RED) == 7
    assert state.is_terminal() and state.winner() is RED
    assert state.returns() == [1.0, -1.0] and state.current_player() == TERMINAL and state.legal_actions() == []
    assert refusal(state, "I9-I8") == "game-over"


def test_player_left_without_a_move_loses() -> None:
    """Interpretation (the rule book is silent): no legal move on one's turn loses the game."""
    state = OffboardState.from_position(red=["A2", "A3", "B1", "C1", "B2", "C3"], yellow=["A1"], to_move=YELLOW)
    assert state.legal_actions() == [] and state.is_terminal()
    assert state.winner() is RED and state.returns() == [1.0, -1.0]
    empty = OffboardState.from_position(red=["E5"], yellow=[], to_move=YELLOW)
    assert empty.winner() is RED


# --- notation -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["C3-D4", "c3-d4", "C3D4", "c3 d4", " C3 - D4 "])
def test_step_notation_variants(text: str) -> None:
    assert parse_move(text) == Step(h("C3"), Direction.NE)


def test_place_and_remove_notation() -> None:
    assert parse_move("place e5") == Place(h("E5")) and format_move(Place(h("E5"))) == "place E5"
    assert parse_move("REMOVE") == REMOVE and format_move(REMOVE) == "remove"


@pytest.mark.parametrize(
    ("text", "rule"),
    [("C3-E5", "not-adjacent"), ("C3", "notation"), ("Z1-Z2", "notation"), ("A6-A5", "notation"),
     ("place", "notation"), ("place J1", "notation"), ("", "notation"), ("C3-C3", "not-adjacent")],
)
def test_bad_notation_is_refused_with_a_rule(text: str, rule: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        parse_move(text)
    assert caught.value.rule == rule


def test_format_and_parse_round_trip_for_every_move() -> None:
    moves = [Step(hole, d) for hole in HOLES for d in Direction if hole.step(d).is_hole()]
    moves += [Place(hole) for hole in HOLES] + [REMOVE]
    assert all(parse_move(format_move(move)) == move for move in moves)


# --- saved games ----------------------------------------------------------------------------


def _saved(tmp_path: Path, state: OffboardState) -> Path:
    path = tmp_path / "offboard.json"
    save_state(path, state)
    return path


def test_scores_are_saved_as_a_list_by_seat_and_a_file_keyed_by_colour_still_loads(tmp_path: Path) -> None:
    state, rng = OffboardState(), seeded_rng(4)
    for _ in range(200):  # the greediest moves, until someone scores
        if state.score(RED) or state.score(YELLOW) or state.is_terminal():
            break
        state.apply_action(computer_move(state, rng))
    data = json.loads(_saved(tmp_path, state).read_text(encoding="utf-8"))
    assert data["scores"] == [state.score(RED), state.score(YELLOW)] and any(data["scores"])
    older = {**data, "scores": {"red": data["scores"][0], "yellow": data["scores"][1]}}
    assert state_to_json(state_from_json(older)) == data
    with pytest.raises(StateFileError, match=r"^scores: "):
        state_from_json({**data, "scores": {"yellow": data["scores"][1], "red": data["scores"][0]}})


def test_a_puzzle_position_plays_but_is_never_saved(tmp_path: Path) -> None:
    state = play(_bounced_state(), "remove", "I9-I8")
    assert state.is_puzzle and state.removed(YELLOW) == 1
    with pytest.raises(ValueError, match="cannot be saved"):
        save_state(tmp_path / "puzzle.json", state)
    assert not (tmp_path / "puzzle.json").exists()


def test_a_set_up_start_is_a_custom_layout_saved_with_its_hash(tmp_path: Path) -> None:
    state = play(OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"]), "C2-B2")
    assert state.layout.is_custom and not state.is_puzzle and state.score(RED) == 3
    assert state.not_in_play(YELLOW) == 10 and state.removed(YELLOW) == 0
    path = _saved(tmp_path, state)
    saved = json.loads(path.read_text(encoding="utf-8"))["layout"]
    assert saved["sha256"] == state.layout.digest and saved["start"]["red"] == ["B2", "C2", "E5"]
    loaded = load_state(path)
    assert state_to_json(loaded) == state_to_json(state) and loaded.layout.digest == state.layout.digest


def test_saved_file_holds_version_layout_and_history(tmp_path: Path) -> None:
    path = _saved(tmp_path, play(OffboardState(), "C3-D4", "G7-F6"))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2 and data["history"] == ["C3-D4", "G7-F6"] and data["layout"] == {"name": "apart"}
    assert "D4" in data["board"]["red"] and data["to_move"] == "red" and "setup" not in data


def test_version_1_files_load_on_the_layout_they_were_played_on(tmp_path: Path) -> None:
    """Files written before layouts existed have ``setup: null`` and were played on today's 'contact'."""
    state = play(OffboardState(named_layout("contact")), "G5-H6")
    data = state_to_json(state)
    data.pop("layout")
    data.update(version=1, setup=None)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_state(path).layout.name == "contact" and load_state(path).score(RED) == 3
    data["setup"] = {"board": {"red": ["E5"], "yellow": ["A1"]}, "targets": [None] * 12, "to_move": "red"}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match="setup"):
        load_state(path)


def _custom_layout_save(tmp_path: Path) -> dict:
    state = play(OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"]), "C2-B2")
    return json.loads(_saved(tmp_path, state).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.update(version=3), "version: 3 is out of range"),
        (lambda d: d.update(version=True), "version: expected an integer, found a boolean"),
        (lambda d: d.update(game="overload"), "game"),
        (lambda d: d.update(cheat=True), "unknown key 'cheat'"),
        (lambda d: d.update(setup=None), "unknown key 'setup'"),
        (lambda d: d["board"]["red"].append("E5"), "board"),
        (lambda d: d["board"]["red"].remove("D4"), "board"),
        (lambda d: d.update(to_move="yellow"), "to_move"),
        (lambda d: d["scores"].__setitem__(0, 6), r"scores\[0\]"),
        (lambda d: d.update(scores={"yellow": 0, "red": 0}), "scores"),
        (lambda d: d["removed"].update(red=True), "removed"),
        (lambda d: d["targets"].__setitem__(0, "yellow"), "targets"),
        (lambda d: d.update(history=["C3-D4", "C3-D4"]), r"history\[1\]"),
        (lambda d: d.update(history="C3-D4"), "history"),
        (lambda d: d.update(history=[5]), r"history\[0\]: expected a string"),
        (lambda d: d.pop("winner"), "missing key 'winner'"),
        (lambda d: d.update(layout={"name": "mine"}), "unknown layout 'mine'"),
        (lambda d: d.update(layout={"name": "apart", "sha256": "0" * 64}), "layout"),
        (lambda d: d.update(layout=[]), "layout"),
    ],
)
def test_tampered_files_are_refused_naming_the_field(tmp_path: Path, edit, field: str) -> None:
    path = _saved(tmp_path, play(OffboardState(), "C3-D4", "G7-F6"))
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=field):
        load_state(path)


def test_two_yellow_marbles_removed_with_red_5_points_is_refused(tmp_path: Path) -> None:
    """Issue 11's consistent edit on a packaged layout: the replay names the first field that disagrees."""
    path = _saved(tmp_path, play(OffboardState(), "C3-D4", "G7-F6"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["board"]["yellow"] = data["board"]["yellow"][2:]
    data["removed"]["yellow"] = 2
    data["scores"][0] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    refusal = r"^.*offboard\.json: board\.yellow: 10 entries where the recorded moves give 12$"
    with pytest.raises(StateFileError, match=refusal):
        load_state(path)


def test_consistently_edited_setup_is_refused(tmp_path: Path) -> None:
    """Issue 11: two yellow marbles removed and scores.red 5, everything else made to agree."""
    data = _custom_layout_save(tmp_path)
    data["layout"]["start"]["yellow"] = ["I9"]  # the pushed A2 never existed: a start the file invents
    data["removed"]["yellow"] = 2
    data["scores"][0] = 5
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=r"layout\.sha256: does not match"):
        load_state(path)
    data["layout"]["sha256"] = named_layout("apart").with_start(
        [h("B2"), h("C2"), h("E5")], [h("I9")]
    ).digest  # the hash made to agree too: replaying the moves on that start gives it away
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=r"(targets|removed|scores)\S*: the file says .*, the recorded moves give"):
        load_state(path)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d["layout"]["targets"][0].update(exits=[1, 2]), r"layout: targets\[0\]\.exits\[0\]: expected a string"),
        (lambda d: d["layout"].update(targets=[1, 2, 3]), r"targets\[0\]: expected an object"),
        (lambda d: d["layout"]["start"].update(red=["E5", "E5"]), "listed twice"),
        (lambda d: d["layout"]["start"].update(red=["E5"] * 13), "13 entries"),
        (lambda d: d["layout"]["targets"][0].update(value=True), "value: expected an integer"),
        (lambda d: d["layout"]["targets"][0].update(value=10**30), "out of range"),
        (lambda d: d["layout"].update(extra=1), "unknown key 'extra'"),
    ],
)
def test_tampered_custom_layouts_are_refused_naming_the_field(tmp_path: Path, edit, field: str) -> None:
    data = _custom_layout_save(tmp_path)
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=field):
        load_state(path)


def test_setup_targets_of_integers_are_refused_cleanly(tmp_path: Path) -> None:
    """Issue 11 printed "'int' object has no attribute 'upper'"; now the field is named."""
    data = _custom_layout_save(tmp_path)
    data["targets"] = [1] * 12
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=r"targets\[0\]: the file says 1, the recorded moves give \"yellow\""):
        load_state(path)


def test_version_1_setup_targets_of_integers_are_refused_cleanly(tmp_path: Path) -> None:
    """Issue 11's exact reproduction, in the file format it was found in."""
    data = state_to_json(OffboardState(named_layout("contact")))
    data.pop("layout")
    data.update(version=1, setup={"board": {"red": ["E5"], "yellow": ["A1"]}, "targets": [1] * 12, "to_move": "red"})
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=r"old\.json: setup: set-up start positions are not accepted"):
        load_state(path)


def test_deep_nesting_and_huge_numbers_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000, encoding="utf-8")
    with pytest.raises(StateFileError, match="nested"):
        load_state(path)
    path.write_text('{"version": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(StateFileError, match="digits"):
        load_state(path)


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(StateFileError, match="no such file"):
        load_state(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(StateFileError, match="not valid JSON"):
        load_state(broken)


def test_clone_is_independent() -> None:
    state = OffboardState()
    twin = state.clone()
    play(twin, "C3-D4")
    assert state.marble_at(h("C3")) is RED and twin.marble_at(h("C3")) is None
    assert state_to_json(state) == state_to_json(OffboardState())


# --- drawing and set-up positions -------------------------------------------------------------

START_DRAWING = """\
                       #8      #7
                 +1  +1  +1  +3  +3  +2
I │        #9  +2   Y   Y   .   Y   Y  +2  #6
H │          +2   .   Y   Y   Y   Y   .  +2
G │   #10  +3   .   Y   Y   .   Y   Y   .  +1  #5
F │      +3   .   .   .   .   .   .   .   .  +1
E │    +1   .   .   .   .   .   .   .   .   .  +1
D │      +1   .   .   .   .   .   .   .   .  +3
C │   #11  +1   .   R   R   .   R   R   .  +3  #4
B │          +2   .   R   R   R   R   .  +2       9
A │       #12  +2   R   R   .   R   R  +2  #3   8
                 +2  +3  +3  +1  +1  +1       7
                       #1      #2           6
                          1   2   3   4   5
"""


def board_lines(state: OffboardState) -> list[str]:
    return str(state).split("\n\n")[0].splitlines()


def test_start_drawing() -> None:
    drawing = str(OffboardState())
    assert drawing.startswith(START_DRAWING)
    assert "R red, Y yellow, . free hole" in drawing  # the legend
    assert drawing.endswith("layout: apart (packaged)\nScore: red 0, yellow 0. red to play.")


def test_drawing_gives_each_sign_one_meaning() -> None:
    """Issue 15: no row letter beside a digit, bare digits only for diagonals, target values and numbers shown."""
    state = play(OffboardState(named_layout("contact")), "G5-H6")
    lines = board_lines(state)
    for line in lines:
        if line[:1].isalpha():
            assert re.match(r"^[A-I] │ +[^\d ]", line), line  # a row letter, a bar, then never a bare digit
    tokens = [token for line in lines for token in line.replace("│", " ").split()]
    bare_digits = [token for token in tokens if token.isdigit()]
    assert sorted(bare_digits, key=int) == [str(col) for col in range(1, 10)]  # the diagonals, once each
    assert sorted(int(token[1:]) for token in tokens if token.startswith("#")) == list(range(1, 13))
    values = [token for token in tokens if token.startswith("+")]
    layout = state.layout
    spots = {exit_.hole.step(exit_.direction): index for exit_, index in layout.exit_target.items()}
    open_spots = [index for index in spots.values() if state.target_contents()[index] is None]
    assert sorted(values) == sorted(f"+{layout.targets[index].value}" for index in open_spots)
    assert tokens.count("y") == 2  # target 7 holds the yellow marble: its two spots say so
    assert set(tokens) <= {"R", "Y", ".", "r", "y", *"ABCDEFGHI", *bare_digits, *values} | {
        f"#{n}" for n in range(1, 13)
    }


def test_drawing_shows_taken_targets_and_the_pending_choice() -> None:
    state = play(OffboardState(named_layout("contact")), "G5-H6")
    assert board_lines(state)[1].split() == ["+1", "+1", "+1", "y", "y", "+2"]  # target 7's two spots
    assert "holds     -   -   -   -   -   -   y   -" in str(state)
    bounced = _bounced_state()
    assert "yellow to play: its pushed-off marble bounced off a taken target" in str(bounced)
    won = OffboardState.from_position(red=["E5"], yellow=["I9"], targets={1: YELLOW, 4: YELLOW})
    assert str(won).endswith("Game over: red wins (red reaches 6 points).")


def test_a_stalemate_win_says_why() -> None:
    blocked = OffboardState.from_position(red=["A2", "A3", "B1", "C1", "B2", "C3"], yellow=["A1"], to_move=YELLOW)
    assert "yellow has no legal move left and loses" in str(blocked)
    assert "Score: red 0, yellow 0. Game over: red wins" in str(blocked)
    emptied = OffboardState.from_position(red=["E5"], yellow=[], to_move=YELLOW)
    assert "yellow has no marble left on the board" in str(emptied)


def test_marbles_never_on_the_board_are_not_called_removed() -> None:
    state = OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"])
    drawing = str(state)
    assert "removed" not in drawing
    assert "CUSTOM, sha256 " in drawing and "marbles in this game: red 3, yellow 2" in drawing
    play(state, "C2-B2", "I9-I8")  # a marble scored, none bounced: still nothing removed
    assert "removed" not in str(state) and state.score(RED) == 3


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"red": ["E5", "e5"], "yellow": []}, "twice"),
        ({"red": [f"E{i}" for i in range(1, 10)] + ["D1", "D2", "D3", "D4"], "yellow": []}, "more than 12"),
        ({"red": ["E5"], "yellow": [], "targets": {13: RED}}, "no target 13"),
        ({"red": ["E5"], "yellow": [], "in_hand": YELLOW}, "player to move"),
        ({"red": ["E5"], "yellow": [], "targets": {1: RED, 4: RED, 7: YELLOW, 10: YELLOW}}, "both players"),
    ],
)
def test_from_position_refuses_impossible_positions(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        OffboardState.from_position(**kwargs)
