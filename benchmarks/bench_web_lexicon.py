"""The page's lexicon (issue 39): its bytes over the wire, and the trie ready in the page's worker in headless Chromium
at 4× CPU slowdown (CDP ``Emulation.setCPUThrottlingRate``).

Targets: the trie's file ≤ 2.5 MB (gzip), the exported site ≤ 4 MB, the trie ready (fetched from the service
worker's cache or the server, decompressed, ``first_child`` derived and loaded into search.wasm) ≤ 1.0 s at 4×.

CDP's slowdown surely holds the page's main thread; whether it reaches a dedicated worker depends on how the worker is
started and on the Chromium build (measured here: a worker started by a page's module barely slowed), so the same work
(fetch, decompress, load into search.wasm) is timed on the main thread too, and the larger figure is held to the budget.

Measured (2 cores shared with other jobs, Debian's Chromium, 2026-11-29): trie 648,496 bytes, spellings 846,378
bytes in 26 shards, site 2.4 MB (the pages' bundles beside their modules); the trie ready in 82-138 ms in the worker
and in 204-309 ms on the main thread at 4x (67 ms unthrottled). ``OVERTURN_BENCH_CPU_RATE=1`` measures without the
slowdown.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import statistics
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from smoke import sized, target

from overturn.lexicon.registry import load_lexicon
from overturn.service.export import SITE_BUDGET, TRIE_BUDGET, export_site

ROUNDS = sized(5, 1)
BUDGET_MS = 1000
RATE = float(os.environ.get("OVERTURN_BENCH_CPU_RATE", "4"))  #: the CPU slowdown (1: none, to compare)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]


def _chromium() -> str | None:
    for candidate in (os.environ.get("OVERTURN_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    directory = tmp_path_factory.mktemp("site") / "out"
    return {**export_site(directory, load_lexicon("fr")), "directory": directory}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
        pass


@pytest.fixture(scope="module")
def served(site: dict[str, Any]) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site["directory"])))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_lexicon_bytes_over_the_wire(benchmark: Any, site: dict[str, Any]) -> None:
    benchmark.extra_info.update({key: site[key] for key in ("trie_bytes", "spellings_bytes", "pages_bytes", "bytes", "files")})
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)  # sizes, not times: recorded in extra_info
    print(f"\ntrie over the wire: {site['trie_bytes']:,} bytes (gzip, budget {TRIE_BUDGET:,}); spellings {site['spellings_bytes']:,} bytes; "
          f"whole site {site['bytes']:,} bytes in {site['files']} files (budget {SITE_BUDGET:,})")
    assert site["trie_bytes"] <= TRIE_BUDGET and site["bytes"] <= SITE_BUDGET


#: In the page: the worker's own figures once it is ready, and the same work timed on the main thread.
MEASURE = """async (version) => {
  const started = await new Promise((resolve) => {
    const worker = new Worker(`/static/${version}/js/engine/worker.js`, { type: "module" });
    worker.addEventListener("message", (event) => { if ("ready" in event.data) resolve(event.data); });
  });
  const [ready, worker] = [started.ready, started];
  const { loadLexicon } = await import(`/static/${version}/js/engine/lexicon.js`);
  const { createSearch } = await import(`/static/${version}/js/engine/search.js`);
  const began = performance.now();
  const [lexicon, wasm] = await Promise.all([loadLexicon(new URL("/lexicon/", location.origin)),
    fetch(`/static/${version}/js/engine/search.wasm`).then((response) => response.arrayBuffer())]);
  const search = await createSearch(wasm);
  search.loadTrie(lexicon.masks);
  return { ready, worker: worker.timings, main_ms: performance.now() - began, word: search.isKey("PECHE") };
}"""


@pytest.mark.skipif(_chromium() is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")
def test_trie_ready_in_the_worker_at_4x_cpu_slowdown(benchmark: Any, site: dict[str, Any], served: str) -> None:
    from playwright.sync_api import sync_playwright

    version = next(path.name for path in (site["directory"] / "static").iterdir())
    figures: list[dict[str, Any]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS, headless=True)
        try:
            def once() -> None:
                context = browser.new_context(service_workers="block")  # the files from the server, every round
                tab = context.new_page()
                session = context.new_cdp_session(tab)
                session.send("Network.enable")
                session.send("Network.setCacheDisabled", {"cacheDisabled": True})
                session.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
                tab.goto(served + "/boardgame/")  # a page of the site that starts no engine by itself
                figures.append(tab.evaluate(MEASURE, version))
                context.close()

            benchmark.pedantic(once, rounds=ROUNDS, iterations=1)
        finally:
            browser.close()
    assert all(figure["ready"] and figure["word"] for figure in figures), figures
    worker = statistics.median(figure["worker"]["ready_ms"] for figure in figures)
    main = statistics.median(figure["main_ms"] for figure in figures)
    benchmark.extra_info.update({"worker_ready_ms": round(worker), "main_thread_ready_ms": round(main), "budget_ms": BUDGET_MS,
                                 "worker_load_trie_ms": round(statistics.median(figure["worker"]["load_trie_ms"] for figure in figures))})
    print(f"\ntrie ready at {RATE:g}x CPU slowdown: {worker:.0f} ms in the worker (median of {len(figures)}; "
          f"{statistics.median(figure['worker']['load_trie_ms'] for figure in figures):.0f} ms of it loading the trie), "
          f"{main:.0f} ms for the same work on the main thread; budget {BUDGET_MS} ms")
    worst = max(worker, main)
    target(worst <= BUDGET_MS, f"trie ready in {worst:.0f} ms at {RATE:g}x, over the {BUDGET_MS} ms budget")
