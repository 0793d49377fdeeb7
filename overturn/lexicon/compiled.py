"""The compiled form of a lexicon: what is written once and memory-mapped on every start.

A build directory holds:

* ``words.marisa``: a marisa-trie of the keys; its key ids index the entries;
* ``entries.bin`` / ``entries.idx``: per key id, the accented forms with lemma
  and part of speech (packed text, offsets as uint32);
* ``nodes.bin``: the solver's letter trie as two uint32 arrays in breadth-first
  order: ``mask[n]`` (bit ``c`` = letter ``c`` continues the prefix, bit 26 =
  the prefix is a word) and ``first_child[n]``; the child of ``n`` by letter
  ``c`` is ``first_child[n] + popcount(mask[n] & ((1 << c) - 1))``;
* ``keys.txt``: every key on its own line, ordered by length then alphabet,
  with a newline before the first and after the last; ``meta["key_offsets"][L][i]``
  is the offset of the newline before the first key of length ``L`` and first
  letter ``i`` or later, so a pattern scan (``overturn.lexicon.pattern``) runs
  in C over only the lengths and first letters a pattern can match;
* ``lemmas.marisa``: a marisa BytesTrie from each lemma's key to the keys of its
  forms (every form of *manger*, *œil*, *beau*), for ``Lexicon.forms_of``;
* ``layout.txt``: what every start reads of the metadata (format, counts,
  ``key_offsets``) as lines of integers, so a start neither imports json nor
  parses the rest (``LAYOUT_HEADER``); a build without it (older) is read from
  ``meta.json``;
* ``meta.json``: versions, checksums, counts (written last: its presence marks a complete build).

Everything is loaded with mmap, so start-up costs milliseconds and the pages
the solver never touches are never read.
"""

from __future__ import annotations

import mmap
import os
from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from itertools import compress
from operator import itemgetter

from overturn.lexicon.sources import Entry

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from pathlib import Path  # only named: a start reads a build through os.path (pathlib costs a look-up 3 ms)
    from typing import Any

    import marisa_trie  # imported where used: a command that only lists a board's words never loads it

#: Bumped whenever the file layout changes, so every cached build is rebuilt.
FORMAT_VERSION = 4
WORD_BIT = 1 << 26
LETTER_MASK = WORD_BIT - 1
#: The first line of ``layout.txt``, then the format, key count, node count and longest key;
#: a layout of another version is ignored and ``meta.json`` read instead.
LAYOUT_HEADER = "overturn-layout 1"
LAYOUT_FILE = "layout.txt"
#: A layout holds a row of 27 offsets a key length: far less than this, unless damaged.
_LAYOUT_BYTES = 1 << 20
_FIELD = "\x1f"
_RECORD = "\x1e"

Progress = Callable[[str], None]


def _pack_entries(key: str, entries: Sequence[Entry]) -> str:
    """Pack entries compactly: an empty form means the key in lower case, an empty lemma means the form."""
    plain = key.lower()
    records = []
    for form, lemma, pos in entries:
        records.append(
            f"{'' if form == plain else form}{_FIELD}{'' if lemma == form else lemma}{_FIELD}{pos}"
        )
    return _RECORD.join(records)


def unpack_entries(key: str, packed: str) -> list[Entry]:
    plain = key.lower()
    result = []
    for record in packed.split(_RECORD):
        form, lemma, pos = record.split(_FIELD)
        form = form or plain
        result.append(Entry(form, lemma or form, pos))
    return result


def build_letter_trie(sorted_keys: Sequence[str]) -> tuple[array, array]:
    """Breadth-first (mask, first_child) arrays over every prefix of ``sorted_keys`` (sorted, distinct, A–Z).

    Built by the C extension ``overturn.lexicon._letter_trie`` when it is
    built (tens of milliseconds for French, where Python takes about 3 s of
    the first build), else by ``letter_trie_in_python``; the two are compared
    byte for byte in ``tests/test_letter_trie.py``.
    """
    try:
        from overturn.lexicon import _letter_trie
    except ImportError:  # no compiler at install time
        return letter_trie_in_python(sorted_keys)
    masks, first_child = array("I"), array("I")
    masks_bytes, first_child_bytes = _letter_trie.build("\n".join(sorted_keys).encode("ascii"))
    masks.frombytes(masks_bytes)
    first_child.frombytes(first_child_bytes)
    return masks, first_child


