"""The exact best ring-swing path of a word: native search, Python branch and bound, brute force.

A path's value is its swing (gain of each distinct cell: 1 new, 2 the
opponent's ring, 0 the mover's own) and, among equal swings, the fewer new
double-face readings it fixes the better. The native ``best_paths`` and the
Python ``best_path`` (the reference) must agree on that value for every word of
random states in both modes; on small boards both must equal a brute force over
every path. ``game play WORD`` with no path must play what ``hint`` promised.
The native ranking of a position (``Solver.ranked``, behind ``legal_moves``)
must equal, move for move, the ranking made before it in Python from ``solve``
and ``best_paths`` (kept here as the slow reference).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from overturn.game.board import DOUBLE_FACES, OVERTURN, Board, Rules
from overturn.game.referee import judge_path
from overturn.game.solver import Constraints, Solver, _native_best_paths, _search
from overturn.game.state import Game, RankedMove, WordMove
from overturn.game.tiles import deal
from overturn.lexicon.lexicon import Lexicon

MODES = {"reuse": OVERTURN, "advanced": OVERTURN.replace(reuse=False)}
SMALL = Rules(rows=4, cols=4, tile_rows=2, tile_cols=2)
SMALL_FACES = list("AEEEIOSSTTRRNLUC") + list(DOUBLE_FACES)


def random_state(board: Board, rng: random.Random) -> tuple[Constraints, list[int]]:
    """Random rings of both colours, fixed readings and the mover's gains: any position a game could reach."""
    ringed = 0
    gains = []
    density = rng.random()
    for cell in range(board.rules.size):
        if rng.random() < density * 0.7:
            ringed |= 1 << cell
            gains.append(rng.choice((0, 2)))
        else:
            gains.append(1)
    fixed = {
        face: rng.choice(board.rules.readings(face))
        for face in DOUBLE_FACES
        if face in board.faces and rng.random() < 0.4
    }
    return Constraints(ringed=ringed, need_new=True, need_used=ringed != 0, fixed=fixed), gains


def value(best: tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]], constraints: Constraints) -> tuple[int, int]:
    """What the search maximises: the swing, then the fewest readings fixed anew."""
    swing, _, readings = best
    return swing, -sum(face not in constraints.fixed for face, _ in readings)


def check_path(solver: Solver, word: str, constraints: Constraints, gains: list[int], best) -> None:
    """The path is legal, spells the word under the readings it reports, and swings what it claims."""
    swing, path, readings = best
    verdict = judge_path(solver.board, word, path, constraints, [], None, None)
    assert verdict.legal, (word, path, verdict.message)
    assert swing == sum(gains[cell] for cell in set(path))
    board_faces = {solver.board.faces[cell] for cell in path}
    assert {face for face, _ in readings} == board_faces & set(DOUBLE_FACES)
    assert all(constraints.fixed.get(face, reading) == reading for face, reading in readings)
    assert "".join(dict(readings).get(solver.board.faces[cell], solver.board.faces[cell]) for cell in path) == word


@pytest.mark.parametrize("mode", list(MODES))
def test_native_matches_the_python_branch_and_bound(mode: str, default_lexicon: Lexicon) -> None:
    rng = random.Random(f"best-path-{mode}")
    compared = 0
    for seed in range(12):
        board = deal(seed).layers[seed % 2].with_rules(MODES[mode])
        solver = Solver(default_lexicon, board)
        constraints, gains = random_state(board, rng)
        words = [found.word for found in solver.solve(constraints)]
        words = rng.sample(words, min(len(words), 60))
        native = _native_best_paths(solver, words, constraints, gains)
        assert native is not None
        for word, best in zip(words, native):
            reference = solver.best_path(word, constraints, gains)
            assert best is not None and reference is not None, word
            assert value(best, constraints) == value(reference, constraints), (seed, word, best, reference)
            check_path(solver, word, constraints, gains, best)
            compared += 1
    assert compared > 300


