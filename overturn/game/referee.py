"""The verdict on one disputed word: legal or not, why, and how it can be traced.

A dispute at the table is settled in one call, ``referee_word``, with or without
a game in progress and with or without the path the player traced. Reasons are
stable codes (scripts and the HTTP service switch on them) and are checked in a
fixed order, so the same dispute always gets the same answer:

1. ``game_over``, ``wrong_player`` (only with a game, or a player, given);
2. ``too_short`` (fewer letters than the rules allow);
3. ``not_in_lexicon`` (with the closest words as suggestions);
4. ``already_played`` (the same key was played earlier in the game);
5. the path checks. With a path: ``bad_path`` (off the board, not adjacent or
   not spelling the word under any reading), ``cell_reused`` (advanced mode),
   ``reading_conflict`` (needs a ZX/Qu reading other than the fixed one),
   ``single_tile``, ``no_new_cell``, ``no_used_cell``. Without a path, the same
   requirements are added one at a time in that order and the first one that
   leaves no path is the reason (``cannot_trace`` when no path spells the word
   at all), i.e. the most specific reason any spelling path reaches. The
   refusal then shows the closest path: one that meets every requirement
   checked before the failing one (None for ``cannot_trace``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Protocol, get_args

import msgspec

from overturn.game import answers
from overturn.game.answers import Reason
from overturn.game.board import DOUBLE_FACES, Board, Rules, format_cell
from overturn.game.moves import Colour
from overturn.game.solver import Constraints, Solver
from overturn.lexicon.answers import DictionaryEntry
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.normalize import InvalidWord, normalize_key
from overturn.lexicon.sources import Entry


class GameInProgress(Protocol):
    """What the referee needs of a game in progress (``overturn.game.state.Game`` is one).

    Declared here so the referee depends on no game class: the game calls the
    referee, never the other way round.
    """

    @property
    def board(self) -> Board: ...

    @property
    def to_move(self) -> Colour: ...

    def is_over(self) -> bool: ...

    def constraints(self) -> Constraints: ...

    def gains(self, mover: Colour) -> list[int]: ...

    def swing_of(self, path: tuple[int, ...], mover: Colour) -> int: ...


#: Every refusal reason, in the order of ``Reason`` (the game adds bad_cell, cell_not_new and family_filter).
REASONS: tuple[Reason, ...] = get_args(Reason)

#: Paths examined per word when ranking alternatives; reuse mode can spell a word in very many ways.
PATH_LIMIT = 2000
#: Alternatives reported besides the chosen path.
ALTERNATIVES_SHOWN = 10


@dataclass(frozen=True)
class Verdict:
    """The referee's answer for one word.

    ``path`` is the path judged: the one given, the best legal one, or for a
    word refused without a given path the closest one (see the module notes).

    >>> import overturn
    >>> board = overturn.Board("AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC")
    >>> verdict = overturn.referee_word(overturn.load_lexicon("fr"), board, "contre", path=(4, 9, 14, 7, 2, 9))
    >>> verdict.legal, verdict.reason
    (False, 'bad_path')
    >>> print(verdict.message)
    The path E1 D2 C3 B2 C1 D2 reads CONTRO, not CONTRE.
    >>> sorted({entry.lemma for entry in verdict.entries})  # the word is French all the same
    ['contre', 'contrer']
    """

    legal: bool
    reason: Reason
    message: str
    word: str
    path: tuple[int, ...] | None
    readings: tuple[tuple[str, str], ...]
    entries: list[Entry] = field(default_factory=list)
    alternatives: list[tuple[int, ...]] = field(default_factory=list)
    swing: int | None = None
    suggestions: list[str] = field(default_factory=list)

    def view(self) -> answers.VerdictView:
        """As players see it: paths as cell numbers, readings as ``{face: reading}``."""
        return answers.VerdictView(
            legal=self.legal,
            reason=self.reason,
            message=self.message,
            word=self.word,
            path=None if self.path is None else list(self.path),
            readings=dict(self.readings),
            entries=[DictionaryEntry(entry.form, entry.lemma, entry.pos) for entry in self.entries],
            alternatives=[list(path) for path in self.alternatives],
            swing=self.swing,
            suggestions=list(self.suggestions),
            error=None if self.legal else answers.Refusal(self.reason, self.message),
        )

    def to_json(self) -> dict[str, Any]:
        """``view`` as JSON-ready data (the CLI prints it)."""
        return msgspec.to_builtins(self.view())  # type: ignore[no-any-return]

    def answer(self, lexicon: str, board: Board) -> answers.RefereeAnswer:
        """``view`` with the lexicon and the board it was judged on: a disputed word's answer in the CLI and the API alike."""
        return answers.RefereeAnswer(**msgspec.structs.asdict(self.view()), lexicon=lexicon, board=str(board))


