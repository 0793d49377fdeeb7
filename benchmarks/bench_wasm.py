"""The page's WebAssembly search in Node against the CPython binding of the same C core, same run, same boards.

Run with ``pytest benchmarks/bench_wasm.py -s``. Per mode (6×6 Overturn deals in reuse and advanced
mode, 4×4 Boggle boards), the median time a board takes:

* the search alone: ``ov_count`` in WebAssembly (search.js ``countWords``) against ``_search.solve_many``
  natively (both run the core's search and count its keys; no result objects);
* the full solve: ``findWords`` (every word, each path and readings made when read) alone, and with every
  item's path and readings read, against ``Solver.solve`` natively with every item read;
* the ranked legal moves of mid-game positions (``rankMoves`` against ``Game.legal_moves`` read whole).

Targets (issue 39): the WebAssembly search at most 2.0× the native time in each mode; legal moves at most
5 ms median in Node. Also printed: the trie's load time in Node (masks copied in, first children derived).
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
from pathlib import Path
from typing import Any

import pytest
from bench_solver import median_ms, read_all
from pytest_benchmark.fixture import BenchmarkFixture
from smoke import sized, target

from overturn.game.board import OVERTURN, Board, Rules
from overturn.game.solver import FREE, Solver, _native_readings, _native_search_arguments
from overturn.game.state import Game
from overturn.game.tiles import deal
from overturn.lexicon.lexicon import Lexicon

pytestmark = [pytest.mark.lexicon, pytest.mark.skipif(shutil.which("node") is None, reason="no node binary to run the WebAssembly search")]

try:
    from overturn.game import _search
except ImportError:  # pragma: no cover - no compiler at install time
    _search = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "overturn" / "web"
WASM = WEB / "js" / "engine" / "search.wasm"
BOARDS = sized(100, 4)
POSITIONS = sized(60, 3)
REPEATS = sized(7, 1)
BOGGLE = Rules(rows=4, cols=4, tile_rows=1, tile_cols=1, reuse=False, min_length=3, min_tiles=1, qu_readings=("QU",))
MODES = {"reuse": OVERTURN, "advanced": OVERTURN.replace(reuse=False), "boggle": BOGGLE}
BOGGLE_DICE = "EEEAAIIOUNRSTLCDMPBGHQ"  # a French-like letter mix; one face a board may be Qu

RUNNER = """
import { readFileSync } from "node:fs";
import { createSearch } from "./js/engine/search.js";
const input = JSON.parse(readFileSync(0, "utf8"));
const search = await createSearch(readFileSync(input.wasm));
const bytes = readFileSync(input.trie);
const masks = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
const loadStart = performance.now();
search.loadTrie(masks);
const load = performance.now() - loadStart;
const median = (values) => { const sorted = [...values].sort((a, b) => a - b); return sorted[Math.floor(sorted.length / 2)]; };
function time(run) {
  run();  // warm: compiled code and touched memory
  const times = [];
  for (let i = 0; i < input.repeats; i++) { const start = performance.now(); run(); times.push(performance.now() - start); }
  return median(times);
}
const answers = { load, jobs: [] };
for (const job of input.jobs) {
  const c = { ...job.constraints, ringed: BigInt(job.constraints.ringed) };
  const figures = {};
  if (job.rank) figures.rank = time(() => search.rankMoves(job.board, c, job.unfixed, job.gain));
  else {
    figures.count = time(() => search.countWords(job.board, c));
    figures.find = time(() => search.findWords(job.board, c));
    figures.read = time(() => { for (const found of search.findWords(job.board, c)) found.path && found.readings; });
    figures.words = search.countWords(job.board, c);
  }
  answers.jobs.push(figures);
}
process.stdout.write(JSON.stringify(answers));
"""


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    from overturn.lexicon.registry import load_lexicon

    return load_lexicon()


def boards(mode: str) -> list[Board]:
    if mode != "boggle":
        return [deal(seed).layers[0].with_rules(MODES[mode]) for seed in range(BOARDS)]
    rng = random.Random(4)
    return [Board(tuple(rng.choice(BOGGLE_DICE).replace("Q", "QU") for _ in range(16)), BOGGLE) for _ in range(BOARDS)]


def job_of(solver: Solver, constraints: Any = FREE, gain: list[int] | None = None) -> dict[str, Any]:
    rules, arguments = solver.rules, _native_search_arguments(solver, constraints)
    readings = _native_readings(solver, constraints)
    return {
        "board": {"faces": list(solver.board.faces), "rows": rules.rows, "cols": rules.cols, "tileRows": rules.tile_rows, "tileCols": rules.tile_cols},
        "constraints": {
            "reuse": rules.reuse, "minLength": rules.min_length, "tracked": arguments[9], "ringed": str(constraints.ringed),
            "readings": {face: list(options) for face, options in readings.items()}, "played": sorted(constraints.played),
        },
        "unfixed": [face for face in readings if face not in constraints.fixed], "gain": gain, "rank": gain is not None,
    }


def in_node(jobs: list[dict[str, Any]], trie: Path) -> dict[str, Any]:
    data = json.dumps({"wasm": str(WASM), "trie": str(trie), "repeats": REPEATS, "jobs": jobs})
    done = subprocess.run(["node", "--input-type=module", "-e", RUNNER], input=data, capture_output=True, text=True, cwd=WEB, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


@pytest.fixture(scope="module")
def trie(lexicon: Lexicon, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("trie") / "masks.bin"
    path.write_bytes(lexicon.masks.tobytes())
    return path


@pytest.mark.parametrize("mode", list(MODES))
def test_wasm_solve_speed(mode: str, lexicon: Lexicon, trie: Path, benchmark: BenchmarkFixture) -> None:
    if _search is None:
        pytest.skip("the C extension overturn.game._search is not built")
    solvers = [Solver(lexicon, board) for board in boards(mode)]
    node = benchmark.pedantic(lambda: in_node([job_of(solver) for solver in solvers], trie), rounds=1, iterations=1)
    native_count, native_read = [], []
    for solver in solvers:
        arguments = _native_search_arguments(solver, FREE)
        native_count.append(median_ms(lambda: _search.solve_many(arguments[0], arguments[1], [arguments[2:]]), REPEATS, warm=True))  # noqa: B023
        native_read.append(median_ms(lambda: read_all(solver), REPEATS, warm=True))  # noqa: B023
    for solver, figures in zip(solvers, node["jobs"]):
        assert figures["words"] == len(solver.solve()), "the two bindings count different words"
    wasm_count = statistics.median(job["count"] for job in node["jobs"])
    wasm_find = statistics.median(job["find"] for job in node["jobs"])
    wasm_read = statistics.median(job["read"] for job in node["jobs"])
    native, native_full = statistics.median(native_count), statistics.median(native_read)
    ratio = wasm_count / native
    benchmark.extra_info.update({
        "boards": len(solvers), "wasm_search_ms": round(wasm_count, 3), "native_search_ms": round(native, 3),
        "wasm_over_native": round(ratio, 2), "wasm_solve_ms": round(wasm_find, 3), "wasm_solve_read_ms": round(wasm_read, 3), "native_solve_read_ms": round(native_full, 3),
        "trie_load_ms": round(node["load"], 1),
    })
    print(
        f"\n[{mode}] search alone: WebAssembly in Node {wasm_count:.3f} ms/board, native {native:.3f} ms ({ratio:.2f}x, target <= 2.0x); "
        f"every word: {wasm_find:.3f} ms in Node, {wasm_read:.3f} ms with every path and readings read, {native_full:.3f} ms natively (Found read); "
        f"{len(solvers)} boards; trie loaded in Node in {node['load']:.0f} ms"
    )
    target(ratio <= 2.0, f"[{mode}] the WebAssembly search takes {ratio:.2f}x the native time (target 2.0x)")


def test_wasm_legal_moves_speed(lexicon: Lexicon, trie: Path, benchmark: BenchmarkFixture) -> None:
    if _search is None:
        pytest.skip("the C extension overturn.game._search is not built")
    rng = random.Random(5)
    positions = []
    for seed in range(POSITIONS):
        game = Game.new(seed=seed, lexicon=lexicon)
        for _ in range(rng.randint(4, 10)):  # mid-game: some rings, some words played
            moves = game.legal_moves()
            if not moves or game.is_over():
                break
            game.push(moves[rng.randrange(min(5, len(moves)))].move)
        if not game.is_over():
            positions.append(game)
    jobs = [job_of(Solver(lexicon, game.board), game.constraints(), game.gains(game.to_move)) for game in positions]
    node = benchmark.pedantic(lambda: in_node(jobs, trie), rounds=1, iterations=1)
    wasm = statistics.median(job["rank"] for job in node["jobs"])
    native = statistics.median(median_ms(lambda: list(game.legal_moves()), REPEATS, warm=True) for game in positions)  # noqa: B023
    benchmark.extra_info.update({"positions": len(positions), "wasm_legal_moves_ms": round(wasm, 3), "native_legal_moves_ms": round(native, 3)})
    print(f"\nlegal moves, {len(positions)} mid-game positions: WebAssembly in Node {wasm:.3f} ms median (target <= 5 ms), natively {native:.3f} ms")
    target(wasm <= 5.0, f"legal moves take {wasm:.2f} ms in Node (target 5 ms)")