def letter_trie_in_python(sorted_keys: Sequence[str]) -> tuple[array, array]:
    """``build_letter_trie`` in Python: the fallback, and the reference the C build is checked against.

    Level by level: the distinct prefixes of length L of sorted keys come out
    sorted, so the children of one parent are consecutive and in letter order.
    A leaf's first child is the first node of the next level.
    """
    keyset = set(sorted_keys)
    masks = array("I", [0])
    first_child = array("I", [1])
    parent_ids: dict[str, int] = {"": 0}
    remaining = list(sorted_keys)
    without_last = itemgetter(slice(0, -1))
    length = 0
    # map/compress/dict keep the per-node work in C: about 1.2 million nodes for French.
    while remaining:
        length += 1
        remaining = list(compress(remaining, map(length.__le__, map(len, remaining))))
        level = list(dict.fromkeys(map(itemgetter(slice(0, length)), remaining)))
        base = len(masks)
        parents = list(map(parent_ids.__getitem__, map(without_last, level)))
        # Reversed, so the dict keeps each parent's first (lowest-letter) child.
        for parent, child in dict(zip(reversed(parents), range(base + len(level) - 1, base - 1, -1))).items():
            first_child[parent] = child
        for parent, letter in zip(parents, map(ord, map(itemgetter(-1), level))):
            masks[parent] |= 1 << (letter - 65)
        masks.extend(map(WORD_BIT.__mul__, map(keyset.__contains__, level)))
        first_child.extend([base + len(level)] * len(level))
        parent_ids = dict(zip(level, range(base, base + len(level))))
    return masks, first_child


def keys_by_length(keys: Sequence[str] | dict[str, Any]) -> tuple[bytes, list[list[int]]]:
    """The ``keys.txt`` text and its offsets (see the module docstring).

    ``offsets[L][i]`` is the offset of the newline before the first key of
    length ``L`` whose first letter is the ``i``-th letter or later (``i`` = 26:
    the first key of length ``L + 1``), for ``L`` from 0 to the longest plus one.
    Keys of length ``L`` starting with letters ``i..j`` are then
    ``text[offsets[L][i]:offsets[L][j + 1] + 1]``.
    """
    ordered = sorted(keys, key=lambda key: (len(key), key))
    longest = len(ordered[-1]) if ordered else 0
    offsets: list[list[int]] = []
    position = 0
    index = 0
    for length in range(longest + 2):
        row = []
        for letter in range(27):
            row.append(position)
            while index < len(ordered) and len(ordered[index]) == length and (letter == 26 or ord(ordered[index][0]) - 65 <= letter):
                position += len(ordered[index]) + 1
                index += 1
        offsets.append(row)
    return ("\n" + "\n".join(ordered) + "\n").encode("ascii") if ordered else b"\n", offsets


