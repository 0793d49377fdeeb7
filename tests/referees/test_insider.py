"""Insider referee: board, set-up, the three turn options, meetings, the INSIDER, evaluation, end, save."""

from __future__ import annotations

import pytest

from overturn.jsonstore import StateFileError
from overturn.referees.base import CHANCE, TERMINAL, IllegalAction
from overturn.referees.insider.board import CARD_TYPES, default_material
from overturn.referees.insider.codec import load_state, state_to_json
from overturn.referees.insider.render import describe_turn, render
from overturn.referees.insider.scenario import scenario
from overturn.referees.insider.state import InsiderState


def refused(state: InsiderState, action: str) -> str:
    """Apply an action that must be refused; return the rule code and check nothing changed."""
    before = state_to_json(state)
    with pytest.raises(IllegalAction) as info:
        state.apply_action(action)
    assert state_to_json(state) == before
    return info.value.rule


def pos(state: InsiderState, name: str) -> int:
    return state.board.parse(name)


def cards_accounted(state: InsiderState) -> int:
    return sum(state.deck.values()) + sum(state.discard.values()) + sum(state.hand_size(p) for p in range(state.players))


# ----- material ------------------------------------------------------------------


def test_board_is_a_5x5_grid_of_big_squares_linked_by_two_space_paths() -> None:
    board = default_material().board
    assert board.square_count == 25
    assert len(board.links) == 40
    assert board.position_count == 25 + 80
    assert all(len(spaces) == 2 for _, _, spaces in board.links)
    assert {board.name(c) for c in board.corners} == {"a1", "a5", "e1", "e5"}
    assert board.name(board.centre) == "c3"
    assert {board.name(s) for s in board.inner} == {"c2", "b3", "d3", "c4"}
    assert {board.name(s) for s in board.neighbours[board.centre]} == {"c2", "b3", "d3", "c4"}
    # a base exits only to its two paths
    assert len(board.routes[board.parse("a1")]) == 2


def test_evaluation_cards_follow_the_published_shape() -> None:
    material = default_material()
    cards = list(material.evaluation_cards.values())
    assert len(cards) == 20
    for size in (3, 4, 5, 6, 7):
        same = [c for c in cards if len(c.tables) == size]
        assert len(same) == 4
        assert sorted(c.penalty for c in same) == [-5, -4, -3, -2]
        for card in same:
            assert set(card.tables) <= {0, 1, 2, 3} and 0 in card.tables and 3 in card.tables
    assert material.total_action_cards == 55
    assert set(material.action_cards.values()) == {11}
    assert (material.staircase.start, material.staircase.cave, material.staircase.top) == (0, -5, 35)


@pytest.mark.parametrize("players, sizes", [(2, {3, 4, 5}), (3, {4, 5, 6}), (4, {5, 6, 7})])
def test_setup_deals_seven_cards_and_turns_a_card_of_the_right_sizes(players: int, sizes: set[int]) -> None:
    state = InsiderState(players, seed=5)
    assert state.current_player() == CHANCE
    state.resolve_chance()
    material = state.material
    assert all(state.hand_size(p) == 7 for p in range(players))
    assert cards_accounted(state) == 55
    assert all(pawns == [state.bases[p]] * 7 for p, pawns in enumerate(state.pawns))
    assert {state.board.name(s) for s in state.total_out} == {"c2", "b3", "d3", "c4"}
    assert len(material.evaluation_cards[state.evaluation_card].tables) in sizes
    assert {len(material.evaluation_cards[c].tables) for c in state.evaluation_unseen} <= sizes
    assert state.evaluation_hidden == 6  # 7 drawn for the pile, one face up
    assert state.scores == [0] * players
    assert state.current_player() == 0
    assert state.legal_actions() == ["walk", "roll", "draw"]


def test_player_count_is_checked() -> None:
    with pytest.raises(ValueError):
        InsiderState(5)


# ----- movement --------------------------------------------------------------------


