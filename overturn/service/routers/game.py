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
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct
from starlette.requests import Request
from starlette.responses import Response

from overturn.game.answers import CellAsked, Ranked, TracedPath
from overturn.game.computer import LEVELS, choose_move
from overturn.game.review import ranked_view
from overturn.game.save import saved_game_schema
from overturn.game.state import (
    VERSION,
    Colour,
    Game,
    GameError,
    Move,
    PassMove,
    WordMove,
)
from overturn.game.turns import MAX_LISTED_MOVES, Judged, LegalMoves, judged_move
from overturn.game.view import GameView, view_of
from overturn.service.answers import respond
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.game_requests import (
    ASKED_CELL,
    ASKED_PATH,
    BOARD_CELL,
    NewGameRequest,
    PlayerName,
    claimed_player,
    dealt_game,
    listed_moves,
    saved_game_of,
)
from overturn.service.openapi import Answer, Endpoint, Handler, choice, ok, schema_of, text
from overturn.service.params import SavedGameJSON, cell_of, path_cells, typed_body

#: The computer's level when the request names none.
DEFAULT_LEVEL = 2
#: Most the computer's ``seed`` may be (a JavaScript integer, so the page can send any it makes).
MAX_COMPUTER_SEED = 2**53
#: The deal of the schema's example game (any seed: the example is a real answer of /api/game/new).
EXAMPLE_SEED = 7

# ----- the request bodies, each declared once: decoding, checks and schema derive from them --------------


class GameRequest(Struct, forbid_unknown_fields=True):
    """A step on the game the request carries (undo, next layer)."""

    game: SavedGameJSON


class PlayRequest(GameRequest):
    word: Annotated[str, Meta(min_length=1)]
    path: TracedPath | None = None
    player: PlayerName | None = None


class PassRequest(GameRequest):
    cell: CellAsked  #: the new cell that gets the opponent's ring
    player: PlayerName | None = None


class MovesRequest(GameRequest):
    limit: Annotated[int, Meta(ge=0, le=MAX_LISTED_MOVES, description="How many to list; 0 only counts them.")] | None = None


class ComputerRequest(GameRequest):
    level: Annotated[int, Meta(ge=min(LEVELS), le=max(LEVELS))] | None = None
    seed: Annotated[int, Meta(ge=0, le=MAX_COMPUTER_SEED, description="Makes the computer's choice replayable.")] | None = None


class ComputerMove(GameView):
    """The computer's move, and the state after."""

    move: Ranked


async def new_game(request: Request) -> Response:
    """A game on a seeded deal (``seed``; random when absent) or on a typed ``board``, in ``mode`` reuse or advanced."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), NewGameRequest)
    return respond(view_of(dealt_game(service, asked)))


async def _answer(service: Service, game: Game, move: Move, player: Colour | None) -> Response:
    """``judged_move`` off the event loop: the verdict (with its swing, its refusal beside) and the state after."""

    def job() -> Judged:
        return judged_move(game, move, player)

    return respond(await service.judge(job, "game step"))


async def play_word(request: Request) -> Response:
    """Judge a word in the game's context (``path`` optional: the referee then picks the best) and play it if legal."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), PlayRequest)
    word = service.word(asked.word)
    game = saved_game_of(service, asked.game)
    path = path_cells(asked.path, game.board) if asked.path is not None else None
    return await _answer(service, game, WordMove(word, path), claimed_player(asked.player))


async def pass_turn(request: Request) -> Response:
    """The side to move has no word: a ring of the opponent's colour on ``cell`` (a new cell: its number, or [row, col])."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), PassRequest)
    game = saved_game_of(service, asked.game)
    return await _answer(service, game, PassMove(cell_of(asked.cell, game.board)), claimed_player(asked.player))


async def undo(request: Request) -> Response:
    """The game without its last move."""
    service = service_of(request)
    game = saved_game_of(service, typed_body(await service.read_json(request), GameRequest).game)
    try:
        game.pop()
    except GameError as exc:
        raise ApiError(422, str(exc), {"field": "game", "reason": "nothing_to_undo"}) from None
    return respond(view_of(game))


async def next_layer(request: Request) -> Response:
    """The next game: the bottom layer of the deal, or a new deal from a seed derived from the first."""
    service = service_of(request)
    game = saved_game_of(service, typed_body(await service.read_json(request), GameRequest).game)
    try:
        following = game.next_layer()
    except GameError as exc:
        raise ApiError(422, str(exc), {"field": "game", "reason": "no_next_layer"}) from None
    return respond(view_of(following))


async def legal_moves(request: Request) -> Response:
    """Every legal word now, best swing first (``limit`` of them listed; ``count`` is all): hint, list, pass warning."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), MovesRequest)
    return await listed_moves(service, saved_game_of(service, asked.game), MAX_LISTED_MOVES if asked.limit is None else asked.limit)


