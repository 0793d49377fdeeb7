"""What every board game's table shares: the refusal, the move list's entry and the refusal codes of every game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from overturn.referees.wording import Event

#: The refusal codes every game shares, in French (a game adds its own; the referees' English follows as ``detail``).
RULES_FR = {
    "notation": "Coup illisible : écrivez-le dans la notation du jeu.",
    "syntax": "Coup illisible : écrivez-le dans la notation du jeu.",
    "game-over": "La partie est terminée.",
    "not-your-turn": "Ce n'est pas à vous de jouer.",
    "seeded-chance": "Cette table tire dés et cartes elle-même : le coup de hasard n'est pas à taper ici.",
    "table-chance": "À cette table, les dés sont lancés par les joueurs : tapez la valeur obtenue.",
    "chance-expected": "Il faut d'abord donner le résultat du hasard (dés ou carte).",
    "bad-outcome": "Ce résultat de dés ou de carte est impossible ici.",
    "illegal": "Ce coup est interdit par la règle.",
}


@dataclass(frozen=True)
class Refusal:
    rule: str
    message: str
    detail: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message, "detail": self.detail}


@dataclass
class MoveEntry:
    """One accepted move as the table heard it; ``private`` names the seat that alone may read ``move`` and ``hidden`` what others read.

    ``events`` is what the move did (the game's Structs, the action itself
    first when the list shows it); ``lines`` only for an entry stored before
    events were kept: its lines as they were written.
    """

    seat: int
    move: str
    events: list[Event]
    private: bool = False
    hidden: str = ""
    #: The referee's history length once the move was played (where the position after it is found again).
    at: int | None = None
    #: The places the move touched, for the page to highlight.
    marks: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        stored = {
            "seat": self.seat, "move": self.move, "events": msgspec.to_builtins(self.events), "private": self.private,
            "hidden": self.hidden, "at": self.at, "marks": self.marks,
        }
        return {**stored, "effects": self.lines} if self.lines else stored
