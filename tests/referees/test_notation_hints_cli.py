"""The command line's notation hints: after the line saying what a game waits for, the command to type, worded in
the game's ``commandLine`` section of overturn/wording/en.json (the page never shows it), and playable as written."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from overturn.referees.base import IllegalAction
from overturn.referees.insider import effects as insider_effects
from overturn.referees.insider.scenario import scenario
from overturn.referees.offboard import effects as offboard_effects
from overturn.referees.offboard.geometry import Player
from overturn.referees.offboard.state import OffboardState
from overturn.referees.overload import effects as overload_effects
from overturn.referees.protocol import Referee
from overturn.referees.templates import shared
from overturn.referees.wording import kinds
from overturn_cli import insider, offboard, overload
from overturn_cli.main import main
from overturn_cli.referee_app import RefereeCommands, notation_hint, without_play

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = {"overload": (overload.COMMANDS, overload_effects), "offboard": (offboard.COMMANDS, offboard_effects),
         "insider": (insider.COMMANDS, insider_effects)}
#: What a game says once it is over: nothing is left to type.
OVER = {"game-won", "game-over", "ended"}
#: A hint's commands, quoted as typed: 'play load N'.
COMMAND = re.compile(r"'play ([^']+)'")
#: A command's upper-case word is a value to give (N, NAME, FROM-TO's FROM and TO).
PLACEHOLDER = re.compile(r"\b[A-Z]+\b")


def run(*args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_new_games_end_with_the_command_to_type(tmp_path: Path) -> None:
    """`new` used to end on the catalogue's sentence alone ('then roll the die.'), with no way to know what to type."""
    said = run("overload", "new", "--players", "3", "--state", str(tmp_path / "o.json")).splitlines()[-1]
    assert said == ("red: choose 0 to 8 discs for the red pawn 1 on the start, then roll the die. Type 'play load N' "
                    "(N from 0 to 8), then 'play roll R' with the real die or 'play roll' for the seeded die.")
    said = run("offboard", "new", "--state", str(tmp_path / "b.json")).splitlines()[-1]
    assert said == ("Score: red 0, yellow 0. red to play. Type 'play FROM-TO': the marble at the rear of what moves, "
                    "and the hole it steps into.")
    said = run("insider", "new", "--seed", "7", "--state", str(tmp_path / "i.json")).splitlines()[-1]
    assert said == "P0 to play: walk, roll or draw. Type 'play walk', 'play roll' or 'play draw'."


def test_play_undo_legal_and_the_session_prompt_name_the_command(tmp_path: Path) -> None:
    state = ["--state", str(tmp_path / "o.json")]
    run("overload", "new", "--players", "3", "--seed", "7", *state)
    assert run("overload", "play", "load", "3", *state).splitlines()[-1] == (
        "red: roll the die. Type 'play roll R' with the real die, or 'play roll' for the seeded die.")
    assert "Type 'play load N'" in run("overload", "undo", *state).splitlines()[-1]
    assert "Type 'play load N'" in run("overload", "legal", *state).splitlines()[0]
    insider_state = ["--state", str(tmp_path / "i.json")]
    # the prompt is the awaiting line, hinted; an answer typed as the hint writes it ('play walk') is played
    session = run("insider", "session", "--new", "--seed", "7", *insider_state, input="play walk\nquit\n")
    assert "P0 to play: walk, roll or draw. Type 'play walk', 'play roll' or 'play draw'.: " in session
    assert "P0 moving: 7 point(s) left" in session.split("Saved in")[1]


def test_json_and_a_games_own_short_prompt_stay_without_a_hint(tmp_path: Path) -> None:
    state = ["--state", str(tmp_path / "o.json")]
    output = run("overload", "session", "--new", "--players", "3", "--seed", "7", *state, input="quit\n")
    assert "red: discs for red1 (0-8): " in output and "(0-8) Type" not in output
    assert "Type" not in run("overload", "show", "--json", *state)


def test_offboard_says_on_the_command_line_that_losing_without_a_move_is_a_choice() -> None:
    stuck = OffboardState.from_position(red=["E5"], yellow=[], to_move=Player.YELLOW)
    assert notation_hint(offboard.COMMANDS, stuck) == "(That a player who cannot move loses is a choice: the rule book does not say.)"
    on_points = OffboardState.from_position(red=["E5"], yellow=["A1"], targets={1: Player.YELLOW, 4: Player.YELLOW})  # 3 + 3
    assert on_points.is_terminal() and notation_hint(offboard.COMMANDS, on_points) == ""


def test_a_session_answer_loses_only_a_leading_play() -> None:
    assert [without_play(text) for text in ("play move red1", "PLAY walk, end", "play", "walk", "playing")] == [
        "move red1", "walk, end", "play", "walk", "playing"]


