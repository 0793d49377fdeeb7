"""The page's WebAssembly search (search.wasm run by js/engine/search.js in Node) against the CPython binding.

Both are bindings of one C core (overturn/game/search_core.c); this suite holds them equal: the same words,
paths and readings (Solver.solve), the same ranking with swings (Game.legal_moves), the same best paths and
counts, on the default French lexicon (seeded deals in both modes, boards with ZX and Qu faces, ringed cells,
played words and fixed readings set at random, 4×4 Boggle boards, the positions of random games) and on small
random lexicons over every board shape the core covers. The committed module must also be what its sources
build (when the pinned compiler is installed, as CI installs it).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_native_search import random_board, random_lexicon, random_rules
from test_web_modules import NODE, WEB, needs_node

from overturn.game import wasm_build
from overturn.game.board import DOUBLE_FACES, Board, Rules
from overturn.game.solver import Constraints, Found, Solver, _native_readings, _native_search_arguments
from overturn.game.state import Game, RankedMove, WordMove
from overturn.game.tiles import deal
from overturn.lexicon.lexicon import Lexicon

pytestmark = [
    needs_node,
    pytest.mark.skipif(
        importlib.util.find_spec("overturn.game._search") is None,
        reason="the C extension overturn.game._search is not built (no compiler at install time): nothing to compare with",
    ),
]

if importlib.util.find_spec("overturn.game._search") is not None:
    from overturn.game import _search

BOGGLE = Rules(rows=4, cols=4, tile_rows=1, tile_cols=1, reuse=False, min_length=3, min_tiles=1, qu_readings=("QU",))
ADVANCED = Rules(reuse=False)

#: Runs every case of stdin's JSON in the module and prints the answers as JSON.
RUNNER = """
import { readFileSync } from "node:fs";
import { createSearch } from "./js/engine/search.js";
const input = JSON.parse(readFileSync(0, "utf8"));
const search = await createSearch(readFileSync(input.wasm));
const answers = [];
let loaded = null;
for (const job of input.jobs) {
  if (job.trie !== loaded) {
    const bytes = readFileSync(job.trie);
    search.loadTrie(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
    loaded = job.trie;
  }
  const c = { ...job.constraints, ringed: BigInt(job.constraints.ringed) };
  const answer = {};
  for (const ask of job.ask) {
    if (ask === "find") answer.find = search.findWords(job.board, c);
    if (ask === "count") answer.count = search.countWords(job.board, c);
    if (ask === "rank") answer.rank = search.rankMoves(job.board, c, job.unfixed, job.gain);
    if (ask === "best") answer.best = search.bestMove(job.board, c, job.unfixed, job.gain);
    if (ask === "paths") answer.paths = search.bestPaths(job.board, c, job.keys, job.unfixed, job.gain);
    if (ask === "pathsBest") answer.pathsBest = search.bestPaths(job.board, c, job.keys, job.unfixed, job.gain, true);
    if (ask === "keys") answer.keys = job.keys.map((key) => search.isKey(key));
  }
  answers.push(answer);
}
process.stdout.write(JSON.stringify(answers));
"""


def run_in_node(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assert NODE is not None
    data = json.dumps({"wasm": str(wasm_build.TARGET), "jobs": jobs})
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", RUNNER], input=data, capture_output=True, text=True, timeout=600, cwd=WEB, check=False
    )
    assert done.returncode == 0, done.stderr
    answers: list[dict[str, Any]] = json.loads(done.stdout)
    return answers


def trie_file(lexicon: Lexicon, folder: Path) -> str:
    path = folder / f"masks-{id(lexicon)}.bin"
    if not path.exists():
        path.write_bytes(lexicon.masks.tobytes())
    return str(path)


def pairs(readings: Any) -> list[list[str]]:
    return [list(pair) for pair in readings]


def best_shape(best: Any) -> Any:
    return None if best is None else {"swing": best[0], "path": list(best[1]), "readings": pairs(best[2])}


class Case:
    """One board and its constraints, as both bindings are asked, with the CPython binding's answers."""

    def __init__(self, solver: Solver, constraints: Constraints, gain: list[int], keys: list[str], trie: str) -> None:
        self.arguments = _native_search_arguments(solver, constraints)
        readings = _native_readings(solver, constraints)
        self.unfixed = [face for face in readings if face not in constraints.fixed]
        self.gain = gain
        self.keys = keys
        rules = solver.rules
        self.job = {
            "trie": trie,
            "board": {"faces": list(solver.board.faces), "rows": rules.rows, "cols": rules.cols, "tileRows": rules.tile_rows, "tileCols": rules.tile_cols},
            "constraints": {
                "reuse": rules.reuse, "minLength": rules.min_length, "tracked": self.arguments[9], "ringed": str(constraints.ringed),
                "readings": {face: list(options) for face, options in readings.items()}, "played": sorted(constraints.played),
            },
            "unfixed": self.unfixed, "gain": gain, "keys": keys,
            "ask": ["find", "count", "rank", "best", "paths", "pathsBest", "keys"],
        }
        self.solver, self.constraints = solver, constraints

    def expected(self) -> dict[str, Any]:
        args, board, rules = self.arguments, self.solver.board, self.solver.rules
        found = _search.find_words(*args, Found)
        ranked = _search.rank_moves(*args, tuple(self.unfixed), self.gain, RankedMove, WordMove)
        best = _search.best_move(*args, tuple(self.unfixed), self.gain)
        head = (board.faces, rules.rows, rules.cols, rules.tile_rows, rules.tile_cols, rules.reuse, args[9], args[10], args[11], tuple(self.unfixed), self.keys, self.gain)
        paths = _search.best_paths(*head)
        paths_best = _search.best_paths(*head, True)
        return {
            "find": None if found is None else [{"word": f.word, "path": list(f.path), "readings": pairs(f.readings)} for f in found],
            "count": _search.solve_many(args[0], args[1], [args[2:]])[0],
            "rank": None if ranked is None else [
                {"word": r.move.word, "path": list(r.move.path), "swing": r.swing, "readings": pairs(r.readings)} for r in ranked
            ],
            "best": None if best is None else [best_shape(item) for item in best],
            "paths": None if paths is None else [best_shape(item) for item in paths],
            "pathsBest": None if paths_best is None else [best_shape(item) for item in paths_best],
            "keys": [key in self.solver.lexicon for key in self.keys],
        }


def random_constraints(rng: random.Random, board: Board, words: list[str]) -> Constraints:
    size = board.rules.size
    ringed = sum(1 << cell for cell in range(size) if rng.random() < rng.choice((0.0, 0.2, 0.5, 0.8)))
    fixed = {face: rng.choice(board.rules.readings(face)) for face in DOUBLE_FACES if face in board.faces and rng.random() < 0.4}
    played = frozenset(rng.sample(words, min(len(words), rng.choice((0, 0, 1, 5, 30))))) if words else frozenset()
    return Constraints(ringed=ringed, fixed=fixed, played=played, need_new=rng.random() < 0.6, need_used=rng.random() < 0.5 and ringed != 0)


def random_keys(rng: random.Random, words: list[str]) -> list[str]:
    """Keys for the best-path and membership calls: legal words, their prefixes and letters that are no word."""
    keys = rng.sample(words, min(len(words), 12))
    keys += [word[: rng.randint(1, len(word))] for word in keys[:4]]
    keys += ["".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(1, 9))) for _ in range(4)]
    return keys


