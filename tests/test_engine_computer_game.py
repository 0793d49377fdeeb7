"""The page's computer on the page's game: ``computer.js`` over ``game.js`` and the WebAssembly word search
(``search.js``) against ``overturn.game.computer`` over ``overturn.game.state``, from the same saved positions and
seeds: the same move (word, path, swing, readings, or the pass's cell) and the same draws taken from the
generator, at every level.

Positions come from seeded games on the French lexicon (both modes, both endings, and a typed board whose words
run out, for passes) and on a small lexicon whose games are short enough for the searching levels to search their
whole plan (a clock that never moves). On French boards levels 4 and 5 are timed by clocks that tick 1 or 10 ms a
reading, so the budget cuts both searches at the same point, as it would on a loaded phone.
"""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_computer_search import walk_words  # words read along deal 1's walks: short games on one board

from overturn.game.board import Board
from overturn.game.computer import LEVELS, choose_move
from overturn.game.moves import PassMove, RankedMove
from overturn.game.state import MODES, Game
from overturn.lexicon.lexicon import Lexicon

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "overturn" / "web" / "js" / "engine"
NODE = shutil.which("node")
pytestmark = [
    pytest.mark.skipif(NODE is None, reason="no node binary to run the page's engine"),
    pytest.mark.skipif(not (ENGINE / "game.js").exists() or not (ENGINE / "search.wasm").exists(), reason="game.js or search.js not on this branch"),
]

#: Seconds each reading of the clock adds: none (the whole plan searched), 1 ms, 10 ms.
TICKS = {"still": 0.0, "tick": 0.001, "tock": 0.01}
#: A typed board (ZX and Qu, few vowels) whose words run out with rings left: passes.
SPARSE = "GZDLFV/TVRJF[ZX]/BRABTL/[QU]ZFNOB/BXBRJU/BWKTVX"

RUNNER = """
import { readFileSync } from "node:fs";
import { Board, MODES } from "./board.js";
import { chooseMove } from "./computer.js";
import { deal } from "./deal.js";
import { Random } from "./random.js";
import { fromJson } from "./save.js";
import { createSearch } from "./search.js";
import { isWord } from "./words.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
const pageDeal = (seed, mode) => deal(seed).map((faces) => new Board(faces, MODES[mode]));
const searches = [];
for (const file of asked.masks) {
  const search = await createSearch(readFileSync("search.wasm"));
  const bytes = readFileSync(file);
  search.loadTrie(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  searches.push(search);
}
const clockOf = (kind) => { let ticks = 0; return () => (ticks++) * asked.ticks[kind]; };
const answers = asked.cases.map(({ position, level, seed, clock }) => {
  const { saved, lexicon } = asked.positions[position];
  const search = searches[lexicon];
  const options = { search, lexicon: { name: saved.lexicon, has: (key) => isWord(search, key), entries: () => [], near: () => [] }, familyKeys: null };
  const game = fromJson(saved, options, pageDeal);
  const rng = new Random(seed);
  const { move, swing, readings } = chooseMove(game, level, rng, { clock: clockOf(clock) });
  return { move: move.kind === "pass" ? { cell: move.cell } : { word: move.word, path: move.path }, swing, readings, after: rng.random(), plies: game.history.length };
});
process.stdout.write(JSON.stringify(answers));
"""


def _node(data: Any) -> Any:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", RUNNER], input=json.dumps(data), capture_output=True, text=True, timeout=540, cwd=ENGINE, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def clock_of(kind: str) -> Callable[[], float]:
    ticks, tick = itertools.count(), TICKS[kind]
    return lambda: next(ticks) * tick


def answer(ranked: RankedMove, rng: random.Random, game: Game) -> dict[str, Any]:
    move = ranked.move
    shown = {"cell": move.cell} if isinstance(move, PassMove) else {"word": move.word, "path": list(move.path or ())}
    return {"move": shown, "swing": ranked.swing, "readings": [list(pair) for pair in ranked.readings], "after": rng.random(), "plies": len(game.history)}


