"""`overturn game`, `overturn referee` and `overturn play` through click's runner, on a small lexicon."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli import game as game_cli
from overturn_cli.main import main

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # see tests/test_game.py for the layout


@pytest.fixture(scope="module")
def lexicon_dir(make_lexicon) -> str:
    lexicon = make_lexicon(["roi", "boire", "pôle", "bonne", "tempête", "axe", "zen", "que", "nu"])
    return str(lexicon.directory)


@pytest.fixture
def state(tmp_path: Path, lexicon_dir: str) -> Path:
    path = tmp_path / "game.json"
    result = run("game", "new", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--ending", "passes", "--state", str(path))
    assert result.exit_code == 0, result.output
    return path


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_new_show_play_undo(state: Path):
    result = run("game", "play", "roi", "--path", "D1 E1 E2", "--state", str(state))
    assert result.exit_code == 0, result.output
    assert "ROI: LEGAL" in result.output and "[R]g1" in result.output and "roi (noun, lemma roi)" in result.output
    result = run("game", "play", "BOIRE", "--state", str(state))
    assert result.exit_code == 0 and "ring swing +8" in result.output
    shown = run("game", "show", "--state", str(state))
    assert "silver plays BOIRE" in shown.output and "green 0 · silver 5 · green to move" in shown.output
    data = json.loads(run("game", "show", "--json", "--state", str(state)).output)
    assert data["result"] == {"scores": [0, 5], "over": False, "turn": 0, "winners": []}
    assert [move["word"] for move in data["game"]["moves"]] == ["ROI", "BOIRE"]
    assert run("game", "undo", "--state", str(state)).exit_code == 0
    assert json.loads(state.read_text(encoding="utf-8"))["to_move"] == "silver"


def test_refused_play_exits_1_and_keeps_the_file(state: Path):
    before = state.read_bytes()
    result = run("game", "play", "POLE", "--state", str(state))
    assert result.exit_code == 1 and "single_tile" in result.output and "unchanged" in result.output
    result = run("game", "play", "ROIE", "--state", str(state), "--json")
    assert result.exit_code == 1 and "ROI" in json.loads(result.output)["verdict"]["suggestions"]
    result = run("game", "play", "ROI", "--player", "silver", "--state", str(state))
    assert result.exit_code == 1 and "wrong_player" in result.output
    assert state.read_bytes() == before


def test_bad_path_text_is_a_usage_error(state: Path):
    result = run("game", "play", "ROI", "--path", "Z9", "--state", str(state))
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_pass_moves_and_hint(state: Path):
    run("game", "play", "ROI", "--path", "D1 E1 E2", "--state", str(state))
    moves = json.loads(run("game", "moves", "--json", "--state", str(state)).output)["moves"]
    assert moves == [
        {"kind": "word", "word": "BOIRE", "path": [5, 4, 10, 3, 9], "swing": 8, "readings": {}}
    ]
    hint = run("game", "hint", "--state", str(state))
    assert "BOIRE" in hint.output and "[B]1" in hint.output
    assert run("game", "pass", "D1", "--state", str(state)).exit_code == 1
    result = run("game", "pass", "A6", "--state", str(state))
    assert result.exit_code == 0 and "a green ring on A6" in result.output
    assert run("game", "pass", "B6", "--state", str(state)).exit_code == 0
    assert "game over" in run("game", "show", "--state", str(state)).output
    assert "game is over" in run("game", "moves", "--state", str(state)).output


def test_referee_exit_codes(state: Path, lexicon_dir: str):
    legal = run("referee", "tempête", "--state", str(state))
    assert legal.exit_code == 0 and "tempête (noun, lemma tempête)" in legal.output
    refused = run("referee", "POLE", "--state", str(state), "--json")
    assert refused.exit_code == 1 and json.loads(refused.output)["reason"] == "single_tile"
    on_board = run("referee", "BONNE", "--board", BOARD_TEXT, "--mode", "advanced", "--lexicon", lexicon_dir)
    assert on_board.exit_code == 1 and "cell_reused" in on_board.output
    assert run("referee", "ROI", "--state", str(state.parent / "missing.json")).exit_code == 2
    assert run("referee", "ROI", "--board", "ABC", "--lexicon", lexicon_dir).exit_code == 2
    assert run("referee", "ROI", "--board", BOARD_TEXT, "--lexicon", "no-such-lexicon").exit_code == 2
    broken = state.parent / "broken.json"
    broken.write_text('{"format": "overturn-game", "version": 1, "mode": "turbo"}', encoding="utf-8")
    result = run("referee", "ROI", "--state", str(broken))
    assert result.exit_code == 2 and "mode:" in result.output


def test_new_refuses_to_overwrite_and_next_layer(tmp_path: Path, lexicon_dir: str, state: Path):
    assert run("game", "new", "--lexicon", lexicon_dir, "--state", str(state)).exit_code == 2
    dealt = tmp_path / "dealt.json"
    result = run("game", "new", "--seed", "7", "--lexicon", lexicon_dir, "--state", str(dealt))
    assert result.exit_code == 0 and "seed 7" in result.output
    assert "bottom layer" in run("game", "next-layer", "--force", "--state", str(dealt)).output
    assert json.loads(dealt.read_text(encoding="utf-8"))["layer"] == 1
    assert run("game", "next-layer", "--force", "--state", str(state)).exit_code == 1  # a typed board has no other layer


def test_interactive_two_players(tmp_path: Path, lexicon_dir: str):
    saved = tmp_path / "session.json"
    script = "help\nROI D1 E1 E2\nPOLE\nBOIRE\nundo\nBOIRE\npass A6\ny\nquit\n"  # y: pass although words remain
    result = run("play", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--state", str(saved), input=script)
    assert result.exit_code == 0, result.output
    assert "green plays ROI" in result.output and "refused [single_tile]" in result.output
    assert result.output.count("silver plays BOIRE") == 3 and "undone: silver plays BOIRE" in result.output
    assert "green passes" in result.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert [move.get("word", "pass") for move in data["moves"]] == ["ROI", "BOIRE", "pass"]


def test_interactive_against_the_computer_to_the_end(lexicon_dir: str):
    result = run(
        "play", "--vs", "computer", "--level", "3", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--seed", "1",
        # each pass is confirmed while words remain; when none do, the "y" is a refused word and changes nothing
        input="ROI D1 E1 E2\nhint\n" + "".join(f"pass {col}{row}\ny\n" for row in range(1, 7) for col in "ABCDEF"),
    )
    assert result.exit_code == 0, result.output
    assert "computer (silver plays BOIRE" in result.output
    assert "final score" in result.output


def test_a_game_against_the_computer_resumes_against_it_at_its_level(tmp_path: Path, lexicon_dir: str):
    """`play --vs computer --state q.json`, a word, quit, then `play --state q.json` (as the screen says) prompted
    `silver>`: the computer was lost. Now the file keeps its side and level, and options typed again replace them."""
    saved = tmp_path / "q.json"
    first = run("play", "--vs", "computer", "--level", "3", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--state", str(saved), input="ROI D1 E1 E2\nquit\n")
    assert first.exit_code == 0 and "computer (silver plays" in first.output, first.output
    assert json.loads(saved.read_text(encoding="utf-8"))["computer"] == {"side": "silver", "level": 3}
    played = len(json.loads(saved.read_text(encoding="utf-8"))["moves"])
    resumed = run("play", "--state", str(saved), input="pass A6\ny\nquit\n")
    assert resumed.exit_code == 0 and "the computer plays silver at level 3" in resumed.output, resumed.output
    assert "silver> " not in resumed.output and resumed.output.count("computer (silver plays") == 1
    assert len(json.loads(saved.read_text(encoding="utf-8"))["moves"]) == played + 2
    stronger = run("play", "--state", str(saved), "--level", "5", input="quit\n")
    assert "the computer plays silver at level 5" in stronger.output
    assert json.loads(saved.read_text(encoding="utf-8"))["computer"] == {"side": "silver", "level": 5}
    people = run("play", "--state", str(saved), "--vs", "human", input="quit\n")
    assert "the computer plays" not in people.output and "computer" not in json.loads(saved.read_text(encoding="utf-8"))


def test_a_game_file_without_a_computer_loads_and_is_written_as_before(state: Path):
    """Older files have no 'computer' key; a game between people is saved without one, byte for byte as before."""
    from overturn.game.computer import LEVELS
    from overturn.game.save import MAX_LEVEL

    assert LEVELS == tuple(range(1, MAX_LEVEL + 1))
    before = state.read_text(encoding="utf-8")
    assert "computer" not in before and run("game", "show", "--state", str(state)).exit_code == 0
    assert run("game", "play", "ROI", "--path", "D1 E1 E2", "--state", str(state)).exit_code == 0
    assert "computer" not in state.read_text(encoding="utf-8")
    data = json.loads(state.read_text(encoding="utf-8"))
    data["computer"] = {"side": "silver", "level": 6}
    state.write_text(json.dumps(data), encoding="utf-8")
    refused = run("game", "show", "--state", str(state))
    assert refused.exit_code == 2 and "computer.level" in refused.output


def test_timer_warns_when_a_turn_is_too_long(monkeypatch: pytest.MonkeyPatch, lexicon_dir: str):
    ticks = iter(range(0, 10_000, 100))
    monkeypatch.setattr(game_cli, "clock", lambda: float(next(ticks)))
    result = run("play", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--timer", "30", input="ROI D1 E1 E2\nquit\n")
    assert result.exit_code == 0 and "time!" in result.output
