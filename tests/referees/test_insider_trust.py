"""Insider save files are evidence, not authority: every reproduction is refused naming the field.

A file is rebuilt from players, seed and chance mode plus its recorded actions;
anything that differs from the rebuilt game is refused. Every state reached in
random playouts saves and loads back equal.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from overturn.jsonstore import StateFileError
from overturn.referees.insider.codec import load_state, save_state, state_from_json, state_to_json
from overturn.referees.insider.playout import choose_action
from overturn.referees.insider.state import InsiderState


def play_until(predicate: Callable[[InsiderState], bool], players: int = 2, seed: int = 0,
               limit: int = 5_000) -> InsiderState:
    """Play a seeded random game until ``predicate`` holds (chance drawn from the game's seed)."""
    rng = random.Random(seed)
    state = InsiderState(players, seed=seed)
    for _ in range(limit):
        if predicate(state):
            return state
        state.apply_action(choose_action(state, rng))
    raise AssertionError("the playout never reached the wanted state")


def waiting_for(kind: str) -> Callable[[InsiderState], bool]:
    return lambda state: bool(state.pending) and state.pending[-1]["kind"] == kind


def refused_field(data: object) -> str:
    """Load tampered data that must be refused; return the error text."""
    with pytest.raises(StateFileError) as info:
        state_from_json(json.loads(json.dumps(data)))
    return str(info.value)


@pytest.fixture(scope="module")
def guard_game() -> dict:
    return state_to_json(play_until(waiting_for("guard")))


@pytest.fixture(scope="module")
def mid_game() -> dict:
    return state_to_json(play_until(lambda s: len(s.history) >= 120 and not s.pending, seed=3))


def test_a_steal_node_without_victims_is_refused(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    data["pending"] = [{"kind": "steal", "victims": []}]
    assert refused_field(data).startswith("pending: ")


def test_a_steal_node_whose_victim_holds_no_card_is_refused(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    empty = 1
    data["deck"] = {card: data["deck"][card] + data["hands"][empty][card] for card in data["deck"]}
    data["hands"][empty] = dict.fromkeys(data["hands"][empty], 0)
    data["pending"] = [{"kind": "steal", "victims": [empty]}]
    message = refused_field(data)
    assert message.startswith(("hands[1]", "pending: "))


@pytest.mark.parametrize("tamper, field", [
    (lambda node: node["play"].update(args=["zz", 3]), "play.args"),
    (lambda node: node["play"].update(card="guard", power=1), "play.card"),
    (lambda node: node.update(responders=[0, 0, 7]), "responders"),
    (lambda node: node.update(pledged={"x": -1}), "pledged"),
    (lambda node: node.pop("pooled"), "pooled"),
])
def test_bodyguard_nodes_with_odd_arguments_are_refused(guard_game: dict, tamper: Callable, field: str) -> None:
    data = copy.deepcopy(guard_game)
    tamper(data["pending"][-1])
    assert refused_field(data).startswith(f"pending[{len(data['pending']) - 1}].{field}")


def test_a_bodyguard_question_to_a_player_without_bodyguards_only_allows_pass(guard_game: dict) -> None:
    state = state_from_json(guard_game)
    responder = state.pending[-1]["responders"][0]
    state.discard["guard"] += state.hands[responder]["guard"]
    state.hands[responder]["guard"] = 0
    state.refresh()
    assert state.legal_actions() == ["pass"]
    with pytest.raises(Exception, match="guard-count|Bodyguard"):
        state.apply_action(f"guard {state.pending[-1]['play']['power']}")
    assert state.hands[responder]["guard"] == 0


def test_an_eval_node_with_an_empty_pile_is_refused(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    data["pending"] = [{"kind": "eval"}]
    data["evaluation"].update(hidden=0, bottom=[], card=None, tables=[])
    assert refused_field(data).startswith("evaluation.")


def test_duplicate_evaluation_cards_are_refused(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    unseen = data["evaluation"]["unseen"]
    unseen[1] = unseen[0]
    assert refused_field(data).startswith("evaluation.unseen[1]: ")


@pytest.mark.parametrize("key, value, message", [
    ("version", True, "version: expected an integer, found a boolean"),
    ("players", 4.0, "players: expected an integer, found a number"),
    ("seed", -1, "seed: -1 is out of range"),
    ("seed", 10**40, f"seed: {10**40} is out of range"),
    ("auto_chance", 1, "auto_chance: expected true or false, found an integer"),
    ("cheat", True, "unknown key 'cheat' (allowed: "),
    ("history", "walk", "history: expected a list, found a string"),
])
def test_header_fields_are_typed_and_bounded(mid_game: dict, key: str, value: object, message: str) -> None:
    data = copy.deepcopy(mid_game)
    data[key] = value
    assert message in refused_field(data)


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_game_the_file_could_not_hold_is_never_started(seed: int) -> None:
    with pytest.raises(ValueError, match="seed"):
        InsiderState(2, seed=seed)


def test_unknown_keys_inside_are_refused(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    data["turn"]["cheat"] = True
    assert refused_field(data).startswith("turn.cheat: unknown key")


def test_a_chance_outcome_the_seed_did_not_draw_is_refused(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    index = next(i for i, action in enumerate(data["history"]) if action.startswith("dice "))
    data["history"][index] = "dice 6 6" if data["history"][index] != "dice 6 6" else "dice 5 5"
    message = refused_field(data)
    assert message.startswith(f"history[{index}]: ") and "draws its dice and cards from its seed" in message


def test_a_table_game_accepts_any_legal_outcome_but_checks_the_rest() -> None:
    state = InsiderState(2, seed=1)
    state.auto_chance = False
    rng = random.Random(1)
    for _ in range(80):
        state.apply_action(choose_action(state, rng))
    data = state_to_json(state)
    assert state_to_json(state_from_json(data)) == data
    data["scores"][0] = 3
    assert refused_field(data) == "scores[0]: the file says 3, the recorded moves give 0"


def test_an_action_the_rules_refuse_names_its_place_in_the_history(mid_game: dict) -> None:
    data = copy.deepcopy(mid_game)
    data["history"][20] = "play heli 3 7"
    assert refused_field(data).startswith("history[20]: ") and "refused by the rules" in refused_field(data)


def test_deep_nesting_is_refused_without_recursion_error(tmp_path: Path, mid_game: dict) -> None:
    flat = tmp_path / "deep.json"
    flat.write_text("[" * 200_000 + "]" * 200_000)
    inside = tmp_path / "deep_inside.json"
    inside.write_text(json.dumps(mid_game)[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    for path in (flat, inside):
        with pytest.raises(StateFileError, match=path.name):
            load_state(path)


def test_every_state_of_random_playouts_saves_and_loads_back_equal(tmp_path: Path) -> None:
    """The referee never writes a file it cannot read back (every state of three short games, through a file)."""
    path = tmp_path / "game.json"
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = InsiderState(players, seed=players)
        for step in range(100):
            data = state_to_json(state)
            again = state_from_json(json.loads(json.dumps(data)))
            assert state_to_json(again) == data and again.legal_actions() == state.legal_actions()
            if step % 25 == 0:
                save_state(path, state)
                assert state_to_json(load_state(path)) == data
            state.apply_action(choose_action(state, rng))


@pytest.mark.parametrize("players", [2, 3])
def test_whole_random_games_load_back_equal_at_every_250th_action(players: int) -> None:
    rng = random.Random(players)
    state = InsiderState(players, seed=players)
    while not state.is_terminal():
        if len(state.history) % 250 == 0:
            data = state_to_json(state)
            assert state_to_json(state_from_json(data)) == data
        state.apply_action(choose_action(state, rng))
    data = state_to_json(state)
    assert state_to_json(state_from_json(data)) == data


def _mutations(data: object, rng: random.Random) -> object:
    """One random edit somewhere in the document: delete, duplicate, swap type, extreme value."""
    data = copy.deepcopy(data)
    parent, key = data, None
    while True:
        children = list(parent.items()) if isinstance(parent, dict) else list(enumerate(parent))
        if not children:
            break
        key, child = rng.choice(children)
        if not isinstance(child, (dict, list)) or not child or rng.random() < 0.3:
            break
        parent = child
    if key is None:
        return data
    choice = rng.randrange(6)
    if choice == 0:
        del parent[key]
    elif choice == 1 and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif choice == 2:
        parent[key] = rng.choice([True, None, "x", 1.5, [], {}, -1, 10**30])
    elif choice == 3 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += rng.choice([-1, 1])
    elif choice == 4 and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    else:
        parent[key] = "é" * 10_000
    return data


def test_mutated_files_are_refused_or_identical(mid_game: dict, guard_game: dict) -> None:
    """No mutation gives a traceback, and none is accepted unless it left the document as it was."""
    rng = random.Random(2026)
    for _ in range(300):
        original = rng.choice([mid_game, guard_game])
        mutated = _mutations(original, rng)
        try:
            state = state_from_json(json.loads(json.dumps(mutated)))
        except StateFileError:
            continue
        assert mutated == original and state_to_json(state) == original
