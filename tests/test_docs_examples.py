"""Every `overturn …` command shown in README.md and docs/*.md runs as documented.

The fenced shell blocks are parsed; each block runs in order in its own
temporary directory (a block is a small session: `game new` then `game play`
share the game file), through click's runner on the real default lexicon.
Optional parts written `[--flag value]` are left out. In a session (README.md
and docs/game.md, whose lines follow each other) a command must exit 0, unless
the docs show it refused: an `Error:` line right after it, or an entry of
REFUSED. The referees' pages list alternative moves side by side (a heli card
and a walk, a roll of 5 and of 6), so there each command must be understood
and judged (exit 0 or a rule's refusal, 1) but never be a usage error (2) or
crash. Commands that cannot run offline in a test are listed in SKIPPED with
the reason, so a new example is run unless someone says why not.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```([\w-]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SHELL_BLOCKS = {"", "sh", "shell", "bash", "console"}

#: Command starts that are not run, and why.
SKIPPED = {
    "overturn serve": "starts a server that runs until it is stopped",
    "overturn play": "interactive: reads moves at the terminal (tests/test_game_cli.py drives it with input)",
    "overturn insider session": "interactive: reads actions at the terminal",
    "overturn overload session": "interactive: reads actions at the terminal",
    "overturn offboard session": "interactive: reads moves at the terminal",
    "overturn table": "talks to a running server (tests/test_table_cli.py runs every table command against one)",
    "overturn game match": "plays whole games between computer levels, minutes of work (tests/test_computer_search.py plays small matches)",
}
#: Documents whose blocks are sessions, run line after line with exact exit codes.
SESSIONS = {"README.md", "docs/game.md"}
#: Command starts the docs show being refused (exit 1), and why.
REFUSED = {
    "overturn referee pôle --board": "the example of a refused word (POLE stays inside one tile)",
}


@dataclass
class Command:
    line: int
    args: list[str]
    refused: bool = False


@dataclass
class Block:
    where: str
    session: bool
    commands: list[Command] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def _without_options_in_brackets(tokens: list[str]) -> list[str]:
    """Drop the optional parts written ``[--mode reuse|advanced]`` (a board like ``H[ZX]OSSA`` is kept)."""
    kept, depth = [], 0
    for token in tokens:
        if depth == 0 and token.startswith("[-"):
            depth = 1
        if depth:
            depth = 0 if token.endswith("]") else depth
            continue
        kept.append(token)
    return kept


def _skip_reason(text: str) -> str | None:
    for start, reason in SKIPPED.items():
        if text == start or text.startswith(start + " "):
            return reason
    return None


def blocks() -> list[Block]:
    found = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) not in SHELL_BLOCKS:
                continue
            first_line = text.count("\n", 0, match.start(2)) + 1
            name = str(document.relative_to(ROOT))
            block = Block(f"{name}:{first_line - 1}", name in SESSIONS)
            lines = match.group(2).splitlines()
            for offset, raw in enumerate(lines):
                line = raw.strip().removeprefix("$ ")
                for part in (piece.strip() for piece in line.split("&&")):
                    part = re.sub(r"^(\.venv/bin/)?overturn\b", "overturn", part)
                    if not part.startswith("overturn "):
                        if part and re.match(r"^(python3?|\.venv/bin/python|pip|\.venv/bin/pip) ", part):
                            block.skipped.append((part, "sets up the environment or runs the test suite"))
                        continue
                    tokens = _without_options_in_brackets(shlex.split(part, comments=True))
                    reason = _skip_reason(" ".join(tokens))
                    if reason:
                        block.skipped.append((part, reason))
                        continue
                    following = lines[offset + 1].strip() if offset + 1 < len(lines) else ""
                    refused = following.startswith("Error:") or any(part.startswith(start) for start in REFUSED)
                    block.commands.append(Command(first_line + offset, tokens[1:], refused))
            if block.commands or block.skipped:
                found.append(block)
    return found


BLOCKS = blocks()


def test_the_docs_have_examples_and_every_skip_has_a_reason() -> None:
    assert sum(len(block.commands) for block in BLOCKS) >= 30
    assert any(args.args[:2] == ["game", "play"] for block in BLOCKS for args in block.commands)
    for block in BLOCKS:
        for part, reason in block.skipped:
            assert reason, part


@pytest.mark.lexicon
@pytest.mark.parametrize("block", [block for block in BLOCKS if block.commands], ids=lambda block: block.where)
def test_documented_commands_run(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for command in block.commands:
        result = runner.invoke(main, command.args)
        shown = f"line {command.line}: overturn {shlex.join(command.args)}\n{result.output}"
        assert result.exception is None or isinstance(result.exception, SystemExit), shown
        if block.session:
            assert result.exit_code == (1 if command.refused else 0), shown
        else:
            assert result.exit_code in (0, 1), shown
