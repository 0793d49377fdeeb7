"""The native search (overturn/game/_search.c) against the pure-Python search it replaces.

Random small boards (every size up to 6×6, tile shapes, double faces, both
modes, every rule switch and constraint) on random small lexicons dense enough
that most words are traceable: both searches must find the same keys, each key
needing the same number of double-face readings, and every native path must
pass a path checker written here, independent of the solver.
"""

from __future__ import annotations

import importlib.util
import json
import random
from array import array
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from pathlib import Path

import pytest

from overturn.game.board import DOUBLE_FACES, Board, Rules
from overturn.game.solver import Constraints, Found, Solver, _native_search
from overturn.game.state import RankedMove, WordMove
from overturn.lexicon.compiled import write_build
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("overturn.game._search") is None,
    reason="the C extension overturn.game._search is not built (no compiler at install time): nothing to cross-check",
)

Result = dict[str, tuple[dict[str, str | None], tuple[int, ...] | None]]

BOARDS = 1_200
LEXICONS = 12
ALPHABET = "AEIRSTUZX"  # few letters, so many random words can be traced; Z and X meet the ZX face


def random_lexicon(rng: random.Random, directory: Path) -> Lexicon:
    """A few hundred random keys of 1 to 7 letters, mostly short; some hold QU."""
    keys: set[str] = set()
    size = rng.randint(300, 700)
    while len(keys) < size:
        letters = [rng.choice(ALPHABET) for _ in range(rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7)))]
        if rng.random() < 0.2:
            letters.insert(rng.randrange(len(letters) + 1), "QU")
        keys.add("".join(letters))
    write_build(directory, {key: [Entry(key.lower(), key.lower(), "N")] for key in keys}, {"name": "t"})
    return Lexicon.open(directory)


