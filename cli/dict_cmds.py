"""`overturn dict`: look words up, search by pattern, prefix or anagram.

Long because it is one noun's eleven commands (lookup, grep, prefix, anagram,
hooks, forms, fit, plus, find, list), each a thin shell over
``overturn.lexicon.searches`` with its options, examples and text output, and
the reading of a word list for ``lookup -``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

from overturn_cli.common import BadInput, Seconds, click_errors, json_option, lexicon_option, open_lexicon
from overturn_cli.console import echo_json, plural
from overturn_cli.lookup import lookup_list, lookup_words

if TYPE_CHECKING:
    from overturn.lexicon.lexicon import Lexicon

T = TypeVar("T")


@click.group("dict")
def dictionary() -> None:
    """Look words up in a lexicon (accents are ignored, as on the tiles).

    \b
    Examples:
      overturn dict lookup pêche voici
      overturn dict grep 'P.CHE'            # regex, full match
      overturn dict prefix ogn
      overturn dict anagram CHIEN
      overturn dict anagram 'CHIE?'         # the joker's letter is shown
      overturn dict hooks MAISON            # one letter in front, behind or inside
      overturn dict plus AEINRST            # the 7+1, grouped by the letter added
      overturn dict find --starts RE --ends ONS --length 6
      overturn dict list two                # two, three, q-without-u, no-vowel
      overturn dict forms mangeons          # every form of manger (and of the noun)
      overturn dict fit ..E.S AIRT?         # fill a board pattern from a rack
    """


@dictionary.command()
@click.argument("words", nargs=-1)
@click.option(
    "--file", "list_file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path), default=None,
    help="Check a list instead: one word a line (UTF-8), '-' for standard input; one verdict a line, a refused line with its number.",
)
@lexicon_option
@json_option
def lookup(words: tuple[str, ...], list_file: Path | None, lexicon_spec: str, as_json: bool) -> None:
    """Say whether each WORD is valid and show its entries (accented forms, lemma, category, definition links).

    Exits with 1 if any word is not in the lexicon, 2 if one is not a word of
    letters at all, so scripts can test it. Close words are suggested for a
    word that is not found. WORD '-' (or --file) checks a list, one verdict a
    line (JSON lines with --json).

    \b
    Examples:
      overturn dict lookup pêche voici
      overturn dict lookup --json maison
      overturn dict lookup xyzzy               # exit 1: not a word
      printf 'maison\\nxyzzy\\n' | overturn dict lookup -    # exit 1: xyzzy is not a word
    """
    as_list = list_file is not None or words == ("-",)
    if list_file is not None and words:
        raise click.UsageError("give WORDs or --file, not both")
    if not words and list_file is None:
        raise click.UsageError("give at least one WORD, '-' or --file")
    with click_errors():
        if as_list:
            with _list_lines(list_file or Path("-")) as lines:
                status = lookup_list(lines, lexicon_spec, as_json)
        else:
            status = lookup_words(words, lexicon_spec, as_json)
    if status:
        raise SystemExit(status)


@contextmanager
def _list_lines(path: Path) -> Iterator[Iterator[tuple[int, str, str | None]]]:
    """The words of a list as (line number, word, refusal), blank lines skipped, read a bounded line at a time.

    A line that is not UTF-8 or is longer than ``MAX_LINE`` characters comes with its refusal (and,
    when too long, only its first characters), so the look-up reports it and goes on.
    """
    import io

    from overturn.textlines import MAX_LINE, bounded_lines

    stdin = str(path) == "-"
    try:
        raw = sys.stdin.buffer if stdin else path.open("rb")
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror or exc}") from None
    handle = io.TextIOWrapper(raw, encoding="utf-8-sig", errors="surrogateescape")

    def lines() -> Iterator[tuple[int, str, str | None]]:
        try:
            for number, line, whole in bounded_lines(handle):
                text = line.strip()
                if not whole:
                    yield number, text[:40], f"the line is longer than {MAX_LINE:,} characters, the most a line may hold"
                elif not _is_utf8(text):  # shown with U+FFFD where a byte was not UTF-8
                    yield number, text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"), "not UTF-8 text"
                elif text:
                    yield number, text, None
        except OSError as exc:
            raise BadInput(f"cannot read {path}: {exc.strerror or exc}") from None

    try:
        yield lines()
    finally:
        if stdin:
            handle.detach()  # standard input stays open for whoever reads it next
        else:
            handle.close()


def _is_utf8(text: str) -> bool:
    """Whether ``text`` came from UTF-8 bytes (an undecodable byte is a lone surrogate under surrogateescape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _print_words(
    words: list[str], as_json: bool, label: object, lexicon: Lexicon, extra: Mapping[str, object] | None = None, truncated: bool = False,
    label_key: str = "query",
) -> None:
    """The keys found, one a line with their spellings when those differ (``PECHE  pêche, péché``); JSON adds ``spellings``
    and says what was asked (``label``, under ``label_key``) as the API's twin does.

    A list cut by its limit says so, and how to see more (``truncated`` in JSON).
    """
    from overturn.lexicon.searches import spellings, written

    if as_json:
        echo_json({"lexicon": lexicon.name, label_key: label, "count": len(words), "truncated": truncated, **(extra or {}),
                   "words": words, "spellings": spellings(lexicon, words)})
    else:
        for word in words:
            click.echo(written(lexicon, word))
        click.echo(count_line(len(words), truncated), err=True)


def count_line(count: int, truncated: bool, detail: str = "") -> str:
    """``12 words``, or ``100 words (list cut at 100: --limit 200 for more)``; ``detail`` follows the count."""
    text = plural(count, "word") + detail
    return text + (f" (list cut at {count}: --limit {max(2 * count, 1)} for more)" if truncated else "")


@dictionary.command()
@click.argument("pattern")
@click.option("--limit", default=1000, show_default=True, type=click.IntRange(min=1), help="Stop after this many words (shortest first).")
@click.option("--timeout", default=2.0, show_default=True, type=Seconds(0.01, 60), help="Stop after this many seconds.")
@lexicon_option
@json_option
def grep(pattern: str, limit: int, timeout: float, lexicon_spec: str, as_json: bool) -> None:
    """Words matching a regular expression in full (the `regex` module; case and accents ignored).

    At most 200 characters; a repetition count above the longest word is
    clamped. When the time runs out, the words found so far are printed and a
    warning says the list is incomplete (exit status 1).

    \b
    Examples:
      overturn dict grep 'P.CHE'               # '.' is any letter
      overturn dict grep '[AEIOU]{4}.*'        # classes and repeats
      overturn dict grep 'ABC|DEF'             # either word
      overturn dict grep '.*(.)\\1.*' --limit 20    # a doubled letter anywhere (the pattern matches whole words)
      overturn dict grep --json '.*OUX'
    """
    from overturn.lexicon.pattern import PatternError

    lexicon = open_lexicon(lexicon_spec)
    try:
        result = lexicon.search_pattern(pattern, limit=limit, timeout=timeout)
    except PatternError as exc:
        raise click.UsageError(str(exc)) from None
    _print_words(result.words, as_json, pattern, lexicon, {"timed_out": result.timed_out}, result.truncated)
    if result.timed_out:
        click.echo(f"warning: pattern {pattern!r} is too slow: stopped after {timeout:g} s, the list is incomplete", err=True)
        raise SystemExit(1)


@dictionary.command()
@click.argument("prefix")
@click.option("--limit", type=click.IntRange(min=0), default=100, show_default=True, help="Stop after this many words (shortest first).")
@lexicon_option
@json_option
def prefix(prefix: str, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """Words starting with PREFIX, shortest first.

    \b
    Examples:
      overturn dict prefix ogn
      overturn dict prefix maison --limit 5 --json
    """
    lexicon = open_lexicon(lexicon_spec)
    words = lexicon.completions(prefix, limit + 1)
    _print_words(words[:limit], as_json, prefix, lexicon, truncated=len(words) > limit)


@dictionary.command()
@click.argument("letters")
@click.option("--wildcards", "-w", default=0, show_default=True, type=click.IntRange(0, 3), help="Blank letters (a '?' in LETTERS also counts as one; 3 at most in all).")
@click.option("--partial", is_flag=True, help="Also words using only some of the letters.")
@click.option("--min-len", default=2, show_default=True, type=click.IntRange(1, 20), help="Shortest word with --partial.")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True, help="Stop after this many words (longest first).")
@lexicon_option
@json_option
def anagram(letters: str, wildcards: int, partial: bool, min_len: int, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """Words made of exactly LETTERS (longest first); a '?' is a joker whose letter is shown.

    \b
    Examples:
      overturn dict anagram CHIEN
      overturn dict anagram 'CHIE?'
      overturn dict anagram AEINRST --partial --min-len 6 --limit 20
    """
    blanks = wildcards + sum(letters.count(mark) for mark in "?*.")
    if len(letters) + wildcards > 20 or blanks > 3:
        raise click.UsageError(f"at most 20 letters and 3 jokers in all ('?' in LETTERS and --wildcards); {blanks} given")
    lexicon = open_lexicon(lexicon_spec)
    try:
        found = lexicon.anagrams(letters, wildcards, partial=partial, min_length=min_len)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    words, truncated = found[:limit], len(found) > limit
    from overturn.lexicon.searches import jokers

    if not blanks or partial:
        _print_words(words, as_json, letters, lexicon, truncated=truncated)
        return
    from overturn.lexicon.searches import spellings, written

    shown = {word: jokers(letters, word) for word in words}
    if as_json:
        echo_json({"lexicon": lexicon.name, "query": letters, "count": len(words), "truncated": truncated, "words": words,
                   "jokers": shown, "spellings": spellings(lexicon, words)})
        return
    for word in words:
        click.echo(f"{written(lexicon, word)}  (? = {', '.join(shown[word])})")
    click.echo(count_line(len(words), truncated), err=True)


@dictionary.command()
@click.argument("word")
@lexicon_option
@json_option
def hooks(word: str, lexicon_spec: str, as_json: bool) -> None:
    """Words one letter longer than WORD: a letter in front, at the back, or inserted inside.

    \b
    Examples:
      overturn dict hooks MAISON
      overturn dict hooks ami --json
    """
    from overturn.lexicon.searches import hooks as find_hooks

    lexicon = open_lexicon(lexicon_spec)
    with click_errors():
        found = _searching(lambda: find_hooks(lexicon, word))
    if as_json:
        from overturn.lexicon.searches import spellings

        keys = [*found.front.values(), *found.back.values(), *(word for words in found.inserted.values() for word in words)]
        echo_json({"lexicon": lexicon.name, **found.to_json(), "spellings": spellings(lexicon, keys)})
        return
    click.echo(f"in front: {' '.join(found.front.values()) or '-'}")
    click.echo(f"behind:   {' '.join(found.back.values()) or '-'}")
    for letter, words in found.inserted.items():
        click.echo(f"+{letter} inside: {' '.join(words)}")


@dictionary.command("forms")
@click.argument("word")
@lexicon_option
@json_option
def forms_command(word: str, lexicon_spec: str, as_json: bool) -> None:
    """Every form of each lemma WORD belongs to: a verb's conjugated forms, a noun's plural (accents ignored).

    Each lemma's forms come in alphabetical order, then, one line a tense, the
    table DELA's tags give them (indicatif présent : je mange · tu manges · …;
    a noun's by gender and number). Forms only Grammalecte or the supplement
    holds are in the list but not in the table.

    \b
    Examples:
      overturn dict forms mangeons
      overturn dict forms cheval --json
      overturn dict forms xyzzy                # exit 1: not in the lexicon
    """
    from overturn.lexicon.lemmas import table_lines
    from overturn.lexicon.normalize import normalize_key
    from overturn.lexicon.searches import POS_NAMES, lemma_forms

    lexicon = open_lexicon(lexicon_spec)
    with click_errors():
        found = _searching(lambda: lemma_forms(lexicon, word))
    if as_json:
        echo_json({"lexicon": lexicon.name, "word": normalize_key(word), "lemmas": [group.to_json() for group in found]})  # the key, as /api/forms
        if not found:
            raise SystemExit(1)
        return
    if not found:
        raise click.ClickException(f"{word!r} is not in lexicon {lexicon.name}")
    for group in found:
        click.echo(f"{group.lemma} ({POS_NAMES.get(group.pos, group.pos)}, {len(group.forms)} form{'' if len(group.forms) == 1 else 's'}): {', '.join(group.forms)}")
        for line in table_lines(group.table):
            click.echo(f"  {line}")


@dictionary.command("fit")
@click.argument("pattern")
@click.argument("rack")
@click.option("--limit", default=200, show_default=True, type=click.IntRange(min=1, max=5000), help="Most words listed.")
@lexicon_option
@json_option
def fit_command(pattern: str, rack: str, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """Words that fill PATTERN (letters fixed, '.' an empty square) with letters of RACK ('?' a joker).

    Fewest jokers first, each joker's letter shown.

    \b
    Examples:
      overturn dict fit ..E.S AIRT?
      overturn dict fit C...E AEIRT --json
    """
    from overturn.lexicon.searches import fit, spellings, written

    lexicon = open_lexicon(lexicon_spec)
    try:
        found = _searching(lambda: fit(lexicon, pattern, rack, limit, 2.0))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    if as_json:
        echo_json({"lexicon": lexicon.name, "pattern": pattern, "rack": rack, "count": len(found.words), "truncated": found.truncated,
                   "timed_out": found.timed_out, "words": found.words, "jokers": found.jokers, "spellings": spellings(lexicon, found.words)})
        return
    for word in found.words:
        click.echo(written(lexicon, word) + (f"  (? = {found.jokers[word]})" if word in found.jokers else ""))
    click.echo(count_line(len(found.words), found.truncated), err=True)


@dictionary.command("plus")
@click.argument("letters")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True, help="Stop after this many words.")
@lexicon_option
@json_option
def plus_command(letters: str, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """The "7+1": words using all of LETTERS and one letter more, grouped by the letter added.

    \b
    Examples:
      overturn dict plus AEINRST
      overturn dict plus CHIEN --json
    """
    from overturn.lexicon.searches import first_of_groups, plus_one

    if len(letters) > 19:
        raise click.UsageError("at most 19 letters (one more is added)")
    lexicon = open_lexicon(lexicon_spec)
    grouped, truncated = first_of_groups(_searching(lambda: plus_one(lexicon, letters)), limit)  # the first LIMIT words, letter by letter
    keys = [word for words in grouped.values() for word in words]
    if as_json:
        from overturn.lexicon.searches import spellings

        echo_json({"lexicon": lexicon.name, "letters": letters, "count": len(keys), "truncated": truncated, "by_letter": grouped,
                   "spellings": spellings(lexicon, keys)})
        return
    for letter, words in grouped.items():
        click.echo(f"+{letter}: {' '.join(words)}")
    click.echo(count_line(len(keys), truncated, f" with {plural(len(grouped), 'letter')} added"), err=True)


@dictionary.command()
@click.option("--starts", default="", help="The word starts with these letters.")
@click.option("--ends", default="", help="The word ends with these letters.")
@click.option("--contains", default="", help="The word contains these letters in a row.")
@click.option("--length", type=click.IntRange(1, 64), default=None, help="Exactly this many letters.")
@click.option("--min-len", type=click.IntRange(0, 64), default=0, show_default=True, help="At least this many letters.")
@click.option("--max-len", type=click.IntRange(1, 64), default=None, help="At most this many letters.")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True, help="Stop after this many words (shortest first).")
@lexicon_option
@json_option
def find(starts: str, ends: str, contains: str, length: int | None, min_len: int, max_len: int | None, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """Words by plain filters, no regex to write (at least one filter), shortest first.

    \b
    Examples:
      overturn dict find --starts RE --ends ONS --length 6
      overturn dict find --contains ZZ --max-len 5
      overturn dict find --length 3 --min-len 5     # exit 2: the filters contradict
    """
    from overturn.lexicon.searches import Filters
    from overturn.lexicon.searches import find as find_words

    parts = {name: _letters_or_usage(value, f"--{name}") for name, value in (("starts", starts), ("ends", ends), ("contains", contains))}
    if length is not None:
        if min_len > length or (max_len is not None and max_len < length):
            raise click.UsageError(f"--length {length} contradicts --min-len {min_len}" + (f" / --max-len {max_len}" if max_len is not None else ""))
        min_len, max_len = length, length
    if max_len is not None and min_len > max_len:
        raise click.UsageError(f"--min-len {min_len} is more than --max-len {max_len}: no word can match")
    if not (any(parts.values()) or min_len or max_len is not None):
        raise click.UsageError("give at least one filter: --starts, --ends, --contains, --length, --min-len or --max-len")
    lexicon = open_lexicon(lexicon_spec)
    filters = Filters(parts["starts"], parts["ends"], parts["contains"], min_len, max_len)
    found = _searching(lambda: find_words(lexicon, filters, limit, 2.0))
    _print_words(found.words, as_json, filters.given(), lexicon, {"timed_out": found.timed_out}, found.truncated)  # the query as /api/find's


@dictionary.command("list")
@click.argument("name", type=click.Choice(["two", "three", "q-without-u", "no-vowel"]))
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True, help="Stop after this many words.")
@lexicon_option
@json_option
def list_command(name: str, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """A preset list: two- or three-letter words, Q without U, words without A E I O U.

    \b
    Examples:
      overturn dict list two
      overturn dict list q-without-u --json
    """
    from overturn.lexicon.searches import LISTS, preset_list

    lexicon = open_lexicon(lexicon_spec)
    words = preset_list(lexicon, name)
    _print_words(words[:limit], as_json, name, lexicon, {"description": LISTS[name][0]}, len(words) > limit, label_key="list")


def _letters_or_usage(text: str, option: str) -> str:
    from overturn.lexicon.normalize import InvalidWord, normalize_key

    if not text:
        return ""
    if len(text) > 64:
        raise click.BadParameter("at most 64 letters", param_hint=option)
    try:
        return normalize_key(text)
    except InvalidWord as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


def _searching(job: Callable[[], T]) -> T:
    """A search whose input turned out not to be letters is a usage error, not a traceback."""
    from overturn.lexicon.normalize import InvalidWord

    try:
        return job()
    except (InvalidWord, ValueError) as exc:
        raise click.UsageError(str(exc)) from None
