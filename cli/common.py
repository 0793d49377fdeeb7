"""Options and helpers shared by the commands: the lexicon option, JSON output, errors."""

from __future__ import annotations

import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from overturn_cli import console
from overturn_cli.console import MAX_BOARD_TEXT, MAX_PATH_TEXT, MAX_WORD_TEXT

if TYPE_CHECKING:
    from overturn.lexicon.lexicon import Lexicon

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


class BadInput(click.ClickException):
    """Input the command cannot use (unknown lexicon, unreadable file, a file that needs --force): exit status 2.

    Status 1 stays for "not found" and "refused by the rules", so a script can tell a no from a mistake.
    """

    exit_code = 2


def lexicon_option(function: F) -> F:
    return click.option(
        "--lexicon",
        "-l",
        "lexicon_spec",
        default="fr",
        show_default=True,
        metavar="NAME|PATH",
        help="Lexicon name (see 'overturn lexicon list'), a word-list file, or a build directory.",
    )(function)


def json_option(function: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON instead of text.")(function)


def cells_json_option(function: F) -> F:
    """``--json`` of a command whose answer holds paths or cells: the help says their one shape, as the API's."""
    return click.option(
        "--json", "as_json", is_flag=True,
        help="Print machine-readable JSON instead of text; a cell as its number, row * cols + col (A1 is 0, A2 is 6), a path as a list of them.",
    )(function)


def state_option(default: str) -> Callable[[F], F]:
    """``--state PATH`` for a game's file, defaulting to ``default`` in the current directory."""
    return click.option(
        "--state",
        "state_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=Path(default),
        show_default=True,
        help="Game file (JSON), rewritten atomically after each accepted move.",
    )


class BoundedInt(click.IntRange):
    """An IntRange that refuses a long digit string before converting it (and without echoing it whole)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and len(value.strip()) > 20:
            self.fail(f"{value.strip()[:12]}… ({len(value.strip()):,} characters) is not a number in range", param, ctx)
        return super().convert(value, param, ctx)


class Seconds(click.FloatRange):
    """A FloatRange of seconds (or days) that also refuses nan and infinities, which click's range lets through
    (every comparison with nan fails: a server told ``--solve-timeout nan`` started and never timed a solve out)."""

    name = "seconds"

    def __init__(self, low: float, high: float | None = None, *, unit: str = "seconds", low_open: bool = False) -> None:
        super().__init__(min=low, max=high, min_open=low_open)
        self.unit = unit

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = float(click.FLOAT.convert(value, param, ctx))
        low, high = float(self.min or 0), self.max
        if not (math.isfinite(number) and (number > low if self.min_open else number >= low) and (high is None or number <= high)):
            start = f"more than {low:g}" if self.min_open else f"from {low:g}"
            end = f" to {high:g}" if high is not None else ("" if self.min_open else " up")
            self.fail(f"{number:g} is not a number of {self.unit} {start}{end}.", param, ctx)
        return number


def seed_option(help_text: str) -> Callable[[F], F]:
    """``--seed`` limited to the documented range (0 to 2**32 - 1), so a 5,000-digit seed is a usage error."""
    from overturn.game.board import MAX_SEED

    return click.option("--seed", type=BoundedInt(0, MAX_SEED), default=None, help=help_text)


def bounded_text(text: str, limit: int, param_hint: str) -> str:
    """``text`` unchanged, or a usage error if it is longer than ``limit`` characters."""
    if len(text) > limit:
        raise click.BadParameter(f"too long ({len(text):,} characters; at most {limit:,})", param_hint=param_hint)
    return text


def bounded_word(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A click callback capping a WORD argument or option at MAX_WORD_TEXT characters."""
    return None if value is None else bounded_text(value, MAX_WORD_TEXT, param.get_error_hint(ctx))


def read_board_file(path: Path, limit: int = MAX_BOARD_TEXT) -> str:
    """A board file's text, refused at once (by its size, before reading) if larger than ``limit`` bytes."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise click.BadParameter(f"{path} is {size:,} bytes; a board file holds at most {limit:,}", param_hint="--board-file")
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise click.BadParameter(f"cannot read {path}: {exc.strerror or exc}", param_hint="--board-file") from None
    if len(data) > limit:
        raise click.BadParameter(f"{path} holds more than {limit:,} bytes", param_hint="--board-file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise click.BadParameter(f"{path} is not UTF-8 text", param_hint="--board-file") from None


#: What every path option says it reads (E3 D2 D3 is ROI on the board of the examples).
PATH_FORMS = (
    '"E3 D2 D3" (column letter, row number), "3,5 2,4 3,4" (row,col, 1-based), or the cell numbers '
    '--json prints (row * 6 + col from 0: A1 is 0, A2 is 6): "[16, 9, 15]", "16 9 15" or "16,9,15"'
)
#: A path typed as numbers only: digits, with spaces or commas between them.
_NUMERIC = re.compile(r"\d+(?:[\s,]+\d+)*", re.ASCII)
#: Row,col pairs, the older form of the same digits: "1,1 2,2", or one pair "1,2" (a lone comma is a pair, never two cells).
_PAIRS = re.compile(r"\d+,\d+(?:\s+\d+,\d+)*", re.ASCII)


def typed_cells(text: str, board: Any) -> tuple[int, ...]:
    """Cells as typed: "A1 B2" or "1,1 2,2" (1-based), or their numbers as --json prints them (raises BoardError).

    Numbers come as a JSON list (``[0, 7, 14]``; or, as saved games and the
    API, ``[[0, 0], [1, 1]]``: JSON pairs are 0-based), or bare, all separated by
    spaces (``0 7 14``) or all by commas (``0,7,14``; ``0, 7, 14``). A digit
    string both readings fit is refused, never guessed: ``1, 2`` (a pair with a
    space, or two cells?) and mixed separators (``1,1, 2,2``); two numbers
    with a bare comma stay the row,col pair they always were.
    """
    from overturn.game.board import BoardError, parse_path

    typed = text.strip()
    if not typed:
        raise BoardError("the path is empty")
    shown = typed if len(typed) <= 30 else typed[:30] + "…"
    if typed.startswith("["):
        return _numbered(_json_path(typed, shown), board)
    if _NUMERIC.fullmatch(typed) and not _PAIRS.fullmatch(typed):
        numbers = re.findall(r"\d+", typed)
        kinds = {"space" if "," not in gap else "comma" if gap == "," else "comma-space" if gap.count(",") == 1 else "commas"
                 for gap in re.findall(r"[\s,]+", typed, re.ASCII)}
        if "commas" in kinds:
            raise BoardError(f"{shown!r}: a cell number is missing between two commas")
        if len(kinds) > 1:
            raise BoardError(
                f"cannot tell row,col pairs from cell numbers in {shown!r}: write pairs with a space between cells "
                '("1,1 2,2", 1-based), and cell numbers all with spaces or all with commas ("0 7 14", "0,7,14") or as JSON ([0, 7, 14])'
            )
        if kinds == {"comma-space"} and len(numbers) == 2:
            first, second = numbers
            raise BoardError(
                f"{shown!r} is ambiguous: write {first},{second} for row {first}, column {second} (1-based), "
                f'or [{first}, {second}] (or "{first} {second}") for the cells numbered {first} and {second}'
            )
        return _numbered([int(number) for number in numbers], board)
    tokens = [token.strip("()") for token in typed.replace(";", " ").replace("-", " ").split()]
    if any(token.isascii() and token.isdigit() for token in tokens):
        if all(token.isascii() and token.isdigit() for token in tokens):
            raise BoardError(f'{shown!r}: cell numbers are 0 or more, separated by spaces or commas ("0 7 14", "0,7,14" or [0, 7, 14])')
        raise BoardError(f"{shown!r} mixes cell numbers with cells like B3 or 3,2: write the whole path one way")
    return parse_path(typed, board)


def _json_path(typed: str, shown: str) -> list[Any]:
    """A path written as JSON: a non-empty list, its items read by the API's reader (``_numbered``)."""
    import json

    from overturn.game.board import BoardError

    try:
        value = json.loads(typed)
    except ValueError:
        raise BoardError(f"{shown!r} is not a JSON list of cell numbers, e.g. [0, 7, 14]") from None
    if value == []:
        raise BoardError("the path is empty")
    if not isinstance(value, list):
        raise BoardError(f"{shown!r} is not a JSON list of cell numbers, e.g. [0, 7, 14]")
    return value


def _numbered(items: list[Any], board: Any) -> tuple[int, ...]:
    """Cell numbers (or, in JSON, the API's 0-based ``[row, col]`` pairs, not mixed) on ``board``, as the API reads them.

    A number of 13 digits or more is shortened in the message, not echoed whole.
    """
    from overturn.game.answers import PathError, path_numbers
    from overturn.game.board import BoardError

    try:
        return path_numbers(items, board.rules.rows, board.rules.cols)
    except PathError as exc:
        raise BoardError(re.sub(r"\d{13,}", lambda long: f"{long[0][:12]}… ({len(long[0]):,} digits)", str(exc))) from None


def parse_cells(text: str, board: Any, param_hint: str, *, adjacent: bool = False) -> tuple[int, ...]:
    """Cells typed on ``board`` in any form ``typed_cells`` reads; with ``adjacent``, each step must touch the last.

    Every error is a usage error naming ``param_hint`` (``Z9 is off the board``).
    """
    from overturn.game.board import BoardError, format_cell

    try:
        cells = typed_cells(bounded_text(text, MAX_PATH_TEXT, param_hint), board)
    except BoardError as exc:
        raise click.BadParameter(str(exc), param_hint=param_hint) from None
    if adjacent:
        for before, after in zip(cells, cells[1:]):
            if before == after and not board.rules.reuse:
                raise click.BadParameter(
                    f"{format_cell(board, before)} twice in a row: only reuse mode allows it", param_hint=param_hint
                )
            if before != after and not board.adjacent(before, after):
                raise click.BadParameter(
                    f"{format_cell(board, before)} and {format_cell(board, after)} do not touch: "
                    "each cell of a path is next to the previous one (diagonals count)",
                    param_hint=param_hint,
                )
    return cells


def open_lexicon(spec: str | None, failure: type[click.ClickException] = BadInput) -> Lexicon:
    """The lexicon for ``--lexicon``, or ``failure`` (a ClickException class) saying what is wrong."""
    try:
        return console.open_lexicon(spec)
    except console.CommandError as exc:
        raise failure(str(exc)) from None


@contextmanager
def click_errors() -> Iterator[None]:
    """A click-free command body's errors as click's: usage (2), unreadable input (2), a failure (1)."""
    try:
        yield
    except console.CommandUsageError as exc:
        raise click.UsageError(str(exc)) from None
    except console.CommandInputError as exc:
        raise BadInput(str(exc)) from None
    except console.CommandError as exc:
        raise click.ClickException(str(exc)) from None


def color_option(command: F) -> F:
    return click.option(
        "--color/--no-color", default=None, help="ANSI colours. [default: on a terminal, unless NO_COLOR is set or TERM=dumb]"
    )(command)


def plain_color_option(command: F) -> F:
    """``--color/--no-color`` on a command whose board has no colours: taken as by every command that draws a board
    (a script passes it to all of them alike), the same plain text either way."""
    return click.option(
        "--color/--no-color", default=None, expose_value=False,
        help="Taken as by every command that draws a board; this one prints no colours either way.",
    )(command)


def use_color(flag: bool | None = None) -> bool:
    """``--color``/``--no-color`` when given; else colour only on a terminal that wants it (no-color.org, TERM=dumb)."""
    if flag is not None:
        return flag
    return takes_escapes(sys.stdout)


def takes_escapes(stream: Any) -> bool:
    """Whether ``stream`` is a terminal that wants escape codes: not under NO_COLOR (no-color.org) nor TERM=dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(stream.isatty())


#: Seconds between two lines of plain progress (a log, a dumb terminal).
PLAIN_PROGRESS_SECONDS = 2.0


def progress(items: Iterable[T], length: int, label: str) -> Iterator[T]:
    """``items``, with their progress on stderr: click's bar on a terminal that takes escape codes; elsewhere
    (a pipe, a log, NO_COLOR, TERM=dumb) plain lines without any escape code, the label first and the count
    every PLAIN_PROGRESS_SECONDS."""
    if takes_escapes(sys.stderr):
        with click.progressbar(items, length=length, label=label, file=sys.stderr) as bar:
            yield from bar
        return
    click.echo(f"{label}…", err=True)
    shown = time.monotonic()
    for done, item in enumerate(items):
        if time.monotonic() - shown >= PLAIN_PROGRESS_SECONDS:
            click.echo(f"{label}: {done:,} of {length:,}", err=True)
            shown = time.monotonic()
        yield item


def updates_state(command: F) -> F:
    """Run a command that loads and saves its ``state_path`` under the file's update lock.

    Two commands on one file then take turns (the second reads what the first saved)
    instead of one silently overwriting the other's move; see ``jsonstore.update_lock``.
    """
    import functools

    from overturn.jsonstore import SaveError, update_lock

    @functools.wraps(command)
    def locked(*args: Any, **kwargs: Any) -> Any:
        state_path = kwargs.get("state_path")
        if state_path is None or kwargs.get("table_link"):  # a shared table: the server holds the game, no file
            return command(*args, **kwargs)
        seen = _contents(state_path)  # the game as it was when the command was typed, before waiting for the lock
        lock = update_lock(state_path)
        try:
            lock.__enter__()
        except SaveError as exc:
            raise click.ClickException(f"{exc}; the file on disk is unchanged") from None  # exit 1, as a failed save
        token = _SEEN.set((Path(state_path), seen))
        try:
            return command(*args, **kwargs)
        finally:
            _SEEN.reset(token)
            lock.__exit__(None, None, None)

    return locked  # type: ignore[return-value]


#: The file an ``updates_state`` command was started on, and its bytes at that moment.
_SEEN: ContextVar[tuple[Path, bytes | None] | None] = ContextVar("overturn_seen_state", default=None)


def _contents(path: Path) -> bytes | None:
    """The file's first bytes, as many as a game file may hold and one more, or None for anything but a regular file.

    Bounded: a file past the bound is refused by the command itself, so its first bytes tell it apart enough,
    and a 1 GB file is never held (a FIFO would block: None, the command refuses it too).
    """
    from overturn.jsonbounds import MAX_BYTES

    try:
        if not Path(path).is_file():
            return None
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError:
        return None


def moved_on_while_waiting(state_path: Path) -> bool:
    """Whether another command saved a move to ``state_path`` while this one waited for its lock.

    A move typed without --player is meant for the side that was to move when it was typed: once the file
    changed, playing it would play it for the other side.
    """
    started = _SEEN.get()
    return started is not None and started[0] == Path(state_path) and started[1] != _contents(state_path)
