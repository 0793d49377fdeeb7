"""The pages' ES modules: the notation parser against ``Board.parse``, the translation files against the pages'
message keys, the size of each script, the service worker's list, and the modules as the server serves them.

The parser and the translation files are run by Node (``node``, skipped with a reason when it is not installed);
the rest reads the files or asks a real server.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from overturn.game.board import Board, BoardError
from overturn.game.referee import REASONS
from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer

WEB = Path(__file__).resolve().parent.parent / "overturn" / "web"
PAGES = {"index.html": "app.js", "boardgame.html": "boardgame.js"}
MAX_LINES = 600


def _node_with_json_modules() -> str | None:
    """Node's path if it reads JSON modules (``import … with {type: "json"}``, as the pages read their catalogues;
    an older Node than the one the pages need does not), else None."""
    node = shutil.which("node")
    if node is None:
        return None
    probe = 'import value from "data:application/json,[1]" with { type: "json" }; if (value[0] !== 1) process.exit(1);'
    done = subprocess.run([node, "--input-type=module", "-e", probe], capture_output=True, timeout=60, check=False)
    return node if done.returncode == 0 else None


NODE = _node_with_json_modules()
needs_node = pytest.mark.skipif(
    NODE is None, reason="no node binary that reads JSON modules (import attributes) to run the pages' modules"
)


def _node(script: str, data: Any = None) -> Any:
    """What an ES-module script prints as JSON, given ``data`` as JSON on its standard input."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script], input=json.dumps(data), capture_output=True, text=True, timeout=60, cwd=WEB, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _imports(module: Path) -> set[Path]:
    """The module and every module it imports, directly or not (static imports, as the pages write them, JSON modules too;
    the page's engine started as a worker, ``new Worker(new URL("./engine/worker.js", import.meta.url))``, and a module
    it imports when the page has it, ``import("./deal.js")``)."""
    seen: set[Path] = set()
    todo = [module.resolve()]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        imported = re.findall(r'^import .* from "(\.[^"]+)"(?: with \{ type: "json" \})?;$', current.read_text(), re.M)
        text = current.read_text()
        started = re.findall(r'new URL\("(\.[^"]+\.js)", import\.meta\.url\)|\bimport\("(\.[^"]+)"\)', text)
        imported += [name for pair in started for name in pair if name and (current.parent / name).is_file()]
        todo += [(current.parent / name).resolve() for name in imported]
    return seen


def _modules() -> set[Path]:
    """Every file both pages import: their scripts and the JSON data they import as modules."""
    return set().union(*(_imports(WEB / entry) for entry in PAGES.values()))


def _scripts() -> set[Path]:
    return {path for path in _modules() if path.suffix == ".js"}


# ----- the notation parser ------------------------------------------------------------------------------


def _vectors() -> list[str]:
    """Board texts: test_board.py's, every way the notation writes a face, and random breakage of them."""
    rng = random.Random(30)
    text = "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW"
    texts = [text, text.lower().replace("/", "\n"), text.replace("[QU]", "Q"), text.replace("[QU]", "QU"), str(Board.parse(text))]
    texts += ["ROIBEN/PLE1AT/ZABCDE/FGHIJK/LMNOPQ/RSTUVW", "ROIBEN/PLEMAT/[ZY]BCDE/FGHIJK/LMNOPQ/RSTUVW", "ROIBEN/PLEMAT/[ZX", "ROIBEN"]
    texts += ["Q" * 36, "QU" * 36, "[QU]" * 35 + "Q", "[ zx ]" * 36, "A" * 37, "", "[]" + "A" * 35, "A]" + "A" * 34]
    for _ in range(800):
        faces = [rng.choice(["A", "e", "Z", "X", "[ZX]", "[qu]", "Q", "QU", "U", "[ ZX ]", "w"]) for _ in range(rng.randint(34, 38))]
        written = "".join(face + rng.choice(["", "", " ", "/", "\n", "\t"]) for face in faces)
        if rng.random() < 0.4:
            spot = rng.randrange(len(written))
            written = written[:spot] + rng.choice(["", "0", "[", "]", "Q", "-", "[ZZ]", "[Q", "!", "_"]) + written[spot + 1 :]
        texts.append(written)
    return texts


def _python_reads(text: str) -> dict[str, Any]:
    """Board.parse's answer: the faces, or the kind of error and the row and column it names."""
    try:
        return {"faces": list(Board.parse(text).faces)}
    except BoardError as error:
        message = str(error)
        where = re.match(r"row (\d+), column (\d+): (.*)", message)
        if where is None:
            return {"error": "count"}
        kind = "bad_char" if "is not a letter" in where.group(3) else "bracket"
        return {"error": kind, "row": int(where.group(1)), "column": int(where.group(2))}


