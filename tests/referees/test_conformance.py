"""One conformance suite over every referee, in the spirit of OpenSpiel's API tests.

Seeded random playouts of each game check the shared ``State`` protocol
(``overturn.referees.protocol``): legal actions apply, notation round-trips,
clones are independent, saves replay to the same game, chance outcomes are
probabilities summing to 1, ``current_player`` follows the CHANCE/TERMINAL
markers, returns follow ``base.win_returns``, and what an action did is
reported as events the game's English catalogue words. Bounded: a few playouts of
a few hundred actions per game, seconds in all.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from overturn.referees.base import CHANCE, TERMINAL, IllegalAction
from overturn.referees.insider import effects as insider_effects
from overturn.referees.insider import words as insider_words
from overturn.referees.insider.referee import InsiderReferee
from overturn.referees.insider.render import awaited as insider_awaited
from overturn.referees.offboard import effects as offboard_effects
from overturn.referees.offboard import words as offboard_words
from overturn.referees.offboard.referee import OffboardReferee
from overturn.referees.offboard.render import awaited as offboard_awaited
from overturn.referees.overload import effects as overload_effects
from overturn.referees.overload import words as overload_words
from overturn.referees.overload.referee import OverloadReferee
from overturn.referees.overload.referee import awaited as overload_awaited
from overturn.referees.protocol import Referee
from overturn.referees.wording import kind, say

ACTION_LIMIT = 300
#: (referee, new_game options) per playout; seeded, so a failure replays.
SETUPS: list[tuple[Referee[Any], dict[str, Any]]] = [
    (OverloadReferee(), {"players": 3, "variant": 0, "seed": 21}),
    (OverloadReferee(), {"players": 5, "variant": 6, "seed": 22}),
    (OffboardReferee(), {}),
    (OffboardReferee(), {"layout": "contact"}),
    (InsiderReferee(), {"players": 2, "seed": 23}),
    (InsiderReferee(), {"players": 3, "seed": 24, "table_chance": True}),
]


def _id(setup: tuple[Referee[Any], dict[str, Any]]) -> str:
    referee, options = setup
    return "-".join([referee.name, *(f"{key}={value}" for key, value in options.items())])


def _players(state: Any) -> int:
    return int(getattr(state, "players", 2))


def _playout(referee: Referee[Any], options: dict[str, Any], seed: int) -> Iterator[Any]:
    """The game record after every action of a seeded random playout (one object, changed in place)."""
    rng = random.Random(seed)
    game = referee.new_game(**options)
    yield game
    for _ in range(ACTION_LIMIT):
        state = referee.state(game)
        if state.is_terminal():
            return
        state.apply_action(referee.random_action(game, rng))
        yield game


@pytest.fixture(params=SETUPS, ids=[_id(setup) for setup in SETUPS])
def setup(request: pytest.FixtureRequest) -> tuple[Referee[Any], dict[str, Any]]:
    return request.param  # type: ignore[no-any-return]


def test_current_player_follows_the_markers(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    seen = set()
    for game in _playout(referee, options, 1):
        state = referee.state(game)
        player = state.current_player()
        seen.add(player)
        assert isinstance(player, int)
        assert (player == CHANCE) == state.is_chance_node()
        assert (player == TERMINAL) == state.is_terminal()
        if player not in (CHANCE, TERMINAL):
            assert 0 <= player < _players(state)


def test_legal_actions_apply_and_their_notation_round_trips(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    for step, game in enumerate(_playout(referee, options, 2)):
        state = referee.state(game)
        legal = state.legal_actions()
        if state.is_terminal():
            assert legal == []
            continue
        assert legal, "a game that is not over always has a legal action (a chance outcome counts)"
        assert len(set(legal)) == len(legal), "legal actions are distinct values"
        for action in legal[:: max(1, len(legal) // 8)]:  # a spread sample: some positions have hundreds
            text = state.action_to_string(action)
            assert isinstance(text, str) and text
            assert state.parse_action(text) == action
            if step % 5 == 0:
                trial = state.clone()
                trial.apply_action(action)  # never IllegalAction for a legal action


def test_an_illegal_action_is_refused_and_leaves_the_state_untouched(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    for step, game in enumerate(_playout(referee, options, 3)):
        if step % 7:
            continue
        state = referee.state(game)
        before = referee.to_json(game)
        with pytest.raises(IllegalAction):
            state.apply_action(state.parse_action("no such move at all"))
        assert referee.to_json(game) == before


def test_clones_are_independent(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    rng = random.Random(4)
    for step, game in enumerate(_playout(referee, options, 4)):
        state = referee.state(game)
        if state.is_terminal() or step % 3:
            continue
        before = (state.current_player(), list(state.legal_actions()), state.returns())
        twin = state.clone()
        twin.apply_action(rng.choice(twin.legal_actions()))
        assert (state.current_player(), list(state.legal_actions()), state.returns()) == before


def test_saves_replay_to_the_same_game(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    for step, game in enumerate(_playout(referee, options, 5)):
        if step % 10:
            continue
        saved = referee.to_json(game)
        loaded = referee.from_json(saved, "conformance")
        assert referee.to_json(loaded) == saved
        state, again = referee.state(game), referee.state(loaded)
        assert again.current_player() == state.current_player()
        assert again.legal_actions() == state.legal_actions()


def _is_a_score_by_seat(scores: Any, players: int) -> bool:
    return isinstance(scores, list) and len(scores) == players and all(type(score) is int for score in scores)


def test_the_score_is_a_list_by_seat_in_the_state_the_view_and_the_save(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    for step, game in enumerate(_playout(referee, options, 6)):
        state = referee.state(game)
        if step % 10 and not state.is_terminal():
            continue
        players = _players(state)
        assert _is_a_score_by_seat(state.scores, players), state.scores
        assert referee.view_json(game)["scores"] == state.scores
        assert referee.to_json(game)["scores"] == state.scores


def test_chance_outcomes_are_probabilities_of_legal_actions(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    chance_nodes = 0
    for game in _playout(referee, options, 6):
        state = referee.state(game)
        outcomes = state.chance_outcomes()
        if not state.is_chance_node():
            assert outcomes == []
            continue
        chance_nodes += 1
        assert outcomes
        assert math.isclose(sum(probability for _, probability in outcomes), 1.0, abs_tol=1e-9)
        assert all(0 < probability <= 1 for _, probability in outcomes)
        possible, legal = {outcome for outcome, _ in outcomes}, set(state.legal_actions())
        assert legal <= possible, "every legal action at a chance node is one of its outcomes"
        if not getattr(state, "auto_chance", False):
            assert legal == possible  # the table gives chance: any outcome may be reported
        # (a referee drawing its own chance from the game's seed offers only the outcome it drew,
        # so that the saved actions replay the same game)
    if referee.name == "offboard":
        assert chance_nodes == 0  # a game of no chance has no chance node


def test_terminal_returns_follow_the_convention(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    referee, options = setup
    last = None
    for game in _playout(referee, options, 7):
        state = referee.state(game)
        returns = state.returns()
        assert len(returns) == _players(state)
        if not state.is_terminal():
            assert returns == [0.0] * len(returns)
        last = state
    assert last is not None
    returns = last.returns()
    assert set(returns) <= {-1.0, 0.0, 1.0}
    if last.is_terminal() and any(returns):
        assert 1.0 in returns and all(value in (1.0, -1.0) for value in returns)


WORDS = {"overload": (overload_effects, overload_words), "offboard": (offboard_effects, offboard_words), "insider": (insider_effects, insider_words)}


def test_what_an_action_did_is_data_worded_by_the_catalogue(setup: tuple[Referee[Any], dict[str, Any]]) -> None:
    """``play`` reports each action as events (the action first, kind ``acted``), its English lines are the
    catalogue's wording of the rest, the events survive JSON, and the awaiting line is the awaited Struct's wording."""
    referee, options = setup
    effects, words = WORDS[referee.name]
    rng = random.Random(9)
    game = referee.new_game(**options)
    seen = set()
    for _ in range(120):
        state = referee.state(game)
        if state.is_terminal():
            break
        game, log = referee.play(game, [state.action_to_string(referee.random_action(game, rng))])
        for played in log:
            assert kind(played.events[0]) == "acted"
            assert list(played.effects) == [say(words.EN, event) for event in played.events[1:]]
            assert msgspec.convert(msgspec.to_builtins(list(played.events)), list[effects.Effect]) == list(played.events)
            seen |= {kind(event) for event in played.events[1:]}
        assert referee.awaiting(game) == say(words.EN, _awaited(referee.name, game))
    assert seen, "a playout where no action did anything"


def _awaited(name: str, game: Any) -> Any:
    """What the game awaits, as its Struct."""
    if name == "overload":
        return overload_awaited(game.state)
    return offboard_awaited(game) if name == "offboard" else insider_awaited(game)
