"""The pages' ES modules as the server reads them: imports that run one way, each page's modules sent as one bundle
(or, unbundled, every one named in the page's HTML), and every text file sent gzipped (once, an ETag per encoding).

The import graph is the server's own reading (``overturn.service.bundler.import_graph``), which makes the pages'
bundles and ``modulepreload`` links: so the graph checked here for cycles is the one the browser gets. The bundler is
held to the browser's own module semantics by Node: the same small graph (named, renamed, namespace and JSON imports,
a live ``let``, ``import.meta.url``, a dynamic import) run as modules and as a bundle gives the same results.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from import_cycles import import_cycles

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service import bundler
from overturn.service.app import create_app
from overturn.service.bundler import NotBundled, module_imports
from overturn.service.routers.page import PAGES, WEB_DIR, page_html
from overturn.service.server import BackgroundServer

ENTRIES = ["app.js", "boardgame.js"]


def import_graph(entries: list[str]) -> dict[str, list[str]]:
    return bundler.import_graph(entries, WEB_DIR)


def bundle(entry: str, root: Path = WEB_DIR) -> str:
    return bundler.bundle(entry, root)


def test_the_pages_modules_import_one_another_one_way() -> None:
    """No import cycle among the modules of either page, nor among every module in the web directory (one no page
    imports yet included): a call that must go the other way goes through js/upward.js."""
    every = [path.relative_to(WEB_DIR).as_posix() for path in WEB_DIR.rglob("*.js") if "vendor" not in path.parts and path.name != "sw.js"]
    graph = import_graph(ENTRIES + sorted(every))
    assert len(graph) > 30
    assert import_cycles(graph) == []


def test_the_cycle_check_sees_a_cycle() -> None:
    assert import_cycles({"a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"], "d.js": ["a.js"]}) == [["a.js", "b.js", "c.js"]]
    assert import_cycles({"a.js": ["a.js"]}) == [["a.js"]]
    assert import_cycles({"a.js": ["b.js"], "b.js": []}) == []


def test_the_import_reading_follows_every_static_form(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text(
        'import { x } from "./b.js";\nimport "./c.js";\nimport * as d from "../d.js";\nexport { e } from "./e.js";\n'
        'import {\n  f,\n  g,\n} from "./f.js";\nimport words from "../w.json" with { type: "json" };\n'
        '// import { no } from "./commented.js";\nconst later = import("./dynamic.js");\nconst text = "import x from \'./no.js\'";\n'
    )
    assert module_imports("js/a.js", tmp_path) == ["js/b.js", "js/c.js", "d.js", "js/e.js", "js/f.js", "w.json"]


@pytest.mark.parametrize("name", PAGES)
def test_unbundled_each_page_names_every_module_it_will_import(name: str) -> None:
    html = page_html(name, bundled=False).decode()
    version = re.search(r'"/static/([0-9a-f]{12})/', html)
    assert version is not None
    prefix = f"/static/{version.group(1)}/"
    entries = re.findall(rf'<script type="module" src="{prefix}([^"]+)"', html)
    assert entries and set(entries) <= set(ENTRIES)
    modules = set(re.findall(rf'<link rel="modulepreload" href="{prefix}([^"]+)">', html))
    catalogues = set(re.findall(rf'<link rel="preload" as="fetch" crossorigin href="{prefix}([^"]+)">', html))
    imported = set(import_graph(entries)) - set(entries)
    assert modules == {path for path in imported if path.endswith(".js")}
    assert catalogues == {path for path in imported if path.endswith(".json")}  # JSON modules, fetched as such
    assert all((WEB_DIR / path).is_file() for path in modules | catalogues)
    # the links come before the page's module script, so the browser asks for them at once
    assert html.index("modulepreload") < html.index('<script type="module"')


NODE = shutil.which("node")


@pytest.mark.parametrize("name", PAGES)
def test_each_page_is_served_its_modules_as_one_bundle(name: str) -> None:
    html = page_html(name).decode()
    scripts = re.findall(r'<script type="module" src="/static/[0-9a-f]{12}/([^"]+)">', html)
    assert len(scripts) == 1 and scripts[0].endswith(".bundle.js"), scripts
    assert "modulepreload" not in html
    entry = scripts[0].removesuffix(".bundle.js") + ".js"
    made = bundle(entry)
    graph = import_graph([entry])
    order = re.findall(r"^// (\S+)\n__m\[", made, re.MULTILINE)
    assert sorted(order) == sorted(graph), "every module of the page, once"
    assert all(order.index(target) < order.index(path) for path in graph for target in graph[path]), "each after what it imports"
    if NODE:
        checked = subprocess.run([NODE, "--check", "--input-type=module"], input=made, capture_output=True, text=True, timeout=60, check=False)
        assert checked.returncode == 0, checked.stderr


SMALL_GRAPH = {
    "main.js": (
        'import { count, bump } from "./lib/counter.js";\n'
        'import * as words from "./lib/words.js";\n'
        'import { twice as double, hello } from "./lib/words.js";\n'
        'import data from "./data.json" with { type: "json" };\n'
        'import { where, later } from "./lib/meta.js";\n'
        'import "./lib/side.js";\n'
        "bump();\n"
        "export const seen = { count, words: words.hello(), same: hello === words.hello, data: data.n, double: double(2), where };\n"
        "export function counted() { bump(); return count; }\n"
        "export { later };\n"
    ),
    "lib/counter.js": "export let count = 0;\nexport function bump() { count += 1; }\n",
    "lib/words.js": 'import { count } from "./counter.js";\nexport function hello() { return `hello ${count}`; }\nexport const twice = (n) => 2 * n;\n',
    "lib/meta.js": 'export const where = new URL("./engine.wasm", import.meta.url).pathname.split("/").slice(-2).join("/");\n'
    'export async function later() { return (await import("./late.js")).late; }\n',
    "lib/late.js": 'export const late = "late";\n',
    "lib/side.js": "globalThis.sideEffects = (globalThis.sideEffects || 0) + 1;\n",
    "data.json": '{"n": 7, "s": "\\u2028 é"}',
    "package.json": '{"type": "module"}',
}


@pytest.mark.skipif(NODE is None, reason="no node (apt-get install nodejs)")
def test_a_bundle_does_what_its_modules_do(tmp_path: Path) -> None:
    for path, text in SMALL_GRAPH.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    # the export in braces re-exports a name; written here as the page's modules write exports, declared
    (tmp_path / "main.js").write_text(SMALL_GRAPH["main.js"].replace("export { later };\n", "export const again = later;\n"))
    (tmp_path / "main.bundle.js").write_text(bundle("main.js", tmp_path))
    script = (
        'const run = async (file) => { globalThis.sideEffects = 0; const m = await import(file);'
        " return { seen: m.seen, counted: m.counted(), later: await m.again(), side: globalThis.sideEffects }; };"
        ' console.log(JSON.stringify([await run("./main.js"), await run("./main.bundle.js")]));'
    )
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    modules, bundled = json.loads(done.stdout)
    assert modules == {"seen": {"count": 1, "words": "hello 1", "same": True, "data": 7, "double": 4, "where": "lib/engine.wasm"}, "counted": 2, "later": "late", "side": 1}
    assert bundled == modules


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    lexicon = write_build(tmp_path_factory.mktemp("modules") / "small", {"SOU": [Entry("sou", "sou", "N")]}, {"name": "small"})
    with BackgroundServer(create_app(str(lexicon))) as url, httpx.Client(base_url=url, timeout=30) as http:
        yield http


def _raw(client: httpx.Client, path: str, encoding: str, etag: str | None = None) -> httpx.Response:
    """The answer's bytes as sent (httpx would otherwise decode a gzipped body)."""
    headers = {"accept-encoding": encoding}
    if etag:
        headers["if-none-match"] = etag
    with client.stream("GET", path, headers=headers) as answer:
        answer.read_raw = b"".join(answer.iter_raw())  # type: ignore[attr-defined]
        return answer


