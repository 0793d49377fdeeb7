"""A TCP proxy on loopback in front of the server, for one phone's network: it can cut or stall its connections.

``cut()`` resets every open connection (a phone that loses its Wi-Fi and says
so). ``stall()`` makes every open connection, and any opened until
``restore()``, a black hole: bytes are swallowed both ways and nothing is
closed, as when a phone changes network or a router forgets the connection;
the browser hears nothing of it. After ``restore()`` new connections work; the
stalled ones stay dead, as they would. Loopback only; threads end with ``close()``.
"""

from __future__ import annotations

import socket
import threading
from contextlib import suppress


class Link:
    """One client connection and its upstream twin."""

    def __init__(self, client: socket.socket, upstream: socket.socket, stalled: bool) -> None:
        self.client, self.upstream = client, upstream
        self.stalled = stalled
        self.closed = False

    def pump(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while not self.closed:
                data = source.recv(65536)
                if not data:
                    break
                if not self.stalled:  # a stalled link swallows what it gets: the other end never hears
                    target.sendall(data)
        except OSError:
            pass
        if not self.stalled:
            self.close()

    def close(self, reset: bool = False) -> None:
        self.closed = True
        for sock in (self.client, self.upstream):
            with suppress(OSError):
                if reset:  # RST, as a dropped network does
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                sock.close()


class Proxy:
    def __init__(self, target_port: int, host: str = "127.0.0.1") -> None:
        self.target = (host, target_port)
        self._listener = socket.create_server((host, 0))
        self.port = self._listener.getsockname()[1]
        self._links: list[Link] = []
        self._lock = threading.Lock()
        self._stalled = False
        self._running = True
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://{self.target[0]}:{self.port}"

    def _accept(self) -> None:
        while self._running:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=10)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            with self._lock:
                link = Link(client, upstream, self._stalled)
                self._links.append(link)
            threading.Thread(target=link.pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=link.pump, args=(upstream, client), daemon=True).start()

    def stall(self) -> None:
        with self._lock:
            self._stalled = True
            for link in self._links:
                link.stalled = True

    def restore(self, reset_stalled: bool = False) -> None:
        """New connections work again; with ``reset_stalled``, the stalled ones are reset too, as when a phone's network
        comes back and the far end answers its old connections' packets with RST (else they stay black holes)."""
        with self._lock:
            self._stalled = False
            stalled = [link for link in self._links if link.stalled] if reset_stalled else []
            self._links = [link for link in self._links if link not in stalled]
        for link in stalled:
            link.close(reset=True)

    def cut(self) -> None:
        with self._lock:
            links, self._links = self._links, []
        for link in links:
            link.close(reset=True)

    def close(self) -> None:
        self._running = False
        with suppress(OSError):
            self._listener.close()
        with self._lock:
            links, self._links = self._links, []
        for link in links:
            link.close()
