"""What an Overload action did and what the game awaits, as tagged Structs (worded by ``overload.words``)."""

from __future__ import annotations

from typing import Literal, Union

from msgspec import Struct

from overturn.referees.wording import Event


class Space(Struct, frozen=True):
    """A space of the track: the start, the finish, or a numbered space with its variant action (``+``, ``x2``...)."""

    number: int
    role: Literal["start", "track", "finish"]
    special: str = ""


class Acted(Event, tag="acted"):
    """The action itself (``roll 5``), as the move list shows it; ``cause``: why the table played it (``forced``...)."""

    action: str
    value: str
    cause: str = ""


class Moved(Event, tag="moved"):
    pawn: str
    frm: Space
    to: Space
    discs: int


class Discs(Event, tag="discs"):
    """A pawn's discs changed where it stands (overtaken, a give or take, a ``+``/``-`` space)."""

    pawn: str
    before: int
    after: int


class Finished(Event, tag="finished"):
    """A pawn reached the finish: back to the start, its discs to the cup; ``bonus`` points for exactly ``bonus_discs``."""

    pawn: str
    discs: int
    points: int
    bonus: int = 0
    bonus_discs: int | None = None


class Overloaded(Event, tag="overloaded"):
    """A pawn would carry its ``disc``-th disc: back to the start."""

    pawn: str
    disc: int


class Reason(Struct, frozen=True):
    """Points scored for the finish (``overload`` empty) or for the Overload of the pawn ``overload``."""

    points: int
    overload: str = ""


class Scored(Event, tag="scored"):
    player: str
    points: int
    reasons: tuple[Reason, ...]
    total: int


class Won(Event, tag="won"):
    player: str
    target: int


# ----- what the game awaits ------------------------------------------------------------


class AwaitLoad(Event, tag="await-load"):
    player: str
    pawn: str
    most: int


class AwaitRoll(Event, tag="await-roll"):
    player: str


class AwaitMove(Event, tag="await-move"):
    player: str
    roll: int
    pawns: tuple[str, ...]


class AwaitStep(Event, tag="await-step"):
    player: str
    pawn: str


class AwaitSettle(Event, tag="await-settle"):
    """The mover settles each pawn met on ``space`` by giving or taking ``discs`` (``options``: the legal actions)."""

    player: str
    pawn: str
    space: Space
    discs: int
    options: tuple[str, ...]


class GameWon(Event, tag="game-won"):
    player: str
    points: int


Effect = Union[Acted, Moved, Discs, Finished, Overloaded, Scored, Won]  # noqa: UP007 (msgspec decodes the union)
Awaiting = Union[AwaitLoad, AwaitRoll, AwaitMove, AwaitStep, AwaitSettle, GameWon]  # noqa: UP007
EFFECTS: tuple[type[Event], ...] = (Acted, Moved, Discs, Finished, Overloaded, Scored, Won)
AWAITING: tuple[type[Event], ...] = (AwaitLoad, AwaitRoll, AwaitMove, AwaitStep, AwaitSettle, GameWon)