@pytest.mark.parametrize("path", ["/", "/boardgame", "/sw.js", "/static/{v}/app.js", "/static/{v}/js/i18n/catalogue-fr.js", "/static/{v}/style.css", "/static/app.js"])
def test_text_files_are_sent_gzipped_with_an_etag_per_encoding(client: httpx.Client, path: str) -> None:
    version = re.search(r'"/static/([0-9a-f]{12})/', client.get("/").text)
    assert version is not None
    path = path.format(v=version.group(1))
    plain = _raw(client, path, "identity")
    zipped = _raw(client, path, "gzip, deflate, br")
    assert plain.status_code == zipped.status_code == 200
    assert "content-encoding" not in plain.headers and zipped.headers["content-encoding"] == "gzip"
    assert plain.headers["vary"] == zipped.headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(zipped.read_raw) == plain.read_raw  # type: ignore[attr-defined]
    assert len(zipped.read_raw) < len(plain.read_raw) / 2  # type: ignore[attr-defined]
    assert plain.headers["etag"] != zipped.headers["etag"]
    assert plain.headers["cache-control"] == zipped.headers["cache-control"]
    # each ETag revalidates its own encoding
    for encoding, answer in (("identity", plain), ("gzip", zipped)):
        again = _raw(client, path, encoding, answer.headers["etag"])
        assert again.status_code == 304 and again.headers["etag"] == answer.headers["etag"], (path, encoding)
    assert _raw(client, path, "gzip;q=0").headers.get("content-encoding") is None


def test_a_file_is_compressed_once_and_again_when_it_changes(client: httpx.Client) -> None:
    """The same bytes on every answer (no time stamp in the gzip header): compressed once, kept."""
    first = _raw(client, "/static/app.js", "gzip")
    second = _raw(client, "/static/app.js", "gzip")
    assert first.read_raw == second.read_raw and first.headers["etag"] == second.headers["etag"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    ['export { a };\nconst a = 1;\n', 'export * from "./b.js";\n', 'export const u = import.meta.resolve("./b.js");\n', 'const b = await import(name);\n', 'import "./a.js";\n'],
    ids=["export-list", "export-star", "import-meta-resolve", "dynamic-import-of-a-variable", "cycle"],
)
def test_a_module_the_bundler_does_not_read_leaves_its_page_unbundled(tmp_path: Path, text: str) -> None:
    """Refused rather than guessed: the page is then served with its preloads (page_html falls back)."""
    (tmp_path / "a.js").write_text(text)
    (tmp_path / "b.js").write_text("export const b = 1;\n")
    with pytest.raises(NotBundled):
        bundle("a.js", tmp_path)
