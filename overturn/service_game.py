"""The game endpoints behind the table page (and its service worker): a whole Overturn game, with the server stateless.

The game lives in the browser (local storage) as the saved JSON form of
``Game.to_json``; every request sends it, the server rebuilds it with
``Game.from_json`` (which replays and checks every move, so a tampered game is
refused with the field that is wrong), applies one action and answers the new
state. Nothing is kept between requests, so any phone at the table can carry
the game and a server restart loses nothing.

Every answer holds ``game`` (the state to keep), ``faces`` (the current
layer), ``result`` (score, whose turn, winner) and ``levels`` (the computer's
strengths). A refused word or pass is an ordinary answer with
``verdict.legal`` false and the game unchanged; only malformed requests are
HTTP errors.
"""

from __future__ import annotations

import random
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from overturn.board import MAX_SEED, Board, BoardError
from overturn.computer import LEVELS, choose_move
from overturn.game import MODES, Colour, Game, GameError, Move, PassMove, WordMove
from overturn.review import ranked_json
from overturn.service import WEB_DIR, ApiError, Service, _int, _path_cells, _service, _text, claimed_player, saved_game

#: Most moves /api/game/moves lists (the count is always complete).
MAX_LISTED_MOVES = 2000


def _game(service: Service, data: dict[str, Any]) -> Game:
    """The game the request carries, replayed and checked, with the lexicon it names (or the server's default)."""
    saved = data.get("game")
    if not isinstance(saved, dict):
        raise ApiError(400, "'game' must be the saved game (a JSON object)", {"field": "game"})
    _name, lexicon = service.lexicon(saved.get("lexicon"))
    return saved_game(saved, lexicon)


def _state(game: Game) -> dict[str, Any]:
    result = game.result()
    cols = game.board.rules.cols
    faces = game.board.faces
    winner = result.winner
    return {
        "game": game.to_json(),
        "faces": [list(faces[row * cols : (row + 1) * cols]) for row in range(game.board.rules.rows)],
        "result": {
            "green": result.green,
            "silver": result.silver,
            "over": result.over,
            "winner": None if not result.over or winner is None else winner.value,
            "to_move": game.to_move.value,
        },
        "has_next_layer": game.layer + 1 < len(game.layers) or game.seed is not None,
        "levels": list(LEVELS),
    }


async def new_game(request: Request) -> Response:
    """A game on a seeded deal (``seed``; random when absent) or on a typed ``board``, in ``mode`` reuse or advanced."""
    service = _service(request)
    data = await service.read_json(request)
    mode = data.get("mode") or "reuse"
    if not isinstance(mode, str) or mode not in MODES:  # a list or an object would not even hash
        raise ApiError(422, f"unknown mode {mode!r}: use {' or '.join(MODES)}", {"field": "mode"})
    name, lexicon = service.lexicon(data.get("lexicon"))
    if data.get("board") is not None:
        text = _text(data.get("board"), "board", 1000)
        try:
            game = Game.from_board(Board.parse(text, MODES[mode]), mode, name, lexicon)
        except BoardError as exc:
            raise ApiError(422, f"bad board: {exc}", {"field": "board"}) from None
    else:
        seed = _int(data.get("seed"), "seed", 0, MAX_SEED, default=random.SystemRandom().randrange(MAX_SEED + 1))
        game = Game.new(seed, mode, name, lexicon)
    return JSONResponse(_state(game))


async def _answer(service: Service, game: Game, move: Move, player: Colour | None) -> Response:
    """Judge ``move`` in the game's context and play it when legal: the verdict (with its swing) and the state after."""

    def job() -> dict[str, Any]:
        verdict = game.check(move, player)
        if verdict.legal:
            game.push(move, player)
        return {"verdict": verdict.to_json(game.board), **_state(game)}

    return JSONResponse(await service.judge(job, "game step"))


