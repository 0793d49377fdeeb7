"""`overturn web`: the table page as a static site that plays with no server."""

from __future__ import annotations

from pathlib import Path

import click

from overturn_cli.common import BadInput, json_option, lexicon_option, open_lexicon
from overturn_cli.console import echo_json, progress


@click.group()
def web() -> None:
    """The table page as files: a static site a club can host anywhere, playing with no server.

    \b
    Examples:
      overturn web export site/
      python3 -m http.server -d site/ 8080   # then open http://localhost:8080/?seed=7&mode=reuse
    """


@web.command("export")
@click.argument("directory", type=click.Path(path_type=Path, file_okay=False))
@lexicon_option
@json_option
def export(directory: Path, lexicon_spec: str, as_json: bool) -> None:
    """Write the table page as a static site into DIRECTORY: the pages, their modules, the WebAssembly search,
    the lexicon's files and a service worker that keeps them all on the phone.

    Served by any static file server, at the root of a host or under a path, the page deals, solves, referees and
    plays on the phone itself, offline too after the first visit; only a shared table (one phone each) needs
    `overturn serve`.
    DIRECTORY must be new, empty, or a previous export (replaced). The same lexicon gives the same files.

    \b
    Examples:
      overturn web export site/
      overturn web export site/ --lexicon fr --json
      python3 -m http.server -d site/ 8080   # then open http://localhost:8080/
    """
    from overturn.service.export import ExportError, export_site

    lexicon = open_lexicon(lexicon_spec)
    progress(f"exporting the page with lexicon {lexicon.name!r} (the first export of a lexicon packs it: about 15 s)")
    try:
        summary = export_site(directory, lexicon)
    except (ExportError, OSError) as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        echo_json(summary)
        return
    kb = 1000
    click.echo(f"{summary['directory']}: {summary['files']} files, {summary['bytes'] / kb:,.0f} kB "
               f"(budget {summary['budget_bytes'] / kb:,.0f} kB), all precached by the service worker")
    click.echo(f"  lexicon {summary['lexicon']} {summary['lexicon_hash']}: {summary['words']:,} words, {summary['nodes']:,} trie nodes")
    click.echo(f"  trie {summary['trie_bytes'] / kb:,.0f} kB gzip (budget {summary['trie_budget_bytes'] / kb:,.0f} kB), "
               f"spellings {summary['spellings_bytes'] / kb:,.0f} kB in shards by first letter, "
               f"pages and modules {summary['pages_bytes'] / kb:,.0f} kB (search.wasm {summary['wasm_bytes'] / kb:,.0f} kB)")
    if summary["bytes"] > summary["budget_bytes"]:
        click.echo(f"warning: the site is over its budget of {summary['budget_bytes'] / kb:,.0f} kB", err=True)
