"""Lexicons given by path or pointer: files that hold no word are refused, damaged pointers rebuilt."""

from __future__ import annotations

from pathlib import Path

import pytest

from overturn.lexicon import registry
from overturn.lexicon.compiled import write_build


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
    pointers = list((isolated_cache / "lexicons").glob("list-mots.*.json"))
    assert len(pointers) == 1
    for damage in ["{not json", '{"build": 42}', "[]", '"\\ud800"', "[" * 100_000 + "]" * 100_000, '{"build": "' + "x" * 100_000 + '"}']:
        pointers[0].write_text(damage, encoding="utf-8")
        assert registry.resolve(str(words)) == first
    assert "PECHE" in registry.load_lexicon(str(words))


def test_the_cache_follows_xdg_on_linux(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("OVERTURN_CACHE_DIR", raising=False)
    monkeypatch.setattr(registry.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert registry.cache_root() == tmp_path / "xdg" / "overturn"
    monkeypatch.setenv("XDG_CACHE_HOME", "  ")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert registry.cache_root() == tmp_path / "home" / ".cache" / "overturn"
