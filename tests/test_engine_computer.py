"""The page's ``computer.js`` (issue 39) against ``overturn.game.computer``: the same move at every level from the
same position and seed, and the same number of draws taken from the generator.

Until the page's game (game.js) and word search (search.js) are on this branch, both run on a made-up game
written twice to the same rules (``FakeGame`` here, ``tests/engine_fake_game.mjs`` for Node): what is compared
is the computer itself, its levels, candidates, search and draws. Levels 4 and 5 are timed by a clock both sides
are given: one that never moves (the whole plan searched), and one that ticks a millisecond a reading, so the
budget cuts the search at the same point on both sides, as a loaded phone's would.
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

from overturn.game.computer import ENDING_CELLS, INFINITY, LEVEL_DESCRIPTIONS, LEVELS, LOOKAHEAD_CANDIDATES, PLANS, choose_move
from overturn.game.moves import GameError, PassMove, Played, RankedMove, WordMove

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "overturn" / "web" / "js" / "engine"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node binary to run the page's engine")

CELLS = 36
OPPONENT = {"green": "silver", "silver": "green"}
READINGS = ((("QU", "U"),), (("ZX", "X"),), (("QU", "QU"), ("ZX", "Z")))
MASK = 0xFFFFFFFF
MOVES: dict[str, list[RankedMove]] = {}


def _fnv(text: str) -> int:
    value = 0x811C9DC5
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & MASK
    return value


class FakeGame:
    """tests/engine_fake_game.mjs's FakeGame in Python (see there): the names computer.py reads of a Game."""

    def __init__(self, seed: int, cap: int) -> None:
        self.seed, self.cap = seed, cap
        self.rings: list[str | None] = [None] * CELLS
        self.to_move = "green"
        self.history: list[Played] = []
        self.undo: list[tuple[list[str | None], str]] = []

    def is_over(self) -> bool:
        return len(self.history) >= self.cap or None not in self.rings

    def legal_moves(self) -> list[RankedMove]:
        if self.is_over():
            return []
        position = "".join("." if ring is None else ring[0] for ring in self.rings)
        key = f"{self.seed}|{position}|{self.to_move}"
        if key not in MOVES:  # the moves are the position's alone: kept, to spare Python's searches the hashing
            MOVES[key] = self._moves(key)
        return MOVES[key]

    def _moves(self, key: str) -> list[RankedMove]:
        state = _fnv(key)

        def draw() -> int:
            nonlocal state
            state = (1664525 * state + 1013904223) & MASK
            return state

        count = draw() % 50
        if count < 4:
            count = 0
        moves: list[RankedMove] = []
        for index in range(count):
            length = 2 + draw() % 5
            word = "".join(chr(65 + draw() % 26) for _ in range(length))
            path = tuple(draw() % CELLS for _ in range(length))
            if index and draw() % 4 == 0:
                previous = moves[index - 1].move
                assert isinstance(previous, WordMove) and previous.path is not None
                path = previous.path[::-1]
            pick = draw() % 6
            moves.append(RankedMove(WordMove(word, path), self.swing(path), READINGS[pick] if pick < len(READINGS) else ()))
        if not moves:
            return [RankedMove(PassMove(cell), -1) for cell, ring in enumerate(self.rings) if ring is None]
        return sorted(moves, key=lambda ranked: -ranked.swing)

    def swing(self, path: tuple[int, ...]) -> int:
        return sum(1 if self.rings[cell] is None else 0 if self.rings[cell] == self.to_move else 2 for cell in set(path))

    def best_swing(self) -> int:
        moves = self.legal_moves()
        return moves[0].swing if moves else 0

    def push(self, move: WordMove | PassMove) -> None:
        self.undo.append((list(self.rings), self.to_move))
        if isinstance(move, WordMove):
            for cell in move.path or ():
                self.rings[cell] = self.to_move
        else:
            self.rings[move.cell] = OPPONENT[self.to_move]
        self.history.append(Played(self.to_move, move))  # type: ignore[arg-type]
        self.to_move = OPPONENT[self.to_move]

    def pop(self) -> None:
        self.rings, self.to_move = self.undo.pop()
        self.history.pop()


def move_json(move: WordMove | PassMove) -> dict[str, Any]:
    if isinstance(move, PassMove):
        return {"kind": "pass", "cell": move.cell}
    return {"kind": "word", "word": move.word, "path": list(move.path or ())}


def move_of(data: dict[str, Any]) -> WordMove | PassMove:
    return PassMove(data["cell"]) if data["kind"] == "pass" else WordMove(data["word"], tuple(data["path"]))


def ranked_json(ranked: RankedMove) -> dict[str, Any]:
    return {"move": move_json(ranked.move), "swing": ranked.swing, "readings": [list(pair) for pair in ranked.readings]}


#: The clocks of the searching levels: one that never moves (no time limit), and ones that tick 1 or 10 ms each
#: time they are read (the budget cut after about 250 or 25 readings of the moves).
TICKS = {"still": 0.0, "tick": 0.001, "tock": 0.01}


def clock_of(kind: str) -> Callable[[], float]:
    ticks, tick = itertools.count(), TICKS[kind]
    return lambda: next(ticks) * tick


RUNNER = """
import { FakeGame } from "%(fake)s";
import { chooseMove } from "./computer.js";
import { Random } from "./random.js";
import { readFileSync } from "node:fs";
const asked = JSON.parse(readFileSync(0, "utf8"));
const clockOf = (kind) => { let ticks = 0; return () => (ticks++) * asked.ticks[kind]; };
const answers = asked.cases.map(({ position, level, seed, clock }) => {
  const { game: gameSeed, cap, line } = asked.positions[position];
  const game = new FakeGame(gameSeed, cap);
  for (const move of line) game.push(move);
  const rng = new Random(seed);
  const chosen = chooseMove(game, level, rng, { clock: clockOf(clock) });
  return { chosen, after: rng.random(), plies: game.history.length };
});
process.stdout.write(JSON.stringify(answers));
"""


