"""What several routers share: ``respond``, which encodes any answer, and a solution encoded once for the solve cache.

Every answer is a msgspec Struct: encoded as it is declared, and the OpenAPI
document derives its components from the same types (``overturn.service.openapi``).
The solve's Structs live below the service, in ``overturn.game.solution``, as the CLI encodes them too.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping

from msgspec import Struct, json
from starlette.responses import Response

from overturn.game.answers import Count
from overturn.game.solution import Solved

__all__ = ["Count", "EncodedSolution", "respond"]


#: Deflate level of the solve answers: level 1 compresses a 6×6 board's words about as well (about 6:1) at
#: half the cost of the middleware's level 5, and a board's answer is compressed once (``EncodedSolution``).
SOLVE_GZIP_LEVEL = 1
#: A gzip member's header: deflate, no name, no time, unknown OS (RFC 1952).
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"


class EncodedSolution:
    """A ``Solved`` answer encoded once: the JSON every phone gets, without its closing fields, gzipped on first need.

    The solve cache keeps it, so a table's phones share one encoding and one
    compression; each answer then only adds its own ``cached`` and
    ``elapsed_ms`` (a few bytes, compressed as a last deflate block of their own).
    """

    def __init__(self, solved: Solved) -> None:
        encoded = json.encode(solved)
        self.head = encoded[:-1]  #: the JSON object without its closing brace
        self._deflated: tuple[bytes, int] | None = None

    def deflate(self) -> tuple[bytes, int]:
        """The head as raw deflate ending on a byte boundary (more blocks follow), and its CRC-32."""
        if self._deflated is None:  # two threads may both compute it: the same bytes, no harm
            compressor = zlib.compressobj(SOLVE_GZIP_LEVEL, zlib.DEFLATED, -15)
            self._deflated = compressor.compress(self.head) + compressor.flush(zlib.Z_SYNC_FLUSH), zlib.crc32(self.head)
        return self._deflated

    def body(self, cached: bool, elapsed_ms: float, gzip: bool) -> bytes:
        """The whole ``Solution`` as JSON, or as one gzip member when ``gzip``."""
        tail = b',"cached":' + (b"true" if cached else b"false") + b',"elapsed_ms":' + json.encode(elapsed_ms) + b"}"
        if not gzip:
            return self.head + tail
        deflated, crc = self.deflate()
        last = zlib.compressobj(SOLVE_GZIP_LEVEL, zlib.DEFLATED, -15)
        size = (len(self.head) + len(tail)) & 0xFFFFFFFF
        return b"".join((_GZIP_HEADER, deflated, last.compress(tail), last.flush(), struct.pack("<II", zlib.crc32(tail, crc), size)))


def respond(answer: Struct, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """The answer encoded as JSON."""
    return Response(json.encode(answer), status_code=status, media_type="application/json", headers=dict(headers or {}))
