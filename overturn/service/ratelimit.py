"""A per-client budget for the requests that write to the store (opening a table): a loop cannot fill the disk."""

from __future__ import annotations

import time
from collections import OrderedDict, deque

#: Clients remembered at once; the least recently seen is forgotten first (its budget starts afresh).
MAX_CLIENTS = 10_000


class RateLimit:
    """At most ``count`` events per ``seconds`` for each client (a sliding window)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, client: str, now: float | None = None) -> float:
        """0 when the event is allowed (and counted); else the seconds until it would be."""
        now = time.monotonic() if now is None else now
        events = self._seen.pop(client, None) or deque()
        while events and events[0] <= now - self.seconds:
            events.popleft()
        self._seen[client] = events
        while len(self._seen) > MAX_CLIENTS:
            self._seen.popitem(last=False)
        if len(events) >= self.count:
            return events[0] + self.seconds - now
        events.append(now)
        return 0.0
