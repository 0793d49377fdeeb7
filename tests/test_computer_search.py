"""The searching levels (4 and 5) and the match between levels.

The alpha-beta search is checked against a plain minimax over every move on
small games, where nothing is cut for width; the match against its own records.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from click.testing import CliRunner

from overturn.game.computer import LEVEL_DESCRIPTIONS, LEVELS, PLANS, SearchPlan, _distinct, _Search, choose_move
from overturn.game.match import play_match
from overturn.game.state import Game, GameError, PassMove
from overturn.game.tiles import deal
from overturn_cli.main import main as cli


def walk_words(count: int) -> set[str]:
    """Words read along random walks of deal 1's top layer: legal words enough for games of a dozen moves."""
    board = deal(1).layers[0]
    rng = random.Random(1)
    words: set[str] = set()
    while len(words) < count:
        cell, letters = rng.randrange(36), []
        for _ in range(rng.randint(2, 5)):
            letters.append(rng.choice(board.rules.readings(board.faces[cell])))
            cell = rng.choice([other for other in range(36) if board.adjacent(cell, other)])
        words.add("".join(letters).lower())
    return words


@pytest.fixture(scope="module")
def walk_lexicon(make_lexicon):
    return make_lexicon(walk_words(150))


@pytest.fixture(scope="module")
def tiny_lexicon(make_lexicon):
    """Few enough words that a full-width minimax three moves deep takes a second."""
    return make_lexicon(walk_words(40))


def minimax(game: Game, depth: int) -> int:
    """The reference: the best sum of signed swings over the next ``depth`` moves, every move tried."""
    if depth == 0 or game.is_over():
        return 0
    moves = game.legal_moves()
    if isinstance(moves[0].move, PassMove):
        moves = moves[:1]
    best = None
    for move in moves:
        game.push(move.move)
        score = move.swing - minimax(game, depth - 1)
        game.pop()
        best = score if best is None else max(best, score)
    assert best is not None
    return best


@pytest.mark.parametrize("depth", [2, 3])
def test_alpha_beta_finds_the_minimax_value(tiny_lexicon, depth: int) -> None:
    game = Game.new(seed=1, lexicon=tiny_lexicon)
    rng = random.Random(depth)
    checked = 0
    while not game.is_over() and checked < 4:
        moves = game.legal_moves()
        if isinstance(moves[0].move, PassMove):
            break
        search = _Search(game, SearchPlan((depth,), width=10**6, root_width=10**6, budget=10**6), deadline=float("inf"))
        scores = search.root_scores(moves, depth, [])
        assert max(scores) == minimax(game, depth)
        for move, score in zip(moves, scores):
            if score == max(scores):  # the moves that tie for best are scored exactly, so the draw among them is fair
                game.push(move.move)
                assert score == move.swing - minimax(game, depth - 1)
                game.pop()
        assert len(game.history) == len(search.game.history)  # every push was popped
        game.push(rng.choice(moves).move)
        checked += 1
    assert checked == 4


@pytest.mark.parametrize("level", [4, 5])
def test_searching_levels_play_legal_games_and_replay_with_a_seed(
    walk_lexicon, level: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A budget that never runs out, so the search (and so the game) does not depend on the machine's load.
    monkeypatch.setitem(PLANS, level, SearchPlan((2, 4), width=4, root_width=8, budget=10**6))
    games = []
    for _ in range(2):
        game = Game.new(seed=1, lexicon=walk_lexicon)
        rng = random.Random(level)
        while not game.is_over():
            choice = choose_move(game, level, rng)
            assert game.check(choice.move).legal
            game.push(choice.move)
        games.append([played.move for played in game.history])
        with pytest.raises(GameError):
            choose_move(game, level, rng)
    assert games[0] == games[1]


def test_an_exhausted_budget_still_gives_a_legal_move(walk_lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PLANS, 5, SearchPlan((2, 4), width=10, root_width=10, budget=0.0))
    game = Game.new(seed=1, lexicon=walk_lexicon)
    choice = choose_move(game, 5, random.Random(0))
    assert game.check(choice.move).legal and choice.swing == game.legal_moves()[0].swing


@pytest.mark.lexicon
def test_a_tiny_budget_is_a_hard_bound(default_lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    # Wide and deep enough to take minutes: only the deadline checks inside the search can stop it in time.
    monkeypatch.setitem(PLANS, 5, SearchPlan((2, 4, 6, 8, 10), width=60, root_width=2000, budget=0.05))
    game = Game.new(seed=11, lexicon=default_lexicon)
    rng = random.Random(0)
    for _ in range(3):
        started = time.perf_counter()
        choice = choose_move(game, 5, rng)
        assert time.perf_counter() - started < 0.5  # generous: the budget plus the rankings of a loaded machine
        game.push(choice.move)


def test_moves_to_the_same_position_are_searched_once(walk_lexicon) -> None:
    game = Game.new(seed=1, lexicon=walk_lexicon)
    game.push(game.legal_moves()[0].move)
    moves = game.legal_moves()
    kept = _distinct(moves)
    assert kept[0] == moves[0] and len(kept) < len(moves)  # this position has words along the same cells

    def after(move):
        game.push(move.move)
        position = (list(game.rings), game.fixed, game.to_move)
        game.pop()
        return position

    positions = [after(move) for move in kept]
    for move in moves:  # a dropped move leads where a kept one (before it) leads; the kept ones lead apart
        assert after(move) in positions
    assert len({repr(position) for position in positions}) == len(kept)


def test_every_level_is_described() -> None:
    assert LEVELS == tuple(sorted(LEVEL_DESCRIPTIONS)) and set(PLANS) <= set(LEVELS)
    assert all(0 < plan.budget <= 1.0 for plan in PLANS.values())  # the documented per-move budget


def test_a_match_alternates_colours_and_layers_and_adds_up(walk_lexicon) -> None:
    result = play_match(walk_lexicon, 2, 1, games=6, seed=3)
    records = result.games
    assert [record.a_colour.value for record in records] == ["green", "silver"] * 3
    assert [(record.seed, record.layer) for record in records] == [(3, 0), (3, 0), (4, 1), (4, 1), (5, 0), (5, 0)]
    assert result.wins + result.draws + result.losses == 6
    assert result.score == (result.wins + result.draws / 2) / 6
    elo, low, high = result.elo()
    assert low <= elo <= high
    assert (elo > 0) == (result.score > 0.5) or result.score in (0.5, 1.0)
    assert all(record.a_rings + record.b_rings <= 36 for record in records)
    again = play_match(walk_lexicon, 2, 1, games=6, seed=3)
    assert again.games == records


def test_match_command(walk_lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("overturn_cli.game_engine.open_lexicon", lambda spec: walk_lexicon)
    runner = CliRunner()
    out = runner.invoke(cli, ["game", "match", "--a", "2", "--b", "1", "--games", "2", "--seed", "5", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["games"] == 2 and data["wins"] + data["draws"] + data["losses"] == 2
    assert data["a"]["level"] == 2 and data["a"]["moves"] > 0 and data["a"]["max_move_s"] >= data["a"]["mean_move_s"]
    text = runner.invoke(cli, ["game", "match", "--a", "2", "--b", "1", "--games", "2", "--seed", "5"])
    assert text.exit_code == 0 and "Elo difference" in text.output and "level 2 against level 1, 2 games" in text.output
    bad = runner.invoke(cli, ["game", "match", "--a", "9", "--b", "1"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
