"""The end of the game as rule 4 says: all 36 rings placed, or no legal word left, never a pass by itself.

« Lorsque les 36 anneaux ont été utilisés ou lorsqu'aucun joueur ne peut trouver
de nouveau mot, la partie est terminée. » The two positions below were found
when the old ending (two passes in a row) was tried as players would.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from overturn.game.board import Board
from overturn.game.state import Colour, Game, PassMove, WordMove

pytestmark = pytest.mark.lexicon

STUCK_BOARD = "GETGWW/GGGGWW/WWWWWW/WWWWWW/WWWWWW/WWWASW"


def test_two_passes_after_palettisation_do_not_end_a_game_with_words_left(default_lexicon) -> None:
    game = Game.new(11, lexicon=default_lexicon)
    game.push(WordMove("PALETTISATION"))
    free = [cell for cell, ring in enumerate(game.rings) if ring is None]
    game.push(PassMove(free[0]))
    game.push(PassMove(free[1]))
    assert not game.is_over() and not game.result().over
    assert game.words_left() > 1000  # thousands of words are still legal: a player ahead cannot end it by passing
    assert game.legal_moves() and all(isinstance(ranked.move, WordMove) for ranked in game.legal_moves()[:50])


def test_the_older_ending_is_kept_for_tables_that_ask_for_it(default_lexicon) -> None:
    game = Game.new(11, lexicon=default_lexicon, ending="passes")
    game.push(WordMove("PALETTISATION"))
    free = [cell for cell, ring in enumerate(game.rings) if ring is None]
    game.push(PassMove(free[0]))
    game.push(PassMove(free[1]))
    assert game.is_over()


def test_a_pass_can_open_new_words(default_lexicon) -> None:
    board = Board.parse(STUCK_BOARD)
    game = Game.from_board(board, lexicon=default_lexicon)
    game.push(WordMove("ET"))
    game.push(PassMove(board.cell(0, 4)))  # silver sees no word: a green ring on 1,5
    game.push(PassMove(board.cell(5, 3)))  # green passes too: a silver ring on the A of 6,4
    assert not game.is_over()
    assert game.to_move is Colour.SILVER
    words = {ranked.move.word for ranked in game.legal_moves() if isinstance(ranked.move, WordMove)}
    assert {"AS", "SA", "SASSA"} <= words


def test_a_position_with_no_word_to_find_ends_the_game(make_lexicon) -> None:
    """Over when no unplayed word has a path through a new cell: no pass could make one legal."""
    board = Board.parse(STUCK_BOARD)
    game = Game.from_board(board, lexicon=make_lexicon(["et", "as"]))
    game.push(WordMove("ET"))
    assert not game.is_over()  # AS: no legal word now, but a pass may ring the A or the S
    assert all(isinstance(ranked.move, PassMove) for ranked in game.legal_moves())
    game.push(PassMove(board.cell(5, 3)))
    game.push(WordMove("AS"))
    assert game.is_over() and game.result().over and game.legal_moves() == []


def test_the_save_file_records_the_ending_and_older_files_keep_theirs(default_lexicon, tmp_path: Path) -> None:
    game = Game.new(11, lexicon=default_lexicon)
    saved = game.to_json()
    assert saved["ending"] == "position"
    assert Game.from_json(saved, default_lexicon).ending == "position"
    older = {key: value for key, value in saved.items() if key != "ending"}  # written before the ending was recorded
    assert Game.from_json(older, default_lexicon).ending == "passes"
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**saved, "ending": "sudden-death"}), encoding="utf-8")
    with pytest.raises(Exception, match="ending"):
        Game.load(path, default_lexicon)


def test_game_show_says_a_game_over_by_rule_4_is_over(make_lexicon, tmp_path: Path) -> None:
    """``game show`` reads the lexicon too: without it, the end by the position could not be seen (found with the shared table)."""
    from click.testing import CliRunner

    from overturn.lexicon.compiled import write_build
    from overturn.lexicon.lexicon import Lexicon
    from overturn.lexicon.sources import Entry
    from overturn_cli.main import main

    directory = write_build(tmp_path / "two", {word: [Entry(word.lower(), word.lower(), "N")] for word in ("ET", "AS")}, {"name": "two"})
    board = Board.parse(STUCK_BOARD)
    game = Game.from_board(board, lexicon_name=str(directory), lexicon=Lexicon.open(directory, "two"))
    for move in (WordMove("ET"), PassMove(board.cell(5, 3)), WordMove("AS")):
        game.push(move)
    state = tmp_path / "g.json"
    game.save(state)
    shown = CliRunner().invoke(main, ["game", "show", "--state", str(state)])
    assert shown.exit_code == 0, shown.output
    assert "game over" in shown.output.splitlines()[-1]
