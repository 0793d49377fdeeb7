"""A real uvicorn server on loopback in a background thread, for tests and benchmarks."""

from __future__ import annotations

import logging
import re
import threading
import time
import urllib.parse
from typing import Any

from overturn.service.httpguard import server_settings


class BackgroundServer:
    """uvicorn serving ``app`` from a daemon thread on a loopback port (0: any free one).

    For tests, benchmarks and programs that embed the service: ``with
    BackgroundServer(app) as url:`` gives the base URL once the port is open
    and stops the server on leaving. The connection limits are those of the
    app's ``Limits``, as ``overturn serve`` sets them.
    """

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 0, **config: Any) -> None:
        import uvicorn

        config.setdefault("log_level", "warning")
        service = getattr(getattr(app, "state", None), "service", None)
        if service is not None:
            config = {**server_settings(service.limits), **config}
        self._server = closing_server(uvicorn.Config(app, host=host, port=port, **config))
        self._thread = threading.Thread(target=self._server.run, name="overturn-uvicorn", daemon=True)
        self.url = ""

    def __enter__(self) -> str:
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        host, port = self._server.servers[0].sockets[0].getsockname()[:2]
        self.url = f"http://{host}:{port}"
        return self.url

    def __exit__(self, *_exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=15)


class SeatTokenRedaction(logging.Filter):
    """Access-log lines with seat tokens blanked: a seat link is the seat, and logs are read by more people than players.

    A parameter is recognised by its decoded name, whatever its case or encoding (``%73eat=``, ``SEAT=``, ``seat[]=``),
    so no spelling of a link writes its token to the log.
    """

    SECRET = ("seat", "creator", "token", "invite")
    PAIR = re.compile(r"([?&;])([^=&;\s]*)=([^&;\s]*)")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and len(record.args) >= 3 and isinstance(record.args[2], str):
            record.args = (*record.args[:2], self.redact(record.args[2]), *record.args[3:])
        return True

    def redact(self, target: str) -> str:
        def blank(pair: re.Match[str]) -> str:
            name = urllib.parse.unquote_plus(pair[2]).lower()
            return f"{pair[1]}{pair[2]}=…" if name.startswith(self.SECRET) else pair[0]

        return self.PAIR.sub(blank, target)


def closing_server(config: Any) -> Any:
    """A uvicorn server that ends the app's live streams when it stops, instead of waiting out its graceful-shutdown timeout,
    and never writes a seat token to its access log."""
    import uvicorn

    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(existing, SeatTokenRedaction) for existing in access.filters):
        access.addFilter(SeatTokenRedaction())

    class ClosingServer(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            service = getattr(getattr(self.config.app, "state", None), "service", None)
            if service is not None:
                service.hub.close()
            await super().shutdown(sockets)

    return ClosingServer(config)
