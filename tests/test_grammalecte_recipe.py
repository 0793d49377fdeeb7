"""The Grammalecte recipe's filters and expansion (on a hand-written .aff/.dic), and the committed table."""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest

from overturn.lexicon.sources import data_file, read_dela, read_entry_table
from overturn_lexicons import grammalecte_recipe as recipe

BLOCKLIST = frozenset({"CEDEX"})

AFF = """\
# AFFIXES DU DICTIONNAIRE ORTHOGRAPHIQUE FRANÇAIS “TOUTES VARIANTES” v7.0
SET UTF-8
FLAG long
NEEDAFFIX ()
KEEPCASE ||

PFX L' Y 2
PFX L' 0 l' [aeiouh] dp:le|la+
PFX L' 0 L' [AEIOUH] dp:le|la+

PFX Um Y 2
PFX Um 0 0/S. .
PFX Um 0 kilo/S.() .

PFX U. N 1
PFX U. 0 k .

SFX S. Y 2
SFX S. 0 0/L' [^sxz] is:sg
SFX S. 0 s [^sxz] is:pl

SFX F. Y 2
SFX F. 0 0/S. f is:mas
SFX F. f ve/S.() f is:fem

SFX a0 Y 4
SFX a0 er er/L' er po:infi
SFX a0 er e er po:ipre po:1sg
SFX a0 er è er po:ipre po:1isg
SFX a0 er é er po:ppas po:1jsg
"""

DIC = """\
12
ognon/S.() po:nom is:mas
sportif/F.() po:nom po:adj
kiffer/a0() po:v1__t___zz
voici po:mg po:prep
Paris/L' po:npr is:epi
ampère/Um() po:nom is:mas
m/U.||-- po:nom is:mas is:inv
bar/||-- po:nom is:mas is:inv
bar/S.() po:nom is:mas
anti/L' po:pfx
urbi po:loc.adv
docteur/S.() po:nom po:titr
"""


@pytest.fixture(scope="module")
def hunspell(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object, list]:
    pytest.importorskip("spylls")
    folder = tmp_path_factory.mktemp("hunspell")
    aff_path, dic_path = folder / "tiny.aff", folder / "tiny.dic"
    aff_path.write_text(AFF, encoding="utf-8")
    dic_path.write_text(DIC, encoding="utf-8")
    aff, words = recipe.load_hunspell(aff_path, dic_path)
    return aff_path, aff, words


def forms_of(hunspell: tuple[Path, object, list], stem: str) -> set[tuple[str, str, bool]]:
    aff_path, aff, words = hunspell
    bound = recipe.bound_suffixes(aff_path.read_text(encoding="utf-8").splitlines())
    return {derivation for word in words if word.stem == stem for derivation in recipe.expand(word, aff, bound)}


@pytest.mark.parametrize(
    ("tags", "codes"),
    [
        (["nom", "adj"], ("N", "A")),
        (["v1_it_q__a", "infi"], ("V",)),
        (["mg", "prep", "det"], ("PREP", "DET")),
        (["mg", "cjco", "adv"], ("CONJC", "ADV")),
        (["mg", "cjsub"], ("CONJS",)),
        (["mg", "properobj", "preverb", "proadv"], ("PRO",)),
        (["nb"], ("DET",)),
        (["interj"], ("INTJ",)),
        (["loc.adv"], ()),
    ],
)
def test_pos_codes_map_grammalecte_tags_to_dela_codes(tags: list[str], codes: tuple[str, ...]) -> None:
    assert recipe.pos_codes(tags) == codes


@pytest.mark.parametrize(
    ("tags", "reason"),
    [
        (["npr"], recipe.EXCLUDED_TAGS["npr"]),
        (["prn"], recipe.EXCLUDED_TAGS["prn"]),
        (["patr"], recipe.EXCLUDED_TAGS["patr"]),
        (["pfx"], recipe.EXCLUDED_TAGS["pfx"]),
        (["sfx"], recipe.EXCLUDED_TAGS["sfx"]),
        (["nbro"], recipe.EXCLUDED_TAGS["nbro"]),
        (["mg", "cjsub", "err"], recipe.EXCLUDED_TAGS["err"]),
        (["titr"], recipe.TITLE_ONLY),
        (["nom", "titr"], None),
        (["loc.adv", "loc.adj"], recipe.LOCUTION_ONLY),
        (["mg", "adv", "loc.adv"], None),
        (["ponc", "sign"], recipe.NO_POS),
        (["nom"], None),
    ],
)
def test_entry_drop_reason(tags: list[str], reason: str | None) -> None:
    assert recipe.entry_drop_reason(tags, recipe.pos_codes(tags)) == reason


@pytest.mark.parametrize(
    ("form", "pos", "reason"),
    [
        ("ognon", "N", None),
        ("haïku", "N", None),
        ("pff", "INTJ", None),  # a vowel-less interjection the ODS lists
        ("pfff", "INTJ", recipe.NO_VOWEL),
        ("b", "N", recipe.NO_VOWEL),  # a single letter
        ("y", "PRO", recipe.NO_VOWEL),
        ("Paris", "N", recipe.CAPITAL),
        ("aujourd'hui", "ADV", recipe.NOT_LETTERS),
        ("porte-clé", "N", recipe.NOT_LETTERS),
        ("2d", "A", recipe.NOT_LETTERS),
        ("iiᵉ", "A", recipe.NOT_LETTERS),
        ("cédex", "N", recipe.BLOCKLISTED),
        ("km", "N", recipe.NO_VOWEL),
    ],
)
def test_form_drop_reason(form: str, pos: str, reason: str | None) -> None:
    assert recipe.form_drop_reason(form, pos, BLOCKLIST) == reason


