"""What a move did and what a game awaits, as data: tagged Structs worded per language by each game's catalogue.

Each referee reports its effects (``Stolen``, ``Moved``, ``Scored``...) and
its awaited decision as ``Event`` Structs, tagged by ``kind``; its ``words``
module holds ``EN`` (the command line: one format function per kind) and
``FR`` (the table page: the catalogue the page reads too, ``templates.py``).
Nothing downstream parses a sentence: the table words the same Structs in
French, and sends them as data beside the words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from msgspec import Struct

#: A language's wording of one game's events: the format function of each kind.
Catalogue = Mapping[str, Callable[[Any], str]]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 disc``, ``2 discs``, ``0 cards``: an English count with its noun agreed (``many`` when adding an s is wrong)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


class Event(Struct, tag_field="kind", forbid_unknown_fields=True):
    """A fact a game reports (what a move did, what it awaits); subclasses set ``tag`` to their kind."""


def kind(event: Event) -> str:
    """The tag an event is worded and stored by."""
    tag = type(event).__struct_config__.tag
    assert isinstance(tag, str), f"{type(event).__name__} has no tag"
    return tag


def say(catalogue: Catalogue, event: Event) -> str:
    """``event`` worded by ``catalogue``."""
    return catalogue[kind(event)](event)


def kinds(*types: type[Event]) -> set[str]:
    """The kinds of ``types``, for checking that a catalogue words every one."""
    return {str(event_type.__struct_config__.tag) for event_type in types}


def either(choices: list[str], word: str) -> str:
    """``a, b or c`` (``word``: the language's "or")."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + f" {word} " + choices[-1]


def french_count(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` with its noun in French agreement: singular for 0 and 1 (*0 carte*, *1 point*), plural from 2."""
    return f"{count} {singular if abs(count) < 2 else plural or singular + 's'}"


def french_verb(subjects: int, singular: str, plural: str) -> str:
    """The verb that agrees with ``subjects`` people or things (*gagne* / *gagnent*)."""
    return singular if subjects < 2 else plural

