"""Rebuild ``grammalecte-fr.tsv.xz``: the Grammalecte French forms that DELA lacks.

DELA (2021) misses current words such as VOICI, OGNON, WEBCAM or KIFFER. The
Grammalecte dictionary (MPL-2.0) has them, but it is not on PyPI: it ships as
Hunspell files (stems + affix rules) in Debian's ``hunspell-fr-comprehensive``.
This recipe expands those files into full forms, keeps the playable ones that
DELA's filtered keys lack, and writes them as ``form<TAB>lemma<TAB>pos`` (DELA
part-of-speech codes), the table ``overturn.lexicon.sources.read_entry_table``
reads.

To rebuild::

    apt-get install -y hunspell-fr-comprehensive
    pip install spylls
    python lexicons/grammalecte_recipe.py [--dic PATH --aff PATH] [--output PATH]

spylls only parses the files; the expansion is done here, because spylls has
no "unmunch" and the rules that matter are few: suffixes, twofold suffixes,
prefixes other than elisions (l', d', qu'... only make forms with an
apostrophe, which the rule book forbids, so they are never generated), and the
NEEDAFFIX flag (a stem or affixed form carrying it is not a word by itself).
The filters use Grammalecte's own ``po:`` tags (proper nouns, first names,
surnames, titles, bound prefixes and suffixes, Roman numerals, locution
fragments), its KEEPCASE flag (unit symbols) and the ``po:1isg`` suffixes
(aimè, only in aimè-je), then the project's rules: lower-case letters only,
the blocklist, and DELA's vowel rule against abbreviations.
"""

from __future__ import annotations

import argparse
import lzma
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Container, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.lexicon.sources import keep_dela_entry, read_blocklist, read_dela

if TYPE_CHECKING:
    from spylls.hunspell.data.aff import Aff, Prefix, Suffix
    from spylls.hunspell.data.dic import Word

DEBIAN_PACKAGE = "hunspell-fr-comprehensive"
DEFAULT_AFF = Path("/usr/share/hunspell/fr.aff")
DEFAULT_DIC = Path("/usr/share/hunspell/fr.dic")
DEFAULT_OUTPUT = Path(__file__).resolve().parent / "grammalecte-fr.tsv.xz"
DEFAULT_SPELLINGS = Path(__file__).resolve().parent / "ligatures.txt"

#: ``po:`` values that make a whole entry unplayable, with the reason counted.
EXCLUDED_TAGS: dict[str, str] = {
    "npr": "proper noun (po:npr)",
    "prn": "first name (po:prn)",
    "patr": "surname (po:patr)",
    "loc.patr": "surname particle (po:loc.patr: ibn)",
    "pfx": "bound prefix (po:pfx)",
    "sfx": "bound suffix (po:sfx)",
    "nbro": "Roman numeral (po:nbro)",
    "err": "spelling error (po:err)",
}

#: ``po:`` values mapped to the DELA codes the project uses; verbs (``v1_it_q__a`` ...) are handled apart.
POS_CODES: dict[str, str] = {
    "nom": "N",
    "adj": "A",
    "adv": "ADV",
    "negadv": "ADV",
    "advint": "ADV",
    "prep": "PREP",
    "prepv": "PREP",
    "cjsub": "CONJS",
    "cj": "CONJS",
    "cjco": "CONJC",
    "propersuj": "PRO",
    "properobj": "PRO",
    "proadv": "PRO",
    "prodem": "PRO",
    "proind": "PRO",
    "proint": "PRO",
    "prorel": "PRO",
    "proneg": "PRO",
    "det": "DET",
    "detdem": "DET",
    "detex": "DET",
    "detind": "DET",
    "detneg": "DET",
    "detpos": "DET",
    "nb": "DET",
    "interj": "INTJ",
}
_VERB_TAG = re.compile(r"v[0-3]")

#: Why a title is not excluded outright: ``docteur``, ``maître``, ``papa`` are also tagged ``po:nom``.
TITLE_ONLY = "title (po:titr only)"
LOCUTION_ONLY = "locution fragment (po:loc.* only)"
NO_POS = "no part of speech"
UNIT_SYMBOL = "unit symbol (KEEPCASE flag)"
INVERSION_ONLY = "inverted first person only (po:1isg: aimè-je)"
CAPITAL = "capital letter"
NOT_LETTERS = "not only letters"
BLOCKLISTED = "blocklist"
NO_VOWEL = "single letter, or no vowel outside the ODS interjections (project's rules 1 and 4)"
IN_DELA = "key already in DELA"


