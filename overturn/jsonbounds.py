"""One bounded JSON parse for everything the program reads: saved files and the service's request bodies.

A JSON text from outside may be huge, deeply nested, hold a 5,000-digit number
or a lone surrogate, or repeat a key. ``loads_json`` parses it under caps on
size, nesting depth, integer digits and string length, refuses duplicate keys,
NaN and invalid UTF-8, and turns every refusal into one ``UnreadableJSON``
naming its source (a file, "the body"), never a traceback or a hang.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any, NoReturn

#: Default caps: far above any file the program writes, far below what hurts.
MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT_DIGITS = 40
MAX_STRING = 64 * 1024


class UnreadableJSON(ValueError):
    """A JSON text ``loads_json`` refuses: not JSON, or past one of its caps; the message starts with its source."""


class _Refused(Exception):
    """Raised from inside json's hooks; turned into an UnreadableJSON by ``loads_json``."""


_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _nesting_depth(text: str) -> int:
    """Deepest bracket nesting, counted without recursion (strings stripped first)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= 1:
        return len(brackets)
    return max(accumulate(_BRACKET_STEP[char] for char in brackets))


def loads_json(
    text: str | bytes,
    source: str = "<input>",
    *,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    max_int_digits: int = MAX_INT_DIGITS,
    max_string: int = MAX_STRING,
) -> Any:
    """The JSON value of ``text`` (str, or bytes read as UTF-8) within the caps; every refusal is UnreadableJSON naming ``source``."""

    def refuse(message: str) -> NoReturn:
        raise UnreadableJSON(f"{source}: {message}")

    if isinstance(text, bytes):
        if len(text) > max_bytes:
            refuse(f"too large ({len(text):,} bytes; the limit is {max_bytes:,})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            refuse(f"not valid UTF-8 (byte {exc.start})")
    elif len(text) > max_bytes:
        refuse(f"too large ({len(text):,} characters; the limit is {max_bytes:,})")
    if _SURROGATE.search(text):
        refuse("holds a lone surrogate character")
    depth = _nesting_depth(text)
    if depth > max_depth:
        refuse(f"nested {depth} levels deep: more than {max_depth} deep is refused")

    def check_string(value: str) -> str:
        if len(value) > max_string:
            raise _Refused(f"a string of {len(value):,} characters; the limit is {max_string:,}")
        if _SURROGATE.search(value):
            raise _Refused("a string holds a lone surrogate (\\ud800-\\udfff escape)")
        return value

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > max_int_digits:
            raise _Refused(f"a number of {len(digits):,} digits; the limit is {max_int_digits}")
        return int(digits)

    def parse_float(digits: str) -> float:
        if len(digits) > max_int_digits + 10:
            raise _Refused(f"a number of {len(digits):,} characters; the limit is {max_int_digits + 10}")
        value = float(digits)
        if not math.isfinite(value):
            raise _Refused(f"the number {digits[:20]}{'…' if len(digits) > 20 else ''} is out of range")
        return value

    def parse_constant(name: str) -> NoReturn:
        raise _Refused(f"{name} is not a JSON number")

    def build_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise _Refused(f"the key {key[:40]!r} appears twice in one object")
                seen.add(key)
        return result

    decoder = json.JSONDecoder(
        object_pairs_hook=build_object, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant
    )
    try:
        value = decoder.decode(text)
        _check_strings(value, check_string)
    except _Refused as exc:
        refuse(str(exc))
    except json.JSONDecodeError as exc:
        refuse(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})")
    except (RecursionError, MemoryError, ValueError) as exc:
        refuse(f"cannot be parsed ({type(exc).__name__})")
    return value


def _check_strings(value: Any, check: Callable[[str], str]) -> None:
    """Run ``check`` on every string and key of a parsed value, without recursion."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            check(item)
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
