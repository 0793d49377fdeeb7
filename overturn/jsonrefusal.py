"""Where a JSON value departs from a msgspec type, and how, read from the type's own information.

msgspec's ``ValidationError`` carries one sentence. Rather than take that
sentence apart (its wording is msgspec's to change), ``locate_refusal`` walks
the JSON value (as ``jsonbounds.loads_json`` gives it) beside the type's
``msgspec.inspect`` information, in msgspec's own order (an object's keys as
they come, then its missing fields), and returns the first ``FieldRefusal``: the
field's path, what is wrong (a ``Problem``), the refused value and what the
type allows (its bounds, choices, known fields). Each leaf value is checked
by ``msgspec.convert`` against its plain type (so strict and lax readings
are msgspec's), then against the type's constraints. Each face words the
refusal in its own voice: ``jsonstore`` for files, ``service.params`` for the API.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from typing import Any, Literal, NamedTuple

import msgspec
from msgspec import inspect

#: The value of a refusal whose place holds nothing (a missing field).
MISSING = object()

#: What is wrong: a required key absent, a key the type does not know, a value of the wrong JSON type, a number
#: outside its bounds, a text or list or object of the wrong size, a value not among the choices (a tagged union's
#: tag: ``tag``), a text not in the expected form, and what msgspec refused that the walk does not model (``other``).
Problem = Literal["missing", "unknown", "type", "range", "length", "choice", "tag", "form", "other"]


class FieldRefusal(NamedTuple):
    """Where and why a value was refused.

    ``field`` is the path shown to people (``seats[0].name``; an object's own path for ``missing`` and ``unknown``,
    whose key is ``key``); ``expected`` the JSON types allowed (``int``, ``str``, ``array``, ``object``…);
    ``low``/``high`` the inclusive bounds and ``bound`` the one broken as text (``>= 1``); ``size`` the length
    bound broken and ``length`` the length found; ``choices`` the allowed values; ``allowed`` an object's known
    keys; ``in_key`` whether a dictionary's key, not its value, was refused; ``text`` msgspec's own sentence, for ``other``.
    """

    field: str
    problem: Problem
    value: Any = MISSING
    key: str = ""
    expected: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    bound: str = ""
    size: tuple[str, int] | None = None
    length: int | None = None
    unit: Literal["str", "array", "object"] = "str"
    choices: tuple[Any, ...] = ()
    allowed: tuple[str, ...] = ()
    in_key: bool = False
    text: str = ""


def locate_refusal(data: Any, kind: Any, error: msgspec.ValidationError, *, strict: bool = True) -> FieldRefusal:
    """The first place where ``data`` departs from ``kind`` (which msgspec refused with ``error``).

    When the walk finds nothing (a type it does not model), msgspec's sentence is kept whole, as ``other``.
    """
    found = _check(data, _type_info(kind), (), strict)
    return found if found is not None else FieldRefusal("", "other", text=str(error))


@functools.lru_cache(maxsize=64)
def _type_info(kind: Any) -> inspect.Type:
    """A type's information, read once per type (a fuzzing loop refuses thousands of files)."""
    return inspect.type_info(kind)


def path_text(steps: Iterable[str | int]) -> str:
    """A path as shown: ``moves[3].cell``; a key that would mislead (``.``, a quote, a newline) quoted."""
    return "".join(f"[{step}]" if isinstance(step, int) else _key_step(step) for step in steps).lstrip(".")


def _key_step(key: str) -> str:
    if key and key.isprintable() and key.strip() == key and not any(char in key for char in ".[]:'\""):
        return f".{key if len(key) <= 40 else key[:39] + '…'}"
    shown = repr(key)
    return f"[{shown if len(shown) <= 80 else shown[:79] + '…'}]"


_Steps = tuple[str | int, ...]
_PLAIN: dict[type[inspect.Type], tuple[Any, str]] = {
    inspect.IntType: (int, "int"), inspect.FloatType: (float, "float"), inspect.StrType: (str, "str"),
    inspect.BoolType: (bool, "bool"), inspect.NoneType: (type(None), "null"),
}
_LISTS = (inspect.ListType, inspect.SetType, inspect.FrozenSetType, inspect.VarTupleType)


def _json_type(value: Any) -> str:
    return {bool: "bool", int: "int", float: "float", str: "str", list: "array", dict: "object", type(None): "null"}.get(type(value), "object")


