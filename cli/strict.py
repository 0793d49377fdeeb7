"""A repeated single-valued option is a usage error, for every command of the program.

click keeps the last value of a repeated option (``--roll 3 --roll 4`` plays
4), which silently hides a typo at the table. ``guard`` wraps a command (and a
group's static sub-commands) so that such a repeat is refused before anything
runs; ``LazyGroup`` guards each command it resolves, so every command of
``overturn`` is covered, the referees' included, without per-command code.
Options declared ``multiple=True`` or ``count=True`` may still repeat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import click

C = TypeVar("C", bound=click.Command)

_GUARDED = "_overturn_strict_options"


def refuse_repeated_options(command: click.Command, ctx: click.Context, args: Sequence[str]) -> None:
    """UsageError if ``args`` give one of ``command``'s single-valued options more than once.

    Parses with click's own parser (which records every occurrence), so every
    spelling counts: ``--seed 1 --seed=2``, ``-s1 --seed 2``, ``--color --no-color``.
    """
    try:
        _, _, order = command.make_parser(ctx).parse_args(args=list(args))
    except click.UsageError:
        return  # the real parse reports it, with its own message
    seen: set[str] = set()
    for param in order:
        if not isinstance(param, click.Option) or param.multiple or param.count or param.name is None:
            continue
        if param.name in seen:
            names = " / ".join(param.opts + param.secondary_opts)
            raise click.UsageError(f"option {names} was given more than once; give it once", ctx=ctx)
        seen.add(param.name)


def guard(command: C) -> C:
    """Make ``command`` refuse repeated single-valued options (idempotent; groups' static sub-commands too)."""
    if getattr(command, _GUARDED, False):
        return command
    original = command.parse_args

    def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeated_options(command, ctx, args)
        return original(ctx, args)

    command.parse_args = parse_args  # type: ignore[method-assign]
    setattr(command, _GUARDED, True)
    if isinstance(command, click.Group):
        for sub_command in command.commands.values():
            guard(sub_command)
    return command
