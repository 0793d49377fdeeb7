"""The command line as documented (issue 41, item 3): one normalisation for words and boards, no option dropped in silence."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn_cli.main import main

BOARD = "ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET"


@pytest.mark.parametrize(("typed", "key"), [("ＭＡＩＳＯＮ", "MAISON"), ("ﬁn", "FIN"), ("ｐêｃｈｅ", "PECHE")])
def test_compatibility_forms_are_their_letters(typed: str, key: str) -> None:
    assert normalize_key(typed) == key  # full-width letters were refused while the ﬁ ligature was read as FI


@pytest.mark.parametrize("abbreviation", ["iiᵉ", "Mᵐᵉ", "1ᵉʳ"])
def test_a_superscript_is_no_letter(abbreviation: str) -> None:
    """Only full-width letters are read as letters: NFKC would make the abbreviation iiᵉ the word IIE in a lexicon."""
    with pytest.raises(InvalidWord):
        normalize_key(abbreviation)


def test_a_full_width_board_is_the_board() -> None:
    typed = "ＥＲＣＳＳＯ/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RÉNAET"
    drawn = CliRunner().invoke(main, ["show", typed, "--no-color"])
    assert drawn.exit_code == 0, drawn.output
    assert drawn.output == CliRunner().invoke(main, ["show", BOARD, "--no-color"]).output


def test_show_refuses_a_word_and_a_path_together() -> None:
    done = CliRunner().invoke(main, ["show", BOARD, "--word", "ZZZ", "--path", "A1"])  # the word was dropped unsaid
    assert done.exit_code == 2 and "give --word or --path, not both" in done.output


def test_a_latin1_word_list_reads_alike_as_lexicon_and_in_build(isolated_cache, tmp_path) -> None:  # type: ignore[no-untyped-def]
    listing = tmp_path / "latin1.txt"
    listing.write_bytes("été\nmaison\nchâteau\n".encode("latin-1"))
    looked = CliRunner().invoke(main, ["dict", "lookup", "chateau", "-l", str(listing)])
    assert looked.exit_code == 0 and "château" in looked.output, looked.output  # was 'utf-8' codec can't decode…
    built = CliRunner().invoke(main, ["lexicon", "build", str(listing), "--name", "lat"])
    assert built.exit_code == 0 and "read as CP1252" in built.output


def test_lexicon_build_over_a_name_needs_force(isolated_cache, tmp_path) -> None:  # type: ignore[no-untyped-def]
    listing = tmp_path / "mots.txt"
    listing.write_text("kiffer\n", encoding="utf-8")
    assert CliRunner().invoke(main, ["lexicon", "build", str(listing), "--name", "mots"]).exit_code == 0
    listing.write_text("zouker\nkiffer\n", encoding="utf-8")
    again = CliRunner().invoke(main, ["lexicon", "build", str(listing), "--name", "mots"])
    assert again.exit_code == 2 and "already built a lexicon named 'mots'; pass --force" in again.output
    assert CliRunner().invoke(main, ["dict", "lookup", "zouker", "-l", "mots"]).exit_code == 1  # the old build, untouched
    forced = CliRunner().invoke(main, ["lexicon", "build", str(listing), "--name", "mots", "--force"])
    assert forced.exit_code == 0 and "2 words" in forced.output