async def play_word(request: Request) -> Response:
    """Judge a word in the game's context (``path`` optional: the referee then picks the best) and play it if legal."""
    service = _service(request)
    data = await service.read_json(request)
    game = _game(service, data)
    word = _text(data.get("word"), "word", service.limits.max_word_length)
    path = _path_cells(data["path"], game.board) if data.get("path") is not None else None
    return await _answer(service, game, WordMove(word, path), claimed_player(data))


async def pass_turn(request: Request) -> Response:
    """The side to move has no word: a ring of the opponent's colour on ``cell`` ([row, col], a new cell)."""
    service = _service(request)
    data = await service.read_json(request)
    game = _game(service, data)
    if data.get("cell") is None:
        raise ApiError(400, "'cell' is required: the new cell, as [row, col] (0-based), that gets the ring", {"field": "cell"})
    (cell,) = _path_cells([data["cell"]], game.board)
    return await _answer(service, game, PassMove(cell), claimed_player(data))


async def undo(request: Request) -> Response:
    """The game without its last move."""
    service = _service(request)
    game = _game(service, await service.read_json(request))
    try:
        game.pop()
    except GameError as exc:
        raise ApiError(422, str(exc), {"field": "game", "reason": "nothing_to_undo"}) from None
    return JSONResponse(_state(game))


async def next_layer(request: Request) -> Response:
    """The next game: the bottom layer of the deal, or a new deal from a seed derived from the first."""
    service = _service(request)
    game = _game(service, await service.read_json(request))
    try:
        following = game.next_layer()
    except GameError as exc:
        raise ApiError(422, str(exc), {"field": "game", "reason": "no_next_layer"}) from None
    return JSONResponse(_state(following))


async def legal_moves(request: Request) -> Response:
    """Every legal word now, best swing first (``limit`` of them listed; ``count`` is all): hint, list, pass warning."""
    service = _service(request)
    data = await service.read_json(request)
    game = _game(service, data)
    limit = _int(data.get("limit"), "limit", 0, MAX_LISTED_MOVES, default=MAX_LISTED_MOVES)

    def job() -> dict[str, Any]:
        if limit == 0:  # the pass warning only counts: no best paths to rank
            return {"count": game.words_left(), "moves": []}
        words = [ranked for ranked in game.legal_moves() if isinstance(ranked.move, WordMove)]
        return {"count": len(words), "moves": [ranked_json(ranked, game.board) for ranked in words[:limit]]}

    return JSONResponse(await service.judge(job, "game step"))


async def computer_move(request: Request) -> Response:
    """The computer plays for the side to move at ``level`` (one of ``levels``); ``seed`` makes its choice replayable."""
    service = _service(request)
    data = await service.read_json(request)
    game = _game(service, data)
    level = _int(data.get("level"), "level", min(LEVELS), max(LEVELS), default=2)
    seed = _int(data.get("seed"), "seed", 0, 2**53, default=random.SystemRandom().randrange(2**31))
    if game.is_over():
        raise ApiError(422, "the game is over", {"field": "game", "reason": "game_over"})

    def job() -> dict[str, Any]:
        choice = choose_move(game, level, random.Random(seed))
        game.push(choice.move)
        return {"move": ranked_json(choice, game.board), **_state(game)}

    return JSONResponse(await service.judge(job, "game step"))


async def service_worker(_request: Request) -> Response:
    """The page's service worker, served from the root so that it may control the whole page (``/``)."""
    return FileResponse(WEB_DIR / "sw.js", media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})


#: Mounted by ``overturn.service.create_app``.
PAGE_ROUTES = [
    Route("/sw.js", service_worker, methods=["GET"]),
    Route("/api/game/new", new_game, methods=["POST"]),
    Route("/api/game/play", play_word, methods=["POST"]),
    Route("/api/game/pass", pass_turn, methods=["POST"]),
    Route("/api/game/undo", undo, methods=["POST"]),
    Route("/api/game/next-layer", next_layer, methods=["POST"]),
    Route("/api/game/moves", legal_moves, methods=["POST"]),
    Route("/api/game/computer", computer_move, methods=["POST"]),
]
