"""Entry point of the `overturn` command: commands grouped by noun, loaded lazily.

Exit status, the same for every command (README, "Exit status"):
0 done; 1 not found or refused by the rules; 2 usage, configuration or
unreadable input (a bad option, an unknown lexicon, a bad file); 130 Ctrl-C,
after printing or saving what was done so far.
"""

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
    "web": "overturn_cli.web:web",
}

#: What `overturn --help` lists, without importing the commands (a test holds each to the command's own help).
SUMMARIES = {
    "dict": "Look words up in a lexicon (accents are ignored, as on the tiles).",
    "lexicon": "Manage lexicons: the bundled French default (`fr`), Debian's list, or your own.",
    "solve": "List every legal word of BOARD with a path that proves it.",
    "deal": "Deal the 18 tiles as two layers of a 6×6 board (top layer first).",
    "bench": "Time the solver on seeded deals: median and worst time per board, words per board; with --workers, boards per second on N threads.",
    "show": "Draw BOARD as a grid, with a word's path highlighted.",
    "overload": "Referee for Overload (3 to 5 players, two pawns each, a die of 1 to 8).",
    "offboard": "Referee for offboard: push your opponent's marbles off the board into the targets.",
    "insider": "Referee for Insider (2 to 4 players, 7 pawns each, 7 evaluations).",
    "game": "Keep an Overturn game in a file: one command per move.",
    "referee": "Settle a disputed word: exit 0 if legal, 1 if refused, 2 on a usage error.",
    "play": "Play Overturn at the terminal: two people taking turns, or against the computer.",
    "table": "Play at a shared table held by a server (`overturn serve`), beside the phones.",
    "serve": "Serve the look-ups, the solver and the referee over HTTP, with the table page at /.",
    "web": "The table page as files: a static site a club can host anywhere, playing with no server.",
}


@click.group(
    cls=LazyGroup,
    lazy_commands=COMMANDS,
    summaries=SUMMARIES,
    context_settings={"help_option_names": ["-h", "--help"], "show_default": True},
)
@click.version_option(__version__, prog_name="overturn")
def main() -> None:
    """Overturn word-game solver, referee and French dictionary.

    \b
    Examples:
      overturn solve 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'   every word, with its path
      overturn dict lookup pêche                                   look a word up
      overturn game new --seed 311                                 a game in overturn-game.json
      overturn referee BOIRE                                       settle a disputed word in it

    \b
    Exit status: 0 done; 1 not found or refused by the rules; 2 usage,
    configuration or unreadable input; 130 interrupted (Ctrl-C).
    The other games' referees: overturn overload|offboard|insider --help
    """
