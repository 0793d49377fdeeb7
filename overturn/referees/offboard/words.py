"""offboard's events in words, from the catalogues (overturn/wording/<lang>.json, the page's words too): ``EN`` for
the command line, ``FR`` for the table, and ``PREVIEW_FR`` (what a move would do, said before it is confirmed).
Holes keep their names (``E5``)."""

from __future__ import annotations

from overturn.referees.offboard.effects import GameOver
from overturn.referees.templates import SharedCatalogue

EN = SharedCatalogue("en", "offboard")
FR = SharedCatalogue("fr", "offboard")
PREVIEW_FR = SharedCatalogue("fr", "offboard", "previews")


def why_en(e: GameOver) -> str:
    """Why the game ended, as ``show --json``'s ``win_reason`` says it."""
    return EN.part("why", e)