def test_walk_gives_seven_points_that_must_all_be_used() -> None:
    state = scenario()
    state.apply_action("walk")
    assert state.turn.points == 7
    assert "end" not in state.legal_actions()
    assert refused(state, "end") == "must-move"
    state.apply_action("step a1 a1-b1.1")
    assert state.turn.points == 6
    assert state.pawns[0].count(pos(state, "a1-b1.1")) == 1


def test_walking_square_to_square_costs_the_path_spaces_and_the_square() -> None:
    state = scenario()
    state.apply_action("walk")
    for action in ("step a1 a1-b1.1", "step a1-b1.1 a1-b1.2", "step a1-b1.2 b1"):
        state.apply_action(action)
    assert state.turn.points == 4
    assert pos(state, "b1") in state.pawns[0]


def test_occupied_path_spaces_are_jumped_at_one_point_each() -> None:
    state = scenario(pawns={1: ["a1-b1.1"]})
    state.apply_action("walk")
    assert "step a1 a1-b1.2" in state.legal_actions()
    assert refused(state, "step a1 a1-b1.1") == "space-occupied"
    state.apply_action("step a1 a1-b1.2")
    assert state.turn.points == 5
    both = scenario(pawns={1: ["a1-b1.1", "a1-b1.2"]})
    both.apply_action("walk")
    both.apply_action("step a1 b1")
    assert both.turn.points == 4


def test_a_jump_needs_the_points_for_every_space() -> None:
    state = scenario(pawns={0: ["a2-a3.2"], 1: ["a1-b1.1", "a1-b1.2"]}, hands={})
    state.apply_action("roll")
    state.apply_action("dice 1 1")
    assert refused(state, "step a1 b1") == "points"
    assert refused(state, "step a1 a2") == "not-a-step"


def test_a_base_admits_only_its_owner() -> None:
    state = scenario(pawns={0: ["a1-b1.1"], 1: ["a1-a2.1"]}, current=1, hands={})
    state.apply_action("walk")
    assert refused(state, "step a1-a2.1 a1") == "foreign-base"
    own = scenario(pawns={0: ["a1-b1.1"]})
    own.apply_action("walk")
    own.apply_action("step a1-b1.1 a1")
    assert own.pawns[0].count(pos(own, "a1")) == 7


def test_total_out_squares_cannot_be_entered_or_crossed() -> None:
    state = scenario(pawns={0: ["b2-c2.2"]})
    state.apply_action("walk")
    assert refused(state, "step b2-c2.2 c2") == "total-out"


def test_a_stuck_move_loses_its_remaining_points() -> None:
    # P0's pawns are all at home; both paths out are full and lead to Total OUT squares
    state = scenario(pawns={1: ["a1-b1.1", "a1-b1.2", "a1-a2.1", "a1-a2.2"]}, total_out=["b1", "a2", "d3", "c4"])
    state.apply_action("walk")
    assert state.turn.phase == "after" and state.turn.points == 0
    assert state.events[-1] == "P0 cannot move further: 7 point(s) lost"
    assert state.legal_actions() == ["end"]


# ----- rolling ------------------------------------------------------------------------


def test_rolling_a_seven_is_rolled_again() -> None:
    state = scenario()
    state.apply_action("roll")
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert outcomes["dice 3 4"] == pytest.approx(2 / 36)
    assert sum(outcomes.values()) == pytest.approx(1)
    state.apply_action("dice 3 4")
    assert state.current_player() == CHANCE
    state.apply_action("dice 2 6")
    assert state.turn.points == 8 and not state.turn.double


def test_a_double_moves_one_total_out_instead_of_playing_cards() -> None:
    state = scenario(hands={0: {"heli": 2}})
    state.apply_action("roll")
    state.apply_action("dice 2 2")
    assert state.turn.points == 4 and state.turn.double
    assert "totalout c2 c1" in state.legal_actions()
    state.apply_action("totalout c2 c1")
    assert pos(state, "c1") in state.total_out and pos(state, "c2") not in state.total_out
    assert refused(state, "totalout b3 b2") == "double-used"
    assert refused(state, "play heli 2 a1 b2") in ("double-used", "heli-place")
    assert not any(a.startswith("play") for a in state.legal_actions())
    # pawns still move by the total
    state.apply_action("step a1 a1-b1.1")
    assert state.turn.points == 3


