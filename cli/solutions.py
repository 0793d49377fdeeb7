"""The body of `overturn solve` once the board is known, free of click so the start-up fast path can run it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from overturn_cli.console import CommandError, CommandUsageError, echo, echo_json, open_lexicon

if TYPE_CHECKING:
    from overturn.game.board import Board, Rules
    from overturn.game.solver import Constraints, Found

#: Seconds a --pattern may take over the words found (they are at most a few thousand).
PATTERN_SECONDS = 2.0


def board_rules(preset: str, mode: str | None) -> Rules:
    """The preset's rules, with its reuse setting overridden by ``mode`` ("reuse" or "advanced") when given."""
    from overturn.game.board import PRESETS

    rules = PRESETS[preset]
    return rules.replace(reuse=(mode == "reuse")) if mode else rules


def found_to_json(found: Found) -> dict[str, Any]:
    """A word as the HTTP API's solve lists it: its path as cell numbers (``row * cols + col``)."""
    return {"word": found.word, "path": list(found.path), "readings": dict(found.readings)}


def print_solutions(
    board: Board,
    constraints: Constraints | None,
    lexicon_spec: str,
    *,
    order: str,
    group: bool,
    min_len: int,
    pattern: str | None,
    contains: str | None,
    as_json: bool,
    paths: bool = True,
) -> None:
    """Solve ``board`` and print the words kept by the filters, longest first or alphabetical.

    In text each word comes with the path that proves it, in A1 notation (``paths``); JSON always has it, as cell numbers (row * cols + col).

    Raises CommandError / CommandUsageError (lexicon, pattern, --contains) before printing anything.
    """
    from overturn.game.solver import FREE, Solver
    from overturn.lexicon.normalize import InvalidWord, normalize_key

    lexicon = open_lexicon(lexicon_spec)
    started = time.perf_counter()
    results = Solver(lexicon, board).solve(FREE if constraints is None else constraints)
    elapsed = time.perf_counter() - started
    if min_len:
        results = [found for found in results if len(found.word) >= min_len]
    if pattern:
        from overturn.lexicon.pattern import PatternError

        try:
            selected = lexicon.compile_pattern(pattern, PATTERN_SECONDS).filter(found.word for found in results)
        except PatternError as exc:
            raise CommandUsageError(f"bad --pattern: {exc}") from None
        if selected.timed_out:
            raise CommandError(f"--pattern {pattern!r} is too slow: it took more than {PATTERN_SECONDS:g} s on the words found")
        kept = set(selected.words)
        results = [found for found in results if found.word in kept]
    if contains:
        try:
            needle = normalize_key(contains)
        except InvalidWord as exc:
            raise CommandUsageError(str(exc)) from None
        results = [found for found in results if needle in found.word]
    if order == "length":  # the solver lists words alphabetically; a stable sort keeps that order within a length
        results = sorted(results, key=lambda found: len(found.word), reverse=True)
    mode = "reuse" if board.rules.reuse else "advanced"
    if as_json:
        from overturn.lexicon.searches import spellings

        echo_json(
            {
                "board": str(board),
                "mode": mode,
                "rules": {  # as the HTTP API's solve gives them: cols turns a path's cell numbers into rows and columns
                    "rows": board.rules.rows, "cols": board.rules.cols, "reuse": board.rules.reuse,
                    "min_length": board.rules.min_length, "min_tiles": board.rules.min_tiles,
                },
                "lexicon": lexicon.name,
                "count": len(results),
                "truncated": False,  # a solve lists every word; the key is there as on every search
                "seconds": round(elapsed, 6),
                "words": [found_to_json(found) for found in results],
                "spellings": spellings(lexicon, [found.word for found in results]),  # as every listing gives them
            }
        )
        return
    from overturn.game.board import format_cell

    lines = []
    current_length = None
    width = max((len(found.word) for found in results), default=0)
    for found in results:
        if group and order == "length" and len(found.word) != current_length:
            current_length = len(found.word)
            lines.append(f"-- {current_length} letters")
        needs = "  (" + ", ".join(f"{face}={reading}" for face, reading in found.readings) + ")" if found.readings else ""
        path = " ".join(format_cell(board, cell) for cell in found.path) if paths else ""
        lines.append(f"{found.word:<{width}}  {path}{needs}" if paths else f"{found.word}{needs}")
    if lines:
        echo("\n".join(lines))  # one write: thousands of echo calls cost more than the solve
    count = f"{len(results)} word{'' if len(results) == 1 else 's'}" + (f" (longest {width} letters)" if results else "")
    echo(f"{count} in {elapsed * 1000:.1f} ms, {mode} mode, lexicon {lexicon.name}", err=True)
