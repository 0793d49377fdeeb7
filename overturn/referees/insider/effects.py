"""What an Insider action did and what the game awaits, as tagged Structs (worded by ``insider.words``).

Players are seat numbers from 0 (``P0`` in English, *Joueur 1* in French);
squares and path spaces keep their board names (``c3``, ``c3-c4.2``). The
events are public: a card drawn or taken is never named in them.
"""

from __future__ import annotations

from typing import Literal, Union

from overturn.referees.wording import Event


class Acted(Event, tag="acted"):
    """The action itself, in the game's notation (``move a1 b1``)."""

    action: str


class Drew(Event, tag="drew"):
    player: int
    count: int
    occupied: int


class SwappedCard(Event, tag="swapped-card"):
    """``player`` discarded a card and draws one."""

    player: int


class CardPlayed(Event, tag="card-played"):
    """``player`` played ``card`` at ``power`` with ``args`` (pawn references, squares or a seat number)."""

    player: int
    card: str
    power: int
    args: tuple[str, ...] = ()


class Declined(Event, tag="declined"):
    """``player`` took no card from the pawns met and may move on."""

    player: int


class Stolen(Event, tag="stolen"):
    """``thief`` took a card from ``victim`` (which one only they know)."""

    thief: int
    victim: int


class RolledSeven(Event, tag="rolled-seven"):
    player: int


class Rolled(Event, tag="rolled"):
    player: int
    dice: tuple[int, ...]
    double: bool = False


class EvaluationTurned(Event, tag="evaluation-turned"):
    card: str
    tables: tuple[int, ...]


class Guarded(Event, tag="guarded"):
    """Bodyguards of ``helpers`` cancelled ``card`` at ``power``."""

    helpers: tuple[int, ...]
    card: str
    power: int


class Meeting(Event, tag="meeting"):
    """Every pawn of ``player`` went back to its base."""

    player: int


class BombAlert(Event, tag="bomb-alert"):
    """Every pawn went home; the evaluation ``card`` went under the pile."""

    card: str


class TotalOutHit(Event, tag="total-out-hit"):
    """``count`` pawns of ``player`` under a moved Total OUT went back to base."""

    count: int
    player: int


class TotalOutMoved(Event, tag="total-out-moved"):
    frm: str
    to: str


class Evaluated(Event, tag="evaluated"):
    """Evaluation ``number`` of ``card``: each player's ``gains`` and new ``scores``."""

    number: int
    reason: Literal["last-table", "media-hype"]
    card: str
    gains: tuple[int, ...]
    scores: tuple[int, ...]


class GameOver(Event, tag="game-over"):
    winners: tuple[int, ...]


class Reshuffled(Event, tag="reshuffled"):
    """The action deck was empty: the discard pile became the new deck."""


class PointsLost(Event, tag="points-lost"):
    """``player`` could not move further and lost ``points`` movement points."""

    player: int
    points: int


class PlaysAgain(Event, tag="plays-again"):
    """A Trendsetter: ``player`` plays again."""

    player: int


class Skipped(Event, tag="skipped"):
    """A scandal: ``player`` skips this turn."""

    player: int


class TimedOut(Event, tag="timed-out"):
    """The table answered 'pass' for a Bodyguard after ``seconds``."""

    seconds: int


# ----- what the game awaits ------------------------------------------------------------


class Ended(Event, tag="ended"):
    evaluations: int
    winners: tuple[int, ...]


class AwaitGuard(Event, tag="await-guard"):
    """``victim`` answers ``attacker``'s starred ``card`` at ``power`` with a Bodyguard, or passes."""

    victim: int
    attacker: int
    card: str
    power: int


class AwaitMeet(Event, tag="await-meet"):
    player: int
    victims: tuple[int, ...]


class AwaitDraw(Event, tag="await-draw"):
    """Chance: the card ``player`` draws."""

    player: int


class AwaitSteal(Event, tag="await-steal"):
    """Chance: the card ``player`` takes from ``victim``."""

    player: int
    victim: int | None


class AwaitDice(Event, tag="await-dice"):
    dice: int


class AwaitEvaluation(Event, tag="await-evaluation"):
    """Chance: the evaluation card turned."""


class AwaitSeat(Event, tag="await-seat"):
    player: int


class AwaitVip(Event, tag="await-vip"):
    player: int


class AwaitTotalOut(Event, tag="await-totalout"):
    player: int
    left: int


class AwaitChoice(Event, tag="await-choice"):
    """``player`` chooses the turn's main action among ``legal``."""

    player: int
    legal: tuple[str, ...]


class AwaitMoving(Event, tag="await-moving"):
    """``player`` has ``points`` movement points; may also play ``cards`` or move a Total OUT (``totalout``)."""

    player: int
    points: int
    cards: bool
    totalout: bool


class AwaitEnd(Event, tag="await-end"):
    """``player`` may play ``cards``, move a Total OUT, ``swap`` a card, or end the turn."""

    player: int
    cards: bool
    totalout: bool
    swap: bool


Effect = Union[  # noqa: UP007 (msgspec decodes the union)
    Acted, Drew, SwappedCard, CardPlayed, Declined, Stolen, RolledSeven, Rolled, EvaluationTurned, Guarded, Meeting,
    BombAlert, TotalOutHit, TotalOutMoved, Evaluated, GameOver, Reshuffled, PointsLost, PlaysAgain, Skipped, TimedOut,
]
EFFECTS: tuple[type[Event], ...] = (
    Acted, Drew, SwappedCard, CardPlayed, Declined, Stolen, RolledSeven, Rolled, EvaluationTurned, Guarded, Meeting,
    BombAlert, TotalOutHit, TotalOutMoved, Evaluated, GameOver, Reshuffled, PointsLost, PlaysAgain, Skipped, TimedOut,
)
Awaiting = Union[  # noqa: UP007
    Ended, AwaitGuard, AwaitMeet, AwaitDraw, AwaitSteal, AwaitDice, AwaitEvaluation, AwaitSeat, AwaitVip, AwaitTotalOut,
    AwaitChoice, AwaitMoving, AwaitEnd,
]
AWAITING: tuple[type[Event], ...] = (
    Ended, AwaitGuard, AwaitMeet, AwaitDraw, AwaitSteal, AwaitDice, AwaitEvaluation, AwaitSeat, AwaitVip, AwaitTotalOut,
    AwaitChoice, AwaitMoving, AwaitEnd,
)
