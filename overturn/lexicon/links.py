"""Where a word's definition can be read; a module of its own so `overturn dict lookup` gets it without the searches."""

from __future__ import annotations

from urllib.parse import quote


def definition_links(form: str, lemma: str) -> dict[str, str]:
    """Wiktionnaire (the form) and the CNRTL (the lemma)."""
    return {
        "wiktionnaire": f"https://fr.wiktionary.org/wiki/{quote(form)}",
        "cnrtl": f"https://www.cnrtl.fr/definition/{quote(lemma)}",
    }
