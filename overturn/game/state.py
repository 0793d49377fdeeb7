"""An Overturn game: the board, the rings, whose turn it is, and every move so far.

One model serves the referee, the CLI, the computer and the HTTP service, in
the style of python-chess: ``legal_moves()``, ``push(move)``, ``pop()``,
``is_over()``, ``result()``. A move is a word along a path or a pass (a ring of
the opponent's colour on a new cell). The saved form is JSON with a version,
declared in ``overturn.game.save``; loading replays the moves and checks them against the stored rings, so a
tampered file is refused with the field that is wrong.

Game end (rule 4: « Lorsque les 36 anneaux ont été utilisés ou lorsqu'aucun
joueur ne peut trouver de nouveau mot, la partie est terminée »): by default
(``ending="position"``) the game is over when every ring is placed or when no
word can be played any more, now or after passes: a word still to be found is
one not yet played with a path through at least one new cell (a pass rings a
cell, so a path of new cells can gain the used cell it lacks). The solver
knows, and the answer does not depend on who is to move. A pass never ends the
game by itself: it is the player's declaration that they see no word, accepted
at any time (the rule book trusts the table), and its ring may open new words. A table may
keep the older ending, ``ending="passes"``: over after two passes in a row.
``legal_moves`` offers passes only when no word is left, which under the
default ending means never before the end.

Long because it holds the game and its save format (written, read and replayed together, so a change to one shows in the other).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from overturn.game.answers import Reason
from overturn.game.board import MAX_SEED, Board, format_cell
from overturn.game.errors import GameException
from overturn.game.moves import Colour, GameError, Move, PassMove, Played, RankedMove, Result, WordMove
from overturn.game.referee import Verdict, judge_path, referee_word
from overturn.game.save import (
    ENDINGS,
    FORMAT,
    MAX_BOARD_TEXT,
    MAX_LEXICON_NAME,
    MAX_WORD,
    MODES,
    VERSION,
    EndingName,
    ModeName,
    SavedComputer,
    SavedGame,
    SavedMove,
    SavedPass,
    SavedWord,
    colour_name,
    decode_saved_game,
    encode_saved_game,
    saved_layers,
)
from overturn.game.solver import Constraints, Solver, fast_fields
from overturn.game.tiles import deal
from overturn.jsonstore import StateFileError, load_with, save_json_atomic
from overturn.lexicon.family import family_blocked_keys
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.normalize import InvalidWord, normalize_key

#: Positions whose legal-word count is remembered (the computer's search asks again and again).
WORD_COUNT_CACHE = 4096

fast_fields(RankedMove)  # the computer's search reads .move and .swing of every candidate, at every node


class IllegalMove(GameException, ValueError):
    """A refused move; ``reason`` is a stable code (see ``overturn.game.referee``). The game is unchanged.

    >>> import overturn
    >>> game = overturn.Game.new(seed=311, lexicon=overturn.load_lexicon("fr"))
    >>> try:
    ...     game.push(overturn.WordMove("zzz"))
    ... except overturn.IllegalMove as refused:
    ...     print(refused.reason)
    ...     print(refused)
    not_in_lexicon
    ZZZ is not in the fr lexicon. Closest entries: DZO, FEZ, GAZ, LEZ, NEZ, RAZ, REZ, RIZ.
    >>> game.history
    []
    """

    def __init__(self, reason: str, message: str, verdict: Verdict | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.verdict = verdict


def derive_seed(seed: int) -> int:
    """The seed of the next deal once both layers are played: reproducible from the first seed."""
    return int.from_bytes(hashlib.sha256(f"overturn-reshuffle:{seed}".encode()).digest()[:4], "big")


class Game:
    """The state of one game; every change goes through ``push`` and ``pop``.

    A seed deals the same board again; green moves first:

    >>> import overturn
    >>> game = overturn.Game.new(seed=311, lexicon=overturn.load_lexicon("fr"))
    >>> print(game.board)
    ERCSSO / MIEOTN / EDTIRE / NLOGSO / RRPBAM / RENAET
    >>> game.push(overturn.WordMove("roi"))
    Played(player=<Colour.GREEN: 'green'>, move=WordMove(word='ROI', path=(16, 9, 15)), readings=())
    >>> best = game.legal_moves()[0]  # silver's best reply: the largest ring swing
    >>> best.move.word, best.swing
    ('ECOTERRORISME', 14)
    >>> game.push(best).player
    <Colour.SILVER: 'silver'>
    >>> game.result()
    Result(green=0, silver=11, over=False)
    >>> game.pop().move.word
    'ECOTERRORISME'
    >>> game.result()
    Result(green=3, silver=0, over=False)
    """

    def __init__(
        self,
        layers: tuple[Board, ...],
        *,
        layer: int = 0,
        seed: int | None = None,
        mode: str = "reuse",
        lexicon_name: str = "fr",
        lexicon: Lexicon | None = None,
        ending: str = "position",
        family: bool = False,
    ) -> None:
        if mode not in MODES:
            raise GameError(f"unknown mode {mode!r}: use {' or '.join(MODES)}")
        if ending not in ENDINGS:
            raise GameError(f"unknown ending {ending!r}: use {' or '.join(ENDINGS)}")
        if not 0 <= layer < len(layers):
            raise GameError(f"layer {layer} does not exist (the deal has {len(layers)})")
        rules = MODES[mode]
        self.layers = tuple(board.with_rules(board.rules.replace(reuse=rules.reuse)) for board in layers)
        self.layer = layer
        self.seed = seed
        self.mode = mode
        self.ending = ending
        #: A family table: the words of the family list (``overturn.lexicon.family``) are refused and never proposed.
        self.family = family
        #: The side the computer plays and its level, when one does (saved, so a terminal game resumes against it).
        self.computer: tuple[Colour, int] | None = None
        self.lexicon_name = lexicon_name
        self.lexicon = lexicon
        self.rings: list[Colour | None] = [None] * self.board.rules.size
        self.to_move = Colour.GREEN
        self.fixed: dict[str, str] = {}
        self.history: list[Played] = []
        self._undo: list[tuple[tuple[Colour | None, ...], Colour, dict[str, str]]] = []
        self._word_counts: dict[tuple[int, bool, tuple[tuple[str, str], ...], frozenset[str]], int] = {}

    # ----- construction -------------------------------------------------------------

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        mode: str = "reuse",
        lexicon_name: str = "fr",
        lexicon: Lexicon | None = None,
        ending: str = "position",
        family: bool = False,
    ) -> Game:
        """A game on the top layer of a fresh deal (a random seed if none is given, so it can be replayed)."""
        if mode not in MODES:
            raise GameError(f"unknown mode {mode!r}: use {' or '.join(MODES)}")
        seed = secrets.randbelow(2**31) if seed is None else seed
        if not 0 <= seed <= MAX_SEED:
            raise GameError(f"a seed is a whole number from 0 to {MAX_SEED}")
        dealt = deal(seed, rules=MODES[mode])
        return cls(dealt.layers, seed=seed, mode=mode, lexicon_name=lexicon_name, lexicon=lexicon, ending=ending, family=family)

    @classmethod
    def from_board(
        cls,
        board: Board,
        mode: str = "reuse",
        lexicon_name: str = "fr",
        lexicon: Lexicon | None = None,
        ending: str = "position",
        family: bool = False,
    ) -> Game:
        """A game on a board typed in by hand (one layer, no seed)."""
        return cls((board,), mode=mode, lexicon_name=lexicon_name, lexicon=lexicon, ending=ending, family=family)

    def next_layer(self) -> Game:
        """The next game: the bottom layer, or once both are played a new deal from a derived seed."""
        if self.layer + 1 < len(self.layers):
            following = Game(
                self.layers, layer=self.layer + 1, seed=self.seed, mode=self.mode,
                lexicon_name=self.lexicon_name, lexicon=self.lexicon, ending=self.ending, family=self.family,
            )
        elif self.seed is None:
            raise GameError("this board was typed in by hand: there is no other layer to deal")
        else:
            following = Game.new(derive_seed(self.seed), self.mode, self.lexicon_name, self.lexicon, self.ending, self.family)
        following.computer = self.computer
        return following

    # ----- the position ---------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.layers[self.layer]

    @property
    def ringed_mask(self) -> int:
        return sum(1 << cell for cell, ring in enumerate(self.rings) if ring is not None)

    @property
    def played_words(self) -> list[str]:
        return [played.move.word for played in self.history if isinstance(played.move, WordMove)]

    def constraints(self) -> Constraints:
        """What the position requires of the next word: a new cell always, a ringed one once any ring is down."""
        ringed = self.ringed_mask
        return Constraints(
            ringed=ringed,
            need_new=True,
            need_used=ringed != 0,
            fixed=dict(self.fixed),
            played=frozenset(self.played_words) | self._kept_off(),
        )

    def _kept_off(self) -> frozenset[str]:
        """The keys a family table never plays (given to the search as if already played; ``check`` says why)."""
        if not self.family or self.lexicon is None:
            return frozenset()
        return family_blocked_keys(self.lexicon)

    def gains(self, mover: Colour) -> list[int]:
        """Per cell, what ringing it is worth to ``mover``: 1 if new, 2 if the opponent's, 0 if the mover's own."""
        return [1 if ring is None else 0 if ring is mover else 2 for ring in self.rings]

    def swing_of(self, path: tuple[int, ...], mover: Colour) -> int:
        """Growth of the mover's lead: +1 per new cell, +2 per opponent ring flipped (a cell counts once)."""
        swing = 0
        for cell in set(path):
            ring = self.rings[cell]
            if ring is None:
                swing += 1
            elif ring is not mover:
                swing += 2
        return swing

    def result(self) -> Result:
        """Rings of each colour now, and whether the game is over (then ``winner`` decides)."""
        green = sum(ring is Colour.GREEN for ring in self.rings)
        silver = sum(ring is Colour.SILVER for ring in self.rings)
        return Result(green, silver, self.is_over())

    def is_over(self) -> bool:
        """Rule 4: every ring placed, or no word left to find, now or after passes (two passes in a row under ``ending="passes"``).

        Without a lexicon the words cannot be counted, so only the rings (or the passes) can end the game.
        """
        if all(ring is not None for ring in self.rings):
            return True
        if self.ending == "passes":
            last_two = self.history[-2:]
            return len(last_two) == 2 and all(isinstance(played.move, PassMove) for played in last_two)
        if self.lexicon is None:
            return False
        return self._word_count(self.constraints().replace(need_used=False)) == 0

    def _word_count(self, constraints: Constraints) -> int:
        """How many words ``constraints`` allow on this board (the same for either side), remembered per position."""
        key = (constraints.ringed, constraints.need_used, tuple(sorted(constraints.fixed.items())), constraints.played)
        count = self._word_counts.get(key)
        if count is None:
            count = len(Solver(self._need_lexicon(), self.board).solve(constraints))
            if len(self._word_counts) >= WORD_COUNT_CACHE:
                self._word_counts.clear()
            self._word_counts[key] = count
        return count

    # ----- moves ------------------------------------------------------------------------

    def _need_lexicon(self) -> Lexicon:
        if self.lexicon is None:
            raise GameError("no lexicon is loaded for this game")
        return self.lexicon

    def check(self, move: Move | RankedMove, player: Colour | None = None, *, near: bool = True) -> Verdict:
        """The referee's verdict on ``move`` in this position (``player``: who claims it, if said; ``near`` False: a
        word not in the lexicon comes without its closest words).

        A ranked move (from ``legal_moves``) is its move: ``game.check(game.legal_moves()[0])``.
        """
        if isinstance(move, RankedMove):
            move = move.move
        if isinstance(move, WordMove):
            lexicon = self._need_lexicon()
            if self.family and _key_or_none(move.word) in family_blocked_keys(lexicon):
                return Verdict(False, "family_filter", f"{move.word.upper()} is kept off a family table (the family filter).", move.word.upper(), move.path, ())
            return referee_word(lexicon, self.board, move.word, move.path, self, player=player, near=near)
        return self._check_pass(move, player)

    def _check_pass(self, move: PassMove, player: Colour | None) -> Verdict:
        board = self.board
        path = (move.cell,)

        def refuse(reason: Reason, message: str) -> Verdict:
            return Verdict(False, reason, message, "", path, ())

        if self.is_over():
            return refuse("game_over", "The game is over; start a new one or undo the last move.")
        if player is not None and player is not self.to_move:
            return refuse("wrong_player", f"It is {self.to_move.value}'s turn, not {player.value}'s.")
        if not 0 <= move.cell < board.rules.size:
            return refuse("bad_cell", "A pass puts a ring on a cell of the board.")
        if self.rings[move.cell] is not None:
            return refuse(
                "cell_not_new", f"{format_cell(board, move.cell)} already has a ring; a pass rings a new letter."
            )
        message = f"{self.to_move.value} passes: a {self.to_move.other.value} ring on {format_cell(board, move.cell)}."
        return Verdict(True, "ok", message, "", path, (), swing=-1)

    def push(self, move: Move | RankedMove, player: Colour | None = None) -> Played:
        """Play ``move`` for the side to move, or raise IllegalMove and change nothing.

        A ranked move is its move, as in python-chess: ``game.push(game.legal_moves()[0])`` plays the best one.
        """
        if isinstance(move, RankedMove):
            move = move.move
        verdict = self.check(move, player)
        if not verdict.legal:
            raise IllegalMove(verdict.reason, verdict.message, verdict)
        return self._apply(self._resolved(move, verdict))

    def _resolved(self, move: Move, verdict: Verdict) -> Played:
        if isinstance(move, WordMove):
            assert verdict.path is not None
            return Played(self.to_move, WordMove(verdict.word, verdict.path), verdict.readings)
        return Played(self.to_move, move)

    def _apply(self, played: Played) -> Played:
        self._undo.append((tuple(self.rings), self.to_move, dict(self.fixed)))
        move = played.move
        if isinstance(move, WordMove):
            assert move.path is not None
            for cell in set(move.path):
                self.rings[cell] = played.player  # new cells get a ring, used ones flip: both end in the mover's colour
            for face, reading in played.readings:
                self.fixed.setdefault(face, reading)
        else:
            self.rings[move.cell] = played.player.other
        self.to_move = played.player.other
        self.history.append(played)
        return played

    def pop(self) -> Played:
        """Undo the last move exactly (rings, turn, fixed readings)."""
        if not self.history:
            raise GameError("nothing to undo: no move has been played yet")
        rings, to_move, fixed = self._undo.pop()
        self.rings, self.to_move, self.fixed = list(rings), to_move, fixed
        return self.history.pop()

    def legal_moves(self) -> Sequence[RankedMove]:
        """Every legal word with its best-swing path (exact), best swing first; passes only when no word is left.

        Natively a ``_search.FoundList``: ranked in C, each ``RankedMove`` made
        when first read (it compares equal to the list; copies are lists).
        """
        if self.is_over():
            return []
        lexicon = self._need_lexicon()
        constraints = self.constraints()
        solver = Solver(lexicon, self.board)
        gains = self.gains(self.to_move)
        ranked: Sequence[RankedMove] | None = solver.ranked(constraints, gains, RankedMove, WordMove)
        if ranked:
            return ranked
        words = [] if ranked is not None else [found.word for found in solver.solve(constraints)]
        if not words:
            return [RankedMove(PassMove(cell), -1) for cell, ring in enumerate(self.rings) if ring is None]
        best = [path for path in solver.best_paths(words, constraints, gains) if path is not None]
        assert len(best) == len(words)  # the solver found each word legal, so each has a legal path
        # Sorted before the objects are made (a third of the time here); stable, so alphabetical within a swing.
        order = sorted(range(len(words)), key=lambda index: best[index][0], reverse=True)
        return [RankedMove(WordMove(words[i], best[i][1]), best[i][0], best[i][2]) for i in order]

    def words_left(self) -> int:
        """How many words the side to move could play: ``legal_moves()``'s words, without ranking their paths."""
        if self.is_over():
            return 0
        return self._word_count(self.constraints())

    def best_swing(self) -> int:
        """The largest swing the side to move can make: ``legal_moves()[0].swing`` (0 once over), several times faster."""
        if self.is_over():
            return 0
        best = Solver(self._need_lexicon(), self.board).best_of_words(self.constraints(), self.gains(self.to_move))
        return -1 if best is None else best[0]  # no word: a pass, which costs a ring

    # ----- the saved form ----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The saved form (``overturn.game.save.SavedGame``) as JSON-ready data."""
        return encode_saved_game(self.to_saved())

    def to_saved(self) -> SavedGame:
        """The game as the typed save (``overturn.game.save``)."""
        cols = self.board.rules.cols
        return SavedGame(
            format=FORMAT,
            version=VERSION,
            mode=_mode_name(self.mode),
            ending=_ending_name(self.ending),
            family=self.family,
            lexicon=self.lexicon_name,
            seed=self.seed,
            layers=[str(board) for board in self.layers],
            layer=self.layer,
            to_move=colour_name(self.to_move),
            rings=[None if ring is None else colour_name(ring) for ring in self.rings],
            fixed=dict(sorted(self.fixed.items())),
            moves=[_saved_move(played, cols) for played in self.history],
            computer=None if self.computer is None else SavedComputer(colour_name(self.computer[0]), self.computer[1]),
        )

    @classmethod
    def from_json(cls, data: Any, lexicon: Lexicon | None = None) -> Game:
        """Rebuild a game from what the rules derive and replay its moves; the stored rest is only checked.

        The file is first decoded as ``SavedGame`` (keys, kinds, bounds). The
        seed (or the typed board), the mode and the layer rebuild the deal;
        every stored board, ring, reading and turn must then equal what the
        replayed moves give. StateFileError names the first field that is wrong.
        """
        return cls.from_saved(decode_saved_game(data), lexicon)

    @classmethod
    def from_saved(cls, saved: SavedGame, lexicon: Lexicon | None = None) -> Game:
        """``from_json`` after decoding: the deal rebuilt, the moves replayed, the stored rest compared."""
        layers = saved_layers(saved)
        if saved.layer >= len(layers):
            raise StateFileError(f"layer: {saved.layer} is out of range (0 to {len(layers) - 1})")
        game = cls(
            layers, layer=saved.layer, seed=saved.seed, mode=saved.mode, lexicon_name=saved.lexicon, lexicon=lexicon,
            ending=saved.ending, family=saved.family,
        )
        if saved.computer is not None:
            game.computer = (Colour(saved.computer.side), saved.computer.level)
        if len(saved.moves) > game.board.rules.size:
            raise StateFileError(f"moves: {len(saved.moves)} entries; the limit is {game.board.rules.size}")
        for index, entry in enumerate(saved.moves):
            game._replay(entry, f"moves[{index}]")
        if saved.to_move != game.to_move.value:
            raise StateFileError(f"to_move: {saved.to_move!r} does not match what the moves give ({game.to_move.value!r})")
        game._expect_rings(saved.rings)
        fixed = dict(sorted(game.fixed.items()))
        if saved.fixed != fixed:
            raise StateFileError(f"fixed: {_shown(saved.fixed)} does not match what the moves give ({fixed!r})")
        return game

    def _expect_rings(self, stored: Sequence[str | None]) -> None:
        derived = [None if ring is None else ring.value for ring in self.rings]
        if len(stored) != len(derived):
            raise StateFileError(f"rings: expected {len(derived)} entries, found {len(stored)}")
        for cell, (saved, replayed) in enumerate(zip(stored, derived, strict=True)):
            if saved != replayed:
                raise StateFileError(
                    f"rings: cell {format_cell(self.board, cell)} holds {_ring_text(saved)} but the moves give {_ring_text(replayed)}"
                )

    def _replay(self, entry: SavedMove, where: str) -> None:
        """Re-check one saved move without the lexicon (it was judged when played) and apply it."""
        board = self.board
        player = Colour(entry.player)
        if self.is_over():
            raise StateFileError(f"{where}: the game was already over")
        if player is not self.to_move:
            raise StateFileError(f"{where}.player: it was {self.to_move.value}'s turn")
        if isinstance(entry, SavedPass):
            cell = _cell(board, entry.cell, f"{where}.cell")
            verdict = self._check_pass(PassMove(cell), player)
            if not verdict.legal:
                raise StateFileError(f"{where}.cell: {verdict.message}")
            self._apply(Played(player, PassMove(cell)))
            return
        word = entry.word
        if not re.fullmatch("[A-Z]+", word):  # the type's pattern lets "ROI\n" through ($ before a final newline)
            raise StateFileError(f"{where}.word: {_shown(word)} is not in the expected form")
        path = tuple(_cell(board, step, f"{where}.path[{index}]") for index, step in enumerate(entry.path))
        constraints = self.constraints()
        if len(word) < board.rules.min_length or word in constraints.played:
            raise StateFileError(f"{where}.word: {word} is too short or was already played")
        verdict = judge_path(board, word, path, constraints, [], self, player)
        if not verdict.legal:
            raise StateFileError(f"{where}.path: {verdict.message}")
        if entry.readings != dict(verdict.readings):
            raise StateFileError(
                f"{where}.readings: {_shown(entry.readings)} does not match the path ({dict(verdict.readings)!r})"
            )
        self._apply(Played(player, WordMove(word, path), verdict.readings))

    def save(self, path: str | Path) -> None:
        """Write atomically (temporary file, fsync, rename): a crash never leaves half a game."""
        save_json_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: str | Path, lexicon: Lexicon | None = None) -> Game:
        """Read a saved game; every problem is one StateFileError naming the file and the field."""
        return load_with(path, lambda data: cls.from_json(data, lexicon))


