"""`overturn lexicon`: list, inspect and build lexicons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from overturn_cli.common import BadInput, json_option, open_lexicon
from overturn_cli.console import INTERRUPTED, echo_json, progress


@click.group()
def lexicon() -> None:
    """Manage lexicons: the bundled French default (`fr`), Debian's list, or your own.

    \b
    Examples:
      overturn lexicon list
      overturn lexicon info fr
      printf 'kiffer\\nzouker\\n' > ods.txt
      overturn lexicon build ods.txt --name ods-example   # one word a line; Latin-1 is detected
      overturn dict lookup kiffer --lexicon ods-example
      overturn lexicon remove ods-example
    """


@lexicon.command("list")
@json_option
def list_lexicons(as_json: bool) -> None:
    """Lexicons you can pass to --lexicon (a recipe whose files are missing is left out, with a note).

    \b
    Examples:
      overturn lexicon list
      overturn lexicon list --json
    """
    from overturn.lexicon.registry import RECIPES, LexiconError, available

    rows = []
    for row in available():
        recipe = RECIPES.get(row["name"]) if row["kind"] == "recipe" else None
        try:
            if recipe is not None:
                recipe.files()
        except LexiconError as exc:
            click.echo(f"note: {row['name']} is not usable here: {exc}", err=True)
            continue
        rows.append(row)
    if as_json:
        echo_json({"lexicons": rows})
        return
    for row in rows:
        click.echo(f"{row['name']:<12} {row['kind']:<7} {row['description']}")


@lexicon.command()
@click.argument("name", default="fr")
@json_option
def info(name: str, as_json: bool) -> None:
    """Counts, sources and checksums of a lexicon (building it if needed).

    \b
    Examples:
      overturn lexicon info
      overturn lexicon info fr --json
    """
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
    """Print the build directory of a lexicon (building it if needed).

    \b
    Examples:
      overturn lexicon path fr
    """
    click.echo(open_lexicon(name).directory)


@lexicon.command()
@click.argument("word_list", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--name", required=True, help="Name to use with --lexicon afterwards.")
@click.option("--force", is_flag=True, help="Replace a lexicon you built under the same name.")
@click.option(
    "--encoding", default=None, metavar="NAME",
    help="The list's text encoding (utf-8, latin-1, cp1252...). [default: UTF-8, else Latin-1/CP1252 detected, with a note]",
)
def build(word_list: Path, name: str, force: bool, encoding: str | None) -> None:
    """Compile WORD_LIST (one word a line, e.g. a club's ODS list) as lexicon NAME.

    Words are normalised like the tiles (accents dropped, upper case); lines
    that are not plain words (spaces, hyphens, digits) are skipped and counted;
    a line longer than 1,000 characters stops the build (exit 2, naming it).
    Old ODS files are often Latin-1: a list that is not UTF-8 is read as
    CP1252 or Latin-1 and a note says so; an error names the line.

    \b
    Examples:
      printf 'kiffer\\nzouker\\n' > mots.txt
      overturn lexicon build mots.txt --name mots
      printf 'r\\xe9sum\\xe9\\n' > latin1.txt
      overturn lexicon build latin1.txt --name latin1     # Latin-1, detected
      overturn lexicon build latin1.txt --name latin1 --encoding latin-1 --force
    """
    from overturn.lexicon.registry import LexiconError, build_word_list

    if _built(name) is not None and not force:  # as 'game new' on a file that holds a game
        raise click.UsageError(f"you already built a lexicon named {name!r}; pass --force to replace it, or choose another --name")
    chosen = _encoding_of(word_list, encoding)
    try:
        directory, rejected = build_word_list(word_list, name, progress, chosen)
    except LexiconError as exc:
        raise BadInput(str(exc)) from None
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted: lexicon {name!r} was not built (an earlier build of it, if any, is unchanged)", err=True)
        raise SystemExit(INTERRUPTED) from None
    from overturn.lexicon.lexicon import Lexicon

    built = Lexicon.open(directory)
    click.echo(f"built lexicon {name!r}: {len(built):,} word{'' if len(built) == 1 else 's'} in {directory}")
    if rejected:
        shown = ", ".join(rejected[:5]) + (" …" if len(rejected) > 5 else "")
        one = len(rejected) == 1
        click.echo(f"skipped {len(rejected)} line{'' if one else 's'} that {'is' if one else 'are'} not a plain word: {shown}", err=True)


def _encoding_of(path: Path, given: str | None) -> str:
    """The encoding to read ``path`` with: ``given`` if it reads the whole file, else the lexicon's one detection
    (UTF-8, else CP1252, else Latin-1, as ``--lexicon FILE`` reads it).

    A file ``given`` cannot read is exit 2 naming the line; a guess says so on stderr. The file is read
    in blocks, never held whole.
    """
    import codecs

    from overturn.lexicon.sources import detect_encoding, first_undecodable

    try:
        if given is None:
            encoding, name, line = detect_encoding(path)
            if name is not None:
                click.echo(f"note: {path} is not UTF-8 (line {line}); read as {name}. Give --encoding to choose another.", err=True)
            return encoding
        try:
            codecs.lookup(given)
        except LookupError:
            raise click.BadParameter(f"unknown encoding {given!r} (e.g. utf-8, latin-1, cp1252)", param_hint="--encoding") from None
        bad = first_undecodable(path, given)
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror or exc}") from None
    if bad is not None:
        line, byte = bad
        raise BadInput(f"{path}, line {line}: byte 0x{byte} is not {given} text; try --encoding latin-1")
    return given


def _built(name: str) -> Path | None:
    """The build directory of the lexicon the user built as ``name``, or None."""
    from overturn.lexicon.registry import lexicons_root

    target = lexicons_root() / "user" / name
    if "/" in name or name.startswith(".") or not (target / "meta.json").is_file():
        return None
    return target


@lexicon.command()
@click.argument("name")
def remove(name: str) -> None:
    """Delete lexicon NAME that you built with 'lexicon build' (the bundled ones stay).

    \b
    Examples:
      printf 'kiffer\\n' > mots.txt
      overturn lexicon build mots.txt --name jetable
      overturn lexicon remove jetable
    """
    import shutil

    from overturn.lexicon.registry import RECIPES, lexicons_root

    if name in RECIPES:
        raise BadInput(f"{name} is bundled, not built by you: nothing to remove (its build is a cache: see 'overturn lexicon path {name}')")
    target = _built(name)
    if target is None:
        root = lexicons_root() / "user"
        built = sorted(entry.name for entry in root.iterdir() if (entry / "meta.json").is_file()) if root.is_dir() else []
        raise click.ClickException(f"no lexicon you built is named {name!r}" + (f"; yours: {', '.join(built)}" if built else ""))
    shutil.rmtree(target)
    click.echo(f"removed lexicon {name!r} ({target})")


@lexicon.command()
@click.argument("first")
@click.argument("second")
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True, help="Words listed each way in text output (--json lists them all).")
@json_option
def diff(first: str, second: str, limit: int, as_json: bool) -> None:
    """What one lexicon has that the other lacks, each way (names or paths), e.g. a new edition against the old.

    \b
    Examples:
      printf 'chien\\nchat\\n' > animaux.txt
      overturn lexicon diff animaux.txt fr --limit 5
    """
    from overturn.lexicon.searches import diff as difference

    one, two = open_lexicon(first), open_lexicon(second)
    found = difference(one.completions("", None), two.completions("", None))
    if as_json:
        echo_json({"first": one.name, "second": two.name, "common": found.common, "only_first": found.only_first, "only_second": found.only_second})
        return
    for name, words in ((one.name, found.only_first), (two.name, found.only_second)):
        shown = " ".join(words[:limit]) + (f" … (first {limit}: --limit {len(words)} or --json for all)" if len(words) > limit else "")
        click.echo(f"only in {name}: {len(words)}" + (f": {shown}" if shown else ""))
    click.echo(f"in both: {found.common}")