READ_IN_NODE = """
import { parseBoard } from "./js/notation.js";
import { readFileSync } from "node:fs";
const kinds = { badChar: "bad_char", badBracket: "bracket" };
const answers = JSON.parse(readFileSync(0, "utf8")).map((text) => {
  const { faces, problem } = parseBoard(text);
  if (problem === null) return faces.length === 36 ? { faces } : { error: "count" };
  if (problem[0] === "tooMany") return { error: "count" };
  const [row, column] = problem.slice(-2);
  return { error: kinds[problem[0]], row, column };
});
console.log(JSON.stringify(answers));
"""


@needs_node
def test_the_page_parser_reads_every_vector_as_board_parse_does() -> None:
    """Same faces for a valid board; for a broken one, the same kind of error at the same row and column."""
    texts = _vectors()
    answers = _node(READ_IN_NODE, texts)
    assert len(answers) == len(texts)
    outcomes = {"faces": 0, "bad_char": 0, "bracket": 0, "count": 0}
    for text, answer in zip(texts, answers):
        expected = _python_reads(text)
        assert answer == expected, text
        outcomes[expected.get("error", "faces")] += 1
    assert min(outcomes.values()) >= 20, outcomes  # every outcome is compared on enough texts to mean something


@needs_node
def test_the_page_folds_accents_the_server_refuses() -> None:
    """The one place the page reads more than Board.parse: accented letters (phone keyboards) read as plain ones."""
    plain = "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW"
    accented = plain.replace("E", "É", 1).replace("A", "à", 1)
    with pytest.raises(BoardError):
        Board.parse(accented)
    answers = _node(READ_IN_NODE, [accented])
    assert answers == [{"faces": list(Board.parse(plain).faces)}]


# ----- the translation files ----------------------------------------------------------------------------

SHAPES_IN_NODE = """
import en from "./js/i18n/en.js";
import fr from "./js/i18n/fr.js";
const shape = (value) => typeof value === "function" ? `function/${value.length}`
  : typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)])) : typeof value;
// every argument 2, but a review's player, which is the review's record of that player
const REVIEWED = { moves: 2, passes: 2, swing: 2, best_swing: 2, best_moves: 2, longest_played: "MOT" };
const called = (value) => (value === fr.reviewPlayer || value === en.reviewPlayer ? value(2, REVIEWED) : value(...Array(value.length).fill(2)));
const filled = (value) => typeof value === "function" ? typeof called(value) === "string"
  : typeof value === "object" ? Object.values(value).every(filled) : typeof value === "string" && value.length > 0;
console.log(JSON.stringify({ shapes: { fr: shape(fr), en: shape(en) }, filled: { fr: filled(fr), en: filled(en) } }));
"""


@pytest.fixture(scope="module")
def translations() -> dict[str, Any]:
    if NODE is None:
        pytest.skip("no node binary to read the translation files")
    return _node(SHAPES_IN_NODE)  # type: ignore[no-any-return]


def _page_sources() -> tuple[str, str]:
    # the page's engine (js/engine/, in its worker) words nothing on the page: its answers are the server's JSON
    scripts = "\n".join(path.read_text() for path in _scripts() if "/i18n/" not in str(path) and "/js/engine/" not in str(path))
    pages = "\n".join((WEB / page).read_text() for page in PAGES)
    return scripts, pages


@needs_node
def test_both_languages_hold_the_same_messages(translations: dict[str, Any]) -> None:
    """The same keys and tables, each message taking the same arguments, and every one worded (no empty text)."""
    assert translations["shapes"]["fr"] == translations["shapes"]["en"]
    assert translations["filled"] == {"fr": True, "en": True}


@needs_node
def test_every_message_the_pages_name_exists_and_every_message_is_used(translations: dict[str, Any]) -> None:
    shapes = translations["shapes"]["fr"]
    scripts, pages = _page_sources()
    named = set(re.findall(r'\bt\("(\w+)"', scripts))
    named |= set(re.findall(r'data-i18n(?:-placeholder|-label)?="(\w+)"', pages))
    named |= set(re.findall(r'(?:showError\(|problem: |\? |return )\[\s*"(\w+)"', scripts))  # problems: [key, ...arguments]
    tables = set(re.findall(r'\bphrase\("(\w+)"', scripts))
    assert named - shapes.keys() == set(), "messages the pages name but no translation file holds"
    assert tables - shapes.keys() == set(), "tables the pages look codes up in but no translation file holds"
    assert all(isinstance(shapes[table], dict) for table in tables)
    quoted = set(re.findall(r'"(\w+)"', scripts)) | set(re.findall(r'data-i18n(?:-placeholder|-label)?="(\w+)"', pages))
    assert shapes.keys() - quoted == set(), "messages no page uses"


