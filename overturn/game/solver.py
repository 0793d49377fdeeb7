"""Every legal word of a board, each with a path that proves it.

Reuse mode (basic Overturn) lets a path revisit cells, so paths explode
combinatorially while prefixes do not: the search walks the lexicon's letter
trie once per prefix, carrying for that prefix the set of cells where some path
spelling it can end, split into classes by what the path has done so far
(touched two tiles, met a new cell, met a used cell). A word is legal when its
node is a word and the class "all requirements met" is not empty. Witness paths
are recovered afterwards by a forward/backward pass over the one word.

Advanced mode (each cell once) is a depth-first search with a visited mask.

Double faces (ZX, Qu) read one way within a word: each combination of readings
of the unfixed double faces is searched on its own, and a result names the
readings its path needs.

Long because it holds the pure-Python search that is both the fallback and the reference the C search is checked against; the two halves (reuse and advanced) share their helpers.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Any, NamedTuple

from overturn.game.board import DOUBLE_FACES, Board
from overturn.game.value import Value
from overturn.lexicon.compiled import LETTER_MASK, WORD_BIT
from overturn.lexicon.lexicon import ROOT, Lexicon

try:  # the optional C extension (overturn/game/_search.c); the Python search below is its fallback and reference
    from overturn.game import _search
except ImportError:  # pragma: no cover - an install without a C compiler
    _search = None  # type: ignore[assignment]  # the fallback: the Python search below

MULTI, NEW, USED = 1, 2, 4

if _search is not None:  # a FoundList is a sequence to isinstance checks and to random.sample, like the list it stands for
    Sequence.register(_search.FoundList)


class Constraints(Value):
    """What a game state adds to the word rules."""

    FIELDS = ("ringed", "need_new", "need_used", "fixed", "played")
    ringed: int  #: mask of cells that carry a ring ("used"); the others are "new"
    need_new: bool
    need_used: bool
    fixed: Mapping[str, str]  #: double face → reading fixed earlier in the game
    played: frozenset[str]  #: keys already played

    def __init__(
        self,
        ringed: int = 0,
        need_new: bool = False,
        need_used: bool = False,
        fixed: Mapping[str, str] | None = None,
        played: frozenset[str] = frozenset(),
    ) -> None:
        self._set(ringed=ringed, need_new=need_new, need_used=need_used, fixed={} if fixed is None else fixed, played=played)


FREE = Constraints()


class Found(NamedTuple):
    """A legal word (its key), one path proving it, and the double-face readings that path needs.

    A named tuple: a board yields thousands, and building frozen dataclasses cost more than the search.
    """

    word: str
    path: tuple[int, ...]
    readings: tuple[tuple[str, str], ...] = ()


def fast_fields(cls: type) -> None:
    """Let the fields of the named tuple ``cls`` be read as ``__slots__`` are (the interpreter's fast path), not
    through ``collections``' ``_tuplegetter``: a caller listing a solve reads a word and a path per item, and the
    two reads cost as much as making the item. Nothing changes without the C extension."""
    if _search is not None:
        _search.tuple_fields(cls, cls._fields)  # type: ignore[attr-defined]


fast_fields(Found)


class WordsJson(NamedTuple):
    """A solve as the service answers it (``Solver.solve_json``): the word list's JSON and the counts around it."""

    words: bytes  #: UTF-8 JSON array of ``overturn.game.answers.SolvedWord``, longest first
    count: int  # type: ignore[assignment]  # shadows tuple.count: the name the service answers with  #: legal words in all, before the limit
    lengths: dict[int, int]  #: word length → legal words of that length, shortest first


def _cells_of(mask: int) -> Iterator[int]:
    """The cell numbers set in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def dilation_masks(board: Board) -> tuple[int, int, int, int]:
    """(not first column, not last column, all cells, row width) for shift-based neighbourhoods."""
    rules = board.rules
    not_first = sum(1 << cell for cell in range(rules.size) if cell % rules.cols != 0)
    not_last = sum(1 << cell for cell in range(rules.size) if cell % rules.cols != rules.cols - 1)
    return not_first, not_last, board.all_cells, rules.cols


_DILATION_MASKS: dict[Any, tuple[int, int, int, int]] = {}  #: Rules → dilation_masks of its boards


class Solver:
    """Solves one board against one lexicon; reusable for many constraint sets.

    Every word the board spells, each with one path (cell numbers) and the double-face readings it needs:

    >>> import overturn
    >>> board = overturn.Board("AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC")
    >>> words = overturn.Solver(overturn.load_lexicon("fr"), board).solve()
    >>> len(words)
    2165
    >>> words[0]
    Found(word='AA', path=(32, 31), readings=())
    >>> next(found for found in words if found.word == "ALLEZ")  # the [ZX] face read as Z, the first L used twice
    Found(word='ALLEZ', path=(31, 24, 24, 25, 19), readings=(('ZX', 'Z'),))
    """

    def __init__(self, lexicon: Lexicon, board: Board) -> None:
        self.lexicon = lexicon
        self.board = board
        self.rules = rules = board.rules
        masks = _DILATION_MASKS.get(rules)
        if masks is None:  # the same for every board of these rules: computed once (a few µs a Solver otherwise)
            if len(_DILATION_MASKS) >= 64:
                _DILATION_MASKS.clear()
            masks = _DILATION_MASKS[rules] = dilation_masks(board)
        self._not_first, self._not_last, self._all, self._width = masks
        self._track_multi = rules.min_tiles == 2
        self._native_head: tuple[Any, ...] | None = None  # the native search's leading arguments, made on first use
        self._free_readings: dict[str, tuple[str, ...]] | None = None  # _native_readings with nothing fixed

    # --- neighbourhoods ---------------------------------------------------

    def dilate(self, mask: int) -> int:
        """Cells equal or adjacent to a cell of ``mask``."""
        row = mask | ((mask << 1) & self._not_first) | ((mask >> 1) & self._not_last)
        return (row | (row << self._width) | (row >> self._width)) & self._all

    # --- readings -----------------------------------------------------------

    def reading_combinations(self, constraints: Constraints = FREE) -> list[dict[str, str]]:
        """One dict face → reading per way of reading the unfixed double faces on the board."""
        present = [face for face in DOUBLE_FACES if face in self.board.double_face_cells()]
        options = [
            (constraints.fixed[face],) if face in constraints.fixed else self.rules.readings(face) for face in present
        ]
        return [dict(zip(present, choice)) for choice in product(*options)]

    def reading_cells(self, combination: Mapping[str, str | None]) -> dict[str, int]:
        """Reading (one or two letters) → mask of the cells that read so; a face mapped to None is left out."""
        cells: dict[str, int] = {}
        for cell, face in enumerate(self.board.faces):
            reading = combination.get(face, face)
            if reading:
                cells[reading] = cells.get(reading, 0) | (1 << cell)
        return cells

    # --- classes of partial paths ---------------------------------------------

    def _tracked(self, constraints: Constraints) -> int:
        return (MULTI if self._track_multi else 0) | (NEW if constraints.need_new else 0) | (USED if constraints.need_used else 0)

    def _flag_split(self, klass: int, cells: int, tracked: int, ringed: int) -> Iterator[tuple[int, int]]:
        new_cells = cells & ~ringed
        used_cells = cells & ringed
        if new_cells:
            yield klass | (NEW & tracked), new_cells
        if used_cells:
            yield klass | (USED & tracked), used_cells

    def _start(self, cells: int, tracked: int, ringed: int) -> dict[int, int]:
        classes: dict[int, int] = {}
        for klass, mask in self._flag_split(0, cells, tracked, ringed):
            classes[klass] = classes.get(klass, 0) | mask
        return classes

    def _step(self, classes: dict[int, int], cells: int, tracked: int, ringed: int) -> dict[int, int]:
        """Classes after one more reading on ``cells`` (reuse mode: the current cell is a neighbour too)."""
        result: dict[int, int] = {}
        tile_mask = self.board.cell_tile_mask
        for klass, mask in classes.items():
            if tracked & MULTI and not klass & MULTI:
                same = cross = 0
                rest = mask
                while rest:
                    tile = tile_mask[(rest & -rest).bit_length() - 1]
                    reached = self.dilate(mask & tile)
                    same |= reached & tile
                    cross |= reached & ~tile
                    rest &= ~tile
                moves: tuple[tuple[int, int], ...] = ((klass, same & cells), (klass | MULTI, cross & cells))
            else:
                moves = ((klass, self.dilate(mask) & cells),)
            for target, reached in moves:
                if reached:
                    for flagged, part in self._flag_split(target, reached, tracked, ringed):
                        result[flagged] = result.get(flagged, 0) | part
        return result

    # --- the search -----------------------------------------------------------

    def solve(self, constraints: Constraints = FREE) -> Sequence[Found]:
        """Every legal word with a witness path, sorted by word.

        The readings a word needs are the non-None entries of its minimal
        combination: each of those faces is needed, so it is on the path.
        The native search answers a ``_search.FoundList`` that makes
        each ``Found`` when it is read (building ~2,400 of them up front
        cost as much as the search): indexing keeps the item it made, iteration
        makes fresh, equal ones for items not indexed yet; it compares equal to the list, its other
        list methods (sort, append...) work on a list made inside, and copies and
        pickles of it are lists. It is not a ``list`` subclass: ``isinstance(found,
        list)`` is False and ``json.dumps`` needs ``list(found)``. The fallback returns a list.
        """
        native: Sequence[Found] | None = _native_search(self, constraints, Found)
        if native is not None:
            return native
        results: list[Found] = []
        append = results.append
        for word, (combination, path) in sorted(self.find_words(constraints).items()):
            if path is None:
                path = self.witness(word, combination, constraints)
            if path is None:  # pragma: no cover - find_words promised a path
                raise AssertionError(f"no witness for {word}")
            readings: tuple[tuple[str, str], ...] = ()
            for face, reading in combination.items():
                if reading:
                    readings += ((face, reading),)
            append(Found(word, path, readings))
        return results

    def solve_json(self, limit: int, constraints: Constraints = FREE) -> WordsJson:
        """``solve``'s words as JSON, longest first (alphabetical within a length), cut to ``limit`` items.

        The native search writes the JSON itself: building, ranking and
        encoding thousands of ``Found`` tuples in Python cost several times the
        search. The fallback below does the same from ``solve``.
        """
        if limit < 0:
            raise ValueError(f"limit must be 0 or more, not {limit}")
        if _native_wanted(self):
            native = _search.solve_json(*_native_search_arguments(self, constraints), limit)
            if native is not None:
                return WordsJson(*native)
        import msgspec  # only this fallback needs them

        from overturn.game.answers import SolvedWord

        found = self.solve(constraints)
        ranked = sorted(found, key=lambda item: -len(item.word))  # stable: alphabetical within a length
        items = [SolvedWord(word, list(path), dict(readings)) for word, path, readings in ranked[:limit]]
        lengths: dict[int, int] = {}
        for item in found:
            lengths[len(item.word)] = lengths.get(len(item.word), 0) + 1
        return WordsJson(msgspec.json.encode(items), len(found), dict(sorted(lengths.items())))

    def find_words(self, constraints: Constraints = FREE) -> dict[str, tuple[dict[str, str | None], tuple[int, ...] | None]]:
        """Legal words → (the fewest double-face readings a path needs, that path or None).

        In the reading combination, ``None`` marks a double face the path does
        not need (its cells are left out when the witness is traced).
        """
        native: dict[str, tuple[dict[str, str | None], tuple[int, ...] | None]] | None = _native_search(self, constraints)
        if native is not None:
            return native
        found: dict[str, tuple[dict[str, str | None], tuple[int, ...] | None]] = {}
        for combination in self.reading_combinations(constraints):
            words = self._search(combination, constraints)
            for word, path in words.items():
                best = found.get(word)
                if best is not None and not any(best[0].values()):
                    continue
                minimal = self._fewest_readings(word, combination, constraints, path)
                if best is None or sum(map(bool, minimal[0].values())) < sum(map(bool, best[0].values())):
                    found[word] = minimal
        return found

    def _fewest_readings(
        self, word: str, combination: dict[str, str], constraints: Constraints, path: tuple[int, ...] | None
    ) -> tuple[dict[str, str | None], tuple[int, ...] | None]:
        """The smallest subset of ``combination``'s faces that still lets ``word`` be traced."""
        faces = list(combination)
        subsets = sorted(product((False, True), repeat=len(faces)), key=sum)
        for keep in subsets:
            restricted: dict[str, str | None] = {face: combination[face] if kept else None for face, kept in zip(faces, keep)}
            if all(keep):
                return restricted, path
            if self.rules.reuse:
                if self.witness(word, restricted, constraints) is not None:
                    return restricted, None
            else:
                for simple_path, _ in self.paths(word, constraints, limit=1, combinations=[restricted]):
                    return restricted, simple_path
        raise AssertionError("unreachable: the full combination traces the word")  # pragma: no cover

    def _search(self, combination: Mapping[str, str], constraints: Constraints) -> dict[str, tuple[int, ...] | None]:
        """Words legal under one reading combination → a path (advanced mode) or None (reuse: found later)."""
        readings = sorted(self.reading_cells(combination).items())
        if self.rules.reuse:
            return dict.fromkeys(self._search_reuse(readings, constraints))
        return self._search_simple_paths(readings, constraints)

    def _search_reuse(self, readings: list[tuple[str, int]], constraints: Constraints) -> set[str]:
        masks = self.lexicon.masks
        walk = self.lexicon.child_by_reading
        tracked = self._tracked(constraints)
        ringed = constraints.ringed
        min_length = self.rules.min_length
        played = constraints.played
        found: set[str] = set()
        step = self._step

        def expand(node: int, prefix: str, classes: dict[int, int]) -> None:
            for reading, cells in readings:
                child = walk(node, reading)
                if child < 0:
                    continue
                after = step(classes, cells, tracked, ringed)
                if not after:
                    continue
                word = prefix + reading
                if masks[child] & WORD_BIT and after.get(tracked) and len(word) >= min_length and word not in played:
                    found.add(word)
                if masks[child] & LETTER_MASK:
                    expand(child, word, after)

        for reading, cells in readings:
            node = walk(ROOT, reading)
            if node < 0:
                continue
            classes = self._start(cells, tracked, ringed)
            if masks[node] & WORD_BIT and classes.get(tracked) and len(reading) >= min_length and reading not in played:
                found.add(reading)
            if masks[node] & LETTER_MASK:
                expand(node, reading, classes)
        return found

    def _search_simple_paths(
        self, readings: list[tuple[str, int]], constraints: Constraints
    ) -> dict[str, tuple[int, ...] | None]:
        masks = self.lexicon.masks
        walk = self.lexicon.child_by_reading
        faces_reading = [""] * self.rules.size
        for reading, cells in readings:
            rest = cells
            while rest:
                faces_reading[(rest & -rest).bit_length() - 1] = reading
                rest &= rest - 1
        neighbours = self.board.neighbours
        tile_of = [self.board.tile_of(cell) for cell in range(self.rules.size)]
        tracked = self._tracked(constraints)
        ringed = constraints.ringed
        min_length = self.rules.min_length
        played = constraints.played
        found: dict[str, tuple[int, ...] | None] = {}

        def visit(cell: int, node: int, prefix: str, visited: int, flags: int, first_tile: int, path: list[int]) -> None:
            child = walk(node, faces_reading[cell])
            if child < 0:
                return
            word = prefix + faces_reading[cell]
            flags |= (USED if ringed >> cell & 1 else NEW) & tracked
            if tile_of[cell] != first_tile:
                flags |= MULTI & tracked
            path.append(cell)
            if masks[child] & WORD_BIT and flags == tracked and len(word) >= min_length and word not in played:
                found.setdefault(word, tuple(path))
            if masks[child] & LETTER_MASK:
                visited |= 1 << cell
                rest = neighbours[cell] & ~visited
                while rest:
                    low = rest & -rest
                    visit(low.bit_length() - 1, child, word, visited, flags, first_tile, path)
                    rest ^= low
            path.pop()

        for cell in range(self.rules.size):
            visit(cell, ROOT, "", 0, 0, tile_of[cell], [])
        return found

    # --- witnesses and paths ----------------------------------------------------

    def witness(
        self, word: str, combination: Mapping[str, str | None], constraints: Constraints = FREE
    ) -> tuple[int, ...] | None:
        """A legal reuse-mode path for ``word`` (a key) under one reading combination, or None.

        Forward: class masks at every position of the word (all segmentations of
        the key into readings). Backward: from an accepting end cell, pick any
        predecessor whose class leads to the current one.
        """
        reading_cells = self.reading_cells(combination)
        tracked = self._tracked(constraints)
        ringed = constraints.ringed
        forward: list[dict[int, int]] = [{} for _ in range(len(word) + 1)]
        for position in range(len(word)):
            for reading, cells in reading_cells.items():
                if not word.startswith(reading, position):
                    continue
                nxt = (
                    self._start(cells, tracked, ringed)
                    if position == 0
                    else self._step(forward[position], cells, tracked, ringed)
                )
                target = forward[position + len(reading)]
                for klass, mask in nxt.items():
                    target[klass] = target.get(klass, 0) | mask
        end = forward[len(word)].get(tracked, 0)
        if not end:
            return None
        cell = (end & -end).bit_length() - 1
        klass, position = tracked, len(word)
        path = [cell]
        while True:
            read = combination.get(self.board.faces[cell], self.board.faces[cell])
            assert read, "the forward pass never ends on a left-out face"
            start = position - len(read)
            if start == 0:
                break
            previous = self._predecessor(forward[start], cell, klass, tracked, ringed)
            cell, klass = previous
            position = start
            path.append(cell)
        path.reverse()
        return tuple(path)

    def _predecessor(self, classes: dict[int, int], cell: int, klass: int, tracked: int, ringed: int) -> tuple[int, int]:
        arrive = (USED if ringed >> cell & 1 else NEW) & tracked
        candidates = self.dilate(1 << cell)
        for previous_class, mask in sorted(classes.items()):
            rest = mask & candidates
            while rest:
                previous = (rest & -rest).bit_length() - 1
                rest &= rest - 1
                crossed = MULTI & tracked if self.board.tile_of(previous) != self.board.tile_of(cell) else 0
                if previous_class | arrive | crossed == klass:
                    return previous, previous_class
        raise AssertionError("forward pass promised a predecessor")  # pragma: no cover

    def paths(
        self,
        word: str,
        constraints: Constraints = FREE,
        *,
        limit: int = 100_000,
        combinations: list[dict[str, str | None]] | None = None,
    ) -> Iterator[tuple[tuple[int, ...], tuple[tuple[str, str], ...]]]:
        """Every legal path of ``word`` (a key) with the readings it needs, up to ``limit`` paths.

        A backward pass first marks, per position of the word, the cells from
        which the rest of it can still be spelled, so the depth-first search
        never enters a dead end: the work follows the number of spellings.
        """
        board, rules = self.board, self.rules
        tracked = self._tracked(constraints)
        seen: set[tuple[int, ...]] = set()  # a path that skips the double faces spells the word under every reading
        for combination in combinations or self.reading_combinations(constraints):
            cell_reading = [combination.get(face, face) or "\0" for face in board.faces]
            viable = self._viable_cells(word, cell_reading)
            stack: list[tuple[int, tuple[int, ...], int]] = [(len(cell_reading[cell]), (cell,), 1 << cell) for cell in _cells_of(viable[0])]
            while stack:
                position, path, visited = stack.pop()
                if position == len(word):
                    if path not in seen and self.path_flags(path, constraints) == tracked:
                        seen.add(path)
                        used = {board.faces[cell] for cell in path}
                        yield path, tuple((face, str(combination[face])) for face in DOUBLE_FACES if face in used and face in combination)
                        if len(seen) >= limit:
                            return
                    continue
                last = path[-1]
                nearby = (board.neighbours[last] | (1 << last if rules.reuse else 0)) & viable[position]
                if not rules.reuse:
                    nearby &= ~visited
                for cell in _cells_of(nearby):
                    stack.append((position + len(cell_reading[cell]), path + (cell,), visited | 1 << cell))

    def best_path(
        self, word: str, constraints: Constraints, gain: Sequence[int]
    ) -> tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]] | None:
        """The legal path of ``word`` whose distinct cells add up to the most ``gain`` (the ring swing), exactly.

        Among paths of equal gain, one that fixes the fewest new double-face
        readings wins (a reading ``constraints.fixed`` already holds costs
        nothing), so a move never ties the game to a reading it did not need.
        Branch and bound over the same pruned search as ``paths``: a branch is
        dropped when even the best cell at every remaining position could not
        beat the best path found so far. This is the reference for the native
        ``best_paths``. Returns (gain, path, readings) or None when the word has
        no legal path.
        """
        tracked = self._tracked(constraints)
        best: tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]] | None = None
        best_value = 0  # gain * 8 - new readings fixed, as the native search ranks paths; meaningful once best is set
        for combination in self.reading_combinations(constraints):
            cell_reading = [combination.get(face, face) or "\0" for face in self.board.faces]
            viable = self._viable_cells(word, cell_reading)
            optimistic = [0] * (len(word) + 1)  # best total gain still reachable from each position
            for position in range(len(word) - 1, -1, -1):
                top = max((gain[cell] for cell in _cells_of(viable[position])), default=0)
                optimistic[position] = optimistic[position + 1] + max(top, 0)

            def extend(path: list[int], position: int, total: int, visited: int) -> None:
                nonlocal best, best_value
                if position == len(word):
                    if self.path_flags(tuple(path), constraints) != tracked:
                        return
                    used = {self.board.faces[cell] for cell in path}
                    readings = tuple(
                        (face, str(combination[face])) for face in DOUBLE_FACES if face in used and face in combination
                    )
                    value = total * 8 - sum(face not in constraints.fixed for face, _ in readings)
                    if best is None or value > best_value:
                        best, best_value = (total, tuple(path), readings), value
                    return
                if best is not None and (total + optimistic[position]) * 8 <= best_value:
                    return
                last = path[-1]
                nearby = (self.board.neighbours[last] | (1 << last if self.rules.reuse else 0)) & viable[position]
                if not self.rules.reuse:
                    nearby &= ~visited
                for cell in _cells_of(nearby):
                    path.append(cell)
                    fresh = not visited >> cell & 1
                    extend(path, position + len(cell_reading[cell]), total + (gain[cell] if fresh else 0), visited | 1 << cell)
                    path.pop()

            for cell in _cells_of(viable[0]):
                extend([cell], len(cell_reading[cell]), gain[cell], 1 << cell)
        return best

    def best_paths(
        self, words: Sequence[str], constraints: Constraints, gain: Sequence[int]
    ) -> list[tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]] | None]:
        """``best_path`` for each word (gains 0, 1 or 2), by the native search when it covers the board."""
        native: list[tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]] | None] | None = _native_best_paths(self, words, constraints, gain)
        if native is not None:
            return native
        return [self.best_path(word, constraints, gain) for word in words]

    def ranked(
        self, constraints: Constraints, gain: Sequence[int], ranked_type: type, move_type: type
    ) -> Sequence[Any] | None:
        """Every legal word with its ``best_path``, largest swing first (alphabetical within a swing), or None.

        One native call: the search, each word's branch and bound and the
        ranking run in C, and the answer is a ``_search.FoundList`` whose items,
        ``ranked_type(move_type(word, path), swing, readings)``, are made when
        first read (a position has thousands; a caller reads a few). None where
        the native search is not built, not wanted or does not cover the board:
        the caller ranks ``solve`` and ``best_paths`` itself.
        """
        if not _native_wanted(self):
            return None
        readings = _native_readings(self, constraints)
        unfixed = tuple(face for face in readings if face not in constraints.fixed)
        return _search.rank_moves(
            *_native_search_arguments(self, constraints), unfixed, list(gain), ranked_type, move_type
        )

    def best_of_words(
        self, constraints: Constraints, gain: Sequence[int]
    ) -> tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]] | None:
        """``best_of_all`` over every legal word, longest first (alphabetical within a length), or None if none.

        Natively one call: the search and the branch and bound run in C, with
        no Python object per word (``Game.best_swing``, at every leaf of the
        computer's look-ahead).
        """
        if _native_wanted(self):
            readings = _native_readings(self, constraints)
            unfixed = tuple(face for face in readings if face not in constraints.fixed)
            native = _search.best_move(*_native_search_arguments(self, constraints), unfixed, list(gain))
            if native is not None:
                return native[0] if native else None
        words = sorted((found.word for found in self.solve(constraints)), key=len, reverse=True)  # big swings first
        return self.best_of_all(words, constraints, gain)

    def best_of_all(
        self, words: Sequence[str], constraints: Constraints, gain: Sequence[int]
    ) -> tuple[int, tuple[int, ...], tuple[tuple[str, str], ...]] | None:
        """The best path over all ``words`` as ``best_path`` ranks paths (the first word wins ties), or None.

        Natively, each word is searched only for a path better than the best so
        far: what a look-ahead needs at its leaves, several times faster than
        ``best_paths``.
        """
        native = _native_best_paths(self, words, constraints, gain, best_only=True)
        if native is not None:
            return native[0] if native else None
        fixed = constraints.fixed
        found = [best for best in self.best_paths(words, constraints, gain) if best is not None]
        return max(found, key=lambda best: best[0] * 8 - sum(face not in fixed for face, _ in best[2]), default=None)

    def _viable_cells(self, word: str, cell_reading: list[str]) -> list[int]:
        """Per position of ``word``, the cells whose reading starts there and from which the rest can be spelled."""
        viable = [0] * (len(word) + 1)
        for position in range(len(word) - 1, -1, -1):
            for cell, reading in enumerate(cell_reading):
                if not word.startswith(reading, position):
                    continue
                after = position + len(reading)
                if after == len(word) or self.dilate(1 << cell) & viable[after]:
                    viable[position] |= 1 << cell
        return viable

    def path_flags(self, path: tuple[int, ...], constraints: Constraints) -> int:
        """The tracked flags a path earns (MULTI, NEW, USED), for checking it against requirements."""
        tracked = self._tracked(constraints)
        flags = 0
        if len({self.board.tile_of(cell) for cell in path}) >= 2:
            flags |= MULTI
        for cell in path:
            flags |= USED if constraints.ringed >> cell & 1 else NEW
        return flags & tracked