def _names(info: inspect.Type) -> tuple[str, ...]:
    """The JSON types a type accepts, as msgspec names them."""
    if isinstance(info, inspect.Metadata):
        return _names(info.type)
    if isinstance(info, inspect.UnionType):
        return tuple(dict.fromkeys(name for member in info.types for name in _names(member)))
    if type(info) in _PLAIN:
        return (_PLAIN[type(info)][1],)
    if isinstance(info, (*_LISTS, inspect.TupleType)):
        return ("array",)
    if isinstance(info, (inspect.LiteralType, inspect.EnumType)):
        return tuple(dict.fromkeys(_json_type(value) for value in _choices(info)))
    return ("object",)


def _choices(info: inspect.LiteralType | inspect.EnumType) -> tuple[Any, ...]:
    values = info.values if isinstance(info, inspect.LiteralType) else tuple(member.value for member in info.cls)
    return tuple(sorted(values, key=lambda value: (type(value).__name__, value)))


def _fits(value: Any, info: inspect.Type, strict: bool) -> bool:
    """Whether the value has a JSON shape the type may take (its constraints aside): a union's member is chosen so."""
    if isinstance(info, inspect.Metadata):
        return _fits(value, info.type, strict)
    if isinstance(info, (inspect.AnyType, inspect.RawType)):
        return True
    if isinstance(value, dict):
        return isinstance(info, (inspect.StructType, inspect.DictType, inspect.TypedDictType, inspect.DataclassType))
    if isinstance(value, list):
        return isinstance(info, (*_LISTS, inspect.TupleType, inspect.NamedTupleType))
    if isinstance(info, (inspect.LiteralType, inspect.EnumType)):
        return _json_type(value) in _names(info)
    if type(info) in _PLAIN:
        try:
            msgspec.convert(value, _PLAIN[type(info)][0], strict=strict)
        except msgspec.ValidationError:
            return False
        return True
    return False


def _check(value: Any, info: inspect.Type, steps: _Steps, strict: bool) -> FieldRefusal | None:
    """The first refusal inside ``value`` read as ``info``, or None when the walk finds it fits."""
    field = path_text(steps)
    if isinstance(info, inspect.Metadata):
        return _check(value, info.type, steps, strict)
    if isinstance(info, inspect.UnionType):
        return _check_union(value, info, steps, strict)
    if isinstance(info, (inspect.AnyType, inspect.RawType)):
        return None
    if not _fits(value, info, strict):
        choices = _choices(info) if isinstance(info, (inspect.LiteralType, inspect.EnumType)) else ()
        return FieldRefusal(field, "type", value, expected=_names(info), choices=choices)
    if isinstance(info, inspect.StructType):
        return _check_struct(value, info, steps, strict)
    if isinstance(info, (*_LISTS, inspect.TupleType)):
        return _check_list(value, info, steps, strict)
    if isinstance(info, inspect.DictType):
        return _check_dict(value, info, steps, strict)
    if isinstance(info, (inspect.LiteralType, inspect.EnumType)):
        choices = _choices(info)
        return None if value in choices and type(value) in {type(choice) for choice in choices} else FieldRefusal(field, "choice", value, choices=choices)
    if type(info) in _PLAIN:
        return _check_bounds(msgspec.convert(value, _PLAIN[type(info)][0], strict=strict), info, field)
    return None  # a type the walk does not model: msgspec's own sentence is kept


def _check_union(value: Any, info: inspect.UnionType, steps: _Steps, strict: bool) -> FieldRefusal | None:
    if value is None and any(isinstance(member, inspect.NoneType) for member in info.types):
        return None
    tagged = [member for member in info.types if isinstance(member, inspect.StructType) and member.tag_field is not None]
    if tagged and isinstance(value, dict):
        tag_field = tagged[0].tag_field
        assert tag_field is not None
        if tag_field not in value:
            return FieldRefusal(path_text(steps), "missing", key=tag_field)
        tag, tags = value[tag_field], tuple(sorted(member.tag for member in tagged))  # type: ignore[type-var]  # a union's tags are of one type
        if _json_type(tag) != _json_type(tags[0]):
            return FieldRefusal(path_text((*steps, tag_field)), "type", tag, expected=(_json_type(tags[0]),), choices=tags)
        chosen = [member for member in tagged if member.tag == tag]
        if not chosen:
            return FieldRefusal(path_text((*steps, tag_field)), "tag", tag, choices=tags)
        return _check(value, chosen[0], steps, strict)
    shaped = [member for member in info.types if _fits(value, member, strict)]
    if not shaped:
        return FieldRefusal(path_text(steps), "type", value, expected=_names(info), choices=_union_choices(info))
    refusals = [_check(value, member, steps, strict) for member in shaped]
    return None if None in refusals else refusals[0]


