"""A click group whose sub-commands are imported only when used.

Start-up time matters at the table: `overturn dict lookup` must not pay for the
solver, the HTTP service or the other games' referees.
"""

from __future__ import annotations

import importlib

import click

from overturn_cli.strict import guard


class LazyGroup(click.Group):
    """Maps a command name to ``"module:attribute"`` and imports it on demand."""

    def __init__(self, *args: object, lazy_commands: dict[str, str] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy_commands = dict(lazy_commands or {})
        guard(self)  # a repeated single-valued option is a usage error, here and in every resolved command

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = self.lazy_commands.get(cmd_name)
        if target is None:
            command = super().get_command(ctx, cmd_name)
            return None if command is None else guard(command)
        module_name, attribute = target.split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{target} is not a click command")
        return guard(command)