@pytest.mark.parametrize("mode", list(MODES))
def test_both_searches_match_a_brute_force_on_small_boards(mode: str, default_lexicon: Lexicon) -> None:
    rng = random.Random(f"brute-{mode}")
    rules = SMALL.replace(reuse=mode == "reuse")
    compared = 0
    for _ in range(15):
        board = Board(tuple(rng.choice(SMALL_FACES) for _ in range(rules.size)), rules)
        solver = Solver(default_lexicon, board)
        constraints, gains = random_state(board, rng)
        words = [found.word for found in solver.solve(constraints) if len(found.word) <= 7]
        native = solver.best_paths(words, constraints, gains)
        for word, best in zip(words, native):
            every = list(solver.paths(word, constraints, limit=10**6))
            brute = max(
                (sum(gains[cell] for cell in set(path)), -sum(face not in constraints.fixed for face, _ in readings))
                for path, readings in every
            )
            assert best is not None
            assert value(best, constraints) == brute, (board, word)
            assert value(solver.best_path(word, constraints, gains) or best, constraints) == brute
            check_path(solver, word, constraints, gains, best)
            compared += 1
    assert compared > 120


def test_a_cell_visited_twice_counts_once(make_lexicon) -> None:
    lexicon = make_lexicon(["ALLA"])
    board = Board.parse("BALB/BBBB/BBBB/BBBB", SMALL)  # A and L on two tiles
    solver = Solver(lexicon, board)
    gains = [1, 2, 1] + [1] * 13
    for best in (solver.best_paths(["ALLA"], Constraints(), gains)[0], solver.best_path("ALLA", Constraints(), gains)):
        assert best is not None and best[:2] == (3, (1, 2, 2, 1))


