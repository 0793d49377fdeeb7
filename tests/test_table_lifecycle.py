"""Tables nobody plays any more are removed: exactly the ones the rule names, on both stores, by the server on its schedule.

The rule: a table with no move for ``idle`` seconds goes; a finished one goes
after ``finished`` seconds. The service is driven in-process (no HTTP) with
``now`` moved forward, on a database no other test uses.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest

from overturn.game.board import Board
from overturn.game.state import Game
from overturn.lexicon.compiled import write_build
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer
from overturn.table.backends import open_store
from overturn.table.errors import TableNotFound
from overturn.table.games import new_board_table
from overturn.table.hub import Hub
from overturn.table.record import Seat, TableRecord, digest, new_table_id
from overturn.table.seating import OverturnTable
from overturn.table.service import SeatAsked, TableService

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
DAY = 86400.0
IDLE, FINISHED = 30 * DAY, 7 * DAY
T = TypeVar("T")


async def _inline(job: Callable[[], T], what: str) -> T:
    return job()


@pytest.fixture(scope="module")
def lexicons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lexicon]:
    """``words``: words the board holds; ``none``: no word the board can trace, so a game on it is over at once."""
    folder = tmp_path_factory.mktemp("lifecycle")
    words = {word: [Entry(word.lower(), word.lower(), "N")] for word in ("ACCES", "TOUS", "SOUS", "ETE")}
    return {
        "words": Lexicon.open(write_build(folder / "words", words, {"name": "words"})),
        "none": Lexicon.open(write_build(folder / "none", {"QWXQ": [Entry("qwxq", "qwxq", "N")]}, {"name": "none"})),
    }


def test_prune_removes_exactly_what_its_rule_says(empty_database: str, lexicons: dict[str, Lexicon]) -> None:
    store = open_store(empty_database)
    service = TableService(store, Hub(10, 10), lambda name: lexicons[str(name)], _inline, _inline)
    seats = [SeatAsked("Zoé"), SeatAsked("Ali")]

    def overturn(lexicon: str) -> OverturnTable:
        return OverturnTable(Game.from_board(Board.parse(BOARD), lexicon_name=lexicon, lexicon=lexicons[lexicon]))

    async def scenario() -> None:
        live = (await service.create("overturn", overturn("words"), seats)).record.id
        over = (await service.create("overturn", overturn("none"), seats)).record.id
        board_game = (await service.create("offboard", new_board_table("offboard", 2, 0, {}), seats)).record.id
        assert (await service.record(over)).version == 0
        start = time.time()
        assert (await service.prune(IDLE, FINISHED, now=start + 3 * DAY)).removed == []
        dry = await service.prune(IDLE, FINISHED, dry_run=True, now=start + 8 * DAY)
        assert dry.removed == [over] and dry.kept == 2
        assert store.get(over).id == over  # a dry run removes nothing
        assert (await service.prune(IDLE, FINISHED, now=start + 8 * DAY)).removed == [over]
        with pytest.raises(TableNotFound):
            store.get(over)
        assert store.log(over) == []
        assert sorted((await service.prune(IDLE, FINISHED, now=start + 31 * DAY)).removed) == sorted([live, board_game])
        assert (await service.prune(IDLE, FINISHED, now=start + 400 * DAY)).removed == []

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_a_move_keeps_a_table_from_being_idle(empty_database: str, lexicons: dict[str, Lexicon]) -> None:
    """Idleness counts from the last move, not from the creation."""
    store = open_store(empty_database)
    service = TableService(store, Hub(10, 10), lambda name: lexicons[str(name)], _inline, _inline)
    old = TableRecord(new_table_id(), "offboard", time.time() - 40 * DAY, 0, new_board_table("offboard", 2, 0, {}).dump(), digest("c"), (Seat(0, "A", digest("a")), Seat(1, "B", digest("b"))))
    store.create(old)

    async def scenario() -> None:
        game = new_board_table("offboard", 2, 0, {})
        seat = game.seat_to_move()
        assert seat is not None
        moved = await service.move(old.id, "a", 0, lambda _game: game.legal_moves()[0])
        assert moved.judged.accepted
        assert (await service.prune(IDLE, FINISHED)).removed == []
        assert (await service.prune(IDLE, FINISHED, now=time.time() + 31 * DAY)).removed == [old.id]

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_the_server_prunes_on_its_schedule(tmp_path: Path, lexicons: dict[str, Lexicon]) -> None:
    """A server started on a store holding a table abandoned 40 days ago removes it by itself (at start, then every
    ``prune_hours``), and keeps a table just made."""
    store_path = str(tmp_path / "tables.sqlite3")
    store = open_store(store_path)
    abandoned = TableRecord(new_table_id(), "offboard", time.time() - 40 * DAY, 0, new_board_table("offboard", 2, 0, {}).dump(), digest("c"), (Seat(0, "A", digest("a")), Seat(1, "B", digest("b"))))
    store.create(abandoned)
    words = tmp_path / "words"
    write_build(words, {"ETE": [Entry("été", "été", "N")]}, {"name": "words"})
    try:
        with BackgroundServer(create_app(str(words), tables=store)) as url, httpx.Client(base_url=url) as client:
            fresh = client.post("/api/tables", json={"game": "offboard"}).json()["table"]["id"]
            deadline = time.monotonic() + 10
            while True:
                answer: Any = client.get(f"/api/tables/{abandoned.id}")
                if answer.status_code == 404:
                    break
                assert time.monotonic() < deadline, "the abandoned table was not removed"
                time.sleep(0.05)
            assert client.get(f"/api/tables/{fresh}").status_code == 200
    finally:
        store.close()


def test_the_prune_command_removes_what_the_server_would(tmp_path: Path) -> None:
    """`overturn table prune` drives the same service on a store, no server running: a dry run lists, a run removes."""
    from click.testing import CliRunner

    from overturn_cli.table import table

    spec = str(tmp_path / "tables.sqlite3")
    store = open_store(spec)
    dump = new_board_table("offboard", 2, 0, {}).dump()
    seats = (Seat(0, "A", digest("a")), Seat(1, "B", digest("b")))
    old, recent = (TableRecord(new_table_id(), "offboard", when, 0, dump, digest("c"), seats) for when in (time.time() - 40 * DAY, time.time()))
    store.create(old)
    store.create(recent)
    store.close()
    runner = CliRunner()
    dry = runner.invoke(table, ["prune", "--store", spec, "--dry-run", "--json"])
    assert dry.exit_code == 0 and json.loads(dry.output) == {"removed": [old.id], "kept": 0, "dry_run": True}
    done = runner.invoke(table, ["prune", "--store", spec])
    assert done.exit_code == 0 and "removed 1 table;" in done.output and old.id in done.output
    store = open_store(spec)
    try:
        assert store.get(recent.id).id == recent.id
        with pytest.raises(TableNotFound):
            store.get(old.id)
    finally:
        store.close()


def test_the_store_holds_at_most_what_the_server_is_configured_for(empty_database: str) -> None:
    """Past ``max_tables`` a new table is refused (503 store_full, the others untouched) until the prune removes old ones."""
    store = open_store(empty_database)
    service = TableService(store, Hub(10, 10), lambda name: None, _inline, _inline, max_tables=2)  # type: ignore[arg-type,return-value]
    seats = [SeatAsked("A"), SeatAsked("B")]

    async def scenario() -> None:
        from overturn.table.errors import StoreFull
        from overturn.table.games import new_board_table

        first = (await service.create("offboard", new_board_table("offboard", 2, 0, {}), seats)).record.id
        await service.create("offboard", new_board_table("offboard", 2, 0, {}), seats)
        with pytest.raises(StoreFull):
            await service.create("offboard", new_board_table("offboard", 2, 0, {}), seats)
        assert store.count() == 2 and store.get(first).version == 0
        await service.prune(IDLE, FINISHED, now=time.time() + 31 * DAY)
        await service.create("offboard", new_board_table("offboard", 2, 0, {}), seats)
        assert store.count() == 1

    try:
        asyncio.run(scenario())
    finally:
        store.close()
