"""The page's ``random.js`` and ``sha512.js`` (issue 39) against CPython's ``random.Random`` and ``hashlib``.

The phone deals and plays the computer from the same seeds as the server, so the JS generator must draw exactly
what ``random.Random`` draws. Each case is a seed and a script of calls made in turn on one generator (so a call
that draws one word too many or too few shows in every later call); Python runs the script, Node runs it on
``random.js``, and the outputs must be equal, errors included, for hundreds of seeds.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "overturn" / "web" / "js" / "engine"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node binary to run the page's engine")

RUNNER = """
import { Random, sampleSetSize } from "./random.js";
import { sha512 } from "./sha512.js";
import { readFileSync } from "node:fs";
const asked = JSON.parse(readFileSync(0, "utf8"));
const seedOf = (seed) => ("str" in seed ? seed.str : "number" in seed ? seed.number : BigInt(seed.int));
const run = (rng, [name, ...args]) => {
  try {
    if (name === "shuffle") { const copy = [...args[0]]; rng.shuffle(copy); return copy; }
    if (name === "getrandbitsBig") return rng.getrandbitsBig(...args).toString();
    return rng[name](...args);
  } catch (error) {
    return { error: error.constructor.name };
  }
};
const cases = asked.cases.map(({ seed, calls }) => { const rng = new Random(seedOf(seed)); return calls.map((call) => run(rng, call)); });
const setsizes = asked.setsizes.map(sampleSetSize);
const digests = asked.texts.map((text) => Buffer.from(sha512(new TextEncoder().encode(text))).toString("hex"));
process.stdout.write(JSON.stringify({ cases, setsizes, digests }));
"""

ERRORS = {ValueError: "RangeError", IndexError: "RangeError"}


def _node(data: Any) -> Any:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", RUNNER], input=json.dumps(data), capture_output=True, text=True, timeout=300, cwd=ENGINE, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _python(rng: random.Random, call: list[Any]) -> Any:
    name, *args = call
    try:
        if name == "shuffle":
            copy = list(args[0])
            rng.shuffle(copy)
            return copy
        if name == "getrandbitsBig":
            return str(rng.getrandbits(*args))
        if name == "randbelow":
            return rng._randbelow(*args)
        return getattr(rng, name)(*args)
    except (ValueError, IndexError) as exc:
        return {"error": ERRORS[type(exc)]}


def _seeds() -> list[Any]:
    """Ints around every word boundary the seeding splits at, negative ones (seeded by their absolute value), random
    ones of every size, and str seeds as match.py and the table's computer seats make them."""
    pick = random.Random(39)
    ints = [0, 1, 2, 5, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**52, 2**53 - 1, 2**53, 2**53 + 1, 2**64 - 1, 2**64, 2**100 + 7, -1, -(2**40)]
    ints += [pick.getrandbits(pick.choice([8, 16, 31, 32, 33, 48, 53, 64, 128])) for _ in range(260)]
    texts = ["", "0", "5:0:green", "1234:17:red", "table-é:3", "overload-die:7:2", "x" * 200]
    texts += [f"{pick.randrange(10**6)}:{pick.randrange(40)}:{pick.choice(['green', 'red'])}" for _ in range(40)]
    numbers = [{"number": seed, "int": str(seed)} for seed in ints if abs(seed) <= 2**53]  # the same, given as Numbers
    return [{"int": str(seed)} for seed in ints] + numbers + [{"str": text} for text in texts]


def _calls(pick: random.Random) -> list[list[Any]]:
    """A script of calls with arguments across each function's branches: small and 2**53-sized bounds, steps of
    both signs, empty ranges (errors), both of sample's algorithms and the population sizes where it switches."""
    calls: list[list[Any]] = [["random"], ["random"]]
    for _ in range(30):
        kind = pick.randrange(9)
        if kind == 0:
            calls.append(["getrandbits", pick.choice([0, 1, 5, 31, 32, 33, 40, 52, 53])])
        elif kind == 1:
            calls.append(["getrandbitsBig", pick.choice([0, 1, 32, 33, 64, 65, 100, 200])])
        elif kind == 2:
            calls.append(["randrange", pick.choice([-3, 0, 1, 2, 3, 4, 7, 100, 2**31, 2**32 + 3, 2**53 - 1, 2**53])])
        elif kind == 3:
            start = pick.randrange(-50, 50)
            calls.append(["randrange", start, start + pick.randrange(-3, 60)])
        elif kind == 4:
            start = pick.randrange(-50, 50)
            calls.append(["randrange", start, start + pick.randrange(-60, 60), pick.choice([-7, -3, -2, -1, 0, 2, 3, 5, 11])])
        elif kind == 5:
            low = pick.randrange(-10**6, 10**6)
            calls.append(["randint", low, low + pick.choice([-1, 0, 1, 2, 6, 1000, 2**40])])
        elif kind == 6:
            calls.append(["choice", list(range(pick.choice([0, 1, 2, 3, 10, 37, 1000])))])
        elif kind == 7:
            calls.append(["shuffle", list(range(pick.choice([0, 1, 2, 5, 18, 64])))])
        else:
            k = pick.choice([0, 1, 2, 5, 6, 7, 10, 22, 30, 100])
            n = pick.choice([k, k + 1, 21, 22, 84, 85, 86, 340, 341, 342, 400, 2000, k - 1])
            calls.append(["sample", list(range(max(n, 0))), k])
    return calls


def test_random_draws_what_cpython_draws() -> None:
    pick = random.Random(2026)
    cases = [{"seed": seed, "calls": _calls(pick)} for seed in _seeds()]
    setsizes = list(range(0, 3000)) + [pick.randrange(3000, 10**7) for _ in range(3000)] + [4**m // 3 + d for m in range(2, 20) for d in (-1, 0, 1)]
    texts = ["", "abc", "a" * 111, "a" * 112, "a" * 239, "a" * 240, "5:0:green", "é" * 70]
    got = _node({"cases": cases, "setsizes": setsizes, "texts": texts})
    differences = []
    calls_made = 0
    for case, outputs in zip(cases, got["cases"], strict=True):
        seed = case["seed"]
        rng = random.Random(seed["str"] if "str" in seed else int(seed["int"]))
        for call, output in zip(case["calls"], outputs, strict=True):
            calls_made += 1
            expected = _python(rng, call)
            if expected != output:
                differences.append((seed, call[0], call[1:] if len(str(call)) < 200 else "…", expected, output))
    assert not differences, differences[:5]
    assert calls_made > 10_000
    expected_sizes = [21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0) for k in setsizes]
    assert got["setsizes"] == expected_sizes
    assert got["digests"] == [hashlib.sha512(text.encode()).hexdigest() for text in texts]


def test_every_kind_of_call_and_error_is_exercised() -> None:
    """The script really reaches each branch: errors of each function, both sample algorithms, big getrandbits."""
    pick = random.Random(2026)
    calls = [call for _ in _seeds() for call in _calls(pick)]
    rng = random.Random(0)
    outcomes = {(call[0], isinstance(_python(rng, call), dict)) for call in calls}
    for name in ("randrange", "randint", "choice", "sample"):
        assert (name, True) in outcomes and (name, False) in outcomes, name
    samples = [(len(call[1]), call[2]) for call in calls if call[0] == "sample" and 0 <= call[2] <= len(call[1])]
    def setsize(k: int) -> int:
        return 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)
    assert any(n <= setsize(k) for n, k in samples) and any(n > setsize(k) for n, k in samples)
