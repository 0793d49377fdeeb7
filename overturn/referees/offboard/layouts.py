"""Layouts of offboard: the start holes and the targets, packaged by name or read from a file.

The rule book's pictures are lost, so the board's targets and start positions are
data (``data/layouts.json``), checked against the hexagon before the referee trusts
them. A layout is named (``apart``, the default, or ``contact``) or custom (a
``--layout FILE``); a custom one is identified by the SHA-256 of its canonical form,
so a saved game records exactly which set-up it was played on.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Any, TypeVar

from msgspec import UNSET, Meta, Struct, UnsetType

from overturn.jsonbounds import loads_json
from overturn.jsonstore import FieldError, StateFileError, convert, load_with
from overturn.referees.errors import RefereeException
from overturn.referees.offboard.geometry import (
    HOLES,
    MARBLES_PER_PLAYER,
    RAYS,
    Direction,
    Exit,
    Hex,
    Player,
    outward_exits,
    parse_exit,
    parse_hex,
)

#: A layout file is a few kilobytes; refuse anything far bigger before parsing it.
LAYOUT_FILE_MAX_BYTES = 64 * 1024
#: Target values of the rule book are 1 to 3; a custom layout may go up to the winning score.
MAX_TARGET_VALUE = 6
LAYOUT_FORMAT_VERSION = 1


class LayoutError(RefereeException, StateFileError):
    """Layout data that does not describe a playable board; the message names the field."""


#: A hole (``E5``) or an exit (``A1:SW``) as written; parsed after decoding, the message naming the entry.
ShortName = Annotated[str, Meta(max_length=10)]
MAX_EXITS = len(outward_exits())


class StartHoles(Struct, forbid_unknown_fields=True):
    red: Annotated[list[ShortName], Meta(max_length=MARBLES_PER_PLAYER)]
    yellow: Annotated[list[ShortName], Meta(max_length=MARBLES_PER_PLAYER)]


class TargetEntry(Struct, forbid_unknown_fields=True):
    """A cup: its ``number`` (its place in the list, from 1), its value and the exits that fall into it."""

    number: Annotated[int, Meta(ge=1, le=MAX_EXITS)]
    value: Annotated[int, Meta(ge=1, le=MAX_TARGET_VALUE)]
    exits: Annotated[list[ShortName], Meta(min_length=1, max_length=MAX_EXITS)]
    edge: Annotated[str, Meta(max_length=20)] = ""


Targets = Annotated[list[TargetEntry], Meta(min_length=1, max_length=MAX_EXITS)]


class LayoutFile(Struct, forbid_unknown_fields=True):
    """A ``--layout FILE``: the start holes and, optionally, the targets (the packaged ones otherwise)."""

    version: Annotated[int, Meta(ge=LAYOUT_FORMAT_VERSION, le=LAYOUT_FORMAT_VERSION)]
    start: StartHoles
    targets: Targets | UnsetType = UNSET
    description: Annotated[str, Meta(max_length=2000)] | UnsetType = UNSET


@dataclass(frozen=True)
class Target:
    """A cup beside the edge; holds at most one marble, worth ``value`` to the pusher."""

    number: int
    value: int
    edge: str
    exits: tuple[Exit, ...]


@dataclass(frozen=True, eq=False)
class Layout:
    """Start holes and targets, checked; ``exit_target`` already applies the corner rule.

    ``ray_target`` is the same mapping indexed like ``RAYS``: the target (index) met by a
    marble pushed off the far end of that ray. ``name`` is the packaged layout's name, or
    None for a custom one; ``digest`` identifies the content either way.
    """

    start: dict[Player, tuple[Hex, ...]]
    targets: tuple[Target, ...]
    exit_target: dict[Exit, int]
    ray_target: tuple[int, ...]
    name: str | None
    digest: str

    @property
    def is_custom(self) -> bool:
        return self.name is None

    @property
    def label(self) -> str:
        """How ``show`` names it: the packaged name, or 'custom' and the start of its hash."""
        return self.name if self.name is not None else f"custom {self.digest[:12]}"

    def target_of(self, exit_: Exit) -> Target:
        return self.targets[self.exit_target[exit_]]

    def not_in_play(self, player: Player) -> int:
        """Marbles of ``player`` that a custom start leaves off the board from the first move."""
        return MARBLES_PER_PLAYER - len(self.start[player])

    def with_start(self, red: Iterable[Hex], yellow: Iterable[Hex]) -> Layout:
        """A custom layout: these start holes, the same targets."""
        start = {Player.RED: tuple(red), Player.YELLOW: tuple(yellow)}
        _check_start(start, "start")
        return _build(start, self.targets, None)

    def to_data(self) -> dict[str, Any]:
        """The canonical form (what a layout file holds, what a save embeds, what the hash covers)."""
        return {
            "version": LAYOUT_FORMAT_VERSION,
            "start": {player.label: sorted(hole.name for hole in self.start[player]) for player in Player},
            "targets": [
                {
                    "number": target.number,
                    "value": target.value,
                    "edge": target.edge,
                    "exits": sorted(str(exit_) for exit_ in target.exits),
                }
                for target in self.targets
            ],
        }


def _digest(start: dict[Player, tuple[Hex, ...]], targets: tuple[Target, ...]) -> str:
    canonical = {
        "start": {player.label: sorted(hole.name for hole in start[player]) for player in Player},
        "targets": [[target.value, sorted(str(exit_) for exit_ in target.exits)] for target in targets],
    }
    return hashlib.sha256(json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _build(start: dict[Player, tuple[Hex, ...]], targets: tuple[Target, ...], name: str | None) -> Layout:
    exit_target = _resolve_exits(targets)
    ray_target = tuple(exit_target[Exit(HOLES[ray[-1]], Direction(index % 6))] for index, ray in enumerate(RAYS))
    return Layout(start, targets, exit_target, ray_target, name, _digest(start, targets))


def layout_from_data(data: Any, name: str | None = None, default_targets: Any = None) -> Layout:
    """Build and check a layout file's content; every problem raises LayoutError naming the field.

    ``targets`` may be left out of a custom layout: it then uses ``default_targets``
    (the packaged targets' data).
    """
    try:
        layout = convert(data, LayoutFile)
        targets = layout.targets if not isinstance(layout.targets, UnsetType) else _default_targets(default_targets)
    except FieldError as exc:  # the same message, as the layout's own error
        raise LayoutError(str(exc)) from None
    return _build(_start_from_data(layout.start), _targets_from_data(targets), name)


def _default_targets(data: Any) -> list[TargetEntry]:
    try:
        return convert(data, Targets)
    except FieldError as exc:
        raise LayoutError(f"targets{'' if exc.field.startswith('[') else '.'}{exc.field}: {exc.reason}") from None


def _start_from_data(holes: StartHoles) -> dict[Player, tuple[Hex, ...]]:
    start = {player: _parse_each(getattr(holes, player.label), f"start.{player.label}", parse_hex) for player in Player}
    _check_start(start, "start")
    return start


def _check_start(start: dict[Player, tuple[Hex, ...]], field: str) -> None:
    for player in Player:
        if len(start[player]) > MARBLES_PER_PLAYER:
            raise LayoutError(f"{field}.{player.label}: more than {MARBLES_PER_PLAYER} marbles")
    every = start[Player.RED] + start[Player.YELLOW]
    repeated = sorted({hole.name for hole in every if every.count(hole) > 1})
    if repeated:
        raise LayoutError(f"{field}: {', '.join(repeated)} listed twice")


def _targets_from_data(entries: list[TargetEntry]) -> tuple[Target, ...]:
    targets = []
    for position, entry in enumerate(entries, start=1):
        if entry.number != position:
            raise LayoutError(f"targets[{position - 1}].number: {entry.number} is out of range ({position} to {position})")
        exits = _parse_each(entry.exits, f"targets[{position - 1}].exits", parse_exit)
        targets.append(Target(number=position, value=entry.value, edge=entry.edge, exits=exits))
    return tuple(targets)


Parsed = TypeVar("Parsed")


def _parse_each(names: list[str], field: str, parse: Callable[[str], Parsed]) -> tuple[Parsed, ...]:
    """Each short name (a hole, an exit) parsed; a name that does not parse is refused naming its entry."""
    parsed = []
    for index, name in enumerate(names):
        try:
            parsed.append(parse(name))
        except ValueError as exc:
            raise LayoutError(f"{field}[{index}]: {exc}") from None
    return tuple(parsed)


def _resolve_exits(targets: tuple[Target, ...]) -> dict[Exit, int]:
    """Map each exit to one target; an exit reaching two targets falls into the lower value."""
    reach: dict[Exit, list[int]] = {}
    for index, target in enumerate(targets):
        for exit_ in target.exits:
            reach.setdefault(exit_, []).append(index)
    missing = [str(exit_) for exit_ in outward_exits() if exit_ not in reach]
    if missing:
        raise LayoutError(f"targets: exits lead to no target: {', '.join(missing)}")
    resolved: dict[Exit, int] = {}
    for exit_, indexes in reach.items():
        if len(indexes) > 2:
            raise LayoutError(f"targets: exit {exit_} is listed under more than two targets")
        values = sorted(targets[index].value for index in indexes)
        if len(values) == 2 and values[0] == values[1]:
            raise LayoutError(f"targets: exit {exit_} reaches two targets of equal value; the lower cannot be chosen")
        resolved[exit_] = min(indexes, key=lambda index: targets[index].value)
    return resolved


# --- packaged and file layouts ----------------------------------------------------------


@cache
def _packaged() -> dict[str, Any]:
    text = resources.files("overturn.referees.offboard").joinpath("data/layouts.json").read_text(encoding="utf-8")
    data: dict[str, Any] = loads_json(text, "data/layouts.json")
    return data


def layout_names() -> tuple[str, ...]:
    """The packaged layouts, the default first."""
    data = _packaged()
    return (data["default"], *sorted(name for name in data["layouts"] if name != data["default"]))


@cache
def named_layout(name: str) -> Layout:
    """A packaged layout by name; LayoutError listing the names otherwise."""
    data = _packaged()
    if name not in data["layouts"]:
        raise LayoutError(f"unknown layout {name!r} (packaged: {', '.join(layout_names())})")
    entry = data["layouts"][name]
    return layout_from_data(
        {"version": LAYOUT_FORMAT_VERSION, "start": entry["start"]}, name=name, default_targets=data["targets"]
    )


def default_layout() -> Layout:
    return named_layout(_packaged()["default"])


def read_layout(data: Any) -> Layout:
    """A custom layout from parsed JSON; a layout identical to a packaged one keeps its name."""
    layout = layout_from_data(data, default_targets=_packaged()["targets"])
    return next((named_layout(name) for name in layout_names() if named_layout(name).digest == layout.digest), layout)


def load_layout_file(path: str | os.PathLike[str]) -> Layout:
    """Read ``--layout FILE`` (at most 64 KB); StateFileError naming the file and the field."""
    return load_with(path, read_layout, max_bytes=LAYOUT_FILE_MAX_BYTES)
