"""The command line as documented (issue 41, item 3): one normalisation for words and boards, no option dropped in silence."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from overturn.lexicon.normalize import normalize_key
from overturn_cli.main import main

BOARD = "ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET"


@pytest.mark.parametrize(("typed", "key"), [("ＭＡＩＳＯＮ", "MAISON"), ("ﬁn", "FIN"), ("ｐêｃｈｅ", "PECHE"), ("ĳs", "IJS")])
def test_compatibility_forms_are_their_letters(typed: str, key: str) -> None:
    assert normalize_key(typed) == key  # full-width letters were refused while the ﬁ ligature was read as FI


def test_a_full_width_board_is_the_board() -> None:
    typed = "ＥＲＣＳＳＯ/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RÉNAET"
    drawn = CliRunner().invoke(main, ["show", typed, "--no-color"])
    assert drawn.exit_code == 0, drawn.output
    assert drawn.output == CliRunner().invoke(main, ["show", BOARD, "--no-color"]).output


def test_show_refuses_a_word_and_a_path_together() -> None:
    done = CliRunner().invoke(main, ["show", BOARD, "--word", "ZZZ", "--path", "A1"])  # the word was dropped unsaid
    assert done.exit_code == 2 and "give --word or --path, not both" in done.output
