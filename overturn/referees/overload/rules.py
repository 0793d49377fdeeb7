"""Overload's fixed numbers and track, read from data so a table can change them.

The rule book publishes the disc count, the die, the targets and which
sections make the U; it gives no number of spaces per section nor where the
variant's special spaces lie. Those are choices in ``data/overload.json``
(4 spaces per section, the start section being the start space + 3 spaces and
the finish section 3 spaces + the finish; one special space per curve or
intermediate section at the same offset, actions in track order
``+ - +/- x2 + -``), which a table may replace with ``new --rules FILE``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from overturn.jsonbounds import UnreadableJSON, loads_json
from overturn.jsonstore import FieldError, convert
from overturn.referees.errors import RefereeException

DATA_PACKAGE = "overturn.referees.overload"
DATA_FILE = "overload.json"
MAX_RULES_BYTES = 64 * 1024
SPECIAL_SECTION_KINDS = ("curve", "intermediate")
Fail = Callable[[str, str], Exception]  # (field, message) -> the error to raise
#: Far above any table's numbers; keeps a hostile file's arithmetic small.
MAX_COUNT = 1_000_000


class RulesDataError(RefereeException, ValueError):
    """The Overload data file is malformed; the message names the field."""


class Special(str, Enum):  # noqa: UP042 -- StrEnum would change what str() of a member gives
    """Actions of the variant's special spaces (the back of the sections)."""

    PLUS = "+"
    MINUS = "-"
    STEP = "+/-"
    DOUBLE = "x2"


PositiveInt = Annotated[int, Meta(ge=1, le=MAX_COUNT)]
PlayerCount = Annotated[str, Meta(pattern="^[0-9]{1,2}$")]
Name = Annotated[str, Meta(max_length=100)]


class SectionSpec(Struct, forbid_unknown_fields=True):
    kind: Literal["start", "finish", "curve", "intermediate"]
    spaces: Annotated[int, Meta(ge=2, le=MAX_COUNT)]


class LoadBonus(Struct, forbid_unknown_fields=True):
    """Points added when a pawn reaches the finish with exactly ``discs`` discs."""

    discs: PositiveInt
    points: PositiveInt


class SpecialSpaces(Struct, forbid_unknown_fields=True):
    offset_in_section: Annotated[int, Meta(ge=0, le=MAX_COUNT)]
    #: Checked against ``Special`` after decoding, so the message names the list (``+ - +/- x2``).
    actions_in_track_order: Annotated[list[Annotated[str, Meta(max_length=10)]], Meta(max_length=1000)]


class RulesFile(Struct, forbid_unknown_fields=True):
    """An Overload data file as typed JSON; what ties fields together is checked after decoding."""

    total_discs: PositiveInt
    max_discs_per_pawn: PositiveInt
    max_start_discs: PositiveInt
    die_faces: PositiveInt
    pawns_per_player: PositiveInt
    exact_load_bonus: LoadBonus
    overload_reward: PositiveInt
    targets: Annotated[dict[PlayerCount, PositiveInt], Meta(min_length=1, max_length=100)]
    colours: Annotated[list[Annotated[str, Meta(max_length=40)]], Meta(max_length=100)]
    sections: Annotated[dict[Name, SectionSpec], Meta(min_length=1, max_length=1000)]
    layouts: Annotated[
        dict[PlayerCount, Annotated[list[Name], Meta(min_length=2, max_length=1000)]], Meta(min_length=1, max_length=100)
    ]
    special_spaces: SpecialSpaces
    version: Literal[1] = 1
    comment: str = msgspec.field(default="", name="_comment")


@dataclass(frozen=True)
class Section:
    kind: str
    spaces: int


@dataclass(frozen=True)
class Track:
    """The assembled U: space 0 is the start, ``finish`` the last space.

    ``specials`` maps a space index to its action; it is empty without the
    variant. Pawns never stay on the finish (they score and go back to start).
    """

    finish: int
    specials: Mapping[int, Special]
    sections: tuple[str, ...]

    def special_at(self, space: int) -> Special | None:
        return self.specials.get(space)

    def to_json(self) -> dict[str, Any]:
        return {
            "finish": self.finish,
            "sections": list(self.sections),
            "specials": {str(space): action.value for space, action in sorted(self.specials.items())},
        }


@dataclass(frozen=True)
class OverloadRules:
    """Every number the referee needs, validated once at load time."""

    total_discs: int
    max_discs: int
    max_start_discs: int
    die_faces: int
    pawns_per_player: int
    bonus_discs: int
    bonus_points: int
    overload_reward: int
    targets: Mapping[int, int]
    colours: tuple[str, ...]
    sections: Mapping[str, Section]
    layouts: Mapping[int, tuple[str, ...]]
    special_offset: int
    special_order: tuple[Special, ...]

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.layouts))

    def target(self, players: int) -> int:
        return self.targets[players]

    def finish_points(self, discs: int) -> int:
        """Points for a pawn reaching the finish: its discs, plus the bonus for exactly 8."""
        return discs + (self.bonus_points if discs == self.bonus_discs else 0)

    def special_capacity(self, players: int) -> int:
        """How many sections can be flipped to their special side for this player count."""
        return sum(1 for name in self.layouts[players] if self.sections[name].kind in SPECIAL_SECTION_KINDS)

    def build_track(self, players: int, variant_sections: int = 0) -> Track:
        """Lay the sections end to end; flip the first ``variant_sections`` special-capable ones."""
        if players not in self.layouts:
            raise ValueError(f"Overload is for {self.player_counts[0]} to {self.player_counts[-1]} players, not {players}")
        capacity = self.special_capacity(players)
        if not 0 <= variant_sections <= capacity:
            raise ValueError(f"with {players} players the variant uses 0 to {capacity} sections, not {variant_sections}")
        specials: dict[int, Special] = {}
        first_space = 0
        flipped = 0
        for name in self.layouts[players]:
            section = self.sections[name]
            if section.kind in SPECIAL_SECTION_KINDS and flipped < variant_sections:
                specials[first_space + self.special_offset] = self.special_order[flipped]
                flipped += 1
            first_space += section.spaces
        return Track(finish=first_space - 1, specials=specials, sections=self.layouts[players])


