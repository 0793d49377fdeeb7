"""The `overturn` process: the two hottest commands without click, everything else through click.

Importing click costs 30 to 50 ms on a small machine, as much as the rest of a
look-up. `overturn dict lookup WORD…` and `overturn solve BOARD` are typed over
and over at the table, so their plain forms are recognised here by a parser
that knows only their options, and run the very bodies the click commands run
(`overturn_cli.lookup`, `overturn_cli.solutions`). Whatever this parser does not
fully understand (help, an option it does not know, a repeated option, a value
click would convert or refuse, an error the body finds before printing
anything) goes to click untouched, so click still writes every usage message
and error. `tests/test_entry.py` holds the two paths to the same output.
"""

from __future__ import annotations

import os
import sys

from overturn_cli.console import INTERRUPTED, MAX_BOARD_TEXT, MAX_WORD_TEXT, CommandError, echo, fold_accents

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from collections.abc import Callable

#: option → keyword of the command body, for the options that take a value.
Values = dict[str, str]
#: flag → (keyword, value it sets).
Flags = dict[str, tuple[str, bool]]

LEXICON: Values = {"--lexicon": "lexicon_spec", "-l": "lexicon_spec"}
JSON: Flags = {"--json": ("as_json", True)}
LOOKUP_DEFAULTS = {"lexicon_spec": "fr", "as_json": False}
SOLVE_VALUES: Values = {
    **LEXICON,
    "--mode": "mode",
    "--preset": "preset",
    "--sort": "order",
    "--min-len": "min_len",
    "--pattern": "pattern",
    "--contains": "contains",
}
SOLVE_FLAGS: Flags = {
    **JSON, "--group": ("group", True), "--no-group": ("group", False), "--paths": ("paths", True), "--no-paths": ("paths", False),
}
#: The values click accepts for the solve command's choice options (held to click's by the tests).
SOLVE_CHOICES = {"mode": ("reuse", "advanced"), "preset": ("overturn", "advanced", "boggle4", "boggle5"), "order": ("length", "alpha")}
SOLVE_DEFAULTS = {"lexicon_spec": "fr", "as_json": False, "mode": None, "preset": "overturn", "order": "length", "group": True, "paths": True, "min_len": 0, "pattern": None, "contains": None}


def run() -> None:
    """The console script: the fast path when it applies, else the click application."""
    status = run_fast(sys.argv[1:])
    if status is None:
        from overturn_cli.main import main

        main()  # standalone mode: click exits with the command's status, the interpreter torn down as usual
        return
    _leave(status)


def _leave(status: int) -> None:
    """End a fast-path command without the interpreter's tear-down (3 to 5 ms of a look-up's start-up).

    Everything was written and flushed by the command (``echo`` flushes each line);
    the flush here is the last word, and nothing else is pending: no thread,
    no atexit handler, no file open for writing.
    """
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away meanwhile: as run_fast does, a quiet status 1
        status = status or 1
    os._exit(status)


def run_fast(argv: list[str]) -> int | None:
    """Run ``argv`` without click and return its exit status, or None when click must handle it.

    Ctrl-C ends with status 130 as through click; a closed pipe ends in silence with status 1.
    """
    command = fast_command(argv)
    if command is None or not _utf8(sys.stdout) or not _utf8(sys.stderr):
        return None
    try:
        return command()
    except CommandError:
        return None  # raised before any output: click runs the command again and reports it its own way
    except KeyboardInterrupt:
        echo("\ninterrupted", err=True)
        return INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): further writes, and the flush at exit, go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def fast_command(argv: list[str]) -> Callable[[], int] | None:
    """The command ``argv`` asks for, ready to run, if the fast path understands all of it."""
    if argv[:2] == ["dict", "lookup"]:
        return _lookup(argv[2:])
    if argv[:1] == ["solve"]:
        return _solve(argv[1:])
    return None


def _lookup(argv: list[str]) -> Callable[[], int] | None:
    parsed = _parse(argv, LEXICON, JSON)
    if parsed is None or not parsed[1]:
        return None
    options, words = {**LOOKUP_DEFAULTS, **parsed[0]}, parsed[1]

    def command() -> int:
        from overturn_cli.lookup import lookup_words

        return lookup_words(tuple(words), str(options["lexicon_spec"]), bool(options["as_json"]))

    return command


def _solve(argv: list[str]) -> Callable[[], int] | None:
    parsed = _parse(argv, SOLVE_VALUES, SOLVE_FLAGS)
    if parsed is None or len(parsed[1]) != 1 or len(parsed[1][0]) > MAX_BOARD_TEXT:
        return None
    options = {**SOLVE_DEFAULTS, **parsed[0]}
    if any(options[name] is not None and options[name] not in allowed for name, allowed in SOLVE_CHOICES.items()):
        return None
    min_len = options["min_len"]
    if isinstance(min_len, str):
        if not (min_len.isascii() and min_len.isdigit() and len(min_len) <= 9):
            return None
        options["min_len"] = int(min_len)
    if options["contains"] is not None and len(str(options["contains"])) > MAX_WORD_TEXT:
        return None
    board_text, preset, mode = parsed[1][0], str(options.pop("preset")), options.pop("mode")

    def command() -> int:
        from overturn.game.board import Board, BoardError
        from overturn_cli.solutions import board_rules, print_solutions

        try:
            board = Board.parse(fold_accents(board_text), board_rules(preset, mode))  # type: ignore[arg-type]
        except BoardError:
            raise CommandError("bad board") from None  # click says what is wrong with it
        print_solutions(board, None, **options)  # type: ignore[arg-type]
        return 0

    return command


def _parse(argv: list[str], values: Values, flags: Flags) -> tuple[dict[str, str | bool], list[str]] | None:
    """Options (by keyword) and positional arguments, or None for anything but known options given once."""
    options: dict[str, str | bool] = {}
    positionals: list[str] = []
    tokens = iter(argv)
    for token in tokens:
        if not token.startswith("-"):
            positionals.append(token)
            continue
        name, equals, inline = token.partition("=") if token.startswith("--") else (token, "", "")
        value: str | bool | None
        if name in flags and not equals:
            keyword, value = flags[name]
        elif name in values:
            keyword = values[name]
            value = inline if equals else next(tokens, None)
            if value is None or value.startswith("-"):
                return None
        else:
            return None
        if keyword in options:
            return None  # a repeated option: click's strict check explains it
        options[keyword] = value
    return options, positionals


def _utf8(stream: object) -> bool:
    """Whether ``stream`` writes UTF-8 (click re-wraps a misconfigured one; leave that case to it)."""
    return str(getattr(stream, "encoding", "")).lower().replace("-", "") == "utf8"
