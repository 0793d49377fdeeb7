"""The page's game engine (``overturn/web/js/engine``, issue 39) against the server, request by request.

Node runs ``local-api.js`` (through ``tests/engine_bridge.mjs``); the same requests go to the real app in process
(starlette's TestClient), and the two answers must be equal: the status and every key of the body. Until the
WebAssembly search (``search.js``) is on this branch the engine's word search and deal are bridged to this
process's native search and deal (the C search ``search.js`` compiles; see the bridge's notes), so the rules,
verdicts, messages, saved form and views compared here are all the engine's own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from overturn.game import _search
from overturn.game.moves import RankedMove, WordMove
from overturn.game.tiles import deal
from overturn.lexicon.answers import dictionary_entries
from overturn.lexicon.lexicon import Lexicon
from overturn.service.app import create_app

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "tests" / "engine_bridge.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node binary to run the page's engine")


def _arguments(lexicon: Lexicon, board: dict[str, Any], asked: dict[str, Any]) -> tuple[Any, ...]:
    """search.js's board and constraints as the C search takes them (solver._native_search_arguments)."""
    return (
        lexicon.masks, lexicon.first_child, tuple(board["faces"]), board["rows"], board["cols"], board["tileRows"],
        board["tileCols"], asked["reuse"], asked["minLength"], asked["tracked"], sum(1 << cell for cell in asked["ringed"]),
        {face: tuple(readings) for face, readings in asked["readings"].items()}, frozenset(asked["played"]),
    )


def _best(found: Any) -> dict[str, Any] | None:
    if found is None:
        return None
    swing, path, readings = found
    return {"swing": swing, "path": list(path), "readings": [list(pair) for pair in readings]}


class Bridge:
    """search.js's calls (and the deal, entries and close words) answered by this process's lexicon and C search."""

    def __init__(self, lexicon: Lexicon, name: str) -> None:
        self.lexicon, self.name = lexicon, name
        self.calls: dict[str, int] = {}

    def answer(self, call: str, args: list[Any]) -> Any:
        self.calls[call] = self.calls.get(call, 0) + 1
        return getattr(self, call)(*args)

    def isWord(self, key: str) -> bool:  # noqa: N802
        return key in self.lexicon

    def deal(self, seed: int) -> list[list[str]]:
        return [list(board.faces) for board in deal(seed).layers]

    def entries(self, key: str) -> list[dict[str, str]]:
        return [{"form": entry.form, "lemma": entry.lemma, "pos": entry.pos} for entry in dictionary_entries(self.lexicon, key)]

    def near(self, key: str) -> list[str]:
        return self.lexicon.near(key)

    def findWords(self, board: dict[str, Any], asked: dict[str, Any]) -> list[dict[str, Any]]:  # noqa: N802
        found = _search.find_words(*_arguments(self.lexicon, board, asked), None)
        return [{"word": word, "path": list(path), "readings": [list(pair) for pair in readings]} for word, path, readings in found]

    def countWords(self, board: dict[str, Any], asked: dict[str, Any]) -> int:  # noqa: N802
        return len(_search.find_words(*_arguments(self.lexicon, board, asked), None))

    def rankMoves(self, board: dict[str, Any], asked: dict[str, Any], unfixed: list[str], gain: list[int]) -> list[dict[str, Any]]:  # noqa: N802
        ranked = _search.rank_moves(*_arguments(self.lexicon, board, asked), tuple(unfixed), gain, RankedMove, WordMove)
        return [{"word": item.move.word, "path": list(item.move.path), "swing": item.swing, "readings": [list(p) for p in item.readings]} for item in ranked]

    def bestMove(self, board: dict[str, Any], asked: dict[str, Any], unfixed: list[str], gain: list[int]) -> list[dict[str, Any]]:  # noqa: N802
        return [_best(found) for found in _search.best_move(*_arguments(self.lexicon, board, asked), tuple(unfixed), gain)]

    def bestPaths(self, board: dict[str, Any], asked: dict[str, Any], keys: list[str], unfixed: list[str], gain: list[int]) -> list[Any]:  # noqa: N802
        head = _arguments(self.lexicon, board, asked)[2:]
        found = _search.best_paths(*head[:6], head[7], head[8], head[9], tuple(unfixed), keys, gain, False)  # no min_length
        return [_best(item) for item in found]


class Engine:
    """The page's engine in Node: ``ask(path, body)`` gives (status, body) as ``local-api.js`` answers."""

    def __init__(self, bridge: Bridge, kind: str = "bridge") -> None:
        assert NODE is not None
        self.bridge = bridge
        self.process = subprocess.Popen(
            [NODE, str(BRIDGE), kind, bridge.name], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT,
        )

    def ask(self, path: str, body: Any) -> tuple[int, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self._send({"path": path, "body": body})
        while True:
            line = self.process.stdout.readline()
            assert line, f"the engine stopped (exit {self.process.poll()})"
            message = json.loads(line)
            if "answer" in message:
                return message["answer"]["status"], message["answer"]["body"]
            if "crash" in message:
                raise AssertionError(f"the engine crashed on {path}: {message['crash']}")
            try:
                reply = {"result": self.bridge.answer(message["call"], message["args"])}
            except Exception as exc:  # noqa: BLE001 - handed to the engine, which names it
                reply = {"error": repr(exc)}
            self._send(reply)

    def _send(self, message: Any) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    from starlette.testclient import TestClient

    with TestClient(create_app()) as client:
        yield client


@pytest.fixture(scope="module")
def engine(server: Any) -> Iterator[Engine]:
    service = server.app.state.service
    name, lexicon = service.lexicon(None)
    running = Engine(Bridge(lexicon, name))
    yield running
    running.close()


class Compare:
    """Each request asked of both; the differences (path, key, server's value, engine's value) kept."""

    def __init__(self, server: Any, engine: Engine) -> None:
        self.server, self.engine = server, engine
        self.differences: list[tuple[str, str, Any, Any]] = []
        self.asked = 0

    def __call__(self, path: str, body: Any) -> tuple[int, Any]:
        self.asked += 1
        answer = self.server.post(path, json=body)
        expected = (answer.status_code, answer.json())
        got = self.engine.ask(path, body)
        self._diff(path, "status", expected[0], got[0])
        self._diff(path, "", expected[1], got[1])
        return expected

    def _diff(self, path: str, where: str, expected: Any, got: Any) -> None:
        if isinstance(expected, dict) and isinstance(got, dict):
            for key in sorted(set(expected) | set(got)):
                self._diff(path, f"{where}.{key}", expected.get(key, "<absent>"), got.get(key, "<absent>"))
        elif expected != got:
            self.differences.append((path, where, expected, got))


@pytest.fixture
def compare(server: Any, engine: Engine) -> Compare:
    return Compare(server, engine)


def test_a_new_game_and_a_word_answer_as_the_server_does(compare: Compare) -> None:
    status, fresh = compare("/api/game/new", {"seed": 7, "mode": "reuse"})
    assert status == 200
    compare("/api/game/moves", {"game": fresh["game"], "limit": 5})
    compare("/api/game/play", {"game": fresh["game"], "word": "ETE"})
    assert compare.differences == []
