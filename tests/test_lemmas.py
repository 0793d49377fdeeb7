"""Every form of a lemma set out in its table (tense and person, gender and number) from DELA's tags, cross-checked against a scan of every DELA line."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from click.testing import CliRunner

from overturn.lexicon.compiled import write_build
from overturn.lexicon.lemmas import INFLECTIONS_FILE, PERSONS, TENSES, codes_of, has_inflections, read_dela_inflections, write_inflections
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.normalize import fold
from overturn.lexicon.searches import lemma_forms
from overturn.lexicon.sources import DELA_FILE_NAME, Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer
from overturn_cli.main import main

CODES = ["W", "G", "Kms", "Kfp", "P1s", "P3s", "P1p", "I3p", "J2s", "F1p", "C3s", "S1s", "S3p", "T2p", "Y2s", "Y1p", "ms", "fs", "mp", "fp", "3s"]
ENDINGS = ["", "e", "é", "è", "s", "es", "ons", "èrent", "oe", "oes"]


def _random_sources(chooser: random.Random) -> tuple[list[str], dict[str, list[Entry]]]:
    """DELA lines (with ligatures written as two letters, some lemmas left empty) and the lexicon built from them.

    The lexicon writes œ where DELA writes "oe" (as the build's respelling does),
    and holds forms no DELA line tags (as Grammalecte's and the supplement's are).
    """
    lemmas = ["".join(chooser.choice("aeioursltn") for _ in range(chooser.randint(2, 5))) for _ in range(120)]
    lines: list[str] = []
    lexicon: dict[str, list[Entry]] = {}

    def add(entry: Entry) -> None:
        bucket = lexicon.setdefault(fold(entry.form), [])
        if entry not in bucket:
            bucket.append(entry)

    for _ in range(1500):
        lemma = chooser.choice(lemmas)
        form = lemma + chooser.choice(ENDINGS)
        pos = chooser.choice(["V", "N", "A"])
        codes = chooser.sample(CODES, chooser.randint(1, 3))
        if chooser.random() < 0.1:
            add(Entry(form, lemma, pos))  # untagged: from another source
            continue
        lines.append(f"{form},{'' if form == lemma else lemma}.{pos}+z1:{':'.join(codes)}")
        add(Entry(form.replace("oe", "œ"), lemma.replace("oe", "œ"), pos))
    lines += ["grand-mère,grand-mère.N+NA:fs", "c\\,est,ce.PRO:3s", "plain,.ADV+z1"]
    return lines, lexicon


def test_the_table_is_a_scan_of_every_dela_line(tmp_path: Path) -> None:
    chooser = random.Random(4)
    lines, table = _random_sources(chooser)
    dela = tmp_path / DELA_FILE_NAME
    dela.write_text("\n".join(lines) + "\n", encoding="utf-8")
    build = write_build(tmp_path / "build", table, {"name": "tagged"})
    write_inflections(build, [tmp_path / "other.txt", dela], table)
    lexicon = Lexicon.open(build, "tagged")
    assert has_inflections(lexicon)
    parsed = [line.split(",", 1) for line in lines if "\\" not in line and "-" not in line]
    scanned = []  # (form, lemma, pos, codes) read here the slow, obvious way
    for form, rest in parsed:
        lemma, _, tags = rest.partition(".")
        head, _, inflections = tags.partition(":")
        if inflections:
            scanned.append((form, lemma or form, head.split("+")[0], inflections.split(":")))
    assert list(read_dela_inflections(dela)) == scanned
    order = [tense + person for tense in ["", *TENSES] for person in ["", *PERSONS]]
    tagged = untagged = 0
    for key in chooser.sample(sorted(table), 120):
        for group in lemma_forms(lexicon, key):
            expected: dict[str, set[str]] = {}
            for form in group.forms:
                for form_line, lemma_line, pos_line, codes in scanned:
                    if (form_line, lemma_line, pos_line) == (form.replace("œ", "oe"), group.lemma.replace("œ", "oe"), group.pos):
                        for code in codes:
                            expected.setdefault(code, set()).add(form)
            rows = {row.tense + row.person: set(row.forms) for row in group.table}
            assert rows == expected, (key, group.lemma, group.pos)
            in_table = set().union(*rows.values())
            tagged += len(in_table)
            untagged += len(set(group.forms) - in_table)
            codes_in_order = [row.tense + row.person for row in group.table]
            assert codes_in_order == sorted(codes_in_order, key=order.index)
    assert tagged > 200 and untagged > 10  # both kinds of form were met, ligatures among them
    assert any("œ" in form for key in table for entry in table[key] for form in [entry.form] if codes_of(lexicon, entry))


def test_no_dela_no_table(tmp_path: Path) -> None:
    table = {"MANGE": [Entry("mange", "manger", "V")], "MANGER": [Entry("manger", "manger", "V")]}
    build = write_build(tmp_path / "plain", table, {"name": "plain"})
    write_inflections(build, [tmp_path / "words.txt"], table)
    assert not (build / INFLECTIONS_FILE).exists()
    lexicon = Lexicon.open(build, "plain")
    assert not has_inflections(lexicon)
    [group] = lemma_forms(lexicon, "mange")
    assert group.forms == ["mange", "manger"] and group.table == []


def test_the_default_lexicon_conjugates(default_lexicon: Lexicon) -> None:
    """MANGEONS leads to manger's table; œil's forms keep their ligature and find their tags; the CLI and the API show it."""
    [verb] = [group for group in lemma_forms(default_lexicon, "MANGEONS") if group.pos == "V"]
    rows = {(row.tense, row.person): row.forms for row in verb.table}
    assert rows[("P", "1p")] == ["mangeons"] and rows[("J", "3p")] == ["mangèrent"] and rows[("W", "")] == ["manger"]
    assert len([row for row in verb.table if row.tense in list("PIJFCST")]) == 7 * 6  # every person of the seven personal tenses
    [eye] = [group for group in lemma_forms(default_lexicon, "yeux") if group.lemma == "œil"]
    cells = {row.person: row.forms for row in eye.table}
    assert cells["ms"] == ["œil"] and "yeux" in cells["mp"] and "œils" in cells["mp"]
    shown = CliRunner().invoke(main, ["dict", "forms", "étions"]).output.splitlines()
    assert "  indicatif imparfait : j'étais · tu étais · il était · nous étions · vous étiez · ils étaient" in shown
    assert "  impératif présent : (tu) sois · (nous) soyons · (vous) soyez" in shown
    with BackgroundServer(create_app("fr")) as url, httpx.Client(base_url=url) as client:
        answer = client.get("/api/forms", params={"word": "mangeâmes"}).json()
        [verb_json] = [group for group in answer["lemmas"] if group["pos"] == "V"]
        assert {"tense": "Y", "person": "2p", "forms": ["mangez"]} in verb_json["table"]
