"""Fuzzing the Overturn game file and the Overturn command arguments.

The campaign starts from real saves at several stages of seeded random
playouts, mutates them (tests/json_mutations.py) and drives ``game show``,
``game moves``, ``referee`` and ``game play`` in-process. For every case:

- no traceback: exit code 0, 1 or 2 and no exception escaped;
- a refused command never changes the file;
- an accepted file is genuinely valid: replaying its moves through the full
  referee (lexicon included) from its seed rebuilds exactly what it holds.

CI runs a bounded campaign; a longer one is one command (figures in docs/game.md)::

    OVERTURN_FUZZ_CASES=5000 .venv/bin/python -m pytest tests/test_trust_fuzz_game.py -s -p no:cacheprovider -k campaign
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_mutations import Mutant, mutants

from overturn.game.board import MAX_SEED, Board, BoardError
from overturn.game.solver import Solver
from overturn.game.state import MODES, Game, IllegalMove, PassMove
from overturn.game.tiles import deal
from overturn.jsonstore import StateFileError
from overturn.lexicon.lexicon import Lexicon
from overturn_cli.common import typed_cells
from overturn_cli.main import main

FUZZ_CASES = int(os.environ.get("OVERTURN_FUZZ_CASES", "240"))
PLAYOUT_SEEDS = (11, 12)
CAMPAIGN_FIGURES = (
    "cases", "accepted", "refused", "tracebacks", "refusals that changed the file",
    "read-only commands that changed the file", "impossible states accepted",
)
WORDS_PER_BOARD = 40


@pytest.fixture(scope="module")
def fuzz_lexicon(make_lexicon, default_lexicon) -> Lexicon:
    """A small lexicon of real words found on the playout boards: games progress, moves stay cheap."""
    rng = random.Random(5)
    words: set[str] = set()
    for seed in PLAYOUT_SEEDS:
        for mode in MODES:
            for board in deal(seed, rules=MODES[mode]).layers:
                found = sorted(item.word for item in Solver(default_lexicon, board).solve())
                words.update(rng.sample(found, min(WORDS_PER_BOARD, len(found))))
    return make_lexicon(sorted(words), name="fuzz")


def playout(seed: int, mode: str, lexicon: Lexicon) -> list[Game]:
    """A seeded random game (words, a few passes, the next layer once), with a snapshot after every move."""
    rng = random.Random(seed)
    game = Game.new(seed, mode, str(lexicon.directory), lexicon)
    snapshots = [Game.from_json(game.to_json(), lexicon)]
    moved_layer = False
    while True:
        if game.is_over():
            if moved_layer:
                return snapshots
            game, moved_layer = game.next_layer(), True
        else:
            options = game.legal_moves()
            empty = [cell for cell, ring in enumerate(game.rings) if ring is None]
            move = PassMove(rng.choice(empty)) if rng.random() < 0.15 else rng.choice(options[:8]).move
            game.push(move)
        snapshots.append(Game.from_json(json.loads(json.dumps(game.to_json())), lexicon))


@pytest.fixture(scope="module")
def playouts(fuzz_lexicon) -> list[list[Game]]:
    return [playout(seed, mode, fuzz_lexicon) for seed in PLAYOUT_SEEDS for mode in MODES]


@pytest.fixture(scope="module")
def saves(playouts) -> list[dict]:
    """Real saves at several stages (start, early, middle, end, next layer) of seeded playouts."""
    return [
        games[index].to_json()
        for games in playouts
        for index in sorted({0, 1, 3, len(games) // 2, len(games) - 1})
    ]


def rebuild(loaded: Game, lexicon: Lexicon) -> Game:
    """An independent rebuild: the seed's deal (or the typed board) and every move through the full referee."""
    layers = deal(loaded.seed, rules=MODES[loaded.mode]).layers if loaded.seed is not None else loaded.layers
    fresh = Game(layers, layer=loaded.layer, seed=loaded.seed, mode=loaded.mode,
                 lexicon_name=loaded.lexicon_name, lexicon=lexicon, ending=loaded.ending)
    for played in loaded.history:
        fresh.push(played.move, played.player)
    return fresh


def escaped(result: Result) -> bool:
    """A traceback: an exception other than click's own exit, or an exit code outside 0/1/2."""
    return (result.exception is not None and not isinstance(result.exception, SystemExit)) or result.exit_code not in (0, 1, 2)


