"""Schema-driven fuzzing of the table page's game endpoints (/api/game/*) over real HTTP: never a 5xx, answers as documented.

The game travels in every request, and a random object almost never replays
as a game, so on its own schemathesis would mostly meet 422s. Its examples
(a real game in the schema) and a hook that carries real games from several
points of play (fresh, mid-game, over, second layer) in most of the
generated bodies let the rest of each body be fuzzed against games the
handlers really step; a last test checks that a good share got a 200 and
that the server still answers on the same connection afterwards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from test_service_fuzz import CHECKS, base_url, small_app  # noqa: F401 (base_url: a fixture, the server of this module's APP)

from overturn.game.board import Board
from overturn.game.state import Game, PassMove, WordMove
from overturn.service.app import openapi_schema
from overturn.service.routers.game import ENDPOINTS, EXAMPLE_SEED

GAME_PATHS = sorted(endpoint.path for endpoint in ENDPOINTS)
BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
#: The phases whose requests are drawn from the examples and at random (where the hook puts real games). The
#: coverage phase walks the schema's boundaries field by field, the game's too, so the replay refuses nearly all of it;
#: and requests meant to break the schema (negative mode) are meant to be refused.
DRAWN_PHASES = ("examples", "fuzzing")
#: Least share of the schema-valid drawn requests that must get a 200 (about 0.6 is usual).
MIN_OK_SHARE = 0.4

APP = small_app()
schema = schemathesis.openapi.from_dict(openapi_schema(APP.state.service)).include(path_regex="^/api/game/")
#: (path, phase, generation mode, status) of every request the fuzzing test sent.
statuses: Counter[tuple[str, str, str, int]] = Counter()


def _real_games() -> list[dict[str, Any]]:
    """Saved games at several points of play, made with the model the handlers use."""
    name, lexicon = APP.state.service.lexicon(None)
    fresh = Game.new(EXAMPLE_SEED, "advanced", name, lexicon)
    typed = Game.from_board(Board.parse(BOARD), "reuse", name, lexicon)
    typed.push(WordMove("ACCES"))
    passed = Game.new(EXAMPLE_SEED, "reuse", name, lexicon)
    passed.push(PassMove(0))
    over = Game.new(EXAMPLE_SEED + 1, "reuse", name, lexicon)
    over.push(PassMove(0))
    over.push(PassMove(1))
    second_layer = over.next_layer()
    second_layer.push(PassMove(35))
    return [game.to_json() for game in (passed, typed, second_layer, fresh, over)]  # hypothesis favours the first


REAL_GAMES = _real_games()


@schema.hook
def flatmap_body(_context: schemathesis.HookContext, body: Any) -> st.SearchStrategy[Any]:
    """Most bodies that carry a game carry a real one, the other fields as generated; the rest keep the generated game."""
    if not isinstance(body, dict) or "game" not in body:
        return st.just(body)
    return st.sampled_from([*REAL_GAMES, None]).map(lambda game: body if game is None else {**body, "game": game})


@schema.parametrize()
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
def test_game_endpoints_never_fail_and_answer_as_documented(case: schemathesis.Case, base_url: str) -> None:
    response = case.call(base_url=base_url, timeout=30)
    statuses[(case.operation.path, case.meta.phase.name.value, case.meta.generation.mode.value, response.status_code)] += 1
    case.validate_response(response, checks=CHECKS)


def test_a_good_share_of_the_fuzzed_requests_reach_a_200_and_the_server_still_answers(base_url: str) -> None:
    if not statuses:
        pytest.skip("counts the requests of the fuzzing test above; run the whole module")
    drawn = Counter({(path, status): count for (path, phase, mode, status), count in statuses.items() if phase in DRAWN_PHASES and mode == "positive"})
    ok = Counter({path: count for (path, status), count in drawn.items() if status == 200})
    assert set(ok) == set(GAME_PATHS), drawn  # every endpoint stepped a game at least once
    assert sum(ok.values()) >= MIN_OK_SHARE * sum(drawn.values()), drawn
    with httpx.Client(base_url=base_url, timeout=30) as client:  # one keep-alive connection, two requests
        first = client.post("/api/game/new", json={"seed": EXAMPLE_SEED})
        second = client.post("/api/game/undo", json={"game": REAL_GAMES[1]})
    assert first.status_code == 200 and first.json()["game"]["seed"] == EXAMPLE_SEED
    assert second.status_code == 200 and second.json()["game"]["moves"] == []
