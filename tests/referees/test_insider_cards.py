"""Insider action cards: every power at every level, the Bodyguard answers, one card play per turn."""

from __future__ import annotations

import pytest

from overturn.referees.base import CHANCE, IllegalAction
from overturn.referees.insider.codec import state_to_json
from overturn.referees.insider.scenario import scenario
from overturn.referees.insider.state import InsiderState


def refused(state: InsiderState, action: str) -> str:
    before = state_to_json(state)
    with pytest.raises(IllegalAction) as info:
        state.apply_action(action)
    assert state_to_json(state) == before
    return info.value.rule


def at(state: InsiderState, player: int, name: str) -> int:
    return state.pawns[player].count(state.board.parse(name))


def walking(**kwargs) -> InsiderState:
    state = scenario(**kwargs)
    state.apply_action("walk")
    return state


# ----- one card type per turn ----------------------------------------------------------------


def test_cards_are_played_once_per_turn_and_go_to_the_discard_pile() -> None:
    state = walking(hands={0: {"scandal": 2, "heli": 1}}, pawns={0: ["b2"]})
    state.apply_action("play scandal 1 1")
    assert state.discard["scandal"] == 1 and state.hands[0]["scandal"] == 1
    assert not any(a.startswith("play") for a in state.legal_actions())
    assert refused(state, "play heli 1 b2 d4") == "cards-played"
    assert refused(state, "play scandal 1 1") == "cards-played"


def test_power_is_the_number_of_identical_cards() -> None:
    state = walking(hands={0: {"scandal": 2}})
    assert "play scandal 2 1" in state.legal_actions()
    assert "play scandal 3" not in state.legal_actions()
    assert refused(state, "play scandal 3") == "not-enough-cards"
    assert refused(state, "play scandal 4 1") == "power"


def test_cards_may_be_played_during_the_move() -> None:
    state = walking(hands={0: {"scandal": 1}})
    state.apply_action("step a1 a1-b1.1")
    state.apply_action("play scandal 1 1")
    assert state.turn.phase == "move" and state.turn.points == 6


# ----- Administrator ------------------------------------------------------------------------


def test_one_administrator_swaps_two_pawns_on_outer_squares() -> None:
    state = walking(hands={0: {"admin": 1}}, pawns={0: ["b2"], 1: ["d4"]})
    state.apply_action("play admin 1 b2:0 d4:1")
    assert at(state, 0, "d4") == 1 and at(state, 1, "b2") == 1


def test_administrator_swaps_accept_either_order() -> None:
    state = walking(hands={0: {"admin": 1}}, pawns={0: ["b2"], 1: ["d4"]})
    state.apply_action("play admin 1 d4:1 b2:0")
    assert at(state, 0, "d4") == 1 and at(state, 1, "b2") == 1


def test_one_administrator_does_not_reach_the_centre_area_paths_or_bases() -> None:
    state = walking(hands={0: {"admin": 1}}, pawns={0: ["b2", "a1-a2.1"], 1: ["c2", "d4"]},
                    total_out=["c1", "b3", "d3", "c4"])
    assert refused(state, "play admin 1 b2:0 c2:1") == "admin-reach"
    assert refused(state, "play admin 1 a1-a2.1:0 d4:1") == "admin-place"
    assert refused(state, "play admin 1 a1:0 d4:1") == "admin-place"
    assert refused(state, "play admin 1 b2:0 d4:0") in ("admin-pawn", "admin-same-player")


def test_two_administrators_swap_anywhere_even_out_of_the_insider() -> None:
    state = walking(hands={0: {"admin": 2}}, pawns={0: ["c2"]}, total_out=["c1", "b3", "d3", "c4"],
                    card="3a", tables=[1, None, None])
    assert "play admin 2 c2:0 t1" in state.legal_actions()
    state.apply_action("play admin 2 c2:0 t1")
    assert state.tables == [0, None, None]
    assert at(state, 0, "c3") == 1 and at(state, 1, "c2") == 1


