"""A seeded mutation fuzzer for saved JSON files, shared by every game's fuzz tests.

Start from a real save, get bytes to write in its place::

    from json_mutations import mutants
    for mutant in mutants(saved_data, seed=1, count=200):
        path.write_bytes(mutant.payload)   # then drive the CLI; mutant.kind says what was done

Mutations: delete or duplicate a key, swap a value's type, extreme numbers
(2**63, 5,000 digits, 1e308), small integer nudges (the plausible hand edit),
a value copied from elsewhere in the file, deep nesting, long strings, invalid
UTF-8 bytes, lone surrogates, swapped list items, a truncated file. Everything
is derived from the seed, so a failing case is reproduced by its (seed, index),
and every payload is bounded (at most a few hundred kilobytes).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

#: A location in a JSON tree: the container holding the value and its key or index.
Slot = tuple[Any, Any]

DEEP_NESTING = 100_000
LONG_STRING = 200_000
EXTREME_NUMBERS = ("9223372036854775808", "-9223372036854775809", "9" * 5000, "1e308", "-1e400", "2147483648", "-1")


@dataclass(frozen=True)
class Mutant:
    """One mutated file: what was done (``kind``, ``where``) and the bytes to write."""

    kind: str
    where: str
    payload: bytes


def _slots(data: Any) -> list[tuple[Slot, str]]:
    """Every value below the root with a readable path, found without recursion."""
    found: list[tuple[Slot, str]] = []
    pending: list[tuple[Any, str]] = [(data, "")]
    while pending:
        container, prefix = pending.pop()
        children = container.items() if isinstance(container, dict) else enumerate(container)
        for key, value in children:
            path = f"{prefix}.{key}" if isinstance(container, dict) else f"{prefix}[{key}]"
            found.append(((container, key), path.lstrip(".")))
            if isinstance(value, (dict, list)) and value:
                pending.append((value, path))
    return found


def _dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8", "surrogatepass")


def _with_marker(data: Any, slot: Slot, marker: str | bytes) -> bytes:
    """The file with ``slot``'s value replaced by raw text ``marker`` (for what json.dumps cannot write)."""
    container, key = slot
    token = "\u0000MUTANT\u0000"
    container[key] = token
    raw = marker if isinstance(marker, bytes) else marker.encode("utf-8", "surrogatepass")
    return _dumps(data).replace(json.dumps(token).encode(), raw)


def _pick(rng: random.Random, slots: list[tuple[Slot, str]], kinds: tuple[type, ...] = ()) -> tuple[Slot, str]:
    preferred = [item for item in slots if isinstance(item[0][0][item[0][1]], kinds)] if kinds else []
    return rng.choice(preferred or slots)


def _delete_key(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    keyed = [item for item in slots if isinstance(item[0][0], dict)] or slots
    (container, key), where = rng.choice(keyed)
    del container[key]
    return where, _dumps(data)


def _duplicate_key(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    keyed = [item for item in slots if isinstance(item[0][0], dict)]
    if not keyed:
        return _swap_type(data, rng, slots)
    (container, key), where = rng.choice(keyed)
    other = rng.choice([container[key], None, 0, "x"])
    value_text = json.dumps(container[key], ensure_ascii=False)
    return where, _with_marker(data, (container, key), f"{value_text}, {json.dumps(key)}: {json.dumps(other)}")


def _swap_type(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    (container, key), where = _pick(rng, slots)
    current = type(container[key])
    choices = [value for value in (None, True, False, 0, 1, 1.5, "", "x", [], {}, [0, 0]) if type(value) is not current]
    container[key] = copy.deepcopy(rng.choice(choices))
    return where, _dumps(data)


def _extreme_number(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    slot, where = _pick(rng, slots, (int,))
    return where, _with_marker(data, slot, rng.choice(EXTREME_NUMBERS))


def _nudge_number(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    (container, key), where = _pick(rng, slots, (int,))
    value = container[key]
    if isinstance(value, int) and not isinstance(value, bool):
        container[key] = value + rng.choice((-2, -1, 1, 2))
    else:
        container[key] = rng.randrange(-1, 40)
    return where, _dumps(data)


def _copy_value(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    (container, key), where = rng.choice(slots)
    (source, source_key), _ = rng.choice(slots)
    container[key] = copy.deepcopy(source[source_key])
    return where, _dumps(data)


def _deep_nesting(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    slot, where = _pick(rng, slots)
    depth = rng.choice((65, 1000, DEEP_NESTING))
    opener, closer = rng.choice((("[", "]"), ('{"a":', "}")))
    return where, _with_marker(data, slot, opener * depth + "0" + closer * depth)


def _long_string(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    (container, key), where = _pick(rng, slots, (str,))
    container[key] = rng.choice("AZé[") * rng.choice((201, 5000, LONG_STRING))
    return where, _dumps(data)


def _invalid_utf8(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    slot, where = _pick(rng, slots, (str,))
    bad = rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf"))
    return where, _with_marker(data, slot, b'"A' + bad + b'"')


def _lone_surrogate(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    slot, where = _pick(rng, slots, (str,))
    return where, _with_marker(data, slot, rng.choice(('"\\ud800"', '"A\\udfffB"', '"\\udc00\\ud800"')))


def _swap_items(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    lists = [item for item in slots if isinstance(item[0][0][item[0][1]], list) and len(item[0][0][item[0][1]]) > 1]
    if not lists:
        return _delete_key(data, rng, slots)
    (container, key), where = rng.choice(lists)
    items = container[key]
    first, second = rng.sample(range(len(items)), 2)
    items[first], items[second] = items[second], items[first]
    return where, _dumps(data)


def _truncate(data: Any, rng: random.Random, slots: list[tuple[Slot, str]]) -> tuple[str, bytes]:
    text = _dumps(data)
    return "(file)", text[: rng.randrange(len(text))]


MUTATIONS: dict[str, Callable[[Any, random.Random, list[tuple[Slot, str]]], tuple[str, bytes]]] = {
    "delete_key": _delete_key,
    "duplicate_key": _duplicate_key,
    "swap_type": _swap_type,
    "extreme_number": _extreme_number,
    "nudge_number": _nudge_number,
    "copy_value": _copy_value,
    "deep_nesting": _deep_nesting,
    "long_string": _long_string,
    "invalid_utf8": _invalid_utf8,
    "lone_surrogate": _lone_surrogate,
    "swap_items": _swap_items,
    "truncate": _truncate,
}


def mutate(data: Any, rng: random.Random, kind: str | None = None) -> Mutant:
    """One mutation of ``data`` (left untouched), of ``kind`` or a random one."""
    tree = copy.deepcopy(data)
    kind = kind or rng.choice(sorted(MUTATIONS))
    if not isinstance(tree, (dict, list)) or not tree:
        return Mutant("swap_type", "(root)", _dumps(rng.choice([[], {}, None, 0])))
    where, payload = MUTATIONS[kind](tree, rng, _slots(tree))
    return Mutant(kind, where, payload)


def mutants(data: Any, *, seed: int, count: int) -> Iterator[Mutant]:
    """``count`` mutants of ``data``, reproducible from ``seed``; each kind appears in turn, then at random."""
    rng = random.Random(seed)
    kinds = sorted(MUTATIONS)
    for index in range(count):
        yield mutate(data, rng, kinds[index] if index < len(kinds) else None)


__all__ = ["MUTATIONS", "Mutant", "mutants", "mutate"]
