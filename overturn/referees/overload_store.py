"""Saving and loading an Overload game as JSON.

The file holds a readable snapshot (pawns, cup, scores, whose turn) and the
history of actions. Loading replays the history on the stored track and
requires the snapshot to match it, so a hand-edited or damaged file is refused
with the first field that disagrees, and a wrong file is never half-loaded.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from overturn.jsonstore import StateFileError, load_json, save_json_atomic
from overturn.referees.base import IllegalAction
from overturn.referees.overload import OverloadState, SeededDie
from overturn.referees.overload_rules import Fail, OverloadRules, RulesDataError, Special, Track, load_rules

GAME_TAG = "overload"
FORMAT_VERSION = 1


@dataclass
class SavedGame:
    """What a state file holds: the game, the seeded die used for `roll`, and
    the data file of a table's own rules (None for the packaged one)."""

    state: OverloadState
    die: SeededDie
    rules_file: str | None = None


def game_to_json(game: SavedGame) -> dict[str, Any]:
    state = game.state
    return {
        "game": GAME_TAG,
        "version": FORMAT_VERSION,
        "players": state.players,
        "variant_sections": state.variant_sections,
        "rules_file": game.rules_file,
        "track": state.track.to_json(),
        "die": {"seed": game.die.seed, "draws": game.die.draws},
        **snapshot(state),
        "history": [state.action_to_string(action) for action in state.history],
    }


def snapshot(state: OverloadState) -> dict[str, Any]:
    """The human-readable part of the file; derived from the history on load."""
    return {
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

    ``rules`` overrides the data file named in the state (tests, embedding).
    """

    def fail(field: str, message: str) -> StateFileError:
        return StateFileError(f"{origin}: field '{field}' {message}")

    if not isinstance(data, dict):
        raise StateFileError(f"{origin}: not an Overload state (expected a JSON object)")
    if data.get("game") != GAME_TAG:
        raise fail("game", f"must be {GAME_TAG!r}, got {data.get('game')!r}")
    if data.get("version") != FORMAT_VERSION:
        raise fail("version", f"must be {FORMAT_VERSION}, got {data.get('version')!r}")
    rules_file = data.get("rules_file")
    if rules_file is not None and not isinstance(rules_file, str):
        raise fail("rules_file", f"must be a path or null, got {rules_file!r}")
    if rules is None:
        try:
            rules = load_rules(rules_file)
        except RulesDataError as exc:
            raise fail("rules_file", f"names unusable rules: {exc}") from None
    players = data.get("players")
    if not _is_int(players) or players not in rules.layouts:
        raise fail("players", f"must be one of {list(rules.player_counts)}, got {players!r}")
    variant = data.get("variant_sections")
    if not _is_int(variant) or not 0 <= variant <= rules.special_capacity(players):
        raise fail("variant_sections", f"must be 0 to {rules.special_capacity(players)}, got {variant!r}")
    track = _parse_track(data.get("track"), fail)
    die_data = data.get("die")
    if not isinstance(die_data, dict):
        raise fail("die", "must be an object with 'seed' and 'draws'")
    if not _is_int(die_data.get("seed")):
        raise fail("die.seed", f"must be an integer, got {die_data.get('seed')!r}")
    if not _is_int(die_data.get("draws")) or die_data["draws"] < 0:
        raise fail("die.draws", f"must be a non-negative integer, got {die_data.get('draws')!r}")
    history = data.get("history")
    if not isinstance(history, list) or not all(isinstance(item, str) for item in history):
        raise fail("history", "must be a list of actions such as 'move red1'")
    state = OverloadState(rules, players, track, variant)
    for number, text in enumerate(history):
        try:
            state.apply_action(state.parse_action(text))
        except IllegalAction as refusal:
            raise fail(f"history[{number}]", f"({text!r}) is not a legal action there: {refusal.message}") from None
    _require_same(snapshot(state), {key: data.get(key) for key in snapshot(state)}, "", fail)
    return SavedGame(state=state, die=SeededDie(seed=die_data["seed"], draws=die_data["draws"]), rules_file=rules_file)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_track(value: Any, fail: Fail) -> Track:
    if not isinstance(value, dict):
        raise fail("track", "must be an object with 'finish', 'sections' and 'specials'")
    finish = value.get("finish")
    if not _is_int(finish) or finish < 2:
        raise fail("track.finish", f"must be an integer of at least 2, got {finish!r}")
    sections = value.get("sections")
    if not isinstance(sections, list) or not all(isinstance(name, str) for name in sections):
        raise fail("track.sections", "must be a list of section names")
    specials_data = value.get("specials")
    if not isinstance(specials_data, dict):
        raise fail("track.specials", "must map space numbers to actions")
    specials: dict[int, Special] = {}
    actions = [special.value for special in Special]
    for key, action in specials_data.items():
        field = f"track.specials.{key}"
        if not key.isdigit() or not 2 <= int(key) <= finish - 2:
            raise fail(field, f"must be a space from 2 to {finish - 2}")
        if action not in actions:
            raise fail(field, f"must be one of {actions}, got {action!r}")
        specials[int(key)] = Special(action)
    spaces = sorted(specials)
    if any(later - earlier < 2 for earlier, later in zip(spaces, spaces[1:])):
        raise fail("track.specials", "cannot hold two special spaces side by side")
    return Track(finish=finish, specials=specials, sections=tuple(sections))


def _require_same(expected: Any, stored: Any, path: str, fail: Fail) -> None:
    if isinstance(expected, dict) and isinstance(stored, dict):
        for key in expected:
            _require_same(expected[key], stored.get(key), f"{path}.{key}" if path else key, fail)
        extra = sorted(set(stored) - set(expected))
        if extra:
            raise fail(f"{path}.{extra[0]}" if path else extra[0], "is not part of this game")
        return
    if expected != stored or type(expected) is not type(stored):
        raise fail(path, f"is {stored!r} but the game's history gives {expected!r}")


def save_game(path: str | os.PathLike[str], game: SavedGame) -> None:
    save_json_atomic(path, game_to_json(game))


def load_game(path: str | os.PathLike[str], rules: OverloadRules | None = None) -> SavedGame:
    return game_from_json(load_json(path), str(path), rules)
