"""`overturn lexicon`: list, inspect and build lexicons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from overturn_cli.common import json_option, open_lexicon
from overturn_cli.console import echo_json, progress


@click.group()
def lexicon() -> None:
    """Manage lexicons: the bundled French default (`fr`), Debian's list, or your own.

    \b
    Examples:
      overturn lexicon list
      overturn lexicon info fr
      overturn lexicon build ods.txt --name ods   # one word a line, UTF-8
      overturn dict lookup kiffer --lexicon ods
    """


@lexicon.command("list")
@json_option
def list_lexicons(as_json: bool) -> None:
    """Lexicons you can pass to --lexicon."""
    from overturn.lexicon.registry import available

    rows = available()
    if as_json:
        echo_json(rows)
        return
    for row in rows:
        click.echo(f"{row['name']:<12} {row['kind']:<7} {row['description']}")


@lexicon.command()
@click.argument("name", default="fr")
@json_option
def info(name: str, as_json: bool) -> None:
    """Counts, sources and checksums of a lexicon (building it if needed)."""
    loaded = open_lexicon(name)
    meta: dict[str, Any] = dict(loaded.meta)
    meta["directory"] = str(loaded.directory)
    if as_json:
        echo_json(meta)
        return
    click.echo(f"{name}: {meta.get('description', '')}")
    click.echo(f"  words: {meta['keys']:,}   trie nodes: {meta['nodes']:,}")
    for source in meta.get("sources", []):
        click.echo(f"  source: {source['path']}  sha256 {str(source.get('sha256'))[:16]}…")
    click.echo(f"  build: {meta['directory']}")


@lexicon.command()
@click.argument("name", default="fr")
def path(name: str) -> None:
    """Print the build directory of a lexicon (building it if needed)."""
    click.echo(open_lexicon(name).directory)


@lexicon.command()
@click.argument("word_list", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--name", required=True, help="Name to use with --lexicon afterwards.")
def build(word_list: Path, name: str) -> None:
    """Compile WORD_LIST (UTF-8, one word a line, e.g. a club's ODS list) as lexicon NAME.

    Words are normalised like the tiles (accents dropped, upper case); lines
    that are not plain words (spaces, hyphens, digits) are skipped and counted.
    """
    from overturn.lexicon.registry import LexiconError, build_word_list

    try:
        directory, rejected = build_word_list(word_list, name, progress)
    except LexiconError as exc:
        raise click.ClickException(str(exc)) from None
    from overturn.lexicon.lexicon import Lexicon

    built = Lexicon.open(directory)
    click.echo(f"built lexicon {name!r}: {len(built):,} words in {directory}")
    if rejected:
        shown = ", ".join(rejected[:5]) + (" …" if len(rejected) > 5 else "")
        click.echo(f"skipped {len(rejected)} line(s) that are not plain words: {shown}", err=True)


@lexicon.command()
@click.argument("first")
@click.argument("second")
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True, help="Words listed each way in text output (--json lists them all).")
@json_option
def diff(first: str, second: str, limit: int, as_json: bool) -> None:
    """What one lexicon has that the other lacks, each way (names or paths), e.g. a new edition against the old."""
    from overturn.lexicon.searches import diff as difference

    one, two = open_lexicon(first), open_lexicon(second)
    found = difference(one.completions("", None), two.completions("", None))
    if as_json:
        echo_json({"first": one.name, "second": two.name, "common": found.common, "only_first": found.only_first, "only_second": found.only_second})
        return
    for name, words in ((one.name, found.only_first), (two.name, found.only_second)):
        shown = " ".join(words[:limit]) + (" …" if len(words) > limit else "")
        click.echo(f"only in {name}: {len(words)}" + (f": {shown}" if shown else ""))
    click.echo(f"in both: {found.common}")