def test_total_out_needs_a_double() -> None:
    state = scenario()
    state.apply_action("roll")
    state.apply_action("dice 2 3")
    assert refused(state, "totalout c2 c1") == "no-double"


def test_after_a_card_play_a_double_no_longer_moves_total_out() -> None:
    state = scenario(hands={0: {"scandal": 1}})
    state.apply_action("roll")
    state.apply_action("dice 5 5")
    assert "totalout c2 c1" in state.legal_actions()
    state.apply_action("play scandal 1 1")
    assert not any(a.startswith("totalout") for a in state.legal_actions())
    assert refused(state, "totalout c2 c1") == "cards-played"


# ----- drawing cards ----------------------------------------------------------------------


def test_drawing_gives_one_card_per_occupied_normal_square() -> None:
    # rule book example: 5 pawns on 3 squares, the others at home -> 3 cards
    state = scenario(pawns={0: ["b2", "b2", "d4", "d4", "a3"]}, hands={0: {"admin": 1}})
    state.apply_action("draw")
    drawn = state.resolve_chance()
    assert len(drawn) == 3
    assert state.hand_size(0) == 4


def test_centre_and_base_earn_no_card_and_the_hand_limit_caps_the_draw() -> None:
    state = scenario(pawns={0: ["b2", "d4"]}, tables=[0, None, None, None], card="4a", hands={0: {"admin": 6}})
    state.apply_action("draw")
    assert state.resolve_chance() == [state.history[-1]]
    assert state.hand_size(0) == 7


def test_cards_drawn_this_turn_cannot_be_played_this_turn() -> None:
    state = scenario(pawns={0: ["b2"]}, hands={0: {"trend": 1}})
    state.apply_action("draw")
    state.apply_action("card trend")
    assert state.hands[0]["trend"] == 2
    assert "play trend 1" in state.legal_actions()  # the old card
    assert "play trend 2" not in state.legal_actions()
    assert refused(state, "play trend 2") == "fresh-cards"


def test_discard_one_and_draw_one_instead_of_playing() -> None:
    state = scenario(hands={0: {"scandal": 1}, 1: {}})
    state.apply_action("draw")
    state.apply_action("swap scandal")
    assert state.current_player() == CHANCE
    state.apply_action("card heli")
    assert state.hands[0] == {**dict.fromkeys(CARD_TYPES, 0), "heli": 1}
    assert state.discard["scandal"] == 1
    assert state.current == 1  # the swap ends the turn


def test_the_deck_is_rebuilt_from_the_discard_pile() -> None:
    state = scenario(pawns={0: ["b2"]})
    state.deck = dict.fromkeys(CARD_TYPES, 0)
    state.discard = dict(state.material.action_cards)
    state.refresh()
    state.apply_action("draw")
    assert state.deck_size() == 55
    state.resolve_chance()
    assert state.hand_size(0) == 1 and cards_accounted(state) == 55


# ----- meeting opponents ------------------------------------------------------------------


def test_meeting_an_opponent_offers_take_or_decline() -> None:
    state = scenario(pawns={0: ["a1-b1.2"], 1: ["b1"]}, hands={1: {"heli": 1, "scandal": 2}})
    state.apply_action("walk")
    state.apply_action("step a1-b1.2 b1")
    assert state.current_player() == 0 and state.legal_actions() == ["take", "decline"]
    assert refused(state, "step b1 b1-c1.1") == "meet-expected"
    assert "take a card from each" in render(state)


def test_a_pawn_that_declines_moves_on_and_may_take_when_it_comes_back() -> None:
    state = scenario(pawns={0: ["a1-b1.2"], 1: ["b1"]}, hands={1: {"heli": 1}})
    state.apply_action("walk")
    state.apply_action("step a1-b1.2 b1")
    state.apply_action("decline")
    assert state.hands[1]["heli"] == 1 and state.turn.frozen == []
    state.apply_action("step b1 b1-c1.1")
    state.apply_action("step b1-c1.1 b1")  # back in: a new arrival, a new meeting
    assert state.legal_actions() == ["take", "decline"]
    state.apply_action("take")
    state.resolve_chance()
    assert state.hands[0]["heli"] == 1 and refused(state, "step b1 b1-c1.1") == "pawn-stopped"