def test_administrator_is_cancelled_by_one_bodyguard() -> None:
    state = walking(hands={0: {"admin": 1}, 1: {"guard": 2}}, pawns={0: ["b2"], 1: ["d4"]})
    state.apply_action("play admin 1 b2:0 d4:1")
    assert state.current_player() == 1
    assert state.legal_actions() == ["guard 1", "pass"]
    assert refused(state, "guard 2") == "guard-count"
    state.apply_action("guard 1")
    assert at(state, 0, "b2") == 1 and at(state, 1, "d4") == 1  # nothing swapped
    assert state.hands[1]["guard"] == 1 and state.discard["guard"] == 1 and state.discard["admin"] == 1
    assert state.current_player() == 0 and state.turn.cards_played


def test_a_declined_bodyguard_lets_the_action_happen() -> None:
    state = walking(hands={0: {"admin": 1}, 1: {"guard": 1}}, pawns={0: ["b2"], 1: ["d4"]})
    state.apply_action("play admin 1 b2:0 d4:1")
    state.apply_action("pass")
    assert at(state, 0, "d4") == 1 and state.hands[1]["guard"] == 1


def test_special_vip_rearranges_the_tables() -> None:
    state = walking(hands={0: {"admin": 3}}, card="3a", tables=[1, None, 0])
    state.apply_action("play admin 3")
    assert state.legal_actions() == ["vip 1 2", "vip 1 3", "vip 2 3", "done"]
    state.apply_action("vip 1 3")
    state.apply_action("vip 2 3")
    state.apply_action("done")
    assert state.tables == [0, 1, None]
    assert state.current_player() == 0 and state.turn.phase == "move"


def test_special_vip_needs_somebody_seated() -> None:
    state = walking(hands={0: {"admin": 3}})
    assert refused(state, "play admin 3") == "vip-empty"


def test_players_may_join_forces_against_a_special_vip() -> None:
    state = walking(players=3, hands={0: {"admin": 3}, 1: {"guard": 1}, 2: {"guard": 2}}, card="4a",
                    tables=[1, 2, None, None])
    state.apply_action("play admin 3")
    assert state.current_player() == 1 and state.legal_actions() == ["guard 1", "pass"]
    state.apply_action("guard 1")
    assert state.current_player() == 2 and state.legal_actions() == ["guard 1", "guard 2", "pass"]
    state.apply_action("guard 2")
    assert state.hands[1]["guard"] == 0 and state.hands[2]["guard"] == 0 and state.discard["guard"] == 3
    assert state.current_player() == 0 and not state.pending


def test_pledges_that_fall_short_are_returned() -> None:
    state = walking(players=3, hands={0: {"admin": 3}, 1: {"guard": 1}, 2: {"guard": 1}}, card="4a",
                    tables=[1, 2, None, None])
    state.apply_action("play admin 3")
    state.apply_action("guard 1")
    state.apply_action("guard 1")
    assert state.hands[1]["guard"] == 1 and state.hands[2]["guard"] == 1
    assert state.pending[-1]["kind"] == "vip"


# ----- Helicopter ---------------------------------------------------------------------------


def test_one_helicopter_flies_an_own_pawn_between_outer_squares() -> None:
    state = walking(hands={0: {"heli": 1}}, pawns={0: ["b2"]}, total_out=["c1", "b3", "d3", "c4"])
    state.apply_action("play heli 1 b2 e3")
    assert at(state, 0, "e3") == 1 and at(state, 0, "b2") == 0


def test_one_helicopter_does_not_reach_the_centre_area_paths_or_bases() -> None:
    state = walking(hands={0: {"heli": 1}}, pawns={0: ["b2", "a1-a2.1"]}, total_out=["c1", "b3", "d3", "c4"])
    assert refused(state, "play heli 1 b2 c2") == "heli-reach"
    assert refused(state, "play heli 1 b2 c3") == "heli-reach"
    assert refused(state, "play heli 1 a1-a2.1 d4") == "heli-place"
    assert refused(state, "play heli 1 a1 d4") == "heli-place"
    assert refused(state, "play heli 1 b2 e5") == "heli-place"
    assert refused(state, "play heli 1 b2 c1") == "total-out"
    assert refused(state, "play heli 1 d4 e4") == "no-pawn"


