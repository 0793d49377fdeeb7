"""The pattern engine (overturn.lexicon.pattern): the fast scan against a per-key reference, bounds and deadlines."""

from __future__ import annotations

import json
import random
import time

import pytest
import regex

from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.pattern import (
    MAX_PATTERN_LENGTH,
    PatternError,
    PatternTimeout,
    bound_repeats,
    fold_pattern,
)

LETTERS = "ABCDE"
ACCENTED = {"E": "é", "A": "à", "C": "ç"}


@pytest.fixture(scope="module")
def small(make_lexicon) -> Lexicon:
    generator = random.Random(12)
    words = {"".join(generator.choice(LETTERS) for _ in range(generator.randint(1, 8))) for _ in range(1500)}
    return make_lexicon(sorted(words), name="small")


def _atom(generator: random.Random, depth: int, groups: list[int]) -> tuple[str, str]:
    """One random atom as (pattern as typed, with accents and any case; the same pattern for the reference)."""
    choice = generator.randrange(16 if depth < 2 else 9)
    if choice <= 2:
        letter = generator.choice(LETTERS)
        typed = ACCENTED.get(letter, letter) if generator.random() < 0.3 else letter
        return (typed.lower() if generator.random() < 0.4 else typed), letter
    simple = [".", "[AB]", "[^AB]", "[A-C]", "\\w", "[^E]", "\\W", "\\s", "$", "^"]
    if choice <= 8:
        token = generator.choice(simple)
        return token, token
    if choice == 9 and groups:
        token = f"\\{generator.choice(groups)}"
        return token, token
    if choice == 10:
        inner = generator.choice(["(?=A)", "(?!B)", "(?<=C)", "(?<!D)", "\\b", "\\B", "(?i)", "\\Z"])
        return inner, inner
    left, left_reference = _sequence(generator, depth + 1, groups)
    right, right_reference = _sequence(generator, depth + 1, groups)
    if choice <= 12:
        groups.append(len(groups) + 1)
        return f"({left}|{right})", f"({left_reference}|{right_reference})"
    if choice <= 14:
        return f"(?:{left})", f"(?:{left_reference})"
    return f"(?:{left}|{right})", f"(?:{left_reference}|{right_reference})"


def _sequence(generator: random.Random, depth: int, groups: list[int]) -> tuple[str, str]:
    typed, reference = [], []
    for _ in range(generator.randint(1, 4)):
        atom, atom_reference = _atom(generator, depth, groups)
        quantifier = generator.choice(["", "", "", "*", "+", "?", "{2}", "{1,3}", "{,2}", "{2,}", "{12}", "{0,99}", "*?", "++"])
        if atom.startswith("(") and quantifier not in ("", "?", "{2}"):
            quantifier = ""  # nested unbounded repeats make the per-key reference itself take minutes
        if atom in ("$", "^") or atom.startswith(("(?=", "(?!", "(?<", "(?i", "\\b", "\\B", "\\Z")):
            quantifier = ""
        typed.append(atom + quantifier)
        reference.append(atom_reference + quantifier)
    return "".join(typed), "".join(reference)


def _reference(lexicon: Lexicon, pattern: str) -> list[str]:
    """The obviously correct answer: every key, one fullmatch each, keys sorted shortest first."""
    compiled = regex.compile(pattern, regex.IGNORECASE | regex.V1)
    keys = sorted(lexicon._trie.keys(), key=lambda key: (len(key), key))
    return [key for key in keys if compiled.fullmatch(key)]


def test_fast_scan_agrees_with_a_per_key_fullmatch_on_random_patterns(small: Lexicon) -> None:
    generator = random.Random(2026)
    checked = 0
    while checked < 300:
        typed, reference_pattern = _sequence(generator, 0, [])
        if len(typed) > 80:
            continue
        try:
            expected = _reference(small, reference_pattern)
        except regex.error:
            with pytest.raises(PatternError):
                small.search_pattern(typed)
            continue
        limit = generator.choice([None, None, 3])
        found = small.search_pattern(typed, limit=limit, timeout=10)
        assert not found.timed_out
        wanted = expected if limit is None else expected[:limit]
        assert found.words == sorted(wanted), (typed, reference_pattern)
        assert found.truncated == (limit is not None and len(expected) >= limit)
        checked += 1


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("tempête", ["TEMPETE"]),
        ("TEMP[ÊE]TE", ["TEMPETE"]),
        ("œuvre", ["OEUVRE"]),
        ("Œ.*", ["OEUVRE"]),
        ("..X..", ["AUXOS"]),
        (".*OUX", ["CHOUX", "GENOUX"]),
        ("(.)\\1", ["AA", "EE"]),
        ("ABC|DEF", ["ABC"]),
        ("^[AEIOU]{2}", ["AA", "EE"]),
        ("[AEIOU]{4}.*", ["OUAIE"]),
        ("A{1,99999}", ["AA"]),
        (".{99999999}", []),
        ("[^AEIOU]+", ["BRR", "PSST"]),
        (".*[^AEIOU]{2}.*", ["ABC", "BRR", "CHOUX", "OEUVRE", "PSST", "TEMPETE"]),
        ("(?:GENOU){e<=1}", ["GENOUX"]),
        (".*(?<=UX)", ["CHOUX", "GENOUX"]),
    ],
)
def test_ordinary_patterns(make_lexicon, pattern: str, expected: list[str]) -> None:
    lexicon = make_lexicon(["tempête", "œuvre", "auxos", "choux", "genoux", "ee", "abc", "ouaie", "aa", "brr", "psst"])
    assert lexicon.match(pattern) == expected


