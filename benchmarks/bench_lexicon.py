"""Lexicon figures: load time, look-ups per second, memory after load, first build, CLI start-up.

Targets: load <= 20 ms, resident memory <= 80 MB, build <= 15 s.
Whole-process start-up is measured in bench_startup.py (50 ms over
`python -c pass`). Times are reported next to a baseline measured in the same run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from smoke import sized

from overturn.lexicon import registry
from overturn.lexicon.lexicon import Lexicon

WORDS = ["PECHE", "VOICI", "OGNON", "TEMPETE", "BOIRE", "ZOUKER", "XYZZY", "ANTICONSTITUTIONNELLEMENT"] * 125
FIRST_BUILD_KEY_STEP = sized(1, 200)  #: smoke: a word list of every 200th key (the whole build takes 15 CPU seconds)


@pytest.fixture(scope="module")
def build_dir() -> Path:
    return registry.resolve("fr")


def test_load_time(benchmark, build_dir: Path) -> None:
    lexicon = benchmark(Lexicon.open, build_dir)
    assert "PECHE" in lexicon
    benchmark.extra_info["target_ms"] = 20


def test_lookups_per_second(benchmark, build_dir: Path) -> None:
    lexicon = Lexicon.open(build_dir)

    def look_up_all() -> int:
        return sum(word in lexicon for word in WORDS)

    assert benchmark(look_up_all) == 7 * 125
    benchmark.extra_info["lookups_per_call"] = len(WORDS)
    if benchmark.stats is not None:
        seconds = benchmark.stats.stats.median
    else:  # --benchmark-disable keeps no statistics: one timed call gives the figure
        started = time.perf_counter()
        look_up_all()
        seconds = time.perf_counter() - started
    rate = len(WORDS) / seconds
    benchmark.extra_info["lookups_per_second"] = round(rate)
    print(f"\nlook-ups per second: {rate:,.0f}")


def _run(args: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env)
    return time.perf_counter() - started


def test_memory_after_load(benchmark, build_dir: Path) -> None:
    """Resident memory of a process that loaded the lexicon and looked words up, against a bare interpreter."""
    code = (
        "import sys; from overturn.lexicon.lexicon import Lexicon; from pathlib import Path; L = Lexicon.open(Path(sys.argv[1]));"
        "[w in L for w in ('PECHE','VOICI')]; L.entries('PECHE');"
        "print([l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1])"
    )
    bare = "print([l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1])"

    def measure() -> tuple[int, int]:
        loaded = int(subprocess.run([sys.executable, "-c", code, str(build_dir)], check=True, capture_output=True, text=True).stdout)
        baseline = int(subprocess.run([sys.executable, "-c", bare], check=True, capture_output=True, text=True).stdout)
        return loaded, baseline

    loaded_kb, bare_kb = benchmark.pedantic(measure, rounds=3)
    benchmark.extra_info.update({"rss_mb": round(loaded_kb / 1024, 1), "bare_python_rss_mb": round(bare_kb / 1024, 1), "target_mb": 80})
    print(f"\nresident memory after load: {loaded_kb / 1024:.1f} MB (bare python {bare_kb / 1024:.1f} MB)")
    assert loaded_kb / 1024 <= 80


def test_first_build(benchmark, build_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cold build of the default lexicon into an empty cache (smoke: of a word list holding every 200th of its keys)."""
    cache = tmp_path / "cache"
    env = {**os.environ, "OVERTURN_CACHE_DIR": str(cache)}
    spec, keys = "fr", len(Lexicon.open(build_dir))
    if FIRST_BUILD_KEY_STEP > 1:
        words = Lexicon.open(build_dir).completions("", limit=None)[::FIRST_BUILD_KEY_STEP]
        spec, keys = str(tmp_path / "words.txt"), len(words)
        Path(spec).write_text("\n".join(words) + "\n", encoding="utf-8")
    code = "import sys; from overturn.lexicon.registry import resolve; resolve(sys.argv[1])"
    seconds = benchmark.pedantic(lambda: _run([sys.executable, "-c", code, spec], env), rounds=1, iterations=1)
    benchmark.extra_info.update({"build_seconds": round(seconds, 2), "target_seconds": 15})
    print(f"\nfirst build: {seconds:.1f} s")
    monkeypatch.setenv("OVERTURN_CACHE_DIR", str(cache))
    assert len(Lexicon.open(registry.resolve(spec))) == keys  # the build the child left in the cache, found as is
