"""`overturn insider`: referee an Insider game at the table, one command per action.

The game lives in a JSON file (``--state``, default ``insider.json``) rewritten
atomically after every accepted action; a refused action prints the rule it
breaks, exits non-zero and leaves the file as it was.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import click

from overturn.jsonstore import StateFileError
from overturn.referees.base import IllegalAction
from overturn.referees.insider.state import InsiderState
from overturn.referees.insider.codec import load_state, save_state, state_to_json
from overturn.referees.insider.render import describe_turn, render
from overturn_cli.common import json_option, state_option as _state_option


state_option = _state_option("insider.json")


@click.group(context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
def insider() -> None:
    """Referee for Insider (2 to 4 players, 7 pawns each, 7 evaluations).

    \b
    A game, as the rule book plays it:
      overturn insider new --players 2 --seed 7     deal, turn the first card
      overturn insider show                         board, tables, scores, who acts
      overturn insider legal                        every action allowed now
      overturn insider play walk                    7 movement points...
      overturn insider play step a1 a1-a2.1         ...spent one step at a time
      overturn insider play roll                    or roll two dice (seeded)
      overturn insider play draw                    or draw action cards
      overturn insider play heli 2 b2 c3            2 Helicopters: fly into the INSIDER
      overturn insider play guard 2                 an opponent's Bodyguard answer
      overturn insider play end                     finish the turn
      overturn insider session                      play interactively

    \b
    With 'new --table', dice and cards come from the real table:
      overturn insider play dice 3 5                the roll
      overturn insider play card heli               the action card drawn
      overturn insider play eval 5b                 the evaluation card turned

    Positions: big squares a1..e5 (a1 bottom left), path spaces a1-a2.1
    (space 1 is next to a1). A card play may drop its leading word 'play'
    ('play heli 2 b2 c3' or just 'heli 2 b2 c3'). docs/insider.md has the
    rules as implemented.
    """


# ----- helpers -----------------------------------------------------------------


def _load(state_path: Path) -> InsiderState:
    try:
        return load_state(state_path)
    except StateFileError as exc:
        hint = " (start one with 'overturn insider new --players 2')" if not state_path.exists() else ""
        raise click.ClickException(f"{exc}{hint}") from None


def _refused(refusal: IllegalAction) -> click.ClickException:
    return click.ClickException(f"refused: {refusal.message} [rule: {refusal.rule}]; the game file is unchanged")


CARD_SHORTCUTS = ("admin", "heli", "scandal", "trend")


def _apply(state: InsiderState, action: str) -> list[str]:
    """Apply one action, then the seeded chance outcomes if the referee draws them; returns the new events.

    At the command line a card play may drop its leading 'play' ('heli 2 b2 c3').
    """
    if action.split()[:1] and action.split()[0].lower() in CARD_SHORTCUTS:
        action = f"play {action}"
    seen = len(state.events)
    state.apply_action(action)
    if state.auto_chance:
        state.resolve_chance()
    return state.events[seen:]


def _summary(state: InsiderState) -> dict[str, Any]:
    return {
        "current_player": state.current_player(),
        "awaiting": describe_turn(state),
        "terminal": state.is_terminal(),
        "scores": list(state.scores),
        "returns": state.returns(),
        "evaluations_done": state.evaluations_done,
        "legal_actions": state.legal_actions(),
    }


# ----- commands ----------------------------------------------------------------


@insider.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, help="Number of players (2 to 4).")
@click.option("--seed", type=int, default=None, help="Seed for dice and cards drawn by the referee [default: random].")
@click.option("--table", "table_chance", is_flag=True,
              help="Dice, cards and evaluation cards come from the real table (give them with 'play').")
@click.option("--force", is_flag=True, help="Overwrite an existing game file.")
@state_option
@json_option
def new(players: int, seed: int | None, table_chance: bool, force: bool, state_path: Path, as_json: bool) -> None:
    """Start a game: deal 7 action cards each and turn the first evaluation card.

    \b
    Examples:
      overturn insider new --players 3 --seed 42
      overturn insider new --players 4 --table --state club.json
    """
    if state_path.exists() and not force:
        raise click.ClickException(f"{state_path} already exists (use --force to overwrite)")
    state = InsiderState(players, seed=seed if seed is not None else secrets.randbelow(2**31))
    state.auto_chance = not table_chance
    if state.auto_chance:
        state.resolve_chance()
    save_state(state_path, state)
    if as_json:
        click.echo(json.dumps({"seed": state.seed, **_summary(state)}))
    else:
        click.echo(render(state))
        click.echo(f"\nSaved to {state_path} (seed {state.seed}).")


@insider.command()
@click.option("--hands", is_flag=True, help="Reveal every hand (the referee sees them all).")
@state_option
@json_option
def show(hands: bool, state_path: Path, as_json: bool) -> None:
    """Draw the board, the INSIDER's tables, scores and what is awaited.

    \b
    Example:
      overturn insider show --hands
    """
    state = _load(state_path)
    if as_json:
        click.echo(json.dumps({**_summary(state), "state": state_to_json(state)}))
    else:
        click.echo(render(state, show_hands=hands))


@insider.command()
@state_option
@json_option
def legal(state_path: Path, as_json: bool) -> None:
    """List every action allowed now (chance outcomes with their probabilities).

    \b
    Example:
      overturn insider legal --json
    """
    state = _load(state_path)
    if as_json:
        click.echo(json.dumps({**_summary(state), "chance_outcomes": state.chance_outcomes()}))
        return
    click.echo(describe_turn(state))
    if state.is_chance_node():
        for action, probability in state.chance_outcomes():
            click.echo(f"  {action:<24} {probability:.3f}")
    else:
        for action in state.legal_actions():
            click.echo(f"  {action}")


@insider.command()
@click.argument("action", nargs=-1, required=True)
@state_option
@json_option
def play(action: tuple[str, ...], state_path: Path, as_json: bool) -> None:
    """Apply one ACTION (the words of 'overturn insider legal').

    \b
    Examples:
      overturn insider play walk
      overturn insider play step b2 b2-c2.1
      overturn insider play seat 3
      overturn insider play admin 1 b2:0 d4:1    (short for 'play admin 1 ...')
      overturn insider play scandal 1 1
      overturn insider play pass
      overturn insider play dice 4 4          (with --table games)
    """
    state = _load(state_path)
    text = " ".join(action)
    try:
        events = _apply(state, text)
    except IllegalAction as refusal:
        raise _refused(refusal) from None
    save_state(state_path, state)
    if as_json:
        click.echo(json.dumps({"applied": text, "events": events, **_summary(state)}))
        return
    for event in events:
        click.echo(f"  {event}")
    click.echo(describe_turn(state))


SESSION_HELP = """Commands: an action (as listed by 'legal'), or
  legal   list the allowed actions      show   draw the board
  hands   draw the board with hands      help   this text
  quit    leave (the game is saved after every action)"""


@insider.command()
@state_option
def session(state_path: Path) -> None:
    """Play interactively: type actions at the prompt, the game is saved after each one.

    \b
    Example:
      overturn insider new --players 2 --seed 1 && overturn insider session
      P0> walk
      P0> step a1 a1-a2.1
      P0> quit
    """
    state = _load(state_path)
    click.echo(render(state))
    click.echo(SESSION_HELP)
    while True:
        prompt = "game over" if state.is_terminal() else f"P{state.current_player()}" \
            if state.current_player() >= 0 else "chance"
        try:
            line = click.prompt(prompt, prompt_suffix="> ", default="", show_default=False)
        except click.Abort:
            break
        line = line.strip()
        if line in ("quit", "exit"):
            break
        if not line:
            continue
        if line == "help":
            click.echo(SESSION_HELP)
        elif line == "legal":
            options = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            click.echo("  " + "\n  ".join(options) if options else "  (none)")
        elif line in ("show", "hands"):
            click.echo(render(state, show_hands=line == "hands"))
        else:
            try:
                events = _apply(state, line)
            except IllegalAction as refusal:
                click.echo(f"refused: {refusal.message} [rule: {refusal.rule}]")
                continue
            save_state(state_path, state)
            for event in events:
                click.echo(f"  {event}")
            click.echo(describe_turn(state))
    click.echo(f"Saved in {state_path}.")