def load_rules(path: str | Path | None = None) -> OverloadRules:
    """Read and validate the data file (the packaged default unless ``path`` is given)."""
    if path is None:
        text = resources.files(DATA_PACKAGE).joinpath("data", DATA_FILE).read_text(encoding="utf-8")
        return _parse_text(text, DATA_FILE)
    return read_rules_file(path)[0]


def read_rules_file(path: str | Path) -> tuple[OverloadRules, str]:
    """A table's own data file and the SHA-256 of its bytes, which the game file records.

    The size is capped before parsing, so a huge or hostile file costs nothing.
    """
    origin = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_RULES_BYTES + 1)
    except OSError as exc:
        raise RulesDataError(f"{origin}: cannot read ({exc.strerror or exc})") from None
    if len(data) > MAX_RULES_BYTES:
        raise RulesDataError(f"{origin}: larger than {MAX_RULES_BYTES} bytes, not an Overload data file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesDataError(f"{origin}: not UTF-8 text") from None
    return _parse_text(text, origin), hashlib.sha256(data).hexdigest()


def _parse_text(text: str, origin: str) -> OverloadRules:
    try:
        raw = loads_json(text, origin, max_bytes=MAX_RULES_BYTES)
    except UnreadableJSON as exc:
        raise RulesDataError(str(exc)) from None
    return _parse_rules(raw, origin)


def _parse_rules(raw: Any, origin: str) -> OverloadRules:
    def fail(field: str, message: str) -> RulesDataError:
        return RulesDataError(f"{origin}: field '{field}' {message}")

    try:
        data = convert(raw, RulesFile)
    except FieldError as exc:
        where = f"field '{exc.field}': " if exc.field else ""
        raise RulesDataError(f"{origin}: {where}{exc.reason}") from None
    targets = {int(players): target for players, target in data.targets.items()}
    sections = {name: Section(kind=spec.kind, spaces=spec.spaces) for name, spec in data.sections.items()}
    layouts = {
        int(players): _parse_layout(names, sections, f"layouts.{players}", fail) for players, names in data.layouts.items()
    }
    if set(layouts) != set(targets):
        raise fail("targets", f"must give a target for each player count of 'layouts' ({sorted(layouts)})")
    colours = data.colours
    if (
        not all(colour.isalpha() and colour.islower() for colour in colours)
        or len(set(colours)) != len(colours)
        or len(colours) < max(layouts)
    ):
        raise fail("colours", f"must list at least {max(layouts)} distinct lower-case colour names")
    order = data.special_spaces.actions_in_track_order
    valid_actions = [special.value for special in Special]
    if not all(action in valid_actions for action in order):
        raise fail("special_spaces.actions_in_track_order", f"must be a list of {valid_actions}")
    rules = OverloadRules(
        total_discs=data.total_discs,
        max_discs=data.max_discs_per_pawn,
        max_start_discs=data.max_start_discs,
        die_faces=data.die_faces,
        pawns_per_player=data.pawns_per_player,
        bonus_discs=data.exact_load_bonus.discs,
        bonus_points=data.exact_load_bonus.points,
        overload_reward=data.overload_reward,
        targets=targets,
        colours=tuple(colours),
        sections=sections,
        layouts=layouts,
        special_offset=data.special_spaces.offset_in_section,
        special_order=tuple(Special(action) for action in order),
    )
    _check_consistency(rules, fail)
    return rules


def _parse_layout(names: list[str], sections: Mapping[str, Section], field: str, fail: Fail) -> tuple[str, ...]:
    if len(set(names)) != len(names):
        raise fail(field, "must list distinct section names")
    for name in names:
        if name not in sections:
            raise fail(field, f"names an unknown section {name!r}")
    kinds = [sections[name].kind for name in names]
    if kinds[0] != "start" or kinds[-1] != "finish" or kinds.count("start") != 1 or kinds.count("finish") != 1:
        raise fail(field, "must begin with the start section and end with the finish section")
    return tuple(names)


def _check_consistency(rules: OverloadRules, fail: Fail) -> None:
    """Guarantees the referee relies on: the cup never runs dry, every special space exists.

    Sections of at least 2 spaces, the start first, the finish last and one
    special space per section at a common offset already keep a +/- step off
    the start, the finish and any other special space.
    """
    if rules.max_start_discs > rules.max_discs:
        raise fail("max_start_discs", "cannot exceed max_discs_per_pawn")
    most_players = max(rules.layouts)
    if rules.total_discs < most_players * rules.pawns_per_player * rules.max_discs:
        raise fail("total_discs", "must cover every pawn fully loaded, or the cup could run dry")
    for players in rules.layouts:
        capacity = rules.special_capacity(players)
        if len(rules.special_order) < capacity:
            raise fail("special_spaces.actions_in_track_order", f"needs an action for each of the {capacity} sections of the {players}-player track")
        for name in rules.layouts[players]:
            if rules.sections[name].kind in SPECIAL_SECTION_KINDS and rules.special_offset >= rules.sections[name].spaces:
                raise fail("special_spaces.offset_in_section", f"lies outside section {name!r}")
