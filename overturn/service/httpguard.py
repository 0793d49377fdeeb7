"""The server's connection limits: uvicorn's protocol with header deadlines and size bounds, and its settings."""

from __future__ import annotations

import asyncio
from typing import Any

from overturn.service.limits import Limits


def guarded_http_protocol(header_timeout: float, max_header_bytes: int) -> type:
    """uvicorn's httptools protocol plus the two guards it lacks against slow or bloated clients.

    uvicorn arms no timer while a request's headers arrive (its keep-alive
    timeout stops at the first byte), and httptools sets no size limit on
    them, so a client dribbling header bytes holds a connection for ever. Here
    a request's headers must complete within ``header_timeout`` seconds of the
    connection opening or the previous answer ending (else the connection is
    closed with a 408), and may not exceed ``max_header_bytes`` (else 400 and closed).

    The size is counted on the raw bytes as they arrive, before the parser sees
    them: httptools buffers a header line until it ends, so counting in its
    callbacks let one never-ending line grow the server by the megabyte.
    """
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None
        _header_bytes = 0
        _raw_header_bytes = 0
        _reading_headers = True
        _header_tail = b""

        def data_received(self, data: bytes) -> None:
            if self._reading_headers:
                window = self._header_tail + data  # the blank line that ends the headers may straddle two reads
                end = window.find(b"\r\n\r\n")
                self._raw_header_bytes += len(data) if end < 0 else end + 4 - len(self._header_tail)
                if self._raw_header_bytes > max_header_bytes + 4:  # the blank line itself is not a header
                    self._refuse_headers()
                    return
                if end >= 0:
                    self._reading_headers, self._header_tail = False, b""
                else:
                    self._header_tail = window[-3:]
            super().data_received(data)

        def _refuse_headers(self) -> None:
            self._disarm_header_timer()
            if not self.transport.is_closing():
                message = f"request headers larger than {max_header_bytes} bytes".encode()
                self.transport.write(
                    b"HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
                    + b"content-length: " + str(len(message)).encode() + b"\r\n\r\n" + message
                )
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_header_timer()
            super().connection_lost(exc)

        def on_url(self, url: bytes) -> None:
            self._count_header_bytes(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count_header_bytes(len(name) + len(value) + 4)
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._disarm_header_timer()
            self._header_bytes = 0
            # The parser has the whole head: what follows is body, even when the head ended inside a read that began
            # with the previous request's body (a client sends its next request as soon as an early answer arrives).
            self._reading_headers, self._header_tail = False, b""
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._reading_headers, self._raw_header_bytes, self._header_tail = True, 0, b""  # the next request on this connection

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm_header_timer()

        def _count_header_bytes(self, size: int) -> None:
            self._header_bytes += size
            if self._header_bytes > max_header_bytes:  # uvicorn answers a parser callback's exception with 400 and closes
                raise ValueError(f"request headers larger than {max_header_bytes} bytes")

        def _arm_header_timer(self) -> None:
            self._disarm_header_timer()
            self._header_timer = self.loop.call_later(header_timeout, self._headers_too_slow)

        def _disarm_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            busy = self.cycle is not None and not self.cycle.response_complete  # a request is being answered
            if not busy and not self.transport.is_closing():
                self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                self.transport.close()

    return GuardedHttpToolsProtocol

def server_settings(limits: Limits, forwarded_allow_ips: str | None = None) -> dict[str, Any]:
    """uvicorn.Config keywords that enforce ``limits`` at the connection level (its own settings where they exist).

    X-Forwarded-For is believed only from the proxies named in ``forwarded_allow_ips`` (uvicorn believes loopback by
    default): otherwise any client, or a local proxy that does not set the header, could choose the address every
    per-client bound counts by.
    """
    return {
        "http": guarded_http_protocol(limits.header_timeout, limits.max_header_bytes),
        "timeout_keep_alive": limits.keep_alive_timeout,
        "limit_concurrency": limits.max_connections,
        "timeout_graceful_shutdown": 5,
        "proxy_headers": forwarded_allow_ips is not None,
        "forwarded_allow_ips": forwarded_allow_ips or "",
    }
