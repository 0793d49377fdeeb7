"""The everyday searches on the default lexicon: each one's median against 50 ms, beside a same-run baseline (one look-up).

Run with ``pytest benchmarks/bench_searches.py -s``. Each search runs on a few
ordinary inputs, several rounds; the preset lists are timed after their first
reading (which scans the lexicon once and is then remembered).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import pytest
from smoke import sized

from overturn.lexicon import registry
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.searches import LISTS, Filters, find, fit, hooks, lemma_forms, plus_one, preset_list

TARGET_MS = 50
ROUNDS = sized(5, 1)


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.open(registry.resolve("fr"))


def _median_ms(job: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        job()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def test_every_search_median(benchmark, lexicon: Lexicon) -> None:  # type: ignore[no-untyped-def]
    for name in LISTS:
        preset_list(lexicon, name)  # first reading: remembered from then on
    searches: dict[str, Callable[[], object]] = {
        "look-up (baseline)": lambda: lexicon.entries("MAISON"),
        "hooks MAISON": lambda: hooks(lexicon, "MAISON"),
        "hooks ANTICONSTITUTIONNELLEMENT": lambda: hooks(lexicon, "ANTICONSTITUTIONNELLEMENT"),
        "7+1 AEINRST": lambda: plus_one(lexicon, "AEINRST"),
        "7+1 EEILNSU": lambda: plus_one(lexicon, "EEILNSU"),
        "find starts RE ends ONS length 6": lambda: find(lexicon, Filters("RE", "ONS", "", 6, 6), 1000, 2.0),
        "find ends OUX": lambda: find(lexicon, Filters(ends="OUX"), 1000, 2.0),
        "find contains ZZ": lambda: find(lexicon, Filters(contains="ZZ"), 1000, 2.0),
        "find contains AI, at most 5 letters": lambda: find(lexicon, Filters(contains="AI", max_length=5), 1000, 2.0),
        "find length 15": lambda: find(lexicon, Filters(min_length=15, max_length=15), 1000, 2.0),
        **{f"list {name}": (lambda name=name: preset_list(lexicon, name)) for name in LISTS},
        "forms MANGEONS (every form of manger)": lambda: lemma_forms(lexicon, "MANGEONS"),
        "forms ETRE": lambda: lemma_forms(lexicon, "ETRE"),
        "fit ..E.S from AIRT?": lambda: fit(lexicon, "..E.S", "AIRT?", 200, 2.0),
        "fit ....E.. from AEINRST": lambda: fit(lexicon, "....E..", "AEINRST", 200, 2.0),
        "forms PORTE (noun, verb, adjective...)": lambda: lemma_forms(lexicon, "PORTE"),
        "forms FINISSIONS (finir, with its table)": lambda: lemma_forms(lexicon, "FINISSIONS"),
    }
    medians = {name: _median_ms(job) for name, job in searches.items()}
    for name, median in medians.items():
        verdict = "" if name.endswith("(baseline)") else ("met" if median <= TARGET_MS else "MISSED")
        print(f"  {name:<40} {median:8.2f} ms  {verdict}")
    benchmark.extra_info.update({name: round(median, 2) for name, median in medians.items()})
    benchmark.pedantic(lambda: None, rounds=1)
