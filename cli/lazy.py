"""A click group whose sub-commands are imported only when used.

Start-up time matters at the table: `overturn dict lookup` must not pay for the
solver, the HTTP service or the other games' referees, and `overturn --help`
lists the commands from their one-line summaries without importing any of them
(`tests/test_cli_voice.py` holds each summary to its command's own short help).
"""

from __future__ import annotations

import importlib

import click

from overturn_cli.console import INTERRUPTED
from overturn_cli.strict import guard


class LazyGroup(click.Group):
    """Maps a command name to ``"module:attribute"`` and imports it on demand.

    ``summaries`` gives the line ``--help`` shows for a lazy command, so listing
    them imports nothing. A mistyped name gets the close ones ("did you mean").
    Ctrl-C during a command ends with status 130 (commands that hold partial
    results print them first); click alone would say "Aborted!" and exit 1.
    """

    def __init__(
        self, *args: object, lazy_commands: dict[str, str] | None = None, summaries: dict[str, str] | None = None, **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy_commands = dict(lazy_commands or {})
        self.summaries = dict(summaries or {})
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

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:  # click suggests from its static commands only
            raise click.exceptions.NoSuchCommand(exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            summary = self.summaries.get(name)
            if summary is None:
                command = self.get_command(ctx, name)
                if command is None or command.hidden:
                    continue
                summary = command.get_short_help_str(formatter.width - 6 - max(map(len, self.list_commands(ctx))))
            rows.append((name, summary))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            raise click.exceptions.Exit(INTERRUPTED) from None
