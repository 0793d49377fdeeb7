"""`overturn overload`: referee an Overload game at the table, on the shared referee scaffold.

The shared commands (new, show, legal, play, undo, session, rules) come from
``overturn_cli.referee_app``; this module adds Overload's set-up options and
examples, `roll` (the seeded die) and `preview` (what a die face would do).
"""

from __future__ import annotations

from pathlib import Path

import click

from overturn.referees.overload.referee import OverloadReferee, awaited, describe
from overturn.referees.overload.state import Action, Kind, Phase
from overturn.referees.overload.words import EN
from overturn.referees.protocol import IllegalAction
from overturn.referees.wording import say
from overturn_cli.common import json_option, seed_option, state_option
from overturn_cli.console import echo_json
from overturn_cli.referee_app import (
    RefereeCommands,
    build_referee_group,
    load_game,
    play_and_save,
    refused,
)

REFEREE = OverloadReferee()
START_HINT = "overturn overload new --players 3"

HELP = """Referee for Overload (3 to 5 players, two pawns each, a die of 1 to 8).

\b
A game's first turns, as the rule book plays them (each line runs as written):
  overturn overload new --players 3 --seed 7     set up (red, blue, yellow)
  overturn overload play load 3 roll 5           red loads red1 with 3 discs, rolls a real 5
  overturn overload roll                         blue rolls the seeded die (0 discs: no load chosen)
  overturn overload play 2 4                     yellow: short for load 2 roll 4
  overturn overload play 1 6                     red's second pawn
  overturn overload play 0 3
  overturn overload play 4 2
  overturn overload play roll 1 move red2        red rolls 1 and chooses which pawn moves
  overturn overload show                         the whole track, scores, what is awaited
  overturn overload undo                         take back the last action
  overturn overload legal                        what 'play' accepts now
  overturn overload rules                        the rules as applied, the notation

Pawns are named colour + number (red1, red2, blue1...). Short forms: a bare
number is the discs or the die face, a bare pawn name a move
('play 3 5', 'play red2'). A pawn met on a space is settled with
'play give yellow1' or 'play take red1'. 'session' plays interactively.
Exit 0 done, 1 refused by the rules (the file is unchanged), 2 usage error or
unreadable file.
"""

NEW_OPTIONS = [
    click.option("--players", "-p", type=click.IntRange(3, 5), default=3, help="Number of players (3 to 5)."),
    click.option("--variant", type=click.IntRange(0), default=0,
                 help="Sections turned to their special side (0 = basic game; up to 4/5/6 for 3/4/5 players)."),
    seed_option("Seed of the die used by 'roll', 0 to 4294967295 [default: random, stored in the file]."),
    click.option("--rules", "rules_path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                 help="A table's own data file (a copy of the packaged one with other sections or targets); "
                      "the game records its path and SHA-256 and 'show' marks it custom."),
]

FRESH = "  overturn overload new --players 3 --seed 7 --force   # exit 0: a fresh game for these examples\n"

EXAMPLES = {
    "new": "  overturn overload new --players 4 --state four.json\n"
           "  overturn overload new -p 5 --variant 6 --seed 42 --state friday.json\n"
           "  overturn overload new -p 3 --force                  # replace the game in overload.json",
    "show": "  overturn overload show\n  overturn overload show --json",
    "legal": "  overturn overload legal\n  overturn overload legal --json",
    "play": FRESH
            + "  overturn overload play load 4 roll 6    enter a pawn with 4 discs on a real 6\n"
            "  overturn overload play roll             the seeded die\n"
            "  overturn overload play 3 5              short for load 3 roll 5\n"
            "  overturn overload play roll 9           # exit 1: refused, the die has 8 faces",
    "undo": "  overturn overload undo -n 2        take back two actions (a roll and its forced move)",
    "session": "  overturn overload session --new --players 3 --seed 1 --state session.json",
}

COMMANDS = RefereeCommands(
    referee=REFEREE, help=HELP, start_hint=START_HINT, awaited=lambda game: awaited(game.state), new_options=NEW_OPTIONS,
    examples=EXAMPLES,
)
overload = build_referee_group(COMMANDS)


@overload.command()
@state_option("overload.json")
@json_option
def roll(state_path: Path, as_json: bool) -> None:
    """Roll the seeded die for the current player (the same as 'play roll').

    A player with a pawn on the start must choose its discs first
    ('play load N'); rolling without choosing means 0 discs, as the rule
    book says. The n-th roll of a game is always the same face for its seed,
    so an undone roll comes back the same.

    \b
    Examples:
      overturn overload new --players 3 --seed 7 --force   # exit 0: a fresh game
      overturn overload play load 2
      overturn overload roll
    """
    play_and_save(COMMANDS, state_path, ["roll"], as_json)


@overload.command()
@click.argument("face", type=int)
@click.option("--discs", "-d", type=int, default=0, help="Discs on a pawn entering from the start, for the preview.")
@state_option("overload.json")
@json_option
def preview(face: int, discs: int, state_path: Path, as_json: bool) -> None:
    """Show what each possible move would do with the die showing FACE; nothing is saved.

    Each pawn that may move is played on a copy of the game and its effects
    are shown (overtakes, Overloads, finish points); the choices that would
    follow (give/take, +/- step) are listed too.

    \b
    Examples:
      overturn overload new --players 3 --seed 7 --force   # exit 0: a fresh game
      overturn overload preview 6 --discs 3
    """
    game = load_game(REFEREE, state_path, START_HINT)
    state = game.state
    if state.phase not in (Phase.LOAD, Phase.ROLL):
        raise click.UsageError(f"a preview needs a game waiting for a roll: {REFEREE.awaiting(game)}")
    probe = state.clone()
    try:
        if probe.phase is Phase.LOAD:
            probe.apply_action(Action(Kind.LOAD, discs))
        probe.apply_action(Action(Kind.ROLL, face))
    except IllegalAction as refusal:
        raise refused(refusal, as_json) from None
    previews = []
    for move in probe.legal_actions():
        after = probe.clone()
        after.apply_action(move)
        then = [] if after.current != probe.current or after.is_terminal() else after.legal_actions()
        previews.append({"move": probe.action_to_string(move), "effects": [say(EN, effect) for effect in describe(probe, move, after)],
                         "then": [after.action_to_string(action) for action in then]})
    if as_json:
        echo_json({"roll": face, "moves": previews})
        return
    for item in previews:
        click.echo(item["move"])
        click.echo("".join(f"  {effect}\n" for effect in item["effects"]), nl=False)
        if item["then"]:
            click.echo(f"  then one of: {', '.join(item['then'])}")

