"""`overturn bench` shows its progress at once, keeps its figures on Ctrl-C, and sends no escape code where none is wanted.

It once dealt all its boards before the first was solved (8 s for 100,000, with nothing on the screen, and
Ctrl-C then said only "interrupted"), and its bar hid the cursor (``\\x1b[?25l``) under NO_COLOR and TERM=dumb.
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn_cli.common import PLAIN_PROGRESS_SECONDS

WORDS = ("MAISON", "SOU", "SOUS", "ROI", "RIRE", "TRES", "NOTE", "TONNE", "ETE", "OSE")


@pytest.fixture(scope="module")
def lexicon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("bench") / "small", table, {"name": "small", "description": "test"})


def bench(lexicon_dir: Path, boards: int, env: dict[str, str], stderr: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "overturn_cli", "bench", "--boards", str(boards), "-l", str(lexicon_dir)],
        stdout=subprocess.PIPE, stderr=stderr, env={**os.environ, **env},
    )


def read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    """What ``fd`` gave until ``wanted`` appeared or ``seconds`` passed."""
    seen, deadline = b"", time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # a pty's other side closed
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_progress_from_the_start_and_ctrl_c_prints_the_figures_so_far(lexicon_dir: Path) -> None:
    process = bench(lexicon_dir, 100_000, {}, subprocess.PIPE)
    try:
        assert process.stderr is not None
        heard = read_until(process.stderr.fileno(), b" of 100,000", PLAIN_PROGRESS_SECONDS + 20)
        assert b"solving\xe2\x80\xa6\n" in heard and b" of 100,000" in heard, heard  # a line, then the count so far
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130
    assert b"interrupted after " in err and b" of 100000 boards; their timing:" in err
    solved = int(err.split(b"interrupted after ")[1].split(b" ")[0])
    assert out.decode().startswith(f"{solved} board{'s' if solved > 1 else ''}, reuse mode: median ")
    assert b"\x1b" not in heard + err  # not a terminal: no escape code


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}], ids=["NO_COLOR", "TERM=dumb"])
def test_no_escape_code_on_a_terminal_that_wants_none(lexicon_dir: Path, env: dict[str, str]) -> None:
    controller, terminal = pty.openpty()
    try:
        process = bench(lexicon_dir, 30, {"NO_COLOR": "", "TERM": "xterm", **env}, terminal)
        os.close(terminal)
        process.wait(timeout=60)
        heard = read_until(controller, b"never", 1)
    finally:
        os.close(controller)
    assert process.returncode == 0
    assert b"solving" in heard and b"\x1b" not in heard, heard


def test_a_terminal_that_wants_escape_codes_still_gets_the_bar(lexicon_dir: Path) -> None:
    controller, terminal = pty.openpty()
    try:
        process = bench(lexicon_dir, 30, {"NO_COLOR": "", "TERM": "xterm"}, terminal)
        os.close(terminal)
        process.wait(timeout=60)
        heard = read_until(controller, b"never", 1)
    finally:
        os.close(controller)
    assert b"solving" in heard and b"\x1b[?25l" in heard and b"100%" in heard, heard


def test_median_words_is_a_whole_number(lexicon_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "overturn_cli", "bench", "--boards", "2", "-l", str(lexicon_dir), "--json"],
        capture_output=True, text=True, timeout=60, check=True,
    )
    assert isinstance(json.loads(done.stdout)["median_words"], int)
