"""A compiled lexicon as the page's engine reads it: the letter trie's masks and the accented spellings.

The browser's word search (``overturn/web/js/engine/search.js``) takes the letter trie's node masks alone and
derives ``first_child`` itself, so the trie goes over the wire as the ``masks`` half of ``nodes.bin``
(little-endian uint32, breadth first), gzip-compressed: the worker reads it with ``DecompressionStream("gzip")``,
so any static server will do (no ``Content-Encoding`` needed). The spellings (key → its written forms, PECHE →
pêche, péché, pèche, pêché) go in one shard per first letter, fetched when a word of that letter is first looked
up: UTF-8 lines of tab-separated forms, gzip-compressed. A line's key is its first form folded as
``overturn/web/js/engine/lexicon.js`` folds it (``fold_like_the_page``); the few lines where that would not give
the key start with ``KEY=``. Keys spelt only as their own lower case have no line.

Every file is named by the lexicon's hash (a digest of the masks and of every shard), so it never changes under
its name and may be cached forever; ``manifest.json`` names them, with the lexicon's name, hash and counts. The
files are kept beside the build (``browser-<version>/``), so a second export costs a copy.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import sys
import unicodedata
from array import array
from pathlib import Path
from typing import Any

from overturn.lexicon.lexicon import Lexicon

#: Bumped when the files' layout changes: the manifest says it, and kept exports are made again.
BROWSER_FORMAT = 1
MANIFEST = "manifest.json"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})


def fold_like_the_page(form: str) -> str:
    """What lexicon.js's ``foldKey`` makes of a form: ligatures opened, NFD, combining marks dropped, upper case."""
    decomposed = unicodedata.normalize("NFD", form.translate(_LIGATURES))
    return "".join(char for char in decomposed if not 0x300 <= ord(char) <= 0x36F).upper()


def gzipped(data: bytes) -> bytes:
    """gzip at level 9 with no time or name in the header: the same bytes for the same data, run after run."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def masks_bytes(lexicon: Lexicon) -> bytes:
    """The trie's node masks as little-endian uint32."""
    masks = array("I", lexicon.masks)
    if sys.byteorder == "big":
        masks.byteswap()
    return masks.tobytes()


def spelling_shards(lexicon: Lexicon) -> dict[str, bytes]:
    """First letter → the shard's text (UTF-8), for the letters with at least one key spelt otherwise than its lower case."""
    lines: dict[str, list[str]] = {letter: [] for letter in _LETTERS}
    for key, entries in lexicon.all_entries():
        forms = sorted({entry.form for entry in entries})
        if forms == [key.lower()]:
            continue
        line = "\t".join(forms)
        lines[key[0]].append(line if fold_like_the_page(forms[0]) == key else f"{key}={line}")
    return {letter: ("\n".join(rows) + "\n").encode("utf-8") for letter, rows in lines.items() if rows}


def page_name(lexicon: Lexicon) -> str:
    """The lexicon's name for the page and its files: its own (``fr``, a built name), or for one given by path its
    build's name (``list-mini``), never a path; only letters, digits, ``_``, ``.`` and ``-``."""
    name = lexicon.name
    if "/" in name or "\\" in name or name.startswith("."):
        name = str(lexicon.meta.get("name") or Path(name).name)
    return re.sub(r"[^A-Za-z0-9_.-]", "-", name).strip(".-") or "lexicon"


def _build(lexicon: Lexicon, directory: Path) -> dict[str, Any]:
    """Write the files and the manifest into ``directory`` (which must exist and be empty); the manifest."""
    masks = masks_bytes(lexicon)
    shards = spelling_shards(lexicon)
    digest = hashlib.sha256(f"overturn browser lexicon {BROWSER_FORMAT}\0".encode())
    digest.update(masks)
    for letter, text in shards.items():
        digest.update(f"\0{letter}\0".encode() + text)
    lexicon_hash = digest.hexdigest()[:16]
    name = page_name(lexicon)
    stem = f"{name}-{lexicon_hash}"
    trie_file = f"{stem}.trie.gz"
    trie_gz = gzipped(masks)
    (directory / trie_file).write_bytes(trie_gz)
    shard_files: dict[str, dict[str, Any]] = {}
    for letter, text in shards.items():
        shard = f"{stem}.spellings-{letter}.txt.gz"
        compressed = gzipped(text)
        (directory / shard).write_bytes(compressed)
        shard_files[letter] = {"file": shard, "bytes": len(compressed)}
    manifest = {
        "format": BROWSER_FORMAT,
        "name": name,
        "hash": lexicon_hash,
        "nodes": len(masks) // 4,
        "words": len(lexicon),
        "longest": lexicon.longest,
        "trie": {"file": trie_file, "bytes": len(trie_gz), "raw_bytes": len(masks)},
        "spellings": shard_files,
    }
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return manifest


def lexicon_files(lexicon: Lexicon) -> Path:
    """The directory holding the browser's files of ``lexicon`` and their manifest, made on first use.

    Kept beside the lexicon's build (immutable, keyed by its sources) and made atomically, so two processes may
    ask at once; where the build directory cannot be written (a read-only install), in the user cache instead.
    """
    from overturn.lexicon.registry import cache_root

    places = [lexicon.directory / f"browser-{BROWSER_FORMAT}"]
    checksum = str(lexicon.meta.get("checksum") or "")
    if checksum:
        places.append(cache_root() / "browser" / f"{page_name(lexicon)}-{checksum[:16]}-{BROWSER_FORMAT}")
    for place in places:
        if (place / MANIFEST).is_file():
            return place
    last_error: OSError | None = None
    for place in places:
        staging = place.with_name(f"{place.name}.tmp-{os.getpid()}")
        try:
            shutil.rmtree(staging, ignore_errors=True)
            staging.mkdir(parents=True)
            _build(lexicon, staging)
            try:
                os.rename(staging, place)
            except OSError:
                if not (place / MANIFEST).is_file():
                    raise
                shutil.rmtree(staging)  # another process finished first
            return place
        except OSError as exc:
            shutil.rmtree(staging, ignore_errors=True)
            last_error = exc
    raise OSError(f"cannot write the browser's lexicon files for {lexicon.name!r}: {last_error}")


def read_manifest(directory: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    return manifest


def manifest_files(manifest: dict[str, Any]) -> list[str]:
    """Every file the manifest names, the trie first."""
    return [manifest["trie"]["file"], *(shard["file"] for shard in manifest["spellings"].values())]
