"""Saving and loading an Overload game as JSON: the file is evidence, not authority.

A file holds the rules' inputs (player count, variant size, the die's seed and,
for a table's own ``--rules`` data file, its path and SHA-256), the history of
actions, and a readable snapshot (track, pawns, cup, scores, whose turn).
Loading rebuilds the game from the inputs alone (the track comes from the
rules, never from the file), replays the history, then requires every stored
field to equal the rebuilt one. Unknown keys, missing keys, booleans posing as
numbers and a changed rules file are refused with the field named.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from overturn.jsonbounds import MAX_BYTES, MAX_STRING
from overturn.jsonstore import StateFileError, convert, load_with, require_equal, save_json_atomic, shorten
from overturn.referees.base import IllegalAction, scores_by_seat
from overturn.referees.overload.rules import OverloadRules, RulesDataError, load_rules, read_rules_file
from overturn.referees.overload.state import OverloadState

GAME_TAG = "overload"
FORMAT_VERSION = 2
SEED_RANGE = (0, 2**63 - 1)
DERIVED_KEYS = ("track", "target", "turn", "cup", "scores", "winner", "pawns")


class SavedRules(Struct, forbid_unknown_fields=True):
    """A table's own rules file as a save names it: its path and the SHA-256 of what it held."""

    path: Annotated[str, Meta(max_length=MAX_STRING)]
    sha256: Annotated[str, Meta(max_length=64)]


class OverloadFile(Struct, forbid_unknown_fields=True):
    """An Overload game file (version 2). The inputs are typed here; the derived snapshot (``track`` to
    ``pawns``) is kept as read and must equal, field for field, what replaying ``history`` gives."""

    game: Literal["overload"]
    version: Annotated[int, Meta(ge=FORMAT_VERSION, le=FORMAT_VERSION)]
    players: Annotated[int, Meta(ge=0, le=2**31)]
    variant_sections: Annotated[int, Meta(ge=0, le=2**31)]
    rules: SavedRules | None
    die_seed: Annotated[int, Meta(ge=SEED_RANGE[0], le=SEED_RANGE[1])]
    track: Any
    target: Any
    turn: Any
    cup: Any
    scores: Any
    winner: Any
    pawns: Any
    history: Annotated[list[Annotated[str, Meta(max_length=MAX_STRING)]], Meta(max_length=MAX_BYTES)]


@dataclass(frozen=True)
class CustomRules:
    """A table's own data file, as given to ``new --rules``: where it is and what it held."""

    path: str
    sha256: str


@dataclass
class SavedGame:
    """What a game file holds: the state, the seed of the die used for seeded rolls, and custom rules if any."""

    state: OverloadState
    die_seed: int
    custom_rules: CustomRules | None = None


def game_to_json(game: SavedGame) -> dict[str, Any]:
    state = game.state
    custom = game.custom_rules
    return {
        "game": GAME_TAG,
        "version": FORMAT_VERSION,
        "players": state.players,
        "variant_sections": state.variant_sections,
        "rules": None if custom is None else {"path": custom.path, "sha256": custom.sha256},
        "die_seed": game.die_seed,
        **snapshot(state),
        "history": [state.action_to_string(action) for action in state.history],
    }


def snapshot(state: OverloadState) -> dict[str, Any]:
    """The human-readable part of the file; derived from the inputs and history on load."""
    return {
        "track": state.track.to_json(),
        "target": state.target,
        "turn": {
            "player": state.player_name(state.current),
            "phase": state.phase.value,
            "roll": state.roll,
            "mover": None if state.mover is None else state.pawn_name(state.mover),
            "pending": [state.pawn_name(index) for index in state.pending],
            "multiplier": state.multiplier,
        },
        "cup": state.cup,
        "scores": list(state.scores),
        "winner": None if state.winner is None else state.player_name(state.winner),
        "pawns": {
            state.pawn_name(index): {"space": pawn.position, "discs": pawn.discs} for index, pawn in enumerate(state.pawns)
        },
    }


def game_from_json(data: Any, rules: OverloadRules | None = None) -> SavedGame:
    """Rebuild a game, raising StateFileError naming the first bad field (``load_game`` adds the file name).

    ``rules`` overrides the rules the file names (tests, embedding).
    """
    saved = convert(data, OverloadFile)
    custom = None if saved.rules is None else CustomRules(path=saved.rules.path, sha256=saved.rules.sha256)
    if rules is None:
        rules = _rules_for(custom)
    counts = rules.player_counts
    if not counts[0] <= saved.players <= counts[-1]:
        raise StateFileError(f"players: {saved.players} is out of range ({counts[0]} to {counts[-1]})")
    if saved.players not in counts:
        raise StateFileError(f"players: must be one of {list(counts)}")
    capacity = rules.special_capacity(saved.players)
    if saved.variant_sections > capacity:
        raise StateFileError(f"variant_sections: {saved.variant_sections} is out of range (0 to {capacity})")
    state = OverloadState.new(saved.players, saved.variant_sections, rules)
    for index, text in enumerate(saved.history):
        try:
            state.apply_action(state.parse_action(text))
        except IllegalAction as refusal:
            raise StateFileError(
                f"history[{index}]: {shorten(text)} is not a legal action there: {refusal.message}"
            ) from None
    rebuilt = snapshot(state)
    saved.scores = scores_by_seat(saved.scores, [state.player_name(player) for player in range(state.players)])
    for key in DERIVED_KEYS:
        require_equal(getattr(saved, key), rebuilt[key], key)
    return SavedGame(state=state, die_seed=saved.die_seed, custom_rules=custom)


def _rules_for(custom: CustomRules | None) -> OverloadRules:
    """The packaged rules, or the custom file if it still holds exactly what the game started with."""
    if custom is None:
        return load_rules()
    try:
        rules, digest = read_rules_file(custom.path)
    except RulesDataError as exc:
        raise StateFileError(f"rules.path: names unusable rules: {exc}") from None
    if digest != custom.sha256:
        raise StateFileError(
            f"rules.sha256: does not match {custom.path}: the rules file changed since the game started"
        )
    return rules


def save_game(path: str | os.PathLike[str], game: SavedGame) -> None:
    save_json_atomic(path, game_to_json(game))


def load_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read a saved game; StateFileError naming the file and the field if it is missing or wrong."""
    return load_with(path, game_from_json)
