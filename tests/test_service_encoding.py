"""The solve answer's hand-written JSON against json.dumps of the obvious dicts, on many random word lists."""

from __future__ import annotations

import json
import random

import pytest

from overturn.board import PRESETS, Board
from overturn.service import _longest_first, _words_json
from overturn.solver import Found

READINGS = [(), (("ZX", "Z"),), (("ZX", "X"),), (("QU", "QU"),), (("QU", "Q"), ("ZX", "X"))]


def _random_found(rng: random.Random, size: int) -> list[Found]:
    words = sorted({"".join(rng.choices("ABCDEFGHIJKLMNOPQRSTUVWXYZ", k=rng.randint(1, 12))) for _ in range(rng.randint(0, 400))})
    return [Found(word, tuple(rng.randrange(size) for _ in range(len(word))), rng.choice(READINGS)) for word in words]


def _reference(board: Board, found: list[Found]) -> str:
    cols = board.rules.cols
    ranked = sorted(found, key=lambda item: (-len(item.word), item.word))
    items = [
        {"word": item.word, "path": [[cell // cols, cell % cols] for cell in item.path], "readings": dict(item.readings)}
        for item in ranked
    ]
    return json.dumps(items, separators=(",", ":"))


@pytest.mark.parametrize("mode", ["overturn", "boggle4", "boggle5"])
def test_words_json_matches_json_dumps_of_the_plain_dicts(mode: str) -> None:
    rules = PRESETS[mode]
    board = Board.parse("A" * rules.size, rules)
    rng = random.Random(mode)
    for _ in range(80):
        found = _random_found(rng, rules.size)
        ranked, lengths = _longest_first(found)
        assert _words_json(board, ranked) == _reference(board, found)
        assert lengths == {length: sum(len(item.word) == length for item in found) for length in sorted({len(item.word) for item in found})}
