"""Overload referee: the rule book's examples and one test per rule."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from overturn.referees.base import CHANCE as CHANCE_PLAYER
from overturn.referees.base import TERMINAL as TERMINAL_PLAYER
from overturn.referees.base import IllegalAction
from overturn.referees.overload.rules import RulesDataError, Special, load_rules
from overturn.referees.overload.state import (
    Action,
    Kind,
    OverloadState,
    Phase,
    seeded_face,
)
from overturn.referees.overload.store import SavedGame, game_to_json

RULES = load_rules()
PACKAGED_RULES = Path(str(resources.files("overturn.referees.overload").joinpath("data", "overload.json")))
PLUS, MINUS, STEP, DOUBLE = 6, 10, 14, 18  # special spaces of the 3-player variant track


def arrange(
    pawns: dict[str, tuple[int, int]],
    current: str = "red",
    players: int = 3,
    variant: int = 0,
    scores: dict[str, int] | None = None,
) -> OverloadState:
    """A game in a given position: {pawn: (space, discs)}, others on the start; cup holds the rest."""
    state = OverloadState.new(players, variant, RULES)
    for name, (space, discs) in pawns.items():
        pawn = state.pawns[state.pawn_index(name)]
        pawn.position, pawn.discs = space, discs
    state.cup = RULES.total_discs - sum(pawn.discs for pawn in state.pawns)
    for colour, score in (scores or {}).items():
        state.scores[RULES.colours.index(colour)] = score
    state.current = RULES.colours.index(current)
    state._begin_turn()
    assert state.invariant_violations() == []
    return state


def play(state: OverloadState, *moves: str) -> OverloadState:
    for move in moves:
        state.apply_action(state.parse_action(move))
        assert state.invariant_violations() == [], move
    return state


def where(state: OverloadState, name: str) -> tuple[int, int]:
    pawn = state.pawns[state.pawn_index(name)]
    return pawn.position, pawn.discs


def legal(state: OverloadState) -> list[str]:
    return [state.action_to_string(action) for action in state.legal_actions()]


def score(state: OverloadState, colour: str) -> int:
    return state.scores[RULES.colours.index(colour)]


def refused(state: OverloadState, move: str) -> str:
    """Play an illegal move; check it is refused and changes nothing; return the rule code."""
    before = game_to_json(SavedGame(state, 0))
    with pytest.raises(IllegalAction) as refusal:
        state.apply_action(state.parse_action(move))
    assert game_to_json(SavedGame(state, 0)) == before
    return refusal.value.rule


# ----- the rule book's examples ------------------------------------------------


def test_example_1_overtaking_puts_a_cup_disc_on_each_pawn_passed() -> None:
    state = arrange({"blue1": (3, 2), "blue2": (12, 0), "red1": (5, 1), "yellow1": (6, 4), "red2": (1, 0), "yellow2": (1, 0)}, "blue")
    play(state, "roll 5", "move blue1")
    assert where(state, "blue1") == (8, 2)
    assert where(state, "red1") == (5, 2)
    assert where(state, "yellow1") == (6, 5)
    assert state.cup == RULES.total_discs - 2 - 2 - 5 - 0
    assert state.current == RULES.colours.index("yellow")


def test_example_2_landing_on_a_pawn_red_gives_or_takes() -> None:
    position = {"red1": (4, 3), "yellow1": (6, 2), "red2": (1, 0), "yellow2": (1, 0), "blue1": (1, 0), "blue2": (1, 0)}
    gives = play(arrange(position), "roll 2", "move red1")
    assert gives.phase is Phase.ENCOUNTER
    assert legal(gives) == ["give yellow1", "take yellow1"]
    play(gives, "give yellow1")
    assert (where(gives, "red1"), where(gives, "yellow1")) == ((6, 2), (6, 3))
    takes = play(arrange(position), "roll 2", "move red1", "take yellow1")
    assert (where(takes, "red1"), where(takes, "yellow1")) == ((6, 4), (6, 1))


def test_example_3_yellow_settles_its_own_pawn_and_red_separately() -> None:
    state = arrange({"yellow1": (2, 3), "yellow2": (7, 1), "red1": (7, 2), "red2": (1, 0), "blue1": (1, 0), "blue2": (1, 0)}, "yellow")
    play(state, "roll 5", "move yellow1")
    assert sorted(legal(state)) == ["give red1", "give yellow2", "take red1", "take yellow2"]
    play(state, "give yellow2", "take red1")
    assert where(state, "yellow1") == (7, 3)
    assert where(state, "yellow2") == (7, 2)
    assert where(state, "red1") == (7, 1)
    assert state.current == RULES.colours.index("red")


def test_example_4_finish_scores_the_discs_and_eight_discs_score_twelve() -> None:
    state = arrange(
        {"red1": (21, 5), "red2": (3, 0), "blue1": (1, 0), "blue2": (2, 0),
         "yellow1": (1, 0), "yellow2": (2, 0), "green1": (20, 8), "green2": (9, 0)},
        players=4,
    )
    play(state, "roll 6", "move red1")
    assert score(state, "red") == 5
    assert where(state, "red1") == (0, 0)
    assert state.cup == RULES.total_discs - 8
    play(state, "roll 5", "move blue1", "roll 5", "move yellow1")
    play(state, "roll 7", "move green1")
    assert score(state, "green") == 12
    assert where(state, "green1") == (0, 0)
    # Red's next turn: red1 waits on the start, so red chooses its discs (3) before rolling.
    assert state.phase is Phase.LOAD and state.current == 0
    play(state, "load 3", "roll 2")
    assert legal(state) == ["move red1"]
    play(state, "move red1")
    assert where(state, "red1") == (2, 3)


# ----- the track -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "between", "target"), [(3, 22, 40), (4, 26, 35), (5, 30, 30)])
def test_track_length_and_target_follow_the_player_count(players: int, between: int, target: int) -> None:
    state = OverloadState.new(players)
    assert state.track.finish - 1 == between
    assert state.target == target
    assert len(state.pawns) == 2 * players
    assert state.cup == 80


def test_variant_flips_sections_in_track_order_with_default_actions() -> None:
    five = RULES.build_track(5, 6)
    assert [five.specials[space] for space in sorted(five.specials)] == [
        Special.PLUS, Special.MINUS, Special.STEP, Special.DOUBLE, Special.PLUS, Special.MINUS,
    ]
    assert sorted(RULES.build_track(3, 4).specials) == [PLUS, MINUS, STEP, DOUBLE]
    assert RULES.build_track(3, 2).specials == {PLUS: Special.PLUS, MINUS: Special.MINUS}
    assert RULES.build_track(4, 0).specials == {}
    with pytest.raises(ValueError, match="0 to 4 sections"):
        RULES.build_track(3, 5)
    with pytest.raises(ValueError, match="3 to 5 players"):
        OverloadState.new(2)


def test_track_sections_come_from_the_data_file(tmp_path: Path) -> None:
    data = json.loads(PACKAGED_RULES.read_text(encoding="utf-8"))
    data["sections"]["start"]["spaces"] = 5
    custom = tmp_path / "overload.json"
    custom.write_text(json.dumps(data), encoding="utf-8")
    assert load_rules(custom).build_track(3).finish == 24
    data["layouts"]["3"] = ["curve-1", "finish"]
    custom.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RulesDataError, match="layouts.3"):
        load_rules(custom)


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("total_discs", 70, "total_discs"),
        ("targets", {"3": 40, "4": 35}, "targets"),
        ("colours", ["red", "blue"], "colours"),
        ("die_faces", 0, "die_faces"),
        ("max_start_discs", 9, "max_start_discs"),
        ("special_spaces", {"offset_in_section": 4, "actions_in_track_order": ["+"] * 6}, "special_spaces.offset_in_section"),
        ("special_spaces", {"offset_in_section": 1, "actions_in_track_order": ["+", "?"]}, "special_spaces.actions_in_track_order"),
        ("special_spaces", {"offset_in_section": 1, "actions_in_track_order": ["+"] * 5}, "special_spaces.actions_in_track_order"),
        ("sections", {"start": {"kind": "loop", "spaces": 4}}, "sections.start.kind"),
    ],
)
def test_a_malformed_data_file_is_refused_naming_the_field(tmp_path: Path, key: str, value: object, field: str) -> None:
    data = json.loads(PACKAGED_RULES.read_text(encoding="utf-8"))
    data[key] = value
    custom = tmp_path / "overload.json"
    custom.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RulesDataError, match=f"field '{re.escape(field)}'"):
        load_rules(custom)


# ----- entering from the start ---------------------------------------------------


def test_discs_are_chosen_before_the_roll_for_a_pawn_on_the_start() -> None:
    state = OverloadState.new(3)
    assert state.phase is Phase.LOAD and state.current_player() == 0
    assert refused(state, "roll 4") == "load-before-roll"
    play(state, "load 8")
    assert where(state, "red1") == (0, 8) and state.cup == 72
    assert state.is_chance_node() and state.current_player() == CHANCE_PLAYER
    assert refused(state, "load 2") == "load-before-roll"


def test_at_most_eight_discs_at_the_start() -> None:
    state = OverloadState.new(3)
    assert refused(state, "load 9") == "load-range"
    assert refused(state, "load -1") == "load-range"


def test_no_discs_to_choose_without_a_pawn_on_the_start() -> None:
    state = arrange({"red1": (3, 1), "red2": (5, 0)})
    assert state.phase is Phase.ROLL
    assert refused(state, "load 2") == "load-no-start-pawn"


def test_a_pawn_on_the_start_enters_before_the_other_moves() -> None:
    state = arrange({"red1": (9, 1)})
    play(state, "load 2", "roll 3")
    assert legal(state) == ["move red2"]
    assert refused(state, "move red1") == "enter-start-pawn-first"
    play(state, "move red2")
    assert where(state, "red2") == (3, 2)


def test_with_both_pawns_on_the_track_the_player_picks_after_the_roll() -> None:
    state = arrange({"red1": (9, 1), "red2": (2, 0)})
    play(state, "roll 3")
    assert legal(state) == ["move red1", "move red2"]
    assert refused(state, "move blue1") == "not-your-pawn"
    play(state, "move red2")
    assert where(state, "red2") == (5, 0)


# ----- overtaking ----------------------------------------------------------------


def test_every_pawn_strictly_between_gets_one_disc_own_pawns_too() -> None:
    state = arrange({"red1": (2, 1), "red2": (4, 0), "blue1": (4, 3), "blue2": (6, 0), "yellow1": (7, 2)})
    play(state, "roll 5", "move red1")
    assert where(state, "red2") == (4, 1)
    assert where(state, "blue1") == (4, 4)
    assert where(state, "blue2") == (6, 1)
    assert where(state, "yellow1") == (7, 2)  # the arrival space is not overtaken: it is met
    assert state.phase is Phase.ENCOUNTER


def test_pawns_on_the_start_are_not_overtaken() -> None:
    state = OverloadState.new(3)
    play(state, "load 1", "roll 8", "move red1")
    assert all(where(state, name)[1] == 0 for name in ("red2", "blue1", "blue2", "yellow1", "yellow2"))
    assert state.cup == 79


def test_pawns_passed_on_the_way_to_the_finish_are_overtaken() -> None:
    state = arrange({"red1": (20, 0), "blue1": (21, 0), "blue2": (22, 1), "red2": (5, 0)})
    play(state, "roll 8", "move red1")
    assert where(state, "blue1") == (21, 1)
    assert where(state, "blue2") == (22, 2)


# ----- several pawns on a space ------------------------------------------------------


def test_give_and_take_move_one_disc_between_the_two_pawns() -> None:
    state = arrange({"red1": (3, 2), "blue1": (5, 1), "red2": (1, 0)})
    play(state, "roll 2", "move red1", "give blue1")
    assert (where(state, "red1"), where(state, "blue1")) == ((5, 1), (5, 2))
    assert state.cup == RULES.total_discs - 3


def test_a_possible_give_is_compulsory_when_the_pawn_met_has_no_disc() -> None:
    state = arrange({"red1": (3, 2), "blue1": (5, 0), "red2": (1, 0)})
    play(state, "roll 2", "move red1")
    assert legal(state) == ["give blue1"]
    assert refused(state, "take blue1") == "take-without-disc"
    assert refused(state, "roll 3") == "encounter-awaited"


def test_a_possible_take_is_compulsory_when_the_mover_has_no_disc() -> None:
    state = arrange({"red1": (3, 0), "blue1": (5, 4), "red2": (1, 0)})
    play(state, "roll 2", "move red1")
    assert legal(state) == ["take blue1"]
    assert refused(state, "give blue1") == "give-without-disc"


def test_nothing_to_settle_when_neither_pawn_has_a_disc() -> None:
    state = arrange({"red1": (3, 0), "blue1": (5, 0), "red2": (1, 0)})
    play(state, "roll 2", "move red1")
    assert state.current == 1 and state.phase is Phase.LOAD


def test_each_pawn_met_is_settled_once_in_the_order_the_mover_picks() -> None:
    state = arrange({"red1": (3, 0), "blue1": (5, 0), "yellow1": (5, 2), "red2": (1, 0)})
    play(state, "roll 2", "move red1")
    assert legal(state) == ["take yellow1"]  # nothing possible with blue1 yet
    play(state, "take yellow1")
    assert legal(state) == ["give blue1"]  # now red1 has a disc: the give is compulsory
    assert refused(state, "take yellow1") == "not-met"
    play(state, "give blue1")
    assert [where(state, name) for name in ("red1", "blue1", "yellow1")] == [(5, 0), (5, 1), (5, 1)]
    assert state.current == 1


# ----- overload ----------------------------------------------------------------------


def test_a_ninth_disc_overloads_and_the_mover_scores_one_point() -> None:
    state = arrange({"red1": (2, 1), "blue1": (4, 8), "red2": (1, 0)})
    play(state, "roll 5", "move red1")
    assert where(state, "blue1") == (0, 0)
    assert score(state, "red") == 1
    assert state.cup == RULES.total_discs - 1


def test_overloading_ones_own_pawn_earns_nothing() -> None:
    state = arrange({"red1": (2, 1), "red2": (4, 8)})
    play(state, "roll 5", "move red1")
    assert where(state, "red2") == (0, 0)
    assert score(state, "red") == 0


def test_giving_a_ninth_disc_overloads_the_pawn_met() -> None:
    state = arrange({"red1": (3, 2), "blue1": (5, 8), "red2": (1, 0)})
    play(state, "roll 2", "move red1", "give blue1")
    assert where(state, "red1") == (5, 1)
    assert where(state, "blue1") == (0, 0)
    assert state.cup == RULES.total_discs - 1
    assert score(state, "red") == 1


def test_taking_a_ninth_disc_overloads_the_mover_and_ends_its_move() -> None:
    state = arrange({"red1": (3, 8), "blue1": (5, 3), "yellow1": (5, 0), "red2": (1, 0)})
    play(state, "roll 2", "move red1", "take blue1")
    assert where(state, "red1") == (0, 0)
    assert where(state, "blue1") == (5, 2)
    assert where(state, "yellow1") == (5, 0)  # the give to yellow1 never happens
    assert score(state, "red") == 0
    assert state.current == 1


def test_an_overloaded_pawn_reenters_with_a_new_choice_of_discs() -> None:
    state = arrange({"red1": (2, 1), "red2": (9, 0), "blue1": (4, 8), "blue2": (12, 0)})
    play(state, "roll 5", "move red1")
    assert state.current == 1 and state.phase is Phase.LOAD and state.mover == state.pawn_index("blue1")
    play(state, "load 6", "roll 1")
    assert legal(state) == ["move blue1"]


# ----- the finish and the end ----------------------------------------------------------


@pytest.mark.parametrize(("discs", "points"), [(0, 0), (5, 5), (7, 7), (8, 12)])
def test_reaching_or_passing_the_finish_scores_the_discs(discs: int, points: int) -> None:
    state = arrange({"red1": (20, discs), "red2": (1, 0)})
    play(state, "roll 8", "move red1")
    assert score(state, "red") == points
    assert where(state, "red1") == (0, 0)
    assert state.cup == RULES.total_discs


def test_exactly_on_the_finish_scores_too() -> None:
    state = arrange({"red1": (17, 4), "red2": (1, 0)})
    play(state, "roll 6", "move red1")
    assert score(state, "red") == 4


def test_the_game_ends_as_soon_as_the_target_is_reached() -> None:
    state = arrange({"red1": (20, 2), "red2": (1, 0)}, scores={"red": 38, "blue": 39})
    play(state, "roll 3", "move red1")
    assert state.is_terminal() and state.winner == 0
    assert state.returns() == [1.0, -1.0, -1.0]
    assert state.current_player() == TERMINAL_PLAYER and state.legal_actions() == []
    assert refused(state, "roll 3") == "game-over"


def test_an_overload_point_can_end_the_game_in_the_middle_of_a_move() -> None:
    state = arrange({"red1": (20, 2), "blue1": (21, 8), "red2": (1, 0)}, players=5, scores={"red": 29})
    play(state, "roll 8", "move red1")
    assert state.is_terminal() and score(state, "red") == 30


def test_players_take_turns_clockwise() -> None:
    state = arrange({"yellow1": (3, 0), "yellow2": (4, 0), "red1": (1, 0), "red2": (1, 0)}, "yellow")
    play(state, "roll 1", "move yellow2")
    assert state.current == 0


# ----- the die ----------------------------------------------------------------------


def test_the_die_is_a_chance_node_with_eight_equal_faces() -> None:
    state = arrange({"red1": (3, 0), "red2": (4, 0)})
    outcomes = state.chance_outcomes()
    assert [action.value for action, _ in outcomes] == list(range(1, 9))
    assert sum(probability for _, probability in outcomes) == pytest.approx(1)
    assert refused(state, "roll 0") == "die-range"
    assert refused(state, "roll 9") == "die-range"
    assert refused(state, "move red1") == "roll-awaited"


def test_the_seeded_die_gives_each_draw_its_own_fair_face() -> None:
    faces = [seeded_face(11, draw, 8) for draw in range(4000)]
    assert faces[:20] == [seeded_face(11, draw, 8) for draw in range(20)]  # replays
    assert faces[:20] != [seeded_face(12, draw, 8) for draw in range(20)]  # depends on the seed
    assert all(400 < faces.count(face) < 600 for face in range(1, 9))  # about 500 each


# ----- the variant ----------------------------------------------------------------------


def test_plus_space_adds_a_cup_disc() -> None:
    state = arrange({"red1": (3, 2), "red2": (1, 0)}, variant=4)
    play(state, "roll 3", "move red1")
    assert where(state, "red1") == (PLUS, 3)


def test_plus_space_can_overload_the_mover_for_no_point() -> None:
    state = arrange({"red1": (3, 8), "red2": (1, 0), "blue1": (PLUS, 0)}, variant=4)
    play(state, "roll 3", "move red1")
    assert where(state, "red1") == (0, 0)
    assert score(state, "red") == 0 and state.current == 1


def test_minus_space_returns_a_disc_to_the_cup() -> None:
    state = arrange({"red1": (8, 2), "red2": (1, 0), "blue1": (9, 0)}, variant=4)
    play(state, "roll 2", "move red1")
    assert where(state, "red1") == (MINUS, 1)
    empty = arrange({"red1": (8, 0), "red2": (1, 0)}, variant=4)
    play(empty, "roll 2", "move red1")
    assert where(empty, "red1") == (MINUS, 0)


def test_a_space_action_comes_before_settling_the_pawns_met() -> None:
    state = arrange({"red1": (3, 0), "blue1": (PLUS, 0), "red2": (1, 0)}, variant=4)
    play(state, "roll 3", "move red1")
    assert legal(state) == ["give blue1"]


def test_plus_minus_space_moves_the_pawn_forward_or_back_at_once() -> None:
    state = arrange({"red1": (11, 1), "red2": (1, 0)}, variant=4)
    play(state, "roll 3", "move red1")
    assert state.phase is Phase.STEP and legal(state) == ["step forward", "step back"]
    assert refused(state, "give blue1") == "step-awaited"
    play(state, "step forward")
    assert where(state, "red1") == (STEP + 1, 1)


def test_stepping_back_onto_a_pawn_just_overtaken_loads_it_then_settles() -> None:
    state = arrange({"red1": (11, 2), "blue1": (STEP - 1, 3), "red2": (1, 0)}, variant=4)
    play(state, "roll 3", "move red1")
    assert where(state, "blue1") == (STEP - 1, 4)
    play(state, "step back")
    assert legal(state) == ["give blue1", "take blue1"]
    play(state, "take blue1")
    assert where(state, "red1") == (STEP - 1, 3)
    assert where(state, "blue1") == (STEP - 1, 3)


def test_double_space_doubles_the_overtake() -> None:
    state = arrange({"red1": (16, 0), "blue1": (DOUBLE, 3), "red2": (1, 0)}, variant=4)
    play(state, "roll 4", "move red1")
    assert where(state, "blue1") == (DOUBLE, 5)


def test_double_space_doubles_give_and_take_as_far_as_the_discs_allow() -> None:
    state = arrange({"red1": (16, 3), "blue1": (DOUBLE, 3), "yellow1": (DOUBLE, 1), "red2": (1, 0)}, variant=4)
    play(state, "roll 2", "move red1", "give blue1", "take yellow1")
    assert where(state, "blue1") == (DOUBLE, 5)
    assert where(state, "yellow1") == (DOUBLE, 0)
    assert where(state, "red1") == (DOUBLE, 2)


def test_double_space_give_can_overload_after_the_first_disc() -> None:
    state = arrange({"red1": (16, 3), "blue1": (DOUBLE, 7), "red2": (1, 0)}, variant=4)
    play(state, "roll 2", "move red1", "give blue1")
    assert where(state, "blue1") == (0, 0)
    assert where(state, "red1") == (DOUBLE, 1)
    assert score(state, "red") == 1


# ----- actions and notation --------------------------------------------------------------


def test_notation_round_trips_and_bad_notation_is_refused() -> None:
    state = arrange({"red1": (3, 1), "red2": (4, 0)}, variant=4)
    for action in (Action(Kind.LOAD, 3), Action(Kind.ROLL, 5), Action(Kind.MOVE, 3), Action(Kind.STEP, -1), Action(Kind.TAKE, 5)):
        assert state.parse_action(state.action_to_string(action)) == action
    for text, rule in (("jump red1", "notation"), ("move", "notation"), ("move purple1", "unknown-pawn"), ("step up", "notation"), ("roll six", "notation")):
        with pytest.raises(IllegalAction) as refusal:
            state.parse_action(text)
        assert refusal.value.rule == rule
