"""Where each form sits in its lemma's table: a verb form's mood, tense and person, a noun's or adjective's gender and number.

The build's entries keep a form, its lemma and its part of speech, nothing
more. DELA tags every form it holds with its inflections
(``mangeons,manger.V+z1:P1p:Y1p``: indicatif présent and impératif, first
person plural; ``belles,beau.A+z1:fp``: feminine plural), so the build of a
lexicon made from DELA reads it once more (``write_inflections``, one call in
``registry``) and writes ``inflections.marisa`` beside the other files: the
form, lemma and part of speech of an entry, as the lexicon writes them, to its
DELA codes. Grammalecte and the supplement carry no such tags; their forms are
listed with the others but have no place in the table. A build made before
this file existed, or from a word list, has no ``inflections.marisa``: its
forms come without a table.

The codes are DELA's: a tense letter (``TENSES``) followed by a person
(``1s`` … ``3p``) or, for a participle, a gender and number (``ms`` … ``fp``);
a noun, adjective or determiner has only the gender and number.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from msgspec import Meta, Struct

from overturn.lexicon.normalize import fold
from overturn.lexicon.sources import DELA_FILE_NAME, Entry
from overturn.lexicon.spelling import unligatured

if TYPE_CHECKING:
    import marisa_trie

    from overturn.lexicon.lexicon import Lexicon

INFLECTIONS_FILE = "inflections.marisa"
_FIELD = "\x1f"

#: DELA's tense letters in the order a conjugation table gives them, with their French names.
TENSES: dict[str, str] = {
    "W": "infinitif",
    "G": "participe présent",
    "K": "participe passé",
    "P": "indicatif présent",
    "I": "indicatif imparfait",
    "J": "passé simple",
    "F": "futur simple",
    "C": "conditionnel présent",
    "S": "subjonctif présent",
    "T": "subjonctif imparfait",
    "Y": "impératif présent",
}
#: Persons, then genders and numbers, in table order (a code not listed goes last, in text order).
#: Most rows one lemma's table has (DELA's codes make at most 11 tenses × 6 persons and 8 genders and numbers).
MAX_ROWS = 120
PERSONS = ["1s", "2s", "3s", "1p", "2p", "3p", "ms", "fs", "mp", "fp", "m", "f", "s", "p"]


def split_code(code: str) -> tuple[str, str]:
    """A DELA inflection code as (tense, person): ``P1p`` → (``P``, ``1p``), ``Kfs`` → (``K``, ``fs``), ``fp`` → ("", ``fp``)."""
    if code[:1] in TENSES:
        return code[0], code[1:]
    return "", code


@functools.cache  # a few hundred distinct codes, sorted some 670,000 times by a build
def _code_order(code: str) -> tuple[int, int, str]:
    tense, person = split_code(code)
    tense_rank = list(TENSES).index(tense) if tense else -1
    person_rank = PERSONS.index(person) if person in PERSONS else len(PERSONS)
    return tense_rank, person_rank, person


def read_dela_inflections(path: Path) -> Iterable[tuple[str, str, str, list[str]]]:
    """(form, lemma, part of speech, inflection codes) of each one-word entry of a DELA file, as DELA writes them."""
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if "\\" in line:
                continue  # escaped commas and dots: compounds and abbreviations, never a lexicon entry
            form, comma, rest = line.rstrip("\n").partition(",")
            lemma, dot, tags = rest.partition(".")
            if not comma or not dot or not form.isalpha():
                continue
            codes, _, inflections = tags.partition(":")
            if inflections:
                yield form, lemma or form, codes.split("+", 1)[0], inflections.split(":")


def inflection_table(lexicon: dict[str, list[Entry]], dela: Iterable[tuple[str, str, str, list[str]]]) -> dict[str, set[str]]:
    """Each lexicon entry DELA tags (its form, lemma and part of speech joined) → its codes.

    An entry matches a DELA line with the same part of speech whose form and
    lemma are its own with any ligature written as two letters (the build
    writes DELA's *coeur* as *cœur*); accents must match, so *pêche* (pêcher)
    and *pèche* (pécher) keep their own codes.
    """
    found: dict[str, set[str]] = {}
    for form, lemma, pos, codes in dela:
        for entry in lexicon.get(fold(form), ()):
            if (
                entry.pos == pos
                and (entry.form == form or unligatured(entry.form) == form)  # the test first: most forms have no ligature
                and (entry.lemma == lemma or unligatured(entry.lemma) == lemma)
            ):
                found.setdefault(_FIELD.join(entry), set()).update(codes)
    return found


def write_inflections(directory: Path, files: list[Path], lexicon: dict[str, list[Entry]]) -> None:
    """Write ``inflections.marisa`` into a finished build when one of its sources is a DELA file (else nothing)."""
    import marisa_trie

    dela = next((path for path in files if path.name == DELA_FILE_NAME and path.is_file()), None)
    if dela is None or (directory / INFLECTIONS_FILE).is_file():
        return
    table = inflection_table(lexicon, read_dela_inflections(dela))
    rows = ((name, ":".join(sorted(codes, key=_code_order)).encode("ascii")) for name, codes in table.items())
    staging = directory / f".{INFLECTIONS_FILE}.tmp-{os.getpid()}"
    marisa_trie.BytesTrie(rows).save(str(staging))
    os.replace(staging, directory / INFLECTIONS_FILE)


_opened: dict[Path, marisa_trie.BytesTrie | None] = {}


def _inflections(lexicon: Lexicon) -> marisa_trie.BytesTrie | None:
    path = lexicon.directory / INFLECTIONS_FILE
    if path not in _opened:
        import marisa_trie

        if path.is_file():
            trie = marisa_trie.BytesTrie()
            trie.mmap(str(path))
            _opened[path] = trie
        else:
            _opened[path] = None
    return _opened[path]


def has_inflections(lexicon: Lexicon) -> bool:
    """Whether the build knows its forms' tenses and persons (a DELA build made with this index)."""
    return _inflections(lexicon) is not None


def codes_of(lexicon: Lexicon, entry: Entry) -> list[str]:
    """DELA's inflection codes of one entry, in table order (``mangeons`` of *manger*: P1p, Y1p); [] when untagged."""
    trie = _inflections(lexicon)
    if trie is None:
        return []
    values = trie.get(_FIELD.join(entry))
    return values[0].decode("ascii").split(":") if values else []


class FormRow(Struct):
    """One row of a lemma's table: ``{"tense": "P", "person": "1p", "forms": ["mangeons"]}``.

    ``tense`` is a key of ``TENSES`` ("" for a noun's or adjective's forms),
    ``person`` a person (``1s`` … ``3p``), a gender and number (``ms`` … ``fp``)
    or "" (an infinitive, a present participle).
    """

    tense: Annotated[str, Meta(max_length=1, description="DELA's tense letter (W infinitif, P indicatif présent, ...); '' for a noun or adjective.")]
    person: Annotated[str, Meta(max_length=8)]
    forms: Annotated[list[str], Meta(min_length=1)]


def table_rows(coded: Iterable[tuple[str, list[str]]]) -> list[FormRow]:
    """(form, codes) pairs as the rows of a table, in table order."""
    cells: dict[str, list[str]] = {}
    for form, codes in coded:
        for code in codes:
            forms = cells.setdefault(code, [])
            if form not in forms:
                forms.append(form)
    rows: list[FormRow] = []
    for code in sorted(cells, key=_code_order)[:MAX_ROWS]:
        tense, person = split_code(code)
        rows.append(FormRow(tense, person, cells[code]))
    return rows


#: How a table line names a person or a gender and number (the imperative's persons go in brackets).
PERSON_WORDS = {"1s": "je", "2s": "tu", "3s": "il", "1p": "nous", "2p": "vous", "3p": "ils",
                "ms": "m. sg.", "fs": "f. sg.", "mp": "m. pl.", "fp": "f. pl.", "m": "m.", "f": "f.", "s": "sg.", "p": "pl."}


_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿœæ")


def table_lines(rows: list[FormRow]) -> list[str]:
    """The table as text, one line a tense: ``indicatif présent : je mange · tu manges · …`` (``genre et nombre`` for a noun)."""
    lines: dict[str, list[str]] = {}
    for row in rows:
        tense, person, forms = row.tense, row.person, row.forms
        label = PERSON_WORDS.get(person, person)
        if tense == "Y" and label:
            label = f"({label})"
        written = ", ".join(str(form) for form in forms)
        if label == "je" and written[:1] in _VOWELS:
            cell = f"j'{written}"  # j'étais; before an h the elision depends on the word (j'habite, je hais), so none
        else:
            cell = f"{label} {written}" if label else written
        lines.setdefault(TENSES.get(tense, "genre et nombre"), []).append(cell)
    return [f"{name} : {' · '.join(cells)}" for name, cells in lines.items()]
