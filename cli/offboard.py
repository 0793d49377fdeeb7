"""`overturn offboard`: referee an offboard game at the table, on the shared referee scaffold.

The shared commands (new, show, legal, play, undo, session, rules) come from
``overturn_cli.referee_app``; this module adds offboard's options (the layout,
the computer player, the legend) and examples, and the `layouts` command.
"""

from __future__ import annotations

import click

from overturn.referees.offboard.layouts import layout_names, named_layout
from overturn.referees.offboard.referee import OffboardReferee
from overturn.referees.offboard.render import awaited
from overturn_cli.common import json_option, seed_option
from overturn_cli.referee_app import RefereeCommands, build_referee_group, echo_json

REFEREE = OffboardReferee()
START_HINT = "overturn offboard new"

HELP = """Referee for offboard: push your opponent's marbles off the board into the targets.

Two players, 12 marbles each on a 61-hole hexagon; red starts; the first to
6 points wins. 'overturn offboard rules' prints the rules as applied, with the
French names of the rule book and the choices made where it is silent.

\b
A game at the table:
  overturn offboard new                    set up (file offboard.json)
  overturn offboard show                   board, targets, scores, legend
  overturn offboard legal                  every legal move
  overturn offboard play C3-D4             red moves C3 (and its line) to D4
  overturn offboard play G7-F6 --json      yellow replies; JSON for scripts
  overturn offboard undo                   take the last move back
  overturn offboard session -c yellow      play interactively against the computer

\b
Move notation: the marble at the rear of what moves, and the hole it steps into.
  C3-D4      the marble on C3 steps to D4; own marbles lined up ahead of it
             (D4, E5, ...) move along, and opponent marbles right after them
             are pushed if fewer (also written c3d4 or "C3 D4")
  place E5   put your marble that bounced off a taken target back on E5
             (that is your whole turn)
  remove     take that marble out of the game, then play a normal move
             (in the same argument: "remove E5-E6")
Holes are named as on an Abalone board: rows A (bottom) to I (top),
diagonals 1-9; A1 is the bottom-left corner, E5 the centre.

Exit 0 done, 1 refused by the rules (the file is unchanged), 2 usage error or
unreadable file.
"""

NEW_OPTIONS = [
    click.option(
        "--layout",
        metavar="NAME|FILE",
        default=None,
        help="Start position and targets: a packaged layout ('apart', the default, or 'contact', the first "
        "default) or a layout file (JSON, see 'overturn offboard layouts'); a file's SHA-256 is recorded "
        "and 'show' marks the game CUSTOM.",
    ),
]
SHOW_OPTIONS = [
    click.option("--legend/--no-legend", default=True, help="Explain the signs of the drawing under it."),
]
SESSION_OPTIONS = [
    click.option(
        "--computer",
        "-c",
        type=click.Choice(["none", "red", "yellow"]),
        default="none",
        help="Colour the computer plays: it takes the most points on offer, otherwise moves at random.",
    ),
    seed_option("Seed of the computer's choices, 0 to 4294967295 [default: random]."),
]

FRESH = "  overturn offboard new --force                      # exit 0: a fresh game for these examples\n"

EXAMPLES = {
    "new": "  overturn offboard new --state other.json\n"
    "  overturn offboard new --layout contact --state friday.json --force",
    "show": "  overturn offboard show\n  overturn offboard show --no-legend\n  overturn offboard show --json | jq .scores",
    "legal": "  overturn offboard legal\n  overturn offboard legal --json | jq -r '.legal[]'",
    "play": FRESH + "  overturn offboard play C3-D4 G7-F6       red, then yellow\n"
    "  overturn offboard play \"place E5\"        # exit 1: refused, only a bounced marble is placed\n"
    "  overturn offboard play C3-D4             # exit 1: refused, C3 is empty now",
    "undo": FRESH + "  overturn offboard play C3-D4 G7-F6\n  overturn offboard undo -n 2             both players' last moves",
    "session": "  overturn offboard session                         two players at one keyboard\n"
    "  overturn offboard session --new --force -c yellow  you are red, the computer yellow\n"
    "  overturn offboard session -c red --seed 7          the computer opens, reproducibly",
}

COMMANDS = RefereeCommands(
    referee=REFEREE,
    help=HELP,
    start_hint=START_HINT,
    awaited=awaited,
    new_options=NEW_OPTIONS,
    show_options=SHOW_OPTIONS,
    session_options=SESSION_OPTIONS,
    examples=EXAMPLES,
)
offboard = build_referee_group(COMMANDS)

LAYOUT_FILE_HELP = """A layout file (for 'new --layout FILE'), at most 64 KB of JSON:
  {"version": 1,
   "start": {"red": ["A1", ...], "yellow": ["I9", ...]},   0 to 12 holes each
   "targets": [...],              optional: the packaged targets if left out
   "description": "..."}          optional
Unknown keys are refused. Marbles a start leaves out never enter the game."""


@offboard.command()
@json_option
def layouts(as_json: bool) -> None:
    """List the packaged layouts and describe the layout file format.

    \b
    Examples:
      overturn offboard layouts
      overturn offboard layouts --json | jq '.layouts.apart.start'
    """
    packaged = {name: named_layout(name).to_data() for name in layout_names()}
    if as_json:
        echo_json({"default": layout_names()[0], "layouts": packaged})
        return
    for name, data in packaged.items():
        default = " (default)" if name == layout_names()[0] else ""
        click.echo(f"{name}{default}: red {' '.join(data['start']['red'])}; yellow {' '.join(data['start']['yellow'])}")
    click.echo("")
    click.echo(LAYOUT_FILE_HELP)