@pytest.mark.parametrize("game", GAMES)
def test_every_step_awaited_has_a_hint_and_the_page_never_reads_them(game: str) -> None:
    commands, effects = GAMES[game]
    hints = shared("en")["events"][game]["commandLine"]
    assert kinds(*effects.AWAITING) - OVER <= set(hints) <= kinds(*effects.AWAITING)
    assert "commandLine" not in shared("fr")["events"][game]  # the command line speaks English only
    scripts = [path for path in (ROOT / "overturn" / "web" / "js").rglob("*.js") if not path.name.startswith("catalogue-")]
    assert not [path.name for path in scripts if "commandLine" in path.read_text(encoding="utf-8")]


def _legal(referee: Referee[Any], game: Any) -> list[str]:
    state = referee.state(game)
    return [action if isinstance(action, str) else state.action_to_string(action) for action in state.legal_actions()]


def _fillings(referee: Referee[Any], game: Any) -> list[str]:
    """What may give a hint's values: the legal actions now, after one of them, and the two in a row."""
    now = _legal(referee, game)
    found = list(now)
    for action in now:
        after = _legal(referee, referee.play(game, [action])[0])
        found += after + [f"{action} {then}" for then in after]
    return found


def _commands(hint: str, fillings: list[str]) -> list[str]:
    """The hint's commands with their values given: from the first filling the command's form matches, else from
    another command of the same hint naming the same value ('move FROM TO' takes a step's)."""
    commands, values = COMMAND.findall(hint), {}
    for command in commands:
        form = re.compile(PLACEHOLDER.sub(lambda name: f"(?P<{name.group()}>\\S+?)", command.replace(".", r"\.")) + "$")
        values.update(next((found.groupdict() for found in map(form.match, fillings) if found), {}))
    assert commands and all(set(PLACEHOLDER.findall(command)) <= set(values) for command in commands), (hint, values)
    return [PLACEHOLDER.sub(lambda name: values[name.group()], command) for command in commands]


def _walk(referee: Referee[Any], game: Any, seed: int, steps: int, deadline: float) -> Iterator[Any]:
    """A random game from ``game``, one position after each action, bounded in actions and time."""
    rng = random.Random(seed)
    for _ in range(steps):
        yield game
        if referee.state(game).is_terminal() or time.monotonic() > deadline:
            return
        action = referee.random_action(game, rng)
        game = referee.play(game, [action if isinstance(action, str) else referee.state(game).action_to_string(action)])[0]


def _overload_positions(referee: Referee[Any], deadline: float) -> Iterator[Any]:
    for seed, variant in ((1, 4), (2, 6)):
        yield from _walk(referee, referee.new_game(players=3, variant=variant, seed=seed), seed, 600, deadline)


def _offboard_positions(referee: Referee[Any], deadline: float) -> Iterator[Any]:
    yield from _walk(referee, referee.new_game(), 1, 40, deadline)
    bounced = OffboardState.from_position(red=["C2", "B2", "E5"], yellow=["A2", "I9"], targets={1: Player.YELLOW})
    yield referee.play(bounced, ["C2-B2"])[0]  # yellow's marble bounced off a taken target: place or remove


def _insider_positions(referee: Referee[Any], deadline: float) -> Iterator[Any]:
    yield from _walk(referee, referee.new_game(players=2, seed=0, table_chance=True), 0, 520, deadline)
    rumours = referee.new_game(players=2, seed=0, table_chance=True)
    deal = ", ".join(["card scandal"] * 7 + ["card admin"] * 7)
    yield referee.play(rumours, [deal, "eval 4b", "walk", "scandal 2 1", "move a1 b1, move b1 c1, step c1 c1-d1.1, end", "roll"])[0]  # one die
    yield referee.play(scenario(hands={0: {"admin": 3}}, card="3a", tables=[1, None, 0]), ["walk", "admin 3"])[0]  # VIP


POSITIONS: dict[str, Callable[[Referee[Any], float], Iterator[Any]]] = {
    "overload": _overload_positions, "offboard": _offboard_positions, "insider": _insider_positions}


def _quoted(wording: Any) -> set[str]:
    """Every command a catalogue wording quotes, in any of its branches."""
    if isinstance(wording, str):
        return set(COMMAND.findall(wording))
    parts = wording.values() if isinstance(wording, dict) else wording if isinstance(wording, list) else []
    return set().union(*map(_quoted, parts))


@pytest.mark.parametrize("game", GAMES)
def test_each_hinted_command_plays_as_written(game: str) -> None:
    """Each command of the game's hints (all branches: rumours' one die, a bounced marble) is accepted by a copy of
    the game in a step where it is hinted, its upper-case words given values the game accepts there."""
    commands: RefereeCommands = GAMES[game][0]
    assert commands.awaited is not None
    referee, wanted = commands.referee, _quoted(shared("en")["events"][game]["commandLine"])
    played: set[str] = set()  # the commands played, as the hints write them
    for position in POSITIONS[game](referee, time.monotonic() + 60):
        hint = notation_hint(commands, position)
        if played == wanted:
            break
        if set(COMMAND.findall(hint)) <= played:
            continue
        for form, command in zip(COMMAND.findall(hint), _commands(hint, _fillings(referee, position))):
            try:
                referee.play(position, [command])
            except IllegalAction as refusal:
                pytest.fail(f"{game}: {hint!r} names {command!r}, refused: {refusal}")
            played.add(form)
    assert played == wanted
