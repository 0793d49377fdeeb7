"""The patterns that used to allocate gigabytes, run in a child process under a memory cap.

The cap (RLIMIT_AS) makes a regression fail with a MemoryError instead of
swapping the machine; the child reports its peak resident memory growth.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest

CAP_BYTES = 3 * 1024**3
WORST = ["a{99999999}", ".{1000000000}", "A{5000000}", "(a{3000000}){3000000}", "((.{99}){99}){99}", "(.*?){9}E", "[^X]{33}(.*?){9}"]

_CHILD = """
import json, sys, time
from overturn.lexicon.registry import load_lexicon
from overturn.lexicon.pattern import PatternError

def status(field):
    return int(next(line for line in open('/proc/self/status') if line.startswith(field)).split()[1])

lexicon = load_lexicon('fr')
lexicon.search_pattern('P.CHE')  # imports regex, maps the keys
before = status('VmRSS:')
open('/proc/self/clear_refs', 'w').write('5')  # restart the peak (VmHWM) from now
answers = {}
for pattern in json.loads(sys.argv[1]):
    started = time.monotonic()
    try:
        result = lexicon.search_pattern(pattern, limit=None, timeout=1.0)
        answers[pattern] = [len(result.words), result.timed_out]
    except PatternError as exc:
        answers[pattern] = str(exc)
    answers[pattern + ' seconds'] = time.monotonic() - started
print(json.dumps({'growth_kb': status('VmHWM:') - before, 'answers': answers}))
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP_BYTES, CAP_BYTES))


def test_worst_patterns_grow_memory_by_less_than_100_mb(default_lexicon) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(WORST)],
        capture_output=True, text=True, timeout=120, preexec_fn=_capped, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["growth_kb"] < 100 * 1024, report
    answers = report["answers"]
    assert answers["a{99999999}"] == [0, False] and answers[".{1000000000}"] == [0, False]
    assert answers["A{5000000}"] == [0, False]
    assert answers["(a{3000000}){3000000}"] == [0, False]  # clamped to (a{34}){34}: longer than any key
    assert "nests repetitions too deeply" in answers["((.{99}){99}){99}"]
    assert answers["(.*?){9}E"][1] is True  # stopped by the deadline, not by the end of the scan
    for pattern in WORST:
        assert answers[pattern + " seconds"] < 1.0 + 0.5, (pattern, answers)


@pytest.mark.parametrize("pattern", [".{1000000000}", "a{99999999}"])
def test_grep_answers_at_once_under_the_cap(pattern: str, default_lexicon) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "overturn_cli", "dict", "grep", pattern, "--json"],
        capture_output=True, text=True, timeout=60, preexec_fn=_capped, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["count"] == 0