def french_cases(rng: random.Random, lexicon: Lexicon, trie: str, count: int) -> list[Case]:
    cases = []
    for number in range(count):
        kind = number % 5
        if kind == 4:  # a Boggle board: Qu reads QU only, each cell once, 3 letters or more
            faces = tuple(rng.choice("EEEAAIIOUNRSTLCDMPQ") if rng.random() > 0.05 else "QU" for _ in range(16))
            board = Board(faces, BOGGLE)
        else:
            layers = deal(rng.randrange(2**32)).layers
            board = layers[rng.randrange(len(layers))]
            if kind in (1, 3):
                board = board.with_rules(ADVANCED)
            if kind == 2:  # a second ZX or Qu face, as typed boards may have
                faces = list(board.faces)
                faces[rng.randrange(36)] = rng.choice(DOUBLE_FACES)
                board = Board(tuple(faces), board.rules)
        solver = Solver(lexicon, board)
        words = [found.word for found in solver.solve()]
        constraints = random_constraints(rng, board, words)
        gain = [rng.choice((0, 1, 1, 2)) for _ in range(board.rules.size)]
        cases.append(Case(solver, constraints, gain, random_keys(rng, words), trie))
    return cases


def compare(cases: list[Case]) -> None:
    answers = run_in_node([case.job for case in cases])
    differences = []
    for case, answer in zip(cases, answers, strict=True):
        expected = case.expected()
        for ask, value in expected.items():
            if answer[ask] != value:
                differences.append((str(case.solver.board), case.job["constraints"], ask))
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