def test_bound_suffixes_are_the_inverted_first_person() -> None:
    assert recipe.bound_suffixes(AFF.splitlines()) == {("a0", "er", "è", "er")}


def test_needaffix_stem_takes_its_suffixes_and_elisions_are_not_generated(hunspell) -> None:
    assert forms_of(hunspell, "ognon") == {("ognon", "ognon", False), ("ognons", "ognon", False)}


def test_twofold_suffix_and_needaffix_on_an_affix(hunspell) -> None:
    # sportive needs its second suffix (S.): sportive (zero suffix) and sportives.
    assert {form for form, _, _ in forms_of(hunspell, "sportif")} == {"sportif", "sportifs", "sportive", "sportives"}


def test_non_elision_prefix_with_its_continuation_suffix(hunspell) -> None:
    assert forms_of(hunspell, "ampère") == {
        ("ampère", "ampère", False),
        ("ampères", "ampère", False),
        ("kiloampère", "kiloampère", False),
        ("kiloampères", "kiloampère", False),
    }


def test_inverted_first_person_is_marked_bound(hunspell) -> None:
    assert forms_of(hunspell, "kiffer") == {
        ("kiffer", "kiffer", False),
        ("kiffe", "kiffer", False),
        ("kiffè", "kiffer", True),
        ("kiffé", "kiffer", False),
    }


def test_build_rows_keeps_only_playable_forms_dela_lacks(hunspell) -> None:
    aff_path, aff, words = hunspell
    bound = recipe.bound_suffixes(aff_path.read_text(encoding="utf-8").splitlines())
    rows, counts = recipe.build_rows(words, aff, {"OGNON"}, BLOCKLIST, bound)
    assert {(row.form, row.pos) for row in rows} == {
        ("ognons", "N"),
        *((form, pos) for form in ("sportif", "sportifs", "sportive", "sportives") for pos in ("N", "A")),
        ("kiffer", "V"),
        ("kiffe", "V"),
        ("kiffé", "V"),
        ("voici", "PREP"),
        ("ampère", "N"),
        ("ampères", "N"),
        ("kiloampère", "N"),
        ("kiloampères", "N"),
        ("bar", "N"),  # the noun, though the unit symbol "bar" is dropped
        ("bars", "N"),
        ("docteur", "N"),
        ("docteurs", "N"),
    }
    assert rows == sorted(rows)
    assert counts[recipe.IN_DELA] == 1
    assert counts[recipe.INVERSION_ONLY] == 1
    assert counts[recipe.EXCLUDED_TAGS["npr"]] == 1
    assert counts[recipe.EXCLUDED_TAGS["pfx"]] == 1
    assert counts[recipe.LOCUTION_ONLY] == 1
    assert counts[recipe.UNIT_SYMBOL] == 2  # m and km; the bar row is kept through the noun
    assert counts["kept keys"] == 16  # kiffe and kiffé share KIFFE


def test_written_table_reads_back_with_read_entry_table(tmp_path: Path) -> None:
    path = tmp_path / "table.tsv.xz"
    recipe.write_table([recipe.Row("ognons", "ognon", "N")], "# source", path)
    assert lzma.open(path, "rt", encoding="utf-8").read() == "# source\nognons\tognon\tN\n"
    assert list(read_entry_table(path)) == [("OGNONS", ("ognons", "ognon", "N"))]


def test_dictionary_version_comes_from_the_aff_header(tmp_path: Path) -> None:
    path = tmp_path / "tiny.aff"
    path.write_text(AFF, encoding="utf-8")
    assert recipe.dictionary_version(path) == "7.0"


COMMITTED = data_file("grammalecte-fr.tsv.xz")


@pytest.fixture(scope="module")
def committed() -> dict[str, list]:
    table: dict[str, list] = {}
    for key, entry in read_entry_table(COMMITTED):
        table.setdefault(key, []).append(entry)
    return table


def test_committed_table_has_the_current_words_dela_lacks(committed: dict[str, list]) -> None:
    for key in ("VOICI", "REVOILA", "OGNON", "WEBCAM", "REMIX", "TANDOORI", "KIFFER", "ZOUKER", "KIFFAIENT"):
        assert key in committed, key
    assert ("kiffer", "kiffer", "V") in committed["KIFFER"]
    assert "HAIKU" not in committed  # DELA already has haiku


def test_committed_table_has_no_capitalised_or_proper_noun_like_key(committed: dict[str, list]) -> None:
    assert all(entry.form == entry.form.lower() for entries in committed.values() for entry in entries)
    for proper in ("GANSHOREN", "CHENOVE", "LOUBNA", "BRENDAN", "FLAUBERT", "ROSSINI", "DR", "MME", "ANTI", "KG"):
        assert proper not in committed, proper
    assert {entry.pos for entries in committed.values() for entry in entries} <= {
        "N", "A", "V", "ADV", "PREP", "CONJS", "CONJC", "PRO", "DET", "INTJ"
    }


def test_committed_table_header_names_source_and_licence() -> None:
    with lzma.open(COMMITTED, "rt", encoding="utf-8") as handle:
        first = handle.readline()
    assert first.startswith("# Grammalecte") and "hunspell-fr-comprehensive" in first and "MPL-2.0" in first
    assert COMMITTED.stat().st_size < 400_000


@pytest.mark.slow
def test_committed_table_only_holds_keys_dela_lacks(committed: dict[str, list]) -> None:
    assert committed.keys().isdisjoint(key for key, _ in read_dela())
