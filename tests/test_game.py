"""The rule book's scenarios played through the game model, on a board designed for them.

Board (rows 1-6, columns A-F; tiles are 2×2 blocks)::

    P O | K R | O B      POLE lies inside the top-left tile; ROI = D1 E1 E2 crosses two tiles;
    L E | W E | I Y      BOIRE = F1 E1 E2 D1 D2 reuses ROI's three cells.
    ----+-----+------
    B O | N E | ZX G     BONNE = A3 B3 C3 C3 D3 (the N twice); AXE = F4 E3 D3 and ZEN = E3 D3 C3
    H Qu| E J | V A      (ZX read X or Z); QUE = B4 C4 (Qu as QU) and NU = C3 B4 (Qu as U).
    ----+-----+------
    F T | E K | W Y      TEMPETE = B5 C5 B6 C6 C5 B5 C5 (T twice, E three times).
    H M | P G | J V
"""

from __future__ import annotations

import json

import pytest

from overturn.game.board import Board, BoardError, parse_path
from overturn.game.state import Colour, Game, GameError, IllegalMove, PassMove, Result, WordMove, derive_seed
from overturn.jsonstore import SaveError, StateFileError

BOARD_TEXT = "POKROB/LEWEIY/BONE[ZX]G/H[QU]EJVA/FTEKWY/HMPGJV"
WORDS = ["roi", "boire", "pôle", "bonne", "tempête", "axe", "zen", "que", "nu", "bonnes"]


@pytest.fixture(scope="module")
def lexicon(make_lexicon):
    return make_lexicon(WORDS)


@pytest.fixture
def board() -> Board:
    return Board.parse(BOARD_TEXT)


def new_game(lexicon, mode: str = "reuse") -> Game:
    # The older "two passes" ending: these tests play the pass mechanics on a lexicon of a few words.
    return Game.from_board(Board.parse(BOARD_TEXT), mode=mode, lexicon_name="test", lexicon=lexicon, ending="passes")


def cells(game: Game, text: str) -> tuple[int, ...]:
    return parse_path(text, game.board)


def refused(game: Game, move, player=None) -> IllegalMove:
    before = game.to_json()
    with pytest.raises(IllegalMove) as caught:
        game.push(move, player)
    assert game.to_json() == before, "a refused move must leave the game untouched"
    return caught.value


def test_green_opens_with_roi_across_two_tiles(lexicon):
    game = new_game(lexicon)
    played = game.push(WordMove("roi", cells(game, "D1 E1 E2")))
    assert played.player is Colour.GREEN and played.move.word == "ROI"
    assert [game.rings[cell] for cell in cells(game, "D1 E1 E2")] == [Colour.GREEN] * 3
    assert game.result() == Result(3, 0, False)
    assert game.to_move is Colour.SILVER