@pytest.mark.lexicon
def test_random_french_boards_agree(default_lexicon: Lexicon, tmp_path: Path) -> None:
    rng = random.Random(39)
    compare(french_cases(rng, default_lexicon, trie_file(default_lexicon, tmp_path), 520))


@pytest.mark.lexicon
def test_game_positions_rank_alike(default_lexicon: Lexicon, tmp_path: Path) -> None:
    """The ranked legal moves (with swings and readings) of ≥ 200 positions of random games, both modes."""
    rng = random.Random(7)
    trie = trie_file(default_lexicon, tmp_path)
    cases = []
    while len(cases) < 210:
        game = Game.new(seed=rng.randrange(2**32), mode=rng.choice(("reuse", "advanced")), lexicon=default_lexicon)
        for _ in range(rng.randint(1, 12)):
            if game.is_over():
                break
            solver = Solver(default_lexicon, game.board)
            constraints = game.constraints()
            gains = game.gains(game.to_move)
            case = Case(solver, constraints, gains, [], trie)
            case.job["ask"] = ["rank", "best", "count"]
            cases.append(case)
            moves = game.legal_moves()
            pick = moves[rng.randrange(min(len(moves), 8))]
            game.push(pick.move)
    answers = run_in_node([case.job for case in cases])
    for case, answer in zip(cases, answers, strict=True):
        expected = case.expected()
        for ask in case.job["ask"]:
            assert answer[ask] == expected[ask], (str(case.solver.board), ask)


def test_small_random_lexicons_agree(tmp_path: Path) -> None:
    """Every board shape up to 64 cells, tile shapes, both modes, Overturn and Boggle Qu, on dense random lexicons."""
    rng = random.Random(2026)
    cases = []
    for number in range(6):
        lexicon = random_lexicon(rng, tmp_path / f"lexicon{number}")
        trie = trie_file(lexicon, tmp_path)
        for _ in range(40):
            board = random_board(rng, random_rules(rng))
            solver = Solver(lexicon, board)
            words = [found.word for found in solver.solve()]
            gain = [rng.choice((0, 1, 2)) for _ in range(board.rules.size)]
            cases.append(Case(solver, random_constraints(rng, board, words), gain, random_keys(rng, words), trie))
    compare(cases)