class Row(NamedTuple):
    """One output line."""

    form: str
    lemma: str
    pos: str


def pos_codes(tags: Sequence[str]) -> tuple[str, ...]:
    """The distinct DELA codes of an entry's ``po:`` values, in their order (``nom adj`` → N, A)."""
    codes: list[str] = []
    for tag in tags:
        code = "V" if _VERB_TAG.match(tag) else POS_CODES.get(tag)
        if code and code not in codes:
            codes.append(code)
    return tuple(codes)


def entry_drop_reason(tags: Sequence[str], codes: Sequence[str]) -> str | None:
    """Why an entry (all its forms) is unplayable, from its ``po:`` values and their codes; None to keep it."""
    for tag in tags:
        if tag in EXCLUDED_TAGS:
            return EXCLUDED_TAGS[tag]
    if codes:
        return None
    if "titr" in tags:
        return TITLE_ONLY
    if any(tag.startswith("loc.") for tag in tags):
        return LOCUTION_ONLY  # urbi, priori, facto: only ever inside a Latin or fixed phrase
    return NO_POS


def form_drop_reason(form: str, pos: str, blocklist: frozenset[str]) -> str | None:
    """Why one expanded form is unplayable; None to keep it."""
    if form != form.lower():
        return CAPITAL
    try:
        key = normalize_key(form)
    except InvalidWord:
        return NOT_LETTERS
    if key in blocklist:
        return BLOCKLISTED
    if keep_dela_entry(form, [pos], blocklist) is None:
        return NO_VOWEL  # the only DELA rule left once the checks above pass
    return None


def _suffix_applies(suffix: Suffix, stem: str) -> bool:
    return stem.endswith(suffix.strip) and bool(suffix.cond_regexp.search(stem))


def _add_suffix(suffix: Suffix, stem: str) -> str:
    return stem[: len(stem) - len(suffix.strip)] + suffix.add


def _prefix_applies(prefix: Prefix, stem: str) -> bool:
    return stem.startswith(prefix.strip) and bool(prefix.cond_regexp.match(stem))


def _add_prefix(prefix: Prefix, stem: str) -> str:
    return prefix.add + stem[len(prefix.strip) :]


def is_elision(prefix: Prefix) -> bool:
    """True for l', qu', jusqu'...: they only make elided forms, which are never playable."""
    return "'" in prefix.add or "’" in prefix.add


def _suffixed(aff: Aff, stem: str, flags: Iterable[str]) -> Iterator[tuple[str, Suffix]]:
    """Every (form, suffix) of ``stem`` with the suffix flags among ``flags``, before any NEEDAFFIX check."""
    for flag in flags:
        for suffix in aff.SFX.get(flag, ()):
            if _suffix_applies(suffix, stem):
                yield _add_suffix(suffix, stem), suffix


def _prefixes(aff: Aff, flags: Iterable[str], stem: str) -> Iterator[Prefix]:
    """The prefixes among ``flags`` that apply to ``stem``, elisions aside."""
    for flag in flags:
        for prefix in aff.PFX.get(flag, ()):
            if not is_elision(prefix) and _prefix_applies(prefix, stem):
                yield prefix


class Derivation(NamedTuple):
    """One form of a .dic entry; ``bound`` if an affix making it is tagged as usable only before a clitic."""

    form: str
    lemma: str
    bound: bool


def bound_suffixes(aff_lines: Iterable[str]) -> frozenset[tuple[str, str, str, str]]:
    """(flag, strip, add, condition) of the suffix lines tagged ``po:1isg``.

    Those make the inverted first person, aimè or dussé, written only before
    ``-je`` (aimè-je, dussé-je): not words on their own. spylls keeps no
    affix data fields, so they are read from the .aff text.
    """
    found: set[tuple[str, str, str, str]] = set()
    for line in aff_lines:
        fields = line.split()
        if len(fields) > 5 and fields[0] == "SFX" and "po:1isg" in fields[5:]:
            strip, add = fields[2], fields[3].split("/", 1)[0]
            found.add((fields[1], "" if strip == "0" else strip, "" if add == "0" else add, fields[4]))
    return frozenset(found)


