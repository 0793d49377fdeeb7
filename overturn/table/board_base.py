"""What every board game's table shares: the move list's entry (a refusal is ``views.BoardRefusal``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from overturn.referees.wording import Event


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
