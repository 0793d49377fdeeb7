"""Overload's events in words: ``EN`` for the command line, one entry per kind; ``FR``, the table's, is the
catalogue the page reads too (overturn/web/i18n/fr.json).

Names stay those of the notation (pawn ``red1``); the French names the
players' colours as the page's seats do (*rouge*).
"""

from __future__ import annotations

from overturn.referees.overload.effects import Finished, Reason, Space
from overturn.referees.templates import SharedCatalogue
from overturn.referees.wording import Catalogue

#: Why the table played an action for the player (``Acted.cause``).
CAUSES_EN = {"seeded": "seeded die", "forced": "forced", "no-load": "no discs chosen before the roll"}


def space_en(space: Space) -> str:
    """As the track's drawing names it: ``start 0``, ``finish 23``, ``7`` or ``7 [+]``."""
    if space.role == "start":
        return f"start {space.number}"
    if space.role == "finish":
        return f"finish {space.number}"
    return f"{space.number} [{space.special}]" if space.special else str(space.number)


def _finished_en(e: Finished) -> str:
    bonus = f" + {e.bonus} bonus for exactly {e.bonus_discs}" if e.bonus_discs is not None else ""
    return f"{e.pawn} reaches the finish with {e.discs} discs{bonus} = {e.points} points; back to the start, its discs to the cup"


def _reason_en(reason: Reason) -> str:
    return f"{reason.points} for the Overload of {reason.overload}" if reason.overload else f"{reason.points} for the finish"


def _either(choices: list[str] | tuple[str, ...]) -> str:
    return ", ".join(choices)


EN: Catalogue = {
    "acted": lambda e: f"{e.action} {e.value}" + (f" ({CAUSES_EN[e.cause]})" if e.cause else ""),
    "moved": lambda e: f"{e.pawn} {space_en(e.frm)} -> {space_en(e.to)}, {e.discs} discs",
    "discs": lambda e: f"{e.pawn} {e.before} -> {e.after} discs",
    "finished": _finished_en,
    "overloaded": lambda e: f"Overload (surcharge)! {e.pawn} would carry a {e.disc}th disc: back to the start, its discs to the cup",
    "scored": lambda e: f"{e.player} scores {e.points} ({', '.join(map(_reason_en, e.reasons))}; total {e.total})",
    "won": lambda e: f"{e.player} reaches {e.target} points and wins",
    "await-load": lambda e: (f"{e.player}: choose 0-{e.most} discs for {e.pawn} on the start "
                             f"(play load N), then roll (play roll R with the real die, or play roll)."),
    "await-roll": lambda e: f"{e.player}: roll the die (play roll R with the real die, or play roll for the seeded die).",
    "await-move": lambda e: f"{e.player} rolled {e.roll}: move a pawn (play move NAME): {_either(e.pawns)}.",
    "await-step": lambda e: f"{e.player}: {e.pawn} is on a +/- space and must step at once (play step forward|back).",
    "await-settle": lambda e: (f"{e.player}: {e.pawn} on {space_en(e.space)} settles each pawn met, giving or taking "
                               f"{'2 discs (x2 space)' if e.discs == 2 else '1 disc'} (play give NAME / take NAME): {_either(e.options)}."),
    "game-won": lambda e: f"Game over: {e.player} wins with {e.points} points.",
}

FR = SharedCatalogue("fr", "overload")
