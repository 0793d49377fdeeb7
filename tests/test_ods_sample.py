"""The default lexicon against samples of club vocabulary (issue 20).

Four samples, same format: the project's own (tests/data/ods-sample.tsv, gathered with the supplement), an
independent one (tests/data/ods-sample-independent.tsv, drawn by a separate reviewer who had not seen the
supplement; later additions came partly from its pages) and two held-out ones (tests/data/ods-sample-heldout.tsv
and, for club vocabulary only, tests/data/ods-sample-heldout-club.tsv), drawn only from hosts the supplement may
not use. Each row names the public page its word comes from. Two measures:
the share of ODS-valid words the lexicon refuses (target: at most 2%), and
the forbidden words it accepts that no homograph explains (target: none).

Run as a script for the report: ``python tests/test_ods_sample.py [LEXICON]``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest

SAMPLE = Path(__file__).parent / "data" / "ods-sample.tsv"
INDEPENDENT_SAMPLE = Path(__file__).parent / "data" / "ods-sample-independent.tsv"
HELDOUT_SAMPLE = Path(__file__).parent / "data" / "ods-sample-heldout.tsv"
HELDOUT_CLUB_SAMPLE = Path(__file__).parent / "data" / "ods-sample-heldout-club.tsv"
COLUMNS = ["word", "expected", "category", "source", "homograph"]
MAX_REFUSED_RATE = 0.02


class Row(NamedTuple):
    word: str
    expected: str
    category: str
    source: str
    homograph: str


def read_sample(path: Path = SAMPLE) -> list[Row]:
    rows: list[Row] = []
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    assert lines[0].split("\t") == COLUMNS, "the sample's header changed"
    for line in lines[1:]:
        fields = line.split("\t")
        assert len(fields) == len(COLUMNS), f"row {line!r} needs {len(COLUMNS)} tab-separated fields"
        rows.append(Row(*fields))
    return rows


class Report(NamedTuple):
    valid: int
    refused: list[Row]
    forbidden: int
    explained: list[Row]
    unexplained: list[Row]

    @property
    def refused_rate(self) -> float:
        return len(self.refused) / self.valid

    def lines(self) -> list[str]:
        by_category = Counter(row.category for row in self.refused)
        out = [
            f"ODS-valid words refused: {len(self.refused)} of {self.valid} ({self.refused_rate:.1%})",
            *(f"  {category}: {count}" for category, count in sorted(by_category.items())),
        ]
        if self.refused:
            out.append("  " + " ".join(row.word for row in self.refused))
        out.append(f"forbidden words accepted: {len(self.explained) + len(self.unexplained)} of {self.forbidden}, "
                   f"{len(self.explained)} explained by a homograph, {len(self.unexplained)} unexplained")
        if self.unexplained:
            out.append("  " + " ".join(row.word for row in self.unexplained))
        return out


def measure(lexicon: object, rows: list[Row]) -> Report:
    from overturn.lexicon.normalize import normalize_key

    def accepted(word: str) -> bool:
        return normalize_key(word) in lexicon  # type: ignore[operator]

    valid = [row for row in rows if row.expected == "valid"]
    forbidden = [row for row in rows if row.expected == "forbidden"]
    passed = [row for row in forbidden if accepted(row.word)]
    return Report(
        valid=len(valid),
        refused=[row for row in valid if not accepted(row.word)],
        forbidden=len(forbidden),
        explained=[row for row in passed if row.homograph],
        unexplained=[row for row in passed if not row.homograph],
    )


# The independent sample misses both targets on the lexicon of 2026-11-25 (measured when it was drawn, before any
# change to the lexicon): the marks are strict, so they fail the day the lexicon meets a target, and must then go.
INDEPENDENT_REFUSED = pytest.mark.xfail(
    strict=True,
    reason="independent sample, measured 2026-11-25: 53 of 346 ODS-valid words refused (15.3%), 20 (5.8%) after "
           "two rounds of club keys partly from the same pages, 15 (4.3%) after the eighth; target at most 2%")
# Its forbidden words accepted with no homograph, measured 2026-11-25: 3 of 65 (in, sicavs, usiter); the row for in
# was corrected to valid, and sicavs and usiter are refused since 2026-11-26 (policy 10).

# The held-out sample (drawn 2026-11-25 from pages on the other side of a host split from the supplement's, before
# measuring) has few club words (29 of its 340 valid rows: the stored pages of club lists are cut short), so its
# overall rate mostly measures everyday French; the club rows are measured apart.
HELDOUT_UNEXPLAINED = pytest.mark.xfail(
    strict=True,
    reason="held-out sample, measured 2026-11-25: 7 welded compounds accepted (attrapetout, cachecache, croquemonsieur, "
           "entredeux, foxtrot, gagnepetit, hihan), 1990 rectified spellings policy 7 plays; the ODS's stance unverified")
HELDOUT_CLUB_ROWS_REFUSED = pytest.mark.xfail(
    strict=True, reason="held-out sample's club rows, measured 2026-11-25: 4 of 29 refused (13.8%); 3 (10.3%) since the "
                        "sixth supplement round found kylix on a side-0 page; target at most 2%")

# The second held-out sample (drawn 2026-11-26, blind to the lexicon, from side-1 hosts the supplement may not use)
# holds club words only, and few: the stored side-1 pages were nearly mined out by the first. Two of its six pages
# repeat material used before (scrabblecrds.fr's page is also the independent sample's; norafrik.com reprints the
# report information.tv5monde.com gave the supplement's fourth round).
HELDOUT_CLUB_REFUSED = pytest.mark.xfail(
    strict=True, reason="second held-out sample, measured 2026-11-26 before the fifth supplement round: "
                        "1 of 21 refused (4.8%: whiskey); target at most 2%")
# Its one forbidden word accepted with no homograph when drawn (usiter, also the independent sample's, from the same
# page) is refused since 2026-11-26 (policy 10).

SAMPLES = [pytest.param(SAMPLE, 1_000, id="own"), pytest.param(INDEPENDENT_SAMPLE, 300, id="independent"),
           pytest.param(HELDOUT_SAMPLE, 500, id="heldout"), pytest.param(HELDOUT_CLUB_SAMPLE, 25, id="heldout-club")]


@pytest.mark.parametrize(("path", "min_rows"), SAMPLES)
def test_the_sample_is_well_formed(path: Path, min_rows: int) -> None:
    rows = read_sample(path)
    assert len(rows) >= min_rows
    assert {row.expected for row in rows} == {"valid", "forbidden"}
    assert all(row.source and row.category for row in rows), "every row names its category and source"
    assert not [row for row in rows if row.expected == "valid" and row.homograph], "homographs explain forbidden rows only"
    pairs = Counter((row.word, row.expected) for row in rows)
    assert not [pair for pair, count in pairs.items() if count > 1], "no duplicate rows"


@pytest.mark.lexicon
@pytest.mark.parametrize(("path", "category_prefix"), [pytest.param(SAMPLE, "", id="own"),
                                  pytest.param(INDEPENDENT_SAMPLE, "", id="independent", marks=INDEPENDENT_REFUSED),
                                  pytest.param(HELDOUT_SAMPLE, "", id="heldout"),
                                  pytest.param(HELDOUT_SAMPLE, "club_", id="heldout-club-rows", marks=HELDOUT_CLUB_ROWS_REFUSED),
                                  pytest.param(HELDOUT_CLUB_SAMPLE, "", id="heldout-club", marks=HELDOUT_CLUB_REFUSED)])
def test_at_most_two_percent_of_ods_words_are_refused(default_lexicon, path: Path, category_prefix: str) -> None:
    rows = [row for row in read_sample(path) if row.category.startswith(category_prefix)]
    report = measure(default_lexicon, rows)
    print("\n".join(report.lines()))
    assert report.refused_rate <= MAX_REFUSED_RATE, "\n".join(report.lines())


@pytest.mark.lexicon
@pytest.mark.parametrize("path", [pytest.param(SAMPLE, id="own"),
                                  pytest.param(INDEPENDENT_SAMPLE, id="independent"),
                                  pytest.param(HELDOUT_SAMPLE, id="heldout", marks=HELDOUT_UNEXPLAINED),
                                  pytest.param(HELDOUT_CLUB_SAMPLE, id="heldout-club")])
def test_no_forbidden_word_is_accepted_without_a_homograph(default_lexicon, path: Path) -> None:
    report = measure(default_lexicon, read_sample(path))
    assert report.unexplained == [], "\n".join(report.lines())


@pytest.mark.lexicon
@pytest.mark.parametrize("path", [pytest.param(SAMPLE, id="own"), pytest.param(INDEPENDENT_SAMPLE, id="independent"),
                                  pytest.param(HELDOUT_SAMPLE, id="heldout"), pytest.param(HELDOUT_CLUB_SAMPLE, id="heldout-club")])
def test_each_recorded_homograph_is_really_in_the_lexicon(default_lexicon, path: Path) -> None:
    """A homograph recorded for a forbidden row that the lexicon refuses is stale: drop it from the row."""
    from overturn.lexicon.normalize import normalize_key

    stale = [row.word for row in read_sample(path) if row.homograph and normalize_key(row.word) not in default_lexicon]
    assert stale == []


def test_measure_counts_both_ways() -> None:
    rows = [Row("chat", "valid", "c", "s", ""), Row("zzq", "valid", "c", "s", ""),
            Row("lille", "forbidden", "c", "s", ""), Row("paris", "forbidden", "c", "s", "pari"),
            Row("sncf", "forbidden", "c", "s", "")]
    report = measure(frozenset({"CHAT", "LILLE", "PARIS"}), rows)
    assert report.valid == 2 and [row.word for row in report.refused] == ["zzq"] and report.refused_rate == 0.5
    assert [row.word for row in report.unexplained] == ["lille"] and [row.word for row in report.explained] == ["paris"]


if __name__ == "__main__":
    from overturn.lexicon.registry import load_lexicon

    lexicon = load_lexicon(sys.argv[1] if len(sys.argv) > 1 else "fr")
    for path in (SAMPLE, INDEPENDENT_SAMPLE, HELDOUT_SAMPLE, HELDOUT_CLUB_SAMPLE):
        print(f"{path.name}:")
        print("\n".join(measure(lexicon, read_sample(path)).lines()))