def test_fold_pattern_keeps_syntax_and_case() -> None:
    assert fold_pattern("pêche[sé]?\\d") == "peche[se]?\\d"
    assert fold_pattern("ŒUVRE|œuvre") == "OEUVRE|oeuvre"


def test_repetition_counts_are_bounded_on_the_text_before_compiling() -> None:
    assert bound_repeats("a{99999999}", 25) == "a{26}"
    assert bound_repeats("A{2,5000000}B{,99}C{7,}", 25) == "A{2,26}B{,26}C{7,}"
    assert bound_repeats("\\{999}[{999}]x{3}", 25) == "\\{999}[{999}]x{3}"  # escaped and in a class: literal text
    assert bound_repeats("(?:MAISON){e<=1}", 25) == "(?:MAISON){e<=1}"
    assert bound_repeats("(A{30}){30}", 40) == "(A{30}){30}"
    for nested in ["((a{34}){34}){34}", "(((a{34}){34})){34}", "((((a{5}){5}){5}){5}){5}"]:
        with pytest.raises(PatternError, match="nests repetitions too deeply"):
            bound_repeats(nested, 33)


def test_bad_and_oversized_patterns_are_the_players_to_fix(small: Lexicon) -> None:
    for pattern, message in [("(", "bad pattern"), ("", "empty pattern"), ("A" * (MAX_PATTERN_LENGTH + 1), "at most 200")]:
        with pytest.raises(PatternError, match=message) as caught:
            small.search_pattern(pattern)
        assert not isinstance(caught.value, PatternTimeout)


def test_the_deadline_bounds_the_whole_search(default_lexicon: Lexicon) -> None:
    """`(.*?){9}E` used to hold a thread for a minute: now it stops at the deadline with the words found so far."""
    started = time.monotonic()
    result = default_lexicon.search_pattern("(.*?){9}E", limit=None, timeout=0.5)
    elapsed = time.monotonic() - started
    assert result.timed_out and not result.truncated
    assert elapsed < 0.5 + 0.5, elapsed  # one regex call may overrun its own timeout a little
    checker = regex.compile("(.*?){9}E")
    assert all(checker.fullmatch(word) for word in result.words[:50])
    with pytest.raises(PatternTimeout, match="too slow"):
        default_lexicon.match("(.*?){9}E", limit=None, timeout=0.2)


def test_a_context_sensitive_pattern_is_checked_key_by_key_under_the_same_deadline(default_lexicon: Lexicon) -> None:
    result = default_lexicon.search_pattern(".*(?<!E)", limit=None, timeout=0.3)
    assert result.timed_out
    assert all(not word.endswith("E") for word in result.words)


ACCENT_BOARD = "HKWBON/JTEWKE/HPMWKJ/HKWJHK/WJHKWJ/KHJWKH"


def _run(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from overturn_cli.main import main

    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_solve_pattern_folds_accents_like_the_lexicon(default_lexicon: Lexicon) -> None:
    for pattern in ("tempête", "TEMPETE", "Tempête"):
        code, out, _ = _run("solve", ACCENT_BOARD, "--pattern", pattern, "--json")
        assert code == 0 and [word["word"] for word in json.loads(out)["words"]] == ["TEMPETE"], pattern
    code, _, err = _run("solve", ACCENT_BOARD, "--pattern", "((a{99}){99}){99}")
    assert code == 2 and "nests repetitions too deeply" in err


def test_grep_reports_an_incomplete_list_when_the_time_runs_out(default_lexicon: Lexicon) -> None:
    code, out, err = _run("dict", "grep", "(.*?){9}E", "--limit", "1000000", "--timeout", "0.3", "--json")
    answer = json.loads(out)
    assert code == 1 and answer["timed_out"] is True and "too slow" in err and "incomplete" in err
    assert answer["count"] == len(answer["words"])
    code, out, _ = _run("dict", "grep", "[AEIOU]{4}.*", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["timed_out"] is False and answer["truncated"] is False and "OUAILLE" in answer["words"]


@pytest.mark.parametrize("pattern", ["[AEIOU]{4}.*", "^[AEIOU]{2}", "..X..", ".*OUX", "(.)\\1", "ABC|DEF"])
def test_the_issues_ordinary_patterns_answer_in_full_on_the_default_lexicon(default_lexicon: Lexicon, pattern: str) -> None:
    """Each of these timed out on the default lexicon (a 3.5 s scan against a 2 s limit)."""
    result = default_lexicon.search_pattern(pattern, limit=None)
    assert not result.timed_out and result.words
    checker = regex.compile(pattern, regex.IGNORECASE)
    assert all(checker.fullmatch(word) for word in result.words)
