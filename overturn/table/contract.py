"""The one contract between the table service and a game: what Overturn and the three referees each supply.

The table service (``overturn.table.service``) stores, locks, publishes and
times a table without knowing its game; the game answers through this
contract (as boardgame.io's games do through ``playerView`` and ``moves``):

* ``parse(move, field)`` reads a request's ``move`` (already decoded as one of
  ``overturn.table.games.TableMove``) as this game plays it, or refuses it
  naming ``field`` (``MalformedMove``, ``UnusableMove``), so no router asks
  which game a table holds;
* ``player_view(meta, seat)`` is built up for one reader (``None``: a
  watcher): the public state, then what that seat alone may see. A view never
  holds another seat's private fields (the conformance suite checks it);
* ``play(seat, move)`` judges a move already parsed by the caller and plays it
  when legal; ``timer()`` names a move the server plays by itself at a
  deadline (Insider's Bodyguard question); ``computer_job`` is a computer
  seat's search, run in another process, and ``computer_play`` plays its choice.

``GameKind`` is the game as a whole: its name, page, seat bounds, how a
stored table is loaded back, and the shape of its answers to a creation and a move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from msgspec import Struct

from overturn.lexicon.lexicon import Lexicon
from overturn.table.record import Seat
from overturn.table.views import BoardAfterMove, TableLinks, TableView


@dataclass(frozen=True)
class TableMeta:
    """What the table adds to every view: its id, its version (send it with the next move) and its seats."""

    id: str
    version: int
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class SeatViews:
    """Every reader's view of one version, made once when it is published: ``seats[i]`` for seat i."""

    version: int
    watcher: TableView
    seats: tuple[TableView, ...]

    def for_reader(self, seat: int | None) -> TableView:
        return self.watcher if seat is None else self.seats[seat]


@dataclass(frozen=True)
class Judged:
    """A move judged: ``accepted`` (played, to be committed as ``logged``) or refused (the game unchanged).

    ``answer`` holds the game's own words for the mover (Overturn's verdict,
    a board game's refusal or move-list entry), already as the mover reads them.
    """

    accepted: bool
    answer: Struct
    logged: str = ""


@dataclass(frozen=True)
class Timer:
    """A move the server plays for ``seat`` at ``deadline`` (epoch seconds) unless the table moves first."""

    deadline: float
    seat: int


class TableGame(Protocol):
    """A game held at a table (``overturn.table.seating.OverturnTable``, ``board_seating.BoardTable``)."""

    def seat_to_move(self) -> int | None:
        """The seat that moves now (at a chance node, the seat that rolls or draws); None once over."""

    def dump(self) -> str:
        """The stored state: JSON text that ``GameKind.load`` replays and checks."""

    def parse(self, move: Any, field: str) -> Any:
        """The move a request's ``field`` gives, as ``play`` takes it; ``MalformedMove`` or ``UnusableMove`` naming the field."""

    def player_view(self, meta: TableMeta, seat: int | None) -> TableView:
        """What ``seat`` (None: a watcher) sees, built up from the public state."""

    def play(self, seat: int, move: Any) -> Judged:
        """Judge ``move`` (as the game's ``parse`` made it) for ``seat``; raises ``NotYourTurn``."""

    def timer(self) -> Timer | None:
        """The move the server will play by itself, if the game waits on a clock."""

    def expire(self, timer: Timer) -> Judged:
        """Play the timed-out move of ``timer`` (the caller checked the game still waits on it)."""

    def computer_job(self, seat: int, level: int, seed: str) -> Callable[[], Any]:
        """The search for a computer seat's move at ``level``: a picklable call, run in a computer player's process."""

    def computer_play(self, seat: int, chosen: Any) -> Judged:
        """Play the move ``computer_job`` chose for ``seat``."""

    def position(self, number: int, seat: int | None) -> BoardAfterMove:
        """Move ``number`` (1-based) of the move list and the public board after it; ``NoSuchMove`` otherwise."""


class GameKind(Protocol):
    """One game as the table knows it: names, seats, the page that shows it, how a stored table is loaded."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def players(self) -> tuple[int, int]:
        """Fewest and most seats."""

    @property
    def page(self) -> str:
        """The page a link opens (``/`` for Overturn, ``/boardgame`` for the others)."""

    def created(self, watcher: TableView, creator: str, tokens: list[str | None], links: TableLinks) -> Struct:
        """The answer to a new table: the watcher's view with what only its creator receives."""

    def moved(self, answer: Struct, view: TableView) -> Struct:
        """The answer to a move: the game's words for the mover (``Judged.answer``) and the mover's view after it."""

    @property
    def clocked(self) -> bool:
        """Its tables may wait on a clock (``TableGame.timer``): a restarted server resumes them."""

    def load(self, state: str, lexicon: Callable[[str | None], Lexicon]) -> TableGame:
        """The table's game from its stored state, replayed and checked; ``BadStoredGame`` if it does not replay."""