def solve_counts(lexicon: Lexicon, boards: Sequence[Board], constraints: Constraints = FREE) -> list[int]:
    """How many legal words each board holds: ``len(Solver(lexicon, board).solve(constraints))`` for each.

    Natively one call for all the boards: every word is still found with its
    witness path, but no Python object is made per word, and the searches run
    without the GIL, several boards per release, so threads calling this at
    once use every core (``overturn bench --workers N``).
    """
    solvers = [Solver(lexicon, board) for board in boards]
    if solvers and _search is not None and not _pure_python_wanted():
        native = _search.solve_many(
            lexicon.masks, lexicon.first_child, [_native_search_arguments(solver, constraints)[2:] for solver in solvers]
        )
        return [len(solver.solve(constraints)) if count is None else count for solver, count in zip(solvers, native)]
    return [len(solver.solve(constraints)) for solver in solvers]


# --- the native search ------------------------------------------------------------


# os.environ.get costs about 1 µs (key and value go through Python-level encoders), as much as the native
# search of a small board: read the mapping os.environ keeps in step with itself (and with putenv) directly.
try:
    _ENVIRON_DATA: Any = os.environ._data  # type: ignore[attr-defined]  # private, in every CPython since 3.2
    _PURE_PYTHON_KEY: Any = os.environ.encodekey("OVERTURN_PURE_PYTHON")
