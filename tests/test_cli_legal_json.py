"""``legal --json`` lists actions a program can play as written (issue 41: Insider's listed its people's groups,
``step FROM TO: a1 -> a1-b1.1 a1-a2.1`` and ``play scandal 1 1 | 2``, which 'play' refuses)."""

from __future__ import annotations

import json
import random
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli.insider import REFEREE as INSIDER
from overturn_cli.main import main
from overturn_cli.offboard import REFEREE as OFFBOARD
from overturn_cli.overload import REFEREE as OVERLOAD

GAMES = {"insider": (INSIDER, ["--players", "3", "--seed", "7"]), "overload": (OVERLOAD, ["--players", "3", "--seed", "7"]), "offboard": (OFFBOARD, [])}
POSITIONS, ACTIONS_EACH, SEEDS = 12, 8, 3


@pytest.mark.parametrize("name", GAMES)
def test_every_action_legal_json_lists_plays_as_written(name: str, tmp_path: Path) -> None:
    referee, options = GAMES[name]
    state, copy = tmp_path / "game.json", tmp_path / "copy.json"
    checked = 0
    for seed in range(SEEDS):
        assert CliRunner().invoke(main, [name, "new", "--state", str(state), "--force", *options]).exit_code == 0
        rng = random.Random(seed)
        for _ in range(POSITIONS):  # positions along a random game: each kind of turn the game reaches
            listed = json.loads(CliRunner().invoke(main, [name, "legal", "--json", "--state", str(state)]).output)["legal"]
            if not listed:
                break
            for action in rng.sample(listed, min(ACTIONS_EACH, len(listed))):
                shutil.copyfile(state, copy)
                played = CliRunner().invoke(main, [name, "play", *shlex.split(action), "--state", str(copy)])
                assert played.exit_code == 0, f"{action!r}: {played.output}"
                checked += 1
            game = referee.from_json(json.loads(state.read_text(encoding="utf-8")), str(state))
            if referee.state(game).is_terminal():
                break
            state.write_text(json.dumps(referee.to_json(referee.play(game, [rng.choice(listed)])[0])), encoding="utf-8")
    assert checked > SEEDS * POSITIONS