def expand(word: Word, aff: Aff, bound: Container[tuple[str, str, str, str]] = frozenset()) -> Iterator[Derivation]:
    """Every form Hunspell accepts for one .dic entry, elisions aside; ``bound`` is from :func:`bound_suffixes`.

    The lemma is the stem (a ``st:`` field overrides it), with the same prefix
    for a prefixed form: kiloampère for kiloampères.
    """
    need = aff.NEEDAFFIX
    lemma = word.data.get("st", [word.stem])[0]

    def is_bound(*suffixes: Suffix) -> bool:
        return any((sfx.flag, sfx.strip, sfx.add, sfx.condition) in bound for sfx in suffixes)

    def prefixed(prefix: Prefix, form: str, *suffixes: Suffix) -> Derivation:
        prefixed_lemma = _add_prefix(prefix, lemma) if _prefix_applies(prefix, lemma) else lemma
        return Derivation(_add_prefix(prefix, form), prefixed_lemma, is_bound(*suffixes))

    if need not in word.flags:
        yield Derivation(word.stem, lemma, False)
    for form, suffix in _suffixed(aff, word.stem, word.flags):
        if need not in suffix.flags:
            yield Derivation(form, lemma, is_bound(suffix))
        for twofold, outer in _suffixed(aff, form, suffix.flags):
            if need not in outer.flags:
                yield Derivation(twofold, lemma, is_bound(suffix, outer))
        if suffix.crossproduct:  # a prefix named by the suffix: two affixes, so NEEDAFFIX is met
            for prefix in _prefixes(aff, suffix.flags, form):
                if prefix.crossproduct:
                    yield prefixed(prefix, form, suffix)
    for prefix in _prefixes(aff, word.flags, word.stem):
        if need not in prefix.flags:
            yield prefixed(prefix, word.stem)
        if not prefix.crossproduct:
            continue
        for form, suffix in _suffixed(aff, word.stem, {*word.flags, *prefix.flags}):
            if suffix.crossproduct and _prefix_applies(prefix, form):
                yield prefixed(prefix, form, suffix)


def build_rows(
    words: Iterable[Word],
    aff: Aff,
    dela_keys: Container[str],
    blocklist: frozenset[str],
    bound: Container[tuple[str, str, str, str]] = frozenset(),
) -> tuple[list[Row], Counter[str]]:
    """The sorted rows DELA lacks, and counts: expanded rows, rows dropped by each filter, rows and keys kept.

    A row made by several entries is judged once: it passes the entry filters
    if any of them keeps it (``bar`` is a unit symbol and a noun).
    """
    entry_reasons: dict[Row, str | None] = {}
    for word in words:
        tags = word.data.get("po", [])
        codes = pos_codes(tags)
        reason = entry_drop_reason(tags, codes)
        if reason is None and aff.KEEPCASE in word.flags:
            reason = UNIT_SYMBOL  # Grammalecte marks only symbols case-sensitive: bar, mol, kbit
        for form, lemma, is_bound in expand(word, aff, bound):
            drop = reason or (INVERSION_ONLY if is_bound else None)
            for pos in codes or ("",):
                row = Row(form, lemma, pos)
                if drop is None or row not in entry_reasons:
                    entry_reasons[row] = drop
    counts: Counter[str] = Counter()
    rows: list[Row] = []
    for row, drop in entry_reasons.items():
        drop = drop or form_drop_reason(row.form, row.pos, blocklist)
        if drop is None and normalize_key(row.form) in dela_keys:
            drop = IN_DELA
        if drop is None:
            rows.append(row)
        else:
            counts[drop] += 1
    counts["expanded rows (form, lemma, pos)"] = len(entry_reasons)
    counts["kept rows"] = len(rows)
    counts["kept keys"] = len({normalize_key(row.form) for row in rows})
    return sorted(rows), counts


def ligature_spellings(
    words: Iterable[Word], aff: Aff, blocklist: frozenset[str], bound: Container[tuple[str, str, str, str]] = frozenset()
) -> list[str]:
    """Every playable form and lemma Grammalecte writes with œ or æ (cœur, sœurs, nævus), DELA's keys included.

    DELA writes these words with "oe"/"ae"; the build shows Grammalecte's
    spelling in their place (``overturn.lexicon.spelling``), never a ligature
    no source writes.
    """
    spellings: set[str] = set()
    for word in words:
        tags = word.data.get("po", [])
        codes = pos_codes(tags)
        if entry_drop_reason(tags, codes) is not None or aff.KEEPCASE in word.flags:
            continue
        for form, lemma, is_bound in expand(word, aff, bound):
            if is_bound or form_drop_reason(form, codes[0] if codes else "", blocklist) is not None:
                continue
            spellings.update(text for text in (form, lemma) if "œ" in text or "æ" in text)
    return sorted(spellings)


