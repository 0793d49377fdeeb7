"""What a table store keeps: a table with its seats and move log, and the secret tokens that open seats."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from overturn.table.errors import TableException

#: Bytes of randomness in a seat or creator token (192 bits; the issue asks for at least 128).
TOKEN_BYTES = 24
#: Bytes of randomness in a table id: the watch link is the id alone, so it must not be guessable either.
TABLE_ID_BYTES = 12


def new_token() -> str:
    """A creator's token, or an invitation to a seat: what a table's creator hands out (spent when a phone claims it)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


#: How a seat's own credential begins (an invitation never does: url-safe base64 has no '.').
CREDENTIAL_PREFIX = "c."


def new_credential() -> str:
    """A claimed seat's own credential: known to the phone that claimed it alone, never to the table's creator."""
    return CREDENTIAL_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def digest(token: str) -> str:
    """What the store keeps of a token: a stolen database opens no seat. A claimed credential's digest keeps its
    prefix, so a seat tells whether a phone joined it (``Seat.claimed``) without another column."""
    hashed = _sha256(token)
    return CREDENTIAL_PREFIX + hashed if token.startswith(CREDENTIAL_PREFIX) else hashed


def _sha256(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_digest: str) -> bool:
    """Whether ``token`` is the one stored; a credential claimed before digests kept their prefix matches bare too."""
    if hmac.compare_digest(digest(token), stored_digest):
        return True
    return token.startswith(CREDENTIAL_PREFIX) and hmac.compare_digest(_sha256(token), stored_digest)


@dataclass(frozen=True)
class Seat:
    """One place at a table: a player's name, the digest of its token, or a computer level (no token)."""

    index: int
    name: str
    token_digest: str
    computer: int | None = None

    @property
    def claimed(self) -> bool:
        """A phone claimed this seat's invitation (and holds its own credential); a computer's seat is always taken."""
        return self.computer is not None or self.token_digest.startswith(CREDENTIAL_PREFIX)


@dataclass(frozen=True)
class TableRecord:
    """A table as stored: ``state`` is the game's JSON text at ``version`` (the number of moves committed)."""

    id: str
    game: str
    created: float
    version: int
    state: str
    creator_digest: str
    seats: tuple[Seat, ...]

    def seat_of(self, token: str | None) -> Seat | None:
        """The seat this token opens; None for a watcher (no token) or a token of no seat here."""
        if not token:
            return None
        return next((seat for seat in self.seats if seat.computer is None and token_matches(token, seat.token_digest)), None)


@dataclass(frozen=True)
class LogEntry:
    """One committed move: it took the table from ``version - 1`` to ``version``."""

    version: int
    seat: int | None
    action: str
    at: float


class StoreError(TableException):
    """The store cannot be reached or refused an operation for a reason of its own (the service answers 503)."""