def test_meeting_an_opponent_on_a_big_square_takes_a_card_and_stops_the_pawn() -> None:
    state = scenario(pawns={0: ["a1-b1.2"], 1: ["b1"]}, hands={1: {"heli": 1, "scandal": 2}})
    state.apply_action("walk")
    state.apply_action("step a1-b1.2 b1")
    state.apply_action("take")
    assert state.current_player() == CHANCE
    assert dict(state.chance_outcomes()) == pytest.approx({"steal heli": 1 / 3, "steal scandal": 2 / 3})
    state.apply_action("steal scandal")
    assert state.hands[0]["scandal"] == 1 and state.hands[1]["scandal"] == 1
    assert refused(state, "step b1 b1-c1.1") == "pawn-stopped"
    # the stolen card is not a drawn card: it may be played at once
    assert "play scandal 1 1" in state.legal_actions()


def test_a_meeting_takes_one_card_from_each_opponent_there() -> None:
    state = scenario(players=3, pawns={0: ["a1-b1.2"], 1: ["b1"], 2: ["b1"]},
                     hands={1: {"heli": 1}, 2: {"guard": 1}})
    state.apply_action("walk")
    state.apply_action("step a1-b1.2 b1")
    state.apply_action("take")
    state.resolve_chance()
    assert state.hands[0]["heli"] == 1 and state.hands[0]["guard"] == 1


def test_no_card_is_taken_on_paths_from_empty_hands_or_beyond_the_hand_limit() -> None:
    empty = scenario(pawns={0: ["a1-b1.2"], 1: ["b1"]})
    empty.apply_action("walk")
    empty.apply_action("step a1-b1.2 b1")
    assert empty.current_player() == 0 and "step b1 b1-c1.1" in empty.legal_actions()
    full = scenario(pawns={0: ["a1-b1.2"], 1: ["b1"]}, hands={0: {"admin": 7}, 1: {"heli": 1}})
    full.apply_action("walk")
    full.apply_action("step a1-b1.2 b1")
    assert full.current_player() == 0 and full.hands[1]["heli"] == 1


# ----- the INSIDER and evaluation ----------------------------------------------------------------


def seated_scenario(**kwargs) -> InsiderState:
    """P0 next to the INSIDER with the south Total OUT moved away."""
    defaults = dict(pawns={0: ["c2-c3.2", "c2"]}, total_out=["c1", "b3", "d3", "c4"], card="3a")
    defaults.update(kwargs)
    return scenario(**defaults)


def test_arriving_in_the_insider_takes_a_free_table_of_the_players_choice() -> None:
    state = seated_scenario(tables=[1, None, None])
    state.apply_action("walk")
    state.apply_action("step c2-c3.2 c3")
    assert state.legal_actions() == ["seat 2", "seat 3"]
    assert refused(state, "seat 1") == "table-taken"
    assert refused(state, "step c2 c2-c3.1") == "seat-expected"
    state.apply_action("seat 3")
    assert state.tables == [1, None, 0]
    assert refused(state, "step c3 c2-c3.2") == "seated"


def test_the_last_table_triggers_the_evaluation() -> None:
    # card 3a: tables 3, 1, 0, penalty -2
    state = seated_scenario(tables=[1, None, 1], scores=[5, -4])
    state.apply_action("walk")
    state.apply_action("step c2-c3.2 c3")
    state.apply_action("seat 2")
    assert state.scores == [6, -4 + 3 + 0]
    assert state.evaluations_done == 1
    assert state.tables == [] and state.current_player() == CHANCE
    assert all(pos(state, "c3") not in pawns for pawns in state.pawns)
    assert state.pawns[0].count(pos(state, "a1")) == 6  # the seated pawn went home, c2 stayed
    assert pos(state, "c2") in state.pawns[0]
    state.resolve_chance()
    assert state.evaluation_card is not None and state.current_player() == 0
    assert state.turn.points == 6  # the move goes on after the evaluation


