"""`overturn web export`: the static site, its files and sizes, and the page playing from it with no server (issue 39).

The site is served here by the standard library's file server in a thread, with no API at all (a POST is refused
501, as a static host would): every answer the page gets comes from its own engine, in a worker, on the phone.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_web import CHROMIUM, PHONE, browser  # noqa: F401  (browser: a fixture)

from overturn.game.board import Board
from overturn.game.solver import Solver
from overturn.game.tiles import deal
from overturn.lexicon.browser import fold_like_the_page
from overturn.lexicon.lexicon import Lexicon
from overturn.service.export import SITE_BUDGET, TRIE_BUDGET, export_site
from overturn.service.routers import page
from overturn_cli.main import main

SEED = 7
pytestmark = pytest.mark.lexicon  # all but the word list's export, which builds its own


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, default_lexicon: Lexicon) -> Path:
    directory = tmp_path_factory.mktemp("site") / "out"
    export_site(directory, default_lexicon)
    return directory


def _tree(directory: Path) -> dict[str, str]:
    return {path.relative_to(directory).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(directory.rglob("*")) if path.is_file()}


# ----- the files -------------------------------------------------------------------------------------------------


def test_the_site_holds_the_pages_the_server_sends(site: Path) -> None:
    """The server's pages, their files named from where each page is (the site may be served under a path)."""
    version = page.VERSION.refresh()
    served = page.page_html("index.html")
    relative = served.replace(b'"/static/', b'"static/').replace(b'href="/boardgame"', b'href="boardgame/"')
    assert (site / "index.html").read_bytes() == page.with_engine(relative) != relative  # and the page starts its engine
    served = page.page_html("boardgame.html")
    assert (site / "boardgame" / "index.html").read_bytes() == served.replace(b'"/static/', b'"../static/')
    assert f'"static/{version}/app.bundle.js"' in (site / "index.html").read_text(encoding="utf-8")  # one bundle, as served
    for name, made in page.generated_files().items():
        assert (site / "static" / version / name).read_bytes() == made
    manifest = json.loads((site / "static" / version / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "../../" and manifest["icons"][0]["src"] == "./icon.svg"
    for name in ("app.js", "js/api.js", "js/engine/worker.js", "js/engine/search.js", "js/engine/search.wasm", "js/i18n/catalogue-fr.js"):
        assert (site / "static" / version / name).read_bytes() == (page.WEB_DIR / name).read_bytes(), name
    worker = (site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", worker).group(1))  # type: ignore[union-attr]
    assert f"/static/{version}/js/engine/search.wasm" in files and f"/static/{version}/js/engine/worker.js" in files
    for name in files:
        assert (site / name.lstrip("/")).is_file(), name  # every file the worker precaches is there


def test_the_lexicon_files_are_named_by_its_hash_and_the_manifest_names_them(site: Path, default_lexicon: Lexicon) -> None:
    manifest = json.loads((site / "lexicon" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "fr" and manifest["words"] == len(default_lexicon) == 651_901
    assert re.fullmatch(r"[0-9a-f]{16}", manifest["hash"])
    assert manifest["trie"]["file"] == f"fr-{manifest['hash']}.trie.gz"
    masks = gzip.decompress((site / "lexicon" / manifest["trie"]["file"]).read_bytes())
    assert masks == bytes(default_lexicon.masks) and manifest["nodes"] == len(masks) // 4  # the masks alone, little-endian
    assert manifest["trie"]["bytes"] == (site / "lexicon" / manifest["trie"]["file"]).stat().st_size
    worker = (site / "sw.js").read_text(encoding="utf-8")
    precached = json.loads(re.search(r"const LEXICON_FILES = (\[.*?\]);", worker).group(1))  # type: ignore[union-attr]
    assert precached[0] == f"/lexicon/{manifest['trie']['file']}" and len(precached) == 1 + len(manifest["spellings"])
    for letter, shard in manifest["spellings"].items():
        assert shard["file"] == f"fr-{manifest['hash']}.spellings-{letter}.txt.gz"
    lines = gzip.decompress((site / "lexicon" / manifest["spellings"]["P"]["file"]).read_bytes()).decode("utf-8").splitlines()
    assert "pèche\tpéché\tpêche\tpêché" in lines
    assert all(fold_like_the_page(line.split("\t")[0]).startswith("P") for line in lines if "=" not in line)


def test_the_site_keeps_to_its_budgets(site: Path) -> None:
    manifest = json.loads((site / "lexicon" / "manifest.json").read_text(encoding="utf-8"))
    total = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    print(f"\nexported site: {total:,} bytes (budget {SITE_BUDGET:,}); trie over the wire {manifest['trie']['bytes']:,} bytes "
          f"(budget {TRIE_BUDGET:,}); spellings {sum(s['bytes'] for s in manifest['spellings'].values()):,} bytes")
    assert manifest["trie"]["bytes"] <= TRIE_BUDGET
    assert total <= SITE_BUDGET


def test_a_second_export_is_identical_and_replaces_the_first(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    result = CliRunner().invoke(main, ["web", "export", str(again), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert _tree(again) == _tree(site)
    assert summary["files"] == len(_tree(site)) and summary["bytes"] <= SITE_BUDGET and summary["lexicon"] == "fr"
    (again / "static" / "stale.js").write_text("old", encoding="utf-8")
    assert CliRunner().invoke(main, ["web", "export", str(again)]).exit_code == 0  # a previous export is replaced whole
    assert _tree(again) == _tree(site)


def test_a_directory_holding_something_else_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(main, ["web", "export", str(tmp_path)])
    assert result.exit_code == 2 and "not empty" in result.output
    assert [path.name for path in tmp_path.iterdir()] == ["notes.txt"]


def test_the_help_example_runs(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["web", "export", "--help"])
    assert result.exit_code == 0 and "overturn web export site/" in result.output
    done = CliRunner().invoke(main, ["web", "export", str(tmp_path / "site")])
    assert done.exit_code == 0, done.output
    assert re.search(r"site: \d+ files, [\d,]+ kB \(budget 4,000 kB\)", done.stdout)
    assert "trie 648 kB gzip" in done.stdout


# ----- the page from a plain static server --------------------------------------------------------------------------


class _Files(http.server.SimpleHTTPRequestHandler):
    """A static file server and nothing else; it notes every path asked for."""

    asked: list[str]

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
        pass

    def do_GET(self) -> None:
        self.asked.append(self.path)
        super().do_GET()

    def do_POST(self) -> None:
        self.asked.append(self.path)
        self.send_error(501, "a static site")


def _serve(directory: Path) -> Iterator[tuple[str, list[str]]]:
    asked: list[str] = []
    handler = type("Files", (_Files,), {"asked": asked})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def static_server(site: Path) -> Iterator[tuple[str, list[str]]]:
    """The site at the root of a host."""
    yield from _serve(site)


@pytest.fixture(scope="module", params=["at the root", "under a path"])
def anywhere(request: pytest.FixtureRequest, site: Path) -> Iterator[tuple[str, list[str]]]:
    """The site at the root of a host, and under a path of another (https://club.example/out/)."""
    if request.param == "at the root":
        yield from _serve(site)
    else:
        for url, asked in _serve(site.parent):
            yield f"{url}/{site.name}", asked


pytest_browser = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")


@pytest.fixture
def phone(browser: Any) -> Iterator[tuple[Any, Any, list[str]]]:  # noqa: F811
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield context, tab, errors
    context.close()


def _dealt() -> str:
    return str(deal(SEED).layers[0])


@pytest_browser
def test_the_exported_page_solves_offline_with_no_server(anywhere: tuple[str, list[str]], phone: tuple[Any, Any, list[str]], default_lexicon: Lexicon) -> None:
    from playwright.sync_api import expect

    url, asked = anywhere
    context, tab, errors = phone
    board = _dealt()
    count = len(Solver(default_lexicon, Board.parse(board)).solve())
    asked.clear()
    tab.goto(f"{url}/?seed={SEED}&mode=reuse")  # dealt by the page's deal.js
    expect(tab.locator("#turn")).to_contain_text("Vert")
    assert tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
    context.set_offline(True)
    tab.reload()
    expect(tab.locator("#turn")).to_contain_text("Vert")  # the game, kept on the phone
    expect(tab.locator("#offline")).to_be_hidden()  # nothing said about a server: none is needed
    tab.fill("#move-word", "NPTA")  # on the board (row 1), in no dictionary
    tab.click("#play")
    expect(tab.locator("#verdict")).to_have_attribute("data-reason", "not_in_lexicon")
    expect(tab.locator("#verdict")).to_contain_text("Ce mot n'est pas dans le lexique.")
    assert "NPTA" not in default_lexicon
    tab.click("#new-game")
    tab.fill("#board-text", board)
    tab.click("#solve")
    expect(tab.locator("#summary")).to_have_text(f"{count} mots", timeout=15_000)
    expect(tab.locator("#error")).to_be_hidden()
    tab.locator("#results button.word").first.click()
    expect(tab.locator("#word-info")).to_be_visible()
    assert not [path for path in asked if "/api/" in path], asked
    assert not errors, errors


#: The best move now, asked of the page's own engine as the page asks it (api.js, here a module of its own beside the
#: page's bundle, with an engine of its own; the game as the page holds it).
BEST_MOVE = """async (version) => {
  const { postJson, startEngine } = await import(`/static/${version}/js/api.js`);
  if (!(await startEngine())) throw new Error("no engine");
  const game = JSON.parse(localStorage.getItem("overturn-game")).game;
  return (await postJson("/api/game/moves", { game, limit: 1 })).moves[0];
}"""


@pytest_browser
def test_the_exported_page_plays_the_computer_offline_and_opens_the_next_layer(
    static_server: tuple[str, list[str]], phone: tuple[Any, Any, list[str]],
) -> None:
    """A whole game against the computer at level 5, every move judged and answered on the phone, then the next layer."""
    from playwright.sync_api import expect

    url, asked = static_server
    context, tab, errors = phone
    asked.clear()
    tab.goto(url + "/")
    assert tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
    context.set_offline(True)
    tab.reload()
    version = page.VERSION.refresh()
    tab.check("input[name=opponent][value=computer]")
    tab.select_option("#start-level", "5")
    tab.fill("#seed", str(SEED))
    tab.click("#deal")
    expect(tab.locator("#turn")).to_have_text("au tour de Vert")
    moves = 0
    while tab.locator("#game-over").is_hidden():
        best = tab.evaluate(BEST_MOVE, version)
        if best["kind"] == "word":
            tab.fill("#move-word", best["word"])
            tab.click("#play")
        else:
            row, col = divmod(best["cell"], 6)
            tab.click(f"#grid .cell[data-row='{row}'][data-col='{col}']")
            tab.click("#pass")
        moves += 1
        tab.wait_for_function("document.getElementById('busy').hidden && (document.getElementById('turn').textContent === 'au tour de Vert'"
                              " || !document.getElementById('game-over').hidden)", timeout=60_000)
        expect(tab.locator("#error")).to_be_hidden()
        assert moves < 40, "the game does not end"
    played = tab.locator("#played li")
    assert played.count() >= moves and "Ordinateur (Argent)" in (played.all_inner_texts()[1] if played.count() > 1 else "")
    expect(tab.locator("#game-over")).to_contain_text("Partie finie")
    tab.wait_for_timeout(500)  # the post-game review, which needs the server, has been asked for and given up
    expect(tab.locator("#offline")).to_be_hidden()  # and the page says nothing about a server
    print(f"\n{moves} moves of Green against level 5, offline: {tab.locator('#game-over').inner_text()}")
    tab.click("#next-layer")
    expect(tab.locator("#turn")).to_have_text("au tour de Vert")
    expect(tab.locator("#played li")).to_have_count(0)
    second = str(deal(SEED).layers[1]).replace(" / ", "").replace("[", "").replace("]", "")
    first_cells = tab.locator("#grid .cell").all_inner_texts()[:6]
    assert "".join(cell.strip() for cell in first_cells).startswith(second[:6]), (first_cells, second)
    assert not [path for path in asked if "/api/" in path], asked
    assert not errors, errors


def test_a_word_list_given_by_path_exports_under_its_build_s_name(tmp_path: Path, isolated_cache: Path) -> None:
    """A lexicon named by a path gets its build's name on the page and in its files, never the path."""
    words = tmp_path / "club words.txt"
    words.write_text("maison\npêche\ncœur\nchien\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["web", "export", str(tmp_path / "site"), "--lexicon", str(words), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    manifest = json.loads((tmp_path / "site" / "lexicon" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == summary["lexicon"] == "list-club-words" and manifest["words"] == 4
    names = sorted(path.name for path in (tmp_path / "site" / "lexicon").iterdir())
    assert names == sorted(["manifest.json", f"list-club-words-{manifest['hash']}.trie.gz",
                            *(f"list-club-words-{manifest['hash']}.spellings-{letter}.txt.gz" for letter in "CP")])
    assert not list(tmp_path.glob("*.gz"))  # nothing written beside the word list
