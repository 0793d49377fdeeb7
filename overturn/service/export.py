"""``overturn web export DIR``: the table page as a static site, playing with no server (issue 39).

The site holds what ``overturn serve`` sends for its pages, made by the same code (``routers/page.py``): the
pages with their files' addresses under the version (``/static/<version>/…``), every static file there, and
the service worker naming them; plus the lexicon for the page's own engine (``lexicon/``: the trie's masks and
the spellings, named by the lexicon's hash, and ``manifest.json``; see ``overturn.lexicon.browser``), which the
worker precaches too. The pages name their files from where they are, so the site may be served at the root of a
host or under a path (``python -m http.server``, a club's web host, https://club.example/overturn/): the page
solves, referees and plays on the phone; only shared tables need ``overturn serve``.

The same lexicon and the same sources give the same bytes: an export made twice is identical.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from pathlib import Path
from typing import Any

from overturn.lexicon.browser import lexicon_files, manifest_files, read_manifest
from overturn.lexicon.lexicon import Lexicon
from overturn.service.errors import ServiceException
from overturn.service.routers import page

#: What the exported site may weigh at most, every file counted (issue 39's budget).
SITE_BUDGET = 4_000_000
#: What the lexicon's trie may weigh over the wire.
TRIE_BUDGET = 2_500_000
#: The pages of the exported site, as the service worker asks for them: a static server serves a folder's index.html.
PAGES = ["/", "/boardgame/", "/lexicon/manifest.json"]
#: What an export writes at the top of its directory: replaced by the next export, nothing else touched.
OWNED = ("index.html", "boardgame", "favicon.ico", "sw.js", "static", "lexicon")


class ExportError(ServiceException):
    """The directory cannot take the site; the message says why."""


def _is_export(directory: Path) -> bool:
    return (directory / "sw.js").is_file() and (directory / "lexicon" / "manifest.json").is_file()


#: The web directory's templates, which the export renders at the top of the site rather than copies.
TEMPLATES = ("index.html", "boardgame.html", "sw.js")


def _static_files() -> list[Path]:
    return sorted(
        path for path in page.WEB_DIR.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.relative_to(page.WEB_DIR).as_posix() not in TEMPLATES
    )


def export_site(directory: Path, lexicon: Lexicon) -> dict[str, Any]:
    """Write the site into ``directory`` (new, empty, or a previous export, which is replaced); a summary of it."""
    if directory.exists() and not directory.is_dir():
        raise ExportError(f"{directory} is a file, not a directory")
    if directory.is_dir() and any(directory.iterdir()) and not _is_export(directory):
        raise ExportError(f"{directory} is not empty and holds no previous export: give a new or empty directory")
    lexicon_dir = lexicon_files(lexicon)
    manifest = read_manifest(lexicon_dir)
    directory.mkdir(parents=True, exist_ok=True)
    for name in OWNED:
        target = directory / name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
    version = page.VERSION.refresh()
    for source in _static_files():
        target = directory / "static" / version / source.relative_to(page.WEB_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix == ".webmanifest":
            target.write_text(_relative_manifest(source.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copyfile(source, target)
    for name, made in page.generated_files().items():  # the pages' bundles, as the server makes them
        (directory / "static" / version / name).write_bytes(made)
    (directory / "index.html").write_bytes(page.with_engine(_relative_page("index.html", "").replace(b'href="/boardgame"', b'href="boardgame/"')))
    (directory / "boardgame").mkdir()
    (directory / "boardgame" / "index.html").write_bytes(_relative_page("boardgame.html", "../"))
    (directory / "favicon.ico").write_bytes(page.FAVICON)
    lexicon_names = manifest_files(manifest)
    (directory / "lexicon").mkdir()
    shutil.copyfile(lexicon_dir / "manifest.json", directory / "lexicon" / "manifest.json")
    for name in lexicon_names:
        shutil.copyfile(lexicon_dir / name, directory / "lexicon" / name)
    worker = page.worker_text(PAGES, [f"/lexicon/{name}" for name in lexicon_names])
    (directory / "sw.js").write_bytes(page.versioned(worker))
    return summary(directory)


def _relative_page(name: str, up: str) -> bytes:
    """A page as the server sends it (``page_html``: its modules in one bundle), its files named from where the page
    is (``up`` to the site's top), not from the host's root: the site may be served under a path."""
    return page.page_html(name).replace(b'"/static/', f'"{up}static/'.encode())


def _relative_manifest(text: str) -> str:
    """A web manifest with its addresses taken from its own place, ``static/<version>/``: the icon beside it, the
    start, scope and id two folders up (a manifest's addresses are read against the manifest's own)."""
    relative = re.sub(r'": "/(?!static/)', '": "../../', text.replace('"/static/', '"./'))
    return relative.replace('"../../boardgame"', '"../../boardgame/"')  # a folder's index.html on a static host


def summary(directory: Path) -> dict[str, Any]:
    """An exported site's files and sizes: what the first visit downloads (the service worker precaches it all)."""
    files = sorted(path for path in directory.rglob("*") if path.is_file())
    sizes = {path.relative_to(directory).as_posix(): path.stat().st_size for path in files}
    manifest = read_manifest(directory / "lexicon")
    trie = manifest["trie"]
    spellings = sum(shard["bytes"] for shard in manifest["spellings"].values())
    total = sum(sizes.values())
    digest = hashlib.sha256()
    for name, _size in sorted(sizes.items()):
        digest.update(name.encode() + b"\0" + (directory / name).read_bytes() + b"\0")
    return {
        "directory": os.fspath(directory),
        "lexicon": manifest["name"],
        "lexicon_hash": manifest["hash"],
        "words": manifest["words"],
        "nodes": manifest["nodes"],
        "files": len(sizes),
        "bytes": total,
        "budget_bytes": SITE_BUDGET,
        "trie_bytes": trie["bytes"],
        "trie_budget_bytes": TRIE_BUDGET,
        "spellings_bytes": spellings,
        "pages_bytes": total - trie["bytes"] - spellings - sizes["lexicon/manifest.json"],
        "wasm_bytes": sum(size for name, size in sizes.items() if name.endswith(".wasm")),
        "digest": digest.hexdigest()[:16],
    }
