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
from typing import Any

from overturn.jsonstore import StateFileError, load_json, save_json_atomic
from overturn.referees.base import IllegalAction
from overturn.referees.overload.rules import Fail, OverloadRules, RulesDataError, load_rules, read_rules_file
from overturn.referees.overload.state import OverloadState

GAME_TAG = "overload"
FORMAT_VERSION = 2
SEED_RANGE = (0, 2**63 - 1)
INPUT_KEYS = ("game", "version", "players", "variant_sections", "rules", "die_seed")
DERIVED_KEYS = ("track", "target", "turn", "cup", "scores", "winner", "pawns")
FILE_KEYS = (*INPUT_KEYS, *DERIVED_KEYS, "history")


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
        "scores": {state.player_name(player): score for player, score in enumerate(state.scores)},
        "winner": None if state.winner is None else state.player_name(state.winner),
        "pawns": {
            state.pawn_name(index): {"space": pawn.position, "discs": pawn.discs} for index, pawn in enumerate(state.pawns)
        },
    }


def game_from_json(data: Any, origin: str = "state", rules: OverloadRules | None = None) -> SavedGame:
    """Rebuild a game, raising StateFileError naming the first bad field.

    ``rules`` overrides the rules the file names (tests, embedding).
    """

    def fail(field: str, message: str) -> StateFileError:
        return StateFileError(f"{origin}: field '{field}' {message}")

    if not isinstance(data, dict):
        raise StateFileError(f"{origin}: not an Overload game file (expected a JSON object)")
    unknown = sorted(set(data) - set(FILE_KEYS))
    if unknown:
        raise fail(unknown[0], "is not part of an Overload game file")
    missing = [key for key in FILE_KEYS if key not in data]
    if missing:
        raise fail(missing[0], "is missing")
    if data["game"] != GAME_TAG:
        raise fail("game", f"must be {GAME_TAG!r}, got {data['game']!r}")
    if not _is_int(data["version"]) or data["version"] != FORMAT_VERSION:
        raise fail("version", f"must be {FORMAT_VERSION}, got {data['version']!r}")
    custom = _parse_custom_rules(data["rules"], fail)
    if rules is None:
        rules = _rules_for(custom, fail)
    players = data["players"]
    if not _is_int(players) or players not in rules.layouts:
        raise fail("players", f"must be one of {list(rules.player_counts)}, got {players!r}")
    variant = data["variant_sections"]
    if not _is_int(variant) or not 0 <= variant <= rules.special_capacity(players):
        raise fail("variant_sections", f"must be 0 to {rules.special_capacity(players)}, got {variant!r}")
    seed = data["die_seed"]
    if not _is_int(seed) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise fail("die_seed", f"must be an integer from {SEED_RANGE[0]} to {SEED_RANGE[1]}, got {_brief(seed)}")
    history = data["history"]
    if not isinstance(history, list) or not all(isinstance(item, str) for item in history):
        raise fail("history", "must be a list of actions such as 'move red1'")
    state = OverloadState.new(players, variant, rules)
    for number, text in enumerate(history):
        try:
            state.apply_action(state.parse_action(text))
        except IllegalAction as refusal:
            raise fail(f"history[{number}]", f"({_brief(text)}) is not a legal action there: {refusal.message}") from None
    _require_same(snapshot(state), {key: data[key] for key in DERIVED_KEYS}, "", fail)
    return SavedGame(state=state, die_seed=seed, custom_rules=custom)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _brief(value: Any) -> str:
    """A value for an error message, cut short (a file may hold a 5,000-digit number)."""
    text = repr(value) if not _is_int(value) or abs(value) < 10**30 else "a huge integer"
    return text if len(text) <= 60 else text[:57] + "..."


def _parse_custom_rules(value: Any, fail: Fail) -> CustomRules | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"path", "sha256"}:
        raise fail("rules", "must be null (the packaged rules) or an object with 'path' and 'sha256'")
    if not isinstance(value["path"], str) or not isinstance(value["sha256"], str):
        raise fail("rules", "'path' and 'sha256' must be strings")
    return CustomRules(path=value["path"], sha256=value["sha256"])


def _rules_for(custom: CustomRules | None, fail: Fail) -> OverloadRules:
    """The packaged rules, or the custom file if it still holds exactly what the game started with."""
    if custom is None:
        return load_rules()
    try:
        rules, digest = read_rules_file(custom.path)
    except RulesDataError as exc:
        raise fail("rules.path", f"names unusable rules: {exc}") from None
    if digest != custom.sha256:
        raise fail("rules.sha256", f"does not match {custom.path}: the rules file changed since the game started")
    return rules


def _require_same(expected: Any, stored: Any, path: str, fail: Fail) -> None:
    if isinstance(expected, dict) and isinstance(stored, dict):
        for key in expected:
            _require_same(expected[key], stored.get(key), f"{path}.{key}" if path else key, fail)
        extra = sorted(set(stored) - set(expected))
        if extra:
            raise fail(f"{path}.{extra[0]}" if path else extra[0], "is not part of this game")
        return
    if expected != stored or type(expected) is not type(stored):
        raise fail(path, f"is {_brief(stored)} but the rules and the game's history give {_brief(expected)}")


def save_game(path: str | os.PathLike[str], game: SavedGame) -> None:
    save_json_atomic(path, game_to_json(game))


def load_game(path: str | os.PathLike[str]) -> SavedGame:
    return game_from_json(load_json(path), str(path))