def _node(data: Any) -> Any:
    assert NODE is not None
    script = RUNNER % {"fake": (ROOT / "tests" / "engine_fake_game.mjs").as_uri()}
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script], input=json.dumps(data), capture_output=True, text=True, timeout=500, cwd=ENGINE, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def positions(count: int, cap: int = 30) -> list[dict[str, Any]]:
    """Positions of made-up games played by a mix of random and greedy moves, at every stage of the game."""
    pick = random.Random(39)
    found = []
    for game_seed in itertools.count():
        game = FakeGame(game_seed, cap)
        stop = pick.randrange(cap)
        while not game.is_over() and len(game.history) < stop:
            moves = game.legal_moves()
            game.push((moves[0] if pick.random() < 0.5 else pick.choice(moves)).move)
        if game.is_over():
            continue
        found.append({"game": game_seed, "cap": cap, "line": [move_json(played.move) for played in game.history]})
        if len(found) == count:
            return found
    raise AssertionError("unreachable")


def _python(position: dict[str, Any], level: int, seed: int, clock: str) -> dict[str, Any]:
    game = FakeGame(position["game"], position["cap"])
    for move in position["line"]:
        game.push(move_of(move))
    rng = random.Random(seed)
    chosen = choose_move(game, level, rng, clock=clock_of(clock))  # type: ignore[arg-type]
    return {"chosen": ranked_json(chosen), "after": rng.random(), "plies": len(game.history)}


def test_the_page_computer_plays_the_servers_move_at_every_level() -> None:
    """240 positions; levels 1 to 5, the searching levels on both clocks; each case its own seed."""
    found = positions(240)
    pick = random.Random(5)
    cases = []
    for index, position in enumerate(found):
        for level in LEVELS:
            clocks = list(TICKS) if level >= 4 else ["still"]
            for clock in clocks:
                if level == 5 and clock == "still" and position["cap"] - len(position["line"]) > 8:
                    continue  # the whole plan searched (10 plies) is seconds a move in Python: near the end only
                cases.append({"position": index, "level": level, "seed": pick.randrange(2**32), "clock": clock})
    got = _node({"positions": found, "cases": cases, "ticks": TICKS})
    expected = [_python(found[case["position"]], case["level"], case["seed"], case["clock"]) for case in cases]
    differences = [(case, want, have) for case, want, have in zip(cases, expected, got, strict=True) if want != have]
    assert not differences, (len(differences), differences[:3])
    # The cases reach what they are meant to: passes, ties drawn, and levels that disagree with the greedy move.
    chosen = {(case["position"], case["level"], case["clock"]): answer["chosen"] for case, answer in zip(cases, expected, strict=True)}
    assert any(answer["chosen"]["move"]["kind"] == "pass" for answer in expected)
    assert sum(chosen[key] != chosen.get((key[0], 2, "still")) for key in chosen if key[1] >= 3) > 50
    assert {case["level"] for case in cases if case["clock"] == "still"} == set(LEVELS)


def test_the_page_computer_refuses_what_python_refuses() -> None:
    """A game over (GameError there, GameOver here) and a level outside 1 to 5 (ValueError there, RangeError here)."""
    over = FakeGame(3, 0)
    with pytest.raises(GameError):
        choose_move(over, 2, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="level must be one of"):
        choose_move(FakeGame(3, 30), 6, random.Random(0))  # type: ignore[arg-type]
    script = (RUNNER % {"fake": (ROOT / "tests" / "engine_fake_game.mjs").as_uri()}).split("const asked")[0] + """
const refused = (game, level) => { try { chooseMove(game, level, new Random(0)); return null; } catch (error) { return error.constructor.name; } };
process.stdout.write(JSON.stringify([refused(new FakeGame(3, 0), 2), refused(new FakeGame(3, 30), 6), refused(new FakeGame(3, 30), 0)]));
"""
    assert NODE is not None
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, cwd=ENGINE, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["GameOver", "RangeError", "RangeError"]


def test_the_page_computer_has_the_servers_levels_and_plans() -> None:
    """The constants written twice: the levels' descriptions (shown by the page), plans, widths and bounds."""
    script = """
import * as computer from "./computer.js";
const { LEVEL_DESCRIPTIONS, LEVELS, PLANS, LOOKAHEAD_CANDIDATES, ENDING_CELLS, INFINITY } = computer;
process.stdout.write(JSON.stringify({ LEVEL_DESCRIPTIONS, LEVELS, PLANS, LOOKAHEAD_CANDIDATES, ENDING_CELLS, INFINITY }));
"""
    assert NODE is not None
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, cwd=ENGINE, check=False)
    assert done.returncode == 0, done.stderr
    page = json.loads(done.stdout)
    plans = {str(level): {"depths": list(plan.depths), "width": plan.width, "rootWidth": plan.root_width, "budget": plan.budget} for level, plan in PLANS.items()}
    assert page == {
        "LEVEL_DESCRIPTIONS": {str(level): text for level, text in LEVEL_DESCRIPTIONS.items()}, "LEVELS": list(LEVELS), "PLANS": plans,
        "LOOKAHEAD_CANDIDATES": LOOKAHEAD_CANDIDATES, "ENDING_CELLS": ENDING_CELLS, "INFINITY": INFINITY,
    }
