"""Options and helpers shared by the commands: the lexicon option, JSON output, errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from overturn.lexicon.lexicon import Lexicon

F = TypeVar("F", bound=Callable[..., Any])


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


def progress(message: str) -> None:
    """Long work (a first lexicon build) reports on stderr, so stdout stays clean for pipes."""
    click.echo(f"overturn: {message}…", err=True)


def open_lexicon(spec: str | None, failure: type[click.ClickException] = click.ClickException) -> "Lexicon":
    """The lexicon for ``--lexicon``, or ``failure`` (a ClickException class) saying what is wrong."""
    from overturn.lexicon.registry import LexiconError, load_lexicon

    try:
        return load_lexicon(spec, progress=progress)
    except LexiconError as exc:
        raise failure(str(exc)) from None


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def use_color() -> bool:
    return sys.stdout.isatty()
