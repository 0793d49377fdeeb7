"""`overturn offboard`: referee an offboard game at the table, one command per move.

The game lives in a JSON file (``--state``, default ``offboard.json``) rewritten
atomically after every accepted move; a refused move prints the rule it breaks,
exits non-zero and leaves the file as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from overturn.jsonstore import StateFileError
from overturn.referees.base import IllegalAction, seeded_rng
from overturn.referees.offboard import (
    MoveReport,
    OffboardState,
    computer_move,
    format_move,
    load_state,
    parse_move,
    save_state,
    state_to_json,
)
from overturn.referees.offboard_geometry import Player
from overturn_cli.common import json_option, state_option as _state_option


state_option = _state_option("offboard.json")


@click.group(context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
def offboard() -> None:
    """Referee for offboard: push your opponent's marbles off the board into the targets.

    Two players, 12 marbles each on a 61-hole hexagon; red starts; the first to
    6 points wins. docs/offboard.md has the rules as implemented and the layout.

    \b
    A game at the table:
      overturn offboard new                    set up (file offboard.json)
      overturn offboard show                   board, targets, scores
      overturn offboard legal                  every legal move and what it does
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
    Holes are named as on an Abalone board: rows A (bottom) to I (top),
    diagonals 1-9; A1 is the bottom-left corner, E5 the centre.
    """


# ----- helpers -----------------------------------------------------------------


def _load(state_path: Path) -> OffboardState:
    try:
        return load_state(state_path)
    except StateFileError as exc:
        hint = " (start one with 'overturn offboard new')" if not state_path.exists() else ""
        raise click.ClickException(f"{exc}{hint}") from None


def _save(state_path: Path, state: OffboardState) -> None:
    try:
        save_state(state_path, state)
    except OSError as exc:
        raise click.ClickException(f"cannot write {state_path}: {exc.strerror or exc}") from None


def _refused(refusal: IllegalAction) -> click.ClickException:
    return click.ClickException(f"refused: {refusal.message} [rule: {refusal.rule}]; the game file is unchanged")


def _report_json(report: MoveReport) -> dict[str, Any]:
    return {
        "move": format_move(report.move),
        "player": report.player.label,
        "marbles": report.marbles,
        "pushed": report.pushed,
        "target": report.target,
        "points": report.points,
        "bounced": report.bounced,
        "text": report.describe(),
    }


def _view_json(state: OffboardState) -> dict[str, Any]:
    current = state.current_player()
    return {
        **state_to_json(state),
        "current_player": None if current is None else current.label,
        "legal": [format_move(move) for move in state.legal_actions()],
        "target_values": [target.value for target in state.layout.targets],
    }


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _apply_all(state: OffboardState, moves: tuple[str, ...]) -> list[MoveReport]:
    """Apply moves in order on ``state``; the first refusal stops everything (nothing is saved)."""
    reports = []
    for text in moves:
        try:
            reports.append(state.apply_action(parse_move(text)))
        except IllegalAction as refusal:
            raise _refused(refusal) from None
    return reports


# ----- commands ----------------------------------------------------------------


@offboard.command()
@click.option("--force", is_flag=True, help="Overwrite an existing game file.")
@state_option
@json_option
def new(force: bool, state_path: Path, as_json: bool) -> None:
    """Set up a game: both players' marbles on their start holes, red to play.

    \b
    Examples:
      overturn offboard new
      overturn offboard new --state friday.json --force
    """
    if state_path.exists() and not force:
        raise click.ClickException(
            f"{state_path} already exists; pass --force to replace it or --state for another file"
        )
    state = OffboardState()
    _save(state_path, state)
    if as_json:
        _echo_json(_view_json(state))
    else:
        click.echo(f"New game in {state_path}.")
        click.echo(str(state))


@offboard.command()
@state_option
@json_option
def show(state_path: Path, as_json: bool) -> None:
    """Draw the board: R red, Y yellow, . free; the digits around it are the targets' values.

    A target holding a marble shows it as r or y instead of its value; the table under
    the board lists the targets, numbered counter-clockwise from A1.

    \b
    Examples:
      overturn offboard show
      overturn offboard show --json | jq .scores
    """
    state = _load(state_path)
    if as_json:
        _echo_json(_view_json(state))
    else:
        click.echo(str(state))


@offboard.command()
@state_option
@json_option
def legal(state_path: Path, as_json: bool) -> None:
    """List every legal move of the player to move, with what it would do.

    \b
    Examples:
      overturn offboard legal
      overturn offboard legal --json | jq -r '.[].move'
    """
    state = _load(state_path)
    reports = [state.check(move) for move in state.legal_actions()]
    if as_json:
        _echo_json([_report_json(report) for report in reports])
        return
    if not reports:
        click.echo(f"No legal move: the game is over ({state.winner().label} wins).")  # type: ignore[union-attr]
        return
    for report in reports:
        click.echo(f"{format_move(report.move):<8} {report.effect()}")


@offboard.command()
@click.argument("moves", nargs=-1, required=True, metavar="MOVE...")
@state_option
@json_option
def play(moves: tuple[str, ...], state_path: Path, as_json: bool) -> None:
    """Play one or more moves in turn; all are accepted or none is.

    \b
    Examples:
      overturn offboard play C3-D4
      overturn offboard play C3-D4 G7-F6       red, then yellow
      overturn offboard play "place E5"        after your marble bounced
      overturn offboard play remove B2-C3      remove it, then move
    """
    state = _load(state_path)
    reports = _apply_all(state, moves)
    _save(state_path, state)
    if as_json:
        _echo_json({"applied": [_report_json(report) for report in reports], **_view_json(state)})
        return
    for report in reports:
        click.echo(report.describe())
    click.echo(str(state))


@offboard.command()
@click.option("--moves", "count", type=click.IntRange(min=1), default=1, help="How many moves to take back.")
@state_option
@json_option
def undo(count: int, state_path: Path, as_json: bool) -> None:
    """Take back the last move(s) by replaying the game without them.

    \b
    Examples:
      overturn offboard undo
      overturn offboard undo --moves 2         both players' last moves
    """
    state = _load(state_path)
    try:
        rewound = state.rewound(count)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    _save(state_path, rewound)
    taken_back = [format_move(move) for move in state.history[len(rewound.history) :]]
    if as_json:
        _echo_json({"undone": taken_back, **_view_json(rewound)})
        return
    click.echo(f"Took back: {', '.join(taken_back)}")
    click.echo(str(rewound))


SESSION_HELP = """At the prompt type a move or a command:
  C3-D4        move (the rear marble and the hole it steps into)
  place E5     put your bounced marble back on a free hole (whole turn)
  remove       take your bounced marble out of the game, then move
  legal        list the legal moves        show    draw the board
  undo         take back your last move (and the computer's reply)
  help         this text                   quit    stop (the game is saved)"""


@offboard.command()
@click.option(
    "--computer",
    "-c",
    type=click.Choice(["none", "red", "yellow"]),
    default="none",
    help="Colour the computer plays: it takes the most points on offer, otherwise moves at random.",
)
@click.option("--seed", type=int, default=None, help="Seed of the computer's choices [default: random].")
@click.option("--new", "start_new", is_flag=True, help="Start a new game in the file instead of going on with it.")
@state_option
def session(computer: str, seed: int | None, start_new: bool, state_path: Path) -> None:
    """Play interactively, one prompt per move; the file is saved after every move.

    Goes on with the game in --state, or starts one if the file does not exist.
    Type 'help' at the prompt for the commands; end of input saves and stops too.

    \b
    Examples:
      overturn offboard session                     two players at one keyboard
      overturn offboard session --new -c yellow     you are red, the computer yellow
      overturn offboard session -c red --seed 7     the computer opens, reproducibly
    """
    if start_new or not state_path.exists():
        state = OffboardState()
        _save(state_path, state)
        click.echo(f"New game in {state_path}.")
    else:
        state = _load(state_path)
    computers = set() if computer == "none" else {Player.from_label(computer)}
    rng = seeded_rng(seed)
    click.echo(str(state))
    click.echo("Type a move like C3-D4, or 'help'.")
    while not state.is_terminal():
        player = state.to_move
        if player in computers:
            report = state.apply_action(computer_move(state, rng))
            _save(state_path, state)
            click.echo(f"computer: {report.describe()}")
            click.echo(str(state))
            continue
        try:
            answer = click.prompt(player.label, default="", show_default=False).strip()
        except click.Abort:
            answer = "quit"
        command = answer.lower()
        if command in ("quit", "q", "exit"):
            click.echo(f"\nSaved in {state_path}.")
            return
        if command in ("", "help", "?"):
            click.echo(SESSION_HELP)
        elif command == "show":
            click.echo(str(state))
        elif command == "legal":
            click.echo(" ".join(format_move(move) for move in state.legal_actions()))
        elif command == "undo":
            state = _session_undo(state, computers)
            _save(state_path, state)
            click.echo(str(state))
        else:
            try:
                report = state.apply_action(parse_move(answer))
            except IllegalAction as refusal:
                click.echo(f"refused: {refusal.message} [rule: {refusal.rule}]")
                continue
            _save(state_path, state)
            click.echo(report.describe())
            click.echo(str(state))
    click.echo(f"Game over: {state.winner().label} wins. Saved in {state_path}.")  # type: ignore[union-attr]


def _session_undo(state: OffboardState, computers: set[Player]) -> OffboardState:
    """Take back the last move, and any computer moves before it, back to a human's turn."""
    if not state.history:
        click.echo("nothing to take back")
        return state
    state = state.rewound(1)
    while state.history and state.to_move in computers:
        state = state.rewound(1)
    click.echo(f"took back to move {len(state.history) + 1}")
    return state
