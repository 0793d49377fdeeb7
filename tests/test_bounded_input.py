"""Every list read a line at a time is bounded before a line is held (issue 41, "Bounded input").

A word list with a line of ten million letters once took ``lexicon build`` to 24 GB and a
kill by the kernel; ``dict lookup --file`` skipped lines that were not words in silence.
Now a line past ``MAX_LINE`` characters is refused with its number and the bound: the build
stops with exit 2 and writes nothing, the look-up reports the line and goes on. The memory
tests run the real command under a 512 MB address-space limit.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from overturn.textlines import MAX_LINE, LineTooLong, bounded_lines, checked_lines
from overturn_cli.main import main

LIMITED = """
import resource, sys
limit = 512 * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from overturn_cli.main import main
main(sys.argv[1:])
"""


def limited(*args: str, env: dict[str, str], stdin: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``overturn ARGS`` in a process that may not map more than 512 MB."""
    with open(stdin or os.devnull, "rb") as source:
        return subprocess.run(
            [sys.executable, "-c", LIMITED, *args], stdin=source, capture_output=True, text=True, timeout=300,
            env={**os.environ, **env}, check=False,
        )


def huge_list(tmp_path: Path) -> Path:
    path = tmp_path / "big.txt"
    with path.open("w", encoding="utf-8") as handle:
        handle.write("maison\nvoici\n")
        handle.write("a" * 10_000_000 + "\n")
        handle.write("chien\n")
    return path


def test_bounded_lines_never_hold_more_than_the_bound() -> None:
    text = "un\n" + "x" * 50 + "\ndeux\n" + "y" * 10 + "\ntrois"
    lines = list(bounded_lines(io.StringIO(text), bound=10))
    assert lines == [(1, "un", True), (2, "x" * 10, False), (3, "deux", True), (4, "y" * 10, True), (5, "trois", True)]
    assert list(bounded_lines(io.StringIO("y" * 11), bound=10)) == [(1, "y" * 10, False)]
    try:
        list(checked_lines(io.StringIO(text), "list.txt", bound=10))
    except LineTooLong as exc:
        assert str(exc) == "list.txt, line 2: longer than 10 characters, the most a line may hold"
    else:
        raise AssertionError("a line past the bound was read")


def test_lexicon_build_refuses_a_ten_million_letter_line_under_512_mb(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    done = limited("lexicon", "build", str(huge_list(tmp_path)), "--name", "big", env={"OVERTURN_CACHE_DIR": str(cache)})
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"line 3: longer than {MAX_LINE:,} characters" in done.stderr
    assert "'big' was not built" in done.stderr
    user = cache / "lexicons" / "user"
    assert not user.exists() or not any(user.iterdir())  # nothing written, not even a staging directory


def test_a_word_list_given_as_lexicon_is_bounded_too(isolated_cache: Path, tmp_path: Path) -> None:
    listing = tmp_path / "liste.txt"
    listing.write_text("maison\n" + "b" * (MAX_LINE + 1) + "\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["dict", "lookup", "maison", "--lexicon", str(listing)])
    assert done.exit_code == 2 and f"line 2: longer than {MAX_LINE:,} characters" in done.output
    listing.write_text("maison\n" + "b" * MAX_LINE + "\n", encoding="utf-8")  # at the bound: read
    assert CliRunner().invoke(main, ["dict", "lookup", "maison", "--lexicon", str(listing)]).exit_code == 0


def test_lookup_list_reports_each_refused_line_with_its_number_and_goes_on(default_lexicon, tmp_path: Path) -> None:
    listing = tmp_path / "liste.txt"
    listing.write_bytes(b"maison\nporte fenetre\n\nabc-def\na\x00b\nr\xe9sum\xe9\n" + b"z" * 5000 + b"\nvoici\n")
    done = CliRunner().invoke(main, ["dict", "lookup", "--file", str(listing)])
    assert done.exit_code == 2
    lines = done.stdout.splitlines()
    assert lines[0] == "MAISON: valid (maison)"
    assert [line.split(":")[0] for line in lines[1:-1]] == ["line 2", "line 4", "line 5", "line 6", "line 7"]
    assert "line 6: " in lines[4] and "not UTF-8 text" in lines[4]
    assert f"longer than {MAX_LINE:,} characters" in lines[5]
    assert lines[-1] == "VOICI: valid (voici)"
    answers = [json.loads(line) for line in CliRunner().invoke(main, ["dict", "lookup", "--file", str(listing), "--json"]).stdout.splitlines()]
    assert [(answer["line"], answer["valid"], bool(answer.get("error"))) for answer in answers] == [
        (1, True, False), (2, False, True), (4, False, True), (5, False, True), (6, False, True), (7, False, True), (8, True, False),
    ]


def test_lookup_of_a_ten_million_letter_line_from_stdin_under_512_mb(default_lexicon, tmp_path: Path) -> None:
    done = limited("dict", "lookup", "-", stdin=huge_list(tmp_path), env={})
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[:2] == ["MAISON: valid (maison)", "VOICI: valid (voici)"]
    assert lines[2].startswith("line 3: ") and f"longer than {MAX_LINE:,} characters" in lines[2]
    assert lines[3] == "CHIEN: valid (chien)"
