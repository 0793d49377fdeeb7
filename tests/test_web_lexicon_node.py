"""The lexicon's files read in Node as the page's worker reads them (lexicon.js: the gzip file through
DecompressionStream, the masks into search.js's trie; the spellings' shards), against Python's lexicon: thousands of
words, prefixes of words and non-words, every verdict the same, and the same spellings."""

from __future__ import annotations

import gzip
import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_web_modules import NODE, WEB, needs_node

from overturn.lexicon.browser import fold_like_the_page, lexicon_files, read_manifest
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry

pytestmark = needs_node

#: Reads the asked keys on stdin; prints each one's membership, and the spellings of those asked for them.
RUNNER = r"""
import { readFileSync } from "node:fs";
import { createSearch } from "./js/engine/search.js";
import { Spellings, loadLexicon } from "./js/engine/lexicon.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
const base = new URL(`file://${asked.directory}/`);
const fetcher = async (url) => new Response(readFileSync(new URL(url)));
const began = performance.now();
const { manifest, masks } = await loadLexicon(base, fetcher);
const search = await createSearch(readFileSync("./js/engine/search.wasm"));
search.loadTrie(masks);
const ready = performance.now() - began;
const spellings = new Spellings(base, manifest, fetcher);
const forms = {};
for (const key of asked.spelt) forms[key] = await spellings.of(key);
console.log(JSON.stringify({ name: manifest.name, words: manifest.words, ready, member: asked.keys.map((key) => search.isKey(key)), forms }));
"""


def _keys(lexicon: Lexicon, count: int, rng: random.Random) -> tuple[list[str], list[str]]:
    """``count`` keys of the lexicon, and as many strings that may or may not be: prefixes, one-letter changes, random letters."""
    trie = lexicon._compiled.trie
    total = len(trie)
    words = [trie.restore_key(rng.randrange(total)) for _ in range(count)]
    others = []
    for word in words:
        kind = rng.randrange(4)
        if kind == 0 and len(word) > 2:
            others.append(word[: rng.randrange(1, len(word))])  # a prefix: a trie node, rarely a word
        elif kind == 1:
            at = rng.randrange(len(word))
            others.append(word[:at] + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + word[at + 1 :])
        elif kind == 2:
            others.append(word + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        else:
            others.append("".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randrange(1, 9))))
    return words, others


def _spellings(lexicon: Lexicon, key: str) -> list[str]:
    return sorted({entry.form for entry in lexicon.entries(key)})


@pytest.mark.lexicon
def test_the_worker_s_lexicon_agrees_with_python_s(default_lexicon: Lexicon) -> None:
    directory = lexicon_files(default_lexicon)
    rng = random.Random(39)
    words, others = _keys(default_lexicon, 4000, rng)
    keys = [*words, *others, "PECHE", "COEUR", "OEIL", "A", "ZZZ", "ENTRESERRERONS"]
    spelt = [*rng.sample(words, 400), "PECHE", "COEUR", "OEIL", "AIGUE", "NAIF"]
    answer = _run(directory, keys, spelt)
    manifest = read_manifest(directory)
    assert answer["name"] == manifest["name"] == "fr" and answer["words"] == len(default_lexicon)
    expected = [key in default_lexicon for key in keys]
    differences = [(key, got, wanted) for key, got, wanted in zip(keys, answer["member"], expected, strict=True) if got != wanted]
    assert not differences, differences[:20]
    assert all(answer["member"][: len(words)])
    assert expected.count(False) >= 2500  # the non-words are most of the others: both verdicts are checked
    wrong = {key: (answer["forms"][key], _spellings(default_lexicon, key)) for key in spelt if sorted(answer["forms"][key]) != _spellings(default_lexicon, key)}
    assert not wrong, list(wrong.items())[:10]
    assert sorted(answer["forms"]["PECHE"]) == ["pèche", "péché", "pêche", "pêché"] and answer["forms"]["COEUR"] == ["cœur"]
    print(f"\n{len(keys)} keys, {len(spelt)} spellings: the same in Node as in Python; trie ready in Node in {answer['ready']:.0f} ms")



def _run(directory: Path, keys: list[str], spelt: list[str]) -> dict[str, Any]:
    assert NODE is not None
    asked = {"directory": str(Path(directory).resolve()), "keys": keys, "spelt": spelt}
    done = subprocess.run([NODE, "--input-type=module", "-e", RUNNER], input=json.dumps(asked), capture_output=True, text=True,
                          timeout=300, cwd=WEB, check=False)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_a_form_that_does_not_fold_to_its_key_names_it(make_lexicon: Any) -> None:
    """A line's key is its first form folded; where that is not the key (an apostrophe, say), the line names it."""
    lexicon = make_lexicon({
        "PECHE": [Entry("pêche", "pêche", "N"), Entry("péché", "péché", "N")], "COEUR": [Entry("cœur", "cœur", "N")],
        "MAISON": [Entry("maison", "maison", "N")], "LEAU": [Entry("l'eau", "eau", "N")], "AIGUE": [Entry("aiguë", "aigu", "A")],
    }, name="small")
    directory = lexicon_files(lexicon)
    manifest = read_manifest(directory)
    assert manifest["name"] == "small" and manifest["words"] == 5 and sorted(manifest["spellings"]) == ["A", "C", "L", "P"]
    shard = gzip.decompress((directory / manifest["spellings"]["L"]["file"]).read_bytes()).decode("utf-8")
    assert shard == "LEAU=l'eau\n"
    assert fold_like_the_page("aiguë") == "AIGUE" and fold_like_the_page("cœur") == "COEUR"
    answer = _run(directory, ["PECHE", "PECH", "LEAU", "MAISON", "MAISONS", "AIGUE"], ["PECHE", "COEUR", "MAISON", "LEAU", "AIGUE"])
    assert answer["member"] == [True, False, True, True, False, True]
    assert answer["forms"] == {"PECHE": ["péché", "pêche"], "COEUR": ["cœur"], "MAISON": ["maison"], "LEAU": ["l'eau"], "AIGUE": ["aiguë"]}
    assert lexicon_files(lexicon) == directory  # made once, then found