def test_two_helicopters_fly_into_the_insider() -> None:
    state = walking(hands={0: {"heli": 2}}, pawns={0: ["b2"]}, card="3a")
    state.apply_action("play heli 2 b2 c3")
    assert state.legal_actions() == ["seat 1", "seat 2", "seat 3"]
    state.apply_action("seat 1")
    assert state.tables == [0, None, None] and at(state, 0, "c3") == 1


def test_a_helicopter_landing_on_an_opponent_takes_a_card() -> None:
    state = walking(hands={0: {"heli": 1}, 1: {"trend": 1}}, pawns={0: ["b2"], 1: ["d4"]})
    state.apply_action("play heli 1 b2 d4")
    state.apply_action("take")
    assert state.current_player() == CHANCE
    state.apply_action("steal trend")
    assert state.hands[0]["trend"] == 1


def test_meeting_sends_every_pawn_of_a_player_home_even_from_the_insider() -> None:
    state = walking(hands={0: {"heli": 3}}, pawns={1: ["b2", "c3-c4.1"]}, card="3a", tables=[1, None, None])
    state.apply_action("play heli 3 1")
    assert state.pawns[1] == [state.bases[1]] * 7 and state.tables == [None, None, None]


def test_meeting_needs_three_bodyguards() -> None:
    state = walking(hands={0: {"heli": 3}, 1: {"guard": 2}}, pawns={1: ["b2"]})
    state.apply_action("play heli 3 1")
    assert at(state, 1, "b2") == 0  # two Bodyguards are not enough: P1 is not even asked
    state = walking(hands={0: {"heli": 3}, 1: {"guard": 3}}, pawns={1: ["b2"]})
    state.apply_action("play heli 3 1")
    assert state.legal_actions() == ["guard 3", "pass"]
    state.apply_action("guard 3")
    assert at(state, 1, "b2") == 1


def test_helicopters_one_and_two_are_not_starred() -> None:
    state = walking(hands={0: {"heli": 2}, 1: {"guard": 3}}, pawns={0: ["b2"]})
    state.apply_action("play heli 2 b2 d4")
    assert state.current_player() == 0 and at(state, 0, "d4") == 1


# ----- Scandal --------------------------------------------------------------------------------


def test_scandal_makes_the_target_skip_a_turn() -> None:
    state = walking(players=3, hands={0: {"scandal": 1}})
    state.apply_action("play scandal 1 1")
    assert refused(state, "play scandal 1 0") == "cards-played"
    while state.turn.phase == "move":
        state.apply_action(state.legal_actions()[0])
    state.apply_action("end")
    assert state.current == 2 and "P1 skips this turn (Scandal)" in state.events
    assert state.skips == [0, 0, 0]


def test_scandal_cannot_target_oneself() -> None:
    state = walking(hands={0: {"scandal": 1}})
    assert refused(state, "play scandal 1 0") == "target"


def test_rumours_give_one_die_until_the_next_evaluation() -> None:
    state = walking(hands={0: {"scandal": 2, "trend": 3}})
    state.apply_action("play scandal 2 1")
    assert state.one_die == [False, True]
    state = scenario(hands={0: {"trend": 3}}, current=1)
    state.one_die = [False, True]
    state.refresh()
    assert state.legal_actions() == ["roll", "draw"]
    assert refused(state, "walk") == "one-die"
    state.apply_action("roll")
    assert dict(state.chance_outcomes()) == pytest.approx({f"die {n}": 1 / 6 for n in range(1, 7)})
    assert refused(state, "dice 3 3") == "one-die"
    assert refused(state, "die 7") == "bad-outcome"
    state.apply_action("die 6")
    assert state.turn.points == 6 and not state.turn.double


def test_rumours_end_at_the_evaluation() -> None:
    state = walking(hands={0: {"trend": 3}}, card="3a")
    state.one_die = [False, True]
    state.refresh()
    state.apply_action("play trend 3")
    assert state.one_die == [False, False]


