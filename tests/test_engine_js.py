"""The page's game engine (``overturn/web/js/engine``, issue 39) against the server, request by request.

Node runs ``local-api.js`` (through ``tests/engine_bridge.mjs``); the same requests go to the real app in process
(starlette's TestClient), and the two answers must be equal: the status and every key of the body.
The engine runs on ``search.js``, the WebAssembly build of the server's C search, on the same lexicon's trie, and
deals with ``deal.js``; the dictionary's entries and close words (no page data holds them yet) are asked of this
process over the same pipe, see ``engine_bridge.mjs``. With OVERTURN_ENGINE_SEARCH=bridge the word search and the
deal are asked of this process too (its C search), which tells a rule's difference from a search's.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from overturn.game import _search
from overturn.game.board import Board
from overturn.game.moves import RankedMove, WordMove
from overturn.game.referee import REASONS
from overturn.game.save import MODES
from overturn.game.solver import Found, Solver
from overturn.game.tiles import deal
from overturn.lexicon.answers import dictionary_entries
from overturn.lexicon.family import family_blocked_keys
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

    def isKey(self, key: str) -> bool:  # noqa: N802
        return key in self.lexicon

    def deal(self, seed: int) -> list[list[str]]:
        return [list(board.faces) for board in deal(seed).layers]

    def entries(self, key: str) -> list[dict[str, str]]:
        return [{"form": entry.form, "lemma": entry.lemma, "pos": entry.pos} for entry in dictionary_entries(self.lexicon, key)]

    def near(self, key: str) -> list[str]:
        return self.lexicon.near(key)

    def familyKeys(self) -> list[str]:  # noqa: N802
        return sorted(family_blocked_keys(self.lexicon))

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

    def __init__(self, bridge: Bridge, kind: str, masks: Path) -> None:
        assert NODE is not None
        self.bridge = bridge
        self.process = subprocess.Popen(
            [NODE, str(BRIDGE), kind, bridge.name, str(masks)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT,
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


#: Which word search the engine runs on: search.js (the page's, by default) or, with
#: OVERTURN_ENGINE_SEARCH=bridge, this process's C search over the pipe, to tell a rule's difference from a search's.
SEARCH = os.environ.get("OVERTURN_ENGINE_SEARCH", "wasm")


@pytest.fixture(scope="module")
def engine(server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    service = server.app.state.service
    name, lexicon = service.lexicon(None)
    masks = tmp_path_factory.mktemp("trie") / "masks.bin"
    masks.write_bytes(lexicon.masks.tobytes())  # the trie search.js loads, as test_wasm_search gives it
    running = Engine(Bridge(lexicon, name), SEARCH, masks)
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


# ----- seeded random games, both ways -----------------------------------------------------------------------

#: Words that are no word of the lexicon, or not of letters, or too short: refused before any path is looked at.
NOT_WORDS = ["QZXW", "ROIXQ", "A", "pêche!", "  ", "œuvre", "TEMPÊTE", "ZZZZZZZZ", "b"]


class Player:
    """A seeded player driving one game through both: each position's helps, refusals and disputes, then a move."""

    def __init__(self, compare: Compare, lexicon: Lexicon, rng: random.Random) -> None:
        self.compare, self.lexicon, self.rng = compare, lexicon, rng
        self.positions = 0
        self.reasons: dict[str, int] = {}
        self.endings: dict[str, int] = {}
        self.faces: set[str] = set()
        self.fixed: set[str] = set()  #: the readings games fixed on the way (ZX=X, QU=U...)

    def ask(self, path: str, body: dict[str, Any]) -> Any:
        status, answer = self.compare(path, body)
        verdict = answer.get("verdict", answer) if status == 200 else None
        if verdict is not None and "reason" in verdict:
            self.reasons[verdict["reason"]] = self.reasons.get(verdict["reason"], 0) + 1
        return answer if status == 200 else None

    def candidates(self, game: dict[str, Any]) -> list[Found]:
        """Words of the lexicon traced on the board with no rule of the game (one tile, any cell), to dispute."""
        rules = MODES[game["mode"]].replace(reuse=True, min_tiles=1)
        board = Board.parse(game["layers"][game["layer"]], rules)
        return list(Solver(self.lexicon, board).solve())

    def disputes(self, game: dict[str, Any]) -> None:
        """Words put to the referee and played, with and without a path, many of them refused for a rule."""
        found = self.candidates(game)
        for item in self.rng.sample(found, min(3, len(found))):
            self.ask("/api/referee", {"game": game, "word": item.word})
            self.ask("/api/referee", {"game": game, "word": item.word.lower(), "path": list(item.path)})
        if found:
            item = self.rng.choice(found)
            self.ask("/api/game/play", {"game": game, "word": item.word, "path": list(item.path)})
            self.ask("/api/game/play", {"game": game, "word": item.word, "path": list(reversed(item.path))})
        for word in self.rng.sample(NOT_WORDS, 2):
            self.ask("/api/game/play", {"game": game, "word": word})
        for item in self.rng.sample(found, min(2, len(found))):  # a path that does not spell the word
            self.ask("/api/referee", {"game": game, "word": item.word, "path": [self.rng.randrange(36) for _ in item.path]})

    def turn(self, game: dict[str, Any], result: dict[str, Any]) -> dict[str, Any] | None:
        """One position: the helps and disputes, then a move (a word, sometimes a pass, sometimes an undo)."""
        self.positions += 1
        self.faces.update(face for face in ("ZX", "QU") if f"[{face}]" in game["layers"][game["layer"]])
        self.fixed.update(f"{face}={reading}" for face, reading in game["fixed"].items())
        listed = self.ask("/api/game/moves", {"game": game, "limit": self.rng.choice([None, 0, 1, 10])})
        self.disputes(game)
        mover = ("green", "silver")[result["turn"]] if result["turn"] is not None else "green"
        other = "silver" if mover == "green" else "green"
        rings = game["rings"]
        ringed = [cell for cell, ring in enumerate(rings) if ring is not None]
        new = [cell for cell, ring in enumerate(rings) if ring is None]
        if ringed:
            self.ask("/api/game/pass", {"game": game, "cell": self.rng.choice(ringed)})  # cell_not_new
        if new:
            self.ask("/api/game/pass", {"game": game, "cell": self.rng.choice(new), "player": other})  # wrong_player
        if result["over"]:
            return None
        listed = self.ask("/api/game/moves", {"game": game})
        roll = self.rng.random()
        if game["moves"] and roll < 0.08:
            return self.ask("/api/game/undo", {"game": game})
        if not listed["moves"] or roll < 0.2:
            cell = self.rng.choice(new)
            return self.ask("/api/game/pass", {"game": game, "cell": self.rng.choice([cell, divmod(cell, 6)]), "player": mover})
        move = self.rng.choice(listed["moves"][:8])
        body: dict[str, Any] = {"game": game, "word": move["word"]}
        if self.rng.random() < 0.5:
            body["path"] = move["path"]
        return self.ask("/api/game/play", body)

    def game(self, first: dict[str, Any], layers: int = 2) -> None:
        """Play the game from ``first`` (a new game's answer) to its end, then the next layer's, ``layers`` in all."""
        state: dict[str, Any] | None = first
        for _ in range(layers):
            if state is None:  # a typed board has no next layer (refused alike, compared)
                break
            while True:
                after = self.turn(state["game"], state["result"])
                if after is None:
                    break
                state = after
            assert state is not None
            game = state["game"]
            how = "all rings" if None not in game["rings"] else "no word left" if game.get("ending") == "position" else "two passes"
            self.endings[how] = self.endings.get(how, 0) + 1
            self.ask("/api/game/play", {"game": state["game"], "word": "ETE"})  # game_over
            state = self.ask("/api/game/next-layer", {"game": state["game"]})


