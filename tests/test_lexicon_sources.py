"""The DELA parser and the rule-book filters, on hand-written DELA lines."""

from pathlib import Path

import pytest

from overturn.lexicon.sources import Entry, merge_entries, parse_dela_line, read_dela, read_entry_table, read_word_list

BLOCK = frozenset({"ETC", "ID", "QU", "JUSQU", "LILLE"})


def keys_of(lines: list[str], tmp_path: Path) -> dict[str, list[Entry]]:
    path = tmp_path / "dela"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return merge_entries(read_dela(path, BLOCK))


def test_parse_handles_escapes_and_empty_lemma() -> None:
    assert parse_dela_line("pêche,.N+z1:fs\n") == ("pêche", "pêche", ["N", "z1"])
    assert parse_dela_line("paris,pari.N+z1:mp") == ("paris", "pari", ["N", "z1"])
    assert parse_dela_line("F\\. Fellini,rederico .N+Hum+NPropre:ms") == ("F. Fellini", "rederico ", ["N", "Hum", "NPropre"])
    assert parse_dela_line("garbage without separators") is None


def test_filters_keep_plain_words_and_plurals(tmp_path: Path) -> None:
    lexicon = keys_of(["paris,pari.N+z1:mp", "pêche,pêcher.V+z1:P3s", "aïe,.INTJ+z1", "pff,.INTJ+z1", "pfff,.INTJ+z1"], tmp_path)
    assert set(lexicon) == {"PARIS", "PECHE", "AIE", "PFF"}  # PFF: an ODS interjection without a vowel; PFFF is not
    assert lexicon["PARIS"] == [Entry("paris", "pari", "N")]


@pytest.mark.parametrize(
    "line",
    [
        "Paris,.N+PR+DetZ:fs",  # capital: proper noun
        "TVA,.N+z1:fs",  # acronym
        "adjani,.N+Hum+NPropre:fs",  # tagged proper noun
        "abdomino,.PFX",  # bound prefix
        "appeals,appeal.X+z1:mp",  # X: foreign
        "à défaut,.PCDN3",  # compound
        "porte-clé,.N+z1:ms",  # hyphen
        "aujourd'hui,.ADV+z1",  # apostrophe
        "100-mètres,.N+AN:ms",  # digits
        "cf,.ADV+z1",  # no vowel: an abbreviation
        "brrrr,.INTJ+z1",  # no vowel, and not a spelling the ODS lists
        "a,avoir.V+z1:P3s",  # a single letter
        "lille,.N+z1:ms",  # blocklist: a proper noun
        "etc,.ADV+z1",  # blocklist
        "qu,que.CONJS+z1",  # elided form
        "jusqu,jusque.PREP+z1",  # elided form
    ],
)
def test_filters_drop_what_the_rule_book_forbids(line: str, tmp_path: Path) -> None:
    assert keys_of([line], tmp_path) == {}


def test_entry_tables_and_word_lists(tmp_path: Path) -> None:
    table = tmp_path / "extra.tsv"
    table.write_text("# comment\nvoici\tvoici\tADV\tnote\nkiffer\tkiffer\tV\n", encoding="utf-8")
    assert dict(read_entry_table(table)) == {"VOICI": Entry("voici", "voici", "ADV"), "KIFFER": Entry("kiffer", "kiffer", "V")}
    bad = tmp_path / "bad.tsv"
    bad.write_text("only-one-field\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.tsv:1"):
        list(read_entry_table(bad))
    words = tmp_path / "list.txt"
    words.write_text("\ufeffÉTÉ\nporte-clé\n\nzouker\n", encoding="utf-8")
    entries, rejected = read_word_list(words)
    assert [key for key, _ in entries] == ["ETE", "ZOUKER"]
    assert rejected == ["porte-clé"]
