"""Insider games as JSON: written for people to read, rebuilt from their recorded actions when read back.

The file is evidence, not authority: loading replays ``history`` from the
rules' inputs (players, seed, chance mode) and compares every other field with
the rebuilt game, so a tampered, damaged or impossible file is refused with a
StateFileError naming the first field that differs (``turn.points``,
``pawns[1][3]``, ``pending[0].victims``...).
"""

from __future__ import annotations

import json
import os
from typing import Any, NoReturn

from overturn.jsonstore import StateFileError, load_json, save_json_atomic
from overturn.referees.base import IllegalAction
from overturn.referees.insider.board import Material
from overturn.referees.insider.state import SEED_MAX, InsiderState

VERSION = 1
MAX_HISTORY = 100_000  # actions replayed at load; a real game has a few hundred
MAX_ACTION_CHARS = 200


def state_to_json(state: InsiderState) -> dict[str, Any]:
    name = state.board.name
    turn = state.turn
    return {
        "game": "insider",
        "version": VERSION,
        "players": state.players,
        "seed": state.seed,
        "auto_chance": state.auto_chance,
        "current": state.current,
        "game_over": state.game_over,
        "scores": list(state.scores),
        "hands": [dict(h) for h in state.hands],
        "deck": dict(state.deck),
        "discard": dict(state.discard),
        "pawns": [[name(p) for p in pawns] for pawns in state.pawns],
        "total_out": [name(s) for s in state.total_out],
        "evaluation": {
            "card": state.evaluation_card,
            "tables": list(state.tables),
            "done": state.evaluations_done,
            "unseen": list(state.evaluation_unseen),
            "hidden": state.evaluation_hidden,
            "bottom": list(state.evaluation_bottom),
        },
        "skips": list(state.skips),
        "one_die": list(state.one_die),
        "turn": {
            "phase": turn.phase, "main": turn.main, "points": turn.points, "double": turn.double,
            "totalout_moved": turn.totalout_moved, "cards_played": turn.cards_played,
            "cards_locked": turn.cards_locked, "extra_turn": turn.extra_turn,
            "fresh": dict(turn.fresh), "frozen": list(turn.frozen),
        },
        "pending": [_copy(node) for node in state.pending],
        "history": list(state.history),
        "events": list(state.events),
    }


def _copy(node: dict) -> dict:
    return {k: (_copy(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in node.items()}


def save_state(path: str | os.PathLike[str], state: InsiderState) -> None:
    save_json_atomic(path, state_to_json(state))


def load_state(path: str | os.PathLike[str]) -> InsiderState:
    data = load_json(path)
    try:
        return state_from_json(data)
    except StateFileError as exc:
        raise StateFileError(f"{path}: {exc}") from None


def _fail(field: str, message: str) -> NoReturn:
    raise StateFileError(f"field '{field}': {message}")


def _header(data: dict, key: str, kind: type) -> Any:
    """A top-level field the replay starts from, of exactly this type (``true`` is not 1)."""
    if key not in data:
        _fail(key, "missing")
    value = data[key]
    if type(value) is not kind:
        _fail(key, f"expected {_type_name(kind)}, got {_type_name(type(value))}")
    return value


def _type_name(kind: type) -> str:
    return {bool: "true/false", int: "an integer", str: "a string", list: "a list", dict: "an object",
            type(None): "null"}.get(kind, kind.__name__)


def state_from_json(data: Any, material: Material | None = None) -> InsiderState:
    """Rebuild the game from the rules' inputs and the recorded actions, then check every stored field.

    The file is evidence, not authority: players, seed and chance mode start a
    fresh game, ``history`` is replayed action by action through the rules
    (seeded chance outcomes must be the ones the seed draws), and the result must
    match the rest of the file exactly. Anything else is refused naming the
    first field that differs.
    """
    if not isinstance(data, dict):
        raise StateFileError("the file does not hold a JSON object")
    if _header(data, "game", str) != "insider":
        _fail("game", "this is not an Insider game")
    if _header(data, "version", int) != VERSION:
        _fail("version", f"version {data['version']} is not supported (expected {VERSION})")
    players = _header(data, "players", int)
    if not 2 <= players <= 4:
        _fail("players", f"{players} is outside 2..4")
    seed = _header(data, "seed", int)
    if not 0 <= seed <= SEED_MAX:
        _fail("seed", f"outside 0..{SEED_MAX}")
    state = InsiderState(players, seed=seed, material=material)
    state.auto_chance = _header(data, "auto_chance", bool)
    history = _header(data, "history", list)
    if len(history) > MAX_HISTORY:
        _fail("history", f"{len(history)} actions, more than the {MAX_HISTORY} a saved game may hold")
    for i, action in enumerate(history):
        _replay(state, f"history[{i}]", action)
    difference = _first_difference(data, state_to_json(state), "")
    if difference is not None:
        _fail(*difference)
    return state


def _replay(state: InsiderState, field: str, action: Any) -> None:
    if type(action) is not str or len(action) > MAX_ACTION_CHARS:
        _fail(field, f"expected an action of at most {MAX_ACTION_CHARS} characters")
    try:
        state.apply_action(action)
    except IllegalAction as refusal:
        _fail(field, f"{action!r} is refused by the rules: {refusal.message}")
    except (IndexError, KeyError, ValueError) as exc:  # a refusal the diagnosis did not foresee
        _fail(field, f"{action!r} cannot be replayed ({type(exc).__name__})")


def _first_difference(found: Any, expected: Any, field: str) -> tuple[str, str] | None:
    """The first place where the file differs from the rebuilt game, as (field, what differs)."""
    if type(found) is not type(expected):
        return field, f"expected {_type_name(type(expected))}, got {_type_name(type(found))}"
    if isinstance(expected, dict):
        for key in found:
            if key not in expected:
                return _join(field, key), "unknown field"
        for key, value in expected.items():
            if key not in found:
                return _join(field, key), "missing"
            difference = _first_difference(found[key], value, _join(field, key))
            if difference is not None:
                return difference
        return None
    if isinstance(expected, list):
        if len(found) != len(expected):
            return field, f"{len(found)} entries where the recorded actions give {len(expected)}"
        for i, (item, value) in enumerate(zip(found, expected)):
            difference = _first_difference(item, value, f"{field}[{i}]")
            if difference is not None:
                return difference
        return None
    if found != expected:
        return field, f"the file says {_short(found)}, the recorded actions give {_short(expected)}"
    return None


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."
