"""Insider games as JSON: written for people to read, rebuilt from their recorded actions when read back.

The file is evidence, not authority: loading replays ``history`` from the
rules' inputs (players, seed, chance mode) and compares every other field with
the rebuilt game, so a tampered, damaged or impossible file is refused with a
StateFileError naming the first field that differs (``turn.points``,
``pawns[1][3]``, ``pending[0].victims``...).
"""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from overturn.jsonstore import StateFileError, convert, load_with, require_equal, save_json_atomic, shorten
from overturn.referees.base import IllegalAction
from overturn.referees.insider.board import Material
from overturn.referees.insider.state import SEED_MAX, InsiderState

VERSION = 1
MAX_HISTORY = 100_000  # actions replayed at load; a real game has a few hundred
MAX_ACTION_CHARS = 200
#: The fields derived by replaying the recorded actions, checked against it (the others are what the replay starts from).
DERIVED_KEYS = (
    "current", "game_over", "scores", "hands", "deck", "discard", "pawns", "total_out", "evaluation", "skips",
    "one_die", "turn", "pending", "events",
)


class InsiderFile(Struct, forbid_unknown_fields=True):
    """An Insider game file (version 1): the rules' inputs and the actions, typed and bounded; the derived
    fields (``current`` to ``events``) are kept as read and must equal what replaying ``history`` gives."""

    game: Literal["insider"]
    version: Annotated[int, Meta(ge=VERSION, le=VERSION)]
    players: Annotated[int, Meta(ge=2, le=4)]
    seed: Annotated[int, Meta(ge=0, le=SEED_MAX)]
    auto_chance: bool
    current: Any
    game_over: Any
    scores: Any
    hands: Any
    deck: Any
    discard: Any
    pawns: Any
    total_out: Any
    evaluation: Any
    skips: Any
    one_die: Any
    turn: Any
    pending: Any
    history: Annotated[list[Annotated[str, Meta(max_length=MAX_ACTION_CHARS)]], Meta(max_length=MAX_HISTORY)]
    events: Any


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


def _copy(node: dict[str, Any]) -> dict[str, Any]:
    return {k: (_copy(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in node.items()}


def save_state(path: str | os.PathLike[str], state: InsiderState) -> None:
    save_json_atomic(path, state_to_json(state))


def load_state(path: str | os.PathLike[str]) -> InsiderState:
    """Read a saved game; StateFileError naming the file and the field if it is missing or wrong."""
    return load_with(path, state_from_json)


def state_from_json(data: Any, material: Material | None = None) -> InsiderState:
    """Rebuild the game from the rules' inputs and the recorded actions, then check every stored field.

    The file is evidence, not authority: players, seed and chance mode start a
    fresh game, ``history`` is replayed action by action through the rules
    (seeded chance outcomes must be the ones the seed draws), and the result must
    match the rest of the file exactly. Anything else is refused naming the
    first field that differs.
    """
    saved = convert(data, InsiderFile)
    state = InsiderState(saved.players, seed=saved.seed, material=material)
    state.auto_chance = saved.auto_chance
    for index, action in enumerate(saved.history):
        _replay(state, action, f"history[{index}]")
    rebuilt = state_to_json(state)
    for key in DERIVED_KEYS:
        require_equal(getattr(saved, key), rebuilt[key], key)
    return state


def _replay(state: InsiderState, action: str, where: str) -> None:
    try:
        state.apply_action(action)
    except IllegalAction as refusal:
        raise StateFileError(f"{where}: {shorten(action)} is refused by the rules: {refusal.message}") from None
    except (IndexError, KeyError, ValueError) as exc:  # a refusal the diagnosis did not foresee
        raise StateFileError(f"{where}: {shorten(action)} cannot be replayed ({type(exc).__name__})") from None
