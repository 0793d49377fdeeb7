"""Saved offboard games: the file is evidence, not authority.

A save holds what the rules need to rebuild the game, the layout (by name, or by
content and its SHA-256 for a custom one) and the moves in notation, plus the
position those moves lead to, for readers and scripts. Loading replays the moves
on the layout and refuses the file, naming the field, when any stored value
differs from the rebuilt one; unknown keys, wrong types (``true`` is not 1) and
set-ups no game starts from are refused too. See docs/offboard.md, "Saved games".
"""

from __future__ import annotations

import os
from typing import Any

from overturn.jsonstore import Field, StateFileError, load_with, save_json_atomic
from overturn.referees.base import IllegalAction
from overturn.referees.offboard.geometry import Player
from overturn.referees.offboard.layouts import Layout, LayoutError, named_layout, read_layout
from overturn.referees.offboard.state import OffboardState, format_move, parse_move

STATE_VERSION = 2
#: Far beyond any game at the table (random games are decided or capped at 1000 plies); bounds replay time.
MAX_HISTORY = 100_000
#: Fields written for readers and checked against the replay; the layout and the history are the truth.
DERIVED_FIELDS = ("to_move", "board", "targets", "in_hand", "removed", "scores", "winner")
_V1_LAYOUT = "contact"  # version 1 files had no layout field: they were played on the first default


def layout_json(layout: Layout) -> dict[str, Any]:
    """How a save names its layout: the packaged name, or the content with its hash."""
    if layout.name is not None:
        return {"name": layout.name}
    content = layout.to_data()
    return {"sha256": layout.digest, "start": content["start"], "targets": content["targets"]}


def state_to_json(state: OffboardState) -> dict[str, Any]:
    """The saved form; ValueError for a puzzle position (from_position with filled targets), which no game starts from."""
    if state.is_puzzle:
        raise ValueError("a set-up puzzle position (targets filled, a marble in hand or yellow first) cannot be saved")
    winner = state.winner()
    in_hand = state.in_hand()
    return {
        "version": STATE_VERSION,
        "game": "offboard",
        "layout": layout_json(state.layout),
        "to_move": state.to_move.label,
        "board": {player.label: [hole.name for hole in state.marbles(player)] for player in Player},
        "targets": [None if cup is None else cup.label for cup in state.target_contents()],
        "in_hand": None if in_hand is None else in_hand.label,
        "removed": {player.label: state.removed(player) for player in Player},
        "scores": {player.label: state.score(player) for player in Player},
        "winner": None if winner is None else winner.label,
        "history": [format_move(move) for move in state.history],
    }


def _read_layout(field: Field) -> Layout:
    entries = field.object((), {"name", "sha256", "start", "targets"})
    try:
        if "name" in entries:
            if set(entries) != {"name"}:
                raise field.fail("a named layout holds only 'name'")
            return named_layout(entries["name"].string(max_length=40))
        for key in ("sha256", "start", "targets"):
            if key not in entries:
                raise field.fail(f"missing key {key!r} (a custom layout holds 'sha256', 'start' and 'targets')")
        stored = entries["sha256"].string(pattern="[0-9a-f]{64}")
        layout = read_layout({"version": 1, "start": field.value["start"], "targets": field.value["targets"]})
    except LayoutError as exc:
        raise StateFileError(f"{field.path}: {exc}") from None
    if layout.digest != stored:
        raise entries["sha256"].fail(f"does not match the layout it names (its content hashes to {layout.digest})")
    return layout


def state_from_json(data: Any) -> OffboardState:
    """Rebuild a game from its layout and moves, then insist every stored field agrees with it."""
    root = Field(data)
    version = root.object({"version"}, {*DERIVED_FIELDS, "game", "layout", "setup", "history"})["version"]
    if version.integer(1, STATE_VERSION) == 1:
        fields = root.object({"version", "game", "setup", "history", *DERIVED_FIELDS})
        if not fields["setup"].is_null:
            raise fields["setup"].fail("set-up start positions are not accepted; start from a --layout FILE instead")
        layout = named_layout(_V1_LAYOUT)
    else:
        fields = root.object({"version", "game", "layout", "history", *DERIVED_FIELDS})
        layout = _read_layout(fields["layout"])
    fields["game"].string(choices=("offboard",))
    state = OffboardState(layout)
    for entry in fields["history"].items(max_length=MAX_HISTORY):
        text = entry.string(max_length=40)
        try:
            state.apply_action(parse_move(text))
        except IllegalAction as exc:
            raise entry.fail(f"{text!r} is not legal there: {exc}") from None
    replayed = state_to_json(state)
    for name in DERIVED_FIELDS:
        stored, rebuilt = fields[name], replayed[name]
        if name == "board":
            stored, rebuilt = Field(_board_as_sets(stored.value), stored.path), _board_as_sets(rebuilt)
        stored.require_equal(rebuilt)
    return state


def _board_as_sets(value: Any) -> Any:
    """The board with each colour's holes as a sorted set of upper-case names (``a1`` is ``A1``, order is free).

    Anything that is not a string stays, after the names, for the exact comparison to name.
    """
    if not isinstance(value, dict):
        return value
    return {
        colour: sorted(hole.upper() for hole in holes if isinstance(hole, str))
        + [hole for hole in holes if not isinstance(hole, str)]
        if isinstance(holes, list) else holes
        for colour, holes in value.items()
    }


def save_state(path: str | os.PathLike[str], state: OffboardState) -> None:
    """Write the game atomically (SaveError on failure, the old file intact)."""
    save_json_atomic(path, state_to_json(state))


def load_state(path: str | os.PathLike[str]) -> OffboardState:
    """Read a saved game; StateFileError naming the file and the field if it is missing or wrong."""
    return load_with(path, state_from_json)
