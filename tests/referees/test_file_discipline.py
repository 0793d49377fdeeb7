"""One file-format discipline for the three referees' saves (overturn/jsonstore.py).

The shared comparer ``first_difference`` (and ``require_equal`` over it)
is checked against a slow obvious reference on random pairs, then each game is
driven through its command line with a hand-edited derived field, an unknown
key and a wrong-typed header: exit 2, one line naming the file and the field,
the file untouched.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import pytest
from click.testing import CliRunner
from msgspec import Meta, Struct

from overturn.jsonstore import StateFileError, convert, errors_named, first_difference, require_equal, shorten

# ----- the shared comparer ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("found", "rebuilt", "path"),
    [
        (True, 1, ""),
        (1, True, ""),
        (1.0, 1, ""),
        ("1", 1, ""),
        (None, 0, ""),
        ({"a": [0, 1]}, {"a": [0, True]}, "a[1]"),
        ({"a": {"b": [False]}}, {"a": {"b": [0]}}, "a.b[0]"),
    ],
)
def test_types_are_exact(found: Any, rebuilt: Any, path: str) -> None:
    difference = first_difference(found, rebuilt)
    assert difference is not None and difference[0] == path
    assert json.dumps(found if not path else _at(found, path)) in difference[1]


def _at(value: Any, path: str) -> Any:
    """The value at a path such as ``a.b[0]`` (test helper for simple paths)."""
    for part in path.replace("[", ".").replace("]", "").split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def test_unknown_keys_are_named_before_missing_ones_and_key_order_is_free() -> None:
    rebuilt = {"turn": {"phase": "roll", "points": 3}, "scores": [0, 0]}
    assert first_difference({"scores": [0, 0], "turn": {"points": 3, "phase": "roll"}}, rebuilt) is None
    unknown = {"turn": {"phase": "roll", "cheat": 1}, "scores": [0, 0]}
    assert first_difference(unknown, rebuilt) == ("turn.cheat", "unknown key, not part of the game the recorded moves give")
    missing = {"turn": {"phase": "roll"}, "scores": [0, 0]}
    assert first_difference(missing, rebuilt) == ("turn.points", "missing (the recorded moves give 3)")
    assert first_difference({"turn": rebuilt["turn"]}, rebuilt, "game") == (
        "game.scores", "missing (the recorded moves give [0, 0])"
    )


def test_list_lengths_are_compared_before_entries() -> None:
    assert first_difference({"pending": [1, 2, 3]}, {"pending": [9]}) == (
        "pending", "3 entries where the recorded moves give 1"
    )


class _Seeded(Struct):
    seed: Annotated[int, Meta(ge=0, le=10)]


def test_huge_values_never_flood_the_message() -> None:
    for found in (10**5000, "x" * 200_000, [10**5000], {"k" * 70_000: 1}, list(range(100_000))):
        path, message = first_difference({"field": found}, {"field": 1})
        assert path == "field" and len(message) < 250, message[:300]
    path, message = first_difference({"k" * 70_000: 1}, {})
    assert len(path) <= 40 and path.endswith("…")
    assert shorten(10**5000).startswith("a huge integer")
    with pytest.raises(StateFileError, match=r"^seed: a huge integer \(16,610 bits\) is out of range \(0 to 10\)$"):
        convert({"seed": 10**5000}, _Seeded)  # str() of it would raise in Python 3.11+
    assert shorten("y" * 1000) == '"' + "y" * 78 + "…"
    assert shorten({"a": [1, True, None]}) == '{"a": [1, true, null]}'


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.choice("ifbsnld" if depth < 3 else "ifbsn")
    if kind == "l":
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if kind == "d":
        return {rng.choice("abcd"): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    return {"i": lambda: rng.randint(-1, 2), "f": lambda: rng.choice([0.0, 1.0, 1.5]), "b": lambda: rng.random() < 0.5,
            "s": lambda: rng.choice(["", "1", "a"]), "n": lambda: None}[kind]()


def _mutated(value: Any, rng: random.Random) -> Any:
    """A copy of ``value`` with one nested value replaced, a key added or removed, or a list entry dropped."""
    copied = copy.deepcopy(value)
    if not isinstance(copied, (list, dict)) or not copied or rng.random() < 0.2:
        return _random_json(rng, 2)
    key = rng.choice(list(copied) if isinstance(copied, dict) else range(len(copied)))
    choice = rng.random()
    if choice < 0.15:
        del copied[key]
    elif choice < 0.25 and isinstance(copied, dict):
        copied[rng.choice("abcdef")] = _random_json(rng, 2)
    else:
        copied[key] = _mutated(copied[key], rng)
    return copied


def test_first_difference_agrees_with_a_slow_reference_on_random_pairs() -> None:
    """Equal exactly when their canonical JSON is equal (JSON tells true, 1, 1.0 and "1" apart)."""
    rng = random.Random(20261122)
    differing = 0
    for _ in range(3000):
        rebuilt = _random_json(rng)
        found = _mutated(rebuilt, rng) if rng.random() < 0.7 else copy.deepcopy(rebuilt)
        same = json.dumps(found, sort_keys=True) == json.dumps(rebuilt, sort_keys=True)
        difference = first_difference(found, rebuilt)
        assert (difference is None) == same, (found, rebuilt, difference)
        differing += difference is not None
    assert differing > 1000


def test_require_equal_raises_naming_the_path_under_the_field() -> None:
    require_equal({"a": [1]}, {"a": [1]}, "turn")
    with pytest.raises(StateFileError, match=r"^turn\.a\[0\]: the file says true, the recorded moves give 1$"):
        require_equal({"a": [True]}, {"a": [1]}, "turn")


def test_errors_named_prefixes_once_and_turns_stray_errors_into_one_line() -> None:
    with pytest.raises(StateFileError, match=r"^game\.json: seed: out$"):
        with errors_named("game.json"):
            raise StateFileError("seed: out")
    with pytest.raises(StateFileError, match=r"^game\.json: seed: out$"):
        with errors_named("game.json"):
            raise StateFileError("game.json: seed: out")
    with pytest.raises(StateFileError, match=r"^game\.json: inconsistent content \(KeyError: 'x'\)$"):
        with errors_named("game.json"):
            {}["x"]


# ----- each game through its command line ------------------------------------------------------

Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Edit:
    *parents, last = path.split(".")

    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[int(last) if isinstance(target, list) else last] = value

    return edit


def _bump(path: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        _set(path, _at(data, path) + 1)(data)

    return edit


#: game -> the `new` options, then (edit, what the refusal must say after "FILE: ") for each tampering.
CASES: dict[str, tuple[dict[str, Any], list[tuple[Edit, str]]]] = {
    "insider": ({"players": 2, "seed": 3}, [
        (_bump("scores.0"), "scores[0]: the file says "),
        (_set("turn.cheat", True), "turn.cheat: unknown key"),
        (_set("cheat", True), "unknown key 'cheat'"),
        (_set("seed", True), "seed: expected an integer, found a boolean"),
    ]),
    "overload": ({"players": 3, "seed": 7}, [
        (_bump("cup"), "cup: the file says "),
        (_set("pawns.red1.cheat", 0), "pawns.red1.cheat: unknown key"),
        (_set("cheat", True), "unknown key 'cheat'"),
        (_set("die_seed", "7"), "die_seed: expected an integer, found a string"),
    ]),
    "offboard": ({}, [
        (_bump("scores.0"), "scores[0]: the file says "),
        (_set("removed.purple", 0), "removed.purple: unknown key"),
        (_set("cheat", True), "unknown key 'cheat'"),
        (_set("version", True), "version: expected an integer, found a boolean"),
    ]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_tampered_save_is_refused_naming_the_file_and_the_field(name: str, tmp_path: Path) -> None:
    module = importlib.import_module(f"overturn_cli.{name}")
    referee, group = module.REFEREE, getattr(module, name)
    options, cases = CASES[name]
    game = referee.new_game(**options)
    rng = random.Random(5)
    for _ in range(12):
        referee.state(game).apply_action(referee.random_action(game, rng))
    saved = referee.to_json(game)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert CliRunner().invoke(group, ["show", "--state", str(path)]).exit_code == 0
    for edit, expected in cases:
        data = copy.deepcopy(saved)
        edit(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        before = path.read_bytes()
        for command in (["show"], ["legal"], ["undo"]):
            result = CliRunner().invoke(group, [*command, "--state", str(path)])
            assert result.exit_code == 2, (command, expected, result.output)
            assert f"{path}: {expected}" in result.output, (expected, result.output)
            assert result.output.count("\n") == 1 and "Traceback" not in result.output
            assert path.read_bytes() == before