def test_absent_players_lose_the_penalty_but_not_below_the_cave() -> None:
    state = seated_scenario(players=3, tables=[1, None, 1], scores=[0, 0, -4], card="4a",
                            pawns={0: ["c2-c3.2"]})
    state.tables = [1, None, 1, None]
    state.pawns[1][:2] = [pos(state, "c3")] * 2
    state.refresh()
    state.apply_action("walk")
    state.apply_action("step c2-c3.2 c3")
    state.apply_action("seat 2")
    assert state.tables[1] == 0 and state.evaluations_done == 0
    # card 4a: tables 3 2 1 0 penalty -2; fill the last table by media hype instead
    state.hands[0]["trend"] = 3
    state.deck["trend"] -= 3
    state.refresh()
    state.apply_action("play trend 3")
    assert state.scores == [2, 3 + 1, -5]


def test_the_seventh_evaluation_ends_the_game_and_the_highest_wins() -> None:
    state = seated_scenario(tables=[1, None, None], scores=[10, 12], hands={0: {"trend": 3}})
    state.evaluations_done = 6
    state.evaluation_hidden = 0
    state.refresh()
    state.apply_action("walk")
    state.apply_action("play trend 3")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.scores == [8, 15]
    assert state.returns() == [-1.0, 1.0] and state.winners() == [1]
    assert state.legal_actions() == []
    assert refused(state, "end") == "game-over"


def test_reaching_35_wins_at_once_and_the_staircase_stops_there() -> None:
    state = seated_scenario(tables=[None, 1, 1], scores=[34, 0], hands={0: {"trend": 3}})
    state.apply_action("walk")
    state.apply_action("step c2-c3.2 c3")
    state.apply_action("seat 1")
    assert state.is_terminal() and state.scores == [35, 1] and state.evaluations_done == 1


def test_a_tie_at_the_top_shares_the_win() -> None:
    # card 3a: tables 3, 1, 0, penalty -2
    draw = seated_scenario(tables=[None, 1, None], scores=[0, -3], hands={0: {"trend": 3}})
    draw.evaluations_done = 6
    draw.evaluation_hidden = 0
    draw.refresh()
    draw.apply_action("walk")
    draw.apply_action("play trend 3")
    assert draw.scores == [-2, -2] and draw.winners() == [0, 1] and draw.returns() == [0.0, 0.0]


# ----- shut in ------------------------------------------------------------------------------


def test_a_total_out_may_not_shut_in_a_base() -> None:
    # a1's two neighbours are b1 and a2: covering both would wall the base in
    state = scenario(total_out=["b1", "b3", "d3", "c4"])
    state.apply_action("roll")
    state.apply_action("dice 3 3")
    assert "totalout b3 a2" not in state.legal_actions()
    assert refused(state, "totalout b3 a2") == "shut-in"
    assert "totalout b3 b2" in state.legal_actions()


def test_a_total_out_may_not_shut_in_a_pawn_on_a_path() -> None:
    state = scenario(pawns={0: ["b4-b5.1"]}, total_out=["b5", "b3", "d3", "c4"])
    state.apply_action("roll")
    state.apply_action("dice 3 3")
    assert refused(state, "totalout b3 b4") == "shut-in"
    state.pawns[0][0] = pos(state, "a1")
    state.refresh()
    assert "totalout b3 b4" in state.legal_actions()


def test_a_pawn_that_can_still_reach_the_insider_is_not_shut_in() -> None:
    state = scenario(pawns={0: ["c2-c3.1"]}, total_out=["d1", "b3", "d3", "c4"])
    state.apply_action("roll")
    state.apply_action("dice 3 3")
    assert "totalout d1 c2" in state.legal_actions()


