"""The page's ``deal.js`` (issue 39) against ``overturn.game.tiles.deal``: the same layers, face for face, from the
same seed, so a phone deals the boards the server deals. Node runs the module; skipped without ``node``."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from overturn.game.board import MAX_SEED, Rules
from overturn.game.state import derive_seed
from overturn.game.tiles import DEFAULT_TILESET, TileSet, deal

ENGINE = Path(__file__).resolve().parent.parent / "overturn" / "web" / "js" / "engine"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="no node binary to run the page's engine")

RUNNER = """
import { deal } from "./deal.js";
import { deriveSeed } from "./sha256.js";
import { readFileSync } from "node:fs";
const asked = JSON.parse(readFileSync(0, "utf8"));
const dealt = asked.seeds.map((seed) => deal(seed));
const other = asked.seeds.slice(0, 100).map((seed) => deal(seed, asked.tileset, asked.size));
const derived = asked.seeds.filter((seed) => seed < 2 ** 32).map(deriveSeed);
const next = derived.slice(0, 200).map((seed) => deal(seed));
process.stdout.write(JSON.stringify({ dealt, other, derived, next }));
"""

#: A set of tiles that are not square (1×2, so they only turn half-way) on a 4×4 board: 8 tiles a layer, 3 layers.
OTHER_TILESET = {"tile_rows": 1, "tile_cols": 2, "tiles": [f"{a} {b}" for a, b in zip("ABCDEFGHIJKLMNOPRSTUVWXY", "ZYXWVUTSRQONMLKJIHGFEDCB", strict=True)] + ["[ZX] [QU]"]}


def _node(data: Any) -> Any:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", RUNNER], input=json.dumps(data), capture_output=True, text=True, timeout=300, cwd=ENGINE, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_page_deals_from_the_servers_tile_set() -> None:
    """deal.js imports a copy (the page's files are served from overturn/web only): it must be the same file."""
    assert (ENGINE / "tiles-fr.json").read_bytes() == DEFAULT_TILESET.read_bytes()


@needs_node
def test_the_page_deals_what_the_server_deals() -> None:
    pick = random.Random(1993)
    seeds = [0, 1, 2, 7, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**53] + [pick.randrange(2**32) for _ in range(600)]
    other = TileSet.from_json(OTHER_TILESET, "other")
    rules = Rules(rows=4, cols=4, tile_rows=1, tile_cols=2)
    got = _node({"seeds": seeds, "tileset": OTHER_TILESET, "size": {"rows": 4, "cols": 4}})
    assert got["dealt"] == [[list(board.faces) for board in deal(seed).layers] for seed in seeds]
    assert {len(layers) for layers in got["dealt"]} == {2}
    assert got["other"] == [[list(board.faces) for board in deal(seed, other, rules).layers] for seed in seeds[:100]]
    assert {len(layers) for layers in got["other"]} == {3}


@needs_node
def test_the_page_deals_the_next_game_as_the_server_does() -> None:
    """Once both layers are played the next deal's seed is derived (state.derive_seed, sha256.js's deriveSeed)."""
    pick = random.Random(2026)
    seeds = [0, 1, 7, MAX_SEED] + [pick.randrange(MAX_SEED + 1) for _ in range(500)]
    got = _node({"seeds": seeds, "tileset": OTHER_TILESET, "size": {"rows": 4, "cols": 4}})
    derived = [derive_seed(seed) for seed in seeds]
    assert got["derived"] == derived
    assert got["next"] == [[list(board.faces) for board in deal(seed).layers] for seed in derived[:200]]