def write_build(
    directory: Path,
    lexicon: dict[str, list[Entry]],
    meta: dict[str, Any],
    progress: Progress | None = None,
) -> Path:
    """Compile ``lexicon`` (key → entries) into ``directory``, atomically: a half-written build is never visible."""
    import json
    import shutil  # only builds need these; keep start-up imports small

    import marisa_trie

    say = progress or (lambda _message: None)
    staging = directory.with_name(f"{directory.name}.tmp-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        say(f"indexing {len(lexicon):,} word{'' if len(lexicon) == 1 else 's'}")
        trie = marisa_trie.Trie(lexicon.keys())
        trie.save(str(staging / "words.marisa"))
        say("packing dictionary entries")
        packed: list[str] = [""] * len(trie)
        for key, entries in lexicon.items():
            packed[trie[key]] = _pack_entries(key, entries)
        offsets = array("I", [0])
        blob = bytearray()
        for text in packed:
            blob += text.encode("utf-8")
            offsets.append(len(blob))
        (staging / "entries.bin").write_bytes(bytes(blob))
        (staging / "entries.idx").write_bytes(offsets.tobytes())
        say("indexing the lemmas")
        marisa_trie.BytesTrie(sorted(lemma_pairs(lexicon))).save(str(staging / "lemmas.marisa"))
        say("building the solver's letter trie")
        masks, first_child = build_letter_trie(sorted(lexicon))
        with (staging / "nodes.bin").open("wb") as handle:
            masks.tofile(handle)
            first_child.tofile(handle)
        say("writing the keys for pattern scans")
        keys_text, key_offsets = keys_by_length(lexicon)
        (staging / "keys.txt").write_bytes(keys_text)
        full_meta = {
            **meta,
            "format_version": FORMAT_VERSION,
            "keys": len(trie),
            "nodes": len(masks),
            "longest": len(key_offsets) - 2,
            "key_offsets": key_offsets,
        }
        (staging / LAYOUT_FILE).write_text(layout_text(full_meta), encoding="utf-8")
        (staging / "meta.json").write_text(json.dumps(full_meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        for path in staging.iterdir():
            with path.open("rb") as handle:
                os.fsync(handle.fileno())
        try:
            os.rename(staging, directory)
        except OSError:
            if not (directory / "meta.json").is_file():
                raise
            shutil.rmtree(staging)  # another process finished the same build first
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return directory


def layout_text(meta: dict[str, Any]) -> str:
    """``layout.txt`` for a build's full metadata: the header line with the counts, then one line a ``key_offsets`` row."""
    head = f"{LAYOUT_HEADER} {meta['format_version']} {meta['keys']} {meta['nodes']} {meta['longest']}"
    return "\n".join([head, *(" ".join(map(str, row)) for row in meta["key_offsets"])]) + "\n"


def read_layout(directory: str) -> dict[str, Any] | None:
    """What a start needs of the metadata, from ``layout.txt``: None when it is absent, of another version or damaged.

    None sends the reader to ``meta.json``, the build's authority: a build made
    before the layout existed, or one whose layout was cut short, still opens.
    """
    try:
        with open(os.path.join(directory, LAYOUT_FILE), encoding="utf-8") as handle:  # utf-8, not ascii: its codec is loaded already
            lines = handle.read(_LAYOUT_BYTES).splitlines()
        tag, *counts = lines[0].rsplit(" ", 4) if lines else [""]
        if tag != LAYOUT_HEADER or len(counts) != 4:
            return None
        format_version, keys, nodes, longest = map(int, counts)
        key_offsets = [list(map(int, line.split(" "))) for line in lines[1:]]
    except (OSError, ValueError):  # ValueError: not UTF-8, or not integers
        return None
    if len(key_offsets) != longest + 2 or any(len(row) != 27 for row in key_offsets):
        return None
    return {"format_version": format_version, "keys": keys, "nodes": nodes, "longest": longest, "key_offsets": key_offsets}


def add_layout(directory: str | os.PathLike[str]) -> None:
    """Give a build made before ``layout.txt`` its layout (from ``meta.json``), so its starts skip json too.

    Best effort: a build that cannot be written to is still read, from ``meta.json``.
    """
    path = os.fspath(directory)
    if read_layout(path) is not None:
        return
    import json

    staging = os.path.join(path, f".{LAYOUT_FILE}.{os.getpid()}")
    try:
        with open(os.path.join(path, "meta.json"), encoding="utf-8") as handle:
            text = layout_text(json.load(handle))
        with open(staging, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(staging, os.path.join(path, LAYOUT_FILE))
    except (OSError, ValueError, KeyError, TypeError):
        if os.path.exists(staging):
            os.remove(staging)


def lemma_pairs(lexicon: dict[str, list[Entry]]) -> set[tuple[str, bytes]]:
    """(the key of a lemma, the key of one of its forms as bytes), once each; a lemma that folds to no key is left out."""
    from overturn.lexicon.normalize import InvalidWord, normalize_key

    pairs: set[tuple[str, bytes]] = set()
    folded: dict[str, str | None] = {}
    for key, entries in lexicon.items():
        for entry in entries:
            lemma = entry.lemma
            if lemma not in folded:
                try:
                    folded[lemma] = normalize_key(lemma)
                except InvalidWord:
                    folded[lemma] = None
            lemma_key = folded[lemma]
            if lemma_key is not None:
                pairs.add((lemma_key, key.encode("ascii")))
    return pairs


class CompiledLexicon:
    """Read-only views over a build directory, memory-mapped."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.path = os.fspath(directory)  #: the build directory as text: a start reads it through os.path
        layout = read_layout(self.path) or self.meta
        if layout.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"{self.path}: built with format {layout.get('format_version')}, expected {FORMAT_VERSION}")
        self._entries = _map(os.path.join(self.path, "entries.bin"))
        self._offsets = _map(os.path.join(self.path, "entries.idx")).cast("I")
        nodes = _map(os.path.join(self.path, "nodes.bin")).cast("I")
        count = layout["nodes"]
        self.masks: memoryview = nodes[:count]
        self.first_child: memoryview = nodes[count:]
        self.keys_text = _map(os.path.join(self.path, "keys.txt")).obj  # the mmap itself: it has find() for literal searches
        self.keys: int = layout["keys"]  #: how many keys: counted at build, so no need to map the trie for it
        if not isinstance(self.keys, int) or self.keys < 0:
            raise ValueError(f"{self.path}: 'keys' in the build's metadata is not a count")
        self.longest: int = layout["longest"]
        self.key_offsets: list[list[int]] = layout["key_offsets"]

    @cached_property
    def directory(self) -> Path:
        """The build directory as a Path, made when asked: a start does not import pathlib."""
        from pathlib import Path

        return Path(self.path)

    @cached_property
    def meta(self) -> dict[str, Any]:
        """``meta.json`` (names, sources, checksums), read on first use: a start reads ``layout.txt`` without json."""
        import json

        with open(os.path.join(self.path, "meta.json"), encoding="utf-8") as handle:
            meta: dict[str, Any] = json.load(handle)
        return meta

    @cached_property
    def trie(self) -> marisa_trie.Trie:
        """The key → index trie, mapped on first use: listing a board's words never needs it (start-up)."""
        import marisa_trie

        trie = marisa_trie.Trie()
        trie.mmap(os.path.join(self.path, "words.marisa"))
        return trie

    @cached_property
    def lemmas(self) -> marisa_trie.BytesTrie:
        """Lemma key → the keys of its forms, mapped on first use."""
        import marisa_trie

        lemmas = marisa_trie.BytesTrie()
        lemmas.mmap(os.path.join(self.path, "lemmas.marisa"))
        return lemmas

    def keys_of_lemma(self, lemma_key: str) -> list[str]:
        return sorted(value.decode("ascii") for value in self.lemmas.get(lemma_key, []))

    def all_entries(self) -> Iterator[tuple[str, list[Entry]]]:
        """Every key with its entries, in key order: a walk over the whole lexicon (the page's export)."""
        entries = bytes(self._entries)
        for key, index in sorted(self.trie.iteritems()):
            yield key, unpack_entries(key, entries[self._offsets[index] : self._offsets[index + 1]].decode("utf-8"))

    def entries_of(self, key: str) -> list[Entry]:
        index = self.trie.get(key)
        if index is None:
            return []
        start, end = self._offsets[index], self._offsets[index + 1]
        return unpack_entries(key, bytes(self._entries[start:end]).decode("utf-8"))


def _map(path: str) -> memoryview:
    with open(path, "rb") as handle:
        if os.fstat(handle.fileno()).st_size == 0:
            return memoryview(b"")
        return memoryview(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))