#: A typed board (ZX and Qu, few vowels) whose words run out with rings left: rule 4's "no word left" ending.
SPARSE = "GZDLFV/TVRJF[ZX]/BRABTL/[QU]ZFNOB/BXBRJU/BWKTVX"
#: The games played both ways: each mode with each ending, two layers each (a new deal after the second for one).
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("reuse", "position", {"seed": 7}), ("reuse", "position", {"seed": 11}), ("advanced", "position", {"seed": 3}),
    ("reuse", "passes", {"seed": 5}), ("advanced", "passes", {"seed": 9}), ("reuse", "position", {"board": SPARSE}),
]
#: OVERTURN_ENGINE_GAMES=N plays N more seeded games (each mode and ending in turn), for a longer hunt.
GAMES += [
    (("reuse", "advanced")[index % 2], ("position", "passes")[index // 2 % 2], {"seed": 100 + index})
    for index in range(int(os.environ.get("OVERTURN_ENGINE_GAMES", "0")))
]


def test_seeded_games_answer_as_the_server_does(compare: Compare, server: Any) -> None:
    """Over 200 positions of seeded games: every answer equal, key by key, and every rule met on the way.

    No key is left out of the comparison: the engine makes no timing, and the bridge gives it the dictionary's
    entries and close words (search.js has the trie alone; see the WebAssembly test for what it leaves out).
    """
    _name, lexicon = server.app.state.service.lexicon(None)
    player = Player(compare, lexicon, random.Random(2026))
    for mode, ending, deal_or_board in GAMES:
        player.game(player.ask("/api/game/new", {**deal_or_board, "mode": mode, "ending": ending}), layers=3 if deal_or_board.get("seed") == 7 else 2)
    print(f"{player.positions} positions, {compare.asked} requests, endings {player.endings}, fixed {sorted(player.fixed)}, reasons {player.reasons}")
    assert compare.differences == [], "\n".join(map(repr, compare.differences[:40]))
    assert player.positions >= 200
    assert player.faces == {"ZX", "QU"}
    assert {reading.split("=")[0] for reading in player.fixed} == {"ZX", "QU"}, player.fixed
    assert set(player.endings) == {"all rings", "no word left", "two passes"}, player.endings
    refused = {"not_in_lexicon", "too_short", "cannot_trace", "single_tile", "no_new_cell", "no_used_cell", "already_played",
               "reading_conflict", "cell_reused", "bad_path", "wrong_player", "game_over", "cell_not_new"}
    assert refused - set(player.reasons) == set()


# ----- refusals: malformed requests, tampered games, disputed words ---------------------------------------------


def _tampered(game: dict[str, Any]) -> list[Any]:
    """A played game's save changed in one place each: the replay must refuse it with the same field and words."""
    changes: list[Any] = ["a game", [], {}]
    for key, value in (
        ("version", 2), ("seed", 8), ("seed", -1), ("mode", "chess"), ("to_move", "silver" if game["to_move"] == "green" else "green"),
        ("layer", 1), ("layers", ["ABC"]), ("fixed", {"QU": "QU", "ZX": "X"}), ("lexicon", "nowhere"), ("rings", game["rings"][:-1]),
        ("surprise", 1), ("ending", "never"), ("family", "no"), ("format", "chess-game"),
    ):
        changes.append({**game, key: value})
    changes.append({key: value for key, value in game.items() if key != "moves"})
    rings = list(game["rings"])
    rings[rings.index(None)] = "green"
    changes.append({**game, "rings": rings})
    first = game["moves"][0]
    for key, value in (("word", "ZZZ"), ("word", "roi"), ("path", [[0, 0], [5, 5]]), ("path", [[9, 9]]), ("readings", {"ZX": "Z"}), ("player", "silver"), ("kind", "jump")):
        changes.append({**game, "moves": [{**first, key: value}, *game["moves"][1:]]})
    changes.append({**game, "moves": [*game["moves"], game["moves"][-1]]})
    # What the type refuses (a JSON 1.0 is left out: JavaScript's JSON.parse reads it as 1, Python's as a float).
    changes += [
        {**game, "rings": ["red", *game["rings"][1:]]}, {**game, "rings": "x"}, {**game, "moves": [{k: v for k, v in first.items() if k != "player"}]},
        {**game, "moves": [{**first, "path": "x"}]}, {**game, "moves": [{**first, "path": [[1]]}]}, {**game, "moves": [{**first, "path": [[1, "a"]]}]},
        {**game, "version": "1"}, {**game, "seed": 1.5}, {**game, "layers": []}, {**game, "layers": ["x" * 401]}, {**game, "layers": ["A", "B", "C"]},
        {**game, "fixed": "x"}, {**game, "fixed": {"QU": 5}}, {**game, "lexicon": ""}, {**game, "lexicon": 5}, {**game, "moves": [first] * 37},
        {**game, "moves": "x"}, {**game, "moves": [5]}, {**game, "moves": [{**first, "word": "A" * 65}]}, {**game, "moves": [{**first, "word": "ab"}]},
        {**game, "moves": [{**first, "word": ""}]}, {**game, "moves": [{**first, "word": "ETE\n"}]}, {**game, "moves": [{**first, "readings": {"ZX": 1}}]},
        {**game, "moves": [{**first, "extra": 1}]}, {**game, "to_move": None}, {**game, "layer": 2}, {**game, "layer": -1}, {**game, "layer": True},
        {**game, "family": 1}, {**game, "rings": [*game["rings"], None]}, {**game, "moves": [{**first, "kind": "pass", "cell": [0, 0]}]},
        {**game, "moves": [{"player": "green", "kind": "pass", "cell": [9, 9]}]}, {**game, "seed": None}, {**game, "seed": None, "layers": [game["layers"][0]]},
        {**game, "seed": None, "layers": ["ABC"]}, {**game, "fixed": {"ZX": "Z"}}, {**game, "lexicon": "é" * 4097},
        {**game, "computer": {"side": "red", "level": 3}}, {**game, "computer": {"side": "silver", "level": 9}}, {**game, "computer": "silver"},
        {**game, "computer": {"side": "silver"}}, {**game, "computer": {"side": "silver", "level": 3, "depth": 2}}, {**game, "computer": None},
    ]
    return changes


def test_refusals_answer_as_the_server_does(compare: Compare) -> None:
    """Every refusal alike: the status, the message and the detail of a malformed request or a tampered game."""
    _, fresh = compare("/api/game/new", {"seed": 7})
    game = fresh["game"]
    for body in (
        {"seed": -1}, {"seed": "7"}, {"seed": "seven"}, {"seed": 2**32}, {"mode": "chess"}, {"ending": "never"}, {"board": "ABC"},
        {"board": ""}, {"board": "x" * 1001}, {"lexicon": "nowhere"}, {"lexicon": ["fr"]}, {"family": "maybe"}, {"mode": ["reuse"]},
        {"board": "GZDLFV/TVRJF[ZX]/BRABTL/[QU]ZFNOB/BXBRJU/BWKTVX", "mode": "advanced"}, {"seed": " 7"}, {"seed": "+7"}, {"seed": "7.0"},
        {"seed": "1e3"}, {"seed": "1.5"}, {"seed": 7.5}, {"seed": True}, {"seed": ""}, {"seed": "07"}, {"family": "TRUE", "seed": 3}, {"family": "0", "seed": 5},
        {"family": 1, "seed": 4}, {"family": 2}, {"family": ""}, {"seed": 6, "board": None, "mode": None, "board_": 1},
        {"seed": 7, "sede": 1}, {"Seed": 7}, {"s" * 50: 1}, {"seed": -1, "sede": 1}, {"sede": 1, "seed": -1},
    ):
        compare("/api/game/new", body)
    compare("/api/game/undo", {"game": game})
    compare("/api/game/next-layer", {"game": compare("/api/game/new", {"board": SPARSE})[1]["game"]})
    for body in (
        {}, {"game": game}, {"game": game, "word": ""}, {"game": game, "word": 7}, {"game": "a game", "word": "ETE"},
        {"game": game, "word": "E" * 65}, {"game": game, "word": "ETE", "path": "A1"}, {"game": game, "word": "ETE", "path": []},
        {"game": game, "word": "ETE", "path": [0, [0, 1]]}, {"game": game, "word": "ETE", "path": [99]}, {"game": game, "word": "ETE", "path": [[9, 9]]},
        {"game": game, "word": "ETE", "path": [True]}, {"game": game, "word": "ETE", "player": "red"}, {"game": game, "word": "ETE", "player": "silver"},
        {"word": "ETE"}, {"game": game, "word": "ETE", "paht": [1, 2]}, {"game": game, "word": "ETE", "limit": 3},
    ):
        compare("/api/game/play", body)
    for path in ("/api/game/undo", "/api/game/next-layer", "/api/game/moves", "/api/game/pass", "/api/game/computer"):
        compare(path, {"game": game, "cell": 0, "level": 2, "seed": 1, "limit": 1, "word": "ETE"})
    for body in ({"game": game}, {"game": game, "cell": 99}, {"game": game, "cell": "A1"}, {"game": game, "cell": [6, 0]}, {"game": game, "cell": [0, 0]}, {"game": game, "cell": -1}):
        compare("/api/game/pass", body)
    for body in ({"game": game, "limit": -1}, {"game": game, "limit": 3000}, {"game": game, "limit": "x"}, {"game": game, "limit": "3"}):
        compare("/api/game/moves", body)
    played = fresh
    for _ in range(4):  # a few moves, a pass among them, for the tampering to have something to change
        listed = compare("/api/game/moves", {"game": played["game"], "limit": 3})[1]["moves"]
        played = compare("/api/game/play", {"game": played["game"], "word": listed[-1]["word"]})[1]
    played = compare("/api/game/pass", {"game": played["game"], "cell": played["game"]["rings"].index(None)})[1]
    for tampered in _tampered(played["game"]):
        compare("/api/game/undo", {"game": tampered})
    # A game against the computer keeps its side and level (saved games' optional field), on to the next layers.
    against = {**played["game"], "computer": {"side": "silver", "level": 4}}
    for _ in range(2):
        against = compare("/api/game/play", {"game": against, "word": compare("/api/game/moves", {"game": against, "limit": 1})[1]["moves"][0]["word"]})[1]["game"]
        against = compare("/api/game/next-layer", {"game": against})[1]["game"]
    assert against["computer"] == {"side": "silver", "level": 4} and against["seed"] != 7
    assert compare.differences == [], "\n".join(map(repr, compare.differences[:40]))


def test_disputes_on_typed_boards_answer_as_the_server_does(compare: Compare) -> None:
    """The referee on a typed board: each preset and switch, refused words and bad boards, the same verdicts."""
    board = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
    for body in (
        {"board": board, "word": "MARE"}, {"board": board, "word": "mare", "mode": "advanced"}, {"board": board, "word": "SEAU", "min_tiles": 1},
        {"board": board, "word": "TESTE"}, {"board": board, "word": "MARS", "path": [1, 2, 7]}, {"board": board, "word": "ZOO"},
        {"board": board, "word": "AXE"}, {"board": board, "word": "SOTS", "mode": "advanced"}, {"board": board, "word": "ET", "min_length": 3},
        {"board": board, "word": "ET", "min_length": 40}, {"board": board, "word": "ET", "min_length": 0}, {"board": "ABCD", "word": "ET"},
        {"word": "ET"}, {"board": "CHAT/RIEN/SOLE/[QU]OTA", "preset": "boggle4", "word": "CHAT"}, {"board": "CHATS/RIENT/SOLEA/[QU]OTAI/BERNE", "preset": "boggle5", "word": "QUOTA"},
        {"board": "CHAT/RIEN/SOLE/[QU]OTA", "preset": "boggle4", "word": "RIENS"}, {"board": board, "word": "ET", "mode": "chess"},
        {"board": board, "word": "AMR", "path": [0, 1, 2]}, {"board": board, "word": "MARE", "lexicon": "nowhere"},
        {"board": board, "word": "MARE", "min_len": 3}, {"board": board, "word": "MARE", "seed": 3}, {"bord": board, "word": "MARE"},
    ):
        compare("/api/referee", body)
    # Spellings as phones type them: accents, ligatures, other scripts, spaces around, characters that are no letter.
    for word in (
        " mâre\t", "MARE\u0301", "cœur", "ÆTES", "straße", "ﬁn", "ＭＡＲＥ", "ÉTÉ", "e\u0301te\u0301", "ma re", "ma'r", 'ma"r\'e', "mare\n", "\u00a0mare",
        "\ufeffmare", "μare", "MARE\u200b", "ǅemal", "ıle", "\x85ete\x1c", "é" * 3,
    ):
        compare("/api/referee", {"board": board, "word": word})
    assert compare.differences == [], "\n".join(map(repr, compare.differences[:40]))


def test_a_family_table_answers_as_the_server_does(compare: Compare, server: Any) -> None:
    """The family filter's words refused by name and never listed, given the filter's keys (the page has none yet)."""
    _name, lexicon = server.app.state.service.lexicon(None)
    blocked = sorted(family_blocked_keys(lexicon))
    state = compare("/api/game/new", {"seed": 12, "family": True})[1]
    for _ in range(6):
        listed = compare("/api/game/moves", {"game": state["game"], "limit": 2000})[1]["moves"]
        assert not {move["word"] for move in listed} & set(blocked)
        for word in random.Random(len(listed)).sample(blocked, 3):
            compare("/api/game/play", {"game": state["game"], "word": word})
            compare("/api/referee", {"game": state["game"], "word": word})
        state = compare("/api/game/play", {"game": state["game"], "word": listed[0]["word"]})[1]
    assert compare.differences == [], "\n".join(map(repr, compare.differences[:40]))


PAGE_ALONE = """
import { readFileSync } from "node:fs";
import { createSearch } from "./overturn/web/js/engine/search.js";
import { handle } from "./overturn/web/js/engine/local-api.js";
const search = await createSearch(readFileSync("overturn/web/js/engine/search.wasm"));
const bytes = readFileSync(process.argv[1]);
const masks = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
search.loadTrie(masks);
const context = { search, lexiconName: "fr", masks };
const fresh = handle("/api/game/new", { seed: 7 }, context).body;
console.log(JSON.stringify([
  handle("/api/game/new", { seed: 7, family: true }, context),
  handle("/api/game/computer", { game: fresh.game }, context),
  handle("/api/referee", { game: fresh.game, word: "ETE" }, context).body,
  handle("/api/referee", { game: fresh.game, word: "ETEZ" }, context).body,
  ...["MAISONS", "ZZYZX", "ABRICOTT", "QU", "ETEZ", "BONJOURR", "AIMERIONS", "KWXZQ"].map((word) => handle("/api/referee", { board: "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC", word }, context).body),
]));
"""


def test_the_page_alone_says_what_it_cannot_do(server: Any, tmp_path: Path) -> None:
    """With search.js and its trie alone (the page today): a family table is refused, as the page holds no family
    list; the computer plays a move the server accepts; a verdict has no dictionary entries, the
    rest of it being the server's, close words (found on the trie) and message included."""
    assert NODE is not None
    _name, lexicon = server.app.state.service.lexicon(None)
    masks = tmp_path / "masks.bin"
    masks.write_bytes(lexicon.masks.tobytes())
    done = subprocess.run([NODE, "--input-type=module", "-e", PAGE_ALONE, str(masks)], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True)
    family, computer, legal, refused, *disputes = json.loads(done.stdout)
    assert family == {"status": 422, "body": {"error": "a family table needs the family filter's word list, which this page does not hold", "detail": {"field": "family"}}}
    assert computer["status"] == 200 and server.post("/api/game/undo", json={"game": computer["body"]["game"]}).status_code == 200
    fresh = server.post("/api/game/new", json={"seed": 7}).json()
    for answer, word in ((legal, "ETE"), (refused, "ETEZ")):
        expected = server.post("/api/referee", json={"game": fresh["game"], "word": word}).json()
        assert answer["entries"] == []
        assert {key: value for key, value in answer.items() if key != "entries"} == {key: value for key, value in expected.items() if key != "entries"}
    for answer, word in zip(disputes, ["MAISONS", "ZZYZX", "ABRICOTT", "QU", "ETEZ", "BONJOURR", "AIMERIONS", "KWXZQ"], strict=True):
        expected = server.post("/api/referee", json={"board": "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC", "word": word}).json()
        assert {key: value for key, value in answer.items() if key != "entries"} == {key: value for key, value in expected.items() if key != "entries"}
    assert sum(bool(answer["suggestions"]) for answer in disputes) >= 4


def test_the_computer_answers_as_the_server_does(compare: Compare) -> None:
    """computer.js through /api/game/computer: levels 1 to 3 play the server's move from the same seed, every key
    equal. Levels 4 and 5 search as deep as a time budget allows, read on each side's own clock, so their move
    (and the state after it) cannot be compared; their answer must still be a move the server's replay accepts."""
    state = compare("/api/game/new", {"seed": 21, "mode": "advanced"})[1]
    timed: list[dict[str, Any]] = []
    for turn in range(14):
        for level in (1, 2, 3):
            compare("/api/game/computer", {"game": state["game"], "level": level, "seed": turn * 7 + level})
        compare("/api/game/computer", {"game": state["game"], "seed": 2**53})  # the default level, the largest seed
        status, answer = compare.engine.ask("/api/game/computer", {"game": state["game"], "level": 4 + turn % 2, "seed": turn})
        assert status == 200
        timed.append(answer["game"])
        state = compare("/api/game/computer", {"game": state["game"], "level": 3, "seed": turn})[1]
        if state["result"]["over"]:
            break
    for body in ({"game": state["game"], "level": 6}, {"game": state["game"], "level": 0}, {"game": state["game"], "seed": -1}, {"game": state["game"], "level": "2", "seed": "5"}):
        compare("/api/game/computer", body)
    over = compare("/api/game/new", {"seed": 4, "ending": "passes"})[1]
    for cell in (0, 1):  # two passes in a row end this game
        over = compare("/api/game/pass", {"game": over["game"], "cell": cell})[1]
    assert compare("/api/game/computer", {"game": over["game"]})[0] == 422
    assert compare.differences == [], "\n".join(map(repr, compare.differences[:40]))
    for game in timed:  # the deeper levels' moves: legal by the server's replay
        assert compare.server.post("/api/game/moves", json={"game": game, "limit": 0}).status_code == 200


def test_the_engine_gives_the_referees_reasons_and_the_page_words_them() -> None:
    """The reason codes the engine's sources give are the referee's (``overturn.game.answers.Reason``), every one,
    so the page words each from its catalogue (``js/i18n``, checked against the same codes by test_web_modules):
    the engine's own messages are the server's English, compared above, never shown in French by themselves."""
    engine = ROOT / "overturn" / "web" / "js" / "engine"
    sources = "\n".join((engine / name).read_text() for name in ("referee.js", "game.js"))
    given = set(re.findall(r'(?:refuse|no|verdict)\((?:false, )?"(\w+)"', sources)) | set(re.findall(r'^\s*\["(\w+)", \w+, ', sources, re.M))
    given |= set(re.findall(r'list = \[\["(\w+)"', sources)) | {"ok"}
    assert given == set(REASONS)
