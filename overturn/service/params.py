"""Request parsing shared by the routers: typed, bounded parameters with messages written for players.

A JSON body is declared once, as a msgspec Struct in its router; ``typed_body``
decodes and checks it against that type (a refusal named from the type's own
information, ``overturn.jsonrefusal``) and the endpoint's declaration derives
the request schema from the same type (``overturn.service.openapi.Endpoint``).
Query parameters, always text, go through ``int_param`` and its siblings.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta, Struct

from overturn.game.answers import PathError, cell_number, path_numbers
from overturn.game.board import PRESETS, Board
from overturn.game.solution import Mode, PresetName
from overturn.jsonrefusal import MISSING, FieldRefusal, locate_refusal
from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.service.errors import ApiError

T = TypeVar("T")

#: A saved game in a request: any JSON here, replayed and checked by ``Game.from_json`` (422 naming what is wrong).
SavedGameJSON = Annotated[Any, Meta(extra_json_schema={"$ref": "#/components/schemas/SavedGame"}, description="A saved game (overturn-game JSON).")]
#: A lexicon's name: any JSON here, as every unknown name (a list too) is refused by ``Service.lexicon`` with 422 and the choices.
LexiconName = Annotated[Any, Meta(extra_json_schema={"anyOf": [{"type": "string"}, {"type": "null"}]}, description="A lexicon of this server (its default when absent).")]


class BoardRules(Struct, kw_only=True, forbid_unknown_fields=True):
    """The rules a typed board is read with: a preset, and the switches that override it (the CLI's ``--preset`` and ``--mode``)."""

    preset: Annotated[PresetName, Meta(description="Board size and word rules (overturn when absent).")] | None = None
    mode: Annotated[Mode, Meta(description="reuse: a cell may repeat in a word; advanced: each cell once (the preset's when absent).")] | None = None
    min_length: Annotated[int, Meta(ge=1, le=64)] | None = None
    min_tiles: Annotated[int, Meta(ge=1, le=2)] | None = None
    lexicon: LexiconName = None


#: A typed board's text: faces row by row.
BoardText = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=1000,
        description="Faces row by row; '/' and spaces ignored; [QU] [ZX] double faces.",
        examples=["AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"],
    ),
]


#: How a refused type is named to the client.
_TYPE_NAMES = {"str": "a string", "int": "a whole number", "float": "a number", "bool": "true or false", "array": "a list", "object": "a JSON object"}


def typed_body(data: dict[str, Any], kind: type[T]) -> T:
    """A request body as its declared type, or an ApiError naming the field.

    Read as leniently as query strings are (a digit string is a number,
    ``"true"`` a boolean). 400 for a missing field or a wrong type, 422 for a
    value outside its bounds or choices (an empty required text is missing)
    and for a field the type does not declare (every request type forbids
    unknown fields: a misspelt ``contains`` or ``min_len`` is named, not
    silently ignored while the whole answer comes back).
    """
    try:
        return msgspec.convert(data, kind, strict=False)
    except msgspec.ValidationError as exc:
        raise body_refusal(locate_refusal(data, kind, exc, strict=False)) from None


def body_refusal(refusal: FieldRefusal) -> ApiError:
    """One refusal in the words the hand-written checks used (``'board' is required``, ``unknown mode 'chess': use …``)."""
    field, value, problem = refusal.field or "body", refusal.value, refusal.problem
    detail: dict[str, Any] = {"field": field}
    if problem in ("missing", "unknown"):
        name = f"{refusal.field}.{refusal.key[:40]}" if refusal.field else refusal.key[:40]
        if problem == "missing":
            return ApiError(400, f"'{name}' is required", {"field": name})
        where = f"'{refusal.field}'" if refusal.field else "this request"
        return ApiError(422, f"unknown field {name!r}: {where} takes {', '.join(refusal.allowed) or 'no field'}", {"field": name})
    choices = " or ".join(map(str, refusal.choices))
    if problem == "tag":  # a tagged union's tag: an object of no known kind is malformed
        return ApiError(400, f"'{field}' must be {choices}, not {value!r}", detail)
    if refusal.choices:  # a list or an object where a choice is expected is as unknown as a misspelt one
        preset = f" ({value!r} is a preset: send it as 'preset')" if field == "mode" and isinstance(value, str) and value in PRESETS else ""
        return ApiError(422, f"unknown {field} {'value' if value is MISSING else repr(value)}: '{field}' must be {choices}{preset}", detail)
    if problem == "type":
        expected = " or ".join(_TYPE_NAMES.get(name, name) for name in refusal.expected if name != "null")
        return ApiError(400, f"'{field}' must be {expected}", detail)
    if problem == "range":
        low, high = refusal.low, refusal.high
        bounds = f"between {low} and {high}" if low is not None and high is not None else refusal.bound
        return ApiError(422, f"'{field}' must be {bounds}, not {value}", detail)
    if problem == "length" and refusal.size is not None:
        return _size_refusal(field, refusal.size, refusal.unit, detail)
    if problem == "form":  # the text patterns refuse control characters (no store keeps NUL)
        return ApiError(422, f"'{field}' holds a control character, a line separator or a direction mark", detail)
    return ApiError(400, f"'{field}': {refusal.text[:1].lower()}{refusal.text[1:200]}", detail)


def _size_refusal(field: str, size: tuple[str, int], unit: str, detail: dict[str, Any]) -> ApiError:
    relation, limit = size
    if unit == "str" and relation == ">=":
        return ApiError(400, f"'{field}' is required", detail) if limit == 1 else ApiError(422, f"'{field}' needs at least {limit} characters", detail)
    if unit == "str":
        return ApiError(422, f"'{field}' is too long: at most {limit} characters", {**detail, "max": limit})
    bound = {">=": "at least ", "<=": "at most "}.get(relation, "")
    return ApiError(422, f"'{field}' must have {bound}{limit} {'entries' if unit == 'array' else 'keys'}", detail)


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

def word_key(word: str, name: str = "word") -> str:
    try:
        return normalize_key(word)
    except InvalidWord as exc:
        raise ApiError(422, str(exc), {"field": name}) from None

def path_cells(value: Any, board: Board, field: str = "path") -> tuple[int, ...]:
    """A traced path as cell numbers: given as cell numbers, or as ``[row, col]`` pairs (0-based) as older clients send.

    Neither shape is a bad request (400); the shapes mixed or a cell off the board, unusable (422).
    """
    try:
        return path_numbers(value, board.rules.rows, board.rules.cols, field, most=4 * board.rules.size)
    except PathError as exc:
        raise ApiError(400 if exc.malformed else 422, str(exc), {"field": field}) from None


def cell_of(value: Any, board: Board, field: str = "cell") -> int:
    """A pass's cell as its number: given as its number, or as ``[row, col]`` (0-based)."""
    try:
        return cell_number(value, board.rules.rows, board.rules.cols, field)
    except PathError as exc:
        raise ApiError(400 if exc.malformed else 422, str(exc), {"field": field}) from None
