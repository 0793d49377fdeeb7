"""JSON shapes that several routers answer with (entries, rules, boards)."""

from __future__ import annotations

from typing import Any

from overturn.game.board import Board, Rules
from overturn.lexicon.lexicon import Lexicon


def entries_json(lexicon: Lexicon, key: str) -> list[dict[str, str]]:
    return [{"form": form, "lemma": lemma, "pos": pos} for form, lemma, pos in lexicon.entries(key)]

def rules_json(rules: Rules) -> dict[str, Any]:
    return {
        "rows": rules.rows,
        "cols": rules.cols,
        "reuse": rules.reuse,
        "min_length": rules.min_length,
        "min_tiles": rules.min_tiles,
    }

def board_json(board: Board) -> dict[str, Any]:
    cols = board.rules.cols
    faces = board.faces
    return {
        "board": str(board),
        "faces": [list(faces[row * cols : (row + 1) * cols]) for row in range(board.rules.rows)],
        "rules": rules_json(board.rules),
    }