def _union_choices(info: inspect.UnionType) -> tuple[Any, ...]:
    """The choices of an optional choice (``Literal[...] | None``): a wrong type there is as unknown as a misspelt value."""
    members = [member for member in info.types if not isinstance(member, inspect.NoneType)]
    while len(members) == 1 and isinstance(members[0], inspect.Metadata):
        members = [members[0].type]
    return _choices(members[0]) if len(members) == 1 and isinstance(members[0], (inspect.LiteralType, inspect.EnumType)) else ()


def _check_struct(value: dict[str, Any], info: inspect.StructType, steps: _Steps, strict: bool) -> FieldRefusal | None:
    fields = {field.encode_name: field for field in info.fields}
    allowed = tuple(sorted([*fields, *([info.tag_field] if info.tag_field else [])]))
    for key, item in value.items():
        if key == info.tag_field:
            if item != info.tag:
                return FieldRefusal(path_text((*steps, key)), "tag", item, choices=(info.tag,))
        elif key not in fields:
            if info.forbid_unknown_fields:
                return FieldRefusal(path_text(steps), "unknown", key=key, allowed=allowed)
        elif (refusal := _check(item, fields[key].type, (*steps, key), strict)) is not None:
            return refusal
    for name, field in fields.items():
        if field.required and name not in value:
            return FieldRefusal(path_text(steps), "missing", key=name, allowed=allowed)
    return None


def _check_list(value: list[Any], info: inspect.Type, steps: _Steps, strict: bool) -> FieldRefusal | None:
    if isinstance(info, inspect.TupleType):
        if len(value) != len(info.item_types):
            return FieldRefusal(path_text(steps), "length", value, size=("==", len(info.item_types)), length=len(value), unit="array")
        items = list(info.item_types)
    else:
        assert isinstance(info, _LISTS)
        if (refusal := _check_size(value, info.min_length, info.max_length, steps, "array")) is not None:
            return refusal
        items = [info.item_type] * len(value)
    for index, (item, item_info) in enumerate(zip(value, items, strict=True)):
        if (refusal := _check(item, item_info, (*steps, index), strict)) is not None:
            return refusal
    return None


def _check_dict(value: dict[str, Any], info: inspect.DictType, steps: _Steps, strict: bool) -> FieldRefusal | None:
    if (refusal := _check_size(value, info.min_length, info.max_length, steps, "object")) is not None:
        return refusal
    for key, item in value.items():
        if (refusal := _check(key, info.key_type, steps, strict)) is not None:
            return refusal._replace(field=path_text(steps), in_key=True)
        if (refusal := _check(item, info.value_type, (*steps, key), strict)) is not None:
            return refusal
    return None


def _check_size(value: Any, low: int | None, high: int | None, steps: _Steps, unit: Literal["str", "array", "object"]) -> FieldRefusal | None:
    if low is not None and len(value) < low:
        return FieldRefusal(path_text(steps), "length", value, size=(">=", low), length=len(value), unit=unit)
    if high is not None and len(value) > high:
        return FieldRefusal(path_text(steps), "length", value, size=("<=", high), length=len(value), unit=unit)
    return None


def _check_bounds(value: Any, info: inspect.Type, field: str) -> FieldRefusal | None:
    """A plain value within its type's constraints (numbers' bounds, texts' length and form)."""
    if isinstance(info, inspect.StrType):
        if (refusal := _check_size(value, info.min_length, info.max_length, (), "str")) is not None:
            return refusal._replace(field=field)
        if info.pattern is not None and not re.search(info.pattern, value):
            return FieldRefusal(field, "form", value)
        return None
    if not isinstance(info, (inspect.IntType, inspect.FloatType)):
        return None
    broken = next(
        (f"{symbol} {limit}" for symbol, limit, holds in (
            (">=", info.ge, lambda limit: value >= limit), (">", info.gt, lambda limit: value > limit),
            ("<=", info.le, lambda limit: value <= limit), ("<", info.lt, lambda limit: value < limit),
        ) if limit is not None and not holds(limit)),
        "",
    )
    if not broken and info.multiple_of is not None and not math.isclose(value % info.multiple_of, 0):
        broken = f"a multiple of {info.multiple_of}"
    return FieldRefusal(field, "range", value, low=info.ge, high=info.le, bound=broken) if broken else None
