"""The table's one game contract: a game the router has never heard of plays through the same routes as the others.

The router asks the game (``TableGame.parse``, ``player_view``, ``play``) and
its kind (``GameKind.created``, ``moved``), never which game a table holds;
so a tiny game registered in ``GAMES`` (and its creation request in
``OPENINGS``) is created, shown, moved and refused through ``/api/tables``
with no line of the router written for it.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec import Struct
from starlette.testclient import TestClient

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.context import Service
from overturn.service.routers.tables import OPENINGS, Opening
from overturn.table.contract import Judged, TableGame, TableMeta, Timer
from overturn.table.errors import MalformedMove, NoSuchMove, NotYourTurn
from overturn.table.games import GAMES
from overturn.table.service import SeatAsked
from overturn.table.views import BoardAfterMove, BoardSeat, BoardSeating, OffboardView, OverturnTableView, TableLinks, TableView

ROOT = Path(__file__).resolve().parent.parent


class TallyView(Struct):
    """Two seats add one in turn up to ``target``: the whole game."""

    total: int
    you: int | None
    table: BoardSeating


class TallyAnswer(Struct):
    total: int


class TallyMoved(Struct):
    said: int
    state: TallyView


class TallyCreated(Struct):
    view: TallyView
    tokens: list[str | None]


@dataclass
class Tally:
    total: int = 0
    target: int = 3

    def seat_to_move(self) -> int | None:
        return None if self.total >= self.target else self.total % 2

    def dump(self) -> str:
        return json.dumps({"total": self.total})

    def parse(self, move: Any, field: str) -> int:
        if move != "add":
            raise MalformedMove(f"'{field}' must be add", field=field)
        return 1

    def player_view(self, meta: TableMeta, seat: int | None) -> TallyView:
        return TallyView(self.total, seat, BoardSeating(meta.id, meta.version, [BoardSeat(s.index, s.name) for s in meta.seats]))

    def play(self, seat: int, move: int) -> Judged:
        if seat != self.seat_to_move():
            raise NotYourTurn("not this seat's turn")
        self.total += move
        return Judged(True, TallyAnswer(self.total), "add")

    def timer(self) -> Timer | None:
        return None

    def expire(self, timer: Timer) -> Judged:
        raise AssertionError("no clock")

    def computer_job(self, seat: int, level: int, seed: str) -> Callable[[], Any]:
        raise AssertionError("no computer")

    def computer_play(self, seat: int, chosen: Any) -> Judged:
        raise AssertionError("no computer")

    def position(self, number: int, seat: int | None) -> BoardAfterMove:
        raise NoSuchMove("no move list")


@dataclass(frozen=True)
class TallyKind:
    name: str = "tally"
    title: str = "Tally"
    players: tuple[int, int] = (2, 2)
    page: str = "/tally"
    clocked: bool = False

    def load(self, state: str, lexicon: Any) -> TableGame:
        return Tally(json.loads(state)["total"])

    def created(self, watcher: Any, creator: str, tokens: list[str | None], links: TableLinks) -> Struct:
        return TallyCreated(watcher, tokens)

    def moved(self, answer: Any, view: Any) -> Struct:
        return TallyMoved(answer.total, view)


class TallyRequest(Struct, forbid_unknown_fields=True):
    """A Tally table: the game's name, and how far the seats count."""

    game: str
    target: int = 3

    async def opened(self, service: Service) -> Opening:
        return Opening("tally", Tally(target=self.target), [SeatAsked("Ann"), SeatAsked("Bob")])


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setitem(GAMES, "tally", TallyKind())
    monkeypatch.setitem(OPENINGS, "tally", TallyRequest)
    lexicon = write_build(tmp_path / "small", {"ETE": [Entry("été", "été", "N")]}, {"name": "small"})
    with TestClient(create_app(str(lexicon))) as test_client:
        yield test_client


def test_a_game_the_router_never_heard_of_plays_through_the_same_routes(client: TestClient) -> None:
    refused = client.post("/api/tables", json={"game": "tally", "target": "three"})
    assert refused.status_code == 400 and refused.json()["detail"]["field"] == "target"
    created = client.post("/api/tables", json={"game": "tally", "target": 2})
    assert created.status_code == 201, created.text
    table_id, (first, second) = created.json()["view"]["table"]["id"], created.json()["tokens"]
    moves = f"/api/tables/{table_id}/moves"
    seen = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": first}).json()
    assert (seen["total"], seen["you"], [seat["name"] for seat in seen["table"]["seats"]]) == (0, 0, ["Ann", "Bob"])
    played = client.post(moves, json={"version": 0, "move": "add"}, headers={"X-Seat-Token": first})
    assert played.status_code == 200, played.text
    assert played.json()["said"] == 1 and played.json()["state"]["table"]["version"] == 1
    other_shape = client.post(moves, json={"version": 1, "move": {"kind": "pass", "cell": 0}}, headers={"X-Seat-Token": second})
    assert other_shape.status_code == 400 and other_shape.json()["detail"] == {"reason": "malformed_move", "field": "move"}
    not_yours = client.post(moves, json={"version": 1, "action": "add"}, headers={"X-Seat-Token": first})
    assert not_yours.status_code == 409 and not_yours.json()["detail"]["reason"] == "not_your_turn"
    assert client.post(moves, json={"version": 1, "action": "add"}, headers={"X-Seat-Token": second}).json()["said"] == 2
    assert client.get(f"/api/tables/{table_id}").json()["total"] == 2
    over = client.post(moves, json={"version": 2, "move": "add"}, headers={"X-Seat-Token": first})
    assert over.status_code == 409 and over.json()["detail"]["reason"] == "not_your_turn"  # the target asked for: 2, reached


def test_every_game_opens_its_tables_through_its_own_request() -> None:
    """Each game the table holds names the request that creates its tables, and no other game is creatable."""
    assert set(OPENINGS) == set(GAMES)


def test_every_game_s_view_is_one_member_of_a_tagged_union(client: TestClient) -> None:
    """A reader tells an Overturn table's view from a board game's by its ``view`` tag, and decodes it as its own Struct."""
    overturn = client.post("/api/tables", json={"seed": 7}).json()
    board = client.post("/api/tables", json={"game": "offboard", "players": 2}).json()
    shown = [client.get(f"/api/tables/{made['table']['id']}").json() for made in (overturn, board)]
    assert [answer["view"] for answer in shown] == ["overturn", "offboard"]
    decoded = [msgspec.convert(answer, TableView) for answer in shown]
    assert [type(view) for view in decoded] == [OverturnTableView, OffboardView]
    assert decoded[1].game == "offboard" and decoded[0].table.id == overturn["table"]["id"]


def test_the_table_router_never_asks_which_game_a_table_holds() -> None:
    """No ``isinstance`` in the table router tests a game, a view or an answer of ``overturn.table`` (its refusals are
    no game's): the game and its kind answer."""
    tree = ast.parse((ROOT / "overturn" / "service" / "routers" / "tables.py").read_text(encoding="utf-8"))
    from_table = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("overturn.table") and node.module != "overturn.table.errors" for alias in node.names}
    asked = [
        ast.unparse(node) for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
        and {name.id for name in ast.walk(node.args[1]) if isinstance(name, ast.Name)} & from_table
    ]
    assert not asked, asked
    games = set(GAMES) | {"GAME"}
    compared = [
        ast.unparse(node) for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and {part.value if isinstance(part, ast.Constant) else part.id for part in ast.walk(node) if isinstance(part, (ast.Constant, ast.Name))} & games
    ]
    assert not compared, compared  # neither at creation: each game's own request opens its table (OPENINGS)
