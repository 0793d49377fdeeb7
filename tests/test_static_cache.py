"""The static files' caching, asked of a real server: versioned addresses kept a year, pages and worker revalidated.

A warm load of a page should transfer almost nothing: the pages name their files under a version (a hash of the
web directory), those answer ``immutable``, and the pages themselves ``no-cache`` with an ETag.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.routers.page import IMMUTABLE, StaticVersion
from overturn.service.server import BackgroundServer

WEB = Path(__file__).resolve().parent.parent / "overturn" / "web"
VERSIONED = re.compile(r'"(/static/([0-9a-f]{12})/[^"]*)"')


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    lexicon = write_build(tmp_path_factory.mktemp("static") / "small", {"SOU": [Entry("sou", "sou", "N")]}, {"name": "small"})
    with BackgroundServer(create_app(str(lexicon))) as url, httpx.Client(base_url=url, timeout=30) as http:
        yield http


def test_pages_are_revalidated_and_name_every_file_under_one_version(client: httpx.Client) -> None:
    versions = set()
    for page in ("/", "/boardgame", "/sw.js"):
        answer = client.get(page)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache", page
        assert client.get(page, headers={"if-none-match": answer.headers["etag"]}).status_code == 304, page
        named = VERSIONED.findall(answer.text)
        assert named, page
        assert '"/static/' not in VERSIONED.sub("", answer.text), f"{page} names a static file without the version"
        versions |= {version for _, version in named}
        for path, _ in named:
            if path.endswith("/"):
                continue  # the worker's prefix
            file = client.get(path)
            assert file.status_code == 200 and file.headers["cache-control"] == IMMUTABLE, path
    assert len(versions) == 1, versions
    assert f'const STATIC = "/static/{versions.pop()}/";' in client.get("/sw.js").text  # the worker's cache follows it


def test_old_addresses_still_answer_revalidated(client: httpx.Client) -> None:
    versioned = re.search(r'"/static/([0-9a-f]{12})/', client.get("/").text)  # the page names its bundle, not app.js
    assert versioned is not None
    current = client.get(f"/static/{versioned.group(1)}/app.js")
    for old in ("/static/app.js", "/static/000000000000/app.js"):  # no version, or a version no longer served
        answer = client.get(old)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache", old
        assert answer.content == current.content
    assert client.get(f"/static/{versioned.group(1)}/no-such.js").status_code == 404
    assert client.get(f"/static/{versioned.group(1)}/../../pyproject.toml").status_code == 404
    # escapes the client does not normalise reach the static handler as they are, and open nothing outside the pages
    for hostile in ("%2e%2e/%2e%2e/pyproject.toml", "..%2f..%2fpyproject.toml", "js/api.js%00", "a/" * 2000 + "x.js"):
        assert client.get(f"/static/{versioned.group(1)}/{hostile}").status_code == 404, hostile[:40]


def test_modules_import_each_other_relatively_so_they_stay_under_the_version() -> None:
    imports = {
        (path.relative_to(WEB).as_posix(), target)
        for path in WEB.rglob("*.js")
        for target in re.findall(r'^\s*import\b[^"\n]*"([^"]+)"', path.read_text(), re.MULTILINE)
    }
    assert len(imports) > 20
    assert [pair for pair in imports if not pair[1].startswith(("./", "../"))] == []


def test_the_version_follows_the_files_contents(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;\n")
    version = StaticVersion(tmp_path, every=0)
    first = version.refresh()
    assert re.fullmatch(r"[0-9a-f]{12}", first) and version.refresh() == first
    (tmp_path / "js" / "a.js").write_text("export const a = 2;\n")
    assert version.refresh() != first
    (tmp_path / "js" / "a.js").write_text("export const a = 1;\n")
    assert version.refresh() == first  # the contents, not the time they were written


def test_the_board_games_page_is_installable(client: httpx.Client) -> None:
    """Its own manifest (starting at /boardgame) under the version; the root's worker, which caches the page."""
    linked = re.search(r'rel="manifest" href="(/static/[0-9a-f]{12}/boardgames\.webmanifest)"', client.get("/boardgame").text)
    assert linked is not None
    answer = client.get(linked.group(1))
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["start_url"] == "/boardgame" and manifest["display"] == "standalone" and manifest["name"]
    assert all(client.get(icon["src"]).status_code == 200 for icon in manifest["icons"])
    assert 'const PAGES = ["/", "/boardgame"];' in client.get("/sw.js").text


def test_both_pages_take_their_colours_from_one_palette(client: httpx.Client) -> None:
    """palette.css, linked under the version before each page's own sheet (and cached by the worker), is the only
    sheet that sets a colour variable, in the light theme and in the dark one."""
    worker = client.get("/sw.js").text
    for page, own in (("/", "style.css"), ("/boardgame", "boardgame.css")):
        sheets = re.findall(r'rel="stylesheet" href="/static/[0-9a-f]{12}/([^"]+)"', client.get(page).text)
        assert sheets == ["palette.css", own], page
    palette = (WEB / "palette.css").read_text()
    light, dark = palette.split("@media (prefers-color-scheme: dark)")
    variables = set(re.findall(r"(--[a-z-]+):", light))
    assert set(re.findall(r"(--[a-z-]+):", dark)) <= variables and {"--ink", "--paper", "--surface", "--hole", "--tile"} <= variables
    assert re.search(r'"/static/[0-9a-f]{12}/palette\.css"', worker)
    for own in ("style.css", "boardgame.css"):
        text = (WEB / own).read_text()
        assert not set(re.findall(r"(--[a-z-]+):", text)) & variables, own
        assert "prefers-color-scheme" not in text, own
        assert set(re.findall(r"var\((--[a-z-]+)\)", text)) - set(re.findall(r"(--[a-z-]+):", text)) <= variables, own
