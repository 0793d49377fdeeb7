"""The page's word endpoints (overturn/web/js/engine/local-words.js, run in Node on the lexicon's exported files and
search.wasm, as the worker runs them) against the server's: POST /api/solve on seeded deals in both modes, typed
boards with double faces, Boggle presets and refusals; GET /api/words/{word} on words, non-words with suggestions
and malformed words. The same JSON, key for key, but what the page cannot know (the solve's time and cache; a
word's dictionary entries and definition links, which the site does not carry)."""

from __future__ import annotations

import json
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest
from test_web_modules import NODE, WEB, needs_node

from overturn.game.tiles import deal
from overturn.lexicon.browser import lexicon_files
from overturn.lexicon.lexicon import Lexicon

pytestmark = [needs_node, pytest.mark.lexicon]

RUNNER = r"""
import { readFileSync } from "node:fs";
import { createSearch } from "./js/engine/search.js";
import { Spellings, loadLexicon } from "./js/engine/lexicon.js";
import { handleWords } from "./js/engine/local-words.js";
import { near, trieOf } from "./js/engine/near.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
const base = new URL(`file://${asked.directory}/`);
const fetcher = async (url) => new Response(readFileSync(new URL(url)));
const { manifest, masks } = await loadLexicon(base, fetcher);
const search = await createSearch(readFileSync("./js/engine/search.wasm"));
search.loadTrie(masks);
let walk = null;
const context = { search, lexiconName: manifest.name, spellings: new Spellings(base, manifest, fetcher), near: (key) => near(walk ??= trieOf(masks), key) };
const answers = [];
for (const { path, body } of asked.requests) {
  const url = new URL(path, "http://page.invalid");
  answers.push(await handleWords(url.pathname, url.searchParams, body, context));
}
console.log(JSON.stringify(answers));
"""

BOARDS = [
    "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC",  # the README's, a ZX face
    "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW",  # both double faces
]


def _requests() -> list[dict[str, Any]]:
    requests: list[dict[str, Any]] = []
    for seed in range(12):
        layer = str(deal(seed).layers[seed % 2])
        requests.append({"path": "/api/solve", "body": {"board": layer, "mode": "advanced" if seed % 3 == 0 else "reuse"}})
    for board in BOARDS:
        requests += [{"path": "/api/solve", "body": {"board": board}}, {"path": "/api/solve", "body": {"board": board, "mode": "advanced", "limit": 25}}]
    requests += [
        {"path": "/api/solve", "body": {"board": "ABCD/EFGH/IJKL/MNO[QU]", "preset": "boggle4"}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "mode": "advanced", "min_length": 5}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "min_tiles": 1}},
        {"path": "/api/solve", "body": {"board": "ABC"}},  # refusals: a bad board, a limit out of bounds, no board, an unknown mode
        {"path": "/api/solve", "body": {"board": BOARDS[0], "limit": 0}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "limit": 10_001}},
        {"path": "/api/solve", "body": {"preset": "overturn"}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "mode": "overturn"}},  # a preset is not a mode
        {"path": "/api/solve", "body": {"board": BOARDS[0], "reuse": True}},  # the mode's old switch: now unknown
        {"path": "/api/solve", "body": {"board": BOARDS[0], "mode": "scrabble"}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "lexicon": "nope"}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "min_length": 37}},
        {"path": "/api/solve", "body": {"board": BOARDS[0], "colour": "green"}},  # a field the server does not know
    ]
    for word in ["maison", "pêche", "PECHE", "cœur", "COEUR", "aiguë", "zzzq", "NPTA", "a", "ENTRESERRERONS"]:
        requests.append({"path": f"/api/words/{word}", "body": None})
    requests += [
        {"path": "/api/words/maisonx?suggest=true", "body": None},
        {"path": "/api/words/maisonx?suggest=false", "body": None},
        {"path": "/api/words/maison?suggest=true", "body": None},
        {"path": "/api/words/maison?suggest=maybe", "body": None},
        {"path": "/api/words/aujourd'hui", "body": None},
        {"path": "/api/words/maison?lexicon=nope", "body": None},
        {"path": "/api/words/" + "a" * 65, "body": None},
    ]
    return requests


def _comparable(path: str, body: Any) -> Any:
    """What the page can know of an answer: not a solve's time or cache, not a word's entries or links."""
    if not isinstance(body, dict):
        return body
    body = dict(body)
    if path == "/api/solve":
        body.pop("cached", None)
        body.pop("elapsed_ms", None)
    if path.startswith("/api/words/"):
        body.pop("entries", None)
        body.pop("links", None)
    return body


def test_the_page_s_word_endpoints_answer_as_the_server(default_lexicon: Lexicon) -> None:
    from overturn.service.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    assert NODE is not None
    requests = _requests()
    asked = {"directory": str(Path(lexicon_files(default_lexicon)).resolve()), "requests": requests}
    done = subprocess.run([NODE, "--input-type=module", "-e", RUNNER], input=json.dumps(asked), capture_output=True, text=True,
                          timeout=300, cwd=WEB, check=False)
    assert done.returncode == 0, done.stderr
    local = json.loads(done.stdout)
    differences = []
    with TestClient(create_app()) as client:
        for request, answered in zip(requests, local, strict=True):
            path = request["path"].split("?")[0]
            served = client.post(request["path"], json=request["body"]) if request["body"] is not None else client.get(request["path"])
            assert answered is not None, request
            mine, theirs = _comparable(path, answered["body"]), _comparable(path, served.json())
            if answered["status"] != served.status_code or mine != theirs:
                differences.append((request, answered["status"], served.status_code, mine, theirs))
    assert not differences, json.dumps(differences[:3], ensure_ascii=False)[:4000]
    solved = [answer for request, answer in zip(requests, local, strict=True) if request["path"] == "/api/solve" and answer["status"] == 200]
    assert len(solved) >= 19 and sum(answer["body"]["count"] for answer in solved) > 10_000


@pytest.mark.parametrize(("path", "body"), [
    ("/api/anagrams?letters=CHIEN", None), ("/api/tables", None),
    ("/api/solve", {"board": BOARDS[0], "contains": "SA"}), ("/api/solve", {"board": BOARDS[0], "sort": "alpha"}),  # the CLI's filters
])
def test_a_path_the_page_does_not_answer_is_left_to_the_server(path: str, body: Any, default_lexicon: Lexicon) -> None:
    assert NODE is not None
    asked = {"directory": str(Path(lexicon_files(default_lexicon)).resolve()), "requests": [{"path": path, "body": body}]}
    done = subprocess.run([NODE, "--input-type=module", "-e", RUNNER], input=json.dumps(asked), capture_output=True, text=True,
                          timeout=300, cwd=WEB, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [None]