def _refuse(reason: Reason, message: str, word: str, path: tuple[int, ...] | None = None, **extra: Any) -> Verdict:
    return Verdict(False, reason, message, word, path, (), **extra)


def referee_word(
    lexicon: Lexicon,
    board: Board,
    word: str,
    path: tuple[int, ...] | None = None,
    game: GameInProgress | None = None,
    *,
    player: Colour | None = None,
    near: bool = True,
) -> Verdict:
    """Judge ``word`` on ``board`` (in ``game``'s position if given), along ``path`` if the player traced one.

    Without a path, the legal path with the largest ring swing is chosen and the
    other legal paths are listed best first. ``player`` is who claims the move;
    it is refused as ``wrong_player`` when the game expects the other side.
    ``near`` False leaves a word not in the lexicon without its closest words (a fair table offers no words).

    >>> import overturn
    >>> board = overturn.Board("AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC")
    >>> verdict = overturn.referee_word(overturn.load_lexicon("fr"), board, "contre")
    >>> verdict.legal, verdict.path
    (True, (4, 9, 14, 7, 2, 3))
    >>> print(verdict.message)
    CONTRE is legal along E1 D2 C3 B2 C1 D1 (ring swing +6).
    >>> overturn.referee_word(overturn.load_lexicon("fr"), board, "maison").reason
    'cannot_trace'
    """
    try:
        key = normalize_key(word)
    except InvalidWord:
        key = None
    shown = key or word
    if game is not None:
        board = game.board
        if game.is_over():
            return _refuse("game_over", "The game is over; start a new one or undo the last move.", shown, path)
        if player is not None and player != game.to_move:
            return _refuse("wrong_player", f"It is {game.to_move.value}'s turn, not {player.value}'s.", shown, path)
    if key is None:
        return _refuse("not_in_lexicon", f"{word!r} is not a word of letters.", word, path)
    rules = board.rules
    if len(key) < rules.min_length:
        return _refuse("too_short", f"{key} is too short: a word needs at least {rules.min_length} letters.", key, path)
    if key not in lexicon:
        suggestions = lexicon.near(key) if near else []
        hint = f" Closest entries: {', '.join(suggestions)}." if suggestions else ""
        return _refuse(
            "not_in_lexicon", f"{key} is not in the {lexicon.name} lexicon.{hint}", key, path, suggestions=suggestions
        )
    entries = lexicon.entries(key)
    constraints = game.constraints() if game is not None else Constraints(need_new=True)
    if key in constraints.played:
        return _refuse("already_played", f"{key} has already been played in this game.", key, path, entries=entries)
    mover = game.to_move if game is not None else None
    if path is not None:
        return judge_path(board, key, path, constraints, entries, game, mover)
    return _judge_word(lexicon, board, key, constraints, entries, game, mover)


# ----- one traced path -------------------------------------------------------------


def path_readings(board: Board, key: str, path: tuple[int, ...]) -> list[dict[str, str]]:
    """Every reading of the path's double faces under which ``path`` spells ``key`` (ignoring fixed readings)."""
    faces = [board.faces[cell] for cell in path]
    doubles = [face for face in DOUBLE_FACES if face in faces]
    found = []
    for choice in product(*(board.rules.readings(face) for face in doubles)):
        combination = dict(zip(doubles, choice))
        if "".join(combination.get(face, face) for face in faces) == key:
            found.append(combination)
    return found


