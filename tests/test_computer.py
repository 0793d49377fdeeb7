"""The computer opponent: legal, seeded, stronger with the level."""

from __future__ import annotations

import random

import pytest

from overturn.game.board import Board, parse_path
from overturn.game.computer import LEVELS, best_reply, choose_move
from overturn.game.state import Game, GameError, PassMove, WordMove
from overturn.game.tiles import deal

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # see tests/test_game.py for the layout


@pytest.fixture(scope="module")
def lexicon(make_lexicon):
    return make_lexicon(["roi", "boire", "pôle", "bonne", "tempête", "axe", "zen", "que", "nu", "ré", "ri"])


def new_game(lexicon) -> Game:
    return Game.from_board(Board.parse(BOARD_TEXT), lexicon=lexicon, ending="passes")  # passes on a tiny lexicon


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_plays_legal_moves_to_the_end(lexicon, level):
    game = new_game(lexicon)
    rng = random.Random(level)
    while not game.is_over():
        choice = choose_move(game, level, rng)
        assert game.check(choice.move).legal
        game.push(choice.move)
    with pytest.raises(GameError):
        choose_move(game, level, rng)


def test_level_two_takes_the_largest_swing(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", parse_path("D1 E1 E2", game.board)))
    choice = choose_move(game, 2, random.Random(0))
    assert choice.move.word == "BOIRE" and choice.swing == 8


def test_level_three_weighs_the_reply(make_lexicon):
    """On a seeded deal with words from random walks, level 3 never nets less than the greedy move, and sometimes
    gives up immediate swing to deny the opponent a better reply."""
    board = deal(1).layers[0]
    rng = random.Random(1)
    words = set()
    while len(words) < 200:
        cell, letters = rng.randrange(36), []
        for _ in range(rng.randint(2, 6)):
            letters.append(rng.choice(board.rules.readings(board.faces[cell])))
            cell = rng.choice([other for other in range(36) if board.adjacent(cell, other)])
        words.add("".join(letters).lower())
    game = Game.new(seed=1, lexicon=make_lexicon(words))
    sacrifices = 0
    while not game.is_over() and len(game.history) < 8:
        greedy = game.legal_moves()[0]
        if isinstance(greedy.move, WordMove):
            careful = choose_move(game, 3, random.Random(0))
            assert careful.swing - best_reply(game, careful) >= greedy.swing - best_reply(game, greedy)
            sacrifices += careful.swing < greedy.swing
        game.push(greedy.move)
    assert sacrifices > 0


def test_best_reply_is_the_top_of_the_opponents_ranking(lexicon):
    """Level 3's look-ahead takes the shortcut; it must equal the full ranking's answer, pass and game over included."""

    seen = set()

    def reference(game: Game, candidate) -> int:
        game.push(candidate.move)
        try:
            replies = game.legal_moves()
            words = [reply.swing for reply in replies if isinstance(reply.move, WordMove)]
            seen.add("word" if words else "pass" if replies else "over")
            return max(words) if words else (-1 if replies else 0)
        finally:
            game.pop()

    for seed in range(6):
        game, rng = new_game(lexicon), random.Random(seed)
        while not game.is_over():
            moves = game.legal_moves()
            for candidate in moves[:8]:
                answer = best_reply(game, candidate)
                assert answer == reference(game, candidate)
            game.push(rng.choice(moves).move)
    assert seen == {"word", "pass", "over"}


def test_the_same_seed_gives_the_same_game(lexicon):
    def play(seed: int) -> list[str]:
        game = new_game(lexicon)
        rng = random.Random(seed)
        while not game.is_over():
            game.push(choose_move(game, 1, rng).move)
        return [str(played.move) for played in game.history]

    assert play(5) == play(5)


def test_a_computer_without_words_passes(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", parse_path("D1 E1 E2", game.board)))
    while any(isinstance(ranked.move, WordMove) for ranked in game.legal_moves()):
        game.push(game.legal_moves()[0].move)
    assert isinstance(choose_move(game, 3, random.Random(1)).move, PassMove)


def test_unknown_level_is_refused(lexicon):
    with pytest.raises(ValueError):
        choose_move(new_game(lexicon), max(LEVELS) + 1, random.Random(0))