def test_silver_plays_boire_over_roi_and_flips_its_rings(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", cells(game, "D1 E1 E2")))
    verdict = game.check(WordMove("BOIRE"))
    assert verdict.legal and verdict.path == cells(game, "F1 E1 E2 D1 D2")
    assert verdict.swing == 2 + 2 * 3  # two new cells, three green rings flipped
    game.push(WordMove("BOIRE"))
    assert all(game.rings[cell] is Colour.SILVER for cell in cells(game, "F1 E1 E2 D1 D2"))
    assert game.result() == Result(0, 5, False)


def test_a_used_cell_of_ones_own_colour_stays(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", cells(game, "D1 E1 E2")))
    game.push(PassMove(cells(game, "A6")[0]))  # silver has no word: a green ring on A6
    verdict = game.check(WordMove("BOIRE"))
    assert verdict.swing == 2  # only B and E are new; R, O, I are green already
    game.push(WordMove("BOIRE"))
    assert game.result() == Result(6, 0, False)


def test_pole_inside_one_tile_is_refused(lexicon):
    game = new_game(lexicon)
    assert refused(game, WordMove("POLE", cells(game, "A1 B1 A2 B2"))).reason == "single_tile"
    assert refused(game, WordMove("PÔLE")).reason == "single_tile"


def test_a_word_after_the_first_needs_a_used_and_a_new_cell(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", cells(game, "D1 E1 E2")))
    assert refused(game, WordMove("BONNE")).reason == "no_used_cell"
    game.push(WordMove("BOIRE"))
    game.push(WordMove("ZEN", cells(game, "E3 D2 C3")))  # E3, C3 new, D2 silver: flipped to green
    assert game.rings[cells(game, "D2")[0]] is Colour.GREEN


@pytest.mark.parametrize(
    ("word", "path"), [("BONNE", "A3 B3 C3 C3 D3"), ("TEMPÊTE", "B5 C5 B6 C6 C5 B5 C5")]
)
def test_letters_used_twice_need_reuse_mode(lexicon, word, path):
    game = new_game(lexicon)
    verdict = game.check(WordMove(word, cells(game, path)))
    assert verdict.legal, verdict.message
    assert game.check(WordMove(word)).legal
    advanced = new_game(lexicon, mode="advanced")
    assert refused(advanced, WordMove(word, cells(advanced, path))).reason == "cell_reused"
    assert refused(advanced, WordMove(word)).reason == "cell_reused"


def test_a_cell_visited_twice_counts_once(lexicon):
    game = new_game(lexicon)
    played = game.push(WordMove("TEMPETE", cells(game, "B5 C5 B6 C6 C5 B5 C5")))
    assert played.move.path is not None and len(played.move.path) == 7
    assert game.result().green == 4


def test_pass_rings_a_new_cell_in_the_opponents_colour(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", cells(game, "D1 E1 E2")))
    assert refused(game, PassMove(cells(game, "D1")[0])).reason == "cell_not_new"
    assert refused(game, PassMove(cells(game, "A6")[0]), Colour.GREEN).reason == "wrong_player"
    game.push(PassMove(cells(game, "A6")[0]), Colour.SILVER)
    assert game.rings[cells(game, "A6")[0]] is Colour.GREEN
    assert game.to_move is Colour.GREEN


def test_zx_reading_is_fixed_by_its_first_use(lexicon):
    game = new_game(lexicon)
    played = game.push(WordMove("AXE", cells(game, "F4 E3 D3")))
    assert played.readings == (("ZX", "X"),)
    assert game.fixed == {"ZX": "X"}
    verdict = game.check(WordMove("ZEN", cells(game, "E3 D3 C3")))
    assert verdict.reason == "reading_conflict"
    assert refused(game, WordMove("ZEN")).reason == "reading_conflict"


def test_qu_reading_is_fixed_by_its_first_use(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("QUE", cells(game, "B4 C4")))
    assert game.fixed == {"QU": "QU"}
    assert refused(game, WordMove("NU", cells(game, "C3 B4"))).reason == "reading_conflict"
    other = new_game(lexicon)
    other.push(WordMove("NU"))
    assert other.fixed == {"QU": "U"}
    assert refused(other, WordMove("QUE")).reason == "reading_conflict"


def test_already_played_and_plural_added(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("BONNE", cells(game, "A3 B3 C3 C3 D3")))
    assert refused(game, WordMove("bonne")).reason == "already_played"


def test_two_passes_in_a_row_end_the_game_and_a_tie_is_a_tie(lexicon):
    game = new_game(lexicon)
    game.push(PassMove(0))
    assert not game.is_over()
    game.push(PassMove(1))
    assert game.is_over()
    assert game.result() == Result(1, 1, True) and game.result().winner is None
    assert refused(game, WordMove("ROI")).reason == "game_over"
    assert refused(game, PassMove(2)).reason == "game_over"
    assert game.legal_moves() == []


def test_all_rings_placed_ends_the_game_and_names_the_winner(make_lexicon):
    board = Board.parse("A" * 36)
    snake = tuple(row * 6 + (col if row % 2 == 0 else 5 - col) for row in range(6) for col in range(6))
    game = Game.from_board(board, lexicon=make_lexicon(["a" * 36]))
    game.push(WordMove("A" * 36, snake))
    assert game.is_over()
    assert game.result() == Result(36, 0, True)
    assert game.result().winner is Colour.GREEN


def test_legal_moves_are_ranked_by_swing_and_passes_come_only_without_words(lexicon):
    game = new_game(lexicon)
    game.push(WordMove("ROI", cells(game, "D1 E1 E2")))
    moves = game.legal_moves()
    assert [move.move.word for move in moves] == ["BOIRE"]
    assert moves[0].swing == 8
    game.push(moves[0].move)
    game.push(WordMove("ZEN", cells(game, "E3 D2 C3")))
    swings = [move.swing for move in game.legal_moves()]
    assert swings == sorted(swings, reverse=True)
    lone = Game.from_board(Board.parse(BOARD_TEXT), lexicon=lexicon, ending="passes")
    lone.push(WordMove("ROI"))
    lone.push(WordMove("BOIRE"))
    lone.push(WordMove("ZEN"))
    while any(isinstance(ranked.move, WordMove) for ranked in lone.legal_moves()):
        lone.push(lone.legal_moves()[0].move)
    passes = lone.legal_moves()
    assert passes and all(isinstance(ranked.move, PassMove) for ranked in passes)
    assert {ranked.move.cell for ranked in passes} == {cell for cell, ring in enumerate(lone.rings) if ring is None}


def test_undo_restores_the_previous_state_exactly(lexicon):
    game = new_game(lexicon)
    snapshots = [game.to_json()]
    for move in (WordMove("AXE"), WordMove("BOIRE"), WordMove("ROI"), PassMove(0)):
        try:
            game.push(move)
        except IllegalMove:
            continue
        snapshots.append(game.to_json())
    while game.history:
        snapshots.pop()
        game.pop()
        assert game.to_json() == snapshots[-1]
    with pytest.raises(GameError):
        game.pop()


def test_json_round_trip_and_atomic_save(lexicon, tmp_path):
    game = new_game(lexicon)
    game.push(WordMove("AXE"))
    game.push(PassMove(0))
    target = tmp_path / "game.json"
    game.save(target)
    again = Game.load(target, lexicon)
    assert again.to_json() == game.to_json()
    assert json.loads(target.read_text(encoding="utf-8"))["version"] == 1
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda data: data.update(version=99), "version"),
        (lambda data: data.update(mode="turbo"), "mode"),
        (lambda data: data.update(layers=["ABC"]), "layers[0]"),
        (lambda data: data.update(layer=3), "layer"),
        (lambda data: data["rings"].__setitem__(35, "silver"), "rings"),
        (lambda data: data.update(to_move="silver"), "to_move"),
        (lambda data: data.update(fixed={}), "fixed"),
        (lambda data: data["moves"][0].update(player="silver"), "moves[0].player"),
        (lambda data: data["moves"][0]["path"].__setitem__(1, [5, 5]), "moves[0].path"),
        (lambda data: data["moves"][0]["path"].__setitem__(1, [9, 0]), "moves[0].path[1]"),
        (lambda data: data["moves"][0].update(readings={"ZX": "Z"}), "moves[0].readings"),
        (lambda data: data["moves"][0].update(word="axe"), "moves[0].word"),
        (lambda data: data["moves"][1].update(kind="jump"), "moves[1].kind"),
        (lambda data: data["moves"][1].update(cell=[3, 5]), "moves[1].cell"),
    ],
)
def test_a_tampered_file_is_refused_naming_the_field_and_kept(lexicon, tmp_path, change, field):
    game = new_game(lexicon)
    game.push(WordMove("AXE"))
    game.push(PassMove(0))
    data = game.to_json()
    change(data)
    target = tmp_path / "game.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    before = target.read_bytes()
    with pytest.raises(StateFileError) as caught:
        Game.load(target, lexicon)
    assert f"{field}:" in str(caught.value)
    assert target.read_bytes() == before


def test_missing_and_broken_files_give_clear_errors(tmp_path):
    with pytest.raises(StateFileError, match="no such file"):
        Game.load(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(StateFileError, match="not valid JSON"):
        Game.load(broken)


def test_new_deals_from_a_seed_and_next_layer_then_reshuffles(lexicon):
    game = Game.new(seed=7, lexicon=lexicon)
    assert Game.new(seed=7).board == game.board and game.layer == 0
    bottom = game.next_layer()
    assert bottom.layer == 1 and bottom.board == game.layers[1] and bottom.seed == 7
    reshuffled = bottom.next_layer()
    assert reshuffled.seed == derive_seed(7) and reshuffled.layer == 0
    assert reshuffled.board != bottom.board
    with pytest.raises(GameError):
        new_game(lexicon).next_layer()
    advanced = Game.new(seed=7, mode="advanced")
    assert not advanced.board.rules.reuse and advanced.next_layer().mode == "advanced"
    with pytest.raises(GameError):
        Game.new(seed=1, mode="turbo")


def test_a_failed_save_keeps_the_previous_file(lexicon, tmp_path, monkeypatch):
    game = new_game(lexicon)
    target = tmp_path / "game.json"
    game.save(target)
    before = target.read_bytes()
    game.push(WordMove("ROI"))

    def crash(*_args: object) -> None:
        raise OSError("disk pulled out mid-save")

    monkeypatch.setattr("overturn.jsonstore.os.replace", crash)
    with pytest.raises(SaveError, match="disk pulled out"):
        game.save(target)
    assert target.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"]
    assert Game.load(target, lexicon).history == []


def test_a_ranked_move_is_a_move(default_lexicon) -> None:
    """`game.push(game.legal_moves()[0])` raised AttributeError ('RankedMove' has no 'cell'); python-chess's
    `board.push(next(iter(board.legal_moves)))` just works, and so does this now."""
    import overturn

    game = overturn.Game.new(seed=311, lexicon=default_lexicon)
    best = game.legal_moves()[0]
    assert game.check(best).legal
    played = game.push(best)
    assert played.move == best.move and game.to_move is Colour.SILVER
    assert game.push(game.legal_moves()[0]).player is Colour.SILVER


def test_board_reads_the_notation(default_lexicon) -> None:
    """`overturn.Board('AMRECD/…')` said "expected 36 faces, got 44": the notation was read by Board.parse only."""
    import overturn

    text = "AMRECD/ETSOAU/INNTUI/H[ZX]OSSA/LENPOE/LAABSC"
    assert overturn.Board(text) == Board.parse(text) and str(overturn.Board(text)) == "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
    assert overturn.Board(Board.parse(text).faces) == Board.parse(text)
    with pytest.raises(BoardError, match="row 4, column 2"):
        overturn.Board("AMRECD/ETSOAU/INNTUI/H[ZY]OSSA/LENPOE/LAABSC")