def judge_path(
    board: Board,
    key: str,
    path: tuple[int, ...],
    constraints: Constraints,
    entries: list[Entry],
    game: GameInProgress | None,
    mover: Colour | None,
) -> Verdict:
    """The path checks alone (no lexicon): also what a saved game's moves are replayed with."""
    rules = board.rules
    shown = " ".join(format_cell(board, cell) for cell in path if 0 <= cell < rules.size)

    def refuse(reason: Reason, message: str) -> Verdict:
        return _refuse(reason, message, key, path, entries=entries)

    if not path or any(not 0 <= cell < rules.size for cell in path):
        return refuse("bad_path", "The path leaves the board.")
    for before, after in zip(path, path[1:]):
        if before != after and not board.adjacent(before, after):
            return refuse(
                "bad_path",
                f"{format_cell(board, before)} and {format_cell(board, after)} are not neighbours; "
                "each letter must touch the next (across, down or diagonally).",
            )
    spellings = path_readings(board, key, path)
    if not spellings:
        letters = "".join(board.faces[cell] for cell in path)
        return refuse("bad_path", f"The path {shown} reads {letters}, not {key}.")
    if len(set(path)) < len(path) and not rules.reuse:
        return refuse("cell_reused", "Advanced mode: each letter may be used only once in a word.")
    allowed = [combo for combo in spellings if all(constraints.fixed.get(f, r) == r for f, r in combo.items())]
    if not allowed:
        fixed = ", ".join(f"{face} reads {reading}" for face, reading in sorted(constraints.fixed.items()))
        return refuse("reading_conflict", f"This path needs another reading than the one fixed earlier ({fixed}).")
    if rules.min_tiles >= 2 and len({board.tile_of(cell) for cell in path}) < 2:
        return refuse("single_tile", f"{key} stays inside one tile; a word must use letters of at least two tiles.")
    if constraints.need_new and all(constraints.ringed >> cell & 1 for cell in path):
        return refuse("no_new_cell", f"{key} uses no new letter; a word must use at least one letter without a ring.")
    if constraints.need_used and not any(constraints.ringed >> cell & 1 for cell in path):
        return refuse("no_used_cell", f"{key} uses no ringed letter; once a ring is on the board (a word or a pass), a word must use one.")
    readings = tuple(sorted(allowed[0].items()))
    swing = path_swing(path, game, mover)
    return Verdict(True, "ok", f"{key} is legal along {shown} (ring swing {swing:+d}).", key, path, readings, entries, [], swing)


# ----- the best path when none is given -------------------------------------------------


def _solver(lexicon: Lexicon, board: Board, rules: Rules) -> Solver:
    return Solver(lexicon, board.with_rules(rules))


def _some_path(solver: Solver, key: str, constraints: Constraints) -> tuple[int, ...] | None:
    """One path spelling ``key`` under ``constraints``, or None (reuse: the solver's forward pass, no enumeration)."""
    if solver.rules.reuse:
        for combination in solver.reading_combinations(constraints):
            path = solver.witness(key, combination, constraints)
            if path is not None:
                return path
        return None
    found = next(solver.paths(key, constraints, limit=1), None)
    return None if found is None else found[0]


