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
from typing import Annotated, Any, Literal

from msgspec import UNSET, Meta, Struct, UnsetType

from overturn.jsonstore import StateFileError, convert, load_with, require_equal, save_json_atomic
from overturn.referees.base import IllegalAction, scores_by_seat
from overturn.referees.offboard.geometry import Player
from overturn.referees.offboard.layouts import Layout, LayoutError, named_layout, read_layout
from overturn.referees.offboard.state import OffboardState, format_move, parse_move

STATE_VERSION = 2
#: Far beyond any game at the table (random games are decided or capped at 1000 plies); bounds replay time.
MAX_HISTORY = 100_000
#: Fields written for readers and checked against the replay; the layout and the history are the truth.
DERIVED_FIELDS = ("to_move", "board", "targets", "in_hand", "removed", "scores", "winner")
_V1_LAYOUT = "contact"  # version 1 files had no layout field: they were played on the first default

History = Annotated[list[Annotated[str, Meta(max_length=40)]], Meta(max_length=MAX_HISTORY)]


class _Versioned(Struct):
    """Only the version, read first: it says which of the two file types follows."""

    version: Annotated[int, Meta(ge=1, le=STATE_VERSION)]


class SavedLayout(Struct, forbid_unknown_fields=True):
    """A packaged layout by ``name``, or a custom one by content (``start``, ``targets``) and its ``sha256``."""

    name: Annotated[str, Meta(max_length=40)] | UnsetType = UNSET
    sha256: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")] | UnsetType = UNSET
    start: Any = UNSET
    targets: Any = UNSET


class OffboardFile(Struct, forbid_unknown_fields=True):
    """An offboard game file (version 2): the layout and the moves; the other fields are kept as read and
    must equal what replaying ``history`` on the layout gives."""

    version: Literal[2]
    game: Literal["offboard"]
    layout: SavedLayout
    to_move: Any
    board: Any
    targets: Any
    in_hand: Any
    removed: Any
    scores: Any
    winner: Any
    history: History


class OffboardFileV1(Struct, forbid_unknown_fields=True):
    """A version 1 file: no layout (the first default), and a ``setup`` that must be null."""

    version: Literal[1]
    game: Literal["offboard"]
    setup: Any
    to_move: Any
    board: Any
    targets: Any
    in_hand: Any
    removed: Any
    scores: Any
    winner: Any
    history: History


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
        "scores": state.scores,
        "winner": None if winner is None else winner.label,
        "history": [format_move(move) for move in state.history],
    }


def _read_layout(saved: SavedLayout) -> Layout:
    present = {key for key in ("name", "sha256", "start", "targets") if getattr(saved, key) is not UNSET}
    try:
        if not isinstance(saved.name, UnsetType):
            if present != {"name"}:
                raise StateFileError("layout: a named layout holds only 'name'")
            return named_layout(saved.name)
        for key in ("sha256", "start", "targets"):
            if key not in present:
                raise StateFileError(
                    f"layout: missing key {key!r} (a custom layout holds 'sha256', 'start' and 'targets')"
                )
        layout = read_layout({"version": 1, "start": saved.start, "targets": saved.targets})
    except LayoutError as exc:
        raise StateFileError(f"layout: {exc}") from None
    if layout.digest != saved.sha256:
        raise StateFileError(f"layout.sha256: does not match the layout it names (its content hashes to {layout.digest})")
    return layout


def state_from_json(data: Any) -> OffboardState:
    """Rebuild a game from its layout and moves, then insist every stored field agrees with it."""
    saved: OffboardFile | OffboardFileV1
    if convert(data, _Versioned).version == 1:
        saved = convert(data, OffboardFileV1)
        if saved.setup is not None:
            raise StateFileError("setup: set-up start positions are not accepted; start from a --layout FILE instead")
        layout = named_layout(_V1_LAYOUT)
    else:
        saved = convert(data, OffboardFile)
        layout = _read_layout(saved.layout)
    state = OffboardState(layout)
    for index, text in enumerate(saved.history):
        try:
            state.apply_action(parse_move(text))
        except IllegalAction as exc:
            raise StateFileError(f"history[{index}]: {text!r} is not legal there: {exc}") from None
    replayed = state_to_json(state)
    saved.scores = scores_by_seat(saved.scores, [player.label for player in Player])
    for name in DERIVED_FIELDS:
        stored, rebuilt = getattr(saved, name), replayed[name]
        if name == "board":
            stored, rebuilt = _board_as_sets(stored), _board_as_sets(rebuilt)
        require_equal(stored, rebuilt, name)
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
