"""Per-client budgets for the requests that write to the store (opening a table): a loop cannot fill the disk, and
neither can a crowd of addresses from one network (each address counted, and its network prefix too)."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict, deque

#: Clients remembered at once; the least recently seen is forgotten first (its budget starts afresh).
MAX_CLIENTS = 10_000
#: The network prefix one party is taken to hold: an IPv4 /24 (a club's, a school's or a small host's block), an
#: IPv6 /64 (the least any ISP or host hands a customer: its addresses cost nothing to rotate).
IPV4_PREFIX, IPV6_PREFIX = 24, 64


def prefix_of(client: str) -> str:
    """The network ``client``'s address belongs to (``192.0.2.0/24``, ``2001:db8::/64``; an IPv4 address mapped into
    IPv6 as IPv4); a client that is not an address (a test client's name) is its own prefix."""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    bits = IPV4_PREFIX if address.version == 4 else IPV6_PREFIX
    return str(ipaddress.ip_network(f"{address}/{bits}", strict=False))


class RateLimit:
    """At most ``count`` events per ``seconds`` for each client (a sliding window)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, client: str, now: float | None = None) -> float:
        """0 when the event is allowed (and counted); else the seconds until it would be."""
        now = time.monotonic() if now is None else now
        wait = self.wait(client, now)
        if not wait:
            self._seen[client].append(now)
        return wait

    def wait(self, client: str, now: float | None = None) -> float:
        """The seconds until ``client`` may have an event (0: now), counting nothing."""
        now = time.monotonic() if now is None else now
        events = self._seen.pop(client, None) or deque()
        while events and events[0] <= now - self.seconds:
            events.popleft()
        self._seen[client] = events
        while len(self._seen) > MAX_CLIENTS:
            self._seen.popitem(last=False)
        return events[0] + self.seconds - now if len(events) >= self.count else 0.0


class AddressAndPrefixLimit:
    """A budget per address and a larger one per network prefix (``prefix_of``): an event is counted in both only
    when both allow it, so a refused one spends neither."""

    def __init__(self, per_address: int, per_prefix: int, seconds: float) -> None:
        self.address = RateLimit(per_address, seconds)
        self.prefix = RateLimit(per_prefix, seconds)

    def allow(self, client: str, now: float | None = None) -> tuple[float, bool]:
        """(0, _) when the event is allowed (and counted); else the seconds until it would be, and whether the
        prefix's budget (not the address's own) is what is spent."""
        now = time.monotonic() if now is None else now
        network = prefix_of(client)
        by_address, by_prefix = self.address.wait(client, now), self.prefix.wait(network, now)
        if by_address or by_prefix:
            return max(by_address, by_prefix), by_prefix > by_address
        self.address.allow(client, now)
        self.prefix.allow(network, now)
        return 0.0, False
