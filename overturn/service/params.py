"""Request parsing shared by the routers: typed, bounded parameters with messages written for players."""

from __future__ import annotations

from typing import Any

from overturn.game.board import Board
from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.service.errors import ApiError


def int_param(value: Any, name: str, low: int, high: int, default: int | None = None) -> int:
    if value is None or value == "":
        if default is None:
            raise ApiError(400, f"'{name}' is required", {"field": name})
        return default
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ApiError(400, f"'{name}' must be a whole number", {"field": name})
    try:
        number = int(value)
    except ValueError:
        raise ApiError(400, f"'{name}' must be a whole number, not {value!r}", {"field": name}) from None
    if not low <= number <= high:
        raise ApiError(422, f"'{name}' must be between {low} and {high}, not {number}", {"field": name})
    return number

def bool_param(value: Any, name: str, default: bool = False) -> bool:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "1", "yes"):
        return True
    if isinstance(value, str) and value.lower() in ("false", "0", "no"):
        return False
    raise ApiError(400, f"'{name}' must be true or false, not {value!r}", {"field": name})

def text_param(value: Any, name: str, max_length: int, required: bool = True) -> str:
    if value is None or value == "":
        if required:
            raise ApiError(400, f"'{name}' is required", {"field": name})
        return ""
    if not isinstance(value, str):
        raise ApiError(400, f"'{name}' must be a string", {"field": name})
    if len(value) > max_length:
        raise ApiError(422, f"'{name}' is too long: at most {max_length} characters", {"field": name, "max": max_length})
    return value

def check_json_value(value: Any, max_depth: int, too_deep: ApiError) -> None:
    """Refuse what json.loads accepts but the handlers cannot use safely: deep nesting, lone surrogates.

    Deep nesting would overflow the recursion of any code that walks the value
    (a nested saved game); a lone surrogate (``"\\ud800"``) is valid JSON but
    no UTF-8 text, so echoing it back would fail. Iterative, so nothing recurses here.
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            check_text(item)
            continue
        if depth > max_depth:
            raise too_deep
        children = item
        if isinstance(item, dict):
            for key in item:
                check_text(key)
            children = item.values()
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list, str)))

def check_text(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise ApiError(400, f"the body has a lone surrogate (an unpaired \\u escape) in {text[:40]!r}") from None

def word_key(word: str, name: str = "word") -> str:
    try:
        return normalize_key(word)
    except InvalidWord as exc:
        raise ApiError(422, str(exc), {"field": name}) from None

def path_cells(value: Any, board: Board) -> tuple[int, ...]:
    """A traced path from ``[[row, col], ...]`` (0-based); the page only sends cells it drew, so off-board is a bad request."""
    if not isinstance(value, list) or not value or len(value) > 4 * board.rules.size:
        raise ApiError(400, f"'path' must be a list of 1 to {4 * board.rules.size} [row, col] pairs (0-based)", {"field": "path"})
    cells = []
    for step, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in item)):
            raise ApiError(400, f"path[{step}] must be [row, col] with whole numbers (0-based)", {"field": "path"})
        row, col = item
        if not (0 <= row < board.rules.rows and 0 <= col < board.rules.cols):
            raise ApiError(422, f"path[{step}] [{row}, {col}] is off the {board.rules.rows}×{board.rules.cols} board", {"field": "path"})
        cells.append(row * board.rules.cols + col)
    return tuple(cells)
