"""Lexicons given by path or pointer: files that hold no word are refused, damaged pointers rebuilt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from overturn.lexicon import registry
from overturn.lexicon.compiled import LAYOUT_FILE, CompiledLexicon, read_layout, write_build
from overturn.lexicon.sources import Entry


def test_a_file_that_yields_no_word_is_refused_at_load(isolated_cache: Path, tmp_path: Path) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n", encoding="utf-8")
    with pytest.raises(registry.LexiconError, match="holds no word"):
        registry.load_lexicon(str(passwd))
    binary = tmp_path / "binary"
    binary.write_bytes(b"\x7fELF\x02\x01\xd0\xff\x00")
    with pytest.raises(registry.LexiconError, match="binary holds no word"):  # read as Latin-1, as lexicon build reads it
        registry.load_lexicon(str(binary))


def test_an_empty_build_is_refused(isolated_cache: Path, tmp_path: Path) -> None:
    empty = write_build(tmp_path / "empty", {}, {"name": "empty"})
    with pytest.raises(registry.LexiconError, match="holds no word"):
        registry.load_lexicon(str(empty))


def test_a_damaged_pointer_is_read_safely_and_rewritten(isolated_cache: Path, tmp_path: Path) -> None:
    words = tmp_path / "mots.txt"
    words.write_text("pêche\npoche\n", encoding="utf-8")
    first = registry.resolve(str(words))
    pointers = list((isolated_cache / "lexicons").glob("list-mots.*.pointer"))
    assert len(pointers) == 1
    noted = pointers[0].read_bytes()
    fields = noted.split(b"\0")
    damages = [
        b"", b"{not a pointer", fields[0], noted[:-3], b"\0".join([b"overturn-pointer 2", *fields[1:]]),
        b"\0".join([*fields[:2], b"3", *fields[3:]]), b"\0".join([*fields, b"/etc/passwd", b"1", b"1"]),
        b"\xff" * 100_000, b"\0".join([fields[0], b"x" * 100_000, *fields[2:]]),
    ]
    for damage in damages:
        pointers[0].write_bytes(damage)
        assert registry.resolve(str(words)) == first
        assert pointers[0].read_bytes() == noted  # written anew, whole
    assert "PECHE" in registry.load_lexicon(str(words))


def test_the_cache_follows_xdg_on_linux(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("OVERTURN_CACHE_DIR", raising=False)
    monkeypatch.setattr(registry.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert registry.cache_root() == tmp_path / "xdg" / "overturn"
    monkeypatch.setenv("XDG_CACHE_HOME", "  ")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert registry.cache_root() == tmp_path / "home" / ".cache" / "overturn"


def test_a_build_is_opened_from_its_layout_and_without_it_from_meta_json(tmp_path: Path) -> None:
    """A start reads layout.txt (no json); a build without one (made before it), or with a damaged one, opens from meta.json."""
    build = write_build(tmp_path / "b", {"PECHE": [Entry("pêche", "pêche", "N")], "ROI": [Entry("roi", "roi", "N")]}, {"name": "b"})
    meta = json.loads((build / "meta.json").read_text(encoding="utf-8"))
    assert read_layout(str(build)) == {name: meta[name] for name in ("format_version", "keys", "nodes", "longest", "key_offsets")}
    layout = (build / LAYOUT_FILE).read_text(encoding="utf-8")
    (build / "meta.json").write_text(json.dumps({**meta, "nodes": 0}), encoding="utf-8")  # what the layout says is what is read
    assert CompiledLexicon(build).masks.nbytes == 4 * meta["nodes"]
    (build / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    for damaged in [None, layout[:-8], layout.replace("overturn-layout 1", "overturn-layout 2"), layout.replace("0", "x"), "\xff" * 10]:
        if damaged is None:
            (build / LAYOUT_FILE).unlink()
        else:
            (build / LAYOUT_FILE).write_text(damaged, encoding="latin-1")
        assert read_layout(str(build)) is None
        compiled = CompiledLexicon(build)
        assert (compiled.keys, compiled.longest, compiled.key_offsets) == (2, 5, meta["key_offsets"])
        assert compiled.masks.nbytes == 4 * meta["nodes"]


def test_a_build_from_before_the_layout_gets_one_when_its_pointer_is_renewed(isolated_cache: Path, tmp_path: Path) -> None:
    words = tmp_path / "mots.txt"
    words.write_text("pêche\npoche\n", encoding="utf-8")
    build = registry.resolve(str(words))
    layout = (build / LAYOUT_FILE).read_bytes()
    (build / LAYOUT_FILE).unlink()
    assert registry.resolve(str(words)) == build and not (build / LAYOUT_FILE).exists()  # the pointer holds: no look at the build
    for pointer in (isolated_cache / "lexicons").glob("list-mots.*.pointer"):
        pointer.unlink()  # what a pointer of the former format amounts to: none
    assert registry.resolve(str(words)) == build and (build / LAYOUT_FILE).read_bytes() == layout