def games(lexicon: Lexicon, starts: list[Game], every: float, rng: random.Random) -> list[dict[str, Any]]:
    """Saved positions (about one in ``1 / every``, and every one with no word left) of games played from ``starts`` by moves among the 8 best,
    with passes now and then, to their end."""
    saved = []
    for game in starts:
        while not game.is_over():
            moves = game.legal_moves()
            if rng.random() < every or isinstance(moves[0].move, PassMove):  # every position with no word left
                saved.append(game.to_json())
            free = [cell for cell, ring in enumerate(game.rings) if ring is None]
            move = PassMove(rng.choice(free)) if rng.random() < 0.1 else rng.choice(list(moves[:8])).move
            game.push(move)
    return saved


def clocks(position: dict[str, Any], level: int, rng: random.Random) -> list[str]:
    """The clocks a position is searched on: the whole plan (no time limit) wherever it takes well under a second
    (level 5's plan, 10 plies, takes seconds a move in Python from 9 free cells on, even on the small lexicon),
    else a ticking clock (the French positions: a search cut short, as on a phone)."""
    if level < 4:
        return ["still"]
    if position["lexicon"] == 0:
        return [rng.choice(["tick", "tock"] if level == 4 else ["tick", "tock", "tock"])]
    free = position["saved"]["rings"].count(None)
    return ["still" if level == 4 or free <= 7 else "tock", "tick"]


@pytest.fixture(scope="module")
def small_lexicon(make_lexicon: Callable[..., Lexicon]) -> Lexicon:
    return make_lexicon(walk_words(150))


def test_the_page_computer_plays_the_servers_move_on_real_games(default_lexicon: Lexicon, small_lexicon: Lexicon, tmp_path: Path) -> None:
    rng = random.Random(39)
    french = [Game.new(seed, mode, lexicon=default_lexicon, ending=ending) for seed, (mode, ending) in zip(range(1, 9), itertools.cycle(itertools.product(MODES, ("position", "passes"))), strict=False)]
    french += [Game.from_board(Board.parse(SPARSE), lexicon=default_lexicon, ending=ending) for ending in ("position", "passes")]
    small = [Game.new(1, mode, lexicon_name="small", lexicon=small_lexicon, ending=ending) for _ in range(5) for mode in MODES for ending in ("position", "passes")]
    positions = [{"saved": saved, "lexicon": 0} for saved in games(default_lexicon, french, 0.55, rng)]
    positions += [{"saved": saved, "lexicon": 1} for saved in games(small_lexicon, small, 0.5, rng)]
    cases = []
    for index, position in enumerate(positions):
        for level in LEVELS:
            cases += [{"position": index, "level": level, "seed": rng.randrange(2**32), "clock": clock} for clock in clocks(position, level, rng)]
    masks = []
    for number, lexicon in enumerate((default_lexicon, small_lexicon)):
        masks.append(str(tmp_path / f"masks-{number}.bin"))
        Path(masks[-1]).write_bytes(lexicon.masks.tobytes())
    got = _node({"positions": positions, "cases": cases, "masks": masks, "ticks": TICKS})
    lexicons = (default_lexicon, small_lexicon)
    differences = []
    expected = []
    for case, have in zip(cases, got, strict=True):
        position = positions[case["position"]]
        game = Game.from_json(position["saved"], lexicons[position["lexicon"]])
        rng_case = random.Random(case["seed"])
        want = answer(choose_move(game, case["level"], rng_case, clock=clock_of(case["clock"])), rng_case, game)
        expected.append(want)
        if want != have:
            differences.append((case, position["saved"]["moves"][-1:], want, have))
    assert not differences, (len(differences), len(cases), differences[:3])
    # What the cases reach: 200 positions and more, passes chosen, and levels that play another move than level 2.
    assert len(positions) >= 200, len(positions)
    assert any("cell" in want["move"] for want in expected)
    by_case = {(case["position"], case["level"], case["clock"]): want["move"] for case, want in zip(cases, expected, strict=True)}
    assert sum(move != by_case[(key[0], 2, "still")] for key, move in by_case.items() if key[1] >= 3) > 30
