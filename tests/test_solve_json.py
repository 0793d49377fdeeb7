"""The solve answer written by the C extension (``Solver.solve_json``) against the Python pipeline it replaced.

The reference here is the obvious one: ``Solver.solve()``'s Found list, sorted
longest first then alphabetically, turned into plain dicts and ``json.dumps``.
The native answer must be byte-for-byte that JSON, on the real lexicon (dealt
boards of both layers, rich 6×6 boards, every preset and mode) and on random
small lexicons with every rule switch and constraint, for limits from 0 to
past the count; and ``POST /api/solve`` must answer exactly what it answered
when the service encoded that list itself.
"""

from __future__ import annotations

import importlib.util
import json
import random
import zlib
from array import array
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_native_search import random_board, random_constraints, random_lexicon, random_rules

from overturn.game.board import DOUBLE_FACES, PRESETS, Board, Rules
from overturn.game.solver import FREE, Constraints, Found, Solver, WordsJson, _native_search_arguments
from overturn.game.tiles import TileSet, deal
from overturn.lexicon.compiled import write_build
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("overturn.game._search") is None,
    reason="the C extension overturn.game._search is not built (no compiler at install time): nothing to cross-check",
)

FRENCH_LETTERS = "EEEEEAAAIIINNOORRSSTTULDCMP"  # roughly French letter frequencies: boards with thousands of words