def _ring_text(value: Any) -> str:
    """A cell's ring in an error: "no ring", "a green ring", or the file's odd value quoted."""
    if value is None:
        return "no ring"
    return f"a {value} ring" if value in ("green", "silver") else _shown(value)


def _shown(value: Any) -> str:
    """A stored value quoted in an error, cut short: the file may hold anything."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _cell(board: Board, stored: tuple[int, int], where: str) -> int:
    """A saved [row, col] (0-based) on the board."""
    row, col = stored
    if not (0 <= row < board.rules.rows and 0 <= col < board.rules.cols):
        raise StateFileError(f"{where}: [{row}, {col}] is off the board")
    return board.cell(row, col)


def _key_or_none(word: str) -> str | None:
    try:
        return normalize_key(word)
    except InvalidWord:
        return None


def _ending_name(ending: str) -> EndingName:
    if ending == "position":
        return "position"
    assert ending == "passes", ending  # __init__ refuses any other ending
    return "passes"


def _mode_name(mode: str) -> ModeName:
    if mode == "advanced":
        return "advanced"
    assert mode == "reuse", mode  # __init__ refuses any other mode
    return "reuse"


def _saved_move(played: Played, cols: int) -> SavedMove:
    move = played.move
    player = colour_name(played.player)
    if isinstance(move, PassMove):
        return SavedPass(player=player, cell=divmod(move.cell, cols))
    assert move.path is not None
    return SavedWord(
        player=player,
        word=move.word,
        path=[divmod(cell, cols) for cell in move.path],
        readings=dict(played.readings),
    )


__all__ = [
    "ENDINGS", "FORMAT", "MAX_BOARD_TEXT", "MAX_LEXICON_NAME", "MAX_WORD", "MODES", "VERSION",  # re-exported from game.save
    "Colour", "Game", "GameError", "IllegalMove", "Move", "PassMove", "Played", "RankedMove",
    "Result", "WordMove", "derive_seed",
]
