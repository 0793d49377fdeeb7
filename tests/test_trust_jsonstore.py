"""The shared file layer: bounded reading, typed decoding that names the field, and saves that respect what is on disk."""

from __future__ import annotations

import errno
import json
import os
import stat
from typing import Annotated, Literal

import pytest
from msgspec import Meta, Struct

from overturn.jsonbounds import MAX_DEPTH, UnreadableJSON, loads_json
from overturn.jsonstore import (
    SaveError,
    StateFileError,
    convert,
    load_json,
    load_with,
    require_equal,
    save_json_atomic,
)

# ----- reading -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("[" * 200_000, "nested 200000 levels"),
        ('{"a":' * 50_000 + "1" + "}" * 50_000, "nested 50000 levels"),
        ("[" + "9" * 5000 + "]", "5,000 digits"),
        ('{"seed": -' + "9" * 100 + "}", "digits"),
        ("[1e999]", "out of range"),
        ("[NaN]", "NaN"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ('["\\ud800"]', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
        ('["' + "x" * 70_000 + '"]', "70,000 characters"),
        ("{'single': 1}", "not valid JSON"),
        ("", "not valid JSON"),
    ],
)
def test_hostile_json_is_one_error_naming_the_source(text, complaint):
    with pytest.raises(UnreadableJSON) as caught:
        loads_json(text, source="game.json")
    assert str(caught.value).startswith("game.json: ") and complaint in str(caught.value)


def test_limits_are_keyword_arguments_and_the_depth_limit_is_exact():
    assert loads_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(UnreadableJSON, match="nested"):
        loads_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert loads_json('[[["a"]]]', max_depth=3) == [[["a"]]]
    with pytest.raises(UnreadableJSON, match="too large"):
        loads_json("[1, 2, 3]", max_bytes=4)
    with pytest.raises(UnreadableJSON, match="characters"):
        loads_json('["abcd"]', max_string=3)
    assert loads_json('{"k": "[[[[ not brackets"}', max_depth=1) == {"k": "[[[[ not brackets"}


def test_valid_json_reads_back_as_json_does():
    data = {"é": [1, -2, 3.5, None, True, "\u00e9\U0001f600"], "nested": {"a": [[]]}}
    assert loads_json(json.dumps(data)) == data
    assert loads_json(json.dumps(data).encode("utf-8")) == data


def test_files_invalid_utf8_oversized_and_not_regular_are_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"name": "\xff"}')
    with pytest.raises(StateFileError, match=r"bad.json: not valid UTF-8"):
        load_json(bad)
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"0," * 600 + b"0]")
    with pytest.raises(StateFileError, match="too large"):
        load_json(big, max_bytes=1000)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(StateFileError, match="not a regular file"):
        load_json(fifo)  # opened non-blocking: no writer, no hang
    with pytest.raises(StateFileError, match="not a regular file|cannot read"):
        load_json(tmp_path)
    with pytest.raises(StateFileError, match="no such file"):
        load_json(tmp_path / "missing.json")


class _Pending(Struct):
    pending: dict[str, int]


def test_load_with_names_the_file_and_absorbs_stray_lookup_errors(tmp_path):
    target = tmp_path / "state.json"
    target.write_text('{"pending": []}')
    with pytest.raises(StateFileError, match=r"^.*state.json: inconsistent content \(IndexError"):
        load_with(target, lambda data: data["pending"][0])
    with pytest.raises(StateFileError, match=r"state.json: pending: expected an object"):
        load_with(target, lambda data: convert(data, _Pending))
    assert load_with(target, lambda data: data) == {"pending": []}


# ----- typed formats: the refusal names the field -------------------------------------------


class _Entry(Struct, forbid_unknown_fields=True):
    cell: Annotated[int, Meta(ge=0, le=35)]


class _Die(Struct, forbid_unknown_fields=True):
    draws: Annotated[int, Meta(ge=0, le=1000)]


class _Saved(Struct, forbid_unknown_fields=True):
    seed: int
    history: list[_Entry] = []
    die: _Die | None = None
    mode: Literal["reuse", "advanced"] = "reuse"
    word: Annotated[str, Meta(max_length=3)] = ""
    lexicon: Annotated[str, Meta(min_length=1)] = "fr"
    cells: Annotated[list[int], Meta(min_length=2, max_length=2)] | None = None
    over: bool = False