def reference(found: list[Found], cols: int, limit: int, *, pairs: bool = False) -> WordsJson:
    """json.dumps of the ranked Found list, with the count and the lengths: each path as its cell numbers, or
    with ``pairs`` as [row, col] pairs (the answer before paths were made short)."""
    ranked = sorted(found, key=lambda item: (-len(item.word), item.word))
    items = [
        {"word": item.word, "path": [[cell // cols, cell % cols] for cell in item.path] if pairs else list(item.path), "readings": dict(item.readings)}
        for item in ranked[:limit]
    ]
    lengths = dict(sorted(Counter(len(item.word) for item in found).items()))
    return WordsJson(json.dumps(items, separators=(",", ":")).encode(), len(found), lengths)


def as_pairs(words: list[dict[str, Any]], cols: int) -> list[dict[str, Any]]:
    """A solve's words with each path's cell numbers turned back into [row, col] pairs."""
    return [{**item, "path": [list(divmod(cell, cols)) for cell in item["path"]]} for item in words]


def native(solver: Solver, limit: int, constraints: Constraints = FREE) -> WordsJson:
    """The C entry point itself, so a silent fallback to Python could not pass for it."""
    from overturn.game import _search

    answer = _search.solve_json(*_native_search_arguments(solver, constraints), limit)
    assert answer is not None, "the native search should cover this board"
    return WordsJson(*answer)


def check(solver: Solver, limits: list[int], constraints: Constraints = FREE) -> int:
    """The native answer equals the reference for every limit; returns the word count."""
    found = solver.solve(constraints)
    for limit in limits:
        expected, got = reference(found, solver.rules.cols, limit), native(solver, limit, constraints)
        assert json.loads(got.words) == json.loads(expected.words), (str(solver.board), limit)
        assert got == expected, (str(solver.board), limit)
        before = reference(found, solver.rules.cols, limit, pairs=True)  # the same content as the answer before
        assert as_pairs(json.loads(got.words), solver.rules.cols) == json.loads(before.words)
        assert list(got.lengths) == sorted(got.lengths) and sum(got.lengths.values()) == got.count == len(found)
    return len(found)


def limits_for(rng: random.Random, count: int) -> list[int]:
    return [0, 1, rng.randint(0, count + 1), count, count + 1, 10_000]


def rich_board(rng: random.Random, rules: Rules) -> Board:
    faces = [rng.choice(FRENCH_LETTERS) for _ in range(rules.size)]
    for _ in range(rng.choice((0, 1, 2))):
        faces[rng.randrange(rules.size)] = rng.choice(DOUBLE_FACES)
    return Board(tuple(faces), rules)


# ----- the real French lexicon ------------------------------------------------------------------


@pytest.fixture(scope="module")
def french() -> Lexicon:
    from overturn.lexicon.registry import load_lexicon

    return load_lexicon()


@pytest.mark.lexicon
@pytest.mark.parametrize("mode", ["overturn", "advanced"])
def test_dealt_boards_of_both_layers(french: Lexicon, mode: str) -> None:
    rng = random.Random(mode)
    tiles = TileSet.load()
    counts = []
    for seed in rng.sample(range(1_000_000), 8):
        for layer in deal(seed, tiles).layers:
            board = Board(layer.faces, PRESETS[mode])
            counts.append(check(Solver(french, board), limits_for(rng, 2_500)))
    assert min(counts) > 100  # real boards with long answers, not empty ones


@pytest.mark.lexicon
@pytest.mark.parametrize("mode", list(PRESETS))
@pytest.mark.parametrize("reuse", [True, False])
def test_random_rich_boards_of_every_preset(french: Lexicon, mode: str, reuse: bool) -> None:
    rng = random.Random(f"{mode}-{reuse}")
    rules = PRESETS[mode].replace(reuse=reuse)
    for _ in range(6):
        solver = Solver(french, rich_board(rng, rules))
        count = len(solver.solve())
        check(solver, limits_for(rng, count))


@pytest.mark.lexicon
def test_double_faces_read_each_way(french: Lexicon) -> None:
    """Both double faces on one board, each reading of them needed by some word, and readings fixed by a game."""
    board = Board.parse("ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW", Rules())
    solver = Solver(french, board)
    items = json.loads(native(solver, 10_000).words)
    readings = {json.dumps(item["readings"], sort_keys=True) for item in items}
    assert {'{"ZX": "Z"}', '{"ZX": "X"}', "{}"} <= readings
    check(solver, [0, 1, 50, 10_000])
    for fixed in ({"ZX": "X"}, {"QU": "QU", "ZX": "Z"}):
        check(solver, [1, 10_000], Constraints(fixed=fixed, played=frozenset({"ROI", "ZAP"})))


# ----- random small lexicons: every rule switch and constraint ------------------------------------------


def test_random_boards_rules_and_constraints(tmp_path: Path) -> None:
    rng = random.Random(20261123)
    lexicons = [random_lexicon(rng, tmp_path / f"lexicon-{index}") for index in range(4)]
    keys = [list(lexicon.completions("", 100_000)) for lexicon in lexicons]
    for _ in range(300):
        index = rng.randrange(len(lexicons))
        board = random_board(rng, random_rules(rng))
        constraints = random_constraints(rng, board, keys[index]) if rng.random() < 0.6 else FREE
        solver = Solver(lexicons[index], board)
        check(solver, limits_for(rng, len(solver.solve(constraints))), constraints)


def test_the_largest_boards_and_longest_paths(tmp_path: Path) -> None:
    """64 cells in one row (two-digit columns), keys of 1 to 300 letters: reuse-mode paths far longer than the board.

    Advanced mode only on the lines: on an 8×8 board of A's its simple paths are too many to enumerate.
    """
    keys = {"A" * length for length in range(1, 301)} | {"QU" * length for length in range(1, 40)} | {"AQUA", "ZAZA"}
    directory = write_build(tmp_path / "long", {key: [Entry(key.lower(), key.lower(), "N")] for key in keys}, {"name": "long"})
    lexicon = Lexicon.open(directory)
    for rows, cols in ((1, 64), (64, 1), (8, 8)):
        faces = ["A"] * (rows * cols)
        faces[-1], faces[rows * cols // 2] = "QU", "ZX"
        for reuse in (True, False) if rows * cols == 64 and 1 in (rows, cols) else (True,):
            rules = Rules(rows=rows, cols=cols, tile_rows=1, tile_cols=1, reuse=reuse, min_length=1, min_tiles=1, qu_readings=("U", "QU"))
            solver = Solver(lexicon, Board(tuple(faces), rules))
            assert check(solver, [0, 1, 7, 10_000]) > 10


# ----- the Python fallback and bad input ----------------------------------------------------------------


def test_the_python_fallback_writes_the_same_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the native search switched off, solve_json still answers, from the pure-Python search's own words."""
    rng = random.Random(5)
    lexicon = random_lexicon(rng, tmp_path / "lexicon")
    monkeypatch.setenv("OVERTURN_PURE_PYTHON", "1")
    for _ in range(15):
        solver = Solver(lexicon, random_board(rng, random_rules(rng)))
        found = solver.solve()
        for limit in limits_for(rng, len(found)):
            assert solver.solve_json(limit) == reference(found, solver.rules.cols, limit)


def test_boards_over_64_cells_fall_back_to_python(tmp_path: Path) -> None:
    lexicon = random_lexicon(random.Random(8), tmp_path / "lexicon")
    solver = Solver(lexicon, Board(("A", "E", "I") * 27, Rules(rows=9, cols=9, tile_rows=3, tile_cols=3)))
    from overturn.game import _search

    assert _search.solve_json(*_native_search_arguments(solver, FREE), 10) is None
    assert solver.solve_json(10) == reference(solver.solve(), 9, 10)


def test_a_negative_limit_and_a_corrupt_trie_raise(tmp_path: Path) -> None:
    from overturn.game import _search

    solver = Solver(random_lexicon(random.Random(3), tmp_path / "lexicon"), Board(("A",) * 4, Rules(rows=2, cols=2, tile_rows=1, tile_cols=1)))
    with pytest.raises(ValueError, match="limit"):
        solver.solve_json(-1)
    with pytest.raises(ValueError, match="limit"):
        _search.solve_json(*_native_search_arguments(solver, FREE), -1)
    masks = array("I", [1, 1 << 26])  # the root continues by A ...
    first_child = array("I", [7, 0])  # ... to a node past the end
    with pytest.raises(ValueError, match="corrupt letter trie"):
        _search.solve_json(masks, first_child, ("A",) * 4, 2, 2, 1, 1, True, 1, 0, 0, {}, frozenset(), 10)


# ----- POST /api/solve -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(french: Lexicon) -> Iterator[str]:
    from overturn.service.app import create_app
    from overturn.service.server import BackgroundServer

    with BackgroundServer(create_app()) as url:
        yield url


@pytest.mark.lexicon
@pytest.mark.parametrize("preset", ["overturn", "advanced", "boggle5"])
def test_the_http_answer_is_the_one_the_service_encoded_before(french: Lexicon, served: str, preset: str) -> None:
    """The body before "cached" and "elapsed_ms" is, byte for byte, json.dumps of the whole answer as the service built
    it (paths as cell numbers now: as [row, col] pairs they are the answer before; ``mode`` the rules' reuse, as the CLI
    says it); gzipped, the same bytes."""
    rng = random.Random(preset)
    rules = PRESETS[preset]
    boards = [rich_board(rng, rules) for _ in range(3)]
    with httpx.Client(base_url=served, timeout=60) as client:
        for board in boards:
            for limit in (1, 100, None):
                request = {"board": str(board), "preset": preset, **({"limit": limit} if limit else {})}
                response = client.post("/api/solve", json=request, headers={"Accept-Encoding": "identity"})
                assert response.status_code == 200, response.text
                found = Solver(french, board).solve()
                expected = {
                    "board": str(board),
                    "faces": [list(board.faces[row * rules.cols : (row + 1) * rules.cols]) for row in range(rules.rows)],
                    "rules": {"rows": rules.rows, "cols": rules.cols, "reuse": rules.reuse, "min_length": rules.min_length, "min_tiles": rules.min_tiles},
                    "mode": "reuse" if rules.reuse else "advanced",
                    "lexicon": "fr",
                    "count": len(found),
                    "truncated": len(found) > (limit or 10_000),
                    "lengths": {str(length): count for length, count in reference(found, rules.cols, 0).lengths.items()},
                    "words": json.loads(reference(found, rules.cols, limit or 10_000).words),
                }
                body = response.content
                assert response.headers.get("content-encoding") is None
                head = body[: body.index(b',"cached":')]
                assert head == json.dumps(expected, ensure_ascii=False, separators=(",", ":")).encode()[:-1]
                assert list(response.json())[-2:] == ["cached", "elapsed_ms"] and response.json()["cached"] is False
                words_before = json.loads(reference(found, rules.cols, limit or 10_000, pairs=True).words)
                assert as_pairs(response.json()["words"], rules.cols) == words_before
                with client.stream("POST", "/api/solve", json=request, headers={"Accept-Encoding": "gzip"}) as zipped:
                    raw = b"".join(zipped.iter_raw())
                if len(head) >= 1024:  # the server's gzip_min_bytes: compressed once, the cached tail added
                    assert zipped.headers["content-encoding"] == "gzip" and zipped.headers["vary"] == "Accept-Encoding"
                    unzip = zlib.decompressobj(31)  # one gzip member, its CRC and length checked, nothing after it
                    raw = unzip.decompress(raw) + unzip.flush()
                    assert unzip.eof and not unzip.unused_data and len(raw) > 3 * int(zipped.headers["content-length"])
                assert raw[: len(head)] == head and json.loads(raw)["cached"] is True
