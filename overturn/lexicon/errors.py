"""The root of every exception ``overturn.lexicon`` raises: a caller catches the lexicon's failures by one name."""

from __future__ import annotations


class LexiconException(Exception):
    """The root of every exception of ``overturn.lexicon`` (each keeps its other bases, ``ValueError`` among them)."""
