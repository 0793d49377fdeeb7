"""The root of every exception ``overturn.game`` raises: a caller catches the game's failures by one name."""

from __future__ import annotations


class GameException(Exception):
    """The root of every exception of ``overturn.game`` (each keeps its other bases, ``ValueError`` among them)."""
