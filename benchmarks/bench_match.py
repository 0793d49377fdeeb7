"""The top computer level against today's level 3, over seeded games (the target: level 5 wins at least 70%).

Run with ``pytest benchmarks/bench_match.py -s``; ``MATCH_GAMES`` (default 200),
``MATCH_A`` (default 5) and ``MATCH_B`` (default 3) change the match. Games come
in pairs on one deal with colours swapped, layers alternating by pair (see
``overturn.game.match``). Target: A wins at least 70% of the games, every move of
both within the documented 1 s budget. The levels search by time, so on a
loaded machine they search less deep: the figure is this machine's, now. The
same match from the command line: ``overturn game match --a 5 --b 3 --games 200 --seed 1``.
"""

from __future__ import annotations

import os

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from smoke import sized, target

from overturn.game.match import MatchResult, play_match

pytestmark = pytest.mark.lexicon

GAMES = int(os.environ.get("MATCH_GAMES", sized(200, 1)))  #: smoke: one game (about 6 s at level 5)
LEVEL_A = int(os.environ.get("MATCH_A", "5"))
LEVEL_B = int(os.environ.get("MATCH_B", "3"))
TARGET_WINS = 0.70


def test_top_level_against_level_three(benchmark: BenchmarkFixture) -> None:
    from overturn.lexicon.registry import load_lexicon

    lexicon = load_lexicon()
    result: MatchResult = benchmark.pedantic(
        play_match, args=(lexicon, LEVEL_A, LEVEL_B, GAMES), kwargs={"seed": 1}, rounds=1, iterations=1
    )
    figures = result.to_json()
    del figures["records"]
    benchmark.extra_info.update(figures)
    print(f"\n{result.summary()}")
    for side in ("a", "b"):
        print(f"level {figures[side]['level']}: {figures[side]}")
    assert len(result.games) == GAMES and all(game.moves > 0 for game in result.games)
    target(result.wins >= TARGET_WINS * GAMES, f"level {LEVEL_A} won {result.wins} of {GAMES} games against level {LEVEL_B}, under {TARGET_WINS:.0%}")
