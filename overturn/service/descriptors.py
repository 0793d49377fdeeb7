"""The server's file-descriptor budget: what it can hold open is derived from the process's limit, not assumed.

Every live stream and every connection is a socket; the store, the lexicons,
the computer players and the logs hold more. A server asked for more streams
than its descriptors allow would stop accepting connections altogether ("Too
many open files"), /health and table creation included; so the soft limit is
raised to the hard one, and the connection and stream bounds are clamped below
it, keeping room for everything that is not a stream.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass

#: Descriptors kept for what is not a connection: the store's pool and listener, lexicon files, computer players, logs.
RESERVED = 64
#: Connections kept free when every stream slot is taken: /health, a table's creation, moves.
SPARE_CONNECTIONS = 32


@dataclass(frozen=True)
class Budget:
    """The bounds the server can keep (``max_connections``, ``max_streams``), the descriptor limit they were derived
    from, and what was clamped (one warning a line)."""

    descriptors: int
    max_connections: int
    max_streams: int
    warnings: tuple[str, ...]


def raise_descriptor_limit() -> int:
    """Raises this process's soft RLIMIT_NOFILE to its hard limit (as far as the system allows); the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # the system caps it lower (nr_open): keep what we have
            pass
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def budget(descriptors: int, max_connections: int, max_streams: int) -> Budget:
    """The bounds asked for, clamped to what ``descriptors`` can hold."""
    warnings = []
    connections = min(max_connections, max(1, descriptors - RESERVED))
    if connections < max_connections:
        warnings.append(f"--max-connections {max_connections} lowered to {connections}: the process may open {descriptors} files")
    streams = min(max_streams, max(1, connections - SPARE_CONNECTIONS))
    if streams < max_streams:
        warnings.append(f"--max-streams {max_streams} lowered to {streams}, so /health, new tables and moves still get through with every stream open")
    return Budget(descriptors, connections, streams, tuple(warnings))
