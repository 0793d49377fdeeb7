"""What the table service refuses, as domain errors: one place (the HTTP router) turns them into statuses.

Each error carries a stable ``reason`` code (the API's ``detail.reason``) and
a message a person can act on; those that answer with the table as it now is
carry the reader's ``state``. Every exception of ``overturn.table`` derives
from ``TableException`` (the refusals, a store that fails, a stream refused).
"""

from __future__ import annotations

from typing import Any


class TableException(Exception):
    """The root of every exception ``overturn.table`` raises."""


class TableRefusal(TableException):
    """A table request the service will not carry out; ``reason`` is the stable code."""

    reason = "refused"

    def __init__(self, message: str, **detail: Any) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class TableNotFound(TableRefusal):
    """No table by that id (the store's answer too)."""

    reason = "no_such_table"


class BadSeatToken(TableRefusal):
    reason = "bad_seat_token"


class WatcherCannotMove(TableRefusal):
    reason = "watcher"


class NotCreator(TableRefusal):
    reason = "not_creator"


class InvitationSpent(TableRefusal):
    """The invitation was claimed by a phone already (or the seat was handed over since): ask the creator for a new one."""

    reason = "invitation_spent"


class ComputerSeat(TableRefusal):
    reason = "computer_seat"


class NotYourTurn(TableRefusal):
    """Not this seat's turn (``not_your_turn``) or the game is over (``game_over``); ``state``: the table now."""

    reason = "not_your_turn"

    def __init__(self, message: str, reason: str = "not_your_turn", **detail: Any) -> None:
        super().__init__(message, **detail)
        self.reason = reason


class StaleMove(TableRefusal):
    """The move was made on an older version: ``version`` and ``state`` say where the table is.

    The store raises it with ``current``, the table's record as it now is, for the service to answer with its view.
    """

    reason = "stale"

    def __init__(self, message: str, current: Any = None, **detail: Any) -> None:
        super().__init__(message, **detail)
        self.current = current


class MoveNotAllowed(TableRefusal):
    """A move the game cannot take at all now (Overturn's next layer mid-game); ``reason`` says which."""

    def __init__(self, message: str, reason: str, **detail: Any) -> None:
        super().__init__(message, **detail)
        self.reason = reason


class MalformedMove(TableRefusal):
    """A move not in the shape of the table's game (another game's move, a path of no known form): ``field`` names it."""

    reason = "malformed_move"


class UnusableMove(TableRefusal):
    """A move in the game's shape that cannot be used (a path's shapes mixed, a cell off the board): ``field`` names it."""

    reason = "unusable_move"


class HelpsRefused(TableRefusal):
    """Helps (the legal words now) this table does not give: its creator turned them off (``helps_off``), or to a
    watcher while the game is live (``helps_watcher``)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class NoSuchMove(TableRefusal):
    reason = "no_such_move"


class BadStoredGame(TableRefusal):
    reason = "bad_stored_game"


class StoreUnavailable(TableRefusal):
    reason = "store_unavailable"


class StoreFull(TableRefusal):
    """The store holds as many tables as the server was configured to keep: new ones wait for the prune."""

    reason = "store_full"


class TooManyTables(TableRefusal):
    """This address opened its bound of tables (``too_many_tables``), or the server or this address its bound of tables
    where only computers play (``too_many_computer_tables``); ``retry_after`` seconds until it may again."""

    def __init__(self, message: str, retry_after: float, reason: str = "too_many_tables") -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.reason = reason