def test_a_corrupt_trie_is_an_error_not_a_crash(tmp_path: Path) -> None:
    """Masks that name more children than there are nodes are refused when loaded, with the reason."""
    script = """
    import { readFileSync } from "node:fs";
    import { createSearch } from "./js/engine/search.js";
    const search = await createSearch(readFileSync(process.argv[1]));
    const answers = [];
    try { search.loadTrie(new Uint32Array([0x3ffffff, 1, 2])); answers.push("loaded"); } catch (error) { answers.push(error.message); }
    try { search.findWords({faces: ["A"], rows: 1, cols: 1, tileRows: 1, tileCols: 1}, {reuse: true, minLength: 1, tracked: 0, ringed: [], readings: {}, played: []}); answers.push("searched"); } catch (error) { answers.push(error.message); }
    process.stdout.write(JSON.stringify(answers));
    """
    assert NODE is not None
    done = subprocess.run([NODE, "--input-type=module", "-e", script, str(wasm_build.TARGET)], capture_output=True, text=True, timeout=60, cwd=WEB, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["the word search failed: corrupt letter trie", "no letter trie loaded"]


@pytest.mark.skipif(wasm_build.zig_version() != wasm_build.ZIG_VERSION, reason=f"the pinned compiler (ziglang {wasm_build.ZIG_VERSION}, the wasm extra) is not installed")
def test_the_committed_module_is_what_its_sources_build() -> None:
    assert wasm_build.main(["--check"]) == 0


def test_the_module_imports_nothing_and_exports_the_binding() -> None:
    """No host imports (a plain static page can run it) and every operation search.js calls."""
    script = """
    import { readFileSync } from "node:fs";
    const module = new WebAssembly.Module(readFileSync(process.argv[1]));
    process.stdout.write(JSON.stringify({imports: WebAssembly.Module.imports(module), exports: WebAssembly.Module.exports(module).map((e) => e.name).sort()}));
    """
    assert NODE is not None
    done = subprocess.run([NODE, "--input-type=module", "-e", script, str(wasm_build.TARGET)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    module = json.loads(done.stdout)
    assert module["imports"] == []
    called = set()
    for name in ("ov_input", "ov_output", "ov_output_length", "ov_trie", "ov_trie_ready", "ov_find", "ov_rank", "ov_best_move", "ov_best_paths", "ov_count", "ov_is_key"):
        assert f'"{name}"' in (WEB / "js" / "engine" / "search.js").read_text() or f"{name}(" in (WEB / "js" / "engine" / "search.js").read_text()
        called.add(name)
    assert called <= set(module["exports"])


def test_the_core_includes_no_python() -> None:
    for name in ("search_core.c", "search_core.h", "search_wasm.c"):
        text = (Path(wasm_build.GAME) / name).read_text()
        assert "Python.h" not in text and "PyObject" not in text, name
    assert '#include "search_core.h"' in (Path(wasm_build.GAME) / "_search.c").read_text()
    assert os.path.getsize(wasm_build.TARGET) < 100_000


#: Replays, cuts short, mutates and makes up requests for every operation, straight at the module's exports.
FUZZ = """
import { readFileSync } from "node:fs";
import { createSearch } from "./js/engine/search.js";
const input = JSON.parse(readFileSync(0, "utf8"));
const search = await createSearch(readFileSync(input.wasm));
const wasm = search.wasm;
let seed = input.seed >>> 0;
function random() {  // mulberry32: seeded, so a failure replays
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(random() * n);
const bytes = readFileSync(input.trie);
search.loadTrie(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));

// Every request search.js writes for the jobs, with the status it got.
const valid = [];
const run = search.run.bind(search);
search.run = (operation, request, ...args) => {
  const status = run(operation, request, ...args);
  valid.push({ operation, bytes: Uint8Array.from(request.bytes), args, done: status });
  return status;
};
const before = [];
for (const job of input.jobs) {
  const c = { ...job.constraints, ringed: BigInt(job.constraints.ringed) };
  before.push(JSON.stringify(search.findWords(job.board, c)));
  search.countWords(job.board, c);
  search.rankMoves(job.board, c, job.unfixed, job.gain);
  search.bestMove(job.board, c, job.unfixed, job.gain);
  search.bestPaths(job.board, c, job.keys, job.unfixed, job.gain);
  search.bestPaths(job.board, c, job.keys, job.unfixed, job.gain, true);
  for (const key of job.keys) search.isKey(key);
}
search.run = run;

const STATUSES = new Set([0, 1, -1, -2, -3, -4, -5]);
const OPERATIONS = [["ov_find"], ["ov_count"], ["ov_rank"], ["ov_best_move"], ["ov_best_paths", 0], ["ov_best_paths", 1], ["ov_is_key"]];
const traps = [], strange = [], uncut = [];
let cases = 0, slowest = 0;
function ask(operation, request, args) {
  const at = wasm.ov_input(request.length);
  if (request.length) new Uint8Array(wasm.memory.buffer, at, request.length).set(request);
  const started = performance.now();
  let status;
  try {
    status = wasm[operation](...args);
  } catch (error) {
    traps.push({ operation, request: Array.from(request), error: String(error) });
    return null;
  }
  slowest = Math.max(slowest, performance.now() - started);
  cases++;
  if (!STATUSES.has(status)) strange.push({ operation, request: Array.from(request), status });
  return status;
}
const deadline = performance.now() + input.seconds * 1000;
while (cases < input.cases && performance.now() < deadline) {
  const kind = below(3);
  if (kind === 0) {  // a request cut short, read where a longer one left its bytes: malformed, whatever they say
    const { operation, bytes: whole, args, done } = valid[below(valid.length)];
    if (done !== true && operation !== "ov_is_key") continue;
    ask(operation, whole, args);
    const cut = below(whole.length);
    const status = ask(operation, whole.subarray(0, cut), args);
    if (status !== null && status !== -1) uncut.push({ operation, length: whole.length, cut, status });
  } else if (kind === 1) {  // a request with a few bytes changed, dropped or added
    const { operation, bytes: whole, args } = valid[below(valid.length)];
    const request = Array.from(whole);
    for (let edits = 1 + below(4); edits > 0; edits--) {
      const where = below(request.length + 1), edit = below(3);
      if (edit === 0 && where < request.length) request[where] = below(256);
      else if (edit === 1) request.splice(where, 1);
      else request.splice(where, 0, below(256));
    }
    ask(operation, Uint8Array.from(request), args);
  } else {  // bytes made up, for any operation
    const [operation, ...args] = OPERATIONS[below(OPERATIONS.length)];
    ask(operation, Uint8Array.from({ length: below(300) }, () => (random() < 0.5 ? below(4) : below(256))), args);
  }
}
const after = input.jobs.map((job) => JSON.stringify(search.findWords(job.board, { ...job.constraints, ringed: BigInt(job.constraints.ringed) })));
process.stdout.write(JSON.stringify({ cases, valid: valid.length, slowest, traps: traps.slice(0, 3), strange: strange.slice(0, 3), uncut: uncut.slice(0, 5), intact: after.every((text, i) => text === before[i]) }));
"""


def test_the_request_readers_survive_any_bytes(tmp_path: Path) -> None:
    """Every operation's reader on a few thousand seeded requests, cut short, edited or made up: each answers one of
    its statuses (a request cut short: malformed, even where a longer one left its bytes in the buffer), never traps
    out of bounds nor hangs, and the module answers the real requests as before afterwards."""
    rng = random.Random(41)
    lexicon = random_lexicon(rng, tmp_path / "lexicon")
    trie = trie_file(lexicon, tmp_path)
    jobs = []
    for _ in range(8):
        board = random_board(rng, random_rules(rng))
        solver = Solver(lexicon, board)
        words = [found.word for found in solver.solve()]
        gain = [rng.choice((0, 1, 2)) for _ in range(board.rules.size)]
        jobs.append(Case(solver, random_constraints(rng, board, words), gain, random_keys(rng, words), trie).job)
    data = json.dumps({"wasm": str(wasm_build.TARGET), "trie": trie, "jobs": jobs, "seed": 41, "cases": 4000, "seconds": 30})
    assert NODE is not None
    done = subprocess.run([NODE, "--input-type=module", "-e", FUZZ], input=data, capture_output=True, text=True, timeout=120, cwd=WEB, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["valid"] >= 8 * 6 and report["cases"] >= 3000, report
    assert report["traps"] == [] and report["strange"] == [] and report["uncut"] == [], report
    assert report["slowest"] < 1000 and report["intact"], report
