"""Every example of every `--help` page runs as written and does what its line says.

The pages are read in order (the top page, then each command; a group's page,
then its `new`, then its other commands), each command's pages in a fresh
folder, so an example may use the file an earlier one on the same command made
(`game new` before `game play`). An example's exit status is 0 unless its line
says ``exit N``. Plain `overturn …` lines run in-process through click's runner
(with ``quit`` on standard input for the interactive ones); a line with a pipe
or a redirection runs in bash with this environment's `overturn` first on PATH.

Two kinds of example are checked by parsing only (click resolves the command and
converts every option, nothing runs): `serve` (it blocks until Ctrl-C) and
`table` (it needs a running server). The user's lexicon builds stay untouched: the
folder gets a cache whose bundled builds are links to the real ones.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from overturn_cli.main import main

#: Commands whose examples are parsed, not run (see the module docstring).
PARSED_ONLY = {"serve": "blocks until Ctrl-C", "table": "needs a running server"}
SHELL_MARKS = ("|", ">", "<", ";", "&&")
#: The longest an example may run (they are meant to be typed and read at once).
EXAMPLE_SECONDS = 60


def pages(command: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """The help pages under ``command``: itself, then (for a group) `new` first, then the others in listing order."""
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        names = command.list_commands(ctx)
        for name in sorted(names, key=lambda name: name != "new"):
            sub = command.get_command(ctx, name)
            assert sub is not None
            yield from pages(sub, (*path, name))


def help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(main, [*path, "--help"], catch_exceptions=False)
    assert result.exit_code == 0, (path, result.output)
    return result.output.split("\nOptions:")[0]


def split_example(line: str) -> tuple[str, str]:
    """``overturn x 'a  b'   # what it does`` → the command and its description (two spaces outside quotes end it)."""
    quote = ""
    for at, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif line.startswith("  ", at) or line.startswith(" #", at):
            return line[:at], line[at:].strip().lstrip("#").strip()
    return line, ""


def examples(text: str) -> list[tuple[str, str]]:
    lines = [line.strip() for line in text.splitlines()]
    return [split_example(line) for line in lines if line.startswith(("overturn ", "printf "))]


def expected_status(description: str) -> int:
    found = re.search(r"\bexit (\d+)", description)
    return int(found.group(1)) if found else 0


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh working folder with a private data folder and a private lexicon cache sharing the bundled builds."""
    from overturn.lexicon import registry

    real = registry.lexicons_root()
    cache = tmp_path / "cache"
    (cache / "lexicons").mkdir(parents=True)
    if real.is_dir():
        for entry in real.iterdir():
            if entry.name != "user":
                (cache / "lexicons" / entry.name).symlink_to(entry)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("OVERTURN_CACHE_DIR", str(cache))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(registry, "_loaded", {})
    monkeypatch.chdir(work)
    return work


def run_example(command: str) -> tuple[int, str]:
    if any(mark in command for mark in SHELL_MARKS):
        env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
        done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env, timeout=EXAMPLE_SECONDS, check=False)
        return done.returncode, done.stdout + done.stderr
    args = shlex.split(command)[1:]

    def too_slow(signum: int, frame: object) -> None:
        raise TimeoutError(f"{command!r} ran over {EXAMPLE_SECONDS} s: an example must be quick")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(EXAMPLE_SECONDS)
    try:
        result = CliRunner().invoke(main, args, input="quit\n")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def parse_only(command: str) -> None:
    """Resolve the command and convert its options and arguments as click would, without running it."""
    args = shlex.split(command)[1:]
    current: click.Command = main
    ctx = click.Context(main, info_name="overturn")
    while isinstance(current, click.Group):
        name, sub, args = current.resolve_command(ctx, args)
        assert sub is not None and name is not None, command
        current, ctx = sub, click.Context(sub, info_name=name, parent=ctx)
    with current.make_context(ctx.info_name, args, parent=ctx.parent):
        pass


TOP_LEVEL = sorted(main.list_commands(click.Context(main)))


@pytest.mark.parametrize("name", ["", *TOP_LEVEL])
def test_every_help_example_runs_as_written(name: str, folder: Path) -> None:
    """The top page (name ""), or one command with all its pages, in page order, in one fresh folder."""
    root: click.Command = main if not name else main.get_command(click.Context(main), name)  # type: ignore[assignment]
    prefix = (name,) if name else ()
    seen = 0
    for path, _command in pages(root, prefix) if name else [((), main)]:
        text = help_text(path)
        found = examples(text)
        assert found, f"'overturn {' '.join(path)} --help' has no example"
        for line, description in found:
            seen += 1
            if name in PARSED_ONLY and line.startswith("overturn "):
                parse_only(line)
                continue
            status, output = run_example(line)
            assert status == expected_status(description), f"{line!r} ({description or 'no description'}) exited {status}:\n{output}"
    assert seen