def test_bomb_alert_sends_everybody_home_and_replaces_the_card() -> None:
    state = walking(players=3, hands={0: {"scandal": 3}}, pawns={0: ["b2"], 1: ["d4", "c3-c4.1"], 2: ["b1"]},
                    card="4a", tables=[2, 1, None, None])
    hidden = state.evaluation_hidden
    state.apply_action("play scandal 3")
    assert all(pawns == [state.bases[p]] * 7 for p, pawns in enumerate(state.pawns))
    assert state.evaluation_bottom == ["4a"] and state.evaluations_done == 0
    assert state.current_player() == CHANCE
    state.resolve_chance()
    assert state.evaluation_card != "4a" and state.evaluation_hidden == hidden - 1
    assert state.scores == [0, 0, 0]


def test_a_card_put_under_the_pile_comes_back_last() -> None:
    state = walking(hands={0: {"scandal": 3}}, card="3a")
    state.evaluation_hidden = 0
    state.evaluation_bottom = ["5c"]
    state.refresh()
    state.apply_action("play scandal 3")
    assert state.chance_outcomes() == [("eval 5c", 1.0)]
    state.apply_action("eval 5c")
    assert state.evaluation_bottom == ["3a"]


def test_bomb_alert_can_be_stopped_by_any_opponent_with_three_bodyguards() -> None:
    state = walking(players=3, hands={0: {"scandal": 3}, 2: {"guard": 3}}, pawns={1: ["b2"]})
    state.apply_action("play scandal 3")
    assert state.current_player() == 2
    state.apply_action("guard 3")
    assert at(state, 1, "b2") == 1 and state.evaluation_bottom == []


# ----- Trendsetter --------------------------------------------------------------------------------


def test_trendsetter_plays_again_without_cards() -> None:
    state = walking(hands={0: {"trend": 1, "heli": 1}}, pawns={0: ["b2"]})
    state.apply_action("step b2 b2-b3.1")
    state.apply_action("play trend 1")
    assert state.current == 0 and state.turn.phase == "choose" and state.turn.cards_locked
    state.apply_action("walk")
    assert not any(a.startswith("play") for a in state.legal_actions())
    assert refused(state, "play heli 1 a1 b2") == "cards-locked"
    while state.turn.phase == "move":
        state.apply_action(next(a for a in state.legal_actions() if a.startswith("step")))
    assert not any(a.startswith("swap") for a in state.legal_actions())
    state.apply_action("end")
    assert state.current == 1


def test_nothing_follows_a_trendsetter_action() -> None:
    state = walking(hands={0: {"trend": 2}})
    state.apply_action("play trend 2")
    assert state.legal_actions()[-1] == "done"
    state.apply_action("done")
    assert state.current == 1  # the rest of the movement points are gone


def test_two_trendsetters_move_up_to_two_total_out_cards() -> None:
    state = walking(hands={0: {"trend": 2}}, pawns={1: ["d2"]})
    state.apply_action("play trend 2")
    state.apply_action("totalout c2 d2")
    assert state.pawns[1].count(state.bases[1]) == 7  # the pawn under the card went home
    assert state.pending[-1] == {"kind": "totalout", "left": 1}
    state.apply_action("totalout b3 b2")
    assert sorted(state.board.name(s) for s in state.total_out) == ["b2", "c4", "d2", "d3"]
    assert state.current == 1


def test_trendsetter_total_out_respects_the_shut_in_rule() -> None:
    state = walking(hands={0: {"trend": 2}}, total_out=["b1", "b3", "d3", "c4"])
    state.apply_action("play trend 2")
    assert refused(state, "totalout b3 a2") == "shut-in"
    assert refused(state, "totalout b3 c3") == "totalout-place"


def test_media_hype_evaluates_at_once_and_can_be_guarded() -> None:
    state = walking(hands={0: {"trend": 3}, 1: {"guard": 3}}, card="3a", tables=[0, None, None])
    state.apply_action("play trend 3")
    state.apply_action("guard 3")
    assert state.evaluations_done == 0 and state.current == 0 and state.turn.phase == "move"
    state = walking(hands={0: {"trend": 3}}, card="3a", tables=[0, None, None])
    state.apply_action("play trend 3")
    assert state.evaluations_done == 1 and state.scores == [3, -2]
    state.resolve_chance()
    assert state.current == 1


# ----- Bodyguard ------------------------------------------------------------------------------


