"""Entry point of the `overturn` command: commands grouped by noun, loaded lazily."""

from __future__ import annotations

import click

from overturn import __version__
from overturn_cli.lazy import LazyGroup

COMMANDS = {
    "dict": "overturn_cli.dict_cmds:dictionary",
    "lexicon": "overturn_cli.lexicon_cmds:lexicon",
    "solve": "overturn_cli.solve_cmds:solve",
    "deal": "overturn_cli.solve_cmds:deal_command",
    "bench": "overturn_cli.solve_cmds:bench",
    "show": "overturn_cli.solve_cmds:show",
    "overload": "overturn_cli.overload:overload",
    "offboard": "overturn_cli.offboard:offboard",
    "insider": "overturn_cli.insider:insider",
    "game": "overturn_cli.game:game",
    "referee": "overturn_cli.game:referee",
    "play": "overturn_cli.game:play",
    "table": "overturn_cli.table:table",
    "serve": "overturn_cli.serve:serve",
}


@click.group(
    cls=LazyGroup,
    lazy_commands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"], "show_default": True},
)
@click.version_option(__version__, prog_name="overturn")
def main() -> None:
    """Overturn word-game solver, referee and French dictionary.

    \b
    Typical use at the table:
      overturn solve "ROIB.. / ..."      every legal word of a board
      overturn referee BOIRE --state g.json   settle a disputed word
      overturn dict lookup pêche         look a word up

    The other games' referees: overturn overload|offboard|insider --help
    """
