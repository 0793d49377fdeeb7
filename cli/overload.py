"""`overturn overload`: referee an Overload game at the table, one command per step.

The game lives in a JSON file (``--state``, default ``overload.json``) that is
rewritten atomically after every accepted action; a refused action prints the
rule it breaks, exits non-zero and leaves the file as it was.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from overturn.jsonstore import StateFileError
from overturn.referees.base import IllegalAction
from overturn.referees.overload import Action, Kind, OverloadState, Phase, SeededDie, START
from overturn.referees.overload_rules import RulesDataError, load_rules
from overturn.referees.overload_store import SavedGame, game_to_json, load_game, save_game, snapshot
from overturn_cli.common import json_option, state_option as _state_option


state_option = _state_option("overload.json")


@click.group(context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
def overload() -> None:
    """Referee for Overload (3 to 5 players, two pawns each, a die of 1 to 8).

    \b
    A turn, as the rule book plays it:
      overturn overload new --players 3 --seed 7     set up (red, blue, yellow)
      overturn overload play --discs 3 --roll 5      red loads red1, rolls a real 5
      overturn overload roll                         ...or roll the seeded die
      overturn overload play --pawn blue2            move after a roll
      overturn overload play --give yellow1          settle a pawn met on the space
      overturn overload show                         board, scores, what is awaited
      overturn overload undo                         take back the last action
      overturn overload session                      play interactively

    Pawns are named colour + number (red1, red2, blue1...). Run any command
    with --help for its options; docs/overload.md has the rules as implemented.
    """


# ----- helpers -----------------------------------------------------------------


def _load(state_path: Path) -> SavedGame:
    try:
        return load_game(state_path)
    except (StateFileError, RulesDataError) as exc:
        hint = " (start one with 'overturn overload new --players 3')" if not state_path.exists() else ""
        raise click.ClickException(f"{exc}{hint}") from None


def _refused(refusal: IllegalAction) -> click.ClickException:
    return click.ClickException(f"refused: {refusal.message} [rule: {refusal.rule}]; the game file is unchanged")


def _changes(before: OverloadState, action: Action, after: OverloadState) -> list[str]:
    """What an action did to the pawns and scores, in table words."""
    finisher = action.value if action.kind is Kind.MOVE else None
    lines = []
    for index, (old, new) in enumerate(zip(before.pawns, after.pawns)):
        if (old.position, old.discs) == (new.position, new.discs):
            continue
        name = after.pawn_name(index)
        if index == finisher and old.position + (before.roll or 0) >= before.track.finish:
            lines.append(f"{name} reaches the finish with {old.discs} discs, back to the start")
        elif new.position == START and old.position != START:
            lines.append(f"{name} back to the start, its discs to the cup")
        elif old.position != new.position:
            lines.append(f"{name} {_space(before, old.position)} -> {_space(after, new.position)}, {new.discs} discs")
        else:
            lines.append(f"{name} {old.discs} -> {new.discs} discs")
    for player, (old_score, new_score) in enumerate(zip(before.scores, after.scores)):
        if new_score != old_score:
            lines.append(f"{after.player_name(player)} scores {new_score - old_score} (total {new_score})")
    return lines


def _space(state: OverloadState, space: int) -> str:
    if space == START:
        return "start"
    special = state.track.special_at(space)
    return f"space {space}" + (f" [{special.value}]" if special else "")


def _awaiting(state: OverloadState) -> str:
    """One sentence on what the game waits for, with the command that gives it."""
    if state.is_terminal():
        winner = state.winner or 0
        return f"Game over: {state.player_name(winner)} wins with {state.scores[winner]} points."
    who = state.player_name(state.current)
    if state.phase is Phase.LOAD:
        name = state.pawn_name(state.mover or 0)
        return f"{who}: choose 0-{state.rules.max_start_discs} discs for {name} on the start (play --discs N), then roll."
    if state.phase is Phase.ROLL:
        return f"{who}: roll the die (play --roll R with the real die, or roll)."
    if state.phase is Phase.MOVE:
        names = ", ".join(state.pawn_name(action.value) for action in state.legal_actions())
        return f"{who} rolled {state.roll}: move a pawn (play --pawn NAME): {names}."
    if state.phase is Phase.STEP:
        return f"{state.pawn_name(state.mover or 0)} is on a +/- space: play --step forward|back."
    options = ", ".join(state.action_to_string(action) for action in state.legal_actions())
    return f"{who}: settle each pawn met (play --give NAME / --take NAME): {options}."


def _render(state: OverloadState) -> str:
    specials = ", ".join(f"{action.value} at {space}" for space, action in sorted(state.track.specials.items()))
    lines = [
        f"Overload, {state.players} players, target {state.target} points; "
        f"start 0, finish {state.track.finish}" + (f"; variant: {specials}" if specials else ""),
        f"Cup: {state.cup} discs.  Scores: " + ", ".join(f"{state.player_name(p)} {s}" for p, s in enumerate(state.scores)),
    ]
    for space in sorted({pawn.position for pawn in state.pawns}, reverse=True):
        here = ", ".join(f"{state.pawn_name(i)}({state.pawns[i].discs})" for i in state.pawns_at(space))
        lines.append(f"  {_space(state, space):>14}: {here}")
    lines.append(_awaiting(state))
    return "\n".join(lines)


@dataclass(frozen=True)
class Played:
    """An accepted action as shown to the table: its notation, why it was played, its effects."""

    action: str
    note: str
    effects: tuple[str, ...]

    def lines(self) -> list[str]:
        return [self.action + (f" ({self.note})" if self.note else ""), *(f"  {effect}" for effect in self.effects)]


def _apply(state: OverloadState, action: Action, log: list[Played], note: str = "") -> None:
    before = state.clone()
    state.apply_action(action)
    log.append(Played(state.action_to_string(action), note, tuple(_changes(before, action, state))))


def _apply_forced(state: OverloadState, log: list[Played], held: set[Phase] | None = None) -> None:
    """Play decisions the rules leave no choice about (a single legal action),
    except in the ``held`` phases, where the user's own choice comes next."""
    stops = {Phase.LOAD, Phase.ROLL, Phase.OVER} | (held or set())
    while state.phase not in stops:
        legal = state.legal_actions()
        if len(legal) != 1:
            return
        _apply(state, legal[0], log, "forced")