def test_total_out_goes_only_on_free_normal_squares_and_sends_pawns_home() -> None:
    state = scenario(pawns={0: ["b2", "b2"], 1: ["b2"]})
    state.apply_action("roll")
    state.apply_action("dice 4 4")
    assert refused(state, "totalout c2 c3") == "totalout-place"
    assert refused(state, "totalout c2 a1") == "totalout-place"
    assert refused(state, "totalout c2 b3") == "totalout-place"
    assert refused(state, "totalout c2 a1-a2.1") == "totalout-place"
    assert refused(state, "totalout b2 c1") == "not-total-out"
    state.apply_action("totalout c2 b2")
    assert state.pawns[0].count(pos(state, "a1")) == 7 and state.pawns[1].count(pos(state, "e5")) == 7


# ----- refusals ---------------------------------------------------------------------------------


def test_refusals_name_the_rule() -> None:
    state = scenario(hands={0: {"guard": 2}})
    assert refused(state, "step a1 a1-b1.1") == "choose-first"
    assert refused(state, "dance") == "syntax"
    assert refused(state, "seat 1") == "not-expected"
    state.apply_action("walk")
    assert refused(state, "roll") == "one-main-action"
    assert refused(state, "step b2 b2-c2.1") == "no-pawn"
    assert refused(state, "step a1 zz9") == "syntax"
    assert refused(state, "play guard 1") == "guard-out-of-turn"
    assert refused(state, "swap guard") == "must-move"
    chance = scenario()
    chance.apply_action("roll")
    assert refused(chance, "walk") == "chance-expected"
    assert refused(chance, "dice 0 9") == "bad-outcome"


# ----- saving ---------------------------------------------------------------------------------


def test_unreadable_files_name_the_file(tmp_path) -> None:
    with pytest.raises(StateFileError, match="no such file"):
        load_state(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(StateFileError, match="bad.json"):
        load_state(bad)


def test_the_drawing_shows_the_board_and_the_tables() -> None:
    state = seated_scenario(tables=[1, None, None], pawns={0: ["c2-c3.2", "b2", "b2"], 1: ["b2"]})
    text = render(state, show_hands=True)
    assert "[##OUT##]" in text and "[c3 INS ]" in text and "[b2 001 ]" in text
    assert "t1=3:P1" in text and "t2=1:--" in text
    assert "P0 to play: walk, roll or draw" in text
    lines = text.splitlines()
    row2 = next(line for line in lines if line.startswith("2 "))
    assert row2.index("[b2") < row2.index("[c2")


def test_clone_is_independent() -> None:
    state = scenario()
    twin = state.clone()
    twin.apply_action("walk")
    twin.apply_action("step a1 a1-b1.1")
    assert state.turn.phase == "choose" and state.pawns[0] == [state.bases[0]] * 7
    assert twin.material is state.material
    assert "[c3 INS ]" in str(twin)


def test_the_hand_limit_caps_the_cards_taken_in_one_meeting() -> None:
    state = scenario(players=3, pawns={0: ["a1-b1.2"], 1: ["b1"], 2: ["b1"]},
                     hands={0: {"admin": 6}, 1: {"heli": 1}, 2: {"trend": 1}})
    state.apply_action("walk")
    state.apply_action("step a1-b1.2 b1")
    state.apply_action("take")
    state.resolve_chance()
    assert state.hand_size(0) == 7 and state.hands[1]["heli"] == 0 and state.hands[2]["trend"] == 1



def test_a_crowded_square_shows_whose_pawns_are_there() -> None:
    state = scenario(pawns={0: ["b2", "b2", "b2"], 1: ["b2", "b2"]})
    lines = render(state).splitlines()
    assert "[b2 00011]" in render(state)
    row2 = next(line for line in lines if line.startswith("2 "))
    row1 = next(line for line in lines if line.startswith("1 "))
    assert row1.index("[b1") == row2.index("[b2")  # every cell widened alike


def test_the_status_line_offers_no_card_play_after_a_doubles_total_out_move() -> None:
    state = scenario(pawns={0: ["b2"]}, hands={0: {"heli": 2}})
    state.apply_action("roll")
    state.apply_action("dice 5 5")
    assert "play cards" in describe_turn(state) and "move a Total OUT (double)" in describe_turn(state)
    state.apply_action("totalout c2 c1")
    assert "play cards" not in describe_turn(state) and "Total OUT" not in describe_turn(state)
