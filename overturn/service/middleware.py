"""Cross-cutting defences as ASGI middleware: security headers, JSON-only bodies, body deadlines, JSON 500s."""

from __future__ import annotations

import asyncio
import logging

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from overturn.service.errors import ApiError, error_response
from overturn.service.limits import Limits

log = logging.getLogger("overturn.service")

#: On every answer, errors included. The page loads only its own script and style sheet
#: (no inline code), so the CSP allows exactly those; no site may frame it or read where it came from.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]

#: The table endpoints: every answer under them is private to its reader (a seat's view, its token, a refusal
#: naming its state), so none may be kept by a cache unless its route says otherwise (the rule book's text).
TABLE_PATHS = ("/api/tables", "/api/boardgames")
_NO_STORE = (b"cache-control", b"no-store")


class Hardening:
    """The cross-cutting defences every request goes through, as plain ASGI middleware.

    * security headers on every answer, and ``Cache-Control: no-store`` on every table answer
      that sets no cache policy of its own (refusals included: 400, 404, 413, 415, 422...);
    * POST bodies only as application/json (415 otherwise): a cross-site page
      can only send text/plain or form bodies without a CORS preflight;
    * the whole body within ``body_timeout`` seconds (408 and the connection
      closed), so a body shorter than its Content-Length is not waited on for ever;
    * an unexpected exception answered with a JSON 500 and logged, without
      dropping the keep-alive connection (Starlette's last-resort handler re-raises,
      which makes uvicorn close it).
    """

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.body_timeout = limits.body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        private = str(scope["path"]).startswith(TABLE_PATHS)

        async def send_secured(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [*message.get("headers", ()), *SECURITY_HEADERS]
                if private and not any(name.lower() == b"cache-control" for name, _value in headers):
                    headers.append(_NO_STORE)
                message = {**message, "headers": headers}
            await send(message)

        if scope["method"] == "POST" and _media_type(scope) != "application/json":
            refusal = error_response(415, "send the body as JSON with the header Content-Type: application/json", {"content_type": _media_type(scope)})
            await refusal(scope, receive, send_secured)
            return
        try:
            await self.app(scope, self._bounded(receive), send_secured)
        except ClientDisconnect:  # the client left mid-body: nobody to answer, nothing went wrong here
            return
        except Exception as exc:
            log.exception("internal error on %s %s", scope["method"], scope["path"])
            if started:
                raise
            await error_response(500, "internal error; please report it", {"type": type(exc).__name__})(scope, receive, send_secured)

    def _bounded(self, receive: Receive) -> Receive:
        """``receive`` with one deadline for the whole body; afterwards (disconnect watchers) unbounded."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        body_done = False

        async def receive_bounded() -> Message:
            nonlocal body_done
            if body_done:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):  # no extra task per receive, unlike wait_for
                    message = await receive()
            except TimeoutError:
                raise ApiError(
                    408, f"the request body did not arrive within {self.body_timeout:g} s", None, {"Connection": "close"}
                ) from None
            body_done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        return receive_bounded

def _media_type(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return str(value.decode("latin-1")).split(";", 1)[0].strip().lower()
    return ""