def dictionary_version(aff_path: Path) -> str:
    """The Grammalecte version from the .aff header comment (``... “TOUTES VARIANTES” v7.0``)."""
    with aff_path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("#"):
                continue
            match = re.search(r"\bv(\d+(?:\.\d+)+)\b", line)
            if match:
                return match.group(1)
    return "unknown"


def debian_version() -> str:
    """The installed Debian package version, or "unknown" (files given by path on another system)."""
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}", DEBIAN_PACKAGE], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return result.stdout.strip() or "unknown"


def header(aff_path: Path) -> str:
    """The table's first comment line: where the words come from and under which licence."""
    return (
        f"# Grammalecte French dictionary v{dictionary_version(aff_path)} (toutes variantes), "
        f"Debian package {DEBIAN_PACKAGE} {debian_version()}; Copyright 2007-2018 Dicollecte contributors; "
        "licence MPL-2.0 (LICENSE-grammalecte-MPL-2.0.txt); forms whose key DELA lacks, "
        "expanded and filtered by lexicons/grammalecte_recipe.py"
    )


def write_table(rows: Iterable[Row], first_line: str, path: Path) -> None:
    """xz-compressed UTF-8 ``form<TAB>lemma<TAB>pos`` lines after the comment line."""
    with lzma.open(path, "wt", encoding="utf-8", newline="\n", preset=9 | lzma.PRESET_EXTREME) as handle:
        handle.write(first_line + "\n")
        for row in rows:
            handle.write("\t".join(row) + "\n")


def load_hunspell(aff_path: Path, dic_path: Path) -> tuple[Aff, list[Word]]:
    """Parse the .aff/.dic pair with spylls (imported here: it is only a recipe dependency)."""
    from spylls.hunspell import readers
    from spylls.hunspell.readers.file_reader import FileReader

    aff, context = readers.read_aff(FileReader(str(aff_path)))
    dic = readers.read_dic(FileReader(str(dic_path), encoding=context.encoding), aff=aff, context=context)
    return aff, dic.words


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the table and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--aff", type=Path, default=DEFAULT_AFF, help=f"default: {DEFAULT_AFF}")
    parser.add_argument("--dic", type=Path, default=DEFAULT_DIC, help=f"default: {DEFAULT_DIC}")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help=f"default: {DEFAULT_OUTPUT}")
    parser.add_argument("--spellings", type=Path, default=DEFAULT_SPELLINGS, help=f"the ligature spellings; default: {DEFAULT_SPELLINGS}")
    args = parser.parse_args(argv)
    missing = [str(path) for path in (args.aff, args.dic) if not path.is_file()]
    if missing:
        sys.exit(f"missing {', '.join(missing)}: run `apt-get install -y {DEBIAN_PACKAGE}` or pass --aff/--dic")
    try:
        aff, words = load_hunspell(args.aff, args.dic)
    except ImportError:
        sys.exit("spylls is not installed: run `pip install spylls`")
    blocklist = read_blocklist()
    dela_keys = {key for key, _ in read_dela(blocklist=blocklist)}
    bound = bound_suffixes(args.aff.read_text(encoding="utf-8").splitlines())
    rows, counts = build_rows(words, aff, dela_keys, blocklist, bound)
    write_table(rows, header(args.aff), args.output)
    spellings = ligature_spellings(words, aff, blocklist, bound)
    args.spellings.write_text(
        f"# Grammalecte French dictionary v{dictionary_version(args.aff)}, Debian package {DEBIAN_PACKAGE} {debian_version()}; "
        "licence MPL-2.0 (LICENSE-grammalecte-MPL-2.0.txt); every playable form and lemma it writes with a ligature (œ, æ), "
        "one a line: the build shows these spellings where DELA writes oe/ae (lexicons/grammalecte_recipe.py)\n"
        + "\n".join(spellings) + "\n",
        encoding="utf-8",
    )
    print(f"{len(spellings):>9,}  ligature spellings written to {args.spellings}")
    print(f"{len(words):>9,}  .dic entries")
    for label, count in counts.most_common():
        print(f"{count:>9,}  {label}")
    print(f"{args.output.stat().st_size:>9,}  bytes written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