def _stages(lexicon: Lexicon, board: Board, constraints: Constraints) -> list[tuple[Reason, Solver, Constraints, str]]:
    """The requirements added one at a time: (reason if no path survives, solver, constraints, message)."""
    rules = board.rules
    anything = rules.replace(reuse=True, min_tiles=1)
    one_tile_ok = rules.replace(min_tiles=1)
    loose = Constraints()
    fixed = Constraints(fixed=dict(constraints.fixed))
    stages: list[tuple[Reason, Solver, Constraints, str]] = [("cannot_trace", _solver(lexicon, board, anything), loose, "No path on the board spells {key}.")]
    if not rules.reuse:
        stages.append((
            "cell_reused", _solver(lexicon, board, one_tile_ok), loose,
            "{key} can only be traced by using a letter twice, which advanced mode forbids.",
        ))
    real = Solver(lexicon, board)
    stages += [
        ("reading_conflict", _solver(lexicon, board, one_tile_ok), fixed,
         "Every path for {key} needs a ZX/Qu reading other than the one fixed earlier in the game."),
        ("single_tile", real, fixed,
         "{key} can only be traced inside one tile; a word must use letters of at least two tiles."),
        ("no_new_cell", real, fixed.replace(ringed=constraints.ringed, need_new=constraints.need_new),
         "Every path for {key} uses only ringed letters; a word must use at least one new letter."),
        ("no_used_cell", real, constraints.replace(played=frozenset()),
         "No path for {key} uses a ringed letter as well as a new one; once a ring is on the board (a word or a pass), a word needs both."),
    ]
    return stages


def legal_paths(
    solver: Solver,
    key: str,
    constraints: Constraints,
    game: GameInProgress | None = None,
    mover: Colour | None = None,
    limit: int = PATH_LIMIT,
) -> list[tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]]]:
    """(swing, path, readings) for each legal set of cells spelling ``key``, best swing first.

    Paths over the same cells swing the same, so one (the shortest, then the
    first in board order) stands for them all.
    """
    best: dict[frozenset[int], tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]]] = {}
    for path, readings in solver.paths(key, constraints, limit=limit):
        cells = frozenset(path)
        candidate = (path_swing(path, game, mover), path, tuple(sorted(readings)))
        known = best.get(cells)
        if known is None or (len(path), path) < (len(known[1]), known[1]):
            best[cells] = candidate
    return sorted(best.values(), key=lambda item: (-item[0], len(item[1]), item[1]))


def best_word_path(
    solver: Solver,
    key: str,
    constraints: Constraints,
    game: GameInProgress | None = None,
    mover: Colour | None = None,
) -> tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]]:
    """The exact best-swing legal path of ``key`` (which must have one), as ``Game.legal_moves`` ranks it.

    Ties go to a path that fixes no new double-face reading, so a move played
    without a path swings what ``hint`` promised and commits to nothing more.
    """
    gain = game.gains(mover) if game is not None and mover is not None else [1] * solver.board.rules.size
    best = solver.best_paths([key], constraints, gain)[0]
    if best is None:
        raise ValueError(f"{key} has no legal path on this board")
    swing, path, readings = best
    return swing, path, tuple(sorted(readings))


def _judge_word(
    lexicon: Lexicon,
    board: Board,
    key: str,
    constraints: Constraints,
    entries: list[Entry],
    game: GameInProgress | None,
    mover: Colour | None,
) -> Verdict:
    solver, unplayed = Solver(lexicon, board), constraints.replace(played=frozenset())  # paths: "already played" is its own reason
    if _some_path(solver, key, unplayed) is None:
        closest = None
        for reason, solver, stage_constraints, message in _stages(lexicon, board, constraints):
            path = _some_path(solver, key, stage_constraints)
            if path is None:
                return _refuse(reason, message.format(key=key), key, closest, entries=entries)
            closest = path
        raise AssertionError("the last stage holds every requirement")  # pragma: no cover
    swing, path, readings = best_word_path(solver, key, unplayed, game, mover)
    cells = set(path)
    others = [other for _, other, _ in legal_paths(solver, key, unplayed, game, mover) if set(other) != cells]
    alternatives = others[:ALTERNATIVES_SHOWN]
    shown = " ".join(format_cell(board, cell) for cell in path)
    more = f"; {len(others)} other path{'' if len(others) == 1 else 's'}" if others else ""
    message = f"{key} is legal along {shown} (ring swing {swing:+d}{more})."
    return Verdict(True, "ok", message, key, path, readings, entries, alternatives, swing)


def path_swing(path: tuple[int, ...], game: GameInProgress | None, mover: Colour | None) -> int:
    """How much the mover's lead grows: +1 per new cell ringed, +2 per opponent ring flipped (a cell counts once)."""
    if game is None or mover is None:
        return len(set(path))
    return game.swing_of(path, mover)
