"""Random games played by the engine on seeded deals: the invariants hold after every move and every undo."""

from __future__ import annotations

import random

import pytest

from overturn.game.state import Game, PassMove, WordMove
from overturn.game.tiles import deal
from overturn.lexicon.sources import Entry


def walk_words(seed: int, count: int = 200) -> dict[str, list[Entry]]:
    """Words that certainly lie on the deal's top board: random walks read with random ZX/Qu readings."""
    board = deal(seed).layers[0]
    rng = random.Random(seed)
    words: dict[str, list[Entry]] = {}
    while len(words) < count:
        cell = rng.randrange(36)
        letters = []
        for _ in range(rng.randint(2, 6)):
            face = board.faces[cell]
            letters.append(rng.choice(board.rules.readings(face)))
            cell = rng.choice([other for other in range(36) if board.adjacent(cell, other)] + [cell])
        key = "".join(letters)
        words[key] = [Entry(key.lower(), key.lower(), "N")]
    return words


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_games_keep_the_invariants(make_lexicon, seed):
    lexicon = make_lexicon(walk_words(seed))
    game = Game.new(seed=seed, mode="advanced" if seed % 3 == 0 else "reuse", lexicon=lexicon)
    rng = random.Random(seed)
    moves_made = 0
    while not game.is_over() and moves_made < 40:
        before = game.to_json()
        options = game.legal_moves()
        new_cells = [cell for cell, ring in enumerate(game.rings) if ring is None]
        if rng.random() < 0.15 and new_cells:
            move = PassMove(rng.choice(new_cells))
        else:
            move = rng.choice(options[:5]).move
        game.push(move)
        moves_made += 1
        check_invariants(game, lexicon)
        if rng.random() < 0.2:
            game.pop()
            assert game.to_json() == before, "undo must restore the previous state exactly"
            game.push(move)
    assert moves_made > 0


def check_invariants(game: Game, lexicon) -> None:
    assert sum(ring is not None for ring in game.rings) <= 36
    touched = set()
    for played in game.history:
        if isinstance(played.move, WordMove):
            touched.update(played.move.path or ())
        else:
            touched.add(played.move.cell)
    assert {cell for cell, ring in enumerate(game.rings) if ring is not None} == touched
    saved = game.to_json()
    assert Game.from_json(saved, lexicon).to_json() == saved
    for played in game.history:
        if isinstance(played.move, WordMove):
            assert game.check(WordMove(played.move.word)).reason in ("already_played", "game_over")