async def computer_move(request: Request) -> Response:
    """The computer plays for the side to move at ``level`` (one of ``levels``); ``seed`` makes its choice replayable."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), ComputerRequest)
    game = saved_game_of(service, asked.game)
    level = DEFAULT_LEVEL if asked.level is None else asked.level
    seed = random.SystemRandom().randrange(2**31) if asked.seed is None else asked.seed
    if game.is_over():
        raise ApiError(422, "the game is over", {"field": "game", "reason": "game_over"})

    def job() -> ComputerMove:
        choice = choose_move(game, level, random.Random(seed))
        game.push(choice.move)
        return ComputerMove(**msgspec.structs.asdict(view_of(game)), move=ranked_view(choice, game.board))

    return respond(await service.judge(job, "game step"))


def _saved_game_components(service: Service, components: dict[str, Any]) -> dict[str, Any]:
    """The components with the saved game's, derived from ``overturn.game.save.SavedGame`` and narrowed to this server,
    which a state's ``game`` refers to.

    The type bounds what any file may hold; this server also knows its own
    lexicons, the one version it reads and the board's coordinates (the replay
    refuses the rest with 422 either way).
    """
    saved: dict[str, Any] = saved_game_schema()
    game = saved["SavedGame"]["properties"]
    game["lexicon"] = {**game["lexicon"], **choice(service.lexicons)}
    game["version"] = {**game["version"], "enum": [VERSION]}
    game["ending"]["description"] = "position: over when no legal word is left (rule 4); passes: after two passes in a row. Absent in older files: passes."
    saved["SavedWord"]["properties"]["path"]["items"] = BOARD_CELL
    saved["SavedPass"]["properties"]["cell"] = BOARD_CELL
    for name in ("GameView", "Judged", "ComputerMove"):
        if name in components:
            components[name]["properties"]["game"] = {"$ref": "#/components/schemas/SavedGame"}
    return {**components, **saved}


def _narrowed(service: Service) -> dict[str, Any]:
    """A game request's fields narrowed to this server: its lexicons, its longest word, a board's cells."""
    return {"lexicon": choice(service.lexicons), "word": schema_of(text(service.limits.max_word_length)), "path": ASKED_PATH, "cell": ASKED_CELL}


def _example_game(service: Service, passed: bool = False) -> dict[str, Any]:
    """The answer of /api/game/new for ``EXAMPLE_SEED`` (after a pass, for undo), so an example gets past the replay."""
    name, lexicon = service.lexicon(None)
    game = Game.new(EXAMPLE_SEED, "reuse", name, lexicon)
    if passed:
        game.push(PassMove(0))
    return game.to_json()


def _step(
    path: str, handler: Handler, operation_id: str, summary: str, answer: Answer, body: type[Struct], example: Any, errors: tuple[int, ...]
) -> Endpoint:
    """A game step: a POST of the declared body, with a working example, its fields narrowed to this server."""
    return Endpoint("POST", path, handler, operation_id, summary, answer, errors, body=body, example=example, narrowed=_narrowed, refined=_saved_game_components)


_ERRORS = (400, 408, 413, 415, 422)
_JUDGED = (*_ERRORS, 503)  # the steps that run in the solver pool under its time limit
_VERDICT = ok("The verdict and the state after (unchanged when refused).", Judged)

ENDPOINTS = (
    _step(
        "/api/game/new", new_game, "game_new", "A new game on a seeded deal (random when absent) or a typed board.",
        ok("The new game's state.", GameView), NewGameRequest, {"seed": EXAMPLE_SEED, "mode": "reuse"}, _ERRORS,
    ),
    _step(
        "/api/game/play", play_word, "game_play", "Judge a word in the game (the best path when none is given) and play it if legal.",
        _VERDICT, PlayRequest, lambda service: {"game": _example_game(service), "word": "ETE"}, _JUDGED,
    ),
    _step(
        "/api/game/pass", pass_turn, "game_pass", "No word: a ring of the opponent's colour on a new cell.",
        _VERDICT, PassRequest, lambda service: {"game": _example_game(service), "cell": 0}, _JUDGED,
    ),
    _step(
        "/api/game/undo", undo, "game_undo", "The game without its last move.",
        ok("The state before the last move.", GameView), GameRequest, lambda service: {"game": _example_game(service, passed=True)}, _ERRORS,
    ),
    _step(
        "/api/game/next-layer", next_layer, "game_next_layer", "The next game: the bottom layer, or a new deal from a seed derived from this one.",
        ok("The next game's state.", GameView), GameRequest, lambda service: {"game": _example_game(service)}, _ERRORS,
    ),
    _step(
        "/api/game/moves", legal_moves, "game_moves", "Every legal word now, best swing first; limit 0 only counts them.",
        ok("How many legal words, and the best of them.", LegalMoves), MovesRequest, lambda service: {"game": _example_game(service), "limit": 10}, _JUDGED,
    ),
    _step(
        "/api/game/computer", computer_move, "game_computer", "The computer plays for the side to move at a level; seed makes its choice replayable.",
        ok("The computer's move and the state after.", ComputerMove), ComputerRequest,
        lambda service: {"game": _example_game(service), "level": DEFAULT_LEVEL, "seed": 1}, _JUDGED,
    ),
)
