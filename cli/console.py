"""Output, failures and the lexicon opener for command bodies that run without click.

The hottest commands (`dict lookup`, `solve`) can run on the start-up fast path
(`overturn_cli.entry`), which never imports click: their bodies write through
:func:`echo` (what ``click.echo`` does with text: the line, then a flush) and
raise :class:`CommandError`, which the click layer turns into click's own
exceptions (`overturn_cli.common.click_errors`).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from typing import Any

    from overturn.lexicon.lexicon import Lexicon

#: Caps on command-line text, checked before any work: a board is about 60 characters, a French word under 30.
MAX_BOARD_TEXT = 1000
MAX_WORD_TEXT = 64
MAX_PATH_TEXT = 400
#: Exit status after Ctrl-C (128 + SIGINT), the shells' convention.
INTERRUPTED = 130


class CommandError(Exception):
    """The command cannot do its work: ``Error: message``, exit status 1 (click.ClickException)."""


class CommandInputError(CommandError):
    """The command cannot read what it was given (a lexicon that does not open, a bad file): ``Error: message``, exit status 2."""


class CommandUsageError(CommandError):
    """The command was called wrongly: the usage line, ``Error: message``, exit status 2 (click.UsageError)."""


def fold_accents(text: str) -> str:
    """A typed board folded as words are everywhere (É is the E face, Ｅ full-width too): the lexicon's one ``fold``."""
    if text.isascii():
        return text
    from overturn.lexicon.normalize import fold

    return fold(text)


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``0 passes`` (``many`` when adding an s is wrong)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def echo(text: str = "", err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def echo_json(data: Any) -> None:
    """``data`` as indented JSON, accents kept; always valid UTF-8, even for input that was not (a lone surrogate)."""
    import json  # only --json answers pay for it

    text = json.dumps(data, ensure_ascii=False, indent=2)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # an undecodable argument echoed back: only a \u escape can carry it
        text = json.dumps(data, indent=2)
    echo(text)


def progress(message: str) -> None:
    """Long work (a first lexicon build) reports on stderr, so stdout stays clean for pipes."""
    echo(f"overturn: {message}…", err=True)


def open_lexicon(spec: str | None) -> Lexicon:
    """The lexicon for ``--lexicon``, or a CommandInputError saying what is wrong."""
    from overturn.lexicon.registry import LexiconError, load_lexicon

    try:
        return load_lexicon(spec, progress=progress)
    except LexiconError as exc:
        raise CommandInputError(str(exc)) from None
    except OSError as exc:  # a name from a file can be anything: too long for a path, unreadable...
        raise CommandInputError(f"cannot open lexicon {str(spec)[:60]!r}: {exc.strerror or exc}") from None
