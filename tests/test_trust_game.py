"""Issue 11, Overturn side: each reproduction is a regression test (files, arguments, saves)."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn.game.board import MAX_SEED
from overturn.game.state import Game, PassMove
from overturn.jsonstore import StateFileError
from overturn_cli.main import main

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # the layout of tests/test_game.py


@pytest.fixture(scope="module")
def lexicon_dir(make_lexicon) -> str:
    return str(make_lexicon(["roi", "boire", "pôle", "bonne", "axe", "zen", "nu"]).directory)


@pytest.fixture
def seeded(tmp_path: Path, lexicon_dir: str) -> Path:
    path = tmp_path / "game.json"
    result = run("game", "new", "--ending", "passes", "--seed", "7", "--lexicon", lexicon_dir, "--state", str(path))
    assert result.exit_code == 0, result.output
    return path


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def edit(path: Path, change) -> bytes:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.read_bytes()


# ----- the file is evidence, not authority -------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda data: data.update(version=True), "version: expected an integer, found a boolean"),
        (lambda data: data.update(cheat=True), "unknown key 'cheat'"),
        (lambda data: data.update(seed=int("9" * 40)), "seed: "),
        (lambda data: data.update(seed=-1), "seed: -1 is out of range"),
        (lambda data: data.update(seed=8), "layers[0]: does not match the deal of seed 8"),
        (lambda data: data["layers"].reverse(), "layers[0]: does not match the deal of seed 7"),
        (lambda data: data.update(layers=data["layers"][:1]), "layers: the deal of seed 7 has 2 layers"),
        (lambda data: data.update(layer=2), "layer: 2 is out of range"),
        (lambda data: data.update(layer=True), "layer: expected an integer, found a boolean"),
        (lambda data: data.update(mode="turbo"), "mode: 'turbo' is not one of"),
        (lambda data: data.update(lexicon="x" * 5000), "lexicon: a string of 5000 characters"),
        (lambda data: data.update(lexicon=""), "lexicon: expected at least 1 character"),
        (lambda data: data["rings"].__setitem__(0, "green"), "rings: cell A1 holds a green ring but the moves give no ring"),
        (lambda data: data.update(moves=[{"player": "green", "kind": "pass", "cell": [0, 0], "x": 1}]), "moves[0]: unknown key 'x'"),
        (lambda data: data.update(moves=[{"player": "green", "kind": "pass", "cell": [0, True]}]), "moves[0].cell[1]: expected an integer"),
        (lambda data: data.update(moves=[{"player": "green", "kind": "pass"}]), "moves[0]: missing key 'cell'"),
    ],
)
def test_a_tampered_seeded_file_is_refused_naming_the_field_and_left_alone(seeded, change, field):
    before = edit(seeded, change)
    with pytest.raises(StateFileError) as caught:
        Game.load(seeded)
    assert field in str(caught.value) and str(caught.value).startswith(str(seeded))
    result = run("game", "show", "--state", str(seeded))
    assert result.exit_code == 2 and field in result.output and "Traceback" not in result.output
    assert seeded.read_bytes() == before


def test_a_typed_board_game_has_no_seed_and_one_board(tmp_path, lexicon_dir):
    path = tmp_path / "typed.json"
    assert run("game", "new", "--ending", "passes", "--board", BOARD_TEXT, "--lexicon", lexicon_dir, "--state", str(path)).exit_code == 0
    assert Game.load(path).seed is None
    edit(path, lambda data: data["layers"].append(BOARD_TEXT))
    with pytest.raises(StateFileError, match="layers: a game without a seed is played on one typed board"):
        Game.load(path)


def test_a_5000_digit_seed_is_a_clean_refusal_and_referee_exits_2(seeded):
    text = seeded.read_text(encoding="utf-8").replace('"seed": 7', '"seed": ' + "9" * 5000)
    seeded.write_text(text, encoding="utf-8")
    result = run("referee", "ROI", "--state", str(seeded))
    assert result.exit_code == 2 and "5,000 digits" in result.output and "Traceback" not in result.output
    assert seeded.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("payload", ["[" * 200_000, '{"format":' * 100_000, '{"a": "\\ud800"}', "\ufeff{}"])
def test_hostile_files_are_one_line_for_every_game_command(tmp_path, payload):
    path = tmp_path / "game.json"
    path.write_text(payload, encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    for command in (["game", "show"], ["game", "moves"], ["game", "play", "ROI"], ["game", "undo"], ["referee", "ROI"]):
        result = run(*command, "--state", str(path))
        assert result.exit_code == 2, (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.output.count("\n") == 1 and str(path) in result.output
    assert path.read_bytes() == before


def test_a_lexicon_name_too_long_for_a_path_is_one_line(seeded):
    edit(seeded, lambda data: data.update(lexicon="é" * 300))
    result = run("game", "moves", "--state", str(seeded))
    assert result.exit_code == 2 and "unknown lexicon 'éééé" in result.output and result.output.count("\n") == 1
    assert len(result.output) < 300, result.output  # the name clipped, not echoed whole


def test_the_seed_range_is_enforced_when_starting_a_game(tmp_path, lexicon_dir):
    path = tmp_path / "game.json"
    for seed in ("-1", str(MAX_SEED + 1), "9" * 5000):
        result = run("game", "new", "--ending", "passes", "--seed", seed, "--lexicon", lexicon_dir, "--state", str(path))
        assert result.exit_code == 2 and "--seed" in result.output and len(result.output) < 400
    assert not path.exists()
    assert run("game", "new", "--ending", "passes", "--seed", str(MAX_SEED), "--lexicon", lexicon_dir, "--state", str(path)).exit_code == 0
    assert Game.load(path).seed == MAX_SEED


# ----- bounded arguments ---------------------------------------------------------------------------


def test_a_50_mb_board_file_is_refused_at_once(tmp_path):
    big = tmp_path / "board.txt"
    with big.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: the size is what is refused, nothing is read
    result = run("solve", "--board-file", str(big))
    assert result.exit_code == 2 and "50,000" in result.output.replace("52,428,800", "50,000")


def test_long_words_and_boards_are_refused_before_any_work(seeded):
    result = run("referee", "A" * 10_000, "--state", str(seeded))
    assert result.exit_code == 2 and "too long" in result.output
    assert run("show", "A" * 5000).exit_code == 2
    assert run("game", "play", "B" * 100, "--state", str(seeded)).exit_code == 2


def test_limits_are_non_negative():
    result = run("dict", "prefix", "AB", "--limit", "-1")
    assert result.exit_code == 2 and "-1 is not in the range" in result.output
    assert run("solve", BOARD_TEXT, "--min-len", "-1").exit_code == 2


def test_show_refuses_a_non_adjacent_path():
    result = run("show", BOARD_TEXT, "--path", "A1 F6", "--no-color")
    assert result.exit_code == 2 and "A1 and F6 do not touch" in result.output
    assert run("show", BOARD_TEXT, "--path", "A1 B2 B2", "--mode", "advanced").exit_code == 2
    assert run("show", BOARD_TEXT, "--path", "A1 B2 B2", "--no-color").exit_code == 0  # reuse mode: the same cell again


def test_off_board_cells_are_named_in_the_games_notation(seeded):
    result = run("game", "pass", "Z9", "--state", str(seeded))
    assert result.exit_code == 2 and "Z9 is off the board (A1 to F6" in result.output
    assert "(9, 26)" not in result.output
    for cell in ("A" + "9" * 300, "A" + "9" * 5000):
        refused = run("game", "pass", cell, "--state", str(seeded))
        assert refused.exit_code == 2 and len(refused.output) < 300


def test_next_layer_needs_force_to_discard_an_unfinished_game(seeded):
    before = seeded.read_bytes()
    result = run("game", "next-layer", "--state", str(seeded))
    assert result.exit_code == 1 and "--force" in result.output and seeded.read_bytes() == before
    assert run("game", "next-layer", "--force", "--state", str(seeded)).exit_code == 0
    assert Game.load(seeded).layer == 1
    for cell in ("A1", "B1"):  # two passes in a row end the game: no --force needed then
        assert run("game", "pass", cell, "--state", str(seeded)).exit_code == 0
    assert run("game", "next-layer", "--state", str(seeded)).exit_code == 0


def test_new_over_an_existing_game_needs_force(seeded, lexicon_dir):
    before = seeded.read_bytes()
    result = run("game", "new", "--ending", "passes", "--seed", "8", "--lexicon", lexicon_dir, "--state", str(seeded))
    assert result.exit_code == 2 and "--force" in result.output and seeded.read_bytes() == before


# ----- saving --------------------------------------------------------------------------------------


def test_a_symlinked_game_file_stays_a_symlink(seeded, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(seeded)
    seeded.chmod(0o640)
    assert run("game", "pass", "A1", "--state", str(link)).exit_code == 0
    assert link.is_symlink() and Game.load(seeded).history[0].move == PassMove(0)
    assert stat.S_IMODE(seeded.stat().st_mode) == 0o640


def test_a_fifo_state_is_refused_even_with_force(tmp_path, lexicon_dir):
    fifo = tmp_path / "null.json"
    os.mkfifo(fifo)
    result = run("game", "new", "--ending", "passes", "--force", "--seed", "1", "--lexicon", lexicon_dir, "--state", str(fifo))
    assert result.exit_code == 1 and "not a regular file" in result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_failed_save_is_one_line_and_the_game_file_is_intact(seeded, monkeypatch):
    before = seeded.read_bytes()

    def refuse(*_args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("overturn.jsonstore.os.replace", refuse)
    result = run("game", "pass", "A1", "--state", str(seeded))
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "Permission denied" in result.output and "Traceback" not in result.output
    assert seeded.read_bytes() == before
    assert sorted(path.name for path in seeded.parent.iterdir()) == ["game.json"]



@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        ('{"tile_rows": 2, "tile_cols": true, "tiles": ["A B C D"]}', "tile_cols: expected an integer, found a boolean"),
        ('{"tile_rows": 2, "tile_cols": 2, "tiles": ["A B C D"], "cheat": 1}', "unknown key 'cheat'"),
        ('{"tile_rows": 2, "tile_cols": 2, "tiles": ["A B C"]}', "tiles[0]: "),
        ('{"tile_rows": 99999999999999999999999999999999999999999999, "tile_cols": 2, "tiles": []}', "digits"),
        ("[" * 10_000, "nested"),
        ("[" * 100_000, "too large"),
    ],
)
def test_tile_sets_read_through_the_same_layer(tmp_path, content, complaint):
    tiles = tmp_path / "tiles.json"
    tiles.write_text(content, encoding="utf-8")
    result = run("deal", "--seed", "1", "--tiles", str(tiles))
    assert result.exit_code == 2 and complaint in result.output and "Traceback" not in result.output
    assert result.output.count("\n") == 1