except AttributeError:  # pragma: no cover - another Python's os.environ
    _ENVIRON_DATA, _PURE_PYTHON_KEY = None, None


def _pure_python_wanted() -> bool:
    """Whether ``OVERTURN_PURE_PYTHON`` is set to anything but "" (read at each call: tests set it on the fly)."""
    if _ENVIRON_DATA is not None:
        return bool(_ENVIRON_DATA.get(_PURE_PYTHON_KEY))
    return bool(os.environ.get("OVERTURN_PURE_PYTHON"))  # pragma: no cover


def _native_wanted(solver: Solver) -> bool:
    """Whether the C extension is built, wanted (``OVERTURN_PURE_PYTHON`` unset or "") and covers the board."""
    return _search is not None and solver.rules.size <= 64 and not _pure_python_wanted()


def _native_readings(solver: Solver, constraints: Constraints) -> dict[str, tuple[str, ...]]:
    """Each double face on the board → the readings it may take (only the fixed one once a move fixed it)."""
    fixed, rules = constraints.fixed, solver.rules
    if not fixed:
        if solver._free_readings is None:
            solver._free_readings = {face: rules.readings(face) for face in DOUBLE_FACES if face in solver.board.faces}
        return solver._free_readings
    return {
        face: (fixed[face],) if face in fixed else rules.readings(face)
        for face in DOUBLE_FACES
        if face in solver.board.faces
    }