def test_typed_refusals_name_the_wrong_field():
    with pytest.raises(StateFileError, match=r"^history\[1\]\.cell: expected an integer, found a boolean$"):
        convert({"seed": 1, "history": [{"cell": 3}, {"cell": True}]}, _Saved)
    with pytest.raises(StateFileError, match=r"^die\.draws: 1000000000 is out of range \(0 to 1000\)$"):
        convert({"seed": 1, "die": {"draws": 10**9}}, _Saved)


def test_typed_objects_refuse_unknown_and_missing_keys():
    with pytest.raises(StateFileError, match="unknown key 'cheat'"):
        convert({"seed": 1, "cheat": True}, _Saved)
    with pytest.raises(StateFileError, match="missing key 'seed'"):
        convert({"mode": "reuse"}, _Saved)
    assert convert({"seed": 1}, _Saved).mode == "reuse"


def test_typed_strings_lists_and_booleans():
    with pytest.raises(StateFileError, match="^mode: 'turbo' is not one of 'advanced', 'reuse'$"):
        convert({"seed": 1, "mode": "turbo"}, _Saved)
    with pytest.raises(StateFileError, match="limit is 3"):
        convert({"seed": 1, "word": "abcd"}, _Saved)
    with pytest.raises(StateFileError, match="^lexicon: expected at least 1 character"):
        convert({"seed": 1, "lexicon": ""}, _Saved)
    with pytest.raises(StateFileError, match=r"^cells: 3 entries; the limit is 2$"):
        convert({"seed": 1, "cells": [1, 2, 3]}, _Saved)
    with pytest.raises(StateFileError, match="expected true or false, found an integer"):
        convert({"seed": 1, "over": 1}, _Saved)
    with pytest.raises(StateFileError, match="expected an object, found a list"):
        convert([], _Saved)


def test_require_equal_names_the_first_difference_below_the_field():
    require_equal({"a": [1, 2]}, {"a": [1, 2]}, "turn")
    with pytest.raises(StateFileError, match=r"^turn\.a\[1\]: the file says 3, the recorded moves give 2$"):
        require_equal({"a": [1, 3]}, {"a": [1, 2]}, "turn")


# ----- saving ---------------------------------------------------------------------------------


def test_a_symlink_stays_a_symlink_and_its_target_is_replaced(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "game.json"
    real.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_json_atomic(link, {"saved": 1})
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text()) == {"saved": 1}
    assert sorted(path.name for path in real_dir.iterdir()) == ["game.json"]


def test_a_dangling_symlink_creates_the_file_it_points_to(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    save_json_atomic(link, [1])
    assert link.is_symlink() and json.loads((tmp_path / "target.json").read_text()) == [1]


def test_fifos_and_directories_are_refused_and_left_alone(tmp_path):
    fifo = tmp_path / "null.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        save_json_atomic(fifo, {})
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(SaveError, match="is a directory"):
        save_json_atomic(folder, {})
    link = tmp_path / "to-fifo.json"
    link.symlink_to(fifo)
    with pytest.raises(SaveError):
        save_json_atomic(link, {})
    assert sorted(path.name for path in tmp_path.iterdir()) == ["folder", "null.json", "to-fifo.json"]


def test_an_existing_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path):
    kept = tmp_path / "kept.json"
    kept.write_text("{}")
    kept.chmod(0o640)
    save_json_atomic(kept, {"a": 1})
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    previous = os.umask(0o022)
    try:
        save_json_atomic(tmp_path / "fresh.json", {})
        os.umask(0o077)
        save_json_atomic(tmp_path / "private.json", {})
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "fresh.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600


@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC, errno.EROFS])
def test_a_failed_save_is_one_line_and_the_old_file_is_intact(tmp_path, monkeypatch, code):
    target = tmp_path / "game.json"
    save_json_atomic(target, {"old": True})
    before = target.read_bytes()

    def refuse(*_args: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr("overturn.jsonstore.os.replace", refuse)
    with pytest.raises(SaveError) as caught:
        save_json_atomic(target, {"new": True})
    assert "\n" not in str(caught.value) and os.strerror(code) in str(caught.value)
    assert target.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"]


def test_a_directory_that_cannot_exist_is_a_save_error(tmp_path):
    blocker = tmp_path / "plain-file"
    blocker.write_text("not a directory")
    with pytest.raises(SaveError, match="cannot save"):
        save_json_atomic(blocker / "game.json", {})
    assert blocker.read_text() == "not a directory"