def _forget_load(state: OverloadState, log: list[Played]) -> None:
    """The rule book: a player who rolls without choosing discs starts with none."""
    if state.phase is Phase.LOAD:
        _apply(state, Action(Kind.LOAD, 0), log, "no discs chosen before the roll")


def _report(game: SavedGame, log: list[Played], as_json: bool) -> None:
    state = game.state
    if as_json:
        applied = [{"action": step.action, "note": step.note, "effects": list(step.effects)} for step in log]
        click.echo(_json_dump({"applied": applied, **_json_view(game)}))
        return
    for step in log:
        click.echo("\n".join(step.lines()))
    click.echo(_awaiting(state))


def _json_view(game: SavedGame) -> dict[str, Any]:
    state = game.state
    return {
        **snapshot(state),
        "awaiting": _awaiting(state),
        "legal": [state.action_to_string(action) for action in state.legal_actions()],
    }


def _json_dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


# ----- commands ----------------------------------------------------------------


@overload.command()
@click.option("--players", "-p", type=click.IntRange(3, 5), required=True, help="Number of players (3 to 5).")
@click.option("--variant", "-v", type=click.IntRange(0), default=0, show_default=True,
              help="Sections turned to their special side (0 = basic game; up to 4/5/6 for 3/4/5 players).")