def test_bodyguard_answers_need_as_many_cards_as_the_power() -> None:
    state = walking(hands={0: {"scandal": 2}, 1: {"guard": 3}})
    state.apply_action("play scandal 2 1")
    assert state.legal_actions() == ["guard 2", "pass"]
    assert refused(state, "guard 1") == "guard-count"
    assert refused(state, "end") == "guard-expected"
    state.apply_action("guard 2")
    assert state.one_die == [False, False] and state.hands[1]["guard"] == 1


def test_opponents_are_asked_in_turn_order() -> None:
    state = walking(players=4, hands={0: {"scandal": 1}, 2: {"guard": 1}, 3: {"guard": 1}})
    state.apply_action("play scandal 1 3")
    assert state.current_player() == 2
    state.apply_action("pass")
    assert state.current_player() == 3
    state.apply_action("pass")
    assert state.skips == [0, 0, 0, 1]


def test_bodyguard_is_never_played_on_ones_own_turn() -> None:
    state = walking(hands={0: {"guard": 3}})
    assert not any("guard" in a for a in state.legal_actions())
    assert refused(state, "play guard 1") == "guard-out-of-turn"


def test_unstarred_powers_cannot_be_guarded() -> None:
    state = walking(hands={0: {"trend": 2}, 1: {"guard": 3}})
    state.apply_action("play trend 2")
    assert state.current_player() == 0


def test_two_administrators_swap_two_seated_pawns_of_different_players() -> None:
    state = walking(hands={0: {"admin": 2}}, card="3a", tables=[1, None, 0])
    state.apply_action("play admin 2 t1 t3")
    assert state.tables == [0, None, 1]


def test_two_administrators_reach_the_squares_around_the_centre() -> None:
    state = walking(hands={0: {"admin": 2}}, pawns={0: ["b2"], 1: ["c2"]}, total_out=["c1", "b3", "d3", "c4"])
    state.apply_action("play admin 2 b2:0 c2:1")
    assert at(state, 0, "c2") == 1 and at(state, 1, "b2") == 1
    assert state.current_player() == 0  # a swap is no arrival: no card is taken


def test_two_helicopters_reach_a_square_next_to_the_centre_and_meet_opponents_there() -> None:
    state = walking(hands={0: {"heli": 2}, 1: {"admin": 1}}, pawns={0: ["b2"], 1: ["c2"]},
                    total_out=["c1", "b3", "d3", "c4"])
    state.apply_action("play heli 2 b2 c2")
    state.apply_action("take")
    assert state.current_player() == CHANCE
    state.apply_action("steal admin")
    assert state.hands[0]["admin"] == 1


def test_a_pawn_that_ended_its_move_cannot_fly() -> None:
    state = walking(hands={0: {"heli": 1}, 1: {"admin": 1}}, pawns={0: ["a1-b1.2"], 1: ["b1"]})
    state.apply_action("step a1-b1.2 b1")
    state.apply_action("take")
    state.apply_action("steal admin")
    assert not any(a.startswith("play heli 1 b1") for a in state.legal_actions())
    assert refused(state, "play heli 1 b1 d4") == "pawn-stopped"


def test_bomb_alert_is_no_evaluation_rumours_go_on() -> None:
    state = walking(hands={0: {"scandal": 3}})
    state.one_die = [False, True]
    state.refresh()
    state.apply_action("play scandal 3")
    state.resolve_chance()
    assert state.one_die == [False, True] and state.evaluations_done == 0


def test_a_later_opponent_may_guard_after_an_earlier_one_passes() -> None:
    state = walking(players=3, hands={0: {"admin": 2}, 1: {"guard": 2}, 2: {"guard": 2}},
                    pawns={0: ["b2"], 1: ["d4"]})
    state.apply_action("play admin 2 b2:0 d4:1")
    state.apply_action("pass")
    assert state.current_player() == 2
    state.apply_action("guard 2")
    assert at(state, 0, "b2") == 1 and state.hands == [
        {"admin": 0, "heli": 0, "scandal": 0, "trend": 0, "guard": 0},
        {"admin": 0, "heli": 0, "scandal": 0, "trend": 0, "guard": 2},
        {"admin": 0, "heli": 0, "scandal": 0, "trend": 0, "guard": 0},
    ]
