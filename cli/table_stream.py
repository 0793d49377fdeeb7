"""A table's live stream as `overturn table watch` reads it: as the pages read theirs (js/live.js).

The stream is opened with ``?ack=1`` and every event is acknowledged
(``POST …/events/STREAM/ack``, at most twice a beat, from a thread of its own),
so a watch whose network died quietly stops acknowledging and the server frees
its place after 2.5 beats. On its side, the watch takes three beats of silence
for a dead stream; a stream that ended or died is opened again, after a pause
that grows with each failure in a row, with the last version it showed
(Last-Event-ID), so no move is shown twice or missed.
Standard library HTTP only, as the rest of `overturn table`.
"""

from __future__ import annotations

import http.client
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

import click

from overturn.jsonbounds import UnreadableJSON, loads_json

#: Pauses before a stream is opened again, one per failure in a row; past the last, the watch gives up (exit 1).
RECONNECT_SECONDS = (1.0, 2.0, 4.0, 8.0, 15.0)
#: Heartbeats heard nothing for before the stream is taken for dead (the server's own bound is 2.5).
MISSED_BEATS = 3
#: Seconds to connect and to hear the first event, and the beat assumed until the server says (its default).
TIMEOUT, DEFAULT_BEAT = 30.0, 15.0
#: The longest answer a refused stream's body is read to.
MAX_REFUSAL_BYTES = 64 * 1024
#: The largest event the stream may send (a table's state is about 10 KB), counted line by line as it is read.
MAX_EVENT_BYTES = 4 * 1024 * 1024

#: An event heard: its name and its data (JSON); True once the watch is done.
OnEvent = Callable[[str, Any], bool]


class Unanswered(Exception):
    """The stream was not opened: the server's status and answer."""

    def __init__(self, status: int, body: bytes) -> None:
        super().__init__(status)
        self.status, self.body = status, body


class LiveStream:
    """One table's stream, opened again as often as it ends: ``events`` its URL (with ``ack=1``), ``headers`` sent
    with it (a seat's token), ``ack`` the URL acknowledging a stream by its id."""

    def __init__(self, events: str, headers: dict[str, str], ack: Callable[[str], str]) -> None:
        self.events = events
        self.headers = {"Accept": "text/event-stream", **headers}
        self.last: str | None = None
        self.opened = False  # a stream was open once: a lost one is opened again, a first refusal is the answer
        self.acks = Acknowledger(ack)

    def follow(self, on_event: OnEvent) -> bool:
        """One stream, read until the server ends it or it falls silent (False), or ``on_event`` is done (True)."""
        headers = self.headers if self.last is None else {**self.headers, "Last-Event-ID": self.last}
        parts = urllib.parse.urlsplit(self.events)
        kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        connection = kind(parts.netloc, timeout=TIMEOUT)  # http.client's own: its socket's silence bound is then the beat's
        try:
            connection.request("GET", f"{parts.path}?{parts.query}", headers=headers)
            stream = connection.getresponse()
            if stream.status != 200:
                raise Unanswered(stream.status, stream.read(MAX_REFUSAL_BYTES))
            self.opened = True
            data: list[str] = []
            name, version = "message", None
            size = 0
            while raw := stream.readline(MAX_EVENT_BYTES + 1):  # a line read up to the bound, never held whole
                size += len(raw)
                if size > MAX_EVENT_BYTES:
                    raise click.ClickException(f"the server's stream sent an event larger than {MAX_EVENT_BYTES:,} bytes: is this an overturn server?")
                line = raw.decode("utf-8", "replace").rstrip("\n")
                if line.startswith("data: "):
                    data.append(line[6:])
                elif line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("id: "):
                    version = line[4:]
                elif line == "":  # an event's end: its size counts from here again
                    if data:
                        if self._heard(name, "\n".join(data), version, on_event):
                            return True
                        if connection.sock is not None:
                            connection.sock.settimeout(MISSED_BEATS * self.acks.every)
                    data, name, version, size = [], "message", None, 0
        finally:
            connection.close()
        return False

    def _heard(self, name: str, text: str, version: str | None, on_event: OnEvent) -> bool:
        try:  # bounded as the table's answers are (cli/table.py)
            body = loads_json(text, "the server's stream", max_bytes=MAX_EVENT_BYTES)
        except UnreadableJSON as exc:
            raise click.ClickException(f"{exc}: is this an overturn server?") from None
        if name == "heartbeat" and isinstance(body, dict):
            self.acks.beat(body)
        self.acks.heard()
        if name == "state":
            self.last = version or self.last
        return on_event(name, body)


def follow_live(stream: LiveStream, server: str, on_event: OnEvent, refused: Callable[[int, bytes], object]) -> None:
    """Follows the table until ``on_event`` is done: a stream lost is opened again; one the server refuses at once
    (a wrong link: ``refused``, which raises) or never answers again is the end."""
    failures = 0
    while True:
        try:
            if stream.follow(on_event):
                return
            failures, reason = 0, "the server ended the stream"  # a restart, a silence it noticed: opened again
        except Unanswered as answer:
            if answer.status != 503 or not stream.opened:  # a token refused, no such table: said, and the end
                refused(answer.status, answer.body)
            reason = f"HTTP {answer.status}"
        except (OSError, http.client.HTTPException) as exc:  # refused, reset, or silent for too long
            reason = str(exc) or type(exc).__name__
        if not stream.opened or failures >= len(RECONNECT_SECONDS):
            raise click.ClickException(f"the stream from {server} stopped: {reason}")
        time.sleep(RECONNECT_SECONDS[failures])
        failures += 1


class Acknowledger:
    """Tells the server the stream is heard, from a thread of its own: an acknowledgement lost in a dead network
    never holds up the stream's reading."""

    def __init__(self, url: Callable[[str], str]) -> None:
        self.url = url
        self.every = DEFAULT_BEAT
        self._stream: str | None = None
        self._sent = 0.0
        self._due = threading.Event()
        threading.Thread(target=self._send, name="overturn-table-ack", daemon=True).start()

    def beat(self, beat: dict[str, Any]) -> None:
        """A heartbeat: its period, and a new stream's id (its first heartbeat's)."""
        every = beat.get("every")
        if isinstance(every, (int, float)) and every > 0:
            self.every = max(0.1, float(every))
        if isinstance(beat.get("stream"), str):
            self._stream, self._sent = beat["stream"], 0.0

    def heard(self) -> None:
        if self._stream is not None and time.monotonic() - self._sent >= self.every / 2:
            self._sent = time.monotonic()
            self._due.set()

    def _send(self) -> None:
        while True:
            self._due.wait()
            self._due.clear()
            request = urllib.request.Request(self.url(self._stream or ""), data=b"{}", headers={"Content-Type": "application/json"}, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.every):  # noqa: S310 (the table link's scheme is checked)
                    pass
            except (urllib.error.URLError, OSError):
                pass  # unheard: a closed stream ends (and is opened again); a dead network's is freed by the server