def _native_search(solver: Solver, constraints: Constraints, found_type: type | None = None) -> Any:
    """The C extension's search, with paths: ``find_words``'s dict, or with ``found_type`` ``solve``'s sorted list.

    None when the extension is not built, not wanted (``OVERTURN_PURE_PYTHON``
    set to anything but "") or the board is not one it covers.
    """
    if not _native_wanted(solver):
        return None
    return _search.find_words(*_native_search_arguments(solver, constraints), found_type)


def _native_search_arguments(solver: Solver, constraints: Constraints) -> tuple[Any, ...]:
    """The trie, board, rules and constraints, as the C extension's ``find_words`` and ``solve_json`` take them."""
    head = solver._native_head
    if head is None:
        board, rules = solver.board, solver.rules
        head = solver._native_head = (
            solver.lexicon.masks, solver.lexicon.first_child, board.faces, rules.rows, rules.cols, rules.tile_rows,
            rules.tile_cols, rules.reuse, rules.min_length,
        )
    return (*head, solver._tracked(constraints), constraints.ringed, _native_readings(solver, constraints), constraints.played)


def _native_best_paths(
    solver: Solver, words: Sequence[str], constraints: Constraints, gain: Sequence[int], best_only: bool = False
) -> Any:
    """The C extension's ``best_paths``, or None when it is not built, not wanted or does not cover the input."""
    if not _native_wanted(solver):
        return None
    board, rules = solver.board, solver.rules
    readings = _native_readings(solver, constraints)
    unfixed = tuple(face for face in readings if face not in constraints.fixed)
    return _search.best_paths(
        board.faces, rules.rows, rules.cols, rules.tile_rows, rules.tile_cols, rules.reuse,
        solver._tracked(constraints), constraints.ringed, readings, unfixed, list(words), list(gain), best_only,
    )
