"""What the table service refuses, as domain errors: one place (the HTTP router) turns them into statuses.

Each error carries a stable ``reason`` code (the API's ``detail.reason``) and
a message a person can act on; those that answer with the table as it now is
carry the reader's ``state``.
"""

from __future__ import annotations

from typing import Any


class TableRefusal(Exception):
    """A table request the service will not carry out; ``reason`` is the stable code."""

    reason = "refused"

    def __init__(self, message: str, **detail: Any) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class TableNotFound(TableRefusal):
    reason = "no_such_table"


class BadSeatToken(TableRefusal):
    reason = "bad_seat_token"


class WatcherCannotMove(TableRefusal):
    reason = "watcher"


class NotCreator(TableRefusal):
    reason = "not_creator"


class ComputerSeat(TableRefusal):
    reason = "computer_seat"


class NotYourTurn(TableRefusal):
    """Not this seat's turn (``not_your_turn``) or the game is over (``game_over``); ``state``: the table now."""

    reason = "not_your_turn"

    def __init__(self, message: str, reason: str = "not_your_turn", **detail: Any) -> None:
        super().__init__(message, **detail)
        self.reason = reason


class StaleMove(TableRefusal):
    """The move was made on an older version: ``version`` and ``state`` say where the table is."""

    reason = "stale"


class MoveNotAllowed(TableRefusal):
    """A move the game cannot take at all now (Overturn's next layer mid-game); ``reason`` says which."""

    def __init__(self, message: str, reason: str, **detail: Any) -> None:
        super().__init__(message, **detail)
        self.reason = reason


class NoSuchMove(TableRefusal):
    reason = "no_such_move"


class BadStoredGame(TableRefusal):
    reason = "bad_stored_game"


class StoreUnavailable(TableRefusal):
    reason = "store_unavailable"


class TooManyTables(TableRefusal):
    """This address opened its bound of tables; ``retry_after`` seconds until it may again."""

    reason = "too_many_tables"

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after