@click.option("--seed", type=int, default=None, help="Seed of the die used by 'roll' [default: random, stored].")
@click.option("--rules", "rules_path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="A table's own data file (track sections, targets...) [default: the packaged overload.json].")
@click.option("--force", is_flag=True, help="Overwrite an existing game file.")
@state_option
@json_option
def new(players: int, variant: int, seed: int | None, rules_path: Path | None, force: bool,
        state_path: Path, as_json: bool) -> None:
    """Set up a game: every pawn on the start, 80 discs in the cup.

    Players take the colours red, blue, yellow, green, white in turn order;
    red (the youngest player) starts. --rules names a copy of the packaged
    data file with a table's own numbers (e.g. longer start and finish
    sections); the game file remembers it.

    \b
    Examples:
      overturn overload new --players 4
      overturn overload new -p 5 --variant 6 --seed 42 --state friday.json
      overturn overload new -p 3 --rules our_track.json
    """
    if state_path.exists() and not force:
        raise click.ClickException(f"{state_path} already exists; pass --force to replace it or --state for another file")
    rules_file = None if rules_path is None else str(rules_path.resolve())
    try:
        state = OverloadState.new(players, variant, load_rules(rules_file))
    except (ValueError, RulesDataError) as exc:
        raise click.UsageError(str(exc)) from None
    die = SeededDie(seed=secrets.randbits(32) if seed is None else seed)
    game = SavedGame(state=state, die=die, rules_file=rules_file)
    save_game(state_path, game)
    if as_json:
        click.echo(_json_dump(game_to_json(game)))
    else:
        click.echo(f"New game in {state_path} (die seed {game.die.seed}).")
        click.echo(_render(state))


@overload.command()
@state_option
@json_option
def show(state_path: Path, as_json: bool) -> None:
    """Show the board (pawns by space, with their discs), cup, scores and what is awaited.

    \b
    Example:
      overturn overload show --json
    """
    game = _load(state_path)
    if as_json:
        click.echo(_json_dump(_json_view(game)))
    else:
        click.echo(_render(game.state))


@overload.command()
@click.option("--roll", "-r", "face", type=int, default=None, help="Preview the moves this die face would allow.")
@click.option("--discs", "-d", type=int, default=0, show_default=True, help="Discs on a pawn entering from the start, for the preview.")
@state_option
@json_option
def legal(face: int | None, discs: int, state_path: Path, as_json: bool) -> None:
    """List the legal actions now, or preview each move for a die face.

    With --roll, each pawn that may move is played on a copy of the game and
    its effects are shown (overtakes, overloads, finish points); the choices
    that would follow (give/take, +/- step) are listed too. Nothing is saved.

    \b
    Examples:
      overturn overload legal
      overturn overload legal --roll 6
    """
    state = _load(state_path).state
    if face is None:
        actions = [state.action_to_string(action) for action in state.legal_actions()]
        if as_json:
            click.echo(_json_dump({"awaiting": _awaiting(state), "legal": actions}))
        else:
            click.echo(_awaiting(state))
            click.echo("\n".join(actions) if actions else "(none)")
        return
    if state.phase not in (Phase.LOAD, Phase.ROLL):
        raise click.UsageError(f"--roll previews a roll, but the game is not waiting for one: {_awaiting(state)}")
    previews = []
    try:
        probe = state.clone()
        if probe.phase is Phase.LOAD:
            probe.apply_action(Action(Kind.LOAD, discs))
        probe.apply_action(Action(Kind.ROLL, face))
    except IllegalAction as refusal:
        raise _refused(refusal) from None
    for move in probe.legal_actions():
        log: list[Played] = []
        after = probe.clone()
        _apply(after, move, log)
        then = [] if after.current != probe.current or after.is_terminal() else after.legal_actions()
        previews.append({"move": log[0].action, "effects": list(log[0].effects),
                         "then": [after.action_to_string(action) for action in then]})
    if as_json:
        click.echo(_json_dump({"roll": face, "moves": previews}))
        return
    for preview in previews:
        click.echo(preview["move"])
        for effect in preview["effects"]:
            click.echo(f"  {effect}")
        if preview["then"]:
            click.echo(f"  then one of: {', '.join(preview['then'])}")


@overload.command()
@click.option("--discs", "-d", type=int, default=None,
              help="Discs for the pawn entering from the start, chosen before the roll [default: 0 if a roll follows].")
@click.option("--roll", "-r", "face", type=int, default=None, help="The face the real die shows.")
@click.option("--pawn", "-p", default=None, help="Pawn to move, e.g. red2 [default: the only legal one].")
@click.option("--step", "-s", type=click.Choice(["forward", "back"]), default=None, help="Direction off a +/- space.")
@click.option("--give", "-g", "gives", multiple=True, help="Give a disc to this pawn met on the space (repeatable).")
@click.option("--take", "-t", "takes", multiple=True, help="Take a disc from this pawn met on the space (repeatable).")
@state_option
@json_option
def play(discs: int | None, face: int | None, pawn: str | None, step: str | None,
         gives: tuple[str, ...], takes: tuple[str, ...], state_path: Path, as_json: bool) -> None:
    """Play the current player's choices, in turn order, as far as they go.

    The options are applied in the order of a turn: discs, roll, pawn, step,
    give/take. Choices with a single legal option (e.g. the start pawn must
    enter) are played for you. The command stops where a choice is still
    missing; the next 'play' continues from there. Among several --give and
    --take, the first one that is legal at each point is played (gives before
    takes); give them one 'play' at a time when their order matters.

    \b
    Examples:
      overturn overload play --discs 4 --roll 6          enter a pawn with 4 discs
      overturn overload play --roll 3 --pawn blue2
      overturn overload play --take red1 --give yellow2  settle the pawns met
      overturn overload play --step back
    """
    game = _load(state_path)
    state = game.state.clone()
    log: list[Played] = []
    try:
        requests = [Action(Kind.GIVE, state.pawn_index(name)) for name in gives]
        requests += [Action(Kind.TAKE, state.pawn_index(name)) for name in takes]
        held = {Phase.MOVE} if pawn is not None else set()
        held |= {Phase.STEP} if step is not None else set()
        held |= {Phase.ENCOUNTER} if requests else set()
        if discs is not None:
            _apply(state, Action(Kind.LOAD, discs), log)
        if face is not None:
            _forget_load(state, log)
            _apply(state, Action(Kind.ROLL, face), log)
        _apply_forced(state, log, held)
        if pawn is not None:
            _apply(state, Action(Kind.MOVE, state.pawn_index(pawn)), log)
            _apply_forced(state, log, held - {Phase.MOVE})
        if step is not None:
            _apply(state, Action(Kind.STEP, 1 if step == "forward" else -1), log)
            _apply_forced(state, log, held - {Phase.MOVE, Phase.STEP})
        _settle_requests(state, requests, log)
    except IllegalAction as refusal:
        raise _refused(refusal) from None
    if not log:
        raise click.UsageError(f"nothing to play. {_awaiting(state)}")
    game.state = state
    save_game(state_path, game)
    _report(game, log, as_json)


def _settle_requests(state: OverloadState, requests: list[Action], log: list[Played]) -> None:
    """Play the requested gives/takes, each at the first point where it is legal."""
    while requests:
        legal = state.legal_actions() if state.phase is Phase.ENCOUNTER else []
        playable = next((request for request in requests if request in legal), requests[0])
        _apply(state, playable, log)  # with none legal, the first one raises the rule it breaks
        requests.remove(playable)
        _apply_forced(state, log, {Phase.ENCOUNTER} if requests else set())


@overload.command()
@state_option
@json_option
def roll(state_path: Path, as_json: bool) -> None:
    """Roll the seeded die for the current player.

    A player with a pawn on the start must choose its discs first
    ('play --discs N'); rolling without choosing means 0 discs, as the rule
    book says. The draw is stored, so the same seed replays the same rolls.

    \b
    Example:
      overturn overload play --discs 2 && overturn overload roll
    """
    game = _load(state_path)
    state = game.state.clone()
    log: list[Played] = []
    try:
        _forget_load(state, log)
        if not state.is_chance_node():
            raise click.UsageError(f"the game is not waiting for a roll. {_awaiting(state)}")
        _apply(state, Action(Kind.ROLL, game.die.roll(state.rules.die_faces)), log, "seeded die")
        _apply_forced(state, log)
    except IllegalAction as refusal:
        raise _refused(refusal) from None
    game.state = state
    save_game(state_path, game)
    _report(game, log, as_json)


@overload.command()
@click.option("--count", "-n", type=click.IntRange(1), default=1, show_default=True, help="How many actions to take back.")
@state_option
@json_option
def undo(count: int, state_path: Path, as_json: bool) -> None:
    """Take back the last actions, e.g. a die face typed wrong.

    Every action counts, including those played for you ('move red1
    (forced)' after a roll). Seeded draws are not put back: the next 'roll'
    draws a new face.

    \b
    Example:
      overturn overload undo -n 2        take back a roll and its forced move
    """
    game = _load(state_path)
    try:
        earlier = game.state.rewound(count)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    taken_back = [game.state.action_to_string(action) for action in game.state.history[len(earlier.history):]]
    game.state = earlier
    save_game(state_path, game)
    if as_json:
        click.echo(_json_dump({"taken_back": taken_back, **_json_view(game)}))
    else:
        click.echo(f"Took back: {', '.join(taken_back)}.")
        click.echo(_awaiting(earlier))


SESSION_HELP = """Type a number, a pawn name or an action at each prompt:
  0-8                discs for the pawn entering (when asked), or the die face
  Enter / r          roll the seeded die (when the die is awaited)
  red1               move that pawn (after the roll)
  forward / back     leave a +/- space
  give blue1 / take blue1   settle a pawn met on the space
  load 3, roll 5, move red1, step back   the full notation, at any time
  undo               take back the last action
  show, help, quit"""


@overload.command()
@state_option
def session(state_path: Path) -> None:
    """Play interactively: one prompt per decision, saved after each action.

    \b
    Example:
      overturn overload new -p 3 --seed 1 && overturn overload session
    """
    game = _load(state_path)
    click.echo(_render(game.state))
    click.echo("Type 'help' for the commands.")
    while not game.state.is_terminal():
        state = game.state
        answer = click.prompt(_prompt(state), default="", show_default=False).strip().lower()
        if answer in ("quit", "q", "exit"):
            click.echo(f"Saved in {state_path}.")
            return
        if answer in ("help", "?"):
            click.echo(SESSION_HELP)
            continue
        if answer == "show":
            click.echo(_render(state))
            continue
        if answer == "undo":
            if not state.history:
                click.echo("Nothing to take back.")
                continue
            click.echo(f"Took back: {state.action_to_string(state.history[-1])}.")
            game.state = state.rewound(1)
            save_game(state_path, game)
            continue
        if answer == "" and not state.is_chance_node():
            click.echo(_awaiting(state))
            continue
        trial = state.clone()
        log: list[Played] = []
        try:
            _session_action(trial, game.die, answer, log)
        except IllegalAction as refusal:
            click.echo(f"refused: {refusal.message} [rule: {refusal.rule}]")
            continue
        game.state = trial
        save_game(state_path, game)
        for step in log:
            click.echo("\n".join(step.lines()))
    click.echo(_awaiting(game.state))


def _prompt(state: OverloadState) -> str:
    who = state.player_name(state.current)
    if state.phase is Phase.LOAD:
        return f"{who}: discs for {state.pawn_name(state.mover or 0)} (0-{state.rules.max_start_discs})"
    if state.phase is Phase.ROLL:
        return f"{who}: die face (1-{state.rules.die_faces}, Enter = seeded roll)"
    options = ", ".join(state.action_to_string(action) for action in state.legal_actions())
    return f"{who}: {options}"


def _session_action(state: OverloadState, die: SeededDie, answer: str, log: list[Played]) -> None:
    """Turn one answer into actions; shorthand depends on what the game waits for."""
    if state.phase is Phase.ROLL and answer in ("", "r", "roll"):
        _apply(state, Action(Kind.ROLL, die.roll(state.rules.die_faces)), log, "seeded die")
    elif answer.isdigit() and state.phase in (Phase.LOAD, Phase.ROLL):
        kind = Kind.LOAD if state.phase is Phase.LOAD else Kind.ROLL
        _apply(state, Action(kind, int(answer)), log)
    elif answer in ("forward", "back"):
        _apply(state, state.parse_action(f"step {answer}"), log)
    elif " " not in answer and state.phase is Phase.MOVE:
        _apply(state, Action(Kind.MOVE, state.pawn_index(answer)), log)
    elif answer.split(" ")[0] == Kind.ROLL.value and state.phase is Phase.LOAD:
        _forget_load(state, log)
        _apply(state, state.parse_action(answer), log)
    else:
        _apply(state, state.parse_action(answer), log)
    _apply_forced(state, log)
