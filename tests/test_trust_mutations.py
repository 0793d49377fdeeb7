"""The shared mutation fuzzer: reproducible, bounded, and every kind really damages the file."""

from __future__ import annotations

import copy
import json

import pytest
from json_mutations import MUTATIONS, mutants

from overturn.jsonbounds import UnreadableJSON, loads_json

SAMPLE = {"format": "x", "seed": 7, "moves": [{"cell": [1, 2], "word": "ROI"}, {"cell": [3, 4], "word": "LE"}]}


def test_mutants_are_reproducible_bounded_and_leave_the_original_alone():
    original = copy.deepcopy(SAMPLE)
    first = list(mutants(SAMPLE, seed=5, count=100))
    assert first == list(mutants(SAMPLE, seed=5, count=100))
    assert first != list(mutants(SAMPLE, seed=6, count=100))
    assert SAMPLE == original
    assert {mutant.kind for mutant in first} == set(MUTATIONS)
    assert all(len(mutant.payload) < 1_000_000 for mutant in first)
    assert sum(mutant.payload != json.dumps(SAMPLE, indent=1).encode() for mutant in first) >= 90


@pytest.mark.parametrize("kind", ["deep_nesting", "duplicate_key", "invalid_utf8", "lone_surrogate", "truncate"])
def test_kinds_that_break_the_json_itself_are_refused_by_the_reader(kind):
    for mutant in mutants(SAMPLE, seed=11, count=300):
        if mutant.kind == kind:
            with pytest.raises(UnreadableJSON):
                loads_json(mutant.payload)
