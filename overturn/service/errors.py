"""Answers other than 200: the exception handlers raise and the JSON shape every error takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from msgspec import Struct
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

#: The codes an error's ``detail.reason`` may hold, for a client to act on (the page words them).
ErrorCode = Literal[
    "nothing_to_undo", "no_next_layer", "not_over", "game_over", "too_slow", "too_many_streams", "too_many_tables",
    "stale", "not_your_turn", "watcher", "bad_seat_token", "not_creator", "computer_seat", "no_such_table",
    "no_such_move", "no_such_game", "store_unavailable", "bad_stored_game", "too_many_computer_tables",
    "invitation_spent", "store_full", "no_such_stream",
    "helps_off", "helps_watcher", "malformed_move", "unusable_move",
]


class ErrorDetail(Struct):
    """What an error names, when it does: the field at fault, a code, the choices or the bound (a table's error may add its state)."""

    field: str | None = None
    reason: ErrorCode | None = None
    available: list[str] | None = None
    max: int | None = None
    version: int | None = None


class Error(Struct):
    """Every answer other than 200: a message a person can act on, and detail a client can (or null)."""

    error: str
    detail: ErrorDetail | None


class ServiceException(Exception):
    """The root of every exception of ``overturn.service``."""


class ApiError(ServiceException):
    """An answer other than 200: the status, a message a person can act on, and optional detail."""

    def __init__(self, status: int, message: str, detail: Any = None, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.detail = detail
        self.headers = dict(headers or {})

def error_response(status: int, message: str, detail: Any = None, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "detail": detail}, status_code=status, headers=dict(headers or {}))

async def api_error_handler(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.message, exc.detail, exc.headers)

async def http_error_handler(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "no such page or endpoint; see /openapi.json", 405: "this endpoint does not take that method"}
    message = messages.get(exc.status_code, str(exc.detail))
    return error_response(exc.status_code, message, None, exc.headers)
