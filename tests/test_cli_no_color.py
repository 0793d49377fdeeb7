"""Every command that draws a board takes ``--color/--no-color``, as the README says (issue 41: ``game review`` and
``offboard show`` refused it, as did every board game's command)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli.main import main

#: Every command that draws a board (``game review`` lists the moves beside one: a script passes it the same options).
DRAWING = [
    ("show",), ("play",), ("referee",),
    ("game", "new"), ("game", "show"), ("game", "play"), ("game", "hint"), ("game", "next-layer"), ("game", "review"),
    ("table", "show"), ("table", "play"), ("table", "pass"), ("table", "watch"),
    *[(game, command) for game in ("overload", "offboard", "insider") for command in ("new", "show", "session")],
]


@pytest.mark.parametrize("words", DRAWING, ids=" ".join)
def test_every_drawing_command_takes_no_color(words: tuple[str, ...]) -> None:
    done = CliRunner().invoke(main, [*words, "--no-color", "--help"])  # an unknown option is refused before --help answers
    assert done.exit_code == 0, done.output
    assert "--color / --no-color" in done.output


@pytest.mark.parametrize("game", ["overload", "offboard", "insider"])
def test_a_board_game_drawn_with_no_color_is_its_plain_board(game: str, tmp_path: Path) -> None:
    state = str(tmp_path / f"{game}.json")
    players = [] if game == "offboard" else ["--players", "3", "--seed", "7"]
    assert CliRunner().invoke(main, [game, "new", "--state", state, *players]).exit_code == 0
    plain = CliRunner().invoke(main, [game, "show", "--state", state])
    for flag in ("--no-color", "--color"):
        drawn = CliRunner().invoke(main, [game, "show", "--state", state, flag])
        assert drawn.exit_code == 0 and drawn.output == plain.output and "\x1b" not in drawn.output
