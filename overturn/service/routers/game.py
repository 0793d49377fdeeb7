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
from starlette.routing import BaseRoute, Route

from overturn.game.answers import CellAsked, Ranked, TracedPath, Verdict
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
from overturn.game.view import GameView, view_of
from overturn.service.answers import respond
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.game_requests import (
    ASKED_CELL,
    ASKED_PATH,
    BOARD_CELL,
    MAX_LISTED_MOVES,
    LegalMoves,
    NewGameRequest,
    PlayerName,
    claimed_player,
    dealt_game,
    listed_moves,
    saved_game_of,
)
from overturn.service.openapi import body_components, choice, error_responses, ok_response, openapi30, request_body, schema_of, text
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


class Judged(GameView):
    """A word or a pass judged: the verdict, and the state after (unchanged when refused)."""

    verdict: Verdict


class ComputerMove(GameView):
    """The computer's move, and the state after."""

    move: Ranked


async def new_game(request: Request) -> Response:
    """A game on a seeded deal (``seed``; random when absent) or on a typed ``board``, in ``mode`` reuse or advanced."""
    service = service_of(request)
    asked = typed_body(await service.read_json(request), NewGameRequest)
    return respond(view_of(dealt_game(service, asked)))


async def _answer(service: Service, game: Game, move: Move, player: Colour | None) -> Response:
    """Judge ``move`` in the game's context and play it when legal: the verdict (with its swing) and the state after."""

    def job() -> Judged:
        verdict = game.check(move, player)
        if verdict.legal:
            game.push(move, player)
        return Judged(**msgspec.structs.asdict(view_of(game)), verdict=verdict.view())

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


ROUTES: list[BaseRoute] = [
    Route("/api/game/new", new_game, methods=["POST"]),
    Route("/api/game/play", play_word, methods=["POST"]),
    Route("/api/game/pass", pass_turn, methods=["POST"]),
    Route("/api/game/undo", undo, methods=["POST"]),
    Route("/api/game/next-layer", next_layer, methods=["POST"]),
    Route("/api/game/moves", legal_moves, methods=["POST"]),
    Route("/api/game/computer", computer_move, methods=["POST"]),
]


# --- the endpoints' entries in the OpenAPI document -------------------------------------


def _saved_game_components(service: Service) -> dict[str, Any]:
    """The saved game's components, derived from ``overturn.game.save.SavedGame`` and narrowed to this server.

    The type bounds what any file may hold; this server also knows its own
    lexicons, the one version it reads and the board's coordinates (the replay
    refuses the rest with 422 either way).
    """
    components: dict[str, Any] = {name: openapi30(schema) for name, schema in saved_game_schema().items()}
    game = components["SavedGame"]["properties"]
    game["lexicon"] = {**game["lexicon"], **choice(service.lexicons)}
    game["version"] = {**game["version"], "enum": [VERSION]}
    game["ending"]["description"] = "position: over when no legal word is left (rule 4); passes: after two passes in a row. Absent in older files: passes."
    components["SavedWord"]["properties"]["path"]["items"] = BOARD_CELL
    components["SavedPass"]["properties"]["cell"] = BOARD_CELL
    return components


def _answer_components() -> dict[str, Any]:
    """The answers' components, derived from their types; a state's ``game`` is the saved game's component."""
    components = body_components(GameView, Judged, ComputerMove, LegalMoves)
    for name in ("GameView", "Judged", "ComputerMove"):
        components[name]["properties"]["game"] = {"$ref": "#/components/schemas/SavedGame"}
    return components


def state_properties(service: Service) -> dict[str, Any]:
    """The properties of an answer holding a game's state, for the routers that answer one too (the table)."""
    properties: dict[str, Any] = _answer_components()["GameView"]["properties"]
    return properties


def _post(operation_id: str, summary: str, kind: type[Struct], example: dict[str, Any], ok: dict[str, Any], errors: tuple[int, ...]) -> dict[str, Any]:
    """One POST operation: a JSON body of the declared type, with a working example."""
    return {
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "requestBody": request_body(kind, example),
            "responses": {"200": ok, **error_responses(*errors)},
        }
    }


def openapi_paths(service: Service) -> dict[str, Any]:
    """The game endpoints' entries in the hand-written OpenAPI schema (merged by ``overturn.service.app.openapi_schema``).

    Each body's example is a request that works: its game is the answer of
    /api/game/new for ``EXAMPLE_SEED`` (for undo, after a pass), so a
    schema-driven fuzzer starts from requests that get past the replay.
    """
    name, lexicon = service.lexicon(None)
    fresh = Game.new(EXAMPLE_SEED, "reuse", name, lexicon)
    example = fresh.to_json()
    fresh.push(PassMove(0))
    errors = (400, 408, 413, 415, 422)
    judged = (*errors, 503)  # the steps that run in the solver pool under its time limit
    return {
        "/api/game/new": _post(
            "game_new",
            "A new game on a seeded deal (random when absent) or a typed board.",
            NewGameRequest,
            {"seed": EXAMPLE_SEED, "mode": "reuse"},
            ok_response(GameView, "The new game's state."),
            errors,
        ),
        "/api/game/play": _post(
            "game_play",
            "Judge a word in the game (the best path when none is given) and play it if legal.",
            PlayRequest,
            {"game": example, "word": "ETE"},
            ok_response(Judged, "The verdict and the state after (unchanged when refused)."),
            judged,
        ),
        "/api/game/pass": _post(
            "game_pass",
            "No word: a ring of the opponent's colour on a new cell.",
            PassRequest,
            {"game": example, "cell": 0},
            ok_response(Judged, "The verdict and the state after (unchanged when refused)."),
            judged,
        ),
        "/api/game/undo": _post("game_undo", "The game without its last move.", GameRequest, {"game": fresh.to_json()}, ok_response(GameView, "The state before the last move."), errors),
        "/api/game/next-layer": _post(
            "game_next_layer",
            "The next game: the bottom layer, or a new deal from a seed derived from this one.",
            GameRequest,
            {"game": example},
            ok_response(GameView, "The next game's state."),
            errors,
        ),
        "/api/game/moves": _post(
            "game_moves",
            "Every legal word now, best swing first; limit 0 only counts them.",
            MovesRequest,
            {"game": example, "limit": 10},
            ok_response(LegalMoves, "How many legal words, and the best of them."),
            judged,
        ),
        "/api/game/computer": _post(
            "game_computer",
            "The computer plays for the side to move at a level; seed makes its choice replayable.",
            ComputerRequest,
            {"game": example, "level": DEFAULT_LEVEL, "seed": 1},
            ok_response(ComputerMove, "The computer's move and the state after."),
            judged,
        ),
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    """The components of the answers, the saved game and the request bodies, derived from their types."""
    bodies = body_components(
        NewGameRequest, GameRequest, PlayRequest, PassRequest, MovesRequest, ComputerRequest,
        lexicon=choice(service.lexicons),
        word=schema_of(text(service.limits.max_word_length)),
        path=ASKED_PATH,
        cell=ASKED_CELL,
    )
    return {**_answer_components(), **_saved_game_components(service), **bodies}
