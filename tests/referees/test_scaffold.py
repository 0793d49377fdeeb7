"""The shared referee scaffold (cli/referee_app.py), driven with a toy game so it is tested apart from any real one.

The toy is take-away: a pile of stones, each player takes 1 to 3, whoever takes
the last stone wins. Its file stores the pile and the moves; loading replays.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from overturn.jsonstore import SaveError, StateFileError
from overturn.referees.protocol import IllegalAction, Played, Referee, UsageProblem, nothing_to_undo
from overturn_cli import referee_app
from overturn_cli.referee_app import RefereeCommands, build_referee_group


@dataclass
class Pile:
    """The toy state: OpenSpiel style, refusals leave it untouched."""

    stones: int
    history: list[int] = field(default_factory=list)

    def current_player(self) -> int:
        return len(self.history) % 2

    def legal_actions(self) -> list[int]:
        return [take for take in (1, 2, 3) if take <= self.stones]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("take-range", f"take 1 to {min(3, self.stones)} stones, not {action}")
        self.stones -= action
        self.history.append(action)

    def is_terminal(self) -> bool:
        return self.stones == 0

    def returns(self) -> list[float]:
        winner = (len(self.history) - 1) % 2
        return [1.0 if player == winner else 0.0 for player in (0, 1)] if self.is_terminal() else [0.0, 0.0]

    def action_to_string(self, action: int) -> str:
        return f"take {action}"

    def parse_action(self, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or not words[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}: write 'take N'")
        return int(words[1])

    def clone(self) -> Pile:
        return Pile(self.stones, list(self.history))


@dataclass(frozen=True)
class Toy:
    start: int
    state: Pile


class ToyReferee(Referee[Toy]):
    name = "toy"
    title = "Take-away"
    rules_package = "overturn.referees.overload"  # any packaged data/rules.txt will do for the scaffold

    def new_game(self, stones: int = 10, **_: Any) -> Toy:
        if stones < 1:
            raise UsageProblem("a pile needs at least one stone")
        return Toy(stones, Pile(stones))

    def to_json(self, game: Toy) -> dict[str, Any]:
        return {"start": game.start, "moves": list(game.state.history), "stones": game.state.stones}

    def from_json(self, data: Any, origin: str) -> Toy:
        if not isinstance(data, dict) or set(data) != {"start", "moves", "stones"}:
            raise StateFileError(f"{origin}: not a toy game")
        # Deliberately brittle, like deep game code meeting a corrupted file: the
        # scaffold must turn whatever escapes (IndexError, TypeError...) into one error.
        last_move = data["moves"][-1] if data["stones"] < data["start"] else None
        state = Pile(data["start"])
        for move in data["moves"]:
            state.apply_action(move)  # a bad move raises IllegalAction, a ValueError
        if data["stones"] != state.stones or (last_move is not None and last_move != state.history[-1]):
            raise StateFileError(f"{origin}: field 'stones' does not follow from the moves")
        return Toy(data["start"], state)

    def state(self, game: Toy) -> Pile:
        return game.state

    def render(self, game: Toy, **_: Any) -> str:
        return f"pile: {'o' * game.state.stones}\n{self.awaiting(game)}"

    def awaiting(self, game: Toy) -> str:
        if game.state.is_terminal():
            return f"player {1 - game.state.current_player()} wins"
        return f"player {game.state.current_player()}: take 1-3"

    def view_json(self, game: Toy, **_: Any) -> dict[str, Any]:
        return {"stones": game.state.stones, "awaiting": self.awaiting(game), "legal": self.legal(game)}

    def play(self, game: Toy, moves: Sequence[str], **_: Any) -> tuple[Toy, list[Played]]:
        if not moves:
            raise UsageProblem("nothing to play")
        state = game.state.clone()
        log = []
        for text in moves:
            state.apply_action(state.parse_action(text))
            log.append(Played(text, effects=(f"{state.stones} left",)))
        return replace(game, state=state), log

    def rewind(self, game: Toy, count: int) -> tuple[Toy, list[str]]:
        if count > len(game.state.history):
            raise nothing_to_undo(count, len(game.state.history), "move")
        kept = game.state.history[: len(game.state.history) - count]
        state = Pile(game.start)
        for move in kept:
            state.apply_action(move)
        return replace(game, state=state), [f"take {move}" for move in game.state.history[len(kept):]]

    def computer_turn(self, game: Toy, computer: bool = False, **_: Any) -> tuple[Toy, list[Played]] | None:
        if not computer or game.state.current_player() != 1:
            return None
        return self.play(game, ["take 1"])


toy = build_referee_group(RefereeCommands(
    referee=ToyReferee(),
    help="A toy game for the scaffold's tests.",
    start_hint="overturn toy new",
    new_options=[click.option("--stones", type=int, default=10, help="Stones in the pile.")],
    session_options=[click.option("--computer", is_flag=True, help="Player 1 is the computer.")],
    examples={"new": "  toy new --stones 7"},
))


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(toy, list(args), input=input)


@pytest.fixture()
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "toy.json"
    assert run("new", "--stones", "7", "--state", str(path)).exit_code == 0
    return path


def test_every_shared_command_is_there_with_its_help() -> None:
    assert set(toy.commands) == {"new", "show", "legal", "play", "undo", "session", "rules"}
    assert "toy new --stones 7" in run("new", "--help").output
    assert "toy.json" in run("show", "--help").output


def test_new_needs_force_over_an_existing_game_and_reports_bad_options(game_file: Path) -> None:
    before = game_file.read_bytes()
    again = run("new", "--state", str(game_file))
    assert again.exit_code == 2 and "--force" in again.output and game_file.read_bytes() == before
    bad = run("new", "--stones", "0", "--force", "--state", str(game_file))
    assert bad.exit_code == 2 and "at least one stone" in bad.output and game_file.read_bytes() == before
    assert run("new", "--stones", "3", "--force", "--state", str(game_file)).exit_code == 0
    assert json.loads(game_file.read_text())["stones"] == 3


def test_play_saves_and_reports_and_a_refusal_changes_nothing(game_file: Path) -> None:
    played = run("play", "take 2", "take 3", "--state", str(game_file))
    assert played.exit_code == 0 and "take 3\n  2 left" in played.output and "player 0: take 1-3" in played.output
    before = game_file.read_bytes()
    text = run("play", "take 1", "take 3", "--state", str(game_file))  # all or nothing
    assert text.exit_code == 1 and "refused: take 1 to 1 stones, not 3 [rule: take-range]" in text.stderr
    as_json = run("play", "take 9", "--json", "--state", str(game_file))
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout) == {"error": {"rule": "take-range", "message": "take 1 to 2 stones, not 9"}}
    assert game_file.read_bytes() == before
    assert run("play", "--state", str(game_file)).exit_code == 2


def test_show_legal_undo_and_rules(game_file: Path) -> None:
    run("play", "take 3", "--state", str(game_file))
    assert run("show", "--state", str(game_file)).output.startswith("pile: oooo\n")
    assert json.loads(run("legal", "--json", "--state", str(game_file)).output)["legal"] == ["take 1", "take 2", "take 3"]
    undone = run("undo", "--json", "--state", str(game_file))
    assert json.loads(undone.output)["taken_back"] == ["take 3"] and json.loads(undone.output)["stones"] == 7
    too_far = run("undo", "-n", "5", "--state", str(game_file))  # refused, as a move past the start would be: 1
    assert too_far.exit_code == 1 and "nothing to undo: no move has been played yet" in too_far.output
    run("play", "take 2", "--state", str(game_file))
    too_far = run("undo", "-n", "5", "--state", str(game_file))
    assert too_far.exit_code == 1 and "cannot take back 5 moves: only 1 move has been played" in too_far.output
    assert run("rules").exit_code == 0 and run("rules").output.strip()


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000,                                           # RecursionError in the parser
        '{"start": 5, "moves": [1, 9], "stones": 4}',            # a move refused while rebuilding
        '{"start": 5, "moves": [], "stones": 1}',                # IndexError deep inside
        '{"start": "5", "moves": [], "stones": 5}',              # TypeError deep inside
        '{"start": 5}',                                          # StateFileError
        "\xff\xfe not text",                                     # not UTF-8
    ],
)
def test_a_corrupted_file_is_one_unreadable_error_naming_the_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1"))
    for command in (["show"], ["legal"], ["play", "take 1"], ["undo"]):
        result = run(*command, "--state", str(path))
        assert result.exit_code == 2, (command, result.output)
        assert "bad.json" in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1
    assert path.read_bytes() == content.encode("latin-1")


def test_a_missing_file_suggests_how_to_start(tmp_path: Path) -> None:
    result = run("show", "--state", str(tmp_path / "none.json"))
    assert result.exit_code == 2 and "overturn toy new" in result.output


def test_a_failed_save_is_one_line_and_keeps_the_old_file(game_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def disk_full(path: Any, data: Any) -> None:
        raise SaveError(f"{path}: cannot save (No space left on device)")

    before = game_file.read_bytes()
    monkeypatch.setattr(referee_app, "save_json_atomic", disk_full)
    result = run("play", "take 1", "--state", str(game_file))
    assert result.exit_code == 1 and "cannot save" in result.output and "No space left" in result.output
    assert "the file on disk is unchanged" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert game_file.read_bytes() == before


def test_a_save_into_a_missing_directory_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    result = run("new", "--state", str(blocker / "toy.json"))
    assert result.exit_code == 1 and "toy.json" in result.output and "Traceback" not in result.output
    assert blocker.read_text(encoding="utf-8") == "not a directory"


def test_session_plays_with_the_computer_hook_and_needs_force_for_new(game_file: Path) -> None:
    refused = run("session", "--new", "--state", str(game_file), input="quit\n")
    assert refused.exit_code == 2 and "--force" in refused.output
    result = run("session", "--new", "--force", "--stones", "4", "--computer", "--state", str(game_file),
                 input="take 9\ntake 2\ntake 1\n")
    assert result.exit_code == 0, result.output
    assert "refused: take 1 to 3 stones, not 9 [rule: take-range]" in result.output
    assert "player 0 wins" in result.output  # 4 - 2 (table) - 1 (computer) - 1 (table)
    assert json.loads(game_file.read_text()) == {"start": 4, "moves": [2, 1, 1], "stones": 0}
