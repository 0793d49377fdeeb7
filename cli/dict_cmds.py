"""`overturn dict`: look words up, search by pattern, prefix or anagram."""

from __future__ import annotations

from collections.abc import Mapping

import click

from overturn_cli.common import click_errors, json_option, lexicon_option, open_lexicon
from overturn_cli.console import echo_json
from overturn_cli.lookup import lookup_words


@click.group("dict")
def dictionary() -> None:
    """Look words up in a lexicon (accents are ignored, as on the tiles).

    \b
    Examples:
      overturn dict lookup pêche voici ognon
      overturn dict grep 'P.CHE'            # regex, full match
      overturn dict prefix ogn
      overturn dict anagram CHIEN
    """


@dictionary.command()
@click.argument("words", nargs=-1, required=True)
@lexicon_option
@json_option
def lookup(words: tuple[str, ...], lexicon_spec: str, as_json: bool) -> None:
    """Say whether each WORD is valid and show its entries (accented forms, lemma, category).

    Exits with 1 if any word is not in the lexicon, so scripts can test it.
    Close words are suggested for a word that is not found; a word far longer
    than the longest word of the lexicon is refused as invalid input.
    """
    with click_errors():
        status = lookup_words(words, lexicon_spec, as_json)
    if status:
        raise SystemExit(status)


def _print_words(words: list[str], as_json: bool, label: str, lexicon_name: str, extra: Mapping[str, object] | None = None) -> None:
    if as_json:
        echo_json({"lexicon": lexicon_name, "query": label, "count": len(words), **(extra or {}), "words": words})
    else:
        for word in words:
            click.echo(word)
        click.echo(f"{len(words)} word{'s' if len(words) != 1 else ''}", err=True)


@dictionary.command()
@click.argument("pattern")
@click.option("--limit", default=1000, show_default=True, type=click.IntRange(min=1), help="Stop after this many words (shortest first).")
@click.option("--timeout", default=2.0, show_default=True, type=click.FloatRange(min=0.01, max=60), help="Stop after this many seconds.")
@lexicon_option
@json_option
def grep(pattern: str, limit: int, timeout: float, lexicon_spec: str, as_json: bool) -> None:
    """Words matching a regular expression in full (the `regex` module; case and accents ignored).

    At most 200 characters; a repetition count above the longest word is
    clamped. When the time runs out, the words found so far are printed and a
    warning says the list is incomplete (exit status 1).

    \b
    '.' is any letter:     overturn dict grep 'P.CHE'
    classes and repeats:   overturn dict grep '[AEIOU]{4}.*'
    either word:           overturn dict grep 'ABC|DEF'
    a doubled letter:      overturn dict grep '(.)\\1'
    for scripts:           overturn dict grep --json '.*OUX'
    """
    from overturn.lexicon.pattern import PatternError

    lexicon = open_lexicon(lexicon_spec)
    try:
        result = lexicon.search_pattern(pattern, limit=limit, timeout=timeout)
    except PatternError as exc:
        raise click.UsageError(str(exc)) from None
    extra = {"truncated": result.truncated, "timed_out": result.timed_out}
    _print_words(result.words, as_json, pattern, lexicon.name, extra)
    if result.timed_out:
        click.echo(f"warning: pattern {pattern!r} is too slow: stopped after {timeout:g} s, the list is incomplete", err=True)
        raise SystemExit(1)


@dictionary.command()
@click.argument("prefix")
@click.option("--limit", type=click.IntRange(min=0), default=100, show_default=True, help="Stop after this many words (shortest first).")
@lexicon_option
@json_option
def prefix(prefix: str, limit: int, lexicon_spec: str, as_json: bool) -> None:
    """Words starting with PREFIX, shortest first."""
    lexicon = open_lexicon(lexicon_spec)
    _print_words(lexicon.completions(prefix, limit), as_json, prefix, lexicon.name)


@dictionary.command()
@click.argument("letters")
@click.option("--wildcards", "-w", default=0, show_default=True, help="Blank letters (a '?' in LETTERS also counts as one).")
@click.option("--partial", is_flag=True, help="Also words using only some of the letters.")
@click.option("--min-len", default=2, show_default=True, help="Shortest word with --partial.")
@lexicon_option
@json_option
def anagram(letters: str, wildcards: int, partial: bool, min_len: int, lexicon_spec: str, as_json: bool) -> None:
    """Words made of exactly LETTERS (longest first), e.g. `overturn dict anagram CHIEN`."""
    lexicon = open_lexicon(lexicon_spec)
    if len(letters) + wildcards > 20 or wildcards > 3:
        raise click.UsageError("at most 20 letters and 3 wildcards")
    try:
        words = lexicon.anagrams(letters, wildcards, partial=partial, min_length=min_len)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    _print_words(words, as_json, letters, lexicon.name)
