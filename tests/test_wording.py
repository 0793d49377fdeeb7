"""Small wording faults of issue 41, each held: plurals, doubled punctuation, a signed zero, a help example that did
not do what its comment said."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from overturn.game.match import GameRecord, MatchResult
from overturn.game.moves import Colour
from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn_cli.main import main


def test_a_one_word_build_says_one_word(tmp_path: Path) -> None:
    """"indexing 1 words" once."""
    said: list[str] = []
    write_build(tmp_path / "one", {"KIFFER": [Entry("kiffer", "kiffer", "V")]}, {"name": "one"}, said.append)
    assert "indexing 1 word" in said
    said.clear()
    write_build(tmp_path / "two", {"KIFFER": [Entry("kiffer", "kiffer", "V")], "ZOUKER": [Entry("zouker", "zouker", "V")]}, {"name": "two"}, said.append)
    assert "indexing 2 words" in said


def test_a_refusal_ends_its_sentence_once(tmp_path: Path) -> None:
    """"…a new letter.; the game file is unchanged": the move's message kept its full stop before the clause."""
    state = str(tmp_path / "g.json")
    assert CliRunner().invoke(main, ["game", "new", "--seed", "311", "--state", state]).exit_code == 0
    assert CliRunner().invoke(main, ["game", "pass", "A1", "--state", state]).exit_code == 0
    refused = CliRunner().invoke(main, ["game", "pass", "A1", "--state", state])
    assert refused.exit_code == 1 and "; the game file is unchanged" in refused.output, refused.output
    assert ".;" not in refused.output


def test_an_even_match_has_an_elo_of_zero_not_minus_zero() -> None:
    match = MatchResult(5, 3, "reuse", [GameRecord(0, 1, 0, Colour.GREEN, 20, 16, 12), GameRecord(1, 1, 0, Colour.SILVER, 14, 22, 12)])
    answer = match.to_json()
    assert answer["elo"] == 0.0 and "-0.0" not in json.dumps(answer)


def test_the_doubled_letter_example_finds_doubled_letters_inside_words(default_lexicon) -> None:
    """`dict grep '(.)\\1'  # a doubled letter` answered AA alone: a pattern matches whole words."""
    helped = CliRunner().invoke(main, ["dict", "grep", "--help"]).output
    assert "'.*(.)\\1.*'" in helped and "'(.)\\1'" not in helped
    found = CliRunner().invoke(main, ["dict", "grep", ".*(.)\\1.*", "--limit", "20"]).stdout.split()
    assert "AA" in found and "BEE" in found