def run_campaign(saves: list[dict], lexicon: Lexicon, directory: Path, cases: int, seed: int) -> Counter:
    """Mutate the saves ``cases`` times in all and drive four commands per mutant; count what happened."""
    runner = CliRunner()
    words = sorted(lexicon.completions("", 50))
    counts: Counter = Counter(dict.fromkeys(CAMPAIGN_FIGURES, 0))
    target = directory / "fuzzed.json"
    per_save = max(1, cases // len(saves))

    def invoke_case(command: list[str], mutant: Mutant) -> Result:
        result = runner.invoke(main, [*command, "--state", str(target)])
        if escaped(result):
            counts["tracebacks"] += 1
            print(f"traceback: {command} on {mutant.kind} at {mutant.where}: {result.exception!r}")
        return result

    for number, original in enumerate(saves):
        for mutant in mutants(original, seed=seed * 1000 + number, count=per_save):
            counts["cases"] += 1
            target.write_bytes(mutant.payload)
            word = words[counts["cases"] % len(words)]
            for command in (["game", "show"], ["game", "moves", "--limit", "3"], ["referee", word]):
                invoke_case(command, mutant)
                counts["read-only commands that changed the file"] += target.read_bytes() != mutant.payload
            try:
                loaded = Game.load(target, lexicon)
            except StateFileError:
                counts["refused"] += 1
            else:
                counts["accepted"] += 1
                try:
                    valid = rebuild(loaded, lexicon).to_json() == loaded.to_json() == json.loads(mutant.payload)
                except IllegalMove:
                    valid = False
                counts["impossible states accepted"] += not valid
            result = invoke_case(["game", "play", word], mutant)
            if result.exit_code != 0:
                counts["refusals that changed the file"] += target.read_bytes() != mutant.payload
            else:
                Game.load(target, lexicon)  # what the program wrote, it reads back
    return counts


def test_every_state_of_random_playouts_round_trips_through_the_file(playouts, fuzz_lexicon, tmp_path):
    path = tmp_path / "game.json"
    for games in playouts:
        for game in games:
            game.save(path)
            reloaded = Game.load(path, fuzz_lexicon)
            assert reloaded.to_json() == game.to_json()
        assert rebuild(reloaded, fuzz_lexicon).to_json() == reloaded.to_json()  # the final state, fully re-judged


def test_fuzz_campaign_on_the_game_file(saves, fuzz_lexicon, tmp_path):
    counts = run_campaign(saves, fuzz_lexicon, tmp_path, FUZZ_CASES, seed=1)
    print(f"\nOverturn game-file fuzz campaign ({len(saves)} saves):", {name: counts[name] for name in CAMPAIGN_FIGURES})
    assert counts["cases"] >= min(FUZZ_CASES, len(saves))
    assert counts["tracebacks"] == 0
    assert counts["refusals that changed the file"] == 0
    assert counts["read-only commands that changed the file"] == 0
    assert counts["impossible states accepted"] == 0
    assert counts["refused"] > counts["cases"] // 2 and counts["accepted"] > 0  # the mutants really bite, not all


# ----- hypothesis: the Overturn command arguments ------------------------------------------------------

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

words = st.one_of(st.text(max_size=80), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZéêàç-' ", min_size=1, max_size=30))
cells = st.one_of(
    st.builds(lambda col, row: f"{col}{row}", st.sampled_from("ABFGZaé²"), st.integers(-3, 12)),
    st.builds(lambda row, col: f"{row},{col}", st.integers(-2, 9), st.integers(-2, 9)),
    st.text(max_size=8),
)
paths = st.lists(cells, max_size=8).map(" ".join)
seeds = st.one_of(st.integers(-(2**70), 2**70), st.just(MAX_SEED), st.just(MAX_SEED + 1)).map(str)
limits = st.integers(-(2**40), 2**40).map(str)


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert not escaped(result), (args, result.output, result.exception)
    return result


@SETTINGS
@given(word=words, path=paths)
def test_referee_and_show_take_any_word_and_path(word, path, fuzz_lexicon):
    lexicon = str(fuzz_lexicon.directory)
    invoke("referee", word, "--board", BOARD_TEXT, "--path", path, "--lexicon", lexicon)
    shown = invoke("show", BOARD_TEXT, "--path", path, "--no-color")
    board = Board.parse(BOARD_TEXT, MODES["reuse"])
    try:
        cells = [board.coords(cell) for cell in typed_cells(path, board)]  # any form the CLI reads; "" is an empty path
    except BoardError:
        assert shown.exit_code == 2
    else:  # reference: every step moves at most one row and one column (reuse mode: staying is allowed)
        touching = all(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1 for a, b in zip(cells, cells[1:]))
        assert shown.exit_code == (0 if touching else 2)
    invoke("show", BOARD_TEXT, "--word", word, "--lexicon", lexicon, "--no-color")


@SETTINGS
@given(cell=cells)
def test_a_pass_takes_any_cell_text(cell, fuzz_lexicon, tmp_path):
    state = tmp_path / "pass.json"
    Game.from_board(Board.parse(BOARD_TEXT, MODES["reuse"]), lexicon_name=str(fuzz_lexicon.directory)).save(state)
    before = state.read_bytes()
    result = invoke("game", "pass", cell, "--state", str(state))
    if result.exit_code != 0:
        assert state.read_bytes() == before
        assert not re.search(r"\(-?\d+, -?\d+\) is off the board", result.output)  # named as typed, not as a tuple


@SETTINGS
@given(seed=seeds, limit=limits)
def test_seeds_and_limits_are_checked_against_their_documented_range(seed, limit, fuzz_lexicon):
    dealt = invoke("deal", "--seed", seed, "--json")
    assert (dealt.exit_code == 0) == (0 <= int(seed) <= MAX_SEED)
    listed = invoke("dict", "prefix", "A", "--limit", limit, "--lexicon", str(fuzz_lexicon.directory), "--json")
    assert (listed.exit_code == 0) == (int(limit) >= 0)
