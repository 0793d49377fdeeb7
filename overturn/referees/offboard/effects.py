"""What an offboard move did and what the game awaits, as tagged Structs (worded by ``offboard.words``).

Players are named by their labels (``red``, ``yellow``), holes by their names (``E5``).
"""

from __future__ import annotations

from typing import Literal, Union

from msgspec import Struct

from overturn.referees.wording import Event


class Acted(Event, tag="acted"):
    """The move itself: ``player`` played ``move`` (``E5-E6``, ``place E5``, ``remove``), of ``form`` step, place or remove."""

    player: str
    move: str
    form: Literal["step", "place", "remove"]
    hole: str = ""


class Stepped(Event, tag="stepped"):
    """A line of ``marbles`` moved one step, pushing ``pushed`` of ``opponent``'s; one fell toward ``target``:
    into it for ``points``, or, the target taken (``bounced``), back to ``opponent``'s hand."""

    player: str
    opponent: str
    marbles: int
    pushed: int
    target: int | None = None
    points: int = 0
    bounced: bool = False


class Placed(Event, tag="placed"):
    """The bounced marble came back on ``hole``."""

    player: str
    hole: str


class Removed(Event, tag="removed"):
    """The bounced marble left the game; the same player moves again."""

    player: str


class Score(Struct, frozen=True):
    """Points and marbles removed after a bounce, per side."""

    red: int
    yellow: int
    removed_red: int = 0
    removed_yellow: int = 0


class AwaitPlay(Event, tag="await-play"):
    """``player`` moves; ``in_hand``: its pushed-off marble bounced and must be placed or removed first."""

    player: str
    score: Score
    in_hand: bool = False


class GameOver(Event, tag="game-over"):
    """``winner`` won: by reaching ``points`` (``why`` points), or ``loser`` has no marble or no move left."""

    winner: str
    loser: str
    why: Literal["points", "no-marble", "no-move"]
    points: int
    score: Score


Effect = Union[Acted, Stepped, Placed, Removed]  # noqa: UP007 (msgspec decodes the union)
Awaiting = Union[AwaitPlay, GameOver]  # noqa: UP007
EFFECTS: tuple[type[Event], ...] = (Acted, Stepped, Placed, Removed)
AWAITING: tuple[type[Event], ...] = (AwaitPlay, GameOver)
