"""The everyday searches (hooks, 7+1, plain filters, lists, jokers, diffs), each cross-checked against a brute force over every key."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from overturn.lexicon.compiled import write_build
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.searches import LISTS, Filters, diff, find, fit, hooks, jokers, lemma_forms, plus_one, preset_list
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer
from overturn_cli.main import main

ALPHABET = "AEIOURSTLNQXZY"


@pytest.fixture(scope="module")
def words() -> list[str]:
    chooser = random.Random(20)
    made = {"".join(chooser.choice(ALPHABET) for _ in range(chooser.randint(2, 9))) for _ in range(4000)}
    made |= {"QI", "COQ", "LYNX", "MAISON", "MAISONS", "MADISON", "RAISON", "SOU", "SOUS"}
    return sorted(made)


@pytest.fixture(scope="module")
def lexicon_dir(words: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_build(tmp_path_factory.mktemp("searches") / "random", {w: [Entry(w.lower(), w.lower(), "N")] for w in words}, {"name": "random"})


@pytest.fixture(scope="module")
def lexicon(lexicon_dir: Path) -> Lexicon:
    return Lexicon.open(lexicon_dir, "random")


def test_find_is_the_brute_force_filter(lexicon: Lexicon, words: list[str]) -> None:
    chooser = random.Random(3)
    for _ in range(300):
        source = chooser.choice(words)
        starts = source[: chooser.randint(0, 2)] if chooser.random() < 0.5 else ""
        ends = source[-chooser.randint(1, 2) :] if chooser.random() < 0.4 else ""
        contains = chooser.choice(["", "", "A", "ST", "QI", "ZZ"])
        low = chooser.choice([0, 0, 2, 4])
        high = chooser.choice([None, None, 3, 5, 9])
        filters = Filters(starts, ends, contains, low, high)
        if not (starts or ends or contains or low or high is not None):
            continue
        expected = sorted((w for w in words if filters.keeps(w)), key=lambda w: (len(w), w))
        found = find(lexicon, filters, 10_000, 10.0)
        assert found.words == expected, filters
        limited = find(lexicon, filters, 3, 10.0)
        assert limited.words == expected[:3] and limited.truncated == (len(expected) > 3)


def test_hooks_are_every_word_one_letter_longer(lexicon: Lexicon, words: list[str]) -> None:
    known = set(words)
    for word in random.Random(4).sample(words, 60) + ["MAISON", "SOU"]:
        found = hooks(lexicon, word)
        assert set(found.front.values()) == {w for w in known if len(w) == len(word) + 1 and w[1:] == word}
        assert set(found.back.values()) == {w for w in known if len(w) == len(word) + 1 and w[:-1] == word}
        inside = {w for w in known if len(w) == len(word) + 1 and any(w[:at] + w[at + 1 :] == word for at in range(1, len(word)))}
        assert {w for group in found.inserted.values() for w in group} == inside
    assert hooks(lexicon, "MAISON").inserted == {"D": ["MADISON"]} and hooks(lexicon, "maison").back == {"S": "MAISONS"}


def test_plus_one_groups_by_the_added_letter(lexicon: Lexicon, words: list[str]) -> None:
    for rack in random.Random(5).sample(words, 40):
        expected: dict[str, list[str]] = {}
        for word in words:
            extra = Counter(word) - Counter(rack)
            if len(word) == len(rack) + 1 and sum(extra.values()) == 1:
                expected.setdefault(next(iter(extra)), []).append(word)
        assert plus_one(lexicon, rack) == {letter: sorted(found) for letter, found in sorted(expected.items())}


def test_jokers_name_the_letters_they_stood_for() -> None:
    assert jokers("CHIE?", "NICHE") == "N" and jokers("??", "AS") == "AS" and jokers("r?s?", "RASE") == "AE"


def test_the_preset_lists(lexicon: Lexicon, words: list[str]) -> None:
    assert preset_list(lexicon, "two") == sorted(w for w in words if len(w) == 2)
    assert preset_list(lexicon, "three") == sorted(w for w in words if len(w) == 3)
    assert preset_list(lexicon, "q-without-u") == sorted(w for w in words if any(c == "Q" and w[i + 1 : i + 2] != "U" for i, c in enumerate(w)))
    assert preset_list(lexicon, "no-vowel") == sorted(w for w in words if not set(w) & set("AEIOU"))
    assert "LYNX" in preset_list(lexicon, "no-vowel") and set(LISTS) == {"two", "three", "q-without-u", "no-vowel"}


def test_diff_each_way() -> None:
    found = diff(["A", "B", "C"], ["B", "C", "D", "E"])
    assert (found.only_first, found.only_second, found.common) == (["A"], ["D", "E"], 2)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_the_commands(lexicon_dir: Path, tmp_path: Path) -> None:
    lex = str(lexicon_dir)
    code, out = run("dict", "hooks", "maison", "--json", "--lexicon", lex)
    assert code == 0 and json.loads(out)["back"] == {"S": "MAISONS"}
    code, out = run("dict", "find", "--starts", "MA", "--length", "6", "--lexicon", lex)
    assert code == 0 and "MAISON" in out.split()
    assert run("dict", "find", "--lexicon", lex)[0] == 2  # no filter at all
    assert run("dict", "find", "--contains", "é1", "--lexicon", lex)[0] == 2
    code, out = run("dict", "list", "two", "--json", "--lexicon", lex)
    assert code == 0 and "QI" in json.loads(out)["words"]
    code, out = run("dict", "plus", "MAISO", "--json", "--lexicon", lex)
    assert code == 0 and json.loads(out)["by_letter"].get("N") == ["MAISON"]
    code, out = run("dict", "anagram", "MAISO?", "--json", "--lexicon", lex)
    assert code == 0 and json.loads(out)["jokers"]["MAISON"] == "N"
    other = write_build(tmp_path / "other", {"MAISON": [Entry("maison", "maison", "N")], "NOUVEAU": [Entry("nouveau", "nouveau", "A")]}, {"name": "other"})
    code, out = run("lexicon", "diff", str(other), lex, "--json")
    assert code == 0 and json.loads(out)["only_first"] == ["NOUVEAU"] and json.loads(out)["common"] == 1


def test_the_endpoints(lexicon_dir: Path) -> None:
    with BackgroundServer(create_app(str(lexicon_dir))) as url, httpx.Client(base_url=url, timeout=30) as client:
        assert client.get("/api/hooks", params={"word": "maison"}).json()["inserted"] == {"D": ["MADISON"]}
        assert client.get("/api/plus-one", params={"letters": "maiso"}).json()["by_letter"]["N"] == ["MAISON"]
        found = client.get("/api/find", params={"starts": "ma", "ends": "n", "length": 6}).json()
        assert "MAISON" in found["words"] and all(w.startswith("MA") and w.endswith("N") and len(w) == 6 for w in found["words"])
        assert client.get("/api/lists/two").json()["count"] == len(client.get("/api/lists/two").json()["words"])
        assert client.get("/api/lists/four").status_code == 404
        assert client.get("/api/find").status_code == 400
        assert client.get("/api/find", params={"contains": "1"}).status_code == 422
        assert client.get("/api/anagrams", params={"letters": "maiso?"}).json()["jokers"] == {"MAISON": "N"}
        links = client.get("/api/words/maison").json()["links"]
        assert links == {"wiktionnaire": "https://fr.wiktionary.org/wiki/maison", "cnrtl": "https://www.cnrtl.fr/definition/maison"}


def test_lemma_forms_are_the_brute_force_grouping(tmp_path: Path) -> None:
    """Every form of each lemma a word belongs to, as a scan over every entry of a random lexicon finds them."""
    chooser = random.Random(21)
    lemmas = ["".join(chooser.choice("aeiourstln") for _ in range(chooser.randint(3, 6))) for _ in range(300)]
    table: dict[str, list[Entry]] = {}
    for _ in range(3000):
        lemma = chooser.choice(lemmas)
        form = lemma + chooser.choice(["", "s", "é", "ée", "ons", "èrent", "a"])
        entry = Entry(form, lemma, chooser.choice(["N", "V", "A"]))
        bucket = table.setdefault(form.upper().replace("É", "E").replace("È", "E"), [])
        if entry not in bucket:
            bucket.append(entry)
    lexicon = Lexicon.open(write_build(tmp_path / "lemmas", table, {"name": "lemmas"}), "lemmas")
    every = [entry for entries in table.values() for entry in entries]
    for key in chooser.sample(sorted(table), 150):
        expected: dict[tuple[str, str], set[str]] = {}
        for lemma in {entry.lemma for entry in table[key]}:
            for entry in every:
                if entry.lemma == lemma:
                    expected.setdefault((lemma, entry.pos), set()).add(entry.form)
        found = lemma_forms(lexicon, key)
        assert {(group.lemma, group.pos): set(group.forms) for group in found} == expected, key
        assert all(group.forms == sorted(group.forms, key=lambda form: (form.upper().replace("É", "E").replace("È", "E"), form)) for group in found)
    assert lemma_forms(lexicon, "QQQQ") == []


def test_fit_is_the_brute_force_pattern_and_rack(lexicon: Lexicon, words: list[str]) -> None:
    """Every word of the pattern's shape whose empty squares the rack can fill (jokers for what it lacks)."""
    chooser = random.Random(22)
    for _ in range(200):
        source = chooser.choice([word for word in words if len(word) >= 3])
        slots = "".join(char if chooser.random() < 0.35 else "." for char in source)
        if "." not in slots:
            continue
        rack = "".join(chooser.choice(ALPHABET) for _ in range(chooser.randint(1, 7))) + "?" * chooser.choice([0, 0, 1, 2])
        expected: dict[str, str] = {}
        for word in words:
            if len(word) == len(slots) and all(s == "." or s == c for s, c in zip(slots, word, strict=True)):
                missing = Counter(c for s, c in zip(slots, word, strict=True) if s == ".") - Counter(rack.replace("?", ""))
                if sum(missing.values()) <= rack.count("?"):
                    expected[word] = "".join(sorted(missing.elements()))
        found = fit(lexicon, slots, rack, 10_000, 10.0)
        assert set(found.words) == set(expected), (slots, rack)
        assert found.jokers == {word: letters for word, letters in expected.items() if letters}
        assert [len(found.jokers.get(word, "")) for word in found.words] == sorted(len(found.jokers.get(word, "")) for word in found.words)
    with pytest.raises(ValueError):
        fit(lexicon, "ABC", "XY", 10, 1.0)  # no empty square
    # accents and combining marks fold run by run: the squares keep their places (a combining accent is no square)
    assert fit(lexicon, "MAÏ...", "SNO", 10, 1.0).words == ["MAISON"]
    assert fit(lexicon, "MAI\u0308...", "SNO", 10, 1.0).words == ["MAISON"]


def test_a_search_past_its_deadline_is_refused_with_a_reason(lexicon_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page says "too slow" in French from the refusal's reason, whatever the search was."""
    import time

    from overturn.service.limits import Limits
    from overturn.service.routers import searches as router

    def slow_hooks(lexicon: Lexicon, word: str) -> object:
        time.sleep(0.5)
        return hooks(lexicon, word)

    monkeypatch.setattr(router, "hooks", slow_hooks)
    with BackgroundServer(create_app(str(lexicon_dir), Limits(search_timeout=0.1))) as url, httpx.Client(base_url=url) as client:
        refused = client.get("/api/hooks", params={"word": "sou"})
        assert refused.status_code == 422 and refused.json()["detail"] == {"reason": "too_slow"}
        assert "too slow" in refused.json()["error"]