@needs_node
def test_the_page_words_every_reason_the_referee_gives(translations: dict[str, Any]) -> None:
    assert set(REASONS) - translations["shapes"]["fr"]["reasons"].keys() == set()


# ----- the scripts as files -------------------------------------------------------------------------------


def test_no_page_script_is_over_600_lines() -> None:
    scripts = _scripts()
    assert len(scripts) >= 10  # the graph was found: both pages' modules, not only their entry points
    classic = {WEB / "vendor" / "qrcode.js", WEB / "not-started.js", WEB / "sw.js"}  # the classic scripts and the worker
    assert set(WEB.rglob("*.js")) - classic == scripts, "a script no page imports"
    sizes = {path.relative_to(WEB).as_posix(): len(path.read_text().splitlines()) for path in scripts}
    assert max(sizes.values()) <= MAX_LINES, sizes


def test_both_pages_load_their_scripts_as_es_modules() -> None:
    for page, entry in PAGES.items():
        html = (WEB / page).read_text()
        scripts = re.findall(r"<script[^>]*>", html)
        assert f'<script type="module" src="/static/{entry}">' in scripts, page
        # besides the vendored encoder, only the notice that the modules failed (it must run where they cannot)
        classic = ("/static/vendor/", '"/static/not-started.js"')
        assert all('type="module"' in tag or any(name in tag for name in classic) for tag in scripts), scripts


def test_shared_modules_are_the_same_for_both_pages() -> None:
    """One api.js and one i18n.js: both pages reach the same files, neither page keeps a fetch of its own."""
    table, boards = (_imports(WEB / entry) for entry in PAGES.values())
    shared = {(WEB / "js" / name).resolve() for name in ("api.js", "i18n.js", "problems.js", "i18n/fr.js", "i18n/en.js")}
    assert shared <= table & boards
    code = {path: re.sub(r"^\s*//.*$", "", path.read_text(), flags=re.M) for path in table | boards}  # a comment's example fetches nothing
    fetching = {path.relative_to(WEB).as_posix() for path, text in code.items() if re.search(r"\bfetch\(", text)}
    # the page's engine, in its worker, reads its own files (search.wasm, the lexicon's): no request of the page's
    assert fetching == {"js/api.js", "js/engine/worker.js"}


def test_the_service_worker_caches_every_module_of_both_pages(server: str) -> None:
    """The server writes the worker's list from the files it serves, under their version: no page's module is missed."""
    with httpx.Client(base_url=server, timeout=30) as client:
        worker = client.get("/sw.js").text
    listed = re.search(r"const FILES = (\[.*?\]);", worker)
    assert listed is not None
    paths = json.loads(listed.group(1))
    assert all(re.match(r"/static/[0-9a-f]{12}/", path) for path in paths), paths
    cached = {path.split("/", 3)[3] for path in paths}
    modules = {path.relative_to(WEB).as_posix() for entry in PAGES.values() for path in _imports(WEB / entry)}
    assert modules | {"vendor/qrcode.js", "palette.css", "style.css", "boardgame.css", "manifest.webmanifest", "boardgames.webmanifest"} <= cached


# ----- the modules as served ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    lexicon = write_build(tmp_path_factory.mktemp("modules") / "small", {"SOU": [Entry("sou", "sou", "N")]}, {"name": "small"})
    with BackgroundServer(create_app(str(lexicon))) as url:
        yield url


def test_every_module_is_served_as_javascript(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        for path in sorted(_scripts()):
            answer = client.get("/static/" + path.relative_to(WEB).as_posix())
            assert answer.status_code == 200, path
            assert answer.headers["content-type"] == "text/javascript; charset=utf-8", path
            assert answer.text == path.read_text()
            again = client.get("/static/" + path.relative_to(WEB).as_posix(), headers={"If-None-Match": answer.headers["etag"]})
            assert again.status_code == 304


def test_the_words_the_pages_import_as_data_are_served_as_json(server: str) -> None:
    """A browser imports a JSON module only when it is served as JSON (the engine's tile set; the catalogues come as modules)."""
    data = sorted(path for path in _modules() if path.suffix == ".json")
    assert [path.relative_to(WEB).as_posix() for path in data] == ["js/engine/tiles-fr.json"]  # the engine deals from the tile set
    with httpx.Client(base_url=server, timeout=30) as client:
        for path in data:
            answer = client.get("/static/" + path.relative_to(WEB).as_posix())
            assert answer.status_code == 200, path
            assert answer.headers["content-type"] == "application/json", path
            assert answer.json() == json.loads(path.read_text(encoding="utf-8"))
