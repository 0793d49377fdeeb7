"""`overturn insider`: referee an Insider game at the table, on the shared referee scaffold.

The shared commands (new, show, legal, play, undo, session, rules) come from
``overturn_cli.referee_app``; this module adds only Insider's set-up and show
options, its help (the notation and the card words) and examples.
"""

from __future__ import annotations

import click

from overturn.referees.insider.referee import InsiderReferee
from overturn.referees.insider.render import awaited
from overturn_cli.common import seed_option
from overturn_cli.referee_app import RefereeCommands, build_referee_group

REFEREE = InsiderReferee()
START_HINT = "overturn insider new --players 2"

HELP = """Referee for Insider (2 to 4 players, 7 pawns each, 7 evaluations).

\b
A turn, as the rule book plays it (each line runs as written):
  overturn insider new --players 2 --seed 7     deal, turn the first card
  overturn insider show                         board, tables, scores, who acts
  overturn insider legal                        every action allowed now, grouped
  overturn insider play walk                    7 movement points...
  overturn insider play move a1 b1              ...spent along a whole link (3 steps here)
  overturn insider play step b1 b1-c1.1         ...or one step at a time
  overturn insider play end                     # exit 1: refused, 3 points are left
  overturn insider undo -n 5                    take back the walk and its 4 steps
  overturn insider play roll                    or roll two dice (seeded)
  overturn insider rules                        the rules as applied, the notation

\b
The other actions of 'play' (see 'legal' for the ones allowed now):
  take | decline     take a card from opponents met, or not
  draw               draw action cards (the third main action)
  heli 2 b2 c3       2 Helicopters: fly into the INSIDER
  guard 2 | pass     an opponent's Bodyguard answer
  end                finish the turn
'session' plays interactively.

\b
Card words, and their powers with 1, 2 or 3 identical cards (* = a Bodyguard
may cancel it):
  admin    Administrateur: *swap 2 pawns (outer squares) | *swap anywhere,
           the INSIDER too | *Special VIP: rearrange the tables
  heli     Hélicoptère: fly a pawn (outer squares) | fly anywhere, the
           INSIDER too | *Réunion (meeting): an opponent's pawns go home
  scandal  Scandale: *an opponent skips a turn | *Rumeurs: an opponent on
           one die | *Alerte à la bombe: every pawn home, next card
  trend    Tendance: play again | move 0-2 Total OUT | *media hype:
           evaluate now
  guard    Protection (Bodyguard): answers a starred card, never played
           on one's own turn

\b
With 'new --table', dice and cards come from the real table ('play' words):
  dice 5 2           the roll, in any order
  card heli          the action card drawn
  eval 5b            the evaluation card turned

Positions: big squares a1..e5 (a1 bottom left), path spaces a1-b1.1 (space 1
next to a1; b1-a1.2 names the same space from the other end). Several actions
in one command, all or nothing: 'play walk, move a1 b1'.
Exit 0 done, 1 refused by the rules (the file is unchanged), 2 usage error or
unreadable file.
"""

NEW_OPTIONS = [
    click.option("--players", type=click.IntRange(2, 4), default=2, help="Number of players (2 to 4)."),
    seed_option("Seed for the dice and cards the referee draws, 0 to 4294967295 [default: random, stored in the file]."),
    click.option("--table", "table_chance", is_flag=True,
                 help="Dice, cards and evaluation cards come from the real table (give them with 'play')."),
]

SHOW_OPTIONS = [
    click.option("--hands", is_flag=True, help="Reveal every hand (the referee sees them all)."),
]

FRESH = "  overturn insider new --players 2 --seed 7 --force   # exit 0: a fresh game for these examples\n"

EXAMPLES = {
    "new": "  overturn insider new --players 3 --seed 42 --state three.json\n"
           "  overturn insider new --players 4 --table --state club.json",
    "show": "  overturn insider show --hands\n  overturn insider show --json",
    "legal": "  overturn insider legal\n  overturn insider legal --json",
    "play": FRESH
            + "  overturn insider play walk\n"
            "  overturn insider play move a1 b1            a whole link, jumping pawns on the path\n"
            "  overturn insider play step b1 b1-c1.1       one step\n"
            "  overturn insider play take                  # exit 1: refused, no opponent was met\n"
            "  overturn insider play step b1-c1.1 b1, step b1 a1-b1.2    several actions, all or nothing",
    "undo": FRESH + "  overturn insider play roll\n"
            "  overturn insider undo -n 2       take back the last two actions (a seeded roll with its dice)",
    "session": "  overturn insider session --new --players 2 --seed 1 --state session.json",
}

COMMANDS = RefereeCommands(
    referee=REFEREE, help=HELP, start_hint=START_HINT, awaited=awaited, new_options=NEW_OPTIONS, show_options=SHOW_OPTIONS,
    examples=EXAMPLES,
)
insider = build_referee_group(COMMANDS)
