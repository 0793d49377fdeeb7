"""The value types without dataclasses (overturn.game.value): they behave as the frozen dataclasses they replace."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

from overturn.game.board import OVERTURN, Board, Rules
from overturn.game.solver import FREE, Constraints
from overturn.game.value import Value

BOARD = "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW"


@pytest.mark.parametrize("kind", [Rules, Board, Constraints])
def test_fields_are_the_constructor_s_parameters(kind: type[Value]) -> None:
    """FIELDS names every parameter of __init__, in order: replace, equality and hash see them all."""
    code = kind.__init__.__code__
    assert kind.FIELDS == code.co_varnames[1 : code.co_argcount]


def test_equality_hash_and_replace() -> None:
    board = Board.parse(BOARD)
    assert board == Board.parse(BOARD.lower()) and hash(board) == hash(Board.parse(BOARD))
    assert board != board.with_rules(OVERTURN.replace(reuse=False)) and board != board.faces
    assert OVERTURN.replace(min_length=3) == Rules(min_length=3) != OVERTURN
    assert {OVERTURN: 1}[Rules()] == 1
    assert FREE.replace(ringed=5) == Constraints(ringed=5) and FREE.ringed == 0
    assert Constraints().fixed == {} and Constraints().fixed is not Constraints().fixed
    assert repr(Rules(rows=4, cols=4)).startswith("Rules(rows=4, cols=4, tile_rows=2")


def test_read_only_and_checked_again_on_replace() -> None:
    board = Board.parse(BOARD)
    with pytest.raises(AttributeError, match="immutable"):
        board.faces = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del OVERTURN.rows
    with pytest.raises(ValueError, match="tiles must cover"):
        OVERTURN.replace(rows=5)
    with pytest.raises(TypeError, match="no field colour"):
        OVERTURN.replace(colour="green")


def test_copies_and_pickles_keep_the_value_and_cached_masks() -> None:
    board = Board.parse(BOARD)
    masks = board.neighbours  # a cached_property: lives in the instance dictionary
    for twin in (copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board))):
        assert twin == board and twin.neighbours == masks


def test_the_model_does_not_import_dataclasses() -> None:
    """The reason for overturn.game.value: the solve path stays clear of dataclasses (and inspect) at start-up."""
    code = "import sys, overturn.game.board, overturn.game.solver; assert 'dataclasses' not in sys.modules and 'inspect' not in sys.modules"
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
