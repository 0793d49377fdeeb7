"""Entries keep the ligatures their words are written with: cœur, sœur, nævus, not coeur, soeur, naevus.

DELA writes œ and æ as two letters; Grammalecte writes the ligature. The
words Grammalecte writes with one are listed in ``lexicons/ligatures.txt``
(made by ``lexicons/grammalecte_recipe.py``); a DELA form or lemma that is one
of them written with "oe"/"ae" is shown with the ligature. Nothing else is
touched: a word no source writes with a ligature (coexister, maestro, aérer)
keeps its letters, and keys are folded as before (CŒUR is COEUR).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from overturn.lexicon.sources import Entry


def unligatured(text: str) -> str:
    """The word as DELA writes it: œ as oe, æ as ae (and their capitals)."""
    return text.replace("œ", "oe").replace("æ", "ae").replace("Œ", "OE").replace("Æ", "AE")


def read_ligatures(path: Path) -> dict[str, str]:
    """``lexicons/ligatures.txt`` as DELA's spelling → the ligature spelling ('#' lines are comments)."""
    spellings = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {unligatured(word): word for word in spellings if word and not word.startswith("#")}


def respelled(entries: Iterable[tuple[str, Entry]], ligatures: dict[str, str]) -> Iterator[tuple[str, Entry]]:
    """The entries with each form and lemma written with its ligature where the table has one."""
    for key, entry in entries:
        form, lemma = ligatures.get(entry.form, entry.form), ligatures.get(entry.lemma, entry.lemma)
        yield key, entry if (form, lemma) == (entry.form, entry.lemma) else entry._replace(form=form, lemma=lemma)
