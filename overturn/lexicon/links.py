"""Where a word's definition can be read; a module of its own so `overturn dict lookup` gets it without the searches."""

from __future__ import annotations

#: What ``urllib.parse.quote`` leaves as it is (its default ``safe="/"``): written here, as urllib.parse
#: would cost a look-up's start-up ``ipaddress`` and ``re`` for two links.
_UNQUOTED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")


def quote(text: str) -> str:
    """``text`` percent-encoded as UTF-8 for a URL path, as ``urllib.parse.quote(text)`` gives it."""
    return "".join(chr(byte) if byte in _UNQUOTED else f"%{byte:02X}" for byte in text.encode("utf-8"))


def definition_links(form: str, lemma: str) -> dict[str, str]:
    """Wiktionnaire (the form) and the CNRTL (the lemma)."""
    return {
        "wiktionnaire": f"https://fr.wiktionary.org/wiki/{quote(form)}",
        "cnrtl": f"https://www.cnrtl.fr/definition/{quote(lemma)}",
    }
