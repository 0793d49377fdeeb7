"""Suggestions ("did you mean") bounded in input and time, checked against a brute-force edit distance."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from overturn.lexicon.lexicon import LENGTH_MARGIN, Lexicon, WordTooLong
from overturn_cli.main import main


def _distance(left: str, right: str) -> int:
    row = list(range(len(right) + 1))
    for i, a in enumerate(left, 1):
        previous, row[0] = row[0], i
        for j, b in enumerate(right, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (a != b))
    return row[-1]


@pytest.fixture(scope="module")
def small(make_lexicon) -> Lexicon:
    generator = random.Random(5)
    return make_lexicon(sorted({"".join(generator.choice("ABCDE") for _ in range(generator.randint(1, 7))) for _ in range(800)}))


def test_near_agrees_with_a_brute_force_edit_distance(small: Lexicon) -> None:
    generator = random.Random(6)
    keys = list(small._trie.keys())
    for _ in range(80):
        word = "".join(generator.choice("ABCDEF") for _ in range(generator.randint(1, 9)))
        scored = sorted(
            (distance, abs(len(key) - len(word)), key) for key in keys if key != word and (distance := _distance(key, word)) <= 2
        )
        assert small.near(word, limit=8) == [key for *_, key in scored[:8]], word


def test_overlong_words_are_refused_and_suggestions_answer_at_once(small: Lexicon) -> None:
    assert small.longest == 7
    small.check_length("A" * (7 + LENGTH_MARGIN))
    with pytest.raises(WordTooLong, match="longer than any word of lexicon"):
        small.check_length("A" * (8 + LENGTH_MARGIN))
    for length in (1_000, 100_000):
        assert small.near("A" * length) == []  # nothing is within two edits: no search at all


def test_near_stops_at_its_deadline(default_lexicon: Lexicon) -> None:
    word = "ANTICONSTITUTIONNELEMANT"
    complete = default_lexicon.near(word, limit=50)
    assert "ANTICONSTITUTIONNELLEMENT" in complete
    assert set(default_lexicon.near(word, limit=50, timeout=0.0)) <= set(complete)


@pytest.mark.parametrize("length", [1_000, 100_000])
def test_lookup_refuses_an_overlong_word_at_the_command_line(default_lexicon: Lexicon, length: int) -> None:
    word = "A" * length
    result = CliRunner().invoke(main, ["dict", "lookup", word, "maison"])
    assert result.exit_code == 2  # not a word the lexicon could hold: unreadable input
    assert f"invalid input: a word of {length:,} letters is longer than any word of lexicon fr" in result.stdout
    assert "MAISON: valid" in result.stdout and len(result.stdout) < 1000  # the word itself is not echoed whole
    result = CliRunner().invoke(main, ["dict", "lookup", word, "--json"])
    answer = json.loads(result.stdout)["results"][0]
    assert answer["valid"] is False and "longer than any word" in answer["error"] and answer["suggestions"] == []