def random_rules(rng: random.Random) -> Rules:
    tile_rows, tile_cols = rng.randint(1, 3), rng.randint(1, 3)
    rows = tile_rows * rng.randint(1, 6 // tile_rows)
    cols = tile_cols * rng.randint(1, 6 // tile_cols)
    return Rules(
        rows=rows,
        cols=cols,
        tile_rows=tile_rows,
        tile_cols=tile_cols,
        reuse=rng.random() < 0.5,
        min_length=rng.randint(1, 4),
        min_tiles=rng.choice((1, 2)),
        qu_readings=rng.choice((("U", "QU"), ("QU",))),  # Overturn, Boggle
    )


def random_board(rng: random.Random, rules: Rules) -> Board:
    faces = [rng.choice(ALPHABET) for _ in range(rules.size)]
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        faces[rng.randrange(rules.size)] = rng.choice(DOUBLE_FACES)
    return Board(tuple(faces), rules)


def random_constraints(rng: random.Random, board: Board, keys: list[str]) -> Constraints:
    ringed = sum(1 << cell for cell in range(board.rules.size) if rng.random() < rng.choice((0.0, 0.3, 0.5, 0.7)))
    fixed = {face: rng.choice(board.rules.readings(face)) for face in DOUBLE_FACES if rng.random() < 0.3}
    return Constraints(
        ringed=ringed,
        need_new=rng.random() < 0.3,
        need_used=rng.random() < 0.3,
        fixed=fixed,
        played=frozenset(rng.sample(keys, min(len(keys), rng.randint(0, 20))) + ["NOTAKEY", "QU", ""]),
    )


def python_words(solver: Solver, constraints: Constraints, monkeypatch: pytest.MonkeyPatch) -> Result:
    with monkeypatch.context() as patch:
        patch.setenv("OVERTURN_PURE_PYTHON", "1")
        return solver.find_words(constraints)


def needed(combination: dict[str, str | None]) -> int:
    return sum(reading is not None for reading in combination.values())


def check_path(
    board: Board,
    lexicon: Lexicon,
    constraints: Constraints,
    key: str,
    combination: dict[str, str | None],
    path: tuple[int, ...],
) -> None:
    """Every rule a path must follow, checked from the board's geometry, not the solver's masks."""
    rules = board.rules
    present = {face for face in board.faces if face in DOUBLE_FACES}
    assert set(combination) == present, (key, combination)
    assert path and all(0 <= cell < rules.size for cell in path), (key, path)
    for a, b in pairwise(path):
        (ra, ca), (rb, cb) = divmod(a, rules.cols), divmod(b, rules.cols)
        assert max(abs(ra - rb), abs(ca - cb)) <= 1, (key, path, "not adjacent")
        assert rules.reuse or a != b, (key, path, "repeats a cell")
    if not rules.reuse:
        assert len(set(path)) == len(path), (key, path, "revisits a cell")
    spelled = []
    for cell in path:
        face = board.faces[cell]
        if face in DOUBLE_FACES:
            reading = combination[face]
            assert reading is not None, (key, path, f"reads {face} without naming its reading")
            allowed = (constraints.fixed[face],) if face in constraints.fixed else rules.readings(face)
            assert reading in allowed, (key, face, reading)
            spelled.append(reading)
        else:
            spelled.append(face)
    assert "".join(spelled) == key, (key, path, spelled)
    used_faces = {board.faces[cell] for cell in path} & present
    assert {face for face, reading in combination.items() if reading is not None} == used_faces, (
        key,
        combination,
        path,
    )
    assert key in lexicon and key not in constraints.played and len(key) >= rules.min_length
    tiles = {(cell // rules.cols // rules.tile_rows, cell % rules.cols // rules.tile_cols) for cell in path}
    tile_count = (rules.rows // rules.tile_rows) * (rules.cols // rules.tile_cols)
    if rules.min_tiles == 2 and tile_count > 1:
        assert len(tiles) >= 2, (key, path, "one tile")
    if constraints.need_new:
        assert any(not constraints.ringed >> cell & 1 for cell in path), (key, path, "no new cell")
    if constraints.need_used:
        assert any(constraints.ringed >> cell & 1 for cell in path), (key, path, "no used cell")


def compare(board: Board, lexicon: Lexicon, constraints: Constraints, monkeypatch: pytest.MonkeyPatch) -> int:
    solver = Solver(lexicon, board)
    native = _native_search(solver, constraints)
    assert native is not None
    python = python_words(solver, constraints, monkeypatch)
    assert set(native) == set(python), (str(board), constraints, set(native) ^ set(python))
    for key, (combination, path) in native.items():
        assert needed(combination) == needed(python[key][0]), (str(board), key, combination, python[key])
        assert path is not None
        check_path(board, lexicon, constraints, key, combination, path)
    return len(native)


def test_random_boards_match_the_python_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(20261122)
    lexicons = [random_lexicon(rng, tmp_path / f"lexicon-{index}") for index in range(LEXICONS)]
    keys = [sorted(lexicon.completions("", limit=None)) for lexicon in lexicons]
    words = modes = 0
    for index in range(BOARDS):
        lexicon_index = index % LEXICONS
        rules = random_rules(rng)
        board = random_board(rng, rules)
        constraints = random_constraints(rng, board, keys[lexicon_index])
        words += compare(board, lexicons[lexicon_index], constraints, monkeypatch)
        modes |= 1 << rules.reuse
    assert modes == 3
    assert words > 20 * BOARDS  # the corpus really exercises the search


def test_played_and_fixed_readings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = random_lexicon(random.Random(7), tmp_path / "lexicon")
    board = Board.parse("QU[ZX]A/ERS/T[QU]I", Rules(rows=3, cols=3, tile_rows=1, tile_cols=1).replace(min_tiles=1))
    for fixed in ({}, {"ZX": "X"}, {"QU": "U"}, {"QU": "QU", "ZX": "Z"}):
        for reuse in (True, False):
            compare(board.with_rules(board.rules.replace(reuse=reuse)), lexicon, Constraints(fixed=fixed), monkeypatch)


def test_concurrent_searches_agree(tmp_path: Path) -> None:
    """The native search drops the GIL: searches in parallel threads must not disturb one another."""
    rng = random.Random(9)
    lexicon = random_lexicon(rng, tmp_path / "lexicon")
    solvers = [Solver(lexicon, random_board(rng, random_rules(rng))) for _ in range(40)]
    expected = [_native_search(solver, Constraints()) for solver in solvers]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(5):
            assert list(pool.map(lambda solver: _native_search(solver, Constraints()), solvers)) == expected


def test_a_corrupt_trie_raises_instead_of_reading_out_of_bounds() -> None:
    from overturn.game import _search

    masks = array("I", [1, 1 << 26])  # the root continues by A ...
    first_child = array("I", [7, 0])  # ... to a node past the end
    with pytest.raises(ValueError, match="corrupt letter trie"):
        _search.find_words(masks, first_child, ("A",) * 4, 2, 2, 1, 1, True, 1, 0, 0, {}, frozenset())


def test_boards_over_64_cells_fall_back_to_python(tmp_path: Path) -> None:
    lexicon = random_lexicon(random.Random(8), tmp_path / "lexicon")
    rules = Rules(rows=9, cols=9, tile_rows=3, tile_cols=3)
    solver = Solver(lexicon, Board(("A",) * 81, rules))
    assert _native_search(solver, Constraints()) is None
    assert isinstance(solver.find_words(), dict)


@pytest.mark.lexicon
@pytest.mark.parametrize("reuse", [True, False])
def test_the_example_board_on_the_default_lexicon(reuse: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from overturn.lexicon.registry import load_lexicon

    lexicon = load_lexicon()
    board = Board.parse("ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW", Rules(reuse=reuse))
    constraints = Constraints(ringed=0b101010 << 12, need_new=True, played=frozenset({"ROI"}))
    assert compare(board, lexicon, constraints, monkeypatch) > 300


def test_a_prefix_with_too_many_paths_goes_on_depth_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Advanced mode holds every path of a prefix at once; a board of one letter and a lexicon of repeats
    (tens of thousands of simple paths spell AAAAAA) makes it go on depth first, out of order, with the
    same answer and the same order once sorted."""
    keys = {"A" * length for length in range(2, 10)} | {"AB", "AAB", "BA", "BAAAAAAAB"}
    write_build(tmp_path / "repeats", {key: [Entry(key.lower(), key.lower(), "N")] for key in keys}, {"name": "t"})
    lexicon = Lexicon.open(tmp_path / "repeats")
    rules = Rules(rows=4, cols=4, tile_rows=1, tile_cols=1, reuse=False, min_tiles=1)
    board = Board(("B",) + ("A",) * 14 + ("B",), rules)
    for constraints in (Constraints(), Constraints(played=frozenset({"AAA", "AB"}))):
        assert compare(board, lexicon, constraints, monkeypatch) == len(keys) - len(constraints.played)
        native = [found.word for found in Solver(lexicon, board).solve(constraints)]
        assert native == sorted(keys - constraints.played)


def test_solve_order_matches_the_python_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve`` lists keys in the order the pure-Python search sorts them, and ``solve_json`` ranks them likewise.

    Reuse mode finds keys in alphabetical order and skips the sort when no two readings start with the same
    letter; readings such as ("Z", "ZX") next to a Z face break that, so the corpus has both cases.
    """
    rng = random.Random(20261125)
    lexicons = [random_lexicon(rng, tmp_path / f"lexicon-{index}") for index in range(4)]
    keys = [sorted(lexicon.completions("", limit=None)) for lexicon in lexicons]
    for index in range(300):
        rules = random_rules(rng)
        if rng.random() < 0.3:
            rules = rules.replace(zx_readings=("Z", "ZX"))  # two readings starting with Z
        board = random_board(rng, rules)
        constraints = random_constraints(rng, board, keys[index % 4])
        solver = Solver(lexicons[index % 4], board)
        native = solver.solve(constraints)
        native_json = solver.solve_json(rng.choice((0, 5, 10_000)), constraints)
        with monkeypatch.context() as patch:
            patch.setenv("OVERTURN_PURE_PYTHON", "1")
            python = solver.solve(constraints)
            python_json = solver.solve_json(len(json.loads(native_json.words)), constraints)
        assert [found.word for found in native] == [found.word for found in python], str(board)
        assert [item["word"] for item in json.loads(native_json.words)] == [
            item["word"] for item in json.loads(python_json.words)
        ], str(board)
        assert (native_json.count, native_json.lengths) == (python_json.count, python_json.lengths)


def test_solve_answers_a_list_of_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The native ``solve`` makes each Found when first read, yet behaves as the list the fallback returns."""
    import copy
    import pickle

    lexicon = random_lexicon(random.Random(11), tmp_path / "lexicon")
    solver = Solver(lexicon, Board.parse("QU[ZX]A/ERS/T[QU]I", Rules(rows=3, cols=3, tile_rows=1, tile_cols=1)))
    found = solver.solve()
    with monkeypatch.context() as patch:
        patch.setenv("OVERTURN_PURE_PYTHON", "1")
        words = [item.word for item in solver.solve()]
    assert len(found) == len(words) > 10
    assert [item.word for item in found] == words == [found[i].word for i in range(-len(found), 0)]
    assert found[0] is found[0] and found == list(found) and list(found) == found and found != words
    assert found[2:5] == list(found)[2:5] and found[::-1] == list(reversed(found))
    assert copy.deepcopy(found) == found and pickle.loads(pickle.dumps(found)) == found
    assert isinstance(found + [], list) and len(found + [None]) == len(found) + 1
    with pytest.raises(IndexError):
        found[len(found)]
    found.sort(key=lambda item: len(item.word), reverse=True)  # a list method: the list inside takes over
    assert [item.word for item in found] == sorted(words, key=len, reverse=True)
    found.append(None)
    assert found[-1] is None and len(found) == len(words) + 1


def test_iterating_a_found_list_gives_its_items(tmp_path: Path) -> None:
    """Iteration makes each Found as it reaches it (equal to what indexing gives, and the same object where
    indexing made it first); it goes on over the list inside when a list method took over halfway."""
    lexicon = random_lexicon(random.Random(12), tmp_path / "lexicon")
    solver = Solver(lexicon, Board.parse("QU[ZX]A/ERS/T[QU]I", Rules(rows=3, cols=3, tile_rows=1, tile_cols=1)))
    found = solver.solve()
    assert len(found) > 10
    third = found[3]
    items = iter(found)
    firsts = [next(items) for _ in range(5)]
    assert firsts == found[:5] and firsts[3] is third and next(items) == found[5]
    seventh = found[6]
    assert next(items) is seventh  # made by indexing first: kept, and the one iteration gives
    again = solver.solve()
    first, second = next(iter(again)), next(iter(again))
    assert first == second and first is not second  # iteration keeps nothing: a listing frees as it goes
    found.reverse()  # the list inside takes over: the iterator goes on over it
    assert list(items) == found[7:] and next(iter(found)) is found[0]
    assert list(iter(solver.solve())) == solver.solve().to_list()


def test_found_fields_read_as_slots() -> None:
    """Found's fields (and a ranked move's) are read from the tuple by member descriptors: same values, read-only."""
    found = Found("ROI", (0, 1, 2), (("ZX", "Z"),))
    assert (found.word, found.path, found.readings) == tuple(found) and found._replace(word="RAI").word == "RAI"
    assert type(Found.word).__name__ == "member_descriptor" and type(RankedMove.swing).__name__ == "member_descriptor"
    with pytest.raises(AttributeError):
        found.word = "RAI"  # type: ignore[misc]
    assert RankedMove(WordMove("ROI", (0, 1)), 3).swing == 3 and Found("ROI", (0,)).readings == ()


def test_solve_counts_in_threads_agree_with_solve(tmp_path: Path) -> None:
    """``solve_counts`` (one native call for many boards, the GIL released) counts what ``solve`` lists, from threads."""
    from overturn.game.solver import solve_counts

    rng = random.Random(12)
    lexicon = random_lexicon(rng, tmp_path / "lexicon")
    boards = [random_board(rng, random_rules(rng)) for _ in range(60)]
    boards.append(Board(("A",) * 81, Rules(rows=9, cols=9, tile_rows=3, tile_cols=3)))  # beyond the native search
    expected = [len(Solver(lexicon, board).solve()) for board in boards]
    assert solve_counts(lexicon, boards) == expected
    assert solve_counts(lexicon, []) == []
    with ThreadPoolExecutor(max_workers=4) as pool:
        chunks = [boards[start::4] for start in range(4)]
        assert list(pool.map(lambda chunk: solve_counts(lexicon, chunk), chunks)) == [expected[start::4] for start in range(4)]


@pytest.mark.lexicon
def test_reuse_mode_lists_each_key_once_in_order_on_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's 6×6 deals in reuse mode, where the native search neither sorts nor hashes the keys it finds
    (no two readings start with the same letter, so it meets each key once, in order): ``solve`` is sorted with
    no key twice, agrees with ``find_words`` (which builds a dict) and leaves played keys out; the first deals
    also against the pure-Python search."""
    from overturn.game.board import OVERTURN
    from overturn.game.tiles import deal
    from overturn.lexicon.registry import load_lexicon

    lexicon = load_lexicon()
    for seed in range(40):
        board = deal(seed).layers[0].with_rules(OVERTURN)
        solver = Solver(lexicon, board)
        words = [found.word for found in solver.solve()]
        assert words == sorted(set(words)), str(board)
        assert set(words) == set(solver.find_words()), str(board)
        played = frozenset(words[::7] + ["NOTAKEY"])
        constraints = Constraints(played=played)
        kept = [found.word for found in solver.solve(constraints)]
        assert kept == [word for word in words if word not in played], str(board)
        if seed < 2:
            assert compare(board, lexicon, constraints, monkeypatch) == len(kept)
