"""The root of every exception ``overturn.referees`` raises: a caller catches the referees' failures by one name."""

from __future__ import annotations


class RefereeException(Exception):
    """The root of every exception of ``overturn.referees`` (each keeps its other bases, ``ValueError`` among them)."""
