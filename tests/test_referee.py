"""The referee's verdicts: every reason code, their precedence, and the JSON the HTTP service serves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from overturn.game.answers import Reason
from overturn.game.board import Board, Rules, parse_path
from overturn.game.referee import REASONS, Verdict, referee_word
from overturn.game.state import Colour, Game, PassMove, WordMove
from overturn.lexicon.sources import Entry

WORDING = Path(__file__).resolve().parent.parent / "overturn" / "wording"
BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"  # see tests/test_game.py for the layout


@pytest.fixture(scope="module")
def lexicon(make_lexicon):
    return make_lexicon(
        {
            "ROI": [Entry("roi", "roi", "N")],
            "BOIRE": [Entry("boire", "boire", "V")],
            "POLE": [Entry("pôle", "pôle", "N")],
            "TEMPETE": [Entry("tempête", "tempête", "N"), Entry("tempêté", "tempêter", "V")],
            "BONNE": [Entry("bonne", "bon", "A"), Entry("bonne", "bonne", "N")],
            "AXE": [Entry("axe", "axe", "N")],
            "ZEN": [Entry("zen", "zen", "A")],
            "KIWI": [Entry("kiwi", "kiwi", "N")],
            "ROIS": [Entry("rois", "roi", "N")],
            "LE": [Entry("le", "le", "DET")],
        }
    )


@pytest.fixture
def board() -> Board:
    return Board.parse(BOARD_TEXT)


def game_after(lexicon, *words: str) -> Game:
    game = Game.from_board(Board.parse(BOARD_TEXT), lexicon=lexicon, ending="passes")
    for word in words:
        game.push(WordMove(word))
    return game


def path(board: Board, text: str) -> tuple[int, ...]:
    return parse_path(text, board)


def test_the_reasons_are_one_literal_that_the_page_words():
    """``Verdict.reason`` is typed ``Reason`` (mypy holds every refusal to it); the page has a message for each, in each language."""
    assert REASONS == get_args(Reason) and len(set(REASONS)) == len(REASONS)
    assert {"bad_cell", "cell_not_new", "family_filter"} <= set(REASONS)  # the game's own refusals of a pass or a word
    for language in ("fr", "en"):  # the page's words come from the catalogues (overturn/wording), their only source
        catalogue = json.loads((WORDING / f"{language}.json").read_text(encoding="utf-8"))
        assert set(catalogue["page"]["reasons"]) == set(REASONS), language


def test_legal_word_without_a_path_gets_the_best_swing_and_alternatives(lexicon, board):
    verdict = referee_word(lexicon, board, "tempête")
    assert verdict.legal and verdict.reason == "ok" and verdict.word == "TEMPETE"
    assert verdict.swing == 5  # B5 C5 B6 C6 and C4 (a third E) beat the path that stays on four cells
    assert verdict.alternatives and all(len(set(other)) <= 5 for other in verdict.alternatives)
    assert [entry.form for entry in verdict.entries] == ["tempête", "tempêté"]


def test_legal_word_along_a_given_path(lexicon, board):
    verdict = referee_word(lexicon, board, "ROI", path(board, "D1 E1 E2"))
    assert verdict.legal and verdict.path == path(board, "D1 E1 E2") and verdict.swing == 3


def test_not_in_lexicon_comes_with_close_words(lexicon, board):
    verdict = referee_word(lexicon, board, "ROIE")
    assert verdict.reason == "not_in_lexicon" and not verdict.legal
    assert "ROI" in verdict.suggestions and "ROI" in verdict.message
    assert referee_word(lexicon, board, "R2D2").reason == "not_in_lexicon"


def test_too_short_comes_before_the_lexicon(lexicon, board):
    assert referee_word(lexicon, board, "O").reason == "too_short"


def test_not_in_lexicon_comes_before_cannot_trace(lexicon, board):
    assert referee_word(lexicon, board, "ZZZZ").reason == "not_in_lexicon"
    assert referee_word(lexicon, board, "KIWI").reason == "cannot_trace"


@pytest.mark.parametrize(
    ("word", "cells", "reason"),
    [
        ("ROI", "D1 E1 F1", "bad_path"),  # F1 reads B
        ("ROI", "D1 E1 E3", "bad_path"),  # E1 and E3 are not neighbours
        ("POLE", "A1 B1 A2 B2", "single_tile"),
        ("LE", "A2 B2", "single_tile"),
    ],
)
def test_path_reasons(lexicon, board, word, cells, reason):
    verdict = referee_word(lexicon, board, word, path(board, cells))
    assert verdict.reason == reason and not verdict.legal and verdict.path == path(board, cells)
    assert verdict.entries  # the word is in the lexicon; its entries are shown with the refusal


def test_a_word_refused_without_a_path_shows_the_closest_path(lexicon, board):
    verdict = referee_word(lexicon, board, "POLE")
    assert verdict.reason == "single_tile" and verdict.path == path(board, "A1 B1 A2 B2")
    assert referee_word(lexicon, board, "KIWI").path is None
    game = game_after(lexicon, "ROI")
    refused = referee_word(lexicon, game.board, "BONNE", game=game)
    assert refused.reason == "no_used_cell" and refused.path is not None
    assert "".join(game.board.faces[cell] for cell in refused.path) == "BONNE"


def test_off_board_path_is_bad(lexicon, board):
    assert referee_word(lexicon, board, "ROI", (3, 4, 99)).reason == "bad_path"


def test_path_reasons_in_a_game(lexicon):
    game = game_after(lexicon, "ROI")
    board = game.board
    assert referee_word(lexicon, board, "ROI", game=game).reason == "already_played"
    assert referee_word(lexicon, board, "BONNE", path(board, "A3 B3 C3 C3 D3"), game).reason == "no_used_cell"
    assert referee_word(lexicon, board, "BONNE", game=game).reason == "no_used_cell"
    game.push(WordMove("BOIRE"))
    assert referee_word(lexicon, board, "ROIS", game=game).reason == "cannot_trace"
    game.push(WordMove("AXE"))
    assert referee_word(lexicon, board, "ZEN", path(board, "E3 D2 C3"), game).reason == "reading_conflict"


def test_no_new_cell(lexicon):
    game = game_after(lexicon, "BOIRE")
    assert game.check(WordMove("ROI", path(game.board, "D1 E1 E2"))).reason == "no_new_cell"
    assert game.check(WordMove("ROI")).reason == "no_new_cell"


def test_cell_reused_in_advanced_mode_precedes_the_other_path_checks(lexicon):
    game = Game.from_board(Board.parse(BOARD_TEXT), mode="advanced", lexicon=lexicon)
    assert game.check(WordMove("TEMPETE", path(game.board, "B5 C5 B6 C6 C5 B5 C5"))).reason == "cell_reused"
    assert game.check(WordMove("ROI", path(game.board, "D1 E1 E2"))).legal


def test_game_over_and_wrong_player_come_first(lexicon):
    game = game_after(lexicon, "ROI")
    assert referee_word(lexicon, game.board, "ZZZZ", game=game, player=Colour.GREEN).reason == "wrong_player"
    game.push(PassMove(0))
    game.push(PassMove(1))
    assert referee_word(lexicon, game.board, "O", game=game).reason == "game_over"


def test_a_board_of_another_size_is_judged_on_its_own_grid(lexicon):
    board = Board.parse("RO/IB", Rules(rows=2, cols=2, tile_rows=1, tile_cols=1))
    verdict = referee_word(lexicon, board, "ROI")
    assert verdict.legal and verdict.to_json()["path"] == [0, 1, 2]  # R O / I B: cell numbers on a 2-wide grid


def test_to_json_is_plain_data(lexicon, board):
    verdict = referee_word(lexicon, board, "BONNE")
    data = verdict.to_json()
    assert data["legal"] is True and data["reason"] == "ok" and data["word"] == "BONNE"
    assert verdict.path is not None and data["path"] == list(verdict.path)
    assert data["entries"][0] == {"form": "bonne", "lemma": "bon", "pos": "A"}
    assert data["alternatives"] and all(isinstance(step, int) for other in data["alternatives"] for step in other)
    refused = referee_word(lexicon, board, "ROIE").to_json()
    assert refused["path"] is None and refused["swing"] is None and refused["suggestions"]


def test_readings_are_an_object_as_in_every_other_answer(lexicon, board):
    """A word through a double face says what the face was read as, ``{"ZX": "Z"}``, as the solver and the saved game do."""
    verdict = referee_word(lexicon, board, "ZEN")
    assert verdict.legal and verdict.readings == (("ZX", "Z"),)
    assert verdict.to_json()["readings"] == {"ZX": "Z"}


def test_verdict_is_frozen(lexicon, board):
    verdict = referee_word(lexicon, board, "ROI")
    assert isinstance(verdict, Verdict)
    with pytest.raises(AttributeError):
        verdict.legal = False  # type: ignore[misc]
