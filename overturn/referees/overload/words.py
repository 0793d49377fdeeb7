"""Overload's events in words, from the catalogues (overturn/wording/<lang>.json, the page's words too): ``EN`` for
the command line, ``FR`` for the table.

Names stay those of the notation (pawn ``red1``); the French names the players' colours as the page's seats do
(*rouge*). ``space_en`` is the track drawing's name of a space, notation rather than a sentence.
"""

from __future__ import annotations

from overturn.referees.overload.effects import Space
from overturn.referees.templates import SharedCatalogue

EN = SharedCatalogue("en", "overload")
FR = SharedCatalogue("fr", "overload")


def space_en(space: Space) -> str:
    """As the track's drawing names it: ``start 0``, ``finish 23``, ``7`` or ``7 [+]``."""
    if space.role == "start":
        return f"start {space.number}"
    if space.role == "finish":
        return f"finish {space.number}"
    return f"{space.number} [{space.special}]" if space.special else str(space.number)