def test_pure_python_legal_moves_match_the_native_ones(default_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    for mode in MODES:
        game = Game.new(seed=11, mode=mode, lexicon=default_lexicon)
        for _ in range(3):
            game.push(game.legal_moves()[0].move)
        native = [(ranked.move.word, ranked.swing) for ranked in game.legal_moves()]
        assert game.best_swing() == native[0][1]  # the look-ahead's shortcut gives the top of the ranking
        solver, constraints = Solver(default_lexicon, game.board), game.constraints()
        words, gains = [word for word, _ in native], game.gains(game.to_move)
        native_top = solver.best_of_all(words, constraints, gains)
        monkeypatch.setenv("OVERTURN_PURE_PYTHON", "1")
        pure = [(ranked.move.word, ranked.swing) for ranked in game.legal_moves()]
        pure_top = solver.best_of_all(words, constraints, gains)
        monkeypatch.delenv("OVERTURN_PURE_PYTHON")
        assert native == pure and native
        assert native_top is not None and pure_top is not None
        assert value(native_top, constraints) == value(pure_top, constraints) and native_top[0] == native[0][1]


def test_words_left_counts_the_words_legal_moves_ranks(default_lexicon: Lexicon) -> None:
    """The pass warning's count skips the best paths; it must still be the number of words legal_moves lists."""
    rng = random.Random(5)
    for mode in MODES:
        for seed in range(4):
            game = Game.new(seed=seed, mode=mode, lexicon=default_lexicon)
            while not game.is_over() and len(game.history) < 12:
                ranked = game.legal_moves()
                assert game.words_left() == sum(isinstance(move.move, WordMove) for move in ranked)
                game.push(rng.choice(ranked[:5]).move)

# ----- found at the table: a play with no path plays the exact best path -------------------------------------


def test_play_without_a_path_swings_what_hint_promised(default_lexicon: Lexicon) -> None:
    board = Board.parse("ESTESE/SETSET/TESTES/ESTESE/SETSET/TESTES")
    game = Game.from_board(board, lexicon=default_lexicon)
    game.push(WordMove("TESTS"))
    game.push(WordMove("TESTEES"))
    hint = {ranked.move.word: ranked for ranked in game.legal_moves()}
    assert hint["TESETEES"].swing == 15
    for word in ["TESETEES", *sorted(hint)[:40]]:
        verdict = game.check(WordMove(word))
        assert (verdict.swing, verdict.path) == (hint[word].swing, hint[word].move.path), word
    before = game.result()
    played = game.push(WordMove("TESETEES"))
    after = game.result()
    assert played.move.path == hint["TESETEES"].move.path
    assert (after.green - after.silver) - (before.green - before.silver) == 15


def test_on_equal_swing_the_path_avoids_fixing_a_new_reading(default_lexicon: Lexicon) -> None:
    # [QU] (read U) at B2 comes before the plain U at B3 in cell order, and both join L and A.
    board = Board.parse("COEVOL/BBBB[QU]U/BBBBAB/BBBBSB/BBBBSB/BBBBES")
    game = Game.from_board(board, lexicon=default_lexicon)
    verdict = game.check(WordMove("COEVOLUASSES"))
    assert verdict.legal and verdict.readings == ()
    assert board.faces[verdict.path[6]] == "U"
    assert [ranked.readings for ranked in game.legal_moves() if ranked.move.word == "COEVOLUASSES"] == [()]
    game.push(WordMove("COEVOLUASSES"))
    assert game.fixed == {}


def test_a_path_worth_nothing_is_still_found(make_lexicon) -> None:
    """Swing 0 and a new reading fixed: the value is below zero, and the path must still be returned."""
    lexicon = make_lexicon(["que"])
    board = Board.parse("B[QU]EB/BBBB/BBBB/BBBB", SMALL)  # Qu and E on two tiles
    solver = Solver(lexicon, board)
    gains = [0] * 16
    for best in (solver.best_paths(["QUE"], Constraints(), gains)[0], solver.best_path("QUE", Constraints(), gains)):
        assert best == (0, (1, 2), (("QU", "QU"),))


# ----- the ranking of a position, native against the Python one it replaced ------------------------------------


def python_ranking(solver: Solver, constraints: Constraints, gains: list[int]) -> list[RankedMove]:
    """The ranking ``legal_moves`` made before it moved to C: each word's best path, then a stable sort by swing."""
    words = [found.word for found in solver.solve(constraints)]
    best = solver.best_paths(words, constraints, gains)
    assert all(item is not None for item in best)
    order = sorted(range(len(words)), key=lambda index: best[index][0], reverse=True)  # type: ignore[index]
    return [RankedMove(WordMove(words[i], best[i][1]), best[i][0], best[i][2]) for i in order]  # type: ignore[index]


@pytest.mark.skipif(_search is None, reason="the native search is not built")
@pytest.mark.parametrize("mode", list(MODES))
def test_native_ranking_matches_the_python_ranking_on_random_positions(mode: str, default_lexicon: Lexicon) -> None:
    rng = random.Random(f"ranking-{mode}")
    positions = moves = 0
    for seed in range(40):
        if seed % 4 == 3:  # small boards, full of double faces
            rules = SMALL.replace(reuse=mode == "reuse")
            board = Board(tuple(rng.choice(SMALL_FACES) for _ in range(rules.size)), rules)
        else:
            board = deal(rng.randrange(10**6)).layers[seed % 2].with_rules(MODES[mode])
        solver = Solver(default_lexicon, board)
        constraints, gains = random_state(board, rng)
        words = [found.word for found in solver.solve(constraints)]
        constraints = constraints.replace(played=frozenset(rng.sample(words, len(words) // 5)))  # some played already
        ranked = solver.ranked(constraints, gains, RankedMove, WordMove)
        assert ranked is not None
        reference = python_ranking(solver, constraints, gains)
        assert len(ranked) == len(reference)
        assert list(ranked) == reference, (seed, board)
        # The look-ahead's best move, in one native call, is the one best_of_all finds over the words longest first.
        longest_first = sorted((move.move.word for move in reference), key=len, reverse=True)  # type: ignore[union-attr]
        best = solver.best_of_words(constraints, gains)
        assert best == solver.best_of_all(longest_first, constraints, gains)
        assert best is not None and best[0] == reference[0].swing
        positions += 1
        moves += len(reference)
    assert positions == 40 and moves > 10_000


@pytest.mark.skipif(_search is None, reason="the native search is not built")
def test_ranked_moves_read_as_a_list(default_lexicon: Lexicon) -> None:
    """``legal_moves()`` makes each move when it is read, and otherwise answers as the list it stands for."""
    game = Game.new(seed=7, lexicon=default_lexicon)
    game.push(game.legal_moves()[0].move)
    ranked = game.legal_moves()
    solver = Solver(default_lexicon, game.board)
    reference = python_ranking(solver, game.constraints(), game.gains(game.to_move))
    assert not isinstance(ranked, list) and isinstance(ranked, Sequence)
    assert ranked == reference and len(ranked) == len(reference) > 100
    assert ranked[0] is ranked[0] and ranked[-1] == reference[-1] and ranked[3:9] == reference[3:9]
    assert [move.swing for move in ranked] == sorted((move.swing for move in reference), reverse=True)
    assert ranked[5].move.path == reference[5].move.path and ranked[5].readings == reference[5].readings
    with pytest.raises(IndexError):
        ranked[len(reference)]
    assert random.Random(3).sample(ranked, 4) == random.Random(3).sample(reference, 4)
